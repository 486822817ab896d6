package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// Arborec, Mitosis (68.1d, 68.3): the Arborec's space docks produce no
// infantry, so only their Letani Warriors' Production makes infantry;
// under rules version 3 their docks did, as those games were played.
func TestFaction_Arborec_Mitosis_Production(t *testing.T) {
	for _, rules := range []int{RulesFactions, RulesCurrent} {
		cfg := fixtureConfig("arborec", "sol", "hacan")
		cfg.Rules = rules
		g := fixture(t, cfg, func(s *State) { s.Players[0].TradeGoods = 10 })
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		home := g.State().Players[0].Home
		nest := g.State().System(home).Planets[0].Name
		activated(t, g, 0, home) // their Magen Defense Grid ΩΩ places an infantry with their dock from version 10
		do(t, g, act(ActEndMovement, 0))
		establishControl(t, g, 0)
		warriors := count(planet(t, g, nest).Units, 0, "infantry") // Production 1 each
		if warriors == 0 {
			t.Fatal("the Arborec start with infantry at home")
		}
		more := Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: warriors + 1, Planet: nest}
		if rules == RulesFactions {
			do(t, g, more) // the dock's Production counted
			continue
		}
		refuse(t, g, more, "68.1")
		do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: warriors, Planet: nest})
		refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 1, Planet: nest}, "68.1")
		do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 1}) // the dock still makes ships
	}
}

// Arborec, Mitosis (81): at the start of the status phase, before scoring,
// an infantry from reinforcements goes on a planet the Arborec control; it
// cannot be declined.
func TestFaction_Arborec_Mitosis_StatusPhase(t *testing.T) {
	g := factionGame(t, []string{"arborec", "sol", "hacan"}, nil)
	passActionPhase(t, g)
	s := g.State()
	st := s.Step
	if s.Phase != PhaseStatus || st == nil || st.Kind != StepAbility || st.Card != "arborec:mitosis" || st.Seat != 0 {
		t.Fatalf("phase %s, step %+v: Mitosis' window first", s.Phase, st)
	}
	if slices.ContainsFunc(Legal(s, engineRNG(), 0), func(a Action) bool { return a.Kind == ActUseAbility && !a.Use }) {
		t.Fatal("Mitosis is not offered to be let go")
	}
	refuse(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: "arborec:mitosis"}, "1.3")
	refuse(t, g, act(ActDone, 0), "1.19") // scoring waits
	home := s.Players[0].Home
	nest := s.System(home).Planets[0].Name
	before := count(planet(t, g, nest).Units, 0, "infantry")
	refuse(t, g, use(0, "arborec:mitosis", Action{Planet: "Jord"}), "1.3") // Sol's
	do(t, g, use(0, "arborec:mitosis", Action{Planet: nest}))
	if count(planet(t, g, nest).Units, 0, "infantry") != before+1 || g.State().Step != nil {
		t.Fatal("one infantry placed, and scoring begins")
	}
	skipScoring(t, g)
}

// Arborec, Stymie (Codex I): after another player moves ships in where its
// holder has units, the holder puts a command token from the mover's
// reinforcements in a non-home system; the note goes back.
func TestFaction_Arborec_Stymie(t *testing.T) {
	const note = "arborec:stymie"
	cfg := fixtureConfig("jolnar", "sol", "arborec")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		giveNote(note, 1)(s)
		s.System(22).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 1})(s)
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "cruiser", 1))
	do(t, g, act(ActEndMovement, 0))
	c := g.State().Combat
	if c == nil || c.Answer == nil || c.Answer.Kind != AnswerMovedIn || c.Answer.Seat != 1 {
		t.Fatalf("combat %+v: Sol, with units there, answers the move", c)
	}
	home := g.State().Players[2].Home
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note, System: ip(home)}, "69.1")
	do(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note, System: ip(1)})
	s := g.State()
	if !slices.Contains(s.System(1).Command, 0) || !slices.Contains(s.Players[2].Promissory, note) {
		t.Fatalf("tokens %v: Jol-Nar's token in system 1; the note back", s.System(1).Command)
	}
}

