package engine

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// race is a tiny module: players take turns rolling a die; the first to 20
// wins. It exercises every part of the core without any TI4.
type raceState struct {
	Totals []int `json:"totals"`
	Turn   int   `json:"turn"`
	Winner int   `json:"winner"` // -1 while playing
}

type raceAction struct {
	Seat int `json:"seat"`
}

type raceEvent struct {
	Seat int `json:"seat"`
	Roll int `json:"roll,omitempty"`
	Won  bool
}

type race struct{}

func (race) NewState() *raceState { return &raceState{} }

func (race) Decide(s *raceState, a raceAction, rng *RNG) ([]raceEvent, error) {
	if a.Seat < 0 || a.Seat >= len(s.Totals) {
		return nil, BadInput("seat", "no seat %d", a.Seat)
	}
	if s.Winner >= 0 {
		return nil, Refuse("R.2", "the game is over")
	}
	if a.Seat != s.Turn {
		return nil, Refuse("R.1", "seat %d is not the active seat", a.Seat)
	}
	return []raceEvent{{Seat: a.Seat, Roll: rng.Die()}}, nil
}

func (race) Apply(s *raceState, e raceEvent) {
	if e.Won {
		s.Winner = e.Seat
		return
	}
	s.Totals[e.Seat] += e.Roll
	s.Turn = (s.Turn + 1) % len(s.Totals)
}

func (race) Follow(s *raceState, _ *RNG) []raceEvent {
	if s.Winner >= 0 {
		return nil
	}
	for i, t := range s.Totals {
		if t >= 20 {
			return []raceEvent{{Seat: i, Won: true}}
		}
	}
	return nil
}

