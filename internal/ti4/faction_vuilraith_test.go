package ti4

import (
	"slices"
	"testing"
	"time"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Vuil'raith Cabal, Reanimator (55, 17): an infantry of theirs
// destroyed in a ground combat on the mech's planet is captured by them (a
// token of no one's, 17.3).
func TestFactionUnit_Reanimator(t *testing.T) {
	defenders := []Stack{{Owner: 1, Unit: "infantry", Count: 4}}
	for seed := uint64(1); seed < 60; seed++ {
		g := mechInvasion(t, []string{"vuilraith", "sol", "hacan"}, defenders, seed)
		passStart(t, g)
		c := g.State().Combat
		if len(c.Owed) == 0 || c.Owed[0].Seat != 0 {
			continue
		}
		do(t, g, Action{Kind: ActAssignHit, Seat: 0, Planet: "Arnor", Unit: "infantry"})
		cs := g.State().Players[0].Captured
		if len(cs) != 1 || cs[0].Unit != "infantry" || cs[0].Count != 1 || cs[0].Owner != None {
			t.Fatalf("captured %+v: the infantry destroyed, held as a token", cs)
		}
		return
	}
	t.Fatal("no roll hit the Cabal")
}

// The Vuil'raith Cabal, Devour (17): the opponent's infantry destroyed in
// a ground combat with the Cabal are captured by them, as tokens.
func TestFaction_Vuilraith_Devour(t *testing.T) {
	defenders := []Stack{{Owner: 1, Unit: "infantry", Count: 4}}
	for seed := uint64(1); seed < 60; seed++ {
		g := mechInvasion(t, []string{"vuilraith", "sol", "hacan"}, defenders, seed)
		passStart(t, g)
		c := g.State().Combat
		if !slices.ContainsFunc(c.Owed, func(o Owed) bool { return o.Seat == 1 }) {
			continue
		}
		if c.Owed[0].Seat == 0 {
			do(t, g, Action{Kind: ActAssignHit, Seat: 0, Planet: "Arnor", Unit: "mech", Use: true})
		}
		before := len(g.State().Players[0].Captured)
		do(t, g, Action{Kind: ActAssignHit, Seat: 1, Planet: "Arnor", Unit: "infantry"})
		cs := g.State().Players[0].Captured
		if len(cs) != before+1 || cs[len(cs)-1].Unit != "infantry" || cs[len(cs)-1].Owner != None {
			t.Fatalf("seed %d: captured %+v: Sol's infantry destroyed, held as a token", seed, cs)
		}
		return
	}
	t.Fatal("no roll hit Sol")
}

// The Vuil'raith Cabal, The Terror Between (17): in a combat in its
// system every unit destroyed is captured by the Cabal, their own too,
// structures aside; none under rules version 6.
func TestFactionUnit_TheTerrorBetween(t *testing.T) {
	for _, rules := range []int{RulesCurrent, RulesMechs} {
		g := factionGame(t, []string{"sol", "vuilraith", "hacan"}, func(s *State) {
			s.Options.Rules = rules
			s.System(9).Space = []Stack{{Owner: 1, Unit: "flagship", Count: 1}, {Owner: 1, Unit: "cruiser", Count: 1}, {Owner: 0, Unit: "cruiser", Count: 1}}
		})
		s := g.State()
		c := &Combat{Kind: "space", System: 9, Attacker: 0, Defender: 1, Retreat: None}
		want := 1
		if rules == RulesMechs {
			want = None
		}
		if got := s.devourer(c, 1, "cruiser"); got != want {
			t.Errorf("rules %d: the Cabal's cruiser captured by %d, want %d", rules, got, want)
		}
		if got := s.devourer(c, 1, "pds"); got != None {
			t.Errorf("rules %d: a PDS captured by %d", rules, got)
		}
	}
}

// The Vuil'raith Cabal, Dimensional Tear (41): the system with the
// Cabal's space dock is a gravity rift, +1 to a ship leaving it; the
// Cabal's ships do not roll for it, others' do; not so under rules
// version 6.
func TestFactionUnit_DimensionalTear(t *testing.T) {
	for _, rules := range []int{RulesCurrent, RulesMechs} {
		g := factionGame(t, []string{"vuilraith", "sol", "hacan"}, func(s *State) {
			s.Options.Rules = rules
			arnorHeldBy(0, Stack{Owner: 0, Unit: "space_dock", Count: 1})(s)
		})
		s := g.State()
		if got := s.anomaly(9, "gravity-rift"); got != (rules == RulesCurrent) {
			t.Fatalf("rules %d: a gravity rift %v", rules, got)
		}
		if rules != RulesCurrent {
			continue
		}
		if b, roll := s.riftAt(0, 9, false); b != 1 || roll {
			t.Errorf("the Cabal's ship: +%d, rolls %v", b, roll)
		}
		if b, roll := s.riftAt(1, 9, false); b != 1 || !roll {
			t.Errorf("Sol's ship: +%d, rolls %v", b, roll)
		}
	}
}

// The Vuil'raith Cabal, Crucible (69, 41): played after its holder
// activates a system, before moving: their ships roll for no rift and
// gain 2 leaving one; it goes back to the Cabal. Before any activation it
// cannot be played.
func TestFaction_Vuilraith_Crucible(t *testing.T) {
	const note = "vuilraith:crucible"
	g := factionGame(t, []string{"sol", "vuilraith", "hacan"}, func(s *State) {
		giveNote(note, 0)(s)
		arnorHeldBy(1, Stack{Owner: 1, Unit: "space_dock", Count: 1})(s)
	})
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note}, "69.1")
	activated(t, g, 0, 23)
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
	s := g.State()
	if b, roll := s.riftAt(0, 9, false); b != 2 || roll {
		t.Errorf("Sol's ship leaving the tear: +%d, rolls %v", b, roll)
	}
	if !slices.Contains(s.Players[1].Promissory, note) {
		t.Error("the note goes back to the Cabal")
	}
}

