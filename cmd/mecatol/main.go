// Command mecatol is the Mecatol rules engine's command line.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
	"github.com/mecatol/mecatol/internal/ti4/galaxy"
)

const usage = `mecatol: a Twilight Imperium 4 (Prophecy of Kings) rules engine.

Usage:
  mecatol serve [--addr HOST:PORT] [--db FILE.db|postgres://...] [--cache N] [--create-per-minute N] [--conns-per-addr N]
  mecatol sim --game ge [--games N] [--bots random,greedy] [--decks basic_a,basic_b] [--seed S] [--workers W] [--max-moves M]
  mecatol play --game ge [--bots human,greedy] [--decks basic_a,basic_b] [--seed S]   (Galactic Empires in the terminal)
  mecatol sim [--games N] [--players P] [--seed S] [--bots random,greedy,exec:PROG] [--workers W] [--max-rounds R] [--check=false]
  mecatol replay FILE          (plays a saved game again, exactly)
  mecatol loadtest [--games N] [--players P] [--duration D] [--watchers W] [--think D] [--addr URL | --db FILE|URL] [--json]
  mecatol new [--players N] [--seed S] [--factions a,b,..] [--map "<map string>"] [--vp 10|14] [--json] [--svg FILE]
  mecatol map check [--players N] "<map string>"
  mecatol map svg [--players N] [-o FILE] "<map string>"
  mecatol map convert --to async|tts "<map>"   (the map string, or the AsyncTI4 bot's position:tile pairs)
  mecatol scenario [--events] FILE   (JSON or YAML; prints the resulting state as JSON)
  mecatol play [new-game flags] [--load FILE] [--save FILE]   (hot-seat in the terminal)
  mecatol play --script FILE   (plays a scenario's actions, showing the board after each)
  mecatol odds --attacker "<units>" --defender "<units>" [--planet "<units>"] [--invade|--ground] [options] [--json] [--sim N]
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "new":
		err = cmdNew(args[1:], stdout)
	case "map":
		err = cmdMap(args[1:], stdout)
	case "scenario":
		err = cmdScenario(args[1:], stdout)
	case "serve":
		err = cmdServe(args[1:], stdout)
	case "sim", "play":
		err = cmdGame(args[0], args[1:], stdin, stdout)
	case "replay":
		err = cmdReplay(args[1:], stdout)
	case "loadtest":
		err = cmdLoad(args[1:], stdout)
	case "odds":
		err = cmdOdds(args[1:], stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		err = fmt.Errorf("unknown command %q", args[0])
	}
	if err == nil {
		return 0
	}
	var h helpError
	if errors.As(err, &h) {
		fmt.Fprint(stdout, helpText(h.fs.Name(), h.fs))
		return 0
	}
	var u usageError
	if errors.As(err, &u) {
		fmt.Fprintf(stderr, "mecatol: %v\n\n%s", err, helpText(u.cmd, nil))
		return 2
	}
	if rule := engine.RuleOf(err); rule != "" {
		fmt.Fprintf(stderr, "refused under LRR %s: %v\n", rule, err)
		return 1
	}
	fmt.Fprintf(stderr, "mecatol: %v\n", err)
	return 1
}

func flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// setupFlags adds the flags that set a new game up; the returned function
// reads them once the flags are parsed.
func setupFlags(fs *flag.FlagSet) func() ti4.Config {
	players := fs.Int("players", 6, "number of players, 3-8")
	seed := fs.Uint64("seed", 1, "seed for every random choice")
	factions := fs.String("factions", "", "comma-separated faction ids by seat; blank entries are random")
	mapStr := fs.String("map", "", "map string; empty deals a random galaxy")
	vp := fs.Int("vp", 10, "victory points to win: 10 or 14")
	noCodex := fs.Bool("no-codex", false, "play without the Codex: its components as printed")
	keleres := fs.String("keleres-home", "", "the home system the Council Keleres take: mentak, xxcha or argent (empty: the map's or at random)")
	return func() ti4.Config {
		cfg := ti4.Config{Players: *players, Seed: *seed, Map: *mapStr, VictoryPoints: *vp, NoCodex: *noCodex, KeleresHome: *keleres}
		if *factions != "" {
			cfg.Factions = strings.Split(*factions, ",")
		}
		return cfg
	}
}

func cmdNew(args []string, out io.Writer) error {
	fs := flags("new")
	config := setupFlags(fs)
	asJSON := fs.Bool("json", false, "print the whole state as JSON")
	svg := fs.String("svg", "", "also draw the galaxy, home systems in place, to this SVG file")
	if err := parse(fs, args); err != nil {
		return err
	}
	g, err := ti4.NewGame(config())
	if err != nil {
		return err
	}
	if *svg != "" {
		if err := writeSVG(*svg, g.State().Galaxy()); err != nil {
			return err
		}
	}
	if *asJSON {
		b, err := g.Snapshot()
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out, "%s\n", b)
		return err
	}
	_, err = io.WriteString(out, g.State().Summary())
	return err
}

func cmdMap(args []string, out io.Writer) error {
	if len(args) == 0 {
		return usageError{errors.New("map needs check or svg"), ""}
	}
	sub := args[0]
	if sub != "check" && sub != "svg" && sub != "convert" {
		return usageError{fmt.Errorf("map check, map svg or map convert, not map %q", sub), ""}
	}
	fs := flags("map " + sub)
	players := fs.Int("players", 0, "player count; 0 infers it from the home positions")
	file := fs.String("o", "", "write the SVG to this file instead of standard output")
	to := fs.String("to", "async", "map convert: the form to write, tts (the map string) or async (the AsyncTI4 bot's position:tile pairs)")
	rest, ms := mapArgument(args[1:])
	if err := parse(fs, rest); err != nil {
		return err
	}
	if ms == "" && fs.NArg() == 1 {
		ms = fs.Arg(0)
	} else if ms == "" || fs.NArg() > 0 {
		return usageError{errors.New("give the map string as one quoted argument"), fs.Name()}
	}
	if galaxy.IsAsync(ms) { // the AsyncTI4 bot's position:tile pairs
		var err error
		if ms, err = galaxy.FromAsync(ms); err != nil {
			return err
		}
	}
	m, err := galaxy.Parse(ms, *players)
	if err != nil {
		return err
	}
	switch sub {
	case "check":
		for _, w := range m.Warnings() {
			fmt.Fprintf(out, "warning: %s\n", w)
		}
		_, err := io.WriteString(out, m.Summary())
		return err
	case "convert":
		switch *to {
		case "async":
			_, err := fmt.Fprintln(out, m.AsyncString())
			return err
		case "tts":
			_, err := fmt.Fprintln(out, m.String())
			return err
		}
		return usageError{fmt.Errorf("--to is tts or async, not %q", *to), fs.Name()}
	case "svg":
		if *file == "" {
			return m.SVG(out)
		}
		return writeSVG(*file, m)
	}
	return usageError{error: fmt.Errorf("unknown map command %q", sub)}
}

// readScenario reads a scenario file, JSON or YAML.
func readScenario(path string) (*ti4.Scenario, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ti4.DecodeScenario(b)
}

func cmdScenario(args []string, out io.Writer) error {
	fs := flags("scenario")
	withEvents := fs.Bool("events", false, "print every action's events (each roll among them) before the final state")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageError{errors.New("scenario needs one file"), "scenario"}
	}
	sc, err := readScenario(fs.Arg(0))
	if err != nil {
		return err
	}
	var steps []map[string]any
	g, err := sc.RunWith(func(p ti4.Played) {
		if !*withEvents {
			return
		}
		step := map[string]any{"index": p.Index, "action": p.Action, "events": p.Events}
		if p.Err != nil {
			step["refused"] = p.Err.Error()
		}
		steps = append(steps, step)
	})
	if err != nil {
		return err
	}
	snap, err := g.Snapshot()
	if err != nil {
		return err
	}
	if *withEvents {
		b, err := json.Marshal(map[string]any{"steps": steps, "game": json.RawMessage(snap)})
		if err != nil {
			return err
		}
		snap = b
	}
	_, err = fmt.Fprintf(out, "%s\n", snap)
	return err
}

func writeSVG(path string, m *galaxy.Map) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := m.SVG(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
