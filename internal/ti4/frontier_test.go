package ti4

import (
	"slices"
	"testing"
)

// frontierTop puts card on top of the frontier deck.
func frontierTop(s *State, card string) {
	d := s.Decks.Exploration["frontier"]
	i := slices.Index(d, card)
	d[0], d[i] = d[i], d[0]
}

// darkEnergyTrip has seat 0 move a carrier into system 21 (a frontier
// token, no planets) and end the tactical action there.
func darkEnergyTrip(t *testing.T, tap bool, card string) *Game {
	t.Helper()
	g := tacticalFixture(t, func(s *State) {
		if tap {
			s.Players[0].Techs = append(s.Players[0].Techs, "dark_energy_tap")
		}
		frontierTop(s, card)
	})
	if !hasFrontier(g.State().System(21)) {
		t.Fatal("the fixture's system 21 has no frontier token")
	}
	activated(t, g, 0, 21)
	do(t, g, moveShips(0, 22, "carrier", 1))
	do(t, g, act(ActEndMovement, 0))
	do(t, g, act(ActEndTactical, 0))
	return g
}

// 35.4-35.6, 38: with Dark Energy Tap, a tactical action that leaves ships
// in a system with a frontier token explores it; the token goes back to
// the supply. Without the technology nothing is explored.
func TestRule35_4_DarkEnergyTap(t *testing.T) {
	g := darkEnergyTrip(t, false, "lost_crew")
	if s := g.State(); !hasFrontier(s.System(21)) || len(s.Players[0].ActionCards) != 0 {
		t.Fatal("explored without Dark Energy Tap")
	}
	g = darkEnergyTrip(t, true, "lost_crew")
	s := g.State()
	if hasFrontier(s.System(21)) {
		t.Fatal("35.6: the frontier token stays after it is explored")
	}
	if len(s.Players[0].ActionCards) != 2 || !slices.Contains(s.Decks.ExplorationDiscard["frontier"], "lost_crew") {
		t.Fatalf("Lost Crew draws 2 action cards and is discarded: hand %v", s.Players[0].ActionCards)
	}
	checked(t, g)
}

// 35.5, 35.7: what each frontier card does when its token is explored.
func TestRule35_5_FrontierCards(t *testing.T) {
	for _, c := range []struct {
		card   string
		choose string // the exploration step's option, if it has one
		check  func(s *State) bool
	}{
		{"derelict_vessel", "", func(s *State) bool { return len(s.Players[0].Secrets) == 1 }},
		{"gamma_relay", "", func(s *State) bool {
			return slices.Contains(s.Wormholes(21), "gamma") && slices.Contains(s.Decks.Purged, "gamma_relay")
		}},
		{"unknown_relic_fragment", "", func(s *State) bool { return slices.Contains(s.Players[0].RelicFragments, "unknown_relic_fragment") }},
		{"enigmatic_device", "", func(s *State) bool { return slices.Contains(s.Players[0].PlayArea, "enigmatic_device") }},
		{"merchant_station", optReplenish, func(s *State) bool { return s.Players[0].Commodities == commodityValue(s.Players[0]) }},
		{"ion_storm", "beta", func(s *State) bool {
			return slices.Contains(s.Wormholes(21), "beta") && slices.Contains(s.Decks.InPlay, "ion_storm")
		}},
		{"mirage", "", func(s *State) bool {
			pl, sys := s.Planet(Mirage)
			return pl != nil && sys.Pos == 21 && pl.Controller == 0 && !pl.Exhausted && slices.Contains(s.Decks.Purged, "mirage")
		}},
	} {
		t.Run(c.card, func(t *testing.T) {
			g := darkEnergyTrip(t, true, c.card)
			if c.choose != "" {
				st := g.State().Step
				if st == nil || st.Kind != StepExplore || st.Card != c.card {
					t.Fatalf("step %+v, want %s's choice", st, c.card)
				}
				refuse(t, g, act(ActPass, 1), "35.7") // the next player waits for the card
				do(t, g, Action{Kind: ActExplore, Seat: 0, Outcome: c.choose})
			}
			s := g.State()
			if !c.check(s) {
				t.Fatal("the card did not resolve as it should")
			}
			checked(t, g)
		})
	}
}

