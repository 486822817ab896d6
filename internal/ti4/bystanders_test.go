package ti4

import (
	"slices"
	"testing"
)

// solAttacksHacan has Sol (seat 0) move a dreadnought and a carrier into
// the Hacan's (seat 1) three cruisers; the third seat is a bystander.
func solAttacksHacan(t *testing.T, bystander string, rules int) *Game {
	t.Helper()
	return attacksCruisers(t, rules, "sol", "hacan", bystander)
}

// attacksCruisers has seat 0 of factions move a dreadnought and a carrier
// from position 9 into seat 1's three cruisers at position 23, its
// movement ended.
func attacksCruisers(t *testing.T, rules int, factions ...string) *Game {
	t.Helper()
	cfg := fixtureConfig(factions...)
	cfg.Rules = rules
	g := fixture(t, cfg, func(s *State) {
		s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}, {Owner: 0, Unit: "carrier", Count: 1}}
		s.System(23).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 3}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 23)
	do(t, g, moveShips(0, 9, "dreadnought", 1))
	do(t, g, moveShips(0, 9, "carrier", 1))
	do(t, g, act(ActEndMovement, 0))
	return g
}

// answerFor fails unless the combat waits on seat in a window of kind.
func answerFor(t *testing.T, g *Game, seat int, kind string) {
	t.Helper()
	if c := g.State().Combat; c == nil || c.Answer == nil || c.Answer.Seat != seat || c.Answer.Kind != kind {
		t.Fatalf("combat %+v: seat %d's %s window", c, seat, kind)
	}
}

// 51.4: Viscount Unlenn is used at the start of any player's space combat
// round, the Letnev in it or not (rules version 10): the Letnev, not in
// the combat, are asked before the retreats are announced, and give a
// Hacan cruiser a die more.
func TestRule51_4_AgentInOthersCombat_ViscountUnlenn(t *testing.T) {
	g := solAttacksHacan(t, "letnev", RulesAgents)
	for c := g.State().Combat; c.Answer != nil && c.Answer.Kind != AnswerSpaceRound; c = g.State().Combat {
		do(t, g, act(ActPassWindow, c.Answer.Seat)) // the windows before the round
	}
	answerFor(t, g, 2, AnswerSpaceRound)
	refuse(t, g, act(ActNoRetreat, 1), "1.14") // the bystander answers first
	refuse(t, g, use(2, "letnev:viscount_unlenn", Action{Unit: "dreadnought", ActionExtra: &ActionExtra{Player: ip(1)}}), "51.4")
	do(t, g, use(2, "letnev:viscount_unlenn", Action{Unit: "cruiser", ActionExtra: &ActionExtra{Player: ip(1)}}))
	do(t, g, act(ActPassWindow, 2))
	do(t, g, act(ActNoRetreat, 1))
	ev := do(t, g, act(ActNoRetreat, 0))
	if n := len(combatDice(ev)); n != 2+3+1 {
		t.Fatalf("%d dice: Sol's 2, the Hacan's 3 and one more", n)
	}
	declineWindows(t, g)
	if c := g.State().Combat; c != nil && c.Answer != nil && c.Answer.Kind == AnswerSpaceRound {
		t.Fatal("the agent exhausted, the Letnev are not asked again")
	}
}

// Under rules version 9 the agent served only combats the Letnev fought:
// no window for a bystander, so that those games replay as they were.
func TestRule51_4_AgentInOthersCombat_Version9(t *testing.T) {
	g := solAttacksHacan(t, "letnev", RulesCodex)
	declineWindows(t, g)
	if c := g.State().Combat; c == nil || c.Step != CbAnnounceD || c.Answer != nil {
		t.Fatalf("combat %+v: the defender announces, no one else asked", c)
	}
	refuse(t, g, use(2, "letnev:viscount_unlenn", Action{Unit: "cruiser", ActionExtra: &ActionExtra{Player: ip(1)}}), "1.14")
}

