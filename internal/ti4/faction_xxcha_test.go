package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// Xxcha, Peace Accords (25, 6.2, 6.3): after the Diplomacy primary, a
// planet without units next to one the Xxcha control is gained; Mecatol
// Rex and planets with units are not offered.
func TestFaction_Xxcha_PeaceAccords(t *testing.T) {
	cfg := fixtureConfig("xxcha", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		lor := planetIn(s.System(9), "Lor")
		lor.Controller, lor.Units = 1, []Stack{{Owner: 1, Unit: "infantry", Count: 1}}
	})
	toActionPhase(t, g, "leadership", "politics", "trade", "diplomacy", "warfare", "technology") // seat 0 acts first
	strategic(t, g, 0, "diplomacy")
	home := g.State().Players[0].Home
	do(t, g, Action{Kind: ActChooseSystem, Seat: 0, System: ip(home)})
	do(t, g, act(ActDone, 0))
	st := g.State().Step
	if st == nil || st.Kind != StepAbility || st.Card != "xxcha:peace_accords" {
		t.Fatalf("the window after Diplomacy: %+v", st)
	}
	refuse(t, g, use(0, "xxcha:peace_accords", Action{Planet: "Lor"}), "1.3") // units there
	refuse(t, g, use(0, "xxcha:peace_accords", Action{Planet: MecatolRex}), "1.3")
	do(t, g, use(0, "xxcha:peace_accords", Action{Planet: "Arnor"}))
	if planet(t, g, "Arnor").Controller != 0 {
		t.Fatal("Arnor gained")
	}
}

// Xxcha, Quash (1.15, 8.2): when an agenda is revealed, a strategy token
// discards it and the next is revealed; not once the votes have begun, nor
// without a token.
func TestFaction_Xxcha_Quash(t *testing.T) {
	g := factionAgenda(t, []string{"xxcha", "sol", "hacan"}, []string{"mutiny", "economic_equality", "incentive_program"}, nil)
	if g.State().Agenda.Card != "mutiny" {
		t.Fatalf("revealed %q", g.State().Agenda.Card)
	}
	refuse(t, g, use(1, "xxcha:quash", Action{}), "1.3") // Sol's
	strategy := g.State().Players[0].Strategy
	do(t, g, use(0, "xxcha:quash", Action{}))
	s := g.State()
	if s.Agenda.Card != "economic_equality" || s.Players[0].Strategy != strategy-1 || !slices.Contains(s.Decks.AgendaDiscard, "mutiny") {
		t.Fatalf("quashed: agenda %q, strategy %d (was %d), discard %v", s.Agenda.Card, s.Players[0].Strategy, strategy, s.Decks.AgendaDiscard)
	}
	passWindows(t, g)
	do(t, g, Action{Kind: ActAbstain, Seat: 1})
	refuse(t, g, use(0, "xxcha:quash", Action{}), "1.15") // the votes have begun

	g = factionAgenda(t, []string{"xxcha", "sol", "hacan"}, []string{"mutiny"}, func(s *State) { s.Players[0].Strategy = 0 })
	if slices.ContainsFunc(Legal(g.State(), engineRNG(), 0), func(a Action) bool { return a.Card == "xxcha:quash" }) {
		t.Fatal("no strategy token: Quash is not offered")
	}
	refuse(t, g, use(0, "xxcha:quash", Action{}), "1.11")
}

// Xxcha, Political Favor (69.1, 8.2): when an agenda is revealed its
// holder takes a token from the Xxcha's strategy pool, and the agenda is
// discarded for the next; not with that pool empty, nor once the votes
// began; the note goes back.
func TestFaction_Xxcha_PoliticalFavor(t *testing.T) {
	const note = "xxcha:political_favor"
	top := []string{"mutiny", "economic_equality"}
	g := factionAgenda(t, []string{"xxcha", "sol", "hacan"}, top, giveNote(note, 1))
	if !noteOffered(g, 1, note) {
		t.Fatal("offered when the agenda is revealed")
	}
	strategy := g.State().Players[0].Strategy
	do(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note})
	s := g.State()
	if s.Agenda.Card != "economic_equality" || s.Players[0].Strategy != strategy-1 || !slices.Contains(s.Players[0].Promissory, note) {
		t.Fatalf("agenda %q, Xxcha strategy %d (was %d), Xxcha's notes %v", s.Agenda.Card, s.Players[0].Strategy, strategy, s.Players[0].Promissory)
	}

	g = factionAgenda(t, []string{"xxcha", "sol", "hacan"}, top, func(s *State) {
		giveNote(note, 1)(s)
		s.Players[0].Strategy = 0
	})
	if noteOffered(g, 1, note) {
		t.Fatal("not offered with the Xxcha's strategy pool empty")
	}
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note}, "69.1")

	g = factionAgenda(t, []string{"xxcha", "sol", "hacan"}, top, giveNote(note, 1))
	passWindows(t, g)
	do(t, g, Action{Kind: ActAbstain, Seat: 1})
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note}, "69.1")
}

