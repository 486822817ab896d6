package ti4

import (
	"slices"
	"testing"
)

// giveAC moves action cards from the deck into a seat's hand.
func giveAC(seat int, cards ...string) func(s *State) {
	return func(s *State) {
		for _, c := range cards {
			i := slices.Index(s.Decks.ActionCards, c)
			s.Decks.ActionCards = slices.Delete(s.Decks.ActionCards, i, i+1)
			s.Players[seat].ActionCards = append(s.Players[seat].ActionCards, c)
		}
	}
}

func playAC(seat int, card string) Action { return Action{Kind: ActPlayAC, Seat: seat, Card: card} }

// play plays an action card and has everyone else let it resolve (2.8).
func play(t *testing.T, g *Game, a Action) []Event {
	t.Helper()
	ev := do(t, g, a)
	for pa := g.State().PendingAC; pa != nil; pa = g.State().PendingAC {
		ev = do(t, g, act(ActPassWindow, pa.Queue[0]))
	}
	return ev
}

// 2.7, 3.1: an "Action" card is the player's action on their turn; it is
// resolved, then discarded.
func TestRule2_7_ActionCards(t *testing.T) {
	g := tacticalFixture(t, giveAC(0, "rise_of_a_messiah", "industrial_initiative"))
	refuse(t, g, playAC(1, "rise_of_a_messiah"), "")
	refuse(t, g, playAC(0, "veto"), "")
	before := count(planet(t, g, "Nar").Units, 0, "infantry")
	play(t, g, playAC(0, "rise_of_a_messiah"))
	s := g.State()
	if count(planet(t, g, "Nar").Units, 0, "infantry") != before+1 || s.Turn == 0 || !slices.Contains(s.Decks.ActionDiscard, "rise_of_a_messiah") {
		t.Fatalf("an infantry on each planet, the turn over, the card discarded: turn %d", s.Turn)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
	refuse(t, g, playAC(0, "industrial_initiative"), "4") // not seat 0's turn
}

func TestRule2_7_ActionWindowCards(t *testing.T) {
	cases := []struct {
		card  string
		act   Action
		stage func(s *State)
		check func(t *testing.T, s *State)
	}{
		{"mining_initiative", Action{Planet: "Nar"}, nil, func(t *testing.T, s *State) {
			if s.Players[0].TradeGoods != 2 {
				t.Fatalf("Nar's resources in trade goods: %d", s.Players[0].TradeGoods)
			}
		}},
		{"frontline_deployment", Action{Planet: "Jol"}, nil, func(t *testing.T, s *State) {
			if pl, _ := s.Planet("Jol"); count(pl.Units, 0, "infantry") < 3 {
				t.Fatal("three infantry on Jol")
			}
		}},
		{"insubordination", Action{ActionExtra: &ActionExtra{Player: ip(2)}}, nil, func(t *testing.T, s *State) {
			if s.Players[2].Tactic != 2 {
				t.Fatalf("tactic pool %d", s.Players[2].Tactic)
			}
		}},
		{"spy", Action{ActionExtra: &ActionExtra{Player: ip(1)}}, giveAC(1, "sabotage"), func(t *testing.T, s *State) {
			if !slices.Contains(s.Players[0].ActionCards, "sabotage") || len(s.Players[1].ActionCards) != 0 {
				t.Fatal("Spy takes the card")
			}
		}},
		{"repeal_law", Action{Outcome: "fleet_regulations"}, withLaw("fleet_regulations", None), func(t *testing.T, s *State) {
			if len(s.Laws) != 0 {
				t.Fatal("the law is repealed")
			}
		}},
		{"focused_research", Action{Outcome: "gravity_drive"}, func(s *State) { s.Players[0].TradeGoods = 5 }, func(t *testing.T, s *State) {
			if !s.Players[0].HasTech("gravity_drive") || s.Players[0].TradeGoods != 1 {
				t.Fatal("4 trade goods for a technology")
			}
		}},
		{"uprising", Action{Planet: "Quann"}, func(s *State) { pl, _ := s.Planet("Quann"); pl.Controller = 2 }, func(t *testing.T, s *State) {
			if pl, _ := s.Planet("Quann"); !pl.Exhausted || s.Players[0].TradeGoods != 2 {
				t.Fatal("Quann exhausted, its 2 resources gained")
			}
		}},
		{"lucky_shot", Action{System: ip(22), Unit: "destroyer", ActionExtra: &ActionExtra{Player: ip(1)}}, func(s *State) {
			s.System(22).Space = add(s.System(22).Space, 1, "destroyer", 1)
		}, func(t *testing.T, s *State) {
			if count(s.System(22).Space, 1, "destroyer") != 0 {
				t.Fatal("the destroyer is destroyed")
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.card, func(t *testing.T) {
			g := tacticalFixture(t, func(s *State) {
				giveAC(0, c.card)(s)
				if c.stage != nil {
					c.stage(s)
				}
			})
			a := c.act
			a.Kind, a.Seat, a.Card = ActPlayAC, 0, c.card
			play(t, g, a)
			c.check(t, g.State())
			if err := CheckInvariants(g.State()); err != nil {
				t.Fatal(err)
			}
		})
	}
	// Political Censure: its owner plays no action cards.
	g := tacticalFixture(t, func(s *State) { giveAC(0, "industrial_initiative")(s); withLaw("political_censure", 0)(s) })
	refuse(t, g, playAC(0, "industrial_initiative"), "7.3")
}

// 1.15, 1.16, 1.20: after an agenda is revealed, a "when" window then an
// "after" window, each answered in turn from the speaker; a card played
// gives everyone another chance.
func TestRule1_20_AgendaWindows(t *testing.T) {
	g := fixtureAgendaWindows(t, []string{"mutiny", "economic_equality", "seed_of_an_empire"}, giveAC(1, "veto", "trade_rider"))
	s := g.State()
	if s.Agenda.Window != "when" || !slices.Equal(s.Agenda.WindowQueue, []int{0, 1, 2}) {
		t.Fatalf("window %q queue %v", s.Agenda.Window, s.Agenda.WindowQueue)
	}
	refuse(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For}, "1.20")
	refuse(t, g, act(ActPassWindow, 1), "1.20")
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "trade_rider", Outcome: For}, "1.15")
	do(t, g, act(ActPassWindow, 0))
	play(t, g, playAC(1, "veto"))
	s = g.State()
	if s.Agenda.Card != "economic_equality" || !slices.Contains(s.Decks.AgendaDiscard, "mutiny") || s.Agenda.Window != "when" {
		t.Fatalf("Veto: %+v, discard %v", s.Agenda, s.Decks.AgendaDiscard)
	}
	for _, q := range []int{0, 1, 2} {
		do(t, g, act(ActPassWindow, q))
	}
	// The after window: a rider predicting For; its player cannot vote.
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "trade_rider", Outcome: For}, "1.20")
	do(t, g, act(ActPassWindow, 0))
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "trade_rider", Outcome: "0"}, "8.22a")
	play(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "trade_rider", Outcome: For})
	for _, q := range []int{2, 0, 1} {
		do(t, g, act(ActPassWindow, q))
	}
	s = g.State()
	if !slices.Equal(s.Agenda.Voters, []int{2, 0}) {
		t.Fatalf("the rider's player does not vote: voters %v", s.Agenda.Voters)
	}
	vote(t, g, 2, For, "Hercant")
	abstain(t, g, 0)
	// Economic Equality for: everyone has 5; the rider adds 5.
	if tg := g.State().Players[1].TradeGoods; tg != 10 {
		t.Fatalf("correct prediction: %d trade goods, want 10", tg)
	}
	if err := CheckInvariants(g.State()); err != nil {
		t.Fatal(err)
	}
}

