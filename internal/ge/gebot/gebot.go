// Package gebot holds Galactic Empires players that are programs (a
// random bot and a greedy one) and the self-play loop that checks every
// invariant after each action and replays each game byte for byte.
package gebot

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ge"
)

// Bot chooses one of the legal actions for its seat from the seat's view.
type Bot interface {
	Name() string
	Choose(v *ge.View, legal []ge.Action) ge.Action
}

// Random picks uniformly among the legal actions.
type Random struct{ RNG *engine.RNG }

// Name is "random".
func (Random) Name() string { return "random" }

// Blind is a bot that never looks at the view: Play passes it nil.
type Blind interface{ Blind() }

// Blind: the random bot ignores the view.
func (Random) Blind() {}

// Choose picks one at random.
func (b Random) Choose(_ *ge.View, legal []ge.Action) ge.Action {
	return legal[b.RNG.IntN(len(legal))]
}

// Greedy plays with intent: it sets no reserve, engages and arms all it
// can, plays the card that adds most, fires everything at the target
// worth most (a Sector HQ first), answers what it can, and draws all it
// may.
type Greedy struct{ RNG *engine.RNG }

// Name is "greedy".
func (Greedy) Name() string { return "greedy" }

// Choose takes the best-scoring action, ties at random.
func (b Greedy) Choose(v *ge.View, legal []ge.Action) ge.Action {
	best, n := 0, 0
	var pick ge.Action
	for _, a := range legal {
		sc := score(v, a)
		switch {
		case sc > best || n == 0:
			best, n, pick = sc, 1, a
		case sc == best:
			n++
			if b.RNG.IntN(n) == 0 {
				pick = a
			}
		}
	}
	return pick
}

var kindScore = map[string]int{
	ge.KindEngage: 90, ge.KindArm: 85, ge.KindPlasma: 84, ge.KindEMF: 80, ge.KindRepair: 70,
	ge.KindResearch: 75, ge.KindMode: 10, ge.KindEngaged: 1, ge.KindReact: 60, ge.KindPass: 5,
	ge.KindAct: 50, ge.KindNext: 1, ge.KindEnd: 1, ge.KindReserve: 1,
}

// score rates an action from what the view shows.
func score(v *ge.View, a ge.Action) int {
	switch a.Kind {
	case ge.KindPlay:
		return playScore(v, a)
	case ge.KindFire:
		return fireScore(v, a)
	case ge.KindEnd:
		return 1 + a.N
	case ge.KindPlasma, ge.KindEMF, ge.KindArm:
		return kindScore[a.Kind] + a.N
	case ge.KindDiscard, ge.KindSwap, ge.KindSpend:
		return 0
	}
	return kindScore[a.Kind]
}

func playScore(v *ge.View, a ge.Action) int {
	d := ge.Lookup(v.Cards[a.Card].Def)
	hostile := a.Target >= 0 && v.Cards[a.Target].Owner != a.Seat
	harmful := d.Kind == "hazard" || d.Kind == "occurrence" && d.Stops || d.Kind == "monster" && d.Guards == 0
	switch {
	case d.Kind == "terrain" && a.N == 0:
		return 40 + d.Strength
	case d.Kind == "ship" || d.Kind == "base":
		return 35 + d.Strength
	case harmful && !hostile && a.Player-1 == a.Seat:
		return 0
	case harmful && (hostile || d.Fleet):
		return 30
	case harmful:
		return 0
	}
	if hostile {
		return 0
	}
	return 20
}

func fireScore(v *ge.View, a ge.Action) int {
	sc := 100 + 5*len(a.Firers)
	if a.Target <= -2 {
		return sc + 50
	}
	if v.Cards[a.Target].Owner == a.Seat {
		return 0
	}
	return sc
}

// Outcome is one game's end.
type Outcome struct {
	Winner  int
	Actions int
	Turns   int
	Err     error
}

// Play runs one game of the given decks with one bot a seat, checking the
// invariants after every action if check is set and, at the end, that
// the log replays to the same bytes. A game longer than maxMoves stops
// without a winner.
func Play(cfg ge.Config, bots []Bot, maxMoves int, check bool) (Outcome, *ge.Game) {
	g, err := ge.New(cfg)
	if err != nil {
		return Outcome{Err: err}, nil
	}
	for g.State().Phase != ge.PhaseOver && g.Len() < maxMoves {
		if err := step(g, bots, check); err != nil {
			return Outcome{Err: err, Actions: g.Len()}, g
		}
	}
	out := Outcome{Winner: g.State().Winner, Actions: g.Len(), Turns: g.State().Turn}
	if check {
		out.Err = Reproducible(g)
	}
	return out, g
}

func step(g *ge.Game, bots []Bot, check bool) error {
	s := g.State()
	seat := ge.Deciding(s)
	legal := ge.Legal(s, seat)
	if len(legal) == 0 {
		return fmt.Errorf("action %d: seat %d has no legal action in %s", g.Len(), seat, s.Phase)
	}
	var v *ge.View
	if _, blind := bots[seat].(Blind); !blind {
		v = ge.SeatView(s, seat)
	}
	a := bots[seat].Choose(v, legal)
	if err := g.Play(a); err != nil {
		return fmt.Errorf("action %d: %+v refused: %w", g.Len(), a, err)
	}
	if check {
		if err := ge.Check(g.State()); err != nil {
			return fmt.Errorf("action %d (%+v): invariant: %w", g.Len(), a, err)
		}
	}
	return nil
}

// Reproducible replays a game's log from its initial snapshot and
// compares the snapshots byte for byte.
func Reproducible(g *ge.Game) error {
	r, err := engine.Replay[*ge.State, ge.Action, ge.Event](ge.Rules{}, g.Initial(), g.Log())
	if err != nil {
		return err
	}
	a, err := g.Snapshot()
	if err != nil {
		return err
	}
	b, err := r.Snapshot()
	if err != nil {
		return err
	}
	if !bytes.Equal(a, b) {
		return fmt.Errorf("replay differs")
	}
	var probe ge.State
	return json.Unmarshal(a, &struct {
		State *ge.State `json:"state"`
	}{&probe})
}
