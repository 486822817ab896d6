package ti4

import "testing"

// The Vuil'raith Cabal, Reanimator (55, 17): an infantry of theirs
// destroyed in a ground combat on the mech's planet is captured by them (a
// token of no one's, 17.3).
func TestFactionUnit_Reanimator(t *testing.T) {
	defenders := []Stack{{Owner: 1, Unit: "infantry", Count: 4}}
	for seed := uint64(1); seed < 60; seed++ {
		g := mechInvasion(t, []string{"vuilraith", "sol", "hacan"}, defenders, seed)
		passStart(t, g)
		c := g.State().Combat
		if len(c.Owed) == 0 || c.Owed[0].Seat != 0 {
			continue
		}
		do(t, g, Action{Kind: ActAssignHit, Seat: 0, Planet: "Arnor", Unit: "infantry"})
		cs := g.State().Players[0].Captured
		if len(cs) != 1 || cs[0].Unit != "infantry" || cs[0].Count != 1 || cs[0].Owner != None {
			t.Fatalf("captured %+v: the infantry destroyed, held as a token", cs)
		}
		return
	}
	t.Fatal("no roll hit the Cabal")
}
