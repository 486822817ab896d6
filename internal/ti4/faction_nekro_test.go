package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// Nekro Virus, Galactic Threat (8.16, 8.22): the Nekro cast no votes;
// once per agenda phase, after an agenda is revealed and before any vote,
// they predict its outcome; when it resolves so, they gain a technology of
// a player who voted for it (one they lack, not a faction's).
func TestFaction_Nekro_GalacticThreat(t *testing.T) {
	g := factionAgenda(t, []string{"nekro", "sol", "hacan"}, []string{"mutiny", "economic_equality"}, nil)
	refuse(t, g, use(0, "nekro:galactic_threat", Action{Outcome: "elect_someone"}), "8.22")
	for ag := g.State().Agenda; ag.Window == "when"; ag = g.State().Agenda {
		do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
	}
	do(t, g, use(0, "nekro:galactic_threat", Action{Outcome: For}))                // in the "after" window too
	refuse(t, g, use(0, "nekro:galactic_threat", Action{Outcome: Against}), "1.3") // once per agenda phase
	passWindows(t, g)
	if v := g.State().Agenda.Voters; slices.Contains(v, 0) {
		t.Fatalf("voters %v: the Nekro cast no votes", v)
	}
	sol := g.State().Players[1]
	jord := g.State().System(sol.Home).Planets[0].Name
	refuse(t, g, Action{Kind: ActVote, Seat: 0, Outcome: For}, "8.16")
	vote(t, g, 1, For, jord)
	abstain(t, g, 2)
	passWindows(t, g)
	st := g.State().Step
	if st == nil || st.Kind != StepAgendaTech || st.Seat != 0 || len(st.Cards) == 0 {
		t.Fatalf("step %+v: the Nekro gain one of Sol's technologies", st)
	}
	for _, id := range st.Cards {
		if !slices.Contains(sol.Techs, id) || slices.Contains(g.State().Players[0].Techs, id) {
			t.Fatalf("offered %s: a technology of Sol's that the Nekro lack", id)
		}
	}
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"}, "1.3")
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: st.Cards[0]})
	if !slices.Contains(g.State().Players[0].Techs, st.Cards[0]) {
		t.Fatal("gained")
	}
	passWindows(t, g)
	if ag := g.State().Agenda; ag != nil && ag.Card == "economic_equality" {
		refuse(t, g, use(0, "nekro:galactic_threat", Action{Outcome: For}), "1.3") // the phase's second agenda
	}
}

// Nekro Virus, Propagation (90, 91.2): the Nekro research nothing; the
// Technology card's research gains them 3 command tokens instead, the
// second paid for with 6 resources as any research; no technology is
// offered or accepted.
func TestFaction_Nekro_Propagation(t *testing.T) {
	cfg := fixtureConfig("nekro", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) { s.Players[0].TradeGoods = 6 })
	toActionPhase(t, g, "technology", "diplomacy", "politics", "leadership", "warfare", "trade")
	strategic(t, g, 0, "technology")
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Kind == ActResearch && a.Card != "" {
			t.Fatalf("offered %s: the Nekro research nothing", a.Card)
		}
	}
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"}, "90")
	before := g.State().Players[0]
	tokens := before.Tactic + before.Fleet + before.Strategy
	do(t, g, Action{Kind: ActResearch, Seat: 0})
	refuse(t, g, Action{Kind: ActResearch, Seat: 0}, "91.2") // the second costs 6
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 6})
	do(t, g, Action{Kind: ActResearch, Seat: 0})
	for i := 0; i < 2; i++ {
		st := g.State().Step
		if st == nil || st.Kind != StepGainTokens || st.Need != 3 {
			t.Fatalf("step %+v: 3 command tokens to place, twice", st)
		}
		do(t, g, Action{Kind: ActGainTokens, Seat: 0, Pools: &Pools{1, 1, 1}})
	}
	p := g.State().Players[0]
	if got := p.Tactic + p.Fleet + p.Strategy; got != tokens+6 || len(p.Techs) != len(before.Techs) {
		t.Fatalf("tokens %d, techs %v: 6 more tokens, no technology", got-tokens, p.Techs)
	}
}

