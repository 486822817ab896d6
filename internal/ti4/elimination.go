package ti4

import (
	"slices"
	"strings"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Elimination (LRR 33).

// HasProductionUnit reports whether seat has on the board a unit whose card
// has the Production ability (33.1.2). Units that only produce by some
// other ability, such as the Arborec flagship, do not count (33 note 1).
func (s *State) HasProductionUnit(seat int) bool {
	has := func(st []Stack) bool {
		for _, x := range st {
			if x.Owner == seat && x.Count > 0 {
				if u := s.UnitCard(seat, x.Unit); u != nil && u.HasProduction() {
					return true
				}
			}
		}
		return false
	}
	for _, sys := range s.Systems {
		if has(sys.Space) {
			return true
		}
		for _, p := range sys.Planets {
			if has(p.Units) {
				return true
			}
		}
	}
	return false
}

// GroundForcesOnBoard counts seat's infantry and mechs, on planets and in
// space areas (33.1.1).
func (s *State) GroundForcesOnBoard(seat int) int {
	return s.OnBoard(seat, "infantry") + s.OnBoard(seat, "mech")
}

// ControlsAny reports whether seat controls a planet (33.1.3).
func (s *State) ControlsAny(seat int) bool {
	for _, sys := range s.Systems {
		for _, p := range sys.Planets {
			if p.Controller == seat {
				return true
			}
		}
	}
	return false
}

// ShouldBeEliminated is the three-part test of 33.1.
func (s *State) ShouldBeEliminated(seat int) bool {
	// Cheapest test first: nearly every player controls a planet.
	return !s.ControlsAny(seat) && s.GroundForcesOnBoard(seat) == 0 && !s.HasProductionUnit(seat)
}

// IsHomeSystem reports whether pos is some faction's home system. An
// eliminated player's home system stays one (33 note 2).
func (s *State) IsHomeSystem(pos int) bool {
	for _, p := range s.Players {
		if p.Home == pos {
			return true
		}
	}
	return false
}

// CardsPerPlayer is how many strategy cards each player takes: two with
// three or four players, one with five or more, and still one when a game
// that began with five or more drops to four or fewer (33.9, 84).
func (s *State) CardsPerPlayer() int {
	if s.StartPlayers >= 5 || len(s.Active()) >= 5 {
		return 1
	}
	return 2
}

// eliminationFollowUps runs the check of 33.1 after every action, for the
// lowest seat that meets it; the engine repeats it for any others. The
// event carries the reshuffled secret objective deck (33.7) and the new
// speaker (33.8), so applying it needs no RNG.
func eliminationFollowUps(s *State, rng *engine.RNG) []Event {
	if s.quiet(scanElimination) {
		return nil
	}
	var holds uint32 // the seats that control a planet: the cheap part of 33.1, for all at once
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller != None {
				holds |= 1 << uint(pl.Controller)
			}
		}
	}
	for _, p := range s.Players {
		if p.Eliminated || holds&(1<<uint(p.Seat)) != 0 || !s.ShouldBeEliminated(p.Seat) {
			continue
		}
		deck := slices.Concat(s.Decks.Secrets, p.Secrets, p.ScoredSecrets)
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		speaker := s.Speaker
		if speaker == p.Seat {
			speaker = s.LeftOf(p.Seat)
		}
		return s.emit(Event{Kind: EvEliminated, Seat: p.Seat, Extra: &Extra{Speaker: speaker, NewDeck: deck}})
	}
	s.setQuiet(scanElimination)
	return nil
}

// eliminatedFollowUps answers for an eliminated player whom the game still
// waits on (33.2): a window they were asked in, a secondary ability offered,
// a vote, a status-phase step. Each is declined the way a player in the
// game declines it, so everything that follows a decline (the next player
// asked, the window closing, the vote going on) happens as usual.
func eliminatedFollowUps(s *State, rng *engine.RNG) []Event {
	any := false
	for _, p := range s.Players {
		any = any || p.Eliminated
	}
	if !any {
		return nil
	}
	for _, q := range Deciding(s) {
		if q < 0 || q >= len(s.Players) || !s.Players[q].Eliminated {
			continue
		}
		for _, a := range declinesFor(q) {
			trial := *rng
			if ev, err := decideFor(s, a, &trial); err == nil {
				*rng = trial
				return ev
			}
		}
	}
	return nil
}

