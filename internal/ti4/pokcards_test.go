package ti4

import (
	"reflect"
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// 2.7, Scuttle: one or two of your non-fighter ships return to
// reinforcements for trade goods equal to their cost; fighters and more
// than two ships are refused.
func TestRule2_7_Scuttle(t *testing.T) {
	g := tacticalFixture(t, giveAC(0, "scuttle"))
	home := ip(22)
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "scuttle", ActionExtra: &ActionExtra{Units: []UnitRef{{System: 22, Unit: "fighter"}}}}, "2.7")
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "scuttle", ActionExtra: &ActionExtra{Units: []UnitRef{{System: 22, Unit: "dreadnought"}, {System: 22, Unit: "dreadnought"}}}}, "2.7") // only one
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "scuttle", ActionExtra: &ActionExtra{Units: []UnitRef{{System: 22, Unit: "carrier"}, {System: 22, Unit: "carrier"}, {System: 22, Unit: "dreadnought"}}}}, "2.7")
	found := false
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		found = found || (a.Card == "scuttle" && len(a.extra().Units) == 2 && a.extra().Units[0].Unit == "dreadnought" && a.extra().Units[1].Unit == "carrier")
	}
	if !found {
		t.Fatal("Legal offers the dreadnought with a carrier")
	}
	tg := g.State().Players[0].TradeGoods
	play(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "scuttle", ActionExtra: &ActionExtra{Units: []UnitRef{{System: *home, Unit: "dreadnought"}, {System: *home, Unit: "carrier"}}}})
	s := g.State()
	if s.Players[0].TradeGoods != tg+4+3 || count(s.System(22).Space, 0, "dreadnought") != 0 || count(s.System(22).Space, 0, "carrier") != 1 {
		t.Fatalf("trade goods %d (was %d), space %v", s.Players[0].TradeGoods, tg, s.System(22).Space)
	}
	checked(t, g)
}

// 2.7, Refit Troops: one or two of your infantry become mechs where they
// stand.
func TestRule2_7_RefitTroops(t *testing.T) {
	g := tacticalFixture(t, giveAC(0, "refit_troops"))
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "refit_troops", ActionExtra: &ActionExtra{Units: []UnitRef{{System: 22, Planet: "Jol", Unit: "infantry"}}}}, "2.7") // none on Jol
	play(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "refit_troops", ActionExtra: &ActionExtra{Units: []UnitRef{{System: 22, Planet: "Nar", Unit: "infantry"}, {System: 22, Planet: "Nar", Unit: "infantry"}}}})
	nar := planet(t, g, "Nar")
	if count(nar.Units, 0, "infantry") != 0 || count(nar.Units, 0, "mech") != 2 {
		t.Fatalf("Nar %v", nar.Units)
	}
	checked(t, g)
}

// 2.7, Seize Artifact: a neighbor gives you the relic fragment you name;
// a player who is not a neighbor is refused.
func TestRule2_7_SeizeArtifact(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		giveAC(0, "seize_artifact")(s)
		for q := 1; q <= 2; q++ {
			d := s.Decks.Exploration["cultural"]
			i := 0
			for d[i] != "cultural_relic_fragment" {
				i++
			}
			s.Decks.Exploration["cultural"] = append(d[:i:i], d[i+1:]...)
			s.Players[q].RelicFragments = []string{"cultural_relic_fragment"}
		}
		s.System(9).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}} // next to Jol-Nar's home
	})
	s := g.State()
	if !s.AreNeighbors(0, 1) || s.AreNeighbors(0, 2) {
		t.Fatalf("neighbors %v", s.Neighbors(0))
	}
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "seize_artifact", Outcome: "cultural_relic_fragment", ActionExtra: &ActionExtra{Player: ip(2)}}, "2.7")
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "seize_artifact", Outcome: "hazardous_relic_fragment", ActionExtra: &ActionExtra{Player: ip(1)}}, "2.7")
	play(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "seize_artifact", Outcome: "cultural_relic_fragment", ActionExtra: &ActionExtra{Player: ip(1)}})
	s = checked(t, g)
	if len(s.Players[0].RelicFragments) != 1 || len(s.Players[1].RelicFragments) != 0 {
		t.Fatalf("fragments %v %v", s.Players[0].RelicFragments, s.Players[1].RelicFragments)
	}
}

