package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Naaz-Rokha, Eidolon (55, 78): the mech carried into a space combat
// flips and fights as a ship, 2 dice that hit on 8; a mech of another
// faction in a space area does not fight.
func TestFactionUnit_Eidolon(t *testing.T) {
	for _, faction := range []string{"naazrokha", "hacan"} {
		cfg := fixtureConfig(faction, "sol", "jolnar")
		cfg.Rules = RulesCurrent
		g := fixture(t, cfg, func(s *State) {
			s.System(9).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "mech", Count: 1}}
			s.System(23).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 3}}
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 23)
		do(t, g, moveShips(0, 9, "carrier", 1))
		do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(9), Unit: "mech", Count: 1})
		do(t, g, act(ActEndMovement, 0))
		declineWindows(t, g)
		c := g.State().Combat
		if got, want := count(c.x().AsShips, 0, "mech"), btoi(faction == "naazrokha"); got != want {
			t.Fatalf("%s: %d mechs fight as ships, want %d", faction, got, want)
		}
		if faction != "naazrokha" {
			continue
		}
		s := g.State()
		if got := s.shipSide(0, profile(s, 0, "mech").Combat); got.Hit != 8 || got.Dice != 2 {
			t.Fatalf("the ship side %+v: 2 dice on 8", got)
		}
		do(t, g, act(ActNoRetreat, 1))
		ev := do(t, g, act(ActNoRetreat, 0))
		if n := len(combatDice(ev)); n != 1+2+3 {
			t.Fatalf("%d dice in the round: the carrier's, the mech's 2 and the 3 cruisers'", n)
		}
	}
}

// The Naaz-Rokha, Visz El Vir (55): their mechs in its system roll one
// die more in a ground combat; a flagship elsewhere, or a game of an
// earlier rules version, adds none.
func TestFactionUnit_ViszElVir(t *testing.T) {
	for _, tc := range []struct {
		name  string
		at    int
		rules int
		want  int
	}{
		{"in the system", 9, RulesCurrent, 3},
		{"elsewhere", 23, RulesCurrent, 2},
		{"rules version 6", 9, RulesMechs, 2},
	} {
		g := factionGame(t, []string{"naazrokha", "sol", "hacan"}, func(s *State) {
			s.System(tc.at).Space = []Stack{{Owner: 0, Unit: "flagship", Count: 1}}
			arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 1}, Stack{Owner: 0, Unit: "mech", Count: 1})(s)
			s.Options.Rules = tc.rules
		})
		s := g.State()
		s.Combat = &Combat{Kind: "ground", System: 9, Planet: "Arnor", Attacker: 0, Defender: 1, Retreat: None}
		r := engine.NewRNG(1)
		var faces []int
		var misses []Miss
		s.groundRoll(0, planetIn(s.System(9), "Arnor").Units, 0, &r, &faces, &misses, nil)
		if len(faces) != tc.want {
			t.Errorf("%s: the mech rolls %d dice, want %d", tc.name, len(faces), tc.want)
		}
	}
}

// The Naaz-Rokha, Pre-Fab Arcologies: a planet gained and explored is
// readied; without the technology it stays exhausted (25.1).
func TestFactionTech_PreFabArcologies(t *testing.T) {
	for _, has := range []bool{true, false} {
		g := mechInvasion(t, []string{"naazrokha", "sol", "hacan"}, nil, 1, func(s *State) {
			planetIn(s.System(9), "Arnor").Controller = None
			if has {
				s.Players[0].Techs = append(s.Players[0].Techs, "pre_fab_arcologies")
			}
		})
		if st := g.State().Step; st != nil && st.Card == "naazrokha:distant_suns" { // their mech is on it: one of two cards
			do(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: st.Card, Use: true, Outcome: st.Cards[0]})
		}
		pl, _ := g.State().Planet("Arnor")
		if pl.Controller != 0 || pl.Exhausted == has {
			t.Fatalf("with the technology %v: Arnor held by %d, exhausted %v", has, pl.Controller, pl.Exhausted)
		}
	}
}

