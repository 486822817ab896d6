package gebot

import (
	"fmt"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ge"
)

// SeatBots are the bots a served Galactic Empires game may seat.
var SeatBots = []string{"random", "greedy"}

// Named makes a bot by name: random or greedy.
func Named(name string, rng *engine.RNG) (Bot, error) {
	switch name {
	case "random":
		return Random{rng}, nil
	case "greedy":
		return Greedy{rng}, nil
	}
	return nil, fmt.Errorf("no Galactic Empires bot %q: one of %v", name, SeatBots)
}

type seated struct{ bot Bot }

// NewSeat makes a bot to seat in a served game, its choices drawn from
// its own RNG.
func NewSeat(name string, seed uint64) (engine.Player, error) {
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
	tt, ok := t.(*ge.Table)
	if !ok {
		return nil, false, fmt.Errorf("a Galactic Empires bot cannot play %T", t)
	}
	s := tt.G.State()
	legal := ge.Legal(s, seat)
	if len(legal) == 0 {
		return nil, false, nil
	}
	var v *ge.View
	if _, blind := p.bot.(Blind); !blind {
		v = ge.SeatView(s, seat)
	}
	return p.bot.Choose(v, legal), true, nil
}
