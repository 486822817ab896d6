package ti4

import (
	"slices"
	"testing"
)

// Hacan, Masters of Trade (20.5): the Trade card's secondary without a
// command token; another player with no token in the strategy pool is
// refused.
func TestFaction_Hacan_MastersOfTrade(t *testing.T) {
	for _, hacan := range []bool{false, true} {
		f := []string{"jolnar", "sol", "xxcha"}
		if hacan {
			f[1] = "hacan"
		}
		g := factionGame(t, f, func(s *State) { s.Players[1].Strategy = 0 })
		// seat 0 holds leadership and trade (toActionPhase's picks)
		strategic(t, g, 0, "trade")
		do(t, g, act(ActDone, 0))
		a := Action{Kind: ActSecondary, Seat: 1, Use: true}
		if hacan {
			do(t, g, a)
		} else {
			refuse(t, g, a, "20.5")
		}
	}
}

// Hacan, Guild Ships (94.1): transactions with players who are not
// neighbors; others need neighbors (60.1).
func TestFaction_Hacan_GuildShips(t *testing.T) {
	g := factionGame(t, []string{"hacan", "sol", "jolnar"}, nil)
	if g.State().AreNeighbors(0, 1) {
		t.Fatal("the fixture's homes are not neighbors")
	}
	do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	g = factionGame(t, []string{"sol", "jolnar", "xxcha"}, nil)
	refuse(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}}, "60.1")
}

// Hacan, Trade Convoys (69.1, 94.1, 60): in its holder's play area it lets
// them trade with players who are not neighbors; activating a system with
// the Hacan's units sends it back.
func TestFaction_Hacan_TradeConvoys(t *testing.T) {
	const note = "hacan:trade_convoys"
	g := factionGame(t, []string{"sol", "jolnar", "hacan"}, func(s *State) {
		giveNote(note, 0)(s)
		s.System(23).Space = []Stack{{Owner: 2, Unit: "carrier", Count: 1}}
	})
	if g.State().AreNeighbors(0, 1) {
		t.Fatal("the fixture's homes are not neighbors")
	}
	refuse(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}}, "60.1")
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
	if s := g.State(); !slices.Contains(s.Players[0].NotesInPlay, note) || s.Turn == 0 {
		t.Fatal("into the play area, as the turn's action")
	}
	settle(t, g)
	if g.State().Turn != 1 {
		t.Fatalf("seat %d's turn", g.State().Turn)
	}
	do(t, g, Action{Kind: ActTradeOpen, Seat: 1, ActionExtra: &ActionExtra{Player: ip(0)}}) // with the holder, on the other's turn too

	g = factionGame(t, []string{"sol", "jolnar", "hacan"}, func(s *State) {
		s.Players[0].NotesInPlay = append(s.Players[0].NotesInPlay, note)
		s.Players[2].Promissory = slices.DeleteFunc(s.Players[2].Promissory, func(n string) bool { return n == note })
		s.System(23).Space = []Stack{{Owner: 2, Unit: "carrier", Count: 1}}
	})
	activated(t, g, 0, 23)
	if s := g.State(); slices.Contains(s.Players[0].NotesInPlay, note) || !slices.Contains(s.Players[2].Promissory, note) {
		t.Fatal("activating a system with the Hacan's units sends it back")
	}
}

// Hacan, Arbiters (94.3, 2.5): action cards are exchanged in the Hacan's
// transactions, either way, seen by the two players only; between two
// other players they are refused.
func TestFaction_Hacan_Arbiters(t *testing.T) {
	g := factionGame(t, []string{"hacan", "sol", "jolnar"}, func(s *State) {
		giveAC(1, "sabotage")(s)
		giveAC(2, "parley")(s)
	})
	do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	do(t, g, Action{Kind: ActTradeAdd, Seat: 1, Card: "sabotage"})
	refuse(t, g, Action{Kind: ActTradeAdd, Seat: 1, Card: "sabotage"}, "94.3") // one in hand
	v, _ := ViewFor(g.State(), 2)
	if got := v.State.Trade.Give[1].ActionCards; !slices.Equal(got, []string{"hidden"}) {
		t.Fatalf("Jol-Nar sees %v offered", got)
	}
	do(t, g, Action{Kind: ActTradeAccept, Seat: 0})
	do(t, g, Action{Kind: ActTradeAccept, Seat: 1})
	s := g.State()
	if !slices.Contains(s.Players[0].ActionCards, "sabotage") || slices.Contains(s.Players[1].ActionCards, "sabotage") {
		t.Fatalf("hands %v / %v: Sol's card is the Hacan's", s.Players[0].ActionCards, s.Players[1].ActionCards)
	}
	g = factionGame(t, []string{"xxcha", "sol", "jolnar"}, func(s *State) {
		giveAC(1, "sabotage")(s)
		next := s.galaxy.Neighbors(s.Players[1].Home, nil)[0]
		s.System(next).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}} // neighbors (60)
	})
	do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	refuse(t, g, Action{Kind: ActTradeAdd, Seat: 1, Card: "sabotage"}, "94.3")
}

