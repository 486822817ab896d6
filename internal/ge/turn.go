package ge

import (
	"fmt"

	"github.com/mecatol/mecatol/internal/engine"
)

// startTurn begins a seat's player turn with the record keeping step
// (GE-1-record-keeping): durations run down, cards that act each turn
// act, and each damaged shield gets one point back.
func (s *State) startTurn(seat int) {
	p := s.Players[seat]
	p.Turns++
	s.Step++
	s.Turn = max(s.Turn, p.Turns)
	s.Active, s.Phase = seat, PhaseAlloc
	s.Plays, s.PlayLimit, s.Fielded, s.Volleyed = 0, MaxPlays, 0, nil
	p.Alloc = &Alloc{}
	for i, c := range s.Cards {
		if c.Zone != InPlay || c.Owner != seat {
			continue
		}
		c.Used, c.Fired, c.Shot, c.Paid, c.Loaded, c.Plasma, c.Mode = false, false, 0, false, 0, 0, keepMode(s, i)
		s.recordKeeping(i)
	}
	for _, i := range s.fleet(seat) {
		if c := s.Cards[i]; c.Zone == InPlay && c.Shield > 0 {
			c.Shield--
		}
	}
}

// keepMode keeps a mode chosen at play (a T/H card's) and clears one
// chosen each turn.
func keepMode(s *State, i int) int {
	if s.def(i).Modes > 0 {
		return 0
	}
	return s.Cards[i].Mode
}

// recordKeeping runs one card's duration and its turn's effect. A card
// that generates points goes at the end of the allocation, having
// generated once more (GE-1-record-keeping).
func (s *State) recordKeeping(i int) {
	c, d := s.Cards[i], s.def(i)
	if c.Zone != InPlay {
		return
	}
	if c.Timer > 0 {
		c.Timer--
		if c.Timer == 0 {
			if !d.Output.zero() || d.OutputFn != nil {
				c.Expires = true
			} else {
				s.note(c.Owner, s.name(i)+"'s time is up")
				s.discard(i)
				return
			}
		}
	}
	if d.EachTurn != nil {
		d.EachTurn(s, i)
	}
}

// decideNext checks moving on from a play cards or weapons fire phase.
func decideNext(s *State, a *Action) error {
	return mine(s, a, PhasePlayA, PhaseFire, PhasePlayB, PhaseDiscard)
}

var nextPhase = map[string]string{PhasePlayA: PhaseFire, PhaseFire: PhasePlayB, PhasePlayB: PhaseDiscard, PhaseDiscard: PhaseDraw}

func applyNext(s *State, e Event) {
	s.Phase = nextPhase[s.Phase]
	if s.Phase == PhasePlayB {
		s.Volleyed = nil
	}
}

// decideDiscard checks a discard in the discard phase (GE-6-discard): a
// hand card for each unused card play, or any own card in play.
func decideDiscard(s *State, a *Action) error {
	if err := mine(s, a, PhaseDiscard); err != nil {
		return err
	}
	if a.Card >= 0 && a.Card < len(s.Cards) && s.Players[a.Seat].Hand.Has(a.Card) {
		if s.Plays >= s.PlayLimit {
			return engine.Refuse("GE-6-discard", "discarding from the hand takes an unused card play")
		}
		return nil
	}
	return own(s, a.Seat, a.Card)
}

func applyDiscard(s *State, e Event) {
	a := e.Action
	if s.Players[a.Seat].Hand.Has(a.Card) {
		s.Plays++
		s.put(a.Card, InDiscard)
		return
	}
	s.note(a.Seat, "discards "+s.name(a.Card))
	s.discard(a.Card)
}

// drawsAllowed is the draw by hand size (GE-7-draw).
func drawsAllowed(hand int) int {
	switch {
	case hand <= 9:
		return 2
	case hand <= 11:
		return 1
	}
	return 0
}

// decideEnd checks the draw that ends the turn: up to what the hand size
// allows.
func decideEnd(s *State, a *Action) error {
	if err := mine(s, a, PhaseDraw); err != nil {
		return err
	}
	if most := drawsAllowed(s.Players[a.Seat].Hand.Len()); a.N < 0 || a.N > most {
		return engine.Refuse("GE-7-draw", "you may draw 0 to %d cards", most)
	}
	return nil
}

func applyEnd(s *State, e Event) {
	a := e.Action
	got := s.draw(a.Seat, a.N)
	s.note(a.Seat, fmt.Sprintf("draws %d and ends the turn", got))
	s.passTurn()
}

// passTurn hands the turn to the next live seat in order.
func (s *State) passTurn() {
	at := 0
	for i, seat := range s.Order {
		if seat == s.Active {
			at = i
		}
	}
	for k := 1; k <= len(s.Order); k++ {
		next := s.Order[(at+k)%len(s.Order)]
		if !s.Players[next].Out {
			s.startTurn(next)
			return
		}
	}
}

// applyTurn passes the turn of a seat knocked out in its own turn.
func applyTurn(s *State, _ Event) { s.passTurn() }

// applyOut removes a player whose Sector HQ is destroyed (GE-win): his
// cards leave play, and cards played against them go to their owners.
func applyOut(s *State, e Event) {
	seat := e.Rolls[0]
	p := s.Players[seat]
	p.Out = true
	s.note(seat, "Sector HQ destroyed: out of the game")
	for i, c := range s.Cards {
		if c.Zone == InPlay && (c.Owner == seat || (c.on() >= 0 && s.Cards[c.on()].Owner == seat)) {
			s.put(i, InDiscard)
		}
	}
	if s.Pending != nil && (s.Pending.Deed.Seat == seat) {
		s.Pending = nil
	}
	if s.Pending != nil {
		s.Pending.Asked = s.Pending.Asked.Without(seat)
	}
	if s.Active == seat {
		s.Phase = PhaseDraw
	}
}

func applyWin(s *State, e Event) {
	s.Winner = e.Rolls[0]
	s.Phase = PhaseOver
	s.Pending = nil
	s.note(s.Winner, "wins: the last player standing")
}
