package combat

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// Fighters and infantry are tokens without a game limit (23.4b), but a
// list holds at most MaxTokenUnits of each, so no request can make the
// solver's work explode (400 fighters a side took 30 s).
func TestTokenUnitsAreCapped(t *testing.T) {
	for _, list := range []string{"400 fighter", "51 fighter2", "30 fighter, 21 fighter2", "51 infantry"} {
		if _, err := ParseUnits(list); err == nil || !strings.Contains(err.Error(), "at most 50") {
			t.Errorf("%q: %v, want the cap named", list, err)
		}
	}
	if _, err := ParseUnits("50 fighter2, 50 infantry2"); err != nil {
		t.Fatalf("the cap itself is allowed: %v", err)
	}
}

// The largest battle within the caps is solved in bounded time.
func TestLargestBattleWithinCapsSolves(t *testing.T) {
	fleet := "2 warsun, 5 dreadnought2, 4 carrier2, 8 cruiser2, 8 destroyer2, 50 fighter2"
	a, _ := ParseUnits(fleet + ", 50 infantry2")
	d, _ := ParseUnits(fleet)
	p, _ := ParseUnits("50 infantry2, 6 pds2")
	start := time.Now()
	res, err := Solve(Battle{Attacker: Side{Units: a}, Defender: Side{Units: d, Planet: p}, Space: true, Invade: true})
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	t.Logf("solved in %v; attacker wins %.4f", took, res.AttackerWins)
	if took > 20*time.Second {
		t.Fatalf("the largest battle took %v", took)
	}
}

// A solve whose context ends (the client left) stops promptly with the
// context's error.
func TestSolveStopsWhenItsContextEnds(t *testing.T) {
	fleet := "2 warsun, 5 dreadnought2, 4 carrier2, 8 cruiser2, 8 destroyer2, 50 fighter2"
	a, _ := ParseUnits(fleet + ", 50 infantry2")
	d, _ := ParseUnits(fleet)
	p, _ := ParseUnits("50 infantry2, 6 pds2")
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	start := time.Now()
	_, err := SolveContext(ctx, Battle{Attacker: Side{Units: a}, Defender: Side{Units: d, Planet: p}, Space: true, Invade: true})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if took := time.Since(start); took > 200*time.Millisecond {
		t.Fatalf("the solve ran on for %v after its context ended at 20ms", took)
	}
}

// A battle past the state bound is refused with ErrTooLarge.
func TestSolveRefusesPastItsBound(t *testing.T) {
	old := stateBound
	stateBound = 100
	defer func() { stateBound = old }()
	a, _ := ParseUnits("10 fighter")
	d, _ := ParseUnits("10 fighter")
	if _, err := Solve(Battle{Attacker: Side{Units: a}, Defender: Side{Units: d}, Space: true}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err %v, want ErrTooLarge", err)
	}
}

// The three casualty orders, on two dreadnoughts and a cruiser: the
// community's by-type order damages both dreadnoughts before losing
// either; sustain-last alternates per unit; sustain-first damages before
// any loss.
func TestCasualtyPolicies(t *testing.T) {
	g, _ := ParseUnits("2 dreadnought, 1 cruiser")
	line := func(p Policy) string {
		a := newArmy(g, isShip, p)
		var b strings.Builder
		for _, ev := range a.line {
			if ev.kill {
				b.WriteString("x")
			} else {
				b.WriteString("s")
			}
			b.WriteString(a.units[ev.unit].Type[:1])
		}
		return b.String()
	}
	for p, want := range map[Policy]string{
		SustainFirst:  "sdsdxcxdxd",
		SustainLast:   "xcsdxdsdxd",
		SustainByType: "xcsdsdxdxd",
	} {
		if got := line(p); got != want {
			t.Errorf("%s: %s, want %s", p, got, want)
		}
	}
	for _, x := range Policies {
		if p, err := ParsePolicy(x.Name); err != nil || p != x.Policy {
			t.Errorf("%s does not read back", x.Name)
		}
	}
	if _, err := ParsePolicy("random"); err == nil || !strings.Contains(err.Error(), "sustain-by-type") {
		t.Errorf("an unknown policy's error names the policies: %v", err)
	}
	// The exact solver and the simulation agree under the new order.
	atk, _ := ParseUnits("2 dreadnought, 2 cruiser")
	def, _ := ParseUnits("3 destroyer, 1 dreadnought, 2 fighter")
	b := Battle{Attacker: Side{Units: atk, Policy: SustainByType}, Defender: Side{Units: def, Policy: SustainByType}, Space: true}
	exact, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	sim, _ := Simulate(b, 20000, 5)
	if d := exact.AttackerWins - sim.AttackerWins; d > 0.02 || d < -0.02 {
		t.Fatalf("exact %.4f, simulated %.4f", exact.AttackerWins, sim.AttackerWins)
	}
}

// A modifier for one round only (Morale Boost, say, +1 in the first):
// 1 fighter against 1 fighter is 4/9 for the attacker; with +1 in the
// first round it is 0.24 + 0.56 * 4/9. Later rounds, a named round, and
// the simulation agree.
func TestOneRoundModifiers(t *testing.T) {
	f, _ := ParseUnits("1 fighter")
	solve := func(atk Side) float64 {
		r, err := Solve(Battle{Attacker: atk, Defender: Side{Units: f}, Space: true, NoBarrage: true})
		if err != nil {
			t.Fatal(err)
		}
		return r.AttackerWins
	}
	if got := solve(Side{Units: f}); !near(got, 4.0/9, 1e-9) {
		t.Fatalf("plain: %.6f", got)
	}
	want := 0.24 + 0.56*4.0/9
	if got := solve(Side{Units: f, RoundMod: 1}); !near(got, want, 1e-9) {
		t.Fatalf("+1 in the first round: %.6f, want %.6f", got, want)
	}
	// In the second round only: the first round plays plainly.
	p1, n1 := 0.2*0.8, 0.8*0.8
	want2 := p1 + n1*(0.3*0.8+0.7*0.8*4.0/9)
	if got := solve(Side{Units: f, RoundMod: 1, Round: 2}); !near(got, want2, 1e-9) {
		t.Fatalf("+1 in the second round: %.6f, want %.6f", got, want2)
	}
	a, _ := ParseUnits("2 cruiser, 1 dreadnought")
	d, _ := ParseUnits("3 destroyer, 2 fighter")
	b := Battle{Attacker: Side{Units: a, RoundReroll: true}, Defender: Side{Units: d, RoundMod: 1}, Space: true}
	exact, _ := Solve(b)
	sim, _ := Simulate(b, 30000, 9)
	if !near(exact.AttackerWins, sim.AttackerWins, 0.015) {
		t.Fatalf("exact %.4f, simulated %.4f", exact.AttackerWins, sim.AttackerWins)
	}
}
