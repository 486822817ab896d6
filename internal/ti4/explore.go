package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Exploration (LRR 35): drawing the card. Relic fragments go to the
// explorer's play area (35.9), attachments to the planet (35.8, 12.1), and
// any other card is resolved and discarded (35.7).

// explorer draws from the exploration decks on behalf of one decision, so
// that several draws in one step see each other, and a deck that runs out
// is reshuffled from its discard pile (23.5) with the game's RNG.
type explorer struct {
	s       *State
	rng     *engine.RNG
	deck    map[string][]string
	discard map[string][]string
}

func newExplorer(s *State, rng *engine.RNG) *explorer {
	return &explorer{s: s, rng: rng, deck: map[string][]string{}, discard: map[string][]string{}}
}

func (x *explorer) explore(seat int, planet string) (Event, bool) {
	info := data.MustLoad().Planet(planet)
	if info == nil || info.Trait == "" {
		return Event{}, false // Mecatol Rex and home planets have no trait
	}
	d := info.Trait
	deck, ok := x.deck[d]
	if !ok {
		deck = x.s.Decks.Exploration[d]
		x.discard[d] = x.s.Decks.ExplorationDiscard[d]
	}
	e := Event{Kind: EvExplored, Seat: seat, Planet: planet, Deck: d}
	if len(deck) == 0 {
		if len(x.discard[d]) == 0 {
			return Event{}, false
		}
		deck = slices.Clone(x.discard[d])
		x.rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		x.discard[d] = nil
		e.NewDeck = slices.Clone(deck)
	}
	e.Card = deck[0]
	x.deck[d] = deck[1:]
	if k := ExplorationKind(e.Card); k != "relic_fragment" && k != "attachment" && k != "token" {
		// Discarded once applied (35.7): a later reshuffle in this step takes it too.
		x.discard[d] = append(slices.Clip(x.discard[d]), e.Card)
	}
	return e, true
}

// ExplorationKind returns the kind of an exploration card id.
func ExplorationKind(card string) string {
	for _, c := range data.MustLoad().Exploration {
		if c.ID == card {
			return c.Kind
		}
	}
	return ""
}

func applyExplored(s *State, e Event) {
	d := &s.Decks
	if e.NewDeck != nil {
		d.Exploration[e.Deck] = slices.Clone(e.NewDeck)
		d.ExplorationDiscard[e.Deck] = nil
	}
	d.Exploration[e.Deck] = d.Exploration[e.Deck][1:]
	switch ExplorationKind(e.Card) {
	case "relic_fragment":
		p := s.Players[e.Seat]
		p.RelicFragments = append(p.RelicFragments, e.Card)
	case "attachment":
		pl, _ := s.Planet(e.Planet)
		pl.Attachments = append(pl.Attachments, e.Card)
	case "token": // its token is placed, and the card purged
		d.Purged = append(d.Purged, e.Card)
	default:
		d.ExplorationDiscard[e.Deck] = append(d.ExplorationDiscard[e.Deck], e.Card)
	}
}
