package ti4

import (
	"slices"

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
	return s.emit(Event{Kind: EvInvasionBegun, Seat: a.Seat, System: sys.Pos}), nil
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
	if invasionWaits(s) {
		return engine.Refuse("1.14", "a player may answer first")
	}
	return nil
}

// Committing ground forces (49.2): from the active system's space area to
// one of its planets, which may hold another player's ground forces (49.2b).
func decideCommit(s *State, a Action) ([]Event, error) {
	if err := invading(s, a, "49.2"); err != nil {
		return nil, err
	}
	if s.Combat != nil {
		return nil, engine.Refuse("49.2", "ground forces are committed before bombardment hits are settled or combat starts")
	}
	if !isGroundForce(a.Unit) && !(a.Unit == "fighter" && s.commitsFighters(a.Seat)) {
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
	if unitsBarred(pl) {
		return nil, unitsBarredErr(pl)
	}
	if err := checkCustodians(s, pl); err != nil {
		return nil, err
	}
	toll := s.commitToll(a.Seat, pl)
	if err := s.payToll(a, toll); err != nil {
		return nil, err
	}
	return s.extend(s.tollEvents(a, toll),
		Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: sys.Pos, Unit: a.Unit, Count: a.Count},
		Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: a.Unit, Count: a.Count},
		Event{Kind: EvCommitted, Seat: a.Seat, System: sys.Pos, Planet: pl.Name},
	), nil
}

// commitsFighters reports that seat's fighters in the invaded system are
// committed as ground forces (a flagship there says so).
func (s *State) commitsFighters(seat int) bool {
	return s.Invasion != nil && s.flagshipAt(s.System(s.Invasion.Pos), hookCommitsFighters) == seat
}

// fightsOn reports seat's units fighting on a planet: ground forces, and
// fighters committed as ground forces.
func (s *State) fightsOn(pl *Planet, seat int) bool {
	return s.groundOn(pl, seat) || count(pl.Units, seat, "fighter") > 0
}

// landed reports a unit type that fights on a planet where it stands.
func (s *State) landed(seat int, u string) bool { return s.groundForce(seat, u) || u == "fighter" }

// fightersBack returns the fighters committed as ground forces in the
// invaded system to its space area, the ground combats over.
func fightersBack(s *State, seat int) []Event {
	sys := s.System(s.Invasion.Pos)
	var ev []Event
	for _, pl := range sys.Planets {
		if n := count(pl.Units, seat, "fighter"); n > 0 {
			ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: seat, System: sys.Pos, Planet: pl.Name, Unit: "fighter", Count: n},
				Event{Kind: EvUnitsPlaced, Seat: seat, System: sys.Pos, Unit: "fighter", Count: n})
		}
	}
	return s.emit(ev...)
}

// Ending the commits (49.2) starts space cannon defense and ground combat
// on each planet committed to (49.3, 49.4); control is then established
// (49.5, 25.5b), once the dice are done.
func decideEstablishControl(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	if err := invading(s, a, "49.5"); err != nil {
		return nil, err
	}
	if s.Combat != nil {
		return nil, engine.Refuse("49.4", "the ground combat is still being fought")
	}
	if s.Invasion.Custodians && !slices.Contains(s.Invasion.Committed, MecatolRex) {
		return nil, engine.Refuse("27.2", "having taken the custodians token, commit at least one ground force to Mecatol Rex")
	}
	// The controllers of planets committed to may answer first (Parley);
	// the ground combat then begins by itself.
	var ev []Event
	sys := s.System(s.Invasion.Pos)
	for _, name := range s.Invasion.Committed {
		if pl := planetIn(sys, name); pl.Controller != None && pl.Controller != a.Seat {
			ev = s.extend(ev, Event{Kind: EvAskQueued, Seat: pl.Controller, Owner: a.Seat, Planet: name, Deck: AskCommitted})
		}
	}
	ev = s.extend(ev, shipsHome(s, a.Seat)...)
	if !slices.ContainsFunc(ev, func(e Event) bool { return e.Kind == EvAskQueued }) {
		return s.extend(ev, beginGround(s, a.Seat)...), nil
	}
	return s.extend(ev, Event{Kind: EvCommitsDone, Seat: a.Seat}), nil
}

// fought lists the planets ground combat is fought on: those committed to
// (49.2), then those the active player's units were placed on beside
// another's ground forces (Invasion.Forced).
func (inv *Invasion) fought() []string {
	out := slices.Clone(inv.Committed)
	for _, p := range inv.Forced {
		out = appendUnique(out, p)
	}
	return out
}

// committedTo reports ground forces committed to the planet in the
// invasion under way, or no invasion: space cannon defense fires only at
// committed units (77.7), not at units placed there (Invasion.Forced).
func (s *State) committedTo(planet string) bool {
	return s.Invasion == nil || slices.Contains(s.Invasion.Committed, planet)
}

// shipsHome returns the active player's ships in the invaded system to
// reinforcements once the commits are done, and purges their hero, when
// the invasion was skipped to (Invasion.ShipsHome).
func shipsHome(s *State, seat int) []Event {
	if !s.Invasion.ShipsHome {
		return nil
	}
	var ev []Event
	for _, st := range s.System(s.Invasion.Pos).Space {
		if st.Owner == seat && isShip(st.Unit) {
			ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: seat, System: s.Invasion.Pos, Unit: st.Unit, Count: st.Count})
		}
	}
	return s.emit(append(ev, purgeHero(seat))...)
}

// Placed marks, as EvInvasionBegun's Deck, an invasion of ground forces
// placed by an ability (Dannel of the Tenth): no bombardment, no commits,
// and no space cannon defense (only committed units are fired at, 77.7);
// ground combat on each planet of the system named in Cards, the rest of
// them invaded next.
const Placed = "placed"

// invadePlaced begins the invasion of the first of planets' systems.
func invadePlaced(s *State, seat int, planets []string) Event {
	_, sys := s.Planet(planets[0])
	return Event{Kind: EvInvasionBegun, Seat: seat, System: sys.Pos, Deck: Placed, Extra: &Extra{Cards: slices.Clone(planets)}}
}

// placedInvasion sets up inv for the placed ground forces on planets:
// those of its system fought on, the rest next.
func placedInvasion(s *State, inv *Invasion, planets []string) {
	inv.Started, inv.Bombarded, inv.CommitsDone = true, true, true
	for _, name := range planets {
		if _, sys := s.Planet(name); sys.Pos == inv.Pos {
			inv.Forced = appendUnique(inv.Forced, name)
		} else {
			inv.Next = appendUnique(inv.Next, name)
		}
	}
}