// Distinguished Councilor adds five votes to the player's own ballot;
// Imperial Rider's point is backed; Assassinate Representative silences.
func TestRule8_15_AdditionalVotes(t *testing.T) {
	g := fixtureAgendaWindows(t, []string{"mutiny"}, func(s *State) {
		giveAC(1, "distinguished_councilor")(s)
		giveAC(0, "imperial_rider", "assassinate_representative")(s)
	})
	for _, q := range []int{0, 1, 2} { // no "when" cards
		do(t, g, act(ActPassWindow, q))
	}
	play(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "assassinate_representative", ActionExtra: &ActionExtra{Player: ip(2)}})
	do(t, g, act(ActPassWindow, 1))
	do(t, g, act(ActPassWindow, 2))
	play(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "imperial_rider", Outcome: For})
	for _, q := range []int{1, 2, 0} {
		do(t, g, act(ActPassWindow, q))
	}
	s := g.State()
	if !slices.Equal(s.Agenda.Voters, []int{1}) {
		t.Fatalf("voters %v: seat 2 assassinated, seat 0 on a rider", s.Agenda.Voters)
	}
	do(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For})
	play(t, g, playAC(1, "distinguished_councilor"))
	do(t, g, act(ActDone, 1))
	passWindows(t, g)
	s = g.State()
	if s.Players[1].VP != 1 || s.Players[0].VP != 1 || s.Players[0].CardVP != 1 {
		t.Fatalf("Mutiny for: seat 1 gains; the rider gains: %d %d", s.Players[1].VP, s.Players[0].VP)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
}

