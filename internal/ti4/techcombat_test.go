package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// The generic technologies that act in combat and movement, each in play.

// Light/Wave Deflector (58.4b): ships pass through a system with another
// player's ships; without it they stop there.
func TestTech_LightWaveDeflector(t *testing.T) {
	for _, has := range []bool{false, true} {
		g := tacticalFixture(t, func(s *State) {
			s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "cruiser", Count: 1})
			s.System(23).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
			s.Players[0].Fleet = 4
			if has {
				s.Players[0].Techs = append(s.Players[0].Techs, "light_wave_deflector")
			}
		})
		activated(t, g, 0, 24) // 22 -> 23 -> 24 is the only two-step way
		if has {
			do(t, g, moveShips(0, 22, "cruiser", 1))
		} else {
			refuse(t, g, moveShips(0, 22, "cruiser", 1), "58.4")
		}
	}
}

// Antimass Deflectors (77): space cannon against its owner's ships rolls
// at -1, so a PDS (6) hits only on 7 or more.
func TestTech_AntimassDeflectors_SpaceCannon(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		cfg := fixtureConfig()
		cfg.Seed = seed
		g := fixture(t, cfg, func(s *State) {
			lor := planetIn(s.System(9), "Lor")
			lor.Controller, lor.Units = 1, []Stack{{Owner: 1, Unit: "pds", Count: 1}}
			s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}}
			dropTech(1, "plasma_scoring")(s)
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		if !g.State().Players[0].HasTech("antimass_deflectors") {
			t.Fatal("Jol-Nar starts with Antimass Deflectors")
		}
		activated(t, g, 0, 9)
		do(t, g, moveShips(0, 22, "dreadnought", 1))
		rolls := combatDice(do(t, g, act(ActEndMovement, 0)))
		if len(rolls) != 1 {
			t.Fatalf("one PDS die, got %v", rolls)
		}
		owed := 0
		if c := g.State().Combat; c != nil && len(c.Owed) > 0 {
			owed = c.Owed[0].Hits
		}
		if want := btoi(rolls[0] >= 7); owed != want {
			t.Fatalf("die %d: %d hits owed, want %d", rolls[0], owed, want)
		}
		if rolls[0] == 6 {
			return // a 6, which would have hit, missed
		}
	}
	t.Fatal("no seed rolled a 6")
}

// Plasma Scoring (77, 15): one more die for one unit's space cannon and
// for one unit's bombardment.
func TestTech_PlasmaScoring(t *testing.T) {
	bombard := func(plasma bool) int {
		g := tacticalFixture(t, func(s *State) {
			arnor := planetIn(s.System(9), "Arnor")
			arnor.Controller, arnor.Units = 2, []Stack{{Owner: 2, Unit: "infantry", Count: 2}}
			s.System(23).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}, {Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "infantry", Count: 2}}
			if !plasma {
				dropTech(0, "plasma_scoring")(s)
			}
		})
		activated(t, g, 0, 9)
		do(t, g, moveShips(0, 23, "dreadnought", 1))
		do(t, g, moveShips(0, 23, "carrier", 1))
		do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(23), Unit: "infantry", Count: 2})
		do(t, g, act(ActEndMovement, 0))
		fightOut(t, g)
		n := 0
		for _, e := range do(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Arnor"}) {
			n += len(e.Rolls)
		}
		return n
	}
	if got := bombard(true); got != 2 {
		t.Fatalf("a dreadnought with Plasma Scoring bombards with %d dice, want 2", got)
	}
	if got := bombard(false); got != 1 {
		t.Fatalf("without it, %d dice, want 1", got)
	}
	cannon := func(plasma bool) int {
		g := tacticalFixture(t, func(s *State) {
			lor := planetIn(s.System(9), "Lor")
			lor.Controller, lor.Units = 1, []Stack{{Owner: 1, Unit: "pds", Count: 2}}
			s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}}
			s.Players[1].Techs = slices.DeleteFunc(slices.Clone(s.Players[1].Techs), func(id string) bool { return id == "plasma_scoring" })
			if plasma {
				s.Players[1].Techs = append(s.Players[1].Techs, "plasma_scoring")
			}
		})
		activated(t, g, 0, 9)
		do(t, g, moveShips(0, 22, "dreadnought", 1))
		n := 0
		for _, e := range do(t, g, act(ActEndMovement, 0)) {
			if e.Kind == EvCombat || e.Kind == EvDice {
				n += len(e.Rolls)
			}
		}
		return n
	}
	if got := cannon(true); got != 3 {
		t.Fatalf("two PDS with Plasma Scoring roll %d dice, want 3", got)
	}
	if got := cannon(false); got != 2 {
		t.Fatalf("two PDS without it roll %d dice, want 2", got)
	}
}