// Nekro Virus, Technological Singularity (90): once per combat, after a
// unit of the opponent's is destroyed, the Nekro may gain one of that
// player's technologies they lack (not a faction's); the window does not
// open again in that combat, and never for the Nekro's losses.
func TestFaction_Nekro_TechnologicalSingularity(t *testing.T) {
	cfg := fixtureConfig("nekro", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := dreadnoughtsAttack(t, cfg, 3, []Stack{{Owner: 1, Unit: "destroyer", Count: 3}}, nil)
	windows := 0
	for i := 0; g.State().Combat != nil && i < 200; i++ {
		c := g.State().Combat
		if a := c.Answer; a != nil && a.Kind == AnswerLoss {
			if a.Seat != 0 || a.Owner != 1 {
				t.Fatalf("answer %+v: the Nekro answer Sol's losses alone", a)
			}
			windows++
			want := g.State().othersTechs(0, 1)
			var offered []string
			for _, o := range Legal(g.State(), engineRNG(), 0) {
				if o.Kind == ActUseAbility && o.Card == "nekro:technological_singularity" { // not the agent, usable in the action phase
					offered = append(offered, o.Outcome)
				}
			}
			if len(want) == 0 || !slices.Equal(offered, want) {
				t.Fatalf("offered %v, want Sol's technologies the Nekro lack %v", offered, want)
			}
			refuse(t, g, use(0, "nekro:technological_singularity", Action{Outcome: "gravity_drive"}), "90")
			do(t, g, use(0, "nekro:technological_singularity", Action{Outcome: want[0]}))
			if !slices.Contains(g.State().Players[0].Techs, want[0]) {
				t.Fatal("the technology is gained")
			}
			continue
		}
		fightStep(t, g)
	}
	if windows != 1 {
		t.Fatalf("%d windows: one per combat", windows)
	}
}

// Nekro, Antivirus (69.1): played at the start of a combat its holder
// fights, into their play area, where it keeps the Nekro from taking their
// technologies with Technological Singularity.
func TestFaction_Nekro_Antivirus(t *testing.T) {
	const note = "nekro:antivirus"
	cfg := fixtureConfig("sol", "nekro", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		giveNote(note, 0)(s)
		s.System(22).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 2}}
		s.System(9).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note}, "69.1") // no combat
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "cruiser", 2))
	do(t, g, act(ActEndMovement, 0))
	if c := g.State().Combat; c == nil || c.Answer == nil || c.Answer.Kind != AnswerSpaceStart || c.Answer.Seat != 0 {
		t.Fatalf("combat %+v: the holder's window at the start of the space combat", c)
	}
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
	s := g.State().Clone()
	s.Combat = &Combat{Kind: "space", Attacker: 1, Defender: 0, Answer: &Answer{Kind: AnswerLoss, Seat: 1, Owner: 0}}
	if got := singularityOptions(s, 1, nil); len(got) != 0 {
		t.Fatalf("offered %v: the holder's technologies are out of reach", got)
	}
	s.Players[0].NotesInPlay = nil
	if got := singularityOptions(s, 1, nil); len(got) == 0 {
		t.Fatal("without the note, Sol's technologies are offered")
	}
}

// Nekro, Valefar Assimilator X and Y (90.16, 97.1a): the Nekro start with
// both; Technological Singularity may put a token on the opponent's
// faction technology instead of gaining a technology: the Nekro then have
// its text (Valkyrie Particle Weave in combat), a unit upgrade's unit
// (Exotrireme II as their dreadnought); a third takes the older token.
func TestFaction_Nekro_ValefarAssimilators(t *testing.T) {
	g := factionGame(t, []string{"nekro", "sardakk", "hacan"}, func(s *State) {
		s.Players[1].Techs = append(s.Players[1].Techs, "valkyrie_particle_weave", "exotrireme_2", "duranium_armor")
	})
	s := g.State().Clone()
	if !slices.Contains(s.Players[0].Techs, "valefar_assimilator_x") || !slices.Contains(s.Players[0].Techs, "valefar_assimilator_y") {
		t.Fatalf("techs %v: the Nekro start with both", s.Players[0].Techs)
	}
	take := func(tech string) {
		t.Helper()
		s.Combat = &Combat{Kind: "space", System: 9, Attacker: 0, Defender: 1, Answer: &Answer{Kind: AnswerLoss, Seat: 0, Owner: 1}}
		if !slices.ContainsFunc(singularityOptions(s, 0, nil), func(a Action) bool { return a.Outcome == tech }) {
			t.Fatalf("%s not offered: %v", tech, singularityOptions(s, 0, nil))
		}
		rng := engine.NewRNG(1)
		ev, err := decide(s, use(0, "nekro:technological_singularity", Action{Outcome: tech}), &rng)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ev {
			Rules{}.Apply(s, e)
		}
	}
	take("valkyrie_particle_weave")
	if !s.combatTech(0).Valkyrie || slices.Contains(s.Players[0].Techs, "valkyrie_particle_weave") {
		t.Fatal("the weave's text is the Nekro's, by a token, not the technology itself")
	}
	take("exotrireme_2")
	if u := s.UnitCard(0, "dreadnought"); u.ID != "exotrireme_2" {
		t.Fatalf("the Nekro's dreadnought is %s, not the Exotrireme II", u.ID)
	}
	take("duranium_armor") // a generic technology: gained outright
	if !slices.Contains(s.Players[0].Techs, "duranium_armor") {
		t.Fatal("a generic technology is gained")
	}
	s.Players[1].Techs = append(s.Players[1].Techs, "l4_disruptors")
	take("l4_disruptors") // no token free: the older moves
	if !slices.Equal(s.Players[0].Assimilated, []string{"exotrireme_2", "l4_disruptors"}) || s.combatTech(0).Valkyrie {
		t.Fatalf("assimilated %v: the weave's token moved to L4 Disruptors", s.Players[0].Assimilated)
	}
}

