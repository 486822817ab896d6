package ge

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// decideAct checks a card action (GE-action-limit): an engaged card of
// the seat's, once a turn, in a play cards phase, at a target its
// definition lists; a crew's attack on another location rides a carrier
// (GE-there-and-back).
func decideAct(s *State, a *Action) error {
	if err := mine(s, a, PhasePlayA, PhasePlayB); err != nil {
		return err
	}
	if err := own(s, a.Seat, a.Card); err != nil {
		return err
	}
	d, c := s.def(a.Card), s.Cards[a.Card]
	if d.Act == nil {
		return engine.Refuse("GE-cards-have-rules", "%s has no card action", d.Name)
	}
	if c.Used {
		return engine.Refuse("GE-action-limit", "%s has acted this turn", d.Name)
	}
	if !s.works(a.Card) || (d.Kind == "equipment" && !s.equipWorks(a.Card)) {
		return engine.Refuse("GE-disengaged", "%s cannot act now", d.Name)
	}
	if a.N < 0 || a.N >= max(1, d.Act.Options) {
		return engine.BadInput("n", "no option %d", a.N)
	}
	if d.Act.Play && s.Plays >= s.PlayLimit {
		return engine.Refuse("GE-3-play-a", "that takes a card play and none is left")
	}
	if d.Act.Targets == nil && a.Target != -1 {
		return engine.BadInput("target", "%s acts on no card", d.Name)
	}
	if d.Act.Targets != nil && !slices.Contains(d.Act.Targets(s, a.Card, a.N), a.Target) {
		if !s.inPlay(a.Target) { // by number only: it may be a card the seat cannot see
			return engine.BadInput("target", "card %d is not in play", a.Target)
		}
		return engine.Refuse(d.Act.Rule, "%s cannot act on %s", d.Name, s.name(a.Target))
	}
	if d.Act.Check != nil {
		if err := d.Act.Check(s, a.Card, a.N); err != nil {
			return err
		}
	}
	if d.Act.Mission {
		return mission(s, a)
	}
	return nil
}

// mission checks a crew's attack at another location: a working carrier
// of the seat's at one end (GE-there-and-back), a transporter only
// through lowered shields, and no guard at the target that bars crew of
// its strength (Security Officer).
func mission(s *State, a *Action) error {
	t := a.Target
	at := s.unitAt(t)
	if at == s.unitAt(a.Card) {
		return nil // at its own location it needs no carrier (FAQ: Requires a transporter...)
	}
	v := a.Via - 1
	if v < 0 || v >= len(s.Cards) || own(s, a.Seat, v) != nil || !s.def(v).Carries {
		return engine.Refuse("GE-there-and-back", "a mission needs your shuttle or transporter")
	}
	if s.Cards[v].Used || !s.equipWorks(v) {
		return engine.Refuse("GE-action-limit", "%s cannot carry now", s.name(v))
	}
	h := s.unitAt(v)
	if h != s.unitAt(a.Card) && h != at {
		return engine.Refuse("GE-there-and-back", "%s is at neither end", s.name(v))
	}
	if !s.def(v).OneShot && at >= 0 && s.isUnit(at) && s.shields(at) > 0 {
		return engine.Refuse("GE-there-and-back", "a transporter cannot pass raised shields")
	}
	if g := s.barred(at, s.Cards[a.Card].Owner, s.def(a.Card).Strength); g >= 0 {
		return engine.Refuse("GE-cards-have-rules", "%s bars crew of that strength", s.name(g))
	}
	return nil
}

// unitAt is the location a card is at: the unit or terrain it sits on.
func (s *State) unitAt(i int) int {
	for i >= 0 {
		k := s.def(i).Kind
		if k == "terrain" || (k == "base" || k == "ship") && s.unitOf(i) == i {
			return i
		}
		i = s.hostOf(i)
	}
	return -1
}

// barred is an opposing card at a location that keeps out attacking crew
// of the strength, or -1.
func (s *State) barred(at, seat, strength int) int {
	if at < 0 {
		return -1
	}
	for _, j := range s.stack(at) {
		if b := s.def(j).Bars; b >= strength && s.Cards[j].Owner != seat && s.works(j) {
			return j
		}
	}
	return -1
}

func applyAct(s *State, e Event) {
	a := e.Action
	d := s.def(a.Card)
	s.Cards[a.Card].Used = true
	if v := a.Via - 1; v >= 0 {
		s.Cards[v].Used = true
	}
	if d.Act.Play {
		s.Plays++
	}
	s.note(a.Seat, s.name(a.Card)+" acts"+onText(s, a.Target))
	if w := s.answerable(a); w != nil {
		s.Pending = w
		return
	}
	d.Act.Do(s, a.Card, a.N, a.Target)
}
