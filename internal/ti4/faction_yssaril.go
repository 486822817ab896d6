package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Yssaril Tribes' abilities.
func init() {
	// Crafty: no limit to the action cards in hand (2.8).
	define(&Ability{ID: "yssaril:crafty", Since: RulesFactions, NoHandLimit: true})
	// Stall Tactics: a component action discarding an action card.
	define(&Ability{ID: "yssaril:stall_tactics", Since: RulesFactions,
		Uses: []*Use{{At: AtAction, Fields: "outcome", Options: handOptions, Resolve: stallTactics}}})
	// Scheming: whenever the Yssaril draw action cards, one more, then
	// they discard one of their hand (a step before anything else goes on).
	define(&Ability{ID: "yssaril:scheming", Since: RulesPrinted, DrawExtra: 1})
}

// handOptions offers each action card in seat's hand (as outcome: the card
// field names the ability).
func handOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for i, c := range s.Players[seat].ActionCards {
		if !slices.Contains(s.Players[seat].ActionCards[:i], c) {
			out = append(out, Action{Outcome: c})
		}
	}
	return out
}

func stallTactics(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.Contains(s.Players[a.Seat].ActionCards, a.Outcome) {
		return nil, engine.BadInput("outcome", "%q is not in your hand", a.Outcome)
	}
	return s.emit(Event{Kind: EvACDiscarded, Seat: a.Seat, Card: a.Outcome}), nil
}
