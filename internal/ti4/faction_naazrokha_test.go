package ti4

import "testing"

// The Naaz-Rokha, Eidolon (55, 78): the mech carried into a space combat
// flips and fights as a ship, 2 dice that hit on 8; a mech of another
// faction in a space area does not fight.
func TestFactionUnit_Eidolon(t *testing.T) {
	for _, faction := range []string{"naazrokha", "hacan"} {
		cfg := fixtureConfig(faction, "sol", "jolnar")
		cfg.Rules = RulesCurrent
		g := fixture(t, cfg, func(s *State) {
			s.System(9).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "mech", Count: 1}}
			s.System(23).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 3}}
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 23)
		do(t, g, moveShips(0, 9, "carrier", 1))
		do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(9), Unit: "mech", Count: 1})
		do(t, g, act(ActEndMovement, 0))
		declineWindows(t, g)
		c := g.State().Combat
		if got, want := count(c.x().AsShips, 0, "mech"), btoi(faction == "naazrokha"); got != want {
			t.Fatalf("%s: %d mechs fight as ships, want %d", faction, got, want)
		}
		if faction != "naazrokha" {
			continue
		}
		s := g.State()
		if got := s.shipSide(0, profile(s, 0, "mech").Combat); got.Hit != 8 || got.Dice != 2 {
			t.Fatalf("the ship side %+v: 2 dice on 8", got)
		}
		do(t, g, act(ActNoRetreat, 1))
		ev := do(t, g, act(ActNoRetreat, 0))
		if n := len(combatDice(ev)); n != 1+2+3 {
			t.Fatalf("%d dice in the round: the carrier's, the mech's 2 and the 3 cruisers'", n)
		}
	}
}
