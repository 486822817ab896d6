package ti4

import (
	"cmp"
	"maps"
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The L1Z1X Mindnet's abilities.
func init() {
	// Assimilate: on gaining a planet, other players' PDS and space docks
	// there are replaced by the L1Z1X's own (25).
	define(&Ability{ID: "l1z1x:assimilate", Since: RulesFactions, TakesStructures: true})
	// Harrow: at the end of each ground combat round, the L1Z1X's ships in
	// the active system bombard the opponent's ground forces on the planet
	// (15); used whenever it can hit, since it costs nothing.
	define(&Ability{ID: "l1z1x:harrow", Since: RulesPrinted, RoundBombard: true})
	// Cybernetic Enhancements, the L1Z1X's note (Codex I, Ω): as its holder
	// gains command tokens in the status phase (81.5), one more; then it
	// goes back.
	defineNote("l1z1x:cybernetic_enhancements", &promissoryNote{since: RulesFactions, moment: enhancementsMoment, play: cyberneticEnhancements})
}

// enhancementsMoment: seat is still to arrange the tokens it gains in the
// status phase, with one more in reinforcements to gain.
func enhancementsMoment(s *State, seat int) bool {
	st := s.Status
	return s.Phase == PhaseStatus && st != nil && st.Tokens && slices.Contains(st.Waiting, seat) &&
		s.CommandReinforcements(seat) > st.Gain[seat]
}

func cyberneticEnhancements(s *State, a Action, _ int) ([]Event, error) {
	if !enhancementsMoment(s, a.Seat) {
		return nil, engine.Refuse("69.1", "Cybernetic Enhancements is played as you gain command tokens in the status phase, with one more in your reinforcements")
	}
	return s.emit(Event{Kind: EvMoreTokens, Seat: a.Seat, Count: 1}, Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}

// Inheritance Systems, an L1Z1X technology: while researching, the L1Z1X
// may exhaust it and spend 2 resources more to ignore every prerequisite
// of the technology (90.12).
func init() {
	define(&Ability{ID: "inheritance_systems", Since: RulesFactions, Uses: []*Use{{At: WhileResearch, Exhaust: true, Fields: "outcome",
		Options: one(Action{Outcome: "prerequisites"}), Resolve: inheritanceSystems}}})
}

func inheritanceSystems(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if a.Outcome != "prerequisites" {
		return nil, engine.BadInput("outcome", "while researching, the use is \"prerequisites\"")
	}
	return s.emit(Event{Kind: EvSpent, Seat: a.Seat, Card: "all"}, Event{Kind: EvSpent, Seat: a.Seat, Count: -2}), nil
}

// [0.0.1], the L1Z1X's flagship: in space combat its hits and their
// dreadnoughts' there land on non-fighter ships while there are any.
func init() {
	define(&Ability{ID: "0_0_1", Since: RulesPrinted, Directed: true})
}

// The L1Z1X Mindnet's leaders (rules version 5).
func init() {
	// 2RAM, commander: Planetary Shield does not stop the L1Z1X's
	// bombardment (65.3).
	define(&Ability{ID: "l1z1x:2ram", Since: RulesLeaders, BombardsShields: true})
}

// Annihilator, the L1Z1X mech (55): Bombardment 8 (a unit value, used in
// the space area as any bombardment is), and from a planet of the system
// on its other planets, as if it were a ship (15).
func init() {
	define(&Ability{ID: "annihilator", Since: RulesMechs, BombardsAsShip: true})
}

// The L1Z1X Mindnet's leaders from rules version 6.
func init() {
	// I48S, agent: after any player activates a system, exhausted, that
	// player's infantry in the active system (in its space area, or on a
	// planet: planet) becomes one of their mechs from reinforcements.
	define(&Ability{ID: "l1z1x:i48s", Since: RulesMechs,
		Uses: []*Use{{At: AfterAnyActivation, Exhaust: true, Fields: "planet", Options: i48sOptions, Resolve: i48s}}})
}

func i48sOptions(s *State, seat int, st *Step) []Action {
	if st == nil || st.Target == nil || len(st.Systems) == 0 {
		return nil
	}
	q := *st.Target
	sys := s.System(st.Systems[0])
	if sys == nil || s.Reinforcements(q, "mech") == 0 {
		return nil
	}
	var out []Action
	if count(sys.Space, q, "infantry") > 0 {
		out = append(out, Action{})
	}
	for _, pl := range sys.Planets {
		if count(pl.Units, q, "infantry") > 0 && !unitsBarred(pl) {
			out = append(out, Action{Planet: pl.Name})
		}
	}
	return out
}

func i48s(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(i48sOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet }) {
		return nil, engine.Refuse("51.4", "an infantry of the active player's in the active system (planet, or none for the space area), with a mech of theirs in reinforcements")
	}
	q, pos := *st.Target, st.Systems[0]
	return s.emit(Event{Kind: EvUnitsRemoved, Seat: q, System: pos, Planet: a.Planet, Unit: "infantry", Count: 1},
		Event{Kind: EvUnitsPlaced, Seat: q, System: pos, Planet: a.Planet, Unit: "mech", Count: 1}), nil
}

func init() {
	// The Helmsman, hero: as an action, into a system without other
	// players' ships, their flagship and any of their dreadnoughts move from
	// other systems, however far (units: one entry each); purged (51.12).
	define(&Ability{ID: "l1z1x:the_helmsman", Since: RulesMechs,
		Uses: []*Use{{At: AtAction, Fields: "system units", Options: helmsmanOptions, Resolve: theHelmsman}}})
}

// helmsmanShips are seat's flagship and dreadnoughts outside the system
// at pos, one entry each.
func helmsmanShips(s *State, seat, pos int) []UnitRef {
	var out []UnitRef
	for _, sys := range s.Systems {
		if sys.Pos == pos {
			continue
		}
		for _, u := range []string{"flagship", "dreadnought"} {
			for range count(sys.Space, seat, u) {
				out = append(out, UnitRef{System: sys.Pos, Unit: u})
			}
		}
	}
	return out
}

func helmsmanOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, sys := range s.Systems {
		if otherWithShips(sys, seat) == None && !isCards(sys) {
			if ships := helmsmanShips(s, seat, sys.Pos); len(ships) > 0 {
				out = append(out, Action{System: ip(sys.Pos), ActionExtra: &ActionExtra{Units: ships}})
			}
		}
	}
	return out
}