// Assault Cannon (78.2): at the start of a space combat, a player with 3
// or more non-fighter ships there makes the opponent destroy a non-fighter
// ship; it cannot be sustained, and fighters cannot be chosen.
func TestTech_AssaultCannon(t *testing.T) {
	for _, tc := range []struct {
		name  string
		ships []Stack
		want  bool
	}{
		{"three non-fighter ships", []Stack{{Owner: 0, Unit: "cruiser", Count: 2}, {Owner: 0, Unit: "carrier", Count: 1}}, true},
		{"two, and fighters", []Stack{{Owner: 0, Unit: "cruiser", Count: 1}, {Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "fighter", Count: 2}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tacticalFixture(t, func(s *State) {
				s.System(22).Space = tc.ships
				s.System(9).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}, {Owner: 1, Unit: "destroyer", Count: 1}, {Owner: 1, Unit: "fighter", Count: 2}}
				s.Players[0].Techs = append(s.Players[0].Techs, "assault_cannon")
				s.Players[0].Fleet = 4
			})
			activated(t, g, 0, 9)
			for _, st := range tc.ships {
				if st.Unit != "fighter" {
					do(t, g, moveShips(0, 22, st.Unit, st.Count))
				}
			}
			if n := count(tc.ships, 0, "fighter"); n > 0 {
				do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "fighter", Count: n})
			}
			do(t, g, act(ActEndMovement, 0))
			c := g.State().Combat
			owed := c != nil && len(c.Owed) > 0 && c.Owed[0].Only == "non_fighter"
			if owed != tc.want {
				t.Fatalf("owed %+v, want a destruction: %v", c, tc.want)
			}
			if !tc.want {
				return
			}
			var units []string
			for _, a := range Legal(g.State(), engine.NewRNG(0), 1) {
				if a.Kind == ActAssignHit {
					units = append(units, a.Unit)
				}
			}
			if slices.Contains(units, "fighter") || !slices.Contains(units, "destroyer") {
				t.Fatalf("Sol may destroy %v: a non-fighter ship only", units)
			}
			refuse(t, g, Action{Kind: ActAssignHit, Seat: 1, Unit: "fighter"}, "78.2")
			refuse(t, g, Action{Kind: ActAssignHit, Seat: 1, Unit: "carrier", Use: true}, "2.7")
			do(t, g, Action{Kind: ActAssignHit, Seat: 1, Unit: "destroyer"})
			if count(g.State().System(9).Space, 1, "destroyer") != 0 {
				t.Fatal("the destroyer is destroyed")
			}
		})
	}
}

// Graviton Laser System (77): exhausted before its owner's space cannon
// fires at a fleet with fighters and other ships, the hits land on the
// other ships; it is readied in the status phase (34.2).
func TestTech_GravitonLaserSystem(t *testing.T) {
	for seed := uint64(1); seed < 60; seed++ {
		cfg := fixtureConfig()
		cfg.Seed = seed
		g := fixture(t, cfg, func(s *State) {
			lor := planetIn(s.System(9), "Lor")
			lor.Controller, lor.Units = 1, []Stack{{Owner: 1, Unit: "pds", Count: 2}}
			s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "fighter", Count: 2}}
			s.Players[1].Techs = append(s.Players[1].Techs, "graviton_laser_system")
			dropTech(0, "antimass_deflectors")(s)
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 9)
		do(t, g, moveShips(0, 22, "carrier", 1))
		do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "fighter", Count: 2})
		do(t, g, act(ActEndMovement, 0))
		if !slices.Contains(g.State().Players[1].ExhaustedTechs, "graviton_laser_system") {
			t.Fatal("Sol's Graviton Laser System is exhausted before the roll")
		}
		c := g.State().Combat
		if c == nil || len(c.Owed) == 0 {
			continue // no hit: another seed
		}
		refuse(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "fighter"}, "77.5")
		do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "carrier"})
		if c := g.State().Combat; c != nil && len(c.Owed) > 0 { // the carrier is gone: fighters now
			do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "fighter"})
		}
		s := g.State().Clone()
		endStatus(s)
		if len(s.Players[1].ExhaustedTechs) != 0 {
			t.Fatal("the status phase readies technologies")
		}
		return
	}
	t.Fatal("no seed made a hit")
}

