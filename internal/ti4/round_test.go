package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

func act(kind string, seat int) Action { return Action{Kind: kind, Seat: seat} }

func pick(seat int, card string) Action { return Action{Kind: ActPick, Seat: seat, Card: card} }

// toActionPhase picks cards for the three-player fixture (speaker 0):
// first cards a0, a1, a2 then second cards b0, b1, b2.
func toActionPhase(t *testing.T, g *Game, cards ...string) {
	t.Helper()
	for i, c := range cards {
		pickAndPass(t, g, i%3, c)
	}
	if g.State().Phase != PhaseAction {
		t.Fatalf("phase %s after picks", g.State().Phase)
	}
}

// pickAndPass chooses a card, and the others let the choice stand.
func pickAndPass(t *testing.T, g *Game, seat int, card string) {
	t.Helper()
	do(t, g, pick(seat, card))
	for w := g.State().PickAsk; w != nil; w = g.State().PickAsk {
		do(t, g, act(ActPassWindow, w.Queue[0]))
	}
}

// 84.1, 84.1b, 84.1c: clockwise from the speaker, two cards each with three
// players, no card twice.
func TestRule84_1_PickingOrder(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	refuse(t, g, pick(1, "leadership"), "84.1")
	pickAndPass(t, g, 0, "leadership")
	refuse(t, g, pick(1, "leadership"), "84.1b")
	pickAndPass(t, g, 1, "diplomacy")
	pickAndPass(t, g, 2, "politics")
	if g.State().Turn != 0 {
		t.Fatalf("84.1c: the speaker picks the second card first, not seat %d", g.State().Turn)
	}
	pickAndPass(t, g, 0, "trade")
	pickAndPass(t, g, 1, "warfare")
	refuse(t, g, act(ActPass, 2), "3")
	pickAndPass(t, g, 2, "technology")
	if s := g.State(); s.Phase != PhaseAction || len(s.Players[0].StrategyCards) != 2 {
		t.Fatal("strategy phase should be over with two cards each")
	}
	refuse(t, g, pick(0, "imperial"), "84")
}

// 84.2 and 84.1a: a trade good on each card no one chose; whoever takes it
// later gains them.
func TestRule84_2_TradeGoodsOnUnchosenCards(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	s := g.State()
	if s.StrategyTG["construction"] != 1 || s.StrategyTG["imperial"] != 1 || s.StrategyTG["leadership"] != 0 {
		t.Fatalf("trade goods on cards %v", s.StrategyTG)
	}
}

// 48.2, 48.3, 4.1: the lowest initiative goes first; with two cards a
// player's lowest counts.
func TestRule48_InitiativeOrder(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	toActionPhase(t, g, "imperial", "warfare", "technology", "leadership", "trade", "politics")
	s := g.State()
	if got := s.InitiativeOrder(); !slices.Equal(got, []int{0, 2, 1}) || s.Turn != 0 {
		t.Fatalf("order %v turn %d, want [0 2 1] starting with seat 0 (Leadership)", got, s.Turn)
	}
	refuse(t, g, act(ActPass, 2), "4")
}

// 48.1a: the Naalu "0" token makes its holder first.
func TestRule48_1a_ZeroToken(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) { s.ZeroToken = &ZeroToken{Holder: 2} })
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	if g.State().Turn != 2 {
		t.Fatalf("the holder of the 0 token acts first, not seat %d", g.State().Turn)
	}
}

// 3.4, 3.4a, 82.2: no passing before both strategic actions (three
// players); a used card cannot be used again.
func TestRule3_4_PassOnlyAfterStrategicActions(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	refuse(t, g, act(ActPass, 0), "3.4a")
	useTrade(t, g, 0)
	if g.State().Turn != 1 {
		t.Fatalf("turn passes to seat 1 (Diplomacy), not %d", g.State().Turn)
	}
}

// useTrade has seat resolve Trade and every other seat decline.
func useTrade(t *testing.T, g *Game, seat int) {
	t.Helper()
	strategic(t, g, seat, "trade")
	do(t, g, act(ActDone, seat))
	for g.State().Strategic != nil {
		do(t, g, act(ActSecondary, g.State().Strategic.Queue[0]))
	}
}