// 51.4: The Thundarian, not in the combat, answers its roll: no hits are
// assigned and the round's dice are rolled again.
func TestRule51_4_AgentInOthersCombat_TheThundarian(t *testing.T) {
	g := solAttacksHacan(t, "nomad", RulesAgents)
	declineWindows(t, g)
	do(t, g, act(ActNoRetreat, 1))
	do(t, g, act(ActNoRetreat, 0))
	answerFor(t, g, 2, AnswerRolled)
	first := slices.Clone(g.State().Combat.x().Dice)
	ev := do(t, g, use(2, "nomad:the_thundarian", Action{}))
	if n := len(combatDice(ev)); n != 2+3 {
		t.Fatalf("%d dice rolled again, want the round's 5 (first roll %v)", n, first)
	}
	if !slices.Contains(g.State().Players[2].ExhaustedTechs, "nomad:the_thundarian") {
		t.Fatal("the agent is exhausted")
	}
	if c := g.State().Combat; c != nil && c.Answer != nil && c.Answer.Seat == 2 {
		t.Fatalf("the Nomad are not asked again: %+v", c.Answer)
	}
}

// 51.4: Evelyn Delouis, Sol not in the ground combat, gives one of the
// Jol-Nar's defending infantry a die more at the start of a round.
func TestRule51_4_AgentInOthersCombat_EvelynDelouis(t *testing.T) {
	cfg := fixtureConfig("hacan", "jolnar", "sol")
	cfg.Rules = RulesAgents
	g := invadeArnorAs(t, cfg, arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 3}))
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	for c, inv := g.State().Combat, g.State().Invasion; (c == nil || c.Answer == nil || c.Answer.Kind != AnswerGroundRound) && inv.Ask != nil; c, inv = g.State().Combat, g.State().Invasion {
		do(t, g, act(ActPassWindow, inv.Ask.Seat)) // no Parley
	}
	passStart(t, g)
	answerFor(t, g, 2, AnswerGroundRound)
	refuse(t, g, use(0, "sol:evelyn_delouis", Action{Unit: "infantry", ActionExtra: &ActionExtra{Player: ip(1)}}), "1.3")
	do(t, g, use(2, "sol:evelyn_delouis", Action{Unit: "infantry", ActionExtra: &ActionExtra{Player: ip(1)}}))
	ev := do(t, g, act(ActPassWindow, 2))
	if n := len(combatDice(ev)); n != 2+3+1 {
		t.Fatalf("%d dice: the Hacan's 2 infantry, the Jol-Nar's 3 and one more", n)
	}
}

// hacanInvadesJolnar has the Hacan (seat 0) invade Arnor, held by 3
// Jol-Nar infantry, with 2 infantry, the Nomad (seat 2) not in it, up to
// the first ground combat round's roll.
func hacanInvadesJolnar(t *testing.T, rules int) *Game {
	t.Helper()
	cfg := fixtureConfig("hacan", "jolnar", "nomad")
	cfg.Rules = rules
	g := invadeArnorAs(t, cfg, arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 3}))
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	for c, inv := g.State().Combat, g.State().Invasion; (c == nil || c.Round == 0) && inv.Ask != nil; c, inv = g.State().Combat, g.State().Invasion {
		do(t, g, act(ActPassWindow, inv.Ask.Seat)) // no Parley
	}
	passStart(t, g)
	for c := g.State().Combat; c != nil && c.Round == 0 && c.Answer != nil; c = g.State().Combat {
		do(t, g, act(ActPassWindow, c.Answer.Seat)) // the round's window
	}
	return g
}

