package ti4

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// example decodes a scenario from examples/ and runs it.
func example(t *testing.T, name string) (*Scenario, *Game, error) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := DecodeScenario(b)
	if err != nil {
		t.Fatal(err)
	}
	g, err := sc.Run()
	return sc, g, err
}

func TestScenarioExamples(t *testing.T) {
	_, g, err := example(t, "invasion.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	if !s.Players[2].Eliminated || s.Speaker != 0 {
		t.Fatalf("Hacan should be out and the speaker token with Jol-Nar; speaker %d", s.Speaker)
	}
	// The board's Sabotage and relic fragment left their decks: every card
	// is in one place.
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
	_, _, err = example(t, "refused.json")
	var se *ScenarioError
	if !errors.As(err, &se) || engine.RuleOf(err) != "25.2" || !strings.Contains(se.Where, "actions[1]") {
		t.Fatalf("want a 25.2 refusal at actions[1], got %v", err)
	}
}

func TestScenarioErrorsNameThePlace(t *testing.T) {
	base := `{"setup": {"players": 3, "seed": 1, "map": "` + fixtureMap + `"}, `
	tests := []struct {
		name, doc, where string
	}{
		{"not json or yaml", "{{{", "top level"},
		{"yaml syntax", "setup: [", "yaml"},
		{"unknown top field", base + `"bored": {}}`, "unknown field"},
		{"bad setup", `{"setup": {"players": 12}}`, "setup"},
		{"bad map", `{"setup": {"players": 3, "map": "1 2 999"}}`, "999"},
		{"no such system", base + `"board": {"systems": [{"pos": 400}]}}`, "board.systems[0]"},
		{"no such planet", base + `"board": {"planets": [{"name": "Vulcan"}]}}`, "board.planets[0]"},
		{"unknown planet field", base + `"board": {"planets": [{"name": "Quann", "colour": 1}]}}`, "board.planets[0]"},
		{"ship on a planet", base + `"board": {"planets": [{"name": "Quann", "units": [{"owner": 0, "unit": "carrier", "count": 1}]}]}}`, "76.1"},
		{"unknown unit", base + `"board": {"systems": [{"pos": 1, "space": [{"owner": 0, "unit": "tie_fighter", "count": 1}]}]}}`, "unknown unit"},
		{"too many", base + `"board": {"systems": [{"pos": 1, "space": [{"owner": 0, "unit": "war_sun", "count": 3}]}]}}`, "23.4"},
		{"too many on planets", base + `"board": {"planets": [{"name": "Quann", "units": [{"owner": 0, "unit": "mech", "count": 3}]}, {"name": "Lodor", "units": [{"owner": 0, "unit": "mech", "count": 2}]}]}}`, "23.4"},
		{"bad owner", base + `"board": {"systems": [{"pos": 1, "space": [{"owner": 5, "unit": "carrier", "count": 1}]}]}}`, "no seat 5"},
		{"faction fixed", base + `"board": {"players": [{"seat": 0, "faction": "sol"}]}}`, "fixed by the setup"},
		{"bad player", base + `"board": {"players": [{"seat": 9}]}}`, "board.players[0]"},
		{"bad action", base + `"actions": [{"kind": "gain_planet", "seat": 0, "planet": "Quann", "extra": 1}]}`, "actions[0]"},
		{"unknown action", base + `"actions": [{"kind": "nuke"}]}`, "unknown action"},
		{"empty", "   ", "empty"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := DecodeScenario([]byte(tc.doc))
			if err == nil {
				_, err = sc.Run()
			}
			if err == nil || !strings.Contains(err.Error(), tc.where) {
				t.Fatalf("got %v, want an error naming %q", err, tc.where)
			}
		})
	}
}

