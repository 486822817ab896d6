package ti4

import (
	"slices"
	"testing"
)

// The Empyrean, Watcher (55): when another player's action card waits on
// the Empyrean's answer, removing a mech of theirs next to that player's
// units cancels the card; a mech far from them cannot.
func TestFactionUnit_Watcher(t *testing.T) {
	var near, far int
	var nearPl, farPl string
	g := factionGame(t, []string{"sol", "empyrean", "hacan"}, func(s *State) {
		s.Players[0].TradeGoods = 4
		giveAC(0, "focused_research")(s)
		for _, sys := range s.Systems {
			if len(sys.Planets) == 0 || s.IsHomeSystem(sys.Pos) {
				continue
			}
			switch {
			case near == 0 && s.watches(sys.Pos, 0) && s.unitsIn(sys.Pos, 0) == 0:
				near, nearPl = sys.Pos, sys.Planets[0].Name
				sys.Planets[0].Units, sys.Planets[0].Controller = []Stack{{Owner: 1, Unit: "mech", Count: 1}}, 1
			case far == 0 && !s.watches(sys.Pos, 0):
				far, farPl = sys.Pos, sys.Planets[0].Name
				sys.Planets[0].Units, sys.Planets[0].Controller = []Stack{{Owner: 1, Unit: "mech", Count: 1}}, 1
			}
		}
	})
	do(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "focused_research", Outcome: "sarween_tools"})
	if !slices.ContainsFunc(Legal(g.State(), engineRNG(), 1), func(a Action) bool { return a.Card == "watcher" }) {
		t.Fatal("offered in the card's window")
	}
	refuse(t, g, use(1, "watcher", Action{System: ip(far), Planet: farPl}), "55")
	do(t, g, use(1, "watcher", Action{System: ip(near), Planet: nearPl}))
	settle(t, g)
	s := g.State()
	if slices.Contains(s.Players[0].Techs, "sarween_tools") || s.PendingAC != nil || count(planet(t, g, nearPl).Units, 1, "mech") != 0 {
		t.Fatalf("the card cancelled and the mech removed: techs %v", s.Players[0].Techs)
	}
}

// The Empyrean, Voidborn (59.1a, 59.2): their ships starting in a nebula
// move their full value, and pass through nebulae; under rules version 6
// a nebula holds them to 1.
func TestFaction_Empyrean_Voidborn(t *testing.T) {
	for _, rules := range []int{RulesCurrent, RulesMechs} {
		g := factionGame(t, []string{"empyrean", "sol", "jolnar"}, func(s *State) {
			s.Options.Rules = rules
			s.System(25).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
		})
		if got := g.State().blocked(0, 25, false); got != (rules == RulesMechs) {
			t.Fatalf("rules %d: passing through a nebula blocked %v", rules, got)
		}
		activated(t, g, 0, 12) // 25 (nebula) -> 11 -> 12
		if rules == RulesMechs {
			refuse(t, g, moveShips(0, 25, "cruiser", 1), "58.4")
			continue
		}
		do(t, g, moveShips(0, 25, "cruiser", 1))
	}
}

// The Empyrean, Aetherpassage (58.4b): after another player activates a
// system, the Empyrean may let that player's ships pass theirs; let go,
// their ships bar the way.
func TestFaction_Empyrean_Aetherpassage(t *testing.T) {
	for _, let := range []bool{true, false} {
		g := factionGame(t, []string{"sol", "empyrean", "jolnar"}, func(s *State) {
			s.System(12).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
			s.System(11).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}}
		})
		activated(t, g, 0, 25) // 12 -> 11 -> 25
		if st := g.State().Step; st == nil || st.Card != "empyrean:aetherpassage" || st.Seat != 1 {
			t.Fatalf("step %+v: the Empyrean's window", st)
		}
		if !let {
			do(t, g, Action{Kind: ActUseAbility, Seat: 1, Card: "empyrean:aetherpassage"})
			refuse(t, g, moveShips(0, 12, "cruiser", 1), "58.4")
			continue
		}
		do(t, g, use(1, "empyrean:aetherpassage", Action{}))
		do(t, g, moveShips(0, 12, "cruiser", 1))
	}
}

