package ti4

import (
	"slices"
	"testing"
)

// Yin Brotherhood, Devotion (78): after a space combat round the combat
// outlasts, the Yin may destroy a cruiser or destroyer of theirs there for
// one hit on the opponent's ships; the window opens each such round.
func TestFaction_Yin_Devotion(t *testing.T) {
	cfg := fixtureConfig("yin", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "cruiser", Count: 2}}
		s.Players[0].Fleet = 4
		s.System(9).Space = []Stack{{Owner: 1, Unit: "dreadnought", Count: 3}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", 2))
	do(t, g, moveShips(0, 22, "cruiser", 2))
	do(t, g, act(ActEndMovement, 0))
	windows := 0
	for i := 0; g.State().Combat != nil && i < 300; i++ {
		c := g.State().Combat
		if a := c.Answer; a != nil && a.Kind == AnswerRoundEnd {
			if a.Seat != 0 {
				t.Fatalf("answer %+v: Sol has no Devotion", a)
			}
			windows++
			if windows > 1 {
				do(t, g, act(ActPassWindow, 0))
				continue
			}
			refuse(t, g, use(0, "yin:devotion", Action{Unit: "dreadnought"}), "78")
			cruisers := count(g.State().System(9).Space, 0, "cruiser")
			if cruisers == 0 {
				do(t, g, act(ActPassWindow, 0))
				continue
			}
			do(t, g, use(0, "yin:devotion", Action{Unit: "cruiser"}))
			n := g.State().Combat
			if count(g.State().System(9).Space, 0, "cruiser") != cruisers-1 || len(n.Owed) != 1 || n.Owed[0].Seat != 1 || n.Owed[0].Hits != 1 {
				t.Fatalf("owed %+v: a cruiser for a hit on Sol", n.Owed)
			}
			continue
		}
		fightStep(t, g)
	}
	if windows == 0 {
		t.Fatal("no round outlasted: the test proves nothing")
	}
}

// Yin Brotherhood, Indoctrination (42.4a): at the start of a ground combat,
// once, 2 influence (planets and trade goods, nothing wasted) replace one
// of the opponent's infantry there with a Yin infantry.
func TestFaction_Yin_Indoctrination(t *testing.T) {
	const ability = "yin:indoctrination"
	cfg := fixtureConfig("yin", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := invadeArnorAs(t, cfg, func(s *State) {
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 3})(s)
		s.Players[0].TradeGoods = 3
	})
	refuse(t, g, use(0, ability, Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 2}}}), "42.4a") // no ground combat yet
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	do(t, g, act(ActPassWindow, 1)) // no Parley
	offered := 0
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Kind == ActUseAbility && a.Card == ability {
			offered++
		}
	}
	if offered == 0 {
		t.Fatal("offered at the start of the ground combat")
	}
	refuse(t, g, use(0, ability, Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 1}}}), "47.3")
	refuse(t, g, use(0, ability, Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 3}}}), "47.3") // one more than needed
	do(t, g, use(0, ability, Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 2}}}))
	s := g.State()
	arnor := planetIn(s.System(9), "Arnor")
	if count(arnor.Units, 1, "infantry") != 2 || count(arnor.Units, 0, "infantry") != 3 || s.Players[0].TradeGoods != 1 {
		t.Fatalf("Arnor %v, trade goods %d: one infantry replaced for 2", arnor.Units, s.Players[0].TradeGoods)
	}
	refuse(t, g, use(0, ability, Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 1}}}), "1.3") // once
}

