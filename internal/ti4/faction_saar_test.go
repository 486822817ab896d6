package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// Saar, Scavenge (25): a trade good on gaining control of a planet.
func TestFaction_Saar_Scavenge(t *testing.T) {
	g := factionGame(t, []string{"saar", "sol", "hacan"}, nil)
	tg := g.State().Players[0].TradeGoods
	do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Lodor", ActionExtra: &ActionExtra{Player: ip(0)}})
	if got := g.State().Players[0].TradeGoods; got < tg+1 {
		t.Fatalf("trade goods %d, want at least %d", got, tg+1)
	}
}

// Saar, Nomadic (61.16): public objectives are scored without holding
// the home system.
func TestFaction_Saar_Nomadic(t *testing.T) {
	for _, saar := range []bool{false, true} {
		f := []string{"jolnar", "sol", "hacan"}
		if saar {
			f[0] = "saar"
		}
		cfg := fixtureConfig(f...)
		cfg.Rules = RulesCurrent
		s, _, err := Setup(cfg)
		if err != nil {
			t.Fatal(err)
		}
		home := s.System(s.Players[0].Home)
		for _, pl := range home.Planets {
			pl.Controller = 1
		}
		if got := s.holdsHome(0); got != saar {
			t.Fatalf("saar %v: may score publics %v", saar, got)
		}
	}
}

// Clan of Saar, Ragh's Call: after its holder commits units to a planet
// with the Saar's ground forces, those forces go to another planet the
// Saar control, and the holder lands unopposed; the note goes back.
func TestFaction_Saar_RaghsCall(t *testing.T) {
	const note = "saar:ragh_s_call"
	cfg := fixtureConfig("jolnar", "saar", "hacan")
	cfg.Rules = RulesCurrent
	g := invadeArnorAs(t, cfg, func(s *State) {
		giveNote(note, 0)(s)
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 2})(s)
	})
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Planet: "Arnor", ToPl: "Lisis II"}, "69.1") // nothing committed yet
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Planet: "Arnor", ToPl: "Nar"}, "69.1") // not the Saar's
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Planet: "Arnor", ToPl: "Lisis II"})
	s := g.State()
	arnor := planetIn(s.System(9), "Arnor")
	lisis, _ := s.Planet("Lisis II")
	if count(arnor.Units, 1, "infantry") != 0 || count(lisis.Units, 1, "infantry") < 2 || !slices.Contains(s.Players[1].Promissory, note) {
		t.Fatalf("Arnor %v, Lisis II %v: the Saar's infantry went home; the note back", arnor.Units, lisis.Units)
	}
}

// Saar, Chaos Mapping (11, 67): no other player activates an asteroid field
// holding the Saar's ships; at the start of their turn the Saar produce
// one unit where they have Production.
func TestFactionTech_ChaosMapping(t *testing.T) {
	g := factionGame(t, []string{"saar", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "chaos_mapping")
	})
	var field int
	for _, sys := range g.State().Systems {
		if g.State().anomaly(sys.Pos, "asteroid-field") {
			field = sys.Pos
		}
	}
	if field == 0 {
		t.Fatal("the fixture has no asteroid field")
	}
	home := g.State().Players[0].Home
	refuse(t, g, use(0, "chaos_mapping", Action{System: ip(9)}), "67")
	do(t, g, use(0, "chaos_mapping", Action{System: ip(home)}))
	settle(t, g)
	if st := g.State().Step; st == nil || st.Kind != StepFreelance || st.Card != "chaos_mapping" {
		t.Fatalf("step %+v: a production of one unit at home", st)
	}
	do(t, g, act(ActDone, 0))
	refuse(t, g, use(0, "chaos_mapping", Action{System: ip(home)}), "1.3") // once a turn
	g = factionGame(t, []string{"sol", "saar", "hacan"}, func(s *State) {
		s.Players[1].Techs = append(s.Players[1].Techs, "chaos_mapping")
		s.System(field).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}}
	})
	refuse(t, g, Action{Kind: ActActivate, Seat: 0, System: ip(field)}, "11")
}

