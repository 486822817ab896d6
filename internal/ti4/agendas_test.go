package ti4

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// resolve stages card as the first agenda and Mutiny as the second, has
// seat 1 cast Jord's two votes for outcome and the others abstain.
func resolve(t *testing.T, card, outcome string, stage func(s *State)) *Game {
	t.Helper()
	g := agendaFixture(t, []string{card, "mutiny"}, stage)
	vote(t, g, 1, outcome, "Jord")
	abstain(t, g, 2)
	abstain(t, g, 0)
	return g
}

// settle ends the agenda phase: everyone abstains and the speaker resolves
// Mutiny against (no one voted for it, so nothing happens).
func settle(t *testing.T, g *Game) {
	t.Helper()
	for i := 0; g.State().Phase == PhaseAgenda && i < 20; i++ {
		s := g.State()
		switch {
		case s.Agenda.Window != "":
			do(t, g, act(ActPassWindow, s.Agenda.WindowQueue[0]))
		case s.Agenda.Tied != nil:
			do(t, g, Action{Kind: ActBreakTie, Seat: s.Speaker, Outcome: Against})
		case len(s.Agenda.Voters) > 0:
			abstain(t, g, s.Agenda.Voters[0])
		case s.Step != nil:
			do(t, g, act(ActDone, s.Step.Seat))
		default:
			t.Fatalf("agenda phase waits on %+v / %+v", s.Step, s.Choices)
		}
	}
}

func units(s *State, seat int, typ string) int { return s.OnBoard(seat, typ) }

func withLaw(card string, owner int) func(s *State) {
	return func(s *State) {
		s.Laws = append(s.Laws, Law{Card: card, Owner: owner})
		s.Decks.Agendas = slices.DeleteFunc(s.Decks.Agendas, func(c string) bool { return c == card })
	}
}

func checked(t *testing.T, g *Game) *State {
	t.Helper()
	if err := CheckInvariants(g.State()); err != nil {
		t.Fatal(err)
	}
	return g.State()
}

