package ti4

import (
	"testing"
)

// spaceFight stages a space combat at system 23: seat 0 (Jol-Nar) attacks
// with a dreadnought and a carrier, seat 1 (Sol) defends with what stage
// puts there. It stops where Sol announces retreats.
func spaceFight(t *testing.T, seed uint64, stage func(s *State)) *Game {
	t.Helper()
	cfg := fixtureConfig()
	cfg.Seed = seed
	g := fixture(t, cfg, func(s *State) {
		s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}, {Owner: 0, Unit: "carrier", Count: 1}}
		stage(s)
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 23)
	do(t, g, moveShips(0, 9, "dreadnought", 1))
	do(t, g, moveShips(0, 9, "carrier", 1))
	do(t, g, act(ActEndMovement, 0))
	declineWindows(t, g) // Waylay's, if Sol has barrage units
	if c := g.State().Combat; c == nil || c.Step != CbAnnounceD || len(c.Owed) > 0 {
		t.Fatalf("combat %+v", c)
	}
	return g
}

// 1.14, 2.7: Courageous to the End. Once the carrier is destroyed and the
// hits are all assigned, its owner answers; two dice at the carrier's
// combat value each destroy one of the opponent's ships, which cannot
// sustain damage; the opponent then answers for its own losses.
func TestRule2_7_CourageousToTheEnd(t *testing.T) {
	hit, miss := false, false
	for seed := uint64(1); seed < 60 && !(hit && miss); seed++ {
		g := spaceFight(t, seed, func(s *State) {
			giveAC(0, "courageous_to_the_end")(s)
			s.System(23).Space = []Stack{{Owner: 1, Unit: "dreadnought", Count: 1}, {Owner: 1, Unit: "cruiser", Count: 2}}
		})
		refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "courageous_to_the_end", Unit: "carrier"}, "1.14")
		g.State().Combat.Owed = []Owed{{Seat: 0, Hits: 1, Rule: "78.6", By: 1}} // as if Sol's roll hit once
		do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "carrier"})
		c := g.State().Combat
		if c.Answer == nil || c.Answer.Kind != "destroyed" || c.Answer.Seat != 0 {
			t.Fatalf("Jol-Nar answers for its carrier: %+v", c.Answer)
		}
		refuse(t, g, act(ActNoRetreat, 1), "1.14")
		refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "courageous_to_the_end", Unit: "dreadnought"}, "2.7")
		play(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "courageous_to_the_end", Unit: "carrier"})
		c = g.State().Combat
		if len(c.Lost) != 0 || c.Answer != nil {
			t.Fatalf("the window closes: lost %v answer %+v", c.Lost, c.Answer)
		}
		if len(c.Owed) == 0 {
			miss = true
			continue
		}
		hit = true
		if o := c.Owed[0]; o.Seat != 1 || !o.Destroy || o.Hits > 2 {
			t.Fatalf("owed %+v", o)
		}
		refuse(t, g, Action{Kind: ActAssignHit, Seat: 1, Unit: "dreadnought", Use: true}, "2.7")
		for len(g.State().Combat.Owed) > 0 {
			do(t, g, Action{Kind: ActAssignHit, Seat: 1, Unit: "cruiser"})
		}
		if c := g.State().Combat; c.Answer == nil || c.Answer.Kind != "destroyed" || c.Answer.Seat != 1 {
			t.Fatalf("Sol answers for its cruisers in turn: %+v", c.Answer)
		}
		do(t, g, act(ActPassWindow, 1))
		if err := CheckInvariants(g.State()); err != nil {
			t.Fatal(err)
		}
	}
	if !hit || !miss {
		t.Fatalf("seeds gave hit %v miss %v", hit, miss)
	}
}

// 1.14, 2.7: Salvage. The winner of a space combat answers before the
// combat closes: the loser's commodities become the winner's trade goods.
// Nobody is asked when the loser has no commodities.
func TestRule2_7_Salvage(t *testing.T) {
	for _, commodities := range []int{3, 0} {
		g := spaceFight(t, 3, func(s *State) {
			giveAC(0, "salvage")(s)
			s.System(23).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
			s.Players[1].Commodities = commodities
		})
		g.State().Combat.Owed = []Owed{{Seat: 1, Hits: 1, Rule: "78.6", By: 0}}
		do(t, g, Action{Kind: ActAssignHit, Seat: 1, Unit: "destroyer"})
		c := g.State().Combat
		if c != nil && c.Answer != nil && c.Answer.Kind == "destroyed" {
			do(t, g, act(ActPassWindow, 1)) // Sol lost its destroyer, but Jol-Nar has ships to lose
			c = g.State().Combat
		}
		if commodities == 0 {
			if c != nil {
				t.Fatalf("no one to salvage from, the combat ends: %+v", c)
			}
			continue
		}
		if c == nil || c.Answer == nil || c.Answer.Kind != "won" || c.Answer.Seat != 0 {
			t.Fatalf("the winner answers: %+v", c)
		}
		tg := g.State().Players[0].TradeGoods
		play(t, g, playAC(0, "salvage"))
		s := g.State()
		if s.Players[0].TradeGoods != tg+3 || s.Players[1].Commodities != 0 || s.Combat != nil {
			t.Fatalf("trade goods %d, Sol's commodities %d, combat %+v", s.Players[0].TradeGoods, s.Players[1].Commodities, s.Combat)
		}
		if err := CheckInvariants(s); err != nil {
			t.Fatal(err)
		}
	}
}

