package ti4

import (
	"slices"
	"testing"
)

// groundRoundWith has seat 0 invade Arnor, held by seat 1 with 3
// infantry, under rules, and stops at the first ground combat round's
// window, if one opens.
func groundRoundWith(t *testing.T, rules int, stage func(s *State), ships ...string) *Game {
	t.Helper()
	cfg := fixtureConfig()
	cfg.Rules = rules
	return groundRoundWithConfig(t, cfg, stage, ships...)
}

// groundRoundWithConfig is groundRoundWith for the game cfg sets up.
func groundRoundWithConfig(t *testing.T, cfg Config, stage func(s *State), ships ...string) *Game {
	t.Helper()
	g := invadeArnorAs(t, cfg, func(s *State) {
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 3})(s)
		stage(s)
	}, ships...)
	passAnswers(t, g) // no Bunker
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	for inv := g.State().Invasion; inv != nil && inv.Ask != nil; inv = g.State().Invasion {
		do(t, g, act(ActPassWindow, inv.Ask.Seat)) // no Parley
	}
	passStart(t, g)
	return g
}

// 2.6, 2.6b: Morale Boost serves any combat round. From rules version 13
// each player in a ground combat who holds an action card is asked at the
// start of each of its rounds; Morale Boost there gives +1 to their ground
// combat rolls for that round, and a second one in the same round is
// refused; a player not in the combat is not offered it.
func TestRule2_6b_MoraleBoostInAGroundCombatRound(t *testing.T) {
	g := groundRoundWith(t, RulesCurrent, func(s *State) {
		giveAC(0, "morale_boost", "morale_boost")(s)
		giveAC(1, "sabotage")(s)
		giveAC(2, "morale_boost")(s)
	})
	c := g.State().Combat
	if c.Answer == nil || c.Answer.Kind != AnswerGroundRound || c.Answer.Seat != 0 || c.Round != 0 {
		t.Fatalf("answer %+v: the invader, holding cards, is asked at the round's start", c.Answer)
	}
	refuse(t, g, playAC(2, "morale_boost"), "1.14") // not in the combat
	play(t, g, playAC(0, "morale_boost"))
	s := g.State()
	if got := s.groundMod(s.Combat, 0, 1); got != 1 || !slices.Equal(s.Combat.x().Morale, []int{0}) {
		t.Fatalf("modifier %d, morale %v after Morale Boost", got, s.Combat.x().Morale)
	}
	refuse(t, g, playAC(0, "morale_boost"), "2.6b")
	do(t, g, act(ActPassWindow, 0))
	if c := g.State().Combat; c.Answer == nil || c.Answer.Kind != AnswerGroundRound || c.Answer.Seat != 1 {
		t.Fatalf("answer %+v: the defender, holding a card, is asked next", c.Answer)
	}
	do(t, g, act(ActPassWindow, 1))
	s = g.State()
	if s.Combat == nil || s.Combat.Round != 1 || s.groundMod(s.Combat, 0, 1) != 0 || s.Combat.x().Morale != nil {
		t.Fatalf("combat %+v: the +1 is for the one round", s.Combat)
	}
	checked(t, g)
}

// Games of rules version 12 replay as played: no window opens for action
// cards at the start of a ground combat round.
func TestRule2_6b_MoraleBoostGroundWindowFromVersion13(t *testing.T) {
	g := groundRoundWith(t, RulesWipes, func(s *State) {
		giveAC(0, "morale_boost")(s)
		giveAC(1, "sabotage")(s)
	})
	for c := g.State().Combat; c != nil && c.Answer != nil && c.Answer.Kind == AnswerGroundRound; c = g.State().Combat {
		if c.Answer.Seat == 0 {
			t.Fatalf("answer %+v under version 12", c.Answer)
		}
		refuse(t, g, playAC(0, "morale_boost"), "1.14")
		do(t, g, act(ActPassWindow, c.Answer.Seat))
	}
	refuse(t, g, playAC(0, "morale_boost"), "1.14")
}

// untilAnswer steps the combat under way until the window of kind asks
// seat; it fails if the combat ends first.
func untilAnswer(t *testing.T, g *Game, kind string, seat int) {
	t.Helper()
	for i := 0; i < 200; i++ {
		c := g.State().Combat
		if c == nil {
			t.Fatalf("the combat ended before a %s window asked seat %d", kind, seat)
		}
		if c.Answer != nil && c.Answer.Kind == kind && c.Answer.Seat == seat {
			return
		}
		fightStep(t, g)
	}
	t.Fatalf("no %s window for seat %d", kind, seat)
}