// The Empyrean, Aetherstream (58.4): after a neighbor activates a system
// next to an anomaly, the Empyrean may give that player's ships +1 move.
func TestFactionTech_Aetherstream(t *testing.T) {
	g := factionGame(t, []string{"sol", "empyrean", "jolnar"}, func(s *State) {
		s.Players[1].Techs = append(s.Players[1].Techs, "aetherstream")
		s.System(25).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}}
		s.System(11).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}} // neighbors
	})
	s := g.State()
	if !s.AreNeighbors(0, 1) || !s.nextToAnomaly(s.System(11)) {
		t.Fatal("the fixture: Sol and the Empyrean neighbors, system 11 next to a nebula")
	}
	activated(t, g, 0, 11)
	st := g.State().Step
	for st != nil && st.Card != "aetherstream" {
		do(t, g, Action{Kind: ActUseAbility, Seat: st.Seat, Card: st.Card})
		st = g.State().Step
	}
	if st == nil || st.Seat != 1 {
		t.Fatal("the Empyrean's window after Sol's activation")
	}
	do(t, g, use(1, "aetherstream", Action{}))
	if b := g.State().moveBonus(); b != 1 {
		t.Fatalf("move bonus %d", b)
	}
}

// The Empyrean, Blood Pact (69, 8.6): in its holder's play area, 4 more
// votes for the outcome both they and the Empyrean vote for; none for an
// outcome the Empyrean did not vote for.
func TestFaction_Empyrean_BloodPact(t *testing.T) {
	for _, same := range []bool{true, false} {
		g := factionAgenda(t, []string{"jolnar", "empyrean", "sol"}, []string{"mutiny"}, func(s *State) {
			s.Players[2].NotesInPlay = append(s.Players[2].NotesInPlay, "empyrean:blood_pact")
			s.Players[1].Promissory = slices.DeleteFunc(s.Players[1].Promissory, func(n string) bool { return n == "empyrean:blood_pact" })
		})
		passWindows(t, g)
		do(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For})
		do(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: "The Dark"})
		do(t, g, act(ActDone, 1))
		sol := For
		if !same {
			sol = Against
		}
		do(t, g, Action{Kind: ActVote, Seat: 2, Outcome: sol})
		do(t, g, Action{Kind: ActSpendPlanet, Seat: 2, Planet: "Jord"})
		do(t, g, act(ActDone, 2))
		s := g.State()
		b := s.Agenda.Ballots[1]
		if got, want := s.pactVotes(b), 4*btoi(same); b.Seat != 2 || got != want {
			t.Fatalf("same outcome %v: ballot %+v gains %d, want %d", same, b, got, want)
		}
	}
}

// The Empyrean, Conservator Procyon (hero): as an action, every system
// without planets gets a frontier token, and the two with Empyrean ships
// are explored (their tokens back to the supply); the hero is purged.
func TestFaction_Empyrean_ConservatorProcyon(t *testing.T) {
	g := factionGame(t, []string{"empyrean", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		for _, sys := range s.Systems {
			sys.Tokens = slices.DeleteFunc(sys.Tokens, func(t Token) bool { return t.Kind == "frontier" })
		}
		s.System(21).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}}
		s.System(25).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}}
		frontierTop(s, "lost_crew")
	})
	ev := do(t, g, use(0, "empyrean:conservator_procyon", Action{}))
	declineWindows(t, g)
	explored := 0
	for _, e := range ev {
		explored += btoi(e.Kind == EvExplored && e.Deck == "frontier")
	}
	if explored != 2 {
		t.Fatalf("%d frontier tokens explored, want 2", explored)
	}
	s := g.State()
	for _, sys := range s.Systems {
		explored := sys.Pos == 21 || sys.Pos == 25
		if want := len(sys.Planets) == 0 && !explored; hasFrontier(sys) != want {
			t.Fatalf("system %d: frontier token %v, want %v", sys.Pos, hasFrontier(sys), want)
		}
	}
	if s.Players[0].Hero != Purged {
		t.Fatalf("hero %s: purged", s.Players[0].Hero)
	}
	checked(t, g)
}

