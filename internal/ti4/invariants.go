package ti4

import (
	"fmt"
	"slices"
	"sync"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// CheckInvariants reports the first thing wrong with a state that no
// sequence of legal actions may reach: component limits (23), control that
// does not follow units (25.4, 25.5), eliminated players holding anything
// (33), players who should be out (33.1), negative tokens, points not
// backed by objectives (98), and cards or promissory notes not in exactly
// one place.
func CheckInvariants(s *State) error {
	if err := s.Validate(); err != nil {
		return err
	}
	for _, sys := range s.Systems {
		if why := cardsBare(sys); isCards(sys) && why != "" {
			return fmt.Errorf("%s", why)
		}
		for _, pl := range sys.Planets {
			var buf [8]int
			here := owners(pl, buf[:0])
			if (s.Invasion == nil || s.Invasion.Pos != sys.Pos) && !isCards(sys) {
				if len(here) == 1 && pl.Controller != here[0] {
					return fmt.Errorf("25.5: only seat %d has units on %s, controlled by %d", here[0], pl.Name, pl.Controller)
				}
				if len(here) == 0 && pl.Controller != None && !pl.ControlToken {
					return fmt.Errorf("25.4: %s held without units or token", pl.Name)
				}
			}
			if pl.Controller != None && s.Players[pl.Controller].Eliminated {
				return fmt.Errorf("33.2: eliminated seat %d controls %s", pl.Controller, pl.Name)
			}
			for i, k := range pl.Tokens {
				if slices.ContainsFunc(pl.Tokens[i+1:], func(o Token) bool { return o.Kind == k.Kind }) {
					return fmt.Errorf("%s holds two %s tokens", pl.Name, k.Kind)
				}
			}
		}
	}
	for _, p := range s.Players {
		if n := len(s.sleepers(p.Seat)); n > sleeperTokens {
			return fmt.Errorf("%s has %d sleeper tokens out, of %d", p, n, sleeperTokens)
		}
	}
	board := s.tally()
	for _, p := range s.Players {
		if p.Eliminated {
			for t, typ := range UnitTypes {
				if board[p.Seat][t] > 0 {
					return fmt.Errorf("33.2: eliminated %s has %s on the board", p, typ)
				}
			}
			if len(p.ActionCards)+len(p.Secrets)+len(p.Promissory)+len(p.Techs)+len(p.Captured)+len(p.RelicFragments)+len(p.Relics)+len(p.PlayArea) > 0 {
				return fmt.Errorf("33: eliminated %s holds cards", p)
			}
		} else if s.ShouldBeEliminated(p.Seat) {
			return fmt.Errorf("33.1: %s meets all three conditions but is in the game", p)
		}
		if got := backedVP(p); !p.Eliminated && p.VP != got {
			return fmt.Errorf("98: %s has %d victory points but only %d are backed by objectives, the custodians token or Imperial", p, p.VP, got)
		}
		if s.CommandReinforcements(p.Seat) < 0 {
			return fmt.Errorf("%s has negative command tokens in reinforcements", p)
		}
	}
	// Ships within the fleet pool and cargo within capacity (37, 16), except
	// while a step waits on a player (the removal itself among them), or
	// movement or a combat is under way (16.3c).
	if s.Combat == nil && (s.Tactical == nil || s.Tactical.Step != TacMovement) && s.Step == nil {
		for _, sys := range s.Systems { // every player at once, not through the scans' records
			if s.excessIn(sys, None) {
				for _, p := range s.Players {
					if !p.Eliminated && s.excessIn(sys, p.Seat) {
						return fmt.Errorf("37, 16: %s has units beyond its fleet pool or capacity in system %d", p, sys.Pos)
					}
				}
			}
		}
	}
	// Every action card, secret objective, agenda and exploration card is in
	// exactly one place: each copy is counted where it lies.
	cards := cardIndex()
	var buf [512]int
	seen := counters(&buf, len(cards.total))
	if unknown := countCards(s, seen); unknown != "" {
		return fmt.Errorf("unknown card %q", unknown)
	}
	for i := range cards.total {
		if n := cards.inGame(s, i); seen[i] != n {
			return fmt.Errorf("card %s: %d in the game's places, %d in the game", cards.names[i], seen[i], n)
		}
	}
	return notesInOnePlace(s)
}

// countCards counts in seen, by cardIndex, each copy of a card of the
// decks where it lies in s; unknown is an id no deck has, if any.
func countCards(s *State, seen []int) (unknown string) {
	cards := cardIndex()
	add := func(lists ...[]string) {
		for _, l := range lists {
			for _, id := range l {
				if i, ok := cards.ids[id]; ok {
					seen[i]++
				} else {
					unknown = id
				}
			}
		}
	}
	add(s.Decks.ActionCards, s.Decks.ActionDiscard, s.Decks.Secrets, s.Decks.Agendas, s.Decks.AgendaDiscard)
	for _, p := range s.Players {
		add(p.ActionCards, p.Secrets, p.ScoredSecrets, p.SecretChoice, p.RelicFragments, p.PlayArea, p.Relics)
	}
	one := func(id string) { add([]string{id}) }
	if s.PendingAC != nil {
		one(s.PendingAC.Act.Card) // played, waiting on Sabotage
	}
	for _, l := range s.Laws {
		one(l.Card)
	}
	if ag := s.Agenda; ag != nil && ag.Card != "" && !ag.Resolved {
		one(ag.Card) // the agenda being voted on
		if ag.Hidden {
			one(ag.Subject) // and Covert Legislation's hidden one
		}
	}
	for _, d := range s.Decks.Exploration {
		add(d)
	}
	add(s.Decks.InPlay, s.Decks.Relics, s.Decks.Held)
	for _, id := range s.Decks.Purged {
		if _, note := noteIndex()[id]; !note { // a note purged with its planet (12.2b) is counted with the notes
			one(id)
		}
	}
	for _, id := range s.Decks.Revealed {
		if _, secret := cards.ids[id]; secret { // a secret objective made public (Neuraloop); the stage ones are not counted
			one(id)
		}
	}
	for _, d := range s.Decks.ExplorationDiscard {
		add(d)
	}
	notes := noteIndex()
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			for _, a := range pl.Attachments {
				if _, note := notes[a]; !note && definitions[a] == nil { // notes are counted with the notes (Terraform); a hero is no card of a deck
					one(a)
				}
			}
		}
	}
	return unknown
}

