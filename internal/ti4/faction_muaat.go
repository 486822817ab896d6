package ti4

import "github.com/mecatol/mecatol/internal/engine"

// The Embers of Muaat's abilities.
func init() {
	// Gashlai Physiology: ships move into and through supernovae (86.1).
	define(&Ability{ID: "muaat:gashlai_physiology", Since: RulesFactions, Permits: PermitSupernovae})
	// Star Forge: a component action spending a strategy token for 2
	// fighters or a destroyer in a system with Muaat's war sun.
	define(&Ability{ID: "muaat:star_forge", Since: RulesFactions,
		Uses: []*Use{{At: AtAction, Fields: "system unit", Options: starForgeOptions, Resolve: starForge}}})
}

func starForgeOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, sys := range s.Systems {
		if count(sys.Space, seat, "war_sun") > 0 {
			out = append(out, Action{System: ip(sys.Pos), Unit: "fighter"}, Action{System: ip(sys.Pos), Unit: "destroyer"})
		}
	}
	return out
}

func starForge(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	if p.Strategy < 1 {
		return nil, engine.Refuse("1.11", "Star Forge costs a token from the strategy pool, which is empty")
	}
	sys, _, err := where(s, a.System, "", "system")
	if err != nil {
		return nil, err
	}
	if count(sys.Space, a.Seat, "war_sun") == 0 {
		return nil, engine.Refuse("1.3", "Star Forge places units in a system with your war sun")
	}
	n := map[string]int{"fighter": 2, "destroyer": 1}[a.Unit]
	if n == 0 {
		return nil, engine.BadInput("unit", "Star Forge places 2 fighters or 1 destroyer, not %q", a.Unit)
	}
	if !Unlimited(a.Unit) {
		n = min(n, s.Reinforcements(a.Seat, a.Unit))
	}
	if n == 0 {
		return nil, engine.Refuse("67.5", "no %s in reinforcements", a.Unit)
	}
	return s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &Pools{p.Tactic, p.Fleet, p.Strategy - 1}},
		Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Unit: a.Unit, Count: n}), nil
}
