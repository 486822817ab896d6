package engine

import "testing"

// A stored log's undo entries drop the actions before them; a bad undo or
// an unknown entry is an error, not a guess.
func TestActionsResolvesUndos(t *testing.T) {
	log := []Entry{{"action", []byte("a")}, {"action", []byte("b")}, {"undo", []byte("1")}, {"action", []byte("c")}}
	got, err := Actions(log)
	if err != nil || len(got) != 2 || string(got[0]) != "a" || string(got[1]) != "c" {
		t.Fatalf("%q %v", got, err)
	}
	for _, bad := range [][]Entry{{{"undo", []byte("1")}}, {{"action", nil}, {"undo", []byte("x")}}, {{"move", nil}}} {
		if _, err := Actions(bad); err == nil {
			t.Errorf("%v resolved", bad)
		}
	}
}