// fixtureAgendaWindows is agendaFixture with the windows left open.
func fixtureAgendaWindows(t *testing.T, top []string, stage func(s *State)) *Game {
	t.Helper()
	g := fixtureAgendaStart(t, top, stage)
	for ag := g.State().Agenda; ag != nil && ag.Window == "start"; ag = g.State().Agenda {
		do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
	}
	return g
}

// fixtureAgendaStart stops at the window that opens the agenda phase.
func fixtureAgendaStart(t *testing.T, top []string, stage func(s *State)) *Game {
	t.Helper()
	return agendaStartWith(t, fixtureConfig(), top, stage)
}

// agendaStartWith is fixtureAgendaStart for the game cfg sets up.
func agendaStartWith(t *testing.T, cfg Config, top []string, stage func(s *State)) *Game {
	t.Helper()
	g := fixture(t, cfg, func(s *State) {
		s.AgendaPhase, s.Custodians = true, false
		s.Phase, s.Turn = PhaseStatus, None
		s.Status = &StatusStep{Tokens: true, Gain: make([]int, 3), Waiting: []int{0}}
		for i := len(top) - 1; i >= 0; i-- {
			d := slices.DeleteFunc(s.Decks.Agendas, func(c string) bool { return c == top[i] })
			s.Decks.Agendas = append([]string{top[i]}, d...)
		}
		if stage != nil {
			stage(s)
		}
	})
	p := g.State().Players[0]
	do(t, g, Action{Kind: ActRedistribute, Seat: 0, Pools: &Pools{p.Tactic, p.Fleet, p.Strategy}})
	return g
}

