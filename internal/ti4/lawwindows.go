package ti4

import (
	"slices"
	"strings"

	"github.com/mecatol/mecatol/internal/engine"
)

// Laws their owner uses at a moment of the game, discarding them (7.5):
// Committee Formation before a player election is voted on, Imperial
// Arbiter at the end of the strategy phase, and Minister of Peace after a
// player activates a system holding another player's units, Minister of
// War after its owner performs an action (one of their command tokens
// leaves the board). Who owns a law is public, so pausing for its owner
// reveals nothing.

// Law-window kinds.
const (
	ActUseLaw   = "use_law" // card: the law; player or outcome as it needs
	StepArbiter = "imperial_arbiter"
	StepPeace   = "minister_of_peace"
	StepWar     = "minister_of_war"
	EvWarAsked  = "war_offered"
	// EvExtraAction gives a player an additional action now (Minister of War).
	EvExtraAction = "extra_action"
	EvArbiterMet  = "arbiter_offered"
	EvSwapped     = "strategy_cards_swapped"
)

func decideUseLaw(s *State, a Action) ([]Event, error) {
	if !s.OwnsLaw(a.Seat, a.Card) {
		return nil, engine.Refuse("7.4", "only the owner of %s can use it", a.Card)
	}
	discard := Event{Kind: EvLawDiscarded, Card: a.Card}
	switch a.Card {
	case "committee_formation":
		ag := s.Agenda
		if ag == nil || ag.Window == "" || len(ag.WindowQueue) == 0 || ag.WindowQueue[0] != a.Seat {
			return nil, engine.Refuse("1.20", "Committee Formation is used before the votes, in turn from the speaker")
		}
		if c, _ := agendaCard(ag.Subject); c.Elect != "player" {
			return nil, engine.Refuse("7.3", "Committee Formation chooses the elected player of an election of a player")
		}
		if !slices.Contains(s.Outcomes(ag.Subject), a.Outcome) {
			return nil, engine.Refuse("8.9", "%q is not a player who can be elected", a.Outcome)
		}
		return s.emit(discard, Event{Kind: EvAgendaOutcome, Card: ag.Subject, Extra: &Extra{Outcome: a.Outcome}}), nil
	case "imperial_arbiter":
		if _, err := inStep(s, a.Seat, StepArbiter); err != nil {
			return nil, err
		}
		mine, theirs, _ := strings.Cut(a.Outcome, ":")
		q := s.holderOfCard(theirs)
		if !slices.Contains(s.Players[a.Seat].StrategyCards, mine) || q == None || q == a.Seat {
			return nil, engine.Refuse("7.3", "swap one of your strategy cards for another player's: outcome \"yours:theirs\"")
		}
		return s.emit(discard, Event{Kind: EvSwapped, Seat: a.Seat, Owner: q, Extra: &Extra{Cards: []string{mine, theirs}}}, Event{Kind: EvStepCleared, Seat: a.Seat}), nil
	case "minister_of_peace":
		if _, err := inStep(s, a.Seat, StepPeace); err != nil {
			return nil, err
		}
		t := s.Tactical
		return s.emit(discard, Event{Kind: EvStepCleared, Seat: a.Seat}, Event{Kind: EvTacticalEnded, Seat: t.Seat}, s.tacticalTurnEnd()), nil
	case "minister_of_war":
		if _, err := inStep(s, a.Seat, StepWar); err != nil {
			return nil, err
		}
		sys, _, err := where(s, a.System, "", "system")
		if err != nil {
			return nil, err
		}
		if !slices.Contains(sys.Command, a.Seat) {
			return nil, engine.Refuse("7.3", "Minister of War takes back one of your command tokens on the board; none is in system %d", sys.Pos)
		}
		// Then its owner may perform one more action.
		return s.emit(discard, Event{Kind: EvCommandToken, Seat: a.Seat, System: sys.Pos, Count: -1}, Event{Kind: EvStepCleared, Seat: a.Seat}, Event{Kind: EvExtraAction, Seat: a.Seat}), nil
	}
	return nil, engine.Refuse("7.3", "%s is not used this way", a.Card)
}

func (s *State) holderOfCard(card string) int {
	for _, p := range s.Players {
		if slices.Contains(p.StrategyCards, card) {
			return p.Seat
		}
	}
	return None
}

