package bot

import (
	"encoding/json"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

// spy is a bot that remembers every view it was given.
type spy struct {
	r     Random // not embedded: a spy is not Blind
	seat  int
	views []string
}

func (s *spy) Name() string { return "spy" }

func (s *spy) Choose(v *ti4.View, legal []ti4.Action) (ti4.Action, error) {
	b, _ := json.Marshal(v)
	s.views = append(s.views, string(b))
	if v.Seat != s.seat {
		panic("a bot was shown another seat's view")
	}
	return s.r.Choose(v, legal)
}

// Random games from many seeds, invariants checked after every action: CI
// runs a few hundred. Each ends cleanly: a winner, or the round limit.
func TestManyRandomGames(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 30
	}
	ended := map[string]int{}
	for i := 0; i < n; i++ {
		rng := engine.NewRNG(uint64(i))
		players := 3 + i%6
		var bots []Bot
		for range players {
			if i%2 == 0 {
				bots = append(bots, Random{&rng})
			} else {
				bots = append(bots, Greedy{&rng})
			}
		}
		o := Play(ti4.Config{Players: players, Seed: uint64(i)}, bots, 2, true)
		ended[o.Ended]++
		if o.Err != "" {
			t.Fatalf("game %d (%d players, %s): %s: %s", i, players, o.Bots[0], o.Ended, o.Err)
		}
	}
	t.Logf("%d games: %v", n, ended)
}

// Whole games, greedy and random seats side by side, to their end, with
// the invariants checked after every action: greedy play reaches the late
// rounds, laws and invasions that short random games do not.
func TestFullMixedGames(t *testing.T) {
	n := 50
	if testing.Short() {
		n = 4
	}
	for i := 0; i < n; i++ {
		rng := engine.NewRNG(uint64(1000 + i))
		players := 3 + i%4
		var bots []Bot
		for k := range players {
			if k%2 == 0 {
				bots = append(bots, Greedy{&rng})
			} else {
				bots = append(bots, Random{&rng})
			}
		}
		o := Play(ti4.Config{Players: players, Seed: uint64(1000 + i)}, bots, 12, true)
		if o.Err != "" {
			t.Fatalf("game %d (%d players): %s: %s", i, players, o.Ended, o.Err)
		}
		if o.Ended == "round limit" {
			t.Fatalf("game %d did not end by round 12", i)
		}
	}
}

// A bot is only ever shown its own seat's view: no other hand, no deck
// order, no RNG.
func TestBotsSeeOnlyTheirSeat(t *testing.T) {
	rng := engine.NewRNG(3)
	spies := []*spy{{Random{&rng}, 0, nil}, {Random{&rng}, 1, nil}, {Random{&rng}, 2, nil}}
	bots := []Bot{spies[0], spies[1], spies[2]}
	Play(ti4.Config{Players: 3, Seed: 3}, bots, 2, true)
	for _, s := range spies {
		for _, v := range s.views {
			if strings.Contains(v, `"rng"`) {
				t.Fatal("a bot saw the RNG")
			}
			var view ti4.View
			json.Unmarshal([]byte(v), &view)
			for _, p := range view.State.Players {
				if p.Seat != s.seat && (p.ActionCards != nil || p.Secrets != nil || p.SecretChoice != nil) {
					t.Fatalf("seat %d saw seat %d's hand", s.seat, p.Seat)
				}
			}
			if view.State.Decks.ActionCards != nil || view.State.Decks.Secrets != nil {
				t.Fatal("a bot saw a deck's order")
			}
		}
	}
}

func TestExternalBot(t *testing.T) {
	// A program that always chooses the first action.
	b, err := NewExternal("sh", "-c", `while read line; do echo 0; done`)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	rng := engine.NewRNG(1)
	bots := []Bot{b, Random{&rng}, Random{&rng}}
	o := Play(ti4.Config{Players: 3, Seed: 1}, bots, 1, true)
	if o.Err != "" || o.Actions == 0 {
		t.Fatalf("%+v", o)
	}
}

// BenchmarkFullGame6 plays random 6-player games to their end (the public
// objectives run out after about nine rounds), without the checks.
func BenchmarkFullGame6(b *testing.B) { benchFullGame(b, false) }

// BenchmarkFullGame6AutoPass is the same with every seat passing forced
// windows automatically, as `mecatol sim` plays by default.
func BenchmarkFullGame6AutoPass(b *testing.B) { benchFullGame(b, true) }

