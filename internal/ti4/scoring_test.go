package ti4

import (
	"slices"
	"testing"
)

// statusScoring stages the fixture in the scoring step of a status phase.
func statusScoring(extra func(s *State)) func(s *State) {
	return func(s *State) {
		s.Phase, s.Turn = PhaseStatus, None
		s.Status = &StatusStep{Scoring: []int{0, 1, 2}}
		if extra != nil {
			extra(s)
		}
	}
}

func giveNonHome(s *State, seat, n int) {
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if n > 0 && pl.Controller == None && pl.Name != MecatolRex && !s.IsHomeSystem(sys.Pos) {
				pl.Controller, pl.ControlToken = seat, true
				n--
			}
		}
	}
}

// 61.5, 61.6, 61.8, 61.12, 81.1: in initiative order, one public and one
// secret objective at most, each once, when the requirement is met.
func TestRule61_ScoringInTheStatusPhase(t *testing.T) {
	g := fixture(t, fixtureConfig(), statusScoring(func(s *State) {
		s.Decks.Revealed = []string{"expand_borders", "found_research_outposts"}
		giveNonHome(s, 0, 6)
		s.Players[0].Secrets = []string{"mine_rare_metals"}
	}))
	refuse(t, g, Action{Kind: ActScore, Seat: 1, Card: "expand_borders"}, "81.1")
	refuse(t, g, Action{Kind: ActScore, Seat: 0, Card: "corner_the_market"}, "61.11")
	do(t, g, Action{Kind: ActScore, Seat: 0, Card: "expand_borders"})
	if p := g.State().Players[0]; p.VP != 1 || !slices.Contains(p.Publics, "expand_borders") {
		t.Fatalf("VP %d", p.VP)
	}
	refuse(t, g, Action{Kind: ActScore, Seat: 0, Card: "found_research_outposts"}, "81.1")
	refuse(t, g, Action{Kind: ActScore, Seat: 0, Card: "mine_rare_metals"}, "61.5")
	do(t, g, act(ActDone, 0))
	refuse(t, g, Action{Kind: ActScore, Seat: 1, Card: "expand_borders"}, "61.5")
	do(t, g, act(ActDone, 1))
	do(t, g, act(ActDone, 2))
	if s := g.State(); !s.Status.Tokens {
		t.Fatal("after scoring, the status phase goes on to reveal and tokens")
	}
}

// 61.16: no public objective without every planet of the home system.
func TestRule61_16_HomeSystemNeeded(t *testing.T) {
	g := fixture(t, fixtureConfig(), statusScoring(func(s *State) {
		s.Decks.Revealed = []string{"expand_borders"}
		giveNonHome(s, 0, 6)
		jol, _ := s.Planet("Jol")
		jol.Controller = 1
	}))
	refuse(t, g, Action{Kind: ActScore, Seat: 0, Card: "expand_borders"}, "61.16")
}

// 61.10: objectives scored by spending open a payment; resources come from
// planets and trade goods.
func TestRule61_10_SpendingObjective(t *testing.T) {
	g := fixture(t, fixtureConfig(), statusScoring(func(s *State) {
		s.Decks.Revealed = []string{"erect_a_monument"}
		giveNonHome(s, 0, 3)
		s.Players[0].TradeGoods = 5
	}))
	do(t, g, Action{Kind: ActScore, Seat: 0, Card: "erect_a_monument"})
	if st := g.State().Step; st == nil || st.Kind != StepPay {
		t.Fatal("a payment step opens")
	}
	refuse(t, g, Action{Kind: ActScore, Seat: 0, Card: "erect_a_monument"}, "61.10")
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Nar"}) // 2 resources
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Jol"}) // 1
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 5})
	do(t, g, Action{Kind: ActScore, Seat: 0, Card: "erect_a_monument"})
	if p := g.State().Players[0]; p.VP != 1 || p.TradeGoods != 0 {
		t.Fatalf("VP %d trade goods %d", p.VP, p.TradeGoods)
	}
}

// 61.20: each player keeps one of two secret objectives dealt at setup.
func TestRule61_20_KeepOneSecret(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	p := g.State().Players[1]
	if len(p.SecretChoice) != 2 {
		t.Fatalf("dealt %v", p.SecretChoice)
	}
	deck := len(g.State().Decks.Secrets)
	keep, other := p.SecretChoice[0], p.SecretChoice[1]
	refuse(t, g, Action{Kind: ActKeepSecret, Seat: 1, Card: "not_a_card"}, "61.20")
	do(t, g, Action{Kind: ActKeepSecret, Seat: 1, Card: keep})
	s := g.State()
	if !slices.Equal(s.Players[1].Secrets, []string{keep}) || len(s.Decks.Secrets) != deck+1 || !slices.Contains(s.Decks.Secrets, other) {
		t.Fatal("the other goes back into the deck")
	}
}

