package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// L1Z1X, Assimilate (25): gaining a planet, the other player's PDS and
// space dock there become the L1Z1X's; another faction gets none.
func TestFaction_L1Z1X_Assimilate(t *testing.T) {
	for _, l1 := range []bool{false, true} {
		f := []string{"jolnar", "sol", "hacan"}
		if l1 {
			f[0] = "l1z1x"
		}
		g := factionGame(t, f, arnorHeldBy(1, Stack{Owner: 1, Unit: "pds", Count: 1}, Stack{Owner: 1, Unit: "space_dock", Count: 1}))
		do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Arnor", ActionExtra: &ActionExtra{Player: ip(0)}})
		units := planet(t, g, "Arnor").Units
		mine := count(units, 0, "pds") + count(units, 0, "space_dock")
		if theirs := count(units, 1, "pds") + count(units, 1, "space_dock"); l1 && theirs != 0 {
			t.Fatalf("Sol keeps %d structures there", theirs)
		}
		if want := map[bool]int{false: 0, true: 2}[l1]; mine != want {
			t.Fatalf("l1z1x %v: %d structures of seat 0's, want %d", l1, mine, want)
		}
	}
}

// L1Z1X, Cybernetic Enhancements (Codex I Ω; 69.1, 81.5): as its holder
// gains command tokens in the status phase, one more; then it goes back.
// Not before the token step, nor once the tokens are arranged.
func TestFaction_L1Z1X_CyberneticEnhancements(t *testing.T) {
	const note = "l1z1x:cybernetic_enhancements"
	g := factionGame(t, []string{"sol", "l1z1x", "hacan"}, giveNote(note, 0))
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note}, "69.1") // the action phase
	passActionPhase(t, g)
	skipScoring(t, g)
	s := g.State()
	if s.Status == nil || !s.Status.Tokens || !noteOffered(g, 0, note) {
		t.Fatal("offered at the status phase's token step")
	}
	gain := s.Status.Gain[0]
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
	s = g.State()
	if s.Status.Gain[0] != gain+1 || !slices.Contains(s.Players[1].Promissory, note) {
		t.Fatalf("gain %d (was %d), the L1Z1X's notes %v", s.Status.Gain[0], gain, s.Players[1].Promissory)
	}
	p := s.Players[0]
	refuse(t, g, Action{Kind: ActRedistribute, Seat: 0, Pools: &Pools{p.Tactic + gain, p.Fleet, p.Strategy}}, "81.5")
	do(t, g, Action{Kind: ActRedistribute, Seat: 0, Pools: &Pools{p.Tactic + gain + 1, p.Fleet, p.Strategy}})
}

// L1Z1X, Harrow (15, 42): at the end of each ground combat round the
// L1Z1X's ships in the system bombard the opponent's ground forces on the
// planet, their hits assigned as the round's; a planetary shield stops it,
// and another faction has none of it. With X-89 Bacterial Weapon ΩΩ the
// planet is exhausted too, from rules version 11.
func TestFaction_L1Z1X_Harrow(t *testing.T) {
	for _, tc := range []struct {
		invader   string
		pds, x89  bool
		rules     int
		want      bool // bombard dice thrown after the first round
		exhausted bool
	}{
		{"l1z1x", false, false, RulesCurrent, true, false},
		{"l1z1x", true, false, RulesCurrent, false, false},
		{"jolnar", false, false, RulesCurrent, false, false},
		{"l1z1x", false, true, RulesCurrent, true, true},
		{"l1z1x", true, true, RulesCurrent, false, false},
		{"l1z1x", false, true, RulesAgents, true, false},
	} {
		cfg := fixtureConfig(tc.invader, "sol", "hacan")
		cfg.Rules = tc.rules
		g := fixture(t, cfg, func(s *State) {
			arnor := planetIn(s.System(9), "Arnor")
			arnor.Controller, arnor.Units, arnor.Exhausted = 1, []Stack{{Owner: 1, Unit: "infantry", Count: 8}}, false
			if tc.pds {
				arnor.Units = append(arnor.Units, Stack{Owner: 1, Unit: "pds", Count: 1})
			}
			if tc.x89 {
				s.Players[0].Techs = append(s.Players[0].Techs, "x89_bacterial_weapon")
			}
			s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "infantry", Count: 4}}
		})
		invadeArnorFrom22(t, g, "infantry", 4)
		bombed, thrown := false, false
		for c := g.State().Combat; c != nil && c.Kind == "ground" && c.Round == 1; c = g.State().Combat {
			s := g.State()
			ev := do(t, g, Legal(s, engineRNG(), Deciding(s)[0])[0])
			for _, e := range ev {
				if e.Kind == EvCombat && e.Combat != nil && e.Combat.Bombed && !bombed {
					bombed, thrown = true, len(e.Rolls) > 0
				}
			}
		}
		if thrown != tc.want || (tc.invader == "jolnar" && bombed) {
			t.Fatalf("%+v: bombarded %v with dice %v", tc, bombed, thrown)
		}
		if ex := planetIn(g.State().System(9), "Arnor").Exhausted; ex != tc.exhausted {
			t.Fatalf("%+v: Arnor exhausted %v", tc, ex)
		}
	}
}

