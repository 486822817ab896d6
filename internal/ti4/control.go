package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// Control (LRR 25).

func findPlanet(s *State, name string) (*Planet, *System, error) {
	if name == "" {
		return nil, nil, engine.BadInput("planet", "missing")
	}
	pl, sys := s.Planet(name)
	if pl == nil {
		return nil, nil, engine.BadInput("planet", "no planet %q on the board", name)
	}
	return pl, sys, nil
}

// gain returns the events of seat gaining control of a planet: the card
// moves to seat's play area exhausted (25.1), from the deck (25.1a) or from
// the previous controller (25.1b); an uncontrolled planet is explored
// (25.1c, 35.1).
func gain(s *State, x *explorer, seat, pos int, pl *Planet) []Event {
	ev := s.emit(Event{Kind: EvControlGained, Seat: seat, Planet: pl.Name, Extra: &Extra{From: pl.Controller}})
	ev = s.extend(ev, takenStructures(s, x, seat, pos, pl)...)
	ev = s.extend(ev, relicsOnPlanetTaken(s, x, seat, pos, pl)...)
	if pl.Controller == None {
		if xe, ok := x.explorePlanet(seat, pos, pl); ok {
			ev = s.extend(ev, xe...)
		}
	}
	if !s.hasUse(seat, AfterGainPlanet) {
		return ev
	}
	ctx := Step{Planet: pl.Name, Systems: []int{pos}}
	if s.rules() >= RulesPoK && pl.Controller != None && pl.Controller != seat {
		ctx.Target = ip(pl.Controller) // taken from another player
	}
	return s.extend(ev, abilityWindows(s, seat, AfterGainPlanet, ctx)...)
}

// mecatolStructures are a PDS and a space dock from seat's reinforcements
// on Mecatol Rex, as far as reinforcements and the planet's limits allow.
func mecatolStructures(s *State, seat int) []Event {
	pl, sys := s.Planet(MecatolRex)
	if pl == nil || pl.Controller != seat {
		return nil
	}
	var ev []Event
	if s.Reinforcements(seat, "pds") > 0 && (count(pl.Units, seat, "pds") < 2 || s.lawSays(LawNoPDSLimit)) {
		ev = append(ev, Event{Kind: EvUnitsPlaced, Seat: seat, System: sys.Pos, Planet: pl.Name, Unit: "pds", Count: 1})
	}
	if s.Reinforcements(seat, "space_dock") > 0 && count(pl.Units, seat, "space_dock") == 0 {
		ev = append(ev, Event{Kind: EvUnitsPlaced, Seat: seat, System: sys.Pos, Planet: pl.Name, Unit: "space_dock", Count: 1})
	}
	return s.emit(ev...)
}

// takenStructures replaces other players' structures on a planet gained
// with the gainer's, for an ability that does; as many as reinforcements
// hold.
func takenStructures(s *State, x *explorer, seat, pos int, pl *Planet) []Event {
	if !s.factionHas(seat, hookTakesStructures) || x.handled[pl.Name] {
		return nil // an invasion's establishing of control took them already
	}
	var ev []Event
	for _, typ := range []string{"pds", "space_dock"} {
		left := s.Reinforcements(seat, typ) - x.placed[typ] // placed by this decision, not yet applied
		room := 1 - count(pl.Units, seat, typ)              // one space dock on a planet (85.4)
		if typ == "pds" {
			room = 2 - count(pl.Units, seat, typ) // two PDS (85.5)
			if s.lawSays(LawNoPDSLimit) {
				room = left
			}
		}
		left = max(0, min(left, room))
		for _, st := range pl.Units {
			if st.Owner == seat || st.Unit != typ {
				continue
			}
			ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: pos, Planet: pl.Name, Unit: typ, Count: st.Count})
			if k := min(st.Count, left); k > 0 {
				left -= k
				if x.placed == nil {
					x.placed = map[string]int{}
				}
				x.placed[typ] += k
				ev = append(ev, Event{Kind: EvUnitsPlaced, Seat: seat, System: pos, Planet: pl.Name, Unit: typ, Count: k})
			}
		}
	}
	return s.emit(ev...)
}

