package ti4

import (
	"slices"
	"testing"
)

// Winnu, Blood Ties (27.2): the custodians token without spending
// influence; another faction pays six.
func TestFaction_Winnu_BloodTies(t *testing.T) {
	for _, winnu := range []bool{false, true} {
		g := toMecatol(t, winnu, func(s *State) { s.Players[0].TradeGoods = 6 }) // enough to pay, for the one who must
		ev := do(t, g, act(ActTakeCustodians, 0))
		if got := hasKind(ev, EvCustodians); got != winnu {
			t.Fatalf("winnu %v: the token taken at once %v", winnu, got)
		}
	}
}

// Winnu, Reclamation: after a tactical action in which the Winnu gained
// Mecatol Rex, a PDS and a space dock go there; another faction places
// none.
func TestFaction_Winnu_Reclamation(t *testing.T) {
	for _, winnu := range []bool{false, true} {
		g := toMecatol(t, winnu, func(s *State) { s.Custodians = false })
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: MecatolRex, Unit: "infantry", Count: 2})
		establishControl(t, g, 0)
		if tac := g.State().Tactical; tac != nil && tac.Step == TacProduction {
			do(t, g, act(ActEndTactical, 0))
		}
		rex := planet(t, g, MecatolRex)
		got := count(rex.Units, 0, "pds") + count(rex.Units, 0, "space_dock")
		if want := map[bool]int{false: 0, true: 2}[winnu]; rex.Controller != 0 || got != want {
			t.Fatalf("winnu %v: Mecatol Rex held by %d with %d structures, want %d", winnu, rex.Controller, got, want)
		}
	}
}

// Winnu, Acquiescence (Codex I; 20.5): when the Winnu's strategic action
// offers its holder the secondary, the holder uses it without a command
// token; the note goes back.
func TestFaction_Winnu_Acquiescence(t *testing.T) {
	const note = "winnu:acquiescence"
	cfg := fixtureConfig("winnu", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, giveNote(note, 1))
	toActionPhase(t, g, "leadership", "politics", "trade", "diplomacy", "warfare", "technology")
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note}, "69.1")
	diplomacyOffered(t, g)
	strategy := g.State().Players[1].Strategy
	do(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note})
	do(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true})
	s := g.State()
	if s.Players[1].Strategy != strategy || !slices.Contains(s.Players[0].Promissory, note) {
		t.Fatalf("strategy pool %d of %d: no token spent; the note back", s.Players[1].Strategy, strategy)
	}
}

// Winnu, Lazax Gate Folding: while the Winnu do not control Mecatol Rex,
// its system is one move from an alpha wormhole for their ships; while
// they do, a component action places an infantry there.
func TestFactionTech_LazaxGateFolding(t *testing.T) {
	const alpha = 21
	for _, tech := range []bool{false, true} {
		g := factionGame(t, []string{"winnu", "sol", "hacan"}, func(s *State) {
			if tech {
				s.Players[0].Techs = append(s.Players[0].Techs, "lazax_gate_folding")
			}
		})
		s := g.State()
		mr := s.mecatolPos()
		if got := s.reach(0, alpha, mr, 1) >= 0; got != tech || s.reach(1, alpha, mr, 1) >= 0 {
			t.Fatalf("tech %v: one move from the alpha to Mecatol Rex: %v", tech, got)
		}
	}
	g := factionGame(t, []string{"winnu", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "lazax_gate_folding")
		s.Custodians = false
		mr, _ := s.Planet(MecatolRex)
		mr.Controller, mr.Units = 0, []Stack{{Owner: 0, Unit: "infantry", Count: 1}}
	})
	s := g.State()
	if s.reach(0, alpha, s.mecatolPos(), 1) >= 0 {
		t.Fatal("controlling Mecatol Rex, no gate")
	}
	do(t, g, use(0, "lazax_gate_folding", Action{}))
	if mr, _ := g.State().Planet(MecatolRex); count(mr.Units, 0, "infantry") != 2 {
		t.Fatalf("Mecatol Rex %v: one more infantry", mr.Units)
	}
}

