package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// doom leaves seat 2 with one planet, Lodor (position 2), held by one
// infantry, and gives seat 0 a carrier with two infantry in Lodor's system.
// extra may add what the test is about.
func doom(extra func(s *State)) func(s *State) {
	return func(s *State) {
		for _, sys := range s.Systems {
			sys.Space = dropOwner(sys.Space, 2)
			for _, pl := range sys.Planets {
				pl.Units = dropOwner(pl.Units, 2)
				if pl.Controller == 2 {
					pl.Controller, pl.ControlToken = None, false
				}
			}
		}
		lodor, _ := s.Planet("Lodor")
		lodor.Controller = 2
		lodor.Units = []Stack{{Owner: 2, Unit: "infantry", Count: 1}}
		s.System(2).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "infantry", Count: 2}}
		if extra != nil {
			extra(s)
		}
	}
}

// invadeLodor takes Lodor from seat 2: commit, win the ground combat
// (seat 2's infantry removed), establish control.
func invadeLodor(t *testing.T, g *Game) []Event {
	t.Helper()
	do(t, g, Action{Kind: ActBeginInvasion, Seat: Referee, System: ip(2), ActionExtra: &ActionExtra{Player: ip(0)}})
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Lodor", Unit: "infantry", Count: 2})
	if ev := do(t, g, remove(2, 2, "Lodor", "infantry", 1)); hasKind(ev, EvEliminated) {
		t.Fatal("seat 2 still controls Lodor until Establish Control (25.5b)")
	}
	return establishControl(t, g, 0)
}

func eliminated(t *testing.T, cfg Config, extra func(s *State)) *Game {
	t.Helper()
	g := fixture(t, cfg, doom(extra))
	ev := invadeLodor(t, g)
	if !hasKind(ev, EvEliminated) || !g.State().Players[2].Eliminated {
		t.Fatalf("seat 2 should be eliminated: %v", ev)
	}
	return g
}

// 33.1: eliminated only when all three hold: no ground forces on the board,
// no unit with Production, no planet.
func TestRule33_1_AllThreeConditions(t *testing.T) {
	tests := []struct {
		name     string
		factions []string
		extra    func(s *State)
		out      bool
	}{
		{"nothing left", nil, nil, true},
		{"33.1.1 infantry in a space area", nil, func(s *State) {
			s.System(3).Space = []Stack{{Owner: 2, Unit: "carrier", Count: 1}, {Owner: 2, Unit: "infantry", Count: 1}}
		}, false},
		{"33.1.1 a mech on a planet held by another", nil, func(s *State) {
			pl, _ := s.Planet("Wellon")
			pl.Controller = 1
			pl.Units = []Stack{{Owner: 1, Unit: "infantry", Count: 1}, {Owner: 2, Unit: "mech", Count: 1}}
		}, false},
		{"33.1.2 a Floating Factory has Production", []string{"jolnar", "sol", "saar"}, func(s *State) {
			s.System(3).Space = []Stack{{Owner: 2, Unit: "space_dock", Count: 1}}
		}, false},
		{"33.1.3 a planet held with a control token", nil, func(s *State) {
			pl, _ := s.Planet("Wellon")
			pl.Controller, pl.ControlToken = 2, true
		}, false},
		{"note 1: the Arborec flagship has no Production", []string{"jolnar", "sol", "arborec"}, func(s *State) {
			s.System(3).Space = []Stack{{Owner: 2, Unit: "flagship", Count: 1}}
		}, true},
		{"ships without Production do not keep a player in", nil, func(s *State) {
			s.System(3).Space = []Stack{{Owner: 2, Unit: "dreadnought", Count: 2}, {Owner: 2, Unit: "fighter", Count: 2}}
		}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fixtureConfig(tc.factions...)
			g := fixture(t, cfg, doom(tc.extra))
			invadeLodor(t, g)
			if got := g.State().Players[2].Eliminated; got != tc.out {
				t.Fatalf("eliminated = %v, want %v", got, tc.out)
			}
		})
	}
}

