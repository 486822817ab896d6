package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// Sardakk N'orr, Unrelenting, and Jol-Nar, Fragile (78.5, 42.2): +1 and
// -1 to each combat roll, in play: a fighter (9) of Sardakk's hits on 8,
// one of Jol-Nar's only on 10. The odds take the same definitions.
func TestFaction_Sardakk_Unrelenting_JolNar_Fragile(t *testing.T) {
	g := factionGame(t, []string{"sardakk", "jolnar", "hacan"}, nil)
	s := g.State()
	stacks := []Stack{{Owner: 0, Unit: "fighter", Count: 1}, {Owner: 1, Unit: "fighter", Count: 1}}
	for seed := uint64(1); seed < 200; seed++ {
		r := engine.NewRNG(seed)
		var faces []int
		hs := s.combatRoll(0, stacks, 0, 0, false, &r, &faces, nil)
		hj := s.combatRoll(1, stacks, 0, 0, false, &r, &faces, nil)
		if want := btoi(faces[0] >= 8); hs != want {
			t.Fatalf("Sardakk rolled %d: %d hits, want %d", faces[0], hs, want)
		}
		if want := btoi(faces[1] >= 10); hj != want {
			t.Fatalf("Jol-Nar rolled %d: %d hits, want %d", faces[1], hj, want)
		}
	}
	for name, want := range map[string]int{"sardakk": 1, "Jol-Nar": -1, "hacan": 0} {
		if got, err := FactionCombatMod(name); err != nil || got != want {
			t.Fatalf("%s: %d %v, want %d", name, got, err, want)
		}
	}
}

// Sardakk N'orr, Tekklar Legion (69.1, 42.4a, 42.2): at the start of a
// ground combat its holder fights, +1 to the holder's rolls for that
// combat and -1 to the N'orr's when they are the opponent; the note goes
// back at once. The dice that miss show it: the value a reroll needs.
func TestFaction_Sardakk_TekklarLegion(t *testing.T) {
	const note = "sardakk:tekklar_legion"
	checked := false
	for seed := uint64(1); seed < 30 && !checked; seed++ {
		cfg := fixtureConfig("jolnar", "sardakk", "hacan")
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := invadeArnorAs(t, cfg, func(s *State) {
			giveNote(note, 0)(s)
			arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 3})(s)
		})
		refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note}, "69.1") // no ground combat yet
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
		do(t, g, act(ActEstablishControl, 0))
		do(t, g, act(ActPassWindow, 1)) // no Parley
		c := g.State().Combat
		if c == nil || c.Kind != "ground" || c.Answer == nil || c.Answer.Kind != "start" || c.Answer.Seat != 0 {
			t.Fatalf("the ground combat's start, the invader first: %+v", c)
		}
		if !noteOffered(g, 0, note) {
			t.Fatal("offered at the start of the ground combat")
		}
		do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
		s := g.State()
		if !slices.Contains(s.Combat.Legion, 0) || !slices.Contains(s.Players[1].Promissory, note) {
			t.Fatalf("legion %v, the N'orr's notes %v", s.Combat.Legion, s.Players[1].Promissory)
		}
		passStart(t, g)
		for _, m := range g.State().Combat.Misses {
			switch { // Jol-Nar's infantry hit on 8 with Fragile's -1; the N'orr's on 8 with Unrelenting's +1
			case m.Seat == 0 && m.Hit != 8, m.Seat == 1 && m.Hit != 8:
				t.Fatalf("seed %d: seat %d's misses need %d: +1 to the holder, -1 to the N'orr", seed, m.Seat, m.Hit)
			}
			checked = true
		}
	}
	if !checked {
		t.Fatal("no miss to read the modifiers from")
	}
}

