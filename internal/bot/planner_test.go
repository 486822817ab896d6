package bot

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

// startView is seat 0's view of a new three-player game, with stage
// changing the state first.
func startView(t *testing.T, stage func(s *ti4.State)) *ti4.View {
	t.Helper()
	g, err := ti4.NewGame(ti4.Config{Players: 3, Seed: 5, Factions: []string{"jolnar", "hacan", "sol"}})
	if err != nil {
		t.Fatal(err)
	}
	if stage != nil {
		stage(g.State())
	}
	v, err := ti4.ViewFor(g.State(), 0)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// The planner scores the objective worth most first, and keeps the secret
// objective self-play scores most often.
func TestPlannerScoresTwoPointsFirstAndKeepsTheLikeliestSecret(t *testing.T) {
	p := newPlan(startView(t, nil))
	one := ti4.Action{Kind: ti4.ActScore, Seat: 0, Card: "expand_borders"}
	two := ti4.Action{Kind: ti4.ActScore, Seat: 0, Card: "subdue_the_galaxy"}
	if p.score(two) <= p.score(one) {
		t.Fatalf("a stage II objective %d, a stage I %d", p.score(two), p.score(one))
	}
	easy := ti4.Action{Kind: ti4.ActKeepSecret, Seat: 0, Card: "establish_hegemony"}
	hard := ti4.Action{Kind: ti4.ActKeepSecret, Seat: 0, Card: "become_the_gatekeeper"}
	if p.score(easy) <= p.score(hard) {
		t.Fatal("the planner keeps the secret it scores less often")
	}
}

// With a spending objective revealed that it can pay, the planner pays for
// other things with the planets the objective does not need, and builds
// nothing that would leave it short.
func TestPlannerKeepsPlanetsForASpendingObjective(t *testing.T) {
	v := startView(t, nil)
	s := v.State
	var mine []*ti4.Planet
	total := 0
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller == 0 {
				mine = append(mine, pl)
				total += s.Worth(0, pl, false)
			}
		}
	}
	if len(mine) < 2 {
		t.Fatalf("seat 0 holds %d planets", len(mine))
	}
	slices.SortFunc(mine, func(a, b *ti4.Planet) int { return s.Worth(0, a, false) - s.Worth(0, b, false) })
	small, big := mine[0], mine[len(mine)-1]
	p := &plan{v: v, wants: map[string]bool{}, keeping: true, reserve: ti4.Cost{Resources: total - s.Worth(0, small, false)}}
	spendSmall := ti4.Action{Kind: ti4.ActSpendPlanet, Seat: 0, Planet: small.Name}
	spendBig := ti4.Action{Kind: ti4.ActSpendPlanet, Seat: 0, Planet: big.Name}
	if p.score(spendSmall) <= p.score(spendBig) {
		t.Fatalf("it pays with %s, which the objective needs, before %s", big.Name, small.Name)
	}
	if !p.canPay(p.reserve, small.Name) || p.canPay(p.reserve, big.Name) || p.canPay(p.with(s.Worth(0, small, false)+1), "") {
		t.Fatal("canPay is wrong")
	}
	produce := ti4.Action{Kind: ti4.ActProduce, Seat: 0, Unit: "dreadnought", Count: 1, Planet: big.Name}
	if p.score(produce) != 0 {
		t.Fatal("it builds with what the objective needs")
	}
	p.keeping = false
	if p.score(produce) == 0 {
		t.Fatal("with nothing to keep, it does not build")
	}
}

// The planner keeps command tokens for a revealed objective that spends
// them: it follows no secondary and activates nothing that would leave it
// short.
func TestPlannerKeepsTokensForAnObjective(t *testing.T) {
	v := startView(t, func(s *ti4.State) {
		s.Decks.Revealed = append(s.Decks.Revealed, "galvanize_the_people")
		me := s.Players[0]
		me.Tactic, me.Strategy = 4, 2
	})
	p := newPlan(v)
	if p.tokens != 6 {
		t.Fatalf("keeps %d tokens", p.tokens)
	}
	if sc := p.secondaryScore(ti4.Action{Kind: ti4.ActSecondary, Seat: 0, Use: true}); sc >= 10 {
		t.Fatalf("a secondary that spends a kept token scores %d, declining 10", sc)
	}
	home := v.State.Players[0].Home
	if p.activation(home) != 0 {
		t.Fatal("it activates with a kept token")
	}
}

// Imperial is worth most to the holder of Mecatol Rex (45.2).
func TestPlannerTakesImperialWithMecatolRex(t *testing.T) {
	without := newPlan(startView(t, nil)).pickValue("imperial")
	v := startView(t, func(s *ti4.State) {
		pl, _ := s.Planet(ti4.MecatolRex)
		pl.Controller = 0
	})
	if with := newPlan(v).pickValue("imperial"); with <= without || with <= newPlan(v).pickValue("technology") {
		t.Fatalf("Imperial with Mecatol Rex %d, without %d", with, without)
	}
}