// Conservator Procyon exploring two frontier tokens that both turn up
// Derelict Vessel: each draws a secret objective, and from RulesDraws the
// second draws the next card, not the first one again (a game of version
// 13 replays as it was played, the one card twice).
func TestFaction_Empyrean_ConservatorProcyonDrawsInTurn(t *testing.T) {
	for _, rules := range []int{RulesWindows, RulesCurrent} {
		cfg := fixtureConfig("empyrean", "sol", "hacan")
		cfg.Rules = rules
		g := fixture(t, cfg, func(s *State) {
			s.Players[0].Hero = Unlocked
			s.System(21).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}}
			s.System(25).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}}
			d := s.Decks.Exploration["frontier"]
			slices.SortStableFunc(d, func(a, b string) int { return btoi(b == "derelict_vessel") - btoi(a == "derelict_vessel") })
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		top := g.State().Decks.Secrets[:2:2]
		ev := do(t, g, use(0, "empyrean:conservator_procyon", Action{}))
		var drawn []string
		for _, e := range ev {
			if e.Kind == EvCardsDrawn && e.Deck == "secret" {
				drawn = append(drawn, e.extra().Cards...)
			}
		}
		want := slices.Clone(top)
		if rules < RulesDraws {
			want = []string{top[0], top[0]}
		}
		if !slices.Equal(drawn, want) {
			t.Fatalf("rules %d: secrets drawn %v, want %v", rules, drawn, want)
		}
		if rules >= RulesDraws {
			declineWindows(t, g)
			checked(t, g)
		}
	}
}

// The Empyrean, Acamar (agent): after Sol moves a carrier into a system
// without planets, the Empyrean may exhaust it: Sol places a command
// token; moving into a system with planets opens no window.
func TestFaction_Empyrean_Acamar(t *testing.T) {
	for _, pos := range []int{21, 9} {
		g := factionGame(t, []string{"sol", "empyrean", "hacan"}, nil)
		activated(t, g, 0, pos)
		do(t, g, Action{Kind: ActUseAbility, Seat: 1, Card: "empyrean:aetherpassage"}) // its window after any activation, let go
		do(t, g, moveShips(0, 22, "carrier", 1))
		do(t, g, act(ActEndMovement, 0))
		st := g.State().Step
		open := st != nil && st.Card == "empyrean:acamar" && st.Seat == 1
		if open != (pos == 21) {
			t.Fatalf("system %d: window %v (step %+v)", pos, open, st)
		}
		if !open {
			continue
		}
		do(t, g, use(1, "empyrean:acamar", Action{}))
		if st := g.State().Step; st == nil || st.Kind != StepGainTokens || st.Seat != 0 || st.Need != 1 {
			t.Fatalf("step %+v: Sol places a command token", st)
		}
	}
}

// The Empyrean, Xuange (commander): unlocked, after Sol moves ships into a
// system with an Empyrean command token, the token may go back to their
// reinforcements; locked, no window.
func TestFaction_Empyrean_Xuange(t *testing.T) {
	for _, state := range []string{Locked, Unlocked} {
		g := factionGame(t, []string{"sol", "empyrean", "hacan"}, func(s *State) {
			s.Players[1].Commander = state
			s.System(9).Command = []int{1}
		})
		activated(t, g, 0, 9)
		do(t, g, Action{Kind: ActUseAbility, Seat: 1, Card: "empyrean:aetherpassage"})
		do(t, g, moveShips(0, 22, "carrier", 1))
		do(t, g, act(ActEndMovement, 0))
		st := g.State().Step
		if open := st != nil && st.Card == "empyrean:xuange" && st.Seat == 1; open != (state == Unlocked) {
			t.Fatalf("commander %s: window %v (step %+v)", state, open, st)
		}
		if state == Locked {
			continue
		}
		before := g.State().CommandReinforcements(1)
		do(t, g, use(1, "empyrean:xuange", Action{}))
		if s := g.State(); slices.Contains(s.System(9).Command, 1) || s.CommandReinforcements(1) != before+1 {
			t.Fatalf("tokens in system 9 %v: the Empyrean's back in reinforcements", s.System(9).Command)
		}
	}
}

