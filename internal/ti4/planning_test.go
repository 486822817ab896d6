package ti4

import (
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// The planning questions a bot asks agree with the scoring code: a goal of
// presence is met exactly when its objective's condition is, Meets is the
// condition, and Affordable is what scoring checks; over random games, at
// every player and every 40 actions.
func TestPlanningAgreesWithScoring(t *testing.T) {
	ids := []string{"explore_deep_space", "patrol_vast_territories", "intimidate_council", "make_history", "become_a_legend",
		"populate_the_outer_rim", "control_the_borderlands", "control_the_region", "learn_the_secrets_of_the_cosmos",
		"threaten_enemies", "cut_supply_lines"}
	met := map[string]int{}
	for seed := uint64(1); seed <= 3; seed++ {
		g, err := NewGame(Config{Players: 6, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRNG(seed)
		for i := 0; i < 2500 && g.State().Phase != PhaseOver; i++ {
			s := g.State()
			if i%40 == 0 {
				checkPlanning(t, s, ids, met)
			}
			moved := false
			for _, q := range s.Active() {
				if l := Legal(s, engine.NewRNG(0), q); len(l) > 0 {
					if err := g.Play(l[r.IntN(len(l))]); err != nil {
						t.Fatal(err)
					}
					moved = true
					break
				}
			}
			if !moved {
				t.Fatal("no seat can act")
			}
		}
	}
	if met["make_history"] == 0 || met["threaten_enemies"] == 0 || met["learn_the_secrets_of_the_cosmos"] == 0 {
		t.Fatalf("the games met too few goals to test them: %v", met)
	}
}

func checkPlanning(t *testing.T, s *State, ids []string, met map[string]int) {
	t.Helper()
	for _, p := range s.Players {
		for _, id := range ids {
			goal, ok := s.SystemGoal(p.Seat, id)
			if !ok {
				t.Fatalf("%s has no goal", id)
			}
			n := 0
			for _, sys := range s.Systems {
				if goal.Counts(sys) && goal.Has(sys, p.Seat) {
					n++
				}
			}
			if (n >= goal.Need) != conditions[id](s, p.Seat) || s.Meets(p.Seat, id) != conditions[id](s, p.Seat) {
				t.Fatalf("round %d seat %d %s: %d systems of %d, condition %v", s.Round, p.Seat, id, n, goal.Need, conditions[id](s, p.Seat))
			}
			if n >= goal.Need {
				met[id]++
			}
		}
		for id, c := range objectiveCosts {
			got, ok := ObjectiveCost(id)
			if !ok || got != c || s.Affordable(p.Seat, c) != s.affordable(p.Seat, c) || s.Meets(p.Seat, id) {
				t.Fatalf("%s: cost %v %v", id, got, ok)
			}
		}
	}
	// The numbers printed on the cards, pinned apart from the table.
	printed := map[string]int{"explore_deep_space": 3, "patrol_vast_territories": 5, "intimidate_council": 2, "make_history": 2,
		"become_a_legend": 4, "populate_the_outer_rim": 3, "control_the_borderlands": 5, "control_the_region": 6,
		"learn_the_secrets_of_the_cosmos": 3, "threaten_enemies": 1, "cut_supply_lines": 1}
	for id, n := range printed {
		if g, _ := s.SystemGoal(0, id); g.Need != n {
			t.Fatalf("%s needs %d systems, not %d", id, n, g.Need)
		}
	}
	if _, ok := s.SystemGoal(0, "expand_borders"); ok {
		t.Fatal("expand_borders is not a goal of presence")
	}
}

// ActionKinds are the players' kinds: every kind but the referee's.
func TestActionKindsLeaveOutTheReferee(t *testing.T) {
	kinds := ActionKinds()
	if len(kinds) != len(actionKinds)-len(effectKinds) {
		t.Fatalf("%d kinds", len(kinds))
	}
	for _, k := range kinds {
		for _, e := range effectKinds {
			if k == e {
				t.Fatalf("%s is the referee's", k)
			}
		}
	}
}
