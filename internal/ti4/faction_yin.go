package ti4

import (
	"github.com/mecatol/mecatol/internal/engine"
)

// The Yin Brotherhood's abilities.
func init() {
	// Devotion: after each space combat round the combat outlasts, the Yin
	// may destroy one of their cruisers or destroyers in the system for a
	// hit on the opponent's ships there (78).
	define(&Ability{ID: "yin:devotion", Since: RulesFactions,
		Uses: []*Use{{At: AfterCombatRound, Fields: "unit", Options: devotionOptions, Resolve: devotion}}})
}

func devotionOptions(s *State, seat int, _ *Step) []Action {
	c := s.Combat
	if c == nil || c.Kind != "space" {
		return nil
	}
	var out []Action
	for _, u := range []string{"cruiser", "destroyer"} {
		if count(s.System(c.System).Space, seat, u) > 0 {
			out = append(out, Action{Unit: u})
		}
	}
	return out
}

func devotion(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	c := s.Combat
	if a.Unit != "cruiser" && a.Unit != "destroyer" {
		return nil, engine.Refuse("78", "Devotion destroys a cruiser or a destroyer of yours")
	}
	if count(s.System(c.System).Space, a.Seat, a.Unit) == 0 {
		return nil, engine.Refuse("78", "no %s of yours in the system", a.Unit)
	}
	n := c.clone()
	n.Answer = nextAsk(n, &n.Enders, AnswerRoundEnd)
	n.Owed = append(n.Owed, Owed{Seat: opponent(c, a.Seat), Hits: 1, Rule: "78", By: a.Seat})
	return s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: c.System, Unit: a.Unit, Count: 1}, newCombat(n, nil)), nil
}
