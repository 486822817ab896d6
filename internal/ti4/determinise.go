package ti4

import (
	"errors"
	"maps"
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Determinisation: a search bot sees one seat's view, and plays out
// futures on full states. Determinise deals what the view hides (the other
// hands, the unscored secrets, the orders of the face-down decks, the
// public objectives not yet revealed) at random from the cards the view
// does not show anywhere, in the numbers the view counts (View.Hidden), so
// that the state it returns agrees with everything the seat sees and obeys
// every invariant. It reads nothing but the view: what it deals is a guess.

// ErrUndeterminable is Determinise's answer for a view that shows or hides
// cards of a hand in play: a hand being looked at (Spy Net, So Ata), a
// transaction's offer of notes or action cards, or Covert Legislation's
// agenda.
var ErrUndeterminable = errors.New("ti4: the view hides cards in play that cannot be dealt at random")

// Determinise returns a full state that v's seat cannot tell from the
// game's, its hidden cards dealt at random with rng.
func Determinise(v *View, rng *engine.RNG) (*State, error) {
	if hidesInPlay(v.State) {
		return nil, ErrUndeterminable
	}
	s := v.State.Clone()
	h := &v.Hidden
	unseen := unseenCards(s)
	for _, deck := range slices.Sorted(maps.Keys(unseen)) { // in a fixed order: the same rng deals the same
		shuffle(rng, unseen[deck])
	}
	d := dealer{unseen: unseen}
	for _, p := range s.Players {
		if p.Seat == v.Seat {
			continue
		}
		if p.ActionCards == nil {
			p.ActionCards = d.take("action", h.ActionCards[p.Seat])
		}
		if p.Secrets == nil {
			p.Secrets = d.take("secret", h.Secrets[p.Seat])
		}
		if p.SecretChoice == nil {
			p.SecretChoice = d.take("secret", h.SecretChoice[p.Seat])
		}
	}
	s.Decks.ActionCards = d.take("action", h.Decks["action_cards"])
	s.Decks.Secrets = d.take("secret", h.Decks["secrets"])
	s.Decks.Relics = d.take("relic", h.Decks["relics"])
	s.Decks.Agendas = d.agendas(h.Decks["agendas"], v.AgendaEnds)
	for name := range s.Decks.Exploration {
		s.Decks.Exploration[name] = d.take(name, h.Decks["exploration_"+name])
	}
	s.Decks.StageI, s.Decks.StageII = unrevealed(s, 1, h.Decks["stage_i"], rng), unrevealed(s, 2, h.Decks["stage_ii"], rng)
	dealNotes(s, v, rng, &d)
	if d.short {
		return nil, errors.New("ti4: the view counts more hidden cards than the game has unseen")
	}
	for _, l := range d.unseen {
		if len(l) > 0 {
			return nil, errors.New("ti4: cards are left over once the view's hidden places are dealt")
		}
	}
	return s, nil
}

// hidesInPlay reports a view that shows or hides cards of a hand in play.
func hidesInPlay(s *State) bool {
	// A hand looked at: hidden from the seat, or shown to it (the cards of
	// a looking step of its own), it cannot be dealt at random.
	hidden := func(st *Step) bool {
		return st != nil && (slices.Contains(st.Cards, "hidden") || (privateWindow(st) && len(st.Cards) > 0))
	}
	if hidden(s.Step) || slices.ContainsFunc(s.Choices, func(st Step) bool { return hidden(&st) }) {
		return true
	}
	if ag := s.Agenda; ag != nil && ag.Subject == "hidden" {
		return true
	}
	if t := s.Trade; t != nil {
		for _, b := range t.Give {
			if b.Note != "" || len(b.ActionCards) > 0 {
				return true // hidden, or shown to the seat: either way a card of a hand it cannot deal at random
			}
		}
	}
	return false
}

// unseenCards are the copies of each deck's cards that s shows nowhere,
// by the deck they are dealt from.
func unseenCards(s *State) map[string][]string {
	cards := cardIndex()
	var buf [512]int
	seen := counters(&buf, len(cards.total))
	countCards(s, seen)
	out := map[string][]string{}
	for i, id := range cards.names {
		for range cards.inGame(s, i) - seen[i] {
			out[cards.deck[i]] = append(out[cards.deck[i]], id)
		}
	}
	return out
}

// dealer takes cards from the unseen ones, shuffled; short records a take
// of more than there are.
type dealer struct {
	unseen map[string][]string
	short  bool
}

func (d *dealer) take(deck string, n int) []string {
	l := d.unseen[deck]
	if n <= 0 {
		return nil
	}
	if n > len(l) {
		d.short, n = true, len(l)
	}
	d.unseen[deck] = l[n:]
	return slices.Clip(slices.Clone(l[:n]))
}

// agendas is the agenda deck of n cards, with the ends the view shows
// (Abilities.Peeks) where they are.
func (d *dealer) agendas(n int, ends []string) []string {
	if len(ends) != 2 || n < 2 {
		return d.take("agenda", n)
	}
	for _, e := range ends {
		l := d.unseen["agenda"]
		if i := slices.Index(l, e); i >= 0 {
			d.unseen["agenda"] = slices.Delete(l, i, i+1)
		} else {
			d.short = true
		}
	}
	deck := append([]string{ends[0]}, d.take("agenda", n-2)...)
	return append(deck, ends[1])
}

// unrevealed deals n of the stage's public objectives that s shows
// nowhere.
func unrevealed(s *State, stage, n int, rng *engine.RNG) []string {
	var out []string
	for _, o := range data.MustLoad().Publics {
		if o.Stage == stage && !slices.Contains(s.Decks.Revealed, o.ID) && !slices.Contains(s.Decks.Purged, o.ID) && !slices.Contains(s.Decks.Discarded, o.ID) {
			out = append(out, o.ID)
		}
	}
	shuffle(rng, out)
	return slices.Clip(out[:min(n, len(out))])
}

// dealNotes gives out the promissory notes the view shows nowhere to the
// hands it hides, each to its owner's hand first while that has room.
func dealNotes(s *State, v *View, rng *engine.RNG, d *dealer) {
	shown := map[string]bool{}
	mark := func(l []string) {
		for _, n := range l {
			shown[n] = true
		}
	}
	var hands []int
	for _, p := range s.Players {
		mark(p.Promissory)
		mark(p.NotesInPlay)
		if p.Promissory == nil && v.Hidden.Promissory[p.Seat] > 0 {
			hands = append(hands, p.Seat)
		}
	}
	mark(s.Decks.Purged)
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			mark(pl.Attachments)
		}
	}
	var notes []string
	for _, p := range s.Players {
		if p.Eliminated {
			continue
		}
		extra := s.dealsExtraNotes(p.Faction)
		for _, n := range factionNotes()[p.Faction] {
			if !shown[n] && (extra || !isExtraNote(n)) && !s.purgesOwnNote(p.Faction, noteKind(n)) {
				notes = append(notes, n)
			}
		}
	}
	shuffle(rng, notes)
	room := func(q int) bool { return len(s.Players[q].Promissory) < v.Hidden.Promissory[q] }
	var rest []string
	for _, n := range notes {
		if o := s.seatOfFaction(noteOwner(n)); o != None && slices.Contains(hands, o) && room(o) {
			s.Players[o].Promissory = append(s.Players[o].Promissory, n)
		} else {
			rest = append(rest, n)
		}
	}
	for _, n := range rest {
		open := slices.DeleteFunc(slices.Clone(hands), func(q int) bool { return !room(q) })
		if len(open) == 0 {
			d.short = true
			return
		}
		q := open[rng.IntN(len(open))]
		s.Players[q].Promissory = append(s.Players[q].Promissory, n)
	}
	for _, q := range hands {
		if room(q) {
			d.short = true
		}
	}
}
