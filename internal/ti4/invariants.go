package ti4

import (
	"fmt"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// CheckInvariants reports the first thing wrong with a state that no
// sequence of legal actions may reach: component limits (23), control that
// does not follow units (25.4, 25.5), eliminated players holding anything
// (33), players who should be out (33.1), negative tokens, points not
// backed by objectives (98), and exploration cards not in exactly one place.
func CheckInvariants(s *State) error {
	if err := s.Validate(); err != nil {
		return err
	}
	c := data.MustLoad()
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			var buf [8]int
			here := owners(pl, buf[:0])
			if s.Invasion == nil || s.Invasion.Pos != sys.Pos {
				if len(here) == 1 && pl.Controller != here[0] {
					return fmt.Errorf("25.5: only seat %d has units on %s, controlled by %d", here[0], pl.Name, pl.Controller)
				}
				if len(here) == 0 && pl.Controller != None && !pl.ControlToken {
					return fmt.Errorf("25.4: %s held without units or token", pl.Name)
				}
			}
			if pl.Controller != None && s.Players[pl.Controller].Eliminated {
				return fmt.Errorf("33.2: eliminated seat %d controls %s", pl.Controller, pl.Name)
			}
		}
	}
	for _, p := range s.Players {
		if p.Eliminated {
			for _, typ := range UnitTypes {
				if s.OnBoard(p.Seat, typ) > 0 {
					return fmt.Errorf("33.2: eliminated %s has %s on the board", p, typ)
				}
			}
			if len(p.ActionCards)+len(p.Secrets)+len(p.Promissory)+len(p.Techs)+len(p.Captured) > 0 {
				return fmt.Errorf("33: eliminated %s holds cards", p)
			}
		} else if s.ShouldBeEliminated(p.Seat) {
			return fmt.Errorf("33.1: %s meets all three conditions but is in the game", p)
		}
		if got := backedVP(p); !p.Eliminated && p.VP != got {
			return fmt.Errorf("98: %s has %d victory points but only %d are backed by objectives, the custodians token or Imperial", p, p.VP, got)
		}
		if s.CommandReinforcements(p.Seat) < 0 {
			return fmt.Errorf("%s has negative command tokens in reinforcements", p)
		}
	}
	// Ships within the fleet pool and cargo within capacity (37, 16), except
	// while a step waits on a player (the removal itself among them), or
	// movement or a combat is under way (16.3c).
	if s.Combat == nil && (s.Tactical == nil || s.Tactical.Step != TacMovement) && s.Step == nil {
		for _, p := range s.Players {
			if !p.Eliminated && s.hasExcess(p.Seat) {
				return fmt.Errorf("37, 16: %s has units beyond its fleet pool or capacity", p)
			}
		}
	}
	// Every action card, secret objective and agenda is in exactly one place.
	ac, secrets, agendas := 0, 0, 0
	for _, a := range c.ActionCards {
		ac += a.Count
	}
	for _, a := range c.Agendas {
		if !a.PoKRemoved {
			agendas++
		}
	}
	secrets = len(c.Secrets)
	held := len(s.Decks.ActionCards) + len(s.Decks.ActionDiscard)
	heldS := len(s.Decks.Secrets)
	for _, p := range s.Players {
		held += len(p.ActionCards)
		heldS += len(p.Secrets) + len(p.ScoredSecrets) + len(p.SecretChoice)
	}
	if s.PendingAC != nil {
		held++ // played, waiting on Sabotage
	}
	heldA := len(s.Decks.Agendas) + len(s.Decks.AgendaDiscard)
	heldA += len(s.Laws)
	if ag := s.Agenda; ag != nil && ag.Card != "" && !ag.Resolved {
		heldA++ // the agenda being voted on
		if ag.Hidden {
			heldA++ // and Covert Legislation's hidden one
		}
	}
	if held != ac || heldS != secrets || heldA != agendas {
		return fmt.Errorf("cards out of place: %d/%d action cards, %d/%d secret objectives, %d/%d agendas", held, ac, heldS, secrets, heldA, agendas)
	}
	// Every exploration card is in exactly one place.
	total := map[string]int{}
	for _, e := range c.Exploration {
		total[e.ID] += e.Count
	}
	seen := map[string]int{}
	for _, d := range s.Decks.Exploration {
		for _, id := range d {
			seen[id]++
		}
	}
	for _, d := range s.Decks.ExplorationDiscard {
		for _, id := range d {
			seen[id]++
		}
	}
	for _, p := range s.Players {
		for _, id := range p.RelicFragments {
			seen[id]++
		}
	}
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			for _, id := range pl.Attachments {
				seen[id]++
			}
		}
	}
	for id, n := range total {
		if seen[id] != n {
			return fmt.Errorf("exploration card %s: %d in play, %d in the game", id, seen[id], n)
		}
	}
	return nil
}

// backedVP is what a player's scored objectives, the custodians token and
// Imperial's points add up to.
func backedVP(p *Player) int {
	n := len(p.ScoredSecrets) + p.ImperialVP + p.AgendaVP + p.CardVP
	for _, note := range p.NotesInPlay {
		if noteKind(note) == "support_for_the_throne" {
			n++
		}
	}
	if p.Custodian {
		n++
	}
	for _, id := range p.Publics {
		o, _ := objective(id)
		n += max(1, o.Points) // a leaked secret is worth one
	}
	return n
}