// 82.1, 20.5, 20.5a: secondaries go clockwise from the active player's
// left; they cost a strategy token, except Leadership's.
func TestRule82_1_SecondariesInOrder(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) { s.Players[2].Strategy = 0 })
	toActionPhase(t, g, "leadership", "diplomacy", "trade", "politics", "warfare", "technology")
	strategic(t, g, 0, "leadership")
	refuse(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true}, "82.1")
	do(t, g, Action{Kind: ActGainTokens, Seat: 0, Pools: &Pools{1, 1, 1}})
	refuse(t, g, Action{Kind: ActSecondary, Seat: 2, Use: true}, "82.1")
	do(t, g, Action{Kind: ActSecondary, Seat: 1})
	do(t, g, Action{Kind: ActSecondary, Seat: 2, Use: true}) // 20.5a: free, though seat 2 has no strategy token
	do(t, g, Action{Kind: ActGainTokens, Seat: 2, Pools: &Pools{}})
	if s := g.State(); s.Strategic != nil || !slices.Contains(s.Players[0].UsedStrategy, "leadership") || s.Turn != 1 {
		t.Fatal("82.2: the card is exhausted and the turn moves on once all secondaries are answered")
	}
	refuse(t, g, Action{Kind: ActStrategic, Seat: 1, Card: "leadership"}, "83.3")
	// Seat 2 cannot pay for Trade's secondary.
	strategic(t, g, 1, "diplomacy")
	home := g.State().Players[1].Home
	do(t, g, Action{Kind: ActChooseSystem, Seat: 1, System: ip(home)})
	do(t, g, act(ActDone, 1))
	refuse(t, g, Action{Kind: ActSecondary, Seat: 2, Use: true}, "20.5")
}

// 52.2-52.4 and 20.3a: Leadership gains three tokens and one more per
// three influence spent.
func TestRule52_Leadership(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	strategic(t, g, 0, "leadership")
	// Jol-Nar's home planets: Jol 1/2 and Nar 2/3: 5 influence buys one token.
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Jol"})
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Nar"})
	refuse(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Nar"}, "34.4")
	refuse(t, g, Action{Kind: ActGainTokens, Seat: 0, Pools: &Pools{2, 1, 2}}, "52.4")
	do(t, g, Action{Kind: ActGainTokens, Seat: 0, Pools: &Pools{2, 1, 1}})
	p := g.State().Players[0]
	if p.Tactic != 5 || p.Fleet != 4 || p.Strategy != 3 {
		t.Fatalf("pools %d/%d/%d, want 5/4/3", p.Tactic, p.Fleet, p.Strategy)
	}
}

// 32.2, 32.2b, 32.3: Diplomacy puts every other player's token in the
// chosen system and readies two planets; not the Mecatol Rex system.
func TestRule32_Diplomacy(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		for _, n := range []string{"Jol", "Nar"} {
			pl, _ := s.Planet(n)
			pl.Exhausted = true
		}
		m, _ := s.Planet(MecatolRex)
		m.Controller = 0
		s.System(s.Players[0].Home).Command = []int{2}
	})
	toActionPhase(t, g, "diplomacy", "politics", "trade", "leadership", "warfare", "technology")
	turnTo(t, g, 0)
	strategic(t, g, 0, "diplomacy")
	refuse(t, g, Action{Kind: ActChooseSystem, Seat: 0, System: ip(0)}, "32.2")
	refuse(t, g, Action{Kind: ActChooseSystem, Seat: 0, System: ip(1)}, "32.2")
	home := g.State().Players[0].Home
	do(t, g, Action{Kind: ActChooseSystem, Seat: 0, System: ip(home)})
	if got := g.State().System(home).Command; !slices.Equal(got, []int{2, 1}) {
		t.Fatalf("command tokens %v, want seat 2's (already there, 32.2b) and seat 1's", got)
	}
	do(t, g, Action{Kind: ActReadyPlanet, Seat: 0, Planet: "Jol"})
	do(t, g, Action{Kind: ActReadyPlanet, Seat: 0, Planet: "Nar"})
	if planet(t, g, "Jol").Exhausted || g.State().Step != nil {
		t.Fatal("two planets readied end the primary")
	}

	// A player with no planet outside the Mecatol Rex system has no system
	// to choose: the primary goes straight to readying, and can end.
	g = fixture(t, fixtureConfig(), func(s *State) {
		for _, n := range []string{"Jol", "Nar"} {
			pl, _ := s.Planet(n)
			pl.Controller, pl.Units = None, nil
		}
		m, _ := s.Planet(MecatolRex)
		m.Controller, m.Units = 0, []Stack{{Owner: 0, Unit: "infantry", Count: 1}}
	})
	toActionPhase(t, g, "diplomacy", "politics", "trade", "leadership", "warfare", "technology")
	strategic(t, g, 0, "diplomacy")
	if st := g.State().Step; st == nil || st.Kind != StepReady {
		t.Fatalf("step %+v", st)
	}
	do(t, g, act(ActDone, 0))
	if g.State().Step != nil || len(Legal(g.State(), engineRNG(), 1)) == 0 {
		t.Fatal("the secondaries follow")
	}
}

