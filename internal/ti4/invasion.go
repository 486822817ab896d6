package ti4

import (
	"github.com/mecatol/mecatol/internal/engine"
)

// Invasion (LRR 49): the steps that decide control. Bombardment, space
// cannon defense and ground combat are filled in by the combat rules.

func decideBeginInvasion(s *State, a Action) ([]Event, error) {
	sys, _, err := where(s, a.System, "", "system")
	if err != nil {
		return nil, err
	}
	if s.Invasion != nil {
		return nil, engine.Refuse("49", "an invasion of position %d is already under way", s.Invasion.Pos)
	}
	return []Event{{Kind: EvInvasionBegun, Seat: a.Seat, System: sys.Pos}}, nil
}

func invading(s *State, a Action, rule string) error {
	if err := stepPending(s); err != nil {
		return err
	}
	if s.Invasion == nil {
		return engine.Refuse(rule, "no invasion is under way")
	}
	if s.Invasion.Seat != a.Seat {
		return engine.Refuse(rule, "only the active player, seat %d, acts in this invasion", s.Invasion.Seat)
	}
	return nil
}

// Committing ground forces (49.2): from the active system's space area to
// one of its planets, which may hold another player's ground forces (49.2b).
func decideCommit(s *State, a Action) ([]Event, error) {
	if err := invading(s, a, "49.2"); err != nil {
		return nil, err
	}
	if !isGroundForce(a.Unit) {
		return nil, engine.Refuse("49.2", "only ground forces are committed, not %q", a.Unit)
	}
	if err := checkCount(a.Count); err != nil {
		return nil, err
	}
	sys := s.System(s.Invasion.Pos)
	pl := planetIn(sys, a.Planet)
	if pl == nil {
		return nil, engine.Refuse("49.2", "%q is not a planet in the active system", a.Planet)
	}
	if have := count(sys.Space, a.Seat, a.Unit); have < a.Count {
		return nil, engine.Refuse("49.2", "only %d %s in the active system's space area", have, a.Unit)
	}
	if err := checkCustodians(s, pl); err != nil {
		return nil, err
	}
	for _, st := range pl.Units {
		if st.Owner != a.Seat && isGroundForce(st.Unit) && s.Tactical != nil {
			return nil, engine.Refuse("42", "ground combat is not built yet, so forces cannot land where another player's ground forces stand")
		}
	}
	return []Event{
		{Kind: EvUnitsRemoved, Seat: a.Seat, System: sys.Pos, Unit: a.Unit, Count: a.Count},
		{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: a.Unit, Count: a.Count},
		{Kind: EvCommitted, Seat: a.Seat, System: sys.Pos, Planet: pl.Name},
	}, nil
}

// Establish control (49.5, 25.5b): the active player gains each planet they
// committed to that still holds one of their ground forces; other players'
// structures there are destroyed (49.5a). A planet they already control is
// not gained again (49.5c, 25.2).
func decideEstablishControl(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	if err := invading(s, a, "49.5"); err != nil {
		return nil, err
	}
	sys := s.System(s.Invasion.Pos)
	x := newExplorer(s, rng)
	var ev []Event
	for _, name := range s.Invasion.Committed {
		pl := planetIn(sys, name)
		if count(pl.Units, a.Seat, "infantry")+count(pl.Units, a.Seat, "mech") == 0 {
			continue
		}
		for _, st := range pl.Units {
			if st.Owner != a.Seat && isGroundForce(st.Unit) {
				return nil, engine.Refuse("49.4", "ground combat on %s must be resolved before control is established", name)
			}
		}
		if pl.Controller == a.Seat {
			continue
		}
		for _, st := range pl.Units {
			if st.Owner != a.Seat && isStructure(st.Unit) {
				ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Planet: name, Unit: st.Unit, Count: st.Count})
			}
		}
		ev = append(ev, gain(s, x, a.Seat, pl)...)
	}
	return append(ev, Event{Kind: EvInvasionEnded, Seat: a.Seat, System: sys.Pos}), nil
}
