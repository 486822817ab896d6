package ti4

import "testing"

// The Titans of Ul, Hecatoncheires (30, 55.3, 24.2): with Construction's
// primary, a mech and an infantry go on a planet in place of a PDS, as the
// first structure or as the second (a PDS); not with every mech on the
// board (30.2).
func TestFactionUnit_Hecatoncheires(t *testing.T) {
	cfg := fixtureConfig("titans", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, nil)
	toActionPhase(t, g, "construction", "diplomacy", "trade", "leadership", "warfare", "technology")
	strategic(t, g, 0, "construction")
	home := g.State().System(g.State().Players[0].Home).Planets[0].Name
	inf := count(planet(t, g, home).Units, 0, "infantry")
	do(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "mech", Planet: home})
	pl := planet(t, g, home)
	if count(pl.Units, 0, "mech") != 1 || count(pl.Units, 0, "infantry") != inf+1 || count(pl.Units, 0, "pds") != 0 {
		t.Fatalf("units %v: a mech and an infantry, no PDS", pl.Units)
	}
	do(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "mech", Planet: home}) // the second, a PDS
	if count(planet(t, g, home).Units, 0, "mech") != 2 {
		t.Fatal("the second PDS placed as a mech too")
	}

	g = fixture(t, cfg, func(s *State) {
		s.System(s.Players[0].Home).Planets[0].Units = append(s.System(s.Players[0].Home).Planets[0].Units, Stack{Owner: 0, Unit: "mech", Count: 4})
	})
	toActionPhase(t, g, "construction", "diplomacy", "trade", "leadership", "warfare", "technology")
	strategic(t, g, 0, "construction")
	refuse(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "mech", Planet: home}, "30.2")
}