// Xxcha, Nullification Field: after another player activates a system
// holding the Xxcha's ships, the Xxcha may exhaust it and spend a strategy
// token to end that player's turn, the token staying.
func TestFactionTech_NullificationField(t *testing.T) {
	g := factionGame(t, []string{"sol", "xxcha", "hacan"}, func(s *State) {
		s.Players[1].Techs = append(s.Players[1].Techs, "nullification_field")
		s.System(9).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}}
		s.System(22).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 2}}
	})
	activated(t, g, 0, 9)
	settle(t, g)
	st := g.State().Step
	if st == nil || st.Kind != StepAbility || st.Card != "nullification_field" || st.Seat != 1 {
		t.Fatalf("step %+v: the Xxcha's window", st)
	}
	strategy := g.State().Players[1].Strategy
	do(t, g, use(1, "nullification_field", Action{}))
	s := g.State()
	if s.Tactical != nil || s.Turn == 0 || !slices.Contains(s.System(9).Command, 0) || s.Players[1].Strategy != strategy-1 ||
		!slices.Contains(s.Players[1].ExhaustedTechs, "nullification_field") {
		t.Fatalf("tactical %+v turn %d: Sol's turn ends, its token stays", s.Tactical, s.Turn)
	}
}

// Xxcha, Instinct Training: when another player's action card waits on the
// Xxcha's answer, exhausting it and a strategy token cancel the card; the
// turn's action it was is spent.
func TestFactionTech_InstinctTraining(t *testing.T) {
	g := factionGame(t, []string{"sol", "xxcha", "hacan"}, func(s *State) {
		s.Players[1].Techs = append(s.Players[1].Techs, "instinct_training")
		s.Players[0].TradeGoods = 4
		giveAC(0, "focused_research")(s)
	})
	do(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "focused_research", Outcome: "sarween_tools"})
	if !slices.ContainsFunc(Legal(g.State(), engineRNG(), 1), func(a Action) bool { return a.Kind == ActUseAbility && a.Card == "instinct_training" }) {
		t.Fatal("offered in the card's window")
	}
	strategy := g.State().Players[1].Strategy
	do(t, g, use(1, "instinct_training", Action{}))
	settle(t, g)
	s := g.State()
	if slices.Contains(s.Players[0].Techs, "sarween_tools") || s.PendingAC != nil || s.Players[1].Strategy != strategy-1 || s.Turn == 0 ||
		!slices.Contains(s.Players[1].ExhaustedTechs, "instinct_training") {
		t.Fatalf("the card cancelled: techs %v, turn %d", s.Players[0].Techs, s.Turn)
	}
}

// Xxcha, Loncara Ssodu (77.3c): its space cannon fires at ships in an
// adjacent system; before rules version 4 only PDS reached there.
func TestFactionUnit_LoncaraSsodu(t *testing.T) {
	for _, rules := range []int{RulesTechs, RulesCurrent} {
		cfg := fixtureConfig("xxcha", "sol", "hacan")
		cfg.Rules = rules
		g := fixture(t, cfg, nil)
		s := g.State().Clone()
		next := s.galaxy.Neighbors(9, nil)[0]
		s.System(next).Space = []Stack{{Owner: 0, Unit: "flagship", Count: 1}}
		s.System(9).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}}
		rng := engine.NewRNG(1)
		var rolls []int
		s.cannonHits(0, 1, s.System(9), &rng, &rolls)
		want := 0
		if rules == RulesCurrent {
			want = 3
		}
		if len(rolls) != want {
			t.Fatalf("rules %d: %d space cannon dice from the next system, want %d", rules, len(rolls), want)
		}
	}
}

// Xxcha, Elder Qanoj (8.6, 8.16): unlocked, each planet the Xxcha exhaust
// to vote gives one vote more.
func TestFaction_Xxcha_ElderQanoj(t *testing.T) {
	for _, tc := range []struct {
		commander string
		want      int
	}{{Locked, 3}, {Unlocked, 4}} {
		g := factionAgenda(t, []string{"jolnar", "xxcha", "hacan"}, []string{"mutiny"}, func(s *State) { s.Players[1].Commander = tc.commander })
		passWindows(t, g)
		do(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For})
		do(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: "Archon Ren"}) // 3 influence
		do(t, g, act(ActDone, 1))
		if b := g.State().Agenda.Ballots[0]; b.Votes != tc.want {
			t.Fatalf("commander %s: %d votes, want %d", tc.commander, b.Votes, tc.want)
		}
	}
}

