package ti4

import (
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
		if count(pl.Units, q, "infantry") > 0 && !demilitarized(pl) {
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