// 1.14, 2.7: Fire Team. After a ground combat roll each player with dice
// that missed answers in turn; the card rolls those dice again and adds
// their hits to what the opponent must assign.
func TestRule2_7_FireTeam(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		cfg := fixtureConfig()
		cfg.Seed = seed
		g := fixture(t, cfg, func(s *State) {
			giveAC(0, "fire_team")(s)
			arnor := planetIn(s.System(9), "Arnor")
			arnor.Controller, arnor.Units = 1, []Stack{{Owner: 1, Unit: "infantry", Count: 3}}
			s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "infantry", Count: 4})
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 9)
		do(t, g, moveShips(0, 22, "carrier", 1))
		do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 4})
		do(t, g, act(ActEndMovement, 0))
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 4})
		do(t, g, act(ActEstablishControl, 0))
		do(t, g, act(ActPassWindow, 1)) // no Parley
		passStart(t, g)
		c := g.State().Combat
		if c == nil || c.Kind != "ground" {
			t.Fatalf("ground combat: %+v", c)
		}
		if c.Answer == nil || c.Answer.Seat != 0 || c.Answer.Kind != "ground_roll" {
			continue // Jol-Nar's dice all hit: no reroll to offer
		}
		missed := 0
		for _, m := range c.Misses {
			if m.Seat == 0 {
				missed += m.Count
			}
		}
		owedToSol := func(c *Combat) int {
			n := 0
			for _, o := range c.Owed {
				if o.Seat == 1 {
					n += o.Hits
				}
			}
			return n
		}
		before := owedToSol(c)
		refuse(t, g, Action{Kind: ActAssignHit, Seat: 1, Unit: "infantry", Planet: "Arnor"}, "1.14")
		ev := play(t, g, playAC(0, "fire_team"))
		c = g.State().Combat
		after := owedToSol(c)
		rolled := 0
		for _, e := range ev {
			if e.Kind == EvCombat {
				rolled = len(e.Rolls)
			}
		}
		if rolled != missed || after < before || after-before > missed {
			t.Fatalf("%d dice missed, %d rerolled; hits on Sol %d then %d", missed, rolled, before, after)
		}
		if c.Answer != nil && (c.Answer.Seat != 1 || c.Answer.Kind != "ground_roll") {
			t.Fatalf("Sol answers next, if its dice missed: %+v", c.Answer)
		}
		if err := CheckInvariants(g.State()); err != nil {
			t.Fatal(err)
		}
		fightOut(t, g)
		return
	}
	t.Fatal("no seed left Jol-Nar a miss")
}

// invadeArnor has Jol-Nar bring a carrier and ships from its home (22) to
// Arnor's system (9), which stage sets up, and commit its infantry there.
func invadeArnor(t *testing.T, seed uint64, stage func(s *State), ships ...string) *Game {
	t.Helper()
	cfg := fixtureConfig()
	cfg.Seed = seed
	return invadeArnorAs(t, cfg, stage, ships...)
}

func invadeArnorAs(t *testing.T, cfg Config, stage func(s *State), ships ...string) *Game {
	t.Helper()
	g := fixture(t, cfg, func(s *State) {
		s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "infantry", Count: 2})
		stage(s)
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	for _, u := range append([]string{"carrier"}, ships...) {
		do(t, g, moveShips(0, 22, u, 1))
	}
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 2})
	do(t, g, act(ActEndMovement, 0))
	return g
}

func arnorHeldBy(seat int, units ...Stack) func(s *State) {
	return func(s *State) {
		arnor := planetIn(s.System(9), "Arnor")
		arnor.Controller, arnor.Units = seat, units
	}
}

