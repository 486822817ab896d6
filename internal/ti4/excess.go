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
// A first count of ships and capacity settles nearly every case; a player
// it finds over is weighed again with what it leaves out (spaceLoad).
func (s *State) excessIn(sys *System, seat int) bool {
	var ships, cargo, room [8]int
	for _, st := range sys.Space {
		q := st.Owner
		if q < 0 || q >= len(ships) || (seat != None && q != seat) || s.Players[q].Eliminated {
			continue
		}
		switch {
		case st.Unit == "fighter" || isGroundForce(st.Unit):
			cargo[q] += st.Count
		default:
			if isShip(st.Unit) {
				ships[q] += st.Count
			}
			room[q] += s.UnitCard(q, st.Unit).Capacity * st.Count
		}
	}
	for q := range min(len(ships), len(s.Players)) {
		if ships[q] > s.Players[q].Fleet || cargo[q] > room[q] {
			if s.loadIn(q, sys).over(s.fleetLimit(q)) {
				return true
			}
		}
	}
	return false
}

// spaceLoad is one player's units in one system's space as capacity (16)
// and the fleet pool (37) weigh them.
type spaceLoad struct {
	ships    int // non-fighter ships (37.1)
	fighters int
	ground   int // infantry and mechs in the space area
	light    int // mechs there that take no capacity while a ship with some is there (Aerie Sentinel)
	room     int // capacity: the player's ships', and a Floating Factory's (16.2)
	free     int // fighters the player's space docks there hold without capacity
	per      int // Fighter II: fighters beyond capacity per ship of the fleet pool; 0: none count
}

// loadIn weighs seat's units in a system's space. Each of seat's space
// docks in the system holds its own allowance of fighters (its card); a
// Floating Factory has none, but its capacity counts.
func (s *State) loadIn(seat int, sys *System) spaceLoad {
	var l spaceLoad
	if u := s.UnitCard(seat, "fighter"); u != nil {
		l.per = u.FightersPerShip
	}
	for _, st := range sys.Space {
		if st.Owner == seat {
			l.add(s, seat, st.Unit, st.Count)
		}
	}
	for _, pl := range sys.Planets {
		for _, st := range pl.Units {
			if st.Owner == seat && isStructure(st.Unit) {
				l.free += s.UnitCard(seat, st.Unit).FreeFighters * st.Count
			}
		}
	}
	return l
}

// add counts n more of seat's units of a type in the space area.
func (l *spaceLoad) add(s *State, seat int, typ string, n int) {
	switch {
	case typ == "fighter":
		l.fighters += n
	case isGroundForce(typ):
		w := s.cargoWeight(seat, typ, n)
		l.ground += w
		l.light += n - w
	default:
		if isShip(typ) {
			l.ships += n
		}
		if u := s.UnitCard(seat, typ); u != nil {
			l.room += u.Capacity * n
		}
	}
}

// capOver is how many fighters and ground forces are beyond capacity
// (16.3): fighters a dock holds take none. With Fighter II only ground
// forces can be: fighters beyond capacity count as ships instead.
func (l spaceLoad) capOver() int {
	if l.room == 0 {
		l.ground += l.light // no ship with capacity to share the space area with
	}
	if l.per > 0 {
		return max(0, l.ground-l.room)
	}
	return max(0, max(0, l.fighters-l.free)+l.ground-l.room)
}

// fighterShips is how many Fighter IIs are beyond what the docks hold and
// the capacity the ground forces leave: they count as ships (37.1).
func (l spaceLoad) fighterShips() int {
	if l.per == 0 {
		return 0
	}
	return max(0, max(0, l.fighters-l.free)-max(0, l.room-l.ground))
}

// fleetOver is how many ships are beyond a fleet pool of fleet (37.3):
// non-fighter ships, and Fighter IIs beyond capacity, per of them a ship
// (a part of a ship is a ship more).
func (l spaceLoad) fleetOver(fleet int) int {
	n := l.ships
	if f := l.fighterShips(); f > 0 {
		n += (f + l.per - 1) / l.per
	}
	return max(0, n-fleet)
}

func (l spaceLoad) over(fleet int) bool { return l.capOver() > 0 || l.fleetOver(fleet) > 0 }

// removable reports whether removing one of seat's units of a type helps
// a system out of excess, and under which rule: a non-fighter ship while
// the fleet pool is exceeded (37.3), a fighter or ground force while
// capacity is (16.3), though not a fighter the docks hold anyway. With
// Fighter II, a fighter that counts as a ship while the fleet pool is
// exceeded (37.3), or a ground force whose place a fighter would take.
func (l spaceLoad) removable(typ string, fleet int) (bool, string) {
	fighterShips := l.fleetOver(fleet) > 0 && l.fighterShips() > 0
	switch {
	case isShip(typ) && typ != "fighter":
		return l.fleetOver(fleet) > 0, "37.3"
	case typ == "fighter" && l.per > 0:
		return fighterShips, "37.3"
	case typ == "fighter":
		return l.capOver() > 0 && l.fighters > l.free, "16.3"
	case isGroundForce(typ) && l.capOver() == 0 && fighterShips:
		return true, "37.3"
	case isGroundForce(typ):
		return l.capOver() > 0, "16.3"
	}
	return false, "16.3"
}

// roomFor is the rule n more of seat's units of a type placed in a
// system's space would break, or "": the fleet pool (37.1) or capacity
// (16.2).
func (s *State) roomFor(seat int, sys *System, typ string, n int) string {
	l := s.loadIn(seat, sys)
	l.add(s, seat, typ, n)
	switch {
	case l.fleetOver(s.fleetLimit(seat)) > 0:
		return "37.1"
	case l.capOver() > 0:
		return "16.2"
	}
	return ""
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
	if !isShip(a.Unit) && !isGroundForce(a.Unit) {
		return nil, engine.Refuse("16.3", "only ships, fighters and ground forces in space are ever in excess")
	}
	// Each unit removed must help: the count may not go past the point
	// where removing one more of the type no longer would (16.3a, 37.3).
	l, fleet := s.loadIn(a.Seat, sys), s.fleetLimit(a.Seat)
	ok, rule := l.removable(a.Unit, fleet)
	if !ok {
		return nil, engine.Refuse(rule, "no excess that removing %s would help in position %d", a.Unit, sys.Pos)
	}
	have := count(sys.Space, a.Seat, a.Unit)
	for most := 0; most < a.Count; most++ {
		if ok, _ := l.removable(a.Unit, fleet); !ok || most == have {
			return nil, engine.Refuse(rule, "remove at most %d %s from position %d, and only units that are there", most, a.Unit, sys.Pos)
		}
		l.add(s, a.Seat, a.Unit, -1)
	}
	return s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: sys.Pos, Unit: a.Unit, Count: a.Count}), nil
}