// 7.7, 7.8 and the cards' own effects: each agenda of the deck, resolved
// through the agenda phase, does what its outcome says.
func TestRule7_8_Directives(t *testing.T) {
	t.Run("economic_equality", func(t *testing.T) {
		g := resolve(t, "economic_equality", For, func(s *State) { s.Players[0].TradeGoods = 9 })
		for _, p := range checked(t, g).Players {
			if p.TradeGoods != 5 {
				t.Fatalf("%s has %d trade goods, want 5", p, p.TradeGoods)
			}
		}
	})
	t.Run("mutiny", func(t *testing.T) {
		g := resolve(t, "mutiny", For, nil)
		if p := checked(t, g).Players[1]; p.VP != 1 || p.AgendaVP != 1 {
			t.Fatalf("the For voter has %d points (%d from agendas)", p.VP, p.AgendaVP)
		}
	})
	t.Run("unconventional_measures", func(t *testing.T) {
		g := resolve(t, "unconventional_measures", For, nil)
		s := checked(t, g)
		if len(s.Players[1].ActionCards) != 2 || len(s.Players[2].ActionCards) != 0 {
			t.Fatalf("hands %v %v", s.Players[1].ActionCards, s.Players[2].ActionCards)
		}
	})
	t.Run("arms_reduction", func(t *testing.T) {
		g := resolve(t, "arms_reduction", For, func(s *State) {
			s.Players[1].Fleet = 5
			s.System(28).Space = add(s.System(28).Space, 1, "dreadnought", 2)
			s.System(1).Space = add(s.System(1).Space, 1, "dreadnought", 2)
		})
		s := g.State()
		if s.Step == nil || s.Step.Kind != StepDestroy || s.Step.Seat != 1 || s.Step.Need != 2 {
			t.Fatalf("step %+v, want seat 1 to destroy 2 dreadnoughts", s.Step)
		}
		refuse(t, g, Action{Kind: ActDestroy, Seat: 1, System: ip(28), Unit: "carrier"}, "7.8")
		do(t, g, Action{Kind: ActDestroy, Seat: 1, System: ip(28), Unit: "dreadnought"})
		do(t, g, Action{Kind: ActDestroy, Seat: 1, System: ip(1), Unit: "dreadnought"})
		if s := checked(t, g); units(s, 1, "dreadnought") != 2 || s.Step != nil {
			t.Fatalf("%d dreadnoughts left, step %+v", units(s, 1, "dreadnought"), s.Step)
		}
	})
	t.Run("swords_to_plowshares", func(t *testing.T) {
		g := resolve(t, "swords_to_plowshares", For, func(s *State) {
			pl, _ := s.Planet("Jord")
			pl.Units = add(pl.Units, 1, "infantry", 5-count(pl.Units, 1, "infantry"))
		})
		s := checked(t, g)
		if n := count(planet(t, g, "Jord").Units, 1, "infantry"); n != 2 || s.Players[1].TradeGoods != 3 {
			t.Fatalf("5 infantry: %d left (want 2), %d trade goods (want 3)", n, s.Players[1].TradeGoods)
		}
		before := count(planet(t, fixture(t, fixtureConfig(), nil), "Nar").Units, 0, "infantry")
		g = resolve(t, "swords_to_plowshares", Against, nil)
		if n := count(planet(t, g, "Nar").Units, 0, "infantry"); n != before+1 {
			t.Fatalf("against: an infantry on each planet; Nar has %d", n)
		}
	})
	t.Run("compensated_disarmament", func(t *testing.T) {
		g := resolve(t, "compensated_disarmament", "Jord", nil)
		s := checked(t, g)
		if n := count(planet(t, g, "Jord").Units, 1, "infantry"); n != 0 || s.Players[1].TradeGoods != 5 {
			t.Fatalf("Jord keeps %d infantry; %d trade goods (want 5)", n, s.Players[1].TradeGoods)
		}
	})
	t.Run("colonial_redistribution", func(t *testing.T) {
		g := resolve(t, "colonial_redistribution", "Quann", func(s *State) {
			pl, _ := s.Planet("Quann")
			pl.Controller, pl.Units = 2, []Stack{{Owner: 2, Unit: "infantry", Count: 2}}
			s.Players[0].VP, s.Players[0].Publics = 1, []string{s.Decks.Revealed[0]}
		})
		refuse(t, g, Action{Kind: ActChoosePlayer, Seat: 2, ActionExtra: &ActionExtra{Player: ip(0)}}, "7.8")
		do(t, g, Action{Kind: ActChoosePlayer, Seat: 2, ActionExtra: &ActionExtra{Player: ip(1)}})
		checked(t, g)
		if pl := planet(t, g, "Quann"); count(pl.Units, 2, "") != 0 || count(pl.Units, 1, "infantry") != 1 || pl.Controller != 1 {
			t.Fatalf("Quann: %+v", pl)
		}
	})
	t.Run("armed_forces_standardization", func(t *testing.T) {
		g := resolve(t, "armed_forces_standardization", "2", nil)
		if p := checked(t, g).Players[2]; p.Tactic != 3 || p.Fleet != 3 || p.Strategy != 2 {
			t.Fatalf("pools %d/%d/%d", p.Tactic, p.Fleet, p.Strategy)
		}
	})
	t.Run("clandestine_operations", func(t *testing.T) {
		g := resolve(t, "clandestine_operations", For, nil)
		for _, q := range []int{0, 1, 2} {
			s := g.State()
			if s.Step == nil || s.Step.Kind != StepDropTokens || s.Step.Seat != q {
				t.Fatalf("step %+v, want seat %d to return two tokens", s.Step, q)
			}
			refuse(t, g, Action{Kind: ActDone, Seat: q, Pools: &Pools{1, 0, 0}}, "7.8")
			do(t, g, Action{Kind: ActDone, Seat: q, Pools: &Pools{2, 0, 0}})
		}
		if p := checked(t, g).Players[1]; p.Tactic != 1 {
			t.Fatalf("tactic pool %d, want 1", p.Tactic)
		}
	})
	t.Run("minister_of_antiquities", func(t *testing.T) {
		g := resolve(t, "minister_of_antiquities", "1", nil)
		if s := checked(t, g); len(s.Players[1].Relics) != 1 {
			t.Fatalf("relics %v", s.Players[1].Relics)
		}
	})
	t.Run("research_grant_reallocation", func(t *testing.T) {
		g := resolve(t, "research_grant_reallocation", "1", nil)
		do(t, g, Action{Kind: ActResearch, Seat: 1, Card: "light_wave_deflector"}) // three prerequisites, none needed
		p := checked(t, g).Players[1]
		if !p.HasTech("light_wave_deflector") || p.Fleet != 0 {
			t.Fatalf("techs %v, fleet %d (3 tokens, 3 prerequisites)", p.Techs, p.Fleet)
		}
	})
	t.Run("rearmament_agreement", func(t *testing.T) {
		g := resolve(t, "rearmament_agreement", For, nil)
		refuse(t, g, Action{Kind: ActChoosePlanet, Seat: 0, Planet: "Jord"}, "7.8")
		do(t, g, Action{Kind: ActChoosePlanet, Seat: 0, Planet: "Nar"})
		do(t, g, Action{Kind: ActChoosePlanet, Seat: 1, Planet: "Jord"})
		do(t, g, Action{Kind: ActChoosePlanet, Seat: 2, Planet: "Hercant"})
		s := checked(t, g)
		g2 := resolve(t, "rearmament_agreement", Against, func(x *State) {
			pl, _ := x.Planet("Jord")
			pl.Units = add(pl.Units, 1, "mech", 2)
		})
		if units(s, 1, "mech") != 1 || units(g2.State(), 1, "mech") != 0 || count(planet(t, g2, "Jord").Units, 1, "infantry") != 7 {
			t.Fatalf("for: %d mechs; against: %d mechs, %d infantry", units(s, 1, "mech"), units(g2.State(), 1, "mech"), count(planet(t, g2, "Jord").Units, 1, "infantry"))
		}
	})
	t.Run("nexus_sovereignty", func(t *testing.T) {
		g := resolve(t, "nexus_sovereignty", Against, nil)
		if w := g.State().Wormholes(g.State().mecatolPos()); !slices.Contains(w, "gamma") {
			t.Fatalf("Mecatol Rex wormholes %v", w)
		}
	})
	t.Run("articles_of_war", func(t *testing.T) {
		g := resolve(t, "articles_of_war", Against, nil)
		if p := g.State().Players[1]; p.TradeGoods != 0 {
			t.Fatalf("against: only For voters gain; seat 1 voted against and has %d", p.TradeGoods)
		}
	})
	t.Run("wormhole_research", func(t *testing.T) {
		g := resolve(t, "wormhole_research", For, func(s *State) {
			s.System(1).Space = add(s.System(1).Space, 2, "cruiser", 1)
		})
		s := g.State()
		if s.Step == nil || s.Step.Kind != StepAgendaTech || s.Step.Seat != 2 || len(s.System(1).Space) > 0 {
			t.Fatalf("step %+v, Quann space %v", s.Step, s.System(1).Space)
		}
		do(t, g, act(ActDone, 2)) // the research is optional
		checked(t, g)
	})
	t.Run("ixthian_artifact", func(t *testing.T) {
		g := resolve(t, "ixthian_artifact", For, func(s *State) {
			s.System(s.mecatolPos()).Space = []Stack{{Owner: 2, Unit: "cruiser", Count: 1}}
		})
		s := g.State()
		// A roll of 1-5 destroys everything at Mecatol Rex; 6-10 offers
		// each player two technologies.
		if len(s.System(s.mecatolPos()).Space) > 0 && (s.Step == nil || s.Step.Kind != StepAgendaTech || s.Step.Need != 2) {
			t.Fatalf("neither outcome of the roll happened: step %+v", s.Step)
		}
	})
	t.Run("public_execution_and_seed", func(t *testing.T) {
		g := resolve(t, "seed_of_an_empire", Against, func(s *State) {
			s.Players[0].VP, s.Players[0].Publics = 1, []string{s.Decks.Revealed[0]}
		})
		s := checked(t, g)
		if s.Players[1].VP != 1 || s.Players[2].VP != 1 || s.Players[0].VP != 1 {
			t.Fatalf("fewest points gain one: %d %d %d", s.Players[0].VP, s.Players[1].VP, s.Players[2].VP)
		}
	})
	t.Run("covert_legislation", func(t *testing.T) {
		g := agendaFixture(t, []string{"covert_legislation", "economic_equality", "mutiny"}, nil)
		s := g.State()
		if s.Agenda.Subject != "economic_equality" || !s.Agenda.Hidden {
			t.Fatalf("agenda %+v", s.Agenda)
		}
		for seat, want := range map[int]string{0: "economic_equality", 1: "hidden", 2: "hidden"} {
			v, _ := ViewFor(s, seat)
			if v.State.Agenda.Subject != want {
				t.Fatalf("seat %d sees %q", seat, v.State.Agenda.Subject)
			}
		}
		vote(t, g, 1, For, "Jord")
		abstain(t, g, 2)
		abstain(t, g, 0)
		s = checked(t, g)
		if s.Players[2].TradeGoods != 5 || !slices.Contains(s.Decks.AgendaDiscard, "covert_legislation") || !slices.Contains(s.Decks.AgendaDiscard, "economic_equality") {
			t.Fatalf("the hidden agenda resolves: tg %d, discard %v", s.Players[2].TradeGoods, s.Decks.AgendaDiscard)
		}
	})
	t.Run("galactic_crisis_pact", func(t *testing.T) {
		g := resolve(t, "galactic_crisis_pact", "politics", func(s *State) { s.Players[2].Strategy = 0 })
		s := g.State()
		if s.Strategic == nil || s.Strategic.Card != "politics" || !slices.Equal(s.Strategic.Queue, []int{0, 1, 2}) {
			t.Fatalf("each player is offered Politics' secondary: %+v", s.Strategic)
		}
		refuse(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For}, "8.2") // the second agenda waits
		do(t, g, Action{Kind: ActSecondary, Seat: 0, Use: true})
		do(t, g, Action{Kind: ActSecondary, Seat: 1})
		do(t, g, Action{Kind: ActSecondary, Seat: 2, Use: true}) // no strategy token needed
		s = checked(t, g)
		if len(s.Players[0].ActionCards) != 2 || len(s.Players[2].ActionCards) != 2 || s.Strategic != nil || s.Agenda.Number != 2 {
			t.Fatalf("hands %d %d; strategic %+v; agenda %d", len(s.Players[0].ActionCards), len(s.Players[2].ActionCards), s.Strategic, s.Agenda.Number)
		}
	})
	t.Run("miscount_disclosed", func(t *testing.T) {
		g := agendaFixture(t, []string{"miscount_disclosed", "mutiny"}, withLaw("fleet_regulations", None))
		vote(t, g, 1, "fleet_regulations", "Jord")
		abstain(t, g, 2)
		abstain(t, g, 0)
		s := g.State()
		if s.Agenda.Subject != "fleet_regulations" || len(s.Agenda.Voters) != 3 {
			t.Fatalf("the law is voted on again: %+v", s.Agenda)
		}
		fleet := s.Players[2].Fleet
		abstain(t, g, 1)
		vote(t, g, 2, Against, "Hercant")
		abstain(t, g, 0)
		s = checked(t, g)
		if s.Law("fleet_regulations") != nil || s.Players[2].Fleet != fleet+1 {
			t.Fatalf("against: the law goes and its against effect applies: laws %v, fleet %d", s.Laws, s.Players[2].Fleet)
		}
	})
}

