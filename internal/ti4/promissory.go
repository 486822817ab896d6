package ti4

import (
	"slices"
	"strings"
	"sync"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
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
	EvNoteAttached = "promissory_attached" // from the holder's hand to Planet (12)
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

// promissoryNote is one promissory note's definition (69), found by its
// id: the note's kind for the generic notes ("ceasefire"), the whole note
// ("<faction>:<note>") for a faction's own.
type promissoryNote struct {
	// since is the rules version the note came in (a faction's note:
	// RulesFactions); a game set up earlier plays without it.
	since int
	// moment is a cheap first test, for Legal, that its holder (seat) may
	// play it now; nil for a note that is never played but acts on its own.
	moment func(s *State, seat int) bool
	// play is what playing it does (69.1), the owner's seat given.
	play func(s *State, a Action, owner int) ([]Event, error)
	// roll is play for a note whose play throws dice.
	roll func(s *State, a Action, owner int, rng *engine.RNG) ([]Event, error)
	// point: in its holder's play area it is worth a point, and it goes
	// there as soon as another player holds it.
	point bool
	// replenished acts when the note's owner replenishes commodities.
	replenished func(s *State, owner, commodities int, note string) []Event
	// activated acts, from its holder's play area, when they activate the
	// system at pos.
	activated func(s *State, seat, pos int, note string) []Event
	// commodityPact: in its holder's play area, a transaction in which the
	// holder gives its owner as many commodities as the holder's commodity
	// value earns each of them a trade good (Dark Pact).
	commodityPact bool
	// agendaPhase: in play until the end of the agenda phase, then back to
	// its owner.
	agendaPhase bool
	// permits: what the note grants its holder while in their play area.
	permits Permit
	// silencesOwner: while it is in play its owner plays no action cards
	// and uses no faction ability by choice (rules version 4 on).
	silencesOwner bool
	// odds: what the note does for its holder in the odds calculator when
	// a side names it (used at its first chance); againstOwner: what it
	// does besides there when the opponent is its owner.
	odds, againstOwner combat.Tech
	// lends: the type of its owner's unit whose values it lends one of the
	// holder's ships (The Cavalry: "flagship"), against another player
	// than its owner; in the odds, the unit as printed, or upgraded
	// (UpgradedSuffix).
	lends string
	// shields: the ability of its owner's that, while the note is in its
	// holder's play area, cannot be used against the holder.
	shields string
	// fields are the action's fields the play reads (as fieldsOf), and
	// offer the plays Legal lists with them; without offer, the note alone.
	fields string
	offer  func(s *State, seat int) []Action
	// answers: the combat window (an Answer's kind) the note is played in,
	// which opens for its holder as for an ability (AnswerMovedIn).
	answers string
	// Note windows (notewindows.go) open for its holder at the start of
	// the owner's turn (ownerTurn), at the end of the strategy phase
	// (strategyEnd) or after the owner researches a technology
	// (ownerResearched), when opens allows (nil: always).
	ownerTurn, strategyEnd, ownerResearched bool
	// strategyStart: its window opens at the start of the strategy phase.
	strategyStart bool
	opens         func(s *State, holder, owner int, ctx Step) bool
	// attach: what it gives the planet it is attached to (12).
	attach attachment
	// aid: what playing it gives the tactical action under way
	// (tacticalAid).
	aid string
	// pactVotes: while in its holder's play area, votes the holder's
	// ballot gains for an outcome its owner voted for too (Blood Pact).
	pactVotes int
	// statusEnd: back to its owner from its holder's play area at the end
	// of the status phase.
	statusEnd bool
	// private: its window's cards are seen by its holder alone (a hand
	// looked at); mandatory: its window cannot be let go.
	private, mandatory bool
	// lendsCommander: in its holder's play area, its owner's commander is
	// the holder's too while unlocked (leaders.go).
	lendsCommander bool
	// predicted: what a prediction made with it earns when it comes true
	// (a rider's, 8.22b), the events before it given for the decks.
	predicted func(s *State, r Ballot, before []Event, rng *engine.RNG) []Event
}

// promissoryNotes holds the notes' definitions, by id.
var promissoryNotes = engine.Defs[*promissoryNote]{}

// defineNote adds a note's definition; an id is defined once.
func defineNote(id string, n *promissoryNote) { promissoryNotes.Define("promissory note", id, n) }

// noteDef is a held note's definition: its faction's own, or its kind's.
func noteDef(note string) *promissoryNote {
	if d, ok := heldNotes()[note]; ok {
		return d
	}
	if d := promissoryNotes[note]; d != nil {
		return d
	}
	return promissoryNotes[noteKind(note)]
}

// heldNotes maps every note a faction of the data holds to its
// definition (nil if it has none), for one lookup on Legal's path.
var heldNotes = sync.OnceValue(func() map[string]*promissoryNote {
	out := map[string]*promissoryNote{}
	for _, f := range data.MustLoad().Factions {
		for _, n := range data.MustLoad().Promissory {
			out[f.ID+":"+n.ID] = promissoryNotes[n.ID]
		}
		for _, n := range append([]string{f.Promissory}, f.PromissoryExtra...) {
			id := f.ID + ":" + idOf(n)
			out[id] = promissoryNotes[id]
		}
	}
	return out
})

// dealsExtraNotes reports that faction sets up with its further notes
// (data PromissoryExtra), as an ability of its says under the game's rules
// version (Dark Whispers).
func (s *State) dealsExtraNotes(faction string) bool {
	for a := range s.factionLive(faction) {
		if a.ExtraNotes {
			return true
		}
	}
	return false
}

// isExtraNote reports a faction note that is one of its further notes.
func isExtraNote(note string) bool { return extraNotes()[note] }

var extraNotes = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, f := range data.MustLoad().Factions {
		for _, n := range f.PromissoryExtra {
			out[f.ID+":"+idOf(n)] = true
		}
	}
	return out
})

