package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// exploreFixture stages a game in which seat 0 gains an uncontrolled
// planet of card's deck, with card on top of that deck and the units
// given on the planet, and returns the game and the planet.
func exploreFixture(t *testing.T, card string, units []Stack, stage func(s *State)) (*Game, string) {
	t.Helper()
	var name string
	g := fixture(t, fixtureConfig(), func(s *State) {
		deck := ""
		for _, e := range data.MustLoad().Exploration {
			if e.ID == card {
				deck = e.Deck
			}
		}
		for _, sys := range s.Systems {
			for _, pl := range sys.Planets {
				if info := planetInfo(pl); name == "" && info.Trait == deck && pl.Controller == None {
					name = pl.Name
					pl.Units = units
				}
			}
		}
		d := s.Decks.Exploration[deck]
		i := slices.Index(d, card)
		d[0], d[i] = d[i], d[0]
		if stage != nil {
			stage(s)
		}
	})
	do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: name, ActionExtra: &ActionExtra{Player: ip(0)}})
	return g, name
}

func exploreOpts(g *Game) []string {
	st := g.State().Step
	if st == nil || st.Kind != StepExplore {
		return nil
	}
	return exploreOptions(g.State(), st)
}

// 35.7: each planet exploration card's ability, its choices, and what they
// do; a card with nothing to choose resolves at once.
func TestRule35_7_ExplorationCards(t *testing.T) {
	inf := []Stack{{Owner: 0, Unit: "infantry", Count: 2}}
	mech := []Stack{{Owner: 0, Unit: "mech", Count: 1}}
	for _, c := range []struct {
		name   string
		card   string
		units  []Stack
		stage  func(s *State)
		opts   []string // nil: no step
		choose string
		check  func(s *State, planet string) bool
	}{
		{"mercenary outfit places an infantry", "mercenary_outfit", nil, nil, []string{optPlace, optDecline}, optPlace,
			func(s *State, pl string) bool { p, _ := s.Planet(pl); return count(p.Units, 0, "infantry") == 1 }},
		{"core mine with a mech pays at once", "core_mine", mech, nil, nil, "",
			func(s *State, _ string) bool { return s.Players[0].TradeGoods == 1 }},
		{"core mine for an infantry", "core_mine", inf, nil, []string{optRemove, optDecline}, optRemove,
			func(s *State, pl string) bool {
				p, _ := s.Planet(pl)
				return s.Players[0].TradeGoods == 1 && count(p.Units, 0, "infantry") == 1
			}},
		{"core mine with no ground forces does nothing", "core_mine", nil, nil, nil, "",
			func(s *State, _ string) bool { return s.Players[0].TradeGoods == 0 }},
		{"expedition with a mech readies the planet", "expedition", mech, nil, nil, "",
			func(s *State, pl string) bool { p, _ := s.Planet(pl); return !p.Exhausted }},
		{"expedition for an infantry", "expedition", inf, nil, []string{optRemove, optDecline}, optRemove,
			func(s *State, pl string) bool {
				p, _ := s.Planet(pl)
				return !p.Exhausted && count(p.Units, 0, "infantry") == 1
			}},
		{"volatile fuel source with a mech: a token, no decline", "volatile_fuel_source", mech, nil, []string{"tactic", "fleet", "strategy"}, "fleet",
			func(s *State, _ string) bool { return s.Players[0].Fleet == 4 }},
		{"volatile fuel source for an infantry", "volatile_fuel_source", inf, nil, []string{"tactic", "fleet", "strategy", optDecline}, "strategy",
			func(s *State, pl string) bool {
				p, _ := s.Planet(pl)
				return s.Players[0].Strategy == 3 && count(p.Units, 0, "infantry") == 1
			}},
		{"abandoned warehouses: two commodities, up to the value", "abandoned_warehouses", nil, func(s *State) { s.Players[0].Commodities = 3 },
			[]string{optGain, optConvert, optDecline}, optGain, func(s *State, _ string) bool { return s.Players[0].Commodities == 4 }},
		{"abandoned warehouses: two commodities become trade goods", "abandoned_warehouses", nil, func(s *State) { s.Players[0].Commodities = 3 },
			[]string{optGain, optConvert, optDecline}, optConvert,
			func(s *State, _ string) bool { return s.Players[0].Commodities == 1 && s.Players[0].TradeGoods == 2 }},
		{"functioning base: an action card for a trade good", "functioning_base", nil, func(s *State) { s.Players[0].TradeGoods = 1 },
			[]string{optGain, optDrawTG, optDecline}, optDrawTG,
			func(s *State, _ string) bool {
				return s.Players[0].TradeGoods == 0 && len(s.Players[0].ActionCards) == 1
			}},
		{"local fabricators: a mech for a commodity", "local_fabricators", nil, func(s *State) { s.Players[0].Commodities = 1 },
			[]string{optGain, optMechCommodity, optDecline}, optMechCommodity,
			func(s *State, pl string) bool {
				p, _ := s.Planet(pl)
				return s.Players[0].Commodities == 0 && count(p.Units, 0, "mech") == 1
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, planet := exploreFixture(t, c.card, c.units, c.stage)
			if got := exploreOpts(g); !slices.Equal(got, c.opts) {
				t.Fatalf("options %v, want %v", got, c.opts)
			}
			if c.opts != nil {
				refuse(t, g, Action{Kind: ActExplore, Seat: 0, Outcome: "nonsense"}, "35.7")
				refuse(t, g, Action{Kind: ActExplore, Seat: 1, Outcome: c.choose}, "82.3")
				do(t, g, Action{Kind: ActExplore, Seat: 0, Outcome: c.choose})
				if g.State().Step != nil {
					t.Fatal("the step stays open")
				}
			}
			if !c.check(g.State(), planet) {
				t.Fatal("the card's ability did not resolve as it should")
			}
		})
	}
}