// 51.4: The Thundarian, not in the ground combat, answers its round's
// roll (rules version 11): no hits are assigned and the round's dice are
// rolled again, the round's number unchanged; the Nomad are not asked
// again. Before version 11 no window opens after a ground combat roll.
func TestRule51_4_AgentInOthersCombat_TheThundarianGround(t *testing.T) {
	g := hacanInvadesJolnar(t, RulesCurrent)
	for c := g.State().Combat; c.Answer != nil && c.Answer.Kind == "ground_roll"; c = g.State().Combat {
		do(t, g, act(ActPassWindow, c.Answer.Seat)) // no Fire Team
	}
	answerFor(t, g, 2, AnswerGroundRolled)
	refuse(t, g, act(ActPassWindow, 0), "1.14")
	ev := do(t, g, use(2, "nomad:the_thundarian", Action{}))
	if n := len(combatDice(ev)); n != 2+3 {
		t.Fatalf("%d dice rolled again, want the round's 5", n)
	}
	s := g.State()
	if !slices.Contains(s.Players[2].ExhaustedTechs, "nomad:the_thundarian") {
		t.Fatal("the agent is exhausted")
	}
	if c := s.Combat; c == nil || c.Round != 1 || (c.Answer != nil && c.Answer.Seat == 2) {
		t.Fatalf("the first round rolled again, the Nomad not asked: %+v", c)
	}

	g = hacanInvadesJolnar(t, RulesAgents)
	for c := g.State().Combat; c != nil && c.Answer != nil; c = g.State().Combat {
		if c.Answer.Kind != "ground_roll" {
			t.Fatalf("rules version 10: a window after the ground roll %+v", c.Answer)
		}
		do(t, g, act(ActPassWindow, c.Answer.Seat))
	}
}

// The Thundarian taking back a ground combat roll keeps the round's
// Supercharge: the Hacan's infantry roll again at +1 (their misses needing
// 7, not 8).
func TestRule51_4_AgentInOthersCombat_TheThundarianKeepsSupercharge(t *testing.T) {
	for seed := uint64(1); seed < 30; seed++ {
		cfg := fixtureConfig("hacan", "jolnar", "nomad")
		cfg.Seed, cfg.Rules = seed, RulesCurrent
		g := invadeArnorAs(t, cfg, func(s *State) {
			arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 3})(s)
			s.Players[0].Techs = append(s.Players[0].Techs, "supercharge")
		})
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
		do(t, g, act(ActEstablishControl, 0))
		for c, inv := g.State().Combat, g.State().Invasion; (c == nil || c.Round == 0) && inv.Ask != nil; c, inv = g.State().Combat, g.State().Invasion {
			do(t, g, act(ActPassWindow, inv.Ask.Seat))
		}
		passStart(t, g)
		for c := g.State().Combat; c != nil && c.Round == 0 && c.Answer != nil; c = g.State().Combat {
			if c.Answer.Seat == 0 && len(c.Boost) == 0 {
				do(t, g, use(0, "supercharge", Action{}))
				continue
			}
			do(t, g, act(ActPassWindow, c.Answer.Seat))
		}
		for c := g.State().Combat; c.Answer != nil && c.Answer.Kind == "ground_roll"; c = g.State().Combat {
			do(t, g, act(ActPassWindow, c.Answer.Seat))
		}
		answerFor(t, g, 2, AnswerGroundRolled)
		do(t, g, use(2, "nomad:the_thundarian", Action{}))
		for _, m := range g.State().Combat.Misses {
			if m.Seat == 0 {
				if m.Hit != 7 {
					t.Fatalf("seed %d: the Hacan's misses needed %d again, want 7 (Supercharge's +1)", seed, m.Hit)
				}
				return
			}
		}
	}
	t.Fatal("no seed left the Hacan a miss")
}

// brokeSolProduces has Sol (seat 0), every planet exhausted and no trade
// goods, at the production of a tactical action in their home system.
func brokeSolProduces(t *testing.T, rules int) *Game {
	t.Helper()
	cfg := fixtureConfig("sol", "hacan", "winnu")
	cfg.Rules = rules
	g := fixture(t, cfg, func(s *State) {
		p := s.Players[0]
		p.TradeGoods, p.Fleet, p.Strategy = 0, p.Fleet+p.Strategy, 0
		for _, pl := range s.ownPlanets(0) {
			pl.Exhausted = true
		}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, g.State().Players[0].Home)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	return g
}

// 51.4: Berekar Berekon takes 2 off any player's production (rules
// version 10): the Winnu, not producing, use it on Sol's, and Sol's
// cruiser is free; the Winnu's agent is exhausted, not Sol's anything.
func TestRule51_4_AgentOnOthersProduction_BerekarBerekon(t *testing.T) {
	const id = "winnu:berekar_berekon"
	g := brokeSolProduces(t, RulesAgents)
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 1}, "26.1")
	if !slices.ContainsFunc(Legal(g.State(), engineRNG(), 2), func(a Action) bool { return a.Kind == ActUseAbility && a.Card == id }) {
		t.Fatal("the Winnu are offered their agent on Sol's production")
	}
	do(t, g, use(2, id, Action{}))
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 1})
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 1}, "26.1") // 2 off, not more
	do(t, g, act(ActEndTactical, 0))
	if s := g.State(); !slices.Contains(s.Players[2].ExhaustedTechs, id) || slices.Contains(s.Players[0].ExhaustedTechs, id) {
		t.Fatalf("the Winnu's agent exhausted: %v, %v", s.Players[2].ExhaustedTechs, s.Players[0].ExhaustedTechs)
	}
	refuse(t, g, use(2, id, Action{}), "1.3") // no production under way
}