// Nekro Virus, The Alastor (78.2, 78.3, 78.6): at the start of a space
// combat in its system, the Nekro choose ground forces in its space area
// to fight as ships: they roll at their combat value, take hits, and keep
// the combat going; the others stay out of it.
func TestFaction_Nekro_TheAlastor(t *testing.T) {
	const id = "the_alastor"
	cfg := fixtureConfig("nekro", "sol", "hacan")
	cfg.Rules = RulesCurrent
	s, rng, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.System(22).Space = []Stack{{Owner: 0, Unit: "flagship", Count: 1}, {Owner: 0, Unit: "infantry", Count: 3}}
	s.System(9).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
	// Sol's barrage 1 and 1; the flagship's dice 1 and 1, the two
	// infantry's 8 and 1; Sol's 10
	if err := rng.FixDice([]int{1, 1, 1, 1, 8, 1, 10}); err != nil {
		t.Fatal(err)
	}
	g := fixtureFrom(t, s, rng)
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "flagship", 1))
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 3})
	do(t, g, act(ActEndMovement, 0))
	c := g.State().Combat
	if c == nil || c.Answer == nil || c.Answer.Kind != AnswerSpaceStart || c.Answer.Seat != 0 {
		t.Fatalf("combat %+v: the Nekro choose at the combat's start", c)
	}
	var offered []int
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Card == id && a.Use {
			offered = append(offered, a.Count)
		}
	}
	if !slices.Equal(offered, []int{1, 2, 3}) {
		t.Fatalf("offered %v: 1 to 3 infantry", offered)
	}
	refuse(t, g, use(0, id, Action{Unit: "mech", Count: 1}), "78.2")     // none there
	refuse(t, g, use(0, id, Action{Unit: "infantry", Count: 4}), "78.2") // three there
	do(t, g, use(0, id, Action{Unit: "infantry", Count: 2}))
	refuse(t, g, use(0, id, Action{Unit: "infantry", Count: 1}), "78.2") // each type once
	do(t, g, act(ActPassWindow, 0))
	passAnswers(t, g) // Sol's barrage window (Waylay); the barrage hits no fighter
	do(t, g, act(ActNoRetreat, 1))
	do(t, g, act(ActNoRetreat, 0))
	c = g.State().Combat
	if len(c.Owed) != 2 || c.Owed[0].Seat != 0 || c.Owed[0].Hits != 1 || c.Owed[1].Seat != 1 || c.Owed[1].Hits != 1 {
		t.Fatalf("owed %+v: Sol's 10 hits the Nekro, one infantry's 8 hits Sol", c.Owed)
	}
	var targets []Stack
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Kind == ActAssignHit && !a.Use {
			targets = append(targets, Stack{Unit: a.Unit})
		}
	}
	if len(targets) != 2 || !slices.ContainsFunc(targets, func(x Stack) bool { return x.Unit == "infantry" }) {
		t.Fatalf("targets %v: the flagship or a fighting infantry", targets)
	}
	do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "infantry"})
	if got := g.State().Combat.x().AsShips; count(got, 0, "infantry") != 1 || count(g.State().System(9).Space, 0, "infantry") != 2 {
		t.Fatalf("fighting %v: one infantry lost of the two that fought, the third kept out", got)
	}
}

