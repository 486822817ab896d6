package ti4

import (
	"bytes"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// A three-player table: Jol-Nar (seat 0, home at 22), Sol (seat 1, at 28)
// and Hacan (seat 2, at 34). Quann (25) is at 1, Lodor (26) at 2, Wellon
// (19) at 3.
const fixtureMap = "25 26 19 20 21 22 " +
	"23 24 36 35 34 33 32 31 30 29 28 27 " +
	"37 38 39 0 40 41 42 43 44 0 45 46 47 48 49 0 50 59"

func fixtureConfig(factions ...string) Config {
	if len(factions) == 0 {
		factions = []string{"jolnar", "sol", "hacan"}
	}
	zero := 0
	// The base rules and the generic technologies: tests of faction
	// abilities set the current rules version themselves.
	return Config{Players: len(factions), Factions: factions, Map: fixtureMap, Seed: 7, Speaker: &zero, Rules: RulesTechs}
}

// fixture builds a game, letting stage change the set-up state first.
func fixture(t testing.TB, cfg Config, stage func(s *State)) *Game {
	t.Helper()
	s, rng, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if stage != nil {
		stage(s)
	}
	return fixtureFrom(t, s, rng)
}

// fixtureFrom starts a game from a staged state.
func fixtureFrom(t testing.TB, s *State, rng engine.RNG) *Game {
	t.Helper()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	g, err := engine.New[*State, Action, Event](Rules{}, s, rng)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func do(t testing.TB, g *Game, a Action) []Event {
	t.Helper()
	ev, err := g.Do(a)
	if err != nil {
		t.Fatalf("%v refused: %v", a, err)
	}
	return ev
}

// refuse checks that a is refused citing rule, and that nothing changed.
func refuse(t testing.TB, g *Game, a Action, rule string) {
	t.Helper()
	before, _ := g.Snapshot()
	n := g.Len()
	_, err := g.Do(a)
	if err == nil {
		t.Fatalf("%v accepted, want refusal under %s", a, rule)
	}
	if got := engine.RuleOf(err); got != rule {
		t.Fatalf("%v refused under %q (%v), want %s", a, got, err, rule)
	}
	after, _ := g.Snapshot()
	if !bytes.Equal(before, after) || g.Len() != n {
		t.Fatalf("refused %v changed the game", a)
	}
}

func place(seat, pos int, planet, unit string, n int) Action {
	return Action{Kind: ActPlace, Seat: Referee, System: ip(pos), Planet: planet, Unit: unit, Count: n, ActionExtra: &ActionExtra{Player: ip(seat)}}
}

func remove(seat, pos int, planet, unit string, n int) Action {
	return Action{Kind: ActRemove, Seat: Referee, System: ip(pos), Planet: planet, Unit: unit, Count: n, ActionExtra: &ActionExtra{Player: ip(seat)}}
}

func planet(t testing.TB, g *Game, name string) *Planet {
	t.Helper()
	pl, _ := g.State().Planet(name)
	if pl == nil {
		t.Fatalf("no planet %s", name)
	}
	return pl
}

func hasKind(ev []Event, kind string) bool {
	for _, e := range ev {
		if e.Kind == kind {
			return true
		}
	}
	return false
}

func engineRNG() engine.RNG { return engine.NewRNG(0) }

// declineWindows has each player asked in an open invasion or combat
// window decline.
func declineWindows(t *testing.T, g *Game) []Event {
	t.Helper()
	var ev []Event
	for s := g.State(); ; s = g.State() {
		switch {
		case s.Invasion != nil && s.Invasion.Ask != nil:
			ev = append(ev, do(t, g, act(ActPassWindow, s.Invasion.Ask.Seat))...)
		case s.Combat != nil && s.Combat.Answer != nil:
			ev = append(ev, do(t, g, act(ActPassWindow, s.Combat.Answer.Seat))...)
		case s.Step != nil && s.Step.Kind == StepDecoy:
			ev = append(ev, do(t, g, act(ActDone, s.Step.Seat))...)
		default:
			return ev
		}
	}
}

// passStart has both sides of a ground combat pass its start window
// (Reveal Prototype).
func passStart(t *testing.T, g *Game) {
	t.Helper()
	for c := g.State().Combat; c != nil && c.Answer != nil && c.Answer.Kind == "start"; c = g.State().Combat {
		do(t, g, act(ActPassWindow, c.Answer.Seat))
	}
}

// establishControl ends the commits and declines the windows that follow.
func establishControl(t *testing.T, g *Game, seat int) []Event {
	t.Helper()
	ev := do(t, g, act(ActEstablishControl, seat))
	return append(ev, declineWindows(t, g)...)
}

// activated activates a system and has the other players asked after it
// (Decoy Operation) decline.
func activated(t *testing.T, g *Game, seat, pos int) []Event {
	t.Helper()
	ev := do(t, g, activate(seat, pos))
	for s := g.State(); s.Step != nil; s = g.State() {
		switch {
		case s.Step.Kind == StepDecoy:
			ev = append(ev, do(t, g, act(ActDone, s.Step.Seat))...)
		case s.Step.Kind == StepAbility && everyActivation[s.Step.Card]:
			ev = append(ev, do(t, g, Action{Kind: ActUseAbility, Seat: s.Step.Seat, Card: s.Step.Card})...)
		default:
			return ev
		}
	}
	return ev
}

// everyActivation are the agents whose window opens after any player's
// activation: activated lets them go (their own tests activate by hand).
var everyActivation = map[string]bool{"creuss:emissary_taivra": true, "saar:captain_mendosa": true}

// strategic performs a strategic action, the others letting it stand (no
// Coup d'Etat).
func strategic(t *testing.T, g *Game, seat int, card string) []Event {
	t.Helper()
	ev := do(t, g, Action{Kind: ActStrategic, Seat: seat, Card: card})
	for w := g.State().CoupAsk; w != nil && len(w.Queue) > 0; w = g.State().CoupAsk {
		ev = append(ev, do(t, g, act(ActPassWindow, w.Queue[0]))...)
	}
	return ev
}

// combatDice are the dice of every combat event in ev, in order.
func combatDice(ev []Event) []int {
	var dice []int
	for _, e := range ev {
		if e.Kind == EvCombat {
			dice = append(dice, e.Rolls...)
		}
	}
	return dice
}

// passRoundStart has the players asked at the start of a ground combat
// round pass (Dunlain Reaper, Evelyn Delouis).
func passRoundStart(t *testing.T, g *Game) {
	t.Helper()
	for c := g.State().Combat; c != nil && c.Answer != nil && c.Answer.Kind == AnswerGroundRound; c = g.State().Combat {
		do(t, g, act(ActPassWindow, c.Answer.Seat))
	}
}

// barrageFaces has seat 0 of factions (current rules, seed) move n
// destroyers from its home into Arnor's system, against defenders there,
// stage changing the set-up too; it returns the game and the faces of the
// space combat's first roll, the anti-fighter barrage.
func barrageFaces(t *testing.T, factions []string, seed uint64, n int, defenders []Stack, stage func(s *State)) (*Game, []int) {
	t.Helper()
	cfg := fixtureConfig(factions...)
	cfg.Rules, cfg.Seed = RulesCurrent, seed
	g := fixture(t, cfg, func(s *State) {
		s.Players[0].Fleet = 8
		s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "destroyer", Count: n})
		s.System(9).Space = defenders
		stage(s)
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "destroyer", n))
	ev := do(t, g, act(ActEndMovement, 0))
	for _, e := range append(ev, declineWindows(t, g)...) {
		if e.Kind == EvCombat && len(e.Rolls) > 0 {
			return g, e.Rolls
		}
	}
	return g, nil
}

