package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// The generic technologies used by a choice, or that change a moment of
// the game, each in play.

// use is a use_ability action.
func use(seat int, card string, a Action) Action {
	a.Kind, a.Seat, a.Card, a.Use = ActUseAbility, seat, card, true
	return a
}

// quickTactical is a tactical action that activates an empty system and
// ends, for tests that need a turn's action.
func quickTactical(t *testing.T, g *Game, seat, pos int) []Event {
	t.Helper()
	ev := activated(t, g, seat, pos)
	ev = append(ev, do(t, g, act(ActEndMovement, seat))...)
	for i := 0; i < 5 && g.State().Tactical != nil; i++ {
		switch g.State().Tactical.Step {
		case TacInvasion:
			ev = append(ev, establishControl(t, g, seat)...)
		case TacProduction:
			ev = append(ev, do(t, g, act(ActEndTactical, seat))...)
		}
	}
	return ev
}

// specialtyPlanet is a planet on the board with a technology specialty
// that no one controls, given to seat.
func specialtyPlanet(s *State, seat int, exhausted bool) string {
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if planetInfo(pl).Tech != "" && pl.Controller == None && !s.IsHomeSystem(sys.Pos) {
				pl.Controller, pl.ControlToken, pl.Exhausted = seat, true, exhausted
				return pl.Name
			}
		}
	}
	panic("no specialty planet on the board")
}

// Gravity Drive (58.4): one ship a tactical action moves one further.
func TestTech_GravityDrive(t *testing.T) {
	for _, has := range []bool{false, true} {
		g := tacticalFixture(t, func(s *State) {
			s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 2}}
			s.Players[0].Fleet = 4
			if has {
				withTech(0, "gravity_drive")(s)
			}
		})
		activated(t, g, 0, 10) // two steps from 22; a carrier moves 1
		if !has {
			refuse(t, g, moveShips(0, 22, "carrier", 1), "58.4")
			continue
		}
		refuse(t, g, moveShips(0, 22, "carrier", 2), "58.4") // one ship, not two
		do(t, g, moveShips(0, 22, "carrier", 1))
		refuse(t, g, moveShips(0, 22, "carrier", 1), "58.4") // once per tactical action
		do(t, g, act(ActEndMovement, 0))
		if count(g.State().System(10).Space, 0, "carrier") != 1 {
			t.Fatal("the carrier arrived two systems away")
		}
	}
}

// Fleet Logistics (3.1): a second action in the same turn; after it the
// turn passes.
func TestTech_FleetLogistics(t *testing.T) {
	g := tacticalFixture(t, withTech(0, "fleet_logistics"))
	quickTactical(t, g, 0, 23)
	if s := g.State(); s.Turn != 0 || !s.ExtraAction {
		t.Fatalf("turn %d, extra %v: Jol-Nar takes a second action", s.Turn, s.ExtraAction)
	}
	quickTactical(t, g, 0, 9)
	if s := g.State(); s.Turn == 0 {
		t.Fatal("after the second action the turn passes")
	}
	g = tacticalFixture(t, nil) // without it, one action
	quickTactical(t, g, 0, 23)
	if g.State().Turn == 0 {
		t.Fatal("one action per turn (3.1)")
	}
}

// Sling Relay (22): a component action exhausting it to produce one ship,
// paid for, in a system with the player's space dock; not ground forces.
func TestTech_SlingRelay(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		withTech(0, "sling_relay")(s)
		s.Players[0].TradeGoods, s.Players[0].Fleet = 3, 5
	})
	refuse(t, g, use(0, "sling_relay", Action{System: ip(9)}), "1.3")
	do(t, g, use(0, "sling_relay", Action{System: ip(22)}))
	if !slices.Contains(g.State().Players[0].ExhaustedTechs, "sling_relay") || g.State().Turn == 0 {
		t.Fatal("exhausted, and the action ends the turn")
	}
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 1, Planet: "Nar"}, "1.3")
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 2}, "68.1")
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 1})
	refuse(t, g, act(ActDone, 0), "67.1")
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 1}) // 2, less Sarween Tools
	do(t, g, act(ActDone, 0))
	if count(g.State().System(22).Space, 0, "cruiser") != 1 {
		t.Fatal("a cruiser produced at the home dock")
	}
}

