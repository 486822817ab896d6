package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// 94.1-94.4, 60.1, 69.5, 21.5: on the active player's turn, one transaction
// with each neighbor; commodities arrive as trade goods; one note each;
// any change withdraws acceptance.
func TestRule94_Transactions(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(23).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}} // Sol next to Jol-Nar's home
		s.Players[0].TradeGoods, s.Players[0].Commodities = 2, 3
		s.Players[1].TradeGoods = 1
	})
	refuse(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(2)}}, "60.1")
	refuse(t, g, Action{Kind: ActTradeOpen, Seat: 1, ActionExtra: &ActionExtra{Player: ip(0)}}, "4")
	do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	refuse(t, g, Action{Kind: ActTradeAdd, Seat: 2, Card: "trade_goods"}, "94.2")
	do(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "commodities"})
	do(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "jolnar:ceasefire"})
	refuse(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "jolnar:alliance"}, "69.5")
	refuse(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "sabotage"}, "94.3")
	do(t, g, Action{Kind: ActTradeAccept, Seat: 1})
	do(t, g, Action{Kind: ActTradeAdd, Seat: 1, Card: "trade_goods"})
	if g.State().Trade.Accepted[1] {
		t.Fatal("a change withdraws acceptances")
	}
	refuse(t, g, Action{Kind: ActTradeAdd, Seat: 1, Card: "trade_goods"}, "94.2") // Sol has only one
	do(t, g, Action{Kind: ActTradeAccept, Seat: 0})
	do(t, g, Action{Kind: ActTradeAccept, Seat: 1})
	s := g.State()
	if s.Trade != nil || s.Players[0].TradeGoods != 3 || s.Players[0].Commodities != 2 || s.Players[1].TradeGoods != 1 {
		t.Fatalf("Jol-Nar %d TG %d commodities, Sol %d TG", s.Players[0].TradeGoods, s.Players[0].Commodities, s.Players[1].TradeGoods)
	}
	if !slices.Contains(s.Players[1].Promissory, "jolnar:ceasefire") || slices.Contains(s.Players[0].Promissory, "jolnar:ceasefire") {
		t.Fatal("the note changes hands")
	}
	refuse(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}}, "94.1")
	v, _ := ViewFor(s, 2)
	if v.State.Players[1].Promissory != nil {
		t.Fatal("a third player does not see the notes")
	}
}

// 60.1, 60.2: two players are neighbors when they have units or planets in
// the same or adjacent systems, wormholes included; the pairwise check and
// the neighbor list agree on boards from random play.
func TestRule60_NeighborsAgree(t *testing.T) {
	pairs, near := 0, 0
	r := engine.NewRNG(3)
	randomBoards(t, func(s *State) {
		// Half the systems lose their units, so that some players are
		// present only through planets they still control (60.1).
		x := s.Clone()
		for _, sys := range x.Systems {
			if r.IntN(2) == 0 {
				sys.Space = nil
				for _, pl := range sys.Planets {
					pl.Units = nil
				}
			}
		}
		for _, s := range []*State{s, x} {
			neighborsAgree(t, s, &pairs, &near)
		}
	})
	if near == 0 || near == pairs {
		t.Fatalf("%d of %d pairs are neighbors: the boards test nothing", near, pairs)
	}
}

func neighborsAgree(t *testing.T, s *State, pairs, near *int) {
	t.Helper()
	{
		for _, a := range s.Active() {
			list := s.Neighbors(a)
			for _, b := range s.Active() {
				if a == b {
					continue
				}
				*pairs++
				want := slices.Contains(list, b)
				if s.AreNeighbors(a, b) != want {
					t.Fatalf("seats %d and %d: AreNeighbors %v, Neighbors %v", a, b, !want, list)
				}
				if (s.neighborMask(a)&(1<<uint(b)) != 0) != want {
					t.Fatalf("seats %d and %d: neighborMask %b, Neighbors %v", a, b, s.neighborMask(a), list)
				}
				if want {
					*near++
				}
			}
		}
	}
}

// randomBoards calls check on states from random legal play: every 25th
// action of three games.
func randomBoards(t *testing.T, check func(s *State)) {
	t.Helper()
	randomPlay(t, 3, 4, 1500, func(s *State, _ uint64, i int) {
		if i%25 == 0 {
			check(s)
		}
	})
}

