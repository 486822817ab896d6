package engine

import (
	"bytes"
	"encoding/json"
	"testing"
)

func keyedRace(t *testing.T, key [32]byte) *Game[*raceState, raceAction, raceEvent] {
	t.Helper()
	g, err := New[*raceState, raceAction, raceEvent](race{}, &raceState{Totals: make([]int, 3), Winner: -1}, NewKeyedRNG(key))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A keyed game replays to the same bytes from its snapshot, its key kept
// with the state; the key, not the stream before, decides each action.
func TestKeyedRNGReplaysAndReseedsPerAction(t *testing.T) {
	key := [32]byte{1, 2, 3}
	g := keyedRace(t, key)
	playRace(t, g)
	again, err := Replay[*raceState, raceAction, raceEvent](race{}, g.Initial(), g.Log())
	if err != nil {
		t.Fatal(err)
	}
	a, _ := g.Snapshot()
	b, _ := again.Snapshot()
	if !bytes.Equal(a, b) {
		t.Fatal("a keyed game did not replay to the same bytes")
	}
	var snap Snapshot[*raceState]
	if err := json.Unmarshal(a, &snap); err != nil || !snap.RNG.Keyed() {
		t.Fatalf("the key did not survive the snapshot: %v", err)
	}
	// Action n's stream depends on the key and n alone: the same as a
	// fresh generator reseeded for n, whatever came before.
	r1, r2 := NewKeyedRNG(key), NewKeyedRNG(key)
	for i := 0; i < 17; i++ {
		r1.Die()
	}
	r1.Reseed(5)
	r2.Reseed(5)
	for i := 0; i < 10; i++ {
		if r1.Uint64() != r2.Uint64() {
			t.Fatal("a reseeded stream depends on the draws before it")
		}
	}
	r3 := NewKeyedRNG([32]byte{9})
	r3.Reseed(5)
	r2.Reseed(5)
	if r2.Uint64() == r3.Uint64() {
		t.Fatal("two keys gave the same stream")
	}
	// A plain generator is unchanged by Reseed, so seeded games keep their bytes.
	p, q := NewRNG(4), NewRNG(4)
	p.Reseed(3)
	if p.Uint64() != q.Uint64() {
		t.Fatal("Reseed changed a plain generator")
	}
}

func TestRNGJSONRejectsBadKey(t *testing.T) {
	var r RNG
	for _, in := range []string{`"00:zz"`, `"00:0102"`} {
		if err := json.Unmarshal([]byte(in), &r); err == nil {
			t.Errorf("%s decoded", in)
		}
	}
}

// LastDrew tells an action that used the RNG from one that did not.
func TestLastDrew(t *testing.T) {
	g := newRace(t, 1)
	if _, err := g.Do(raceAction{Seat: 0}); err != nil || !g.LastDrew() {
		t.Fatalf("a roll: drew %v, %v", g.LastDrew(), err)
	}
	quiet := race{}
	_ = quiet
	g.Do(raceAction{Seat: 2}) // refused: the last accepted action still drew
	if !g.LastDrew() {
		t.Fatal("a refusal changed LastDrew")
	}
}

// Fixed dice come first, in order, then drawn dice; they survive the
// snapshot, and replay gives the same game.
func TestFixedDice(t *testing.T) {
	r := NewRNG(1)
	if err := r.FixDice([]int{7, 3, 10}); err != nil {
		t.Fatal(err)
	}
	c := r // a copy (a decision's draft) uses its own place in the list
	if c.Die() != 7 || c.Die() != 3 {
		t.Fatal("the copy does not show the fixed dice")
	}
	if r.Die() != 7 {
		t.Fatal("the copy moved the original along")
	}
	b, _ := json.Marshal(r)
	var back RNG
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Die() != 3 || back.Die() != 10 {
		t.Fatalf("the dice to come did not survive the snapshot: %s", b)
	}
	plain := NewRNG(1)
	plain.FixDice(nil)
	if d := back.Die(); d < 1 || d > 10 {
		t.Fatalf("after the fixed dice: %d", d)
	}
	if err := r.FixDice([]int{0}); err == nil {
		t.Fatal("a die showing 0 was taken")
	}
}

// Roll gives every face of a die of any size, and only those.
func TestRollAnyDie(t *testing.T) {
	r := NewRNG(4)
	for _, sides := range []int{2, 6, 20} {
		seen := map[int]int{}
		for i := 0; i < 200*sides; i++ {
			f := r.Roll(sides)
			if f < 1 || f > sides {
				t.Fatalf("d%d rolled %d", sides, f)
			}
			seen[f]++
		}
		if len(seen) != sides {
			t.Fatalf("d%d showed %d faces", sides, len(seen))
		}
	}
}
