package ge

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/mecatol/mecatol/internal/engine"
)

// Module is Galactic Empires for the core (engine.Module).
type Module struct{}

// Name is "ge".
func (Module) Name() string { return "ge" }

// Request is a served game's setup: the starter deck of each seat.
type Request struct {
	Game  string   `json:"game"`
	Decks []string `json:"decks"`
}

// New starts a served game, its randomness keyed by the secret.
func (Module) New(config []byte, key [32]byte) (engine.Table, error) {
	var req Request
	d := json.NewDecoder(bytes.NewReader(config))
	d.DisallowUnknownFields()
	if err := d.Decode(&req); err != nil {
		return nil, engine.BadInput("body", "bad request body: %v", err)
	}
	if len(req.Decks) == 0 {
		req.Decks = []string{"basic_a", "basic_b"}
	}
	rng := engine.NewKeyedRNG(key)
	s, err := NewState(Config{Decks: req.Decks}, &rng)
	if err != nil {
		return nil, engine.BadInput("decks", "%v", err)
	}
	g, err := engine.New[*State, Action, Event](Rules{}, s, rng)
	if err != nil {
		return nil, err
	}
	return &Table{engine.Held[*State, Action, Event]{G: g}}, nil
}

// Load replays a stored game.
func (Module) Load(initial []byte, actions [][]byte) (engine.Table, error) {
	g, err := engine.Rebuild[*State, Action, Event](Rules{}, initial, actions, DecodeAction)
	if err != nil {
		return nil, err
	}
	return &Table{engine.Held[*State, Action, Event]{G: g}}, nil
}

// Table is a Galactic Empires game as the core sees it (engine.Table).
type Table struct {
	engine.Held[*State, Action, Event]
}

func (t *Table) Seats() int     { return len(t.G.State().Players) }
func (t *Table) Players() []int { return t.G.State().live() }

// Decode reads an action strictly.
func (t *Table) Decode(raw []byte) (engine.Move, error) {
	a, err := DecodeAction(raw)
	if err != nil {
		return nil, engine.BadInput("action", "%v", err)
	}
	return a, nil
}

func (t *Table) Actor(m engine.Move) int { return m.(Action).Seat }

// Play applies an action; nothing in Galactic Empires rolls dice.
func (t *Table) Play(m engine.Move) ([]engine.Roll, error) { return nil, t.G.Play(m.(Action)) }

// Legal lists the seat's legal actions; none is nil (a view leaves the
// field out).
func (t *Table) Legal(seat int) any {
	if l := Legal(t.G.State(), seat); len(l) > 0 {
		return l
	}
	return nil
}

// Views builds each seat's view; each is a copy.
func (t *Table) Views(seats []int) (map[int]any, error) {
	out := make(map[int]any, len(seats))
	for _, seat := range seats {
		viewer := seat
		if seat < 0 {
			viewer = engine.Public
		}
		out[seat] = SeatView(t.G.State(), viewer)
	}
	return out, nil
}

// Why says what the game waits for.
func (t *Table) Why() string { return Why(t.G.State()) }

// Waiting is the seat the game waits on, or none once it is over.
func (t *Table) Waiting() []int {
	if t.G.State().Phase == PhaseOver {
		return nil
	}
	return []int{Deciding(t.G.State())}
}

// Label is the seat's deck.
func (t *Table) Label(seat int) string { return "Galactic Empires " + t.G.State().Players[seat].Deck }

// Progress is the complete turn.
func (t *Table) Progress() string { return fmt.Sprintf("turn %d", t.G.State().Turn) }

// Log is the actions from `from` on; no action of this module carries
// what another seat may not see (hidden cards are named by random numbers).
func (t *Table) Log(from, _ int) []any { return engine.AsMoves(t.G.LogFrom(min(from, t.G.Len()))) }

// At is the game after its first n actions.
func (t *Table) At(n int) (engine.Table, error) {
	g, err := t.G.At(n)
	if err != nil {
		return nil, err
	}
	return &Table{engine.Held[*State, Action, Event]{G: g}}, nil
}

// Reveals replays the last n actions on a copy and names the first that
// drew cards (a hand or the antes) or showed a hidden card (a peek).
func (t *Table) Reveals(n int) (string, error) {
	back, err := t.G.At(t.G.Len() - n)
	if err != nil {
		return "", err
	}
	for _, a := range t.G.Log()[t.G.Len()-n:] {
		before := hidden(back.State())
		if err := back.Play(a); err != nil {
			return "", err
		}
		if hidden(back.State()) != before {
			return a.Kind, nil
		}
	}
	return "", nil
}

// hidden counts what no one has seen: cards in decks, less the looks
// into hands.
func hidden(s *State) int {
	n := 0
	for _, p := range s.Players {
		n += p.Draw.Len() - p.Peeks
	}
	return n
}

// Why says in words what the game waits for.
func Why(s *State) string {
	seat := Deciding(s)
	switch {
	case s.Phase == PhaseOver:
		return fmt.Sprintf("the game is over: seat %d is the last player standing", s.Winner)
	case s.Pending != nil:
		return fmt.Sprintf("seat %d may answer seat %d's %s", seat, s.Pending.Deed.Seat, s.Pending.Deed.Kind)
	case s.Phase == PhaseReserve:
		return fmt.Sprintf("seat %d sets aside a reserve fleet", seat)
	}
	return fmt.Sprintf("seat %d's turn: %s phase", seat, s.Phase)
}