// Under rules version 9 the Winnu used it on their own production only.
func TestRule51_4_AgentOnOthersProduction_Version9(t *testing.T) {
	g := brokeSolProduces(t, RulesCodex)
	refuse(t, g, use(2, "winnu:berekar_berekon", Action{}), "4") // not the active player
}

// solResearches has Sol (seat 0, 4 trade goods) resolve Technology's
// primary with the Jol-Nar (seat 1) beside: the first technology taken,
// the second to pay for.
func solResearches(t *testing.T, rules int) *Game {
	t.Helper()
	cfg := fixtureConfig("sol", "jolnar", "hacan")
	cfg.Rules = rules
	g := fixture(t, cfg, func(s *State) { s.Players[0].TradeGoods = 4 })
	toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
	strategic(t, g, 0, "technology")
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "sarween_tools"})
	return g
}

// 51.4, 90: Doctor Sucaban on another player's research (rules version
// 10): the Jol-Nar lend it, Sol name up to 2 of their own infantry, each
// paying 1; the Jol-Nar may not name Sol's infantry, nor Sol take 3.
func TestRule51_4_AgentOnOthersResearch_DoctorSucaban(t *testing.T) {
	const id = "jolnar:doctor_sucaban"
	g := solResearches(t, RulesAgents)
	home := g.State().Players[0].Home
	ref := UnitRef{System: home, Planet: "Jord", Unit: "infantry"}
	refuse(t, g, use(0, id, Action{ActionExtra: &ActionExtra{Units: []UnitRef{ref}}}), "1.3") // not lent yet
	refuse(t, g, use(1, id, Action{ActionExtra: &ActionExtra{Units: []UnitRef{ref}}}), "51.4")
	do(t, g, use(1, id, Action{}))
	if s := g.State(); !slices.Contains(s.Players[1].ExhaustedTechs, id) || !slices.Equal(s.Step.Aids, []string{id}) {
		t.Fatalf("the Jol-Nar's agent exhausted (%v), lent to Sol (%v)", s.Players[1].ExhaustedTechs, s.Step.Aids)
	}
	refuse(t, g, use(0, id, Action{ActionExtra: &ActionExtra{Units: []UnitRef{ref, ref, ref}}}), "51.4")
	inf := count(planetIn(g.State().System(home), "Jord").Units, 0, "infantry")
	do(t, g, use(0, id, Action{ActionExtra: &ActionExtra{Units: []UnitRef{ref, ref}}}))
	s := g.State()
	if s.Step.Spent != 2 || len(s.Step.Aids) != 0 || count(planetIn(s.System(home), "Jord").Units, 0, "infantry") != inf-2 || slices.Contains(s.Players[0].ExhaustedTechs, id) {
		t.Fatalf("step %+v; Sol's exhausted %v", s.Step, s.Players[0].ExhaustedTechs)
	}
	refuse(t, g, use(0, id, Action{ActionExtra: &ActionExtra{Units: []UnitRef{ref}}}), "1.3") // used once
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 4})
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"})
	if !g.State().Players[0].HasTech("gravity_drive") {
		t.Fatal("the second technology, paid 2 by infantry and 4 by trade goods")
	}
}

// Under rules version 9 the agent served the Jol-Nar's own research only.
func TestRule51_4_AgentOnOthersResearch_Version9(t *testing.T) {
	g := solResearches(t, RulesCodex)
	refuse(t, g, use(1, "jolnar:doctor_sucaban", Action{}), "82.3")
}