// Winnu, Hegemonic Trade Policy (67, 68, 75, 34.4): exhausted while the
// Winnu pay for what they produce, a planet of theirs trades its resource
// and influence values until the end of the turn; only planets they
// control whose values differ, once until readied.
func TestFaction_Winnu_HegemonicTradePolicy(t *testing.T) {
	const id = "hegemonic_trade_policy"
	cfg := fixtureConfig("winnu", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		withTech(0, id)(s)
		p := s.Players[0]
		p.TradeGoods, p.Fleet, p.Strategy = 0, p.Fleet+p.Strategy, 0
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	winnu := func() *Planet { pl, _ := g.State().Planet("Winnu"); return pl }
	if v := planetInfo(winnu()); v.Resources != 3 || v.Influence != 4 {
		t.Fatalf("Winnu is %d/%d in the data, want 3/4", v.Resources, v.Influence)
	}
	if _, err := g.Do(use(0, id, Action{Planet: "Winnu"})); err == nil {
		t.Fatal("used with no production under way")
	}
	activated(t, g, 0, 22)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 2}, "26.1") // 4; Winnu pays 3
	var offered []string
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Card == id && a.Use {
			offered = append(offered, a.Planet)
		}
	}
	if !slices.Equal(offered, []string{"Winnu"}) {
		t.Fatalf("offered %v: the Winnu's one planet", offered)
	}
	refuse(t, g, use(0, id, Action{Planet: "Jord"}), "1.3") // Sol's
	do(t, g, use(0, id, Action{Planet: "Winnu"}))
	if v := planetInfo(winnu()); v.Resources != 4 || v.Influence != 3 {
		t.Fatalf("Winnu is %d/%d, want 4/3 for the turn", v.Resources, v.Influence)
	}
	refuse(t, g, use(0, id, Action{Planet: "Winnu"}), "34.4") // exhausted
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 2})
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Winnu"})
	do(t, g, act(ActEndTactical, 0))
	declineWindows(t, g)
	if s := g.State(); s.Turn == 0 || winnu().Swapped || len(s.Swaps) != 0 || planetInfo(winnu()).Resources != 3 {
		t.Fatalf("turn %d: Winnu is %d/%d again after the turn", s.Turn, planetInfo(winnu()).Resources, planetInfo(winnu()).Influence)
	}
	if count(g.State().System(22).Space, 0, "cruiser") != 3 {
		t.Fatal("two cruisers produced")
	}
}

// A swap that would leave the units already produced unpaid is neither
// offered nor taken (67.1): the production could never end (found by
// self-play: Sling Relay's dreadnought, paid with Sem-Lore's 3 resources).
func TestFaction_Winnu_HegemonicTradePolicy_KeepsProductionPayable(t *testing.T) {
	const id = "hegemonic_trade_policy"
	cfg := fixtureConfig("winnu", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		withTech(0, id)(s)
		p := s.Players[0]
		p.TradeGoods, p.Fleet, p.Strategy = 0, p.Fleet+p.Strategy, 0
		arnor, _ := s.Planet("Arnor") // 2/1
		arnor.Controller = 0
		winnu, _ := s.Planet("Winnu")
		winnu.Exhausted = true
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 22)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 1}) // 2: Arnor's 2 pay it
	var offered []string
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Card == id && a.Use {
			offered = append(offered, a.Planet)
		}
	}
	if !slices.Equal(offered, []string{"Winnu"}) {
		t.Fatalf("offered %v: Winnu (exhausted, it changes nothing owed), not Arnor (1 resource would not pay 2)", offered)
	}
	refuse(t, g, use(0, id, Action{Planet: "Arnor"}), "67.1")
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Arnor"})
	do(t, g, act(ActEndTactical, 0))
}

// Winnu, Rickar Rickani (56): unlocked, +2 to the Winnu's combat rolls in
// the Mecatol Rex system, their home system and systems with a legendary
// planet; nothing elsewhere, nothing locked.
func TestFaction_Winnu_RickarRickani(t *testing.T) {
	cfg := fixtureConfig("winnu", "sol", "hacan")
	cfg.Rules = RulesLeaders
	g := fixture(t, cfg, func(s *State) { s.Players[0].Commander = Unlocked })
	s := g.State()
	_, mecatol := s.Planet(MecatolRex)
	home := s.Players[0].Home
	for _, tc := range []struct {
		pos, want int
	}{{mecatol.Pos, 2}, {home, 2}, {9, 0}} {
		c := s.Clone()
		c.Combat = &Combat{Kind: "space", System: tc.pos, Attacker: 0, Defender: 1}
		if got := c.combatModHere(0); got != tc.want {
			t.Errorf("system %d: +%d, want +%d", tc.pos, got, tc.want)
		}
		if got := c.combatModHere(1); got != 0 {
			t.Errorf("system %d: Sol +%d", tc.pos, got)
		}
	}
	c := s.Clone()
	c.Players[0].Commander = Locked
	c.Combat = &Combat{Kind: "space", System: mecatol.Pos, Attacker: 0, Defender: 1}
	if got := c.combatModHere(0); got != 0 {
		t.Errorf("locked: +%d", got)
	}
	for _, sys := range s.Systems { // a legendary planet's system
		for _, pl := range sys.Planets {
			if planetInfo(pl).Legendary && sys.Pos != home {
				if got := rickarRickani(s, 0, sys.Pos); got != 2 {
					t.Errorf("%s: +%d", pl.Name, got)
				}
			}
		}
	}
}