// 7.3: laws in play change the rules they name.
func TestRule7_3_LawEffects(t *testing.T) {
	t.Run("executive_sanctions", func(t *testing.T) {
		g := resolve(t, "executive_sanctions", For, func(s *State) {
			s.Players[2].ActionCards = s.Decks.ActionCards[:5]
			s.Decks.ActionCards = s.Decks.ActionCards[5:]
		})
		s := g.State()
		if s.Step == nil || s.Step.Kind != StepDiscard || s.Step.Seat != 2 {
			t.Fatalf("a hand of 5 over the limit of 3: step %+v", s.Step)
		}
		for range 2 {
			do(t, g, Action{Kind: ActDiscardAC, Seat: 2, Card: g.State().Players[2].ActionCards[0]})
		}
		if s := checked(t, g); len(s.Players[2].ActionCards) != 3 || s.Step != nil {
			t.Fatalf("hand %v", s.Players[2].ActionCards)
		}
	})
	t.Run("homeland_defense_act", func(t *testing.T) {
		g := resolve(t, "homeland_defense_act", For, nil)
		settle(t, g)
		do(t, g, place(0, 22, "Nar", "pds", 3))
		g = resolve(t, "homeland_defense_act", Against, nil)
		for _, a := range Legal(g.State(), engineRNG(), 0) {
			if a.Kind == ActDestroy {
				do(t, g, a)
				break
			}
		}
		if n := units(checked(t, g), 0, "pds"); n != 1 {
			t.Fatalf("against: one PDS destroyed; %d left", n)
		}
		// Once the law leaves play (New Constitution), a third PDS on a
		// planet goes back to reinforcements (85.5).
		g = resolve(t, "new_constitution", For, func(s *State) {
			withLaw("homeland_defense_act", None)(s)
			nar := planetIn(s.System(22), "Nar")
			nar.Units = add(nar.Units, 0, "pds", 1)
		})
		settle(t, g)
		if nar := planetIn(checked(t, g).System(22), "Nar"); count(nar.Units, 0, "pds") != 2 {
			t.Fatalf("Nar %v", nar.Units)
		}
	})
	t.Run("fleet_regulations", func(t *testing.T) {
		g := fixture(t, fixtureConfig(), func(s *State) {
			withLaw("fleet_regulations", None)(s)
			s.Phase, s.Turn = PhaseStatus, None
			s.Status = &StatusStep{Tokens: true, Gain: []int{2, 0, 0}, Waiting: []int{0}}
		})
		p := g.State().Players[0]
		refuse(t, g, Action{Kind: ActRedistribute, Seat: 0, Pools: &Pools{p.Tactic, 5, p.Strategy + 2 + p.Fleet - 5}}, "7.3")
	})
	t.Run("wormhole_reconstruction_and_travel_ban", func(t *testing.T) {
		far := func(s *State) { s.System(28).Tokens = append(s.System(28).Tokens, Token{Kind: "alpha", Owner: None}) }
		g := fixture(t, fixtureConfig(), far)
		if g.State().Adjacent(1, 28) {
			t.Fatal("a beta and an alpha wormhole are not adjacent")
		}
		g = fixture(t, fixtureConfig(), func(s *State) { far(s); withLaw("wormhole_reconstruction", None)(s) })
		if !g.State().Adjacent(1, 28) {
			t.Fatal("Wormhole Reconstruction: every alpha and beta system is adjacent to every other")
		}
		g = fixture(t, fixtureConfig(), func(s *State) { far(s); withLaw("enforced_travel_ban", None)(s) })
		if slices.Contains(g.State().moveNeighbors(2, g.State().moverOf(0)), 28) || !g.State().Adjacent(2, 28) {
			t.Fatal("Enforced Travel Ban: no movement through alpha and beta wormholes, though they stay adjacent")
		}
	})
	t.Run("shared_research", func(t *testing.T) {
		g := fixture(t, fixtureConfig(), withLaw("shared_research", None))
		s := g.State()
		for _, sys := range s.Systems {
			if s.anomaly(sys.Pos, "nebula") && s.blocked(0, sys.Pos, false) {
				t.Fatal("Shared Research: ships move through nebulae")
			}
		}
		g = resolve(t, "shared_research", Against, nil)
		if s := checked(t, g); !slices.Contains(s.System(22).Command, 0) || !slices.Contains(s.System(28).Command, 1) {
			t.Fatal("against: a command token in each home system")
		}
	})
	t.Run("minister_of_exploration", func(t *testing.T) {
		g := fixture(t, fixtureConfig(), withLaw("minister_of_exploration", 0))
		do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Quann", ActionExtra: &ActionExtra{Player: ip(0)}})
		if tg := g.State().Players[0].TradeGoods; tg != 1 {
			t.Fatalf("a trade good for gaining a planet; has %d", tg)
		}
	})
	t.Run("minister_of_policy", func(t *testing.T) {
		g := agendaFixture(t, nil, func(s *State) { withLaw("minister_of_policy", 2)(s); s.AgendaPhase = false })
		if n := len(g.State().Players[2].ActionCards); n != 1 {
			t.Fatalf("an action card at the end of the status phase; hand %d", n)
		}
	})
	t.Run("regulated_conscription", func(t *testing.T) {
		u := engineUnit("fighter")
		if unitCost(u, 2, &Production{}, "fighter", false) != 1 || unitCost(u, 2, &Production{}, "fighter", true) != 2 {
			t.Fatal("two fighters cost 1, or 2 under Regulated Conscription")
		}
	})
	t.Run("minister_of_sciences", func(t *testing.T) {
		g := fixture(t, fixtureConfig(), withLaw("minister_of_sciences", 0))
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "technology", "warfare", "trade")
		strategic(t, g, 0, "technology")
		do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "graviton_laser_system"})
		before, _ := g.Snapshot()
		do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"}) // the second, normally 6 resources
		// Without the law the second technology must be paid for.
		var snap engine.Snapshot[*State]
		if err := json.Unmarshal(before, &snap); err != nil {
			t.Fatal(err)
		}
		snap.State.Laws = nil
		if err := (Rules{}).Check(snap.State, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"}); engine.RuleOf(err) != "91.2" {
			t.Fatalf("without Minister of Sciences: %v", err)
		}
	})
	t.Run("political_censure", func(t *testing.T) {
		g := resolve(t, "political_censure", "2", nil)
		if p := checked(t, g).Players[2]; p.VP != 1 || !g.State().OwnsLaw(2, "political_censure") {
			t.Fatalf("vp %d", p.VP)
		}
		vote(t, g, 1, For) // Mutiny, second agenda: tie broken below
		abstain(t, g, 2)
		abstain(t, g, 0)
		do(t, g, Action{Kind: ActBreakTie, Seat: 0, Outcome: Against})
		passWindows(t, g)
		// Losing the card loses the point.
		s := g.State().Clone()
		discardLaw(s, "political_censure")
		if s.Players[2].VP != 0 || CheckInvariants(s) != nil {
			t.Fatalf("after losing the law: %d points", s.Players[2].VP)
		}
	})
	t.Run("classified_document_leaks", func(t *testing.T) {
		g := resolve(t, "classified_document_leaks", "become_a_martyr", func(s *State) {
			s.Players[0].ScoredSecrets, s.Players[0].VP = []string{"become_a_martyr"}, 1
			s.Decks.Secrets = slices.DeleteFunc(s.Decks.Secrets, func(c string) bool { return c == "become_a_martyr" })
			for _, p := range s.Players {
				p.SecretChoice = slices.DeleteFunc(p.SecretChoice, func(c string) bool { return c == "become_a_martyr" })
			}
		})
		s := checked(t, g)
		if !s.leaked("become_a_martyr") || !slices.Contains(s.scorablePublics(), "become_a_martyr") {
			t.Fatalf("the elected secret becomes public: %v", s.Laws)
		}
	})
	t.Run("search_warrant", func(t *testing.T) {
		g := resolve(t, "search_warrant", "1", func(s *State) {
			p := s.Players[1]
			s.Decks.Secrets = append(s.Decks.Secrets, p.SecretChoice[1:]...)
			p.Secrets, p.SecretChoice = p.SecretChoice[:1], nil
		})
		s := checked(t, g)
		v, _ := ViewFor(s, 2)
		if len(s.Players[1].Secrets) != 3 || len(v.State.Players[1].Secrets) != 3 || len(v.State.Players[0].Secrets) != 0 {
			t.Fatalf("the owner draws two and plays with secrets revealed: %v, seen %v", s.Players[1].Secrets, v.State.Players[1].Secrets)
		}
	})
	t.Run("representative_government", func(t *testing.T) {
		g := agendaFixture(t, []string{"mutiny"}, withLaw("representative_government", None))
		do(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For})
		if b := g.State().Agenda.Ballots[0]; b.Votes != 1 || g.State().Agenda.Voting {
			t.Fatalf("one vote each, no planets: %+v", b)
		}
	})
	t.Run("new_constitution", func(t *testing.T) {
		g := resolve(t, "new_constitution", For, withLaw("fleet_regulations", None))
		if len(g.State().Laws) != 0 {
			t.Fatalf("every law discarded: %v", g.State().Laws)
		}
		settle(t, g)
		if s := checked(t, g); s.Phase != PhaseStrategy || !planet(t, g, "Jol").Exhausted || planet(t, g, "Quann").Exhausted {
			t.Fatalf("home planets exhausted at the start of the strategy phase: %s", s.Phase)
		}
	})
	t.Run("anti_intellectual_revolution", func(t *testing.T) {
		g := resolve(t, "anti_intellectual_revolution", Against, nil)
		settle(t, g)
		s := g.State()
		if s.Step == nil || s.Step.Kind != StepExhaust || s.Step.Need != len(s.Players[s.Step.Seat].Techs) {
			t.Fatalf("a planet exhausted per technology owned: %+v", s.Step)
		}
	})
	t.Run("checks_and_balances", func(t *testing.T) {
		g := resolve(t, "checks_and_balances", Against, nil)
		abstain(t, g, 1)
		vote(t, g, 2, For, "Hercant")
		abstain(t, g, 0)
		s := g.State()
		if s.Step == nil || s.Step.Kind != StepReadyUpTo {
			t.Fatalf("each player readies up to three planets: %+v", s.Step)
		}
		do(t, g, Action{Kind: ActReadyPlanet, Seat: s.Step.Seat, Planet: "Jord"})
		for g.State().Phase == PhaseAgenda {
			do(t, g, act(ActDone, g.State().Step.Seat))
		}
		if planet(t, g, "Jord").Exhausted || !planet(t, g, "Hercant").Exhausted {
			t.Fatal("Jord was chosen and is readied; Hercant was not and stays exhausted")
		}
	})
}