// refusesNote reports that receiver may not be given the note: an ability
// of theirs refuses the notes that lend a commander (Hubris).
func (s *State) refusesNote(receiver int, note string) bool {
	d := noteDef(note)
	return d != nil && d.lendsCommander && receiver >= 0 && receiver < len(s.Players) && s.factionHas(receiver, hookNoCommanderNotes)
}

func hookNoCommanderNotes(a *Ability) bool { return a.NoCommanderNotes }

// givable is the notes in giver's hand that receiver may be given.
func (s *State) givable(giver, receiver int) []string {
	var out []string
	for _, n := range s.Players[giver].Promissory {
		if !s.refusesNote(receiver, n) {
			out = append(out, n)
		}
	}
	return out
}

// purgesOwnNote reports that faction sets up without its own note of
// kind, one that lends its commander (purged, Hubris), under the game's
// rules version.
func (s *State) purgesOwnNote(faction, kind string) bool {
	if d := promissoryNotes[kind]; d == nil || !d.lendsCommander {
		return false
	}
	for a := range s.factionLive(faction) {
		if a.NoCommanderNotes {
			return true
		}
	}
	return false
}

// note is a held note's definition as the game's rules version has it.
func (s *State) note(n string) *promissoryNote {
	if d := noteDef(n); d != nil && d.since <= s.rules() {
		return d
	}
	return nil
}

func init() {
	defineNote("ceasefire", &promissoryNote{moment: ceasefireMoment, play: ceasefire})
	defineNote("political_secret", &promissoryNote{moment: secretMoment, play: politicalSecret, agendaPhase: true, silencesOwner: true})
	defineNote("support_for_the_throne", &promissoryNote{point: true, activated: throneLost})
	defineNote("trade_agreement", &promissoryNote{replenished: tradeAgreement})
	// Alliance (51.8): as its holder's action, into their play area, where
	// it lends them its owner's commander while that is unlocked; the
	// owner keeps the use of it too (51.8a).
	defineNote("alliance", &promissoryNote{since: RulesLeaders, moment: asAction, play: playAsAction(intoPlayArea), lendsCommander: true})
}

