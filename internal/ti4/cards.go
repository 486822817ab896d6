package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// Action cards (LRR 2): drawn into hidden hands (2.3, 2.5) of at most seven
// (2.4). Playing them comes with their abilities.

// HandLimit is the most action cards a hand may hold (2.4).
const HandLimit = 7

// handLimitOf is seat's hand limit: the limit in force, unless an ability
// lifts it.
func (s *State) handLimitOf(seat int) int {
	if s.has(seat, hookNoHandLimit) {
		return 1 << 20
	}
	return s.handLimit()
}

// handLimit is the limit in force: Executive Sanctions lowers it to three.
func (s *State) handLimit() int {
	if s.lawSays(LawHandLimitThree) {
		return 3
	}
	return HandLimit
}

// Hand-limit kinds.
const (
	StepDiscard = "discard_action_cards"
	// StepDrawDiscard: Need action cards to discard after drawing more
	// (Scheming), whatever the hand limit.
	StepDrawDiscard = "discard_after_drawing"
	ActDiscardAC    = "discard_action_card"
	EvACDiscarded   = "action_card_discarded"
	// EvActionDeckSet: the action deck is now NewDeck, in that order (an
	// ability's cards put on top, the rest shuffled); Count 1: the discard
	// pile went into it.
	EvActionDeckSet = "action_deck_set"
	// EvCommodityGoods: Seat may spend commodities as trade goods (Count
	// 1), or no longer (Count 0: Player.CommodityGoods).
	EvCommodityGoods = "commodities_as_trade_goods"
)

// handFollowUps opens a discard step for the first player, in seat order,
// holding more than seven action cards.
func handFollowUps(s *State) []Event {
	if st := s.Step; st != nil {
		if n := len(s.Players[st.Seat].ActionCards); st.Kind == StepDiscard && (n <= s.handLimit() || n <= s.handLimitOf(st.Seat)) {
			return s.emit(Event{Kind: EvStepCleared, Seat: st.Seat})
		}
		return nil
	}
	if s.Combat != nil {
		return nil
	}
	limit := s.handLimit()
	for _, p := range s.Players {
		// the limit in force first: abilities are asked only past it
		if !p.Eliminated && len(p.ActionCards) > limit && len(p.ActionCards) > s.handLimitOf(p.Seat) {
			return s.emit(step(StepDiscard, p.Seat, "", false))
		}
	}
	return nil
}

// Discarding down to the hand limit: the player chooses which (2.4).
func decideDiscardAC(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepDiscard, StepDrawDiscard)
	if err != nil {
		return nil, engine.Refuse("2.4", "only a player over the hand limit, or told to discard, discards now")
	}
	if !slices.Contains(s.Players[a.Seat].ActionCards, a.Card) {
		return nil, engine.BadInput("card", "%q is not in your hand", a.Card)
	}
	ev := s.emit(Event{Kind: EvACDiscarded, Seat: a.Seat, Card: a.Card})
	if st.Kind == StepDrawDiscard {
		ev = s.extend(ev, Event{Kind: EvStepProgress, Seat: a.Seat})
		if st.Count+1 >= st.Need {
			ev = s.extend(ev, Event{Kind: EvStepCleared, Seat: a.Seat})
		}
	}
	return ev, nil
}

func applyCards(s *State, e *Event) bool {
	switch e.Kind {
	case EvCommodityGoods:
		s.Players[e.Seat].CommodityGoods = e.Count == 1
		return true
	case EvActionDeckSet:
		s.Decks.ActionCards = slices.Clone(e.extra().NewDeck)
		if e.Count == 1 {
			s.Decks.ActionDiscard = nil
		}
		return true
	case EvACDiscarded:
	default:
		return false
	}
	p := s.Players[e.Seat]
	i := slices.Index(p.ActionCards, e.Card)
	p.ActionCards = slices.Delete(p.ActionCards, i, i+1)
	s.Decks.ActionDiscard = append(s.Decks.ActionDiscard, e.Card)
	if acTiming(e.Card) == "action" { // the others may answer (Reverse Engineer)
		s.Discarded = append(slices.Clone(s.Discarded), DiscardAsk{Seat: e.Seat, Card: e.Card})
	}
	return true
}