// 33.1: the check runs after any action that takes a player's last planet,
// a game effect included.
func TestRule33_1_AfterEffect(t *testing.T) {
	g := fixture(t, fixtureConfig(), doom(func(s *State) {
		pl, _ := s.Planet("Lodor")
		pl.Units = nil
		pl.ControlToken = true
	}))
	ev := do(t, g, Action{Kind: ActLosePlanet, Seat: Referee, Planet: "Lodor", ActionExtra: &ActionExtra{Player: ip(2)}})
	if !hasKind(ev, EvEliminated) {
		t.Fatalf("losing the last planet must eliminate: %v", ev)
	}
	refuse(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Lodor", ActionExtra: &ActionExtra{Player: ip(2)}}, "33.2")
}

// 33.2: a choice waiting on a player who is eliminated is dropped, and the
// next one queued comes up; the game never waits on someone out of it.
func TestRule33_2_ChoicesDropped(t *testing.T) {
	g := fixture(t, fixtureConfig(), doom(func(s *State) {
		pl, _ := s.Planet("Lodor")
		pl.Units = nil
		pl.ControlToken = true
		s.Step = &Step{Kind: StepAgendaTech, Seat: 2, Card: "wormhole_research", Need: 1, Optional: true}
		s.Choices = []Step{{Kind: StepAgendaTech, Seat: 2, Card: "wormhole_research", Need: 1, Optional: true},
			{Kind: StepAgendaTech, Seat: 1, Card: "wormhole_research", Need: 1, Optional: true}}
	}))
	ev := do(t, g, Action{Kind: ActLosePlanet, Seat: Referee, Planet: "Lodor", ActionExtra: &ActionExtra{Player: ip(2)}})
	if !hasKind(ev, EvEliminated) {
		t.Fatalf("losing the last planet must eliminate: %v", ev)
	}
	s := checked(t, g)
	if s.Step == nil || s.Step.Seat != 1 || len(s.Choices) != 0 {
		t.Fatalf("seat 1's choice comes up: step %+v, queued %+v", s.Step, s.Choices)
	}
	if len(Legal(s, engineRNG(), 1)) == 0 {
		t.Fatal("seat 1 has its choice to make")
	}
}

// 33.2: units (on the board and in reinforcements), command tokens, control
// tokens, technologies and the command sheet go to the box.
func TestRule33_2_ComponentsToBox(t *testing.T) {
	g := eliminated(t, fixtureConfig(), func(s *State) {
		s.System(3).Space = []Stack{{Owner: 2, Unit: "dreadnought", Count: 2}}
		s.System(3).Command = []int{2, 0}
		s.Players[2].TradeGoods, s.Players[2].Commodities = 3, 2
	})
	s := g.State()
	for _, typ := range UnitTypes {
		if s.OnBoard(2, typ) != 0 || s.Reinforcements(2, typ) != 0 {
			t.Fatalf("%s left on the board or in reinforcements", typ)
		}
	}
	if !slices.Equal(s.System(3).Command, []int{0}) {
		t.Fatalf("command tokens %v, want only seat 0's", s.System(3).Command)
	}
	p := s.Players[2]
	if p.Techs != nil || p.Tactic+p.Fleet+p.Strategy != 0 || s.CommandReinforcements(2) != 0 || p.TradeGoods != 0 || p.Commodities != 0 {
		t.Fatalf("player keeps %+v", p)
	}
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller == 2 {
				t.Fatalf("still controls %s", pl.Name)
			}
		}
	}
}

// 33.3, 33.5, 33.6, 33.7: agendas and action cards discarded; strategy
// cards back to the common area; secret objectives, scored or not,
// shuffled into the deck.
func TestRule33_3to7_Cards(t *testing.T) {
	g := eliminated(t, fixtureConfig(), func(s *State) {
		p := s.Players[2]
		s.Laws = []Law{{Card: "minister_of_war", Owner: 2}, {Card: "fleet_regulations", Owner: None}}
		p.ActionCards = []string{"sabotage", "direct_hit"}
		p.StrategyCards = []string{"trade"}
		s.Strategy = slices.DeleteFunc(s.Strategy, func(c string) bool { return c == "trade" })
		p.Secrets = []string{"become_a_martyr"}
		p.ScoredSecrets = []string{"destroy_their_greatest_ship"}
		s.Decks.Secrets = []string{"fight_with_precision", "make_an_example_of_their_world"}
	})
	s := g.State()
	if !slices.Contains(s.Decks.AgendaDiscard, "minister_of_war") || len(s.Laws) != 1 || s.Laws[0].Card != "fleet_regulations" {
		t.Errorf("33.3: the owned law is not discarded (or the common one went too): laws %v", s.Laws)
	}
	if !slices.Contains(s.Decks.ActionDiscard, "sabotage") || !slices.Contains(s.Decks.ActionDiscard, "direct_hit") {
		t.Error("33.5: action cards not discarded")
	}
	if len(s.Strategy) != 8 || s.Strategy[4] != "trade" {
		t.Errorf("33.6: strategy cards %v", s.Strategy)
	}
	if len(s.Decks.Secrets) != 4 || !slices.Contains(s.Decks.Secrets, "become_a_martyr") || !slices.Contains(s.Decks.Secrets, "destroy_their_greatest_ship") {
		t.Errorf("33.7: secret deck %v", s.Decks.Secrets)
	}
	p := s.Players[2]
	if p.ActionCards != nil || p.StrategyCards != nil || p.Secrets != nil || p.ScoredSecrets != nil {
		t.Errorf("cards left with the player: %+v", p)
	}
}

