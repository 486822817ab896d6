package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Mahact, Edict (37): winning a space combat against Sol, a token
// from Sol's reinforcements goes into the Mahact's fleet pool, raising
// their fleet limit by one; none when one of Sol's is there already.
func TestFaction_Mahact_Edict(t *testing.T) {
	for _, held := range []bool{false, true} {
		var before, limit int
		g := winSpace(t, []string{"mahact", "sol", "hacan"}, func(s *State) {
			if held {
				s.Players[0].SheetTokens = []int{1}
			}
			before, limit = s.CommandReinforcements(1), s.fleetLimit(0)
		}, nil)
		s := g.State()
		if !slices.Equal(s.Players[0].SheetTokens, []int{1}) {
			t.Fatalf("held %v: tokens in the Mahact's pool %v, want Sol's one", held, s.Players[0].SheetTokens)
		}
		if took := btoi(!held); s.CommandReinforcements(1) != before-took || s.fleetLimit(0) != limit+took {
			t.Fatalf("held %v: Sol's reinforcements %d (were %d), Mahact fleet limit %d (was %d)", held, s.CommandReinforcements(1), before, s.fleetLimit(0), limit)
		}
	}
}

// The Mahact, Imperia (51.8): with Sol's token in their fleet pool and
// Sol's commander unlocked, the Mahact have its ability; locked, or with
// no token there, they do not.
func TestFaction_Mahact_Imperia(t *testing.T) {
	_, sol, _ := leadersOf("sol")
	for _, c := range []struct {
		token bool
		state string
		want  bool
	}{{true, Unlocked, true}, {true, Locked, false}, {false, Unlocked, false}} {
		g := factionGame(t, []string{"mahact", "sol", "hacan"}, func(s *State) {
			s.Players[1].Commander = c.state
			if c.token {
				s.Players[0].SheetTokens = []int{1}
			}
		})
		if got := slices.Contains(g.State().abilityList(0), sol); got != c.want {
			t.Fatalf("token %v, Sol's commander %s: the Mahact have it %v", c.token, c.state, got)
		}
	}
}

// The Mahact, Hubris (69): they set up without their Alliance note, and
// Sol cannot give them Sol's, in a transaction or when a card makes Sol
// give a note; Sol's other notes may be given.
func TestFaction_Mahact_Hubris(t *testing.T) {
	g := factionGame(t, []string{"mahact", "sol", "hacan"}, func(s *State) {
		next := s.galaxy.Neighbors(s.Players[1].Home, nil)[0]
		s.System(next).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}} // neighbors (60)
	})
	s := g.State()
	if slices.Contains(s.Players[0].Promissory, "mahact:alliance") || len(s.Players[0].Promissory) != 5 {
		t.Fatalf("the Mahact's notes %v: no Alliance", s.Players[0].Promissory)
	}
	if got := s.givable(1, 0); slices.Contains(got, "sol:alliance") || len(got) != 5 || len(s.givable(1, 2)) != 6 {
		t.Fatalf("Sol's notes for the Mahact %v: all but the Alliance", got)
	}
	do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	refuse(t, g, Action{Kind: ActTradeAdd, Seat: 1, Card: "sol:alliance"}, "69")
	do(t, g, Action{Kind: ActTradeAdd, Seat: 1, Card: "sol:ceasefire"})
}

// The Mahact, Arvicon Rex: +2 to the flagship's rolls against Sol while
// none of Sol's tokens is in the Mahact's fleet pool; nothing with one
// there, and nothing for their other ships.
func TestFactionUnit_ArviconRex(t *testing.T) {
	g := factionGame(t, []string{"mahact", "sol", "hacan"}, nil)
	s := g.State()
	s.Combat = &Combat{Kind: "space", System: 9, Attacker: 0, Defender: 1, Retreat: None}
	if s.unitModVs(0, "flagship") != 2 || s.unitModVs(0, "dreadnought") != 0 || s.unitModVs(1, "flagship") != 0 {
		t.Fatalf("against Sol: flagship %+d, dreadnought %+d; Sol's flagship %+d", s.unitModVs(0, "flagship"), s.unitModVs(0, "dreadnought"), s.unitModVs(1, "flagship"))
	}
	s.Players[0].SheetTokens = []int{1}
	if s.unitModVs(0, "flagship") != 0 {
		t.Fatalf("Sol's token in the pool: flagship %+d", s.unitModVs(0, "flagship"))
	}
}

