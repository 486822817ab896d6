package ge

import (
	"strings"

	"github.com/mecatol/mecatol/internal/engine"
)

// Where each kind of card may go (GE-types; FAQ: Where are cards played):
// hostKinds lists the kinds of card it may be played on, own for one's
// own cards; hostless kinds may also stand alone.
var hostKinds = map[string]struct {
	on       []string
	alone    bool
	opponent bool // may be played on or against another player's cards
}{
	"terrain":    {alone: true},
	"ship":       {on: []string{"terrain"}, alone: true},
	"base":       {on: []string{"terrain"}},
	"crew":       {on: []string{"ship", "base", "terrain"}},
	"equipment":  {on: []string{"ship", "base"}},
	"hazard":     {on: []string{"ship", "base", "terrain", "crew"}, opponent: true},
	"occurrence": {on: []string{"ship", "base", "crew"}, alone: true, opponent: true},
	"monster":    {on: []string{"ship", "base", "crew"}, opponent: true},
	"luck":       {on: []string{"ship", "base", "crew"}, opponent: true},
}

// playKind is the kind a card is played as: a T/H card is terrain or,
// with mode 1, a hazard.
func playKind(d *Def, mode int) string {
	if d.Dual && mode == 1 {
		return "hazard"
	}
	return d.Kind
}

// decidePlay checks playing a card from the hand (GE-3-play-a, GE-5-play-b).
func decidePlay(s *State, a *Action) error {
	if err := mine(s, a, PhasePlayA, PhasePlayB); err != nil {
		return err
	}
	if err := inHand(s, a.Seat, a.Card); err != nil {
		return err
	}
	if s.Plays >= s.PlayLimit {
		return engine.Refuse("GE-3-play-a", "no card plays left this turn (%d)", s.PlayLimit)
	}
	d := s.def(a.Card)
	if a.N < 0 || a.N > 1 || (a.N == 1 && !d.Dual) {
		return engine.BadInput("n", "no mode %d for %s", a.N, d.Name)
	}
	if err := turnLimits(s, playKind(d, a.N)); err != nil {
		return err
	}
	if d.Fleet {
		if p := a.Player - 1; p < 0 || p >= len(s.Players) || p == a.Seat || s.Players[p].Out || a.Target != -1 {
			return engine.BadInput("player", "%s is played against another player's fleet", d.Name)
		}
	} else if err := placement(s, a.Seat, a.Card, a.Target, a.N); err != nil {
		return err
	}
	if d.Where != nil {
		if err := d.Where(s, a.Card, a.Target); err != nil {
			return err
		}
	}
	if a.Player != 0 && !d.Fleet {
		return engine.BadInput("player", "%s is not played against a fleet", d.Name)
	}
	return slotsFree(s, a.Seat, a.Card, a.Target)
}

// turnLimits: turn 1 allows terrain only, turn 2 one ship or base
// (GE-turn-1-2).
func turnLimits(s *State, kind string) error {
	switch {
	case s.Turn == 1 && kind != "terrain":
		return engine.Refuse("GE-turn-1-2", "only terrain may be played in turn 1")
	case s.Turn == 2 && (kind == "ship" || kind == "base") && s.Fielded > 0:
		return engine.Refuse("GE-turn-1-2", "only one ship or base may be played in turn 2")
	}
	return nil
}

// placement checks the card a card goes on by its kind.
func placement(s *State, seat, card, host, mode int) error {
	d := s.def(card)
	rule := hostKinds[playKind(d, mode)]
	if host == -1 {
		if !rule.alone {
			return engine.Refuse("GE-type-"+strings.ToUpper(d.Kind[:1]), "%s must be played on a card", d.Name)
		}
		return nil
	}
	if !s.inPlay(host) {
		return engine.BadInput("target", "card %d is not in play", host)
	}
	h := s.Cards[host]
	if (h.Owner != seat || h.Against) && !rule.opponent {
		return engine.Refuse("GE-play-on", "%s goes only on your own cards", d.Name)
	}
	hk := s.def(host).Kind
	for _, k := range rule.on {
		if hk == k {
			return sheltered(s, card, host)
		}
	}
	if d.Kind == "ship" && hk == "ship" && d.Where != nil {
		return nil // a ship that combines says which ships (GE-krebiz)
	}
	return engine.Refuse("GE-play-on", "%s cannot be played on %s", d.Name, s.name(host))
}

// sheltered refuses a hazard, monster or occurrence aimed at a terrain
// that a card on it shelters (Planetary Shield).
func sheltered(s *State, card, host int) error {
	k := s.def(card).Kind
	if k != "hazard" && k != "monster" && k != "occurrence" && !s.def(card).Dual {
		return nil
	}
	for j := range s.above(host) {
		if s.def(j).Shelters && s.works(j) {
			return engine.Refuse("GE-type-B", "%s shelters %s", s.name(j), s.name(host))
		}
	}
	return nil
}

