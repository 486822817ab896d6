package ti4

import (
	"github.com/mecatol/mecatol/internal/engine"
)

// Auto-pass is a player's standing choice, for games played by post: when
// the game waits on them in a window (an action card's Sabotage window, a
// combat or invasion card, Coup d'Etat, an agenda's "when" or "after", the
// Decoy Operation window after an activation, declined with done) and
// passing is the only thing they may do, the pass is made for them at once.
// Every player is asked in turn whatever their hand, so that a pause never
// tells who holds a card (1.19); a player who turns this on accepts that
// their quick passes tell the others they had nothing to answer with.
// It is a setting, not a move of the game: Legal does not list it.

// ActAutoPass turns the setting on (use) or off for the acting player.
const ActAutoPass = "set_auto_pass"

// EvAutoPass records the setting: Count 1 on, 0 off.
const EvAutoPass = "auto_pass_set"

func decideAutoPass(s *State, a Action) ([]Event, error) {
	p := s.Players[a.Seat]
	if p.AutoPass == a.Use {
		return nil, engine.Refuse("1.19", "automatic passing is already %s", map[bool]string{true: "on", false: "off"}[a.Use])
	}
	n := 0
	if a.Use {
		n = 1
	}
	return s.emit(Event{Kind: EvAutoPass, Seat: a.Seat, Count: n}), nil
}

func applyAutoPass(s *State, e *Event) bool {
	if e.Kind != EvAutoPass {
		return false
	}
	s.Players[e.Seat].AutoPass = e.Count == 1
	return true
}

// autoPassFollowUps passes for the player the game waits on, when they have
// the setting on and passing is their only legal action.
func autoPassFollowUps(s *State, rng *engine.RNG) []Event {
	on := false
	for _, p := range s.Players {
		on = on || (p.AutoPass && !p.Eliminated)
	}
	if !on {
		return nil
	}
	for _, q := range Deciding(s) {
		if !s.Players[q].AutoPass {
			continue
		}
		pass, trial := Action{Kind: passKind(s, q), Seat: q}, *rng
		ev, err := decide(s, pass, &trial)
		if err != nil {
			continue // no window asks them now: the cheap test first
		}
		if legal := AppendLegal(nil, s, *rng, q); len(legal) == 1 && legal[0].Kind == pass.Kind {
			*rng = trial
			return ev
		}
	}
	return nil
}

// doneWindows are the windows a player declines with `done` rather than
// `pass_window`: they are queued as steps of the player asked.
var doneWindows = map[string]bool{StepDecoy: true}

// passKind is how seat declines the window it is asked in now.
func passKind(s *State, seat int) string {
	if st := s.Step; st != nil && st.Seat == seat && doneWindows[st.Kind] {
		return ActDone
	}
	return ActPassWindow
}
