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
// is reshuffled from its discard pile (23.5) with the game's RNG. It also
// follows Shard of the Throne across the planets gained in that decision.
type explorer struct {
	s       *State
	rng     *engine.RNG
	deck    map[string][]string
	discard map[string][]string
	// who holds Shard of the Throne as planets change hands (relicTaken)
	shardKnown  bool
	shardHolder int
	// structures taken over on planets gained, by type, and the planets
	// whose structures were dealt with already (takenStructures)
	placed  map[string]int
	handled map[string]bool
}

// structuresDone marks a planet whose other players' structures this
// decision has dealt with.
func (x *explorer) structuresDone(planet string) {
	if x.handled == nil {
		x.handled = map[string]bool{}
	}
	x.handled[planet] = true
}

func newExplorer(s *State, rng *engine.RNG) *explorer {
	return &explorer{s: s, rng: rng, deck: map[string][]string{}, discard: map[string][]string{}}
}

func (x *explorer) explore(seat int, planet string) (Event, bool) {
	info := data.MustLoad().Planet(planet)
	if info == nil || info.Trait == "" {
		return Event{}, false // Mecatol Rex and home planets have no trait
	}
	e, ok := x.draw(seat, info.Trait)
	e.Planet = planet
	return e, ok
}

// explorePlanet explores pl for seat (35.1) and resolves the card drawn
// (35.7), then what follows an exploration for the explorer's abilities;
// false if its deck is empty.
func (x *explorer) explorePlanet(seat, pos int, pl *Planet) ([]Event, bool) {
	s := x.s
	e, ok := x.explore(seat, pl.Name)
	if !ok {
		return nil, false
	}
	if ev, ok := x.exploreTwo(seat, pos, pl, e); ok {
		return ev, true
	}
	return x.resolveExplored(seat, pos, pl, s.emit(e)), true
}

// resolveExplored resolves the card of the exploration ev drew (35.7),
// then what follows an exploration for the explorer's abilities.
func (x *explorer) resolveExplored(seat, pos int, pl *Planet, ev []Event) []Event {
	s := x.s
	ev = s.extend(ev, x.effects(seat, pos, pl, ev[len(ev)-1].Card)...)
	if s.has(seat, hookReadyExplored) { // Pre-Fab Arcologies
		ev = s.extend(ev, Event{Kind: EvPlanetReadied, Seat: seat, Planet: pl.Name})
	}
	if s.hasUse(seat, AfterExplored) {
		ev = s.extend(ev, abilityWindows(s, seat, AfterExplored, Step{Planet: pl.Name, Systems: []int{pos}})...)
	}
	return ev
}

// exploreTwo draws a second card when seat explores a planet with its
// mech and an ability of seat's says so (Distant Suns): both are held
// (Explore "held"), and the ability's window chooses the one resolved.
func (x *explorer) exploreTwo(seat, pos int, pl *Planet, first Event) ([]Event, bool) {
	s := x.s
	if count(pl.Units, seat, "mech") == 0 || !s.factionHas(seat, hookExploresTwo) {
		return nil, false
	}
	x.unDiscard(first) // held, not in the discard pile: a reshuffle for the second card leaves it out
	second, ok := x.explore(seat, pl.Name)
	if !ok {
		x.discard[first.Deck] = append(slices.Clip(x.discard[first.Deck]), first.Card) // as explorePlanet left it
		return nil, false
	}
	x.unDiscard(second)
	held := []string{first.Card, second.Card}
	first.more().Outcome, second.more().Outcome = exploreHeld, exploreHeld
	ev := s.emit(first, second)
	return s.extend(ev, abilityWindows(s, seat, ChooseExplored, Step{Planet: pl.Name, Systems: []int{pos}, Cards: held})...), true
}

func hookExploresTwo(a *Ability) bool { return a.ExploresTwo }

// unDiscard takes back the card e drew from the explorer's discard pile,
// where draw put it (the last copy there), for a card held instead.
func (x *explorer) unDiscard(e Event) {
	d := x.discard[e.Deck]
	if kept(e.Card) {
		return
	}
	for i := len(d) - 1; i >= 0; i-- {
		if d[i] == e.Card {
			x.discard[e.Deck] = slices.Delete(slices.Clone(d), i, i+1)
			return
		}
	}
}

// How an exploration event's card goes (Extra.Outcome): drawn and held
// for a choice, resolved from among those held, or discarded from them.
const (
	exploreHeld      = "held"
	exploreChosen    = "chosen"
	exploreDiscarded = "discarded"
)

