package ti4

import (
	"slices"
	"testing"
)

// 7.3, 84.1, Checks and Balances: for, each card chosen goes to another
// player who has fewer than the cards each player takes, if there is one;
// the chooser keeps its trade goods, and the order of choosing is unchanged
// (84.1c: a second round in a three-player game).
func TestRule7_3_ChecksAndBalances(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		withLaw("checks_and_balances", None)(s)
		s.StrategyTG = map[string]int{"leadership": 2}
	})
	refuse(t, g, Action{Kind: ActPick, Seat: 0, Card: "leadership"}, "7.3")
	refuse(t, g, Action{Kind: ActPick, Seat: 0, Card: "leadership", ActionExtra: &ActionExtra{Player: ip(0)}}, "7.3")
	if legal := Legal(g.State(), engineRNG(), 0); !slices.ContainsFunc(legal, func(a Action) bool { return a.Kind == ActPick && a.extra().Player != nil && *a.extra().Player == 2 }) {
		t.Fatalf("Legal should offer to give the card: %v", legal)
	}
	tg := g.State().Players[0].TradeGoods
	pick := func(seat int, card string, to int) {
		t.Helper()
		do(t, g, Action{Kind: ActPick, Seat: seat, Card: card, ActionExtra: &ActionExtra{Player: ip(to)}})
		for w := g.State().PickAsk; w != nil; w = g.State().PickAsk { // no Public Disgrace
			do(t, g, act(ActPassWindow, w.Queue[0]))
		}
	}
	pick(0, "leadership", 1)
	s := g.State()
	if !slices.Contains(s.Players[1].StrategyCards, "leadership") || len(s.Players[0].StrategyCards) != 0 || s.Players[0].TradeGoods != tg+2 || s.Turn != 1 {
		t.Fatalf("seat 1 holds Leadership, seat 0 its trade goods, seat 1 chooses next: turn %d", s.Turn)
	}
	pick(1, "diplomacy", 2)
	refuse(t, g, Action{Kind: ActPick, Seat: 2, Card: "politics", ActionExtra: &ActionExtra{Player: ip(2)}}, "7.3")
	pick(2, "politics", 1)
	refuse(t, g, Action{Kind: ActPick, Seat: 0, Card: "trade", ActionExtra: &ActionExtra{Player: ip(1)}}, "7.3") // seat 1 has its two
	pick(0, "trade", 2)
	pick(1, "warfare", 0)
	pick(2, "technology", 0)
	s = checked(t, g)
	for q := range 3 {
		if len(s.Players[q].StrategyCards) != 2 {
			t.Fatalf("seat %d holds %v", q, s.Players[q].StrategyCards)
		}
	}
	if s.Phase != PhaseAction {
		t.Fatalf("the strategy phase ends once every player has chosen twice: %s", s.Phase)
	}

	// The last chooser, with no one else short of a card, keeps it.
	zero := 0
	g = fixture(t, Config{Players: 6, Seed: 3, Speaker: &zero}, withLaw("checks_and_balances", None))
	order := g.State().SpeakerOrder()
	cards := []string{"leadership", "diplomacy", "politics", "construction", "trade", "warfare"}
	for i, q := range order[:5] {
		pick(q, cards[i], order[(i+1)%5]) // the fifth gives to the first
	}
	last := order[5]
	if to := receivers(g.State(), last); len(to) != 0 {
		t.Fatalf("every other player holds a card: %v", to)
	}
	if _, err := g.Do(Action{Kind: ActPick, Seat: last, Card: "warfare", ActionExtra: &ActionExtra{Player: ip(order[0])}}); err == nil {
		t.Fatal("no one may be given the last card")
	}
	do(t, g, Action{Kind: ActPick, Seat: last, Card: "warfare"})
	for _, q := range order {
		if len(checked(t, g).Players[q].StrategyCards) != 1 {
			t.Fatalf("seat %d holds %v", q, g.State().Players[q].StrategyCards)
		}
	}

	// Public Disgrace sends a given card back from whoever holds it.
	g = fixture(t, fixtureConfig(), func(s *State) {
		withLaw("checks_and_balances", None)(s)
		giveAC(1, "public_disgrace")(s)
	})
	do(t, g, Action{Kind: ActPick, Seat: 0, Card: "leadership", ActionExtra: &ActionExtra{Player: ip(2)}})
	play(t, g, playAC(1, "public_disgrace"))
	s = checked(t, g)
	if len(s.Players[2].StrategyCards) != 0 || !slices.Contains(s.Strategy, "leadership") || s.Turn != 0 || s.picksOf(0) != 0 {
		t.Fatalf("the choice is undone: seat 2 %v, turn %d", s.Players[2].StrategyCards, s.Turn)
	}
	refuse(t, g, Action{Kind: ActPick, Seat: 0, Card: "leadership", ActionExtra: &ActionExtra{Player: ip(2)}}, "2.7")
	do(t, g, Action{Kind: ActPick, Seat: 0, Card: "diplomacy", ActionExtra: &ActionExtra{Player: ip(2)}})
}
