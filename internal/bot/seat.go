package bot

import (
	"fmt"
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

// SeatBots are the bots a served TI4 game may seat (an external program
// never: a client may not make the server run one).
var SeatBots = []string{"random", "greedy", "planner"}

// seated plays a seat of a served game through the core's interface.
type seated struct{ bot Bot }

// NewSeat makes a bot to seat in a served TI4 game, its choices drawn
// from its own RNG (the game records what it chose, never how).
func NewSeat(name string, seed uint64) (engine.Player, error) {
	if !slices.Contains(SeatBots, name) {
		return nil, fmt.Errorf("no bot %q: one of %v", name, SeatBots)
	}
	rng := engine.NewRNG(seed)
	b, err := Named(name, &rng)
	if err != nil {
		return nil, err
	}
	return &seated{b}, nil
}

func (p *seated) Name() string { return p.bot.Name() }

// Choose picks the seat's move from its legal actions and its own view.
func (p *seated) Choose(t engine.Table, seat int) (engine.Move, bool, error) {
	tt, ok := t.(*ti4.Table)
	if !ok {
		return nil, false, fmt.Errorf("a TI4 bot cannot play %T", t)
	}
	s := tt.G.State()
	legal := ti4.Legal(s, engine.NewRNG(0), seat)
	if len(legal) == 0 {
		return nil, false, nil
	}
	var v *ti4.View
	if _, blind := p.bot.(Blind); !blind {
		var err error
		if v, err = ti4.SharedView(s, seat); err != nil {
			return nil, false, err
		}
	}
	a, err := p.bot.Choose(v, legal)
	return a, err == nil, err
}