// 33.4, 33.4.1: notes of other players go home; the eliminated player's own
// notes go to the box, wherever they are.
func TestRule33_4_PromissoryNotes(t *testing.T) {
	g := eliminated(t, fixtureConfig(), func(s *State) {
		s.Players[0].Promissory = slices.DeleteFunc(s.Players[0].Promissory, func(n string) bool { return n == "jolnar:ceasefire" })
		s.Players[2].Promissory = append(s.Players[2].Promissory, "jolnar:ceasefire")
		s.Players[1].Promissory = append(s.Players[1].Promissory, "hacan:trade_agreement")
	})
	s := g.State()
	if !slices.Contains(s.Players[0].Promissory, "jolnar:ceasefire") {
		t.Error("33.4: Jol-Nar's note should return to Jol-Nar")
	}
	for _, p := range s.Players {
		for _, n := range p.Promissory {
			if noteOwner(n) == "hacan" {
				t.Errorf("33.4.1: %s still holds %s", p, n)
			}
		}
	}
	if s.Players[2].Promissory != nil {
		t.Error("eliminated player keeps notes")
	}
}

// 33.8 and 80.7: the speaker token passes to the left, past eliminated players.
func TestRule33_8_SpeakerPassesLeft(t *testing.T) {
	g := eliminated(t, fixtureConfig(), func(s *State) { s.Speaker = 2 })
	if g.State().Speaker != 0 {
		t.Fatalf("speaker %d, want seat 0, left of seat 2", g.State().Speaker)
	}
	g = eliminated(t, fixtureConfig(), func(s *State) { s.Speaker = 1 })
	if g.State().Speaker != 1 {
		t.Fatal("a speaker who stays in keeps the token")
	}
	s := setup(t, Config{Players: 5, Seed: 1})
	s.Players[3].Eliminated = true
	if s.LeftOf(2) != 4 || s.LeftOf(4) != 0 {
		t.Fatal("left of a seat skips eliminated players and wraps around")
	}
}

// 33.9: a game that started with five or more keeps one strategy card each.
func TestRule33_9_StrategyCardCount(t *testing.T) {
	for _, tc := range []struct {
		start, out, want int
	}{{6, 2, 1}, {5, 1, 1}, {8, 5, 1}, {4, 0, 2}, {4, 1, 2}, {3, 0, 2}} {
		s := setup(t, Config{Players: tc.start, Seed: 2})
		for i := 0; i < tc.out; i++ {
			s.Players[i].Eliminated = true
		}
		if got := s.CardsPerPlayer(); got != tc.want {
			t.Errorf("start %d, %d out: %d cards, want %d", tc.start, tc.out, got, tc.want)
		}
	}
}

// 33.10.1: a technology the Nekro player took with an assimilator token
// stays with them.
func TestRule33_10_1_NekroAssimilator(t *testing.T) {
	g := eliminated(t, fixtureConfig("nekro", "sol", "hacan"), func(s *State) {
		s.Players[0].Assimilated = []string{"quantum_datahub_node"}
	})
	if !g.State().Players[0].HasTech("quantum_datahub_node") {
		t.Fatal("Nekro lost the assimilated technology")
	}
}