// randomPlay plays games of random legal actions, seed 0 up with one more
// player each from first, and calls visit on every state before its action.
func randomPlay(t *testing.T, games, first, actions int, visit func(s *State, seed uint64, i int)) {
	t.Helper()
	for seed := uint64(0); seed < uint64(games); seed++ {
		g, err := NewGame(Config{Players: first + int(seed), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRNG(seed)
		for i := 0; i < actions && g.State().Phase != PhaseOver; i++ {
			s := g.State()
			visit(s, seed, i)
			seats := Deciding(s)
			if len(seats) == 0 {
				seats = Waiting(s, engine.NewRNG(0))
			}
			legal := Legal(s, engine.NewRNG(0), seats[0])
			if _, err := g.Do(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// 94.6: while an agenda is being resolved, any player may make one
// transaction with each other player, neighbor or not.
func TestRule94_6_AgendaTransactions(t *testing.T) {
	g := agendaFixture(t, []string{"mutiny"}, func(s *State) { s.Players[2].TradeGoods = 2 })
	do(t, g, Action{Kind: ActTradeOpen, Seat: 2, ActionExtra: &ActionExtra{Player: ip(0)}})
	refuse(t, g, Action{Kind: ActTradeOpen, Seat: 1, ActionExtra: &ActionExtra{Player: ip(0)}}, "94.6") // one at a time
	do(t, g, Action{Kind: ActTradeAdd, Seat: 2, Card: "trade_goods"})
	do(t, g, Action{Kind: ActTradeAccept, Seat: 2})
	do(t, g, Action{Kind: ActTradeAccept, Seat: 0})
	s := g.State()
	if s.Players[0].TradeGoods != 1 || s.Players[2].TradeGoods != 1 || s.Trade != nil {
		t.Fatalf("trade goods %d/%d", s.Players[0].TradeGoods, s.Players[2].TradeGoods)
	}
	refuse(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(2)}}, "94.6") // that pair is done for this agenda
	do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	do(t, g, Action{Kind: ActTradeCancel, Seat: 1})
	refuse(t, g, Action{Kind: ActTradeOpen, Seat: 1, ActionExtra: &ActionExtra{Player: ip(0)}}, "94.6") // a broken-off one counts
}

// 94.6: before an agenda is revealed there is nothing to trade over yet.
func TestRule94_6_OnlyWhileAnAgendaIsResolved(t *testing.T) {
	g := fixtureAgendaStart(t, []string{"mutiny"}, nil)
	if g.State().Agenda.Card != "" {
		t.Fatal("the fixture has an agenda revealed already")
	}
	refuse(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}}, "94.6")
}

// 3.3a: on the turn a player passes they may still trade first.
func TestRule3_3a_TradeOnThePassingTurn(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(23).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}} // Sol next to Jol-Nar's home
		s.Players[0].TradeGoods = 1
	})
	s := g.State()
	s.Players[0].UsedStrategy = slices.Clone(s.Players[0].StrategyCards) // both strategic actions done
	do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	do(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "trade_goods"})
	do(t, g, Action{Kind: ActTradeAccept, Seat: 0})
	do(t, g, Action{Kind: ActTradeAccept, Seat: 1})
	do(t, g, act(ActPass, 0))
	if s := g.State(); !s.Players[0].Passed || s.Players[1].TradeGoods != 1 {
		t.Fatalf("passed %v, seat 1 trade goods %d", s.Players[0].Passed, s.Players[1].TradeGoods)
	}
}

// 94, 1.19: a transaction opened while choices wait (Temporal Command
// Suite's, in another player's tactical action) is settled before the
// next choice opens; else the two waited on each other (soak game 601156).
func TestRule94_TransactionBeforeQueuedChoices(t *testing.T) {
	cfg := fixtureConfig("sol", "hacan", "jolnar")
	cfg.Rules = RulesCurrent
	s := fixture(t, cfg, nil).State().Clone()
	s.Choices = []Step{{Kind: StepAbility, Seat: 2, Card: "x"}}
	s.Trade = &Trade{Seats: [2]int{0, 1}}
	if ev := choiceFollowUps(s); len(ev) != 0 {
		t.Fatalf("a choice opened with a transaction open: %v", ev)
	}
	s.Trade = nil
	if ev := choiceFollowUps(s); len(ev) != 1 || ev[0].Kind != EvChoiceNext {
		t.Fatalf("no transaction: the choice opens, not %v", ev)
	}
}

