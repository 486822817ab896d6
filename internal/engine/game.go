// Package engine is the game-agnostic core: a game is an initial state plus
// an ordered log of actions. An action is decided against the state (events
// or a refusal), its events are applied, and automatic follow-ups run until
// none are due. Nothing else changes the state.
package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Rules is what a game module (TI4, later TI3 or Galactic Empires) provides.
// S is a pointer to the module's state; A an action; E an event.
type Rules[S any, A any, E any] interface {
	// NewState returns an empty state to decode a snapshot into.
	NewState() S
	// Decide checks a against s and returns the events it causes, or a
	// refusal (*RuleError or *InputError). It must not modify s. It may draw
	// from rng; draws are kept only when the action is accepted.
	Decide(s S, a A, rng *RNG) ([]E, error)
	// Apply changes s by one event. Events are decided facts: Apply cannot
	// refuse them.
	Apply(s S, e E)
	// Follow returns the automatic events now due in s (an elimination
	// check, say), in the module's stated order, or nil when none are.
	//
	// The events Decide and Follow return may live in memory the module
	// reuses: they stay valid until the next Decide or Follow on the same
	// state, which is as long as the engine needs them (Do hands out
	// copies). So a state is not safe for concurrent use, even by Decide.
	Follow(s S, rng *RNG) []E
}

// MaxFollowUps bounds the automatic steps after one action; a module that
// keeps producing follow-ups is broken, and the engine says so. The bound is
// high because legitimate chains are long: with automatic passing, every
// seat's pass in every window one action opens is a round of its own (an
// 8-player agenda that discards two dozen action cards took 66).
const MaxFollowUps = 4096

// Snapshot is the whole state of a game at one point: the module state and
// the RNG. Its JSON encoding is canonical: same setup and log, same bytes.
type Snapshot[S any] struct {
	State S   `json:"state"`
	RNG   RNG `json:"rng"`
}

// Game is a running game.
type Game[S any, A any, E any] struct {
	rules   Rules[S, A, E]
	initial []byte
	log     chunks[A]
	state   S
	rng     RNG
	draft   RNG // the RNG while an action is decided; kept only if it is accepted
	drew    bool
}

// New starts a game from an initial state and RNG. The initial snapshot is
// kept as canonical JSON so that replay never shares memory with play.
func New[S any, A any, E any](rules Rules[S, A, E], state S, rng RNG) (*Game[S, A, E], error) {
	initial, err := json.Marshal(Snapshot[S]{State: state, RNG: rng})
	if err != nil {
		return nil, fmt.Errorf("engine: encode initial state: %w", err)
	}
	return Load(rules, initial)
}

// Load starts a game from a stored initial snapshot.
func Load[S any, A any, E any](rules Rules[S, A, E], initial []byte) (*Game[S, A, E], error) {
	g := &Game[S, A, E]{rules: rules, initial: bytes.Clone(initial)}
	if err := g.reset(); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *Game[S, A, E]) reset() error {
	snap := Snapshot[S]{State: g.rules.NewState()}
	if err := json.Unmarshal(g.initial, &snap); err != nil {
		return fmt.Errorf("engine: decode initial state: %w", err)
	}
	g.state, g.rng, g.log = snap.State, snap.RNG, chunks[A]{}
	return nil
}

// State returns the current state. Callers must not modify it.
func (g *Game[S, A, E]) State() S { return g.state }

// Initial returns the initial snapshot as canonical JSON.
func (g *Game[S, A, E]) Initial() []byte { return bytes.Clone(g.initial) }

// Log returns a copy of the accepted actions, oldest first.
func (g *Game[S, A, E]) Log() []A { return g.log.first(g.log.n) }

// LogFrom copies out the actions after the first from (none when from is
// the log's length or more): a reader that has the start of the log pays
// only for what it lacks.
func (g *Game[S, A, E]) LogFrom(from int) []A { return g.log.span(from, g.log.n) }

// Len is the number of accepted actions.
func (g *Game[S, A, E]) Len() int { return g.log.n }

// Check reports whether a would be accepted now, without applying it.
func (g *Game[S, A, E]) Check(a A) error {
	rng := g.rng
	rng.Reseed(uint64(g.log.n))
	_, err := g.rules.Decide(g.state, a, &rng)
	return err
}