// turnTo passes picks until seat is active; with these fixtures the first
// card's holder already is.
func turnTo(t *testing.T, g *Game, seat int) {
	t.Helper()
	if g.State().Turn != seat {
		t.Fatalf("seat %d should be active, not %d", seat, g.State().Turn)
	}
}

// 66.2: a new speaker other than the current one, two action cards, the
// top two agendas placed.
func TestRule66_Politics(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	toActionPhase(t, g, "politics", "diplomacy", "trade", "leadership", "warfare", "technology")
	strategic(t, g, 0, "politics")
	refuse(t, g, Action{Kind: ActChooseSpeaker, Seat: 0, ActionExtra: &ActionExtra{Player: ip(0)}}, "66.2")
	do(t, g, Action{Kind: ActChooseSpeaker, Seat: 0, ActionExtra: &ActionExtra{Player: ip(2)}})
	s := g.State()
	if s.Speaker != 2 || len(s.Players[0].ActionCards) != 2 {
		t.Fatalf("speaker %d, hand %v", s.Speaker, s.Players[0].ActionCards)
	}
	top := slices.Clone(s.Decks.Agendas[:2])
	refuse(t, g, Action{Kind: ActOrderAgendas, Seat: 0, ActionExtra: &ActionExtra{Top: top[:1]}}, "66.2")
	do(t, g, Action{Kind: ActOrderAgendas, Seat: 0, ActionExtra: &ActionExtra{Top: []string{top[1]}, Bottom: []string{top[0]}}})
	d := g.State().Decks.Agendas
	if d[0] != top[1] || d[len(d)-1] != top[0] {
		t.Fatal("agendas not placed as chosen")
	}
	do(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true})
	if p := g.State().Players[1]; len(p.ActionCards) != 2 || p.Strategy != 1 {
		t.Fatalf("66.3: two cards for a strategy token; hand %v, strategy pool %d", p.ActionCards, p.Strategy)
	}
}

// 24.2-24.4: the primary places a PDS or dock then maybe a PDS; the
// secondary places one structure and puts its token in that system.
func TestRule24_Construction(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		pl, _ := s.Planet("Quann")
		pl.Controller, pl.ControlToken = 0, true
		pl, _ = s.Planet("Lodor")
		pl.Controller, pl.ControlToken = 1, true
	})
	toActionPhase(t, g, "construction", "diplomacy", "trade", "leadership", "warfare", "technology")
	strategic(t, g, 0, "construction")
	refuse(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "space_dock", Planet: "Lodor"}, "24.2")
	refuse(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "war_sun", Planet: "Quann"}, "24.2")
	do(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "space_dock", Planet: "Quann"})
	refuse(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "space_dock", Planet: "Quann"}, "24.2")
	do(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "pds", Planet: "Quann"})
	do(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true})
	do(t, g, Action{Kind: ActPlaceStructure, Seat: 1, Unit: "pds", Planet: "Lodor"})
	s := g.State()
	if !slices.Contains(s.System(2).Command, 1) || s.Players[1].Strategy != 1 || s.OnBoard(1, "pds") != 1 {
		t.Fatal("24.3: the spent strategy token goes to the system built in")
	}
}