// 98.7: reaching the target ends the game at once.
func TestRule98_Victory(t *testing.T) {
	g := fixture(t, fixtureConfig(), statusScoring(func(s *State) {
		s.Decks.Revealed = []string{"expand_borders"}
		giveNonHome(s, 0, 6)
		s.Players[0].VP = 9
	}))
	do(t, g, Action{Kind: ActScore, Seat: 0, Card: "expand_borders"})
	if s := g.State(); s.Phase != PhaseOver || s.Winner != 0 {
		t.Fatalf("phase %s winner %d", s.Phase, s.Winner)
	}
	refuse(t, g, act(ActDone, 1), "98.7")
}

// 27.2-27.4: during an invasion of Mecatol Rex, six influence takes the
// custodians token, a victory point comes with it, ground forces must then
// land there, and the agenda phase joins the game.
func TestRule27_CustodiansToken(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(1).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "infantry", Count: 2}}
		s.Players[0].TradeGoods = 1
	})
	activated(t, g, 0, 0)
	do(t, g, moveShips(0, 1, "carrier", 1))
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(1), Unit: "infantry", Count: 2})
	do(t, g, act(ActEndMovement, 0))
	refuse(t, g, Action{Kind: ActCommit, Seat: 0, Planet: MecatolRex, Unit: "infantry", Count: 1}, "54.1")
	do(t, g, act(ActTakeCustodians, 0))
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Nar"}) // 3 influence
	refuse(t, g, act(ActTakeCustodians, 0), "27.2")
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Jol"}) // 2
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 1})          // 1 (47.3)
	do(t, g, act(ActTakeCustodians, 0))
	s := g.State()
	if s.Custodians || s.Players[0].VP != 1 || !s.AgendaPhase {
		t.Fatal("token taken, a point gained, the agenda phase added")
	}
	refuse(t, g, act(ActEstablishControl, 0), "27.2")
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: MecatolRex, Unit: "infantry", Count: 2})
	establishControl(t, g, 0)
	if planet(t, g, MecatolRex).Controller != 0 {
		t.Fatal("Mecatol Rex taken")
	}
}

// 45.2: Imperial scores a public objective, then gives a point for
// holding Mecatol Rex.
func TestRule45_2_ImperialScores(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		s.Decks.Revealed = []string{"expand_borders"}
		giveNonHome(s, 0, 6)
	})
	toActionPhase(t, g, "imperial", "diplomacy", "trade", "leadership", "politics", "warfare")
	strategic(t, g, 0, "imperial")
	do(t, g, Action{Kind: ActScore, Seat: 0, Card: "expand_borders"})
	s := g.State()
	if s.Players[0].VP != 1 || len(s.Players[0].Secrets) != 1 || s.Step != nil {
		t.Fatalf("VP %d secrets %v", s.Players[0].VP, s.Players[0].Secrets)
	}
}

// 98.7: the game ends the moment a player reaches the target. Imperial's
// objective brings seat 0 from 9 to 10 points, so the point for holding
// Mecatol Rex that would follow is never gained.
func TestRule98_7_EndsMidAbility(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		s.Decks.Revealed = []string{"expand_borders"}
		giveNonHome(s, 0, 6)
		m, _ := s.Planet(MecatolRex)
		m.Controller, m.ControlToken = 0, true
	})
	toActionPhase(t, g, "imperial", "diplomacy", "trade", "leadership", "politics", "warfare")
	g.State().Players[0].VP, g.State().Players[0].CardVP = 9, 9 // as if from Imperial Riders
	strategic(t, g, 0, "imperial")
	ev := do(t, g, Action{Kind: ActScore, Seat: 0, Card: "expand_borders"})
	s := g.State()
	if s.Phase != PhaseOver || s.Winner != 0 || s.Players[0].VP != 10 || s.Players[0].ImperialVP != 0 {
		t.Fatalf("phase %s winner %d VP %d (imperial %d); events %v", s.Phase, s.Winner, s.Players[0].VP, s.Players[0].ImperialVP, ev)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
}

// Every public objective and the status-phase secrets the engine knows
// have a working condition: on a fresh board none is met by anyone, and
// each is listed as scorable.
func TestObjectiveConditionsOnAFreshBoard(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	s := g.State()
	for id, cond := range conditions {
		if id == "foster_cohesion" || id == "hoard_raw_materials" || id == "establish_hegemony" {
			continue // start positions can meet these by themselves
		}
		for q := range s.Players {
			if cond(s, q) {
				t.Errorf("%s met by seat %d at setup", id, q)
			}
		}
	}
}

