package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// Component actions (LRR 22): actions printed on cards and sheets. Each
// card that has one registers a Component; the action phase offers it as a
// turn's action, and it ends the turn like any other action (3.1).

// Component is one component action.
type Component struct {
	// Available reports whether seat may perform it now (owns the card, can
	// pay its cost); the returned error carries the rule that forbids it.
	Available func(s *State, seat int) error
	// Resolve returns the action's events, drawing from rng if needed.
	Resolve func(s *State, seat int, rng *engine.RNG) []Event
	// InGame, if set, reports that the game has the component at all (the
	// Codex's relics): otherwise it is not even a candidate, so that the
	// games of earlier rules versions list what they listed.
	InGame func(s *State) bool
}

// componentInGame reports that the game has the component action id.
func componentInGame(s *State, id string) bool {
	c := components[id]
	return c.InGame == nil || c.InGame(s)
}

// ActComponent performs the component action named by Card.
const ActComponent = "component_action"

var components = map[string]Component{}

// RegisterComponent adds a component action under the card's id. Cards call
// it from init functions; a duplicate id is a programming error.
func RegisterComponent(id string, c Component) {
	if _, dup := components[id]; dup {
		panic("ti4: component action " + id + " registered twice")
	}
	components[id] = c
	i, _ := slices.BinarySearch(componentList, id)
	componentList = slices.Insert(componentList, i, id)
}

// componentIDs lists the registered component actions in order. Read only.
func componentIDs() []string { return componentList }

// componentList is componentIDs, kept by RegisterComponent so that
// legal-move generation does not sort the registry for every list.
var componentList []string

func decideComponent(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	if err := checkTurn(s, a.Seat); err != nil {
		return nil, err
	}
	c, ok := components[a.Card]
	if !ok {
		return nil, engine.BadInput("card", "no component action %q", a.Card)
	}
	if err := c.Available(s, a.Seat); err != nil {
		return nil, err
	}
	ev := c.Resolve(s, a.Seat, rng)
	return s.extend(ev, s.turnOver(a.Seat, true)), nil
}
