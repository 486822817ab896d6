package ti4

import (
	"slices"
	"testing"
)

// 7.3, 7.5: laws used by their owner at their moment, then discarded.
func TestRule7_5_LawsUsedAndDiscarded(t *testing.T) {
	t.Run("committee_formation", func(t *testing.T) {
		g := fixtureAgendaWindows(t, []string{"political_censure", "mutiny"}, withLaw("committee_formation", 1))
		refuse(t, g, Action{Kind: ActUseLaw, Seat: 1, Card: "committee_formation", Outcome: "1"}, "1.20") // seat 0 answers first
		do(t, g, act(ActPassWindow, 0))
		refuse(t, g, Action{Kind: ActUseLaw, Seat: 2, Card: "committee_formation", Outcome: "2"}, "7.4")
		do(t, g, Action{Kind: ActUseLaw, Seat: 1, Card: "committee_formation", Outcome: "1"})
		passWindows(t, g)
		s := g.State()
		if !s.OwnsLaw(1, "political_censure") || s.Law("committee_formation") != nil || s.Players[1].VP != 1 {
			t.Fatalf("seat 1 chose itself without a vote: laws %v", s.Laws)
		}
		if err := CheckInvariants(s); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("imperial_arbiter", func(t *testing.T) {
		g := fixture(t, fixtureConfig(), withLaw("imperial_arbiter", 2))
		for i, c := range []string{"leadership", "diplomacy", "politics", "trade", "warfare"} {
			pickAndPass(t, g, i%3, c)
		}
		do(t, g, pick(2, "technology"))
		if s := g.State(); s.PickAsk == nil || s.Step != nil {
			t.Fatalf("the last choice's window (Public Disgrace) comes before the law: %+v %+v", s.PickAsk, s.Step)
		}
		for w := g.State().PickAsk; w != nil; w = g.State().PickAsk {
			do(t, g, act(ActPassWindow, w.Queue[0]))
		}
		s := g.State()
		if s.Phase != PhaseStrategy || s.Step == nil || s.Step.Kind != StepArbiter || s.Step.Seat != 2 {
			t.Fatalf("the owner is offered the swap before the action phase: %s %+v", s.Phase, s.Step)
		}
		refuse(t, g, Action{Kind: ActUseLaw, Seat: 2, Card: "imperial_arbiter", Outcome: "leadership:politics"}, "7.3")
		do(t, g, Action{Kind: ActUseLaw, Seat: 2, Card: "imperial_arbiter", Outcome: "politics:leadership"})
		s = g.State()
		if s.Phase != PhaseAction || !slices.Contains(s.Players[2].StrategyCards, "leadership") || !slices.Contains(s.Players[0].StrategyCards, "politics") || s.Law("imperial_arbiter") != nil {
			t.Fatalf("swapped: %v / %v", s.Players[0].StrategyCards, s.Players[2].StrategyCards)
		}
		if s.Turn != 2 {
			t.Fatalf("initiative follows the swap: seat %d first", s.Turn)
		}
	})
	t.Run("minister_of_peace", func(t *testing.T) {
		g := tacticalFixture(t, func(s *State) {
			withLaw("minister_of_peace", 1)(s)
			s.System(9).Space = []Stack{{Owner: 2, Unit: "destroyer", Count: 1}}
		})
		do(t, g, activate(0, 9))
		s := g.State()
		if s.Step == nil || s.Step.Kind != StepPeace || s.Step.Seat != 1 {
			t.Fatalf("the owner may end the turn: %+v", s.Step)
		}
		refuse(t, g, moveShips(0, 22, "carrier", 1), "82.3") // waits for the owner
		do(t, g, Action{Kind: ActUseLaw, Seat: 1, Card: "minister_of_peace"})
		s = g.State()
		if s.Tactical != nil || s.Turn == 0 || s.Law("minister_of_peace") != nil || !slices.Contains(s.System(9).Command, 0) {
			t.Fatalf("the turn ends, the token stays: tactical %+v turn %d", s.Tactical, s.Turn)
		}
	})
	t.Run("minister_of_war", func(t *testing.T) {
		g := tacticalFixture(t, withLaw("minister_of_war", 0))
		do(t, g, activate(0, 23))
		do(t, g, act(ActEndMovement, 0))
		do(t, g, act(ActEndTactical, 0))
		s := g.State()
		if s.Step == nil || s.Step.Kind != StepWar || s.Step.Seat != 0 || s.Turn != 1 {
			t.Fatalf("after its action, the owner may take a token back: %+v, turn %d", s.Step, s.Turn)
		}
		refuse(t, g, activate(1, 10), "3.1") // the next player waits for the owner
		refuse(t, g, Action{Kind: ActUseLaw, Seat: 0, Card: "minister_of_war", System: ip(10)}, "7.3")
		do(t, g, Action{Kind: ActUseLaw, Seat: 0, Card: "minister_of_war", System: ip(23)})
		s = checked(t, g)
		if slices.Contains(s.System(23).Command, 0) || s.Law("minister_of_war") != nil || s.Step != nil {
			t.Fatalf("the token leaves system 23 and the law is discarded: %v", s.System(23).Command)
		}
		// Then the owner performs one more action before the next player.
		if s.Turn != 0 || !s.ExtraAction {
			t.Fatalf("the owner's additional action: turn %d", s.Turn)
		}
		refuse(t, g, activate(1, 10), "4")
		do(t, g, activate(0, 23)) // the token came back, so the system can be activated again
		do(t, g, act(ActEndMovement, 0))
		do(t, g, act(ActEndTactical, 0))
		if s := checked(t, g); s.Turn != 1 || s.ExtraAction || s.Step != nil {
			t.Fatalf("then the next player: turn %d, step %+v", s.Turn, s.Step)
		}
		do(t, g, activate(1, 10)) // the game goes on

		// The additional action may be declined without passing.
		g = tacticalFixture(t, withLaw("minister_of_war", 0))
		do(t, g, activate(0, 23))
		do(t, g, act(ActEndMovement, 0))
		do(t, g, act(ActEndTactical, 0))
		do(t, g, Action{Kind: ActUseLaw, Seat: 0, Card: "minister_of_war", System: ip(23)})
		do(t, g, act(ActDone, 0))
		if s := checked(t, g); s.Turn != 1 || s.Players[0].Passed {
			t.Fatalf("declined: turn %d, passed %v", s.Turn, s.Players[0].Passed)
		}

		// Declined, the law stays; another player's action asks nothing.
		g = tacticalFixture(t, withLaw("minister_of_war", 0))
		do(t, g, activate(0, 23))
		do(t, g, act(ActEndMovement, 0))
		do(t, g, act(ActEndTactical, 0))
		do(t, g, act(ActDone, 0))
		do(t, g, activate(1, 21))
		do(t, g, act(ActEndMovement, 1))
		do(t, g, act(ActEndTactical, 1))
		if s := checked(t, g); s.Step != nil || s.Law("minister_of_war") == nil {
			t.Fatalf("step %+v", s.Step)
		}
	})
}
