package ti4

import (
	"slices"
	"sync"

	"github.com/mecatol/mecatol/internal/engine"
)

// Note windows: a moment that opens for the holder of another player's
// note though the game is not theirs to move (after the owner researches,
// at the start of the owner's turn, at the end of the strategy phase).
// The window is a queued step (StepNoteWindow) in which the holder plays
// the note or lets it go (done). NotesAsked keeps a moment from opening
// twice: it is cleared when the turn passes and when the strategy phase
// ends.

// StepNoteWindow is a window in which Seat may play the note Card.
const StepNoteWindow = "promissory_window"

// EvNoteAsked records that the note's window for this turn or phase is
// open.
const EvNoteAsked = "promissory_asked"

// noteWindow queues the window of note for its holder; ctx gives it its
// place (Cards).
func noteWindow(holder int, note string, ctx Step) Event {
	ctx.Kind, ctx.Seat, ctx.Card = StepNoteWindow, holder, note
	return queue(ctx)
}

// inNoteWindow reports seat's window for note, open now.
func inNoteWindow(s *State, seat int, note string) bool {
	st := s.Step
	return st != nil && st.Kind == StepNoteWindow && st.Seat == seat && st.Card == note
}

// noteWindowOptions lists a note window's choices: the plays and letting
// it go.
func noteWindowOptions(s *State, seat int, add func(Action)) {
	st := s.Step
	if st.Seat != seat {
		return
	}
	if noteMoment(s, seat, st.Card) {
		noteOffers(s, seat, st.Card, add)
	}
	if d := s.note(st.Card); d == nil || !d.mandatory {
		add(Action{Kind: ActDone})
	}
}

// StepLookHand: Seat looks at the action cards of Target's hand (Cards),
// which no one else sees, and takes one (ActTakeCard).
const StepLookHand = "look_at_hand"

// StepLook: Seat looks at Target's hidden cards (Cards), which no one else
// sees, and is done (ActDone).
const StepLook = "look_at_cards"

// decideTakeFromHand takes the card named from the hand looked at.
func decideTakeFromHand(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepLookHand)
	if err != nil {
		return nil, err
	}
	q := *st.Target
	if !slices.Contains(st.Cards, a.Card) || !slices.Contains(s.Players[q].ActionCards, a.Card) {
		return nil, engine.Refuse("2.7", "take one of the cards of the hand you look at")
	}
	return s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}, Event{Kind: EvACTaken, Seat: a.Seat, Owner: q, Card: a.Card}), nil
}

// privateWindow reports a step whose cards only its seat may see: a hand
// looked at, a card shown to the owner of the ability that chose its
// giver (TargetAnswers).
func privateWindow(st *Step) bool {
	if st != nil && (st.Kind == StepLookHand || st.Kind == StepLook) {
		return true
	}
	if st != nil && st.Kind == StepAbility && Moment(st.Then) == TargetAnswers && len(st.Cards) > 0 {
		return true
	}
	if st == nil || st.Kind != StepNoteWindow {
		return false
	}
	d := noteDef(st.Card)
	return d != nil && d.private
}

// hiddenCards is a window's step as others see it: its cards hidden.
func hiddenCards(st *Step) *Step {
	x := *st
	x.Cards = make([]string, len(st.Cards))
	for i := range x.Cards {
		x.Cards[i] = "hidden"
	}
	return &x
}

// heldBy is the player holding note in hand who is not its owner, or
// None.
func (s *State) heldBy(note string, owner int) int {
	h, inPlay := s.holderOf(note)
	if h == None || h == owner || inPlay || s.Players[h].Eliminated {
		return None
	}
	return h
}