// 33.10.2: Creuss wormhole tokens stay, and still join systems.
func TestRule33_10_2_CreussTokens(t *testing.T) {
	g := eliminated(t, fixtureConfig("jolnar", "sol", "creuss"), func(s *State) {
		s.System(3).Tokens = append(s.System(3).Tokens, Token{Kind: "alpha", Owner: 2})
	})
	s := g.State()
	if !slices.Contains(s.System(3).Tokens, Token{Kind: "alpha", Owner: 2}) {
		t.Fatal("the wormhole token left the board")
	}
	lodorAlpha := s.Galaxy().Find("26")
	if !s.Adjacent(3, lodorAlpha) {
		t.Fatal("the alpha token should join Wellon's system and Lodor's alpha wormhole")
	}
}

// 33.10.3: the Naalu "0" token held by another player leaves at the end of
// the status phase.
func TestRule33_10_3_NaaluZeroToken(t *testing.T) {
	g := eliminated(t, fixtureConfig("jolnar", "sol", "naalu"), func(s *State) {
		s.ZeroToken = &ZeroToken{Holder: 1}
	})
	s := g.State()
	if s.ZeroToken == nil || s.ZeroToken.Holder != 1 || !s.ZeroToken.Expires {
		t.Fatalf("zero token %+v: stays with seat 1 until the status phase ends", s.ZeroToken)
	}
	for _, e := range EndStatusPhase(s) {
		Rules{}.Apply(s, e)
	}
	if s.ZeroToken != nil {
		t.Fatal("the token should leave play at the end of the status phase")
	}
	// Without an elimination, the token does not expire.
	g = fixture(t, fixtureConfig("jolnar", "sol", "naalu"), func(s *State) { s.ZeroToken = &ZeroToken{Holder: 1} })
	if len(EndStatusPhase(g.State())) != 0 {
		t.Fatal("the token expires only after the Naalu are eliminated")
	}
}

// 33.10.4: Titans attachments stay on their planets.
func TestRule33_10_4_TitansAttachments(t *testing.T) {
	g := eliminated(t, fixtureConfig("jolnar", "sol", "titans"), func(s *State) {
		pl, _ := s.Planet("Quann")
		pl.Controller, pl.ControlToken = 1, true
		pl.Attachments = []string{"titans:terraform"}
	})
	if pl := planet(t, g, "Quann"); !slices.Contains(pl.Attachments, "titans:terraform") {
		t.Fatal("the attachment left the planet")
	}
}

// 33.10.5: command tokens on an eliminated Mahact's sheet go back to their
// owners' reinforcements.
func TestRule33_10_5_MahactSheetTokens(t *testing.T) {
	var before int
	g := eliminated(t, fixtureConfig("jolnar", "sol", "mahact"), func(s *State) {
		s.Players[2].SheetTokens = []int{0, 1}
		before = s.CommandReinforcements(0)
	})
	s := g.State()
	if s.Players[2].SheetTokens != nil || s.CommandReinforcements(0) != before+1 {
		t.Fatalf("seat 0 has %d command tokens in reinforcements, want %d", s.CommandReinforcements(0), before+1)
	}
}

// 33.10.6: Mahact keeps an eliminated player's token, and that player's
// unlocked commander stays in play.
func TestRule33_10_6_MahactHoldsToken(t *testing.T) {
	g := eliminated(t, fixtureConfig("mahact", "sol", "hacan"), func(s *State) {
		s.Players[0].SheetTokens = []int{2}
		s.Players[2].Commander = Unlocked
	})
	s := g.State()
	if !slices.Contains(s.Players[0].SheetTokens, 2) || s.Players[2].Commander != Unlocked {
		t.Fatalf("token %v, commander %s", s.Players[0].SheetTokens, s.Players[2].Commander)
	}
	// Without the token on Mahact's sheet, the commander leaves.
	g = eliminated(t, fixtureConfig("mahact", "sol", "hacan"), func(s *State) { s.Players[2].Commander = Unlocked })
	if g.State().Players[2].Commander != Purged {
		t.Fatal("the commander should go to the box")
	}
}

