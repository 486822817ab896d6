package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mecatol/mecatol/internal/bot"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

// cmdSim plays many games between bots, in parallel, and reports how fast
// and how they ended; games that break an invariant, panic or get stuck
// are written out for `mecatol replay`.
func cmdSim(args []string, out io.Writer) error {
	fs := flags("sim")
	games := fs.Int("games", 100, "games to play")
	players := fs.Int("players", 6, "players per game")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	botsFlag := fs.String("bots", "random", "bots by seat, cycled: random, greedy, planner, search[:FUTURES|:TIME], exec:PROGRAM")
	workers := fs.Int("workers", 2, "games played at once")
	maxRounds := fs.Int("max-rounds", 10, "stop a game after this many rounds")
	check := fs.Bool("check", true, "check the invariants after every action")
	autoPass := fs.Bool("auto-pass", false, "every seat passes automatically when passing is its only legal action (fewer calls to the bots)")
	outDir := fs.String("out", "sim-failures", "where to write the replays of games that went wrong")
	usageOut := fs.String("usage", "", "write to this file (- for the output) which action kinds and components the games used, and which never")
	if err := parse(fs, args); err != nil {
		return err
	}
	names := strings.Split(*botsFlag, ",")
	if os.Getenv("GOGC") == "" {
		// Self-play keeps a small live heap and allocates fast: collecting
		// less often played about 1.4 times as many games per second here.
		debug.SetGCPercent(400)
	}
	start := time.Now()
	jobs := make(chan int)
	results := make(chan bot.Outcome)
	var wg sync.WaitGroup
	usages := make([]*bot.Usage, max(1, *workers))
	for w := 0; w < max(1, *workers); w++ {
		wg.Add(1)
		if *usageOut != "" {
			usages[w] = bot.NewUsage()
		}
		go func() {
			defer wg.Done()
			u := usages[w]
			for i := range jobs {
				s := *seed + uint64(i)
				rng := engine.NewRNG(s)
				var bots []bot.Bot
				var berr error
				for k := 0; k < *players && berr == nil; k++ {
					var b bot.Bot
					if b, berr = bot.Named(names[k%len(names)], &rng); berr == nil {
						bots = append(bots, b)
					}
				}
				if berr != nil {
					results <- bot.Outcome{Seed: s, Ended: "bot error", Err: berr.Error(), Winner: ti4.None}
					continue
				}
				cfg := ti4.Config{Players: *players, Seed: s, AutoPass: *autoPass}
				if u != nil {
					results <- bot.Count(cfg, bots, *maxRounds, *check, u)
				} else {
					results <- bot.Play(cfg, bots, *maxRounds, *check)
				}
			}
		}()
	}
	go func() {
		for i := 0; i < *games; i++ {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	tty := isTerminal(out)
	ended := map[string]int{}
	bySeat, byFaction, byBot := map[int]int{}, map[string]int{}, map[string]int{}
	actions, rounds, done, failed, agenda := 0, 0, 0, 0, 0
	winVP, seatVP, seats := 0, 0, 0
	botVP, botSeats := map[string]int{}, map[string]int{}
	for o := range results {
		done++
		for i, v := range o.VP {
			seatVP += v
			seats++
			if i < len(o.Bots) {
				botVP[o.Bots[i]] += v
				botSeats[o.Bots[i]]++
			}
			if i == o.Winner {
				winVP += v
			}
		}
		actions += o.Actions
		rounds += o.Rounds
		if o.Agenda {
			agenda++
		}
		ended[o.Ended]++
		if o.Winner >= 0 && o.Winner < len(o.Factions) {
			bySeat[o.Winner]++
			byFaction[o.Factions[o.Winner]]++
			byBot[o.Bots[o.Winner]]++
		}
		if o.Err != "" {
			failed++
			if o.Replay != nil {
				os.MkdirAll(*outDir, 0o755)
				path := filepath.Join(*outDir, fmt.Sprintf("game-%d.json", o.Seed))
				os.WriteFile(path, o.Replay, 0o644)
				fmt.Fprintf(out, "\ngame %d: %s: %s\n  replay with: mecatol replay %s\n", o.Seed, o.Ended, firstLine(o.Err), path)
			} else {
				fmt.Fprintf(out, "\ngame %d: %s: %s\n", o.Seed, o.Ended, firstLine(o.Err))
			}
		}
		if tty {
			bar := strings.Repeat("#", 30*done / *games)
			fmt.Fprintf(out, "\r[%-30s] %d/%d", bar, done, *games)
		}
	}
	if tty {
		fmt.Fprintln(out)
	}
	secs := time.Since(start).Seconds()
	fmt.Fprintf(out, "%d games in %.1fs: %.1f games/s, %.0f actions/s (%d workers, checks %v)\n", done, secs, float64(done)/secs, float64(actions)/secs, *workers, *check)
	if done > 0 {
		fmt.Fprintf(out, "per game: %.0f actions, %.1f rounds\n", float64(actions)/float64(done), float64(rounds)/float64(done))
	}
	if seats > 0 {
		fmt.Fprintf(out, "victory points: winners %.1f, all seats %.1f on average\n", float64(winVP)/float64(max(1, done-failed)), float64(seatVP)/float64(seats))
	}
	fmt.Fprintf(out, "reached the agenda phase: %d of %d games\n", agenda, done)
	fmt.Fprintf(out, "ended: %s\n", counts(ended))
	fmt.Fprintf(out, "winners by seat: %s\n", countsInt(bySeat))
	fmt.Fprintf(out, "winners by faction: %s\n", counts(byFaction))
	fmt.Fprintf(out, "winners by bot: %s\n", counts(byBot))
	var pts []string
	for _, b := range slices.Sorted(maps.Keys(botSeats)) {
		pts = append(pts, fmt.Sprintf("%s %.2f", b, float64(botVP[b])/float64(botSeats[b])))
	}
	fmt.Fprintf(out, "points per seat by bot: %s\n", strings.Join(pts, ", "))
	if *usageOut != "" {
		if err := writeUsage(*usageOut, usages, out); err != nil {
			return err
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d games went wrong", failed)
	}
	return nil
}

// writeUsage merges the workers' counts and writes the report.
func writeUsage(path string, usages []*bot.Usage, out io.Writer) error {
	all := bot.NewUsage()
	for _, u := range usages {
		all.Merge(u)
	}
	if path == "-" {
		all.Write(out)
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	all.Write(f)
	return f.Close()
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func counts(m map[string]int) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] || m[keys[i]] == m[keys[j]] && keys[i] < keys[j] })
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func countsInt(m map[int]int) string {
	s := map[string]int{}
	for k, v := range m {
		s[fmt.Sprintf("seat %d", k)] = v
	}
	return counts(s)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// cmdReplay plays a saved game (a scenario) again, exactly, and shows where
// it ends: the state, or the refusal or panic it stops on.
func cmdReplay(args []string, out io.Writer) error {
	if wantsHelp(args) {
		return helpError{flags("replay")}
	}
	if len(args) != 1 {
		return usageError{fmt.Errorf("replay needs one file"), "replay"}
	}
	if b, err := os.ReadFile(args[0]); err == nil {
		var saved geSaved
		if json.Unmarshal(b, &saved) == nil && saved.Game == "ge" {
			return replayGE(&saved, out)
		}
	}
	sc, err := readScenario(args[0])
	if err != nil {
		return err
	}
	g, err := sc.Run()
	if g != nil {
		fmt.Fprintf(out, "%d actions replayed\n%s", g.Len(), g.State().Summary())
		if ierr := ti4.CheckInvariants(g.State()); ierr != nil {
			fmt.Fprintf(out, "invariant broken: %v\n", ierr)
		}
	}
	return err
}