// inGame is how many copies of the card numbered i the game s has.
func (x cards) inGame(s *State, i int) int {
	if src, ok := x.fromCodex[i]; ok && (!s.codexIn(src) || s.rules() < x.since[i]) {
		return 0 // the Codex's cards are out of a game that does not play them
	}
	return x.total[i]
}

// notesInOnePlace: each promissory note of a player still in the game is in
// exactly one hand or play area; an eliminated player's are gone (33.4).
func notesInOnePlace(s *State) error {
	held, want := 0, 0
	index := noteIndex()
	var buf [512]int
	places := counters(&buf, len(index))
	for _, p := range s.Players {
		held += len(p.Promissory) + len(p.NotesInPlay)
		for _, l := range [2][]string{p.Promissory, p.NotesInPlay} {
			for _, n := range l {
				if i, ok := index[n]; ok {
					places[i]++
				}
			}
		}
	}
	for _, sys := range s.Systems { // a note attached to a planet (Terraform), its owner in the game
		for _, pl := range sys.Planets {
			for _, a := range pl.Attachments {
				if i, ok := index[a]; ok && !s.noteOwnerGone(a) {
					places[i]++
					held++
				}
			}
		}
	}
	for _, a := range s.Decks.Purged { // and one purged with its planet (12.2b)
		if i, ok := index[a]; ok && !s.noteOwnerGone(a) {
			places[i]++
			held++
		}
	}
	notes := factionNotes()
	for _, p := range s.Players {
		if p.Eliminated {
			continue
		}
		extra := s.dealsExtraNotes(p.Faction)
		for _, note := range notes[p.Faction] {
			if (!extra && isExtraNote(note)) || s.purgesOwnNote(p.Faction, noteKind(note)) {
				continue // not dealt in this game, or purged at setup
			}
			if n := places[index[note]]; n != 1 {
				return fmt.Errorf("promissory note %s is in %d places", note, n)
			}
			want++
		}
	}
	if held != want {
		return fmt.Errorf("%d promissory notes are held, %d exist: a note of no player in the game is held", held, want)
	}
	return nil
}