// Cards of a tactical action, each played where its player already
// decides: after activation, at the start of a space combat round, before
// assigning hits.
func TestRule1_14_TacticalCards(t *testing.T) {
	t.Run("upgrade_and_flank_speed", func(t *testing.T) {
		g := tacticalFixture(t, func(s *State) {
			giveAC(0, "upgrade", "flank_speed")(s)
			s.System(23).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
		})
		refuse(t, g, playAC(0, "upgrade"), "1.14") // before any activation
		activated(t, g, 0, 23)
		play(t, g, playAC(0, "upgrade"))
		play(t, g, playAC(0, "flank_speed"))
		s := g.State()
		if count(s.System(23).Space, 0, "dreadnought") != 1 || count(s.System(23).Space, 0, "cruiser") != 0 || s.Tactical.MoveBonus != 1 {
			t.Fatalf("space %v, move bonus %d", s.System(23).Space, s.Tactical.MoveBonus)
		}
		if err := CheckInvariants(s); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("round_start_and_hits", func(t *testing.T) {
		g := tacticalFixture(t, func(s *State) {
			giveAC(1, "morale_boost", "shields_holding", "skilled_retreat")(s)
			s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "carrier", Count: 1}}
			s.System(23).Space = []Stack{{Owner: 1, Unit: "war_sun", Count: 1}, {Owner: 1, Unit: "dreadnought", Count: 1}}
		})
		activated(t, g, 0, 23)
		do(t, g, moveShips(0, 9, "dreadnought", 2))
		do(t, g, moveShips(0, 9, "carrier", 1))
		do(t, g, act(ActEndMovement, 0))
		refuse(t, g, playAC(1, "shields_holding"), "1.14") // no hits owed yet
		play(t, g, playAC(1, "morale_boost"))
		if c := g.State().Combat; len(c.Boost) != 1 || c.Boost[0] != 1 {
			t.Fatalf("boost %v", c.Boost)
		}
		do(t, g, act(ActNoRetreat, 1))
		do(t, g, act(ActNoRetreat, 0))
		// The roll: if the attacker hit, Sol may cancel two hits first.
		for c := g.State().Combat; c != nil && (len(c.Owed) > 0 || c.Answer != nil); c = g.State().Combat {
			if c.Answer != nil {
				do(t, g, act(ActPassWindow, c.Answer.Seat))
				continue
			}
			o := c.Owed[0]
			if o.Seat == 1 && o.Rule == "78.6" && slices.Contains(g.State().Players[1].ActionCards, "shields_holding") {
				play(t, g, playAC(1, "shields_holding"))
				if c2 := g.State().Combat; c2 != nil && len(c2.Owed) > 0 && c2.Owed[0].Seat == 1 && c2.Owed[0].Rule == "78.6" && c2.Owed[0].Hits != o.Hits-2 {
					t.Fatalf("two hits cancelled: %d then %d", o.Hits, c2.Owed[0].Hits)
				}
				continue
			}
			do(t, g, Legal(g.State(), engineRNG(), o.Seat)[0])
		}
		if c := g.State().Combat; c != nil && c.Boost != nil {
			t.Fatal("Morale Boost lasts one round")
		}
		if err := CheckInvariants(g.State()); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("skilled_retreat", func(t *testing.T) {
		g := tacticalFixture(t, func(s *State) {
			giveAC(1, "skilled_retreat")(s)
			s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}}
			s.System(23).Space = []Stack{{Owner: 1, Unit: "war_sun", Count: 1}}
		})
		activated(t, g, 0, 23)
		do(t, g, moveShips(0, 9, "dreadnought", 2))
		do(t, g, act(ActEndMovement, 0))
		refuse(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "skilled_retreat", System: ip(34)}, "2.7") // not adjacent
		ev := play(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "skilled_retreat", System: ip(10)})
		s := g.State()
		if s.Combat != nil || shipsOf(s.System(23), 1) || !shipsOf(s.System(10), 1) || !slices.Contains(s.System(10).Command, 1) || hasKind(ev, EvCombatWon) {
			t.Fatal("Skilled Retreat: the ships leave with a command token and the combat ends in a draw")
		}
		if err := CheckInvariants(s); err != nil {
			t.Fatal(err)
		}
	})
}

// 2.8, 1.19: a played card waits while the others, in initiative order
// from the active player, answer; Sabotage cancels it, and it is discarded
// without effect.
func TestRule2_8_Sabotage(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		giveAC(0, "industrial_initiative")(s)
		giveAC(2, "sabotage")(s)
		pl, _ := s.Planet("Wellon")
		pl.Controller = 0
	})
	do(t, g, playAC(0, "industrial_initiative"))
	s := g.State()
	if s.PendingAC == nil || !slices.Equal(s.PendingAC.Queue, []int{1, 2}) {
		t.Fatalf("pending %+v", s.PendingAC)
	}
	refuse(t, g, activate(0, 9), "1.19")
	refuse(t, g, act(ActPassWindow, 2), "1.19")
	do(t, g, act(ActPassWindow, 1))
	refuse(t, g, playAC(1, "sabotage"), "")
	do(t, g, playAC(2, "sabotage"))
	s = g.State()
	if s.PendingAC != nil || s.Players[0].TradeGoods != 0 || !slices.Contains(s.Decks.ActionDiscard, "industrial_initiative") || !slices.Contains(s.Decks.ActionDiscard, "sabotage") {
		t.Fatalf("cancelled: tg %d, discard %v", s.Players[0].TradeGoods, s.Decks.ActionDiscard)
	}
	if s.Turn == 0 {
		t.Fatal("the cancelled card was still seat 0's action")
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
}