func engineUnit(typ string) *data.Unit { return data.MustLoad().UnitFor("", typ, false) }

// 7.3, Minister of Industry: when its owner places a space dock, their units
// in that system produce at once, and Construction then goes on; a dock
// placed by anyone else opens nothing.
func TestRule7_3_MinisterOfIndustry(t *testing.T) {
	build := func(owner int) *Game {
		g := fixture(t, fixtureConfig(), func(s *State) {
			withLaw("minister_of_industry", owner)(s)
			for name, seat := range map[string]int{"Quann": 0, "Lodor": 1} {
				pl, _ := s.Planet(name)
				pl.Controller, pl.ControlToken = seat, true
			}
			s.Players[0].TradeGoods = 3
		})
		toActionPhase(t, g, "construction", "diplomacy", "trade", "leadership", "warfare", "technology")
		strategic(t, g, 0, "construction")
		return g
	}
	g := build(0)
	_, quann := g.State().Planet("Quann")
	do(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "space_dock", Planet: "Quann"})
	if st := g.State().Step; st == nil || st.Kind != StepIndustry || st.Systems[0] != quann.Pos {
		t.Fatalf("the owner's production in Quann's system should open; step %+v", g.State().Step)
	}
	refuse(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "pds", Planet: "Quann"}, "82.3")
	// Quann's dock: 2 resources + 2.
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Planet: "Quann", Count: 5}, "68.1")
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "destroyer", Count: 1})
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Planet: "Quann", Count: 2})
	refuse(t, g, act(ActDone, 0), "67.1")
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 2})
	do(t, g, act(ActDone, 0))
	if st := g.State().Step; st == nil || st.Kind != StepConstruction || st.Count != 1 {
		t.Fatalf("the primary's PDS should still be open; step %+v", g.State().Step)
	}
	do(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "pds", Planet: "Quann"})
	s := checked(t, g)
	sys := s.System(quann.Pos)
	if count(sys.Space, 0, "destroyer") != 1 || count(planetIn(sys, "Quann").Units, 0, "infantry") != 2 || s.Players[0].TradeGoods != 1 {
		t.Fatalf("space %v, Quann %v, trade goods %d", sys.Space, planetIn(sys, "Quann").Units, s.Players[0].TradeGoods)
	}
	if !s.Strategic.PrimaryDone {
		t.Fatal("the primary is done once its PDS is placed")
	}

	// The secondary: its owner's production comes before the next player.
	g = build(1)
	do(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "space_dock", Planet: "Quann"})
	if st := g.State().Step; st == nil || st.Kind != StepConstruction {
		t.Fatalf("a dock placed by another player opens nothing; step %+v", st)
	}
	do(t, g, act(ActDone, 0))
	do(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true})
	do(t, g, Action{Kind: ActPlaceStructure, Seat: 1, Unit: "space_dock", Planet: "Lodor"})
	if st := g.State().Step; st == nil || st.Kind != StepIndustry || !st.Secondary {
		t.Fatalf("step %+v", st)
	}
	legal := Legal(g.State(), engineRNG(), 1)
	if !slices.ContainsFunc(legal, func(a Action) bool { return a.Kind == ActProduce }) {
		t.Fatal("Legal should offer production")
	}
	do(t, g, act(ActDone, 1))
	if s := checked(t, g); s.Step != nil && s.Step.Seat == 1 {
		t.Fatalf("the secondary is over; step %+v", s.Step)
	}
}

