package ti4

import (
	"slices"
	"testing"
)

// Winnu, Hegemonic Trade Policy (67, 68, 75, 34.4): exhausted while the
// Winnu pay for what they produce, a planet of theirs trades its resource
// and influence values until the end of the turn; only planets they
// control whose values differ, once until readied.
func TestFaction_Winnu_HegemonicTradePolicy(t *testing.T) {
	const id = "hegemonic_trade_policy"
	cfg := fixtureConfig("winnu", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		withTech(0, id)(s)
		p := s.Players[0]
		p.TradeGoods, p.Fleet, p.Strategy = 0, p.Fleet+p.Strategy, 0
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	winnu := func() *Planet { pl, _ := g.State().Planet("Winnu"); return pl }
	if v := planetInfo(winnu()); v.Resources != 3 || v.Influence != 4 {
		t.Fatalf("Winnu is %d/%d in the data, want 3/4", v.Resources, v.Influence)
	}
	if _, err := g.Do(use(0, id, Action{Planet: "Winnu"})); err == nil {
		t.Fatal("used with no production under way")
	}
	activated(t, g, 0, 22)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 2}, "26.1") // 4; Winnu pays 3
	var offered []string
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Card == id && a.Use {
			offered = append(offered, a.Planet)
		}
	}
	if !slices.Equal(offered, []string{"Winnu"}) {
		t.Fatalf("offered %v: the Winnu's one planet", offered)
	}
	refuse(t, g, use(0, id, Action{Planet: "Jord"}), "1.3") // Sol's
	do(t, g, use(0, id, Action{Planet: "Winnu"}))
	if v := planetInfo(winnu()); v.Resources != 4 || v.Influence != 3 {
		t.Fatalf("Winnu is %d/%d, want 4/3 for the turn", v.Resources, v.Influence)
	}
	refuse(t, g, use(0, id, Action{Planet: "Winnu"}), "34.4") // exhausted
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 2})
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Winnu"})
	do(t, g, act(ActEndTactical, 0))
	declineWindows(t, g)
	if s := g.State(); s.Turn == 0 || winnu().Swapped || len(s.Swaps) != 0 || planetInfo(winnu()).Resources != 3 {
		t.Fatalf("turn %d: Winnu is %d/%d again after the turn", s.Turn, planetInfo(winnu()).Resources, planetInfo(winnu()).Influence)
	}
	if count(g.State().System(22).Space, 0, "cruiser") != 3 {
		t.Fatal("two cruisers produced")
	}
}
