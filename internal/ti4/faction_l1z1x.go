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