// 7.3, Articles of War: for, every mech loses its printed abilities but
// Sustain Damage (Xxcha's space cannon, L1Z1X's bombardment, Arborec's
// production and planetary shield); the law gone, they return.
func TestRule7_3_ArticlesOfWar(t *testing.T) {
	g := resolve(t, "articles_of_war", For, nil)
	settle(t, g)
	s := checked(t, g)
	if s.Law("articles_of_war") == nil {
		t.Fatal("the law should be in play")
	}
	for _, tc := range []struct {
		faction string
		has     func(u *data.Unit) bool
	}{
		{"xxcha", func(u *data.Unit) bool { return u.SpaceCannon != nil }},
		{"l1z1x", func(u *data.Unit) bool { return u.Bombardment != nil }},
		{"arborec", func(u *data.Unit) bool { return u.HasProduction() && u.PlanetaryShield }},
	} {
		for _, inPlay := range []bool{true, false} {
			x := s.Clone()
			x.Players[0].Faction = tc.faction
			if !inPlay {
				x.Laws = nil
			}
			u := x.UnitCard(0, "mech")
			if tc.has(u) == inPlay || !u.Sustain {
				t.Fatalf("%s mech with the law in play %v: %+v", tc.faction, inPlay, u)
			}
		}
	}
	// On the board: an Arborec mech on its planet produces only without the law.
	x := s.Clone()
	x.Players[1].Faction = "arborec"
	jord, sys := x.Planet("Jord")
	jord.Units = []Stack{{Owner: 1, Unit: "mech", Count: 1}}
	with := x.productionLimit(1, sys)
	x.Laws = nil
	if without := x.productionLimit(1, sys); with != 0 || without != 2 {
		t.Fatalf("production %d with the law, %d without", with, without)
	}
}

