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