// windowNotes are the faction notes with a hook of the kind f reports,
// by id, in a fixed order.
func windowNotes(f func(*promissoryNote) bool) []string {
	var ids []string
	for id, d := range promissoryNotes {
		if f(d) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

var (
	turnNotes     = sync.OnceValue(func() []string { return windowNotes(func(d *promissoryNote) bool { return d.ownerTurn }) })
	strategyNotes = sync.OnceValue(func() []string { return windowNotes(func(d *promissoryNote) bool { return d.strategyEnd }) })
	// notes whose window opens at the start of the strategy phase
	strategyStartNotes = sync.OnceValue(func() []string { return windowNotes(func(d *promissoryNote) bool { return d.strategyStart }) })
	researchNotes      = sync.OnceValue(func() []string { return windowNotes(func(d *promissoryNote) bool { return d.ownerResearched }) })
)

// notesAtTurnStart opens, at the start of a player's turn before they
// act, the windows of their notes played then (Military Support).
func notesAtTurnStart(s *State) []Event {
	if s.Phase != PhaseAction || s.Turn == None || len(s.Choices) > 0 || !slices.ContainsFunc(turnNotes(), func(id string) bool {
		return noteOwner(id) == s.Players[s.Turn].Faction
	}) || !s.momentHolds(s.Turn, AtStartOfTurn) {
		return nil
	}
	return s.askNotes(turnNotes(), s.Players[s.Turn].Faction, Step{})
}

// EvSetAside: Count units of Seat's are set on their card (Revive); the
// die that saved each is in Rolls. EvSetAsideBack: they are placed on
// Planet (System).
const (
	EvSetAside     = "units_set_aside"
	EvSetAsideBack = "units_set_aside_placed"
)

// setAsideBack places, at the start of a player's turn, the units set on
// their card on the first planet they control in their home system (they
// wait while they control none).
func setAsideBack(s *State) []Event {
	if s.Phase != PhaseAction || s.Turn == None || s.Players[s.Turn].SetAside == 0 || !s.momentHolds(s.Turn, AtStartOfTurn) {
		return nil
	}
	p := s.Players[s.Turn]
	home := s.System(p.Home)
	if home == nil {
		return nil
	}
	for _, pl := range home.Planets {
		if pl.Controller == p.Seat {
			return s.emit(Event{Kind: EvSetAsideBack, Seat: p.Seat, System: home.Pos, Planet: pl.Name, Unit: "infantry", Count: p.SetAside})
		}
	}
	return nil
}

// notesAtStrategyStart opens, at the start of the strategy phase, before
// any card is chosen, the windows of the notes played then (Scepter of
// Dominion).
func notesAtStrategyStart(s *State) []Event {
	var ev []Event
	for _, id := range strategyStartNotes() {
		ev = s.extend(ev, s.askNotes([]string{id}, noteOwner(id), Step{})...)
	}
	return ev
}

// notesAtStrategyEnd opens, at the end of the strategy phase, the windows
// of the notes played then (Gift of Prescience).
func notesAtStrategyEnd(s *State) []Event {
	var ev []Event
	for _, id := range strategyNotes() {
		ev = s.extend(ev, s.askNotes([]string{id}, noteOwner(id), Step{})...)
	}
	return ev
}

// phaseEndWindows opens the windows of abilities used at the end of a
// phase (at), once each, in speaker order (1.19).
func (s *State) phaseEndWindows(at Moment) []Event {
	var ev []Event
	for _, q := range s.SpeakerOrder() {
		if !s.hasUse(q, at) {
			continue
		}
		for _, a := range s.abilityList(q) {
			key := usedKey(q, a.ID) + "@" + string(at)
			if s.usable(q, a, at) == nil || slices.Contains(s.NotesAsked, key) {
				continue
			}
			ev = s.extend(ev, Event{Kind: EvNoteAsked, Seat: q, Card: key})
			ev = s.extend(ev, abilityWindows(s, q, at, Step{})...)
		}
	}
	return ev
}

// notesOnResearch opens the windows of owner's notes that answer their
// research of tech (Research Agreement).
func notesOnResearch(s *State, owner int, tech string) []Event {
	return s.askNotes(researchNotes(), s.Players[owner].Faction, Step{Cards: []string{tech}})
}

// askNotes queues the window of each of ids that faction owns, held by
// another player, not yet asked, whose moment its definition allows now.
func (s *State) askNotes(ids []string, faction string, ctx Step) []Event {
	var ev []Event
	for _, id := range ids {
		if noteOwner(id) != faction { // the cheap test first: Follow asks at every turn
			continue
		}
		d := s.note(id)
		if d == nil || slices.Contains(s.NotesAsked, id) {
			continue
		}
		owner := s.seatOfFaction(faction)
		h := s.heldBy(id, owner)
		if owner == None || h == None || (d.opens != nil && !d.opens(s, h, owner, ctx)) {
			continue
		}
		ev = s.extend(ev, Event{Kind: EvNoteAsked, Seat: h, Card: id}, noteWindow(h, id, ctx))
	}
	return ev
}

// EvUsedThisTurn records Seat's use of the ability Card, used once per
// turn.
const EvUsedThisTurn = "used_this_turn"

func applyNoteWindows(s *State, e *Event) bool {
	switch e.Kind {
	case EvNoteAsked:
		s.NotesAsked = append(slices.Clip(s.NotesAsked), e.Card)
	case EvUsedThisTurn:
		s.TurnUsed = append(slices.Clip(s.TurnUsed), usedKey(e.Seat, e.Card))
	case EvSetAside:
		s.Players[e.Seat].SetAside += e.Count
	case EvSetAsideBack:
		s.Players[e.Seat].SetAside = 0
		pl := planetIn(s.System(e.System), e.Planet)
		pl.Units = add(pl.Units, e.Seat, e.Unit, e.Count)
	default:
		return false
	}
	return true
}
