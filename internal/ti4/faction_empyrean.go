package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Empyrean's components.

// Watcher, the Empyrean mech (55): when another player's action card
// waits on the Empyrean's answer, a mech of theirs in or next to a system
// with that player's units may be removed (not destroyed, 31.2) to cancel
// the card, as Sabotage does.
func init() {
	define(&Ability{ID: "watcher", Since: RulesMechs,
		Uses: []*Use{{At: WhenCardPlayed, Fields: "system planet", Options: watcherOptions, Resolve: watcher}}})
}

// watcherOptions offers each of seat's mechs (by system, and planet or
// space area) in or next to a system with the card player's units.
func watcherOptions(s *State, seat int, _ *Step) []Action {
	pa := s.PendingAC
	if pa == nil {
		return nil
	}
	var out []Action
	for _, sys := range s.Systems {
		if !s.watches(sys.Pos, pa.Act.Seat) {
			continue
		}
		if count(sys.Space, seat, "mech") > 0 {
			out = append(out, Action{System: ip(sys.Pos)})
		}
		for _, pl := range sys.Planets {
			if count(pl.Units, seat, "mech") > 0 {
				out = append(out, Action{System: ip(sys.Pos), Planet: pl.Name})
			}
		}
	}
	return out
}

// watches reports that the system at pos holds units of seat's, or is
// next to one that does.
func (s *State) watches(pos, seat int) bool {
	if s.unitsIn(pos, seat) > 0 {
		return true
	}
	for _, q := range s.galaxy.Neighbors(pos, s.Wormholes) {
		if s.unitsIn(q, seat) > 0 {
			return true
		}
	}
	return false
}

func watcher(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if a.System == nil || !slices.ContainsFunc(watcherOptions(s, a.Seat, st), func(o Action) bool { return *o.System == *a.System && o.Planet == a.Planet }) {
		return nil, engine.Refuse("55", "a mech of yours in or next to a system with the card's player's units")
	}
	return s.extend(s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: *a.System, Planet: a.Planet, Unit: "mech", Count: 1}), cancelPending(s)...), nil
}