// 33.11: units the eliminated player captured go back to their owners.
func TestRule33_11_CapturedUnitsReturn(t *testing.T) {
	g := eliminated(t, fixtureConfig(), func(s *State) {
		s.Players[2].Captured = []Captive{{Owner: 1, Unit: "destroyer", Count: 1}, {Owner: None, Unit: "fighter", Count: 2}}
	})
	s := g.State()
	if s.CapturedFrom(1, "destroyer") != 0 || s.Reinforcements(1, "destroyer") != data.MustLoad().Limits["destroyer"]-s.OnBoard(1, "destroyer") {
		t.Fatal("Sol's destroyer should be back in its reinforcements")
	}
	if s.Players[2].Captured != nil {
		t.Fatal("captured tokens stay with the eliminated player")
	}
}

// Note 2: an eliminated player's home system is still a home system.
func TestRule33_Note2_HomeStays(t *testing.T) {
	g := eliminated(t, fixtureConfig(), nil)
	if !g.State().IsHomeSystem(g.State().Players[2].Home) {
		t.Fatal("home system stopped being one")
	}
}

// Note 3: relic fragments to their exploration discard piles; relics purged.
func TestRule33_Note3_RelicsAndFragments(t *testing.T) {
	g := eliminated(t, fixtureConfig(), func(s *State) {
		s.Players[2].RelicFragments = []string{"hazardous_relic_fragment", "unknown_relic_fragment"}
		s.Players[2].Relics = []string{"dominus_orb"}
	})
	s := g.State()
	if !slices.Contains(s.Decks.ExplorationDiscard["hazardous"], "hazardous_relic_fragment") ||
		!slices.Contains(s.Decks.ExplorationDiscard["frontier"], "unknown_relic_fragment") {
		t.Fatalf("fragments not discarded: %v", s.Decks.ExplorationDiscard)
	}
	if !slices.Contains(s.Decks.Purged, "dominus_orb") || s.Players[2].Relics != nil {
		t.Fatal("relic not purged")
	}
}

// Note 4 and 17: units captured from the eliminated player stay with the
// captor; when returned they go to the box.
func TestRule33_Note4_CapturedFromEliminated(t *testing.T) {
	g := fixture(t, fixtureConfig(), doom(func(s *State) {
		s.System(3).Space = []Stack{{Owner: 2, Unit: "carrier", Count: 1}, {Owner: 1, Unit: "dreadnought", Count: 1}}
	}))
	do(t, g, Action{Kind: ActCapture, Seat: Referee, System: ip(3), Unit: "carrier", Count: 1, ActionExtra: &ActionExtra{Player: ip(1), Owner: ip(2)}})
	refuse(t, g, Action{Kind: ActCapture, Seat: Referee, System: ip(3), Unit: "dreadnought", Count: 1, ActionExtra: &ActionExtra{Player: ip(1), Owner: ip(1)}}, "17")
	invadeLodor(t, g)
	s := g.State()
	if !s.Players[2].Eliminated || s.CapturedFrom(2, "carrier") != 1 {
		t.Fatal("the captured carrier should stay with seat 1")
	}
	do(t, g, Action{Kind: ActReturnCaptured, Seat: Referee, Unit: "carrier", Count: 1, ActionExtra: &ActionExtra{Player: ip(1), Owner: ip(2)}})
	if s.CapturedFrom(2, "carrier") != 0 || s.Reinforcements(2, "carrier") != 0 || s.OnBoard(2, "carrier") != 0 {
		t.Fatal("a returned unit of an eliminated player goes to the box")
	}
}

// 17.1, 17.3, 17.5: a captured ship sits on the captor's sheet and cannot
// be placed by its owner; a captured infantry returns to its owner at once
// and the captor holds a token.
func TestRule17_Capture(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		s.System(3).Space = []Stack{{Owner: 2, Unit: "war_sun", Count: 2}, {Owner: 2, Unit: "infantry", Count: 1}}
	})
	do(t, g, Action{Kind: ActCapture, Seat: Referee, System: ip(3), Unit: "war_sun", Count: 1, ActionExtra: &ActionExtra{Player: ip(1), Owner: ip(2)}})
	refuse(t, g, place(2, 3, "", "war_sun", 1), "17.5")
	do(t, g, Action{Kind: ActCapture, Seat: Referee, System: ip(3), Unit: "infantry", Count: 1, ActionExtra: &ActionExtra{Player: ip(1), Owner: ip(2)}})
	if !slices.Contains(g.State().Players[1].Captured, Captive{Owner: None, Unit: "infantry", Count: 1}) {
		t.Fatalf("captured %v", g.State().Players[1].Captured)
	}
	do(t, g, Action{Kind: ActReturnCaptured, Seat: Referee, Unit: "war_sun", Count: 1, ActionExtra: &ActionExtra{Player: ip(1), Owner: ip(2)}})
	do(t, g, place(2, 3, "", "war_sun", 1))
}