// Winnu, Reclaimer (55): after a tactical action in which the Winnu gained
// a planet where their mech is, a PDS or a space dock goes there; a planet
// held before, or one without the mech, is not offered.
func TestFactionUnit_Reclaimer(t *testing.T) {
	g := mechInvasion(t, []string{"winnu", "sol", "hacan"}, nil, 1)
	if planet(t, g, "Arnor").Controller != 0 {
		t.Fatal("the Winnu gain Arnor")
	}
	do(t, g, act(ActEndTactical, 0))
	declineWindows(t, g)
	st := g.State().Step
	if st == nil || st.Kind != StepAbility || st.Card != "reclaimer" || !slices.Contains(st.Cards, "Arnor") {
		t.Fatalf("step %+v: the mech's window after the tactical action", st)
	}
	home := g.State().System(g.State().Players[0].Home).Planets[0].Name
	refuse(t, g, use(0, "reclaimer", Action{Planet: home, Unit: "pds"}), "55")
	refuse(t, g, use(0, "reclaimer", Action{Planet: "Arnor", Unit: "war_sun"}), "55")
	do(t, g, use(0, "reclaimer", Action{Planet: "Arnor", Unit: "space_dock"}))
	if count(planet(t, g, "Arnor").Units, 0, "space_dock") != 1 || g.State().Step != nil {
		t.Fatalf("a space dock on Arnor, and the window closed: %+v", g.State().Step)
	}
}

// Winnu, Berekar Berekon (agent): while paying for a production, the cost
// is 2 less: a cruiser (2) costs nothing; the agent is exhausted.
func TestFaction_Winnu_BerekarBerekon(t *testing.T) {
	const id = "winnu:berekar_berekon"
	g := factionGame(t, []string{"winnu", "sol", "letnev"}, func(s *State) {
		p := s.Players[0]
		p.TradeGoods, p.Fleet, p.Strategy = 0, p.Fleet+p.Strategy, 0
		for _, pl := range s.ownPlanets(0) {
			pl.Exhausted = true
		}
	})
	home := g.State().Players[0].Home
	activated(t, g, 0, home)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 1}, "26.1") // nothing to pay with
	do(t, g, use(0, id, Action{}))
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 1})
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 1}, "26.1") // 2 off, not more
	do(t, g, act(ActEndTactical, 0))
	if !slices.Contains(g.State().Players[0].ExhaustedTechs, id) {
		t.Fatal("the agent is exhausted")
	}
}

// The Winnu, Mathis Mathinus (hero): Trade's primary (the card the Winnu
// hold here, not played), then its secondary for the one player chosen
// (Hacan), not for Sol; Trade stays unexhausted, ready for its strategic
// action; the hero is purged and the turn passes on.
// Each strategy card can be chosen; a card that is none, or the Winnu
// among the seats, is refused.
func TestFaction_Winnu_MathisMathinus(t *testing.T) {
	const hero = "winnu:mathis_mathinus"
	g := factionGame(t, []string{"winnu", "sol", "hacan"}, func(s *State) { s.Players[0].Hero = Unlocked })
	s := g.State()
	holder := None
	for q, p := range s.Players {
		if slices.Contains(p.StrategyCards, "trade") {
			holder = q
		}
	}
	refuse(t, g, use(0, hero, Action{Outcome: "mecatol"}), "")
	refuse(t, g, use(0, hero, Action{Outcome: "trade", ActionExtra: &ActionExtra{Seats: []int{0}}}), "")
	refuse(t, g, use(0, hero, Action{Outcome: "trade", ActionExtra: &ActionExtra{Seats: []int{2, 2}}}), "")
	n := 0
	for _, a := range Legal(s, engineRNG(), 0) {
		if a.Card == hero {
			n++
		}
	}
	if n != 16 {
		t.Fatalf("%d uses listed: each of the 8 cards with all others or none", n)
	}
	tg := s.Players[0].TradeGoods
	do(t, g, use(0, hero, Action{Outcome: "trade", ActionExtra: &ActionExtra{Seats: []int{2}}}))
	s = g.State()
	if s.Players[0].Hero != Purged || s.Players[0].TradeGoods != tg+3 || s.Strategic == nil || !s.Strategic.Unheld {
		t.Fatalf("hero %s, trade goods %d (from %d), strategic %+v: purged, Trade's 3, an unheld strategic action", s.Players[0].Hero, s.Players[0].TradeGoods, tg, s.Strategic)
	}
	do(t, g, act(ActDone, 0)) // no one's commodities replenished
	if st := g.State().Strategic; st == nil || !slices.Equal(st.Queue, []int{2}) {
		t.Fatalf("secondary offered to %+v, want Hacan (2) alone", st)
	}
	refuse(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true}, "82.1")
	do(t, g, Action{Kind: ActSecondary, Seat: 2, Use: true})
	s = g.State()
	if s.Strategic != nil || s.busy() {
		t.Fatalf("strategic %+v, busy %v: over", s.Strategic, s.busy())
	}
	if holder >= 0 && slices.Contains(s.Players[holder].UsedStrategy, "trade") {
		t.Fatal("Trade exhausted for its holder")
	}
	if s.Turn == 0 {
		t.Fatal("the Winnu's turn is over")
	}
}