// The Naaz-Rokha, Supercharge: at the start of a ground combat round,
// exhausted, +1 to each of their combat rolls that round only; exhausted,
// it is not offered again.
func TestFactionTech_Supercharge(t *testing.T) {
	cfg := fixtureConfig("naazrokha", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := invadeArnorAs(t, cfg, func(s *State) {
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 3})(s)
		s.Players[0].Techs = append(s.Players[0].Techs, "supercharge")
	})
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	do(t, g, act(ActPassWindow, 1)) // no Parley
	passStart(t, g)
	c := g.State().Combat
	if c.Answer == nil || c.Answer.Kind != AnswerGroundRound || c.Answer.Seat != 0 {
		t.Fatalf("answer %+v: the Naaz-Rokha asked at the round's start", c.Answer)
	}
	s := g.State()
	if got := s.groundMod(s.Combat, 0, 1); got != 0 {
		t.Fatalf("modifier %d before", got)
	}
	do(t, g, use(0, "supercharge", Action{}))
	s = g.State()
	if got := s.groundMod(s.Combat, 0, 1); got != 1 || !slices.Contains(s.Players[0].ExhaustedTechs, "supercharge") {
		t.Fatalf("modifier %d after Supercharge, exhausted %v", got, s.Players[0].ExhaustedTechs)
	}
	passRoundStart(t, g)
	if s := g.State(); s.Combat.Round != 1 || s.groundMod(s.Combat, 0, 1) != 0 {
		t.Fatalf("round %d: the +1 is for the one round", s.Combat.Round)
	}
	if s.readyUse(0, AtGroundRound) {
		t.Fatal("exhausted, it is not offered")
	}
}

// The Naaz-Rokha, Fabrication: as an action, 2 fragments of a kind (an
// unknown one counting as any) for a relic, or 1 for a command token;
// a kind they lack 2 of is refused.
func TestFaction_NaazRokha_Fabrication(t *testing.T) {
	stage := func(s *State) {
		s.Players[0].RelicFragments = []string{"cultural_relic_fragment", "unknown_relic_fragment", "hazardous_relic_fragment"}
	}
	g := factionGame(t, []string{"naazrokha", "sol", "hacan"}, stage)
	refuse(t, g, use(0, "naazrokha:fabrication", Action{Outcome: "industrial"}), "73.1")
	relics := len(g.State().Decks.Relics)
	do(t, g, use(0, "naazrokha:fabrication", Action{Outcome: "cultural"}))
	s := g.State()
	if len(s.Players[0].Relics) != 1 || len(s.Decks.Relics) != relics-1 || !slices.Equal(s.Players[0].RelicFragments, []string{"hazardous_relic_fragment"}) || s.Turn == 0 {
		t.Fatalf("relics %v, fragments left %v", s.Players[0].Relics, s.Players[0].RelicFragments)
	}

	g = factionGame(t, []string{"naazrokha", "sol", "hacan"}, stage)
	tactic := g.State().Players[0].Tactic
	do(t, g, use(0, "naazrokha:fabrication", Action{Outcome: "token:hazardous_relic_fragment"}))
	do(t, g, Action{Kind: ActGainTokens, Seat: 0, Pools: &Pools{Tactic: 1}})
	s = g.State()
	if s.Players[0].Tactic != tactic+1 || len(s.Players[0].RelicFragments) != 2 || s.Turn == 0 {
		t.Fatalf("tactic %d (was %d), fragments %v", s.Players[0].Tactic, tactic, s.Players[0].RelicFragments)
	}
}

// The Naaz-Rokha, Black Market Forgery (69): its holder's action, 2
// fragments of a kind for a relic; the note goes back to the Naaz-Rokha.
func TestFaction_NaazRokha_BlackMarketForgery(t *testing.T) {
	const note = "naazrokha:black_market_forgery"
	g := factionGame(t, []string{"sol", "naazrokha", "hacan"}, func(s *State) {
		giveNote(note, 0)(s)
		s.Players[0].RelicFragments = []string{"industrial_relic_fragment", "industrial_relic_fragment"}
	})
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Outcome: "cultural"}, "73.1")
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Outcome: "industrial"})
	s := g.State()
	if len(s.Players[0].Relics) != 1 || len(s.Players[0].RelicFragments) != 0 || !slices.Contains(s.Players[1].Promissory, note) || s.Turn == 0 {
		t.Fatalf("relics %v, fragments %v, Naaz-Rokha's notes %v", s.Players[0].Relics, s.Players[0].RelicFragments, s.Players[1].Promissory)
	}
}

// The Naaz-Rokha, Dart and Tai (commander): unlocked, after they take a
// planet from another player they may explore it; a planet no one held
// is explored by the rules (35.1), with no window; locked, no window.
func TestFaction_Naazrokha_DartAndTai(t *testing.T) {
	for _, c := range []struct {
		state string
		held  bool
		want  bool
	}{{Unlocked, true, true}, {Locked, true, false}, {Unlocked, false, false}} {
		cfg := fixtureConfig("naazrokha", "sol", "hacan")
		cfg.Rules = RulesCurrent
		holder := 1
		if !c.held {
			holder = None
		}
		g := invadeArnorAs(t, cfg, func(s *State) { arnorHeldBy(holder)(s); s.Players[0].Commander = c.state })
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
		do(t, g, act(ActEstablishControl, 0))
		declineWindows(t, g)
		st := g.State().Step
		if got := st != nil && st.Card == "naazrokha:dart_and_tai"; got != c.want {
			t.Fatalf("%+v: window %v (step %+v)", c, got, st)
		}
		if !c.want {
			continue
		}
		ev := do(t, g, use(0, "naazrokha:dart_and_tai", Action{}))
		if !slices.ContainsFunc(ev, func(e Event) bool { return e.Kind == EvExplored && e.Planet == "Arnor" }) {
			t.Fatalf("Arnor explored: %v", ev)
		}
	}
}