// 1.14, 2.7: Parley. When the invader is done committing, the controller of
// each planet committed to answers; Parley sends the committed ground
// forces back to the space area and there is no ground combat there.
func TestRule2_7_Parley(t *testing.T) {
	g := invadeArnor(t, 7, func(s *State) {
		giveAC(1, "parley")(s)
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 1})(s)
	})
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	inv := g.State().Invasion
	if inv.Ask == nil || inv.Ask.Seat != 1 || inv.Ask.Kind != "committed" || inv.Ask.Planet != "Arnor" {
		t.Fatalf("Sol answers the commit: %+v", inv.Ask)
	}
	refuse(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Lor", Unit: "infantry", Count: 1}, "1.14")
	refuse(t, g, act(ActPassWindow, 0), "1.14")
	play(t, g, playAC(1, "parley"))
	s := g.State()
	arnor := planetIn(s.System(9), "Arnor")
	if count(s.System(9).Space, 0, "infantry") != 2 || count(arnor.Units, 0, "infantry") != 0 || arnor.Controller != 1 {
		t.Fatalf("space %v, Arnor %+v", s.System(9).Space, arnor)
	}
	if s.Invasion != nil || s.Combat != nil || s.Tactical.Step != TacProduction {
		t.Fatalf("the invasion ends without a ground combat: %+v %+v", s.Invasion, s.Combat)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
}

// 1.14, 2.7: Bunker. At the start of an invasion by a player with
// bombardment units, each player with ground forces there answers; Bunker
// takes 4 from every bombardment die against its planets.
func TestRule2_7_Bunker(t *testing.T) {
	for seed := uint64(1); seed < 30; seed++ {
		g := invadeArnor(t, seed, func(s *State) {
			giveAC(1, "bunker")(s)
			arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 2})(s)
			dropTech(0, "plasma_scoring")(s)
		}, "dreadnought")
		inv := g.State().Invasion
		if inv == nil || inv.Ask == nil || inv.Ask.Seat != 1 || inv.Ask.Kind != "bunker" {
			t.Fatalf("Sol answers at the start of the invasion: %+v", inv)
		}
		refuse(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Arnor"}, "1.14")
		play(t, g, playAC(1, "bunker"))
		ev := do(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Arnor"})
		rolls, hits := 0, 0
		for _, e := range ev {
			for _, r := range e.Rolls {
				rolls++
				if r >= 9 { // the dreadnought's 5, plus 4
					hits++
				}
			}
		}
		owed := 0
		if c := g.State().Combat; c != nil && len(c.Owed) > 0 {
			owed = c.Owed[0].Hits
		}
		if rolls != 1 || owed != hits {
			t.Fatalf("%d dice, %d of 9 or more, %d hits owed", rolls, hits, owed)
		}
		if hits == 0 && ev[len(ev)-1].Rolls[0] >= 5 { // a hit that Bunker saved
			return
		}
	}
	t.Fatal("no seed rolled between 5 and 8")
}

// 1.14, 2.7: Infiltrate and Reparations. Before control is established over
// a planet with another player's structures, the invader answers;
// Infiltrate replaces the space dock with its own. Then the former
// controller answers; Reparations exhausts one of the new controller's
// planets and readies one of its own.
func TestRule2_7_InfiltrateAndReparations(t *testing.T) {
	g := invadeArnor(t, 7, func(s *State) {
		giveAC(0, "infiltrate")(s)
		giveAC(1, "reparations")(s)
		arnorHeldBy(1, Stack{Owner: 1, Unit: "space_dock", Count: 1})(s)
		jord, _ := s.Planet("Jord")
		jord.Exhausted = true
	})
	if c := g.State().Combat; c == nil || c.Answer == nil || c.Answer.Kind != "moved" || c.Answer.Seat != 1 {
		t.Fatalf("Sol, with a space dock on Arnor, answers the move (Experimental Battlestation): %+v", c)
	}
	declineWindows(t, g)
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	do(t, g, act(ActPassWindow, 1)) // no Parley
	inv := g.State().Invasion
	if inv.Ask == nil || inv.Ask.Seat != 0 || inv.Ask.Kind != "infiltrate" {
		t.Fatalf("Jol-Nar answers before establishing control: %+v", inv.Ask)
	}
	play(t, g, playAC(0, "infiltrate"))
	s := g.State()
	arnor := planetIn(s.System(9), "Arnor")
	if arnor.Controller != 0 || count(arnor.Units, 0, "space_dock") != 1 || count(arnor.Units, 1, "space_dock") != 0 {
		t.Fatalf("Arnor %+v", arnor)
	}
	inv = s.Invasion
	if inv == nil || inv.Ask == nil || inv.Ask.Seat != 1 || inv.Ask.Kind != "reparations" {
		t.Fatalf("Sol answers the loss of Arnor: %+v", inv)
	}
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "reparations", Planet: "Jord", ToPl: "Jord"}, "2.7")
	play(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "reparations", Planet: "Nar", ToPl: "Jord"})
	s = g.State()
	nar, _ := s.Planet("Nar")
	jord, _ := s.Planet("Jord")
	if !nar.Exhausted || jord.Exhausted || s.Invasion != nil {
		t.Fatalf("Nar exhausted %v, Jord exhausted %v, invasion %+v", nar.Exhausted, jord.Exhausted, s.Invasion)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}

	// The Clan of Saar's space docks float in space: Infiltrate cannot put
	// one on a planet, so the dock is only destroyed.
	g = invadeArnorAs(t, fixtureConfig("saar", "sol", "hacan"), func(s *State) {
		giveAC(0, "infiltrate")(s)
		arnorHeldBy(1, Stack{Owner: 1, Unit: "space_dock", Count: 1})(s)
	})
	declineWindows(t, g)
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	do(t, g, act(ActPassWindow, 1))
	play(t, g, playAC(0, "infiltrate"))
	declineWindows(t, g)
	arnor = planetIn(checked(t, g).System(9), "Arnor")
	if arnor.Controller != 0 || len(arnor.Units) != 1 {
		t.Fatalf("Arnor %+v", arnor)
	}
}