// 20.3a: a player gains only the command tokens their reinforcements
// hold; a Leadership Rider's three become one when one is left.
func TestRule20_3a_GainOnlyFromReinforcements(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	s := g.State()
	s.Players[0].Tactic += s.CommandReinforcements(0) - 1
	s.Step = &Step{Kind: StepGainTokens, Seat: 0, Card: "leadership_rider", Need: 3}
	refuse(t, g, Action{Kind: ActGainTokens, Seat: 0, Pools: &Pools{Tactic: 3}}, "2.7")
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Kind == ActGainTokens && a.Pools.Sum() != 1 {
			t.Fatalf("offered %+v", a.Pools)
		}
	}
	do(t, g, Action{Kind: ActGainTokens, Seat: 0, Pools: &Pools{Fleet: 1}})
	if s := checked(t, g); s.CommandReinforcements(0) != 0 || s.Step != nil {
		t.Fatalf("reinforcements %d, step %+v", s.CommandReinforcements(0), s.Step)
	}
}

// 20.3b: a command token to place with none in reinforcements comes from a
// pool (the Construction secondary, made free by Galactic Crisis Pact).
func TestRule20_3b_TokenFromAPool(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		pl, _ := s.Planet("Lodor")
		pl.Controller, pl.ControlToken = 1, true
	})
	toActionPhase(t, g, "construction", "diplomacy", "trade", "leadership", "warfare", "technology")
	strategic(t, g, 0, "construction")
	do(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "pds", Planet: "Jol"})
	do(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "pds", Planet: "Jol"})
	do(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true})
	p := g.State().Players[1]
	p.Tactic += g.State().CommandReinforcements(1) // every token on the sheet
	tactic := p.Tactic
	do(t, g, Action{Kind: ActPlaceStructure, Seat: 1, Unit: "pds", Planet: "Lodor"})
	s := checked(t, g)
	if !slices.Contains(s.System(2).Command, 1) || s.Players[1].Tactic != tactic-1 || s.CommandReinforcements(1) != 0 {
		t.Fatalf("tactic %d (was %d), tokens at Lodor %v", s.Players[1].Tactic, tactic, s.System(2).Command)
	}
}

// 92.2-92.5: Trade gives 3 trade goods and full commodities; chosen players
// use the secondary free.
func TestRule92_Trade(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	toActionPhase(t, g, "trade", "diplomacy", "politics", "leadership", "warfare", "technology")
	strategic(t, g, 0, "trade")
	do(t, g, Action{Kind: ActChoosePlayer, Seat: 0, ActionExtra: &ActionExtra{Player: ip(2)}})
	refuse(t, g, Action{Kind: ActChoosePlayer, Seat: 0, ActionExtra: &ActionExtra{Player: ip(2)}}, "92.4b")
	do(t, g, act(ActDone, 0))
	do(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true})
	do(t, g, Action{Kind: ActSecondary, Seat: 2, Use: true})
	s := g.State()
	if s.Players[0].TradeGoods != 3 || s.Players[0].Commodities != 4 {
		t.Fatalf("Jol-Nar %d trade goods %d commodities", s.Players[0].TradeGoods, s.Players[0].Commodities)
	}
	if s.Players[1].Commodities != 4 || s.Players[1].Strategy != 1 {
		t.Fatal("Sol pays a strategy token for its commodities")
	}
	if s.Players[2].Commodities != 6 || s.Players[2].Strategy != 2 {
		t.Fatal("the Hacan, chosen, replenish for free (92.4)")
	}
}

