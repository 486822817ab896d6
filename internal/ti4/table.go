package ti4

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mecatol/mecatol/internal/engine"
)

// Module is TI4 for the core (engine.Module): what the server and the
// store call to start, load and play a game.
type Module struct{}

// Name is "ti4".
func (Module) Name() string { return "ti4" }

// Request is a served game's setup: no seed, the randomness being keyed
// by a secret the server draws.
type Request struct {
	Game          string   `json:"game,omitempty"`
	Players       int      `json:"players"`
	Factions      []string `json:"factions,omitempty"`
	Map           string   `json:"map,omitempty"`
	VictoryPoints int      `json:"victory_points,omitempty"`
	NoCodex       bool     `json:"no_codex,omitempty"` // play the Codex's components as printed
}

// New starts a served game.
func (Module) New(config []byte, key [32]byte) (engine.Table, error) {
	var req Request
	d := json.NewDecoder(bytes.NewReader(config))
	d.DisallowUnknownFields()
	if err := d.Decode(&req); err != nil {
		if strings.Contains(err.Error(), `unknown field "seed"`) {
			return nil, engine.BadInput("seed", "no seed may be given: the server draws every game's randomness in secret (mecatol new --seed is for games played offline)")
		}
		return nil, engine.BadInput("body", "bad request body: %v", err)
	}
	if len(req.Factions) > 8 {
		return nil, engine.BadInput("factions", "at most 8 factions")
	}
	g, err := NewGame(Config{Players: req.Players, Factions: req.Factions, Map: req.Map, Key: &key, VictoryPoints: req.VictoryPoints, NoCodex: req.NoCodex})
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

// Table is a TI4 game as the core sees it (engine.Table).
type Table struct {
	engine.Held[*State, Action, Event]
}

func (t *Table) Seats() int                             { return len(t.G.State().Players) }
func (t *Table) Players() []int                         { return t.G.State().Active() }
func (t *Table) Decode(raw []byte) (engine.Move, error) { return DecodeAction(raw) }
func (t *Table) Actor(m engine.Move) int                { return m.(Action).Seat }
func (t *Table) Why() string                            { return Why(t.G.State()) }
func (t *Table) Waiting() []int                         { return Deciding(t.G.State()) }
func (t *Table) Progress() string                       { return fmt.Sprintf("round %d", t.G.State().Round) }

// Legal lists the seat's legal actions; none is nil, so that a view
// leaves the field out, as it did before the module interface.
func (t *Table) Legal(seat int) any {
	if l := Legal(t.G.State(), engine.NewRNG(0), seat); len(l) > 0 {
		return l
	}
	return nil
}

// Label is the seat's faction.
func (t *Table) Label(seat int) string { return Names()[t.G.State().Players[seat].Faction] }

// Play applies an action and returns the dice its events rolled.
func (t *Table) Play(m engine.Move) ([]engine.Roll, error) {
	evs, err := t.G.Do(m.(Action))
	if err != nil {
		return nil, err
	}
	return Rolls(evs), nil
}

// Rolls is the dice among events, as a page shows them.
func Rolls(evs []Event) []engine.Roll {
	var rolls []engine.Roll
	for _, e := range evs {
		if len(e.Rolls) == 0 {
			continue
		}
		r := engine.Roll{Seat: e.Seat, Faces: e.Rolls}
		if c := e.Combat; c != nil {
			// A combat round's event holds both sides' dice: the roll is
			// the combat's, each die's owner known only where the engine
			// kept them (while abilities may still change the roll).
			r.Seat, r.System, r.Combat, r.Round = Referee, c.System, c.Kind, c.Round
			if c.CombatExtra != nil {
				r.Dice = c.Dice
			}
		}
		rolls = append(rolls, r)
	}
	return rolls
}

// Views builds each seat's view from one copy of the state.
func (t *Table) Views(seats []int) (map[int]any, error) {
	out := make(map[int]any, len(seats))
	if len(seats) == 0 {
		return out, nil
	}
	shared := t.G.State().Clone()
	for _, seat := range seats {
		viewer := seat
		if seat < 0 {
			viewer = Referee
		}
		v, err := SharedView(shared, viewer)
		if err != nil {
			return nil, err
		}
		out[seat] = v
	}
	return out, nil
}

// Log is the actions from `from` on, as seat may see them.
func (t *Table) Log(from, seat int) []any {
	log := t.G.LogFrom(min(from, t.G.Len()))
	out := make([]any, len(log))
	for i, a := range log {
		out[i] = Redact(a, seat)
	}
	return out
}

// At is the game after its first n actions.
func (t *Table) At(n int) (engine.Table, error) {
	g, err := t.G.At(n)
	if err != nil {
		return nil, err
	}
	return &Table{engine.Held[*State, Action, Event]{G: g}}, nil
}

// Reveals replays the last n actions on a copy and names the first event
// that showed hidden information or drew on chance (Event.Reveals).
func (t *Table) Reveals(n int) (string, error) {
	back, err := t.G.At(t.G.Len() - n)
	if err != nil {
		return "", err
	}
	for _, a := range t.G.Log()[t.G.Len()-n:] {
		ev, _ := back.Do(a)
		for _, e := range ev {
			if e.Reveals() {
				return e.Kind, nil
			}
		}
	}
	return "", nil
}

// Redact hides from other seats what an action carried that they may not
// see: the secret objective kept (61.20), the order of the agendas looked
// at with Politics (66.2), a promissory note put on offer (69.6), an
// action card named from a hand (ShowsHand).
func Redact(a Action, seat int) Action {
	if a.Seat == seat {
		return a
	}
	switch a.Kind {
	case ActKeepSecret, ActReturnSecret: // secrets chosen or returned face down (61.20, 61.21a)
		a.Card = ""
	case ActOrderAgendas:
		a.ActionExtra = nil // its only rare fields are the order (shared with the log: replaced, not changed)
	case ActTradeAdd:
		if a.Card != "trade_goods" && a.Card != "commodities" {
			a.Card = "hidden"
		}
	case ActUseAbility:
		if a.ShowsHand() { // a card shown from the hand (Kyver)
			a.Outcome = "hidden"
		}
	}
	return a
}
