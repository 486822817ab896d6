package ti4

import (
	"reflect"
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// The dice kept with their units make the hits the roll makes: owedOf
// agrees with roundHits for every kind of roll it handles ([0.0.1]'s
// directed hits, J.N.S. Hylarim's 9s, Fighter Prototype's fighters,
// Munitions Reserves' rerolls).
func TestDice_KeptDiceOweWhatTheRollOwes(t *testing.T) {
	cfg := fixtureConfig("l1z1x", "jolnar", "sardakk")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, nil)
	s := g.State()
	fleets := [][]Stack{
		{{Owner: 0, Unit: "flagship", Count: 1}, {Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "fighter", Count: 3}},
		{{Owner: 1, Unit: "flagship", Count: 1}, {Owner: 1, Unit: "cruiser", Count: 2}, {Owner: 1, Unit: "fighter", Count: 2}},
		{{Owner: 2, Unit: "carrier", Count: 1}, {Owner: 2, Unit: "destroyer", Count: 3}},
	}
	c := &Combat{Kind: "space", Attacker: 0, Defender: 1}
	for seed := uint64(1); seed <= 300; seed++ {
		for seat, fleet := range fleets {
			mod, fighterMod, reroll := int(seed%3)-1, int(seed%2), seed%4 == 0
			r1, r2 := engine.NewRNG(seed), engine.NewRNG(seed)
			var f1, f2 []int
			var dice []Die
			want := s.roundHits(seat, 1-min(seat, 1), fleet, mod, fighterMod, reroll, &r1, &f1, nil)
			got := s.roundHits(seat, 1-min(seat, 1), fleet, mod, fighterMod, reroll, &r2, &f2, &dice)
			if !reflect.DeepEqual(want, got) || !slices.Equal(f1, f2) {
				t.Fatalf("seed %d: keeping the dice changed the roll", seed)
			}
			cc := *c
			cc.Attacker, cc.Defender = seat, 1-min(seat, 1)
			if seat == 1 {
				cc.Defender = 0
			}
			if owed := owedOf(&cc, dice); !reflect.DeepEqual(owed, slices.Clip(want)) && !(len(owed) == 0 && len(want) == 0) {
				t.Fatalf("seed %d seat %d: the dice owe %+v, the roll %+v (dice %+v)", seed, seat, owed, want, dice)
			}
		}
	}
}

// hacanAttacks stages the Hacan (seat 0) moving ships from system 22 into
// Sol's system 9 with the dice fixed, to the first round's roll.
func hacanAttacks(t *testing.T, hacan []Stack, stage func(s *State), dice []int) *Game {
	t.Helper()
	cfg := fixtureConfig("hacan", "sol", "letnev")
	cfg.Rules = RulesCurrent
	s, rng, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.System(22).Space = hacan
	s.System(9).Space = []Stack{{Owner: 1, Unit: "dreadnought", Count: 1}}
	if stage != nil {
		stage(s)
	}
	if err := rng.FixDice(dice); err != nil {
		t.Fatal(err)
	}
	g := fixtureFrom(t, s, rng)
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	for _, st := range hacan {
		do(t, g, moveShips(0, 22, st.Unit, st.Count))
	}
	do(t, g, act(ActEndMovement, 0))
	passAnswers(t, g)
	do(t, g, act(ActNoRetreat, 1))
	do(t, g, act(ActNoRetreat, 0))
	return g
}