// The Vuil'raith Cabal, Vortex (17): as an action, exhausted, a unit of
// a type another player has next to a Cabal space dock is captured from
// their reinforcements; a type they have nowhere near is refused.
func TestFactionTech_Vortex(t *testing.T) {
	g := factionGame(t, []string{"vuilraith", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "vortex")
		arnorHeldBy(0, Stack{Owner: 0, Unit: "space_dock", Count: 1})(s)
		s.System(22).Space = append(s.System(22).Space, Stack{Owner: 1, Unit: "cruiser", Count: 1})
	})
	refuse(t, g, use(0, "vortex", Action{Unit: "war_sun", ActionExtra: &ActionExtra{Player: ip(1)}}), "17")
	before := g.State().Reinforcements(1, "cruiser")
	do(t, g, use(0, "vortex", Action{Unit: "cruiser", ActionExtra: &ActionExtra{Player: ip(1)}}))
	s := g.State()
	if cs := s.Players[0].Captured; len(cs) != 1 || cs[0] != (Captive{Owner: 1, Unit: "cruiser", Count: 1}) || s.Reinforcements(1, "cruiser") != before-1 {
		t.Fatalf("captured %+v; Sol's cruisers in reinforcements %d, were %d", cs, s.Reinforcements(1, "cruiser"), before)
	}
}

// The Vuil'raith Cabal, Riftmeld (90.12): while researching, a captured
// cruiser returned to its owner lets the Cabal research Cruiser II
// without its prerequisites.
func TestFaction_Vuilraith_Riftmeld(t *testing.T) {
	cfg := fixtureConfig("vuilraith", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.Players[0].Techs = nil
		s.Players[0].Captured = []Captive{{Owner: 1, Unit: "cruiser", Count: 1}}
	})
	toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
	strategic(t, g, 0, "technology")
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "cruiser_2"}, "90.12")
	refuse(t, g, use(0, "vuilraith:riftmeld", Action{Unit: "carrier"}), "17")
	do(t, g, use(0, "vuilraith:riftmeld", Action{Unit: "cruiser"}))
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "cruiser_2"})
	if p := g.State().Players[0]; !p.HasTech("cruiser_2") || len(p.Captured) != 0 {
		t.Fatalf("techs %v, captured %+v", p.Techs, p.Captured)
	}
}

