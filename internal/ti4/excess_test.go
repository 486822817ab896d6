package ti4

import (
	"slices"
	"testing"
)

// excessStep reports the excess step open for seat.
func excessStep(g *Game, seat int) bool {
	st := g.State().Step
	return st != nil && st.Kind == StepExcess && st.Seat == seat
}

func removeExcess(seat, pos int, unit string, n int) Action {
	return Action{Kind: ActRemoveExcess, Seat: seat, System: ip(pos), Unit: unit, Count: n}
}

// 16.2, 16.3 and the Space Dock's card: the carriers leave Jol-Nar's home
// and the three fighters left there stay, held by the space dock on Nar.
func TestRule16_2_SpaceDockKeepsFighters(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 2}, {Owner: 0, Unit: "fighter", Count: 3}}
	})
	activated(t, g, 0, 23)
	do(t, g, moveShips(0, 22, "carrier", 2))
	do(t, g, act(ActEndMovement, 0))
	s := checked(t, g)
	if excessStep(g, 0) || count(s.System(22).Space, 0, "fighter") != 3 {
		t.Fatalf("the dock holds three fighters: %d left, step %+v", count(s.System(22).Space, 0, "fighter"), s.Step)
	}

	// A fourth is one too many: exactly one fighter goes.
	g = tacticalFixture(t, func(s *State) {
		s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 2}, {Owner: 0, Unit: "fighter", Count: 4}}
	})
	activated(t, g, 0, 23)
	do(t, g, moveShips(0, 22, "carrier", 2))
	do(t, g, act(ActEndMovement, 0))
	if !excessStep(g, 0) {
		t.Fatal("four fighters beside the dock: one is in excess")
	}
	refuse(t, g, removeExcess(0, 22, "fighter", 2), "16.3")
	do(t, g, removeExcess(0, 22, "fighter", 1))
	if s := checked(t, g); s.Step != nil || count(s.System(22).Space, 0, "fighter") != 3 {
		t.Fatalf("three fighters stay: %d, step %+v", count(s.System(22).Space, 0, "fighter"), s.Step)
	}
}

// 16.2, 16.3, 16.3a: the dock's three fighters come before capacity, and
// ground forces in space still need capacity.
func TestRule16_3_DockAndCarrierTogether(t *testing.T) {
	// The units arrive by a referee's placing once the action phase is
	// under way: placing runs the automatic steps.
	stage := func(fighters, infantry int) *Game {
		g := tacticalFixture(t, func(s *State) { s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}} })
		do(t, g, place(0, 22, "", "fighter", fighters))
		if infantry > 0 {
			do(t, g, place(0, 22, "", "infantry", infantry))
		}
		return g
	}
	// Seven fighters: three beside the dock, four in the carrier.
	g := stage(7, 0)
	if excessStep(g, 0) {
		t.Fatal("seven fighters fit: three by the dock, four in the carrier")
	}
	// Three fighters by the dock, four infantry in the carrier: exactly full.
	g = stage(3, 4)
	if excessStep(g, 0) {
		t.Fatal("three fighters by the dock and four infantry in the carrier fit")
	}
	// One fighter more: either a fighter or an infantry goes, only one.
	g = stage(4, 4)
	if !excessStep(g, 0) {
		t.Fatal("one unit over")
	}
	refuse(t, g, removeExcess(0, 22, "infantry", 2), "16.3")
	refuse(t, g, removeExcess(0, 22, "carrier", 1), "37.3")
	do(t, g, removeExcess(0, 22, "infantry", 1))
	if checked(t, g).Step != nil {
		t.Fatal("the step closes")
	}
	// Without ships, ground forces in space are all excess; fighters are
	// not, up to three: removing a fighter does not help.
	g = tacticalFixture(t, func(s *State) { s.System(22).Space = []Stack{{Owner: 0, Unit: "fighter", Count: 3}} })
	do(t, g, place(0, 22, "", "infantry", 2))
	refuse(t, g, removeExcess(0, 22, "fighter", 1), "16.3")
	do(t, g, removeExcess(0, 22, "infantry", 2))
	if s := checked(t, g); s.Step != nil || count(s.System(22).Space, 0, "fighter") != 3 {
		t.Fatal("the fighters stay once the infantry are gone")
	}
}

