package combat

import (
	"math"
	"testing"
)

func side(t testing.TB, units string) Side {
	t.Helper()
	g, err := ParseUnits(units)
	if err != nil {
		t.Fatal(err)
	}
	return Side{Units: g}
}

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

// One fighter against one: each hits on 9 (chance 0.2). The attacker wins
// when it alone hits in the first round in which anyone hits.
func TestRule18_OneFighterEach(t *testing.T) {
	r, err := Solve(Battle{Attacker: side(t, "1 fighter"), Defender: side(t, "1 fighter"), Space: true})
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.AttackerWins, 0.16/0.36, 1e-12) || !near(r.DefenderWins, 0.16/0.36, 1e-12) || !near(r.BothDestroyed, 0.04/0.36, 1e-12) {
		t.Fatalf("%+v", r)
	}
}

// 87: a dreadnought's Sustain Damage absorbs the first hit; against a
// fighter it must be hit twice.
func TestRule87_SustainDamage(t *testing.T) {
	r, _ := Solve(Battle{Attacker: side(t, "1 dreadnought"), Defender: side(t, "1 fighter"), Space: true})
	// The fighter must hit twice before the dreadnought (hits on 5: 0.6) hits once.
	// P(fighter wins) = sum over paths; the dreadnought wins unless two
	// fighter hits land first: compute by hand with the same conditioning.
	pd, pf := 0.6, 0.2
	// From (undamaged): next event probabilities.
	stay := (1 - pd) * (1 - pf)
	dWin := pd * (1 - pf) / (1 - stay)  // dread hits, fighter misses
	bothHit := pd * pf / (1 - stay)     // both hit: dread damaged, fighter dead -> dread wins
	fOnly := (1 - pd) * pf / (1 - stay) // dread damaged, fight on
	// Damaged: now one fighter hit destroys it.
	dWin2 := pd * (1 - pf) / (1 - stay)
	both2 := pd * pf / (1 - stay)
	fWin2 := (1 - pd) * pf / (1 - stay)
	wantA := dWin + bothHit + fOnly*dWin2
	if !near(r.AttackerWins, wantA, 1e-12) || !near(r.BothDestroyed, fOnly*both2, 1e-12) || !near(r.DefenderWins, fOnly*fWin2, 1e-12) {
		t.Fatalf("%+v want attacker %.6f", r, wantA)
	}
}

// 10: anti-fighter barrage only destroys fighters, and only before the
// first round; here two destroyers' barrage (9, x2 each) against 2 fighters.
func TestRule10_AntiFighterBarrage(t *testing.T) {
	with, _ := Solve(Battle{Attacker: side(t, "2 destroyer"), Defender: side(t, "2 fighter"), Space: true})
	without, _ := Solve(Battle{Attacker: side(t, "2 destroyer"), Defender: side(t, "2 fighter"), Space: true, NoBarrage: true})
	if with.AttackerWins <= without.AttackerWins {
		t.Fatalf("barrage should help: %.4f vs %.4f", with.AttackerWins, without.AttackerWins)
	}
	// Barrage against a fleet with no fighters changes nothing.
	a, _ := Solve(Battle{Attacker: side(t, "2 destroyer"), Defender: side(t, "1 cruiser"), Space: true})
	b, _ := Solve(Battle{Attacker: side(t, "2 destroyer"), Defender: side(t, "1 cruiser"), Space: true, NoBarrage: true})
	if !near(a.AttackerWins, b.AttackerWins, 1e-12) {
		t.Fatal("barrage hit something other than a fighter")
	}
}

// 65.3, 15: a planetary shield stops bombardment unless a war sun is there.
func TestRule65_PlanetaryShield(t *testing.T) {
	atk := side(t, "1 dreadnought, 2 infantry")
	planet, _ := ParseUnits("1 pds, 2 infantry")
	noShield, _ := ParseUnits("2 infantry")
	shielded, _ := Solve(Battle{Attacker: atk, Defender: Side{Planet: planet}, Invade: true, NoCannon: true})
	open, _ := Solve(Battle{Attacker: atk, Defender: Side{Planet: noShield}, Invade: true})
	if shielded.AttackerWins >= open.AttackerWins {
		t.Fatalf("the shield should stop the bombardment: %.4f vs %.4f", shielded.AttackerWins, open.AttackerWins)
	}
	ws := side(t, "1 war_sun, 2 infantry")
	withWS, _ := Solve(Battle{Attacker: ws, Defender: Side{Planet: planet}, Invade: true, NoCannon: true})
	noBomb, _ := Solve(Battle{Attacker: ws, Defender: Side{Planet: planet}, Invade: true, NoCannon: true, NoBombard: true})
	if withWS.AttackerWins <= noBomb.AttackerWins {
		t.Fatal("a war sun switches the shield off")
	}
}

// Probabilities add up, and a side with nothing loses at once.
func TestSolveSums(t *testing.T) {
	for _, c := range [][2]string{{"2 dreadnought2, 1 war_sun, 4 fighter2", "3 cruiser, 2 carrier, 6 fighter, 2 destroyer2"}, {"1 carrier", ""}, {"", "1 carrier"}} {
		r, err := Solve(Battle{Attacker: side(t, c[0]), Defender: side(t, c[1]), Space: true})
		if err != nil {
			t.Fatal(err)
		}
		st := r.Stages[0]
		if sum := st.AttackerWins + st.DefenderWins + st.BothDestroyed + st.Stalemate; !near(sum, 1, 1e-9) {
			t.Fatalf("%v: outcomes sum to %v", c, sum)
		}
		sum := 0.0
		for _, o := range st.AttackerSurvivors {
			sum += o.P
		}
		if !near(sum, 1, 1e-9) {
			t.Fatalf("%v: survivor distribution sums to %v", c, sum)
		}
	}
}
