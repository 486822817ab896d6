package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// What a bot plans with: read-only questions about objectives, answered by
// the same code that scores them.

// Objective is a public or secret objective's card.
func Objective(id string) (data.Card, bool) { return objective(id) }

// ObjectiveCost is what an objective scored by spending asks (61.10);
// false for one scored by meeting a condition.
func ObjectiveCost(id string) (Cost, bool) {
	c, ok := objectiveCosts[id]
	return c, ok
}

// Meets reports whether seat meets the condition of an objective scored by
// having something; false for one scored by spending, or unknown.
func (s *State) Meets(seat int, id string) bool {
	cond, ok := conditions[id]
	return ok && cond(s, seat)
}

// Affordable reports whether seat could pay c now, from its readied
// planets, trade goods and command tokens (61.10).
func (s *State) Affordable(seat int, c Cost) bool { return s.affordable(seat, c) }

// AffordableWithout is Affordable with the planet named skip kept back.
func (s *State) AffordableWithout(seat int, c Cost, skip string) bool {
	return s.affordableWithout(seat, c, skip)
}

// Worth is what exhausting the planet would pay seat: its resources, or
// its influence.
func (s *State) Worth(seat int, pl *Planet, influence bool) int {
	return s.exhaustWorth(seat, pl, influence)
}

// SystemGoal is an objective scored by having units (or ships) in a
// number of systems of some kind: Need of them, and the test of a system.
type SystemGoal struct {
	Need   int
	Ships  bool // ships only: ground forces and structures do not count
	Counts func(sys *System) bool
}

// Has reports whether seat has what counts for the goal in sys.
func (g SystemGoal) Has(sys *System, seat int) bool {
	if g.Ships {
		return shipsIn(sys, seat)
	}
	return unitsIn(sys, seat)
}

// SystemGoal is the objective's goal when it is scored by presence in
// systems, for seat; false for any other objective.
func (s *State) SystemGoal(seat int, id string) (SystemGoal, bool) {
	g, ok := presence[id]
	if !ok {
		return SystemGoal{}, false
	}
	return g(s, seat), true
}

// ActionKinds are the kinds of action players take (the referee's
// corrections left out).
func ActionKinds() []string {
	return slices.DeleteFunc(slices.Clone(actionKinds), func(k string) bool { return slices.Contains(effectKinds, k) })
}