// 1.14, 2.7: Experimental Battlestation. After ships move into a system,
// each other player with a space dock in it or next to it answers, in
// initiative order; the card has that dock fire three space cannon dice
// at 5 at the active player's ships there, before space cannon offense.
func TestRule2_7_ExperimentalBattlestation(t *testing.T) {
	g := invadeArnor(t, 7, func(s *State) {
		giveAC(1, "experimental_battlestation")(s)
		arnorHeldBy(1, Stack{Owner: 1, Unit: "space_dock", Count: 1})(s)
	}, "dreadnought")
	c := g.State().Combat
	if c == nil || c.Answer == nil || c.Answer.Kind != "moved" || c.Answer.Seat != 1 {
		t.Fatalf("Sol answers the move: %+v", c)
	}
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "experimental_battlestation", Planet: "Jord"}, "2.7")
	ev := play(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "experimental_battlestation", Planet: "Arnor"})
	var rolls []int
	for _, e := range ev {
		if e.Kind == EvCombat {
			rolls = e.Rolls
		}
	}
	hits := 0
	for _, r := range rolls {
		if r >= 5 {
			hits++
		}
	}
	c = g.State().Combat
	owed := 0
	if c != nil && len(c.Owed) > 0 {
		if o := c.Owed[0]; o.Seat != 0 || o.Rule != "77.5" || o.By != 1 {
			t.Fatalf("owed %+v", o)
		}
		owed = c.Owed[0].Hits
	}
	if len(rolls) != 3 || owed != hits || (c != nil && c.Answer != nil) {
		t.Fatalf("rolls %v, %d hits owed; combat %+v", rolls, owed, c)
	}
	fightOut(t, g)
	if err := CheckInvariants(g.State()); err != nil {
		t.Fatal(err)
	}

	// Nobody is asked when no ship moved in.
	g = tacticalFixture(t, arnorHeldBy(1, Stack{Owner: 1, Unit: "space_dock", Count: 1}))
	activated(t, g, 0, 9)
	do(t, g, act(ActEndMovement, 0))
	if c := g.State().Combat; c != nil && c.Answer != nil {
		t.Fatalf("no window without a move: %+v", c.Answer)
	}
}

// Infiltrate over two planets places no more structures than the
// invader's reinforcements hold, counted across both (23.4).
func TestRule2_7_InfiltrateTwoPlanets(t *testing.T) {
	g := invadeArnor(t, 7, func(s *State) {
		giveAC(0, "infiltrate")(s)
		for _, name := range []string{"Arnor", "Lor"} {
			pl := planetIn(s.System(9), name)
			pl.Controller, pl.Units = 1, []Stack{{Owner: 1, Unit: "space_dock", Count: 1}}
		}
		jol, _ := s.Planet("Jol")
		jol.Units = append(jol.Units, Stack{Owner: 0, Unit: "space_dock", Count: 1}) // one dock left in reinforcements
	})
	declineWindows(t, g)
	if n := g.State().Reinforcements(0, "space_dock"); n != 1 {
		t.Fatalf("Jol-Nar has %d space docks left", n)
	}
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 1})
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Lor", Unit: "infantry", Count: 1})
	do(t, g, act(ActEstablishControl, 0))
	for inv := g.State().Invasion; inv != nil && inv.Ask != nil && inv.Ask.Kind != "infiltrate"; inv = g.State().Invasion {
		do(t, g, act(ActPassWindow, inv.Ask.Seat)) // no Parley
	}
	play(t, g, playAC(0, "infiltrate"))
	declineWindows(t, g) // no Reparations
	s := checked(t, g)
	if got := s.OnBoard(0, "space_dock"); got != 3 {
		t.Fatalf("Jol-Nar has %d space docks on the board; the game has 3", got)
	}
}