// 35.7: Gamma Wormhole puts a gamma wormhole in the planet's system, and
// the card is purged, not discarded.
func TestRule35_7_GammaWormhole(t *testing.T) {
	g, planet := exploreFixture(t, "gamma_wormhole", nil, nil)
	s := g.State()
	_, sys := s.Planet(planet)
	if !slices.Contains(s.Wormholes(sys.Pos), "gamma") {
		t.Fatal("no gamma wormhole in the explored planet's system")
	}
	if !slices.Contains(s.Decks.Purged, "gamma_wormhole") || slices.Contains(s.Decks.ExplorationDiscard["cultural"], "gamma_wormhole") {
		t.Fatal("the card is purged")
	}
	checked(t, g)
}

// 35.7, 12.1: Demilitarized Zone sends the planet's structures back to
// reinforcements and its ground forces up to space; while it is attached,
// no unit may be placed, produced or committed there.
func TestRule35_7_DemilitarizedZone(t *testing.T) {
	units := []Stack{{Owner: 0, Unit: "infantry", Count: 2}, {Owner: 0, Unit: "pds", Count: 1}}
	g, planet := exploreFixture(t, "demilitarized_zone", units, nil)
	s := g.State()
	pl, sys := s.Planet(planet)
	if len(pl.Units) != 0 || count(sys.Space, 0, "infantry") != 2 || pl.Controller != 0 || !unitsBarred(pl) {
		t.Fatalf("planet %+v, space %+v", pl, sys.Space)
	}
	if s.Reinforcements(0, "pds") != 4 {
		t.Fatalf("%d PDS in reinforcements, want 4 (the other two are at home)", s.Reinforcements(0, "pds"))
	}
	refuse(t, g, place(0, sys.Pos, planet, "infantry", 1), "12.1")
	refuse(t, g, place(0, sys.Pos, planet, "pds", 1), "12.1")
	if err := CheckInvariants(g.State()); err != nil {
		t.Fatal(err)
	}
}

// 12.1: no ground force may be committed to a demilitarized planet.
func TestRule12_1_NoCommitToDemilitarized(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "infantry", Count: 2})
		pl, _ := s.Planet("Arnor")
		pl.Attachments = []string{"demilitarized_zone"}
	})
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "carrier", 1))
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 2})
	do(t, g, act(ActEndMovement, 0))
	refuse(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 1}, "12.1")
}

// 12.1 with 2.7: Frontline Deployment may not aim at a demilitarized
// planet, and Rise of a Messiah leaves it out.
func TestRule12_1_CardsSkipDemilitarized(t *testing.T) {
	dmz := func(s *State) {
		pl, _ := s.Planet("Nar")
		pl.Attachments = []string{"demilitarized_zone"}
		pl.Units = nil
		d := s.Decks.Exploration["cultural"] // the card moves from its deck
		s.Decks.Exploration["cultural"] = slices.DeleteFunc(d, func(c string) bool { return c == "demilitarized_zone" })
	}
	g := tacticalFixture(t, func(s *State) {
		giveAC(0, "frontline_deployment", "rise_of_a_messiah")(s)
		dmz(s)
	})
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "frontline_deployment", Planet: "Nar"}, "12.1")
	play(t, g, playAC(0, "rise_of_a_messiah"))
	if n := count(planet(t, g, "Nar").Units, 0, "infantry"); n != 0 || count(planet(t, g, "Jol").Units, 0, "infantry") == 0 {
		t.Fatalf("%d infantry placed on the demilitarized planet", n)
	}
	if err := CheckInvariants(g.State()); err != nil {
		t.Fatal(err)
	}
}

