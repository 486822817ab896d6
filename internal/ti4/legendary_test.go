package ti4

import (
	"slices"
	"testing"
)

// withPlanet puts a legendary planet the fixture's map lacks into system
// 9, as a Mirage token would be.
func withPlanet(s *State, name string) {
	if pl, _ := s.Planet(name); pl == nil {
		s.System(9).Planets = append(s.System(9).Planets, &Planet{Name: name, Controller: None})
	}
}

// legendaryTurn gives seat 0 control of a legendary planet and ends its
// turn: seat 0 activates system 23 and ends the tactical action.
func legendaryTurn(t *testing.T, planet string, stage func(s *State)) *Game {
	t.Helper()
	g := tacticalFixture(t, func(s *State) {
		withPlanet(s, planet)
		pl, _ := s.Planet(planet)
		pl.Controller, pl.ControlToken = 0, true
		s.Players[0].Commodities = 3
		if stage != nil {
			stage(s)
		}
	})
	activated(t, g, 0, 23)
	do(t, g, act(ActEndMovement, 0))
	do(t, g, act(ActEndTactical, 0))
	return g
}

// 53.2, 53.3: at the end of its holder's turn a legendary planet's ability
// is offered; exhausted, it waits for the status phase (34.2).
func TestRule53_LegendaryAbilities(t *testing.T) {
	for _, c := range []struct {
		planet string
		use    Action
		check  func(s *State) bool
	}{
		{"Mallice", Action{Card: "exterrix_headquarters", Outcome: "convert"}, func(s *State) bool {
			return s.Players[0].TradeGoods == 3 && s.Players[0].Commodities == 0
		}},
		{"Mallice", Action{Card: "exterrix_headquarters", Outcome: "gain"}, func(s *State) bool { return s.Players[0].TradeGoods == 2 }},
		{"Primor", Action{Card: "the_atrament", Planet: "Jol", Count: 2}, func(s *State) bool {
			pl, _ := s.Planet("Jol")
			return count(pl.Units, 0, "infantry") >= 2
		}},
		{"Hope's End", Action{Card: "imperial_arms_vault", Outcome: "mech", Planet: "Nar"}, func(s *State) bool {
			pl, _ := s.Planet("Nar")
			return count(pl.Units, 0, "mech") == 1
		}},
		{"Hope's End", Action{Card: "imperial_arms_vault", Outcome: "draw"}, func(s *State) bool { return len(s.Players[0].ActionCards) == 1 }},
		{Mirage, Action{Card: "mirage_flight_academy", System: ip(22), Count: 2}, func(s *State) bool {
			return count(s.System(22).Space, 0, "fighter") == 3 // one there, two placed
		}},
	} {
		t.Run(c.use.Card+"/"+c.use.Outcome, func(t *testing.T) {
			g := legendaryTurn(t, c.planet, nil)
			st := g.State().Step
			if st == nil || st.Kind != StepRelic || st.Card != c.use.Card || st.Seat != 0 {
				t.Fatalf("step %+v, want %s offered", st, c.use.Card)
			}
			refuse(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: "the_codex", Use: true}, "73.3") // not the card offered
			a := c.use
			a.Kind, a.Seat, a.Use = ActUseRelic, 0, true
			if a.Count > 0 { // at most two units
				b := a
				b.Count = 3
				refuse(t, g, b, "53.3")
			}
			do(t, g, a)
			s := g.State()
			if !c.check(s) || !slices.Contains(s.LegendaryExhausted, c.planet) || s.Step != nil {
				t.Fatalf("not resolved: exhausted %v, step %+v", s.LegendaryExhausted, s.Step)
			}
			checked(t, g)
		})
	}
	// exhausted, it is not offered again
	g := legendaryTurn(t, "Mallice", func(s *State) { s.LegendaryExhausted = []string{"Mallice"} })
	if st := g.State().Step; st != nil {
		t.Fatalf("step %+v: an exhausted ability was offered", st)
	}
}

// 53.2b: the ability card stays exhausted when the planet changes hands,
// and comes back ready when the planet card goes back to the deck.
func TestRule53_2_AbilityFollowsThePlanet(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		withPlanet(s, "Primor")
		pl, _ := s.Planet("Primor")
		pl.Controller, pl.ControlToken = 0, true
		s.LegendaryExhausted = []string{"Primor"}
	})
	do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Primor", ActionExtra: &ActionExtra{Player: ip(1)}})
	if !slices.Contains(g.State().LegendaryExhausted, "Primor") {
		t.Fatal("the card readied when it changed hands")
	}
	do(t, g, Action{Kind: ActLosePlanet, Seat: Referee, Planet: "Primor", ActionExtra: &ActionExtra{Player: ip(1)}})
	if slices.Contains(g.State().LegendaryExhausted, "Primor") {
		t.Fatal("the card is still exhausted after going back to the deck")
	}
}

// 53.3: the ready legendary abilities are those of planets held, whose
// cards are not exhausted: held and ready, exhausted, another player's,
// and a legendary planet not on the board.
func TestRule53_3_ReadyLegendaryAbilities(t *testing.T) {
	for _, c := range []struct {
		name  string
		stage func(s *State)
		want  []string // seat 0's
	}{
		{"held and ready", func(s *State) { s.System(9).Planets[0].Controller = 0 }, []string{"Primor"}},
		{"exhausted", func(s *State) {
			s.System(9).Planets[0].Controller = 0
			s.LegendaryExhausted = []string{"Primor"}
		}, nil},
		{"another player's", func(s *State) { s.System(9).Planets[0].Controller = 1 }, nil},
		{"none on the board", func(s *State) {}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := tacticalFixture(t, func(s *State) {
				if c.name != "none on the board" {
					s.System(9).Planets = []*Planet{{Name: "Primor", Controller: None}}
				}
				c.stage(s)
			})
			s := g.State()
			if got := s.readyLegendary(0); !slices.Equal(got, c.want) {
				t.Fatalf("seat 0: %v, want %v", got, c.want)
			}
			for q := 1; q < len(s.Players); q++ {
				if got := s.readyLegendary(q); len(got) != 0 && c.name != "another player's" {
					t.Fatalf("seat %d: %v, want none", q, got)
				}
			}
		})
	}
}
