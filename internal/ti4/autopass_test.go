package ti4

import (
	"os"
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// 1.19 and automatic passing: a player who turned it on is passed for at
// once when passing is all they may do; one who holds Sabotage is still
// asked. The setting is the player's own, changed at any moment, and not a
// move Legal lists.
func TestRule1_19_AutoPass(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		giveAC(0, "industrial_initiative")(s)
		giveAC(2, "sabotage")(s)
		pl, _ := s.Planet("Wellon")
		pl.Controller = 0
	})
	for _, q := range []int{1, 2} {
		do(t, g, Action{Kind: ActAutoPass, Seat: q, Use: true})
	}
	refuse(t, g, Action{Kind: ActAutoPass, Seat: 1, Use: true}, "1.19")
	if slices.ContainsFunc(Legal(g.State(), engineRNG(), 1), func(a Action) bool { return a.Kind == ActAutoPass }) {
		t.Fatal("the setting is not a move of the game")
	}
	do(t, g, playAC(0, "industrial_initiative"))
	s := g.State()
	if s.PendingAC == nil || !slices.Equal(s.PendingAC.Queue, []int{2}) {
		t.Fatalf("seat 1, with nothing to answer, is passed for; seat 2 holds Sabotage: pending %+v", s.PendingAC)
	}
	// Switched off mid-window, then on again: the pass is made once the
	// setting returns.
	do(t, g, Action{Kind: ActAutoPass, Seat: 2, Use: false})
	do(t, g, act(ActPassWindow, 2))
	if s := checked(t, g); s.PendingAC != nil || s.Players[0].TradeGoods == 0 {
		t.Fatalf("the card resolves once all have passed: pending %+v", s.PendingAC)
	}

	// A window where the player holds nothing, with the setting off, waits.
	g = tacticalFixture(t, func(s *State) {
		giveAC(0, "industrial_initiative")(s)
		pl, _ := s.Planet("Wellon")
		pl.Controller = 0
	})
	do(t, g, Action{Kind: ActAutoPass, Seat: 1, Use: true})
	do(t, g, playAC(0, "industrial_initiative"))
	if s := g.State(); s.PendingAC == nil || !slices.Equal(s.PendingAC.Queue, []int{2}) {
		t.Fatalf("seat 2 did not turn it on and is asked: %+v", s.PendingAC)
	}
	do(t, g, Action{Kind: ActAutoPass, Seat: 2, Use: true})
	if s := checked(t, g); s.PendingAC != nil {
		t.Fatal("turning it on while asked passes at once")
	}
}

// Games where every player passes automatically end as cleanly as others,
// with every invariant holding, and need fewer actions: the forced passes
// are made by the game.
func TestAutoPassGames(t *testing.T) {
	for seed := uint64(0); seed < 6; seed++ {
		n := [2]int{}
		for i, auto := range []bool{false, true} {
			g, err := NewGame(Config{Players: 3 + int(seed), Seed: seed, AutoPass: auto})
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRNG(seed)
			for g.State().Phase != PhaseOver && g.State().Round <= 4 {
				s := g.State()
				legal := Legal(s, engine.NewRNG(0), Deciding(s)[0])
				if auto && len(legal) == 1 && legal[0].Kind == ActPassWindow {
					t.Fatalf("seed %d: a forced pass was left to the player", seed)
				}
				if _, err := g.Do(legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
				if err := CheckInvariants(g.State()); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				n[i]++
			}
		}
		if n[1] >= n[0] {
			t.Fatalf("seed %d: %d actions with automatic passing, %d without", seed, n[1], n[0])
		}
	}
}

// 1.19 with automatic passing: one action may set off a long chain of
// passes. In this 8-player soak game every seat passes automatically; the
// last vote resolves Unconventional Measures, whose discards open a
// Reverse Engineer window each, and the passes take 66 rounds of
// follow-ups, which the engine's old bound of 64 called a loop. (Its
// removals of fighters that space docks are now known to hold were
// dropped from the log.)
func TestRule1_19_LongChainsOfAutomaticPasses(t *testing.T) {
	b, err := os.ReadFile("testdata/eight_autopass_game.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := DecodeScenario(b)
	if err != nil {
		t.Fatal(err)
	}
	acts := sc.Actions
	sc.Actions = nil
	g, err := sc.Start()
	if err != nil {
		t.Fatal(err)
	}
	var last []Event
	for i, raw := range acts {
		a, err := DecodeAction(raw)
		if err != nil {
			t.Fatal(err)
		}
		if last, err = g.Do(a); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
	}
	if len(last) <= 64 { // each round of follow-ups applies one event or more
		t.Fatalf("the last action set off %d events; the test needs more than 64 rounds", len(last))
	}
	checked(t, g)
}

// 1.19: the Decoy Operation window after an activation is declined with
// done, not pass_window; a player with automatic passing on and no card
// to play there is passed at once, and the tactical action goes on.
func TestRule1_19_AutoPassDeclinesDoneWindows(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		arnor := planetIn(s.System(9), "Arnor")
		arnor.Controller, arnor.Units = 1, []Stack{{Owner: 1, Unit: "infantry", Count: 1}}
		s.Players[1].AutoPass = true
		s.Players[1].SecretChoice = nil // its setup choice made: done is all it may do
	})
	do(t, g, activate(0, 9))
	if s := g.State(); s.Step != nil && s.Step.Kind == StepDecoy {
		t.Fatalf("Sol has nothing to answer with and passes automatically, yet the window waits: %+v", s.Step)
	}
	do(t, g, moveShips(0, 22, "carrier", 1)) // the tactical action goes on
	// With the card in hand, the window waits for Sol's answer.
	g = tacticalFixture(t, func(s *State) {
		giveAC(1, "decoy_operation")(s)
		arnor := planetIn(s.System(9), "Arnor")
		arnor.Controller, arnor.Units = 1, []Stack{{Owner: 1, Unit: "infantry", Count: 1}}
		s.Players[1].AutoPass = true
		s.Players[1].SecretChoice = nil
	})
	do(t, g, activate(0, 9))
	if s := g.State(); s.Step == nil || s.Step.Kind != StepDecoy || s.Step.Seat != 1 {
		t.Fatalf("Sol holds Decoy Operation and is asked: %+v", s.Step)
	}
}
