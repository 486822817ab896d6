package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mecatol/mecatol/internal/ti4"
)

const sixPlayer = "26 19 20 21 22 23 24 25 36 35 34 33 32 31 30 29 28 27 0 37 38 0 41 42 0 43 44 0 45 39 0 47 48 0 50 40"

func cli(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return cliIn(t, "", args...)
}

func cliIn(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestCLI(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "map.svg")
	tests := []struct {
		name    string
		args    []string
		code    int
		out, er string
	}{
		{"usage", nil, 2, "", "Usage"},
		{"unknown", []string{"fly"}, 1, "", "unknown command"},
		{"new", []string{"new", "--players", "4", "--seed", "5"}, 0, "Seat 3:", ""},
		{"new chosen", []string{"new", "--players", "3", "--factions", "sol,,hacan"}, 0, "Federation of Sol", ""},
		{"new bad faction", []string{"new", "--players", "3", "--factions", "borg"}, 1, "", "unknown faction"},
		{"new bad flag", []string{"new", "--colour"}, 2, "", "flag provided but not defined"},
		{"map check", []string{"map", "check", sixPlayer}, 0, "6 players", ""},
		{"map check unknown tile", []string{"map", "check", strings.Replace(sixPlayer, "27", "4242", 1)}, 1, "", `("4242"): unknown tile`},
		{"map check duplicate", []string{"map", "check", strings.Replace(sixPlayer, "27", "26", 1)}, 1, "", "tile 26 is already"},
		{"map check count", []string{"map", "check", strings.Replace(sixPlayer, "27", "-1", 1)}, 0, "warning: 29 systems besides Mecatol Rex and the homes, where a 6-player setup deals 30 or 54", ""},
		{"map check no args", []string{"map", "check"}, 2, "", "one quoted argument"},
		{"map svg", []string{"map", "svg", "-o", svg, sixPlayer}, 0, "", ""},
		{"scenario", []string{"scenario", "../../examples/invasion.yaml"}, 0, `"eliminated":true`, ""},
		{"scenario refused", []string{"scenario", "../../examples/refused.json"}, 1, "", "LRR 25.2"},
		{"scenario missing", []string{"scenario", "nope.json"}, 1, "", "no such file"},
		{"odds", []string{"odds", "--attacker", "1 fighter", "--defender", "1 fighter"}, 0, "attacker wins  44.44%", ""},
		{"odds json sim", []string{"odds", "--attacker", "2 infantry", "--planet", "1 infantry", "--ground", "--json", "--sim", "100"}, 0, `"simulated"`, ""},
		{"odds tech exact", []string{"odds", "--attacker", "1 dreadnought, 1 infantry", "--planet", "1 infantry", "--ground", "--attacker-tech", "plasma_scoring"}, 0, "attacker wins  90.59%", ""},
		{"odds tech simulated", []string{"odds", "--attacker", "3 cruiser", "--defender", "1 destroyer", "--attacker-tech", "assault_cannon", "--sim", "1000"}, 0, "Simulated (100000 battles): attacker wins 100.00%", ""},
		{"odds unknown tech", []string{"odds", "--attacker", "1 carrier", "--defender", "1 carrier", "--defender-tech", "warp_drive"}, 1, "", "no technology that acts in combat"},
		{"odds faction", []string{"odds", "--attacker", "1 fighter", "--defender", "1 fighter", "--attacker-faction", "sardakk"}, 0, "attacker wins  54.55%", ""},
		{"odds mentak ambush", []string{"odds", "--attacker", "2 cruiser", "--defender", "1 fighter", "--attacker-faction", "mentak", "--no-barrage"}, 0, "Exact: attacker wins", ""},
		{"odds unknown faction", []string{"odds", "--attacker", "1 fighter", "--defender", "1 fighter", "--defender-faction", "vulcans"}, 1, "", "unknown faction"},
		{"odds unknown unit", []string{"odds", "--attacker", "2 death star"}, 1, "", "unknown unit"},
		{"odds negative", []string{"odds", "--attacker", "-2 carrier"}, 1, "", "negative"},
		{"odds too many", []string{"odds", "--attacker", "3 war sun"}, 1, "", "LRR 23.4"},
		{"odds no attacker", []string{"odds", "--defender", "1 carrier"}, 2, "", "lists no units"},
		{"odds bad policy", []string{"odds", "--attacker", "1 carrier", "--policy", "random"}, 2, "", "unknown casualty policy"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := cli(t, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.er) {
				t.Fatalf("exit %d (want %d)\nstdout: %s\nstderr: %s", code, tc.code, out, errOut)
			}
		})
	}
	b, err := os.ReadFile(svg)
	if err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Fatalf("svg not written: %v", err)
	}
}