// 99.1, 99.2: Warfare takes a token back from the board and redistributes.
func TestRule99_Warfare(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) { s.System(1).Command = []int{0} })
	toActionPhase(t, g, "warfare", "diplomacy", "trade", "leadership", "politics", "technology")
	strategic(t, g, 0, "warfare")
	refuse(t, g, Action{Kind: ActRemoveToken, Seat: 0, System: ip(2)}, "99.1")
	do(t, g, Action{Kind: ActRemoveToken, Seat: 0, System: ip(1)})
	refuse(t, g, Action{Kind: ActDone, Seat: 0, Pools: &Pools{9, 1, 0}}, "99.2")
	do(t, g, Action{Kind: ActDone, Seat: 0, Pools: &Pools{0, 9, 0}})
	if p := g.State().Players[0]; p.Fleet != 9 || len(g.State().System(1).Command) != 0 {
		t.Fatalf("fleet %d", p.Fleet)
	}
}

// 91.2, 91.3, 90.11, 90.12, 90.14: research with prerequisites, a second
// technology for six resources, specialties standing in for prerequisites.
func TestRule91_Technology(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		pl, _ := s.Planet("Lodor") // 3/1, no specialty
		pl.Controller, pl.ControlToken = 0, true
		s.Players[2].TradeGoods = 1 // the Hacan can pay for the secondary (91.3)
	})
	toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
	strategic(t, g, 0, "technology")
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "spec_ops_2"}, "90.11")
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"}, "90.12") // needs 2 blue; Jol-Nar has 1
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "carrier_2"}, "90.12")
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"}) // 1 blue: Antimass Deflectors
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"}, "91.2")
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Lodor"})
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Nar"})
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Jol"})
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"})
	s := g.State()
	if !s.Players[0].HasTech("gravity_drive") || !s.Players[0].HasTech("fleet_logistics") {
		t.Fatal("two technologies researched")
	}
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "graviton_laser_system"}, "82.3")
	do(t, g, Action{Kind: ActSecondary, Seat: 1}) // Sol declines
	do(t, g, Action{Kind: ActSecondary, Seat: 2, Use: true})
	refuse(t, g, Action{Kind: ActResearch, Seat: 2, Card: "sarween_tools"}, "91.2") // 91.3: four resources
}

// 45.2: Imperial's primary gives a victory point to whoever holds Mecatol
// Rex, and a secret objective to anyone else.
func TestRule45_Imperial(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		m, _ := s.Planet(MecatolRex)
		m.Controller, m.ControlToken = 0, true
	})
	toActionPhase(t, g, "imperial", "diplomacy", "trade", "leadership", "politics", "warfare")
	strategic(t, g, 0, "imperial")
	do(t, g, act(ActDone, 0)) // no public objective to score
	do(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true})
	s := g.State()
	if s.Players[0].VP != 1 || len(s.Players[1].Secrets) != 1 || s.Players[1].Strategy != 1 {
		t.Fatalf("VP %d, Sol's secrets %v", s.Players[0].VP, s.Players[1].Secrets)
	}
}

// 3.3, 3.3c, 3.5, 81.3-81.8, 40: after everyone passes, the status phase
// removes command tokens, draws action cards, gives two tokens to arrange,
// readies and repairs, returns strategy cards, and round 2 begins.
func TestRule81_StatusPhase(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	passActionPhase(t, g)
	skipScoring(t, g)
	s := g.State()
	if s.Phase != PhaseStatus || s.Status == nil {
		t.Fatalf("phase %s", s.Phase)
	}
	if len(s.Decks.Revealed) != 3 || len(s.Decks.StageI) != 2 {
		t.Fatalf("81.2: a third stage I objective should be revealed: %v", s.Decks.Revealed)
	}
	for _, sys := range s.Systems {
		if len(sys.Command) > 0 {
			t.Fatal("81.4: command tokens leave the board")
		}
	}
	for _, p := range s.Players {
		if len(p.ActionCards) == 0 {
			t.Fatalf("81.3: %s drew no action card", p)
		}
	}
	p := s.Players[0]
	total := p.Tactic + p.Fleet + p.Strategy + 2
	refuse(t, g, Action{Kind: ActRedistribute, Seat: 0, Pools: &Pools{total, 1, 0}}, "81.5")
	for _, q := range []int{0, 1, 2} {
		p := g.State().Players[q]
		do(t, g, Action{Kind: ActRedistribute, Seat: q, Pools: &Pools{p.Tactic + 2, p.Fleet, p.Strategy}})
	}
	s = g.State()
	if s.Round != 2 || s.Phase != PhaseStrategy || s.Turn != s.Speaker || len(s.Strategy) != 8 {
		t.Fatalf("round %d phase %s turn %d cards %v", s.Round, s.Phase, s.Turn, s.Strategy)
	}
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Exhausted {
				t.Fatalf("81.6: %s still exhausted", pl.Name)
			}
		}
	}
}