// Saar, Scavenger Zeta (30, 55.3): after the Saar gain control of a
// planet, a mech deployed there for a trade good (Scavenge's gives one).
func TestFactionUnit_ScavengerZeta(t *testing.T) {
	for _, deploy := range []bool{true, false} {
		cfg := fixtureConfig("saar", "sol", "hacan")
		cfg.Rules = RulesCurrent
		g := invadeArnorAs(t, cfg, arnorHeldBy(1))
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
		do(t, g, act(ActEstablishControl, 0))
		declineWindows(t, g)
		st := g.State().Step
		if st == nil || st.Kind != StepAbility || st.Card != "scavenger_zeta" || st.Planet != "Arnor" {
			t.Fatalf("step %+v: the mech's window after Arnor is gained", st)
		}
		tg := g.State().Players[0].TradeGoods
		if !deploy {
			do(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: "scavenger_zeta"})
			if count(planet(t, g, "Arnor").Units, 0, "mech") != 0 || g.State().Players[0].TradeGoods != tg {
				t.Fatal("let go: nothing placed or paid")
			}
			continue
		}
		do(t, g, use(0, "scavenger_zeta", Action{}))
		if count(planet(t, g, "Arnor").Units, 0, "mech") != 1 || g.State().Players[0].TradeGoods != tg-1 {
			t.Fatal("a mech on Arnor for a trade good")
		}
	}
}

// Saar, Gurno Aggero (hero, 51.10-51.12): unlocked, as an action, every
// other player's infantry and fighters in a system next to a Saar space
// dock are destroyed, the Saar's own kept; the hero is purged. A system
// not next to a dock is refused.
func TestFaction_Saar_GurnoAggero(t *testing.T) {
	var near, far int
	g := factionGame(t, []string{"saar", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		for _, sys := range s.Systems {
			if s.IsHomeSystem(sys.Pos) {
				continue
			}
			switch {
			case near == 0 && s.dockNextTo(0, sys.Pos) && len(sys.Planets) > 0:
				near = sys.Pos
				sys.Space = []Stack{{Owner: 1, Unit: "fighter", Count: 2}, {Owner: 1, Unit: "carrier", Count: 1}}
				sys.Planets[0].Units, sys.Planets[0].Controller = []Stack{{Owner: 1, Unit: "infantry", Count: 2}, {Owner: 1, Unit: "mech", Count: 1}}, 1
			case far == 0 && !s.dockNextTo(0, sys.Pos):
				far = sys.Pos
			}
		}
	})
	refuse(t, g, use(0, "saar:gurno_aggero", Action{System: ip(far)}), "51.10")
	do(t, g, use(0, "saar:gurno_aggero", Action{System: ip(near)}))
	sys := g.State().System(near)
	if count(sys.Space, 1, "fighter") != 0 || count(sys.Space, 1, "carrier") != 1 || count(sys.Planets[0].Units, 1, "infantry") != 0 || count(sys.Planets[0].Units, 1, "mech") != 1 {
		t.Fatalf("space %v, planet %v: infantry and fighters destroyed, the rest kept", sys.Space, sys.Planets[0].Units)
	}
	if g.State().Players[0].Hero != Purged {
		t.Fatal("the hero is purged")
	}
}

// The Saar, Captain Mendosa (agent): after Sol activates Arnor's system,
// the Saar may exhaust it: one of Sol's carriers (move 1) moves as far as
// the fastest ship on the board (a destroyer's 2), from two systems away; a second carrier does not; let go, neither does.
func TestFaction_Saar_CaptainMendosa(t *testing.T) {
	for _, use := range []bool{true, false} {
		g := factionGame(t, []string{"sol", "saar", "hacan"}, func(s *State) {
			s.System(11).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 2}}
			s.System(30).Space = []Stack{{Owner: 2, Unit: "destroyer", Count: 1}} // move 2
		})
		do(t, g, activate(0, 9))
		st := g.State().Step
		if st == nil || st.Seat != 1 || st.Card != "saar:captain_mendosa" {
			t.Fatalf("step %+v: the Saar's window", st)
		}
		do(t, g, Action{Kind: ActUseAbility, Seat: 1, Card: st.Card, Use: use})
		if !use {
			refuse(t, g, moveShips(0, 11, "carrier", 1), "58.4")
			continue
		}
		refuse(t, g, moveShips(0, 11, "carrier", 2), "58.4") // one ship only
		do(t, g, moveShips(0, 11, "carrier", 1))
		refuse(t, g, moveShips(0, 11, "carrier", 1), "58.4")
		do(t, g, act(ActEndMovement, 0))
		if count(g.State().System(9).Space, 0, "carrier") != 1 {
			t.Fatal("one carrier arrived")
		}
	}
}