// Duranium Armor: each combat round, after hits are assigned, one unit
// damaged before that round is repaired; one that sustained damage in the
// round is not.
func TestTech_DuraniumArmor(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(9).Space = []Stack{{Owner: 1, Unit: "dreadnought", Count: 2, Damaged: 1}}
		s.System(22).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}}
		s.Players[1].Techs = append(s.Players[1].Techs, "duranium_armor")
	})
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "destroyer", 1))
	do(t, g, act(ActEndMovement, 0))
	passAnswers(t, g)
	do(t, g, act(ActNoRetreat, 1))
	ev := do(t, g, act(ActNoRetreat, 0))
	sustained := 0
	for i := 0; i < 10 && g.State().Combat != nil && g.State().Combat.Round == 1; i++ {
		c := g.State().Combat
		switch {
		case c.Answer != nil:
			ev = append(ev, do(t, g, act(ActPassWindow, c.Answer.Seat))...)
		case len(c.Owed) > 0 && c.Owed[0].Seat == 1:
			sustained++
			ev = append(ev, do(t, g, Action{Kind: ActAssignHit, Seat: 1, Unit: "dreadnought", Use: true})...)
		case len(c.Owed) > 0:
			ev = append(ev, do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "destroyer"})...)
		}
	}
	var repaired []Event
	for _, e := range ev {
		if e.Kind == EvUnitRepaired {
			repaired = append(repaired, e)
		}
	}
	if len(repaired) != 1 || repaired[0].Unit != "dreadnought" || repaired[0].Seat != 1 {
		t.Fatalf("one dreadnought repaired after the round's hits: %+v", repaired)
	}
	if st := g.State().System(9).Space; count(st, 1, "dreadnought") != 2 || st[0].Damaged != sustained {
		t.Fatalf("damaged %+v: only the dreadnought damaged this round (%d) stays so", st, sustained)
	}
}

// Magen Defense Grid Ω (42.4): at the start of a ground combat on a planet
// with its owner's structure, a hit its owner assigns to one of the
// invader's ground forces.
func TestTech_MagenDefenseGrid(t *testing.T) {
	g := invadeArnor(t, 3, func(s *State) {
		arnorHeldBy(1, Stack{Owner: 1, Unit: "space_dock", Count: 1}, Stack{Owner: 1, Unit: "infantry", Count: 1})(s)
		s.Players[1].Techs = append(s.Players[1].Techs, "magen_defense_grid")
	})
	passAnswers(t, g)
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	passAnswers(t, g)
	c := g.State().Combat
	if c == nil || len(c.Owed) != 1 || !c.Owed[0].Picked || c.Owed[0].By != 1 || c.Round != 0 {
		t.Fatalf("Sol assigns one hit before the first round: %+v", c)
	}
	refuse(t, g, Action{Kind: ActAssignHit, Seat: 0, Planet: "Arnor", Unit: "infantry"}, "42.4")
	do(t, g, Action{Kind: ActAssignHit, Seat: 1, Planet: "Arnor", Unit: "infantry"})
	if n := count(planetIn(g.State().System(9), "Arnor").Units, 0, "infantry"); n != 1 {
		t.Fatalf("%d of Jol-Nar's infantry left, want 1", n)
	}
}

// X-89 Bacterial Weapon Ω (15): a bombardment that destroys an infantry
// destroys all the opponent's infantry on the planet; one whose hits only
// damage a mech destroys none.
func TestTech_X89BacterialWeapon(t *testing.T) {
	for _, mech := range []bool{false, true} {
		done := false
		for seed := uint64(1); seed < 60 && !done; seed++ {
			g := invadeArnor(t, seed, func(s *State) {
				units := []Stack{{Owner: 1, Unit: "infantry", Count: 3}}
				if mech {
					units = append(units, Stack{Owner: 1, Unit: "mech", Count: 1})
				}
				arnorHeldBy(1, units...)(s)
				s.Players[0].Techs = append(s.Players[0].Techs, "x89_bacterial_weapon")
			}, "dreadnought")
			passAnswers(t, g)
			do(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Arnor"})
			c := g.State().Combat
			if c == nil || len(c.Owed) == 0 || c.Owed[0].Hits != 1 {
				continue // one hit wanted
			}
			if mech {
				do(t, g, Action{Kind: ActAssignHit, Seat: 1, Planet: "Arnor", Unit: "mech", Use: true})
			} else {
				do(t, g, Action{Kind: ActAssignHit, Seat: 1, Planet: "Arnor", Unit: "infantry"})
			}
			want := 0
			if mech {
				want = 3
			}
			if n := count(planetIn(g.State().System(9), "Arnor").Units, 1, "infantry"); n != want {
				t.Fatalf("mech %v: %d infantry left, want %d", mech, n, want)
			}
			done = true
		}
		if !done {
			t.Fatalf("mech %v: no seed made one hit", mech)
		}
	}
}

// passAnswers passes every open combat and invasion window.
func passAnswers(t *testing.T, g *Game) {
	t.Helper()
	for i := 0; i < 10; i++ {
		s := g.State()
		switch {
		case s.Combat != nil && s.Combat.Answer != nil:
			do(t, g, act(ActPassWindow, s.Combat.Answer.Seat))
		case s.Invasion != nil && s.Invasion.Ask != nil:
			do(t, g, act(ActPassWindow, s.Invasion.Ask.Seat))
		default:
			return
		}
	}
}

// Dark Energy Tap (78.7): its owner's ships retreat into an adjacent
// system without other players' units though they have nothing there;
// without it, or into a system with another player's units, they cannot.
func TestTech_DarkEnergyTap_Retreat(t *testing.T) {
	for _, tc := range []struct {
		name   string
		tap    bool
		others bool // another player's infantry in the empty system
		want   bool
	}{{"with it", true, false, true}, {"without it", false, false, false}, {"others' units there", true, true, false}} {
		t.Run(tc.name, func(t *testing.T) {
			g := tacticalFixture(t, func(s *State) {
				s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "carrier", Count: 1}}
				s.System(23).Space = []Stack{{Owner: 1, Unit: "war_sun", Count: 1}, {Owner: 1, Unit: "dreadnought", Count: 1}}
				s.System(10).Space = nil
				for _, pl := range s.System(10).Planets {
					pl.Units, pl.Controller = nil, None
				}
				if tc.others {
					pl := s.System(10).Planets[0]
					pl.Controller, pl.Units = 2, []Stack{{Owner: 2, Unit: "infantry", Count: 1}}
				}
				if tc.tap {
					withTech(1, "dark_energy_tap")(s)
				}
			})
			activated(t, g, 0, 23)
			do(t, g, moveShips(0, 9, "dreadnought", 2))
			do(t, g, moveShips(0, 9, "carrier", 1))
			do(t, g, act(ActEndMovement, 0))
			passAnswers(t, g)
			a := Action{Kind: ActRetreat, Seat: 1, System: ip(10)}
			if tc.want {
				do(t, g, a)
			} else {
				refuse(t, g, a, "78.7c")
			}
		})
	}
}

