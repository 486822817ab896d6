package engine

import (
	"slices"
	"testing"
)

func TestDefsDefineOnceAndList(t *testing.T) {
	r := Defs[int]{}
	r.Define("card", "b", 2)
	r.Define("card", "a", 1)
	if r["a"] != 1 || !slices.Equal(r.IDs(), []string{"a", "b"}) {
		t.Fatalf("%v", r)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a second definition of an id is accepted")
		}
	}()
	r.Define("card", "a", 3)
}

func TestAsksInTurn(t *testing.T) {
	a := Asks{2, 0, 1}
	if a.Next() != 2 {
		t.Fatal(a)
	}
	a.Answered()
	a = a.Without(1)
	if a.Next() != 0 || len(a) != 1 {
		t.Fatal(a)
	}
	a.Answered()
	if a.Next() != -1 {
		t.Fatal("asked past the last seat")
	}
}