// Sardakk N'orr, Valkyrie Particle Weave (42): in a ground combat round
// in which the opponent hits, the N'orr owe one more hit to them.
func TestFactionTech_ValkyrieParticleWeave(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed < 40 && checked < 3; seed++ {
		cfg := fixtureConfig("sardakk", "sol", "hacan")
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := invadeArnorAs(t, cfg, func(s *State) {
			s.Players[0].Techs = append(s.Players[0].Techs, "valkyrie_particle_weave")
			arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 3})(s)
		})
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
		do(t, g, act(ActEstablishControl, 0))
		do(t, g, act(ActPassWindow, 1)) // no Parley
		passStart(t, g)
		passRoundStart(t, g)
		c := g.State().Combat
		if c == nil || c.Round != 1 {
			t.Fatalf("seed %d: combat %+v", seed, c)
		}
		var onSol, onSardakk int
		for _, o := range c.Owed {
			if o.Seat == 1 {
				onSol = o.Hits
			} else {
				onSardakk = o.Hits
			}
		}
		dice := 0
		for _, m := range c.Misses {
			if m.Seat == 0 {
				dice += m.Count
			}
		}
		sardakkHits := 2 - dice // two infantry, one die each
		if onSardakk > 0 {
			checked++
			if onSol != sardakkHits+1 {
				t.Fatalf("seed %d: Sol hit, so the N'orr owe %d+1, not %d", seed, sardakkHits, onSol)
			}
		} else if onSol != sardakkHits {
			t.Fatalf("seed %d: Sol missed: the N'orr owe %d, not %d", seed, sardakkHits, onSol)
		}
	}
	if checked == 0 {
		t.Fatal("no seed in which Sol hit: the test proves nothing")
	}
}

// Sardakk N'orr, Exotrireme II: after a space combat round the combat
// outlasts, an Exotrireme destroyed destroys up to 2 of the opponent's
// ships, which the N'orr choose.
func TestFactionUnit_ExotriremeII(t *testing.T) {
	cfg := fixtureConfig("sardakk", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "exotrireme_2")
		s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}}
		s.System(9).Space = []Stack{{Owner: 1, Unit: "dreadnought", Count: 3}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", 2))
	do(t, g, act(ActEndMovement, 0))
	for i := 0; g.State().Combat != nil && i < 300; i++ {
		c := g.State().Combat
		if a := c.Answer; a != nil && a.Kind == AnswerRoundEnd && a.Seat == 0 {
			do(t, g, use(0, "exotrireme_2", Action{}))
			n := g.State().Combat
			if len(n.Owed) != 1 || !n.Owed[0].Destroy || !n.Owed[0].Picked || n.Owed[0].Hits != min(2, count(g.State().System(9).Space, 1, "dreadnought")) {
				t.Fatalf("owed %+v: up to 2 of Sol's ships, the N'orr choosing", n.Owed)
			}
			do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "dreadnought"})
			return
		}
		fightStep(t, g)
	}
	t.Fatal("no round outlasted")
}

// Sardakk N'orr, Valkyrie Exoskeleton (55): the mech sustaining damage in
// a ground combat owes the opponent's ground forces on the planet a hit.
func TestFactionUnit_ValkyrieExoskeleton(t *testing.T) {
	for seed := uint64(1); seed < 60; seed++ {
		g := mechInvasion(t, []string{"sardakk", "sol", "hacan"}, []Stack{{Owner: 1, Unit: "infantry", Count: 4}}, seed)
		passStart(t, g)
		c := g.State().Combat
		if len(c.Owed) == 0 || c.Owed[0].Seat != 0 {
			continue
		}
		owedSol := 0
		for _, o := range c.Owed {
			if o.Seat == 1 {
				owedSol += o.Hits
			}
		}
		do(t, g, Action{Kind: ActAssignHit, Seat: 0, Planet: "Arnor", Unit: "mech", Use: true})
		after := 0
		var rule bool
		for _, o := range g.State().Combat.Owed {
			if o.Seat == 1 {
				after += o.Hits
				rule = rule || o.Rule == "55"
			}
		}
		if after != owedSol+1 || !rule {
			t.Fatalf("seed %d: %d hits on Sol after the mech sustained, were %d", seed, after, owedSol)
		}
		return
	}
	t.Fatal("no roll hit the N'orr")
}

// Sardakk N'orr, T'ro (agent): at the end of another player's tactical
// action, the N'orr's window opens; used, that player places 2 infantry
// on a planet they control in the active system; the agent is exhausted.
func TestFaction_Sardakk_Tro(t *testing.T) {
	g := mechInvasion(t, []string{"sol", "sardakk", "hacan"}, nil, 1)
	do(t, g, act(ActEndTactical, 0))
	declineWindows(t, g)
	st := g.State().Step
	if st == nil || st.Card != "sardakk:t_ro" || st.Seat != 1 {
		t.Fatalf("step %+v: the N'orr's window at the end of Sol's tactical action", st)
	}
	inf := count(planet(t, g, "Arnor").Units, 0, "infantry")
	refuse(t, g, use(1, "sardakk:t_ro", Action{Planet: "Lor"}), "51.4") // not Sol's
	do(t, g, use(1, "sardakk:t_ro", Action{Planet: "Arnor"}))
	if count(planet(t, g, "Arnor").Units, 0, "infantry") != inf+2 || !slices.Contains(g.State().Players[1].ExhaustedTechs, "sardakk:t_ro") {
		t.Fatal("two of Sol's infantry on Arnor, the agent exhausted")
	}
}