func TestNewJSONIsDeterministic(t *testing.T) {
	_, a, _ := cli(t, "new", "--json", "--seed", "9")
	_, b, _ := cli(t, "new", "--json", "--seed", "9")
	if a != b || !json.Valid([]byte(a)) {
		t.Fatal("same seed must print the same JSON")
	}
}

// A hot-seat session: pick cards, undo one, save, and play the saved game
// back as a script.
func TestPlay(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.json")
	code, out, errOut := cliIn(t, "1\n1\n1\nu\nx\n99\nq\n", "play", "--players", "3", "--seed", "2", "--save", save)
	if code != 0 || !strings.Contains(out, "keep_secret") || !strings.Contains(out, `"x" is not a choice`) {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	b, err := os.ReadFile(save)
	if err != nil || strings.Count(string(b), `"kind"`) != 2 {
		t.Fatalf("saved game should hold two actions (three taken, one undone): %s", b)
	}
	code, out, errOut = cli(t, "play", "--script", save)
	if code != 0 || !strings.Contains(out, "== 2.") {
		t.Fatalf("script: exit %d\n%s\n%s", code, out, errOut)
	}
}

// The load test measures only the actions' window, and the broadcast to
// the other seats and to watchers, none of whom fall behind.
func TestLoadtestRuns(t *testing.T) {
	start := time.Now()
	code, out, errOut := cli(t, "loadtest", "--games", "2", "--players", "3", "--duration", "1s", "--watchers", "3", "--json")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	var r loadReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if r.Accepted == 0 || r.Window <= 0 || r.Window > 1500*time.Millisecond || r.PerSecond <= 0 {
		t.Fatalf("accepted %d in %v (%.0f/s)", r.Accepted, r.Window, r.PerSecond)
	}
	if r.Submit.N != r.Accepted || r.Broadcast.N == 0 || r.Watched.N == 0 || r.WatchersBehind != 0 || r.Refused != 0 {
		t.Fatalf("samples: submit %d of %d, broadcast %d, watched %d, behind %d, refused %d", r.Submit.N, r.Accepted, r.Broadcast.N, r.Watched.N, r.WatchersBehind, r.Refused)
	}
	// Setup is outside the window: the run took longer than its window.
	if time.Since(start) <= r.Window {
		t.Fatal("the window covers the whole run")
	}
	code, out, _ = cli(t, "loadtest", "--games", "1", "--players", "3", "--duration", "300ms")
	if code != 0 || !strings.Contains(out, "actions/s") || !strings.Contains(out, "another seat's update: p50") {
		t.Fatalf("text report: %d\n%s", code, out)
	}
}

// Percentiles by nearest rank.
func TestPercentiles(t *testing.T) {
	var xs []time.Duration
	for i := 100; i >= 1; i-- {
		xs = append(xs, time.Duration(i)*time.Millisecond)
	}
	l := percentiles(xs)
	if l.N != 100 || l.P50 != 50*time.Millisecond || l.P90 != 90*time.Millisecond || l.P99 != 99*time.Millisecond || l.Max != 100*time.Millisecond {
		t.Fatalf("%+v", l)
	}
	if one := percentiles([]time.Duration{7}); one.P50 != 7 || one.P99 != 7 {
		t.Fatalf("one sample: %+v", one)
	}
	if none := percentiles(nil); none.N != 0 {
		t.Fatalf("no samples: %+v", none)
	}
	if xs[0] != 100*time.Millisecond {
		t.Fatal("percentiles reordered its input")
	}
}

func TestSimAndReplay(t *testing.T) {
	code, out, errOut := cli(t, "sim", "--games", "4", "--players", "3", "--bots", "random,greedy,planner", "--max-rounds", "2", "--usage", "-")
	for _, want := range []string{"games/s", "winners by bot", "points per seat by bot: greedy", "reached the agenda phase: ", "Action kinds played: ", "| action_card |"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("no %q: exit %d\n%s\n%s", want, code, out, errOut)
		}
	}
	code, _, errOut = cli(t, "sim", "--games", "1", "--bots", "chess")
	if code == 0 || !strings.Contains(errOut, "went wrong") {
		t.Fatalf("an unknown bot must fail: %d %s", code, errOut)
	}
	code, out, _ = cli(t, "replay", "../../examples/invasion.yaml")
	if code != 0 || !strings.Contains(out, "5 actions replayed") {
		t.Fatalf("replay: %d %s", code, out)
	}
}