// The Mahact, Crimson Legionnaire I and II: an infantry destroyed by a hit
// converts a commodity to a trade good, or with none gains a commodity;
// the II is then set aside with no die, and placed at home at the start
// of the Mahact's next turn; the I goes to reinforcements.
func TestFactionUnit_CrimsonLegionnaire(t *testing.T) {
	for _, c := range []struct {
		tech        string
		commodities int
		wantC, tg   int
	}{{"", 2, 1, 1}, {"", 0, 1, 0}, {"crimson_legionnaire_2", 1, 0, 1}, {"crimson_legionnaire_2", 0, 1, 0}} {
		g := factionGame(t, []string{"mahact", "sol", "hacan"}, func(s *State) {
			s.Players[0].Techs = slices.DeleteFunc(slices.Clone(s.Players[0].Techs), func(t string) bool { return t == "crimson_legionnaire_2" })
			if c.tech != "" {
				s.Players[0].Techs = append(s.Players[0].Techs, c.tech)
			}
			s.Players[0].Commodities, s.Players[0].TradeGoods = c.commodities, 0
			arnorHeldBy(0, Stack{Owner: 0, Unit: "infantry", Count: 2})(s)
		})
		s := g.State().Clone()
		s.Combat = &Combat{Kind: "ground", System: 9, Planet: "Arnor", Attacker: 1, Defender: 0, Step: CbFight, Round: 1, Retreat: None,
			Owed: []Owed{{Seat: 0, Hits: 1, Planet: "Arnor", Rule: "42.2", By: 1}}}
		reserve := s.Reinforcements(0, "infantry")
		rng := engine.NewRNG(1)
		ev, err := decide(s, Action{Kind: ActAssignHit, Seat: 0, Unit: "infantry", Planet: "Arnor"}, &rng)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ev {
			Rules{}.Apply(s, e)
			if e.Kind == EvDice || len(e.Rolls) > 0 {
				t.Fatalf("%s: no die rolled: %v", c.tech, e)
			}
		}
		p := s.Players[0]
		if p.Commodities != c.wantC || p.TradeGoods != c.tg {
			t.Fatalf("%q with %d commodities: %d commodities, %d trade goods", c.tech, c.commodities, p.Commodities, p.TradeGoods)
		}
		back := c.tech != ""
		if (p.SetAside == 1) != back || s.Reinforcements(0, "infantry") != reserve+btoi(!back) {
			t.Fatalf("%q: set aside %d, reinforcements %d (were %d)", c.tech, p.SetAside, s.Reinforcements(0, "infantry"), reserve)
		}
		if back {
			s.Combat = nil
			if got := setAsideBack(s); len(got) != 1 || got[0].Kind != EvSetAsideBack || got[0].System != p.Home {
				t.Fatalf("start of the Mahact's turn: %v", got)
			}
		}
	}
}

// The Mahact, Starlancer (55): Sol, whose token is in the Mahact's fleet
// pool, activates the system of the Mahact's mech: the Mahact give the
// token back to end Sol's turn. With no Sol token in the pool, no window.
func TestFactionUnit_Starlancer(t *testing.T) {
	for _, token := range []bool{true, false} {
		g := factionGame(t, []string{"sol", "mahact", "hacan"}, func(s *State) {
			arnorHeldBy(1, Stack{Owner: 1, Unit: "mech", Count: 1})(s)
			if token {
				s.Players[1].SheetTokens = []int{0}
			}
		})
		before := g.State().CommandReinforcements(0)
		activated(t, g, 0, 9)
		st := g.State().Step
		if open := st != nil && st.Kind == StepAbility && st.Card == "starlancer"; open != token {
			t.Fatalf("token %v: window %+v", token, st)
		}
		if !token {
			continue
		}
		do(t, g, use(1, "starlancer", Action{}))
		s := g.State()
		if s.Tactical != nil || s.Turn == 0 || len(s.Players[1].SheetTokens) != 0 || s.CommandReinforcements(0) != before+1 {
			t.Fatalf("Sol's turn over (tactical %v, turn %d), the token back (pool %v, Sol's reinforcements %d, were %d before activating)",
				s.Tactical, s.Turn, s.Players[1].SheetTokens, s.CommandReinforcements(0), before)
		}
	}
}