// Dacxive Animators (42): winning a ground combat puts an infantry from
// reinforcements on the planet: the same battle without it ends with one
// fewer.
func TestTech_DacxiveAnimators(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		left := map[bool]int{}
		won := false
		for _, has := range []bool{false, true} {
			g := invadeArnor(t, seed, func(s *State) {
				arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 1})(s)
				if has {
					withTech(0, "dacxive_animators")(s)
				}
			})
			passAnswers(t, g)
			do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
			do(t, g, act(ActEstablishControl, 0))
			passAnswers(t, g)
			fightOut(t, g)
			arnor := planetIn(g.State().System(9), "Arnor")
			left[has] = count(arnor.Units, 0, "infantry")
			won = count(arnor.Units, 1, "infantry") == 0 && left[false] > 0
		}
		if won {
			if left[true] != left[false]+1 {
				t.Fatalf("seed %d: %d infantry with Dacxive Animators, %d without", seed, left[true], left[false])
			}
			return
		}
	}
	t.Fatal("no seed won the ground combat")
}

// Psychoarchaeology (90.14): a specialty counts though its planet is
// exhausted, without exhausting it, once per research; in the action
// phase, any time, a planet with a specialty is exhausted for a trade good.
func TestTech_Psychoarchaeology(t *testing.T) {
	var name string
	g := fixture(t, fixtureConfig(), func(s *State) {
		withTech(0, "psychoarchaeology")(s)
		name = specialtyPlanet(s, 0, true)
	})
	toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
	strategic(t, g, 0, "technology")
	do(t, g, Action{Kind: ActSpecialty, Seat: 0, Planet: name})
	refuse(t, g, Action{Kind: ActSpecialty, Seat: 0, Planet: name}, "90.14")
	if st := g.State().Step; st == nil || len(st.Credits) != 1 {
		t.Fatalf("one specialty credit: %+v", st)
	}
	g = tacticalFixture(t, func(s *State) {
		withTech(1, "psychoarchaeology")(s)
		name = specialtyPlanet(s, 1, false)
	})
	tg := g.State().Players[1].TradeGoods
	do(t, g, use(1, "psychoarchaeology", Action{Planet: name})) // not Sol's turn: any time in the action phase
	if p := g.State().Players[1]; p.TradeGoods != tg+1 || !planet(t, g, name).Exhausted {
		t.Fatal("the planet is exhausted for a trade good")
	}
	refuse(t, g, use(1, "psychoarchaeology", Action{Planet: name}), "1.3")
}

// Bio-Stims (34): at the end of its owner's turn, exhausted to ready a
// planet with a specialty or another technology.
func TestTech_BioStims(t *testing.T) {
	var name string
	g := tacticalFixture(t, func(s *State) {
		withTech(0, "bio_stims")(s)
		name = specialtyPlanet(s, 0, true)
	})
	refuse(t, g, use(0, "bio_stims", Action{Planet: name}), "1.3") // not yet: the end of the turn
	quickTactical(t, g, 0, 23)
	st := g.State().Step
	if st == nil || st.Kind != StepAbility || st.Card != "bio_stims" || st.Seat != 0 {
		t.Fatalf("the window at the end of the turn: %+v", st)
	}
	refuse(t, g, Action{Kind: ActActivate, Seat: g.State().Turn, System: ip(10)}, "1.19")
	do(t, g, use(0, "bio_stims", Action{Planet: name}))
	if planet(t, g, name).Exhausted || !slices.Contains(g.State().Players[0].ExhaustedTechs, "bio_stims") {
		t.Fatal("the planet readied, Bio-Stims exhausted")
	}
}

// AI Development Algorithm (90.12, 68): exhausted while researching a unit
// upgrade, one prerequisite is ignored; or while producing, the cost falls
// by the number of unit upgrades owned.
func TestTech_AIDevelopmentAlgorithm(t *testing.T) {
	cfg := fixtureConfig()
	cfg.Rules = RulesTechs // without Jol-Nar's Analytical, which ignores a prerequisite too
	g := fixture(t, cfg, withTech(0, "ai_development_algorithm"))
	toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
	strategic(t, g, 0, "technology")
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "carrier_2"}, "90.12") // 2 blue; Jol-Nar has 1
	do(t, g, use(0, "ai_development_algorithm", Action{Outcome: "prerequisite"}))
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"}, "90.12") // not a unit upgrade
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "carrier_2"})

	g = tacticalFixture(t, func(s *State) {
		withTech(0, "ai_development_algorithm")(s)
		s.Players[0].Techs = append(s.Players[0].Techs, "carrier_2", "fighter_2")
		p := s.Players[0]
		p.TradeGoods, p.Fleet, p.Strategy = 0, p.Fleet+p.Strategy, 0
		withoutSarween(s)
	})
	activated(t, g, 0, 22)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "dreadnought", Count: 1}, "26.1") // 4; Nar and Jol pay 3
	do(t, g, use(0, "ai_development_algorithm", Action{Outcome: "production"}))
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "dreadnought", Count: 1})
	prod, _, _, _ := g.State().production(0)
	if got := g.State().owedFor(0, prod, 0); got != 2 {
		t.Fatalf("a dreadnought (4) less two unit upgrades: owed %d, want 2", got)
	}
	refuse(t, g, use(0, "ai_development_algorithm", Action{Outcome: "production"}), "34.4")
}