// lawWindowFollowUps offers Imperial Arbiter once the strategy cards are
// all chosen, and Minister of Peace after an activation it can answer.
func lawWindowFollowUps(s *State) []Event {
	if s.Step != nil {
		return nil
	}
	if l := s.Law("imperial_arbiter"); l != nil && l.Owner != None && s.Phase == PhaseStrategy && s.Turn == None && s.PickAsk == nil && s.ArbiterRound != s.Round {
		return s.emit(Event{Kind: EvArbiterMet}, step(StepArbiter, l.Owner, "imperial_arbiter", false))
	}
	if s.WarAsk {
		ev := s.emit(Event{Kind: EvWarAsked})
		if l := s.Law("minister_of_war"); l != nil && l.Owner != None && s.tokensOnBoard(l.Owner) {
			ev = s.extend(ev, step(StepWar, l.Owner, "minister_of_war", false))
		}
		return ev
	}
	if l := s.Law("minister_of_peace"); l != nil && l.Owner != None {
		t := s.Tactical
		if t != nil && t.Step == TacMovement && len(t.Moves) == 0 && !t.PeaceAsked && l.Owner != t.Seat && s.othersIn(t.System, t.Seat) {
			return s.emit(Event{Kind: EvPeaceAsked}, step(StepPeace, l.Owner, "minister_of_peace", false))
		}
	}
	return nil
}

// EvPeaceAsked notes that Minister of Peace was offered for this activation.
const EvPeaceAsked = "peace_offered"

// othersIn reports units of a player other than seat in a system.
func (s *State) othersIn(pos, seat int) bool {
	for _, q := range s.Active() {
		if q != seat && s.unitsIn(pos, q) > 0 {
			return true
		}
	}
	return false
}

func applyLawWindows(s *State, e *Event) bool {
	switch e.Kind {
	case EvArbiterMet:
		s.ArbiterRound = s.Round
	case EvPeaceAsked:
		s.Tactical.PeaceAsked = true
	case EvWarAsked:
		s.WarAsk = false
	case EvExtraAction:
		s.Turn, s.ExtraAction, s.LawsBlank = e.Seat, true, s.LawsBlankTurn
		if e.Card != "" {
			s.SecondBy = e.Card
		}
	case EvSwapped:
		mine, theirs := e.extra().Cards[0], e.extra().Cards[1]
		p, q := s.Players[e.Seat], s.Players[e.Owner]
		p.StrategyCards[slices.Index(p.StrategyCards, mine)] = theirs
		q.StrategyCards[slices.Index(q.StrategyCards, theirs)] = mine
		sortStrategy(p.StrategyCards)
		sortStrategy(q.StrategyCards)
	default:
		return false
	}
	return true
}

// lawOptions lists the uses of laws open to seat, for Legal.
func lawOptions(s *State, seat int, add func(Action)) {
	if s.LawsBlank {
		return
	}
	for _, l := range s.Laws {
		if l.Owner != seat {
			continue
		}
		switch l.Card {
		case "committee_formation":
			if ag := s.Agenda; ag != nil && ag.Window != "" {
				for _, o := range s.Outcomes(ag.Subject) {
					add(Action{Kind: ActUseLaw, Card: l.Card, Outcome: o})
				}
			}
		case "imperial_arbiter":
			if st := s.Step; st != nil && st.Kind == StepArbiter && st.Seat == seat {
				for _, mine := range s.Players[seat].StrategyCards {
					for _, q := range s.Players {
						if q.Seat != seat {
							for _, theirs := range q.StrategyCards {
								add(Action{Kind: ActUseLaw, Card: l.Card, Outcome: mine + ":" + theirs})
							}
						}
					}
				}
			}
		case "minister_of_peace":
			if st := s.Step; st != nil && st.Kind == StepPeace && st.Seat == seat {
				add(Action{Kind: ActUseLaw, Card: l.Card})
			}
		case "minister_of_war":
			if st := s.Step; st != nil && st.Kind == StepWar && st.Seat == seat {
				for _, sys := range s.Systems {
					if slices.Contains(sys.Command, seat) {
						add(Action{Kind: ActUseLaw, Card: l.Card, System: ip(sys.Pos)})
					}
				}
			}
		}
	}
	if st := s.Step; st != nil && isLawStep(st.Kind) && st.Seat == seat {
		add(Action{Kind: ActDone})
	}
}

func isLawStep(kind string) bool { return kind == StepArbiter || kind == StepPeace || kind == StepWar }

// tokensOnBoard reports one of seat's command tokens in a system.
func (s *State) tokensOnBoard(seat int) bool {
	for _, sys := range s.Systems {
		if slices.Contains(sys.Command, seat) {
			return true
		}
	}
	return false
}
