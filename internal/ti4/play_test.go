package ti4

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// playRandom plays random legal actions until the game reaches round
// `rounds`+1 or maxActions, checking the invariants after every action.
func playRandom(t *testing.T, g *Game, seed uint64, rounds, maxActions int) (dice int) {
	t.Helper()
	return playRandomPreferring(t, g, seed, rounds, maxActions, nil)
}

// playRandomPreferring is playRandom that, half the time, takes one of the
// legal actions prefer picks when there are any: a fuzz aimed at them.
func playRandomPreferring(t *testing.T, g *Game, seed uint64, rounds, maxActions int, prefer func(Action) bool) (dice int) {
	t.Helper()
	r := engine.NewRNG(seed)
	for i := 0; i < maxActions && g.State().Round <= rounds; i++ {
		s := g.State()
		var seats []int
		var options [][]Action
		for _, q := range s.Active() {
			if l := Legal(s, engine.NewRNG(0), q); len(l) > 0 {
				seats = append(seats, q)
				options = append(options, l)
			}
		}
		if len(seats) == 0 {
			b, _ := json.Marshal(s)
			t.Fatalf("seed %d action %d: no seat has a legal action (deadlock) in %s", seed, i, b)
		}
		k := r.IntN(len(seats))
		a := options[k][r.IntN(len(options[k]))]
		// Lean towards moving ships, so that fleets meet and fight.
		var moves []Action
		for _, o := range options[k] {
			if o.Kind == ActMoveShips {
				moves = append(moves, o)
			}
		}
		if len(moves) > 0 && r.IntN(4) > 0 {
			a = moves[r.IntN(len(moves))]
		}
		if prefer != nil {
			if aimed := slices.DeleteFunc(slices.Clone(options[k]), func(o Action) bool { return !prefer(o) }); len(aimed) > 0 && r.IntN(2) == 0 {
				a = aimed[r.IntN(len(aimed))]
			}
		}
		ev, err := g.Do(a)
		if err != nil {
			t.Fatalf("seed %d: listed action %v refused: %v", seed, a, err)
		}
		for _, e := range ev {
			if e.Kind == EvCombat || e.Kind == EvDice {
				dice += len(e.Rolls)
			}
		}
		if err := CheckInvariants(g.State()); err != nil {
			t.Fatalf("seed %d action %d after %v: %v", seed, i, a, err)
		}
	}
	return dice
}

func TestRandomLegalRounds(t *testing.T) {
	dice := 0
	defer func() {
		if !t.Failed() && dice == 0 {
			t.Fatal("no combat dice were rolled in any game: the test does not reach combat")
		}
		t.Logf("%d combat dice rolled", dice)
	}()
	for seed := uint64(0); seed < 16; seed++ { // random play seldom meets: 16 games so that some fight
		players := 3 + int(seed)%6
		g, err := NewGame(Config{Players: players, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		dice += playRandom(t, g, seed, 4, 20000)
		if g.State().Round <= 4 {
			t.Fatalf("seed %d: stuck in round %d, phase %s", seed, g.State().Round, g.State().Phase)
		}
	}
}
