package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Arborec's abilities.
func init() {
	// Mitosis: the Arborec's space docks produce no infantry (68.1d); at
	// the start of the status phase an infantry from reinforcements goes
	// on a planet they control, if they can place one.
	define(&Ability{ID: "arborec:mitosis", Since: RulesPrinted, DocksNoInfantry: true,
		Uses: []*Use{{At: AtStatusStart, Mandatory: true, Fields: "planet", Options: mitosisOptions, Resolve: mitosis}}})
}

func mitosisOptions(s *State, seat int, _ *Step) []Action {
	if s.Reinforcements(seat, "infantry") == 0 {
		return nil
	}
	var out []Action
	for _, pl := range s.ownPlanets(seat) {
		if !demilitarized(pl) {
			out = append(out, Action{Planet: pl.Name})
		}
	}
	return out
}

func mitosis(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(mitosisOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet }) {
		return nil, engine.Refuse("1.3", "Mitosis places an infantry from reinforcements on a planet you control")
	}
	pl, sys := s.Planet(a.Planet)
	return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1}), nil
}