// Yin, Greyfire Mutagen (Codex I; 42.4a): at the start of a ground combat
// its holder fights against 2 or more ground forces not the Yin's, one of
// the opponent's infantry becomes the holder's; against one it waits.
func TestFaction_Yin_GreyfireMutagen(t *testing.T) {
	const note = "yin:greyfire_mutagen"
	for _, defenders := range []int{1, 3} {
		cfg := fixtureConfig("jolnar", "sol", "yin")
		cfg.Rules = RulesCurrent
		g := invadeArnorAs(t, cfg, func(s *State) {
			giveNote(note, 0)(s)
			arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: defenders})(s)
		})
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
		do(t, g, act(ActEstablishControl, 0))
		do(t, g, act(ActPassWindow, 1)) // no Parley
		if defenders == 1 {
			refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note}, "69.1")
			continue
		}
		if !noteOffered(g, 0, note) {
			t.Fatal("offered at the start of the ground combat")
		}
		do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
		s := g.State()
		arnor := planetIn(s.System(9), "Arnor")
		if count(arnor.Units, 1, "infantry") != 2 || count(arnor.Units, 0, "infantry") != 3 || !slices.Contains(s.Players[2].Promissory, note) {
			t.Fatalf("Arnor %v: one of Sol's infantry is Jol-Nar's; the note back with the Yin", arnor.Units)
		}
	}
}

// Yin, Impulse Core (78.2): at the start of a space combat, before the
// barrage, the Yin may destroy a destroyer of theirs there for a hit on a
// non-fighter ship of the opponent's.
func TestFactionTech_ImpulseCore(t *testing.T) {
	cfg := fixtureConfig("yin", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "impulse_core")
		s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}, {Owner: 0, Unit: "destroyer", Count: 1}}
		s.System(9).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 2}, {Owner: 1, Unit: "fighter", Count: 2}, {Owner: 1, Unit: "carrier", Count: 1}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", 1))
	do(t, g, moveShips(0, 22, "destroyer", 1))
	do(t, g, act(ActEndMovement, 0))
	c := g.State().Combat
	if c == nil || c.Answer == nil || c.Answer.Kind != AnswerSpaceStart || c.Answer.Seat != 0 || c.Step != CbStart {
		t.Fatalf("combat %+v: the Yin's window at the start", c)
	}
	refuse(t, g, use(0, "impulse_core", Action{Unit: "dreadnought"}), "78.2")
	do(t, g, use(0, "impulse_core", Action{Unit: "destroyer"}))
	s := g.State()
	if count(s.System(9).Space, 0, "destroyer") != 0 || len(s.Combat.Owed) != 1 || s.Combat.Owed[0].Only != "non_fighter_first" {
		t.Fatalf("owed %+v: the destroyer for a hit on a non-fighter", s.Combat.Owed)
	}
}

// Yin, Yin Spinner (as printed, in a game without the Codex): after the
// Yin produce at home, an infantry goes on a planet they control there,
// the window not let go.
func TestFactionTech_YinSpinner(t *testing.T) {
	g := factionGame(t, []string{"yin", "sol", "hacan"}, func(s *State) {
		s.Options.NoCodex = true
		s.Players[0].Techs = append(s.Players[0].Techs, "yin_spinner")
		s.Players[0].TradeGoods = 2
	})
	home := g.State().Players[0].Home
	planet := g.State().System(home).Planets[0].Name
	before := count(planetIn(g.State().System(home), planet).Units, 0, "infantry")
	producedAtHome(t, g, "yin_spinner")
	refuse(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: "yin_spinner"}, "1.3") // not let go
	do(t, g, use(0, "yin_spinner", Action{Planet: planet}))
	if n := count(planetIn(g.State().System(home), planet).Units, 0, "infantry"); n != before+1 {
		t.Fatalf("%d infantry on %s, want %d", n, planet, before+1)
	}
}

// Yin, Moyin's Ashes (30, 55.3): Indoctrination for 3 influence places a
// mech in place of the opponent's infantry; 2 do not pay for it.
func TestFactionUnit_MoyinsAshes(t *testing.T) {
	const ability = "yin:indoctrination"
	cfg := fixtureConfig("yin", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := invadeArnorAs(t, cfg, func(s *State) {
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 3})(s)
		s.Players[0].TradeGoods = 3
	})
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	do(t, g, act(ActPassWindow, 1)) // no Parley
	if !slices.ContainsFunc(Legal(g.State(), engineRNG(), 0), func(a Action) bool { return a.Card == ability && a.Unit == "mech" }) {
		t.Fatal("the mech is offered with Indoctrination")
	}
	refuse(t, g, use(0, ability, Action{Unit: "mech", ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 2}}}), "47.3")
	refuse(t, g, use(0, ability, Action{Unit: "pds", ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 2}}}), "")
	do(t, g, use(0, ability, Action{Unit: "mech", ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 3}}}))
	arnor := planetIn(g.State().System(9), "Arnor")
	if count(arnor.Units, 1, "infantry") != 2 || count(arnor.Units, 0, "mech") != 1 || count(arnor.Units, 0, "infantry") != 2 || g.State().Players[0].TradeGoods != 0 {
		t.Fatalf("Arnor %v: one of Sol's infantry replaced by a Yin mech, for 3", arnor.Units)
	}
}

