package ti4

import (
	"reflect"
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// The dice kept with their units make the hits the roll makes: owedOf
// agrees with roundHits for every kind of roll it handles ([0.0.1]'s
// directed hits, J.N.S. Hylarim's 9s, Fighter Prototype's fighters,
// Munitions Reserves' rerolls).
func TestDice_KeptDiceOweWhatTheRollOwes(t *testing.T) {
	cfg := fixtureConfig("l1z1x", "jolnar", "sardakk")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, nil)
	s := g.State()
	fleets := [][]Stack{
		{{Owner: 0, Unit: "flagship", Count: 1}, {Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "fighter", Count: 3}},
		{{Owner: 1, Unit: "flagship", Count: 1}, {Owner: 1, Unit: "cruiser", Count: 2}, {Owner: 1, Unit: "fighter", Count: 2}},
		{{Owner: 2, Unit: "carrier", Count: 1}, {Owner: 2, Unit: "destroyer", Count: 3}},
	}
	c := &Combat{Kind: "space", Attacker: 0, Defender: 1}
	for seed := uint64(1); seed <= 300; seed++ {
		for seat, fleet := range fleets {
			mod, fighterMod, reroll := int(seed%3)-1, int(seed%2), seed%4 == 0
			r1, r2 := engine.NewRNG(seed), engine.NewRNG(seed)
			var f1, f2 []int
			var dice []Die
			want := s.roundHits(seat, 1-min(seat, 1), fleet, mod, fighterMod, reroll, &r1, &f1, nil)
			got := s.roundHits(seat, 1-min(seat, 1), fleet, mod, fighterMod, reroll, &r2, &f2, &dice)
			if !reflect.DeepEqual(want, got) || !slices.Equal(f1, f2) {
				t.Fatalf("seed %d: keeping the dice changed the roll", seed)
			}
			cc := *c
			cc.Attacker, cc.Defender = seat, 1-min(seat, 1)
			if seat == 1 {
				cc.Defender = 0
			}
			if owed := owedOf(&cc, dice); !reflect.DeepEqual(owed, slices.Clip(want)) && !(len(owed) == 0 && len(want) == 0) {
				t.Fatalf("seed %d seat %d: the dice owe %+v, the roll %+v (dice %+v)", seed, seat, owed, want, dice)
			}
		}
	}
}

// hacanAttacks stages the Hacan (seat 0) moving ships from system 22 into
// Sol's system 9 with the dice fixed, to the first round's roll.
func hacanAttacks(t *testing.T, hacan []Stack, stage func(s *State), dice []int) *Game {
	t.Helper()
	cfg := fixtureConfig("hacan", "sol", "letnev")
	cfg.Rules = RulesCurrent
	s, rng, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.System(22).Space = hacan
	s.System(9).Space = []Stack{{Owner: 1, Unit: "dreadnought", Count: 1}}
	if stage != nil {
		stage(s)
	}
	if err := rng.FixDice(dice); err != nil {
		t.Fatal(err)
	}
	g := fixtureFrom(t, s, rng)
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	for _, st := range hacan {
		do(t, g, moveShips(0, 22, st.Unit, st.Count))
	}
	do(t, g, act(ActEndMovement, 0))
	passAnswers(t, g)
	do(t, g, act(ActNoRetreat, 1))
	do(t, g, act(ActNoRetreat, 0))
	return g
}

// Hacan, Wrath of Kenara (78.5): after the Hacan roll in a space combat in
// the flagship's system, a trade good gives a die +1, once a die; only the
// dice +1 makes hit are offered, as many as the trade goods pay for.
func TestFaction_Hacan_WrathOfKenara(t *testing.T) {
	const id = "wrath_of_kenara"
	// the flagship's two dice and the cruiser's show 6 (they need 7),
	// Sol's dreadnought 1
	g := hacanAttacks(t, []Stack{{Owner: 0, Unit: "flagship", Count: 1}, {Owner: 0, Unit: "cruiser", Count: 1}},
		func(s *State) { s.Players[0].TradeGoods = 2 }, []int{6, 6, 6, 1})
	c := g.State().Combat
	if c.Answer == nil || c.Answer.Kind != AnswerRolled || c.Answer.Seat != 0 || len(c.Owed) != 0 {
		t.Fatalf("combat %+v: the Hacan answer their roll before any hit is owed", c)
	}
	var counts []int
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Card == id && a.Use {
			counts = append(counts, a.Count)
		}
	}
	if !slices.Equal(counts, []int{1, 2}) {
		t.Fatalf("offered %v: 1 or 2 dice, as 2 trade goods pay", counts)
	}
	refuse(t, g, use(1, id, Action{Count: 1}), "1.3")  // Sol's
	refuse(t, g, use(0, id, Action{Count: 4}), "78.5") // three dice +1 makes hit
	refuse(t, g, use(0, id, Action{Count: 3}), "1.11") // the trade goods pay for two
	refuse(t, g, use(0, id, Action{Count: 0}), "78.5") // none
	if _, err := g.Do(use(0, id, Action{Count: 1, Unit: "x"})); err == nil {
		t.Fatal("a field Wrath of Kenara does not read is refused")
	}
	do(t, g, use(0, id, Action{Count: 2}))
	s := g.State()
	if s.Players[0].TradeGoods != 0 || len(s.Combat.Owed) != 1 || s.Combat.Owed[0].Seat != 1 || s.Combat.Owed[0].Hits != 2 {
		t.Fatalf("trade goods %d, owed %+v: two dice raised to hits on Sol", s.Players[0].TradeGoods, s.Combat.Owed)
	}
}