// notesFollowUps: a player who receives another's note worth a point
// (Support for the Throne) places it in their play area and gains it.
func notesFollowUps(s *State) []Event {
	if s.Trade != nil || s.quiet(scanNotes) {
		return nil
	}
	for _, p := range s.Players {
		for _, n := range p.Promissory {
			if d := s.note(n); d != nil && d.point && noteOwner(n) != p.Faction && !p.Eliminated {
				return s.emit(Event{Kind: EvNotePlayed, Seat: p.Seat, Card: n}, Event{Kind: EvVictoryPoint, Seat: p.Seat, Count: 1, Card: noteKind(n)})
			}
		}
	}
	s.setQuiet(scanNotes)
	return nil
}

// notesOnActivation: the notes in seat's play area that act when seat
// activates the system at pos.
func notesOnActivation(s *State, seat, pos int) []Event {
	var ev []Event
	for _, n := range s.Players[seat].NotesInPlay {
		if d := s.note(n); d != nil && d.activated != nil {
			ev = s.extend(ev, d.activated(s, seat, pos, n)...)
		}
	}
	return ev
}

// throneLost: a holder of Support for the Throne who activates a system
// with the owner's units loses the point and returns the card.
func throneLost(s *State, seat, pos int, n string) []Event {
	if o := s.seatOfFaction(noteOwner(n)); o != None && s.unitsIn(pos, o) > 0 {
		return s.emit(Event{Kind: EvVictoryPoint, Seat: seat, Count: -1, Card: noteKind(n)}, Event{Kind: EvNoteReturned, Seat: seat, Card: n})
	}
	return nil
}

// notesOnReplenish: the owner's notes, wherever they are, that act when
// the owner replenishes commodities.
func notesOnReplenish(s *State, owner, commodities int) []Event {
	var ev []Event
	for _, id := range replenishNotes() {
		ev = s.extend(ev, promissoryNotes[id].replenished(s, owner, commodities, s.noteOf(owner, id))...)
	}
	for _, q := range s.Active() { // abilities answering another player's replenishment
		if q != owner && s.hasUse(q, AfterOthersReplenish) {
			ev = s.extend(ev, abilityWindows(s, q, AfterOthersReplenish, Step{Target: ip(owner)})...)
		}
	}
	return ev
}