// Every law of the deck in play from the start, one game each: random
// legal play keeps every invariant and never gets stuck. Laws change rules
// that random play otherwise seldom meets with the law in play.
func TestLawsInRandomPlay(t *testing.T) {
	for i, card := range data.MustLoad().Agendas {
		if card.Type != "law" || card.PoKRemoved {
			continue
		}
		t.Run(card.ID, func(t *testing.T) {
			owner := None
			if card.Elect == "player" {
				owner = 1
			}
			g := fixture(t, Config{Players: 3 + i%4, Seed: uint64(i)}, withLaw(card.ID, owner))
			r := engine.NewRNG(uint64(i))
			for step := 0; step < 600 && g.State().Phase != PhaseOver; step++ {
				s := g.State()
				seats := Deciding(s)
				if len(seats) == 0 {
					seats = Waiting(s, engine.NewRNG(0))
				}
				if len(seats) == 0 {
					t.Fatalf("step %d: no one can act", step)
				}
				legal := Legal(s, engine.NewRNG(0), seats[0])
				if len(legal) == 0 {
					t.Fatalf("step %d: seat %d is waited on and has nothing to do", step, seats[0])
				}
				if _, err := g.Do(legal[r.IntN(len(legal))]); err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
				if err := CheckInvariants(g.State()); err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
			}
		})
	}
}