// The Empyrean, Voidwatch: Sol moving a ship into a system where the
// Empyrean have only an infantry gives them a note of Sol's choice; not
// without the technology, not when Sol holds no note, and not when the
// Empyrean have no unit there.
func TestFactionTech_Voidwatch(t *testing.T) {
	for _, c := range []struct {
		name               string
		tech, notes, there bool
	}{{"voidwatch", true, true, true}, {"no technology", false, true, true}, {"no notes", true, false, true}, {"no unit there", true, true, false}} {
		g := factionGame(t, []string{"sol", "empyrean", "hacan"}, func(s *State) {
			if c.tech {
				s.Players[1].Techs = append(s.Players[1].Techs, "voidwatch")
			}
			if !c.notes {
				s.Players[0].Promissory = nil
			}
			if c.there {
				arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 1})(s)
			}
		})
		activated(t, g, 0, 9)
		for st := g.State().Step; st != nil && st.Kind == StepAbility; st = g.State().Step { // Aetherpassage let go
			do(t, g, Action{Kind: ActUseAbility, Seat: st.Seat, Card: st.Card})
		}
		do(t, g, moveShips(0, 22, "carrier", 1))
		do(t, g, act(ActEndMovement, 0))
		st := g.State().Step
		give := st != nil && st.Kind == StepGiveNote && st.Seat == 0 && *st.Receiver == 1 && st.Card == "voidwatch"
		if give != (c.tech && c.notes && c.there) {
			t.Fatalf("%s: step %+v", c.name, st)
		}
		if !give {
			continue
		}
		note := "sol:ceasefire"
		refuse(t, g, act(ActEndTactical, 0), "82.3")
		do(t, g, Action{Kind: ActGiveNote, Seat: 0, Card: note})
		if !slices.Contains(g.State().Players[1].Promissory, note) || slices.Contains(g.State().Players[0].Promissory, note) {
			t.Fatalf("%s: the Empyrean hold %v, want %s", c.name, g.State().Players[1].Promissory, note)
		}
	}
}

// The Empyrean, Dark Whispers and Dark Pact: the Empyrean set up with
// both their notes (Blood Pact and Dark Pact). With Dark Pact in Sol's
// play area, Sol giving the Empyrean all 4 of their commodity value earns
// each a trade good; 3 commodities earn nothing; and the pact goes back
// when Sol activates a system with the Empyrean's units.
func TestFaction_Empyrean_DarkWhispers(t *testing.T) {
	for _, give := range []int{4, 3} {
		g := factionGame(t, []string{"sol", "empyrean", "hacan"}, func(s *State) {
			s.Players[1].Promissory = without(s.Players[1].Promissory, []string{"empyrean:dark_pact"})
			s.Players[0].NotesInPlay = []string{"empyrean:dark_pact"}
			s.Players[0].Commodities, s.Players[0].TradeGoods, s.Players[1].TradeGoods = 4, 0, 0
			next := s.galaxy.Neighbors(s.Players[1].Home, nil)[0]
			s.System(next).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}} // neighbors (60)
		})
		if !slices.Contains(factionGame(t, []string{"sol", "empyrean", "hacan"}, nil).State().Players[1].Promissory, "empyrean:dark_pact") {
			t.Fatal("the Empyrean hold Dark Pact from setup")
		}
		do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
		for range give {
			do(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "commodities"})
		}
		do(t, g, Action{Kind: ActTradeAccept, Seat: 0})
		do(t, g, Action{Kind: ActTradeAccept, Seat: 1})
		s := g.State()
		bonus := btoi(give == 4)
		if s.Players[0].TradeGoods != bonus || s.Players[1].TradeGoods != give+bonus {
			t.Fatalf("gave %d: Sol %d trade goods, the Empyrean %d", give, s.Players[0].TradeGoods, s.Players[1].TradeGoods)
		}
	}
	g := factionGame(t, []string{"sol", "empyrean", "hacan"}, func(s *State) {
		s.Players[1].Promissory = without(s.Players[1].Promissory, []string{"empyrean:dark_pact"})
		s.Players[0].NotesInPlay = []string{"empyrean:dark_pact"}
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 1})(s)
	})
	activated(t, g, 0, 9)
	if s := g.State(); len(s.Players[0].NotesInPlay) != 0 || !slices.Contains(s.Players[1].Promissory, "empyrean:dark_pact") {
		t.Fatalf("Sol's play area %v: Dark Pact back with the Empyrean", s.Players[0].NotesInPlay)
	}
}