func theHelmsman(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if a.System == nil || s.System(*a.System) == nil || isCards(s.System(*a.System)) || otherWithShips(s.System(*a.System), a.Seat) != None {
		return nil, engine.Refuse("51.10", "The Helmsman moves ships into a system without other players' ships")
	}
	to := *a.System
	left := helmsmanShips(s, a.Seat, to)
	moved := map[UnitRef]int{}
	for _, r := range a.extra().Units {
		r.Planet, r.To, r.Into = "", "", nil
		i := slices.Index(left, r)
		if i < 0 {
			return nil, engine.Refuse("51.10", "your flagship and dreadnoughts in other systems, each once (units)")
		}
		left = slices.Delete(left, i, i+1)
		moved[r]++
	}
	if len(moved) == 0 {
		return nil, engine.BadInput("units", "name the ships that move")
	}
	m := map[shipMove]int{}
	for r, n := range moved {
		m[shipMove{from: r.System, unit: r.Unit, into: to}] = n
	}
	return s.emit(append(shipsMoved(s, a.Seat, m), purgeHero(a.Seat))...), nil
}

// shipMove is ships of one type moving from one system into another.
type shipMove struct {
	from, into int
	unit       string
}

// shipsMoved are the events of seat's ships moving as the keys say, in
// the numbers given; damaged ships stay damaged, the undamaged of each
// stack moving first.
func shipsMoved(s *State, seat int, moved map[shipMove]int) []Event {
	var ev []Event
	taken := map[shipMove]int{} // from each stack so far: from and unit
	for _, m := range slices.SortedFunc(maps.Keys(moved), func(x, y shipMove) int {
		return cmp.Or(x.from-y.from, cmp.Compare(x.unit, y.unit), x.into-y.into)
	}) {
		n, k := moved[m], shipMove{from: m.from, unit: m.unit}
		st := s.System(m.from).Space
		i := slices.IndexFunc(st, func(x Stack) bool { return x.Owner == seat && x.Unit == m.unit })
		whole := st[i].Count - st[i].Damaged // the undamaged go first, as removal takes them
		hurt := max(0, taken[k]+n-whole) - max(0, taken[k]-whole)
		taken[k] += n
		ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: seat, System: m.from, Unit: m.unit, Count: n},
			Event{Kind: EvUnitsPlaced, Seat: seat, System: m.into, Unit: m.unit, Count: n, Extra: damagedExtra(hurt)})
	}
	return ev
}