// The Mahact, Genetic Recombination (8.2): before the Hacan vote, the
// Mahact exhaust it to name "against": the Hacan voting for it keep their
// fleet pool; voting "for", or abstaining, they lose a token from it. Not
// once the Hacan's ballot is open.
func TestFactionTech_GeneticRecombination(t *testing.T) {
	for _, c := range []struct {
		vote string // "" abstains
		lose int
	}{{Against, 0}, {For, 1}, {"", 1}} {
		g := factionAgenda(t, []string{"sol", "hacan", "mahact"}, []string{"mutiny"}, func(s *State) {
			s.Players[2].Techs = append(s.Players[2].Techs, "genetic_recombination")
		})
		passWindows(t, g)
		fleet := g.State().Players[1].Fleet
		refuse(t, g, use(2, "genetic_recombination", Action{Outcome: "nobody"}), "8.2")
		do(t, g, use(2, "genetic_recombination", Action{Outcome: Against}))
		if c.vote == "" {
			do(t, g, act(ActAbstain, 1))
		} else {
			do(t, g, Action{Kind: ActVote, Seat: 1, Outcome: c.vote})
			refuse(t, g, use(2, "genetic_recombination", Action{Outcome: Against}), "1.3") // exhausted, and the ballot open
			do(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: "Hercant"})
			do(t, g, act(ActDone, 1))
		}
		if got := g.State().Players[1].Fleet; got != fleet-c.lose {
			t.Fatalf("voted %q: the Hacan's fleet pool %d, was %d", c.vote, got, fleet)
		}
	}
}

// The Mahact, Scepter of Dominion (69): Sol holds it; at the start of the
// strategy phase Sol names system 9, where Sol's ships are: the Mahact and
// the Hacan (whose token is in the Mahact's fleet pool) each place a token
// there, Sol none; the note goes back. A home system is refused, and no
// card is chosen while the window is open.
func TestFaction_Mahact_ScepterOfDominion(t *testing.T) {
	cfg := fixtureConfig("sol", "mahact", "hacan")
	cfg.Rules = RulesCurrent
	s, rng, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.Players[1].Promissory = without(s.Players[1].Promissory, []string{"mahact:scepter_of_dominion"})
	s.Players[0].Promissory = append(s.Players[0].Promissory, "mahact:scepter_of_dominion")
	s.Players[1].SheetTokens = []int{2}
	s.System(9).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
	for ev := (Rules{}).Follow(s, &rng); len(ev) > 0; ev = (Rules{}).Follow(s, &rng) { // the phase's start, as after a status phase
		for _, e := range slices.Clone(ev) {
			Rules{}.Apply(s, e)
		}
	}
	g := fixtureFrom(t, s, rng)
	st := g.State().Step
	if st == nil || st.Kind != StepNoteWindow || st.Seat != 0 || st.Card != "mahact:scepter_of_dominion" {
		t.Fatalf("Sol's window at the start of the strategy phase: %+v", st)
	}
	refuse(t, g, Action{Kind: ActPick, Seat: g.State().Turn, Card: "leadership"}, "82.3")
	home := g.State().Players[0].Home
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: "mahact:scepter_of_dominion", System: ip(home)}, "69.1")
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: "mahact:scepter_of_dominion", System: ip(9)})
	s = g.State()
	if cmd := s.System(9).Command; !slices.Contains(cmd, 1) || !slices.Contains(cmd, 2) || slices.Contains(cmd, 0) {
		t.Fatalf("tokens in system 9: %v, want the Mahact's and the Hacan's", cmd)
	}
	if !slices.Contains(s.Players[1].Promissory, "mahact:scepter_of_dominion") || s.Step != nil {
		t.Fatalf("the note back with the Mahact (%v), the window closed (%+v)", s.Players[1].Promissory, s.Step)
	}
}

// The Mahact, Il Na Viroset (commander, 5.2): unlocked, they activate a
// system already holding their token; at the end of the tactical action
// both tokens are back in reinforcements and the turn is over. Locked,
// the activation is refused; a system with two of their tokens never.
func TestFaction_Mahact_IlNaViroset(t *testing.T) {
	for _, state := range []string{Locked, Unlocked} {
		g := factionGame(t, []string{"mahact", "sol", "hacan"}, func(s *State) {
			s.Players[0].Commander = state
			s.System(21).Command = []int{0}
		})
		if state == Locked {
			refuse(t, g, activate(0, 21), "5.2")
			continue
		}
		before := g.State().CommandReinforcements(0)
		quickTactical(t, g, 0, 21)
		s := g.State()
		if slices.Contains(s.System(21).Command, 0) || s.CommandReinforcements(0) != before+2 || s.Turn == 0 {
			t.Fatalf("tokens in 21 %v; reinforcements %d, were %d; turn %d", s.System(21).Command, s.CommandReinforcements(0), before, s.Turn)
		}
	}
	g := factionGame(t, []string{"mahact", "sol", "hacan"}, func(s *State) {
		s.Players[0].Commander = Unlocked
		s.System(21).Command = []int{0, 0}
	})
	refuse(t, g, activate(0, 21), "5.2")
}

