package ti4

import (
	"cmp"
	"maps"
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Units on the board, reinforcements (LRR 72), component limits (23), the
// places units may stand (43.1, 76.1, 85), and capture (17).

// OnBoard counts a player's units of a type on the board.
func (s *State) OnBoard(seat int, typ string) int {
	n := 0
	for _, sys := range s.Systems {
		n += count(sys.Space, seat, typ)
		for _, p := range sys.Planets {
			n += count(p.Units, seat, typ)
		}
	}
	return n
}

// tally is OnBoard for every seat and unit type at once, indexed by seat
// and unitIndex, from one pass over the board.
func (s *State) tally() (n [8][16]int) {
	add := func(st []Stack) {
		for _, x := range st {
			if t := unitIndex(x.Unit); t >= 0 && x.Owner >= 0 && x.Owner < len(n) {
				n[x.Owner][t] += x.Count
			}
		}
	}
	for _, sys := range s.Systems {
		add(sys.Space)
		for _, p := range sys.Planets {
			add(p.Units)
		}
	}
	return n
}

// CapturedFrom counts a player's units of a type held on other players'
// faction sheets (17.1).
func (s *State) CapturedFrom(seat int, typ string) int {
	n := 0
	for _, p := range s.Players {
		for _, c := range p.Captured {
			if c.Owner == seat && c.Unit == typ {
				n += c.Count
			}
		}
	}
	return n
}

// Unlimited reports unit types that are not component-limited: fighters and
// infantry, which tokens from the supply stand in for (23.4, 23.4b, 36, 46).
func Unlimited(typ string) bool { return typ == "fighter" || typ == "infantry" }

// Reinforcements is how many of a unit type a player has left to place
// (72). An eliminated player has none: their units went to the box (33.2).
func (s *State) Reinforcements(seat int, typ string) int {
	p := s.Player(seat)
	if p == nil || p.Eliminated {
		return 0
	}
	limit := data.MustLoad().Limits[typ]
	aside := 0
	if typ == "infantry" {
		aside = p.SetAside // on the upgrade's card, to come back (Letani Warrior II, Spec Ops II)
	}
	return max(0, limit-s.OnBoard(seat, typ)-s.CapturedFrom(seat, typ)-aside)
}

func checkUnitType(typ string) error {
	if _, ok := data.MustLoad().Limits[typ]; !ok {
		return engine.BadInput("unit", "unknown unit type %q; known: %v", typ, UnitTypes)
	}
	return nil
}

// fixedStructure reports a structure that stands on a planet and cannot move
// (85.1, 85.3). The Saar Floating Factory is a space dock that has a move
// value and stands in space, as its card says.
func (s *State) fixedStructure(owner int, typ string) bool {
	if !isStructure(typ) {
		return false
	}
	u := s.UnitCard(owner, typ)
	return u == nil || u.Move == 0
}

// copiedCard reports owner's unit card for typ another faction's, copied
// (Valefar Assimilator, 97.1a).
func copiedCard(s *State, owner int, typ string) bool {
	u := s.UnitCard(owner, typ)
	return u != nil && u.Faction != "" && u.Faction != s.Players[owner].Faction
}

// checkPlacement refuses a unit where it can never stand.
func checkPlacement(s *State, owner int, typ string, n int, pl *Planet) error {
	fixed := s.fixedStructure(owner, typ)
	switch {
	case (isShip(typ) || isStructure(typ) && !fixed) && pl != nil:
		return engine.Refuse("76.1", "ships are always in space, not on planet %s", pl.Name)
	case fixed && pl == nil:
		return engine.Refuse("85.1", "structures are always on planets")
	case pl == nil:
	case unitsBarred(pl):
		return unitsBarredErr(pl)
	case typ == "space_dock" && count(pl.Units, owner, typ)+n > 1:
		return engine.Refuse("85.4", "a player may have only one space dock on planet %s", pl.Name)
	case typ == "pds" && count(pl.Units, owner, typ)+n > 2 && !s.lawSays(LawNoPDSLimit):
		return engine.Refuse("85.5", "a player may have at most two PDS on planet %s", pl.Name)
	}
	return nil
}

func checkCount(n int) error {
	if n <= 0 {
		return engine.BadInput("count", "must be at least 1, not %d", n)
	}
	return nil
}

func decidePlace(s *State, a Action) ([]Event, error) {
	sys, pl, err := where(s, a.System, a.Planet, "system")
	if err != nil {
		return nil, err
	}
	if err := checkUnitType(a.Unit); err != nil {
		return nil, err
	}
	if err := checkCount(a.Count); err != nil {
		return nil, err
	}
	if err := checkPlacement(s, a.Seat, a.Unit, a.Count, pl); err != nil {
		return nil, err
	}
	if err := checkCustodians(s, pl); err != nil {
		return nil, err
	}
	if !Unlimited(a.Unit) {
		if have := s.Reinforcements(a.Seat, a.Unit); have < a.Count {
			if s.CapturedFrom(a.Seat, a.Unit) > 0 && have+s.CapturedFrom(a.Seat, a.Unit) >= a.Count {
				return nil, engine.Refuse("17.5", "%d of your %s are captured and cannot be placed until returned", s.CapturedFrom(a.Seat, a.Unit), a.Unit)
			}
			return nil, engine.Refuse("23.4", "only %d %s left in reinforcements, %d wanted", have, a.Unit, a.Count)
		}
	}
	return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: a.Planet, Unit: a.Unit, Count: a.Count}), nil
}