// The Vuil'raith, That Which Molds Flesh (commander): unlocked, 2 of the
// infantry produced do not count against the production limit, and no
// more than 2; locked, the limit holds.
func TestFaction_Vuilraith_ThatWhichMoldsFlesh(t *testing.T) {
	for _, state := range []string{Locked, Unlocked} {
		g := factionGame(t, []string{"vuilraith", "sol", "hacan"}, func(s *State) {
			s.Players[0].Commander, s.Players[0].TradeGoods = state, 10
		})
		home := g.State().Players[0].Home
		activated(t, g, 0, home)
		do(t, g, act(ActEndMovement, 0))
		establishControl(t, g, 0)
		limit := g.State().productionLimit(0, g.State().System(home))
		on := g.State().System(home).Planets[0].Name
		extra := 0
		if state == Unlocked {
			extra = 2
		}
		refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: limit + extra + 1, Planet: on}, "68.1")
		do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: limit + extra - 1, Planet: on})
		do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 1, Planet: on})
		refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 1, Planet: on}, "68.1")
	}
}

// The Vuil'raith, It Feeds on Carrion (hero): Sol's 4 carriers next to the
// Cabal's home tear roll a die each; each rolling 1-3 is captured, and the
// infantry they carried beyond what the rest hold are captured too; the
// Cabal's own ships roll none; the hero is purged.
func TestFaction_Vuilraith_ItFeedsOnCarrion(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		if carrionSeed(t, seed) {
			return
		}
	}
	t.Fatal("no seed captured 2 carriers or more")
}