// Gaining a planet by a game effect (25.1).
func decideGainPlanet(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	pl, sys, err := findPlanet(s, a.Planet)
	if err != nil {
		return nil, err
	}
	if pl.Controller == a.Seat {
		return nil, engine.Refuse("25.2", "%s already controls %s", s.Players[a.Seat], pl.Name)
	}
	if pl.OffBoard {
		return nil, cardsRefused()
	}
	if err := checkCustodians(s, pl); err != nil {
		return nil, err
	}
	return gain(s, newExplorer(s, rng), a.Seat, sys.Pos, pl), nil
}

// Losing a planet by a game effect (25.6): its card returns to the deck.
func decideLosePlanet(s *State, a Action) ([]Event, error) {
	pl, _, err := findPlanet(s, a.Planet)
	if err != nil {
		return nil, err
	}
	if pl.Controller != a.Seat {
		return nil, engine.Refuse("25.6", "%s does not control %s", s.Players[a.Seat], pl.Name)
	}
	if pl.OffBoard {
		return nil, engine.Refuse("25.6", "%s is a planet card held off the board, which its holder never loses", pl.Name)
	}
	return s.emit(Event{Kind: EvControlLost, Seat: a.Seat, Planet: pl.Name}), nil
}

func applyControlGained(s *State, e Event) {
	martyrFeat(s, e.extra().From, e.Planet)
	pl, _ := s.Planet(e.Planet)
	pl.Controller = e.Seat
	pl.Exhausted = true     // 25.1
	pl.ControlToken = false // the previous controller's token leaves (25.7)
	if s.lawGives(e.Seat, LawTradeGoodOnGain) != "" {
		s.Players[e.Seat].TradeGoods++
	}
	s.Players[e.Seat].TradeGoods += s.bonus(e.Seat, hookGainPlanetTG)
	if t := s.Tactical; t != nil && t.Seat == e.Seat && e.Planet == MecatolRex && s.rules() >= RulesFactions {
		t.GainedMecatol = true
	}
	if t := s.Tactical; t != nil && t.Seat == e.Seat && s.rules() >= RulesMechs && !slices.Contains(t.Gained, e.Planet) {
		t.Gained = append(slices.Clip(t.Gained), e.Planet)
	}
}

// structureRoom reports room on pl for one more of seat's structures of
// typ from reinforcements: one space dock (85.4), two PDS (85.5) unless a
// law lifts that, as checkPlacement has it.
func (s *State) structureRoom(seat int, pl *Planet, typ string) bool {
	return s.Reinforcements(seat, typ) > 0 && checkPlacement(s, seat, typ, 1, pl) == nil // and a space dock that is a ship is not placed on a planet (76.1: Floating Factory)
}

func applyControlLost(s *State, e Event) {
	martyrFeat(s, e.Seat, e.Planet)
	// a legendary ability card goes back with its planet card, and comes out ready (53.2a)
	s.LegendaryExhausted = slices.DeleteFunc(slices.Clone(s.LegendaryExhausted), func(n string) bool { return n == e.Planet })
	pl, _ := s.Planet(e.Planet)
	pl.Controller = None
	pl.Exhausted = false
	pl.ControlToken = false // 25.7
}

// owners appends to out the seats with units on a planet, in seat order;
// callers pass a small array's slice so nothing is allocated.
func owners(pl *Planet, out []int) []int {
	for _, st := range pl.Units {
		if st.Count > 0 && (len(out) == 0 || out[len(out)-1] != st.Owner) {
			out = append(out, st.Owner)
		}
	}
	return out
}

