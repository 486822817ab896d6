package ti4

import (
	"slices"
	"testing"
)

// The Empyrean, Watcher (55): when another player's action card waits on
// the Empyrean's answer, removing a mech of theirs next to that player's
// units cancels the card; a mech far from them cannot.
func TestFactionUnit_Watcher(t *testing.T) {
	var near, far int
	var nearPl, farPl string
	g := factionGame(t, []string{"sol", "empyrean", "hacan"}, func(s *State) {
		s.Players[0].TradeGoods = 4
		giveAC(0, "focused_research")(s)
		for _, sys := range s.Systems {
			if len(sys.Planets) == 0 || s.IsHomeSystem(sys.Pos) {
				continue
			}
			switch {
			case near == 0 && s.watches(sys.Pos, 0) && s.unitsIn(sys.Pos, 0) == 0:
				near, nearPl = sys.Pos, sys.Planets[0].Name
				sys.Planets[0].Units, sys.Planets[0].Controller = []Stack{{Owner: 1, Unit: "mech", Count: 1}}, 1
			case far == 0 && !s.watches(sys.Pos, 0):
				far, farPl = sys.Pos, sys.Planets[0].Name
				sys.Planets[0].Units, sys.Planets[0].Controller = []Stack{{Owner: 1, Unit: "mech", Count: 1}}, 1
			}
		}
	})
	do(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "focused_research", Outcome: "sarween_tools"})
	if !slices.ContainsFunc(Legal(g.State(), engineRNG(), 1), func(a Action) bool { return a.Card == "watcher" }) {
		t.Fatal("offered in the card's window")
	}
	refuse(t, g, use(1, "watcher", Action{System: ip(far), Planet: farPl}), "55")
	do(t, g, use(1, "watcher", Action{System: ip(near), Planet: nearPl}))
	settle(t, g)
	s := g.State()
	if slices.Contains(s.Players[0].Techs, "sarween_tools") || s.PendingAC != nil || count(planet(t, g, nearPl).Units, 1, "mech") != 0 {
		t.Fatalf("the card cancelled and the mech removed: techs %v", s.Players[0].Techs)
	}
}
