package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/ti4/galaxy"
)

// The wormhole nexus (LRR 100) begins off the board with its inactive side
// up: only a gamma wormhole. Once a player has a unit in it or controls
// Mallice it turns to its active side, adding an alpha and a beta wormhole
// (100.2); when ships move in, at the end of the movement step (100.2a).

// EvNexusActive turns the nexus to its active side.
const EvNexusActive = "nexus_activated"

// nexus is the wormhole nexus, or nil in a game without it.
func (s *State) nexus() *System {
	for i := len(s.Systems) - 1; i >= 0; i-- { // off the board: last
		if t := s.Systems[i].Tile; t == galaxy.NexusInactive || t == galaxy.NexusActive {
			return s.Systems[i]
		}
	}
	return nil
}

func nexusFollowUps(s *State) []Event {
	n := s.nexus()
	if n == nil || n.Tile != galaxy.NexusInactive {
		return nil
	}
	if t := s.Tactical; t != nil && t.System == n.Pos && t.Step == TacMovement {
		return nil // 100.2a
	}
	held := len(n.Space) > 0
	for _, pl := range n.Planets {
		held = held || len(pl.Units) > 0 || pl.Controller != None
	}
	if !held {
		return nil
	}
	return s.emit(Event{Kind: EvNexusActive, System: n.Pos, Seat: None})
}

func applyNexus(s *State, e *Event) bool {
	if e.Kind != EvNexusActive {
		return false
	}
	s.System(e.System).Tile = galaxy.NexusActive
	return true
}

// nexusSovereign is Nexus Sovereignty (for): during movement the nexus's
// alpha and beta wormholes do nothing, so a system reaches it, or is reached
// from it, only through another wormhole they share. It filters the
// movement neighbours of pos.
func (s *State) nexusSovereign(pos int, near []int) []int {
	n := s.nexus()
	if n == nil || !s.lawSays(LawNexusAdjacent) {
		return near
	}
	linked := func(a, b int) bool {
		wa := append(slices.Clip(tileOf(s.System(a)).Wormholes), s.Wormholes(a)...)
		wb := append(slices.Clip(tileOf(s.System(b)).Wormholes), s.Wormholes(b)...)
		for _, w := range wa {
			if w != "alpha" && w != "beta" && slices.Contains(wb, w) {
				return true
			}
		}
		return false
	}
	if pos == n.Pos {
		return slices.DeleteFunc(slices.Clone(near), func(q int) bool { return !linked(pos, q) })
	}
	if i := slices.Index(near, n.Pos); i >= 0 && !linked(pos, n.Pos) {
		return slices.Delete(slices.Clone(near), i, i+1)
	}
	return near
}