// Arborec, Bioplasmosis: at the end of the status phase the Arborec move
// infantry between planets they control in the same or adjacent systems,
// a move at a time, until they let the window go; each infantry moves once.
func TestFactionTech_Bioplasmosis(t *testing.T) {
	g := factionGame(t, []string{"arborec", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "bioplasmosis")
	})
	home := g.State().Players[0].Home
	nest := g.State().System(home).Planets[0].Name
	var near *Planet
	for _, q := range g.State().galaxy.Neighbors(home, nil) {
		if sys := g.State().System(q); sys != nil && len(sys.Planets) > 0 {
			near = sys.Planets[0]
			break
		}
	}
	if near == nil {
		t.Fatal("no planet next to the Arborec home")
	}
	g = factionGame(t, []string{"arborec", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "bioplasmosis")
		pl, _ := s.Planet(near.Name)
		pl.Controller = 0
	})
	passActionPhase(t, g)
	for i := 0; i < 40; i++ {
		if st := g.State().Step; st != nil && st.Card == "bioplasmosis" {
			break
		}
		settleStatus(t, g)
	}
	st := g.State().Step
	if st == nil || st.Card != "bioplasmosis" {
		t.Fatalf("step %+v: the window at the end of the status phase", st)
	}
	before := count(planetIn(g.State().System(home), nest).Units, 0, "infantry")
	nearPl, _ := g.State().Planet(near.Name)
	nearBefore := count(nearPl.Units, 0, "infantry")
	do(t, g, use(0, "bioplasmosis", Action{Planet: nest, ToPl: near.Name, Count: 2}))
	settle(t, g)
	if st := g.State().Step; st == nil || st.Card != "bioplasmosis" {
		t.Fatalf("step %+v: the window opens again for another move", st)
	}
	// each infantry moves once: those just placed stay where they are
	refuse(t, g, use(0, "bioplasmosis", Action{Planet: near.Name, ToPl: nest, Count: nearBefore + 1}), "1.3")
	do(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: "bioplasmosis"}) // let go
	pl, _ := g.State().Planet(near.Name)
	if count(pl.Units, 0, "infantry") != nearBefore+2 || count(planetIn(g.State().System(home), nest).Units, 0, "infantry") != before-2 {
		t.Fatalf("%s %v: two infantry moved from %s", near.Name, pl.Units, nest)
	}
}

// Arborec, Duha Menaimon: after the Arborec activate the system it is in,
// they may produce up to 5 units there.
func TestFactionUnit_DuhaMenaimon(t *testing.T) {
	g := factionGame(t, []string{"arborec", "sol", "hacan"}, func(s *State) {
		s.System(9).Space = []Stack{{Owner: 0, Unit: "flagship", Count: 1}}
		s.Players[0].TradeGoods = 6
	})
	activated(t, g, 0, 9)
	settle(t, g)
	if st := g.State().Step; st == nil || st.Card != "duha_menaimon" {
		t.Fatalf("step %+v: the window after activation", st)
	}
	do(t, g, use(0, "duha_menaimon", Action{}))
	settle(t, g)
	if st := g.State().Step; st == nil || st.Kind != StepFreelance || st.Need != 5 {
		t.Fatalf("step %+v: a production of up to 5 units", st)
	}
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 6}, "68.1")
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 4})
}