// Hacan, Production Biomes: a component action, exhausting it and spending
// a strategy token: 4 trade goods for the Hacan, 2 for another player.
func TestFactionTech_ProductionBiomes(t *testing.T) {
	g := factionGame(t, []string{"hacan", "sol", "jolnar"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "production_biomes")
	})
	refuse(t, g, use(0, "production_biomes", Action{ActionExtra: &ActionExtra{Player: ip(0)}}), "2.7")
	p := g.State().Players[0]
	strategy, tg := p.Strategy, p.TradeGoods
	do(t, g, use(0, "production_biomes", Action{ActionExtra: &ActionExtra{Player: ip(2)}}))
	s := g.State()
	if s.Players[0].TradeGoods != tg+4 || s.Players[2].TradeGoods != 2 || s.Players[0].Strategy != strategy-1 || s.Turn == 0 {
		t.Fatalf("Hacan %d, Jol-Nar %d trade goods", s.Players[0].TradeGoods, s.Players[2].TradeGoods)
	}
}

// Hacan, Quantum Datahub Node: at the end of the strategy phase, for a
// strategy token and 3 trade goods given, a strategy card of the Hacan's
// is swapped for one of another player's.
func TestFactionTech_QuantumDatahubNode(t *testing.T) {
	cfg := fixtureConfig("hacan", "sol", "jolnar")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "quantum_datahub_node")
		s.Players[0].TradeGoods = 3
	})
	for i, c := range []string{"leadership", "diplomacy", "politics", "trade", "warfare", "technology"} {
		pickAndPass(t, g, i%3, c)
	}
	st := g.State().Step
	if st == nil || st.Card != "quantum_datahub_node" || g.State().Phase != PhaseStrategy {
		t.Fatalf("step %+v: the Hacan's window at the end of the strategy phase", st)
	}
	do(t, g, use(0, "quantum_datahub_node", Action{Outcome: "leadership:warfare", ActionExtra: &ActionExtra{Player: ip(1)}}))
	settle(t, g)
	s := g.State()
	if !slices.Contains(s.Players[0].StrategyCards, "warfare") || !slices.Contains(s.Players[1].StrategyCards, "leadership") ||
		s.Players[0].TradeGoods != 0 || s.Players[1].TradeGoods != 3 || s.Phase != PhaseAction {
		t.Fatalf("cards %v / %v", s.Players[0].StrategyCards, s.Players[1].StrategyCards)
	}
}

// Hacan, Wrath of Kenara (78.5): after the Hacan roll in a space combat in
// the flagship's system, a trade good gives a die +1, once a die; only the
// dice +1 makes hit are offered, as many as the trade goods pay for.
func TestFaction_Hacan_WrathOfKenara(t *testing.T) {
	const id = "wrath_of_kenara"
	// the flagship's two dice and the cruiser's show 6 (they need 7),
	// Sol's dreadnought 1
	g := hacanAttacks(t, []Stack{{Owner: 0, Unit: "flagship", Count: 1}, {Owner: 0, Unit: "cruiser", Count: 1}},
		func(s *State) { s.Players[0].TradeGoods = 2 }, []int{6, 6, 6, 1})
	c := g.State().Combat
	if c.Answer == nil || c.Answer.Kind != AnswerRolled || c.Answer.Seat != 0 || len(c.Owed) != 0 {
		t.Fatalf("combat %+v: the Hacan answer their roll before any hit is owed", c)
	}
	var counts []int
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Card == id && a.Use {
			counts = append(counts, a.Count)
		}
	}
	if !slices.Equal(counts, []int{1, 2}) {
		t.Fatalf("offered %v: 1 or 2 dice, as 2 trade goods pay", counts)
	}
	refuse(t, g, use(1, id, Action{Count: 1}), "1.3")  // Sol's
	refuse(t, g, use(0, id, Action{Count: 4}), "78.5") // three dice +1 makes hit
	refuse(t, g, use(0, id, Action{Count: 3}), "1.11") // the trade goods pay for two
	refuse(t, g, use(0, id, Action{Count: 0}), "78.5") // none
	if _, err := g.Do(use(0, id, Action{Count: 1, Unit: "x"})); err == nil {
		t.Fatal("a field Wrath of Kenara does not read is refused")
	}
	do(t, g, use(0, id, Action{Count: 2}))
	s := g.State()
	if s.Players[0].TradeGoods != 0 || len(s.Combat.Owed) != 1 || s.Combat.Owed[0].Seat != 1 || s.Combat.Owed[0].Hits != 2 {
		t.Fatalf("trade goods %d, owed %+v: two dice raised to hits on Sol", s.Players[0].TradeGoods, s.Combat.Owed)
	}
}