// The Naaz-Rokha, Garv and Gunn (agent): at the end of Sol's turn the
// Naaz-Rokha may exhaust it for Sol to explore Arnor, a planet of Sol's
// with a trait; Sol's home planet (no trait) is refused.
func TestFaction_Naazrokha_GarvAndGunn(t *testing.T) {
	g := factionGame(t, []string{"sol", "naazrokha", "hacan"}, arnorHeldBy(0))
	quickTactical(t, g, 0, 21)
	declineWindows(t, g)
	st := g.State().Step
	if st == nil || st.Card != "naazrokha:garv_and_gunn" || st.Seat != 1 || st.Target == nil || *st.Target != 0 {
		t.Fatalf("step %+v: the Naaz-Rokha's window at the end of Sol's turn", st)
	}
	jord := g.State().System(g.State().Players[0].Home).Planets[0].Name
	refuse(t, g, use(1, st.Card, Action{Planet: jord}), "35.1")
	ev := do(t, g, use(1, st.Card, Action{Planet: "Arnor"}))
	if !slices.ContainsFunc(ev, func(e Event) bool { return e.Kind == EvExplored && e.Planet == "Arnor" && e.Seat == 0 }) {
		t.Fatalf("Sol explores Arnor: %v", ev)
	}
}

// The Naaz-Rokha, Distant Suns (35): gaining Arnor with their mech on it,
// they draw two industrial cards, both off the deck, and must resolve one
// of them (the window cannot be let go); the other is discarded. With no
// mech there, or for another faction, one card as usual.
func TestFaction_NaazRokha_DistantSuns(t *testing.T) {
	top := []string{"industrial_relic_fragment", "abandoned_warehouses", "local_fabricators"}
	stage := func(s *State) {
		planetIn(s.System(9), "Arnor").Controller = None
		s.Decks.Exploration["industrial"] = append(slices.Clone(top), without(s.Decks.Exploration["industrial"], top)...)
	}
	for _, pick := range []int{0, 1} {
		g := mechInvasion(t, []string{"naazrokha", "sol", "hacan"}, nil, 7, stage)
		s := g.State()
		st := s.Step
		if st == nil || st.Kind != StepAbility || st.Card != "naazrokha:distant_suns" || !slices.Equal(st.Cards, top[:2]) {
			t.Fatalf("the window to choose between the two cards drawn: %+v", st)
		}
		if d := s.Decks.Exploration["industrial"]; d[0] != top[2] || !slices.Equal(s.Decks.Held, top[:2]) || slices.Contains(s.Decks.ExplorationDiscard["industrial"], top[0]) {
			t.Fatalf("both cards held, off the deck and not discarded: deck %v", d[:3])
		}
		refuse(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: "naazrokha:distant_suns"}, "1.3")
		refuse(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: "naazrokha:distant_suns", Use: true, Outcome: top[2]}, "35.7")
		do(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: "naazrokha:distant_suns", Use: true, Outcome: top[pick]})
		s = g.State()
		if disc := s.Decks.ExplorationDiscard["industrial"]; !slices.Contains(disc, top[1-pick]) || len(s.Decks.Held) > 0 {
			t.Fatalf("chose %s: the other in the discard pile %v", top[pick], disc)
		}
		if got := slices.Contains(s.Players[0].RelicFragments, top[0]); got != (pick == 0) {
			t.Fatalf("chose %s: fragments %v", top[pick], s.Players[0].RelicFragments)
		}
		if pick == 1 && !slices.Contains(s.Decks.ExplorationDiscard["industrial"], top[1]) {
			t.Fatalf("Abandoned Warehouses resolved and discarded: %v", s.Decks.ExplorationDiscard["industrial"])
		}
	}
	for _, f := range []string{"sol", "naazrokha"} {
		var g *Game
		if f == "sol" {
			g = mechInvasion(t, []string{"sol", "naazrokha", "hacan"}, nil, 7, stage)
		} else {
			cfg := fixtureConfig("naazrokha", "sol", "hacan")
			cfg.Rules = RulesCurrent
			g = invadeArnorAs(t, cfg, stage)
			do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
			establishControl(t, g, 0)
		}
		s := g.State()
		if st := s.Step; st != nil && st.Kind == StepAbility && st.Card == "naazrokha:distant_suns" {
			t.Fatalf("%s: no choice of cards", f)
		}
		if d := s.Decks.Exploration["industrial"]; d[0] != top[1] {
			t.Fatalf("%s: one card drawn, deck %v", f, d[:2])
		}
	}
}