// Ground forces fighting as ships keep their side in the combat: with no
// ship left, the Nekro still fight while one of them lives.
func TestFaction_Nekro_TheAlastor_KeepsTheCombatGoing(t *testing.T) {
	sys := &System{Space: []Stack{{Owner: 0, Unit: "infantry", Count: 2}, {Owner: 1, Unit: "destroyer", Count: 1}}}
	c := &Combat{Kind: "space", Attacker: 0, Defender: 1}
	if fights(c, sys, 0) {
		t.Fatal("infantry in space alone do not fight")
	}
	c.CombatExtra = &CombatExtra{AsShips: []Stack{{Owner: 0, Unit: "infantry", Count: 1}}}
	if !fights(c, sys, 0) {
		t.Fatal("an infantry fighting as a ship keeps the Nekro in the combat")
	}
	fleet := fightingStacks(c, sys)
	if count(fleet, 0, "infantry") != 1 || count(fleet, 1, "destroyer") != 1 {
		t.Fatalf("fighting %v: one infantry of two, and the destroyer", fleet)
	}
}

// Valefar Assimilator on Floating Factory II (97.1a; found by the soak):
// the Nekro's space docks are Floating Factories from then on, placed in
// space; those already on planets stay where they stood, and the state
// stays valid.
func TestFaction_Nekro_ValefarFloatingFactory(t *testing.T) {
	cfg := fixtureConfig("nekro", "saar", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, nil)
	s := g.State().Clone()
	s.Players[1].Techs = append(s.Players[1].Techs, "floating_factory_2")
	s.Players[0].Assimilated = []string{"floating_factory_2"}
	if u := s.UnitCard(0, "space_dock"); u == nil || u.Faction != "saar" {
		t.Fatalf("the Nekro's space dock card %+v: the Saar's", u)
	}
	if err := s.Validate(); err != nil {
		t.Fatalf("the Nekro's dock on their home planet: %v", err)
	}
	if err := checkPlacement(s, 0, "space_dock", 1, s.System(s.Players[0].Home).Planets[0]); err == nil {
		t.Fatal("a new one goes in space, not on a planet")
	}
}

// Nekro, Mordred (55): +2 on the mech's rolls against a player on one of
// whose faction technologies the Nekro have an assimilator token; none
// against another.
func TestFactionUnit_Mordred(t *testing.T) {
	g := factionGame(t, []string{"nekro", "sol", "hacan"}, nil)
	s := g.State()
	if got := groundNeeds(t, s, 0, 1, "Arnor", Stack{Unit: "mech", Count: 6}); got != 6 {
		t.Fatalf("no token: the mech needs %d, want 6", got)
	}
	s.Players[0].Assimilated = []string{"spec_ops_2"} // Sol's
	if got := groundNeeds(t, s, 0, 1, "Arnor", Stack{Unit: "mech", Count: 6}); got != 4 {
		t.Fatalf("a token on Sol's technology: the mech needs %d, want 4", got)
	}
	if got := groundNeeds(t, s, 0, 2, "Arnor", Stack{Unit: "mech", Count: 6}); got != 6 {
		t.Fatalf("against the Hacan, on none of whose technologies is a token: %d, want 6", got)
	}
}

// Nekro, UNIT.DSGN.FLAYESH (hero): on a planet with a specialty in a
// system with Nekro units, the other player's units are destroyed, the
// Nekro gain its resources and influence in trade goods and a technology
// of its colour; purged. A technology of another colour is refused.
func TestFaction_Nekro_UnitDsgnFlayesh(t *testing.T) {
	var pl *Planet
	g := factionGame(t, []string{"nekro", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		for _, sys := range s.Systems {
			for _, p := range sys.Planets {
				if pl == nil && planetInfo(p).Tech == "blue" && !s.IsHomeSystem(sys.Pos) {
					pl = p
					p.Controller, p.Units = 1, []Stack{{Owner: 1, Unit: "infantry", Count: 2}}
					sys.Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}}
				}
			}
		}
	})
	name := pl.Name
	info := planetInfo(pl)
	tg := g.State().Players[0].TradeGoods
	refuse(t, g, use(0, "nekro:unit_dsgn_flayesh", Action{Planet: name, Outcome: "plasma_scoring"}), "51.10") // red
	do(t, g, use(0, "nekro:unit_dsgn_flayesh", Action{Planet: name, Outcome: "gravity_drive"}))
	s := g.State()
	if count(planet(t, g, name).Units, 1, "") != 0 || s.Players[0].TradeGoods != tg+info.Resources+info.Influence ||
		!slices.Contains(s.Players[0].Techs, "gravity_drive") || s.Players[0].Hero != Purged {
		t.Fatalf("units %v, trade goods %d, techs %v, hero %s", planet(t, g, name).Units, s.Players[0].TradeGoods, s.Players[0].Techs, s.Players[0].Hero)
	}
}