// carrionSeed plays the hero with one seed's dice, false if they capture
// fewer than 2 carriers (no infantry left beyond capacity to check).
func carrionSeed(t *testing.T, seed uint64) bool {
	cfg := fixtureConfig("vuilraith", "sol", "hacan")
	cfg.Rules, cfg.Seed = RulesCurrent, seed
	g := fixture(t, cfg, func(s *State) {
		s.Players[0].Hero = Unlocked
		s.Players[1].Fleet = 5
		home := s.System(s.Players[1].Home)
		home.Space = dropUnit(home.Space, "carrier")
		s.System(9).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 4}, {Owner: 1, Unit: "infantry", Count: 8}, {Owner: 0, Unit: "cruiser", Count: 1}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	ev := do(t, g, use(0, "vuilraith:it_feeds_on_carrion", Action{}))
	var rolls []int
	for _, e := range ev {
		if e.Kind == EvDice && e.Seat == 1 {
			rolls = append(rolls, e.Rolls...)
		}
	}
	lost := 0
	for _, f := range rolls {
		lost += btoi(f <= 3)
	}
	if lost < 2 {
		return false
	}
	s := g.State()
	if len(rolls) < 4 || count(s.System(9).Space, 1, "carrier") != 4-lost || count(s.System(9).Space, 0, "cruiser") != 1 {
		t.Fatalf("rolls %v: %d carriers left, want %d; the Cabal's cruiser stays", rolls, count(s.System(9).Space, 1, "carrier"), 4-lost)
	}
	inf := min(8, 4*(4-lost))
	if count(s.System(9).Space, 1, "infantry") != inf {
		t.Fatalf("%d infantry left, want %d", count(s.System(9).Space, 1, "infantry"), inf)
	}
	captured := map[string]int{}
	for _, c := range s.Players[0].Captured {
		captured[c.Unit] += c.Count
	}
	if captured["carrier"] != lost || captured["infantry"] != 8-inf || s.Players[0].Hero != Purged {
		t.Fatalf("captured %v, hero %s", captured, s.Players[0].Hero)
	}
	checked(t, g)
	return true
}

// The Vuil'raith, The Stillness of Stars (agent): after Sol replenishes
// commodities (Trade's primary), the Cabal may exhaust it: Sol's 4
// commodities become trade goods, and the Cabal capture a destroyer (cost
// 1) from Sol's reinforcements; a dreadnought (cost 4) is within Sol's
// value 4 too, a war sun (12) is not.
func TestFaction_Vuilraith_TheStillnessOfStars(t *testing.T) {
	g := factionGame(t, []string{"sol", "vuilraith", "hacan"}, nil)
	strategic(t, g, 0, "trade")
	for i := 0; i < 5; i++ {
		if st := g.State().Step; st != nil && st.Card == "vuilraith:the_stillness_of_stars" {
			break
		}
		do(t, g, act(ActDone, 0))
	}
	st := g.State().Step
	if st == nil || st.Card != "vuilraith:the_stillness_of_stars" || st.Seat != 1 {
		t.Fatalf("step %+v: the Cabal's window after Sol's replenishment", st)
	}
	refuse(t, g, use(1, st.Card, Action{Unit: "war_sun"}), "17")
	tg, com := g.State().Players[0].TradeGoods, g.State().Players[0].Commodities
	do(t, g, use(1, st.Card, Action{Unit: "destroyer"}))
	s := g.State()
	if s.Players[0].Commodities != 0 || s.Players[0].TradeGoods != tg+com || com == 0 {
		t.Fatalf("Sol: %d commodities, %d trade goods (before %d, %d)", s.Players[0].Commodities, s.Players[0].TradeGoods, com, tg)
	}
	if !slices.ContainsFunc(s.Players[1].Captured, func(c Captive) bool { return c.Unit == "destroyer" && c.Owner == 0 }) {
		t.Fatalf("captured %+v: Sol's destroyer", s.Players[1].Captured)
	}
}

// The Vuil'raith, Amalgamation (17, 67): while paying for units produced,
// a captured unit of a type produced goes back to its owner and one unit
// of that type costs nothing: a cruiser saves its 2; of two fighters (a
// pair for 1), the first freed saves nothing and the second the 1; no
// more than were produced, and only types captured and produced.
func TestFaction_Vuilraith_Amalgamation(t *testing.T) {
	g := factionGame(t, []string{"vuilraith", "sol", "hacan"}, func(s *State) {
		s.Players[0].TradeGoods, s.Players[0].Fleet = 10, 8
		s.Players[0].Captured = []Captive{{Owner: 1, Unit: "cruiser", Count: 2}, {Owner: 1, Unit: "fighter", Count: 3}, {Owner: 2, Unit: "carrier", Count: 1}}
	})
	home := g.State().Players[0].Home
	activated(t, g, 0, home)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	cruisers := g.State().Reinforcements(1, "cruiser")
	refuse(t, g, use(0, "vuilraith:amalgamation", Action{Unit: "cruiser"}), "17") // none produced yet
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 1})
	do(t, g, use(0, "vuilraith:amalgamation", Action{Unit: "cruiser"}))
	owed := func() int { s := g.State(); return s.owedFor(0, &s.Tactical.Production, 0) }
	if owed() != 0 || g.State().Reinforcements(1, "cruiser") != cruisers+1 {
		t.Fatalf("the cruiser free: owed %d; Sol's cruiser back (%d, were %d)", owed(), g.State().Reinforcements(1, "cruiser"), cruisers)
	}
	refuse(t, g, use(0, "vuilraith:amalgamation", Action{Unit: "cruiser"}), "17") // one cruiser produced, one freed
	refuse(t, g, use(0, "vuilraith:amalgamation", Action{Unit: "carrier"}), "17") // none produced
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 2})
	for _, want := range []int{1, 0} {
		do(t, g, use(0, "vuilraith:amalgamation", Action{Unit: "fighter"}))
		if owed() != want {
			t.Fatalf("fighters freed: owed %d, want %d", owed(), want)
		}
	}
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 1})
	if owed() != 1 {
		t.Fatalf("a third fighter, alone, costs 1: owed %d", owed())
	}
	if cs := g.State().Players[0].Captured; len(cs) != 3 || cs[0].Count != 1 || cs[1].Count != 1 {
		t.Fatalf("captured left %+v", cs)
	}
}

