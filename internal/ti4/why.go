package ti4

import (
	"fmt"
	"strings"
)

// Why says in a sentence what the game waits for, with the rule that asks
// it, for a page to show beside whose move it is. It follows Deciding's
// order and reads only public state, so any seat may be told it.
func Why(s *State) string {
	name := func(seat int) string { return s.playerName(seat) }
	switch {
	case s.Phase == PhaseOver:
		return fmt.Sprintf("The game is over: %s wins (18.3).", name(s.Winner))
	case s.pausedTrade() != nil:
		return "A transaction between two players holds the action until they finish it (94.1a)."
	}
	if w, q := s.openWindow(); len(q) > 0 {
		return fmt.Sprintf("%s may answer with %s, or pass (1.19): %s.", name(q[0]), Names()[w.card], w.waits(s))
	}
	if why := stepWhy(s, name); why != "" {
		return why
	}
	return phaseWhy(s, name)
}

// stepWhy explains a step within an action: a choice, a combat, an
// invasion, a strategic action's secondaries.
func stepWhy(s *State, name func(int) string) string {
	switch c := s.Combat; {
	case s.PickAsk != nil:
		return fmt.Sprintf("%s may answer the strategy card just chosen, or pass (1.19).", name(s.PickAsk.Queue[0]))
	case s.Step != nil:
		what := cardName(s.Step.Card, "an effect")
		if _, note := heldNotes()[s.Step.Card]; note {
			what = "a promissory note" // which notes a player holds is hidden (69.6)
		}
		return fmt.Sprintf("%s resolves %s: %s.", name(s.Step.Seat), what, strings.ReplaceAll(s.Step.Kind, "_", " "))
	case c != nil && c.Answer != nil:
		return fmt.Sprintf("%s decides on an ability in the %s combat (%s).", name(c.Answer.Seat), c.Kind, strings.ReplaceAll(c.Answer.Kind, "_", " "))
	case c != nil && len(c.Owed) > 0:
		o := c.Owed[0]
		return fmt.Sprintf("%s assigns %d hit(s) (%s).", name(o.chooser()), o.Hits, o.Rule)
	case c != nil:
		return fmt.Sprintf("%s combat, round %d, %s: %s acts next.", strings.ToUpper(c.Kind[:1])+c.Kind[1:], c.Round, strings.ReplaceAll(c.Step, "_", " "), name(announcer(c)))
	case s.Invasion != nil && s.Invasion.Ask != nil:
		return fmt.Sprintf("%s decides during the invasion (80).", name(s.Invasion.Ask.Seat))
	case s.Trade != nil:
		return fmt.Sprintf("%s and %s are making a transaction (94).", name(s.Trade.Seats[0]), name(s.Trade.Seats[1]))
	case s.Strategic != nil && s.Strategic.PrimaryDone && len(s.Strategic.Queue) > 0:
		return fmt.Sprintf("%s may use the secondary ability of %s, or decline (83.6).", name(s.Strategic.Queue[0]), cardName(s.Strategic.Card, "the strategy card"))
	}
	return ""
}

// phaseWhy explains the phase's own step: an agenda, the status phase,
// a tactical action, a turn.
func phaseWhy(s *State, name func(int) string) string {
	if ag := s.Agenda; ag != nil && s.Phase == PhaseAgenda {
		switch {
		case len(ag.WindowQueue) > 0:
			return fmt.Sprintf("%s may play a card in the %q window of agenda %d, or pass (8.2).", name(ag.WindowQueue[0]), ag.Window, ag.Number)
		case ag.Tied != nil:
			return fmt.Sprintf("The vote is tied: %s, the speaker, decides the outcome (8.22).", name(s.Speaker))
		case len(ag.Voters) > 0:
			return fmt.Sprintf("%s votes on %s (8.2).", name(ag.Voters[0]), cardName(ag.Card, "the agenda"))
		}
	}
	if st := s.Status; st != nil && s.Phase == PhaseStatus {
		if len(st.Scoring) > 0 {
			return fmt.Sprintf("%s may score objectives (81.1).", name(st.Scoring[0]))
		}
		return "The status phase: each player readies, gains and redistributes command tokens (81)."
	}
	if t := s.Tactical; t != nil {
		return fmt.Sprintf("%s's tactical action in %s: %s step (89).", name(t.Seat), s.systemName(t.System), strings.ReplaceAll(t.Step, "_", " "))
	}
	switch s.Phase {
	case PhaseStrategy:
		return fmt.Sprintf("%s chooses a strategy card (84.2).", name(s.Turn))
	case PhaseAction:
		return fmt.Sprintf("%s's turn: one action, or pass (3.1).", name(s.Turn))
	}
	return fmt.Sprintf("%s decides.", name(s.Turn))
}

// playerName is a seat's faction name, for sentences.
func (s *State) playerName(seat int) string {
	if seat < 0 || seat >= len(s.Players) {
		return "no one"
	}
	return cardName(s.Players[seat].Faction, fmt.Sprintf("seat %d", seat))
}

// systemName names a system by its planets, or by its tile.
func (s *State) systemName(pos int) string {
	sys := s.System(pos)
	if sys == nil {
		return fmt.Sprintf("position %d", pos)
	}
	if len(sys.Planets) > 0 {
		var ns []string
		for _, p := range sys.Planets {
			ns = append(ns, p.Name)
		}
		return strings.Join(ns, "/")
	}
	return "system " + sys.Tile
}

func cardName(id, otherwise string) string {
	if n := Names()[id]; n != "" {
		return n
	}
	if id != "" {
		return strings.ReplaceAll(id, "_", " ")
	}
	return otherwise
}