// Confusing Legal Text: when elected, the player names another player, who
// is elected instead. The elected player is always asked first, then every
// other player (Confounding Legal Text), whatever their hands.
func TestRule1_15_ConfusingLegalText(t *testing.T) {
	g := agendaFixture(t, []string{"archived_secret", "mutiny"}, giveAC(1, "confusing_legal_text"))
	do(t, g, Action{Kind: ActVote, Seat: 1, Outcome: "1"})
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: "Jord"})
	do(t, g, act(ActDone, 1))
	do(t, g, act(ActAbstain, 2))
	do(t, g, act(ActAbstain, 0))
	for ag := g.State().Agenda; ag.Window == "bribery"; ag = g.State().Agenda {
		do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
	}
	s := g.State()
	if s.Agenda.Window != "elected" || !slices.Equal(s.Agenda.WindowQueue, []int{1, 0, 2}) {
		t.Fatalf("the elected player's window, then everyone's from the speaker: %q %v", s.Agenda.Window, s.Agenda.WindowQueue)
	}
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "confusing_legal_text", ActionExtra: &ActionExtra{Player: ip(1)}}, "2.7")
	play(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "confusing_legal_text", ActionExtra: &ActionExtra{Player: ip(2)}})
	passWindows(t, g) // seat 1 voted otherwise: Deadly Plot's window
	s = g.State()
	if len(s.Players[2].Secrets) != 1 || len(s.Players[1].Secrets) != 0 {
		t.Fatalf("seat 2 draws the secret instead: %v / %v", s.Players[2].Secrets, s.Players[1].Secrets)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}

	// Confounding Legal Text: another player, in turn, takes the election.
	g = agendaFixture(t, []string{"archived_secret", "mutiny"}, giveAC(2, "confounding_legal_text", "confusing_legal_text"))
	do(t, g, Action{Kind: ActVote, Seat: 1, Outcome: "1"})
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: "Jord"})
	do(t, g, act(ActDone, 1))
	do(t, g, act(ActAbstain, 2))
	do(t, g, act(ActAbstain, 0))
	for ag := g.State().Agenda; ag.Window == "bribery"; ag = g.State().Agenda {
		do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
	}
	refuse(t, g, playAC(2, "confounding_legal_text"), "1.15") // seat 1 answers first
	do(t, g, act(ActPassWindow, 1))
	do(t, g, act(ActPassWindow, 0))
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 2, Card: "confusing_legal_text", ActionExtra: &ActionExtra{Player: ip(0)}}, "1.15") // not elected
	play(t, g, playAC(2, "confounding_legal_text"))
	passWindows(t, g)
	s = checked(t, g)
	if len(s.Players[2].Secrets) != 1 || len(s.Players[1].Secrets) != 0 {
		t.Fatalf("seat 2 draws the secret instead: %v / %v", s.Players[2].Secrets, s.Players[1].Secrets)
	}
}

// Direct Hit: after a ship sustains damage from a player's hit, that player
// is always asked, and may destroy the ship.
func TestRule87_DirectHit(t *testing.T) {
	g := cruisersHit(t, giveAC(1, "direct_hit"))
	do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "dreadnought", Use: true})
	c := g.State().Combat
	if c.Answer == nil || c.Answer.Seat != 1 {
		t.Fatalf("Sol answers the sustained hit: %+v", c.Answer)
	}
	refuse(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "carrier"}, "1.14")
	play(t, g, playAC(1, "direct_hit"))
	if n := count(g.State().System(23).Space, 0, "dreadnought"); n != 0 {
		t.Fatalf("the dreadnought is destroyed: %d left", n)
	}
	if err := CheckInvariants(g.State()); err != nil {
		t.Fatal(err)
	}
}