// Without the flagship in the system, or without a trade good, the
// Hacan's roll stands as it fell: no window, the hits owed at once.
func TestFaction_Hacan_WrathOfKenara_OnlyInItsSystem(t *testing.T) {
	for name, tc := range map[string]struct {
		fleet []Stack
		tg    int
	}{
		"no flagship":    {[]Stack{{Owner: 0, Unit: "cruiser", Count: 2}}, 3},
		"no trade goods": {[]Stack{{Owner: 0, Unit: "flagship", Count: 1}}, 0},
	} {
		t.Run(name, func(t *testing.T) {
			g := hacanAttacks(t, tc.fleet, func(s *State) { s.Players[0].TradeGoods = tc.tg }, []int{6, 10, 1})
			c := g.State().Combat
			if c.Answer != nil || c.x().Dice != nil || len(c.Owed) != 1 || c.Owed[0].Hits != 1 {
				t.Fatalf("combat %+v: one hit owed, no window", c)
			}
		})
	}
}

// Hacan, Carth of Golden Sands (51.3, 51.4): an agent, exhausted in the
// action phase for 2 commodities of the Hacan's (to their limit) or to
// replenish another player's; it readies in the status phase.
func TestFaction_Hacan_CarthOfGoldenSands(t *testing.T) {
	const id = "hacan:carth_of_golden_sands"
	g := leadersGame(t, []string{"hacan", "sol", "letnev"}, func(s *State) {
		s.Players[0].Commodities = 5
		s.Players[1].Commodities = 0
	})
	do(t, g, use(0, id, Action{Outcome: "commodities"}))
	if p := g.State().Players[0]; p.Commodities != 6 || !slices.Contains(p.ExhaustedTechs, id) {
		t.Fatalf("commodities %d, exhausted %v: 5+2 stops at the limit of 6, the agent exhausted", p.Commodities, p.ExhaustedTechs)
	}
	refuse(t, g, use(0, id, Action{ActionExtra: &ActionExtra{Player: ip(1)}}), "34.4") // exhausted
	g = leadersGame(t, []string{"hacan", "sol", "letnev"}, func(s *State) { s.Players[1].Commodities = 0 })
	do(t, g, use(0, id, Action{ActionExtra: &ActionExtra{Player: ip(1)}}))
	if p := g.State().Players[1]; p.Commodities != commodityValue(p) {
		t.Fatalf("Sol's commodities %d: replenished", p.Commodities)
	}
}

// Hacan, Harrugh Gefhara (51.10-51.12): unlocked, while the Hacan
// produce, the units cost nothing; the hero is purged.
func TestFaction_Hacan_HarrughGefhara(t *testing.T) {
	const id = "hacan:harrugh_gefhara"
	g := leadersGame(t, []string{"hacan", "sol", "letnev"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		p := s.Players[0]
		p.TradeGoods, p.Fleet, p.Strategy = 0, p.Fleet+p.Strategy, 0
		for _, pl := range s.ownPlanets(0) {
			pl.Exhausted = true
		}
	})
	home := g.State().Players[0].Home
	activated(t, g, 0, home)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 1}, "26.1") // nothing to pay with
	do(t, g, use(0, id, Action{}))
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 2})
	do(t, g, act(ActEndTactical, 0))
	s := g.State()
	if s.Players[0].Hero != Purged || count(s.System(home).Space, 0, "cruiser") < 2 {
		t.Fatalf("hero %q, cruisers %d: two produced for nothing, the hero purged", s.Players[0].Hero, count(s.System(home).Space, 0, "cruiser"))
	}
}

