package bot

import (
	"bytes"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

// A game stored and loaded again mid-play goes on exactly as it would
// have: what the engine keeps outside the state (the scans' and the
// leaders' caches) only ever skips work whose result is known. Cut at
// many points of seeded bot games, under the current rules.
func TestRestoredGamesPlayOnAlike(t *testing.T) {
	for _, seed := range []uint64{11, 12, 13} {
		cfg := ti4.Config{Players: 6, Seed: seed, Rules: ti4.RulesCurrent}
		rng := engine.NewRNG(seed)
		bots := make([]Bot, cfg.Players)
		for i := range bots {
			bots[i] = Greedy{&rng}
		}
		out, played := Run(cfg, bots, 5, false)
		if played == nil || (out.Err != "" && out.Ended != "round limit") {
			t.Fatalf("seed %d: %s %s", seed, out.Ended, out.Err)
		}
		log := played.Log()
		want, _ := played.Snapshot()
		for cut := 100; cut < len(log); cut += len(log)/7 + 1 {
			g, err := engine.Replay[*ti4.State, ti4.Action, ti4.Event](ti4.Rules{}, played.Initial(), log[:cut])
			if err != nil {
				t.Fatal(err)
			}
			snap, _ := g.Snapshot()
			r, err := engine.Load[*ti4.State, ti4.Action, ti4.Event](ti4.Rules{}, snap)
			if err != nil {
				t.Fatal(err)
			}
			for i, a := range log[cut:] {
				if _, err := r.Do(a); err != nil {
					t.Fatalf("seed %d cut %d: action %d refused after the restore: %v", seed, cut, cut+i, err)
				}
			}
			if got, _ := r.Snapshot(); !bytes.Equal(got, want) {
				t.Fatalf("seed %d: restored at action %d of %d, the game ends otherwise", seed, cut, len(log))
			}
		}
		if s := played.State(); !unlockedAny(s) {
			t.Logf("seed %d: no leader unlocked in %d actions", seed, len(log))
		}
	}
}

func unlockedAny(s *ti4.State) bool {
	for _, p := range s.Players {
		if p.Commander == ti4.Unlocked || p.Hero == ti4.Unlocked {
			return true
		}
	}
	return false
}