// Bribery: after the speaker votes, everyone in turn from the speaker may
// spend trade goods for votes on the outcome they voted for.
func TestRule8_15_Bribery(t *testing.T) {
	g := agendaFixture(t, []string{"mutiny"}, func(s *State) {
		giveAC(2, "bribery")(s)
		s.Players[2].TradeGoods = 3
	})
	do(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For})
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: "Jord"})
	do(t, g, act(ActDone, 1))
	do(t, g, Action{Kind: ActVote, Seat: 2, Outcome: Against})
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 2, Planet: "Hercant"})
	do(t, g, act(ActDone, 2))
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 2, Card: "bribery", Count: 2}, "1.15") // the speaker has not voted
	do(t, g, act(ActAbstain, 0))
	do(t, g, act(ActPassWindow, 0))
	do(t, g, act(ActPassWindow, 1))
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 2, Card: "bribery", Count: 4}, "2.7")
	play(t, g, Action{Kind: ActPlayAC, Seat: 2, Card: "bribery", Count: 2})
	passWindows(t, g)
	s := g.State()
	if s.Players[2].TradeGoods != 1 || s.Players[1].VP != 0 || !slices.Contains(s.Decks.AgendaDiscard, "mutiny") {
		t.Fatalf("against wins 3 to 2: tg %d, vp %d", s.Players[2].TradeGoods, s.Players[1].VP)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
}

// Intercept: after a retreat is announced, the opponent is always asked,
// and may forbid it this round. Disable: at the start of an invasion, the
// opponents' PDS lose Planetary Shield and Space Cannon.
func TestRule78_4_InterceptAndDisable(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		giveAC(0, "intercept")(s)
		s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "carrier", Count: 1}}
		s.System(23).Space = []Stack{{Owner: 1, Unit: "war_sun", Count: 1}, {Owner: 1, Unit: "dreadnought", Count: 1}}
		s.System(10).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}}
	})
	activated(t, g, 0, 23)
	do(t, g, moveShips(0, 9, "dreadnought", 2))
	do(t, g, moveShips(0, 9, "carrier", 1))
	do(t, g, act(ActEndMovement, 0))
	do(t, g, Action{Kind: ActRetreat, Seat: 1, System: ip(10)})
	if a := g.State().Combat.Answer; a == nil || a.Kind != "retreat" || a.Seat != 0 {
		t.Fatalf("the attacker answers the retreat: %+v", a)
	}
	play(t, g, playAC(0, "intercept"))
	if c := g.State().Combat; c.Retreat != None || c.Step != CbAnnounceA {
		t.Fatalf("no retreat this round: %+v", c)
	}

	g = tacticalFixture(t, func(s *State) {
		giveAC(0, "disable")(s)
		pl, _ := s.Planet("Arnor")
		pl.Controller, pl.Units = 1, []Stack{{Owner: 1, Unit: "pds", Count: 1}, {Owner: 1, Unit: "infantry", Count: 1}}
	})
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", 1))
	do(t, g, act(ActEndMovement, 0))
	declineWindows(t, g) // Bunker
	refuse(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Arnor"}, "65")
	play(t, g, playAC(0, "disable"))
	if !g.State().Invasion.Disabled {
		t.Fatal("the PDS are disabled for this invasion")
	}
	do(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Arnor"})
}

// Summit at the start of the strategy phase (closed by the first choice),
// and Political Stability in the status phase: its player keeps their
// strategy cards and chooses none in the next strategy phase.
func TestRule84_SummitAndPoliticalStability(t *testing.T) {
	g := fixture(t, fixtureConfig(), giveAC(1, "summit"))
	fleet := g.State().Players[1].Fleet
	play(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "summit", Pools: &Pools{0, 2, 0}})
	if q := g.State().Players[1]; q.Fleet != fleet+2 {
		t.Fatalf("fleet %d, want %d", q.Fleet, fleet+2)
	}

	g = fixture(t, fixtureConfig(), func(s *State) {
		giveAC(1, "summit")(s)
		giveAC(2, "political_stability")(s)
		s.Phase, s.Turn = PhaseStatus, None
		s.Players[2].StrategyCards = []string{"politics"}
		s.Strategy = slices.DeleteFunc(s.Strategy, func(c string) bool { return c == "politics" })
		s.Status = &StatusStep{Tokens: true, Gain: make([]int, 3), Waiting: []int{0, 1, 2}}
	})
	play(t, g, playAC(2, "political_stability"))
	for _, q := range []int{0, 1, 2} {
		p := g.State().Players[q]
		do(t, g, Action{Kind: ActRedistribute, Seat: q, Pools: &Pools{p.Tactic, p.Fleet, p.Strategy}})
	}
	s := g.State()
	if s.Phase != PhaseStrategy || !slices.Equal(s.Players[2].StrategyCards, []string{"politics"}) || slices.Contains(s.Strategy, "politics") {
		t.Fatalf("Hacan keeps Politics: %v, common %v", s.Players[2].StrategyCards, s.Strategy)
	}
	pickAndPass(t, g, 0, "leadership")
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "summit", Pools: &Pools{2, 0, 0}}, "1.14")
	pickAndPass(t, g, 1, "diplomacy")
	if s := g.State(); s.Turn != 0 {
		t.Fatalf("Hacan does not choose: the second cards begin with seat 0, not %d", s.Turn)
	}
}