// declinesFor are the answers that take nothing and give nothing, tried in
// turn for an eliminated player.
func declinesFor(seat int) []Action {
	return []Action{
		{Kind: ActPassWindow, Seat: seat},
		{Kind: ActSecondary, Seat: seat},
		{Kind: ActAbstain, Seat: seat},
		{Kind: ActDone, Seat: seat},
		{Kind: ActRedistribute, Seat: seat, Pools: &Pools{}},
		// a tactical action performed as a guest in another player's turn
		// (Z'eu), which only they could end: its steps, to its end and the
		// turn's
		{Kind: ActEndMovement, Seat: seat},
		{Kind: ActEstablishControl, Seat: seat},
		{Kind: ActEndTactical, Seat: seat},
	}
}

// dropQueued takes seat out of the queues of players still to answer,
// except at their head. The queues are copied, never changed in place:
// views may share them.
func dropQueued(s *State, seat int) {
	drop := func(q []int) []int {
		if len(q) <= 1 {
			return q
		}
		return append(q[:1:1], slices.DeleteFunc(slices.Clone(q[1:]), func(x int) bool { return x == seat })...)
	}
	if ag := s.Agenda; ag != nil {
		x := *ag
		x.Voters, x.WindowQueue = drop(ag.Voters), drop(ag.WindowQueue)
		s.Agenda = &x
	}
	if p := s.PendingAC; p != nil {
		x := *p
		x.Queue = drop(p.Queue)
		s.PendingAC = &x
	}
	if st := s.Strategic; st != nil {
		x := *st
		x.Queue = drop(st.Queue)
		s.Strategic = &x
	}
	if w := s.CoupAsk; w != nil {
		x := *w
		x.Queue = drop(w.Queue)
		s.CoupAsk = &x
	}
	if w := s.DiscardAsk; w != nil {
		x := *w
		x.Queue = drop(w.Queue)
		s.DiscardAsk = &x
	}
	if w := s.PickAsk; w != nil {
		x := *w
		x.Queue = drop(w.Queue)
		s.PickAsk = &x
	}
}

// reorderVoters puts the players still to vote in the new speaker's order
// (8.2: from the speaker's left, the speaker last) when the token passed
// in the middle of an agenda (33.8); one whose ballot is open keeps it.
func reorderVoters(s *State) {
	ag := s.Agenda
	if ag == nil || len(ag.Voters) == 0 {
		return
	}
	x := *ag
	keep := 0
	if ag.Voting {
		keep = 1
	}
	rest := slices.Clone(ag.Voters[keep:])
	n := len(s.Players)
	slices.SortFunc(rest, func(a, b int) int {
		return (a-s.Speaker+n-1)%n - (b-s.Speaker+n-1)%n // the speaker's left first, the speaker last
	})
	x.Voters = append(slices.Clone(ag.Voters[:keep]), rest...)
	s.Agenda = &x
}

