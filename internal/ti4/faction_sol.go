package ti4

import "github.com/mecatol/mecatol/internal/engine"

// The Federation of Sol's abilities.
func init() {
	// Versatile: one more command token in each status phase (81.5).
	define(&Ability{ID: "sol:versatile", Since: RulesFactions, StatusTokens: 1})
	// Orbital Drop: a component action spending a strategy token for 2
	// infantry on a planet Sol controls.
	define(&Ability{ID: "sol:orbital_drop", Since: RulesFactions,
		Uses: []*Use{{At: AtAction, Fields: "planet", Options: ownPlanetOptions, Resolve: orbitalDrop}}})
}

// ownPlanetOptions offers each planet seat controls.
func ownPlanetOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, pl := range s.ownPlanets(seat) {
		out = append(out, Action{Planet: pl.Name})
	}
	return out
}

func orbitalDrop(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	if p.Strategy < 1 {
		return nil, engine.Refuse("1.11", "Orbital Drop costs a token from the strategy pool, which is empty")
	}
	pl, sys, err := findPlanet(s, a.Planet)
	if err != nil {
		return nil, err
	}
	if pl.Controller != a.Seat {
		return nil, engine.Refuse("1.3", "Orbital Drop places infantry on a planet you control")
	}
	if demilitarized(pl) {
		return nil, demilitarizedErr(pl)
	}
	n := min(2, s.Reinforcements(a.Seat, "infantry"))
	if n == 0 {
		return nil, engine.Refuse("67.5", "no infantry in reinforcements")
	}
	return s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &Pools{p.Tactic, p.Fleet, p.Strategy - 1}},
		Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: n}), nil
}