// 2.6, 2.7: Emergency Repairs serves the start or the end of any combat
// round. From rules version 13 a player in a space combat holding an action
// card with a damaged unit in the system is asked at the end of each round,
// the last too, and the card repairs all their units there, on planets as
// in space.
func TestRule2_7_EmergencyRepairsAtARoundEnd(t *testing.T) {
	stage := func(s *State) {
		giveAC(1, "emergency_repairs")(s)
		s.System(9).Space = []Stack{{Owner: 1, Unit: "war_sun", Count: 1}}
		arnorHeldBy(1, Stack{Owner: 1, Unit: "mech", Count: 1, Damaged: 1})(s)
	}
	for _, rules := range []int{RulesWipes, RulesCurrent} {
		cfg := fixtureConfig()
		cfg.Rules = rules
		g := fixture(t, cfg, stage)
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 9)
		do(t, g, moveShips(0, 22, "carrier", 1))
		do(t, g, act(ActEndMovement, 0))
		if rules < RulesWindows {
			for c := g.State().Combat; c != nil; c = g.State().Combat {
				if c.Answer != nil && c.Answer.Kind == AnswerRoundEnd {
					t.Fatalf("version 12: a round-end window %+v", c.Answer)
				}
				fightStep(t, g)
			}
			continue
		}
		untilAnswer(t, g, AnswerRoundEnd, 1)
		play(t, g, playAC(1, "emergency_repairs"))
		s := g.State()
		for _, st := range planetIn(s.System(9), "Arnor").Units {
			if st.Damaged > 0 {
				t.Fatalf("Arnor %v: the mech is repaired", planetIn(s.System(9), "Arnor").Units)
			}
		}
		for _, st := range s.System(9).Space {
			if st.Owner == 1 && st.Damaged > 0 {
				t.Fatalf("space %v: the war sun is repaired", s.System(9).Space)
			}
		}
		checked(t, g)
	}
}

// From rules version 13 the end of a ground combat round asks each player
// in it holding an action card with a damaged unit in the system, and
// Emergency Repairs is played there, repairing a ship in the space area
// too; the defender, with no damaged unit, is not asked.
func TestRule2_7_EmergencyRepairsAtAGroundRoundEnd(t *testing.T) {
	g := groundRoundWith(t, RulesCurrent, func(s *State) {
		giveAC(0, "emergency_repairs")(s)
		giveAC(1, "sabotage")(s)
		for i := range s.System(22).Space {
			if st := &s.System(22).Space[i]; st.Unit == "dreadnought" {
				st.Damaged = st.Count
			}
		}
	}, "dreadnought")
	passRoundStart(t, g)
	for c := g.State().Combat; c != nil && (c.Answer == nil || c.Answer.Kind != AnswerGroundEnd); c = g.State().Combat {
		if c.Answer != nil && c.Answer.Kind == AnswerGroundRound {
			t.Fatalf("a second round began with no end-of-round window: %+v", c)
		}
		fightStep(t, g)
	}
	c := g.State().Combat
	if c == nil || c.Answer.Seat != 0 || len(c.x().Enders) != 0 {
		t.Fatalf("combat %+v: the invader alone is asked at the round's end", c)
	}
	play(t, g, playAC(0, "emergency_repairs"))
	if st := g.State().System(9).Space; damagedIn(g.State().System(9), 0) {
		t.Fatalf("space %v: the dreadnought is repaired", st)
	}
	do(t, g, act(ActPassWindow, 0))
	if c := g.State().Combat; c != nil && c.Answer != nil && c.Answer.Kind == AnswerGroundEnd {
		t.Fatal("the window opens once a round")
	}
	checked(t, g)
}

// 2.6b: after an activation, a second Flank Speed is refused and not
// offered. Games of rules version 12 replay as played: two Flank Speeds
// there add 2.
func TestRule2_6b_TacticalCardsOncePerActivation(t *testing.T) {
	for _, rules := range []int{RulesWipes, RulesCurrent} {
		cfg := fixtureConfig()
		cfg.Rules = rules
		g := fixture(t, cfg, func(s *State) {
			giveAC(0, "flank_speed", "flank_speed")(s)
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 23)
		play(t, g, playAC(0, "flank_speed"))
		if rules < RulesWindows {
			play(t, g, playAC(0, "flank_speed"))
			if b := g.State().Tactical.MoveBonus; b != 2 {
				t.Fatalf("version 12: move bonus %d", b)
			}
			continue
		}
		refuse(t, g, playAC(0, "flank_speed"), "2.6b")
		if slices.ContainsFunc(Legal(g.State(), engineRNG(), 0), func(a Action) bool { return a.Card == "flank_speed" }) {
			t.Fatal("a second Flank Speed is offered")
		}
		if tc := g.State().Tactical; tc.MoveBonus != 1 || !slices.Equal(tc.Cards, []string{"flank_speed"}) {
			t.Fatalf("move bonus %d, cards %v", tc.MoveBonus, tc.Cards)
		}
	}
}

// 2.6b: a cancelled card was not played: after Sabotage cancels a Flank
// Speed, another Flank Speed is played in the same activation.
func TestRule2_6b_CancelledCardIsNotPlayed(t *testing.T) {
	cfg := fixtureConfig()
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		giveAC(0, "flank_speed", "flank_speed")(s)
		giveAC(1, "sabotage")(s)
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 23)
	do(t, g, playAC(0, "flank_speed"))
	for pa := g.State().PendingAC; pa != nil; pa = g.State().PendingAC {
		if pa.Queue[0] == 1 {
			do(t, g, playAC(1, "sabotage"))
			continue
		}
		do(t, g, act(ActPassWindow, pa.Queue[0]))
	}
	if tc := g.State().Tactical; tc.MoveBonus != 0 || len(tc.Cards) != 0 {
		t.Fatalf("cancelled: move bonus %d, cards %v", tc.MoveBonus, tc.Cards)
	}
	play(t, g, playAC(0, "flank_speed"))
	if b := g.State().Tactical.MoveBonus; b != 1 {
		t.Fatalf("move bonus %d after the second Flank Speed", b)
	}
}