// 23.4, 76.1, 85.1, 85.3-85.5: where units may stand and how many there are.
func TestRule23_85_Placement(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	limit := data.MustLoad().Limits["carrier"] - g.State().OnBoard(0, "carrier")
	do(t, g, place(0, 1, "", "carrier", limit))
	refuse(t, g, place(0, 1, "", "carrier", 1), "23.4")
	do(t, g, place(0, 1, "", "fighter", 40)) // fighters are not limited (23.4b, 36)
	refuse(t, g, place(0, 1, "Quann", "carrier", 1), "76.1")
	refuse(t, g, place(0, 1, "", "pds", 1), "85.1")
	do(t, g, place(0, 1, "Quann", "pds", 2))
	refuse(t, g, place(0, 1, "Quann", "pds", 1), "85.5")
	do(t, g, place(0, 1, "Quann", "space_dock", 1))
	refuse(t, g, place(0, 1, "Quann", "space_dock", 1), "85.4")
	refuse(t, g, Action{Kind: ActMove, Seat: Referee, System: ip(1), Planet: "Quann", Unit: "pds", Count: 1, To: ip(2), ToPl: "Lodor", ActionExtra: &ActionExtra{Player: ip(0)}}, "85.3")
	do(t, g, Action{Kind: ActMove, Seat: Referee, System: ip(1), Unit: "carrier", Count: 1, To: ip(2), ActionExtra: &ActionExtra{Player: ip(0)}})
	if count(g.State().System(2).Space, 0, "carrier") != 1 {
		t.Fatal("move")
	}
}

// 14, 14.2, 17.6: a space dock with none of its owner's ships beside it and
// another player's ships there is blockaded; the blockader gets back what
// the blockaded player captured, and cannot be captured from meanwhile.
func TestRule14_Blockade(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		home := s.System(s.Players[0].Home)
		home.Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
		s.Players[0].Captured = []Captive{{Owner: 1, Unit: "carrier", Count: 1}}
		s.System(3).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}, {Owner: 0, Unit: "cruiser", Count: 1}}
	})
	// Staging does not run the automatic steps; the first action does.
	do(t, g, place(2, 1, "", "fighter", 1))
	s := g.State()
	if len(s.Blockaders(0, s.System(s.Players[0].Home))) != 1 || s.CapturedFrom(1, "carrier") != 0 {
		t.Fatal("14.2: the carrier Jol-Nar captured goes back to Sol")
	}
	refuse(t, g, Action{Kind: ActCapture, Seat: Referee, System: ip(3), Unit: "cruiser", Count: 1, ActionExtra: &ActionExtra{Player: ip(0), Owner: ip(1)}}, "17.6")
}

// 33.2, 4.2: a player eliminated during their own tactical action (their
// last ground forces removed for want of capacity) takes no further part:
// the action ends and the next player takes the turn.
func TestRule33_2_EliminatedInOwnTurn(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		home := s.System(22)
		home.Space = nil
		for _, pl := range home.Planets {
			pl.Controller, pl.Units, pl.ControlToken = None, nil, false
		}
		s.System(9).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "infantry", Count: 2}}
	})
	activated(t, g, 0, 23)
	do(t, g, moveShips(0, 9, "carrier", 1))
	do(t, g, act(ActEndMovement, 0))
	for s := g.State(); s.Step != nil && s.Step.Kind == StepExcess; s = g.State() {
		do(t, g, Action{Kind: ActRemoveExcess, Seat: 0, System: ip(9), Unit: "infantry", Count: 1})
	}
	s := checked(t, g)
	if !s.Players[0].Eliminated || s.Tactical != nil || s.Turn != 1 {
		t.Fatalf("eliminated %v, tactical %+v, turn %d", s.Players[0].Eliminated, s.Tactical, s.Turn)
	}
	if len(Legal(s, engineRNG(), 1)) == 0 {
		t.Fatal("seat 1 has its turn")
	}
}
