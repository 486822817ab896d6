package ti4

import (
	"github.com/mecatol/mecatol/internal/engine"
)

// Too many units in a system: ships beyond the fleet pool (37.3) and
// fighters and ground forces beyond capacity (16.3). The owner chooses what
// to remove (16.3a), in a step the game waits on.

// StepExcess is the step of removing excess units.
const StepExcess = "remove_excess"

// ActRemoveExcess removes units of one type from a system with too many.
const ActRemoveExcess = "remove_excess_units"

func (s *State) fleetExcess(seat int, sys *System) int {
	return max(0, fleetCount(sys.Space, seat)-s.Players[seat].Fleet)
}

func (s *State) capacityExcess(seat int, sys *System) int {
	return max(0, carried(sys.Space, seat)-s.capacityIn(seat, sys))
}

// hasExcess reports a system where seat has too many units; during a
// tactical action the active system is judged at the end (16.3c and 37.3
// apply once movement and combat are done).
func (s *State) hasExcess(seat int) bool {
	for _, sys := range s.Systems {
		if s.excessIn(sys, seat) {
			return true
		}
	}
	return false
}

// anyExcess is hasExcess for every player still in the game at once, in a
// single pass over the board.
func (s *State) anyExcess() bool {
	if s.idle(scanExcess) {
		return false
	}
	for i, sys := range s.Systems {
		if s.stale(scanExcess, i) && s.excessIn(sys, None) {
			return true
		}
	}
	s.setQuiet(scanExcess)
	return false
}

// excessIn reports ships beyond the fleet pool or fighters and ground
// forces beyond capacity in a system's space: seat's, or anyone's for None.
func (s *State) excessIn(sys *System, seat int) bool {
	var ships, cargo, room [8]int
	for _, st := range sys.Space {
		q := st.Owner
		if q < 0 || q >= len(ships) || (seat != None && q != seat) || s.Players[q].Eliminated {
			continue
		}
		switch {
		case st.Unit == "fighter":
			cargo[q] += st.Count
			room[q] += s.UnitCard(q, st.Unit).Capacity * st.Count
		case isGroundForce(st.Unit):
			cargo[q] += st.Count
		case isShip(st.Unit):
			ships[q] += st.Count
			room[q] += s.UnitCard(q, st.Unit).Capacity * st.Count
		}
	}
	for q := range min(len(ships), len(s.Players)) {
		if ships[q] > s.Players[q].Fleet || cargo[q] > room[q] {
			return true
		}
	}
	return false
}

// excessFollowUps opens the step for the first player, in initiative
// order, who has too many units somewhere, and closes it when they no
// longer do.
func excessFollowUps(s *State) []Event {
	if st := s.Step; st != nil {
		if st.Kind == StepExcess && !s.hasExcess(st.Seat) {
			return s.emit(Event{Kind: EvStepCleared, Seat: st.Seat})
		}
		return nil
	}
	if (s.Tactical != nil && s.Tactical.Step == TacMovement) || s.Combat != nil {
		return nil // judged once movement and combat are over (16.3c)
	}
	if !s.anyExcess() { // one pass first; the order only matters when someone has excess
		return nil
	}
	for _, q := range s.InitiativeOrder() {
		if s.hasExcess(q) {
			return s.emit(step(StepExcess, q, "", false))
		}
	}
	return nil
}

func decideRemoveExcess(s *State, a Action) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepExcess); err != nil {
		return nil, err
	}
	sys, _, err := where(s, a.System, "", "system")
	if err != nil {
		return nil, err
	}
	if err := checkCount(a.Count); err != nil {
		return nil, err
	}
	var over int
	var rule string
	switch {
	case isShip(a.Unit) && a.Unit != "fighter":
		over, rule = s.fleetExcess(a.Seat, sys), "37.3"
	case a.Unit == "fighter" || isGroundForce(a.Unit):
		over, rule = s.capacityExcess(a.Seat, sys), "16.3"
	default:
		return nil, engine.Refuse("16.3", "only ships, fighters and ground forces in space are ever in excess")
	}
	if over == 0 {
		return nil, engine.Refuse(rule, "no excess of that kind in position %d", sys.Pos)
	}
	if a.Count > over || count(sys.Space, a.Seat, a.Unit) < a.Count {
		return nil, engine.Refuse(rule, "remove at most %d, and only units that are there", over)
	}
	return s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: sys.Pos, Unit: a.Unit, Count: a.Count}), nil
}
