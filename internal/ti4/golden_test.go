package ti4

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// The same scenario always gives the same bytes; the golden file pins them,
// so any change to setup, the RNG or the encoding shows up here.
func TestGoldenScenario(t *testing.T) {
	for _, name := range []string{"invasion.yaml"} {
		sc, g, err := example(t, name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := g.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", name+".golden.json")
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: state differs from %s", name, path)
		}
		// Undo and redo of the last action return to the same bytes.
		if err := g.Undo(1); err != nil {
			t.Fatal(err)
		}
		raw := sc.Actions[len(sc.Actions)-1]
		a, _ := DecodeAction(raw)
		if _, err := g.Do(a); err != nil {
			t.Fatal(err)
		}
		if again, _ := g.Snapshot(); !bytes.Equal(again, want) {
			t.Fatal("undo then redo changed the state")
		}
	}
}