// Whole games of planners, every invariant checked after every action and
// each game replayed byte for byte at its end, finish cleanly; the
// planners score, and the usage count sees what they played.
func TestPlannerPlaysWholeGames(t *testing.T) {
	u := NewUsage()
	for seed := uint64(1); seed <= 2; seed++ {
		rng := engine.NewRNG(seed)
		bots := []Bot{Planner{&rng}, Planner{&rng}, Planner{&rng}, Planner{&rng}}
		out := Count(ti4.Config{Players: 4, Seed: seed}, bots, 12, true, u)
		if out.Err != "" || (out.Ended != "target reached" && out.Ended != "objectives ran out") {
			t.Fatalf("seed %d: %s: %s", seed, out.Ended, out.Err)
		}
		if slices.Max(out.VP) < 3 || !out.Agenda {
			t.Fatalf("seed %d: points %v, agenda phase %v", seed, out.VP, out.Agenda)
		}
	}
	if u.Games != 2 || u.Kinds[ti4.ActActivate] == 0 || u.Kinds[ti4.ActVote] == 0 {
		t.Fatalf("usage: %d games, kinds %v", u.Games, u.Kinds)
	}
	var b bytes.Buffer
	u.Write(&b)
	for _, want := range []string{"over 2 games", "| action_card |", "| public_objective |", "Action kinds played:"} {
		if !strings.Contains(b.String(), want) {
			t.Fatalf("the report lacks %q:\n%s", want, b.String())
		}
	}
}

// A component counts as used once an action or event names it, by its id
// or, for a faction's, without the faction; merging adds.
func TestUsageCountsWhatIsNamed(t *testing.T) {
	u := NewUsage()
	u.note(startView(t, nil).State, ti4.Action{Kind: ti4.ActPlayAC, Card: "sabotage"}, []ti4.Event{{Kind: "x", Card: "sol:orbital_drop"}, {Kind: "y", Card: "mitosis"}})
	for _, x := range []ti4.Item{{Kind: ti4.KindActionCard, ID: "sabotage"}, {Kind: ti4.KindFactionAbility, ID: "arborec:mitosis"}, {Kind: ti4.KindFactionAbility, ID: "sol:orbital_drop"}} {
		if !u.used(x) {
			t.Errorf("%s not used", x.ID)
		}
	}
	if u.used(ti4.Item{Kind: ti4.KindActionCard, ID: "plague"}) {
		t.Error("an unnamed card is used")
	}
	unused := u.Unused()
	if slices.ContainsFunc(unused[ti4.KindActionCard], func(x ti4.Item) bool { return x.ID == "sabotage" }) || len(unused[ti4.KindActionCard]) == 0 {
		t.Fatal("Unused is wrong")
	}
	o := NewUsage()
	o.Games, o.Kinds[ti4.ActPlayAC], o.Seen["sabotage"] = 3, 2, 1
	u.Merge(o)
	if u.Games != 3 || u.Kinds[ti4.ActPlayAC] != 3 || u.Seen["sabotage"] != 2 {
		t.Fatalf("merged: %+v", u)
	}
}

// The planner goes for Mecatol Rex only with the custodians' price of six
// influence readied (27.3): without it, the landing cannot be made.
func TestPlannerGoesForMecatolRexOnlyWithSixInfluence(t *testing.T) {
	stage := func(exhaust bool) func(s *ti4.State) {
		return func(s *ti4.State) {
			mr := mecatolPos(s)
			for _, sys := range s.Systems {
				if sys.Pos != mr && s.Adjacent(sys.Pos, mr) && len(sys.Space) == 0 {
					sys.Space = append(sys.Space, ti4.Stack{Owner: 0, Unit: "carrier", Count: 1}, ti4.Stack{Owner: 0, Unit: "infantry", Count: 2})
					break
				}
			}
			for _, sys := range s.Systems {
				for _, pl := range sys.Planets {
					if pl.Controller == 0 {
						pl.Exhausted = exhaust
					}
				}
			}
			s.Players[0].TradeGoods = 6
			if exhaust {
				s.Players[0].TradeGoods = 0
			}
		}
	}
	rich := startView(t, stage(false))
	mr := mecatolPos(rich.State)
	if mr < 0 || !rich.State.Custodians {
		t.Fatal("no Mecatol Rex with the custodians token")
	}
	if sc := newPlan(rich).activation(mr); sc < 50 {
		t.Fatalf("with six influence readied, Mecatol Rex rates %d", sc)
	}
	if sc := newPlan(startView(t, stage(true))).activation(mr); sc != 0 {
		t.Fatalf("without six influence, Mecatol Rex rates %d", sc)
	}
}

// BenchmarkPlannerGame6 plays a whole 6-player game of planners, without
// the checks: the cost of the heuristic bot's self-play.
func BenchmarkPlannerGame6(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		rng := engine.NewRNG(uint64(i))
		bots := make([]Bot, 6)
		for k := range bots {
			bots[k] = Planner{&rng}
		}
		if out := Play(ti4.Config{Players: 6, Seed: uint64(i + 1)}, bots, 12, false); out.Err != "" {
			b.Fatal(out.Err)
		}
	}
}