// Arborec, Letani Warrior II: an infantry destroyed by a hit rolls a die;
// on 6 or more it is set aside (not in reinforcements) and placed on the
// Arborec's home planet at the start of their next turn; below 6, it is
// lost as any unit.
func TestFactionUnit_LetaniWarriorII(t *testing.T) {
	g := factionGame(t, []string{"arborec", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "letani_warrior_2")
		arnorHeldBy(0, Stack{Owner: 0, Unit: "infantry", Count: 2})(s)
	})
	saved, lost := 0, 0
	for seed := uint64(1); seed <= 30 && (saved == 0 || lost == 0); seed++ {
		s := g.State().Clone()
		s.Combat = &Combat{Kind: "ground", System: 9, Planet: "Arnor", Attacker: 1, Defender: 0, Step: CbFight, Round: 1, Retreat: None,
			Owed: []Owed{{Seat: 0, Hits: 1, Planet: "Arnor", Rule: "42.2", By: 1}}}
		reserve := s.Reinforcements(0, "infantry")
		rng := engine.NewRNG(seed)
		ev, err := decide(s, Action{Kind: ActAssignHit, Seat: 0, Unit: "infantry", Planet: "Arnor"}, &rng)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ev {
			Rules{}.Apply(s, e)
		}
		die := 0
		for _, e := range ev {
			if len(e.Rolls) == 1 && (e.Kind == EvSetAside || e.Kind == EvDice) {
				die = e.Rolls[0]
			}
		}
		if die == 0 {
			t.Fatal("no die rolled for the destroyed Letani Warrior")
		}
		if die >= 6 {
			saved++
			if s.Players[0].SetAside != 1 || s.Reinforcements(0, "infantry") != reserve {
				t.Fatalf("die %d: set aside %d, reinforcements %d (was %d)", die, s.Players[0].SetAside, s.Reinforcements(0, "infantry"), reserve)
			}
			s.Combat = nil
			back := setAsideBack(s)
			if len(back) != 1 || back[0].Kind != EvSetAsideBack || back[0].System != s.Players[0].Home {
				t.Fatalf("start of the Arborec's turn: %v", back)
			}
		} else {
			lost++
			if s.Players[0].SetAside != 0 || s.Reinforcements(0, "infantry") != reserve+1 {
				t.Fatalf("die %d: the warrior is lost to reinforcements", die)
			}
		}
	}
	if saved == 0 || lost == 0 {
		t.Fatalf("saved %d, lost %d: the seeds prove too little", saved, lost)
	}
}

// Arborec, Letani Behemoth (30, 55.3): when Mitosis is used, a mech from
// reinforcements may take the place of one of their infantry on a planet;
// the infantry goes back. Not without a mech in reinforcements (30.2),
// nor where they have no infantry, nor under rules version 5.
func TestFactionUnit_LetaniBehemoth(t *testing.T) {
	g := factionGame(t, []string{"arborec", "sol", "hacan"}, nil)
	passActionPhase(t, g)
	s := g.State()
	nest := s.System(s.Players[0].Home).Planets[0].Name
	offered := func() bool {
		return slices.ContainsFunc(Legal(g.State(), engineRNG(), 0), func(a Action) bool { return a.Unit == "mech" && a.Planet == nest })
	}
	if !offered() {
		t.Fatal("the mech is offered in place of an infantry at home")
	}
	refuse(t, g, use(0, "arborec:mitosis", Action{Planet: "Arnor", Unit: "mech"}), "30.2") // no infantry of theirs
	inf := count(planet(t, g, nest).Units, 0, "infantry")
	do(t, g, use(0, "arborec:mitosis", Action{Planet: nest, Unit: "mech"}))
	if pl := planet(t, g, nest); count(pl.Units, 0, "infantry") != inf-1 || count(pl.Units, 0, "mech") != 1 {
		t.Fatalf("units %v: one infantry replaced by a mech", pl.Units)
	}

	g = factionGame(t, []string{"arborec", "sol", "hacan"}, func(s *State) {
		s.System(s.Players[0].Home).Planets[0].Units = append(s.System(s.Players[0].Home).Planets[0].Units, Stack{Owner: 0, Unit: "mech", Count: 4})
	})
	passActionPhase(t, g)
	if offered() {
		t.Fatal("every mech on the board: none to deploy (30.2)")
	}
	refuse(t, g, use(0, "arborec:mitosis", Action{Planet: nest, Unit: "mech"}), "30.2")

	g = factionGame(t, []string{"arborec", "sol", "hacan"}, func(s *State) { s.Options.Rules = RulesLeaders })
	passActionPhase(t, g)
	if offered() {
		t.Fatal("not under rules version 5")
	}
}