// 35.4, 2.7: Exploration Probe explores a frontier token in or next to a
// system with the player's ships, and no other.
func TestRule35_4_ExplorationProbe(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		giveAC(0, "exploration_probe")(s)
		frontierTop(s, "lost_crew")
	})
	s := g.State()
	far := None
	for _, sys := range s.Systems {
		if hasFrontier(sys) && !s.shipsInOrNextTo(0, sys.Pos) {
			far = sys.Pos
		}
	}
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "exploration_probe", System: ip(far)}, "35.4")
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "exploration_probe", System: ip(9)}, "35.4") // planets, no token
	play(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "exploration_probe", System: ip(21)})
	s = g.State()
	if hasFrontier(s.System(21)) || len(s.Players[0].ActionCards) != 2 {
		t.Fatalf("token left: %v, hand %v", hasFrontier(s.System(21)), s.Players[0].ActionCards)
	}
	checked(t, g)
}

// 35.7: Enigmatic Device, kept in play, is purged as a component action to
// research a technology for 6 resources.
func TestRule35_7_EnigmaticDevice(t *testing.T) {
	stage := func(tg int) func(s *State) {
		return func(s *State) {
			d := s.Decks.Exploration["frontier"] // from the deck to seat 0's play area
			i := slices.Index(d, "enigmatic_device")
			s.Decks.Exploration["frontier"] = slices.Delete(d, i, i+1)
			s.Players[0].PlayArea = []string{"enigmatic_device"}
			s.Players[0].TradeGoods = tg
		}
	}
	g := tacticalFixture(t, stage(0)) // Jol and Nar make 3 resources: short of 6
	refuse(t, g, Action{Kind: ActComponent, Seat: 0, Card: "enigmatic_device"}, "35.7")
	g = tacticalFixture(t, stage(6))
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: "enigmatic_device"})
	s := g.State()
	if slices.Contains(s.Players[0].PlayArea, "enigmatic_device") || !slices.Contains(s.Decks.Purged, "enigmatic_device") {
		t.Fatal("the card is purged")
	}
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"}, "91.2") // nothing paid yet
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 6})
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"})
	s = g.State()
	if !s.Players[0].HasTech("gravity_drive") || s.Step != nil {
		t.Fatalf("researched: %v, step %+v", s.Players[0].HasTech("gravity_drive"), s.Step)
	}
	checked(t, g)
}

// 23.5 with 35.7: Lost Crew, explored through Exploration Probe, draws
// from an empty action deck; the reshuffle takes the discard pile as it
// was, and the probe, discarded in the same moment, stays there. A soak
// found the probe lost.
func TestRule23_5_ReshuffleKeepsTheCardJustPlayed(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		giveAC(0, "exploration_probe")(s)
		frontierTop(s, "lost_crew")
		s.Decks.ActionDiscard = append(s.Decks.ActionDiscard, s.Decks.ActionCards...)
		s.Decks.ActionCards = nil
	})
	play(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "exploration_probe", System: ip(21)})
	s := g.State()
	if !slices.Equal(s.Decks.ActionDiscard, []string{"exploration_probe"}) || len(s.Players[0].ActionCards) != 2 {
		t.Fatalf("discard %v, hand %v", s.Decks.ActionDiscard, s.Players[0].ActionCards)
	}
	checked(t, g)
}

// The Codex III frontier cards (rules version 9, with the Codex): each is
// in the frontier deck as many times as printed, and resolves when its
// token is explored; a game without the Codex, or of an earlier version,
// has none of them.
func TestExploration_CodexFrontierCards(t *testing.T) {
	codex := func(rules int, noCodex bool) Config {
		cfg := fixtureConfig()
		cfg.Rules, cfg.NoCodex = rules, noCodex
		return cfg
	}
	for _, cfg := range []Config{codex(RulesKeleres, false), codex(RulesCodex, true)} {
		if s, _, _ := Setup(cfg); slices.Contains(s.Decks.Exploration["frontier"], "keleres_ship") {
			t.Fatalf("rules %d, no Codex %v: the Codex III's frontier cards are dealt", cfg.Rules, cfg.NoCodex)
		}
	}
	for _, c := range []struct {
		card          string
		tokens, goods int
		relic         bool
	}{
		{"dead_world", 0, 0, true}, {"entropic_field", 1, 2, false}, {"major_entropic_field", 1, 3, false},
		{"minor_entropic_field", 1, 1, false}, {"keleres_ship", 2, 0, false},
	} {
		t.Run(c.card, func(t *testing.T) {
			g := fixture(t, codex(RulesCodex, false), func(s *State) {
				s.Players[0].Techs = append(s.Players[0].Techs, "dark_energy_tap")
				frontierTop(s, c.card)
			})
			toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
			activated(t, g, 0, 21)
			do(t, g, moveShips(0, 22, "carrier", 1))
			do(t, g, act(ActEndMovement, 0))
			do(t, g, act(ActEndTactical, 0))
			s := g.State()
			if c.tokens > 0 {
				st := s.Step
				if st == nil || st.Kind != StepGainTokens || st.Seat != 0 || st.Need != c.tokens {
					t.Fatalf("step %+v: %d command tokens to place", st, c.tokens)
				}
				do(t, g, Action{Kind: ActGainTokens, Seat: 0, Pools: &Pools{Tactic: c.tokens}})
			}
			s = g.State()
			if s.Players[0].TradeGoods != c.goods || (len(s.Players[0].Relics) == 1) != c.relic || s.Players[0].Tactic != 2+c.tokens {
				t.Fatalf("trade goods %d, relics %v, tactic pool %d", s.Players[0].TradeGoods, s.Players[0].Relics, s.Players[0].Tactic)
			}
			if !slices.Contains(s.Decks.ExplorationDiscard["frontier"], c.card) {
				t.Fatal("the card is not discarded")
			}
			checked(t, g)
		})
	}
}