// The Sardakk N'orr, Sh'val, Harbinger (hero, 51.12): after their ships
// move in, the space combat and bombardment are skipped for the commits;
// once committed, their ships there go back to reinforcements and the
// hero is purged, the ground combat still fought.
func TestFaction_Sardakk_ShvalHarbinger(t *testing.T) {
	const hero = "sardakk:sh_val_harbinger"
	g := factionGame(t, []string{"sardakk", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "infantry", Count: 2})
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 1})(s)
		s.System(9).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
	})
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "carrier", 1))
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 2})
	do(t, g, act(ActEndMovement, 0))
	toWindow(t, g, hero)
	do(t, g, use(0, hero, Action{}))
	s := g.State()
	if s.Combat != nil || s.Tactical.Step != TacInvasion || s.Invasion == nil || count(s.System(9).Space, 1, "destroyer") != 1 {
		t.Fatalf("no space combat, straight to the invasion: combat %+v, step %s", s.Combat, s.Tactical.Step)
	}
	refuse(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Arnor"}, "49.1")
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	if count(g.State().System(9).Space, 0, "carrier") != 1 {
		t.Fatal("the ships stay until the commits are done")
	}
	do(t, g, act(ActEstablishControl, 0))
	s = g.State()
	if count(s.System(9).Space, 0, "carrier") != 0 || s.Players[0].Hero != Purged {
		t.Fatalf("the carrier back in reinforcements, the hero purged: %v", s.System(9).Space)
	}
	declineWindows(t, g) // Parley
	fightOut(t, g)
	arnor, _ := g.State().Planet("Arnor")
	if n := count(arnor.Units, 0, "infantry") + count(arnor.Units, 1, "infantry"); n >= 3 || (arnor.Controller == 0) != (count(arnor.Units, 0, "infantry") > 0) {
		t.Fatalf("the ground combat on Arnor is fought: %v, controller %d", arnor.Units, arnor.Controller)
	}
}

// The Sardakk, G'hom Sek'kus (commander, 49.2): while committing, 1
// ground force from each planet of the active system and of the systems
// next to it without their command token lands on the planet invaded; not
// a second from one planet, not from a system with their token.
func TestFaction_Sardakk_GhomSekKus(t *testing.T) {
	const ghom = "sardakk:g_hom_sek_kus"
	invade := func(stage func(s *State)) (*Game, string) {
		g := factionGame(t, []string{"sardakk", "sol", "hacan"}, func(s *State) {
			s.Players[0].Commander = Unlocked
			arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 1})(s)
			lor := planetIn(s.System(9), "Lor")
			lor.Controller, lor.Units = 0, []Stack{{Owner: 0, Unit: "infantry", Count: 2}}
			if stage != nil {
				stage(s)
			}
		})
		activated(t, g, 0, 9)
		do(t, g, act(ActEndMovement, 0))
		return g, g.State().System(22).Planets[0].Name
	}
	g, home := invade(nil)
	lor := UnitRef{System: 9, Planet: "Lor", Unit: "infantry"}
	do(t, g, use(0, ghom, Action{Planet: "Arnor", ActionExtra: &ActionExtra{Units: []UnitRef{lor, {System: 22, Planet: home, Unit: "infantry"}}}}))
	refuse(t, g, use(0, ghom, Action{Planet: "Arnor", ActionExtra: &ActionExtra{Units: []UnitRef{lor}}}), "49.2") // Lor gave one
	s := g.State()
	if arnor, _ := s.Planet("Arnor"); count(arnor.Units, 0, "infantry") != 2 || !slices.Equal(s.Invasion.Committed, []string{"Arnor"}) {
		t.Fatalf("two infantry committed to Arnor: %v", arnor.Units)
	}
	do(t, g, act(ActEstablishControl, 0))
	declineWindows(t, g)
	if g.State().Combat == nil && g.State().Tactical.Step == TacInvasion {
		t.Fatal("the ground combat on Arnor follows")
	}

	g, home = invade(func(s *State) { s.System(22).Command = append(s.System(22).Command, 0) })
	refuse(t, g, use(0, ghom, Action{Planet: "Arnor", ActionExtra: &ActionExtra{Units: []UnitRef{{System: 22, Planet: home, Unit: "infantry"}}}}), "49.2")
}
