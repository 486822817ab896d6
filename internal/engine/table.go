package engine

import (
	"fmt"
	"strconv"
)

// Public is the viewer who holds no seat: a watcher, or the host.
const Public = -1

// Move is one action of some module, opaque to the core: made by the
// module's Decode, given back to the same game.
type Move = any

// Module is a game the core can serve and store: TI4, Galactic Empires.
// A third plugs in by implementing it and being listed where the server
// and the command line are built (cmd/mecatol); nothing else changes.
type Module interface {
	// Name is the game's id in the store and the API: "ti4", "ge".
	Name() string
	// New starts a game from a setup request in the module's JSON, its
	// randomness keyed by a secret.
	New(config []byte, key [32]byte) (Table, error)
	// Load rebuilds a game from its initial snapshot and its actions as
	// stored (each the JSON of a Move).
	Load(initial []byte, actions [][]byte) (Table, error)
}

// Table is one game in memory as the core sees it. Views, legal lists and
// log entries are values ready for JSON, each already cut to what the
// seat may see. Not safe for concurrent use: the server holds a lock.
type Table interface {
	Seats() int
	// Players is the seats still in the game (whose consent an undo of
	// hidden information needs).
	Players() []int
	Len() int
	Initial() []byte
	// Decode reads one action, strictly; Actor is the seat that takes it.
	Decode(raw []byte) (Move, error)
	Actor(m Move) int
	// Check reports whether m would be accepted now, changing nothing.
	Check(m Move) error
	// Play applies m and its follow-ups and says what chance decided.
	Play(m Move) ([]Roll, error)
	Legal(seat int) any
	// Views builds the view of each seat (or Public) from one copy of
	// the state, which the views may share and no one changes.
	Views(seats []int) (map[int]any, error)
	// Why says in words what the game waits for; Waiting is who.
	Why() string
	Waiting() []int
	// Label names a seat for messages (its faction, its deck).
	Label(seat int) string
	// Progress is where the game stands in a few words ("round 3").
	Progress() string
	// Log is the actions from `from` on, as seat may see them.
	Log(from, seat int) []any
	// Reveals names what undoing the last n actions would take back that
	// someone could not see before ("" for nothing).
	Reveals(n int) (string, error)
	Undo(n int) error
	// At is the game after its first n actions, apart from this one.
	At(n int) (Table, error)
	// Moves is the log's actions as stored.
	Moves() []Move
}

// Roll is dice an action rolled, as a page shows them: who rolled (-1:
// both sides of a combat), where and in which round if the module says,
// the faces, and the module's detail of each die.
type Roll struct {
	Seat   int    `json:"seat"`
	System int    `json:"system,omitempty"`
	Combat string `json:"combat,omitempty"`
	Round  int    `json:"round,omitempty"`
	Faces  []int  `json:"faces"`
	Dice   any    `json:"dice,omitempty"`
}

// Entry is one stored log entry: an action or an undo of the last N.
type Entry struct {
	Kind string
	Body []byte
}

// Actions resolves a stored log into the actions in force: each "undo"
// entry drops the last N actions before it.
func Actions(log []Entry) ([][]byte, error) {
	var out [][]byte
	for i, e := range log {
		switch e.Kind {
		case "action":
			out = append(out, e.Body)
		case "undo":
			n, err := strconv.Atoi(string(e.Body))
			if err != nil || n < 0 || n > len(out) {
				return nil, fmt.Errorf("entry %d: a bad undo %q", i, e.Body)
			}
			out = out[:len(out)-n]
		default:
			return nil, fmt.Errorf("entry %d: unknown kind %q", i, e.Kind)
		}
	}
	return out, nil
}

// Rebuild replays a stored game: its actions, each decoded by the module.
func Rebuild[S any, A any, E any](rules Rules[S, A, E], initial []byte, actions [][]byte, decode func([]byte) (A, error)) (*Game[S, A, E], error) {
	as := make([]A, len(actions))
	for i, b := range actions {
		a, err := decode(b)
		if err != nil {
			return nil, fmt.Errorf("action %d: %w", i, err)
		}
		as[i] = a
	}
	return Replay(rules, initial, as)
}

// AsMoves hands a log's actions to the core.
func AsMoves[A any](log []A) []Move {
	out := make([]Move, len(log))
	for i, a := range log {
		out[i] = a
	}
	return out
}

// Held is the part of a module's Table that is the same for every module:
// a running game's length, initial snapshot, undo, actions and the check
// of one. A module's Table embeds it and adds the rest.
type Held[S any, A any, E any] struct{ G *Game[S, A, E] }

func (h Held[S, A, E]) Len() int           { return h.G.Len() }
func (h Held[S, A, E]) Initial() []byte    { return h.G.Initial() }
func (h Held[S, A, E]) Undo(n int) error   { return h.G.Undo(n) }
func (h Held[S, A, E]) Moves() []Move      { return AsMoves(h.G.Log()) }
func (h Held[S, A, E]) Check(m Move) error { return h.G.Check(m.(A)) }

// Player is a program that plays a seat: the server seats one where a
// person would sit. Choose reads only what the seat may see, and says
// false when the seat has no legal move now.
type Player interface {
	Name() string
	Choose(t Table, seat int) (Move, bool, error)
}
