package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ge"
	"github.com/mecatol/mecatol/internal/ge/gebot"
)

// gameOf takes --game NAME (or --game=NAME) out of args: "ti4" (the
// default) or "ge" (Galactic Empires).
func gameOf(args []string) (string, []string, error) {
	game := "ti4"
	var rest []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--game" || a == "-game":
			if i+1 == len(args) {
				return "", nil, usageError{fmt.Errorf("--game needs a name: ti4 or ge"), ""}
			}
			game = args[i+1]
			i++
		case strings.HasPrefix(a, "--game=") || strings.HasPrefix(a, "-game="):
			game = a[strings.Index(a, "=")+1:]
		default:
			rest = append(rest, a)
		}
	}
	if game != "ti4" && game != "ge" {
		return "", nil, usageError{fmt.Errorf("no game %q: ti4 or ge", game), ""}
	}
	return game, rest, nil
}

// geSaved is a Galactic Empires game written out: its setup and actions.
type geSaved struct {
	Game    string      `json:"game"`
	Config  ge.Config   `json:"config"`
	Actions []ge.Action `json:"actions"`
	Error   string      `json:"error,omitempty"`
}

func geBots(names string, seats int, rng *engine.RNG) ([]gebot.Bot, error) {
	list := strings.Split(names, ",")
	var out []gebot.Bot
	for i := 0; i < seats; i++ {
		n := list[i%len(list)]
		if n == "human" {
			out = append(out, nil)
			continue
		}
		b, err := gebot.Named(n, rng)
		if err != nil {
			return nil, fmt.Errorf("%v (or human in play)", err)
		}
		out = append(out, b)
	}
	return out, nil
}

type geResult struct {
	seed    uint64
	out     gebot.Outcome
	saved   *geSaved
	elapsed time.Duration
}

// cmdSimGE plays Galactic Empires games between bots.
func cmdSimGE(args []string, out io.Writer) error {
	fs := flags("sim")
	games := fs.Int("games", 1000, "games to play")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	botsFlag := fs.String("bots", "random,greedy", "bots by seat, cycled: random, greedy")
	decks := fs.String("decks", "basic_a,basic_b", "starter decks by seat")
	workers := fs.Int("workers", 2, "games played at once")
	maxMoves := fs.Int("max-moves", 20000, "stop a game without a winner after this many actions")
	check := fs.Bool("check", true, "check the invariants after every action and replay every game")
	outDir := fs.String("out", "sim-failures", "where to write the games that went wrong")
	if err := parse(fs, args); err != nil {
		return err
	}
	cfg := ge.Config{Decks: strings.Split(*decks, ",")}
	if _, err := geBots(*botsFlag, len(cfg.Decks), nil); err != nil {
		return err
	}
	start := time.Now()
	results := geRun(cfg, *games, *seed, *workers, func(rng *engine.RNG) []gebot.Bot {
		b, _ := geBots(*botsFlag, len(cfg.Decks), rng)
		return b
	}, *maxMoves, *check)
	return geReport(out, results, *games, *outDir, start, *workers, *check, strings.Split(*botsFlag, ","), cfg)
}

