package ti4

import (
	"fmt"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// A scan skipped as quiet, wholly or but for some systems, must find what
// it finds when run afresh: along random games, each settled state's scans
// run with its scan records and on a clone, whose scans start unknown.
func TestScansSkipOnlyWhatIsQuiet(t *testing.T) {
	skipped, partly := map[scan]int{}, map[scan]int{}
	run := func(s *State, seed uint64) map[scan]string {
		rng := engine.NewRNG(seed)
		return map[scan]string{
			scanStructures:  fmt.Sprint(structureFollowUps(s)),
			scanControl:     fmt.Sprint(controlFollowUps(s, &rng)),
			scanExcess:      fmt.Sprint(s.anyExcess()),
			scanElimination: fmt.Sprint(eliminationFollowUps(s, &rng)),
			scanNotes:       fmt.Sprint(s.Trade == nil && len(notesFollowUps(s)) > 0),
		}
	}
	randomPlay(t, 6, 3, 1200, func(s *State, seed uint64, i int) {
		for k := range nScans {
			if s.idle(k) {
				skipped[k]++
			}
		}
		kept := s.Clone()
		kept.scans = s.scans
		got, want := run(kept, seed), run(s.Clone(), seed)
		for k := range nScans {
			if got[k] != want[k] {
				t.Fatalf("seed %d, action %d: scan %d with its records finds %s, afresh %s", seed, i, k, got[k], want[k])
			}
		}
		// Then units land in one system, which the board scans read alone.
		kept = s.Clone()
		kept.scans = s.scans
		sys := kept.Systems[i%len(kept.Systems)]
		e := Event{Kind: EvUnitsPlaced, Seat: i % len(kept.Players), System: sys.Pos, Unit: "fighter", Count: 1 + i%3}
		if len(sys.Planets) > 0 && i%2 == 0 {
			e.Planet, e.Unit = sys.Planets[0].Name, "infantry"
		}
		Rules{}.Apply(kept, e)
		for k := range nBoardScans {
			if kept.quiet(k) {
				partly[k]++
			}
		}
		fresh := kept.Clone()
		got, want = run(kept, seed), run(fresh, seed)
		for k := range nScans {
			if got[k] != want[k] {
				t.Fatalf("seed %d, action %d, after %v: scan %d with its records finds %s, afresh %s", seed, i, e, k, got[k], want[k])
			}
		}
	})
	for k := range nScans {
		if skipped[k] == 0 {
			t.Errorf("scan %d was never skipped", k)
		}
		if k < nBoardScans && partly[k] == 0 {
			t.Errorf("board scan %d never read only the changed systems", k)
		}
	}
}

// Changing the board by an event ends every scan's quiet.
func TestScansWakeOnBoardEvents(t *testing.T) {
	g, err := NewGame(Config{Players: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	Rules{}.Follow(s, new(engine.RNG))
	for k := range nScans {
		if !s.quiet(k) {
			t.Fatalf("scan %d is not quiet on a settled board", k)
		}
	}
	Rules{}.Apply(s, Event{Kind: EvStepCleared})
	if !s.quiet(scanControl) {
		t.Fatal("an off-board event woke the scans")
	}
	sheet := func(fleet int) {
		Rules{}.Apply(s, Event{Kind: EvTokensSet, Seat: 0, Pools: &Pools{Tactic: 3, Fleet: fleet, Strategy: 2}})
	}
	sheet(s.Players[0].Fleet)
	if !s.quiet(scanExcess) {
		t.Fatal("a fleet pool that did not shrink woke the excess scan")
	}
	sheet(s.Players[0].Fleet - 1)
	if s.quiet(scanExcess) || !s.quiet(scanControl) || !s.quiet(scanStructures) {
		t.Fatal("a smaller fleet pool must wake the excess scan and only it")
	}
	sheet(s.Players[0].Fleet + 1)
	Rules{}.Follow(s, new(engine.RNG))
	home := s.Players[0].Home
	Rules{}.Apply(s, Event{Kind: EvUnitsPlaced, Seat: 1, System: home, Unit: "infantry", Count: 1, Planet: s.System(home).Planets[0].Name})
	at := s.systemIndex(home)
	for k := range nScans {
		if s.idle(k) {
			t.Fatalf("scan %d stayed idle after units were placed", k)
		}
		if k >= nBoardScans {
			continue
		}
		for i := range s.Systems {
			if s.stale(k, i) != (i == at) {
				t.Fatalf("board scan %d: system %d stale %v after units were placed in system %d only", k, i, s.stale(k, i), at)
			}
		}
	}
}