// controlFollowUps applies 25.5 and 25.4 to every planet not under an
// invasion in progress (25.5b). A controller with no units left loses the
// planet to the one other player who has units there (25.5, 25.5a); a
// planet no one controls goes to the one player whose units stand on it
// (25.1a); a controller with no units there and no rival marks the planet
// with a control token (25.4).
func controlFollowUps(s *State, rng *engine.RNG) []Event {
	if s.idle(scanControl) {
		return nil
	}
	var ev []Event
	var x *explorer
	var buf [8]int
	for i, sys := range s.Systems {
		if !s.stale(scanControl, i) || s.invading(sys) || isCards(sys) { // a card off the board: held without units (25.4)
			continue
		}
		for _, pl := range sys.Planets {
			here := owners(pl, buf[:0])
			mine := false
			for _, o := range here {
				mine = mine || o == pl.Controller
			}
			switch {
			case mine:
			case len(here) == 1:
				if x == nil {
					x = newExplorer(s, rng)
				}
				ev = s.extend(ev, gain(s, x, here[0], sys.Pos, pl)...)
			case len(here) == 0 && pl.Controller != None && !pl.ControlToken:
				ev = s.extend(ev, Event{Kind: EvControlToken, Seat: pl.Controller, Planet: pl.Name})
			}
		}
	}
	if len(ev) == 0 {
		s.setQuiet(scanControl)
	}
	return ev
}

// structureFollowUps destroys a player's PDS and space docks on a planet
// that holds none of that player's ground forces but another player's
// units (63.4, 79.4). An invasion in progress decides at Establish Control
// instead (49.5a). A structure in space (the Saar Floating Factory) is
// destroyed once blockaded: another player's ships in its system and none
// of its owner's (79.4a, 14.1); a space combat there decides first. After
// those, once Homeland Defense Act leaves play, PDS over the limit of two
// per planet go back to reinforcements (85.5, 7.3). One pass over the
// planets finds both.
func structureFollowUps(s *State) []Event {
	if s.idle(scanStructures) {
		return nil
	}
	limit := !s.lawSays(LawNoPDSLimit)
	var over []Event
	waits := false // a blockaded factory in a combat's system: look again when it ends
	for i, sys := range s.Systems {
		if !s.stale(scanStructures, i) {
			continue
		}
		for _, st := range sys.Space {
			if !isStructure(st.Unit) || shipsOf(sys, st.Owner) || !hasOthersShips(sys, st.Owner) {
				continue
			}
			if s.Combat != nil && s.Combat.System == sys.Pos {
				waits = true
				continue
			}
			return s.emit(Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Unit: st.Unit, Count: st.Count})
		}
		for _, pl := range sys.Planets {
			for _, st := range pl.Units {
				if limit && over == nil && st.Unit == "pds" && st.Count > 2 {
					over = s.emit(Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Planet: pl.Name, Unit: "pds", Count: st.Count - 2})
				}
			}
			if len(pl.Units) < 2 || s.invading(sys) {
				continue // a lone stack has no other player's units beside it
			}
			var here, ground uint32 // seats with units, and with ground forces, on the planet
			for _, st := range pl.Units {
				here |= 1 << uint(st.Owner)
				if s.groundForce(st.Owner, st.Unit) {
					ground |= 1 << uint(st.Owner)
				}
			}
			for _, st := range pl.Units {
				if me := uint32(1) << uint(st.Owner); isStructure(st.Unit) && ground&me == 0 && here&^me != 0 {
					return s.emit(Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Planet: pl.Name, Unit: st.Unit, Count: st.Count})
				}
			}
		}
	}
	if over == nil && !waits {
		s.setQuiet(scanStructures)
	}
	return over
}

// invading reports the system of the invasion under way, or one whose
// planets it invades next (Invasion.Next): control and structures there
// wait for it.
func (s *State) invading(sys *System) bool {
	inv := s.Invasion
	if inv == nil {
		return false
	}
	return inv.Pos == sys.Pos || slices.ContainsFunc(inv.Next, func(name string) bool { return planetIn(sys, name) != nil })
}
