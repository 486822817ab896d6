package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// Checks and Balances (for, 7.3): a player who chooses a strategy card gives
// it to another player who has fewer than the cards each player takes, if
// there is one; they keep the card's trade goods (84.1a) and the choice
// still counts as theirs, so the order of choosing is unchanged.

// EvStrategyGiven moves a chosen card from the chooser (Seat) to Owner.
const EvStrategyGiven = "strategy_card_given"

// receivers lists who may be given seat's choice under Checks and Balances:
// none when the law is not in play.
func receivers(s *State, seat int) []int {
	if !s.lawSays(LawStrategyCardsGiven) {
		return nil
	}
	var out []int
	for _, q := range s.Active() {
		if q != seat && len(s.Players[q].StrategyCards) < s.CardsPerPlayer() {
			out = append(out, q)
		}
	}
	return out
}

func checksAndBalances(s *State, a Action) ([]Event, error) {
	to := receivers(s, a.Seat)
	switch {
	case len(to) == 0 && a.extra().Player != nil:
		return nil, engine.BadInput("player", "the card chosen is kept: no one may be given it")
	case len(to) == 0:
		return nil, nil
	case a.extra().Player == nil:
		return nil, engine.Refuse("7.3", "Checks and Balances: give the card to one of seats %v", to)
	case !slices.Contains(to, *a.extra().Player):
		return nil, engine.Refuse("7.3", "Checks and Balances: seat %d may not be given it; one of seats %v", *a.extra().Player, to)
	}
	return s.emit(Event{Kind: EvStrategyGiven, Seat: a.Seat, Owner: *a.extra().Player, Card: a.Card}), nil
}

func applyGiven(s *State, e *Event) bool {
	if e.Kind != EvStrategyGiven {
		return false
	}
	p, q := s.Players[e.Seat], s.Players[e.Owner]
	p.StrategyCards = slices.DeleteFunc(slices.Clone(p.StrategyCards), func(c string) bool { return c == e.Card })
	q.StrategyCards = append(slices.Clone(q.StrategyCards), e.Card)
	sortStrategy(q.StrategyCards)
	return true
}