// The Arborec, Letani Ospha (agent): as an action, exhausted, Sol's
// carrier (cost 3) becomes a dreadnought (4) from Sol's reinforcements; a
// war sun (12) is refused, as is a fighter replaced.
func TestFaction_Arborec_LetaniOspha(t *testing.T) {
	g := factionGame(t, []string{"arborec", "sol", "hacan"}, nil)
	home := g.State().Players[1].Home
	ospha := func(unit, to string) Action {
		return use(0, "arborec:letani_ospha", Action{System: ip(home), Unit: unit, Outcome: to, ActionExtra: &ActionExtra{Player: ip(1)}})
	}
	refuse(t, g, ospha("carrier", "war_sun"), "51.4")
	refuse(t, g, ospha("fighter", "destroyer"), "51.4")
	carriers, dreads := count(g.State().System(home).Space, 1, "carrier"), count(g.State().System(home).Space, 1, "dreadnought")
	do(t, g, ospha("carrier", "dreadnought"))
	s := g.State()
	if count(s.System(home).Space, 1, "carrier") != carriers-1 || count(s.System(home).Space, 1, "dreadnought") != dreads+1 {
		t.Fatalf("Sol's home: %+v", s.System(home).Space)
	}
	if !slices.Contains(s.Players[0].ExhaustedTechs, "arborec:letani_ospha") {
		t.Fatal("the agent is exhausted")
	}
}

// The Arborec, Dirzuga Rophal (commander): unlocked, after Sol activates
// the Arborec's home (their space dock), the Arborec produce one unit
// there, and no second; locked, no window.
func TestFaction_Arborec_DirzugaRophal(t *testing.T) {
	for _, state := range []string{Locked, Unlocked} {
		g := factionGame(t, []string{"sol", "arborec", "hacan"}, func(s *State) {
			s.Players[1].Commander, s.Players[1].TradeGoods = state, 3
		})
		home := g.State().Players[1].Home
		activated(t, g, 0, home)
		st := g.State().Step
		if open := st != nil && st.Card == "arborec:dirzuga_rophal" && st.Seat == 1; open != (state == Unlocked) {
			t.Fatalf("commander %s: window %v (step %+v)", state, open, st)
		}
		if state == Locked {
			continue
		}
		do(t, g, use(1, "arborec:dirzuga_rophal", Action{}))
		on := g.State().System(home).Planets[0].Name
		refuse(t, g, Action{Kind: ActProduce, Seat: 1, Unit: "infantry", Count: 2, Planet: on}, "68.1")
		before := count(g.State().System(home).Planets[0].Units, 1, "infantry")
		do(t, g, Action{Kind: ActProduce, Seat: 1, Unit: "infantry", Count: 1, Planet: on})
		if count(g.State().System(home).Planets[0].Units, 1, "infantry") != before+1 {
			t.Fatal("one infantry produced")
		}
	}
}

// The Arborec, Letani Miasmiala (hero): as an action, a production step
// in each system with Arborec ground forces (their home, and Arnor's with
// 2 infantry), with no limit: 3 infantry more than the home system's
// production; the hero is purged.
func TestFaction_Arborec_LetaniMiasmiala(t *testing.T) {
	g := factionGame(t, []string{"arborec", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero, s.Players[0].TradeGoods = Unlocked, 10
		arnorHeldBy(0, Stack{Owner: 0, Unit: "infantry", Count: 2})(s)
	})
	do(t, g, use(0, "arborec:letani_miasmiala", Action{}))
	s := g.State()
	if s.Players[0].Hero != Purged {
		t.Fatalf("hero %s: purged", s.Players[0].Hero)
	}
	var systems []int
	for _, st := range append([]Step{*s.Step}, s.Choices...) {
		if st.Kind == StepFreelance && st.Card == "arborec:letani_miasmiala" {
			systems = append(systems, st.Systems[0])
		}
	}
	home := s.Players[0].Home
	if !slices.Contains(systems, home) || !slices.Contains(systems, 9) || len(systems) != 2 {
		t.Fatalf("production steps in %v, want the home %d and 9", systems, home)
	}
	on := s.System(home).Planets[0].Name
	for st := g.State().Step; st != nil && st.Systems[0] != home; st = g.State().Step {
		do(t, g, act(ActDone, 0)) // nothing produced in Arnor's system
	}
	before, n := count(planet(t, g, on).Units, 0, "infantry"), g.State().productionLimit(0, g.State().System(home))+3
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: n, Planet: on})
	if count(planet(t, g, on).Units, 0, "infantry") != before+n {
		t.Fatalf("%d infantry produced at home, 3 beyond its production", n)
	}
}