func applyEliminated(s *State, e Event) {
	p := s.Players[e.Seat]
	seat := p.Seat
	// A player eliminated in their own turn takes it no further: what they
	// had under way ends, and the next player in initiative order who has
	// not passed takes the turn (33.2, 4.2).
	if t := s.Trade; t != nil && (t.Seats[0] == seat || t.Seats[1] == seat) {
		s.Trade = nil // a transaction with them is off (33.2)
	}
	if s.Phase == PhaseAction && s.Turn == seat {
		s.Tactical, s.Invasion, s.Trade = nil, nil, nil
		if s.Combat != nil && s.Combat.Attacker == seat {
			s.Combat = nil
		}
		if s.Strategic != nil && s.Strategic.Seat == seat {
			s.Strategic = nil
		}
		if s.Step != nil && s.Step.Seat == seat {
			s.Step = nil
		}
		if s.Turn = s.nextActive(seat); s.Turn == seat {
			s.Turn = None // everyone else has passed: the phase ends
		}
	}
	p.Eliminated = true
	// 33.2 with 84.1: a player eliminated while choosing a strategy card
	// chooses no more; the next player in order chooses.
	if s.Phase == PhaseStrategy && s.Turn == seat {
		s.Turn = s.nextPicker()
	}
	// Choices waiting on them are dropped: no one is left to make them.
	if s.Step != nil && s.Step.Seat == seat {
		s.Step = nil
	}
	s.Choices = slices.DeleteFunc(slices.Clone(s.Choices), func(c Step) bool { return c.Seat == seat })
	// Windows and votes ahead of them are answered without them: they leave
	// every queue but where they are the one asked now, which the game
	// declines for them (eliminatedFollowUps).
	dropQueued(s, seat)
	// 81.5: they have no command tokens left to arrange; those who have
	// go on without them.
	if st := s.Status; st != nil {
		x := *st
		x.Waiting = slices.DeleteFunc(slices.Clone(st.Waiting), func(q int) bool { return q == seat })
		s.Status = &x
	}

	// 33.2: units, command and control tokens go to the box.
	for _, sys := range s.Systems {
		sys.Space = dropOwner(sys.Space, seat)
		sys.Command = slices.DeleteFunc(sys.Command, func(o int) bool { return o == seat })
		for _, pl := range sys.Planets {
			pl.Units = dropOwner(pl.Units, seat)
			pl.Tokens = slices.DeleteFunc(slices.Clone(pl.Tokens), func(k Token) bool { return k.Owner == seat }) // sleepers
		}
	}
	p.Tactic, p.Fleet, p.Strategy = 0, 0, 0
	p.Techs, p.Commodities, p.TradeGoods = nil, 0, 0

	// 33.3 agendas, 33.5 action cards: discarded.
	for _, l := range slices.Clone(s.Laws) {
		if l.Owner == seat {
			discardLaw(s, l.Card)
		}
	}
	s.Decks.ActionDiscard = append(s.Decks.ActionDiscard, p.ActionCards...)
	p.ActionCards = nil

	// 33.4: notes go home; 33.4.1: the eliminated player's own notes, and
	// notes of players no longer in the game, go to the box.
	for _, note := range p.Promissory {
		if o := s.seatOfFaction(noteOwner(note)); o != None && o != seat && !s.Players[o].Eliminated {
			s.Players[o].Promissory = append(s.Players[o].Promissory, note)
		}
	}
	for _, note := range p.NotesInPlay { // 69.7a: notes in play go home too
		if o := s.seatOfFaction(noteOwner(note)); o != None && o != seat && !s.Players[o].Eliminated {
			s.Players[o].Promissory = append(s.Players[o].Promissory, note)
		}
	}
	p.Promissory, p.NotesInPlay = nil, nil
	for _, q := range s.Players {
		q.Promissory = slices.DeleteFunc(q.Promissory, func(n string) bool { return noteOwner(n) == p.Faction })
		// 69.7: the eliminated player's notes in play go to the box; a
		// Support for the Throne takes its point with it.
		q.NotesInPlay = slices.DeleteFunc(q.NotesInPlay, func(n string) bool {
			if !notePoint(n) || noteOwner(n) != p.Faction {
				return noteOwner(n) == p.Faction
			}
			if q.VP > 0 {
				q.VP--
			} else {
				q.FloorVP++ // the track starts at 0 (98.3)
			}
			return true
		})
	}

	// 33.6: strategy cards return to the common play area.
	s.Strategy = append(s.Strategy, p.StrategyCards...)
	sortStrategy(s.Strategy)
	p.StrategyCards = nil

	// 33.7: secret objectives, scored or not, are shuffled into the deck.
	s.Decks.Secrets = e.extra().NewDeck
	p.Secrets, p.ScoredSecrets = nil, nil

	// 33.8: the speaker token passes left, and with it the last vote and
	// the tie-break of an agenda under way.
	if s.Speaker != e.extra().Speaker {
		s.Speaker = e.extra().Speaker
		reorderVoters(s)
	}

	// 33 note 3: relic fragments to their exploration discard piles; relics purged.
	// Enigmatic Device, kept in play the same way, goes with them.
	for _, f := range slices.Concat(p.RelicFragments, p.PlayArea) {
		d := explorationDeckOf(f)
		s.Decks.ExplorationDiscard[d] = append(s.Decks.ExplorationDiscard[d], f)
	}
	s.Decks.Purged = append(s.Decks.Purged, p.Relics...)
	p.RelicFragments, p.Relics, p.PlayArea = nil, nil, nil

	// 33.11: units this player captured go back to their owners; captured
	// fighter and infantry tokens belong to no one and leave (17.4). Units
	// others captured from this player stay with them (33 note 4).
	p.Captured = nil

	// 33.10.3: a Naalu "0" token held by another player lasts until the
	// end of the status phase.
	if factionSetUp(p.Faction, hookInitiativeZero) && s.ZeroToken != nil && s.ZeroToken.Holder != seat {
		s.ZeroToken.Expires = true
	}
	// 33.10.5: tokens on an eliminated Mahact's sheet go back to their owners.
	p.SheetTokens = nil
	// 33.10.6: the commander stays in play only while Mahact holds this
	// player's command token and the commander is unlocked.
	if !(p.Commander == Unlocked && s.tokenOnMahactSheet(seat)) {
		p.Commander = Purged
	}
	// 33.10.1 (assimilated technologies stay with the Nekro player),
	// 33.10.2 (Creuss wormhole tokens stay) and 33.10.4 (Titans
	// attachments stay) need no change: those components are not the
	// eliminated player's units, command or control tokens.
}