// The Mahact, Jae Mir Kan (agent, 20.5): taking Diplomacy's secondary,
// the Mahact spend Sol's token from system 21 instead of their own; the
// agent is exhausted, and a system without Sol's token is refused.
func TestFaction_Mahact_JaeMirKan(t *testing.T) {
	cfg := fixtureConfig("sol", "mahact", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) { s.System(21).Command = []int{0} })
	toActionPhase(t, g, "leadership", "politics", "trade", "diplomacy", "warfare", "technology")
	diplomacyOffered(t, g)
	strategy := g.State().Players[1].Strategy
	refuse(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true, Card: "mahact:jae_mir_kan", System: ip(9)}, "20.5")
	do(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true, Card: "mahact:jae_mir_kan", System: ip(21)})
	s := g.State()
	if s.Players[1].Strategy != strategy || slices.Contains(s.System(21).Command, 0) || !slices.Contains(s.Players[1].ExhaustedTechs, "mahact:jae_mir_kan") {
		t.Fatalf("strategy pool %d of %d; tokens in 21 %v; exhausted %v", s.Players[1].Strategy, strategy, s.System(21).Command, s.Players[1].ExhaustedTechs)
	}
}

// The Mahact, Airo Shir Aur (hero): Hacan's fleet in system 23 is moved
// into system 9, next to it, where Sol's destroyers are: a space combat
// is fought at once, outside any tactical action, neither side may
// retreat (78.4), and the hero is purged; then the turn goes on. A system
// with no ships is refused (51.12).
func TestFaction_Mahact_AiroShirAur(t *testing.T) {
	const hero = "mahact:airo_shir_aur"
	g := factionGame(t, []string{"mahact", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		s.System(9).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 2}}
		s.System(23).Space = []Stack{{Owner: 2, Unit: "dreadnought", Count: 2, Damaged: 1}, {Owner: 2, Unit: "fighter", Count: 1}}
	})
	refuse(t, g, use(0, hero, Action{System: ip(21), To: ip(9)}), "51.12")
	refuse(t, g, use(0, hero, Action{System: ip(23), To: ip(21)}), "51.12")
	do(t, g, use(0, hero, Action{System: ip(23), To: ip(9)}))
	s := g.State()
	if len(s.System(23).Space) != 0 || count(s.System(9).Space, 2, "dreadnought") != 2 || count(s.System(9).Space, 2, "fighter") != 1 {
		t.Fatalf("system 23 %v, system 9 %v: Hacan's units all moved", s.System(23).Space, s.System(9).Space)
	}
	if s.Players[0].Hero != Purged || s.Combat == nil || s.Combat.Attacker != 2 || s.Tactical != nil {
		t.Fatalf("hero %s, combat %+v, tactical %v: purged, a combat with Hacan attacking, no tactical action", s.Players[0].Hero, s.Combat, s.Tactical)
	}
	damaged := 0
	for _, st := range s.System(9).Space {
		if st.Owner == 2 {
			damaged += st.Damaged
		}
	}
	if damaged != 1 {
		t.Fatalf("the damaged dreadnought moved damaged: %d", damaged)
	}
	announced := 0
	for i := 0; g.State().Combat != nil && i < 300; i++ {
		s := g.State()
		if c := s.Combat; c.Answer == nil && len(c.Owed) == 0 && (c.Step == CbAnnounceD || c.Step == CbAnnounceA) {
			announced++
			who := c.Defender
			if c.Step == CbAnnounceA {
				who = c.Attacker
			}
			for _, q := range s.galaxy.Neighbors(9, s.Wormholes) {
				if s.System(q).Pos != 9 {
					refuse(t, g, Action{Kind: ActRetreat, Seat: who, System: ip(q)}, "78.7c")
				}
			}
			for _, a := range Legal(s, engineRNG(), who) {
				if a.Kind == ActRetreat {
					t.Fatalf("a retreat listed: %+v", a)
				}
			}
		}
		fightStep(t, g)
	}
	if announced == 0 {
		t.Fatal("no retreat was announced in the combat")
	}
	declineWindows(t, g)
	for st := g.State().Step; st != nil && st.Kind == StepAbility; st = g.State().Step {
		do(t, g, Action{Kind: ActUseAbility, Seat: st.Seat, Card: st.Card}) // Predictive Intelligence at the turn's end
	}
	if s := g.State(); s.Combat != nil || s.busy() || s.Turn == 0 {
		t.Fatalf("after the combat: combat %v, busy %v (step %+v tactical %v strategic %v), turn %d: the turn passed on", s.Combat, s.busy(), s.Step, s.Tactical, s.Strategic, s.Turn)
	}
}