// Self-Assembly Routines: after its owner's units produce, exhausted for a
// mech on a planet it controls in that system; a trade good when one of
// its mechs is destroyed.
func TestTech_SelfAssemblyRoutines(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		withTech(0, "self_assembly_routines")(s)
		p := s.Players[0]
		p.TradeGoods, p.Fleet, p.Strategy = 2, p.Fleet+p.Strategy, 0
	})
	activated(t, g, 0, 22)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 2, Planet: "Nar"})
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 1})
	do(t, g, act(ActEndTactical, 0))
	st := g.State().Step
	if st == nil || st.Card != "self_assembly_routines" {
		t.Fatalf("the window after production: %+v", st)
	}
	refuse(t, g, use(0, "self_assembly_routines", Action{Planet: "Arnor"}), "1.3")
	do(t, g, use(0, "self_assembly_routines", Action{Planet: "Jol"}))
	if count(planetIn(g.State().System(22), "Jol").Units, 0, "mech") != 1 {
		t.Fatal("a mech on Jol")
	}
	for seed := uint64(1); seed < 60; seed++ { // a mech destroyed by bombardment
		g := invadeArnor(t, seed, func(s *State) {
			arnorHeldBy(1, Stack{Owner: 1, Unit: "mech", Count: 1})(s)
			withTech(1, "self_assembly_routines")(s)
		}, "dreadnought")
		passAnswers(t, g)
		do(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Arnor"})
		if c := g.State().Combat; c == nil || len(c.Owed) == 0 {
			continue
		}
		tg := g.State().Players[1].TradeGoods
		do(t, g, Action{Kind: ActAssignHit, Seat: 1, Planet: "Arnor", Unit: "mech"})
		if got := g.State().Players[1].TradeGoods; got != tg+1 {
			t.Fatalf("trade goods %d after the mech was destroyed, want %d", got, tg+1)
		}
		return
	}
	t.Fatal("no bombardment hit")
}

// Transit Diodes: at the start of its owner's turn, exhausted to move up
// to 4 ground forces onto planets it controls.
func TestTech_TransitDiodes(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		withTech(0, "transit_diodes")(s)
		arnorHeldBy(0, Stack{Owner: 0, Unit: "infantry", Count: 1})(s)
	})
	move := func(to string, n int) Action {
		var refs []UnitRef
		for range n {
			refs = append(refs, UnitRef{System: 22, Planet: "Nar", Unit: "infantry", To: to})
		}
		return use(0, "transit_diodes", Action{ActionExtra: &ActionExtra{Units: refs}})
	}
	refuse(t, g, move("Lor", 1), "1.3") // not Jol-Nar's planet
	if _, err := g.Do(move("Arnor", 5)); err == nil {
		t.Fatal("five ground forces refused: up to 4")
	}
	refuse(t, g, use(1, "transit_diodes", Action{}), "1.3") // Sol has none
	do(t, g, move("Arnor", 2))
	if count(planetIn(g.State().System(9), "Arnor").Units, 0, "infantry") != 3 || g.State().Turn != 0 {
		t.Fatal("two infantry moved to Arnor, and the turn goes on")
	}
	refuse(t, g, move("Arnor", 1), "34.4")
	g = tacticalFixture(t, func(s *State) {
		withTech(0, "transit_diodes")(s)
		arnorHeldBy(0)(s)
	})
	activated(t, g, 0, 23)
	refuse(t, g, move("Arnor", 1), "3.1") // the turn's action is under way: its start is past
}