// resolveHeld resolves the card chosen from those held for seat's
// exploration of the planet in st (exploreTwo); the others are discarded.
func resolveHeld(s *State, seat int, st *Step, card string, rng *engine.RNG) []Event {
	pl, sys := s.Planet(st.Planet)
	deck := planetInfo(pl).Trait
	var ev []Event
	for i, c := range st.Cards {
		if c != card || slices.Index(st.Cards, card) != i {
			e := Event{Kind: EvExplored, Seat: seat, Deck: deck, Card: c, Planet: pl.Name}
			e.more().Outcome = exploreDiscarded
			ev = append(ev, e)
		}
	}
	e := Event{Kind: EvExplored, Seat: seat, Deck: deck, Card: card, Planet: pl.Name}
	e.more().Outcome = exploreChosen
	return newExplorer(s, rng).resolveExplored(seat, sys.Pos, pl, s.emit(append(ev, e)...))
}

// exploreNamed is seat exploring the planet named, as an ability's use
// resolves it: refused when its deck and discard pile are empty (35.1).
func exploreNamed(s *State, seat int, name string, rng *engine.RNG) ([]Event, error) {
	pl, sys := s.Planet(name)
	ev, ok := newExplorer(s, rng).explorePlanet(seat, sys.Pos, pl)
	if !ok {
		return nil, engine.Refuse("35.1", "the %s exploration deck is empty", planetInfo(pl).Trait)
	}
	return ev, nil
}

// exploreFrontier draws for the frontier token in the system at pos (35.5).
func (x *explorer) exploreFrontier(seat, pos int) (Event, bool) {
	e, ok := x.draw(seat, "frontier")
	e.System = pos
	return e, ok
}

func (x *explorer) draw(seat int, d string) (Event, bool) {
	deck, ok := x.deck[d]
	if !ok {
		deck = x.s.Decks.Exploration[d]
		x.discard[d] = x.s.Decks.ExplorationDiscard[d]
	}
	e := Event{Kind: EvExplored, Seat: seat, Deck: d}
	if len(deck) == 0 {
		if len(x.discard[d]) == 0 {
			return Event{}, false
		}
		deck = slices.Clone(x.discard[d])
		x.rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		x.discard[d] = nil
		e.more().NewDeck = slices.Clone(deck)
	}
	e.Card = deck[0]
	x.deck[d] = deck[1:]
	if !kept(e.Card) {
		// Discarded once applied (35.7): a later reshuffle in this step takes it too.
		x.discard[d] = append(slices.Clip(x.discard[d]), e.Card)
	}
	return e, true
}

// kept reports a card that is not discarded once resolved: relic
// fragments (35.9), attachments (35.8), cards that place a token (purged,
// or Ion Storm in the common play area), and Enigmatic Device (its
// explorer's play area).
func kept(card string) bool {
	switch ExplorationKind(card) {
	case "relic_fragment", "attachment", "token":
		return true
	}
	return exploredTo(card) != ""
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
	switch e.extra().Outcome {
	case exploreDiscarded:
		d.Held = without(d.Held, []string{e.Card})
		d.ExplorationDiscard[e.Deck] = append(d.ExplorationDiscard[e.Deck], e.Card)
		return
	case exploreChosen:
		d.Held = without(d.Held, []string{e.Card})
		placeExplored(s, e)
		return
	}
	if e.extra().NewDeck != nil {
		d.Exploration[e.Deck] = slices.Clone(e.extra().NewDeck)
		d.ExplorationDiscard[e.Deck] = without(d.ExplorationDiscard[e.Deck], e.extra().NewDeck)
	}
	d.Exploration[e.Deck] = d.Exploration[e.Deck][1:]
	if e.Deck == "frontier" { // the token explored goes back to the supply (35.6)
		sys := s.System(e.System)
		if i := slices.IndexFunc(sys.Tokens, func(t Token) bool { return t.Kind == "frontier" }); i >= 0 {
			sys.Tokens = slices.Delete(slices.Clone(sys.Tokens), i, i+1)
		}
	}
	if e.extra().Outcome == exploreHeld {
		d.Held = append(d.Held, e.Card)
	} else {
		placeExplored(s, e)
	}
}

// placeExplored puts the card explored where it goes once resolved.
func placeExplored(s *State, e Event) {
	d := &s.Decks
	p := s.Players[e.Seat]
	switch {
	case ExplorationKind(e.Card) == "relic_fragment":
		p.RelicFragments = append(p.RelicFragments, e.Card)
	case ExplorationKind(e.Card) == "attachment":
		pl, _ := s.Planet(e.Planet)
		pl.Attachments = append(pl.Attachments, e.Card)
	case exploredTo(e.Card) == "common": // its token is placed; the card stays in the common play area
		d.InPlay = append(d.InPlay, e.Card)
	case ExplorationKind(e.Card) == "token": // its token is placed, and the card purged
		d.Purged = append(d.Purged, e.Card)
	case exploredTo(e.Card) == "player":
		p.PlayArea = append(p.PlayArea, e.Card)
	default:
		d.ExplorationDiscard[e.Deck] = append(d.ExplorationDiscard[e.Deck], e.Card)
	}
}