func geRun(cfg ge.Config, games int, seed uint64, workers int, bots func(*engine.RNG) []gebot.Bot, maxMoves int, check bool) chan geResult {
	jobs, results := make(chan int), make(chan geResult)
	var wg sync.WaitGroup
	for w := 0; w < max(1, workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				c := cfg
				c.Seed = seed + uint64(i)
				rng := engine.NewRNG(c.Seed ^ 0x9e3779b97f4a7c15)
				t := time.Now()
				o, g := gebot.Play(c, bots(&rng), maxMoves, check)
				r := geResult{seed: c.Seed, out: o, elapsed: time.Since(t)}
				if o.Err != nil && g != nil {
					r.saved = &geSaved{Game: "ge", Config: c, Actions: g.Log(), Error: o.Err.Error()}
				}
				results <- r
			}
		}()
	}
	go func() {
		for i := 0; i < games; i++ {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	return results
}

func geReport(out io.Writer, results chan geResult, games int, outDir string, start time.Time, workers int, check bool, bots []string, cfg ge.Config) error {
	bySeat, byBot := map[int]int{}, map[string]int{}
	done, failed, stalled, actions, turns := 0, 0, 0, 0, 0
	for r := range results {
		done++
		actions += r.out.Actions
		turns += r.out.Turns
		switch {
		case r.out.Err != nil:
			failed++
			fmt.Fprintf(out, "game %d: %v\n", r.seed, firstLine(r.out.Err.Error()))
			if r.saved != nil {
				os.MkdirAll(outDir, 0o755)
				path := filepath.Join(outDir, fmt.Sprintf("ge-%d.json", r.seed))
				b, _ := json.MarshalIndent(r.saved, "", " ")
				os.WriteFile(path, b, 0o644)
				fmt.Fprintf(out, "  replay with: mecatol replay %s\n", path)
			}
		case r.out.Winner < 0:
			stalled++
		default:
			bySeat[r.out.Winner]++
			byBot[bots[r.out.Winner%len(bots)]]++
		}
	}
	secs := time.Since(start).Seconds()
	fmt.Fprintf(out, "%d Galactic Empires games (%s) in %.1fs: %.1f games/s, %.0f actions/s (%d workers, checks and replay %v)\n",
		done, strings.Join(cfg.Decks, " v "), secs, float64(done)/secs, float64(actions)/secs, workers, check)
	if done > 0 {
		fmt.Fprintf(out, "per game: %.0f actions, %.1f complete turns\n", float64(actions)/float64(done), float64(turns)/float64(done))
	}
	fmt.Fprintf(out, "winners by seat: %s; by bot: %s; no winner at the move limit: %d; went wrong: %d\n",
		countsInt(bySeat), counts(byBot), stalled, failed)
	if failed > 0 {
		return fmt.Errorf("%d games went wrong", failed)
	}
	return nil
}

// replayGE plays a saved Galactic Empires game again and checks it.
func replayGE(saved *geSaved, out io.Writer) error {
	g, err := ge.New(saved.Config)
	if err != nil {
		return err
	}
	for i, a := range saved.Actions {
		if err := g.Play(a); err != nil {
			return fmt.Errorf("action %d (%s): %w", i, a.Kind, err)
		}
		if err := ge.Check(g.State()); err != nil {
			return fmt.Errorf("after action %d: invariant broken: %w", i, err)
		}
	}
	fmt.Fprintf(out, "%d actions replayed\n%s", g.Len(), ge.SeatView(g.State(), -1).Summary())
	return gebot.Reproducible(g)
}

// cmdPlayGE is a hot-seat Galactic Empires game in the terminal; seats
// may be bots.
func cmdPlayGE(args []string, in io.Reader, out io.Writer) error {
	fs := flags("play")
	seed := fs.Uint64("seed", 1, "the game's seed")
	decks := fs.String("decks", "basic_a,basic_b", "starter decks by seat")
	botsFlag := fs.String("bots", "human", "who plays each seat, cycled: human, random, greedy")
	if err := parse(fs, args); err != nil {
		return err
	}
	cfg := ge.Config{Decks: strings.Split(*decks, ","), Seed: *seed}
	rng := engine.NewRNG(*seed ^ 0x9e3779b97f4a7c15)
	bots, err := geBots(*botsFlag, len(cfg.Decks), &rng)
	if err != nil {
		return err
	}
	g, err := ge.New(cfg)
	if err != nil {
		return err
	}
	return interactGE(g, bots, bufio.NewScanner(in), out)
}

func interactGE(g *ge.Game, bots []gebot.Bot, r *bufio.Scanner, out io.Writer) error {
	show := true
	for {
		s := g.State()
		if s.Phase == ge.PhaseOver {
			fmt.Fprintf(out, "\n%sSeat %d wins.\n", ge.SeatView(s, -1).Summary(), s.Winner)
			return nil
		}
		seat := ge.Deciding(s)
		v := ge.SeatView(s, seat)
		options := ge.Legal(s, seat)
		if b := bots[seat]; b != nil {
			a := b.Choose(v, options)
			if err := g.Play(a); err != nil {
				return err
			}
			// Said as the public sees it once done: a bot's hidden
			// choices (its reserve fleet) stay hidden from the terminal.
			fmt.Fprintf(out, "seat %d (%s): %s\n", seat, b.Name(), ge.Describe(ge.SeatView(g.State(), -1), a))
			continue
		}
		if show {
			fmt.Fprintf(out, "\n%s", v.Summary())
			show = false
		}
		fmt.Fprintf(out, "\nSeat %d to act:\n", seat)
		for i, a := range options {
			fmt.Fprintf(out, "  %3d  %s\n", i+1, ge.Describe(v, a))
		}
		fmt.Fprint(out, "Choose a number, or s (show the table), u (undo), q (quit): ")
		if !r.Scan() {
			return r.Err()
		}
		quit, err := geChoice(g, strings.TrimSpace(r.Text()), options, out)
		if quit || err != nil {
			return err
		}
		show = true
	}
}

// geChoice carries out one line typed at the prompt.
func geChoice(g *ge.Game, line string, options []ge.Action, out io.Writer) (bool, error) {
	switch line {
	case "q", "quit":
		return true, nil
	case "s":
		return false, nil
	case "u":
		if g.Len() == 0 {
			fmt.Fprintln(out, "Nothing to undo.")
			return false, nil
		}
		return false, g.Undo(1)
	}
	n, err := strconv.Atoi(line)
	if err != nil || n < 1 || n > len(options) {
		fmt.Fprintf(out, "%q is not a choice.\n", line)
		return false, nil
	}
	if err := g.Play(options[n-1]); err != nil {
		var re *engine.RuleError
		if errors.As(err, &re) {
			fmt.Fprintf(out, "Refused under %s: %s\n", re.Rule, re.Reason())
			return false, nil
		}
		return false, err
	}
	return false, nil
}

// cmdGame runs sim or play for the game --game names.
func cmdGame(cmd string, args []string, in io.Reader, out io.Writer) error {
	game, rest, err := gameOf(args)
	if err != nil {
		return err
	}
	switch {
	case cmd == "sim" && game == "ge":
		return cmdSimGE(rest, out)
	case cmd == "sim":
		return cmdSim(rest, out)
	case game == "ge":
		return cmdPlayGE(rest, in, out)
	}
	return cmdPlay(rest, in, out)
}
