package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// Mentak, Ambush (78.2): at the start of a space combat, up to 2 of the
// Mentak's cruisers and destroyers roll, each hitting on its combat value;
// the opponent assigns the hits. The dice are rolled whoever attacks; the
// odds take the same ability by faction.
func TestFaction_Mentak_Ambush(t *testing.T) {
	hits := 0
	for seed := uint64(1); seed < 30; seed++ {
		cfg := fixtureConfig("mentak", "sol", "hacan")
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := fixture(t, cfg, func(s *State) {
			s.System(22).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 3}}
			s.System(9).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 2}}
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 9)
		do(t, g, moveShips(0, 22, "cruiser", 3))
		dice := combatDice(do(t, g, act(ActEndMovement, 0)))
		if len(dice) != 2 {
			t.Fatalf("seed %d: two ambush dice for three cruisers, got %v", seed, dice)
		}
		want := btoi(dice[0] >= 7) + btoi(dice[1] >= 7)
		owed := 0
		if c := g.State().Combat; c != nil {
			for _, o := range c.Owed {
				if o.Seat == 1 && o.By == 0 {
					owed += o.Hits
				}
			}
		}
		if owed != want {
			t.Fatalf("seed %d: dice %v, %d hits owed, want %d", seed, dice, owed, want)
		}
		hits += owed
	}
	if hits == 0 {
		t.Fatal("no seed hit: the test proves nothing")
	}
	if tech, err := FactionCombatTech("Mentak"); err != nil || !tech.Ambush {
		t.Fatalf("the odds' Mentak ambush: %+v %v", tech, err)
	}
}

// Mentak Coalition, Pillage (60, 93.6): after a neighbor gains trade goods
// and holds 3 or more, the Mentak may take one of their trade goods or
// commodities, gaining a trade good; a player who is not a neighbor is
// not pillaged.
func TestFaction_Mentak_Pillage(t *testing.T) {
	for _, near := range []bool{true, false} {
		cfg := fixtureConfig("mentak", "sol", "hacan")
		cfg.Rules = RulesCurrent
		g := fixture(t, cfg, func(s *State) {
			if near {
				next := s.galaxy.Neighbors(s.Players[1].Home, nil)[0]
				s.System(next).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
			}
		})
		toActionPhase(t, g, "leadership", "trade", "warfare", "politics", "diplomacy", "technology")
		if g.State().AreNeighbors(0, 1) != near {
			t.Fatalf("near %v: the Mentak and Sol neighbors %v", near, g.State().AreNeighbors(0, 1))
		}
		quickTactical(t, g, 0, 9)
		strategic(t, g, 1, "trade")
		do(t, g, act(ActDone, 1))
		st := g.State().Step
		if !near {
			if st != nil && st.Kind == StepAbility {
				t.Fatalf("step %+v: no window for a player who is not a neighbor", st)
			}
			continue
		}
		if st == nil || st.Kind != StepAbility || st.Card != "mentak:pillage" || st.Seat != 0 || *st.Target != 1 {
			t.Fatalf("step %+v: the Mentak may pillage Sol", st)
		}
		sol := g.State().Players[1]
		tg, mentak := sol.TradeGoods, g.State().Players[0].TradeGoods
		refuse(t, g, use(0, "mentak:pillage", Action{Outcome: "planet"}), "1.3")
		do(t, g, use(0, "mentak:pillage", Action{Outcome: "trade_good"}))
		s := g.State()
		if s.Players[1].TradeGoods != tg-1 || s.Players[0].TradeGoods != mentak+1 {
			t.Fatalf("Sol %d, the Mentak %d trade goods: one taken", s.Players[1].TradeGoods, s.Players[0].TradeGoods)
		}
	}
}

// Mentak, Promise of Protection (69.1): played as its holder's action into
// their play area, where it keeps the Mentak from pillaging them; it goes
// back when they activate a system with the Mentak's units.
func TestFaction_Mentak_PromiseOfProtection(t *testing.T) {
	const note = "mentak:promise_of_protection"
	g := factionGame(t, []string{"sol", "mentak", "hacan"}, func(s *State) {
		giveNote(note, 0)(s)
		s.System(23).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}}
	})
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
	s := g.State()
	if !slices.Contains(s.Players[0].NotesInPlay, note) || s.Turn == 0 {
		t.Fatal("into the play area, as the turn's action")
	}
	st := &Step{Kind: StepAbility, Seat: 1, Card: "mentak:pillage", Target: ip(0)}
	s.Players[0].TradeGoods = 4
	if got := pillageOptions(s, 1, st); len(got) != 0 {
		t.Fatalf("offered %v: no Pillage against the holder", got)
	}
	s.Players[2].TradeGoods = 3
	if got := pillageOptions(s, 1, &Step{Target: ip(2)}); len(got) == 0 {
		t.Fatal("Pillage against another player stays")
	}
	g = factionGame(t, []string{"sol", "mentak", "hacan"}, func(s *State) {
		s.Players[0].NotesInPlay = append(s.Players[0].NotesInPlay, note)
		s.Players[1].Promissory = slices.DeleteFunc(s.Players[1].Promissory, func(n string) bool { return n == note })
		s.System(23).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}}
	})
	activated(t, g, 0, 23)
	if s := g.State(); slices.Contains(s.Players[0].NotesInPlay, note) || !slices.Contains(s.Players[1].Promissory, note) {
		t.Fatal("activating a system with the Mentak's units sends it back")
	}
}