// Wormhole Reconstruction (against): a token from reinforcements in each
// wormhole system with the player's ships, as far as the reinforcements go
// (20.3a): one left, two systems, one token placed.
func TestRule7_WormholeReconstructionAgainstRunsOut(t *testing.T) {
	g := resolve(t, "wormhole_reconstruction", Against, func(s *State) {
		s.System(1).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}} // Quann: beta
		s.System(2).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}} // Lodor: alpha
		s.Players[0].Tactic += s.CommandReinforcements(0) - 1
	})
	settle(t, g)
	s := checked(t, g)
	placed := 0
	for _, pos := range []int{1, 2} {
		if slices.Contains(s.System(pos).Command, 0) {
			placed++
		}
	}
	if placed != 1 || s.CommandReinforcements(0) != 0 {
		t.Fatalf("%d tokens placed, %d left", placed, s.CommandReinforcements(0))
	}
}

// Every directive that votes for or against has an effect defined for at
// least one outcome: an agenda without one would silently do nothing.
func TestEveryDirectiveHasAnOutcome(t *testing.T) {
	for _, a := range data.MustLoad().Agendas {
		if a.PoKRemoved || a.Type != "directive" || a.Elect != "for_against" {
			continue
		}
		if agendaOutcomes[a.ID+"/"+For] == nil && agendaOutcomes[a.ID+"/"+Against] == nil {
			t.Errorf("%s has no outcome defined", a.ID)
		}
	}
}

