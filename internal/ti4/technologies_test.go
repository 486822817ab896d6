package ti4

import (
	"testing"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Every generic technology of the data is defined, built in the rules code
// for now, or listed as not built with what it needs; none is in two of
// those, and they name no technology the data lacks.
func TestEveryGenericTechnologyIsAccountedFor(t *testing.T) {
	c := data.MustLoad()
	n := 0
	for _, tech := range c.Technologies {
		if tech.Faction != "" || tech.Unit != "" {
			continue
		}
		n++
		_, def := definitions[tech.ID]
		_, inline := techsBuiltInline[tech.ID]
		_, not := techsNotBuilt[tech.ID]
		if k := btoi(def) + btoi(inline) + btoi(not); k != 1 {
			t.Errorf("%s: defined %v, built inline %v, not built %v", tech.ID, def, inline, not)
		}
	}
	if n != 24 {
		t.Fatalf("%d generic technologies in the data, want 24", n)
	}
	for _, m := range []map[string]string{techsBuiltInline, techsNotBuilt} {
		for id := range m {
			if c.Technology(id) == nil {
				t.Errorf("%s is no technology", id)
			}
		}
	}
	items := map[string]bool{}
	for _, x := range Items() {
		items[x.ID] = true
	}
	for id := range definitions {
		if !items[id] {
			t.Errorf("the definition %s is of no component of the data", id)
		}
	}
}

// Neural Motivator (81.3): its owner draws two action cards in the status
// phase; everyone else one.
func TestTech_NeuralMotivator(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil) // Jol-Nar starts with it; Sol and the Hacan do not
	s := g.State()
	if !s.Players[0].HasTech("neural_motivator") || s.Players[2].HasTech("neural_motivator") {
		t.Fatal("the fixture's technologies changed")
	}
	drawn := map[int]int{}
	rng := engineRNG()
	for _, e := range statusDraws(s, &rng) {
		drawn[e.Seat] += len(e.extra().Cards)
	}
	if drawn[0] != 2 || drawn[2] != 1 {
		t.Fatalf("drawn %v: want 2 for Jol-Nar, 1 for the Hacan", drawn)
	}
}

// Hyper Metabolism (81.5): three command tokens in the status phase instead
// of two, as far as reinforcements go (20.3a).
func TestTech_HyperMetabolism(t *testing.T) {
	for _, tc := range []struct {
		name         string
		reinforce    int // tokens left in reinforcements
		want, others int
	}{{"plenty in reinforcements", 16, 3, 2}, {"two left", 2, 2, 2}} {
		cfg := fixtureConfig()
		cfg.Rules = RulesTechs // without Sol's Versatile, which adds one more
		g := fixture(t, cfg, func(s *State) {
			s.Players[1].Techs = append(s.Players[1].Techs, "hyper_metabolism")
			p := s.Players[1]
			p.Tactic, p.Fleet, p.Strategy = 16-tc.reinforce, 0, 0
		})
		s := g.State()
		s.Status = &StatusStep{}
		applyRound(s, &Event{Kind: EvStatusTokens})
		if got := s.Status.Gain[1]; got != tc.want {
			t.Errorf("%s: Sol gains %d, want %d", tc.name, got, tc.want)
		}
		if got := s.Status.Gain[2]; got != tc.others {
			t.Errorf("%s: the Hacan gain %d, want %d", tc.name, got, tc.others)
		}
	}
}

// Sarween Tools (68): each use of Production costs 1 less in all; a unit
// costing 1 is then free, and the discount never goes below nothing.
func TestTech_SarweenTools(t *testing.T) {
	for _, tc := range []struct {
		name    string
		sarween bool
		unit    string
		owed    int
	}{{"a cruiser with it", true, "cruiser", 1}, {"a cruiser without", false, "cruiser", 2}, {"a destroyer with it", true, "destroyer", 0}} {
		t.Run(tc.name, func(t *testing.T) {
			g := tacticalFixture(t, func(s *State) {
				p := s.Players[0]
				p.TradeGoods, p.Fleet, p.Strategy = 0, p.Fleet+p.Strategy, 0 // room in the fleet pool
				if !tc.sarween {
					withoutSarween(s)
				}
			})
			activated(t, g, 0, 22)
			do(t, g, act(ActEndMovement, 0))
			establishControl(t, g, 0)
			do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: tc.unit, Count: 1})
			s := g.State()
			prod, _, _, err := s.production(0)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.owedFor(0, prod, 0); got != tc.owed {
				t.Fatalf("owed %d, want %d", got, tc.owed)
			}
			if tc.owed > 0 {
				refuse(t, g, act(ActEndTactical, 0), "67.1")
				return
			}
			do(t, g, act(ActEndTactical, 0))
		})
	}
}
