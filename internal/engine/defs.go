package engine

import (
	"fmt"
	"slices"
)

// Defs is a registry of definitions by id: each component's behaviour (a
// technology's ability, an action card, a Galactic Empires card) defined
// once, in one place, and found by its id. Rules code looks an id up and
// never names one. A Defs is filled by package init functions and read
// only after that.
type Defs[T any] map[string]T

// Define registers d under id; an id is defined once (a second definition
// is a programming error, so it panics at start-up).
func (r Defs[T]) Define(kind, id string, d T) {
	if _, dup := r[id]; dup {
		panic(fmt.Sprintf("%s defined twice: %s", kind, id))
	}
	r[id] = d
}

// IDs lists the defined ids, sorted.
func (r Defs[T]) IDs() []string {
	out := make([]string, 0, len(r))
	for id := range r {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// Asks is the seats a pending deed still waits on, the next first: each
// answers (or passes) in turn, whatever it holds, so that being asked
// tells no one what a hand contains. When none is left the deed resolves.
type Asks []int

// Next is the seat to answer, or -1 when every seat has.
func (a Asks) Next() int {
	if len(a) == 0 {
		return -1
	}
	return a[0]
}

// Answered drops the seat that just answered.
func (a *Asks) Answered() { *a = (*a)[1:] }

// Without drops a seat (one that left the game) wherever it is.
func (a Asks) Without(seat int) Asks {
	var out Asks
	for _, s := range a {
		if s != seat {
			out = append(out, s)
		}
	}
	return out
}