// Crucible with two dimensional tears side by side: each rift left gives
// 2 moves, so going back and forth between them would add moves without
// end. The movement search must still end, for every system as the
// target (found by the soak: seed 2269 at 6 players hung).
func TestFaction_Vuilraith_Crucible_TwoTearsSideBySide(t *testing.T) {
	const note = "vuilraith:crucible"
	dock := Stack{Owner: 1, Unit: "space_dock", Count: 1}
	g := factionGame(t, []string{"sol", "vuilraith", "hacan"}, func(s *State) {
		giveNote(note, 0)(s)
		arnorHeldBy(1, dock)(s)
		for _, sys := range s.Systems {
			if pos := sys.Pos; pos != 9 && s.galaxy.Touching(9, pos) && len(s.System(pos).Planets) > 0 && s.System(pos).Planets[0].Controller == None {
				pl := s.System(pos).Planets[0]
				pl.Controller, pl.Units = 1, []Stack{dock}
				return
			}
		}
		t.Fatal("no planet system next to Arnor")
	})
	activated(t, g, 0, 23)
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
	s := g.State()
	done := make(chan int)
	go func() {
		reached := 0
		for _, sys := range s.Systems {
			if s.reach(0, 9, sys.Pos, 1) >= 0 {
				reached++
			}
		}
		done <- reached
	}()
	select {
	case n := <-done:
		if n == 0 {
			t.Error("a ship leaving a tear with Crucible reaches no system")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the movement search does not end")
	}
}

// 17.6: a player blockading a space dock of the Cabal's is safe from
// their abilities' captures from rules version 13: Vortex is refused and
// not offered against them, Devour and The Terror Between leave their
// units destroyed, and It Feeds on Carrion leaves their ships be, rolling
// for none. Version 12 still captured.
func TestRule17_6_AbilitiesCaptureNothingFromABlockader(t *testing.T) {
	for _, rules := range []int{RulesWipes, RulesCurrent} {
		cfg := fixtureConfig("vuilraith", "sol", "hacan")
		cfg.Rules = rules
		g := fixture(t, cfg, func(s *State) {
			s.Players[0].Techs = append(s.Players[0].Techs, "vortex")
			arnorHeldBy(0, Stack{Owner: 0, Unit: "space_dock", Count: 1})(s)
			s.System(9).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}} // blockades the dock on Arnor
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		s := g.State()
		barred := rules >= RulesWindows
		if got := s.captureBarred(0, 1); got != barred {
			t.Fatalf("version %d: barred %v", rules, got)
		}
		if s.captureBarred(0, 2) || s.captureBarred(1, 0) {
			t.Fatal("only the Cabal, from the blockader, is barred")
		}
		c := &Combat{Attacker: 0, Defender: 1, System: 23, Kind: "ground"}
		if q := s.devourer(c, 1, "infantry"); (q == None) != barred {
			t.Fatalf("version %d: devourer %d", rules, q)
		}
		var rolls []int
		rng := engine.NewRNG(1)
		if ev := carrionIn(s, 0, 1, s.System(9), &rng, &rolls); (len(ev) == 0 && len(rolls) == 0) != barred {
			t.Fatalf("version %d: carrion's events %+v, rolls %v", rules, ev, rolls)
		}
		vortexOn := use(0, "vortex", Action{Unit: "cruiser", ActionExtra: &ActionExtra{Player: ip(1)}})
		offered := slices.ContainsFunc(Legal(s, engineRNG(), 0), func(a Action) bool {
			return a.Card == "vortex" && a.extra().Player != nil && *a.extra().Player == 1
		})
		if offered == barred {
			t.Fatalf("version %d: Vortex on Sol offered %v", rules, offered)
		}
		if barred {
			refuse(t, g, vortexOn, "17.6")
			continue
		}
		do(t, g, vortexOn)
	}
}

// 17.6: with Sol's ships blockading the Cabal's home space dock, The
// Stillness of Stars captures nothing from Sol: after Sol's
// replenishment no use of it is offered, and one is refused.
func TestRule17_6_StillnessOfStarsFromABlockader(t *testing.T) {
	g := factionGame(t, []string{"sol", "vuilraith", "hacan"}, func(s *State) {
		s.System(28).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}}
	})
	if !g.State().captureBarred(1, 0) {
		t.Fatal("Sol blockades the Cabal's home space dock")
	}
	strategic(t, g, 0, "trade")
	for i := 0; i < 5; i++ {
		st := g.State().Step
		if st != nil && st.Card == "vuilraith:the_stillness_of_stars" {
			refuse(t, g, use(1, st.Card, Action{Unit: "destroyer"}), "17.6")
			return
		}
		if slices.ContainsFunc(Legal(g.State(), engineRNG(), 1), func(a Action) bool { return a.Card == "vuilraith:the_stillness_of_stars" }) {
			t.Fatal("The Stillness of Stars offered against a blockader")
		}
		if st == nil {
			return
		}
		do(t, g, act(ActDone, st.Seat))
	}
}
