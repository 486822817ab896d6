package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// The three-player fixture in its action phase, Jol-Nar (seat 0) active
// holding Leadership; stage arranges the board first.
func tacticalFixture(t *testing.T, stage func(s *State)) *Game {
	t.Helper()
	g := fixture(t, fixtureConfig(), stage)
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	return g
}

func activate(seat, pos int) Action { return Action{Kind: ActActivate, Seat: seat, System: ip(pos)} }

func moveShips(seat, from int, unit string, n int) Action {
	return Action{Kind: ActMoveShips, Seat: seat, System: ip(from), Unit: unit, Count: n}
}

// 89.1, 5.1, 5.2, 20.4: activation spends a tactic token into a system
// without the player's token.
func TestRule5_Activation(t *testing.T) {
	g := tacticalFixture(t, func(s *State) { s.System(9).Command = []int{0} })
	refuse(t, g, activate(0, 9), "5.2")
	refuse(t, g, activate(1, 23), "4")
	activated(t, g, 0, 23)
	if p := g.State().Players[0]; p.Tactic != 2 || g.State().Tactical == nil {
		t.Fatal("a tactic token should be spent and the tactical action begun")
	}
	refuse(t, g, activate(0, 21), "3.1")
	g = tacticalFixture(t, func(s *State) { s.Players[0].Tactic = 0 })
	refuse(t, g, activate(0, 23), "20.4")
}

// 89 end to end, with 58.5, 95, 49 and 25.1c: a carrier takes two infantry
// to an empty system, one lands, the planet is gained and explored.
func TestRule89_TacticalAction(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "infantry", Count: 2})
	})
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "carrier", 1))
	refuse(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "carrier", Count: 1}, "95.2")
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 2})
	do(t, g, act(ActEndMovement, 0))
	s := g.State()
	if count(s.System(9).Space, 0, "infantry") != 2 || count(s.System(22).Space, 0, "carrier") != 1 {
		t.Fatal("the carrier and its infantry should have arrived together")
	}
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 1})
	ev := establishControl(t, g, 0)
	if planet(t, g, "Arnor").Controller != 0 || !hasKind(ev, EvExplored) {
		t.Fatal("Arnor gained and explored")
	}
	if g.State().Tactical.Step != TacProduction {
		t.Fatal("production follows the invasion")
	}
	// 35.7: the card drawn (Abandoned Warehouses) is resolved before the action goes on.
	if st := g.State().Step; st == nil || st.Kind != StepExplore || st.Card != "abandoned_warehouses" {
		t.Fatalf("step %+v, want the exploration card's choice", st)
	}
	refuse(t, g, act(ActEndTactical, 0), "35.7")
	do(t, g, Action{Kind: ActExplore, Seat: 0, Outcome: optGain})
	if c := g.State().Players[0].Commodities; c != 2 {
		t.Fatalf("%d commodities, want 2", c)
	}
	do(t, g, act(ActEndTactical, 0))
	if g.State().Tactical != nil || g.State().Turn != 1 {
		t.Fatal("the turn passes once the tactical action ends")
	}
}

// 58.4, 58.4b, 58.4c, 57.1: ships reach the active system within their move
// value, not through other players' ships, not from a system holding their
// own command token.
func TestRule58_Movement(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(21).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
		s.System(21).Command = []int{0}
	})
	activated(t, g, 0, 10)
	refuse(t, g, moveShips(0, 22, "carrier", 1), "58.4") // two away, move 1
	refuse(t, g, moveShips(0, 21, "cruiser", 1), "58.4c")
	refuse(t, g, moveShips(0, 10, "carrier", 1), "58.4a")

	g = tacticalFixture(t, func(s *State) {
		s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "cruiser", Count: 1})
		s.System(23).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
		s.Players[0].Fleet = 4
	})
	activated(t, g, 0, 24) // 22 -> 23 -> 24 is the only two-step way
	refuse(t, g, moveShips(0, 22, "cruiser", 1), "58.4")

	g = tacticalFixture(t, func(s *State) {
		s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "cruiser", Count: 1})
		s.Players[0].Fleet = 4
	})
	activated(t, g, 0, 10) // 22 -> 9 -> 10 or 22 -> 23 -> 10
	do(t, g, moveShips(0, 22, "cruiser", 1))
}

// 37.1: no more non-fighter ships in the active system than the fleet pool.
func TestRule37_FleetPool(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(21).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 3}}
		s.System(9).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 2}, {Owner: 0, Unit: "fighter", Count: 4}, {Owner: 0, Unit: "carrier", Count: 1}}
	})
	activated(t, g, 0, 23)
	do(t, g, moveShips(0, 21, "cruiser", 3))
	refuse(t, g, moveShips(0, 9, "cruiser", 1), "37.1")
	refuse(t, g, moveShips(0, 9, "carrier", 1), "37.1")
}

