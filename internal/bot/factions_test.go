package bot

import (
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

// baseFactions are the 17 factions of the base game.
var baseFactions = []string{"arborec", "letnev", "saar", "muaat", "hacan", "sol", "creuss", "l1z1x", "mentak",
	"naalu", "nekro", "sardakk", "jolnar", "winnu", "xxcha", "yin", "yssaril"}

// pokFactions are the 7 factions of Prophecy of Kings.
var pokFactions = []string{"argent", "empyrean", "mahact", "naazrokha", "nomad", "titans", "vuilraith"}

// Six players of the Prophecy of Kings factions, as the base factions'
// test below: a game of them, every invariant checked and replayed, ends
// with a player at 10 points within 100 seeds.
func TestSixPoKFactionsPlayToAWinner(t *testing.T) {
	if testing.Short() {
		t.Skip("plays up to 100 six-player games")
	}
	playsToAWinner(t, pokFactions, 900)
}

// Six players of the base factions, greedy bots, every invariant checked
// after every action and the game replayed byte for byte: games are played
// in turn, six factions each, the seats taking every base faction in turn,
// until one ends with a player at 10 victory points; one must, within 100.
func TestSixBaseFactionsPlayToAWinner(t *testing.T) {
	if testing.Short() {
		t.Skip("plays up to 100 six-player games")
	}
	playsToAWinner(t, baseFactions, 500)
}

// playsToAWinner plays six-player games of greedy bots, the seats taking
// pool's factions in turn, from seed on, until one ends with a player at 10
// victory points; one must, within 100.
func playsToAWinner(t *testing.T, pool []string, seed uint64) {
	t.Helper()
	for i := 0; i < 100; i++ {
		factions := make([]string, 6)
		for k := range factions {
			factions[k] = pool[(6*i+k)%len(pool)]
		}
		rng := engine.NewRNG(seed + uint64(i))
		bots := make([]Bot, 6)
		for k := range bots {
			bots[k] = Greedy{&rng}
		}
		o := Play(ti4.Config{Players: 6, Factions: factions, Seed: seed + uint64(i)}, bots, 14, true)
		if o.Err != "" {
			t.Fatalf("game %d %v: %s: %s", i, factions, o.Ended, o.Err)
		}
		if o.Ended == "target reached" && o.VP[o.Winner] >= 10 {
			t.Logf("game %d %v: %s wins with %d points in round %d, %d actions", i, factions, factions[o.Winner], o.VP[o.Winner], o.Rounds, o.Actions)
			return
		}
	}
	t.Fatalf("no six-player game of %v reached 10 points", pool)
}