// Distant Suns with one card left in the deck: the second is drawn from
// the discard pile reshuffled, which does not take the first card held;
// every card stays in one place (the invariants hold).
func TestFaction_NaazRokha_DistantSunsReshuffles(t *testing.T) {
	g := mechInvasion(t, []string{"naazrokha", "sol", "hacan"}, nil, 7, func(s *State) {
		planetIn(s.System(9), "Arnor").Controller = None
		all := append(slices.Clone(s.Decks.Exploration["industrial"]), s.Decks.ExplorationDiscard["industrial"]...)
		s.Decks.Exploration["industrial"] = all[:1]
		s.Decks.ExplorationDiscard["industrial"] = all[1:]
	})
	s := g.State()
	if len(s.Decks.Held) != 2 || s.Decks.Held[0] == "" {
		t.Fatalf("held %v: two cards", s.Decks.Held)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
	do(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: "naazrokha:distant_suns", Use: true, Outcome: s.Decks.Held[1]})
	if err := CheckInvariants(g.State()); err != nil {
		t.Fatal(err)
	}
}

// The Naaz-Rokha, Hesh and Prit (hero): a relic, then Trade's secondary
// and a second ready card's, one after the other, with no token in the
// strategy pool: each is paid from reinforcements; the hero is purged.
// A card used this round is not ready, a card that is none is refused
// (51.12); three cards are bad input.
func TestFaction_Naazrokha_HeshAndPrit(t *testing.T) {
	const hero = "naazrokha:hesh_and_prit"
	g := factionGame(t, []string{"naazrokha", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		s.Players[0].Strategy = 0
	})
	s := g.State()
	used := s.Players[1].StrategyCards[0]
	c := s.Clone()
	c.Players[1].UsedStrategy = []string{used}
	if c.readyStrategy(used) || slices.ContainsFunc(heshOptions(c, 0, nil), func(a Action) bool { return slices.Contains(a.extra().Cards, used) }) {
		t.Fatalf("%s, used this round, is ready", used)
	}
	refuse(t, g, use(0, hero, Action{ActionExtra: &ActionExtra{Cards: []string{"mecatol"}}}), "51.12")
	refuse(t, g, use(0, hero, Action{ActionExtra: &ActionExtra{Cards: []string{"trade", "politics", "warfare"}}}), "")
	second := ""
	for _, c := range strategyCards {
		if c.id != "trade" && c.id != used && s.readyStrategy(c.id) {
			second = c.id
			break
		}
	}
	relics := len(s.Players[0].Relics)
	do(t, g, use(0, hero, Action{ActionExtra: &ActionExtra{Cards: []string{"trade", second}}}))
	s = g.State()
	if s.Players[0].Hero != Purged || len(s.Players[0].Relics) != relics+1 {
		t.Fatalf("hero %s, relics %d: purged, one relic more than %d", s.Players[0].Hero, len(s.Players[0].Relics), relics)
	}
	if st := s.Strategic; st == nil || st.Card != "trade" || !slices.Equal(st.Queue, []int{0}) || !st.Reserve {
		t.Fatalf("strategic %+v: Trade's secondary for the Naaz-Rokha, from reinforcements", st)
	}
	do(t, g, Action{Kind: ActSecondary, Seat: 0, Use: true})
	for st := g.State().Step; st != nil && st.Seat == 0; st = g.State().Step {
		do(t, g, act(ActDone, 0))
	}
	s = g.State()
	if s.Players[0].Commodities != commodityValue(s.Players[0]) || s.Players[0].Strategy != 0 {
		t.Fatalf("commodities %d, strategy pool %d: replenished, the pool untouched", s.Players[0].Commodities, s.Players[0].Strategy)
	}
	if st := s.Strategic; st == nil || st.Card != second {
		t.Fatalf("strategic %+v: %s's secondary next", st, second)
	}
	do(t, g, Action{Kind: ActSecondary, Seat: 0})
	if s := g.State(); s.Strategic != nil || slices.Contains(s.Players[0].UsedStrategy, "trade") {
		t.Fatalf("strategic %+v, used %v: over, Trade still ready", s.Strategic, s.Players[0].UsedStrategy)
	}
}