// Yin, Yin Spinner Ω (Codex I): after the Yin produce, up to 2 infantry go
// on planets they control or into space areas with their ships, anywhere;
// the window may be let go, and 3 are refused.
func TestFactionTech_YinSpinnerOmega(t *testing.T) {
	g := factionGame(t, []string{"yin", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "yin_spinner")
		s.Players[0].TradeGoods = 2
	})
	home := g.State().Players[0].Home
	planet := g.State().System(home).Planets[0].Name
	before := count(planetIn(g.State().System(home), planet).Units, 0, "infantry")
	producedAtHome(t, g, "yin_spinner")
	here := UnitRef{System: home, Planet: planet, Unit: "infantry"}
	space := UnitRef{System: home, Unit: "infantry"}
	refuse(t, g, use(0, "yin_spinner", Action{ActionExtra: &ActionExtra{Units: []UnitRef{here, here, space}}}), "67")
	refuse(t, g, use(0, "yin_spinner", Action{ActionExtra: &ActionExtra{Units: []UnitRef{{System: home, Planet: "Jord", Unit: "infantry"}}}}), "67")
	do(t, g, use(0, "yin_spinner", Action{ActionExtra: &ActionExtra{Units: []UnitRef{here, space}}}))
	sys := g.State().System(home)
	if n := count(planetIn(sys, planet).Units, 0, "infantry"); n != before+1 || count(sys.Space, 0, "infantry") != 1 {
		t.Fatalf("%d infantry on %s and %d in space, want %d and 1", n, planet, count(sys.Space, 0, "infantry"), before+1)
	}
}

// The Yin, Brother Omar (commander, 90.12): unlocked, it meets one green
// prerequisite (Bio-Stims with no green technology; not Hyper Metabolism's
// two); and an infantry returned while researching waives every
// prerequisite of a technology another player owns, not of one no one
// else owns.
func TestFaction_Yin_BrotherOmar(t *testing.T) {
	const omar = "yin:brother_omar"
	yin := func(commander string) *Game {
		cfg := fixtureConfig("yin", "sol", "hacan")
		cfg.Rules = RulesCurrent
		g := fixture(t, cfg, func(s *State) {
			s.Players[0].Commander = commander
			s.Players[1].Techs = append(s.Players[1].Techs, "x89_bacterial_weapon")
		})
		toActionPhase(t, g, "technology", "diplomacy", "politics", "leadership", "warfare", "trade")
		strategic(t, g, 0, "technology")
		return g
	}
	refuse(t, yin(Locked), Action{Kind: ActResearch, Seat: 0, Card: "bio_stims"}, "90.12")
	do(t, yin(Unlocked), Action{Kind: ActResearch, Seat: 0, Card: "bio_stims"})
	refuse(t, yin(Unlocked), Action{Kind: ActResearch, Seat: 0, Card: "hyper_metabolism"}, "90.12")

	g := yin(Unlocked)
	inf := g.State().Reinforcements(0, "infantry")
	opts := omarOptions(g.State(), 0, nil)
	if len(opts) == 0 {
		t.Fatal("the Yin have infantry on the board")
	}
	refuse(t, g, use(0, omar, Action{ActionExtra: &ActionExtra{Units: append(opts[0].extra().Units, opts[0].extra().Units...)}}), "90.12")
	do(t, g, use(0, omar, opts[0]))
	if g.State().Reinforcements(0, "infantry") != inf+1 {
		t.Fatal("an infantry returned to reinforcements")
	}
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "hyper_metabolism"}, "90.12") // no one else owns it
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "x89_bacterial_weapon"})
	if !g.State().Players[0].HasTech("x89_bacterial_weapon") {
		t.Fatal("X-89, owned by Sol, researched without its three green prerequisites")
	}
}

