package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// Blockades (LRR 14): a player's unit with Production is blockaded in a
// system that holds other players' ships and none of its owner's.

// Blockaders lists the players blockading seat's units with Production in
// a system; none when seat has no such unit there or has ships there.
func (s *State) Blockaders(seat int, sys *System) []int {
	if shipsOf(sys, seat) || !s.producesHere(seat, sys) {
		return nil
	}
	var out []int
	for _, st := range sys.Space {
		if st.Owner != seat && isShip(st.Unit) && !containsSeat(out, st.Owner) {
			out = append(out, st.Owner)
		}
	}
	return out
}

func (s *State) producesHere(seat int, sys *System) bool {
	if s.producesInSpace(seat, sys) {
		return true
	}
	for _, pl := range sys.Planets {
		if s.producesOn(seat, pl) {
			return true
		}
	}
	return false
}

func containsSeat(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// blockadeFollowUps returns captured units to a player who blockades their
// captor's space dock (14.2, 17.2c).
func blockadeFollowUps(s *State) []Event {
	if s.Combat != nil || !slices.ContainsFunc(s.Players, func(p *Player) bool { return len(p.Captured) > 0 }) {
		return nil // nothing captured: nothing to return (the usual case, checked first)
	}
	for _, sys := range s.Systems {
		for _, p := range s.Players {
			if p.Eliminated || len(p.Captured) == 0 {
				continue
			}
			for _, b := range s.Blockaders(p.Seat, sys) {
				for _, c := range p.Captured {
					if c.Owner == b {
						return s.emit(Event{Kind: EvCaptiveReturned, Seat: p.Seat, Owner: b, Unit: c.Unit, Count: c.Count})
					}
				}
			}
		}
	}
	return nil
}

// captureBarred reports, from rules version 13, that an ability's capture
// by captor of owner's units is forbidden: owner blockades a unit of
// captor's with Production, a space dock for every faction that captures
// (17.6). The referee's capture is refused by checkCaptureAllowed in every
// version.
func (s *State) captureBarred(captor, owner int) bool {
	return s.rules() >= RulesWindows && captor != owner && checkCaptureAllowed(s, captor, owner) != nil
}

// checkCaptureAllowed is 17.6: a player whose space dock is blockaded
// cannot capture the blockading player's units.
func checkCaptureAllowed(s *State, captor, owner int) error {
	for _, sys := range s.Systems {
		if containsSeat(s.Blockaders(captor, sys), owner) {
			return engine.Refuse("17.6", "seat %d's units with Production are blockaded by seat %d, who cannot be captured from now", captor, owner)
		}
	}
	return nil
}
