package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// DiscardAsk is the window after a player discards an action card with a
// component action (Reverse Engineer): every other player answers in turn
// from the speaker. A discarded card is public, so the window tells
// nothing of anyone's hand.
type DiscardAsk struct {
	Seat  int    `json:"seat"` // who discarded
	Card  string `json:"card"`
	Queue []int  `json:"queue,omitempty"`
}

// Reverse Engineer events.
const (
	EvDiscardWindow = "discard_window_opened"
	EvDiscardPassed = "discard_window_passed"
	EvACRetrieved   = "action_card_taken_from_discard"
)

// acTiming is an action card's timing, from the data.
func acTiming(card string) string {
	for _, c := range data.MustLoad().ActionCards {
		if c.ID == card {
			return c.Timing
		}
	}
	return ""
}

// discardFollowUps opens the window of the next such discard.
func discardFollowUps(s *State) []Event {
	if s.DiscardAsk != nil || len(s.Discarded) == 0 || s.PendingAC != nil {
		return nil
	}
	return s.emit(Event{Kind: EvDiscardWindow})
}

// Reverse Engineer's window: an action card discarded waits while every
// other player answers.
func init() {
	registerWindow(answerWindow{order: 2, card: "reverse_engineer", pass: decideDiscardPass,
		queue: func(s *State) ([]int, bool) {
			if s.DiscardAsk == nil {
				return nil, false
			}
			return s.DiscardAsk.Queue, true
		},
		waits: func(s *State) string { return s.DiscardAsk.Card + " was discarded: each other player may answer first" }})
}

func decideDiscardPass(s *State, a Action) ([]Event, error) {
	if err := answersFirst(s.DiscardAsk.Queue, a.Seat); err != nil {
		return nil, err
	}
	return s.emit(Event{Kind: EvDiscardPassed, Seat: a.Seat}), nil
}

// reverseEngineer takes the discarded card into its player's hand.
func init() { defineCard("reverse_engineer", &actionCard{play: reverseEngineer}) } // offered by its window

func reverseEngineer(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	w := s.DiscardAsk
	if w == nil || w.Queue[0] != a.Seat {
		return nil, engine.Refuse("1.15", "Reverse Engineer is played when another player discards an action card with a component action")
	}
	return s.emit(Event{Kind: EvACRetrieved, Seat: a.Seat, Card: w.Card}), nil
}

func applyReverse(s *State, e *Event) bool {
	switch e.Kind {
	case EvDiscardWindow:
		d := s.Discarded[0]
		s.Discarded = slices.Clone(s.Discarded[1:])
		if !slices.Contains(s.Decks.ActionDiscard, d.Card) {
			return true // already gone from the pile (a reshuffle)
		}
		for _, q := range s.SpeakerOrder() { // every other player still in the game
			if q != d.Seat {
				d.Queue = append(d.Queue, q)
			}
		}
		if len(d.Queue) > 0 {
			s.DiscardAsk = &d
		}
	case EvDiscardPassed:
		w := *s.DiscardAsk
		w.Queue = slices.Clone(w.Queue[1:])
		s.DiscardAsk = &w
		if len(w.Queue) == 0 {
			s.DiscardAsk = nil
		}
	case EvACRetrieved:
		d := s.Decks.ActionDiscard
		i := slices.Index(d, e.Card)
		for j := len(d) - 1; j >= 0; j-- { // the copy just discarded is the last one
			if d[j] == e.Card {
				i = j
				break
			}
		}
		s.Decks.ActionDiscard = slices.Delete(slices.Clone(d), i, i+1)
		s.Players[e.Seat].ActionCards = append(s.Players[e.Seat].ActionCards, e.Card)
		s.DiscardAsk = nil
	default:
		return false
	}
	return true
}
