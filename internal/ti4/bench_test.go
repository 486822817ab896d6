package ti4

import (
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// A six-player game after setup: the state every later benchmark grows from.
func benchGame(b *testing.B) *Game {
	b.Helper()
	g, err := NewGame(Config{Players: 6, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	return g
}

func BenchmarkSetup6(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Setup(Config{Players: 6, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// Decide, apply and every automatic step (control, elimination) for one
// effect action, undone by applying its mirror.
func BenchmarkDoPlaceRemove(b *testing.B) {
	g := benchGame(b)
	home := g.State().Players[0].Home
	pl := g.State().System(home).Planets[0].Name
	add, del := place(0, home, pl, "infantry", 1), remove(0, home, pl, "infantry", 1)
	initial := g.Initial()
	b.ReportAllocs()
	for b.Loop() {
		if g.Len() >= 2048 { // keep the log from growing without end
			b.StopTimer()
			g, _ = engine.Load[*State, Action, Event](Rules{}, initial)
			b.StartTimer()
		}
		if _, err := g.Do(add); err != nil {
			b.Fatal(err)
		}
		if _, err := g.Do(del); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFollowUps(b *testing.B) {
	g := benchGame(b)
	s := g.State()
	rng := engine.NewRNG(1)
	b.ReportAllocs()
	for b.Loop() {
		if ev := (Rules{}).Follow(s, &rng); len(ev) != 0 {
			b.Fatal("a settled state has follow-ups")
		}
	}
}

func BenchmarkReplay100(b *testing.B) {
	g := benchGame(b)
	home := g.State().Players[0].Home
	pl := g.State().System(home).Planets[0].Name
	for i := 0; i < 50; i++ {
		do(b, g, place(0, home, pl, "infantry", 1))
		do(b, g, remove(0, home, pl, "infantry", 1))
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.At(100); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAdjacent(b *testing.B) {
	s := benchGame(b).State()
	b.ReportAllocs()
	for b.Loop() {
		for _, sys := range s.Systems {
			s.Adjacent(0, sys.Pos)
		}
	}
}

// scriptedUntil plays the scripted six-player game until stop holds
// before its next action, or to its end; it reports whether stop held.
func scriptedUntil(b testing.TB, stop func(s *State) bool) (*Game, bool) {
	b.Helper()
	sc, g := startSixPlayerScript(b)
	for _, r := range sc.Actions {
		if stop(g.State()) {
			return g, true
		}
		a, _ := DecodeAction(r)
		do(b, g, a)
	}
	return g, false
}

// midGame replays the scripted six-player game to its first action phase
// turn in round 2 with no action under way.
func midGame(b *testing.B) *Game {
	b.Helper()
	g, ok := scriptedUntil(b, func(s *State) bool { return s.Round == 2 && s.Phase == PhaseAction && !s.busy() })
	if !ok {
		b.Fatal("no mid-game state found")
	}
	return g
}

// tacticalMoment replays the scripted six-player game to the first turn,
// from round 2 on, whose player may activate a system without planets: the
// game then, the seat, and that system.
func tacticalMoment(b testing.TB) (*Game, int, int) {
	b.Helper()
	target := None
	g, ok := scriptedUntil(b, func(s *State) bool {
		if s.Round < 2 || s.Phase != PhaseAction || s.busy() {
			return false
		}
		for _, sys := range s.Systems {
			if len(sys.Planets) == 0 && Rules.Check(Rules{}, s, activate(s.Turn, sys.Pos)) == nil {
				target = sys.Pos
				return true
			}
		}
		return false
	})
	if !ok {
		return g, None, None
	}
	return g, g.State().Turn, target
}

func BenchmarkLegalMidGame6(b *testing.B) {
	g := midGame(b)
	s := g.State()
	rng := engine.NewRNG(1)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = len(Legal(s, rng, s.Turn))
	}
	b.ReportMetric(float64(n), "actions")
}

// A whole tactical action: activate, end movement, (invasion,) end.
func BenchmarkTacticalAction6(b *testing.B) {
	g, seat, target := tacticalMoment(b)
	if target == None {
		b.Fatal("no system to activate in the scripted game")
	}
	snap, _ := g.Snapshot()
	script := []Action{activate(seat, target), act(ActEndMovement, seat), act(ActEndTactical, seat)}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		g, _ = engine.Load[*State, Action, Event](Rules{}, snap)
		b.StartTimer()
		for _, a := range script {
			if _, err := g.Do(a); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(script)), "actions/op")
}
