package ge

import (
	"github.com/mecatol/mecatol/internal/engine"
)

// Window is a deed waiting for its opponents' answers (GE-reactions;
// GE-4-volley-b): a card played on or against another player's cards, a
// card action aimed at them, or a volley. Every player the deed touches
// is asked in turn whatever he holds, so waiting tells nothing of a hand.
type Window struct {
	Deed  Action      `json:"deed"`
	Asked engine.Asks `json:"asked"`           // seats still to answer, the next first
	Void  bool        `json:"void,omitempty"`  // a reaction made the deed illegal: it is lost (FAQ: Voided)
	Moved int         `json:"moved,omitempty"` // the card a reaction moved the deed onto, plus one (Crewman)
	Cut   int         `json:"cut,omitempty"`   // volley damage an escort took
}

// answerable opens a window when a deed touches another player.
func (s *State) answerable(a *Action) *Window {
	seat := -1
	switch {
	case a.Target <= -2:
		seat = hqSeat(a.Target)
	case a.Target >= 0 && s.Cards[a.Target].Owner != a.Seat:
		seat = s.Cards[a.Target].Owner
	case a.Player > 0 && a.Player-1 != a.Seat:
		seat = a.Player - 1
	}
	if seat < 0 {
		return nil
	}
	return &Window{Deed: *a, Asked: engine.Asks{seat}}
}

// target is the card the deed now lands on.
func (w *Window) target() int {
	if w.Moved > 0 {
		return w.Moved - 1
	}
	return w.Deed.Target
}

func answering(s *State, a *Action) error {
	if s.Pending == nil || s.Pending.Asked.Next() < 0 {
		return engine.Refuse("GE-reactions", "nothing waits for an answer")
	}
	if next := s.Pending.Asked.Next(); next != a.Seat {
		return engine.Refuse("GE-reactions", "seat %d answers first", next)
	}
	return nil
}

func decidePass(s *State, a *Action) error { return answering(s, a) }

func applyPass(s *State, e Event) { s.Pending.Asked.Answered() }

// decideReact checks an answer: an R/ card from the hand or a card in
// play that reacts, each answering only deeds it can change (FAQ: When
// can cards be played (c)).
func decideReact(s *State, a *Action) error {
	if err := answering(s, a); err != nil {
		return err
	}
	fromHand := a.Card >= 0 && a.Card < len(s.Cards) && s.Players[a.Seat].Hand.Has(a.Card)
	if !fromHand && own(s, a.Seat, a.Card) != nil {
		// Named by number only: the card may be one the seat cannot see.
		return engine.BadInput("card", "card %d is neither in your hand nor in your fleet", a.Card)
	}
	c, d := s.Cards[a.Card], s.def(a.Card)
	switch {
	case d.Reacts == nil:
		return engine.Refuse("GE-reactions", "%s does not react", d.Name)
	case fromHand && !d.Reaction:
		return engine.Refuse("GE-reactions", "only R/ cards are played as reactions")
	case !fromHand && !d.Reacts.FromPlay:
		return engine.Refuse("GE-reactions", "%s answers only as it is played from the hand", d.Name)
	case !fromHand && (!s.works(a.Card) || c.Used):
		return engine.Refuse("GE-action-limit", "%s cannot react now", d.Name)
	}
	if a.N < 0 || a.N >= max(1, d.Reacts.Options) || (!d.Reacts.Aims && a.Target != -1) {
		return engine.BadInput("n", "%s has no such answer", d.Name)
	}
	if !d.Reacts.Answers(s, a.Card, s.Pending, a) {
		return engine.Refuse(d.Reacts.Rule, "%s cannot answer this", d.Name)
	}
	return nil
}

func applyReact(s *State, e Event) {
	a := e.Action
	w := s.Pending
	if s.Players[a.Seat].Hand.Has(a.Card) {
		s.Players[a.Seat].Hand.Remove(a.Card)
		s.Cards[a.Card].Zone = ""
	} else {
		s.Cards[a.Card].Used = true
	}
	s.note(a.Seat, "answers with "+s.name(a.Card))
	s.def(a.Card).Reacts.Do(s, a.Card, w, a)
	w.Asked.Answered()
}

// applyResolve carries out the deed once every answer is in.
func applyResolve(s *State, _ Event) {
	w := s.Pending
	s.Pending = nil
	a := w.Deed
	switch a.Kind {
	case KindPlay:
		if t := w.target(); w.Void || (t >= 0 && !s.inPlay(t)) {
			s.note(a.Seat, s.name(a.Card)+" is voided")
			s.put(a.Card, InDiscard)
			return
		}
		s.enter(a.Seat, a.Card, w.target(), a.N+a.Player)
	case KindAct:
		if !w.Void && s.inPlay(a.Card) {
			s.def(a.Card).Act.Do(s, a.Card, a.N, w.target())
		}
	case KindFire:
		s.volley(&a, w)
	}
}

// fromHandAt plays a reacting card from the hand onto a card (-1: alone).
func (s *State) fromHandAt(self, host int) {
	s.enter(s.Cards[self].Owner, self, host, 0)
}