// 16.2 and the docks' cards: each dock in the system holds its own three
// (two docks, six); the Vuil'raith's Dimensional Tear holds six; the
// Floating Factory holds none, but has capacity.
func TestRule16_2_DockAllowances(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		jol := planetIn(s.System(22), "Jol")
		jol.Units = add(jol.Units, 0, "space_dock", 1)
		s.System(22).Space = nil
	})
	do(t, g, place(0, 22, "", "fighter", 7))
	refuse(t, g, removeExcess(0, 22, "fighter", 2), "16.3")
	do(t, g, removeExcess(0, 22, "fighter", 1))
	if s := checked(t, g); s.Step != nil || count(s.System(22).Space, 0, "fighter") != 6 {
		t.Fatal("two docks hold six fighters")
	}

	for _, tc := range []struct {
		faction  string
		fighters int
		over     int
	}{
		{"vuilraith", 6, 0}, {"vuilraith", 7, 1}, // Dimensional Tear I: six
		{"saar", 4, 0}, {"saar", 5, 1}, // a Floating Factory: capacity 4, no allowance
	} {
		g := fixture(t, fixtureConfig(tc.faction, "sol", "hacan"), func(s *State) {
			home := s.System(s.Players[0].Home)
			var kept []Stack
			for _, st := range home.Space {
				if !isShip(st.Unit) && !isGroundForce(st.Unit) {
					kept = append(kept, st) // the Floating Factory
				}
			}
			home.Space = kept
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		home := g.State().Players[0].Home
		do(t, g, place(0, home, "", "fighter", tc.fighters))
		if tc.over == 0 {
			if excessStep(g, 0) {
				t.Fatalf("%s: %d fighters fit", tc.faction, tc.fighters)
			}
			continue
		}
		refuse(t, g, removeExcess(0, home, "fighter", tc.over+1), "16.3")
		do(t, g, removeExcess(0, home, "fighter", tc.over))
		if checked(t, g).Step != nil {
			t.Fatalf("%s: %d fighters over", tc.faction, tc.over)
		}
	}
}

// 16.2 and the Space Dock's card: a dock holds only its owner's fighters.
// Jol-Nar's three fighters beside Hacan's dock on Arnor (blockading it,
// 14.1) have no capacity and are all removed.
func TestRule16_2_OthersDockHoldsNothing(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		arnor := planetIn(s.System(9), "Arnor")
		arnor.Controller, arnor.Units = 2, []Stack{{Owner: 2, Unit: "space_dock", Count: 1}, {Owner: 2, Unit: "infantry", Count: 1}}
	})
	do(t, g, place(0, 9, "", "fighter", 3))
	if !excessStep(g, 0) || len(g.State().Blockaders(2, g.State().System(9))) != 1 {
		t.Fatal("the fighters blockade Hacan's dock and are in excess")
	}
	do(t, g, removeExcess(0, 9, "fighter", 3))
	checked(t, g)
}

// 16.2, 68.4 and the Space Dock's card: fighters produced at a home with
// no ships fit three to the dock; more are refused.
func TestRule16_2_ProduceFightersAtADock(t *testing.T) {
	g := tacticalFixture(t, func(s *State) { s.System(22).Space = nil })
	activated(t, g, 0, 22)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 4}, "16.2")
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 3})
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 1}, "16.2")
	if count(g.State().System(22).Space, 0, "fighter") != 3 {
		t.Fatal("three fighters produced")
	}
}

// withTech gives seat a technology at set-up.
func withTech(seat int, tech string) func(s *State) {
	return func(s *State) { s.Players[seat].Techs = append(s.Players[seat].Techs, tech) }
}