func FuzzDecodeScenario(f *testing.F) {
	for _, name := range []string{"invasion.yaml", "refused.json"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "examples", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"setup": {"players": 3, "seed": 1}, "board": {"clear_units": true}}`))
	f.Add([]byte("setup:\n  players: 4\nactions:\n  - {kind: place_units, seat: 0, system: 1, unit: carrier, count: 1}\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		sc, err := DecodeScenario(b)
		if err != nil {
			return
		}
		if sc.Setup.Players > 8 {
			return
		}
		g, err := sc.Run()
		if g != nil {
			if err := g.State().Validate(); err != nil {
				t.Fatalf("a scenario reached an invalid state: %v", err)
			}
		}
	})
}

func FuzzDecodeAction(f *testing.F) {
	f.Add([]byte(`{"kind": "gain_planet", "seat": 0, "planet": "Quann"}`))
	f.Add([]byte(`{"kind": "place_units", "seat": 1, "system": 2, "planet": "Lodor", "unit": "infantry", "count": 3}`))
	f.Add([]byte(`{"kind": "move_units", "seat": 0, "system": 22, "unit": "carrier", "count": 1, "to": 9}`))
	f.Add([]byte(`{"kind": "capture", "seat": 0, "owner": 1, "system": 28, "unit": "destroyer", "count": 1}`))
	f.Add([]byte(`{"kind": "play_action_card", "seat": 0, "card": "scuttle", "units": [{"system": 22, "unit": "carrier"}, {"system": 99, "planet": "Nar", "unit": "mech"}]}`))
	f.Add([]byte(`{"kind": "resolve_exploration", "seat": 0, "outcome": "remove_infantry"}`))
	f.Add([]byte(`{"kind": "use_relic", "seat": 0, "card": "mirage_flight_academy", "use": true, "system": 22, "count": 2}`))
	f.Add([]byte(`{"kind": "take_card", "seat": 1, "card": "sabotage"}`))
	f.Add([]byte(`[]`))
	g := fixture(f, fixtureConfig(), giveAC(0, "scuttle", "refit_troops"))
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := DecodeAction(b)
		if err != nil {
			return
		}
		before, _ := g.Snapshot()
		if err := g.Check(a); err != nil {
			var re *engine.RuleError
			var ie *engine.InputError
			if !errors.As(err, &re) && !errors.As(err, &ie) {
				t.Fatalf("refusal of %v is untyped: %v", a, err)
			}
		}
		if after, _ := g.Snapshot(); string(after) != string(before) {
			t.Fatal("Check changed the game")
		}
	})
}

// The scenario files under testdata/scenarios are tests: every action's
// expectation ("ok", "refused RULE") is checked by the run.
func TestScenarioFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/scenarios/*.yaml")
	if len(files) < 3 {
		t.Fatalf("only %d scenario files", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			sc, err := DecodeScenario(b)
			if err != nil {
				t.Fatal(err)
			}
			checkedExpect := 0
			if _, err := sc.RunWith(func(Played) { checkedExpect++ }); err != nil {
				t.Fatal(err)
			}
			if checkedExpect != len(sc.Actions) {
				t.Fatalf("%d of %d actions ran", checkedExpect, len(sc.Actions))
			}
		})
	}
}

// An expectation that does not hold fails the run, naming the action; a
// refusal expected is not applied and the run goes on.
func TestScenarioExpectations(t *testing.T) {
	base := `{"setup": {"players": 3, "seed": 7}, "actions": [%s]}`
	gain := `{"kind": "gain_planet", "seat": -1, "player": 0, "planet": "Quann"%s}`
	tests := []struct {
		name, actions, err string
	}{
		{"ok holds", fmt.Sprintf(gain, `, "expect": "ok"`), ""},
		{"a refusal where ok was expected", fmt.Sprintf(gain, "") + "," + fmt.Sprintf(gain, `, "expect": "ok"`), "expected ok, refused"},
		{"acceptance where a refusal was expected", fmt.Sprintf(gain, `, "expect": "refused 25.2"`), "expected refused 25.2, but it was accepted"},
		{"the wrong rule", fmt.Sprintf(gain, "") + "," + fmt.Sprintf(gain, `, "expect": "refused 99.9"`), `expected refused 99.9, refused under "25.2"`},
		{"a refusal expected, and the run goes on", fmt.Sprintf(gain, "") + "," + fmt.Sprintf(gain, `, "expect": "refused 25.2"`) + `,{"kind": "gain_planet", "seat": -1, "player": 1, "planet": "Quann", "expect": "ok"}`, ""},
		{"a bad expectation", fmt.Sprintf(gain, `, "expect": "maybe"`), `"ok" or "refused RULE"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := DecodeScenario([]byte(fmt.Sprintf(base, tc.actions)))
			if err != nil {
				t.Fatal(err)
			}
			_, err = sc.Run()
			if (tc.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.err)) {
				t.Fatalf("err %v, want %q", err, tc.err)
			}
		})
	}
}

// A board may stage relics (they leave the relic deck), and refuses
// tokens and attachments that do not exist; fixed dice must be dice.
func TestScenarioStagingChecks(t *testing.T) {
	run := func(board, extra string) (*Game, error) {
		sc, err := DecodeScenario([]byte(`{"setup": {"players": 3, "seed": 7, "factions": ["jolnar", "sol", "hacan"]}, "board": ` + board + extra + `, "actions": []}`))
		if err != nil {
			return nil, err
		}
		return sc.Start()
	}
	g, err := run(`{"players": [{"seat": 1, "relics": ["the_codex"]}]}`, "")
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(g.State().Decks.Relics, "the_codex") {
		t.Fatal("a staged relic stayed in the relic deck")
	}
	for _, c := range []struct{ board, want string }{
		{`{"systems": [{"pos": 1, "tokens": [{"kind": "wormhole_to_nowhere", "owner": -1}]}]}`, "unknown token"},
		{`{"planets": [{"name": "Quann", "attachments": ["a_moon_base"]}]}`, "no attachment"},
		{`{"players": [{"seat": 1, "relics": ["excalibur"]}]}`, "unknown relic"},
	} {
		if _, err := run(c.board, ""); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.board, err, c.want)
		}
	}
	if _, err := run(`{}`, `, "dice": [11]`); err == nil || !strings.Contains(err.Error(), "1 to 10") {
		t.Errorf("a die showing 11: %v", err)
	}
}