// Hacan, Pride of Kenara (55, 94.3): the card of a planet with the mech is
// given in a transaction; the receiver gains it, and the Hacan's units on
// it move to the planet they named. A planet without the mech, or units
// sent to a planet not theirs, are refused.
func TestFactionUnit_PrideOfKenara(t *testing.T) {
	g := factionGame(t, []string{"hacan", "sol", "jolnar"}, func(s *State) {
		s.System(23).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}} // neighbors
		arnor := planetIn(s.System(9), "Arnor")
		arnor.Controller, arnor.Units = 0, []Stack{{Owner: 0, Unit: "mech", Count: 1}, {Owner: 0, Unit: "infantry", Count: 2}}
		planetIn(s.System(9), "Lor").Controller = 0
	})
	home := g.State().System(g.State().Players[0].Home).Planets[0].Name
	do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	refuse(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "planet", Planet: "Lor", ToPl: home}, "94.3")
	refuse(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "planet", Planet: "Arnor", ToPl: "Jord"}, "55")
	do(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "planet", Planet: "Arnor", ToPl: home})
	do(t, g, Action{Kind: ActTradeAccept, Seat: 0})
	do(t, g, Action{Kind: ActTradeAccept, Seat: 1})
	arnor, dst := planet(t, g, "Arnor"), planet(t, g, home)
	if arnor.Controller != 1 || count(arnor.Units, 0, "") != 0 || count(dst.Units, 0, "mech") != 1 {
		t.Fatalf("Arnor %d %v, %s %v: Sol holds Arnor, the Hacan's units at home", arnor.Controller, arnor.Units, home, dst.Units)
	}
}

// Hacan, Gila the Silvertongue (commander): unlocked, trade goods spent
// while casting votes buy 2 votes each; locked, none (8.13).
func TestFaction_Hacan_GilaTheSilvertongue(t *testing.T) {
	for _, state := range []string{Locked, Unlocked} {
		g := factionAgenda(t, []string{"jolnar", "hacan", "sol"}, []string{"mutiny"}, func(s *State) {
			s.Players[1].Commander = state
			s.Players[1].TradeGoods = 3
		})
		passWindows(t, g)
		do(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For})
		if state == Locked {
			refuse(t, g, Action{Kind: ActSpendTG, Seat: 1, Count: 2}, "8.13")
			continue
		}
		do(t, g, Action{Kind: ActSpendTG, Seat: 1, Count: 2})
		do(t, g, act(ActDone, 1))
		if b := g.State().Agenda.Ballots[0]; b.Votes != 4 || g.State().Players[1].TradeGoods != 1 {
			t.Fatalf("%d votes, %d trade goods: 2 trade goods for 4 votes", b.Votes, g.State().Players[1].TradeGoods)
		}
	}
}

// Pride of Kenara: the Hacan's units leave the planet given for the one
// they name only within its limits, counting what other gifts of the
// transaction send there: a second space dock is refused (85.4); two
// planets' units may go to the same one.
func TestFactionUnit_PrideOfKenara_Limits(t *testing.T) {
	g := factionGame(t, []string{"hacan", "sol", "jolnar"}, func(s *State) {
		s.System(23).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}} // neighbors
		for _, pl := range s.System(9).Planets {
			pl.Controller, pl.Units = 0, []Stack{{Owner: 0, Unit: "mech", Count: 1}, {Owner: 0, Unit: "space_dock", Count: 1}}
		}
		s.System(9).Planets[1].Units = s.System(9).Planets[1].Units[:1]
	})
	homes := g.State().System(g.State().Players[0].Home).Planets
	docked := homes[slices.IndexFunc(homes, func(pl *Planet) bool { return count(pl.Units, 0, "space_dock") > 0 })].Name
	bare := homes[slices.IndexFunc(homes, func(pl *Planet) bool { return len(pl.Units) == 0 })].Name
	do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	refuse(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "planet", Planet: "Arnor", ToPl: docked}, "85.4")
	do(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "planet", Planet: "Lor", ToPl: bare})
	do(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "planet", Planet: "Arnor", ToPl: bare})
	do(t, g, Action{Kind: ActTradeAccept, Seat: 0})
	do(t, g, Action{Kind: ActTradeAccept, Seat: 1})
	if to := planet(t, g, bare); count(to.Units, 0, "mech") != 2 || count(to.Units, 0, "space_dock") != 1 {
		t.Fatalf("%s holds %v: both mechs and the dock", bare, to.Units)
	}
}
