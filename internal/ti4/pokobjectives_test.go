package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
	"github.com/mecatol/mecatol/internal/ti4/galaxy"
)

// secretCase stages a status-phase scoring step in which seat 0 holds the
// secret objective, and reports whether scoring it is accepted.
func secretCase(t *testing.T, secret string, stage func(s *State)) (*Game, error) {
	t.Helper()
	g := fixture(t, fixtureConfig(), statusScoring(func(s *State) {
		clearChoices(s)
		s.Players[0].Secrets = []string{secret}
		s.Decks.Secrets = slices.DeleteFunc(s.Decks.Secrets, func(c string) bool { return c == secret })
		if stage != nil {
			stage(s)
		}
	}))
	_, err := g.Do(Action{Kind: ActScore, Seat: 0, Card: secret})
	return g, err
}

// clearChoices returns the secrets offered at setup to the deck: the
// choices are made, and no card is in two places.
func clearChoices(s *State) {
	for _, p := range s.Players {
		s.Decks.Secrets = append(s.Decks.Secrets, p.SecretChoice...)
		p.SecretChoice = nil
	}
}

func scoredOr(t *testing.T, name string, g *Game, err error, want bool) {
	t.Helper()
	if want && err != nil {
		t.Fatalf("%s: refused: %v", name, err)
	}
	if !want && engine.RuleOf(err) != "61.5" {
		t.Fatalf("%s: %v, want a refusal under 61.5", name, err)
	}
}

// Defy Space and Time: units in the wormhole nexus, wherever it stands.
func TestRule61_DefySpaceAndTime(t *testing.T) {
	nexus := func(s *State) *System {
		for _, sys := range s.Systems {
			if sys.Tile == galaxy.NexusInactive || sys.Tile == galaxy.NexusActive {
				return sys
			}
		}
		t.Fatal("no nexus")
		return nil
	}
	for _, tc := range []struct {
		name  string
		stage func(s *State)
		want  bool
	}{
		{"a cruiser in the nexus", func(s *State) { nexus(s).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}} }, true},
		{"infantry on Mallice", func(s *State) {
			pl := nexus(s).Planets[0]
			pl.Controller, pl.Units = 0, []Stack{{Owner: 0, Unit: "infantry", Count: 1}}
		}, true},
		{"another player's ship there", func(s *State) { nexus(s).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}} }, false},
		{"nothing there", nil, false},
	} {
		g, err := secretCase(t, "defy_space_and_time", tc.stage)
		scoredOr(t, tc.name, g, err, tc.want)
	}
}

// Destroy Heretical Works: two relic fragments of any kind are purged as
// it is scored; the player chooses which.
func TestRule61_DestroyHereticalWorks(t *testing.T) {
	frags := func(fs ...string) func(s *State) {
		return func(s *State) {
			s.Players[0].RelicFragments = fs
			for _, f := range fs {
				d := explorationDeckOf(f)
				if i := slices.Index(s.Decks.Exploration[d], f); i >= 0 {
					s.Decks.Exploration[d] = slices.Delete(slices.Clone(s.Decks.Exploration[d]), i, i+1)
				}
			}
		}
	}
	g, err := secretCase(t, hereticalWorks, frags("cultural_relic_fragment"))
	scoredOr(t, "one fragment", g, err, false)

	g = fixture(t, fixtureConfig(), statusScoring(func(s *State) {
		clearChoices(s)
		s.Players[0].Secrets = []string{hereticalWorks}
		s.Decks.Secrets = slices.DeleteFunc(s.Decks.Secrets, func(c string) bool { return c == hereticalWorks })
		frags("cultural_relic_fragment", "hazardous_relic_fragment", "hazardous_relic_fragment")(s)
	}))
	var options [][]string
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Kind == ActScore && a.Card == hereticalWorks {
			options = append(options, a.extra().Top)
		}
	}
	if len(options) != 2 {
		t.Fatalf("two ways to pay are offered (a mixed pair, two hazardous), got %v", options)
	}
	refuse(t, g, Action{Kind: ActScore, Seat: 0, Card: hereticalWorks, ActionExtra: &ActionExtra{Top: []string{"cultural_relic_fragment", "cultural_relic_fragment"}}}, "61.5")
	do(t, g, Action{Kind: ActScore, Seat: 0, Card: hereticalWorks, ActionExtra: &ActionExtra{Top: []string{"hazardous_relic_fragment", "hazardous_relic_fragment"}}})
	s := g.State()
	if p := s.Players[0]; p.VP != 1 || !slices.Equal(p.RelicFragments, []string{"cultural_relic_fragment"}) || !slices.Contains(p.ScoredSecrets, hereticalWorks) {
		t.Fatalf("VP %d, fragments %v", p.VP, p.RelicFragments)
	}
	if n := len(slices.DeleteFunc(slices.Clone(s.Decks.Purged), func(c string) bool { return c != "hazardous_relic_fragment" })); n != 2 {
		t.Fatalf("%d hazardous fragments purged, want 2", n)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
}

