package gebot

import (
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ge"
)

// BenchmarkGameGreedyRandom plays whole games, greedy against random,
// without the checks (the sim's measure of games per second).
func BenchmarkGameGreedyRandom(b *testing.B) {
	for i := 0; i < b.N; i++ {
		rng := engine.NewRNG(uint64(i))
		out, _ := Play(ge.Config{Decks: []string{"basic_a", "basic_b"}, Seed: uint64(i)}, []Bot{Greedy{&rng}, Random{&rng}}, 20000, false)
		if out.Err != nil {
			b.Fatal(out.Err)
		}
	}
}

// BenchmarkLegal lists a seat's legal actions in a game's weapons fire
// phase, the bots' most frequent question.
func BenchmarkLegal(b *testing.B) {
	g := midGame(b)
	s := g.State()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ge.Legal(s, ge.Deciding(s))
	}
}

// midGame is a game played by two greedy bots to its 120th action.
func midGame(tb testing.TB) *ge.Game {
	rng := engine.NewRNG(4)
	g, err := ge.New(ge.Config{Decks: []string{"basic_a", "basic_b"}, Seed: 4})
	if err != nil {
		tb.Fatal(err)
	}
	bots := []Bot{Greedy{&rng}, Greedy{&rng}}
	for g.Len() < 120 {
		if err := step(g, bots, false); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// Deciding an action allocates little: the event and the action it keeps,
// and the few lists a check builds. A guard for the hot path, in counts
// that do not depend on the machine, over every legal action at every
// tenth step of a game.
func TestDecideAllocations(t *testing.T) {
	rng := engine.NewRNG(4)
	g, err := ge.New(ge.Config{Decks: []string{"basic_a", "basic_b"}, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	bots := []Bot{Greedy{&rng}, Greedy{&rng}}
	worst := map[string]float64{}
	for g.State().Phase != ge.PhaseOver && g.Len() < 400 {
		if g.Len()%10 == 0 {
			s := g.State()
			for _, a := range ge.Legal(s, ge.Deciding(s)) {
				r := engine.NewRNG(1)
				worst[a.Kind] = max(worst[a.Kind], testing.AllocsPerRun(5, func() { ge.Rules{}.Decide(s, a, &r) }))
			}
		}
		if err := step(g, bots, false); err != nil {
			t.Fatal(err)
		}
	}
	for kind, n := range worst {
		if n > maxDecideAllocs {
			t.Errorf("deciding %s allocates %.0f times (at most %d)", kind, n, maxDecideAllocs)
		}
	}
	t.Logf("most allocations by kind: %v", worst)
}

// maxDecideAllocs is the most any decision allocated when measured (19, a
// crew's mission: its checks list the cards it may attack and the stacks
// at both ends), and one more.
const maxDecideAllocs = 20