// Mentak, Mirror Computing (47.3): each trade good spent counts for 2
// resources; paying within an action, no more than needed.
func TestFactionTech_MirrorComputing(t *testing.T) {
	g := factionGame(t, []string{"mentak", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "mirror_computing")
		s.Players[0].TradeGoods, s.Players[0].Fleet = 3, 6
	})
	s := g.State()
	if _, err := s.pay(0, &Spend{TradeGoods: 1}, 2, false); err != nil {
		t.Fatalf("one trade good pays 2: %v", err)
	}
	if _, err := s.pay(0, &Spend{TradeGoods: 2}, 2, false); engine.RuleOf(err) != "47.3" {
		t.Fatalf("two for 2 waste one: %v", err)
	}
	home := s.Players[0].Home
	activated(t, g, 0, home)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 2})
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 2})
	do(t, g, act(ActEndTactical, 0)) // 2 cruisers (4) paid with 2 trade goods
}

// Mentak, Salvage Operations (78.9): after a space combat the Mentak win
// they gain a trade good and may produce a ship of a type destroyed in it.
func TestFactionTech_SalvageOperations(t *testing.T) {
	cfg := fixtureConfig("mentak", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "salvage_operations")
		s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}}
		s.System(9).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", 2))
	do(t, g, act(ActEndMovement, 0))
	tg := g.State().Players[0].TradeGoods
	for i := 0; g.State().Combat != nil && i < 200; i++ {
		fightStep(t, g)
	}
	settle(t, g)
	s := g.State()
	if count(s.System(9).Space, 1, "destroyer") != 0 {
		t.Fatal("Sol's destroyer survived these dice: the test needs a win")
	}
	if s.Players[0].TradeGoods < tg+1 {
		t.Fatalf("trade goods %d, before %d: one gained", s.Players[0].TradeGoods, tg)
	}
	st := s.Step
	if st == nil || st.Kind != StepFreelance || st.Card != "salvage_operations" || !slices.Equal(st.Units, []string{"destroyer"}) {
		t.Fatalf("step %+v: a destroyer may be produced", st)
	}
}

// Mentak, Moll Terminus (55, 87): an invader's mech on the Mentak mech's
// planet cannot sustain damage; the Mentak's own can.
func TestFactionUnit_MollTerminus(t *testing.T) {
	defenders := []Stack{{Owner: 1, Unit: "mech", Count: 1}, {Owner: 1, Unit: "infantry", Count: 3}}
	checked := 0
	for seed := uint64(1); seed < 60 && checked < 2; seed++ {
		g := mechInvasion(t, []string{"sol", "mentak", "hacan"}, defenders, seed)
		passStart(t, g)
		c := g.State().Combat
		if c == nil || c.Kind != "ground" {
			t.Fatalf("seed %d: a ground combat, %+v", seed, c)
		}
		var toSol, toMentak bool
		for _, o := range c.Owed {
			toSol = toSol || o.Seat == 0
			toMentak = toMentak || o.Seat == 1
		}
		if toSol {
			refuse(t, g, Action{Kind: ActAssignHit, Seat: 0, Planet: "Arnor", Unit: "mech", Use: true}, "87")
			checked++
		}
		if toMentak && !toSol {
			do(t, g, Action{Kind: ActAssignHit, Seat: 1, Planet: "Arnor", Unit: "mech", Use: true})
			checked++
		}
	}
	if checked < 2 {
		t.Fatal("too few rolls with hits")
	}
}

// Mentak, Suffi An (agent): after the Mentak pillage another player, its
// window opens; used, each of them draws an action card, and it is
// exhausted.
func TestFaction_Mentak_SuffiAn(t *testing.T) {
	cfg := fixtureConfig("mentak", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		next := s.galaxy.Neighbors(s.Players[1].Home, nil)[0]
		s.System(next).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
	})
	toActionPhase(t, g, "leadership", "trade", "warfare", "politics", "diplomacy", "technology")
	quickTactical(t, g, 0, 9)
	strategic(t, g, 1, "trade")
	do(t, g, act(ActDone, 1))
	do(t, g, use(0, "mentak:pillage", Action{Outcome: "trade_good"}))
	st := g.State().Step
	if st == nil || st.Card != "mentak:suffi_an" || st.Seat != 0 {
		t.Fatalf("step %+v: Suffi An's window after the pillage", st)
	}
	hands := []int{len(g.State().Players[0].ActionCards), len(g.State().Players[1].ActionCards)}
	do(t, g, use(0, "mentak:suffi_an", Action{}))
	s := g.State()
	if len(s.Players[0].ActionCards) != hands[0]+1 || len(s.Players[1].ActionCards) != hands[1]+1 || !slices.Contains(s.Players[0].ExhaustedTechs, "mentak:suffi_an") {
		t.Fatal("an action card each, the agent exhausted")
	}
}