// ionStormTrip has seat 0 move a carrier into a system next to its home
// with no units, which holds Ion Storm's token alpha side up, from its
// home (next to it), or from a far system with no units and an alpha
// wormhole token of seat 1's (through the storm's wormhole alone). It
// returns the token's side after the movement.
func ionStormTrip(t *testing.T, rules int, far bool) string {
	t.Helper()
	cfg := fixtureConfig()
	cfg.Rules = rules
	from, storm := 22, None
	empty := func(s *State, sys *System) bool {
		held := slices.ContainsFunc(sys.Planets, func(p *Planet) bool { return len(p.Units) > 0 })
		return !held && len(sys.Space) == 0 && !tileOf(sys).HasWormhole("alpha") && !tileOf(sys).HasWormhole("beta")
	}
	g := fixture(t, cfg, func(s *State) {
		for _, sys := range s.Systems {
			if storm == None && empty(s, sys) && s.galaxy.Touching(22, sys.Pos) {
				storm = sys.Pos
				sys.Tokens = append(sys.Tokens, Token{Kind: "alpha", Owner: None})
			}
		}
		for _, sys := range s.Systems {
			if far && from == 22 && empty(s, sys) && sys.Pos != storm && !s.galaxy.Touching(storm, sys.Pos) && !s.galaxy.Touching(22, sys.Pos) {
				from = sys.Pos
				sys.Tokens = append(sys.Tokens, Token{Kind: "alpha", Owner: 1})
				sys.Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
			}
		}
		if storm == None || far == (from == 22) {
			t.Fatal("no empty systems for the trip")
		}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, storm)
	do(t, g, moveShips(0, from, "carrier", 1))
	do(t, g, act(ActEndMovement, 0))
	if w := g.State().Wormholes(storm); len(w) == 1 {
		return w[0]
	}
	t.Fatalf("the storm's wormholes %v", g.State().Wormholes(storm))
	return ""
}

// Ion Storm (rules version 11): ships that went through the wormhole on
// its token turn it over; a ship with a path of its own (next to it)
// leaves it as it is; so did every earlier version.
func TestExploration_IonStorm_FlipsWhenPassed(t *testing.T) {
	for _, c := range []struct {
		rules int
		far   bool
		want  string
	}{{RulesCurrent, true, "beta"}, {RulesCurrent, false, "alpha"}, {RulesAgents, true, "alpha"}} {
		if got := ionStormTrip(t, c.rules, c.far); got != c.want {
			t.Errorf("rules %d, far %v: the token shows %s, want %s", c.rules, c.far, got, c.want)
		}
	}
}

// Ion Storm: a cruiser at A may reach T through the storm's wormhole (S)
// or through a Cabal tear (R); the path leaving the fewest rifts is the
// one taken, for its rift rolls and for the storm alike: no rift is rolled
// for, and the token turns over.
func TestExploration_IonStorm_FewestRiftsPath(t *testing.T) {
	var A, R, S, T int = None, None, None, None
	const kind = "alpha"
	g := factionGame(t, []string{"sol", "vuilraith", "hacan"}, func(s *State) {
		empty := func(sys *System) bool {
			held := slices.ContainsFunc(sys.Planets, func(p *Planet) bool { return len(p.Units) > 0 || p.Controller != None })
			tl := tileOf(sys)
			return sys.Pos != 0 && !held && len(sys.Space) == 0 && len(sys.Tokens) == 0 && !tl.HasWormhole("alpha") && !tl.HasWormhole("beta") && len(tl.Anomalies) == 0
		}
		touch := s.galaxy.Touching
		// no third way in: no printed alpha wormhole next to T
		printedNear := func(pos int) bool {
			return slices.ContainsFunc(s.Systems, func(x *System) bool { return tileOf(x).HasWormhole(kind) && (x.Pos == pos || touch(x.Pos, pos)) })
		}
		for _, r := range s.Systems {
			if !empty(r) || len(r.Planets) == 0 {
				continue
			}
			for _, a := range s.Systems {
				if !empty(a) || !touch(a.Pos, r.Pos) {
					continue
				}
				for _, tt := range s.Systems {
					if !empty(tt) || printedNear(tt.Pos) || !touch(tt.Pos, r.Pos) || touch(tt.Pos, a.Pos) || tt.Pos == a.Pos {
						continue
					}
					for _, st := range s.Systems {
						if !empty(st) || st.Pos == r.Pos || st.Pos == a.Pos || st.Pos == tt.Pos || !touch(st.Pos, tt.Pos) || touch(st.Pos, a.Pos) {
							continue
						}
						between := slices.ContainsFunc(s.Systems, func(x *System) bool {
							return x.Pos != r.Pos && touch(x.Pos, a.Pos) && touch(x.Pos, tt.Pos)
						})
						if !between { // R is the only system between A and T
							A, R, T, S = a.Pos, r.Pos, tt.Pos, st.Pos
							goto found
						}
					}
				}
			}
		}
		t.Fatal("no layout")
	found:
		r := s.System(R)
		r.Planets[0].Controller, r.Planets[0].Units = 1, []Stack{{Owner: 1, Unit: "space_dock", Count: 1}}
		s.System(A).Tokens = append(s.System(A).Tokens, Token{Kind: kind, Owner: 1})
		s.System(S).Tokens = append(s.System(S).Tokens, Token{Kind: kind, Owner: None})
		s.System(A).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
	})
	activated(t, g, 0, T)
	do(t, g, moveShips(0, A, "cruiser", 1))
	ev := do(t, g, act(ActEndMovement, 0))
	rolls := 0
	for _, e := range ev {
		if e.Kind == EvRiftRoll {
			rolls++
		}
	}
	w := g.State().Wormholes(S)
	flipped := map[string]string{"alpha": "beta", "beta": "alpha"}[kind]
	if rolls != 0 || !slices.Equal(w, []string{flipped}) {
		t.Errorf("%d rift rolls, the storm shows %v: the path with no rift goes through the storm and turns it", rolls, w)
	}
}

// Ion Storm (rules version 12): a retreat to a system next to the combat
// only through the token's wormhole turns it over (78.7); one to a system
// next to it on the board does not; version 11 left it.
func TestExploration_IonStorm_FlipsOnRetreat(t *testing.T) {
	for _, c := range []struct {
		rules   int
		through bool
		want    string
	}{{RulesCurrent, true, "beta"}, {RulesCurrent, false, "alpha"}, {RulesStorms, true, "alpha"}} {
		rules := c.rules
		cfg := fixtureConfig()
		cfg.Rules = rules
		const storm = 23
		to := None
		g := fixture(t, cfg, func(s *State) {
			for _, sys := range s.Systems {
				if to == None && tileOf(sys).HasWormhole("alpha") && !s.galaxy.Touching(storm, sys.Pos) && len(sys.Space) == 0 {
					to = sys.Pos
				}
			}
			if !c.through {
				to = 10 // on the board next to it
			}
			if to == None {
				t.Fatal("no alpha wormhole away from the storm")
			}
			s.System(storm).Tokens = append(s.System(storm).Tokens, Token{Kind: "alpha", Owner: None})
			s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "carrier", Count: 1}}
			s.System(storm).Space = []Stack{{Owner: 1, Unit: "war_sun", Count: 1}, {Owner: 1, Unit: "dreadnought", Count: 1}}
			s.System(to).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}}
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, storm)
		do(t, g, moveShips(0, 9, "dreadnought", 2))
		do(t, g, moveShips(0, 9, "carrier", 1))
		do(t, g, act(ActEndMovement, 0))
		do(t, g, Action{Kind: ActRetreat, Seat: 1, System: ip(to)})
		fightOut(t, g)
		s := g.State()
		if !shipsOf(s.System(to), 1) || shipsOf(s.System(storm), 1) {
			t.Fatalf("rules %d: the defender did not retreat", rules)
		}
		if w := s.Wormholes(storm); len(w) != 1 || w[0] != c.want {
			t.Fatalf("%+v: the storm shows %v", c, w)
		}
	}
}