// 16.1: moving ships carry no more than their capacity.
func TestRule16_Capacity(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 2}, {Owner: 0, Unit: "infantry", Count: 8}}
	})
	activated(t, g, 0, 23)
	refuse(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 1}, "95.1")
	do(t, g, moveShips(0, 22, "carrier", 1))
	refuse(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 5}, "16.1")
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 4})
}

// 59.1, 59.2: a nebula can be the active system; a ship starting in one
// moves 1.
func TestRule59_Nebula(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(25).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
		s.System(11).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
	})
	activated(t, g, 0, 12) // 25 -> 11 -> 12, but a ship in a nebula moves 1
	refuse(t, g, moveShips(0, 25, "cruiser", 1), "58.4")
	do(t, g, moveShips(0, 11, "cruiser", 1))

	g = tacticalFixture(t, func(s *State) {
		s.System(11).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
	})
	activated(t, g, 0, 25)
	do(t, g, moveShips(0, 11, "cruiser", 1))
}

// 86.1: nothing moves into a supernova.
func TestRule86_Supernova(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(25).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
	})
	activated(t, g, 0, 26)
	refuse(t, g, moveShips(0, 25, "cruiser", 1), "58.4")
}

// 11.1: asteroid fields stop ships, unless the player has Antimass
// Deflectors (Jol-Nar starts with it; Sol does not).
func TestRule11_AsteroidField(t *testing.T) {
	stage := func(s *State) {
		s.System(12).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}, {Owner: 1, Unit: "cruiser", Count: 1}}
	}
	g := tacticalFixture(t, stage)
	activated(t, g, 0, 27)
	do(t, g, moveShips(0, 12, "cruiser", 1))
	g = fixture(t, fixtureConfig(), func(s *State) {
		stage(s)
		s.Players[1].Techs = []string{"neural_motivator"} // Sol without Antimass Deflectors
	})
	toActionPhase(t, g, "diplomacy", "leadership", "politics", "trade", "warfare", "technology")
	activated(t, g, 1, 27)
	refuse(t, g, moveShips(1, 12, "cruiser", 1), "58.4")
}

// 41.1, 41.2: leaving a gravity rift adds one to move, and each ship that
// leaves one rolls: 1-3 removes it.
func TestRule41_GravityRift(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(24).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 2}}
	})
	activated(t, g, 0, 9) // 24 -> 10 -> 9: two steps for move 1 + 1
	do(t, g, moveShips(0, 24, "carrier", 2))
	ev := do(t, g, act(ActEndMovement, 0))
	rolls, lost := 0, 0
	for _, e := range ev {
		if e.Kind == EvRiftRoll {
			rolls++
			if e.Count <= 3 {
				lost++
			}
		}
	}
	if rolls != 2 {
		t.Fatalf("%d rolls, want one per ship", rolls)
	}
	if got := count(g.State().System(9).Space, 0, "carrier"); got != 2-lost {
		t.Fatalf("%d carriers arrived, %d lost of 2", got, lost)
	}
}

// 67, 68, 26, 75.3: production within the combined limit, paid in full
// before the action ends, ships only where no other player's ships are.
func TestRule67_68_Production(t *testing.T) {
	g := tacticalFixture(t, func(s *State) { s.Players[0].TradeGoods = 1; withoutSarween(s) })
	activated(t, g, 0, 22)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	// Jol-Nar's dock is on Nar (2 resources): production 2 + 2 = 4.
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 5}, "68.1")
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "pds", Count: 1}, "26.3")
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "war_sun", Count: 1}, "26.3")
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 1, Planet: "Jol"}, "68.3")
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 3}) // 2 cost: two pairs
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 1, Planet: "Nar"})
	refuse(t, g, act(ActEndTactical, 0), "67.1")
	refuse(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Nar", Use: true}, "67.1a") // influence only with Freelancers
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Nar"})
	refuse(t, g, act(ActEndTactical, 0), "67.1")
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 1})
	do(t, g, act(ActEndTactical, 0))
	s := g.State()
	if count(s.System(22).Space, 0, "fighter") != 4 || s.Players[0].TradeGoods != 0 {
		t.Fatal("three fighters produced and paid for")
	}
}

// 67.6: no ships produced beside another player's ships; ground forces may be.
func TestRule67_6_NoShipsBesideEnemies(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(22).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
		for _, pl := range s.System(22).Planets {
			pl.Units = dropUnit(pl.Units, "pds") // no space cannon to shoot it down
		}
	})
	activated(t, g, 0, 22)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 1}, "67.6")
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 2, Planet: "Nar"})
}

