package ti4

import "slices"

// What each seat may see. A view starts from the whole state and removes,
// for every seat but the viewer, what is hidden: action cards in hand (2.5),
// promissory notes in hand (69.6; neighbors' are shown to a seat whose
// ability lets it look at them, Abilities.Peeks), unscored secret objectives and those
// still being chosen (61.18), and the
// order of every face-down deck. The RNG is never part of a view: it is
// not in the State at all but beside it in the engine's snapshot.

// Hidden counts what a view leaves out.
type Hidden struct {
	ActionCards  []int          `json:"action_cards"` // per seat: cards in hand
	Secrets      []int          `json:"secrets"`      // per seat: unscored secret objectives
	Promissory   []int          `json:"promissory"`   // per seat: promissory notes in hand (69.6)
	SecretChoice []int          `json:"secret_choice"`
	Decks        map[string]int `json:"decks"` // face-down decks: cards left
}

// View is the state as one seat sees it.
type View struct {
	Seat   int    `json:"seat"`
	State  *State `json:"state"`
	Hidden Hidden `json:"hidden"`
	// Deciding is whom the game waits on (public: turns, windows, steps).
	Deciding []int `json:"deciding"`
	// AgendaEnds are the top and bottom cards of the agenda deck, for a
	// seat whose ability lets it look at them (Abilities.Peeks).
	AgendaEnds []string `json:"agenda_ends,omitempty"`
}

// ViewFor builds seat's view. Seat Referee sees the hands of no one either:
// the referee's view is the public one. The view owns its memory: it may
// be kept and read while the game goes on (the server broadcasts it from
// other goroutines).
func ViewFor(s *State, seat int) (*View, error) { return SharedView(s.Clone(), seat) }

// SharedView is ViewFor without the copy: it shares what it does not hide
// with the state, so it is read-only and good only until the game moves on
// and only in the goroutine that moves it. Self-play uses it.
func SharedView(s *State, seat int) (*View, error) {
	c := *s
	c.scratch = nil // a bot's checks on the view build their events apart
	h := Hidden{Decks: map[string]int{}}
	c.Players = make([]*Player, len(s.Players))
	var peeks []int // seats whose notes in hand the viewer sees
	peek := seat >= 0 && seat < len(s.Players) && s.has(seat, hookPeeks)
	if peek {
		peeks = s.Neighbors(seat)
	}
	for i, p := range s.Players {
		q := *p
		h.ActionCards = append(h.ActionCards, len(q.ActionCards))
		h.Secrets = append(h.Secrets, len(q.Secrets))
		h.SecretChoice = append(h.SecretChoice, len(q.SecretChoice))
		h.Promissory = append(h.Promissory, len(q.Promissory))
		if q.Seat != seat {
			q.ActionCards, q.SecretChoice = nil, nil
			if !slices.Contains(peeks, q.Seat) {
				q.Promissory = nil
			}
			if s.lawGives(q.Seat, LawSecretsRevealed) == "" { // its owner plays with secrets revealed
				q.Secrets = nil
			}
		}
		c.Players[i] = &q
	}
	if t := s.Trade; t != nil && t.Seats[0] != seat && t.Seats[1] != seat {
		c.Trade = publicTrade(t) // notes and cards on offer are shown to the two players only
	}
	if privateWindow(s.Step) && s.Step.Seat != seat {
		c.Step = hiddenCards(s.Step) // a hand looked at (Spy Net)
	}
	othersPrivate := func(st *Step) bool { return privateWindow(st) && st.Seat != seat }
	if slices.ContainsFunc(s.Choices, func(st Step) bool { return othersPrivate(&st) }) { // such a window still queued
		c.Choices = slices.Clone(s.Choices)
		for i := range c.Choices {
			if othersPrivate(&c.Choices[i]) {
				c.Choices[i] = *hiddenCards(&c.Choices[i])
			}
		}
	}
	if ag := s.Agenda; ag != nil && ag.Hidden && seat != s.Speaker {
		x := *ag
		x.Subject = "hidden" // Covert Legislation: the speaker alone has seen it
		c.Agenda = &x
	}
	d := &c.Decks
	d.Exploration = map[string][]string{}
	for name, deck := range s.Decks.Exploration {
		h.Decks["exploration_"+name] = len(deck)
		d.Exploration[name] = nil
	}
	for name, list := range map[string]*[]string{"relics": &d.Relics, "action_cards": &d.ActionCards,
		"secrets": &d.Secrets, "agendas": &d.Agendas, "stage_i": &d.StageI, "stage_ii": &d.StageII} {
		h.Decks[name] = len(*list)
		*list = nil
	}
	v := &View{Seat: seat, State: &c, Hidden: h, Deciding: Deciding(s)}
	if ag := s.Decks.Agendas; peek && len(ag) > 0 {
		v.AgendaEnds = []string{ag[0], ag[len(ag)-1]}
	}
	return v, nil
}
