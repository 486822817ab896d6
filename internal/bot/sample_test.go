package bot

import (
	"fmt"
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

// Sampling the candidates finds a legal action exactly when Legal lists
// one, only ever returns one Legal lists, and picks each of them about
// equally often.
func TestRandomSampleMatchesLegal(t *testing.T) {
	rng := engine.NewRNG(3)
	bot := Random{&rng}
	wide := 0
	for seed := uint64(0); seed < 3; seed++ {
		g, err := ti4.NewGame(ti4.Config{Players: 4 + int(seed), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 600 && g.State().Phase != ti4.PhaseOver; i++ {
			s := g.State()
			var next ti4.Action
			for q := range s.Players {
				legal := ti4.Legal(s, engine.NewRNG(0), q)
				keys := map[string]int{}
				for _, a := range legal {
					keys[fmt.Sprint(a)]++
				}
				c := ti4.NewChecker(s, engine.NewRNG(0))
				cands := ti4.AppendCandidates(nil, s, q)
				a, ok := bot.Sample(slices.Clone(cands), c)
				if ok != (len(legal) > 0) {
					t.Fatalf("seed %d, action %d, seat %d: sample found %v, Legal lists %d", seed, i, q, ok, len(legal))
				}
				if !ok {
					continue
				}
				if keys[fmt.Sprint(a)] == 0 {
					t.Fatalf("seed %d, action %d: sampled %v, which Legal does not list", seed, i, a)
				}
				if next.Kind == "" {
					next = a
				}
				if len(keys) >= 4 && wide < 3 && len(legal) <= 40 {
					wide++
					uniform(t, bot, cands, c, legal)
				}
			}
			if err := g.Play(next); err != nil {
				t.Fatal(err)
			}
		}
	}
	if wide < 3 {
		t.Fatalf("only %d states offered a wide choice", wide)
	}
}

// uniform samples many times from one state and expects every legal
// action about as often as Legal lists it.
func uniform(t *testing.T, bot Random, cands []ti4.Action, c ti4.Checker, legal []ti4.Action) {
	t.Helper()
	const draws = 200
	n := draws * len(legal)
	got := map[string]int{}
	for range n {
		a, _ := bot.Sample(slices.Clone(cands), c)
		got[fmt.Sprint(a)]++
	}
	want := map[string]int{}
	for _, a := range legal {
		want[fmt.Sprint(a)] += draws
	}
	for k, w := range want {
		if g := got[k]; g < w*7/10 || g > w*13/10 {
			t.Fatalf("%s drawn %d times of %d, expected about %d", k, g, n, w)
		}
	}
}