// 2.4: a hand over seven action cards is cut back by its owner's choice
// before play goes on.
func TestRule2_4_HandLimit(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		s.Players[1].ActionCards = slices.Clone(s.Decks.ActionCards[:7])
		s.Decks.ActionCards = s.Decks.ActionCards[7:]
	})
	toActionPhase(t, g, "politics", "diplomacy", "trade", "leadership", "warfare", "technology")
	strategic(t, g, 0, "politics")
	do(t, g, Action{Kind: ActChooseSpeaker, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	top := g.State().Decks.Agendas[:2]
	do(t, g, Action{Kind: ActOrderAgendas, Seat: 0, ActionExtra: &ActionExtra{Top: slices.Clone(top)}})
	do(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true}) // two more: nine
	s := g.State()
	if s.Step == nil || s.Step.Kind != StepDiscard || s.Step.Seat != 1 {
		t.Fatalf("step %+v: seat 1 must discard", s.Step)
	}
	refuse(t, g, Action{Kind: ActSecondary, Seat: 2}, "82.1")
	refuse(t, g, Action{Kind: ActDiscardAC, Seat: 0, Card: s.Players[1].ActionCards[0]}, "2.4")
	do(t, g, Action{Kind: ActDiscardAC, Seat: 1, Card: s.Players[1].ActionCards[0]})
	do(t, g, Action{Kind: ActDiscardAC, Seat: 1, Card: g.State().Players[1].ActionCards[0]})
	if s := g.State(); len(s.Players[1].ActionCards) != 7 || s.Step != nil || len(s.Decks.ActionDiscard) != 2 {
		t.Fatalf("hand %d, step %+v", len(s.Players[1].ActionCards), s.Step)
	}
	do(t, g, Action{Kind: ActSecondary, Seat: 2})
}

// 61.21, 61.21a: three secret objectives at most, scored or not; a player
// over the limit returns an unscored one of their choice, and the deck is
// shuffled.
func TestRule61_21_ThreeSecrets(t *testing.T) {
	g := resolve(t, "archived_secret", "1", func(s *State) {
		p := s.Players[1]
		s.Decks.Secrets = append(s.Decks.Secrets, p.SecretChoice[1:]...)
		p.Secrets, p.SecretChoice = p.SecretChoice[:1], nil
		p.ScoredSecrets, p.VP = s.Decks.Secrets[:2], 2
		s.Decks.Secrets = s.Decks.Secrets[2:]
	})
	s := g.State()
	if s.Step == nil || s.Step.Kind != StepReturnSecret || s.Step.Seat != 1 {
		t.Fatalf("four secrets: step %+v", s.Step)
	}
	refuse(t, g, Action{Kind: ActReturnSecret, Seat: 1, Card: s.Players[1].ScoredSecrets[0]}, "61.21a")
	refuse(t, g, Action{Kind: ActReturnSecret, Seat: 0, Card: s.Players[1].Secrets[0]}, "61.21")
	back := s.Players[1].Secrets[1]
	do(t, g, Action{Kind: ActReturnSecret, Seat: 1, Card: back})
	s = g.State()
	if len(s.Players[1].Secrets) != 1 || !slices.Contains(s.Decks.Secrets, back) || s.Step != nil {
		t.Fatalf("secrets %v; returned %s in deck: %v", s.Players[1].Secrets, back, slices.Contains(s.Decks.Secrets, back))
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
}

// 98.3, 33.4: the track starts at 0. A player whose only point, from
// another's Support for the Throne, was already taken by an agenda keeps 0
// when that note's owner is eliminated and the note goes; a point scored
// later counts in full.
func TestRule98_3_NoPointsBelowZero(t *testing.T) {
	g := fixture(t, fixtureConfig(), doom(func(s *State) {
		pl, _ := s.Planet("Lodor")
		pl.Units = nil
		pl.ControlToken = true
		note := "hacan:support_for_the_throne"
		h := s.Players[2]
		h.Promissory = slices.DeleteFunc(h.Promissory, func(n string) bool { return n == note })
		p := s.Players[0]
		p.NotesInPlay = append(p.NotesInPlay, note)
		p.VP, p.AgendaVP = 0, -1 // Mutiny took the note's point
	}))
	checked(t, g)
	ev := do(t, g, Action{Kind: ActLosePlanet, Seat: Referee, Planet: "Lodor", ActionExtra: &ActionExtra{Player: ip(2)}})
	if !hasKind(ev, EvEliminated) {
		t.Fatal("seat 2 is out")
	}
	s := checked(t, g)
	if p := s.Players[0]; p.VP != 0 || len(p.NotesInPlay) != 0 {
		t.Fatalf("VP %d, notes %v", p.VP, p.NotesInPlay)
	}
	// A loss below zero through an event is held the same way.
	var x Rules
	x.Apply(s, Event{Kind: EvVictoryPoint, Seat: 0, Count: -1, Card: "mutiny"})
	x.Apply(s, Event{Kind: EvVictoryPoint, Seat: 0, Count: 1, Card: "mutiny"})
	if p := checked(t, g).Players[0]; p.VP != 1 {
		t.Fatalf("one point lost at 0 and one gained: VP %d", p.VP)
	}
}
