package ti4

import (
	"testing"
)

// findEvent returns the first event of a kind.
func findEvent(ev []Event, kind string) *Event {
	for i := range ev {
		if ev[i].Kind == kind {
			return &ev[i]
		}
	}
	return nil
}

// 78.3-78.10, 10, 89.3: a space combat from movement to its end: barrage,
// announcements defender first, rolls, hits assigned by their owners.
func TestRule78_SpaceCombat(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}}
		s.System(23).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
	})
	activated(t, g, 0, 23)
	do(t, g, moveShips(0, 9, "dreadnought", 2))
	do(t, g, act(ActEndMovement, 0))
	if c := g.State().Combat; c == nil || c.Answer == nil || c.Answer.Kind != "barrage" || c.Answer.Seat != 1 {
		t.Fatalf("the destroyer's owner answers before its barrage (Waylay): %+v", c)
	}
	ev := declineWindows(t, g)
	c := g.State().Combat
	if c == nil || c.Step != CbAnnounceD || c.Defender != 1 || c.Round != 1 {
		t.Fatalf("combat %+v", c)
	}
	if dice := len(combatDice(ev)); dice != 2 {
		t.Fatalf("the destroyer's barrage rolls 2 dice (10.1); %d rolled", dice)
	}
	refuse(t, g, act(ActNoRetreat, 0), "78.4")
	refuse(t, g, Action{Kind: ActRetreat, Seat: 1, System: ip(24)}, "78.7c")
	do(t, g, act(ActNoRetreat, 1))
	do(t, g, act(ActNoRetreat, 0))
	fightOut(t, g)
	s := g.State()
	if shipsOf(s.System(23), 0) && shipsOf(s.System(23), 1) {
		t.Fatal("78.9: the combat ends with at most one side's ships")
	}
	if s.Tactical == nil || s.Tactical.Step != TacProduction {
		t.Fatal("after combat in a system without planets, production follows")
	}
}

// 78.4b, 78.7b-d: a retreat moves the ships to an adjacent system with the
// player's units, where a command token goes.
func TestRule78_7_Retreat(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		// Both sides survive the first round: five hit points against at
		// most four hits, four against at most three.
		s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "carrier", Count: 1}}
		s.System(23).Space = []Stack{{Owner: 1, Unit: "war_sun", Count: 1}, {Owner: 1, Unit: "dreadnought", Count: 1}}
		s.System(10).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}}
	})
	activated(t, g, 0, 23)
	do(t, g, moveShips(0, 9, "dreadnought", 2))
	do(t, g, moveShips(0, 9, "carrier", 1))
	do(t, g, act(ActEndMovement, 0))
	do(t, g, Action{Kind: ActRetreat, Seat: 1, System: ip(10)})
	if c := g.State().Combat; c.Retreat != 1 || c.Step == CbAnnounceA {
		t.Fatalf("78.4b: after the defender announces, the attacker cannot: %+v", c)
	}
	fightOut(t, g)
	s := g.State()
	if shipsOf(s.System(23), 1) || count(s.System(10).Space, 1, "war_sun")+count(s.System(10).Space, 1, "dreadnought") == 0 {
		t.Fatal("78.7b: Sol's surviving ships retreat to position 10")
	}
	if !containsInt(s.System(10).Command, 1) {
		t.Fatal("78.7d: a command token goes where the ships retreated")
	}
	if s.Combat != nil || !shipsOf(s.System(23), 0) {
		t.Fatal("the combat ends with the attacker holding the system")
	}
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// cruisersHit plays, over seeds, Jol-Nar's dreadnought and carrier
// attacking three Sol cruisers until the cruisers' first roll hits; the
// game then waits for Jol-Nar to assign that hit. stage adds to the board.
func cruisersHit(t *testing.T, stage func(s *State)) *Game {
	t.Helper()
	for seed := uint64(1); seed < 40; seed++ {
		g := spaceFight(t, seed, func(s *State) {
			s.System(23).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 3}}
			if stage != nil {
				stage(s)
			}
		})
		do(t, g, act(ActNoRetreat, 1))
		do(t, g, act(ActNoRetreat, 0))
		if c := g.State().Combat; len(c.Owed) > 0 && c.Owed[0].Seat == 0 {
			return g
		}
	}
	t.Fatal("no seed gave the cruisers a hit")
	return nil
}

