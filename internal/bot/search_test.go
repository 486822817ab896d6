package bot

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

// The search bot's names give its budget; anything else is refused.
func TestSearchBotNames(t *testing.T) {
	for _, c := range []struct {
		name     string
		playouts int
		budget   time.Duration
		ok       bool
	}{
		{"search", 0, 0, true},
		{"search:64", 64, 0, true},
		{"search:1s", 0, time.Second, true},
		{"search:250ms", 0, 250 * time.Millisecond, true},
		{"search:0", 0, 0, false},
		{"search:-3", 0, 0, false},
		{"search:99999999", 0, 0, false},
		{"search:2h", 0, 0, false},
		{"search:fast", 0, 0, false},
		{"searcher", 0, 0, false},
	} {
		b, err := Named(c.name, new(engine.RNG))
		if (err == nil) != c.ok {
			t.Fatalf("%s: error %v, want ok %v", c.name, err, c.ok)
		}
		if !c.ok {
			continue
		}
		s := b.(Search)
		if s.Playouts != c.playouts || s.Budget != c.budget {
			t.Fatalf("%s: %+v", c.name, s)
		}
	}
	if got := (Search{}).Name(); got != "search:32" {
		t.Fatalf("default name %q", got)
	}
}

// steeringView plays a planner game until seat 0 picks a strategy card or
// opens a turn, and returns its view and legal actions there.
func steeringView(t testing.TB, players int, seed uint64, turn bool) (*ti4.Game, *ti4.View, []ti4.Action) {
	t.Helper()
	var v *ti4.View
	var legal []ti4.Action
	g := plannerGame(t, players, seed, 5000, func(s *ti4.State, _ *engine.RNG) bool {
		legal = ti4.Legal(s, engine.NewRNG(0), 0)
		if !steers(legal) || (turn && !slices.ContainsFunc(legal, func(a ti4.Action) bool { return a.Kind == ti4.ActActivate })) {
			return false
		}
		var err error
		if v, err = ti4.ViewFor(s, 0); err != nil {
			t.Fatal(err)
		}
		return true
	})
	if v == nil {
		t.Fatal("seat 0 never steered")
	}
	return g, v, legal
}

