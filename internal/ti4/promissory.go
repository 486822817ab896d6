package ti4

import (
	"slices"
	"strings"

	"github.com/mecatol/mecatol/internal/engine"
)

// Promissory notes (LRR 69): the five generic notes every player starts
// with. A note is "<owner faction>:<note>"; its owner cannot play it
// (69.2). Support for the Throne and Trade Agreement act on their own, as
// their text says they must; Ceasefire and Political Secret are played by
// their holder in their window; notes returned go back to their owner's
// hand once resolved (69.3).

// Promissory actions and events.
const (
	ActPlayNote    = "play_promissory"
	EvNotePlayed   = "promissory_played"   // from the holder's hand to their play area
	EvNoteReturned = "promissory_returned" // to its owner's hand
)

func noteKind(note string) string {
	_, k, _ := strings.Cut(note, ":")
	return k
}

// noteOf is the note of one kind from the faction in seat owner.
func (s *State) noteOf(owner int, kind string) string {
	return s.Players[owner].Faction + ":" + kind
}

// holderOf is the seat holding a note in hand or play area, or None.
func (s *State) holderOf(note string) (seat int, inPlay bool) {
	for _, p := range s.Players {
		if slices.Contains(p.Promissory, note) {
			return p.Seat, false
		}
		if slices.Contains(p.NotesInPlay, note) {
			return p.Seat, true
		}
	}
	return None, false
}

// notesFollowUps: a player who receives another's Support for the Throne
// places it in their play area and gains a point.
func notesFollowUps(s *State) []Event {
	if s.Trade != nil || s.quiet(scanNotes) {
		return nil
	}
	for _, p := range s.Players {
		for _, n := range p.Promissory {
			if strings.HasSuffix(n, ":support_for_the_throne") && noteOwner(n) != p.Faction && !p.Eliminated {
				return s.emit(Event{Kind: EvNotePlayed, Seat: p.Seat, Card: n}, Event{Kind: EvVictoryPoint, Seat: p.Seat, Count: 1, Card: "support_for_the_throne"})
			}
		}
	}
	s.setQuiet(scanNotes)
	return nil
}

// throneLost: a holder of Support for the Throne who activates a system
// with the owner's units loses the point and returns the card.
func throneLost(s *State, seat, pos int) []Event {
	var ev []Event
	for _, n := range s.Players[seat].NotesInPlay {
		if noteKind(n) != "support_for_the_throne" {
			continue
		}
		if o := s.seatOfFaction(noteOwner(n)); o != None && s.unitsIn(pos, o) > 0 {
			ev = s.extend(ev, Event{Kind: EvVictoryPoint, Seat: seat, Count: -1, Card: "support_for_the_throne"}, Event{Kind: EvNoteReturned, Seat: seat, Card: n})
		}
	}
	return ev
}

// tradeAgreement: when the owner replenishes commodities, the holder of
// their Trade Agreement takes them all, as trade goods, and returns it.
func tradeAgreement(s *State, owner, commodities int) []Event {
	n := s.noteOf(owner, "trade_agreement")
	h, inPlay := s.holderOf(n)
	if h == None || h == owner || inPlay || commodities == 0 {
		return nil
	}
	return s.emit(Event{Kind: EvCommodities, Seat: owner, Count: 0}, Event{Kind: EvTradeGoods, Seat: h, Count: commodities}, Event{Kind: EvNoteReturned, Seat: h, Card: n})
}

func decidePlayNote(s *State, a Action) ([]Event, error) {
	p := s.Players[a.Seat]
	if !slices.Contains(p.Promissory, a.Card) {
		return nil, engine.BadInput("card", "%q is not a promissory note in your hand", a.Card)
	}
	owner := s.seatOfFaction(noteOwner(a.Card))
	if owner == a.Seat {
		return nil, engine.Refuse("69.2", "a player cannot play their own promissory notes")
	}
	switch noteKind(a.Card) {
	case "ceasefire":
		t := s.Tactical
		if t == nil || t.Seat != owner || t.Step != TacMovement || len(t.Moves) > 0 || s.unitsIn(t.System, a.Seat) == 0 {
			return nil, engine.Refuse("69.1", "Ceasefire is played after its owner activates a system holding your units, before they move")
		}
		return s.emit(Event{Kind: EvCeasefire, Seat: a.Seat}, Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
	case "political_secret":
		ag := s.Agenda
		if s.Phase != PhaseAgenda || ag == nil || ag.Card == "" || len(ag.Ballots) > 0 || ag.Voting || ag.Outcome != "" {
			return nil, engine.Refuse("69.1", "Political Secret is played when an agenda is revealed, before anyone votes")
		}
		return s.emit(Event{Kind: EvNotePlayed, Seat: a.Seat, Card: a.Card}, Event{Kind: EvSilenced, Seat: owner}), nil
	}
	return nil, engine.Refuse("69.1", "%s has no window to be played now", a.Card)
}

// noteMoment is a cheap first test, for Legal, that a note's moment may be
// now; decidePlayNote makes the full one.
func noteMoment(s *State, seat int, note string) bool {
	switch noteKind(note) {
	case "ceasefire":
		t := s.Tactical
		return t != nil && t.Seat != seat && t.Step == TacMovement && len(t.Moves) == 0
	case "political_secret":
		ag := s.Agenda
		return s.Phase == PhaseAgenda && ag != nil && ag.Card != "" && len(ag.Ballots) == 0
	}
	return false
}

// Note effects.
const (
	EvCeasefire = "ceasefire"          // the active player may not move units into the active system
	EvSilenced  = "silenced_on_agenda" // may not vote on this agenda
)

func applyNotes(s *State, e *Event) bool {
	switch e.Kind {
	case EvNotePlayed:
		p := s.Players[e.Seat]
		i := slices.Index(p.Promissory, e.Card)
		p.Promissory = slices.Delete(p.Promissory, i, i+1)
		p.NotesInPlay = append(p.NotesInPlay, e.Card)
	case EvNoteReturned:
		p := s.Players[e.Seat]
		if i := slices.Index(p.Promissory, e.Card); i >= 0 {
			p.Promissory = slices.Delete(p.Promissory, i, i+1)
		} else if i := slices.Index(p.NotesInPlay, e.Card); i >= 0 {
			p.NotesInPlay = slices.Delete(p.NotesInPlay, i, i+1)
		}
		if o := s.seatOfFaction(noteOwner(e.Card)); o != None && !s.Players[o].Eliminated {
			s.Players[o].Promissory = append(s.Players[o].Promissory, e.Card)
		}
	case EvCeasefire:
		s.Tactical.Ceasefire = true
	case EvSilenced:
		ag := s.Agenda
		ag.Voters = slices.DeleteFunc(ag.Voters, func(q int) bool { return q == e.Seat })
		ag.Silenced = append(ag.Silenced, e.Seat)
	default:
		return false
	}
	return true
}

// returnPoliticalSecrets gives Political Secrets in play back to their
// owners at the end of the agenda phase.
func returnPoliticalSecrets(s *State) {
	for _, p := range s.Players {
		for _, n := range slices.Clone(p.NotesInPlay) {
			if noteKind(n) == "political_secret" {
				applyNotes(s, &Event{Kind: EvNoteReturned, Seat: p.Seat, Card: n})
			}
		}
	}
}

// notePoint reports a note that, in play, is worth a point to its holder
// (Support for the Throne).
func notePoint(note string) bool { return noteKind(note) == "support_for_the_throne" }