// 87.1-87.3, 31.1: a hit is cancelled by an undamaged unit's Sustain
// Damage; a damaged unit cannot sustain again; units without it cannot.
func TestRule87_SustainDamageInCombat(t *testing.T) {
	g := cruisersHit(t, nil)
	refuse(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "carrier", Use: true}, "87.1")
	refuse(t, g, Action{Kind: ActAssignHit, Seat: 1, Unit: "cruiser"}, "78.6")
	do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "dreadnought", Use: true})
	if d := g.State().System(23).Space; count(d, 0, "dreadnought") != 1 || d[0].Damaged != 1 {
		t.Fatalf("the dreadnought should be damaged, not destroyed: %+v", d)
	}
	if c := g.State().Combat; len(c.Owed) > 0 && c.Owed[0].Seat == 0 {
		refuse(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "dreadnought", Use: true}, "87.3")
	}
}

// 77.3-77.5, 89.2c: after movement, other players' space cannon on planets
// in the active system fire at the active player's ships.
func TestRule77_SpaceCannonOffense(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		for _, n := range []string{"Arnor", "Lor"} {
			pl, _ := s.Planet(n)
			pl.Controller = 2
			pl.Units = []Stack{{Owner: 2, Unit: "pds", Count: 1}}
		}
	})
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", 1))
	ev := do(t, g, act(ActEndMovement, 0))
	rolled := 0
	for _, e := range ev {
		rolled += len(e.Rolls)
	}
	if rolled != 2 {
		t.Fatalf("two PDS roll one die each: %d dice in %v", rolled, ev)
	}
}

// 15, 65, 65.3: bombardment is refused against a planetary shield unless a
// war sun is there; it fires once, before ground forces are committed.
func TestRule15_Bombardment(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		lor, _ := s.Planet("Lor")
		lor.Controller, lor.Units = 2, []Stack{{Owner: 2, Unit: "infantry", Count: 1}, {Owner: 2, Unit: "pds", Count: 1}}
		arnor, _ := s.Planet("Arnor")
		arnor.Controller, arnor.Units = 2, []Stack{{Owner: 2, Unit: "infantry", Count: 2}}
		s.System(23).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}, {Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "infantry", Count: 2}}
		dropTech(0, "plasma_scoring")(s) // one die, without its extra one
	})
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 23, "dreadnought", 1))
	do(t, g, moveShips(0, 23, "carrier", 1))
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(23), Unit: "infantry", Count: 2})
	do(t, g, act(ActEndMovement, 0))
	fightOut(t, g) // the PDS on Lor may hit a ship
	refuse(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Lor"}, "65")
	ev := do(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Arnor"})
	rolled := 0
	for _, e := range ev {
		rolled += len(e.Rolls)
	}
	if rolled != 1 {
		t.Fatalf("the dreadnought bombards with one die: %d rolled", rolled)
	}
	fightOut(t, g)
	refuse(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Arnor"}, "49.1")
}

// 87: a damaged unit stays damaged until repaired, moving or not: ships
// that move keep their damage, and a part of a stack moves its healthy
// units first. A game set up under the first rules version lost the
// damage, and keeps doing so.
func TestRule87_DamageMovesWithTheUnit(t *testing.T) {
	for _, tc := range []struct {
		name              string
		rules, move       int
		moved, damagedOut int // dreadnoughts arriving, damaged among them
		damagedLeft       int
	}{
		{"both move", 0, 2, 2, 1, 0},
		{"one moves: the healthy one", 0, 1, 1, 0, 1},
		{"first rules version", RulesFirst, 2, 2, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fixtureConfig()
			cfg.Rules = tc.rules
			g := fixture(t, cfg, func(s *State) {
				s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2, Damaged: 1}}
			})
			toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
			activated(t, g, 0, 23)
			do(t, g, moveShips(0, 22, "dreadnought", tc.move))
			do(t, g, act(ActEndMovement, 0))
			s := g.State()
			var out, left Stack
			for _, st := range s.System(23).Space {
				if st.Owner == 0 && st.Unit == "dreadnought" {
					out = st
				}
			}
			for _, st := range s.System(22).Space {
				if st.Owner == 0 && st.Unit == "dreadnought" {
					left = st
				}
			}
			if out.Count != tc.moved || out.Damaged != tc.damagedOut || left.Damaged != tc.damagedLeft {
				t.Fatalf("arrived %+v, left %+v", out, left)
			}
		})
	}
}