// 26.1: units cost no more than the player can still spend.
func TestRule26_1_Affordable(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		withoutSarween(s)
		for _, n := range []string{"Jol", "Nar"} {
			pl, _ := s.Planet(n)
			pl.Exhausted = true
		}
	})
	activated(t, g, 0, 22)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 1}, "26.1")
	do(t, g, act(ActEndTactical, 0))
}

// 37.3, 16.3, 16.3a, 81.5a: a smaller fleet pool or lost capacity leaves
// units in excess; their owner chooses which to remove before play goes on.
func TestRule37_3_ExcessRemoved(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(9).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 2}, {Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "infantry", Count: 4}}
	})
	strategic(t, g, 0, "leadership")
	do(t, g, Action{Kind: ActGainTokens, Seat: 0, Pools: &Pools{3, 0, 0}})
	// An effect takes the carrier away, leaving infantry beyond capacity.
	do(t, g, remove(0, 9, "", "carrier", 1))
	s := g.State()
	if s.Step == nil || s.Step.Kind != StepExcess || s.Step.Seat != 0 {
		t.Fatalf("step %+v, want seat 0 to remove excess", s.Step)
	}
	refuse(t, g, Action{Kind: ActSecondary, Seat: 1}, "82.1")
	refuse(t, g, Action{Kind: ActRemoveExcess, Seat: 0, System: ip(9), Unit: "cruiser", Count: 1}, "37.3")
	refuse(t, g, Action{Kind: ActRemoveExcess, Seat: 0, System: ip(9), Unit: "infantry", Count: 5}, "16.3")
	do(t, g, Action{Kind: ActRemoveExcess, Seat: 0, System: ip(9), Unit: "infantry", Count: 4})
	if g.State().Step != nil {
		t.Fatal("the step closes once nothing is in excess")
	}
	do(t, g, Action{Kind: ActSecondary, Seat: 1})
}

func dropUnit(st []Stack, typ string) []Stack {
	var out []Stack
	for _, x := range st {
		if x.Unit != typ {
			out = append(out, x)
		}
	}
	return out
}

// 95.1, 95.3: ships pick units up in a system they pass through, but not
// from a system holding the player's command token.
func TestRule95_PickUpOnTheWay(t *testing.T) {
	stage := func(token bool) func(s *State) {
		return func(s *State) {
			s.Players[0].Techs = append(s.Players[0].Techs, "carrier_2") // move 2
			s.System(21).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
			s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "infantry", Count: 2})
			if token {
				s.System(22).Command = []int{0}
			}
		}
	}
	g := tacticalFixture(t, stage(false))
	activated(t, g, 0, 23) // 21 -> 22 -> 23
	do(t, g, moveShips(0, 21, "carrier", 1))
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 2})
	do(t, g, act(ActEndMovement, 0))
	if count(g.State().System(23).Space, 0, "infantry") != 2 || count(g.State().System(22).Space, 0, "infantry") != 0 {
		t.Fatal("the infantry picked up at 22 should arrive with the carrier")
	}
	g = tacticalFixture(t, stage(true))
	activated(t, g, 0, 23)
	do(t, g, moveShips(0, 21, "carrier", 1))
	refuse(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 2}, "95.3")
}