// 2.7, Rout: the defender plays it as it announces retreats; the attacker
// must then announce a retreat, since it can.
func TestRule2_7_Rout(t *testing.T) {
	g := spaceFight(t, 3, func(s *State) {
		giveAC(1, "rout")(s)
		s.System(23).Space = []Stack{{Owner: 1, Unit: "dreadnought", Count: 2}}
	})
	refuse(t, g, playAC(0, "rout"), "")
	play(t, g, playAC(1, "rout"))
	do(t, g, act(ActNoRetreat, 1))
	refuse(t, g, act(ActNoRetreat, 0), "2.7")
	do(t, g, Action{Kind: ActRetreat, Seat: 0, System: ip(22)})
	if c := g.State().Combat; c == nil || c.Retreat != 0 {
		t.Fatalf("Jol-Nar retreats: %+v", c)
	}
}

// 2.7, Diplomatic Pressure: in an agenda's "when" window, another player
// must give you a promissory note; they choose which.
func TestRule2_7_DiplomaticPressure(t *testing.T) {
	g := fixtureAgendaWindows(t, []string{"mutiny"}, giveAC(0, "diplomatic_pressure"))
	if ag := g.State().Agenda; ag.Window != "when" || ag.WindowQueue[0] != 0 {
		t.Fatalf("agenda %+v", ag)
	}
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "diplomatic_pressure", ActionExtra: &ActionExtra{Player: ip(0)}}, "2.7")
	play(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "diplomatic_pressure", ActionExtra: &ActionExtra{Player: ip(1)}})
	s := g.State()
	if s.Step == nil || s.Step.Kind != StepGiveNote || s.Step.Seat != 1 {
		t.Fatalf("step %+v", s.Step)
	}
	note := "sol:ceasefire"
	opts := 0
	for _, a := range Legal(s, engineRNG(), 1) {
		if a.Kind == ActGiveNote {
			opts++
		}
	}
	if opts != len(s.Players[1].Promissory) {
		t.Fatalf("%d notes offered of %d", opts, len(s.Players[1].Promissory))
	}
	refuse(t, g, Action{Kind: ActGiveNote, Seat: 0, Card: note}, "82.3")
	do(t, g, Action{Kind: ActGiveNote, Seat: 1, Card: note})
	s = checked(t, g)
	if !slices.Contains(s.Players[0].Promissory, note) || slices.Contains(s.Players[1].Promissory, note) || s.Step != nil {
		t.Fatalf("note %s: Jol-Nar %v, Sol %v", note, s.Players[0].Promissory, s.Players[1].Promissory)
	}
}

// 2.7, Deadly Plot: before an outcome resolves, each player who voted for
// (or predicted) another outcome is asked, in turn from the speaker; the
// card discards the agenda unresolved, without a replacement, and exhausts
// all its player's planets. Those who voted for the outcome are not asked.
func TestRule2_7_DeadlyPlot(t *testing.T) {
	g := agendaFixture(t, []string{"mutiny", "archived_secret"}, giveAC(2, "deadly_plot"))
	do(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For})
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: "Jord"})
	do(t, g, act(ActDone, 1))
	do(t, g, Action{Kind: ActVote, Seat: 2, Outcome: Against})
	do(t, g, act(ActDone, 2))
	do(t, g, act(ActAbstain, 0))
	for ag := g.State().Agenda; ag.Window == "bribery"; ag = g.State().Agenda {
		do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
	}
	ag := g.State().Agenda
	if ag.Window != "resolve" || !slices.Equal(ag.WindowQueue, []int{2}) || ag.Outcome != For {
		t.Fatalf("only Hacan, who voted against, is asked: %q %v outcome %q", ag.Window, ag.WindowQueue, ag.Outcome)
	}
	play(t, g, playAC(2, "deadly_plot"))
	s := checked(t, g)
	if s.Law("mutiny") != nil || s.Players[1].VP != 0 || !slices.Contains(s.Decks.AgendaDiscard, "mutiny") {
		t.Fatalf("Mutiny is discarded unresolved: laws %v, Sol's VP %d", s.Laws, s.Players[1].VP)
	}
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller == 2 && !pl.Exhausted {
				t.Fatalf("%s is not exhausted", pl.Name)
			}
		}
	}
	if s.Agenda.Number != 2 || s.Agenda.Card != "archived_secret" {
		t.Fatalf("the second agenda follows, the first not replaced: %+v", s.Agenda)
	}
}