// 99.3, 99.3a: the Warfare secondary produces with one home space dock;
// the strategy token spent does not go to the board.
func TestRule99_3_WarfareSecondary(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	toActionPhase(t, g, "warfare", "diplomacy", "trade", "leadership", "politics", "technology")
	strategic(t, g, 0, "warfare")
	do(t, g, Action{Kind: ActDone, Seat: 0, Pools: &Pools{3, 3, 2}}) // no token on the board to take back
	do(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true})
	// Sol's dock is on Jord (4 resources): production 6.
	refuse(t, g, Action{Kind: ActProduce, Seat: 1, Unit: "fighter", Count: 7}, "68.1")
	do(t, g, Action{Kind: ActProduce, Seat: 1, Unit: "fighter", Count: 2})
	refuse(t, g, act(ActDone, 1), "67.1")
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: "Jord"})
	do(t, g, act(ActDone, 1))
	s := g.State()
	home := s.Players[1].Home
	if count(s.System(home).Space, 1, "fighter") != 5 || len(s.System(home).Command) != 0 || s.Players[1].Strategy != 1 {
		t.Fatal("two fighters produced at home, token spent and not placed")
	}
}

// 81.2a, 81.2b: stage II follows stage I, and with nothing left to reveal
// the game ends.
func TestRule81_2_RevealAndEnd(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		s.Decks.StageI = nil
		s.Decks.StageII = s.Decks.StageII[:1]
	})
	statusOnce := func() {
		for _, c := range []string{"leadership", "diplomacy", "politics", "trade", "warfare", "technology"} {
			pickAndPass(t, g, g.State().Turn, c)
		}
		for g.State().Phase == PhaseAction {
			opts := Legal(g.State(), engine.NewRNG(0), Waiting(g.State(), engine.NewRNG(0))[0])
			chosen := opts[len(opts)-1] // pass, done, decline or an end step come last
			for _, o := range opts {
				if o.Kind == ActStrategic {
					chosen = o
					break
				}
			}
			do(t, g, chosen)
		}
	}
	statusOnce()
	skipScoring(t, g)
	if s := g.State(); len(s.Decks.StageII) != 0 || s.Decks.Revealed[len(s.Decks.Revealed)-1] == "" {
		t.Fatal("the last stage II objective should be revealed")
	}
	for _, q := range []int{0, 1, 2} {
		p := g.State().Players[q]
		do(t, g, Action{Kind: ActRedistribute, Seat: q, Pools: &Pools{p.Tactic + g.State().Status.Gain[q], p.Fleet, p.Strategy}})
	}
	statusOnce()
	skipScoring(t, g)
	if g.State().Phase != PhaseOver || len(Waiting(g.State(), engine.NewRNG(0))) != 0 {
		t.Fatalf("phase %s: the game should be over", g.State().Phase)
	}
}

