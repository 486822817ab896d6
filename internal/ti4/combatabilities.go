package ti4

import (
	"cmp"
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// The combat steps that abilities open: each asks the hook points of
// combat.Tech (CombatTech, abilities.go) and names no card.

// cannonTargeting is how seat's space cannon hits land on target's ships:
// on non-fighters while there are any, when seat has a ready exhaustible
// ability for it and target has both kinds of ship there (the ability is
// then exhausted; it is always the better choice then). The events are
// the exhausting.
func (s *State) cannonTargeting(seat, target int, sys *System) (string, []Event) {
	id := s.exhaustible(seat, func(t combat.Tech) bool { return t.Graviton })
	if id == "" || count(sys.Space, target, "fighter") == 0 || !slices.ContainsFunc(sys.Space, func(st Stack) bool {
		return st.Owner == target && isShip(st.Unit) && st.Unit != "fighter"
	}) {
		return "", nil
	}
	if !s.hasCannon(seat, sys) {
		return "", nil
	}
	return "non_fighter_first", []Event{{Kind: EvTechExhausted, Seat: seat, Card: id}}
}

// hasCannon reports whether seat has a unit with space cannon in or (PDS
// II) next to the system.
func (s *State) hasCannon(seat int, sys *System) bool {
	has := func(st Stack) bool { return st.Owner == seat && profile(s, seat, st.Unit).Cannon.Dice > 0 }
	if slices.ContainsFunc(sys.Space, has) {
		return true
	}
	for _, pl := range sys.Planets {
		if slices.ContainsFunc(pl.Units, has) || (pl.Controller == seat && s.rules() >= RulesCodex && len(s.planetCannon(nil, pl)) > 0) { // a planet's own, from version 9
			return true
		}
	}
	pds := s.UnitCard(seat, "pds").SpaceCannon
	if pds == nil || pds.Range == 0 {
		return false
	}
	for _, q := range s.galaxy.Neighbors(sys.Pos, s.Wormholes) {
		if other := s.System(q); other != nil {
			for _, pl := range other.Planets {
				if count(pl.Units, seat, "pds") > 0 {
					return true
				}
			}
		}
	}
	return false
}

// startDestroys is the start of a space combat (78.2): a seat whose
// ability needs 3 or more of its non-fighter ships there makes the
// opponent destroy one non-fighter ship.
func (s *State) startDestroys(seat, opp int, sys *System) []Owed {
	if !s.combatTech(seat).Assault {
		return nil
	}
	n := 0
	for _, st := range sys.Space {
		if st.Owner == seat && isShip(st.Unit) && st.Unit != "fighter" {
			n += st.Count
		}
	}
	if n < 3 {
		return nil
	}
	return []Owed{{Seat: opp, Hits: 1, Only: "non_fighter", Destroy: true, Rule: "78.2", By: seat}}
}

// splicerHits is the start of a space combat in a system with a wormhole:
// a seat whose ability splices hits one of the opponent's ships, of its
// own choosing (Picked).
func (s *State) splicerHits(seat, opp int, sys *System) []Owed {
	if !s.has(seat, hookWormholeHit) || !s.hasWormhole(sys.Pos) {
		return nil
	}
	return []Owed{{Seat: opp, Hits: 1, Picked: true, Rule: "78.2", By: seat}}
}

// ambushHits is the start of a space combat (78.2): a seat whose ability
// ambushes rolls for up to 2 of its cruisers and destroyers there, each
// hitting on its combat value; the opponent assigns the hits.
func (s *State) ambushHits(seat, opp int, sys *System, rng *engine.RNG, rolls *[]int) []Owed {
	if !s.combatTech(seat).Ambush {
		return nil
	}
	gs := s.groups(nil, seat, sys.Space, func(st Stack) bool { return st.Unit == "cruiser" || st.Unit == "destroyer" })
	if h := combat.Throw(rng, combat.AmbushDice(gs), rolls); h > 0 {
		return []Owed{{Seat: opp, Hits: h, Rule: "78.2", By: seat}}
	}
	return nil
}

// startHits is the start of a ground combat (42.4a): a seat whose ability
// needs one of its structures on the planet produces a hit that it
// assigns to one of the opponent's ground forces.
func (s *State) startHits(seat, opp int, pl *Planet) []Owed {
	if !s.combatTech(seat).Magen {
		return nil
	}
	if count(pl.Units, seat, "pds")+count(pl.Units, seat, "space_dock") == 0 {
		return nil
	}
	return []Owed{{Seat: opp, Hits: 1, Planet: pl.Name, Rule: "42.4", By: seat, Picked: true}}
}

// chooser is who picks the units these hits land on.
func (o Owed) chooser() int {
	if o.Picked {
		return o.By
	}
	return o.Seat
}

// repairs is a combat round's repairs, after its hits are assigned: each
// player with a repairing ability repairs one unit on this side of the
// combat (planet, or the space area) damaged before the round. The
// owner's choice is taken as the most costly such unit. Nil when there is
// nothing to repair, or the round's repairs are made.
// roundRepairs repairs, at the start of a space combat round, the damaged
// flagships of the combat's players whose ability repairs them then.
func (s *State) roundRepairs(c *Combat, sys *System) []Event {
	var ev []Event
	for _, st := range sys.Space {
		if st.Unit == "flagship" && st.Damaged > 0 && (st.Owner == c.Attacker || st.Owner == c.Defender) {
			if a := s.unitAbility(st.Owner, "flagship"); a != nil && a.RoundRepair {
				ev = append(ev, Event{Kind: EvUnitRepaired, Seat: st.Owner, System: c.System, Unit: st.Unit})
			}
		}
	}
	return s.emit(ev...)
}

func (s *State) repairs(c *Combat, planet string) []Event {
	if c.Repaired || c.Round == 0 {
		return nil
	}
	sys := s.System(c.System)
	stacks := sys.Space
	if pl := planetIn(sys, planet); pl != nil {
		stacks = pl.Units
	}
	var ev []Event
	for _, q := range []int{c.Attacker, c.Defender} {
		if q == None || !s.combatTech(q).Duranium {
			continue
		}
		var best *Stack
		for i := range stacks {
			st := &stacks[i]
			if st.Owner != q || st.Damaged-count(c.Sustained, q, st.Unit) <= 0 {
				continue
			}
			if best == nil || cmp.Compare(s.UnitCard(q, st.Unit).Cost, s.UnitCard(q, best.Unit).Cost) > 0 {
				best = st
			}
		}
		if best != nil {
			ev = append(ev, Event{Kind: EvUnitRepaired, Seat: q, System: c.System, Planet: planet, Unit: best.Unit})
		}
	}
	if len(ev) == 0 {
		return nil
	}
	n := c.clone()
	n.Repaired = true
	return s.extend(s.emit(ev...), setCombat(n, nil))
}

// bombardWipe follows a bombardment: if it destroyed an infantry and the
// bombarding player has the ability for it, the rest of the opponent's
// infantry on that planet is destroyed too.
func bombardWipe(s *State, c *Combat) []Event {
	if c.InfantryLost == "" || !s.combatTech(c.Attacker).X89 {
		return nil
	}
	pl := planetIn(s.System(c.System), c.InfantryLost)
	if pl == nil {
		return nil
	}
	if k := count(pl.Units, c.Defender, "infantry"); k > 0 {
		return s.emit(Event{Kind: EvUnitsRemoved, Seat: c.Defender, System: c.System, Planet: pl.Name, Unit: "infantry", Count: k})
	}
	return nil
}
