package ti4

import (
	"slices"
	"testing"
)

// 20.3b: from rules version 13 an effect that places a player's command
// token from reinforcements takes it, when none are left there, from the
// fullest pool on their sheet: Signal Jamming is no longer refused on
// such a player.
func TestRule20_3b_SignalJammingTakesFromAPool(t *testing.T) {
	cfg := fixtureConfig()
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		giveAC(0, "signal_jamming")(s)
		s.Players[1].Tactic += s.CommandReinforcements(1) // every token on the sheet
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	tactic := g.State().Players[1].Tactic
	play(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "signal_jamming", System: ip(23), ActionExtra: &ActionExtra{Player: ip(1)}})
	s := checked(t, g)
	if !slices.Contains(s.System(23).Command, 1) || s.Players[1].Tactic != tactic-1 || s.CommandReinforcements(1) != 0 {
		t.Fatalf("tactic %d (was %d), tokens in 23 %v", s.Players[1].Tactic, tactic, s.System(23).Command)
	}
}

// 20.3b: Wormhole Reconstruction against places a token in each wormhole
// system with the player's ships: with one token left in reinforcements
// and two systems, the second comes from the fullest pool from rules
// version 13 (before, it was left out:
// TestRule7_WormholeReconstructionAgainstRunsOut).
func TestRule20_3b_WormholeReconstructionTakesFromAPool(t *testing.T) {
	cfg := fixtureConfig()
	cfg.Rules = RulesCurrent
	g := agendaStartWith(t, cfg, []string{"wormhole_reconstruction", "mutiny"}, func(s *State) {
		s.System(1).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}} // Quann: beta
		s.System(2).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}} // Lodor: alpha
		s.Players[0].Tactic += s.CommandReinforcements(0) - 1
	})
	tactic := g.State().Players[0].Tactic
	for ag := g.State().Agenda; ag != nil && ag.Window == "start"; ag = g.State().Agenda {
		do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
	}
	passWindows(t, g)
	vote(t, g, 1, Against, "Jord")
	abstain(t, g, 2)
	abstain(t, g, 0)
	settle(t, g)
	s := checked(t, g)
	for _, pos := range []int{1, 2} {
		if !slices.Contains(s.System(pos).Command, 0) {
			t.Fatalf("no token of Jol-Nar's in %d", pos)
		}
	}
	if s.Players[0].Tactic != tactic-1 || s.CommandReinforcements(0) != 0 {
		t.Fatalf("tactic %d (was %d), %d in reinforcements", s.Players[0].Tactic, tactic, s.CommandReinforcements(0))
	}
}
