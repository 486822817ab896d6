package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// command is one subcommand's help: what it does, how it is called, and an
// example to copy.
type command struct {
	synopsis, usage, example string
}

var commands = map[string]command{
	"serve": {"serve games over HTTP, with the web page", "mecatol serve [flags]",
		"mecatol serve --addr 127.0.0.1:8080 --db mecatol.db"},
	"sim": {"play games between bots, checking every invariant", "mecatol sim [flags]",
		"mecatol sim --games 200 --players 6 --bots random,greedy --workers 2"},
	"replay": {"play a saved game again, exactly, and check it", "mecatol replay FILE",
		"mecatol replay sim-failures/game-17.json"},
	"loadtest": {"play concurrent games through the HTTP API and measure it", "mecatol loadtest [flags]",
		"mecatol loadtest --games 10 --players 4 --duration 10s --watchers 100"},
	"new": {"set a game up and print its summary", "mecatol new [flags]",
		`mecatol new --players 6 --seed 3 --factions jolnar,,sol --json`},
	"map check": {"read a map string and say what is wrong with it", `mecatol map check [flags] "<map string>"`,
		`mecatol map check --players 6 "26 19 20 21 22 23 24 25 36 35 34 33 32 31 30 29 28 27 0 37 38 0 41 42 0 43 44 0 45 39 0 47 48 0 50 40"`},
	"map svg": {"draw a map string as SVG", `mecatol map svg [flags] "<map string>"`,
		`mecatol map svg -o map.svg "26 19 20 21 22 23 24 25 36 35 34 33 32 31 30 29 28 27 0 37 38 0 41 42 0 43 44 0 45 39 0 47 48 0 50 40"`},
	"map convert": {"write a map in the other form: the map string, or the AsyncTI4 bot's position:tile pairs", `mecatol map convert --to async|tts "<map>"`,
		`mecatol map convert --to async "26 19 20 21 22 23 24 25 36 35 34 33 32 31 30 29 28 27 0 37 38 0 41 42 0 43 44 0 45 39 0 47 48 0 50 40"`},
	"scenario": {"apply a scenario (JSON or YAML) and print the state as JSON", "mecatol scenario [--events] FILE",
		"mecatol scenario --events examples/invasion.yaml"},
	"play": {"play hot-seat in the terminal, or replay a script", "mecatol play [flags]",
		"mecatol play --players 3 --seed 1 --save game.json"},
	"odds": {"compute a battle's odds exactly", `mecatol odds --attacker "<units>" --defender "<units>" [flags]`,
		`mecatol odds --attacker "2 dreadnought2, 1 carrier, 4 fighter2, 3 infantry" --defender "3 cruiser, 4 fighter" --planet "1 pds, 2 infantry" --invade`},
}

// helpError asks for a subcommand's help (-h or --help): printed to
// standard output, and not an error.
type helpError struct{ fs *flag.FlagSet }

func (h helpError) Error() string { return "help requested" }

// usageError is a mistake in how a command was called; it names the flag
// or argument, and the command's help follows it.
type usageError struct {
	error
	cmd string
}

// parse reads a subcommand's flags: -h or --help asks for its help, and a
// bad flag is a usage error naming it.
func parse(fs *flag.FlagSet, args []string) error {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		return helpError{fs}
	}
	if err != nil {
		return usageError{err, fs.Name()}
	}
	return nil
}

// wantsHelp reports -h or --help among the arguments of a command without
// flags.
func wantsHelp(args []string) bool {
	for _, a := range args {
		if a == "-h" || a == "--help" || a == "-help" {
			return true
		}
	}
	return false
}

// helpText is a subcommand's help: synopsis, usage, flags, example.
func helpText(name string, fs *flag.FlagSet) string {
	c, ok := commands[name]
	if !ok {
		return usage
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "mecatol %s: %s.\n\nUsage:\n  %s\n", name, c.synopsis, c.usage)
	if fs != nil {
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			b.WriteString("\nFlags:\n")
			fs.SetOutput(&b)
			fs.PrintDefaults()
			fs.SetOutput(io.Discard)
		}
	}
	fmt.Fprintf(&b, "\nExample:\n  %s\n", c.example)
	return b.String()
}

// mapArgument picks a map string out of the arguments, so that one that
// begins with -1 (no tile at the first position) is not read as a flag:
// an argument with a space in it, or a dash before a digit, is the map.
func mapArgument(args []string) (rest []string, ms string) {
	for _, a := range args {
		isMap := strings.ContainsFunc(a, unicode.IsSpace) || (len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9')
		if isMap && ms == "" {
			ms = a
			continue
		}
		rest = append(rest, a)
	}
	return rest, ms
}