// 2.7, Archaeological Expedition: the top three cards of an exploration
// deck matching one of your planets' traits are revealed; the relic
// fragments among them are yours, the rest go to the discard pile, and a
// deck that runs out is reshuffled from its discard pile first.
func TestRule2_7_ArchaeologicalExpedition(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		giveAC(0, "archaeological_expedition")(s)
		quann, _ := s.Planet("Quann") // cultural
		quann.Controller, quann.ControlToken = 0, true
		deck := s.Decks.Exploration["cultural"]
		var frag, other []string
		for _, c := range deck {
			if c == "cultural_relic_fragment" {
				frag = append(frag, c)
			} else {
				other = append(other, c)
			}
		}
		// two cards left: a fragment and another; the rest discarded
		s.Decks.Exploration["cultural"] = []string{frag[0], other[0]}
		s.Decks.ExplorationDiscard["cultural"] = append(frag[1:], other[1:]...)
	})
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "archaeological_expedition", Outcome: "industrial"}, "2.7")
	ev := play(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "archaeological_expedition", Outcome: "cultural"})
	revealed, frags := 0, 0
	for _, e := range ev {
		if e.Kind == EvExcavated {
			for _, c := range e.extra().Cards {
				revealed++
				if c == "cultural_relic_fragment" {
					frags++
				}
			}
			if e.Count != 2 || e.extra().NewDeck == nil {
				t.Fatalf("two cards from the deck, then a reshuffle: %v", e)
			}
		}
	}
	s := checked(t, g)
	if revealed != 3 || len(s.Players[0].RelicFragments) != frags || frags < 1 {
		t.Fatalf("revealed %d, fragments %d, held %v", revealed, frags, s.Players[0].RelicFragments)
	}
}

// 2.7, Waylay: before anti-fighter barrage, each player with barrage units
// is asked; with the card, the barrage's hits land on any ship, here the
// dreadnought and carrier of a fleet with no fighters.
func TestRule2_7_Waylay(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		cfg := fixtureConfig()
		cfg.Seed = seed
		g := fixture(t, cfg, func(s *State) {
			giveAC(1, "waylay")(s)
			s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}, {Owner: 0, Unit: "carrier", Count: 1}}
			s.System(23).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 2}}
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 23)
		do(t, g, moveShips(0, 9, "dreadnought", 1))
		do(t, g, moveShips(0, 9, "carrier", 1))
		do(t, g, act(ActEndMovement, 0))
		c := g.State().Combat
		if c.Answer == nil || c.Answer.Kind != "barrage" || c.Answer.Seat != 1 {
			t.Fatalf("Sol, with barrage units, is asked: %+v", c.Answer)
		}
		refuse(t, g, playAC(1, "rout"), "") // not in hand
		play(t, g, playAC(1, "waylay"))
		c = g.State().Combat
		if len(c.Owed) == 0 {
			continue // the barrage missed
		}
		if o := c.Owed[0]; o.Seat != 0 || o.Only != "" || o.Rule != "10.2" {
			t.Fatalf("owed %+v", o)
		}
		do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "carrier"})
		checked(t, g)
		return
	}
	t.Fatal("no seed gave the barrage a hit")
}

// 2.7, 90.12: Divert Funding returns a technology (not a unit upgrade, not a
// faction technology) and researches another, whose prerequisites still
// count: with Neural Motivator gone, Dacxive Animators lacks its green.
func TestRule2_7_DivertFunding(t *testing.T) {
	g := tacticalFixture(t, giveAC(0, "divert_funding"))
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "divert_funding", Outcome: "gravity_drive"}, "2.7") // not owned
	play(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "divert_funding", Outcome: "neural_motivator"})
	s := g.State()
	if slices.Contains(s.Players[0].Techs, "neural_motivator") || s.Step == nil || s.Step.Kind != StepAgendaTech || s.Step.Seat != 0 {
		t.Fatalf("techs %v, step %+v", s.Players[0].Techs, s.Step)
	}
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "neural_motivator"}, "2.7")
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "dacxive_animators"}, "90.12")
	refuse(t, g, act(ActDone, 0), "7.8") // the research is not optional
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"})
	s = checked(t, g)
	if !slices.Contains(s.Players[0].Techs, "gravity_drive") || s.Step != nil || s.Turn == 0 {
		t.Fatalf("techs %v, step %+v, turn %d", s.Players[0].Techs, s.Step, s.Turn)
	}
}

