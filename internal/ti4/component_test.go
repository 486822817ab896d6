package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// 22 and 3.1: a registered component action is offered on the player's
// turn, refused when unavailable, and ends the turn.
func TestRule22_ComponentAction(t *testing.T) {
	RegisterComponent("test_windfall", Component{
		Available: func(s *State, seat int) error {
			if s.Players[seat].TradeGoods > 0 {
				return engine.Refuse("22", "only for players without trade goods")
			}
			return nil
		},
		Resolve: func(s *State, seat int, _ *engine.RNG) []Event {
			return []Event{{Kind: EvTradeGoods, Seat: seat, Count: 2}}
		},
	})
	defer func() {
		delete(components, "test_windfall")
		componentList = slices.DeleteFunc(componentList, func(id string) bool { return id == "test_windfall" })
	}()
	g := tacticalFixture(t, nil)
	a := Action{Kind: ActComponent, Seat: 0, Card: "test_windfall"}
	if !slices.ContainsFunc(Legal(g.State(), engine.NewRNG(0), 0), func(x Action) bool { return key(x) == key(a) }) {
		t.Fatal("the component action should be listed")
	}
	refuse(t, g, Action{Kind: ActComponent, Seat: 1, Card: "test_windfall"}, "4")
	do(t, g, a)
	if g.State().Players[0].TradeGoods != 2 || g.State().Turn != 1 {
		t.Fatal("resolved, and the turn passed")
	}
	// Seat 0's next turn: it has trade goods now, so the action is refused.
	for g.State().Turn != 0 {
		q := g.State().Turn
		do(t, g, Action{Kind: ActComponent, Seat: q, Card: "test_windfall"})
	}
	refuse(t, g, a, "22")
}

// The list legal-move generation reads is the registry's ids, in order.
func TestComponentListIsTheRegistry(t *testing.T) {
	ids := componentIDs()
	if !slices.IsSorted(ids) || len(ids) != len(components) || len(ids) == 0 {
		t.Fatalf("%d ids, sorted %v, %d registered", len(ids), slices.IsSorted(ids), len(components))
	}
	for _, id := range ids {
		if _, ok := components[id]; !ok {
			t.Fatalf("%s is listed but not registered", id)
		}
	}
}