// The Nekro, Nekro Acidos (commander): after a player with it gains a
// technology they may draw an action card; lent by the Alliance to Sol
// (51.8), it answers Sol's research; locked, no window opens.
func TestFaction_Nekro_NekroAcidos(t *testing.T) {
	for _, state := range []string{Locked, Unlocked} {
		cfg := fixtureConfig("sol", "nekro", "hacan")
		cfg.Rules = RulesCurrent
		g := fixture(t, cfg, func(s *State) {
			s.Players[1].Commander = state
			s.Players[0].NotesInPlay = []string{"nekro:alliance"}
			s.Players[0].TradeGoods = 6
		})
		toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
		strategic(t, g, 0, "technology")
		hand := len(g.State().Players[0].ActionCards)
		do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "sarween_tools"})
		do(t, g, act(ActDone, 0)) // no second technology: the window queued behind the research opens
		st := g.State().Step
		if open := st != nil && st.Card == "nekro:nekro_acidos" && st.Seat == 0; open != (state == Unlocked) {
			t.Fatalf("commander %s: window %v (step %+v)", state, open, st)
		}
		if state == Locked {
			continue
		}
		do(t, g, use(0, "nekro:nekro_acidos", Action{}))
		if got := len(g.State().Players[0].ActionCards); got != hand+1 {
			t.Fatalf("%d action cards, want %d", got, hand+1)
		}
	}
}

// The Nekro, Nekro Malleon (agent, 51.4): exhausted in the action phase,
// it lets a player chosen discard an action card or spend a command token
// from their sheet for 2 trade goods, in a window of theirs that no one
// else may answer; they may let it go.
func TestFaction_Nekro_NekroMalleon(t *testing.T) {
	const agent = "nekro:nekro_malleon"
	start := func() *Game {
		return factionGame(t, []string{"nekro", "sol", "hacan"}, giveAC(1, "sabotage"))
	}
	g := start()
	do(t, g, use(0, agent, Action{}.forPlayer(1)))
	st := g.State().Step
	if st == nil || st.Seat != 1 || st.Card != agent || !slices.Contains(g.State().Players[0].ExhaustedTechs, agent) {
		t.Fatalf("Sol's window, the agent exhausted: %+v", st)
	}
	refuse(t, g, use(2, agent, Action{Outcome: "sabotage"}), "1.3")
	refuse(t, g, use(1, agent, Action{Outcome: "parley"}), "51.4")
	refuse(t, g, use(1, agent, Action{Pools: &Pools{Tactic: 2}}), "51.4")
	tg := g.State().Players[1].TradeGoods
	do(t, g, use(1, agent, Action{Outcome: "sabotage"}))
	s := g.State()
	if p := s.Players[1]; p.TradeGoods != tg+malleonTG || slices.Contains(p.ActionCards, "sabotage") || !slices.Contains(s.Decks.ActionDiscard, "sabotage") {
		t.Fatalf("Sol discarded Sabotage for 2 trade goods: %d, %v", p.TradeGoods, p.ActionCards)
	}
	refuse(t, g, use(0, agent, Action{}.forPlayer(2)), "34.4") // exhausted

	g = start()
	do(t, g, use(0, agent, Action{}.forPlayer(1)))
	p := g.State().Players[1]
	pools := Pools{p.Tactic, p.Fleet - 1, p.Strategy}
	do(t, g, use(1, agent, Action{Pools: &Pools{Fleet: 1}}))
	if p := g.State().Players[1]; (Pools{p.Tactic, p.Fleet, p.Strategy}) != pools {
		t.Fatalf("a fleet token spent: %d/%d/%d", p.Tactic, p.Fleet, p.Strategy)
	}

	g = start()
	do(t, g, use(0, agent, Action{}.forPlayer(1)))
	do(t, g, Action{Kind: ActUseAbility, Seat: 1, Card: agent}) // let go
	if g.State().Step != nil || g.State().Players[1].TradeGoods != tg {
		t.Fatal("Sol may let it go")
	}
}