// 2.7, Reverse Engineer: after a player discards an action card with a
// component action, every other player answers in turn from the speaker;
// the card takes the discarded one into its player's hand. Discarding
// another kind of card asks no one.
func TestRule2_7_ReverseEngineer(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		giveAC(0, "economic_initiative", "shields_holding")(s)
		giveAC(2, "reverse_engineer")(s)
	})
	g.State().Step = &Step{Kind: StepDiscard, Seat: 0}
	do(t, g, Action{Kind: ActDiscardAC, Seat: 0, Card: "shields_holding"})
	if w := g.State().DiscardAsk; w != nil {
		t.Fatalf("a combat card asks no one: %+v", w)
	}
	g.State().Step = &Step{Kind: StepDiscard, Seat: 0}
	do(t, g, Action{Kind: ActDiscardAC, Seat: 0, Card: "economic_initiative"})
	w := g.State().DiscardAsk
	if w == nil || !slices.Equal(w.Queue, []int{1, 2}) || w.Card != "economic_initiative" {
		t.Fatalf("window %+v", w)
	}
	refuse(t, g, playAC(2, "reverse_engineer"), "1.15") // seat 1 answers first
	do(t, g, act(ActPassWindow, 1))
	play(t, g, playAC(2, "reverse_engineer"))
	s := checked(t, g)
	if !slices.Contains(s.Players[2].ActionCards, "economic_initiative") || slices.Contains(s.Decks.ActionDiscard, "economic_initiative") || s.DiscardAsk != nil {
		t.Fatalf("hand %v, discard %v", s.Players[2].ActionCards, s.Decks.ActionDiscard)
	}
}

// 2.7, Decoy Operation: after another player activates a system where you
// control a planet and have units, you are asked; the card moves up to two
// of your ground forces from anywhere to your planets there. Declining
// lets the active player go on.
func TestRule2_7_DecoyOperation(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		giveAC(1, "decoy_operation")(s)
		arnor := planetIn(s.System(9), "Arnor")
		arnor.Controller, arnor.Units = 1, []Stack{{Owner: 1, Unit: "infantry", Count: 1}}
	})
	do(t, g, activate(0, 9))
	s := g.State()
	if s.Step == nil || s.Step.Kind != StepDecoy || s.Step.Seat != 1 {
		t.Fatalf("Sol is asked: %+v", s.Step)
	}
	refuse(t, g, moveShips(0, 22, "carrier", 1), "82.3")
	jord := s.Players[1].Home
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 1, Card: "decoy_operation", ActionExtra: &ActionExtra{Units: []UnitRef{{System: jord, Planet: "Jord", Unit: "infantry", To: "Lor"}}}}, "2.7") // Lor is not Sol's
	decoy := Action{Kind: ActPlayAC, Seat: 1, Card: "decoy_operation", ActionExtra: &ActionExtra{Units: []UnitRef{
		{System: jord, Planet: "Jord", Unit: "infantry", To: "Arnor"}, {System: jord, Planet: "Jord", Unit: "infantry", To: "Arnor"}}}}
	if !slices.ContainsFunc(Legal(g.State(), engineRNG(), 1), func(a Action) bool { return key(a) == key(decoy) }) {
		t.Fatal("Legal offers two of Jord's infantry to Arnor")
	}
	play(t, g, decoy)
	s = checked(t, g)
	if n := count(planetIn(s.System(9), "Arnor").Units, 1, "infantry"); n != 3 || s.Step != nil {
		t.Fatalf("Arnor holds %d of Sol's infantry; step %+v", n, s.Step)
	}
	do(t, g, moveShips(0, 22, "carrier", 1)) // the tactical action goes on
}

