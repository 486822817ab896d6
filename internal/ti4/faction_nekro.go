package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// The Nekro Virus' abilities.
func init() {
	// Galactic Threat: the Nekro cast no votes (8.16); once per agenda
	// phase, after an agenda is revealed and before any vote, they may
	// predict its outcome (8.22); if it resolves so, they gain a
	// technology (not a faction's) of a player who voted for it.
	define(&Ability{ID: "nekro:galactic_threat", Since: RulesPrinted, NoVote: true, Predicted: threatRewarded,
		Uses: []*Use{{At: BeforeVotes, Fields: "outcome", Options: threatOptions, Resolve: predictThreat}}})
}

func threatOptions(s *State, seat int, _ *Step) []Action {
	ag := s.Agenda
	if s.Players[seat].Predicted == s.Round || ag == nil || ag.Card == "" {
		return nil
	}
	var out []Action
	for _, o := range s.Outcomes(ag.Subject) {
		out = append(out, Action{Outcome: o})
	}
	return out
}

func predictThreat(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if s.Players[a.Seat].Predicted == s.Round {
		return nil, engine.Refuse("1.3", "Galactic Threat predicts once per agenda phase")
	}
	if !slices.ContainsFunc(threatOptions(s, a.Seat, st), func(o Action) bool { return o.Outcome == a.Outcome }) {
		return nil, engine.Refuse("8.22", "predict one of this agenda's outcomes: %v", s.Outcomes(s.Agenda.Subject))
	}
	return s.emit(Event{Kind: EvRider, Seat: a.Seat, Card: a.Card, Extra: &Extra{Outcome: a.Outcome}}), nil
}

// threatRewarded: the technologies, not a faction's, of the players who
// voted for the outcome predicted, that the Nekro lack; one of them is
// gained (a gain: no prerequisites, 90).
func threatRewarded(s *State, r Ballot, ag *AgendaStep) []Event {
	var techs []string
	for _, b := range ag.Ballots {
		if b.Outcome != r.Outcome || b.Seat == r.Seat {
			continue
		}
		for _, id := range s.Players[b.Seat].Techs {
			t := data.MustLoad().Technology(id)
			if t != nil && t.Faction == "" && !slices.Contains(techs, id) && !slices.Contains(s.Players[r.Seat].Techs, id) {
				techs = append(techs, id)
			}
		}
	}
	if len(techs) == 0 {
		return nil
	}
	return s.emit(queue(Step{Kind: StepAgendaTech, Seat: r.Seat, Card: r.Card, Need: 1, Free: true, Optional: true, Cards: techs}))
}