// The terminal is shared by every seat: it never prints a deck's order or
// another seat's hand, secret objectives or the secrets it was offered.
func TestPlayShowsNoHiddenCards(t *testing.T) {
	code, out, errOut := cliIn(t, strings.Repeat("1\n", 12)+"q\n", "play", "--players", "3", "--seed", "5")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if strings.Contains(out, "new_deck") {
		t.Fatal("the terminal printed a shuffled deck's order")
	}
	g, err := ti4.NewGame(ti4.Config{Players: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	// Every secret objective offered at setup is a hidden card: the seat
	// choosing sees its own in its list of choices, and no event shows one.
	for _, p := range g.State().Players {
		for _, c := range p.SecretChoice {
			for _, line := range strings.Split(out, "\n") {
				if strings.Contains(line, "> ") && strings.Contains(line, c) {
					t.Errorf("an event line shows seat %d's secret %s: %s", p.Seat, c, line)
				}
			}
		}
	}
}

// Each subcommand prints its own help with --help: its usage, its flags
// and an example, on standard output, exit 0; a bad flag is named, with
// that command's help after it.
func TestSubcommandHelp(t *testing.T) {
	for name, c := range commands {
		args := append(strings.Fields(name), "--help")
		code, out, errOut := cli(t, args...)
		if code != 0 || !strings.Contains(out, "mecatol "+name+":") || !strings.Contains(out, "Example:") || !strings.Contains(out, c.example) {
			t.Errorf("%s --help: exit %d\n%s%s", name, code, out, errOut)
		}
	}
	code, out, _ := cli(t, "odds", "--help")
	if code != 0 || !strings.Contains(out, "-nebula") || !strings.Contains(out, "-attacker") {
		t.Fatalf("odds --help lists no flags:\n%s", out)
	}
	code, _, errOut := cli(t, "odds", "--attackers", "1 carrier")
	if code != 2 || !strings.Contains(errOut, "-attackers") || !strings.Contains(errOut, "mecatol odds:") {
		t.Fatalf("a bad flag: exit %d\n%s", code, errOut)
	}
}

// A map string that begins with -1 (no tile at the first position) is a
// map string, not a flag.
func TestMapStringStartingWithMinusOne(t *testing.T) {
	const ms = "-1 19 20 21 22 23 24 25 36 35 34 33 32 31 30 29 28 27 0 37 38 0 41 42 0 43 44 0 45 39 0 47 48 0 50 40"
	for _, args := range [][]string{{"map", "check", ms}, {"map", "check", "--players", "6", ms}, {"map", "check", ms, "--players", "6"}} {
		code, _, errOut := cli(t, args...)
		if code == 2 || strings.Contains(errOut, "flag provided but not defined") {
			t.Fatalf("%v: read as a flag: exit %d, %s", args, code, errOut)
		}
	}
}

// map convert writes the AsyncTI4 bot's position:tile pairs and reads them
// back; a game can be set up from either form.
func TestMapConvert(t *testing.T) {
	code, async, errOut := cli(t, "map", "convert", "--to", "async", sixPlayer)
	async = strings.TrimSpace(async)
	if code != 0 || !strings.HasPrefix(async, "000:18 101:26 102:19") {
		t.Fatalf("exit %d: %s %s", code, async, errOut)
	}
	code, tts, errOut := cli(t, "map", "convert", "--to", "tts", async)
	if code != 0 || strings.TrimSpace(tts) != sixPlayer {
		t.Fatalf("exit %d: %q %s", code, tts, errOut)
	}
	code, out, errOut := cli(t, "new", "--players", "6", "--map", async)
	if code != 0 || !strings.Contains(out, "Seat 5") {
		t.Fatalf("a game on the bot's form: exit %d %s %s", code, out, errOut)
	}
}

// `mecatol new --factions keleres,... --keleres-home` seats the Council
// Keleres in the home system named; one of a faction played is refused.
func TestCLI_NewKeleresHome(t *testing.T) {
	var b, e bytes.Buffer
	if code := run([]string{"new", "--players", "3", "--factions", "keleres,sol,hacan", "--keleres-home", "argent", "--json"}, strings.NewReader(""), &b, &e); code != 0 {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	if !strings.Contains(b.String(), `"home_of":"argent"`) {
		t.Fatal("the Keleres did not take the Argent's home")
	}
	b.Reset()
	if code := run([]string{"new", "--players", "3", "--factions", "keleres,argent,hacan", "--keleres-home", "argent"}, strings.NewReader(""), &b, &e); code == 0 {
		t.Fatal("the home of a faction played was taken")
	}
}

// `mecatol new --no-codex` sets a game up without the Codex.
func TestNewWithoutTheCodex(t *testing.T) {
	var b, e strings.Builder
	if code := run([]string{"new", "--players", "3", "--no-codex", "--json"}, strings.NewReader(""), &b, &e); code != 0 {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	if !strings.Contains(b.String(), `"no_codex": true`) && !strings.Contains(b.String(), `"no_codex":true`) {
		t.Fatalf("no no_codex in %.300s", b.String())
	}
}

func TestGalacticEmpiresSimPlayAndReplay(t *testing.T) {
	code, out, errOut := cli(t, "sim", "--game", "ge", "--games", "6", "--bots", "greedy,random")
	if code != 0 || !strings.Contains(out, "games/s") || !strings.Contains(out, "went wrong: 0") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	code, _, errOut = cli(t, "sim", "--game", "chess")
	if code == 0 || !strings.Contains(errOut, "no game") {
		t.Fatalf("an unknown game: %d %s", code, errOut)
	}
	code, out, errOut = cli(t, "play", "--game=ge", "--bots", "greedy", "--seed", "4")
	if code != 0 || !strings.Contains(out, "wins.") {
		t.Fatalf("bots play to a winner: %d\n%s\n%s", code, out, errOut)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "reserve fleet:") && !strings.Contains(line, "hidden card") {
			t.Fatalf("a bot's reserve fleet shows before the ante: %s", line)
		}
	}
	code, out, _ = cliIn(t, "1\n1\nq\n", "play", "--game", "ge", "--bots", "human,greedy")
	if code != 0 || !strings.Contains(out, "Seat 0 to act") {
		t.Fatalf("a human seat is asked: %d\n%s", code, out)
	}
	dir := t.TempDir()
	path := dir + "/g.json"
	os.WriteFile(path, []byte(`{"game":"ge","config":{"decks":["basic_a","basic_b"],"seed":2},"actions":[{"kind":"reserve","seat":0,"card":-1,"target":-1},{"kind":"reserve","seat":1,"card":-1,"target":-1}]}`), 0o644)
	code, out, errOut = cli(t, "replay", path)
	if code != 0 || !strings.Contains(out, "2 actions replayed") {
		t.Fatalf("replay: %d\n%s\n%s", code, out, errOut)
	}
}