// dynamoFight has Sol's two dreadnoughts attack Hacan's destroyers in
// system 9, the Empyrean's flagship in the system at where(s), until a
// seed gives Hacan a hit first; the game waits for Sol to assign it.
func dynamoFight(t *testing.T, where func(s *State) int) *Game {
	t.Helper()
	for seed := uint64(1); seed < 60; seed++ {
		cfg := fixtureConfig("sol", "hacan", "empyrean")
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := fixture(t, cfg, func(s *State) {
			s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}}
			s.System(9).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 3}}
			s.Players[2].TradeGoods = 3
			if pos := where(s); pos != None {
				s.System(pos).Space = append(s.System(pos).Space, Stack{Owner: 2, Unit: "flagship", Count: 1})
			}
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		do(t, g, activate(0, 9))
		for st := g.State().Step; st != nil && st.Kind == StepAbility; st = g.State().Step {
			do(t, g, Action{Kind: ActUseAbility, Seat: st.Seat, Card: st.Card}) // Aetherpassage let go
		}
		do(t, g, moveShips(0, 22, "dreadnought", 2))
		do(t, g, act(ActEndMovement, 0))
		for i := 0; i < 40; i++ {
			c := g.State().Combat
			if c == nil {
				break
			}
			if c.Answer == nil && len(c.Owed) > 0 && c.Owed[0].Seat == 0 {
				return g
			}
			fightStep(t, g)
		}
	}
	t.Fatal("no seed gave Hacan a hit on Sol")
	return nil
}

// nextTo9 is an empty system next to system 9 other than 22.
func nextTo9(s *State) int {
	for _, q := range s.galaxy.Neighbors(9, s.Wormholes) {
		if q != 22 && len(s.System(q).Space) == 0 && !s.IsHomeSystem(q) {
			return q
		}
	}
	return None
}

// toSustainWindow passes the windows after Sol's dreadnought sustained
// (Direct Hit's, Hacan's) until the Empyrean's, if one opens.
func toSustainWindow(t *testing.T, g *Game) bool {
	t.Helper()
	for i := 0; i < 5; i++ {
		c := g.State().Combat
		if c == nil || c.Answer == nil {
			return false
		}
		if c.Answer.Kind == AnswerSustained && c.Answer.Seat == 2 {
			return true
		}
		do(t, g, act(ActPassWindow, c.Answer.Seat))
	}
	return false
}

// The Empyrean, Dynamo (flagship): after another player's dreadnought in
// the system next to it sustains damage, the Empyrean may pay 2 influence
// to repair it (listed with its payments); underpaid is refused (47.3);
// the fleet's next hit is sustained again. Far from the flagship, no window opens.
func TestFactionUnit_Dynamo(t *testing.T) {
	g := dynamoFight(t, nextTo9)
	do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "dreadnought", Use: true})
	if !toSustainWindow(t, g) {
		t.Fatalf("no window for the Empyrean after the sustain: %+v", g.State().Combat)
	}
	refuse(t, g, use(2, "dynamo", Action{ActionExtra: &ActionExtra{Spend: &Spend{}}}), "47.3")
	var pay *Action
	for _, a := range Legal(g.State(), engineRNG(), 2) {
		if a.Card == "dynamo" && a.Use {
			pay = &a
			break
		}
	}
	if pay == nil {
		t.Fatal("Dynamo not listed for the Empyrean")
	}
	do(t, g, *pay)
	s := g.State()
	for _, st := range s.System(9).Space {
		if st.Owner == 0 && st.Damaged != 0 {
			t.Fatalf("Sol's dreadnoughts still damaged: %+v", s.System(9).Space)
		}
	}
	if c := s.Combat; c == nil || c.Answer != nil {
		t.Fatalf("combat after the repair: %+v", c)
	}
	if tg := s.Players[2].TradeGoods; tg != 1 {
		t.Fatalf("the Empyrean have %d trade goods after paying 2 of 3", tg)
	}
	do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "dreadnought", Use: true}) // a sustain again
	if d := g.State().System(9).Space; count(d, 0, "dreadnought") != 2 {
		t.Fatalf("both dreadnoughts stand: %+v", d)
	}

	far := dynamoFight(t, func(*State) int { return None })
	do(t, far, Action{Kind: ActAssignHit, Seat: 0, Unit: "dreadnought", Use: true})
	if toSustainWindow(t, far) {
		t.Fatal("a window with no flagship near")
	}
}
