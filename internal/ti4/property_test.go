package ti4

import (
	"bytes"
	"errors"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// randomAction builds an effect action with random, mostly sensible
// arguments; many are refused, which is part of the test.
func randomAction(s *State, r *engine.RNG) Action {
	kinds := []string{ActPlace, ActPlace, ActRemove, ActRemove, ActRemove, ActMove, ActGainPlanet, ActLosePlanet, ActCapture, ActReturnCaptured}
	a := Action{Kind: kinds[r.IntN(len(kinds))], Seat: r.IntN(len(s.Players))}
	sys := s.Systems[r.IntN(len(s.Systems))]
	a.System = ip(sys.Pos)
	units := []string{"infantry", "infantry", "mech", "carrier", "fighter", "pds", "space_dock", "dreadnought"}
	a.Unit = units[r.IntN(len(units))]
	a.Count = 1 + r.IntN(3)
	if len(sys.Planets) > 0 && (isGroundForce(a.Unit) || isStructure(a.Unit)) && r.IntN(4) > 0 {
		a.Planet = sys.Planets[r.IntN(len(sys.Planets))].Name
	}
	if a.Kind == ActRemove || a.Kind == ActCapture || a.Kind == ActMove {
		// Mostly act on units that are there.
		type spot struct {
			pos    int
			planet string
			st     Stack
		}
		var spots []spot
		for _, sys := range s.Systems {
			for _, st := range sys.Space {
				spots = append(spots, spot{sys.Pos, "", st})
			}
			for _, pl := range sys.Planets {
				for _, st := range pl.Units {
					spots = append(spots, spot{sys.Pos, pl.Name, st})
				}
			}
		}
		if len(spots) > 0 && r.IntN(5) > 0 {
			sp := spots[r.IntN(len(spots))]
			a.System, a.Planet, a.Unit, a.Count = ip(sp.pos), sp.planet, sp.st.Unit, 1+r.IntN(sp.st.Count)
			o := sp.st.Owner
			a.own().Owner = &o
			if a.Kind == ActMove {
				a.Seat, a.own().Owner = o, nil
			}
		}
	}
	if a.Kind == ActReturnCaptured {
		o := r.IntN(len(s.Players)+1) - 1
		a.own().Owner = &o
	}
	if a.Kind == ActGainPlanet || a.Kind == ActLosePlanet {
		var names []string
		for _, sys := range s.Systems {
			for _, pl := range sys.Planets {
				if a.Kind == ActGainPlanet || pl.Controller == a.Seat {
					names = append(names, pl.Name)
				}
			}
		}
		if len(names) > 0 {
			a.Planet = names[r.IntN(len(names))]
		}
	}
	if a.Kind == ActMove {
		to := s.Systems[r.IntN(len(s.Systems))]
		a.To = ip(to.Pos)
	}
	a.own().Player, a.Seat = ip(a.Seat), Referee // these are effects: the referee applies them
	return a
}

// Random effect play from many seeds: every accepted action leaves a
// consistent state, every refusal is typed and changes nothing, and the log
// replays to the same bytes.
func TestPropertyRandomEffects(t *testing.T) {
	seeds, steps := 60, 300
	if testing.Short() {
		seeds = 10
	}
	eliminations := 0
	for seed := 0; seed < seeds; seed++ {
		players := 3 + seed%6
		g, err := NewGame(Config{Players: players, Seed: uint64(seed)})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRNG(uint64(seed) + 1000)
		for i := 0; i < steps; i++ {
			a := randomAction(g.State(), &r)
			before, _ := g.Snapshot()
			_, err := g.Do(a)
			if err != nil {
				if engine.RuleOf(err) == "" {
					var ie *engine.InputError
					if !errors.As(err, &ie) {
						t.Fatalf("seed %d step %d: untyped refusal %v", seed, i, err)
					}
				}
				if after, _ := g.Snapshot(); !bytes.Equal(before, after) {
					t.Fatalf("seed %d step %d: refused %v changed the game", seed, i, a)
				}
				continue
			}
			if err := CheckInvariants(g.State()); err != nil {
				t.Fatalf("seed %d step %d after %v: %v", seed, i, a, err)
			}
		}
		for _, p := range g.State().Players {
			if p.Eliminated {
				eliminations++
			}
		}
		final, _ := g.Snapshot()
		re, err := engine.Replay[*State, Action, Event](Rules{}, g.Initial(), g.Log())
		if err != nil {
			t.Fatalf("seed %d: replay: %v", seed, err)
		}
		if got, _ := re.Snapshot(); !bytes.Equal(got, final) {
			t.Fatalf("seed %d: replay differs", seed)
		}
	}
	t.Logf("%d eliminations over %d games", eliminations, seeds)
	if eliminations == 0 && !testing.Short() {
		t.Fatal("random play never eliminated anyone; the test does not reach rule 33")
	}
}
