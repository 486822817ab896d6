package ti4

import (
	"slices"
	"strings"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/galaxy"
)

// The Prophecy of Kings status-phase secret objectives (61): each is a
// condition on the board, and Destroy Heretical Works a price paid when it
// is scored.

// hereticalWorks is the secret objective scored by purging two relic
// fragments.
const hereticalWorks = "destroy_heretical_works"

func init() {
	conditions["defy_space_and_time"] = func(s *State, q int) bool { return s.inNexus(q) }
	conditions[hereticalWorks] = func(s *State, q int) bool { return len(s.Players[q].RelicFragments) >= 2 }
	conditions["occupy_the_fringe"] = func(s *State, q int) bool { return s.fringe(q) }
	conditions["produce_en_masse"] = func(s *State, q int) bool { return s.massProduction(q) >= 8 }
	conditions["stake_your_claim"] = func(s *State, q int) bool { return s.stakedClaim(q) }
	conditions["strengthen_bonds"] = func(s *State, q int) bool { return s.othersNoteInPlay(q) }
}

// inNexus: units of seat in the wormhole nexus, on or off the board.
func (s *State) inNexus(seat int) bool {
	for _, sys := range s.Systems {
		if sys.Tile != galaxy.NexusInactive && sys.Tile != galaxy.NexusActive {
			continue
		}
		if unitsIn(sys, seat) {
			return true
		}
	}
	return false
}

// fringe: 9 or more of seat's ground forces on one planet where seat has
// no space dock.
func (s *State) fringe(seat int) bool {
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if count(pl.Units, seat, "space_dock") == 0 && count(pl.Units, seat, "infantry")+count(pl.Units, seat, "mech") >= 9 {
				return true
			}
		}
	}
	return false
}

// massProduction is the largest combined Production of seat's units in
// one system (68.1a).
func (s *State) massProduction(seat int) int {
	most := 0
	for _, sys := range s.Systems {
		most = max(most, s.productionLimit(seat, sys))
	}
	return most
}

// stakedClaim: seat controls a planet in a system where another player
// controls a planet.
func (s *State) stakedClaim(seat int) bool {
	for _, sys := range s.Systems {
		mine, theirs := false, false
		for _, pl := range sys.Planets {
			mine = mine || pl.Controller == seat
			theirs = theirs || (pl.Controller != None && pl.Controller != seat)
		}
		if mine && theirs {
			return true
		}
	}
	return false
}

// othersNoteInPlay: another player's promissory note in seat's play area.
func (s *State) othersNoteInPlay(seat int) bool {
	p := s.Players[seat]
	return slices.ContainsFunc(p.NotesInPlay, func(n string) bool { return noteOwner(n) != p.Faction })
}

// hereticalFragments are the two fragments a score of Destroy Heretical
// Works purges: those the action names (in top), or else the player's
// first two.
func hereticalFragments(p *Player, a Action) ([]string, error) {
	chosen := a.extra().Top
	if len(chosen) == 0 {
		if len(p.RelicFragments) < 2 {
			return nil, engine.Refuse("61.5", "%s holds %d relic fragments; 2 are purged", p, len(p.RelicFragments))
		}
		return slices.Clone(p.RelicFragments[:2]), nil
	}
	if len(chosen) != 2 {
		return nil, engine.BadInput("top", "name 2 relic fragments to purge, not %d", len(chosen))
	}
	left := slices.Clone(p.RelicFragments)
	for _, f := range chosen {
		i := slices.Index(left, f)
		if i < 0 {
			return nil, engine.Refuse("61.5", "%s holds no %s to purge", p, f)
		}
		left = slices.Delete(left, i, i+1)
	}
	return slices.Clone(chosen), nil
}

// secretScoreOptions are the ways to score a secret objective held:
// Destroy Heretical Works is paid for, the others scored as they are.
func secretScoreOptions(p *Player, o string, add func(Action)) {
	if o == hereticalWorks {
		hereticalOptions(p, add)
		return
	}
	add(Action{Kind: ActScore, Card: o})
}

// hereticalOptions are the ways to pay for Destroy Heretical Works: each
// distinct pair of fragment kinds held.
func hereticalOptions(p *Player, add func(Action)) {
	seen := map[[2]string]bool{}
	for i, f := range p.RelicFragments {
		for _, g := range p.RelicFragments[i+1:] {
			k := [2]string{min(f, g), max(f, g)}
			if !seen[k] {
				seen[k] = true
				add(Action{Kind: ActScore, Card: hereticalWorks, ActionExtra: &ActionExtra{Top: []string{k[0], k[1]}}})
			}
		}
	}
}

// debateFeat: a player elected, or whose planet is elected (Drive the
// Debate).
func debateFeat(s *State, e Event) {
	a, _ := agendaCard(e.Card)
	switch {
	case a.Elect == "player":
		if p := s.Player(atoi(e.extra().Outcome)); p != nil {
			p.feat("drive_the_debate")
		}
	case strings.HasSuffix(a.Elect, "planet") || strings.HasSuffix(a.Elect, "mecatol"):
		if pl, _ := s.Planet(e.extra().Outcome); pl != nil && pl.Controller != None {
			s.Players[pl.Controller].feat("drive_the_debate")
		}
	}
}