// L1Z1X, Inheritance Systems (90.12): while researching, exhausted with 2
// resources more, a technology's prerequisites are all ignored, for that
// technology only.
func TestFactionTech_InheritanceSystems(t *testing.T) {
	cfg := fixtureConfig("l1z1x", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "inheritance_systems")
		s.Players[0].TradeGoods = 2
	})
	toActionPhase(t, g, "technology", "diplomacy", "politics", "leadership", "warfare", "trade")
	strategic(t, g, 0, "technology")
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"}, "90.12")
	do(t, g, use(0, "inheritance_systems", Action{Outcome: "prerequisites"}))
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"}, "91.2") // 2 resources first
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 2})
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"})
	if !slices.Contains(g.State().Players[0].Techs, "fleet_logistics") {
		t.Fatal("researched without its two blue prerequisites")
	}
}

// L1Z1X, [0.0.1]: in space combat the hits of the flagship and of the
// L1Z1X's dreadnoughts land on non-fighter ships while there are any; the
// other ships' hits as usual.
func TestFactionUnit_001(t *testing.T) {
	g := factionGame(t, []string{"l1z1x", "sol", "hacan"}, nil)
	s := g.State().Clone()
	stacks := []Stack{{Owner: 0, Unit: "flagship", Count: 1}, {Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "cruiser", Count: 4}}
	s.System(9).Space = append(slices.Clone(stacks), Stack{Owner: 1, Unit: "fighter", Count: 5})
	s.Combat = &Combat{Kind: "space", System: 9, Attacker: 0, Defender: 1}
	seen := false
	for seed := uint64(1); seed <= 20; seed++ {
		rng := engine.NewRNG(seed)
		var rolls []int
		for _, o := range s.roundHits(0, 1, stacks, 0, 0, false, &rng, &rolls, nil) {
			if o.Only == "non_fighter_first" {
				seen = true
			} else if o.Only != "" {
				t.Fatalf("owed %+v", o)
			}
		}
	}
	if !seen {
		t.Fatal("the flagship's and dreadnoughts' hits are directed at non-fighters")
	}
}

// L1Z1X, 2RAM (65.3): unlocked, Planetary Shield does not stop the
// L1Z1X's bombardment; locked, it does.
func TestFaction_L1Z1X_2RAM(t *testing.T) {
	for _, tc := range []struct {
		commander string
		shielded  bool
	}{{Locked, true}, {Unlocked, false}} {
		cfg := fixtureConfig("l1z1x", "sol", "hacan")
		cfg.Rules = RulesLeaders
		g := fixture(t, cfg, func(s *State) {
			s.Players[0].Commander = tc.commander
			arnorHeldBy(1, Stack{Owner: 1, Unit: "pds", Count: 1}, Stack{Owner: 1, Unit: "infantry", Count: 1})(s)
		})
		s := g.State()
		pl, sys := s.Planet("Arnor")
		if got := s.shielded(pl, sys, 0); got != tc.shielded {
			t.Errorf("commander %s: shielded %v, want %v", tc.commander, got, tc.shielded)
		}
	}
}

