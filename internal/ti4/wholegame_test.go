package ti4

import (
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// eagerPolicy plays to win: it scores whenever it can (paying what it
// must), keeps its first secret, takes the custodians token, and otherwise
// plays like scriptedPolicy.
func eagerPolicy(s *State, r *engine.RNG) Action {
	if st := s.Step; st != nil && st.Kind == StepPay {
		opts := Legal(s, engine.NewRNG(0), st.Seat)
		for _, o := range opts { // finish when paid
			if (o.Kind == ActScore || o.Kind == ActTakeCustodians) && (Rules{}).Check(s, o) == nil {
				return o
			}
		}
		cost, got := stepCost(st), st.Credits
		for _, o := range opts {
			switch {
			case o.Kind == ActSpendPlanet && !o.Use && got["resources"] < cost.Resources,
				o.Kind == ActSpendPlanet && o.Use && got["influence"] < cost.Influence,
				o.Kind == ActSpendTG && o.Count == 1 && !o.Use && got["trade_goods"] < cost.TradeGoods,
				o.Kind == ActSpendTG && o.Count == 1 && (got["resources"] < cost.Resources || got["influence"] < cost.Influence),
				o.Kind == ActSpendTokens && o.Pools.Sum() == 1 && got["tokens"] < cost.Tokens:
				return o
			}
		}
	}
	for _, q := range Waiting(s, engine.NewRNG(0)) {
		for _, o := range Legal(s, engine.NewRNG(0), q) {
			if o.Kind == ActKeepSecret || o.Kind == ActTakeCustodians {
				return o
			}
			if o.Kind == ActScore && (Rules{}).Check(s, o) == nil {
				return o
			}
		}
	}
	return scriptedPolicy(s, r)
}

// Random legal games from several seeds all end, by a player reaching the
// target or by the public objectives running out (81.2b, 98.8), with every
// victory point backed (checked after every action by checkInvariants).
func TestWholeGamesEnd(t *testing.T) {
	for seed := uint64(0); seed < 4; seed++ {
		g, err := NewGame(Config{Players: 3 + int(seed)%3, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRNG(seed + 5)
		for i := 0; g.State().Phase != PhaseOver; i++ {
			if i > 20000 || g.State().Round > 12 {
				t.Fatalf("seed %d: no end by round %d", seed, g.State().Round)
			}
			if _, err := g.Do(eagerPolicy(g.State(), &r)); err != nil {
				t.Fatal(err)
			}
			if err := CheckInvariants(g.State()); err != nil {
				t.Fatalf("seed %d action %d: %v", seed, i, err)
			}
		}
		s := g.State()
		if s.Winner < 0 || s.Players[s.Winner].VP < maxVP(s) {
			t.Fatalf("seed %d: winner %d does not lead", seed, s.Winner)
		}
		t.Logf("seed %d: seat %d wins in round %d with %d VP", seed, s.Winner, s.Round, s.Players[s.Winner].VP)
	}
}

func maxVP(s *State) int {
	m := 0
	for _, p := range s.Players {
		m = max(m, p.VP)
	}
	return m
}