// 37.1, 37.3 and the Fighter II card: Fighter IIs beyond capacity count
// one each against the fleet pool. Three alone fit a pool of three; a
// fourth is one ship too many. Without the upgrade they are all excess
// (16.3); with it and an empty fleet pool, so are they (37.3).
func TestRule37_3_FighterIICountAgainstFleetPool(t *testing.T) {
	g := tacticalFixture(t, withTech(0, "fighter_2"))
	do(t, g, place(0, 23, "", "fighter", 3))
	if excessStep(g, 0) || count(checked(t, g).System(23).Space, 0, "fighter") != 3 {
		t.Fatal("three Fighter IIs alone fit a fleet pool of three")
	}
	do(t, g, place(0, 23, "", "fighter", 1))
	if !excessStep(g, 0) {
		t.Fatal("a fourth is over the fleet pool")
	}
	refuse(t, g, removeExcess(0, 23, "fighter", 2), "37.3")
	do(t, g, removeExcess(0, 23, "fighter", 1))
	if s := checked(t, g); s.Step != nil || count(s.System(23).Space, 0, "fighter") != 3 {
		t.Fatal("three stay")
	}

	g = tacticalFixture(t, nil)
	do(t, g, place(0, 23, "", "fighter", 3))
	refuse(t, g, removeExcess(0, 23, "fighter", 4), "16.3")
	do(t, g, removeExcess(0, 23, "fighter", 3))
	checked(t, g)

	g = tacticalFixture(t, func(s *State) {
		withTech(0, "fighter_2")(s)
		s.Players[0].Fleet = 0
		s.System(22).Space = nil
	})
	do(t, g, place(0, 23, "", "fighter", 1))
	if !excessStep(g, 0) {
		t.Fatal("with no fleet pool token, a fighter beyond capacity is excess")
	}
	do(t, g, removeExcess(0, 23, "fighter", 1))
	checked(t, g)
}

// 37.1, 16.2 and the Fighter II card: capacity comes first, and only the
// fighters beyond it count against the fleet pool; ground forces need the
// capacity, so removing one frees room for a fighter.
func TestRule37_1_FighterIIBesideACarrier(t *testing.T) {
	g := tacticalFixture(t, withTech(0, "fighter_2"))
	do(t, g, place(0, 23, "", "carrier", 1))
	do(t, g, place(0, 23, "", "fighter", 6)) // four carried, two count: 1 + 2 = 3
	if excessStep(g, 0) {
		t.Fatal("a carrier and six Fighter IIs fit a fleet pool of three")
	}
	do(t, g, place(0, 23, "", "fighter", 1))
	refuse(t, g, removeExcess(0, 23, "fighter", 2), "37.3")
	do(t, g, removeExcess(0, 23, "fighter", 1))
	checked(t, g)

	g = tacticalFixture(t, func(s *State) {
		withTech(0, "fighter_2")(s)
		s.Players[0].Fleet = 2
		s.System(22).Space = nil
	})
	do(t, g, place(0, 23, "", "carrier", 1))
	do(t, g, place(0, 23, "", "infantry", 4))
	do(t, g, place(0, 23, "", "fighter", 2)) // the infantry fill the carrier: 1 + 2 = 3 > 2
	if !excessStep(g, 0) {
		t.Fatal("one over the fleet pool")
	}
	refuse(t, g, removeExcess(0, 23, "infantry", 2), "37.3")
	do(t, g, removeExcess(0, 23, "infantry", 1))
	if s := checked(t, g); s.Step != nil || count(s.System(23).Space, 0, "fighter") != 2 {
		t.Fatal("an infantry out makes room for a fighter")
	}
}

