package ti4

import (
	"slices"
	"testing"
)

// Sol, Versatile (81.5): three command tokens in the status phase.
func TestFaction_Sol_Versatile(t *testing.T) {
	g := factionGame(t, []string{"jolnar", "sol", "hacan"}, nil)
	if gain := statusGain(g); gain[1] != 3 || gain[0] != 2 {
		t.Fatalf("gains %v: Sol 3, the others 2", gain)
	}
	cfg := fixtureConfig()
	if gain := statusGain(fixture(t, cfg, nil)); gain[1] != 2 {
		t.Fatalf("under the second rules version Sol gains %d, as the game was played", gain[1])
	}
}

// Sol, Orbital Drop (1.11, 22): a component action, paid with a strategy
// token, for 2 infantry on a planet Sol controls.
func TestFaction_Sol_OrbitalDrop(t *testing.T) {
	g := factionGame(t, []string{"sol", "jolnar", "hacan"}, nil)
	home := g.State().Players[0].Home
	jord := g.State().System(home).Planets[0].Name
	refuse(t, g, use(0, "sol:orbital_drop", Action{Planet: "Nar"}), "1.3") // Jol-Nar's
	before := count(planet(t, g, jord).Units, 0, "infantry")
	strategy := g.State().Players[0].Strategy
	do(t, g, use(0, "sol:orbital_drop", Action{Planet: jord}))
	s := g.State()
	if count(planet(t, g, jord).Units, 0, "infantry") != before+2 || s.Players[0].Strategy != strategy-1 || s.Turn == 0 {
		t.Fatal("two infantry for a strategy token, and the turn ends")
	}
	g = factionGame(t, []string{"sol", "jolnar", "hacan"}, func(s *State) { s.Players[0].Strategy = 0 })
	refuse(t, g, use(0, "sol:orbital_drop", Action{Planet: jord}), "1.11")
}

// Sol, Military Support: at the start of Sol's turn the holder's window
// opens; played, a token leaves Sol's strategy pool and 2 infantry land on
// a planet of the holder's. Let go, it stays in hand.
func TestFaction_Sol_MilitarySupport(t *testing.T) {
	const note = "sol:military_support"
	for _, play := range []bool{true, false} {
		cfg := fixtureConfig("jolnar", "sol", "hacan")
		cfg.Rules = RulesCurrent
		g := fixture(t, cfg, giveNote(note, 0))
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		quickTactical(t, g, 0, 1)
		settle(t, g)
		st := g.State().Step
		if st == nil || st.Kind != StepNoteWindow || st.Seat != 0 || g.State().Turn != 1 {
			t.Fatalf("step %+v: at the start of Sol's turn, Jol-Nar's window", st)
		}
		if !play {
			do(t, g, act(ActDone, 0))
			if g.State().Step != nil || !slices.Contains(g.State().Players[0].Promissory, note) {
				t.Fatal("let go: Sol's turn goes on, the note stays in hand")
			}
			continue
		}
		before := count(planet(t, g, "Jol").Units, 0, "infantry")
		strategy := g.State().Players[1].Strategy
		do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Planet: "Jol"})
		s := g.State()
		if count(planet(t, g, "Jol").Units, 0, "infantry") != before+2 || s.Players[1].Strategy != strategy-1 || !slices.Contains(s.Players[1].Promissory, note) {
			t.Fatalf("Jol %v, Sol's strategy %d of %d", planet(t, g, "Jol").Units, s.Players[1].Strategy, strategy)
		}
	}
}

// Sol, Jace X (51.9-51.12): once unlocked, as an action every command
// token of Sol's on the board goes back to reinforcements, and the hero is
// purged; locked, it is not offered.
func TestFaction_Sol_JaceX_HelioCommandArray(t *testing.T) {
	const id = "sol:jace_x_4th_air_legion"
	stage := func(hero string) func(s *State) {
		return func(s *State) {
			s.Players[0].Hero = hero
			s.System(9).Command = []int{0, 1}
			s.System(23).Command = []int{0}
		}
	}
	g := leadersGame(t, []string{"sol", "hacan", "letnev"}, stage(""))
	refuse(t, g, use(0, id, Action{}), "1.3") // locked: Sol has no such ability yet
	g = leadersGame(t, []string{"sol", "hacan", "letnev"}, stage(Unlocked))
	before := g.State().CommandReinforcements(0)
	do(t, g, use(0, id, Action{}))
	s := g.State()
	if slices.Contains(s.System(9).Command, 0) || slices.Contains(s.System(23).Command, 0) || !slices.Contains(s.System(9).Command, 1) {
		t.Fatalf("tokens %v %v: Sol's back, Hacan's stays", s.System(9).Command, s.System(23).Command)
	}
	if s.CommandReinforcements(0) != before+2 || s.Players[0].Hero != Purged || s.Turn == 0 {
		t.Fatalf("reinforcements %d (was %d), hero %q, turn %d: two back, purged, the turn over", s.CommandReinforcements(0), before, s.Players[0].Hero, s.Turn)
	}
}

