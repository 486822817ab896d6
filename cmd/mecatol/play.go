package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

// cmdPlay runs a hot-seat game in the terminal: it shows the board, lists
// the legal actions of the seat to act, and applies the one chosen. With
// --script it plays a scenario's actions instead, showing each result.
func cmdPlay(args []string, in io.Reader, out io.Writer) error {
	fs := flags("play")
	config := setupFlags(fs)
	load := fs.String("load", "", "start from this scenario file (setup, board and actions), then play on")
	script := fs.String("script", "", "play this scenario file's actions, showing each, and stop")
	save := fs.String("save", "", "on leaving, write the game (setup and actions) here as a scenario")
	if err := parse(fs, args); err != nil {
		return err
	}
	sc := &ti4.Scenario{Setup: config()}
	file := *load
	if *script != "" {
		file = *script
	}
	if file != "" {
		var err error
		if sc, err = readScenario(file); err != nil {
			return err
		}
	}
	g, err := sc.Start()
	if err != nil {
		return err
	}
	for i, raw := range sc.Actions {
		a, err := ti4.DecodeAction(raw)
		if err != nil {
			return fmt.Errorf("actions[%d]: %w", i, err)
		}
		if _, err := g.Do(a); err != nil {
			return fmt.Errorf("actions[%d] (%s): %w", i, a.Kind, err)
		}
		if *script != "" {
			fmt.Fprintf(out, "\n== %d. %s\n%s", i+1, describe(a), publicSummary(g.State()))
		}
	}
	if *script != "" {
		return nil
	}
	err = interact(g, in, out)
	if *save != "" {
		if werr := saveGame(*save, sc, g); werr != nil {
			return werr
		}
		fmt.Fprintf(out, "saved to %s\n", *save)
	}
	return err
}

func saveGame(path string, sc *ti4.Scenario, g *ti4.Game) error {
	saved := ti4.Scenario{Setup: sc.Setup, Board: sc.Board}
	for _, a := range g.Log() {
		b, err := json.Marshal(a)
		if err != nil {
			return err
		}
		saved.Actions = append(saved.Actions, b)
	}
	b, err := json.MarshalIndent(saved, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

func describe(a ti4.Action) string {
	b, _ := json.Marshal(a)
	return string(b)
}

// The terminal is shared by every seat (hot seat), so it shows what the
// page would: the board as the seat to act sees it, events as the public
// sees them (the seat's own cards are in its next board and its choices),
// and never a deck's order.

// seatSummary is the board as seat sees it (ti4.Referee: the public).
func seatSummary(s *ti4.State, seat int) string {
	v, err := ti4.ViewFor(s, seat)
	if err != nil {
		return err.Error() + "\n"
	}
	return v.State.Summary()
}

func publicSummary(s *ti4.State) string { return seatSummary(s, ti4.Referee) }

func interact(g *ti4.Game, in io.Reader, out io.Writer) error {
	r := bufio.NewScanner(in)
	show := true
	for {
		s := g.State()
		waiting := ti4.Waiting(s, engine.NewRNG(0))
		if len(waiting) == 0 {
			if show {
				fmt.Fprintf(out, "\n%s", publicSummary(s))
			}
			fmt.Fprintln(out, "No one can act.")
			return nil
		}
		seat := waiting[0]
		if show {
			fmt.Fprintf(out, "\n%s", seatSummary(s, seat))
			show = false
		}
		options := ti4.Legal(s, engine.NewRNG(0), seat)
		fmt.Fprintf(out, "\nRound %d, %s phase. Seat %d (%s) to act:\n", s.Round, s.Phase, seat, s.Players[seat].Faction)
		for i, a := range options {
			fmt.Fprintf(out, "  %3d  %s\n", i+1, describe(a))
		}
		fmt.Fprint(out, "Choose a number, or s (show the board), u (undo), q (quit): ")
		if !r.Scan() {
			return r.Err()
		}
		line := strings.TrimSpace(r.Text())
		switch line {
		case "q", "quit":
			return nil
		case "s":
			show = true
			continue
		case "u":
			if g.Len() == 0 {
				fmt.Fprintln(out, "Nothing to undo.")
			} else if err := g.Undo(1); err != nil {
				return err
			}
			show = true
			continue
		}
		n, err := strconv.Atoi(line)
		if err != nil || n < 1 || n > len(options) {
			fmt.Fprintf(out, "%q is not a choice.\n", line)
			continue
		}
		events, err := g.Do(options[n-1])
		if err != nil {
			var re *engine.RuleError
			if errors.As(err, &re) {
				fmt.Fprintf(out, "Refused under LRR %s: %s\n", re.Rule, re.Reason())
				continue
			}
			return err
		}
		for _, e := range events {
			fmt.Fprintf(out, "  > %s\n", e.For(ti4.Referee))
		}
		show = true
	}
}