// 95.1, 95.2, 95.3, 25.4: ground forces are picked up from planets as well
// as space: Nar's two infantry ride the carrier to Arnor, and Nar, left
// Jol's lone infantry goes too, and Jol, left empty, stays Jol-Nar's under
// a control token. Fighters are never on a planet, a planet holds only so
// many, and a command token still forbids pick-up.
func TestRule95_1_PickUpFromAPlanet(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		jol := planetIn(s.System(22), "Jol")
		jol.Units = add(jol.Units, 0, "infantry", 1)
	})
	activated(t, g, 0, 9)
	refuse(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Planet: "Nar", Unit: "infantry", Count: 1}, "95.1") // no ship moves yet
	do(t, g, moveShips(0, 22, "carrier", 1))
	refuse(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Planet: "Nar", Unit: "fighter", Count: 1}, "95.2")
	if _, err := g.Do(Action{Kind: ActTransport, Seat: 0, System: ip(22), Planet: "Nar", Unit: "infantry", Count: 3}); err == nil {
		t.Fatal("Nar holds two infantry, not three")
	}
	if _, err := g.Do(Action{Kind: ActTransport, Seat: 0, System: ip(22), Planet: "Mecatol Rex", Unit: "infantry", Count: 1}); err == nil {
		t.Fatal("a planet outside the system is refused")
	}
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Planet: "Nar", Unit: "infantry", Count: 2})
	if _, err := g.Do(Action{Kind: ActTransport, Seat: 0, System: ip(22), Planet: "Nar", Unit: "infantry", Count: 1}); err == nil {
		t.Fatal("both infantry are already declared")
	}
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Planet: "Jol", Unit: "infantry", Count: 1})
	do(t, g, act(ActEndMovement, 0))
	s := g.State()
	nar, jol := planet(t, g, "Nar"), planet(t, g, "Jol")
	if count(s.System(9).Space, 0, "infantry") != 3 || count(nar.Units, 0, "infantry") != 0 || len(jol.Units) != 0 {
		t.Fatal("the infantry should leave Nar and Jol with the carrier")
	}
	if nar.Controller != 0 || nar.ControlToken || jol.Controller != 0 || !jol.ControlToken {
		t.Fatal("Nar keeps its structures; Jol, left without units, stays controlled under a control token (25.4)")
	}
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	establishControl(t, g, 0)
	if planet(t, g, "Arnor").Controller != 0 {
		t.Fatal("the infantry from Nar take Arnor")
	}

	g = tacticalFixture(t, func(s *State) {
		s.System(21).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
		s.System(22).Command = []int{0}
	})
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 21, "carrier", 1))
	refuse(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Planet: "Nar", Unit: "infantry", Count: 1}, "95.3")

	// From the active system: a ship entering it lifts infantry off Arnor,
	// and they land on Lor.
	g = tacticalFixture(t, func(s *State) {
		arnor := planetIn(s.System(9), "Arnor")
		arnor.Controller, arnor.Units = 0, []Stack{{Owner: 0, Unit: "infantry", Count: 1}}
	})
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "carrier", 1))
	lift := Action{Kind: ActTransport, Seat: 0, System: ip(9), Planet: "Arnor", Unit: "infantry", Count: 1}
	if !slices.ContainsFunc(Legal(g.State(), engineRNG(), 0), func(a Action) bool { return key(a) == key(lift) }) {
		t.Fatal("Legal should offer the lift from the active system, which holds the player's token")
	}
	do(t, g, lift)
	do(t, g, act(ActEndMovement, 0))
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Lor", Unit: "infantry", Count: 1})
	establishControl(t, g, 0)
	if planet(t, g, "Lor").Controller != 0 || planet(t, g, "Arnor").Controller != 0 {
		t.Fatal("Lor taken by the infantry from Arnor, which stays controlled")
	}
}

// 23.4a, 67.5a: out of carriers, a player producing one takes one back from
// a system without their command token, then produces it.
func TestRule23_4a_TakeBackAUnit(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 2}}
		s.System(21).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
		s.System(9).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
		s.System(9).Command = []int{0}
	})
	refuse(t, g, Action{Kind: ActReclaim, Seat: 0, System: ip(21), Unit: "carrier"}, "23.4a")
	activated(t, g, 0, 22)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "carrier", Count: 1}, "67.5")
	refuse(t, g, Action{Kind: ActReclaim, Seat: 0, System: ip(9), Unit: "carrier"}, "23.4a")
	refuse(t, g, Action{Kind: ActReclaim, Seat: 0, System: ip(21), Unit: "infantry"}, "23.4b")
	do(t, g, Action{Kind: ActReclaim, Seat: 0, System: ip(21), Unit: "carrier"})
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "carrier", Count: 1})
	if s := g.State(); count(s.System(22).Space, 0, "carrier") != 3 || count(s.System(21).Space, 0, "carrier") != 0 {
		t.Fatal("the carrier moved from the board to reinforcements and back")
	}
}

// 37.3, 16.3: the one-pass excess check finds excess exactly when some
// player's own check does, on random boards with extra units dropped in.
func TestRule37_3_ExcessOnePass(t *testing.T) {
	r := engine.NewRNG(9)
	seen := map[bool]int{}
	randomBoards(t, func(s *State) {
		x := s.Clone()
		for range 1 + r.IntN(3) {
			sys := x.Systems[r.IntN(len(x.Systems))]
			q := x.Active()[r.IntN(len(x.Active()))]
			u := []string{"fighter", "infantry", "destroyer", "carrier"}[r.IntN(4)]
			sys.Space = add(sys.Space, q, u, 1+r.IntN(4))
		}
		want := false
		for _, q := range x.Active() {
			want = want || x.hasExcess(q)
		}
		if x.anyExcess() != want {
			t.Fatalf("anyExcess %v, players' checks %v", !want, want)
		}
		seen[want]++
	})
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("boards with and without excess: %v", seen)
	}
}