func owner(a Action) int {
	if a.extra().Owner != nil {
		return *a.extra().Owner
	}
	return a.Seat
}

func unitsAt(sys *System, pl *Planet, seat int, typ string) int {
	if pl != nil {
		return count(pl.Units, seat, typ)
	}
	return count(sys.Space, seat, typ)
}

func takeUnits(s *State, a Action, verb string) (*System, *Planet, int, error) {
	sys, pl, err := where(s, a.System, a.Planet, "system")
	if err != nil {
		return nil, nil, 0, err
	}
	if err := checkUnitType(a.Unit); err != nil {
		return nil, nil, 0, err
	}
	if err := checkCount(a.Count); err != nil {
		return nil, nil, 0, err
	}
	o := owner(a)
	if s.Player(o) == nil {
		return nil, nil, 0, engine.BadInput("owner", "no seat %d", o)
	}
	if have := unitsAt(sys, pl, o, a.Unit); have < a.Count {
		return nil, nil, 0, engine.BadInput("count", "cannot %s %d %s of seat %d there: only %d", verb, a.Count, a.Unit, o, have)
	}
	return sys, pl, o, nil
}

func decideRemove(s *State, a Action) ([]Event, error) {
	sys, _, o, err := takeUnits(s, a, "remove")
	if err != nil {
		return nil, err
	}
	return s.emit(Event{Kind: EvUnitsRemoved, Seat: o, System: sys.Pos, Planet: a.Planet, Unit: a.Unit, Count: a.Count}), nil
}

func decideMove(s *State, a Action) ([]Event, error) {
	if a.extra().Owner != nil && *a.extra().Owner != a.Seat {
		return nil, engine.Refuse("58", "a player moves only their own units")
	}
	from, _, _, err := takeUnits(s, a, "move")
	if err != nil {
		return nil, err
	}
	if s.fixedStructure(a.Seat, a.Unit) {
		return nil, engine.Refuse("85.3", "structures cannot move")
	}
	to, pl, err := where(s, a.To, a.ToPl, "to")
	if err != nil {
		return nil, err
	}
	if to == from && a.ToPl == a.Planet {
		return nil, engine.BadInput("to", "units are already there")
	}
	if err := checkPlacement(s, a.Seat, a.Unit, a.Count, pl); err != nil {
		return nil, err
	}
	if err := checkCustodians(s, pl); err != nil {
		return nil, err
	}
	return s.emit(
		Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: from.Pos, Planet: a.Planet, Unit: a.Unit, Count: a.Count},
		Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: to.Pos, Planet: a.ToPl, Unit: a.Unit, Count: a.Count},
	), nil
}