// The Saar, Rowl Sarrig (commander): unlocked, producing at home, 2
// infantry and 2 fighters go to the Floating Factory in Arnor's system,
// within its capacity; a blockaded dock, a planet without a dock, and a
// ship are refused; locked, units stay in the active system.
func TestFaction_Saar_RowlSarrig(t *testing.T) {
	for _, state := range []string{Locked, Unlocked} {
		g := factionGame(t, []string{"saar", "sol", "hacan"}, func(s *State) {
			s.Players[0].Commander, s.Players[0].TradeGoods = state, 5
			s.System(9).Space = []Stack{{Owner: 0, Unit: "space_dock", Count: 1}}
			s.System(8).Space = []Stack{{Owner: 0, Unit: "space_dock", Count: 1}, {Owner: 1, Unit: "destroyer", Count: 1}}
		})
		home := g.State().Players[0].Home
		activated(t, g, 0, home)
		do(t, g, act(ActEndMovement, 0))
		establishControl(t, g, 0)
		there := Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 2, System: ip(9)}
		if state == Locked {
			refuse(t, g, there, "68.2")
			continue
		}
		refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 2, System: ip(8)}, "68.2") // blockaded
		refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 2, Planet: "Arnor", System: ip(9)}, "68.3")
		refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "dreadnought", Count: 1, System: ip(9)}, "68.2")
		do(t, g, there)
		do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 2, System: ip(9)})
		s := g.State()
		if count(s.System(9).Space, 0, "infantry") != 2 || count(s.System(9).Space, 0, "fighter") != 2 {
			t.Fatalf("system 9: %+v", s.System(9).Space)
		}
	}
}

// Rowl Sarrig's placements and That Which Molds Flesh's extra units are
// listed among the legal productions, each accepted.
func TestFaction_ProductionOptionsOfCommanders(t *testing.T) {
	g := factionGame(t, []string{"saar", "sol", "hacan"}, func(s *State) {
		s.Players[0].Commander, s.Players[0].TradeGoods = Unlocked, 5
		s.System(9).Space = []Stack{{Owner: 0, Unit: "space_dock", Count: 1}}
	})
	activated(t, g, 0, g.State().Players[0].Home)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	found := false
	for _, a := range Legal(g.State(), engine.NewRNG(0), 0) {
		if a.Kind == ActProduce && a.System != nil && *a.System == 9 {
			found = true
			if err := g.Check(a); err != nil {
				t.Fatalf("%v listed but refused: %v", a, err)
			}
		}
	}
	if !found {
		t.Fatal("no production placed at the Floating Factory in system 9 listed")
	}
}

// That Which Molds Flesh's two infantry beyond the limit are listed.
func TestFaction_ProductionOptionsOfMoldsFlesh(t *testing.T) {
	g := factionGame(t, []string{"vuilraith", "sol", "hacan"}, func(s *State) {
		s.Players[0].Commander, s.Players[0].TradeGoods = Unlocked, 10
	})
	home := g.State().Players[0].Home
	activated(t, g, 0, home)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	want := g.State().productionLimit(0, g.State().System(home)) + 2
	most := 0
	for _, a := range Legal(g.State(), engine.NewRNG(0), 0) {
		if a.Kind == ActProduce && a.Unit == "infantry" {
			most = max(most, a.Count)
		}
	}
	if most != want {
		t.Fatalf("at most %d infantry listed, want %d", most, want)
	}
}

// Saar, Son of Ragh (flagship): its card's Anti-Fighter Barrage, four
// dice, rolls in the first round of a space combat it is in (10.1), as
// the Saar defend against Sol's destroyer (two dice of its own); the
// Jol-Nar's flagship, with no barrage, adds none.
func TestFactionUnit_SonOfRagh(t *testing.T) {
	for _, defender := range []string{"saar", "jolnar"} {
		cfg := fixtureConfig("sol", defender, "hacan")
		cfg.Rules = RulesCurrent
		g := fixture(t, cfg, func(s *State) {
			s.Players[0].Fleet = 8
			s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "destroyer", Count: 1})
			s.System(9).Space = []Stack{{Owner: 1, Unit: "flagship", Count: 1}}
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 9)
		do(t, g, moveShips(0, 22, "destroyer", 1))
		ev := append(do(t, g, act(ActEndMovement, 0)), declineWindows(t, g)...)
		barrage := -1
		for _, e := range ev {
			if e.Kind == EvCombat && len(e.Rolls) > 0 && barrage < 0 {
				barrage = len(e.Rolls) // the barrage: both sides' dice
			}
		}
		want := map[string]int{"saar": 2 + 4, "jolnar": 2}[defender] // Sol's destroyer rolls two
		if barrage != want {
			t.Fatalf("%s flagship: a barrage of %d dice, want %d", defender, barrage, want)
		}
	}
}
