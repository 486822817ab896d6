package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// Letnev, Armada (37.1): two non-fighter ships more in a system than the
// fleet pool's tokens.
func TestFaction_Letnev_Armada(t *testing.T) {
	g := factionGame(t, []string{"letnev", "sol", "hacan"}, func(s *State) {
		s.Players[0].Fleet = 1
		s.System(21).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 3}}
	})
	activated(t, g, 0, 23)
	do(t, g, moveShips(0, 21, "cruiser", 3)) // 3 ships, pool 1 + 2
	g = factionGame(t, []string{"letnev", "sol", "hacan"}, func(s *State) {
		s.Players[0].Fleet = 1
		s.System(21).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 3}}
		s.System(23).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}}
	})
	activated(t, g, 0, 23)
	refuse(t, g, moveShips(0, 21, "cruiser", 3), "37.1") // 4 ships: one too many
}

// Letnev, Munitions Reserves (78.4, 78.5): at the start of a space combat
// round, as the Letnev announce retreats, 2 trade goods have the round's
// missed dice rolled once more; once a round, not without the trade
// goods, and only that round.
func TestFaction_Letnev_MunitionsReserves(t *testing.T) {
	cfg := fixtureConfig("letnev", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 3}}
		// more than three hits to sink: the combat outlasts its first round
		s.System(9).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 2}, {Owner: 1, Unit: "dreadnought", Count: 1}, {Owner: 1, Unit: "fighter", Count: 4}}
		s.Players[0].TradeGoods = 3
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", 3))
	do(t, g, act(ActEndMovement, 0))
	passAnswers(t, g)
	refuse(t, g, use(0, "letnev:munitions_reserves", Action{}), "1.14") // the defender announces first
	do(t, g, act(ActNoRetreat, 1))
	c := g.State().Combat
	if c == nil || c.Step != CbAnnounceA {
		t.Fatalf("combat %+v: the attacker announces", c)
	}
	refuse(t, g, use(1, "letnev:munitions_reserves", Action{}), "1.3") // Sol's
	if !slices.ContainsFunc(Legal(g.State(), engineRNG(), 0), func(a Action) bool { return a.Card == "letnev:munitions_reserves" }) {
		t.Fatal("offered at the round's start")
	}
	do(t, g, use(0, "letnev:munitions_reserves", Action{}))
	if s := g.State(); s.Players[0].TradeGoods != 1 || !slices.Contains(s.Combat.Rerolls, 0) {
		t.Fatalf("trade goods %d, rerolls %v", s.Players[0].TradeGoods, s.Combat.Rerolls)
	}
	refuse(t, g, use(0, "letnev:munitions_reserves", Action{}), "1.3") // once a round
	for seed := uint64(1); seed <= 20; seed++ {                        // each missed die is rolled once more
		r := engine.NewRNG(seed)
		var faces []int
		g.State().Clone().combatRoll(0, []Stack{{Owner: 0, Unit: "dreadnought", Count: 3}}, 0, 0, true, &r, &faces, nil)
		used := 0 // each die's face, then its second face if it missed (a dreadnought hits on 5)
		for range 3 {
			if used < len(faces) && faces[used] < 5 {
				used++
			}
			used++
		}
		if used != len(faces) {
			t.Fatalf("seed %d: faces %v: each miss rolled once more", seed, faces)
		}
	}
	do(t, g, act(ActNoRetreat, 0))
	for c := g.State().Combat; c != nil && c.Round == 1; c = g.State().Combat { // the round's hits assigned
		s := g.State()
		opts := Legal(s, engineRNG(), Deciding(s)[0])
		a := opts[0]
		for _, o := range opts { // sustain damage where one can: the fleets live on
			if o.Kind == ActAssignHit && o.Use {
				a = o
			}
		}
		do(t, g, a)
	}
	if c := g.State().Combat; c == nil || len(c.Rerolls) != 0 {
		t.Fatalf("combat %+v: the rerolls are for one round only", c)
	}
	do(t, g, act(ActNoRetreat, 1))
	refuse(t, g, use(0, "letnev:munitions_reserves", Action{}), "1.11") // one trade good left
}

