package ti4

import (
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// Shared fixtures for the mechs' tests (55, 30); each mech's own test is
// in its faction's test file.

// groundNeeds is what seat's dice of one stack need to hit in a ground
// combat against opp on planet (the value a reroll of a miss needs), or 0
// if no seed of many missed.
func groundNeeds(t *testing.T, s *State, seat, opp int, planet string, st Stack) int {
	t.Helper()
	pl, sys := s.Planet(planet)
	s.Combat = &Combat{Kind: "ground", System: sys.Pos, Planet: pl.Name, Attacker: seat, Defender: opp, Retreat: None}
	defer func() { s.Combat = nil }()
	st.Owner = seat
	for seed := uint64(1); seed < 50; seed++ {
		r := engine.NewRNG(seed)
		var faces []int
		var misses []Miss
		s.groundRoll(seat, []Stack{st}, 0, &r, &faces, &misses, nil)
		if len(misses) > 0 {
			return misses[0].Hit
		}
	}
	return 0
}

// mechInvasion has seat 0 invade Arnor (system 9) with 2 infantry and a
// mech from system 22, Arnor held by seat 1 with defenders, up to the
// ground combat's first roll.
func mechInvasion(t *testing.T, factions []string, defenders []Stack, seed uint64, stage ...func(*State)) *Game {
	t.Helper()
	cfg := fixtureConfig(factions...)
	cfg.Rules, cfg.Seed = RulesCurrent, seed
	g := fixture(t, cfg, func(s *State) {
		s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "infantry", Count: 2}, Stack{Owner: 0, Unit: "mech", Count: 1})
		arnorHeldBy(1, defenders...)(s)
		for _, f := range stage {
			f(s)
		}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "carrier", 1))
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 2})
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "mech", Count: 1})
	do(t, g, act(ActEndMovement, 0))
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "mech", Count: 1})
	do(t, g, act(ActEstablishControl, 0))
	declineWindows(t, g)
	return g
}
