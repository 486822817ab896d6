// Package zone holds piles of cards and who may see them: the decks,
// hands, discard piles and reserves of a card game. A card is a number
// (the game's instance of it); a pile keeps order, top last. It knows no
// game.
package zone

import "slices"

// Pile is an ordered pile of card instances, the top last.
type Pile []int

// Len is the number of cards in the pile.
func (p Pile) Len() int { return len(p) }

// Has reports whether card c is in the pile.
func (p Pile) Has(c int) bool { return slices.Contains(p, c) }

// Top is the top card, or -1 when the pile is empty.
func (p Pile) Top() int {
	if len(p) == 0 {
		return -1
	}
	return p[len(p)-1]
}

// Push puts c on top.
func (p *Pile) Push(c int) { *p = append(*p, c) }

// Pop takes the top card off, or returns -1 when the pile is empty.
func (p *Pile) Pop() int {
	c := p.Top()
	if c >= 0 {
		*p = (*p)[:len(*p)-1]
	}
	return c
}

// Remove takes c out wherever it is, keeping the others' order, and
// reports whether it was there.
func (p *Pile) Remove(c int) bool {
	i := slices.Index(*p, c)
	if i < 0 {
		return false
	}
	*p = slices.Delete(*p, i, i+1)
	return true
}

// Visibility says who may see a pile's cards (everyone may count them).
type Visibility int

const (
	// Hidden: no one, not even the owner (a shuffled deck).
	Hidden Visibility = iota
	// Owner: only the pile's owner (a hand).
	Owner
	// Public: everyone (a discard pile, cards in play).
	Public
)

// Seen is what a viewer may know of a pile: its cards, or only how many.
type Seen struct {
	Cards []int `json:"cards,omitempty"`
	Count int   `json:"count"`
}

// See returns the pile as a viewer sees it: owner reports whether the
// viewer owns the pile. The cards are a copy.
func See(p Pile, v Visibility, owner bool) Seen {
	if v == Public || (v == Owner && owner) {
		return Seen{Cards: slices.Clone(p), Count: len(p)}
	}
	return Seen{Count: len(p)}
}