// Clandestine Operations (7.8; found by the soak): a player's step to
// return command tokens asks for no more than they have left when it comes
// up (tokens spent since it was queued, by Quash say, cannot be returned),
// so the game never waits on a return that cannot be made.
func TestRule7_ClandestineOperationsTakesWhatIsLeft(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		p := s.Players[1]
		p.Tactic, p.Fleet, p.Strategy = 0, 1, 0
		s.Step = &Step{Kind: StepDropTokens, Seat: 1, Card: "clandestine_operations", Need: 2}
	})
	var drops []Action
	for _, a := range Legal(g.State(), engineRNG(), 1) {
		if a.Kind == ActDone {
			drops = append(drops, a)
		}
	}
	if len(drops) != 1 || drops[0].Pools == nil || drops[0].Pools.Fleet != 1 {
		t.Fatalf("options %v: the one token left, from the fleet pool", drops)
	}
	refuse(t, g, Action{Kind: ActDone, Seat: 1, Pools: &Pools{0, 2, 0}}, "7.8")
	do(t, g, drops[0])
	if st := g.State().Step; g.State().Players[1].Fleet != 0 || (st != nil && st.Kind == StepDropTokens) {
		t.Fatalf("fleet %d, step %+v: the token returned, the step done", g.State().Players[1].Fleet, st)
	}
}
