package ti4

import (
	"github.com/mecatol/mecatol/internal/engine"
)

// CoupAsk is the window before a strategic action resolves (Coup d'Etat):
// every other player answers in turn from the active player's left, so a
// pause tells nobody who holds the card (1.19). The action resolves once
// all have passed.
type CoupAsk struct {
	Seat  int    `json:"seat"` // the active player
	Card  string `json:"card"` // the strategy card about to be used
	Queue []int  `json:"queue,omitempty"`
}

// Coup d'Etat events.
const (
	EvCoupWindow = "strategic_action_announced"
	EvCoupPassed = "strategic_window_passed"
	EvCouped     = "strategic_action_stopped" // the turn ends; the card stays unused
	EvCoupClosed = "strategic_window_closed"
)

// coupFollowUps resolves the announced strategic action once every other
// player has let it stand.
func coupFollowUps(s *State, rng *engine.RNG) []Event {
	w := s.CoupAsk
	if w == nil || len(w.Queue) > 0 || s.PendingAC != nil {
		return nil
	}
	ev := s.emit(Event{Kind: EvCoupClosed}, Event{Kind: EvStrategicBegun, Seat: w.Seat, Card: w.Card})
	return s.extend(ev, primary(s, w.Seat, w.Card, rng)...)
}

// Coup d'Etat's window: a strategic action announced waits while every
// other player answers.
func init() {
	registerWindow(answerWindow{order: 1, card: "coup_detat", pass: decideCoupPass,
		queue: func(s *State) ([]int, bool) {
			if s.CoupAsk == nil {
				return nil, false
			}
			return s.CoupAsk.Queue, true
		},
		waits: func(s *State) string {
			return "the " + s.CoupAsk.Card + " strategic action waits for every other player to answer"
		}})
}

func decideCoupPass(s *State, a Action) ([]Event, error) {
	if err := answersFirst(s.CoupAsk.Queue, a.Seat); err != nil {
		return nil, err
	}
	return s.emit(Event{Kind: EvCoupPassed, Seat: a.Seat}), nil
}

// coupDetat stops the strategic action: its player's turn ends and the
// strategy card is not exhausted.
func init() { defineCard("coup_detat", &actionCard{play: coupDetat}) } // offered by its window

func coupDetat(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	w := s.CoupAsk
	if w == nil || len(w.Queue) == 0 || w.Queue[0] != a.Seat {
		return nil, engine.Refuse("1.15", "Coup d'Etat is played when another player would perform a strategic action")
	}
	return s.emit(Event{Kind: EvCouped, Seat: w.Seat, Card: w.Card}, Event{Kind: EvTurnEnded, Seat: w.Seat}), nil
}

func applyCoup(s *State, e *Event) bool {
	switch e.Kind {
	case EvCoupWindow:
		s.CoupAsk = &CoupAsk{Seat: e.Seat, Card: e.Card, Queue: s.othersFromLeft(e.Seat)}
	case EvCoupPassed:
		s.CoupAsk.Queue = s.CoupAsk.Queue[1:] // as Sabotage's queue: no one writes a queue in place
	case EvCouped, EvCoupClosed:
		s.CoupAsk = nil
	default:
		return false
	}
	return true
}
