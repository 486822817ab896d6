// Package cards holds the facts of Galactic Empires cards that Mecatol
// plays: for now the two starter decks of the Premiere Edition (PE), Basic
// Deck A and Basic Deck B. A card is its name, type, strength and numbers
// (costs, points generated, shields, weapons) as the Galactic Empires Card
// Museum's card data gives them, which the tests check; what it does is
// rules code, not data. Where the printed card says otherwise (a variable
// weapon, an empire named on a generic card, a cost left out), listed in
// docs/ge-cards.md, the rules follow the card (internal/ge's definitions).
package cards

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
)

// Kinds of card (the letter of the printed type: A, B, C, E, H, L, M, O, S, T).
const (
	Ability    = "ability"
	Base       = "base"
	Crew       = "crew"
	Equipment  = "equipment"
	Hazard     = "hazard"
	Luck       = "luck"
	Monster    = "monster"
	Occurrence = "occurrence"
	Ship       = "ship"
	Terrain    = "terrain"
)

var kinds = map[string]bool{Ability: true, Base: true, Crew: true, Equipment: true, Hazard: true, Luck: true, Monster: true, Occurrence: true, Ship: true, Terrain: true}

// Card is one card's facts.
type Card struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Kind     string `json:"kind"`
	Strength int    `json:"strength"`           // the number of its type (S3: 3)
	Also     string `json:"also,omitempty"`     // a second kind it counts as (a T/H card: terrain and hazard)
	Reaction bool   `json:"reaction,omitempty"` // an "R/" card: may be played as a reaction
	// Side: "left" or "right" for one half of a card printed in two
	// halves that combine (the two halves differ).
	Side    string         `json:"side,omitempty"`
	Empire  string         `json:"empire,omitempty"`
	Classes []string       `json:"classes,omitempty"` // ship classes: warship, frigate, cruiser, ...
	Terrain string         `json:"terrain,omitempty"` // moon, asteroid or system
	Costs   map[string]int `json:"costs,omitempty"`   // points of each type it takes each turn
	Points  map[string]int `json:"points,omitempty"`  // points of each type it generates
	Shields *int           `json:"shields,omitempty"` // nil: none printed (Mechad ships carry nodes instead)
	Phasers int            `json:"phasers,omitempty"`
	Heavy   int            `json:"heavy_weapons,omitempty"`
	Nodes   int            `json:"nodes,omitempty"`
	// CardDamage is damage it deals to a card when it goes off (a mine).
	CardDamage int `json:"card_damage,omitempty"`
	// Multiplier raises a point type generated where it is ("X": by a
	// number the card sets at play).
	Multiplier *Multiplier `json:"multiplier,omitempty"`
	Passive    bool        `json:"passive,omitempty"`
	Museum     string      `json:"museum"` // the card's image id at the Card Museum, for cross-checks
}

// Multiplier is a point type multiplied, and by how much.
type Multiplier struct {
	Point string `json:"point"`
	By    string `json:"by"`
}

// Set is the cards and the decks built from them.
type Set struct {
	Edition string              `json:"set"`
	Cards   []*Card             `json:"cards"`
	Decks   map[string][]string `json:"decks"`

	byID map[string]*Card
}

// Card is the card with the id, or nil.
func (s *Set) Card(id string) *Card { return s.byID[id] }

// Deck is the cards of a named deck, in its list's order, or an error.
func (s *Set) Deck(name string) ([]*Card, error) {
	ids, ok := s.Decks[name]
	if !ok {
		return nil, fmt.Errorf("no deck %q", name)
	}
	out := make([]*Card, len(ids))
	for i, id := range ids {
		out[i] = s.byID[id]
	}
	return out, nil
}

//go:embed starters.json
var starters []byte

// Starters is the Premiere Edition starter decks' cards, loaded and
// checked once. Read only.
var Starters = sync.OnceValue(func() *Set {
	s, err := Parse(starters)
	if err != nil {
		panic("ge cards: " + err.Error())
	}
	return s
})

// Parse decodes and checks a set: unique ids, known kinds, numbers not
// negative, and every deck's cards in the set.
func Parse(b []byte) (*Set, error) {
	var s Set
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	s.byID = map[string]*Card{}
	for i, c := range s.Cards {
		if err := check(c); err != nil {
			return nil, fmt.Errorf("card %d: %w", i, err)
		}
		if s.byID[c.ID] != nil {
			return nil, fmt.Errorf("card %q twice", c.ID)
		}
		s.byID[c.ID] = c
	}
	for name, ids := range s.Decks {
		for _, id := range ids {
			if s.byID[id] == nil {
				return nil, fmt.Errorf("deck %s: no card %q", name, id)
			}
		}
	}
	return &s, nil
}

func check(c *Card) error {
	if c == nil || c.ID == "" || c.Name == "" {
		return fmt.Errorf("a card needs an id and a name")
	}
	if !kinds[c.Kind] || (c.Also != "" && !kinds[c.Also]) {
		return fmt.Errorf("%s: unknown kind %q/%q", c.ID, c.Kind, c.Also)
	}
	if c.Side != "" && c.Side != "left" && c.Side != "right" {
		return fmt.Errorf("%s: side %q", c.ID, c.Side)
	}
	n := []int{c.Strength, c.Phasers, c.Heavy, c.Nodes, c.CardDamage}
	if c.Shields != nil {
		n = append(n, *c.Shields)
	}
	for _, m := range []map[string]int{c.Costs, c.Points} {
		for _, v := range m {
			n = append(n, v)
		}
	}
	for _, v := range n {
		if v < 0 || v > 99 {
			return fmt.Errorf("%s: number %d out of range", c.ID, v)
		}
	}
	return nil
}
