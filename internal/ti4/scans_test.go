package ti4

import (
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// A scan skipped as quiet must find nothing when run afresh: along random
// games, each settled state's quiet scans are run again on a clone, whose
// scans start unknown.
func TestScansSkipOnlyWhatIsQuiet(t *testing.T) {
	skipped := map[scan]int{}
	randomPlay(t, 6, 3, 1200, func(s *State, seed uint64, i int) {
		fresh := s.Clone()
		rng := engine.NewRNG(seed)
		found := map[scan]bool{
			scanStructures:  len(structureFollowUps(fresh)) > 0,
			scanControl:     len(controlFollowUps(fresh, &rng)) > 0,
			scanExcess:      fresh.anyExcess(),
			scanElimination: len(eliminationFollowUps(fresh, &rng)) > 0,
			scanNotes:       fresh.Trade == nil && len(notesFollowUps(fresh)) > 0,
		}
		for k, f := range found {
			if s.quiet(k) {
				skipped[k]++
				if f {
					t.Fatalf("seed %d, action %d: scan %d was skipped as quiet but finds something", seed, i, k)
				}
			}
		}
	})
	for k := range nScans {
		if skipped[k] == 0 {
			t.Errorf("scan %d was never skipped", k)
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
	Rules{}.Apply(s, Event{Kind: EvTokensSet, Seat: 0, Pools: &Pools{Tactic: 3, Fleet: 2, Strategy: 2}})
	if s.quiet(scanExcess) || !s.quiet(scanControl) || !s.quiet(scanStructures) {
		t.Fatal("a command sheet change must wake the excess scan (the fleet pool) and only it")
	}
	Rules{}.Follow(s, new(engine.RNG))
	home := s.Players[0].Home
	Rules{}.Apply(s, Event{Kind: EvUnitsPlaced, Seat: 1, System: home, Unit: "infantry", Count: 1, Planet: s.System(home).Planets[0].Name})
	for k := range nScans {
		if s.quiet(k) {
			t.Fatalf("scan %d stayed quiet after units were placed", k)
		}
	}
}