func benchFullGame(b *testing.B, autoPass bool) {
	actions, rounds := 0, 0
	for i := 0; b.Loop(); i++ {
		rng := engine.NewRNG(uint64(i))
		bots := make([]Bot, 6)
		for k := range bots {
			bots[k] = Random{&rng}
		}
		o := Play(ti4.Config{Players: 6, Seed: uint64(i), AutoPass: autoPass, Rules: *benchRules}, bots, 30, false)
		if o.Err != "" {
			b.Fatal(o.Err)
		}
		actions += o.Actions
		rounds += o.Rounds
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/game")
}

func BenchmarkRandomGame6(b *testing.B) {
	for _, check := range []bool{false, true} {
		name := "unchecked"
		if check {
			name = "checked"
		}
		b.Run(name, func(b *testing.B) {
			actions := 0
			for i := 0; b.Loop(); i++ {
				rng := engine.NewRNG(uint64(i))
				bots := make([]Bot, 6)
				for k := range bots {
					bots[k] = Random{&rng}
				}
				o := Play(ti4.Config{Players: 6, Seed: uint64(i)}, bots, 3, check)
				actions += o.Actions
			}
			b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
		})
	}
}

// The greedy bot plays to win: three greedy seats reach the 10-point target
// in some games (ending them, 18.1) and outscore random seats, with every
// invariant checked after every action.
func TestGreedyPlaysForPoints(t *testing.T) {
	const games = 10
	targets, top := 0, 0
	for seed := uint64(0); seed < games; seed++ {
		rng := engine.NewRNG(seed)
		o := Play(ti4.Config{Players: 3, Seed: seed}, []Bot{Greedy{&rng}, Greedy{&rng}, Greedy{&rng}}, 12, true)
		if o.Err != "" {
			t.Fatalf("seed %d: %s: %s", seed, o.Ended, o.Err)
		}
		if o.Ended == "target reached" {
			targets++
		}
		top += slices.Max(o.VP)
	}
	if targets == 0 || top < 5*games {
		t.Fatalf("greedy bots reached the target in %d of %d games, leaders averaging %.1f points", targets, games, float64(top)/games)
	}
	greedy, random := 0, 0
	for seed := uint64(0); seed < games; seed++ {
		rng := engine.NewRNG(seed)
		o := Play(ti4.Config{Players: 4, Seed: seed}, []Bot{Greedy{&rng}, Random{&rng}, Greedy{&rng}, Random{&rng}}, 12, false)
		greedy += o.VP[0] + o.VP[2]
		random += o.VP[1] + o.VP[3]
	}
	if greedy <= 2*random {
		t.Fatalf("greedy seats scored %d, random seats %d", greedy, random)
	}
	t.Logf("%d of %d greedy games reached the target; greedy %d points against random %d", targets, games, greedy, random)
}

// BenchmarkReplay6 validates and applies the logged actions of a whole
// random 6-player game again, from its setup: the work of a server taking
// players' actions, or of replaying a stored game, without choosing them.
// Decoding the setup's JSON is timed too.
func BenchmarkReplay6(b *testing.B) { benchReplay(b, true) }

// BenchmarkActions6 is BenchmarkReplay6 timing only the actions: each is
// validated (Decide), applied, and followed by its automatic steps.
func BenchmarkActions6(b *testing.B) { benchReplay(b, false) }

// loggedGame6 is the random 6-player game BenchmarkActions6 replays: its
// initial snapshot and its log.
func loggedGame6(tb testing.TB) ([]byte, []ti4.Action) {
	tb.Helper()
	rng := engine.NewRNG(1)
	bots := make([]Bot, 6)
	for k := range bots {
		bots[k] = Random{&rng}
	}
	o, g := Run(ti4.Config{Players: 6, Seed: 1, Rules: *benchRules}, bots, 30, false)
	if o.Err != "" {
		tb.Fatal(o.Err)
	}
	return g.Initial(), g.Log()
}

func benchReplay(b *testing.B, timeSetup bool) {
	initial, log := loggedGame6(b)
	actions := 0
	for b.Loop() {
		if !timeSetup {
			b.StopTimer()
		}
		r, err := engine.Load[*ti4.State, ti4.Action, ti4.Event](ti4.Rules{}, initial)
		if err != nil {
			b.Fatal(err)
		}
		if !timeSetup {
			b.StartTimer()
		}
		for _, a := range log {
			if err := r.Play(a); err != nil {
				b.Fatal(err)
			}
		}
		actions += len(log)
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
}

// A checked game is replayed from its log at its end and must come out the
// same, byte for byte; a change made outside the rules is caught and named.
func TestReproducibleCatchesChangesOutsideTheRules(t *testing.T) {
	rng := engine.NewRNG(5)
	o, g := Run(ti4.Config{Players: 4, Seed: 5}, []Bot{Random{&rng}, Greedy{&rng}, Random{&rng}, Greedy{&rng}}, 2, true)
	if o.Err != "" {
		t.Fatalf("%s: %s", o.Ended, o.Err)
	}
	if err := reproducible(g); err != nil {
		t.Fatal(err)
	}
	g.State().Players[1].TradeGoods++ // as a rule reading a map's order, or a bot writing the state, might
	err := reproducible(g)
	if err == nil || !strings.Contains(err.Error(), "players") {
		t.Fatalf("got %v, want the players named", err)
	}
}

// cheat answers with an action the rules refuse.
type cheat struct{}

func (cheat) Name() string { return "cheat" }
func (cheat) Choose(v *ti4.View, _ []ti4.Action) (ti4.Action, error) {
	return ti4.Action{Kind: ti4.ActEndTactical, Seat: v.Seat}, nil
}

// The replay written for a game that failed on an action ends with that
// action, so that `mecatol replay` fails on it the same way: the log alone
// stops just before it.
func TestReplayOfAFailureEndsWithTheFailingAction(t *testing.T) {
	o := Play(ti4.Config{Players: 3, Seed: 2}, []Bot{cheat{}, cheat{}, cheat{}}, 1, false)
	if o.Ended != "refused" {
		t.Fatalf("ended %q (%s), want refused", o.Ended, o.Err)
	}
	sc, err := ti4.DecodeScenario(o.Replay)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Actions) == 0 || !strings.Contains(string(sc.Actions[len(sc.Actions)-1]), ti4.ActEndTactical) {
		t.Fatalf("the replay's actions %s do not end with the refused one", sc.Actions)
	}
	g, err := sc.Run()
	if err == nil || g == nil || g.Len() != len(sc.Actions)-1 {
		t.Fatalf("replaying gave %v, want the last action refused", err)
	}
}

// Games on several goroutines (sim's workers) share only what never
// changes, or changes atomically (Apply's table of appliers): each game
// ends as it does alone. Run under -race by make race.
func TestGamesRunInParallel(t *testing.T) {
	const games = 4
	alone := make([]Outcome, games)
	play := func(seed uint64) Outcome {
		rng := engine.NewRNG(seed)
		return Play(ti4.Config{Players: 3 + int(seed), Seed: seed}, []Bot{Random{&rng}, Greedy{&rng}, Random{&rng}, Greedy{&rng}, Random{&rng}, Greedy{&rng}}[:3+seed], 2, false)
	}
	for i := range alone {
		alone[i] = play(uint64(i))
	}
	together := make([]Outcome, games)
	var wg sync.WaitGroup
	for i := range together {
		wg.Go(func() { together[i] = play(uint64(i)) })
	}
	wg.Wait()
	for i := range alone {
		if alone[i].Actions != together[i].Actions || !slices.Equal(alone[i].VP, together[i].VP) || alone[i].Ended != together[i].Ended {
			t.Errorf("game %d: alone %+v, in parallel %+v", i, alone[i], together[i])
		}
	}
}

// Allocation counts, unlike timings, are the same on every machine: this
// holds the hot path (validate, apply, follow-ups, log) to its measured
// cost with some room, so a change that brings allocations back to it
// fails here rather than only in a benchmark nobody reruns. The game is
// BenchmarkActions6's: 2,029 actions that took 2,878 allocations and
// 0.74 MB (365 bytes each) when this was written; the game grows as
// factions do more, so the limits are per action. Raised from 1.7 and
// 460 when the agents that answer every player's activation came in
// (Captain Mendosa, Emissary Taivra: a window each time, 1.91 and 491).
func TestActionsStayCheapToApply(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts differ under the race detector, which make race runs with -short")
	}
	if *benchRules == 0 {
		// The game it was measured on: version 8 deals other factions at
		// random (the Keleres among them), another path that took 3.40
		// allocations an action, most in the wormhole scans of windows.
		*benchRules = ti4.RulesPoK
		defer func() { *benchRules = 0 }()
	}
	initial, log := loggedGame6(t)
	best := runtime.MemStats{Mallocs: math.MaxUint64, TotalAlloc: math.MaxUint64}
	for range 3 {
		r, err := engine.Load[*ti4.State, ti4.Action, ti4.Event](ti4.Rules{}, initial)
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for _, a := range log {
			if err := r.Play(a); err != nil {
				t.Fatal(err)
			}
		}
		runtime.ReadMemStats(&after)
		best.Mallocs = min(best.Mallocs, after.Mallocs-before.Mallocs)
		best.TotalAlloc = min(best.TotalAlloc, after.TotalAlloc-before.TotalAlloc)
	}
	perAction := float64(best.Mallocs) / float64(len(log))
	bytes := float64(best.TotalAlloc) / float64(len(log))
	t.Logf("%d actions: %d allocations (%.2f each), %d bytes (%.0f each)", len(log), best.Mallocs, perAction, best.TotalAlloc, bytes)
	// The limit moves only with the game played: new abilities change the
	// random game's path (2.00 allocations with Trilossa Aun Mirik's
	// options, where the same path under rules version 6 cost 1.67 before
	// and after this session's changes). The bytes grow with the state's
	// types: Step.Aids (24 bytes more a step copied) took 535 to 545, the
	// allocations the same.
	if perAction > 2.1 || bytes > 560 {
		t.Fatalf("%d actions took %d allocations (%.2f each, limit 2.1) and %.0f bytes each (limit 560)", len(log), best.Mallocs, perAction, bytes)
	}
}
