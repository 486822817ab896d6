package ti4

import "testing"

// Argent Flight, Aerie Sentinel (55, 16): at home, with a carrier and a
// space dock full of fighters (4 and 3), the mech takes no room, and the
// full carrier still carries it; a cruiser, which has no capacity, carries
// none, and with no ship with capacity the mech is over capacity. Under
// rules version 5 it took room as any ground force.
func TestFactionUnit_AerieSentinel(t *testing.T) {
	for _, rules := range []int{RulesLeaders, RulesCurrent} {
		cfg := fixtureConfig("argent", "sol", "hacan")
		cfg.Rules = rules
		g := fixture(t, cfg, func(s *State) {
			s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "fighter", Count: 7},
				{Owner: 0, Unit: "mech", Count: 1}, {Owner: 0, Unit: "cruiser", Count: 1}}
		})
		s := g.State()
		if over := s.excessIn(s.System(22), 0); over != (rules < RulesMechs) {
			t.Fatalf("rules %d: a carrier and a dock full of fighters, and the mech: over capacity %v", rules, over)
		}
		if rules < RulesMechs {
			continue
		}
		l := s.loadIn(0, s.System(22))
		l.room = 0
		if l.capOver() == 0 {
			t.Fatal("with no ship with capacity there, the mech is over capacity")
		}
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 9)
		do(t, g, moveShips(0, 22, "cruiser", 1))
		refuse(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "mech", Count: 1}, "16.1")
		do(t, g, moveShips(0, 22, "carrier", 1))
		do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "fighter", Count: 4})
		do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "mech", Count: 1})
	}
}