// 2.7, Nav Suite: played after activating a system, the movement that
// follows ignores anomalies: a cruiser starting in a nebula moves its full
// 2 (59.2 would hold it to 1), a supernova no longer stops ships (86.1),
// and a ship leaving a gravity rift neither gains a move nor rolls (41).
func TestRule2_7_NavSuite(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		giveAC(0, "nav_suite")(s)
		s.System(25).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
	})
	activated(t, g, 0, 12) // 25 (nebula) -> 11 -> 12
	refuse(t, g, moveShips(0, 25, "cruiser", 1), "58.4")
	play(t, g, playAC(0, "nav_suite"))
	do(t, g, moveShips(0, 25, "cruiser", 1))

	g = tacticalFixture(t, func(s *State) {
		giveAC(0, "nav_suite")(s)
		s.System(25).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
	})
	activated(t, g, 0, 26) // a supernova
	play(t, g, playAC(0, "nav_suite"))
	do(t, g, moveShips(0, 25, "cruiser", 1))

	g = tacticalFixture(t, func(s *State) {
		giveAC(0, "nav_suite")(s)
		s.System(24).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 2}}
		s.Players[0].Techs = append(s.Players[0].Techs, "carrier_2") // move 2 without the rift's bonus
	})
	activated(t, g, 0, 9) // 24 (gravity rift) -> 10 -> 9
	play(t, g, playAC(0, "nav_suite"))
	do(t, g, moveShips(0, 24, "carrier", 2))
	ev := do(t, g, act(ActEndMovement, 0))
	for _, e := range ev {
		if e.Kind == EvRiftRoll {
			t.Fatal("no rift roll under Nav Suite")
		}
	}
	if got := count(g.State().System(9).Space, 0, "carrier"); got != 2 {
		t.Fatalf("%d carriers arrived of 2", got)
	}
}

// 2.7, 84.1a: Manipulate Investments, before the first strategy card is
// chosen: five trade goods go one at a time on cards in the common area,
// on at least three different cards; the picker of such a card takes them.
func TestRule2_7_ManipulateInvestments(t *testing.T) {
	g := fixture(t, fixtureConfig(), giveAC(1, "manipulate_investments"))
	play(t, g, playAC(1, "manipulate_investments"))
	s := g.State()
	if s.Step == nil || s.Step.Kind != StepInvest || s.Step.Seat != 1 {
		t.Fatalf("step %+v", s.Step)
	}
	refuse(t, g, pick(0, "leadership"), "82.3") // the picks wait
	for range 3 {
		do(t, g, Action{Kind: ActPlaceTG, Seat: 1, Card: "leadership"})
	}
	refuse(t, g, Action{Kind: ActPlaceTG, Seat: 1, Card: "leadership"}, "2.7") // two more cards are still owed
	do(t, g, Action{Kind: ActPlaceTG, Seat: 1, Card: "diplomacy"})
	do(t, g, Action{Kind: ActPlaceTG, Seat: 1, Card: "politics"})
	s = checked(t, g)
	if s.Step != nil || s.StrategyTG["leadership"] != 3 || s.StrategyTG["diplomacy"] != 1 || s.StrategyTG["politics"] != 1 {
		t.Fatalf("step %+v, trade goods on cards %v", s.Step, s.StrategyTG)
	}
	pickAndPass(t, g, 0, "leadership")
	if tg := g.State().Players[0].TradeGoods; tg != 3 {
		t.Fatalf("the picker takes the three trade goods: %d", tg)
	}
	refuse(t, g, playAC(1, "manipulate_investments"), "")
}

// 2.7, 1.19: Coup d'Etat. A strategic action waits while every other
// player, in turn from the active player's left, answers; the card ends
// the active player's turn, the action unresolved and the strategy card
// not exhausted.
func TestRule2_7_CoupDetat(t *testing.T) {
	g := tacticalFixture(t, giveAC(2, "coup_detat"))
	do(t, g, Action{Kind: ActStrategic, Seat: 0, Card: "leadership"})
	w := g.State().CoupAsk
	if w == nil || !slices.Equal(w.Queue, []int{1, 2}) || g.State().Strategic != nil {
		t.Fatalf("window %+v", w)
	}
	refuse(t, g, Action{Kind: ActGainTokens, Seat: 0, Pools: &Pools{Tactic: 3}}, "1.19")
	refuse(t, g, playAC(2, "coup_detat"), "1.15") // seat 1 answers first
	do(t, g, act(ActPassWindow, 1))
	play(t, g, playAC(2, "coup_detat"))
	s := checked(t, g)
	if s.Turn == 0 || s.Strategic != nil || s.CoupAsk != nil || slices.Contains(s.Players[0].UsedStrategy, "leadership") {
		t.Fatalf("turn %d, strategic %+v, used %v", s.Turn, s.Strategic, s.Players[0].UsedStrategy)
	}
}

