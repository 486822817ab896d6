package ti4

// Abilities: each component's ability is one definition, found by the
// component's id; rules code asks the hook points below and never names a
// card. This is the first part of the model (issue 20): the hook points
// that numbers answer. Technologies defined so far are in technologies.go.

// Ability is what one component changes. A field left zero changes
// nothing.
type Ability struct {
	ID string
	// StatusCards: action cards drawn in the status phase beyond the one
	// every player draws (81.3).
	StatusCards int
	// StatusTokens: command tokens gained in the status phase beyond the
	// two every player gains (81.5).
	StatusTokens int
	// ProductionDiscount: taken off the combined cost of the units one use
	// of Production makes (68).
	ProductionDiscount int
}

// definitions holds every component's ability by id.
var definitions = map[string]*Ability{}

func define(a *Ability) {
	if _, dup := definitions[a.ID]; dup {
		panic("ability defined twice: " + a.ID)
	}
	definitions[a.ID] = a
}

// bonus sums a hook point over the abilities seat has: its technologies.
func (s *State) bonus(seat int, hook func(*Ability) int) int {
	n := 0
	for _, t := range s.Players[seat].Techs {
		if a := definitions[t]; a != nil {
			n += hook(a)
		}
	}
	return n
}

func hookStatusCards(a *Ability) int        { return a.StatusCards }
func hookStatusTokens(a *Ability) int       { return a.StatusTokens }
func hookProductionDiscount(a *Ability) int { return a.ProductionDiscount }
