package ti4

import (
	"strings"
	"testing"
)

// Each invariant fails on a state broken in its way, and names the rule or
// the card concerned: a check that could never fail would prove nothing.
func TestCheckInvariantsCatchesEachBreak(t *testing.T) {
	tests := []struct {
		name, want string
		breakIt    func(s *State)
	}{
		{"component limit (23.4)", "23.4", func(s *State) {
			s.System(1).Space = add(s.System(1).Space, 0, "war_sun", 3)
		}},
		{"control follows units (25.5)", "25.5", func(s *State) {
			pl, _ := s.Planet("Quann")
			pl.Controller, pl.Units = 0, []Stack{{Owner: 1, Unit: "infantry", Count: 1}}
		}},
		{"a planet held without units or token (25.4)", "25.4", func(s *State) {
			pl, _ := s.Planet("Quann")
			pl.Controller, pl.ControlToken = 0, false
		}},
		{"captured units count against the limit (17.1, 23.4)", "23.4", func(s *State) {
			s.Players[1].Captured = append(s.Players[1].Captured, Captive{Owner: 0, Unit: "war_sun", Count: 3})
		}},
		{"fighters beyond capacity, another player's (16)", "16", func(s *State) {
			home := s.System(s.Players[2].Home) // two carriers hold eight, the dock three more
			home.Space = add(home.Space, 2, "fighter", 12)
		}},
		{"negative trade goods", "negative", func(s *State) { s.Players[1].TradeGoods = -1 }},
		{"command tokens over 16", "command tokens", func(s *State) { s.Players[2].Tactic += 20 }},
		{"unbacked victory point (98)", "98", func(s *State) { s.Players[0].VP++ }},
		{"ships beyond the fleet pool (37)", "37", func(s *State) {
			s.System(1).Space = add(s.System(1).Space, 0, "destroyer", 8)
		}},
		{"an action card in two places", "card ", func(s *State) {
			s.Players[0].ActionCards = append(s.Players[0].ActionCards, s.Decks.ActionCards[0])
		}},
		{"an action card swapped for another's copy", "card ", func(s *State) {
			d := s.Decks.ActionCards
			for i := range d {
				if d[i] != d[0] {
					d[i] = d[0] // the count of cards holds; one card is twice, another gone
					break
				}
			}
		}},
		{"a secret objective lost", "card ", func(s *State) { s.Decks.Secrets = s.Decks.Secrets[1:] }},
		{"an exploration card twice", "card ", func(s *State) {
			d := s.Decks.Exploration["cultural"]
			s.Decks.Exploration["cultural"] = append(d, d[0])
		}},
		{"a promissory note in two hands", "promissory note", func(s *State) {
			s.Players[1].Promissory = append(s.Players[1].Promissory, s.Players[0].Promissory[0])
		}},
		{"a promissory note lost", "promissory note", func(s *State) { s.Players[2].Promissory = s.Players[2].Promissory[1:] }},
		{"an unknown card", "unknown card", func(s *State) { s.Decks.AgendaDiscard = append(s.Decks.AgendaDiscard, "no_such_agenda") }},
		{"an eliminated player with units (33.2)", "33", func(s *State) { s.Players[2].Eliminated = true }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := fixture(t, fixtureConfig(), nil)
			s := g.State()
			if err := CheckInvariants(s); err != nil {
				t.Fatalf("a fresh game: %v", err)
			}
			tc.breakIt(s)
			err := CheckInvariants(s)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error naming %q", err, tc.want)
			}
		})
	}
}