// Sol, Claire Gibson (42.4a, 51.6): unlocked, at the start of a ground
// combat on a planet Sol controls, an infantry from reinforcements joins
// it, once; the invader has no such window.
func TestFaction_Sol_ClaireGibson(t *testing.T) {
	const id = "sol:claire_gibson"
	cfg := fixtureConfig("hacan", "sol", "letnev")
	cfg.Rules = RulesLeaders
	g := invadeArnorAs(t, cfg, func(s *State) {
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 1})(s)
		s.Players[1].Commander = Unlocked
	})
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	for i := 0; i < 5; i++ { // Parley's window, the invader's start window
		s := g.State()
		if c := s.Combat; c != nil && c.Answer != nil && c.Answer.Seat == 1 {
			break
		}
		switch {
		case s.Invasion != nil && s.Invasion.Ask != nil:
			do(t, g, act(ActPassWindow, s.Invasion.Ask.Seat))
		case s.Combat != nil && s.Combat.Answer != nil:
			do(t, g, act(ActPassWindow, s.Combat.Answer.Seat))
		}
	}
	c := g.State().Combat
	if c == nil || c.Answer == nil || c.Answer.Seat != 1 {
		t.Fatalf("combat %+v: Sol's window at the start of the ground combat", c)
	}
	do(t, g, use(1, id, Action{}))
	if n := count(planet(t, g, "Arnor").Units, 1, "infantry"); n != 2 {
		t.Fatalf("Sol's infantry on Arnor %d, want 2", n)
	}
	refuse(t, g, use(1, id, Action{}), "1.3") // once a combat
}

// Sol, ZS Thunderbolt M2 (30, 55.3): with Orbital Drop, a mech on the same
// planet for 3 resources; refused unpaid, or with none in reinforcements
// (30.2).
func TestFactionUnit_ZSThunderboltM2(t *testing.T) {
	g := factionGame(t, []string{"sol", "jolnar", "hacan"}, func(s *State) { s.Players[0].TradeGoods = 3 })
	jord := g.State().System(g.State().Players[0].Home).Planets[0].Name
	refuse(t, g, use(0, "sol:orbital_drop", Action{Planet: jord, Unit: "mech", ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 2}}}), "47.3")
	do(t, g, use(0, "sol:orbital_drop", Action{Planet: jord, Unit: "mech", ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 3}}}))
	if pl := planet(t, g, jord); count(pl.Units, 0, "mech") != 1 || g.State().Players[0].TradeGoods != 0 {
		t.Fatalf("units %v, %d trade goods: a mech for 3", pl.Units, g.State().Players[0].TradeGoods)
	}
	g = factionGame(t, []string{"sol", "jolnar", "hacan"}, func(s *State) {
		s.Players[0].TradeGoods = 3
		s.System(s.Players[0].Home).Planets[0].Units = append(s.System(s.Players[0].Home).Planets[0].Units, Stack{Owner: 0, Unit: "mech", Count: 4})
	})
	refuse(t, g, use(0, "sol:orbital_drop", Action{Planet: jord, Unit: "mech", ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 3}}}), "30.2")
	refuse(t, g, use(0, "sol:orbital_drop", Action{Planet: jord, Unit: "war_sun"}), "")
}

// Sol, Evelyn Delouis (agent): at the start of a ground combat round, one
// ground force in the combat rolls a die more this round: 3 dice for 2
// infantry; the agent is exhausted.
func TestFaction_Sol_EvelynDelouis(t *testing.T) {
	cfg := fixtureConfig("sol", "hacan", "jolnar")
	cfg.Rules = RulesCurrent
	g := invadeArnorAs(t, cfg, arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 3}))
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	do(t, g, act(ActPassWindow, 1)) // no Parley
	passStart(t, g)
	c := g.State().Combat
	if c.Answer == nil || c.Answer.Kind != AnswerGroundRound || c.Answer.Seat != 0 {
		t.Fatalf("combat %+v: Sol's window at the round's start", c)
	}
	refuse(t, g, use(0, "sol:evelyn_delouis", Action{Unit: "mech", ActionExtra: &ActionExtra{Player: ip(0)}}), "51.4")
	do(t, g, use(0, "sol:evelyn_delouis", Action{Unit: "infantry", ActionExtra: &ActionExtra{Player: ip(0)}}))
	ev := do(t, g, act(ActPassWindow, 0))
	if n := len(combatDice(ev)); n != 3+3 {
		t.Fatalf("%d dice: Sol's 2 infantry and one more, and the Hacan's 3", n)
	}
	if !slices.Contains(g.State().Players[0].ExhaustedTechs, "sol:evelyn_delouis") {
		t.Fatal("the agent is exhausted")
	}
}