// Barony of Letnev, Non-Euclidean Shielding (87): a Sustain Damage
// cancels 2 of the hits owed; without it, 1.
func TestFactionTech_NonEuclideanShielding(t *testing.T) {
	for _, nes := range []bool{false, true} {
		g := factionGame(t, []string{"letnev", "sol", "hacan"}, func(s *State) {
			if nes {
				s.Players[0].Techs = append(s.Players[0].Techs, "non_euclidean_shielding")
			}
			s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}, {Owner: 1, Unit: "cruiser", Count: 1}}
			s.Combat = &Combat{Kind: "space", System: 9, Attacker: 1, Defender: 0, Step: CbRetreat, Retreat: None,
				Owed: []Owed{{Seat: 0, Hits: 2, Rule: "78.6", By: 1}}}
		})
		do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "dreadnought", Use: true})
		c := g.State().Combat
		left := 0
		if c != nil && len(c.Owed) > 0 && c.Owed[0].Seat == 0 {
			left = c.Owed[0].Hits
		}
		if want := btoi(!nes); left != want {
			t.Fatalf("shielding %v: %d hits left to assign, want %d", nes, left, want)
		}
	}
	if tech, err := ParseCombatTech("non_euclidean_shielding,l4_disruptors"); err != nil || !tech.Shielding || !tech.L4 {
		t.Fatalf("the odds read both: %+v %v", tech, err)
	}
}

// Barony of Letnev, L4 Disruptors (77.8): no space cannon defense against
// the Barony's invasion: before the ground combat starts no die is thrown
// at their infantry; without it the PDS throws one.
func TestFactionTech_L4Disruptors(t *testing.T) {
	for _, l4 := range []bool{false, true} {
		cfg := fixtureConfig("letnev", "sol", "hacan")
		cfg.Rules = RulesCurrent
		g := invadeArnorAs(t, cfg, func(s *State) {
			if l4 {
				s.Players[0].Techs = append(s.Players[0].Techs, "l4_disruptors")
			}
			arnorHeldBy(1, Stack{Owner: 1, Unit: "pds", Count: 1}, Stack{Owner: 1, Unit: "infantry", Count: 1})(s)
		})
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
		ev := do(t, g, act(ActEstablishControl, 0))
		for i := 0; i < 10; i++ {
			c := g.State().Combat
			if c != nil && ((c.Answer != nil && c.Answer.Kind == "start") || len(c.Owed) > 0) {
				break // the cannon has fired, or there was none
			}
			switch inv := g.State().Invasion; {
			case c != nil && c.Answer != nil:
				ev = append(ev, do(t, g, act(ActPassWindow, c.Answer.Seat))...)
			case inv != nil && inv.Ask != nil:
				ev = append(ev, do(t, g, act(ActPassWindow, inv.Ask.Seat))...)
			}
		}
		if c := g.State().Combat; c == nil || c.Kind != "ground" || c.Round > 0 {
			t.Fatalf("l4 %v: combat %+v: before the ground combat's rounds", l4, c)
		}
		if dice := len(combatDice(ev)); dice != btoi(!l4) {
			t.Fatalf("l4 %v: %d space cannon dice before the ground combat", l4, dice)
		}
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

// Letnev, Dunlain Reaper (30, 55.3): at the start of a ground combat
// round, a window in which 2 resources put a mech in place of one of
// their infantry in the combat; the window closes on use (30.3), and the
// round's dice include the mech's.
func TestFactionUnit_DunlainReaper(t *testing.T) {
	const ability = "dunlain_reaper"
	cfg := fixtureConfig("letnev", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := invadeArnorAs(t, cfg, func(s *State) {
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 3})(s)
		s.Players[0].TradeGoods = 2
	})
	refuse(t, g, use(0, ability, Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 2}}}), "42.2") // no ground combat yet
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	do(t, g, act(ActPassWindow, 1)) // no Parley
	passStart(t, g)
	c := g.State().Combat
	if c == nil || c.Answer == nil || c.Answer.Kind != AnswerGroundRound || c.Answer.Seat != 0 || c.Round != 0 {
		t.Fatalf("combat %+v: the Letnev's window at the start of the first round", c)
	}
	refuse(t, g, use(0, ability, Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 1}}}), "47.3")
	do(t, g, use(0, ability, Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 2}}}))
	s := g.State()
	arnor := planetIn(s.System(9), "Arnor")
	if count(arnor.Units, 0, "mech") != 1 || count(arnor.Units, 0, "infantry") != 1 || s.Players[0].TradeGoods != 0 {
		t.Fatalf("Arnor %v: one infantry replaced by a mech for 2", arnor.Units)
	}
	if c := s.Combat; c.Answer != nil && c.Answer.Kind == AnswerGroundRound && c.Answer.Seat == 0 {
		t.Fatalf("combat %+v: the Letnev's window closed", c)
	}
	passRoundStart(t, g) // Sol's, for Evelyn Delouis
	if c := g.State().Combat; c.Round != 1 {
		t.Fatalf("combat %+v: the round rolled", c)
	}
}