// Do decides a and, if it is accepted, applies its events and every
// automatic follow-up, and appends a to the log. It returns all the events
// applied. A refused action leaves the game exactly as it was.
func (g *Game[S, A, E]) Do(a A) ([]E, error) {
	var all []E
	err := g.do(a, func(e []E) { all = append(all, e...) })
	return all, err
}

// Play is Do for callers that do not read the events (self-play, replay).
func (g *Game[S, A, E]) Play(a A) error { return g.do(a, nil) }

func (g *Game[S, A, E]) do(a A, seen func([]E)) error {
	g.draft = g.rng // a field, not a local: a local passed to Rules would escape to the heap
	rng := &g.draft
	rng.Reseed(uint64(g.log.n))
	start := rng.pcg
	events, err := g.rules.Decide(g.state, a, rng)
	if err != nil {
		return err
	}
	for i := 0; ; i++ {
		for _, e := range events {
			g.rules.Apply(g.state, e)
		}
		if seen != nil {
			seen(events)
		}
		if events = g.rules.Follow(g.state, rng); len(events) == 0 {
			break
		}
		if i == MaxFollowUps {
			panic(fmt.Sprintf("engine: more than %d rounds of automatic follow-ups", MaxFollowUps))
		}
	}
	g.drew = g.draft.pcg != start
	g.rng = g.draft
	g.log.add(a)
	return nil
}

// LastDrew reports whether the last action accepted drew on the RNG (a
// die, a shuffle, a random pick), itself or through its follow-ups.
func (g *Game[S, A, E]) LastDrew() bool { return g.drew }

// chunks is the log, in blocks that are never copied as it grows: a game of
// thousands of actions would otherwise move its whole log at each doubling.
type chunks[A any] struct {
	blocks [][]A
	n      int
}

const chunkLen = 512

func (c *chunks[A]) add(a A) {
	if k := len(c.blocks); k == 0 || len(c.blocks[k-1]) == chunkLen {
		c.blocks = append(c.blocks, make([]A, 0, chunkLen))
	}
	k := len(c.blocks) - 1
	c.blocks[k] = append(c.blocks[k], a)
	c.n++
}

// first copies out the first n actions.
func (c *chunks[A]) first(n int) []A { return c.span(0, n) }

// span copies out actions from up to to (nil when there are none). Every
// block but the last is full, so action i is in block i/chunkLen.
func (c *chunks[A]) span(from, to int) []A {
	from = max(from, 0)
	if from >= to {
		return nil
	}
	out := make([]A, 0, to-from)
	for k := from / chunkLen; k < len(c.blocks) && len(out) < to-from; k++ {
		b := c.blocks[k]
		lo, hi := max(0, from-k*chunkLen), min(len(b), to-k*chunkLen)
		out = append(out, b[lo:hi]...)
	}
	return out
}

// Snapshot encodes the current state and RNG canonically.
func (g *Game[S, A, E]) Snapshot() ([]byte, error) {
	return json.Marshal(Snapshot[S]{State: g.state, RNG: g.rng})
}

// ReplayError says how far a replay got before an action was refused.
type ReplayError struct {
	Step int // index in the log of the refused action
	Err  error
}

func (e *ReplayError) Error() string { return fmt.Sprintf("replay: action %d: %v", e.Step, e.Err) }
func (e *ReplayError) Unwrap() error { return e.Err }

// Replay rebuilds a game from its initial snapshot and log. On a refusal it
// returns the game as far as it got and a *ReplayError naming the step.
func Replay[S any, A any, E any](rules Rules[S, A, E], initial []byte, log []A) (*Game[S, A, E], error) {
	g, err := Load(rules, initial)
	if err != nil {
		return nil, err
	}
	for i, a := range log {
		if err := g.Play(a); err != nil {
			return g, &ReplayError{Step: i, Err: err}
		}
	}
	return g, nil
}

// At returns a new game replayed to just after the first n actions.
func (g *Game[S, A, E]) At(n int) (*Game[S, A, E], error) {
	if n < 0 || n > g.log.n {
		return nil, fmt.Errorf("engine: step %d out of range 0..%d", n, g.log.n)
	}
	return Replay(g.rules, g.initial, g.log.first(n))
}

// Undo drops the last n actions by replaying the rest.
func (g *Game[S, A, E]) Undo(n int) error {
	if n < 0 || n > g.log.n {
		return fmt.Errorf("engine: cannot undo %d of %d actions", n, g.log.n)
	}
	back, err := g.At(g.log.n - n)
	if err != nil {
		return err
	}
	*g = *back
	return nil
}
