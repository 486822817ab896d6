package ti4

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// eliminateSeat takes everything seat has off the board with the
// referee's effects, so that 33.1 eliminates it after the last one. It
// reports false when an effect is refused (a moment where the referee may
// not act).
func eliminateSeat(g *Game, seat int) bool {
	var acts []Action
	s := g.State()
	for _, sys := range s.Systems {
		for _, st := range sys.Space {
			if st.Owner == seat && st.Count > 0 {
				acts = append(acts, remove(seat, sys.Pos, "", st.Unit, st.Count))
			}
		}
		for _, pl := range sys.Planets {
			for _, st := range pl.Units {
				if st.Owner == seat && st.Count > 0 {
					acts = append(acts, remove(seat, sys.Pos, pl.Name, st.Unit, st.Count))
				}
			}
		}
	}
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller == seat {
				acts = append(acts, Action{Kind: ActLosePlanet, Seat: Referee, Planet: pl.Name, ActionExtra: &ActionExtra{Player: ip(seat)}})
			}
		}
	}
	for _, a := range acts {
		if _, err := g.Do(a); err != nil {
			return false
		}
	}
	return g.State().Players[seat].Eliminated
}

// 33.2 with 84.1: a player eliminated while it is their turn to choose a
// strategy card chooses no more; the next player chooses, and the phase
// goes on to its end.
func TestRule33_2_EliminatedWhileChoosingAStrategyCard(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		for _, p := range s.Players {
			p.SecretChoice = nil
		}
	})
	s := g.State()
	picker := s.Turn
	if !eliminateSeat(g, picker) {
		t.Fatal("the referee could not eliminate the picker")
	}
	s = g.State()
	if s.Turn == picker || s.Turn == None || s.Players[s.Turn].Eliminated {
		t.Fatalf("the turn to choose stayed with the eliminated seat %d: %d", picker, s.Turn)
	}
	r := engine.NewRNG(1)
	for i := 0; g.State().Phase == PhaseStrategy; i++ {
		if i > 30 || !stepRandom(t, g, &r, "the strategy phase") {
			t.Fatalf("the strategy phase does not end: %+v", g.State().Phase)
		}
	}
}

// 33.2, 33.8 and 8: a voter eliminated mid-vote leaves the voting order
// and the vote goes on; an eliminated speaker's token passes left (33.8)
// and the new speaker votes last and breaks ties.
func TestRule33_2_EliminatedDuringTheAgendaPhase(t *testing.T) {
	// Voters are seats 1, 2 and 0 (the speaker last). Seat 2 is
	// eliminated while seat 1 is voting.
	g := agendaFixture(t, []string{"mutiny"}, nil)
	do(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For})
	if !eliminateSeat(g, 2) {
		t.Fatal("the referee could not eliminate seat 2")
	}
	if v := g.State().Agenda.Voters; slices.Contains(v, 2) {
		t.Fatalf("the eliminated seat 2 is still to vote: %v", v)
	}
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: "Jord"})
	do(t, g, act(ActDone, 1))
	passWindows(t, g)
	abstain(t, g, 0)
	if n := g.State().Agenda.Number; n != 2 {
		t.Fatalf("the first agenda should have resolved; agenda %d is up", n)
	}

	// The speaker (seat 0) is eliminated before voting: the token passes
	// to seat 1, who now votes last.
	g = agendaFixture(t, []string{"mutiny"}, nil)
	if g.State().Speaker != 0 {
		t.Fatalf("the fixture's speaker is %d", g.State().Speaker)
	}
	if !eliminateSeat(g, 0) {
		t.Fatal("the referee could not eliminate the speaker")
	}
	s := g.State()
	if s.Speaker != 1 {
		t.Fatalf("the speaker token went to %d, want 1 (33.8)", s.Speaker)
	}
	if v := s.Agenda.Voters; !slices.Equal(v, []int{2, 1}) {
		t.Fatalf("voters %v, want [2 1]: the new speaker last", v)
	}
	abstain(t, g, 2)
	abstain(t, g, 1)
	// No votes cast: the new speaker decides the outcome (8.19).
	if d := Deciding(g.State()); !slices.Equal(d, []int{1}) {
		t.Fatalf("the outcome waits on %v, want the new speaker 1", d)
	}
}

// stepRandom plays one random legal action of a seat that has one, and
// fails the test when no seat in the game can act though it is not over
// (a stall) or when the game waits on an eliminated seat.
func stepRandom(t *testing.T, g *Game, r *engine.RNG, where string) bool {
	t.Helper()
	s := g.State()
	if s.Phase == PhaseOver {
		return false
	}
	for _, q := range Deciding(s) {
		if q >= 0 && q < len(s.Players) && s.Players[q].Eliminated {
			b, _ := json.Marshal(struct {
				Step                                                         *Step
				Phase                                                        string
				Turn                                                         int
				Strategic, Combat, Invasion, Agenda, Status, Trade, Tactical any
			}{s.Step, s.Phase, s.Turn, s.Strategic, s.Combat, s.Invasion, s.Agenda, s.Status, s.Trade, s.Tactical})
			t.Fatalf("%s: the game waits on the eliminated seat %d: %s", where, q, b)
		}
	}
	var options []Action
	for _, q := range s.Active() {
		options = append(options, Legal(s, engine.NewRNG(0), q)...)
	}
	if len(options) == 0 {
		if len(s.Active()) <= 1 {
			return false
		}
		t.Fatalf("%s: round %d, %s phase: no seat in the game can act (Deciding %v)", where, s.Round, s.Phase, Deciding(s))
	}
	if _, err := g.Do(options[r.IntN(len(options))]); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	return true
}

// 33: in random games, a random player is eliminated at a random moment,
// in any phase and step; the game never stalls and never waits on them.
func TestRule33_EliminationAtAnyMomentNeverStalls(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 15
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		g, err := NewGame(Config{Players: 4 + int(seed%3), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRNG(seed * 7)
		at := 20 + r.IntN(600)
		done := false
		for i := 0; i < 3000; i++ {
			if !done && i >= at {
				act := g.State().Active()
				if eliminateSeat(g, act[r.IntN(len(act))]) {
					done = true
				} else {
					at = i + 5 // a moment the referee may not act: try again soon
				}
			}
			if !stepRandom(t, g, &r, fmt.Sprintf("seed %d action %d", seed, i)) {
				break
			}
		}
	}
}
