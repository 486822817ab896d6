package bot

import (
	"encoding/json"
	"flag"
	"os"
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

var update = flag.Bool("update", false, "rewrite the scripted games in testdata")

// benchRules sets the rules version of the benchmarks' games: with 1, they
// play as before issue 20's abilities, to time the same games on both
// sides of a change.
var benchRules = flag.Int("rules", 0, "rules version of the benchmarks' games (0: the current)")

const threePlayerScript = "testdata/three_player_game.json"

// The scripted game's result, pinned: Jol-Nar reaches the target of 10 in round 5.
var (
	wantWinner = 0
	wantVPs    = []int{10, 1, 0}
	wantRounds = 5
)

func threePlayerSetup() ti4.Config {
	zero := 0
	return ti4.Config{Players: 3, Seed: 34, Speaker: &zero, Factions: []string{"jolnar", "hacan", "sardakk"}}
}

// A scripted three-player game from setup to a winner at the target (98.7):
// three greedy bots played it once (run with -update to play it again), and
// the file replays it action by action, checking every invariant after each
// one and pinning the final victory points.
func TestScriptedThreePlayerGameToAWinner(t *testing.T) {
	cfg := threePlayerSetup()
	if *update {
		rng := engine.NewRNG(cfg.Seed)
		o, g := Run(cfg, []Bot{Greedy{&rng}, Greedy{&rng}, Greedy{&rng}}, 12, true)
		if o.Err != "" || o.Ended != "target reached" {
			t.Fatalf("%s: %s", o.Ended, o.Err)
		}
		if err := os.WriteFile(threePlayerScript, append(replay(cfg, g, nil), '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(threePlayerScript)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ti4.DecodeScenario(b)
	if err != nil {
		t.Fatal(err)
	}
	g, err := ti4.NewGame(sc.Setup)
	if err != nil {
		t.Fatal(err)
	}
	for i, raw := range sc.Actions {
		var a ti4.Action
		if err := json.Unmarshal(raw, &a); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Do(a); err != nil {
			t.Fatalf("action %d %s: %v", i, raw, err)
		}
		if err := ti4.CheckInvariants(g.State()); err != nil {
			t.Fatalf("after action %d %s: %v", i, raw, err)
		}
	}
	s := g.State()
	var vps []int
	for _, p := range s.Players {
		vps = append(vps, p.VP)
	}
	t.Logf("%d actions, %d rounds, winner seat %d, VP %v", len(sc.Actions), s.Round, s.Winner, vps)
	if s.Phase != ti4.PhaseOver || s.Winner != wantWinner || !slices.Equal(vps, wantVPs) || s.Round != wantRounds {
		t.Fatalf("round %d: winner %d with VP %v, want round %d, %d with %v", s.Round, s.Winner, vps, wantRounds, wantWinner, wantVPs)
	}
	if vps[s.Winner] < s.Options.VictoryPoints {
		t.Fatalf("the winner has %d points, short of the target %d", vps[s.Winner], s.Options.VictoryPoints)
	}
}