// 17.2a, 17.4a: from rules version 13 a transaction returns units the
// giver holds captive to the other player, into their reinforcements;
// only that player's units, as many as are held, and never the fighters
// and infantry held as tokens. Version 12 refuses the item.
func TestRule17_2a_CapturedUnitReturnedInATransaction(t *testing.T) {
	for _, rules := range []int{RulesWipes, RulesCurrent} {
		cfg := fixtureConfig("vuilraith", "sol", "hacan")
		cfg.Rules = rules
		g := fixture(t, cfg, func(s *State) {
			s.System(23).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}} // Sol next to the Cabal's home
			s.Players[0].Captured = []Captive{{Owner: 1, Unit: "cruiser", Count: 1}, {Owner: None, Unit: "infantry", Count: 1}, {Owner: 2, Unit: "destroyer", Count: 1}}
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
		give := func(unit string) Action { return Action{Kind: ActTradeAdd, Seat: 0, Card: CaptiveItem, Unit: unit} }
		if rules < RulesWindows {
			refuse(t, g, give("cruiser"), "94.3")
			continue
		}
		var offered []string
		for _, a := range Legal(g.State(), engineRNG(), 0) {
			if a.Kind == ActTradeAdd && a.Card == CaptiveItem {
				offered = append(offered, a.Unit)
			}
		}
		if !slices.Equal(offered, []string{"cruiser"}) {
			t.Fatalf("captives offered %v: Sol's cruiser only", offered)
		}
		refuse(t, g, give("infantry"), "17.4a")  // a token, no one's
		refuse(t, g, give("destroyer"), "17.2a") // Hacan's, not Sol's
		before := g.State().Reinforcements(1, "cruiser")
		do(t, g, give("cruiser"))
		refuse(t, g, give("cruiser"), "17.2a") // only one held
		if slices.ContainsFunc(Legal(g.State(), engineRNG(), 0), func(a Action) bool { return a.Card == CaptiveItem }) {
			t.Fatal("the cruiser is offered twice")
		}
		do(t, g, Action{Kind: ActTradeAccept, Seat: 0})
		do(t, g, Action{Kind: ActTradeAccept, Seat: 1})
		s := checked(t, g)
		if captiveCount(s.Players[0].Captured, 1, "cruiser") != 0 || s.Reinforcements(1, "cruiser") != before+1 || len(s.Players[0].Captured) != 2 {
			t.Fatalf("captured %+v, Sol's cruisers in reinforcements %d (were %d)", s.Players[0].Captured, s.Reinforcements(1, "cruiser"), before)
		}
	}
}

// 35, Demilitarized Zone: from rules version 13 the card of a planet with
// it attached is given in a transaction during the agenda phase, control
// passing with it; another planet's card is still refused. Version 12
// refuses it.
func TestRule35_DemilitarizedZoneTradedInTheAgendaPhase(t *testing.T) {
	for _, rules := range []int{RulesWipes, RulesCurrent} {
		cfg := fixtureConfig()
		cfg.Rules = rules
		g := agendaStartWith(t, cfg, []string{"mutiny"}, func(s *State) {
			pl, _ := s.Planet("Lodor")
			pl.Controller, pl.Attachments = 2, []string{"demilitarized_zone"}
			s.Decks.Exploration["cultural"] = slices.DeleteFunc(s.Decks.Exploration["cultural"], func(c string) bool { return c == "demilitarized_zone" })
		})
		for ag := g.State().Agenda; ag != nil && ag.Window == "start"; ag = g.State().Agenda {
			do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
		}
		passWindows(t, g)
		do(t, g, Action{Kind: ActTradeOpen, Seat: 2, ActionExtra: &ActionExtra{Player: ip(0)}})
		gift := Action{Kind: ActTradeAdd, Seat: 2, Card: "planet", Planet: "Lodor"}
		if rules < RulesWindows {
			refuse(t, g, gift, "94.3")
			continue
		}
		refuse(t, g, Action{Kind: ActTradeAdd, Seat: 2, Card: "planet", Planet: "Hercant"}, "94.3")
		if !slices.ContainsFunc(Legal(g.State(), engineRNG(), 2), func(a Action) bool { return a.Kind == ActTradeAdd && a.Planet == "Lodor" }) {
			t.Fatal("Lodor's card is not offered")
		}
		do(t, g, gift)
		refuse(t, g, gift, "94.3") // once
		do(t, g, Action{Kind: ActTradeAccept, Seat: 2})
		do(t, g, Action{Kind: ActTradeAccept, Seat: 0})
		s := checked(t, g)
		if pl, _ := s.Planet("Lodor"); pl.Controller != 0 || !slices.Contains(pl.Attachments, "demilitarized_zone") {
			t.Fatalf("Lodor: controller %d, attachments %v", pl.Controller, pl.Attachments)
		}
	}
}