// Xxcha, Indomitus (55, 77.3c): the mech's Space Cannon 8 fires at ships
// in an adjacent system from rules version 4, as the Xxcha flagship's
// does; in its own system always.
func TestFactionUnit_Indomitus(t *testing.T) {
	for _, rules := range []int{RulesFactions, RulesCurrent} {
		cfg := fixtureConfig("xxcha", "sol", "hacan")
		cfg.Rules = rules
		g := fixture(t, cfg, nil)
		s := g.State().Clone()
		var next *System
		for _, q := range s.galaxy.Neighbors(9, nil) {
			if sys := s.System(q); sys != nil && len(sys.Planets) > 0 && !s.IsHomeSystem(q) {
				next = sys
				break
			}
		}
		next.Planets[0].Units = []Stack{{Owner: 0, Unit: "mech", Count: 1}}
		s.System(9).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}}
		rng := engine.NewRNG(1)
		var rolls []int
		s.cannonHits(0, 1, s.System(9), &rng, &rolls)
		if want := btoi(rules >= RulesPrinted); len(rolls) != want {
			t.Fatalf("rules %d: %d dice from the next system, want %d", rules, len(rolls), want)
		}
		rolls = nil
		s.cannonHits(0, 1, next, &rng, &rolls)
		if len(rolls) != 1 {
			t.Fatalf("rules %d: %d dice in its own system, want 1", rules, len(rolls))
		}
	}
}

// Xxcha, Ggrocuto Rinn (agent, 51.4): as an action it readies another
// player's exhausted planet, and next to a system with a planet of the
// Xxcha's removes an infantry there to its owner's reinforcements;
// exhausted, it is not used again this round.
func TestFaction_Xxcha_GgrocutoRinn(t *testing.T) {
	g := factionGame(t, []string{"xxcha", "sol", "hacan"}, func(s *State) {
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 2})(s)
		planetIn(s.System(9), "Arnor").Exhausted = true
		for _, q := range s.galaxy.Neighbors(9, nil) {
			if sys := s.System(q); sys != nil && len(sys.Planets) > 0 && !s.IsHomeSystem(q) {
				sys.Planets[0].Controller = 0
				break
			}
		}
	})
	do(t, g, use(0, "xxcha:ggrocuto_rinn", Action{Planet: "Arnor", Unit: "infantry"}))
	arnor := planet(t, g, "Arnor")
	if arnor.Exhausted || count(arnor.Units, 1, "infantry") != 1 {
		t.Fatalf("Arnor exhausted %v, units %v: readied, one infantry removed", arnor.Exhausted, arnor.Units)
	}
	if !slices.Contains(g.State().Players[0].ExhaustedTechs, "xxcha:ggrocuto_rinn") {
		t.Fatal("the agent is exhausted")
	}
}

// The Xxcha, Xxekir Grom Ω (hero): unlocked, Archon Ren exhausted for
// Leadership's tokens pays its resources and influence combined; locked,
// its influence alone. Its worth for production and votes follows.
func TestFaction_Xxcha_XxekirGrom(t *testing.T) {
	for _, state := range []string{Locked, Unlocked} {
		g := factionGame(t, []string{"xxcha", "sol", "hacan"}, func(s *State) { s.Players[0].Hero = state })
		pl := planet(t, g, "Archon Ren")
		info := planetInfo(pl)
		want := info.Influence
		if state == Unlocked {
			want = info.Resources + info.Influence
		}
		s := g.State()
		if got := s.votesFrom(0, pl); got != want {
			t.Fatalf("hero %s: %d votes from Archon Ren, want %d", state, got, want)
		}
		if got, res := s.planetWorth(0, pl, false), map[bool]int{true: want, false: info.Resources}[state == Unlocked]; got != res {
			t.Fatalf("hero %s: Archon Ren pays %d for production, want %d", state, got, res)
		}
		strategic(t, g, 0, "leadership")
		do(t, g, Action{Kind: ActSpendPlanet, Seat: 0, Planet: "Archon Ren"})
		if st := g.State().Step; st == nil || st.Spent != want {
			t.Fatalf("hero %s: step %+v, want %d influence spent", state, st, want)
		}
	}
}