// winSpace has seat 0's two dreadnoughts win a space combat against seat
// 1's two destroyers in system 9, on the first seed that does; answer may
// take a combat's step first (true when it did).
func winSpace(t *testing.T, factions []string, stage func(s *State), answer func(g *Game) bool) *Game {
	t.Helper()
	for seed := uint64(1); seed < 40; seed++ {
		cfg := fixtureConfig(factions...)
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := dreadnoughtsAttack(t, cfg, 2, []Stack{{Owner: 1, Unit: "destroyer", Count: 2}}, stage)
		for i := 0; g.State().Combat != nil && i < 200; i++ {
			if answer == nil || !answer(g) {
				fightStep(t, g)
			}
		}
		if s := g.State(); count(s.System(9).Space, 1, "destroyer") == 0 && count(s.System(9).Space, 0, "dreadnought") > 0 {
			return g
		}
	}
	t.Fatal("no seed won the combat")
	return nil
}

// dreadnoughtsAttack has seat 0 move n dreadnoughts from system 22 into
// system 9, held by defenders, in the action phase; the game stops once
// the movement ends (the combat's first step next). stage, if not nil,
// sets the rest.
func dreadnoughtsAttack(t *testing.T, cfg Config, n int, defenders []Stack, stage func(s *State)) *Game {
	t.Helper()
	g := fixture(t, cfg, func(s *State) {
		s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: n}}
		s.System(9).Space = defenders
		if stage != nil {
			stage(s)
		}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", n))
	do(t, g, act(ActEndMovement, 0))
	return g
}

// diplomacyOffered has seat 0 resolve Diplomacy's primary on their home
// system, and checks that seat 1 is offered the secondary next.
func diplomacyOffered(t *testing.T, g *Game) {
	t.Helper()
	strategic(t, g, 0, "diplomacy")
	do(t, g, Action{Kind: ActChooseSystem, Seat: 0, System: ip(g.State().Players[0].Home)})
	do(t, g, act(ActDone, 0))
	settle(t, g)
	if q := g.State().Strategic.Queue; len(q) == 0 || q[0] != 1 {
		t.Fatalf("queue %v: seat 1 is offered the secondary", q)
	}
}

// producedAtHome has seat 0 activate its home system, produce 2 fighters
// there for a trade good and end the tactical action, and checks that the
// window of card opens after the production.
func producedAtHome(t *testing.T, g *Game, card string) {
	t.Helper()
	activated(t, g, 0, g.State().Players[0].Home)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 2})
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 1})
	do(t, g, act(ActEndTactical, 0))
	settle(t, g)
	if st := g.State().Step; st == nil || st.Card != card {
		t.Fatalf("step %+v: the window of %s after production", st, card)
	}
}