// 94.1a: from rules version 13 the active player may open a transaction
// in the middle of their action, even during a combat, with a neighbour
// (here the player they fight), at a decision of their own: not while the
// other player decides, nor while a window asks them (where auto-pass
// would be kept from passing for them). The game waits on it, refusing
// every other action, and goes on once it is settled. Version 12 refuses
// it.
func TestRule94_1a_TransactionDuringACombat(t *testing.T) {
	for _, rules := range []int{RulesWipes, RulesCurrent} {
		cfg := fixtureConfig()
		cfg.Rules = rules
		g := fixture(t, cfg, func(s *State) {
			s.System(23).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}} // Sol next to Jol-Nar's home
			s.Players[0].TradeGoods = 2
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 23)
		do(t, g, moveShips(0, 22, "dreadnought", 1))
		do(t, g, act(ActEndMovement, 0))
		for c := g.State().Combat; c != nil && c.Answer != nil; c = g.State().Combat {
			do(t, g, act(ActPassWindow, c.Answer.Seat))
		}
		open := Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}}
		offered := func() bool {
			return slices.ContainsFunc(Legal(g.State(), engineRNG(), 0), func(a Action) bool { return a.Kind == ActTradeOpen })
		}
		for i := 0; ; i++ {
			s := g.State()
			if s.Combat == nil || s.Combat.Kind != "space" || i > 50 {
				t.Fatalf("no space combat decision of Jol-Nar's: %+v", s.Combat)
			}
			if d := Deciding(s); len(d) == 1 && d[0] == 0 && s.Combat.Answer == nil {
				break
			}
			if offered() {
				t.Fatalf("a transaction offered while seat %v decides (answer %+v)", Deciding(s), s.Combat.Answer)
			}
			refuse(t, g, open, "3.1")
			fightStep(t, g)
		}
		s := g.State()
		if rules < RulesWindows {
			refuse(t, g, open, "3.1")
			continue
		}
		if !offered() {
			t.Fatal("no transaction offered during the combat")
		}
		refuse(t, g, Action{Kind: ActTradeOpen, Seat: 1, ActionExtra: &ActionExtra{Player: ip(0)}}, "4") // the active player opens it
		waiting := Waiting(s, engineRNG())
		do(t, g, open)
		if w := Waiting(g.State(), engineRNG()); !slices.Equal(w, []int{0, 1}) {
			t.Fatalf("waiting on %v during the transaction (before %v)", w, waiting)
		}
		for _, a := range Legal(g.State(), engineRNG(), waiting[0]) {
			if !tradeKind(a.Kind) {
				t.Fatalf("%v offered while the transaction is open", a)
			}
		}
		refuse(t, g, act(ActNoRetreat, waiting[0]), "94.1a")
		do(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "trade_goods"})
		do(t, g, Action{Kind: ActTradeAccept, Seat: 0})
		do(t, g, Action{Kind: ActTradeAccept, Seat: 1})
		s = checked(t, g)
		if s.Trade != nil || s.Players[0].TradeGoods != 1 || s.Players[1].TradeGoods != 1 {
			t.Fatalf("trade %+v, trade goods %d/%d", s.Trade, s.Players[0].TradeGoods, s.Players[1].TradeGoods)
		}
		if w := Waiting(s, engineRNG()); !slices.Equal(w, waiting) {
			t.Fatalf("waiting on %v after, %v before", w, waiting)
		}
		refuse(t, g, open, "94.1") // once per neighbour a turn
		fightOut(t, g)
	}
}