// Without the flagship in the system, or without a trade good, the
// Hacan's roll stands as it fell: no window, the hits owed at once.
func TestFaction_Hacan_WrathOfKenara_OnlyInItsSystem(t *testing.T) {
	for name, tc := range map[string]struct {
		fleet []Stack
		tg    int
	}{
		"no flagship":    {[]Stack{{Owner: 0, Unit: "cruiser", Count: 2}}, 3},
		"no trade goods": {[]Stack{{Owner: 0, Unit: "flagship", Count: 1}}, 0},
	} {
		t.Run(name, func(t *testing.T) {
			g := hacanAttacks(t, tc.fleet, func(s *State) { s.Players[0].TradeGoods = tc.tg }, []int{6, 10, 1})
			c := g.State().Combat
			if c.Answer != nil || c.x().Dice != nil || len(c.Owed) != 1 || c.Owed[0].Hits != 1 {
				t.Fatalf("combat %+v: one hit owed, no window", c)
			}
		})
	}
}

// Letnev, War Funding (Codex I; 69.1, 74.1-74.3): its holder, after both
// players roll in a space combat round, rerolls all their opponent's
// dice, their own misses, or both; rerolls come before any other ability
// used after the roll, whoever is active, and the note goes back.
func TestFaction_Letnev_WarFunding_RerollsBeforeWrath(t *testing.T) {
	const note = "letnev:war_funding"
	// Hacan's flagship shows 6 (a near miss) and 10; Sol's dreadnought 1;
	// then War Funding's rerolls of the Hacan's dice show 6 and 6
	g := hacanAttacks(t, []Stack{{Owner: 0, Unit: "flagship", Count: 1}},
		func(s *State) {
			s.Players[0].TradeGoods = 1
			giveNote(note, 1)(s)
		}, []int{6, 10, 1, 6, 6})
	c := g.State().Combat
	if c.Answer == nil || c.Answer.Kind != AnswerRerolls || c.Answer.Seat != 1 {
		t.Fatalf("answer %+v: the rerolls first (74.3), the defender's though the Hacan are active", c.Answer)
	}
	refuse(t, g, use(0, "wrath_of_kenara", Action{Count: 1}), "78.5") // not before the rerolls
	var offered []string
	for _, a := range Legal(g.State(), engineRNG(), 1) {
		if a.Kind == ActPlayNote && a.Card == note {
			offered = append(offered, a.Outcome)
		}
	}
	if !slices.Equal(offered, []string{"theirs", "mine", "both"}) {
		t.Fatalf("offered %v", offered)
	}
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note, Outcome: "all"}, "74")
	do(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note, Outcome: "theirs"})
	s := g.State()
	if !slices.Contains(s.Players[2].Promissory, note) || slices.Contains(s.Players[1].Promissory, note) {
		t.Fatal("War Funding goes back to the Letnev")
	}
	var faces []int
	for _, d := range s.Combat.x().Dice {
		if d.Seat == 0 {
			faces = append(faces, d.Face)
		}
	}
	if !slices.Equal(faces, []int{6, 6}) {
		t.Fatalf("the Hacan's dice %v: both thrown again", faces)
	}
	if a := s.Combat.Answer; a == nil || a.Kind != AnswerRolled || a.Seat != 0 {
		t.Fatalf("answer %+v: then Wrath of Kenara", a)
	}
	refuse(t, g, use(0, "wrath_of_kenara", Action{Count: 2}), "1.11") // one trade good
	do(t, g, use(0, "wrath_of_kenara", Action{Count: 1}))
	if o := g.State().Combat.Owed; len(o) != 1 || o[0].Seat != 1 || o[0].Hits != 1 {
		t.Fatalf("owed %+v: one hit on Sol, none on the Hacan", o)
	}
}

// War Funding's holder rerolls their own misses; the Letnev cannot play
// their own note (69.2), and passing keeps it.
func TestFaction_Letnev_WarFunding_OwnMisses(t *testing.T) {
	const note = "letnev:war_funding"
	// Hacan's cruisers show 1 and 2; Sol's dreadnought 9; the rerolls 8, 3
	g := hacanAttacks(t, []Stack{{Owner: 0, Unit: "cruiser", Count: 2}}, giveNote(note, 0), []int{1, 2, 9, 8, 3})
	c := g.State().Combat
	if c.Answer == nil || c.Answer.Kind != AnswerRerolls || c.Answer.Seat != 0 {
		t.Fatalf("answer %+v: the holder's window", c.Answer)
	}
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Outcome: "mine"})
	o := g.State().Combat.Owed
	if len(o) != 2 || o[0].Seat != 0 || o[0].Hits != 1 || o[1].Seat != 1 || o[1].Hits != 1 {
		t.Fatalf("owed %+v: Sol's hit stands, one of the Hacan's rerolls hits", o)
	}
	// a second game: the holder lets it go, and keeps it
	g = hacanAttacks(t, []Stack{{Owner: 0, Unit: "cruiser", Count: 2}}, giveNote(note, 0), []int{1, 2, 9})
	do(t, g, act(ActPassWindow, 0))
	if s := g.State(); !slices.Contains(s.Players[0].Promissory, note) || len(s.Combat.Owed) != 1 {
		t.Fatalf("hand %v, owed %+v", s.Players[0].Promissory, s.Combat.Owed)
	}
}