// Occupy the Fringe: 9 ground forces on one planet without the player's
// space dock; 8 are not enough, nor 9 beside a dock of theirs.
func TestRule61_OccupyTheFringe(t *testing.T) {
	on := func(units ...Stack) func(s *State) {
		return func(s *State) {
			pl, _ := s.Planet("Quann")
			pl.Controller, pl.Units = 0, units
		}
	}
	for _, tc := range []struct {
		name  string
		stage func(s *State)
		want  bool
	}{
		{"9 infantry", on(Stack{Owner: 0, Unit: "infantry", Count: 9}), true},
		{"7 infantry and 2 mechs", on(Stack{Owner: 0, Unit: "infantry", Count: 7}, Stack{Owner: 0, Unit: "mech", Count: 2}), true},
		{"8 infantry", on(Stack{Owner: 0, Unit: "infantry", Count: 8}), false},
		{"9 infantry beside a space dock", on(Stack{Owner: 0, Unit: "infantry", Count: 9}, Stack{Owner: 0, Unit: "space_dock", Count: 1}), false},
	} {
		g, err := secretCase(t, "occupy_the_fringe", tc.stage)
		scoredOr(t, tc.name, g, err, tc.want)
	}
}

// Produce en Masse: units with a combined Production of 8 in one system.
func TestRule61_ProduceEnMasse(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stage func(s *State)
		want  bool
	}{
		// Jol-Nar's home: a space dock on Nar (2 + 2 resources) = 4.
		{"the home dock alone", nil, false},
		{"a second dock on Jol (2 + 1)", func(s *State) {
			pl, _ := s.Planet("Jol")
			pl.Units = append(pl.Units, Stack{Owner: 0, Unit: "space_dock", Count: 1})
		}, false},
		{"with Space Dock II", func(s *State) {
			s.Players[0].Techs = append(s.Players[0].Techs, "space_dock_2")
			pl, _ := s.Planet("Jol")
			pl.Units = append(pl.Units, Stack{Owner: 0, Unit: "space_dock", Count: 1})
		}, true},
	} {
		g, err := secretCase(t, "produce_en_masse", tc.stage)
		scoredOr(t, tc.name, g, err, tc.want)
	}
}

// Stake Your Claim: a planet in a system where another player controls a
// planet.
func TestRule61_StakeYourClaim(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stage func(s *State)
		want  bool
	}{
		{"Arnor and Sol's Lor", func(s *State) {
			a, _ := s.Planet("Arnor")
			l, _ := s.Planet("Lor")
			a.Controller, l.Controller = 0, 1
		}, true},
		{"both planets of the system", func(s *State) {
			a, _ := s.Planet("Arnor")
			l, _ := s.Planet("Lor")
			a.Controller, l.Controller = 0, 0
		}, false},
		{"alone in a system", func(s *State) {
			a, _ := s.Planet("Arnor")
			a.Controller = 0
		}, false},
	} {
		g, err := secretCase(t, "stake_your_claim", tc.stage)
		scoredOr(t, tc.name, g, err, tc.want)
	}
}

// Strengthen Bonds: another player's promissory note in one's play area.
func TestRule61_StrengthenBonds(t *testing.T) {
	g, err := secretCase(t, "strengthen_bonds", func(s *State) {
		s.Players[1].Promissory = slices.DeleteFunc(s.Players[1].Promissory, func(n string) bool { return n == "sol:support_for_the_throne" })
		s.Players[0].NotesInPlay = []string{"sol:support_for_the_throne"}
		s.Players[0].VP = 1 // the note's point
		s.Players[0].CardVP = 1
	})
	scoredOr(t, "Sol's note in Jol-Nar's play area", g, err, true)
	g, err = secretCase(t, "strengthen_bonds", nil)
	scoredOr(t, "no note in play", g, err, false)
}

// Every objective of the data can be scored: by a condition, a price or a
// deed; none is refused as not built. The agenda-phase secrets and Prove
// Endurance are scored where their moment is (the agenda's outcome, the
// last pass of a round).
func TestEveryObjectiveIsBuilt(t *testing.T) {
	c := data.MustLoad()
	n := 0
	for _, o := range slices.Concat(c.Publics, c.Secrets) {
		n++
		if !ObjectiveScorable(o.ID) && o.Phase != "agenda" && o.ID != "prove_endurance" {
			t.Errorf("%s (%s) cannot be scored", o.ID, o.Phase)
		}
	}
	if n < 60 {
		t.Fatalf("only %d objectives in the data", n)
	}
}