func newRace(t testing.TB, seed uint64) *Game[*raceState, raceAction, raceEvent] {
	t.Helper()
	g, err := New[*raceState, raceAction, raceEvent](race{}, &raceState{Totals: make([]int, 3), Winner: -1}, NewRNG(seed))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func playRace(t testing.TB, g *Game[*raceState, raceAction, raceEvent]) {
	t.Helper()
	for g.State().Winner < 0 {
		if _, err := g.Do(raceAction{Seat: g.State().Turn}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRefusalChangesNothing(t *testing.T) {
	g := newRace(t, 1)
	before, _ := g.Snapshot()
	_, err := g.Do(raceAction{Seat: 1})
	if RuleOf(err) != "R.1" {
		t.Fatalf("want refusal R.1, got %v", err)
	}
	var ie *InputError
	if _, err := g.Do(raceAction{Seat: 9}); !errors.As(err, &ie) {
		t.Fatalf("want input error, got %v", err)
	}
	after, _ := g.Snapshot()
	if !bytes.Equal(before, after) || g.Len() != 0 {
		t.Fatal("a refused action changed the game")
	}
}

func TestFollowUpsRunAfterAction(t *testing.T) {
	g := newRace(t, 2)
	playRace(t, g)
	w := g.State().Winner
	if g.State().Totals[w] < 20 {
		t.Fatalf("winner %d has only %d", w, g.State().Totals[w])
	}
	if RuleOf(g.Check(raceAction{Seat: g.State().Turn})) != "R.2" {
		t.Fatal("actions after the end must be refused")
	}
}

func TestSameSeedSameBytes(t *testing.T) {
	a, b := newRace(t, 7), newRace(t, 7)
	playRace(t, a)
	playRace(t, b)
	sa, _ := a.Snapshot()
	sb, _ := b.Snapshot()
	if !bytes.Equal(sa, sb) {
		t.Fatal("same seed and log gave different states")
	}
	c := newRace(t, 8)
	playRace(t, c)
	if sc, _ := c.Snapshot(); bytes.Equal(sa, sc) {
		t.Fatal("different seeds gave the same game; the RNG is not used")
	}
}

func TestReplayAndUndo(t *testing.T) {
	g := newRace(t, 3)
	var snaps [][]byte
	for g.State().Winner < 0 {
		s, _ := g.Snapshot()
		snaps = append(snaps, s)
		if _, err := g.Do(raceAction{Seat: g.State().Turn}); err != nil {
			t.Fatal(err)
		}
	}
	final, _ := g.Snapshot()
	for n := range snaps {
		at, err := g.At(n)
		if err != nil {
			t.Fatal(err)
		}
		if s, _ := at.Snapshot(); !bytes.Equal(s, snaps[n]) {
			t.Fatalf("replay to %d differs", n)
		}
	}
	r, err := Replay[*raceState, raceAction, raceEvent](race{}, g.Initial(), g.Log())
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := r.Snapshot(); !bytes.Equal(s, final) {
		t.Fatal("full replay differs")
	}
	if err := g.Undo(2); err != nil {
		t.Fatal(err)
	}
	if s, _ := g.Snapshot(); !bytes.Equal(s, snaps[len(snaps)-2]) {
		t.Fatal("undo 2 did not restore the state two actions back")
	}
	// Redoing the same actions after undo rolls the same dice: the RNG state
	// is part of what undo restores.
	playRace(t, g)
	if s, _ := g.Snapshot(); !bytes.Equal(s, final) {
		t.Fatal("redo after undo diverged")
	}
	if err := g.Undo(g.Len() + 1); err == nil {
		t.Fatal("undo past the start must fail")
	}
}

func TestReplayReportsFirstFailure(t *testing.T) {
	g := newRace(t, 4)
	log := []raceAction{{Seat: 0}, {Seat: 1}, {Seat: 1}, {Seat: 2}}
	r, err := Replay[*raceState, raceAction, raceEvent](race{}, g.Initial(), log)
	var re *ReplayError
	if !errors.As(err, &re) || re.Step != 2 || RuleOf(err) != "R.1" {
		t.Fatalf("want failure at step 2 with R.1, got %v", err)
	}
	if r.Len() != 2 {
		t.Fatalf("replay kept %d actions, want 2", r.Len())
	}
}

func TestGoldenSnapshot(t *testing.T) {
	g := newRace(t, 42)
	playRace(t, g)
	got, _ := g.Snapshot()
	checkGolden(t, filepath.Join("testdata", "race.golden.json"), got)
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("snapshot differs from %s:\n got %s\nwant %s", path, got, want)
	}
}

func TestRNG(t *testing.T) {
	r := NewRNG(5)
	var counts [11]int
	for range 100000 {
		counts[r.Die()]++
	}
	if counts[0] != 0 {
		t.Fatal("die rolled 0")
	}
	for f := 1; f <= 10; f++ {
		if counts[f] < 9500 || counts[f] > 10500 {
			t.Fatalf("face %d came up %d times in 100000", f, counts[f])
		}
	}
	a := NewRNG(9)
	a.Uint64()
	j, _ := a.MarshalJSON()
	var b RNG
	if err := b.UnmarshalJSON(j); err != nil {
		t.Fatal(err)
	}
	if a.Uint64() != b.Uint64() {
		t.Fatal("RNG state did not survive JSON")
	}
	if err := b.UnmarshalJSON([]byte(`"zz"`)); err == nil {
		t.Fatal("bad RNG state accepted")
	}
}

func BenchmarkDie(b *testing.B) {
	r := NewRNG(1)
	b.ReportAllocs()
	for b.Loop() {
		r.Die()
	}
}

// The log keeps every action in order across its blocks, and At and Undo
// read it back to any length.
func TestLogAcrossBlocks(t *testing.T) {
	var c chunks[int]
	for i := range 3*chunkLen + 7 {
		c.add(i)
	}
	for _, n := range []int{0, 1, chunkLen - 1, chunkLen, chunkLen + 1, 3*chunkLen + 7} {
		got := c.first(n)
		if len(got) != n {
			t.Fatalf("first(%d) has %d actions", n, len(got))
		}
		for i, v := range got {
			if v != i {
				t.Fatalf("first(%d)[%d] = %d", n, i, v)
			}
		}
	}
	if c.first(0) != nil {
		t.Fatal("an empty log is nil, as it encodes to null")
	}
	for _, r := range [][2]int{{0, 5}, {chunkLen - 2, chunkLen + 3}, {chunkLen, 2 * chunkLen}, {3 * chunkLen, 3*chunkLen + 7}, {7, 3*chunkLen + 7}, {-3, 2}} {
		got := c.span(r[0], r[1])
		if len(got) != r[1]-max(r[0], 0) {
			t.Fatalf("span(%d, %d) has %d actions", r[0], r[1], len(got))
		}
		for i, v := range got {
			if v != max(r[0], 0)+i {
				t.Fatalf("span(%d, %d)[%d] = %d", r[0], r[1], i, v)
			}
		}
	}
	if c.span(3*chunkLen+7, 3*chunkLen+7) != nil || c.span(9, 4) != nil {
		t.Fatal("an empty span is nil")
	}
}

// Play is Do without the events: the same actions give the same bytes, and
// Do reports the follow-ups it applied.
func TestPlayMatchesDo(t *testing.T) {
	a, b := newRace(t, 5), newRace(t, 5)
	won := false
	for a.State().Winner < 0 {
		ev, err := a.Do(raceAction{Seat: a.State().Turn})
		if err != nil {
			t.Fatal(err)
		}
		won = won || ev[len(ev)-1].Won
		if err := b.Play(raceAction{Seat: b.State().Turn}); err != nil {
			t.Fatal(err)
		}
	}
	sa, _ := a.Snapshot()
	sb, _ := b.Snapshot()
	if !bytes.Equal(sa, sb) || a.Len() != b.Len() {
		t.Fatal("Play and Do diverged")
	}
	if !won {
		t.Fatal("Do should return the winning follow-up")
	}
	if err := b.Play(raceAction{Seat: b.State().Turn}); RuleOf(err) != "R.2" {
		t.Fatalf("a refusal through Play: %v", err)
	}
}