// replenishNotes are the generic notes that act on a replenishment, in a
// fixed order.
var replenishNotes = sync.OnceValue(func() []string {
	var ids []string
	for id, d := range promissoryNotes {
		if d.replenished != nil {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
})

// tradeAgreement: when the owner replenishes commodities, the holder of
// their Trade Agreement takes them all, as trade goods, and returns it.
func tradeAgreement(s *State, owner, commodities int, n string) []Event {
	h, inPlay := s.holderOf(n)
	if h == None || h == owner || inPlay || commodities == 0 {
		return nil
	}
	return s.emit(Event{Kind: EvCommodities, Seat: owner, Count: 0}, Event{Kind: EvTradeGoods, Seat: h, Count: commodities, Card: s.fromPlayer()}, Event{Kind: EvNoteReturned, Seat: h, Card: n})
}

func decidePlayNote(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	if !slices.Contains(p.Promissory, a.Card) {
		return nil, engine.BadInput("card", "%q is not a promissory note in your hand", a.Card)
	}
	owner := s.seatOfFaction(noteOwner(a.Card))
	if owner == a.Seat {
		return nil, engine.Refuse("69.2", "a player cannot play their own promissory notes")
	}
	if d := s.note(a.Card); d != nil && (d.play != nil || d.roll != nil) {
		if err := checkOnly(a, d.fields); err != nil {
			return nil, err
		}
		if d.roll != nil {
			return d.roll(s, a, owner, rng)
		}
		return d.play(s, a, owner)
	}
	if err := checkOnly(a, ""); err != nil {
		return nil, err
	}
	return nil, engine.Refuse("69.1", "%s has no window to be played now", a.Card)
}

// Ceasefire: after its owner activates a system holding the holder's
// units, the owner's units may not move into it.
func ceasefire(s *State, a Action, owner int) ([]Event, error) {
	t := s.Tactical
	if t == nil || t.Seat != owner || t.Step != TacMovement || len(t.Moves) > 0 || s.unitsIn(t.System, a.Seat) == 0 {
		return nil, engine.Refuse("69.1", "Ceasefire is played after its owner activates a system holding your units, before they move")
	}
	return s.emit(Event{Kind: EvCeasefire, Seat: a.Seat}, Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}

func ceasefireMoment(s *State, seat int) bool {
	t := s.Tactical
	return t != nil && t.Seat != seat && t.Step == TacMovement && len(t.Moves) == 0
}

// Political Secret: when an agenda is revealed, its owner may not vote on
// it. From rules version 4 its owner also plays no action cards and uses no
// faction ability by choice until the agenda is resolved (or discarded),
// when the note goes back; before, it went back at the end of the agenda
// phase and held back the votes only, as games of those versions were
// played.
func politicalSecret(s *State, a Action, owner int) ([]Event, error) {
	ag := s.Agenda
	if s.Phase != PhaseAgenda || ag == nil || ag.Card == "" || len(ag.Ballots) > 0 || ag.Voting || ag.Outcome != "" {
		return nil, engine.Refuse("69.1", "Political Secret is played when an agenda is revealed, before anyone votes")
	}
	return s.emit(Event{Kind: EvNotePlayed, Seat: a.Seat, Card: a.Card}, Event{Kind: EvSilenced, Seat: owner}), nil
}

func secretMoment(s *State, _ int) bool {
	ag := s.Agenda
	return s.Phase == PhaseAgenda && ag != nil && ag.Card != "" && len(ag.Ballots) == 0
}

// notesMayOpen is the cheap test before any note's moment is asked: every
// note's window lies in a tactical or strategic action, the agenda or
// status phase or its holder's turn (TestNoteWindowsLieWhereNotesMayOpen
// holds the notes to it).
func notesMayOpen(s *State, seat int) bool {
	return s.Tactical != nil || s.Strategic != nil || s.Phase == PhaseAgenda || s.Phase == PhaseStatus || (s.Phase == PhaseAction && s.Turn == seat) ||
		(s.Step != nil && s.Step.Kind == StepNoteWindow)
}

// noteOffers lists the plays of a note in its moment: its offer's, or
// the note alone.
func noteOffers(s *State, seat int, note string, add func(Action)) {
	d := s.note(note)
	if d.offer == nil {
		add(Action{Kind: ActPlayNote, Card: note})
		return
	}
	for _, a := range d.offer(s, seat) {
		a.Kind, a.Card = ActPlayNote, note
		add(a)
	}
}

// noteMoment is a cheap first test, for Legal, that a note's moment may be
// now; decidePlayNote makes the full one.
func noteMoment(s *State, seat int, note string) bool {
	d := s.note(note)
	return d != nil && d.moment != nil && d.moment(s, seat)
}

// asAction is a note's moment when it is played as its holder's action
// (1.5): the turn's action, nothing under way.
func asAction(s *State, seat int) bool { return s.momentHolds(seat, AtAction) }

// playAsAction plays a note as its holder's action: effect's events, the
// note back to its owner unless effect keeps it, and the turn's end.
func playAsAction(effect func(s *State, a Action, owner int) ([]Event, error)) func(s *State, a Action, owner int) ([]Event, error) {
	play := playAsActionRolled(func(s *State, a Action, owner int, _ *engine.RNG) ([]Event, error) { return effect(s, a, owner) })
	return func(s *State, a Action, owner int) ([]Event, error) { return play(s, a, owner, nil) }
}

// playAsActionRolled is playAsAction for a note whose play draws on the
// game's RNG.
func playAsActionRolled(effect func(s *State, a Action, owner int, rng *engine.RNG) ([]Event, error)) func(s *State, a Action, owner int, rng *engine.RNG) ([]Event, error) {
	return func(s *State, a Action, owner int, rng *engine.RNG) ([]Event, error) {
		if err := checkTurn(s, a.Seat); err != nil {
			return nil, err
		}
		ev, err := effect(s, a, owner, rng)
		if err != nil {
			return nil, err
		}
		return s.extend(ev, s.turnOver(a.Seat, true)), nil
	}
}

// intoPlayArea is a note's effect that puts it in its holder's play area.
func intoPlayArea(s *State, a Action, _ int) ([]Event, error) {
	return s.emit(Event{Kind: EvNotePlayed, Seat: a.Seat, Card: a.Card}), nil
}

// returnedOnActivation: the note goes back to its owner when its holder
// activates a system with the owner's units (Trade Convoys, Promise of
// Protection).
func returnedOnActivation(s *State, seat, pos int, n string) []Event {
	if o := s.seatOfFaction(noteOwner(n)); o != None && s.unitsIn(pos, o) > 0 {
		return s.emit(Event{Kind: EvNoteReturned, Seat: seat, Card: n})
	}
	return nil
}

// noteShields reports that seat has in play a note of the owner's of ability
// that keeps it from being used against seat (Promise of Protection).
func (s *State) noteShields(seat int, ability string) bool {
	for _, n := range s.Players[seat].NotesInPlay {
		if d := s.note(n); d != nil && d.shields == ability {
			return true
		}
	}
	return false
}

// holdsAnswer reports a note in seat's hand, not its own, played in the
// combat window kind.
func (s *State) holdsAnswer(seat int, kind string) bool {
	p := s.Players[seat]
	for _, n := range p.Promissory {
		if d := s.note(n); d != nil && d.answers == kind && noteOwner(n) != p.Faction {
			return true
		}
	}
	return false
}

// notePermits reports a note in seat's play area granting p.
func (s *State) notePermits(seat int, p Permit) bool {
	for _, n := range s.Players[seat].NotesInPlay {
		if d := s.note(n); d != nil && d.permits&p != 0 {
			return true
		}
	}
	return false
}

// Note effects.
const (
	EvCeasefire  = "ceasefire"          // the active player may not move units into the active system
	EvSilenced   = "silenced_on_agenda" // may not vote on this agenda
	EvMoreTokens = "status_tokens_more" // Count more command tokens gained in this status phase (81.5)
	// EvZeroTokenGiven: the Naalu "0" token goes to Seat until the end of
	// the status phase (Gift of Prescience).
	EvZeroTokenGiven = "zero_token_given"
)

func applyNotes(s *State, e *Event) bool {
	switch e.Kind {
	case EvNoteAttached:
		p := s.Players[e.Seat]
		p.Promissory = slices.DeleteFunc(slices.Clone(p.Promissory), func(n string) bool { return n == e.Card })
		pl, _ := s.Planet(e.Planet)
		pl.Attachments = append(slices.Clip(pl.Attachments), e.Card)
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
	case EvZeroTokenGiven:
		s.ZeroToken = &ZeroToken{Holder: e.Seat, Expires: true}
	case EvMoreTokens:
		s.Status.Gain = slices.Clone(s.Status.Gain)
		s.Status.Gain[e.Seat] += e.Count
	case EvSilenced:
		ag := s.Agenda
		ag.Voters = slices.DeleteFunc(ag.Voters, func(q int) bool { return q == e.Seat })
		ag.Silenced = append(ag.Silenced, e.Seat)
	default:
		return false
	}
	return true
}

// silencedBySecret reports a note in play that holds seat back from
// action cards and faction abilities (Political Secret, rules version 4
// on).
func (s *State) silencedBySecret(seat int) bool {
	if s.rules() < RulesPrinted {
		return false
	}
	for _, p := range s.Players {
		for _, n := range p.NotesInPlay {
			if d := s.note(n); d != nil && d.silencesOwner && noteOwner(n) == s.Players[seat].Faction {
				return true
			}
		}
	}
	return false
}

// agendaOver gives the notes in play for one agenda back to their owners
// once it is resolved or discarded (rules version 4 on).
func agendaOver(s *State) {
	if s.rules() >= RulesPrinted {
		returnAgendaNotes(s)
	}
}

// returnAgendaNotes gives the notes in play until the end of the agenda
// phase (Political Secret) back to their owners.
func returnAgendaNotes(s *State) {
	for _, p := range s.Players {
		for _, n := range slices.Clone(p.NotesInPlay) {
			if d := s.note(n); d != nil && d.agendaPhase {
				applyNotes(s, &Event{Kind: EvNoteReturned, Seat: p.Seat, Card: n})
			}
		}
	}
}

// notePoint reports a note that, in play, is worth a point to its holder
// (Support for the Throne).
func notePoint(note string) bool {
	d := noteDef(note)
	return d != nil && d.point
}