// 1.16, 2.7: Ancient Burial Sites. The agenda phase opens with a window
// everyone answers in turn from the speaker, before the first agenda is
// revealed; the card exhausts every cultural planet of the player chosen.
func TestRule1_16_AncientBurialSites(t *testing.T) {
	g := fixtureAgendaStart(t, []string{"mutiny"}, func(s *State) {
		giveAC(1, "ancient_burial_sites")(s)
		for _, name := range []string{"Quann", "Arnor"} { // Quann is cultural; Arnor industrial
			pl, _ := s.Planet(name)
			pl.Controller, pl.ControlToken = 0, true
		}
	})
	ag := g.State().Agenda
	if ag.Window != "start" || ag.Card != "" || !slices.Equal(ag.WindowQueue, windowOrder(g.State())) {
		t.Fatalf("agenda %+v", ag)
	}
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "ancient_burial_sites", ActionExtra: &ActionExtra{Player: ip(0)}}, "1.20") // seat 0 speaks first
	do(t, g, act(ActPassWindow, 0))
	play(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "ancient_burial_sites", ActionExtra: &ActionExtra{Player: ip(0)}})
	if !planet(t, g, "Quann").Exhausted || planet(t, g, "Arnor").Exhausted {
		t.Fatal("Quann, cultural, is exhausted; Arnor is not")
	}
	for ag := g.State().Agenda; ag.Window == "start"; ag = g.State().Agenda {
		do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
	}
	if ag := g.State().Agenda; ag.Card != "mutiny" || ag.Window != "when" {
		t.Fatalf("the first agenda follows: %+v", ag)
	}
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "ancient_burial_sites", ActionExtra: &ActionExtra{Player: ip(0)}}, "")
	checked(t, g)
}

// 8.22b with 2.3: riders are paid after the agenda resolves, from the deck
// as the agenda left it. Unconventional Measures draws for its voters and
// a Politics Rider then draws three more, through a reshuffle, each card
// drawn once.
func TestRule8_22_RiderDrawsAfterTheAgendaDraws(t *testing.T) {
	g := fixtureAgendaWindows(t, []string{"unconventional_measures"}, func(s *State) {
		giveAC(1, "politics_rider")(s)
		s.Decks.ActionDiscard = append(s.Decks.ActionDiscard, s.Decks.ActionCards[5:]...)
		s.Decks.ActionCards = s.Decks.ActionCards[:5]
	})
	for ag := g.State().Agenda; ag.Window == "when" || (ag.Window == "after" && ag.WindowQueue[0] != 1); ag = g.State().Agenda {
		do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
	}
	play(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "politics_rider", Outcome: For})
	passWindows(t, g)
	for ag := g.State().Agenda; len(ag.Voters) > 0; ag = g.State().Agenda {
		q := ag.Voters[0]
		do(t, g, Action{Kind: ActVote, Seat: q, Outcome: For})
		do(t, g, act(ActDone, q))
		passWindows(t, g)
	}
	if ag := g.State().Agenda; ag.Tied != nil {
		do(t, g, Action{Kind: ActBreakTie, Seat: g.State().Speaker, Outcome: For})
	}
	s := checked(t, g)
	if n := len(s.Players[1].ActionCards); n != 3 {
		t.Fatalf("the rider drew %d cards, want 3", n)
	}
}