// 35.7: Freelancers produces one unit in the explored planet's system,
// paid with influence if the player likes; done without producing declines.
func TestRule35_7_Freelancers(t *testing.T) {
	g, planet := exploreFixture(t, "freelancers", nil, withoutSarween)
	st := g.State().Step
	if st == nil || st.Kind != StepFreelance {
		t.Fatalf("step %+v, want Freelancers' production", st)
	}
	_, sys := g.State().Planet(planet)
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "destroyer", Count: 2}, "68.1")
	refuse(t, g, Action{Kind: ActPass, Seat: 0}, "35.7")
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "destroyer", Count: 1})
	refuse(t, g, act(ActDone, 0), "67.1")
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Jol", Use: true}) // 2 influence for a 1-resource destroyer
	do(t, g, act(ActDone, 0))
	s := g.State()
	if s.Step != nil || count(s.System(sys.Pos).Space, 0, "destroyer") != 1 {
		t.Fatalf("step %+v, destroyers %d", s.Step, count(s.System(sys.Pos).Space, 0, "destroyer"))
	}
	g, _ = exploreFixture(t, "freelancers", nil, nil)
	do(t, g, act(ActDone, 0)) // declined
	if g.State().Step != nil {
		t.Fatal("declining closes the step")
	}
}

// 67.1 with Freelancers: what can pay counts each planet's influence where
// it is more, and a planet spent for less than it could pay is refused if
// the rest could then no longer pay. Soaks found a game stuck on a
// production that could never be paid for.
func TestRule67_1_FreelancersPaymentStaysPossible(t *testing.T) {
	g, _ := exploreFixture(t, "freelancers", nil, func(s *State) { s.Players[0].TradeGoods = 0; withoutSarween(s) })
	if got := g.State().payable(0, true); got != 5 {
		t.Fatalf("payable with influence %d, want 5 (Jol 2, Nar 3)", got)
	}
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "dreadnought", Count: 1}) // 4: more than the 3 resources
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Nar"})             // 2 resources; Jol's 2 influence can pay the rest
	refuse(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Jol"}, "67.1") // 1 resource: 1 would stay owed
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Jol", Use: true})
	do(t, g, act(ActDone, 0))
	checked(t, g)
}

// 1.19 with 35.7: an exploration card's choice waits while a window asks
// for answers (here Reparations, in the invasion that explored the
// planet), so the two never wait on each other. Soaks found games stuck.
func TestRule1_19_ChoiceWaitsForWindow(t *testing.T) {
	g, _ := exploreFixture(t, "freelancers", nil, func(s *State) {
		s.Invasion = &Invasion{Seat: 0, Pos: 9, Ask: &Answer{Kind: "reparations", Seat: 1, Owner: 0}}
	})
	s := g.State()
	if s.Step != nil || len(s.Choices) != 1 {
		t.Fatalf("step %+v, choices %d: the choice opened during the window", s.Step, len(s.Choices))
	}
	if ev := choiceFollowUps(s); len(ev) != 0 {
		t.Fatalf("follow-ups %v during the window", ev)
	}
	s.Invasion.Ask = nil // the window closes
	if ev := choiceFollowUps(s); len(ev) != 1 || ev[0].Kind != EvChoiceNext {
		t.Fatalf("follow-ups %v, want the choice to open", ev)
	}
}

// withoutSarween takes Sarween Tools from Jol-Nar, so that what a test
// pays is the units' printed cost.
func withoutSarween(s *State) { dropTech(0, "sarween_tools")(s) }

// dropTech takes technologies from a seat, for tests of what the game
// does without them.
func dropTech(seat int, ids ...string) func(*State) {
	return func(s *State) {
		s.Players[seat].Techs = slices.DeleteFunc(slices.Clone(s.Players[seat].Techs), func(t string) bool { return slices.Contains(ids, t) })
	}
}