// skipScoring has every player decline to score in the status phase (81.1).
// passActionPhase plays the action phase to its end the quickest way:
// each seat uses its strategy cards declining everything it can, then
// passes.
func passActionPhase(t *testing.T, g *Game) {
	t.Helper()
	for g.State().Phase == PhaseAction {
		s := g.State()
		opts := Legal(s, engine.NewRNG(0), Deciding(s)[0])
		chosen := opts[0]
		for _, o := range opts { // prefer the quickest way through
			if o.Kind == ActPass || o.Kind == ActDone || (o.Kind == ActSecondary && !o.Use) {
				chosen = o
				break
			}
		}
		if chosen.Kind == ActActivate {
			for _, o := range opts {
				if o.Kind == ActStrategic {
					chosen = o
					break
				}
			}
		}
		do(t, g, chosen)
	}
}

func skipScoring(t *testing.T, g *Game) {
	t.Helper()
	for g.State().Status != nil && len(g.State().Status.Scoring) > 0 {
		do(t, g, act(ActDone, g.State().Status.Scoring[0]))
	}
}

// 1.19, 2.7: Public Disgrace. Each choice of a strategy card, while
// another is left, waits on every other player in turn from the picker's
// left; the card sends the choice back with its trade goods, and the
// picker chooses a different card.
func TestRule2_7_PublicDisgrace(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		giveAC(2, "public_disgrace")(s)
		s.StrategyTG = map[string]int{"leadership": 2}
	})
	do(t, g, pick(0, "leadership"))
	w := g.State().PickAsk
	if w == nil || !slices.Equal(w.Queue, []int{1, 2}) || g.State().Players[0].TradeGoods != 2 {
		t.Fatalf("window %+v", w)
	}
	refuse(t, g, pick(1, "diplomacy"), "1.19")
	refuse(t, g, playAC(2, "public_disgrace"), "1.15") // seat 1 answers first
	do(t, g, act(ActPassWindow, 1))
	play(t, g, playAC(2, "public_disgrace"))
	s := g.State()
	if s.Turn != 0 || len(s.Players[0].StrategyCards) != 0 || s.Players[0].TradeGoods != 0 || s.StrategyTG["leadership"] != 2 || !slices.Contains(s.Strategy, "leadership") {
		t.Fatalf("turn %d, cards %v, trade goods %d", s.Turn, s.Players[0].StrategyCards, s.Players[0].TradeGoods)
	}
	refuse(t, g, pick(0, "leadership"), "2.7")
	pickAndPass(t, g, 0, "diplomacy")
	pickAndPass(t, g, 1, "leadership")
	if s := checked(t, g); s.Turn != 2 || s.Disgraced != "" || s.Players[1].TradeGoods != 2 {
		t.Fatalf("turn %d, disgraced %q", s.Turn, s.Disgraced)
	}
}

// 91.3 and 82: the Technology secondary is taken only by a player who can
// pay its four resources (ready planets and trade goods): with three it is
// refused and not offered, and nothing is spent; with four it is taken.
func TestRule91_3_SecondaryOnlyWhenPayable(t *testing.T) {
	for _, tc := range []struct {
		name  string
		goods int
		ok    bool
	}{{"three resources", 0, false}, {"four with a trade good", 1, true}} {
		t.Run(tc.name, func(t *testing.T) {
			g := fixture(t, fixtureConfig(), func(s *State) {
				s.Players[2].TradeGoods = tc.goods
			})
			toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
			strategic(t, g, 0, "technology")
			do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"})
			do(t, g, Action{Kind: ActDone, Seat: 0})
			do(t, g, Action{Kind: ActSecondary, Seat: 1})
			s := g.State()
			if have := s.spendable(2); have != 3+tc.goods {
				t.Fatalf("the Hacan can spend %d, the test wants %d", have, 3+tc.goods)
			}
			take := Action{Kind: ActSecondary, Seat: 2, Use: true}
			offered := slices.ContainsFunc(Legal(s, engineRNG(), 2), func(a Action) bool { return a.Kind == ActSecondary && a.Use })
			if offered != tc.ok {
				t.Fatalf("the secondary offered: %v, want %v", offered, tc.ok)
			}
			if !tc.ok {
				refuse(t, g, take, "91.3")
				if g.State().Players[2].Strategy != s.Players[2].Strategy {
					t.Fatal("a refused secondary spent a token")
				}
				return
			}
			do(t, g, take)
		})
	}
}