// L1Z1X, Annihilator (55, 15): from a planet of the active system the mech
// bombards another planet there as if it were a ship, from rules version
// 6; not the planet it is on, which is in the ground combat.
func TestFactionUnit_Annihilator(t *testing.T) {
	for _, rules := range []int{RulesLeaders, RulesCurrent} {
		cfg := fixtureConfig("l1z1x", "sol", "hacan")
		cfg.Rules = rules
		g := invadeArnorAs(t, cfg, func(s *State) {
			arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 2})(s)
			lor := planetIn(s.System(9), "Lor")
			lor.Controller, lor.Units = 0, []Stack{{Owner: 0, Unit: "mech", Count: 1}}
		})
		if rules < RulesMechs {
			refuse(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Arnor"}, "15.1")
			continue
		}
		if g.State().Invasion.Ask == nil {
			t.Fatal("the mech can bombard: the players who could answer are asked first (Bunker)")
		}
		declineWindows(t, g)
		refuse(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Lor"}, "15.2") // its own planet: no one else's ground forces
		ev := do(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Arnor"})
		n := len(combatDice(ev))
		for _, e := range ev {
			if e.Kind == EvDice {
				n += len(e.Rolls)
			}
		}
		if n != 2 { // the L1Z1X start with Plasma Scoring: one more die
			t.Fatalf("%d bombardment dice, want the mech's and Plasma Scoring's: %+v", n, ev)
		}
	}
}

// L1Z1X, I48S (agent): after another player activates a system, the
// L1Z1X's window opens; used, one of that player's infantry in the active
// system becomes one of their mechs, and the agent is exhausted.
func TestFaction_L1Z1X_I48S(t *testing.T) {
	cfg := fixtureConfig("sol", "l1z1x", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.System(23).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "infantry", Count: 2}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	do(t, g, activate(0, 23))
	st := g.State().Step
	if st == nil || st.Card != "l1z1x:i48s" || st.Seat != 1 {
		t.Fatalf("step %+v: the L1Z1X's window", st)
	}
	refuse(t, g, use(1, "l1z1x:i48s", Action{Planet: "Arnor"}), "51.4")
	do(t, g, use(1, "l1z1x:i48s", Action{}))
	sp := g.State().System(23).Space
	if count(sp, 0, "infantry") != 1 || count(sp, 0, "mech") != 1 || !slices.Contains(g.State().Players[1].ExhaustedTechs, "l1z1x:i48s") {
		t.Fatalf("space %v: one of Sol's infantry became a mech", sp)
	}
}

// L1Z1X, The Helmsman (hero): as an action, dreadnoughts move from any
// system into one without other players' ships; not into one with them,
// nor more than there are; purged.
func TestFaction_L1Z1X_TheHelmsman(t *testing.T) {
	g := factionGame(t, []string{"l1z1x", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		s.System(23).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}}
	})
	s := g.State()
	home := s.Players[0].Home
	n := count(s.System(home).Space, 0, "dreadnought")
	if n == 0 {
		t.Fatal("the L1Z1X start with dreadnoughts")
	}
	var empty int
	for _, sys := range s.Systems {
		if sys.Pos != home && len(sys.Space) == 0 && !s.IsHomeSystem(sys.Pos) {
			empty = sys.Pos
			break
		}
	}
	ships := make([]UnitRef, n)
	for i := range ships {
		ships[i] = UnitRef{System: home, Unit: "dreadnought"}
	}
	refuse(t, g, use(0, "l1z1x:the_helmsman", Action{System: ip(23), ActionExtra: &ActionExtra{Units: ships}}), "51.10")
	refuse(t, g, use(0, "l1z1x:the_helmsman", Action{System: ip(empty), ActionExtra: &ActionExtra{Units: append(ships, ships[0])}}), "51.10")
	do(t, g, use(0, "l1z1x:the_helmsman", Action{System: ip(empty), ActionExtra: &ActionExtra{Units: ships}}))
	s = g.State()
	if count(s.System(empty).Space, 0, "dreadnought") != n || count(s.System(home).Space, 0, "dreadnought") != 0 || s.Players[0].Hero != Purged {
		t.Fatal("the dreadnoughts moved, the hero purged")
	}
}

// Harrow under X-89 Bacterial Weapon Ω (a game without the Codex), from
// rules version 12: once the hits of Harrow's bombardment at the end of a
// ground combat round destroy an infantry, every other infantry of the
// defender's on the planet is destroyed, as after the bombardment before
// the combat; version 11 left them.
func TestFaction_L1Z1X_HarrowX89Omega(t *testing.T) {
	for _, rules := range []int{RulesCurrent, RulesStorms} {
		cfg := fixtureConfig("l1z1x", "sol", "hacan")
		cfg.Rules = rules
		g := fixture(t, cfg, func(s *State) {
			s.Options.NoCodex = true
			arnor := planetIn(s.System(9), "Arnor")
			arnor.Controller, arnor.Units = 1, []Stack{{Owner: 1, Unit: "infantry", Count: 8}, {Owner: 1, Unit: "mech", Count: 1}}
			s.Players[0].Techs = append(s.Players[0].Techs, "x89_bacterial_weapon")
			s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "mech", Count: 1}}
		})
		invadeArnorFrom22(t, g, "mech", 1)
		if k := count(planetIn(g.State().System(9), "Arnor").Units, 1, "infantry"); k != 8 {
			t.Fatalf("the bombardment before the combat took infantry (%d left): the case is not Harrow's", k)
		}
		harrowed, wiped := false, false
		for c := g.State().Combat; c != nil && c.Kind == "ground"; c = g.State().Combat {
			s := g.State()
			harrowed = harrowed || (len(c.Owed) > 0 && c.Owed[0].Rule == "15.2" && c.Owed[0].Seat == 1)
			for _, e := range do(t, g, Legal(s, engineRNG(), Deciding(s)[0])[0]) {
				if e.Kind == EvUnitsRemoved && e.Unit == "infantry" && e.Planet == "Arnor" {
					wiped = true
					if k := count(planetIn(g.State().System(9), "Arnor").Units, 1, "infantry"); k != 0 {
						t.Fatalf("rules %d: %d infantry left after the wipe", rules, k)
					}
				}
			}
		}
		if !harrowed || wiped != (rules >= RulesWipes) {
			t.Fatalf("rules %d: Harrow's hits owed %v, infantry wiped %v", rules, harrowed, wiped)
		}
	}
}

// invadeArnorFrom22 plays, from the strategy phase, seat 0's carrier and
// 2 dreadnoughts at 22 moving to 9 with n ground forces of type unit,
// which land on Arnor; it stops at the start of the ground combat, its
// windows passed.
func invadeArnorFrom22(t *testing.T, g *Game, unit string, n int) {
	t.Helper()
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "carrier", 1))
	do(t, g, moveShips(0, 22, "dreadnought", 2))
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: unit, Count: n})
	do(t, g, act(ActEndMovement, 0))
	passAnswers(t, g)
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: unit, Count: n})
	do(t, g, act(ActEstablishControl, 0))
	passAnswers(t, g)
	passStart(t, g)
}