// milorFight has Sol's two dreadnoughts attack Hacan's destroyers in
// system 9, the Yin third; the combat is fought until the Yin's window
// after a unit lost opens (true), or it ends.
func milorFight(t *testing.T, noCodex bool, seed uint64) (*Game, bool) {
	t.Helper()
	cfg := fixtureConfig("sol", "hacan", "yin")
	cfg.Rules, cfg.Seed, cfg.NoCodex = RulesCurrent, seed, noCodex
	g := dreadnoughtsAttack(t, cfg, 2, []Stack{{Owner: 1, Unit: "destroyer", Count: 3}}, nil)
	for i := 0; i < 100; i++ {
		c := g.State().Combat
		if c == nil {
			return g, false
		}
		if c.Answer != nil && c.Answer.Kind == AnswerUnitLost {
			return g, true
		}
		fightStep(t, g)
	}
	return g, false
}

// The Yin, Brother Milor Ω (agent): after Hacan's destroyer is destroyed
// in the space combat, the Yin's window opens; used, Hacan places 2
// fighters in the system, which fight on, and the agent is exhausted (no
// window after the next loss). Without the Codex, the printed card: a
// destroyer lost opens it too.
func TestFaction_Yin_BrotherMilor(t *testing.T) {
	for _, noCodex := range []bool{false, true} {
		found := false
		for seed := uint64(1); seed < 30 && !found; seed++ {
			g, open := milorFight(t, noCodex, seed)
			if !open {
				continue
			}
			found = true
			a := g.State().Combat.Answer
			if a.Seat != 2 || a.Owner != 1 || a.Unit != "destroyer" {
				t.Fatalf("window %+v: the Yin's, after Hacan's destroyer", a)
			}
			before := count(g.State().System(9).Space, 1, "fighter")
			do(t, g, use(2, "yin:brother_milor", Action{}))
			s := g.State()
			if got := count(s.System(9).Space, 1, "fighter") - before; got != 2 {
				t.Fatalf("%d fighters placed for Hacan, want 2", got)
			}
			if s.Combat == nil || (s.Combat.Answer != nil && s.Combat.Answer.Kind == AnswerUnitLost) {
				t.Fatalf("the combat goes on: %+v", s.Combat)
			}
			for i := 0; g.State().Combat != nil && i < 200; i++ {
				if c := g.State().Combat; c.Answer != nil && c.Answer.Kind == AnswerUnitLost {
					t.Fatal("a window for the exhausted agent")
				}
				fightStep(t, g)
			}
		}
		if !found {
			t.Fatalf("no codex %v: no seed destroyed a destroyer", noCodex)
		}
	}
}

// Brother Milor as printed opens no window after a dreadnought is lost;
// Ω puts 2 infantry on the planet of a ground force lost.
func TestFaction_Yin_BrotherMilorWhichUnits(t *testing.T) {
	cfg := fixtureConfig("sol", "hacan", "yin")
	cfg.Rules = RulesCurrent
	s := fixture(t, cfg, nil).State()
	omega := s.cardVersion(definitions["yin:brother_milor"])
	printed := omega.Printed
	for _, c := range []struct {
		def          *Ability
		unit, planet string
		want         string
	}{
		{omega, "dreadnought", "", "fighter"},
		{printed, "dreadnought", "", ""},
		{printed, "cruiser", "", "fighter"},
		{omega, "infantry", "Arnor", "infantry"},
		{printed, "infantry", "Arnor", ""},
	} {
		st := Step{Then: string(AfterUnitLost), Systems: []int{9}, Planet: c.planet, Target: ip(1), Units: []string{c.unit}}
		u, _ := milorPlaced(s, &st, c.def == omega)
		if u != c.want {
			t.Errorf("%s lost (omega %v): places %q, want %q", c.unit, c.def == omega, u, c.want)
		}
		if got := len(c.def.Uses[0].Options(s, 2, &st)) > 0; got != (c.want != "") {
			t.Errorf("%s lost (omega %v): offered %v", c.unit, c.def == omega, got)
		}
	}
}

