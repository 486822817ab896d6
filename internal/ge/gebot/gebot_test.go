package gebot

import (
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ge"
)

func TestSelfPlayRandomAndGreedy(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		rng := engine.NewRNG(seed + 1000)
		bots := []Bot{Random{&rng}, Greedy{&rng}}
		if seed%2 == 0 {
			bots = []Bot{Greedy{&rng}, Greedy{&rng}}
		}
		out, g := Play(ge.Config{Decks: []string{"basic_a", "basic_b"}, Seed: seed}, bots, 20000, true)
		if out.Err != nil {
			t.Fatalf("seed %d: %v\n%v", seed, out.Err, g.State().Log)
		}
		t.Logf("seed %d: winner %d after %d actions, turn %d", seed, out.Winner, out.Actions, out.Turns)
	}
}