// The Naalu's Hybrid Crystal Fighter II counts as half a ship: three of
// them alone are one and a half ships, too many for a pool of one.
func TestRule37_3_HybridCrystalFighterII(t *testing.T) {
	g := fixture(t, fixtureConfig("naalu", "sol", "hacan"), func(s *State) {
		withTech(0, "hybrid_crystal_fighter_2")(s)
		s.Players[0].Fleet = 1
		s.System(s.Players[0].Home).Space = nil
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	do(t, g, place(0, 23, "", "fighter", 2))
	if excessStep(g, 0) {
		t.Fatal("two halves fit a pool of one")
	}
	do(t, g, place(0, 23, "", "fighter", 1))
	refuse(t, g, removeExcess(0, 23, "fighter", 2), "37.3")
	do(t, g, removeExcess(0, 23, "fighter", 1))
	checked(t, g)
}

// 58, 37.1, 37.1b and the Fighter II card: Fighter IIs move on their own
// and then count against the fleet pool where they end; more than it
// holds are refused, unless a carrier's capacity moves with them. A
// fighter moves or is carried, not both.
func TestRule37_1_FighterIIMoves(t *testing.T) {
	stage := func(s *State) {
		withTech(0, "fighter_2")(s)
		s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 2}, {Owner: 0, Unit: "fighter", Count: 4}}
		s.System(21).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
	}
	g := tacticalFixture(t, stage)
	activated(t, g, 0, 23)
	refuse(t, g, moveShips(0, 22, "fighter", 4), "37.1")
	do(t, g, moveShips(0, 22, "fighter", 3))
	refuse(t, g, moveShips(0, 21, "cruiser", 1), "37.1") // the three fighters count: 1 + 3 > 3
	do(t, g, act(ActEndMovement, 0))
	s := checked(t, g)
	if excessStep(g, 0) || count(s.System(23).Space, 0, "fighter") != 3 || count(s.System(22).Space, 0, "fighter") != 1 {
		t.Fatalf("three Fighter IIs moved and stay: %v", s.System(23).Space)
	}

	g = tacticalFixture(t, stage)
	activated(t, g, 0, 23)
	do(t, g, moveShips(0, 22, "carrier", 1))
	do(t, g, moveShips(0, 22, "fighter", 4)) // within the carrier's capacity where they end
	if _, err := g.Do(Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "fighter", Count: 1}); err == nil {
		t.Fatal("the four fighters already move on their own")
	}
	do(t, g, act(ActEndMovement, 0))
	if s := checked(t, g); excessStep(g, 0) || count(s.System(23).Space, 0, "fighter") != 4 {
		t.Fatal("a carrier and four Fighter IIs arrive")
	}

	g = tacticalFixture(t, stage)
	activated(t, g, 0, 23)
	do(t, g, moveShips(0, 22, "carrier", 1))
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "fighter", Count: 4})
	if _, err := g.Do(moveShips(0, 22, "fighter", 1)); err == nil {
		t.Fatal("the four fighters are already carried")
	}
}

// 67, 68, 37.1, 16.2: with Fighter II, fighters produced beyond the dock's
// three and capacity fit as long as the fleet pool does; without it, not.
func TestRule37_1_ProduceFighterII(t *testing.T) {
	stage := func(upgrade bool) func(s *State) {
		return func(s *State) {
			if upgrade {
				withTech(0, "fighter_2")(s)
			}
			s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}, {Owner: 0, Unit: "fighter", Count: 2}}
		}
	}
	// Dock 3, dreadnought 1: four fighters without the fleet pool.
	g := tacticalFixture(t, stage(false))
	activated(t, g, 0, 22)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 3}, "16.2")
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 2})

	// Two more count as ships beside the dreadnought: 1 + 2 = 3.
	g = tacticalFixture(t, stage(true))
	activated(t, g, 0, 22)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 4})
	if count(g.State().System(22).Space, 0, "fighter") != 6 {
		t.Fatal("six fighters at home")
	}
}

// 37.2: ships in excess found in the strategy phase (a command sheet
// changed there, by Summit) are removed then: the step is offered, not
// the strategy cards, which wait for it. The soak found the game stuck.
func TestRule37_ExcessInTheStrategyPhase(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		s.Players[1].Fleet = 0
		s.System(23).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 2}}
		s.Step = &Step{Kind: StepExcess, Seat: 1}
	})
	s := g.State()
	if s.Phase != PhaseStrategy {
		t.Fatalf("phase %s", s.Phase)
	}
	legal := Legal(s, engineRNG(), 1)
	if len(legal) == 0 || !slices.ContainsFunc(legal, func(a Action) bool { return a.Kind == ActRemoveExcess }) {
		t.Fatalf("the excess is removed first: %v", legal)
	}
	do(t, g, legal[0])
}