// The Yin, Dannel of the Tenth Ω (hero): an infantry on Lodor (system 2,
// nobody's) and 2 on Arnor (system 9, Sol's infantry and PDS): Lodor is
// gained first, then the ground combat on Arnor is fought with no space
// cannon at the infantry placed; the hero is purged. A home planet is
// refused (51.12), a demilitarized one not offered; 4 infantry, or a unit that is not one, is bad input.
func TestFaction_Yin_DannelOfTheTenth(t *testing.T) {
	const hero = "yin:dannel_of_the_tenth"
	ref := func(pos int, planet string) UnitRef { return UnitRef{System: pos, Planet: planet, Unit: "infantry"} }
	for seed := uint64(1); seed < 12; seed++ {
		cfg := fixtureConfig("yin", "sol", "hacan")
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := fixture(t, cfg, func(s *State) {
			s.Players[0].Hero = Unlocked
			arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 1}, Stack{Owner: 1, Unit: "pds", Count: 1})(s)
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		home := g.State().Players[1].Home
		homePlanet := g.State().System(home).Planets[0].Name
		if seed == 1 {
			refuse(t, g, use(0, hero, Action{ActionExtra: &ActionExtra{Units: []UnitRef{ref(home, homePlanet)}}}), "51.12")
			refuse(t, g, use(0, hero, Action{ActionExtra: &ActionExtra{Units: slices.Repeat([]UnitRef{ref(2, "Lodor")}, 4)}}), "")
			refuse(t, g, use(0, hero, Action{ActionExtra: &ActionExtra{Units: []UnitRef{{System: 2, Planet: "Lodor", Unit: "mech"}}}}), "")
			c := g.State().Clone()
			lodor, sys := c.Planet("Lodor")
			lodor.Attachments = append(lodor.Attachments, "demilitarized_zone")
			if c.dannelPlanet(lodor, sys) || slices.ContainsFunc(dannelOptions(c, 0, nil), func(a Action) bool { return a.extra().Units[0].Planet == "Lodor" }) {
				t.Fatal("Lodor, demilitarized (12.1), offered")
			}
		}
		do(t, g, use(0, hero, Action{ActionExtra: &ActionExtra{Units: []UnitRef{ref(9, "Arnor"), ref(2, "Lodor"), ref(9, "Arnor")}}}))
		s := g.State()
		if s.Players[0].Hero != Purged || s.Invasion == nil || s.Invasion.Pos != 9 || planet(t, g, "Lodor").Controller != 0 {
			t.Fatalf("hero %s, invasion %+v: purged, Lodor's system done first (gained), Arnor's under way", s.Players[0].Hero, s.Invasion)
		}
		for i := 0; i < 400; i++ {
			s := g.State()
			if s.Invasion == nil && s.Combat == nil && s.Step == nil {
				break
			}
			if c := s.Combat; c != nil && slices.ContainsFunc(c.Owed, func(o Owed) bool { return o.Rule == "77.8" }) {
				t.Fatal("space cannon defense fired at the infantry placed")
			}
			if s.Combat != nil {
				fightStep(t, g)
				continue
			}
			q := Deciding(s)
			if len(q) == 0 {
				t.Fatalf("nobody decides: invasion %+v step %+v", s.Invasion, s.Step)
			}
			do(t, g, Legal(s, engineRNG(), q[0])[0])
		}
		s = g.State()
		if planet(t, g, "Lodor").Controller != 0 || s.Invasion != nil {
			t.Fatalf("Lodor's controller %d, invasion %+v: the Yin's, over", planet(t, g, "Lodor").Controller, s.Invasion)
		}
		if arnor := planet(t, g, "Arnor"); arnor.Controller == 0 {
			if count(arnor.Units, 1, "pds") != 0 || count(arnor.Units, 0, "infantry") == 0 {
				t.Fatalf("Arnor won: %+v, Sol's PDS destroyed, the Yin's infantry there", arnor.Units)
			}
			return
		}
	}
	t.Fatal("no seed won Arnor")
}
