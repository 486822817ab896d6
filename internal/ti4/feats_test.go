package ti4

import (
	"testing"
)

// wonAgainstWarSun plays Jol-Nar's attack on Sol's lone war sun until a
// seed where the war sun dies and Jol-Nar holds the system.
func wonAgainstWarSun(t *testing.T) *Game {
	t.Helper()
	for seed := uint64(1); seed < 30; seed++ {
		cfg := fixtureConfig()
		cfg.Seed = seed
		g := fixture(t, cfg, func(s *State) {
			s.Players[0].Secrets = []string{"destroy_their_greatest_ship"}
			s.Players[0].Fleet = 5
			s.System(9).Space = []Stack{{Owner: 0, Unit: "war_sun", Count: 2}, {Owner: 0, Unit: "dreadnought", Count: 3}}
			s.System(23).Space = []Stack{{Owner: 1, Unit: "war_sun", Count: 1}}
			s.Players[0].Techs = append(s.Players[0].Techs, "war_sun")
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		refuse(t, g, Action{Kind: ActScore, Seat: 0, Card: "destroy_their_greatest_ship"}, "61.5")
		do(t, g, activate(0, 23))
		do(t, g, moveShips(0, 9, "war_sun", 2))
		do(t, g, moveShips(0, 9, "dreadnought", 3))
		do(t, g, act(ActEndMovement, 0))
		fightOut(t, g)
		if s := g.State(); !shipsOf(s.System(23), 1) && shipsOf(s.System(23), 0) {
			return g
		}
	}
	t.Fatal("no seed destroyed the war sun")
	return nil
}

// 61.3, 61.5, 61.7: an action-phase secret objective is scored for a deed
// of the current turn, once the combat is over.
func TestRule61_7_ActionPhaseSecrets(t *testing.T) {
	g := wonAgainstWarSun(t)
	do(t, g, Action{Kind: ActScore, Seat: 0, Card: "destroy_their_greatest_ship"})
	if p := g.State().Players[0]; p.VP != 1 || len(p.ScoredSecrets) != 1 {
		t.Fatalf("VP %d", p.VP)
	}
}

// The deed is forgotten when the turn ends.
func TestRule61_7_FeatsLastATurn(t *testing.T) {
	g := wonAgainstWarSun(t)
	do(t, g, act(ActEndTactical, 0))
	refuse(t, g, Action{Kind: ActScore, Seat: 0, Card: "destroy_their_greatest_ship"}, "61.5")
}