// EndStatusPhase returns the events due at the end of a status phase: an
// expiring Naalu "0" token leaves play (33.10.3).
func EndStatusPhase(s *State) []Event {
	var ev []Event
	if s.ZeroToken != nil && s.ZeroToken.Expires {
		ev = s.emit(Event{Kind: EvZeroTokenGone, Seat: s.ZeroToken.Holder})
	}
	for _, q := range s.Active() { // units' abilities at the end of the status phase
		for _, a := range s.abilityList(q) {
			if a.StatusEnd != nil {
				ev = s.extend(ev, a.StatusEnd(s, q)...)
			}
		}
	}
	for _, p := range s.Players { // notes that go back then (Gift of Prescience)
		for _, n := range p.NotesInPlay {
			if d := s.note(n); d != nil && d.statusEnd {
				ev = s.extend(ev, Event{Kind: EvNoteReturned, Seat: p.Seat, Card: n})
			}
		}
	}
	return ev
}

func (s *State) tokenOnMahactSheet(seat int) bool {
	for _, q := range s.Players {
		if !q.Eliminated && q.Seat != seat && slices.Contains(q.SheetTokens, seat) {
			return true
		}
	}
	return false
}

func dropOwner(st []Stack, seat int) []Stack {
	return slices.DeleteFunc(st, func(x Stack) bool { return x.Owner == seat })
}

func (s *State) seatOfFaction(f string) int {
	for _, p := range s.Players {
		if p.Faction == f {
			return p.Seat
		}
	}
	return None
}

// noteOwner is the faction part of a promissory note id "<faction>:<note>".
func noteOwner(note string) string {
	f, _, _ := strings.Cut(note, ":")
	return f
}

func explorationDeckOf(card string) string {
	for _, c := range data.MustLoad().Exploration {
		if c.ID == card {
			return c.Deck
		}
	}
	return "frontier"
}

func sortStrategy(ids []string) {
	slices.SortFunc(ids, func(a, b string) int {
		x, _ := initiativeOf(a)
		y, _ := initiativeOf(b)
		return x - y
	})
}