// 2.6b: Shields Holding cancels up to 2 of a roll's hits; a second on the
// same hits is refused.
func TestRule2_6b_ShieldsHoldingOncePerHits(t *testing.T) {
	cfg := fixtureConfig()
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		giveAC(1, "shields_holding", "shields_holding")(s)
		s.Players[0].Fleet, s.Players[1].Fleet = 8, 8
		s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "dreadnought", Count: 4})
		s.System(9).Space = []Stack{{Owner: 1, Unit: "war_sun", Count: 2}, {Owner: 1, Unit: "dreadnought", Count: 3}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", 5))
	do(t, g, act(ActEndMovement, 0))
	for i := 0; ; i++ {
		c := g.State().Combat
		if c == nil || i > 300 {
			t.Fatal("no roll of 3 hits or more on Sol")
		}
		if c.Answer == nil && len(c.Owed) > 0 && c.Owed[0].Seat == 1 && c.Owed[0].Rule == "78.6" && c.Owed[0].Hits >= 3 {
			h := c.Owed[0].Hits
			play(t, g, playAC(1, "shields_holding"))
			if o := g.State().Combat.Owed[0]; o.Seat != 1 || o.Hits != h-2 {
				t.Fatalf("owed %+v after cancelling 2 of %d", o, h)
			}
			refuse(t, g, playAC(1, "shields_holding"), "2.6b")
			if slices.ContainsFunc(Legal(g.State(), engineRNG(), 1), func(a Action) bool { return a.Card == "shields_holding" }) {
				t.Fatal("a second Shields Holding is offered on the same hits")
			}
			return
		}
		fightStep(t, g)
	}
}

// 2.6b: on one agenda, a second Diplomatic Pressure on the same player is
// refused and not offered; on another player it is played.
func TestRule2_6b_DiplomaticPressureOncePerPlayer(t *testing.T) {
	cfg := fixtureConfig()
	cfg.Rules = RulesCurrent
	g := agendaStartWith(t, cfg, []string{"mutiny"}, giveAC(0, "diplomatic_pressure", "diplomatic_pressure"))
	for ag := g.State().Agenda; ag != nil && ag.Window == "start"; ag = g.State().Agenda {
		do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
	}
	pressure := func(q int) Action {
		return Action{Kind: ActPlayAC, Seat: 0, Card: "diplomatic_pressure", ActionExtra: &ActionExtra{Player: ip(q)}}
	}
	play(t, g, pressure(1))
	do(t, g, Action{Kind: ActGiveNote, Seat: 1, Card: "sol:ceasefire"})
	for ag := g.State().Agenda; ag.WindowQueue[0] != 0; ag = g.State().Agenda {
		do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
	}
	refuse(t, g, pressure(1), "2.6b")
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Card == "diplomatic_pressure" && *a.extra().Player == 1 {
			t.Fatal("a second Diplomatic Pressure on seat 1 is offered")
		}
	}
	play(t, g, pressure(2))
	if s := g.State(); s.Step == nil || s.Step.Kind != StepGiveNote || s.Step.Seat != 2 {
		t.Fatalf("step %+v: seat 2 gives a note", s.Step)
	}
}

// The end-of-round window of a ground combat opens once a round: when
// the Nomad's The Thundarian takes a later round's roll back, the round
// before's end window, already had, does not open again.
func TestRule2_7_GroundRoundEndOnceWithTheThundarian(t *testing.T) {
	for seed := uint64(1); seed < 80; seed++ {
		cfg := fixtureConfig("hacan", "jolnar", "nomad")
		cfg.Seed, cfg.Rules = seed, RulesCurrent
		g := groundRoundWithConfig(t, cfg, func(s *State) {
			giveAC(0, "emergency_repairs")(s)
			s.Players[0].Fleet = 8
			s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "dreadnought", Count: 1, Damaged: 1})
		}, "dreadnought")
		ends := map[int]int{} // end windows by the round they close
		used := false
		for i := 0; i < 300; i++ {
			c := g.State().Combat
			if c == nil || c.Kind != "ground" {
				break
			}
			if a := c.Answer; a != nil {
				if a.Kind == AnswerGroundEnd {
					ends[c.Round]++
				}
				if a.Kind == AnswerGroundRolled && a.Seat == 2 && c.Round == 2 && !used {
					used = true
					do(t, g, use(2, "nomad:the_thundarian", Action{}))
					continue
				}
			}
			fightStep(t, g)
		}
		if !used {
			continue
		}
		for r, n := range ends {
			if n > 1 {
				t.Fatalf("seed %d: the end window of round %d opened %d times", seed, r, n)
			}
		}
		return
	}
	t.Fatal("no seed where The Thundarian answers a second ground round")
}
