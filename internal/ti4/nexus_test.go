package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/ti4/galaxy"
)

// 100.1, 100.2, 100.2a: the wormhole nexus starts off the board on its
// inactive side, reached only through a gamma wormhole; a ship moving in
// turns it over at the end of the movement step, and from then on its
// alpha and beta wormholes make it adjacent to the alpha and beta systems.
func TestRule100_WormholeNexus(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(9).Tokens = append(s.System(9).Tokens, Token{Kind: "gamma", Owner: None})
		s.System(9).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
	})
	s := g.State()
	n := s.nexus()
	if n == nil || n.Tile != galaxy.NexusInactive || n.Pos < galaxy.OffBoard || len(n.Planets) != 1 || n.Planets[0].Name != "Mallice" {
		t.Fatalf("the nexus, inactive, off the board, with Mallice: %+v", n)
	}
	lodor := 2 // tile 26, an alpha wormhole
	if !s.Adjacent(9, n.Pos) || s.Adjacent(lodor, n.Pos) || s.Adjacent(0, n.Pos) {
		t.Fatal("inactive, the nexus is next to gamma wormholes only")
	}
	activated(t, g, 0, n.Pos)
	do(t, g, moveShips(0, 9, "carrier", 1))
	if g.State().nexus().Tile != galaxy.NexusInactive {
		t.Fatal("100.2a: the nexus turns once the movement step ends")
	}
	do(t, g, act(ActEndMovement, 0))
	s = checked(t, g)
	if s.nexus().Tile != galaxy.NexusActive || !s.Adjacent(lodor, n.Pos) || !s.Adjacent(1, n.Pos) {
		t.Fatal("active, the nexus is next to the alpha (Lodor) and beta (Quann) systems")
	}

	// Control of Mallice turns it too (100.2), at the next action.
	g = tacticalFixture(t, func(s *State) {
		m := s.nexus().Planets[0]
		m.Controller, m.ControlToken = 1, true
	})
	activated(t, g, 0, 9)
	if checked(t, g).nexus().Tile != galaxy.NexusActive {
		t.Fatal("Mallice is controlled: the nexus is active")
	}
}

// 7.3, Nexus Sovereignty: for, the nexus's alpha and beta wormholes do
// nothing during movement; the systems stay adjacent otherwise, and a
// shared gamma wormhole still leads in.
func TestRule7_3_NexusSovereignty(t *testing.T) {
	stage := func(law bool) func(s *State) {
		return func(s *State) {
			s.nexus().Tile = galaxy.NexusActive
			s.System(2).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}} // Lodor: alpha
			s.System(9).Tokens = append(s.System(9).Tokens, Token{Kind: "gamma", Owner: None})
			s.System(9).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
			if law {
				withLaw("nexus_sovereignty", None)(s)
			}
		}
	}
	for _, law := range []bool{false, true} {
		g := tacticalFixture(t, stage(law))
		n := g.State().nexus().Pos
		if !g.State().Adjacent(2, n) {
			t.Fatal("the law leaves adjacency alone")
		}
		activated(t, g, 0, n)
		if law {
			refuse(t, g, moveShips(0, 2, "carrier", 1), "58.4")
			if slices.Contains(g.State().moveNeighbors(n, g.State().moverOf(0)), 2) {
				t.Fatal("nor may ships leave the nexus through its alpha wormhole")
			}
		} else {
			do(t, g, moveShips(0, 2, "carrier", 1))
		}
		do(t, g, moveShips(0, 9, "carrier", 1)) // gamma to gamma
	}
}

// 39.2a (rules version 12): the wormhole nexus, off the board, is on its
// edge: ships there count for Populate the Outer Rim with two edge
// systems more; version 11 did not count it.
func TestRule39_2a_NexusIsOnTheEdge(t *testing.T) {
	for _, rules := range []int{RulesCurrent, RulesStorms} {
		cfg := fixtureConfig()
		cfg.Rules = rules
		g := fixture(t, cfg, nil)
		s := g.State()
		n := s.nexus()
		placed := 0
		for _, sys := range s.Systems {
			if placed < 2 && sys.Pos < galaxy.OffBoard && s.edgeNotHome(0)(sys) && len(sys.Space) == 0 {
				sys.Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}}
				placed++
			}
		}
		n.Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}}
		got := s.countSystems(0, unitsIn, s.edgeNotHome(0))
		if want := map[bool]int{true: 3, false: 2}[rules >= RulesWipes]; placed != 2 || got != want {
			t.Fatalf("rules %d: %d edge systems with units, want %d", rules, got, want)
		}
	}
}