// plannerGame plays a game of planners, at most limit actions, until it
// ends or stop, asked before each action with the bots' RNG, says so.
func plannerGame(t testing.TB, players int, seed uint64, limit int, stop func(*ti4.State, *engine.RNG) bool) *ti4.Game {
	t.Helper()
	g, err := ti4.NewGame(ti4.Config{Players: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed)
	bots := make([]Bot, players)
	for i := range bots {
		bots[i] = Planner{&rng}
	}
	last := ti4.None
	for n := 0; n < limit && g.State().Phase != ti4.PhaseOver && !stop(g.State(), &rng); n++ {
		q, a, _, err := next(g.State(), bots, last, nil)
		if err != nil || q == ti4.None {
			t.Fatalf("stuck: %v", err)
		}
		last = q
		if err := g.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// Sequential halving over stub futures: every candidate still running is
// played on the same deal and dice as the others (equal futures), the
// budget is kept (search:1 plays each candidate once), and the best one
// is found though a single future of it can rate below another's.
func TestSearchHalvesTowardsTheBestFuture(t *testing.T) {
	_, v, legal := steeringView(t, 3, 2, true)
	b := Search{RNG: new(engine.RNG), Playouts: 64, Width: 8}
	cands := b.candidates(v, legal)
	if len(cands) < 4 {
		t.Fatalf("%d candidates", len(cands))
	}
	best := len(cands) - 1 // the planner's last choice is the best future
	seeds := map[uint64][]int{}
	plays := 0
	stub := func(d *ti4.State, seat int, a ti4.Action, seed uint64) (float64, bool) {
		plays++
		if seat != 0 || len(d.Decks.ActionCards) == 0 {
			t.Fatal("the future was not played on a dealt state for the seat")
		}
		i := slices.IndexFunc(cands, func(c ti4.Action) bool { return c.String() == a.String() })
		seeds[seed] = append(seeds[seed], i)
		noise := float64(seed%100) - 50 // the same for every candidate on a deal
		return noise + 10*float64(btoi(i == best)) - float64(i%3), true
	}
	got, ok := b.search(v, cands, stub)
	if !ok || got.String() != cands[best].String() {
		t.Fatalf("chose %v (ok %v), want %v", got, ok, cands[best])
	}
	if plays > b.Playouts {
		t.Fatalf("%d futures played for a budget of %d", plays, b.Playouts)
	}
	plays, b.Playouts = 0, 1 // search:1 still plays each candidate once
	if b.search(v, cands, stub); plays != len(cands) {
		t.Fatalf("search:1 played %d futures for %d candidates: one each", plays, len(cands))
	}
	for seed, played := range seeds {
		if !slices.Contains(played, best) {
			t.Fatalf("deal %d left out the candidate still running: %v", seed, played)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The search chooses from its seat's view alone: another seat's hidden
// hand and secrets, and the decks' orders, do not change its choice; and
// the same bot seed gives the same choice.
func TestSearchChoosesFromTheViewAlone(t *testing.T) {
	g, v, legal := steeringView(t, 3, 4, true)
	other := g.State().Clone()
	p := other.Players[1]
	p.ActionCards, other.Decks.ActionCards = other.Decks.ActionCards[:len(p.ActionCards)], slices.Concat(p.ActionCards, other.Decks.ActionCards[len(p.ActionCards):])
	slices.Reverse(other.Decks.Exploration["frontier"])
	if err := ti4.CheckInvariants(other); err != nil {
		t.Fatal(err)
	}
	w, err := ti4.ViewFor(other, 0)
	if err != nil {
		t.Fatal(err)
	}
	choose := func(v *ti4.View) string {
		rng := engine.NewRNG(11)
		a, err := Search{RNG: &rng, Playouts: 8}.Choose(v, legal)
		if err != nil {
			t.Fatal(err)
		}
		return a.String()
	}
	if a, b := choose(v), choose(w); a != b {
		t.Fatalf("the same view gave %s and %s", a, b)
	}
}

// A view that hides a card in play cannot be dealt: the search says so,
// and Choose plays as the planner.
func TestSearchFallsBackToThePlanner(t *testing.T) {
	_, v, legal := steeringView(t, 3, 2, true)
	v.State.Agenda = &ti4.AgendaStep{Card: "covert_legislation", Subject: "hidden", Hidden: true}
	if _, ok := (Search{RNG: new(engine.RNG)}).search(v, legal[:2], future); ok {
		t.Fatal("searched a view it cannot deal")
	}
	r1, r2 := engine.NewRNG(3), engine.NewRNG(3)
	a, _ := Search{RNG: &r1}.Choose(v, legal)
	b, _ := Planner{&r2}.Choose(v, legal)
	if a.String() != b.String() {
		t.Fatalf("search chose %v, the planner %v", a, b)
	}
}

// A future is played on the state dealt, with the dice of its seed: the
// same deal and seed rate the same, the dealt state is left as it was,
// and the future reaches the end of the round.
func TestSearchFutureIsReproducible(t *testing.T) {
	_, v, legal := steeringView(t, 4, 3, true)
	rng := engine.NewRNG(5)
	d, err := ti4.Determinise(v, &rng)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := json.Marshal(d)
	cands := Search{}.candidates(v, legal)
	a, ok1 := future(d, 0, cands[0], 42)
	b, ok2 := future(d, 0, cands[0], 42)
	if !ok1 || !ok2 || a != b {
		t.Fatalf("futures rated %v (%v) and %v (%v)", a, ok1, b, ok2)
	}
	if after, _ := json.Marshal(d); !bytes.Equal(before, after) {
		t.Fatal("a future changed the dealt state")
	}
	if _, ok := future(d, 0, ti4.Action{Kind: ti4.ActPick, Seat: 0, Card: "no_such_card"}, 1); ok {
		t.Fatal("a refused action was rated")
	}
}

// value: points first, the winner's bonus, and what a player holds,
// against the others' mean.
func TestSearchValue(t *testing.T) {
	v := startView(t, nil)
	s := v.State
	base := value(s, 0)
	s.Players[0].VP++
	if value(s, 0) <= base || value(s, 1) >= value(s, 0) {
		t.Fatal("a point is not worth more")
	}
	won, lost := value(s, 1), value(s, 0)
	s.Phase, s.Winner = ti4.PhaseOver, 1
	if value(s, 1) != won+500 || value(s, 0) != lost-500 {
		t.Fatalf("the winner %v (was %v), a loser %v (was %v)", value(s, 1), won, value(s, 0), lost)
	}
}

// Whole games with a search bot seated, every invariant checked after
// every action and the game replayed at its end, finish cleanly; the
// search looked ahead (each deal of its views passed Determinise's
// checks, TestDeterminiseOverPlannerGames).
func TestSearchPlaysWholeGames(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game: not in the race run")
	}
	rng := engine.NewRNG(9)
	bots := []Bot{Search{RNG: &rng, Playouts: 4}, Planner{&rng}, Planner{&rng}}
	out := Play(ti4.Config{Players: 3, Seed: 9}, bots, 12, true)
	if out.Err != "" || (out.Ended != "target reached" && out.Ended != "objectives ran out") {
		t.Fatalf("%s: %s", out.Ended, out.Err)
	}
}

// Determinise over whole planner games, late game included: every 50
// actions each seat's view deals a state that obeys every invariant and
// that the seat cannot tell from the game's.
func TestDeterminiseOverPlannerGames(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games: not in the race run")
	}
	deals := 0
	for _, players := range []int{3, 6, 8} {
		n := 0
		plannerGame(t, players, uint64(players), 6000, func(s *ti4.State, rng *engine.RNG) bool {
			if n++; n%50 == 1 {
				for _, q := range s.Active() {
					deals += btoi(checkDeal(t, s, q, rng))
				}
			}
			return false
		})
	}
	if deals < 100 {
		t.Fatalf("only %d deals", deals)
	}
}

// checkDeal determinises seat's view of s and checks the state dealt;
// false when the view hides cards in play.
func checkDeal(t *testing.T, s *ti4.State, seat int, rng *engine.RNG) bool {
	t.Helper()
	v, err := ti4.ViewFor(s, seat)
	if err != nil {
		t.Fatal(err)
	}
	d, err := ti4.Determinise(v, rng)
	if errors.Is(err, ti4.ErrUndeterminable) {
		return false
	}
	if err != nil {
		t.Fatalf("round %d seat %d: %v", s.Round, seat, err)
	}
	if err := ti4.CheckInvariants(d); err != nil {
		t.Fatalf("round %d seat %d: the state dealt: %v", s.Round, seat, err)
	}
	w, _ := ti4.ViewFor(d, seat)
	a, _ := json.Marshal(v)
	b, _ := json.Marshal(w)
	if !bytes.Equal(a, b) {
		t.Fatalf("round %d seat %d: the state dealt looks different to the seat", s.Round, seat)
	}
	return true
}

// BenchmarkSearchFuture6 is one future of a six-player game: a deal and
// the play to the end of the round.
func BenchmarkSearchFuture6(b *testing.B) {
	_, v, legal := steeringView(b, 6, 3, true)
	cands := Search{}.candidates(v, legal)
	rng := engine.NewRNG(1)
	b.ReportAllocs()
	for b.Loop() {
		d, err := ti4.Determinise(v, &rng)
		if err != nil {
			b.Fatal(err)
		}
		future(d, 0, cands[0], rng.Uint64())
	}
}

// A time budget is kept though the future that measured it was refused at
// once (it would otherwise allow a million futures), and a search whose
// futures all fail falls back.
func TestSearchKeepsItsTimeBudget(t *testing.T) {
	_, v, legal := steeringView(t, 3, 2, true)
	rng := engine.NewRNG(1)
	b := Search{RNG: &rng, Budget: 20 * time.Millisecond}
	cands := b.candidates(v, legal)
	start, calls := time.Now(), 0
	stub := func(d *ti4.State, seat int, a ti4.Action, seed uint64) (float64, bool) {
		calls++
		if calls == 1 {
			return 0, false // the measured future, refused at once
		}
		time.Sleep(time.Millisecond)
		return 0, true
	}
	if _, ok := b.search(v, cands, stub); !ok {
		t.Fatal("no choice")
	}
	if took := time.Since(start); took > 10*b.Budget {
		t.Fatalf("search:%v took %v and %d futures", b.Budget, took, calls)
	}
	fail := func(*ti4.State, int, ti4.Action, uint64) (float64, bool) { return 0, false }
	if _, ok := (Search{RNG: &rng, Playouts: 8}).search(v, cands, fail); ok {
		t.Fatal("a search with no future played chose")
	}
}