// mentakWin is the Mentak (seat 0) winning a space combat against Sol's
// destroyer in Arnor's system with 2 dreadnoughts, stage changing the
// set-up; the first seed whose dice win it.
func mentakWin(t *testing.T, stage func(s *State)) *Game {
	t.Helper()
	return winSpace(t, []string{"mentak", "sol", "hacan"}, stage, func(g *Game) bool {
		if a := g.State().Combat.Answer; a != nil && a.Seat == 0 && a.Kind == AnswerSpaceStart && g.State().Players[0].Hero == Unlocked {
			do(t, g, use(0, "mentak:ipswitch_loose_cannon", Action{}))
			return true
		}
		return false
	})
}

// The Mentak, S'ula Mentarion (commander): unlocked, after the Mentak win a
// space combat Sol gives them a note of Sol's choice; locked, nothing.
func TestFaction_Mentak_SulaMentarion(t *testing.T) {
	for _, state := range []string{Locked, Unlocked} {
		g := mentakWin(t, func(s *State) { s.Players[0].Commander = state })
		declineWindows(t, g)
		st := g.State().Step
		if give := st != nil && st.Kind == StepGiveNote && st.Seat == 1; give != (state == Unlocked) {
			t.Fatalf("commander %s: step %+v", state, st)
		}
		if state == Locked {
			continue
		}
		note := "sol:ceasefire"
		do(t, g, Action{Kind: ActGiveNote, Seat: 1, Card: note})
		if !slices.Contains(g.State().Players[0].Promissory, note) {
			t.Fatalf("the Mentak hold %v, want %s", g.State().Players[0].Promissory, note)
		}
	}
}

// Ipswitch (rules version 12): the Mentak's destroyers are placed as
// Sol's are destroyed, while the combat goes on, so that they fight in it.
func TestFaction_Mentak_IpswitchPlacesDuringTheCombat(t *testing.T) {
	during := false
	winSpace(t, []string{"mentak", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		s.System(9).Space = append(s.System(9).Space, Stack{Owner: 1, Unit: "destroyer", Count: 1}) // 3: lost over more rounds than one
	}, func(g *Game) bool {
		s := g.State()
		if c := s.Combat; c != nil && count(s.System(9).Space, 0, "destroyer") > 0 && shipsOf(s.System(9), 1) {
			during = true
		}
		if a := s.Combat.Answer; a != nil && a.Seat == 0 && a.Kind == AnswerSpaceStart && s.Players[0].Hero == Unlocked {
			do(t, g, use(0, "mentak:ipswitch_loose_cannon", Action{}))
			return true
		}
		return false
	})
	if !during {
		t.Fatal("no Mentak destroyer was placed while Sol still had ships in the combat")
	}
}

// The Mentak, Ipswitch, Loose Cannon (hero): used at the combat's start,
// it is purged, and a destroyer of the Mentak's is placed for each of
// Sol's destroyed.
func TestFaction_Mentak_IpswitchLooseCannon(t *testing.T) {
	g := mentakWin(t, func(s *State) { s.Players[0].Hero = Unlocked })
	s := g.State()
	if s.Players[0].Hero != Purged {
		t.Fatalf("hero %s: purged", s.Players[0].Hero)
	}
	if got := count(s.System(9).Space, 0, "destroyer"); got != 2 {
		t.Fatalf("%d Mentak destroyers placed, want 2 (Sol's 2 destroyed)", got)
	}
}

// 21.5 (rules version 12): commodities converted to trade goods are no
// gain: a neighbor who converts with 3 or more trade goods opens no
// Pillage window; a gain does; version 11 took the conversion as a gain.
func TestFaction_Mentak_PillageNotOnConversion(t *testing.T) {
	for _, c := range []struct {
		rules int
		card  string
		want  bool
	}{{RulesCurrent, Converted, false}, {RulesCurrent, "", true}, {RulesStorms, Converted, true}} {
		cfg := fixtureConfig("mentak", "sol", "hacan")
		cfg.Rules = c.rules
		g := fixture(t, cfg, func(s *State) {
			next := s.galaxy.Neighbors(s.Players[1].Home, nil)[0]
			s.System(next).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
			s.Players[1].TradeGoods = 3
		})
		toActionPhase(t, g, "leadership", "trade", "warfare", "politics", "diplomacy", "technology")
		s := g.State().Clone()
		applyByKind(s, &Event{Kind: EvTradeGoods, Seat: 1, Count: 2, Card: c.card})
		if got := slices.Contains(s.Gained, 1); got != c.want {
			t.Errorf("rules %d, %q: Sol's gain marked for Pillage %v, want %v", c.rules, c.card, got, c.want)
		}
	}
}
