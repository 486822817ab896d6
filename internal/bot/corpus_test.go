package bot

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

const corpusGolden = "testdata/corpus.golden"

// corpusFirstGolden is the corpus as recorded under the first rules
// version, before the abilities of issue 20: frozen, never updated, so
// that games played then are shown to replay as they were played.
const corpusFirstGolden = "testdata/corpus_v1.golden"

// corpusGame is one game of the replay corpus: a seeded self-play game.
type corpusGame struct {
	players  int
	seed     uint64
	autoPass bool
	greedy   bool
	rules    int // ti4.Config.Rules
}

func (c corpusGame) String() string {
	return fmt.Sprintf("players=%d seed=%d auto_pass=%v bots=%s", c.players, c.seed, c.autoPass, map[bool]string{true: "greedy", false: "random"}[c.greedy])
}

// corpus is 3 to 8 players, random and greedy bots, automatic passing on
// and off, 8 seeds each: 192 games of four rounds.
func corpus(rules int) []corpusGame {
	var out []corpusGame
	for n := 3; n <= 8; n++ {
		for _, greedy := range []bool{false, true} {
			for _, ap := range []bool{false, true} {
				for seed := uint64(1); seed <= 8; seed++ {
					out = append(out, corpusGame{n, seed*100 + uint64(n), ap, greedy, rules})
				}
			}
		}
	}
	return out
}

// chain plays a corpus game and hashes, action by action, the events each
// action caused, and every 25th action (and the last) the canonical state:
// any change to what the rules do, however small, changes the hash.
func (c corpusGame) chain(t *testing.T) (int, string) {
	t.Helper()
	cfg := ti4.Config{Players: c.players, Seed: c.seed, AutoPass: c.autoPass, Rules: c.rules}
	rng := engine.NewRNG(c.seed)
	bots := make([]Bot, c.players)
	for i := range bots {
		if c.greedy {
			bots[i] = Greedy{&rng}
		} else {
			bots[i] = Random{&rng}
		}
	}
	out, played := Run(cfg, bots, 4, false)
	if played == nil || (out.Err != "" && out.Ended != "round limit") {
		t.Fatalf("%s: %s %s", c, out.Ended, out.Err)
	}
	g, err := ti4.NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	for i, a := range played.Log() {
		ev, err := g.Do(a)
		if err != nil {
			t.Fatalf("%s: action %d: %v", c, i, err)
		}
		b, _ := json.Marshal(ev)
		h.Write(b)
		if i%25 == 24 || i == played.Len()-1 {
			snap, _ := g.Snapshot()
			h.Write(snap)
		}
	}
	return played.Len(), hex.EncodeToString(h.Sum(nil))[:24]
}

// The replay corpus: 192 seeded self-play games whose events and states,
// action by action, hash to what testdata/corpus.golden pins. A refactor
// that changes nothing leaves every line as it was; a change to the rules
// shows which games it touches (run with -update, and review the diff).
func TestReplayCorpusIsUnchanged(t *testing.T) {
	checkCorpus(t, ti4.RulesCurrent, corpusGolden, *update)
}

// The games of the corpus under the first rules version play and replay
// exactly as they did before that version's successors were written: a
// game set up then keeps its rules.
func TestReplayCorpusOfTheFirstRulesIsUnchanged(t *testing.T) {
	checkCorpus(t, ti4.RulesFirst, corpusFirstGolden, false)
}

// So do those of the second (every generic technology), recorded before
// the faction abilities of the third.
func TestReplayCorpusOfTheTechnologyRulesIsUnchanged(t *testing.T) {
	checkCorpus(t, ti4.RulesTechs, "testdata/corpus_v2.golden", false)
}

// So do those of the fourth (the faction abilities as printed), recorded
// before the leaders of the fifth.
func TestReplayCorpusOfThePrintedRulesIsUnchanged(t *testing.T) {
	checkCorpus(t, ti4.RulesPrinted, "testdata/corpus_v4.golden", false)
}

// So do those of the fifth (the first leaders), recorded before the
// mechs of the sixth.
func TestReplayCorpusOfTheLeadersRulesIsUnchanged(t *testing.T) {
	checkCorpus(t, ti4.RulesLeaders, "testdata/corpus_v5.golden", false)
}

// So do those of the sixth (the mechs), recorded before the Prophecy of
// Kings factions' abilities of the seventh.
func TestReplayCorpusOfTheMechsRulesIsUnchanged(t *testing.T) {
	checkCorpus(t, ti4.RulesMechs, "testdata/corpus_v6.golden", false)
}

// So do those of the seventh (the Prophecy of Kings factions and every
// leader), recorded before the Council Keleres of the eighth.
func TestReplayCorpusOfThePoKRulesIsUnchanged(t *testing.T) {
	checkCorpus(t, ti4.RulesPoK, "testdata/corpus_v7.golden", false)
}

// So do those of the eighth (the Council Keleres), recorded before the
// rest of the Codex of the ninth.
func TestReplayCorpusOfTheKeleresRulesIsUnchanged(t *testing.T) {
	checkCorpus(t, ti4.RulesKeleres, "testdata/corpus_v8.golden", false)
}

// So do those of the ninth (the rest of the Codex), recorded before the
// agents used on other players' combats of the tenth.
func TestReplayCorpusOfTheCodexRulesIsUnchanged(t *testing.T) {
	checkCorpus(t, ti4.RulesCodex, "testdata/corpus_v9.golden", false)
}

// So do those of the tenth (agents on other players' deeds, Neuraloop,
// the Codex IV ΩΩ technologies), recorded before the fixes of the
// eleventh.
func TestReplayCorpusOfTheAgentsRulesIsUnchanged(t *testing.T) {
	checkCorpus(t, ti4.RulesAgents, "testdata/corpus_v10.golden", false)
}

// So do those of the eleventh (Ion Storm, Harrow exhausting under X-89
// Bacterial Weapon ΩΩ, The Thundarian on ground rolls), recorded before
// X-89 Bacterial Weapon Ω followed Harrow in the twelfth.
func TestReplayCorpusOfTheStormsRulesIsUnchanged(t *testing.T) {
	checkCorpus(t, ti4.RulesStorms, "testdata/corpus_v11.golden", false)
}

// So do those of the twelfth, recorded before the thirteenth opened the
// combat rounds' card windows and refused a second card of a name.
func TestReplayCorpusOfTheWipesRulesIsUnchanged(t *testing.T) {
	checkCorpus(t, ti4.RulesWipes, "testdata/corpus_v12.golden", false)
}

// So do those of the thirteenth, recorded before the fourteenth had each
// of several explorations in one decision see the draws before it.
func TestReplayCorpusOfTheWindowsRulesIsUnchanged(t *testing.T) {
	checkCorpus(t, ti4.RulesWindows, "testdata/corpus_v13.golden", false)
}

func checkCorpus(t *testing.T, rules int, golden string, write bool) {
	if testing.Short() {
		t.Skip("plays 192 games")
	}
	var b bytes.Buffer
	for _, c := range corpus(rules) {
		n, sum := c.chain(t)
		fmt.Fprintf(&b, "%s actions=%d %s\n", c, n, sum)
	}
	if write {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	got := strings.Split(b.String(), "\n")
	for i, line := range strings.Split(string(want), "\n") {
		if i >= len(got) || got[i] != line {
			g := ""
			if i < len(got) {
				g = got[i]
			}
			t.Errorf("corpus line %d:\n  now  %s\n  was  %s", i+1, g, line)
		}
	}
}