// Letnev, Rear Admiral Farran (commander): unlocked, a trade good after a
// unit of theirs sustains damage; locked, none.
func TestFaction_Letnev_RearAdmiralFarran(t *testing.T) {
	for _, state := range []string{Locked, Unlocked} {
		for seed := uint64(1); seed < 60; seed++ {
			g := mechInvasion(t, []string{"letnev", "sol", "hacan"}, []Stack{{Owner: 1, Unit: "infantry", Count: 4}}, seed,
				func(s *State) { s.Players[0].Commander = state })
			passStart(t, g)
			c := g.State().Combat
			if c == nil || len(c.Owed) == 0 || c.Owed[0].Seat != 0 || c.Answer != nil {
				continue
			}
			tg := g.State().Players[0].TradeGoods
			do(t, g, Action{Kind: ActAssignHit, Seat: 0, Planet: "Arnor", Unit: "mech", Use: true})
			if got, want := g.State().Players[0].TradeGoods-tg, btoi(state == Unlocked); got != want {
				t.Fatalf("commander %s: %d trade goods after the mech sustained, want %d", state, got, want)
			}
			break
		}
	}
}

// Letnev, Darktalon Treilla (hero): as an action it is put in play; till
// the round's end the Letnev's ships are not limited by the fleet pool,
// and it is not used again; at the end of the status phase it is purged.
func TestFaction_Letnev_DarktalonTreilla(t *testing.T) {
	g := factionGame(t, []string{"letnev", "sol", "hacan"}, func(s *State) { s.Players[0].Hero = Unlocked })
	if l := g.State().fleetLimit(0); l > 10 {
		t.Fatalf("before: the fleet pool (and Armada) limits, not %d", l)
	}
	do(t, g, use(0, "letnev:darktalon_treilla", Action{}))
	s := g.State()
	if s.Players[0].Hero != InPlay || s.fleetLimit(0) < 100 {
		t.Fatalf("hero %q, limit %d: in play, no limit", s.Players[0].Hero, s.fleetLimit(0))
	}
	if slices.ContainsFunc(Legal(s, engineRNG(), 0), func(a Action) bool { return a.Card == "letnev:darktalon_treilla" }) {
		t.Fatal("not offered again")
	}
	passActionPhase(t, g)
	for i := 0; i < 200 && g.State().Phase == PhaseStatus; i++ {
		if h := g.State().Players[0].Hero; h != InPlay {
			t.Fatalf("hero %q during the status phase: in play till the round ends", h)
		}
		settleStatus(t, g)
	}
	if g.State().Phase == PhaseStatus {
		t.Fatal("the status phase does not end")
	}
	if h := g.State().Players[0].Hero; h != Purged {
		t.Fatalf("hero %q after the status phase, want purged", h)
	}
}

// Letnev, Viscount Unlenn (agent): at the start of a space combat round,
// a ship in the combat rolls a die more this round: 3 dice for a
// dreadnought and a carrier, and the opponent's 3.
func TestFaction_Letnev_ViscountUnlenn(t *testing.T) {
	g := attacksCruisers(t, RulesCurrent, "letnev", "sol", "hacan")
	declineWindows(t, g)
	do(t, g, act(ActNoRetreat, 1))
	refuse(t, g, use(0, "letnev:viscount_unlenn", Action{Unit: "war_sun", ActionExtra: &ActionExtra{Player: ip(0)}}), "51.4")
	do(t, g, use(0, "letnev:viscount_unlenn", Action{Unit: "dreadnought", ActionExtra: &ActionExtra{Player: ip(0)}}))
	ev := do(t, g, act(ActNoRetreat, 0))
	if n := len(combatDice(ev)); n != 3+3 {
		t.Fatalf("%d dice: the dreadnought's 2 and the carrier's, and Sol's 3", n)
	}
}