// slotsFree refuses a ship or base beyond the seat's command slots
// (GE-command): the command points are the players who began.
func slotsFree(s *State, seat, card, host int) error {
	d := s.def(card)
	if d.Kind != "ship" && d.Kind != "base" {
		return nil
	}
	before := s.slotsUsed(seat)
	after := before + halfSlots(d.Strength)
	if d.Kind == "ship" && host >= 0 && s.def(host).Kind == "ship" {
		u := s.unitOf(host)
		after = before - halfSlots(s.printed(u)) + halfSlots(s.printed(u)+d.Strength)
	} else if d.Empire == "Indirigan" && !s.hasMinorBonus(seat) {
		after = before
	}
	if after > 2*s.Started {
		return engine.Refuse("GE-command", "no command slot free for %s", d.Name)
	}
	return nil
}

// hasMinorBonus reports whether an Indirigan ship already takes the
// free slot (GE-command-minor-bonus).
func (s *State) hasMinorBonus(seat int) bool {
	for _, i := range s.fleet(seat) {
		if s.isUnit(i) && s.def(i).Empire == "Indirigan" && halfSlots(s.strength(i)) > 0 {
			return true
		}
	}
	return false
}

func applyPlay(s *State, e Event) {
	a := e.Action
	s.Plays++
	s.Players[a.Seat].Hand.Remove(a.Card)
	s.Cards[a.Card].Zone = "" // on its way: not in play until played (GE-position)
	if k := playKind(s.def(a.Card), a.N); k == "ship" || k == "base" {
		s.Fielded++
	}
	s.note(a.Seat, "plays "+s.name(a.Card)+onText(s, a.Target))
	if w := s.answerable(a); w != nil {
		s.Pending = w
		return
	}
	s.enter(a.Seat, a.Card, a.Target, a.N+a.Player)
}

func onText(s *State, host int) string {
	if host < 0 {
		return ""
	}
	return " on " + s.name(host)
}

// enter brings a card into play (GE-position): a card with a printed cost
// enters disengaged, one without engaged; non-passive equipment on a
// disengaged unit enters disengaged (FAQ: How are cards played (b)).
func (s *State) enter(seat, card, host, mode int) {
	c, d := s.Cards[card], s.def(card)
	c.Zone, c.On, c.Mode, c.Played, c.Timer = InPlay, host+1, mode, s.Step, d.Duration
	c.Against = host >= 0 && s.Cards[host].Owner != seat
	c.Engaged = d.Cost.zero()
	if d.Kind == "equipment" && !d.Passive && host >= 0 && !s.Cards[host].Engaged {
		c.Engaged = false
	}
	if d.OneShot {
		c.Armed = true
	}
	if d.Nodes > 0 {
		c.EMF = d.Strength // GE-emf: a node unit enters with its strength as field
	}
	if d.PlayBonus > 0 {
		s.PlayLimit += d.PlayBonus
	}
	if d.Enter != nil {
		d.Enter(s, card)
	}
}

// decideSwap checks a reserve fleet swap (GE-reserve-use): a card play,
// the hand card at least as strong as the reserve card it replaces.
func decideSwap(s *State, a *Action) error {
	phases := []string{PhasePlayA, PhasePlayB}
	if err := mine(s, a, phases...); err != nil {
		return err
	}
	if err := inHand(s, a.Seat, a.Card); err != nil {
		return err
	}
	p := s.Players[a.Seat]
	if a.Target < 0 || a.Target >= len(s.Cards) || !p.Reserve.Has(a.Target) {
		return engine.BadInput("target", "card %d is not in your reserve fleet", a.Target)
	}
	if s.Plays >= s.PlayLimit {
		return engine.Refuse("GE-reserve-use", "no card plays left this turn")
	}
	if s.def(a.Card).Strength < s.def(a.Target).Strength {
		return engine.Refuse("GE-reserve-use", "the card put into the reserve must be at least as strong")
	}
	return nil
}

func applySwap(s *State, e Event) {
	a := e.Action
	p := s.Players[a.Seat]
	s.Plays++
	p.Hand.Remove(a.Card)
	p.Reserve.Remove(a.Target)
	p.Reserve.Push(a.Card)
	p.Hand.Push(a.Target)
	s.Cards[a.Card].Zone, s.Cards[a.Target].Zone = InReserve, InHand
	s.note(a.Seat, "swaps "+s.name(a.Card)+" into the reserve fleet for "+s.name(a.Target))
}

// discard sends a card in play to its owner's discard pile with its
// stack (GE-remain-in-play): ships on a terrain stay, standing alone.
func (s *State) discard(i int) {
	s.leave(i, InDiscard)
}

// leave takes a card and its stack out of play to their owners' piles.
func (s *State) leave(i int, z string) {
	if s.Cards[i].Zone != InPlay {
		return
	}
	terrain := s.def(i).Kind == "terrain"
	for _, j := range s.onTop(i) { // a copy: the loop changes the stack
		if terrain && s.def(j).Kind == "ship" {
			s.Cards[j].On = 0
			continue
		}
		s.leave(j, z)
	}
	s.put(i, z)
}