// X-89 Bacterial Weapon ΩΩ (Codex IV, rules version 10): each hit of the
// owner's bombardment counts twice, and the planet bombarded is exhausted;
// without the Codex its Ω version plays (no doubling, no exhausting).
func TestTech_X89BacterialWeaponOmegaOmega(t *testing.T) {
	for _, noCodex := range []bool{false, true} {
		done := false
		for seed := uint64(1); seed < 60 && !done; seed++ {
			cfg := fixtureConfig()
			cfg.Seed, cfg.Rules, cfg.NoCodex = seed, RulesCurrent, noCodex
			g := invadeArnorAs(t, cfg, func(s *State) {
				arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 4})(s)
				s.Players[0].Techs = append(s.Players[0].Techs, "x89_bacterial_weapon")
			}, "dreadnought")
			passAnswers(t, g)
			ev := do(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Arnor"})
			hits := 0
			for _, e := range ev {
				if e.Kind == EvCombat || e.Kind == EvDice {
					for _, f := range e.Rolls {
						hits += btoi(f >= 5) // the dreadnought's Bombardment 5
					}
				}
			}
			if hits == 0 {
				continue
			}
			want, exhausted := 2*hits, true
			if noCodex {
				want, exhausted = hits, false
			}
			s := g.State()
			if c := s.Combat; c == nil || len(c.Owed) == 0 || c.Owed[0].Hits != want {
				t.Fatalf("no codex %v: %d hits rolled, combat %+v, want %d owed", noCodex, hits, c, want)
			}
			if planetIn(s.System(9), "Arnor").Exhausted != exhausted {
				t.Fatalf("no codex %v: Arnor exhausted %v", noCodex, !exhausted)
			}
			done = true
		}
		if !done {
			t.Fatal("no seed made a hit")
		}
	}
}

// Magen Defense Grid ΩΩ (Codex IV, rules version 10): when any player,
// its owner too, activates a system with the owner's structures, an
// infantry is placed with each of them (Nar: 2 PDS and a space dock, 3
// infantry); its Codex I version (version 9) places none.
func TestTech_MagenDefenseGridOmegaOmega(t *testing.T) {
	for _, c := range []struct{ rules, want int }{{RulesCurrent, 3}, {RulesCodex, 0}} {
		cfg := fixtureConfig()
		cfg.Rules = c.rules
		g := fixture(t, cfg, func(s *State) { s.Players[0].Techs = append(s.Players[0].Techs, "magen_defense_grid") })
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		home := g.State().Players[0].Home
		before := count(planetIn(g.State().System(home), "Nar").Units, 0, "infantry")
		activated(t, g, 0, home)
		if got := count(planetIn(g.State().System(home), "Nar").Units, 0, "infantry") - before; got != c.want {
			t.Fatalf("rules %d: %d infantry placed on Nar, want %d", c.rules, got, c.want)
		}
	}
}