// 2.7, 78.2a, 42.4a: Reveal Prototype. At the start of a combat (a space
// combat's first round window; a window that asks both sides before a
// ground combat's first roll) the player pays 4 resources and researches a
// unit upgrade of a type they have in the combat; the combat waits for it.
func TestRule2_7_RevealPrototype(t *testing.T) {
	g := spaceFight(t, 1, func(s *State) {
		giveAC(1, "reveal_prototype")(s)
		s.System(23).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}, {Owner: 1, Unit: "fighter", Count: 2}}
	})
	refuse(t, g, playAC(0, "reveal_prototype"), "")
	if !slices.ContainsFunc(Legal(g.State(), engineRNG(), 1), func(a Action) bool { return a.Card == "reveal_prototype" }) {
		t.Fatal("the defender, announcing in the first round, may play it")
	}
	play(t, g, playAC(1, "reveal_prototype"))
	st := g.State().Step
	if st == nil || st.Kind != StepResearch || !slices.Contains(st.Cards, "fighter_2") || slices.Contains(st.Cards, "infantry_2") {
		t.Fatalf("a research step for the carrier's and fighters' upgrades: %+v", st)
	}
	refuse(t, g, Action{Kind: ActResearch, Seat: 1, Card: "fighter_2"}, "91.2") // not paid yet
	spend := Action{Kind: ActSpendPlanet, Seat: 1, Planet: "Jord"}
	if !slices.ContainsFunc(Legal(g.State(), engineRNG(), 1), func(a Action) bool { return key(a) == key(spend) }) {
		t.Fatal("Legal should offer the payment")
	}
	refuse(t, g, act(ActNoRetreat, 1), "82.3") // the combat waits
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: "Jord"})
	refuse(t, g, Action{Kind: ActResearch, Seat: 1, Card: "gravity_drive"}, "2.7")
	do(t, g, Action{Kind: ActResearch, Seat: 1, Card: "fighter_2"})
	s := checked(t, g)
	if !s.Players[1].HasTech("fighter_2") || s.Step != nil || s.Combat == nil || s.Combat.Step != CbAnnounceD {
		t.Fatalf("fighter II gained, the combat back at Sol's announcement: step %+v, combat %+v", s.Step, s.Combat)
	}
	if s.UnitCard(1, "fighter").Combat >= data.MustLoad().Unit("fighter").Combat {
		t.Fatal("the fighters fight as fighter II from now on")
	}

	// Ground: Jol-Nar invades Arnor; the start window asks it, then Sol.
	g = invadeArnor(t, 1, func(s *State) {
		giveAC(0, "reveal_prototype")(s)
		s.Players[0].Techs = append(s.Players[0].Techs, "psychoarchaeology") // a second green prerequisite
		s.Players[0].TradeGoods = 2
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 2})(s)
	})
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	do(t, g, act(ActPassWindow, 1)) // no Parley
	c := g.State().Combat
	if c == nil || c.Kind != "ground" || c.Answer == nil || c.Answer.Kind != "start" || c.Answer.Seat != 0 || c.Round != 0 {
		t.Fatalf("the start window, Jol-Nar first: %+v", c)
	}
	if p := shared(reflect.ValueOf(g.State()), reflect.ValueOf(g.State().Clone()), "state"); p != "" {
		t.Fatalf("%s is shared by a clone", p) // Sol, still to answer, waits in Starters
	}
	play(t, g, playAC(0, "reveal_prototype"))
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 2})
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Nar"})
	research := Action{Kind: ActResearch, Seat: 0, Card: "infantry_2"}
	if legal := Legal(g.State(), engineRNG(), 0); !slices.ContainsFunc(legal, func(a Action) bool { return key(a) == key(research) }) {
		t.Fatalf("Legal should offer the research once paid: %v", legal)
	}
	if legal := Legal(g.State(), engineRNG(), 1); len(legal) != 0 {
		t.Fatalf("Sol waits while Jol-Nar researches: %v", legal)
	}
	do(t, g, research)
	if c := g.State().Combat; c == nil || c.Answer == nil || c.Answer.Seat != 1 || c.Answer.Kind != "start" {
		t.Fatalf("then Sol is asked: %+v", c)
	}
	do(t, g, act(ActPassWindow, 1))
	if c := checked(t, g).Combat; c != nil && c.Round == 0 {
		t.Fatalf("the first round is rolled once both have answered: %+v", c)
	}
	if !g.State().Players[0].HasTech("infantry_2") {
		t.Fatal("Jol-Nar researched infantry II")
	}
}