// Capture (17): a captured non-fighter ship or mech goes onto the
// capturer's faction sheet (17.1); a captured fighter or infantry goes back
// to its owner's reinforcements and the capturer holds a token that belongs
// to no one (17.3, 17.4).
func decideCapture(s *State, a Action) ([]Event, error) {
	if a.extra().Owner == nil || *a.extra().Owner == a.Seat {
		return nil, engine.Refuse("17", "a player captures another player's units")
	}
	if isStructure(a.Unit) {
		return nil, engine.Refuse("17.1", "only ships and ground forces can be captured")
	}
	sys, _, o, err := takeUnits(s, a, "capture")
	if err != nil {
		return nil, err
	}
	if err := checkCaptureAllowed(s, a.Seat, o); err != nil {
		return nil, err
	}
	return s.emit(
		Event{Kind: EvUnitsRemoved, Seat: o, System: sys.Pos, Planet: a.Planet, Unit: a.Unit, Count: a.Count},
		Event{Kind: EvCaptured, Seat: a.Seat, Owner: o, Unit: a.Unit, Count: a.Count},
	), nil
}

func applyCaptured(s *State, e Event) {
	o := e.Owner
	if Unlimited(e.Unit) {
		o = None // 17.3: the plastic goes home; the capturer holds a token
	}
	p := s.Players[e.Seat]
	p.Captured = addCaptive(p.Captured, o, e.Unit, e.Count)
}

func addCaptive(cs []Captive, owner int, typ string, n int) []Captive {
	for i := range cs {
		if cs[i].Owner == owner && cs[i].Unit == typ {
			cs[i].Count += n
			if cs[i].Count <= 0 {
				return slices.Delete(cs, i, i+1)
			}
			return cs
		}
	}
	if n > 0 {
		cs = append(cs, Captive{Owner: owner, Unit: typ, Count: n})
	}
	return cs
}

// Returning captured units (17.2): they go to their owner's reinforcements,
// or, when the owner has been eliminated, to the box (33 note 4). Either
// way they leave the capturer's sheet; the state need not track the box.
func decideReturnCaptured(s *State, a Action) ([]Event, error) {
	o := None
	if a.extra().Owner != nil {
		o = *a.extra().Owner
	}
	if err := checkCount(a.Count); err != nil {
		return nil, err
	}
	p := s.Players[a.Seat]
	if captiveCount(p.Captured, o, a.Unit) >= a.Count {
		return s.emit(Event{Kind: EvCaptiveReturned, Seat: a.Seat, Owner: o, Unit: a.Unit, Count: a.Count}), nil
	}
	return nil, engine.BadInput("unit", "%s holds fewer than %d captured %s of seat %d", p, a.Count, a.Unit, o)
}

func applyCaptiveReturned(s *State, e Event) {
	p := s.Players[e.Seat]
	p.Captured = addCaptive(p.Captured, e.Owner, e.Unit, -e.Count)
}

// MecatolRex is the planet the custodians token guards.
const MecatolRex = "Mecatol Rex"

// checkCustodians refuses units on Mecatol Rex, or control of it, while the
// custodians token is there (54.1, 27.2).
func checkCustodians(s *State, pl *Planet) error {
	if pl != nil && pl.Name == MecatolRex && s.Custodians {
		return engine.Refuse("54.1", "nothing lands on Mecatol Rex while the custodians token is on it")
	}
	return nil
}

// unitPlaces counts seat's units of the types keep accepts by place on the
// board: a reference (system, planet or space, type) for each place that
// holds some.
func (s *State) unitPlaces(seat int, keep func(typ string) bool) map[UnitRef]int {
	out := map[UnitRef]int{}
	for _, sys := range s.Systems {
		for _, st := range sys.Space {
			if st.Owner == seat && keep(st.Unit) {
				out[UnitRef{System: sys.Pos, Unit: st.Unit}] += st.Count
			}
		}
		for _, pl := range sys.Planets {
			for _, st := range pl.Units {
				if st.Owner == seat && keep(st.Unit) {
					out[UnitRef{System: sys.Pos, Planet: pl.Name, Unit: st.Unit}] += st.Count
				}
			}
		}
	}
	return out
}

// sortedPlaces are unitPlaces' references in board order.
func sortedPlaces(places map[UnitRef]int) []UnitRef {
	return slices.SortedFunc(maps.Keys(places), func(a, b UnitRef) int {
		return cmp.Or(cmp.Compare(a.System, b.System), cmp.Compare(a.Planet, b.Planet), cmp.Compare(a.Unit, b.Unit))
	})
}
