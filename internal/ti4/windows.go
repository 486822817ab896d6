package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// Answer windows: after a card is played, a strategic action announced or
// an action card discarded, every other player in turn may answer with
// one card or pass (1.19). Each such window is registered by the file of
// the card that answers it, with its place in the order of windows; that
// order is written once, here, and decide (decideHeld), the candidates
// (lister.answers) and the waiting-for-whom view (Deciding) all read it.

type answerWindow struct {
	order int    // lower first: the window that takes precedence
	card  string // the card that answers
	// queue is who is still to answer, in turn, and whether the window is
	// open at all.
	queue func(s *State) ([]int, bool)
	pass  func(s *State, a Action) ([]Event, error)
	// waits says what the game waits for, in the refusal of other actions.
	waits func(s *State) string
}

var answerWindows []answerWindow

// registerWindow adds a window in its place in the order.
func registerWindow(w answerWindow) {
	i, _ := slices.BinarySearchFunc(answerWindows, w.order, func(x answerWindow, o int) int { return x.order - o })
	answerWindows = slices.Insert(answerWindows, i, w)
}

// openWindow is the window that holds the game, and who is to answer it.
func (s *State) openWindow() (*answerWindow, []int) {
	for i := range answerWindows {
		if q, ok := answerWindows[i].queue(s); ok {
			return &answerWindows[i], q
		}
	}
	return nil, nil
}

// decideWindow answers an action while a window is open: a pass, the card
// that answers it, and a refusal of the rest (1.19); the referee's effects
// go on.
func decideWindow(s *State, a Action, rng *engine.RNG) ([]Event, error, bool) {
	w, _ := s.openWindow()
	switch {
	case w == nil:
		return nil, nil, false
	case a.Kind == ActPassWindow:
		return held(w.pass(s, a))
	case a.Kind == ActPlayAC && a.Card == w.card:
		return held(decidePlayAC(s, a, rng))
	case a.Kind == ActUseAbility && lookup(a.Card) != nil && slices.ContainsFunc(lookup(a.Card).Uses, func(u *Use) bool { return u.At == WhenCardPlayed }):
		return held(decideUseAbility(s, a, rng)) // an ability that answers the card as Sabotage does
	case a.Seat != Referee:
		return held(nil, engine.Refuse("1.19", "%s", w.waits(s)))
	}
	return nil, nil, false
}

// windowHead is the player to answer the open window next, or None.
func windowHead(s *State) int {
	if _, q := s.openWindow(); len(q) > 0 {
		return q[0]
	}
	return None
}