// noteOwnerGone reports a note whose owner is not in the game.
func (s *State) noteOwnerGone(note string) bool {
	o := s.seatOfFaction(noteOwner(note))
	return o == None || s.Players[o].Eliminated
}

// counters are n zeroed counts, in buf when they fit: the checks run after
// every action of checked self-play, and allocate nothing then.
func counters(buf *[512]int, n int) []int {
	if n > len(buf) {
		return make([]int, n)
	}
	return buf[:n]
}

// noteIndex numbers every faction's notes.
var noteIndex = sync.OnceValue(func() map[string]int {
	out := map[string]int{}
	for _, list := range factionNotes() {
		for _, n := range list {
			out[n] = len(out)
		}
	}
	return out
})

// factionNotes are each faction's notes as players hold them: the generic
// ones and its own, "<faction>:<note>".
var factionNotes = sync.OnceValue(func() map[string][]string {
	c := data.MustLoad()
	out := map[string][]string{}
	for _, f := range c.Factions {
		list := []string{f.ID + ":" + idOf(f.Promissory)}
		for _, n := range f.PromissoryExtra {
			list = append(list, f.ID+":"+idOf(n))
		}
		for _, n := range c.Promissory {
			list = append(list, f.ID+":"+n.ID)
		}
		out[f.ID] = list
	}
	return out
})

// cards indexes every card whose place the invariants check, with how many
// copies the game has.
type cards struct {
	fromCodex map[int]string // the cards only games with the Codex have, and their volumes
	since     map[int]int    // and the rules version from which they have them, if later
	ids       map[string]int
	names     []string
	total     []int
	deck      []string // where each card is dealt from: "action", "secret", "agenda", "relic", or an exploration deck's name
}

var cardIndex = sync.OnceValue(func() cards {
	c := data.MustLoad()
	x := cards{ids: map[string]int{}}
	deck := ""
	put := func(id string, n int) {
		i, ok := x.ids[id]
		if !ok {
			i = len(x.names)
			x.ids[id] = i
			x.names, x.total, x.deck = append(x.names, id), append(x.total, 0), append(x.deck, deck)
		}
		x.total[i] += n
	}
	deck = "action"
	for _, a := range c.ActionCards {
		put(a.ID, a.Count)
	}
	deck = "secret"
	for _, a := range c.Secrets {
		put(a.ID, 1)
	}
	deck = "agenda"
	for _, a := range c.Agendas {
		if !a.PoKRemoved {
			put(a.ID, 1)
		}
	}
	x.fromCodex, x.since = map[int]string{}, map[int]int{}
	for _, e := range c.Exploration {
		deck = e.Deck
		put(e.ID, e.Count)
		if e.Source != "" {
			x.fromCodex[x.ids[e.ID]] = e.Source
		}
	}
	deck = "relic"
	for _, r := range c.Relics {
		if relics[r.ID] == nil {
			put(r.ID, 0) // not built yet: out of every game (shuffleInCodex)
		} else {
			put(r.ID, 1)
			x.since[x.ids[r.ID]] = relics[r.ID].since
		}
		if r.Source != "" {
			x.fromCodex[x.ids[r.ID]] = r.Source
		}
	}
	return x
})

// backedVP is what a player's scored objectives, the custodians token and
// Imperial's points add up to.
func backedVP(p *Player) int {
	n := len(p.ScoredSecrets) + p.ImperialVP + p.AgendaVP + p.CardVP + p.FloorVP
	for _, note := range p.NotesInPlay {
		if notePoint(note) {
			n++
		}
	}
	if p.Custodian {
		n++
	}
	n += relicPoints(p)
	for _, id := range p.Publics {
		o, _ := objective(id)
		n += max(1, o.Points) // a leaked secret is worth one
	}
	return n
}
