package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// PickAsk is the window after a strategy card is chosen, while another
// card is left to choose instead (Public Disgrace): every other player
// answers in turn from the picker's left, so a pause tells nobody who
// holds the card (1.19).
type PickAsk struct {
	Picker int    `json:"picker"`
	Card   string `json:"card"`
	TG     int    `json:"trade_goods,omitempty"` // the trade goods that came with it (84.1a)
	Queue  []int  `json:"queue"`
}

// Public Disgrace events.
const (
	EvPickPassed = "pick_window_passed"
	EvDisgraced  = "strategy_choice_undone" // the card returns with its trade goods
)

func pickWindow(s *State, e Event) *PickAsk {
	if len(s.Strategy) == 0 {
		return nil // nothing else to choose
	}
	q := s.othersFromLeft(e.Seat)
	if len(q) == 0 {
		return nil
	}
	return &PickAsk{Picker: e.Seat, Card: e.Card, TG: e.Count, Queue: q}
}

// pickWindowOptions are a player's answers to a strategy card chosen: a
// pass, or Public Disgrace.
func pickWindowOptions(p *Player, w *PickAsk, add func(Action)) {
	answerOptions(p, w.Queue, "public_disgrace", add)
}

func decidePickPass(s *State, a Action) ([]Event, error) {
	if err := answersFirst(s.PickAsk.Queue, a.Seat); err != nil {
		return nil, err
	}
	return s.emit(Event{Kind: EvPickPassed, Seat: a.Seat}), nil
}

// disgrace resolves Public Disgrace: the picker takes back the choice and
// must choose another card.
func init() { defineCard("public_disgrace", &actionCard{play: disgrace}) } // offered by its window

func disgrace(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	w := s.PickAsk
	if s.Phase != PhaseStrategy || w == nil || w.Queue[0] != a.Seat {
		return nil, engine.Refuse("1.15", "Public Disgrace is played when another player chooses a strategy card")
	}
	return s.emit(Event{Kind: EvDisgraced, Seat: w.Picker, Card: w.Card, Count: w.TG}), nil
}

func applyDisgrace(s *State, e *Event) bool {
	switch e.Kind {
	case EvPickPassed:
		w := s.PickAsk
		w.Queue = w.Queue[1:]
		if len(w.Queue) == 0 {
			s.PickAsk = nil
		}
	case EvDisgraced:
		if h := s.holderOfCard(e.Card); h != None { // the picker, or whom Checks and Balances gave it to
			q := s.Players[h]
			q.StrategyCards = slices.DeleteFunc(slices.Clone(q.StrategyCards), func(c string) bool { return c == e.Card })
		}
		if e.Seat < len(s.Picks) {
			s.Picks = slices.Clone(s.Picks)
			s.Picks[e.Seat]--
		}
		p := s.Players[e.Seat]
		p.TradeGoods -= e.Count
		s.Strategy = append(slices.Clone(s.Strategy), e.Card)
		sortStrategy(s.Strategy)
		if e.Count > 0 {
			if s.StrategyTG == nil {
				s.StrategyTG = map[string]int{}
			}
			s.StrategyTG[e.Card] = e.Count
		}
		s.Turn, s.Disgraced, s.PickAsk = e.Seat, e.Card, nil
	default:
		return false
	}
	return true
}