// Integrated Economy (25): after gaining a planet, units produced on it,
// paid for, costing no more than its resources.
func TestTech_IntegratedEconomy(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		withTech(0, "integrated_economy")(s)
		s.Players[0].TradeGoods = 3
		trait := data.MustLoad().Planet("Lodor").Trait // explored: a relic fragment, which asks nothing
		s.Decks.Exploration[trait] = append([]string{trait + "_relic_fragment"}, s.Decks.Exploration[trait]...)
	})
	do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Lodor", ActionExtra: &ActionExtra{Player: ip(0)}}) // 3 resources
	st := g.State().Step
	if st == nil || st.Card != "integrated_economy" || st.Planet != "Lodor" {
		t.Fatalf("the window after gaining Lodor: %+v", st)
	}
	do(t, g, use(0, "integrated_economy", Action{}))
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 2, Planet: "Lodor"})
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 2}, "1.3") // 1 + 2 + 2 > 3
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 1})
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 2}) // 3, less Sarween Tools
	do(t, g, act(ActDone, 0))
	if n := count(planet(t, g, "Lodor").Units, 0, "infantry"); n < 2 {
		t.Fatalf("%d infantry on Lodor", n)
	}
}

// Scanlink Drone Network (35): after activating a system, a planet there
// with its owner's units is explored.
func TestTech_ScanlinkDroneNetwork(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		withTech(0, "scanlink_drone_network")(s)
		arnorHeldBy(0, Stack{Owner: 0, Unit: "infantry", Count: 1})(s)
	})
	do(t, g, activate(0, 9))
	st := g.State().Step
	if st == nil || st.Kind != StepAbility || st.Card != "scanlink_drone_network" {
		t.Fatalf("the window after activation: %+v", st)
	}
	refuse(t, g, use(0, "scanlink_drone_network", Action{Planet: "Lor"}), "1.3") // none of Jol-Nar's units there
	ev := do(t, g, use(0, "scanlink_drone_network", Action{Planet: "Arnor"}))
	if e := findEvent(ev, EvExplored); e == nil || e.Planet != "Arnor" {
		t.Fatalf("Arnor explored: %+v", ev)
	}
	g = tacticalFixture(t, withTech(0, "scanlink_drone_network")) // no units of Jol-Nar's there: no window
	activated(t, g, 0, 9)
	if st := g.State().Step; st != nil && st.Kind == StepAbility {
		t.Fatal("no planet to explore: no window")
	}
}

// Predictive Intelligence (20, 8): at the end of its owner's turn,
// exhausted to redistribute command tokens; one more vote; and no effect
// keeps its owner from voting (8.16).
func TestTech_PredictiveIntelligence(t *testing.T) {
	g := tacticalFixture(t, withTech(0, "predictive_intelligence"))
	quickTactical(t, g, 0, 23)
	p := g.State().Players[0]
	total := p.Tactic + p.Fleet + p.Strategy
	refuse(t, g, use(0, "predictive_intelligence", Action{Pools: &Pools{total + 1, 0, 0}}), "20.2")
	do(t, g, use(0, "predictive_intelligence", Action{Pools: &Pools{total, 0, 0}}))
	if p := g.State().Players[0]; p.Tactic != total || p.Fleet != 0 {
		t.Fatalf("pools %d/%d/%d", p.Tactic, p.Fleet, p.Strategy)
	}

	g = agendaFixture(t, []string{"public_execution", "mutiny"}, func(s *State) {
		withTech(0, "predictive_intelligence")(s)
	})
	vote(t, g, 1, seatStr(0), "Jord")
	abstain(t, g, 2)
	do(t, g, Action{Kind: ActVote, Seat: 0, Outcome: seatStr(1)})
	do(t, g, act(ActDone, 0))
	if b := g.State().Agenda.Ballots; b[len(b)-1].Seat != 0 || b[len(b)-1].Votes != 1 {
		t.Fatalf("one vote from Predictive Intelligence alone: %+v", b)
	}
	passWindows(t, g)
	for s := g.State(); s.Step != nil; s = g.State() {
		do(t, g, act(ActDone, s.Step.Seat))
	}
	passWindows(t, g)
	if ag := g.State().Agenda; ag == nil || !slices.Contains(ag.Voters, 0) {
		t.Fatalf("Public Execution does not keep it from voting: %+v", ag)
	}
}

// Every moment a definition's use names has a bit of its own, so that the
// cheap test of hasUse never turns a use away (momentBits).
func TestEveryMomentHasABit(t *testing.T) {
	bits := momentBits()
	seen := map[uint64]Moment{}
	for m, b := range bits {
		if o, dup := seen[b]; dup {
			t.Fatalf("%s and %s share a bit", m, o)
		}
		seen[b] = m
	}
	for _, a := range definitions {
		for _, v := range []*Ability{a, a.Printed} {
			for ; v != nil; v = v.Later {
				for _, u := range v.Uses {
					if _, ok := bits[u.At]; !ok {
						t.Errorf("%s: moment %s has no bit", a.ID, u.At)
					}
				}
			}
		}
	}
}
