package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Arborec's abilities.
func init() {
	// Mitosis: the Arborec's space docks produce no infantry (68.1d); at
	// the start of the status phase an infantry from reinforcements goes
	// on a planet they control, if they can place one.
	define(&Ability{ID: "arborec:mitosis", Since: RulesPrinted, DocksNoInfantry: true,
		Uses: []*Use{{At: AtStatusStart, Mandatory: true, Fields: "planet", Options: mitosisOptions, Resolve: mitosis}}})
}

func mitosisOptions(s *State, seat int, _ *Step) []Action {
	if s.Reinforcements(seat, "infantry") == 0 {
		return nil
	}
	var out []Action
	for _, pl := range s.ownPlanets(seat) {
		if !demilitarized(pl) {
			out = append(out, Action{Planet: pl.Name})
		}
	}
	return out
}

func mitosis(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(mitosisOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet }) {
		return nil, engine.Refuse("1.3", "Mitosis places an infantry from reinforcements on a planet you control")
	}
	pl, sys := s.Planet(a.Planet)
	return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1}), nil
}

// Stymie (Codex I), the Arborec's note: after another player moves ships
// into a system with its holder's units, a command token from the mover's
// reinforcements goes to a non-home system of the holder's choice; the
// note goes back.
func init() {
	defineNote("arborec:stymie", &promissoryNote{since: RulesFactions, answers: AnswerMovedIn, moment: answering(AnswerMovedIn),
		fields: "system", offer: stymieOffer, play: stymie})
}

func stymieOffer(s *State, seat int) []Action {
	var out []Action
	for _, sys := range s.Systems {
		if stymieOpen(s, sys.Pos) {
			out = append(out, Action{System: ip(sys.Pos)})
		}
	}
	return out
}

// stymieOpen reports a system the mover's token may go to: not a home
// system, and without a token of theirs.
func stymieOpen(s *State, pos int) bool {
	sys := s.System(pos)
	return sys != nil && s.Combat != nil && !s.IsHomeSystem(pos) && !slices.Contains(sys.Command, s.Combat.Attacker) &&
		s.CommandReinforcements(s.Combat.Attacker) > 0
}

func stymie(s *State, a Action, _ int) ([]Event, error) {
	if !answering(AnswerMovedIn)(s, a.Seat) {
		return nil, engine.Refuse("69.1", "Stymie is played after another player moves ships in where you have units")
	}
	if a.System == nil || !stymieOpen(s, *a.System) {
		return nil, engine.Refuse("69.1", "choose a non-home system without the mover's token, while they have one in reinforcements")
	}
	return s.emit(Event{Kind: EvCommandToken, Seat: s.Combat.Attacker, System: *a.System, Count: 1}, Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}
