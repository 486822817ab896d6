package ti4

import "testing"

// The Nomad, Quantum Manipulator (55, 87): in a space combat the mech in
// the space area cancels a hit on the Nomad's ships by sustaining damage;
// it is not destroyed in their place, and once damaged it cancels no more.
func TestFactionUnit_QuantumManipulator(t *testing.T) {
	for seed := uint64(1); seed < 60; seed++ {
		cfg := fixtureConfig("nomad", "sol", "hacan")
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := fixture(t, cfg, func(s *State) {
			s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}, {Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "mech", Count: 1}}
			s.System(23).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 3}}
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 23)
		do(t, g, moveShips(0, 9, "dreadnought", 1))
		do(t, g, moveShips(0, 9, "carrier", 1))
		do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(9), Unit: "mech", Count: 1})
		do(t, g, act(ActEndMovement, 0))
		declineWindows(t, g)
		do(t, g, act(ActNoRetreat, 1))
		do(t, g, act(ActNoRetreat, 0))
		declineWindows(t, g)
		if c := g.State().Combat; c == nil || len(c.Owed) == 0 || c.Owed[0].Seat != 0 {
			continue
		}
		refuse(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "mech"}, "55")
		do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "mech", Use: true})
		sp := g.State().System(23).Space
		for _, st := range sp {
			if st.Owner == 0 && st.Unit == "mech" && st.Damaged != 1 {
				t.Fatalf("space %+v: the mech damaged", sp)
			}
		}
		if count(sp, 0, "carrier") != 1 || count(sp, 0, "dreadnought") != 1 {
			t.Fatalf("space %+v: the hit cancelled, no ship lost", sp)
		}
		if c := g.State().Combat; c != nil && len(c.Owed) > 0 && c.Owed[0].Seat == 0 {
			refuse(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "mech", Use: true}, "78.6") // damaged: no longer among the units the hit may go to
		}
		return
	}
	t.Fatal("no seed hit the Nomad")
}
