package combat

import (
	"errors"
	"math"
	"testing"
)

// Plasma Scoring: one more die for one unit's bombardment. A dreadnought
// (5) bombarding one infantry with 1 infantry landing: the bombardment
// kills it with 0.6, or with 0.84 for two dice; else a 1-on-1 ground
// combat of 8s, which the attacker wins with 0.21/0.51.
func TestTech_PlasmaScoring_Odds(t *testing.T) {
	b := Battle{Attacker: side(t, "1 dreadnought, 1 infantry"), Defender: Side{Planet: side(t, "1 infantry").Units}, Invade: true}
	duel := 0.21 / 0.51
	for _, tc := range []struct {
		plasma bool
		want   float64
	}{{false, 0.6 + 0.4*duel}, {true, 0.84 + 0.16*duel}} {
		b.Attacker.Tech.Plasma = tc.plasma
		r, err := Solve(b)
		if err != nil {
			t.Fatal(err)
		}
		if !near(r.AttackerWins, tc.want, 1e-9) {
			t.Fatalf("plasma %v: attacker wins %.6f, want %.6f", tc.plasma, r.AttackerWins, tc.want)
		}
	}
}

// Plasma Scoring on space cannon, and Antimass Deflectors against it: a
// PDS (6) with one more die at a lone fighter; the fighter's owner with
// Antimass makes each die need 7.
func TestTech_AntimassAndPlasma_SpaceCannon(t *testing.T) {
	for _, tc := range []struct {
		plasma, antimass bool
		die              float64
		dice             int
	}{{false, false, 0.5, 1}, {true, false, 0.5, 2}, {false, true, 0.4, 1}, {true, true, 0.4, 2}} {
		b := Battle{Attacker: side(t, "1 fighter"), Defender: side(t, "1 fighter"), Space: true, NoBarrage: true}
		b.Defender.Planet = side(t, "1 pds").Units
		b.Defender.Tech.Plasma, b.Attacker.Tech.Antimass = tc.plasma, tc.antimass
		r, err := Solve(b)
		if err != nil {
			t.Fatal(err)
		}
		miss := 1.0
		for range tc.dice {
			miss *= 1 - tc.die
		}
		// The fighter survives the cannon with miss, then duels (9s: 0.2 each) evenly.
		want := miss * 0.5 * (1 - 0.04/0.36) // the attacker wins half the duels that do not end both destroyed
		if !near(r.AttackerWins, want, 1e-9) {
			t.Fatalf("%+v: attacker wins %.6f, want %.6f", tc, r.AttackerWins, want)
		}
	}
}

// X-89 Bacterial Weapon Ω: a bombardment that kills one infantry kills
// them all, so a war sun's three dice (3) against three infantry win the
// planet outright whenever one hits.
func TestTech_X89BacterialWeapon_Odds(t *testing.T) {
	b := Battle{Attacker: side(t, "1 war_sun, 1 infantry"), Defender: Side{Planet: side(t, "3 infantry").Units}, Invade: true}
	b.Attacker.Tech.X89 = true
	r, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	if r.AttackerWins < 1-0.3*0.3*0.3-1e-9 {
		t.Fatalf("attacker wins %.4f: at least every bombardment with a hit", r.AttackerWins)
	}
	sim, _ := Simulate(b, 20000, 3)
	if !near(sim.AttackerWins, r.AttackerWins, 0.015) {
		t.Fatalf("simulated %.4f, exact %.4f", sim.AttackerWins, r.AttackerWins)
	}
}

// Assault Cannon: three non-fighter ships make the opponent destroy one
// at the start of combat, so a lone destroyer is gone before it rolls.
func TestTech_AssaultCannon_Odds(t *testing.T) {
	b := Battle{Attacker: side(t, "3 cruiser"), Defender: side(t, "1 destroyer"), Space: true, NoBarrage: true}
	b.Attacker.Tech.Assault = true
	if _, err := Solve(b); !errors.Is(err, ErrInexact) {
		t.Fatalf("Solve: %v, want ErrInexact", err)
	}
	r, err := Simulate(b, 2000, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r.AttackerWins != 1 || r.Stages[0].AttackerExpected["cruiser"] != 3 {
		t.Fatalf("attacker wins %.4f with %v: the destroyer never rolls", r.AttackerWins, r.Stages[0].AttackerExpected)
	}
	b.Attacker = side(t, "2 cruiser, 3 fighter") // two non-fighter ships: no effect
	b.Attacker.Tech.Assault = true
	if r, _ := Simulate(b, 2000, 1); r.Stages[0].AttackerExpected["fighter"] == 3 {
		t.Fatal("two non-fighter ships are not enough: the destroyer rolls and sometimes hits")
	}
}

// Magen Defense Grid Ω: the defender with a structure on the planet
// destroys one infantry at the start of the ground combat.
func TestTech_MagenDefenseGrid_Odds(t *testing.T) {
	b := Battle{Attacker: side(t, "1 infantry"), Defender: Side{Planet: side(t, "1 space_dock, 1 infantry").Units}, Invade: true}
	b.Defender.Tech.Magen = true
	r, err := Simulate(b, 2000, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r.DefenderWins != 1 {
		t.Fatalf("defender wins %.4f, want 1", r.DefenderWins)
	}
	b.Defender.Planet = side(t, "1 infantry").Units // no structure: a fair duel
	if r, _ := Simulate(b, 2000, 1); r.DefenderWins > 0.6 {
		t.Fatalf("without a structure the defender wins %.4f", r.DefenderWins)
	}
}

// Graviton Laser System: space cannon hits land on non-fighters, so two
// sure hits (a PDS with -10 would be odd; instead many PDS) destroy a
// carrier before its fighters.
func TestTech_GravitonLaserSystem_Odds(t *testing.T) {
	b := Battle{Attacker: side(t, "1 carrier, 3 fighter"), Defender: side(t, "1 fighter"), Space: true, NoBarrage: true}
	b.Defender.Planet = side(t, "1 pds").Units
	lost := func(graviton bool) float64 {
		b.Defender.Tech.Graviton = graviton
		r, err := Simulate(b, 20000, 2)
		if err != nil {
			t.Fatal(err)
		}
		return 1 - r.Stages[0].AttackerExpected["carrier"]
	}
	without, with := lost(false), lost(true)
	// The PDS hits half the time: with the laser the carrier goes then.
	if with < 0.45 || with <= without+0.3 {
		t.Fatalf("carrier lost %.3f with Graviton, %.3f without", with, without)
	}
}

// Duranium Armor: a damaged unit is repaired each round, so a dreadnought
// against a stream of fighters lasts longer than without.
func TestTech_DuraniumArmor_Odds(t *testing.T) {
	b := Battle{Attacker: side(t, "1 dreadnought"), Defender: side(t, "4 fighter"), Space: true}
	b.Attacker.Tech.Duranium = true
	if _, err := Solve(b); !errors.Is(err, ErrInexact) {
		t.Fatalf("Solve: %v, want ErrInexact", err)
	}
	with, _ := Simulate(b, 20000, 4)
	b.Attacker.Tech.Duranium = false
	without, _ := Simulate(b, 20000, 4)
	if with.AttackerWins < without.AttackerWins+0.02 {
		t.Fatalf("attacker wins %.3f with Duranium, %.3f without", with.AttackerWins, without.AttackerWins)
	}
}

// Ambush (the Mentak's): at the start of a space combat, up to 2 cruisers
// and destroyers roll a die each on their combat value. Two cruisers (7)
// at a lone fighter kill it before the combat with 1 - 0.6², exactly; the
// simulation agrees with the exact result of a larger battle; the two
// best ships roll.
func TestTech_Ambush_Odds(t *testing.T) {
	b := Battle{Attacker: side(t, "2 cruiser"), Defender: side(t, "1 dreadnought"), Space: true, NoBarrage: true}
	plain, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	b.Attacker.Tech.Ambush = true
	amb, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	if amb.AttackerWins <= plain.AttackerWins+0.05 {
		t.Fatalf("the ambush helps: %.4f against %.4f", amb.AttackerWins, plain.AttackerWins)
	}
	one := Battle{Attacker: side(t, "2 cruiser"), Defender: side(t, "1 fighter"), Space: true, NoBarrage: true}
	base, _ := Solve(one)
	one.Attacker.Tech.Ambush = true
	r, _ := Solve(one)
	if want := 0.64 + 0.36*base.AttackerWins; !near(r.AttackerWins, want, 1e-9) {
		t.Fatalf("the fighter falls to the ambush with 1-0.6², else the combat as without: %.6f, want %.6f", r.AttackerWins, want)
	}
	big := Battle{Attacker: side(t, "3 cruiser, 2 destroyer, 1 carrier, 2 fighter"), Defender: side(t, "2 dreadnought, 3 fighter"), Space: true}
	big.Defender.Planet = side(t, "1 pds").Units
	big.Attacker.Tech.Ambush = true
	ex, err := Solve(big)
	if err != nil {
		t.Fatal(err)
	}
	sim, _ := Simulate(big, 20000, 9)
	if !near(ex.AttackerWins, sim.AttackerWins, 0.02) {
		t.Fatalf("exact %.4f, simulated %.4f", ex.AttackerWins, sim.AttackerWins)
	}
	if got := AmbushDice(side(t, "3 destroyer, 2 cruiser2").Units); len(got) != 2 || got[0] != 6 || got[1] != 6 {
		t.Fatalf("the two best: %v", got)
	}
}

// Non-Euclidean Shielding: a Sustain Damage cancels 2 hits. Two
// dreadnoughts against four cruisers: with it the dreadnoughts win more
// often, and a lone dreadnought hit twice in one round by two fighters
// survives it.
func TestTech_NonEuclideanShielding_Odds(t *testing.T) {
	b := Battle{Attacker: side(t, "2 dreadnought"), Defender: side(t, "4 cruiser"), Space: true}
	plain, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	b.Attacker.Tech.Shielding = true
	shielded, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	if shielded.AttackerWins <= plain.AttackerWins+0.01 {
		t.Fatalf("with shielding %.4f, without %.4f: it must help", shielded.AttackerWins, plain.AttackerWins)
	}
	a := newArmy(side(t, "1 dreadnought").Units, isShip, SustainFirst).shielded(Tech{Shielding: true})
	if s := a.hit(state{}, 2); a.dead(s) {
		t.Fatal("two hits in one round: the dreadnought's Sustain Damage cancels both")
	}
	if s := a.hit(state{}, 3); !a.dead(s) {
		t.Fatal("three hits destroy it")
	}
}

// L4 Disruptors: no space cannon defense against the invader's ground
// forces: one infantry landing on an empty planet with a PDS always takes
// it.
func TestTech_L4Disruptors_Odds(t *testing.T) {
	b := Battle{Attacker: side(t, "1 infantry"), Defender: Side{Planet: side(t, "1 pds").Units}, Invade: true}
	plain, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	b.Attacker.Tech.L4 = true
	l4, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	if !near(plain.AttackerWins, 0.5, 1e-9) || !near(l4.AttackerWins, 1, 1e-9) {
		t.Fatalf("without L4 %.4f (want 0.5: the PDS hits on 6-10), with %.4f (want 1)", plain.AttackerWins, l4.AttackerWins)
	}
}

// Valkyrie Particle Weave: one more hit in a ground combat round in which
// the opponent hits. One infantry against one (8s, 0.3 a die): each round
// the attacker wins with 0.21; when the defender hits, the weave's hit
// takes the defender along, so the defender never wins and both fall with
// 0.30, out of the 0.51 of rounds that end it.
func TestTech_ValkyrieParticleWeave_Odds(t *testing.T) {
	b := Battle{Attacker: side(t, "1 infantry"), Defender: Side{Planet: side(t, "1 infantry").Units}, Invade: true, NoCannon: true}
	b.Attacker.Tech.Valkyrie = true
	r, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.AttackerWins, 0.21/0.51, 1e-9) || !near(r.DefenderWins, 0, 1e-9) || !near(r.BothDestroyed, 0.30/0.51, 1e-9) {
		t.Fatalf("attacker %.6f, defender %.6f, both %.6f", r.AttackerWins, r.DefenderWins, r.BothDestroyed)
	}
}

// X-89 Bacterial Weapon ΩΩ: each hit of a ground combat roll counts
// twice. One infantry against two (8s, 0.3 a die): the attacker's first
// hit takes both defenders, so the attacker wins a round with 0.3·0.49
// (neither defender hits) and loses with at least one defender's hit;
// and its bombardment's hits count twice too.
func TestTech_X89BacterialWeaponOmegaOmega_Odds(t *testing.T) {
	b := Battle{Attacker: side(t, "1 infantry"), Defender: Side{Planet: side(t, "2 infantry").Units}, Invade: true, NoCannon: true}
	b.Attacker.Tech.X89Double = true
	r, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	win, lose, both := 0.3*0.49, 0.7*0.51, 0.3*0.51 // a round that ends it
	end := win + lose + both
	if !near(r.AttackerWins, win/end, 1e-9) || !near(r.DefenderWins, lose/end, 1e-9) || !near(r.BothDestroyed, both/end, 1e-9) {
		t.Fatalf("attacker %.6f, defender %.6f, both %.6f", r.AttackerWins, r.DefenderWins, r.BothDestroyed)
	}
	bomb := Battle{Attacker: side(t, "1 dreadnought, 1 infantry"), Defender: Side{Planet: side(t, "2 infantry").Units}, Invade: true, NoCannon: true}
	plain, err := Solve(bomb)
	if err != nil {
		t.Fatal(err)
	}
	bomb.Attacker.Tech.X89Double = true
	double, err := Solve(bomb)
	if err != nil {
		t.Fatal(err)
	}
	// The dreadnought's bombardment (5: 0.6) takes both defenders at once;
	// missing, the ground combat above.
	if want := 0.6 + 0.4*win/end; !near(double.AttackerWins, want, 1e-9) || plain.AttackerWins >= want {
		t.Fatalf("doubled hits win %.6f, want %.6f; plain %.6f", double.AttackerWins, want, plain.AttackerWins)
	}
}

// A unit's Lead (C'morran N'orr): +1 to its side's other ships' combat
// rolls while it lives. The exact result agrees with 20,000 simulated
// battles, and beats the same battle without the lead.
func TestLead_ExactAgreesWithSimulation(t *testing.T) {
	b := Battle{Attacker: side(t, "sardakk flagship, 3 cruiser"), Defender: side(t, "2 dreadnought, 2 cruiser"), Space: true}
	plain, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	for i := range b.Attacker.Units {
		if b.Attacker.Units[i].Profile.Type == "flagship" {
			b.Attacker.Units[i].Profile.Lead = 1
		}
	}
	ex, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	if ex.AttackerWins <= plain.AttackerWins+0.01 {
		t.Fatalf("with the lead %.4f, without %.4f", ex.AttackerWins, plain.AttackerWins)
	}
	const n = 20000
	sim, err := Simulate(b, n, 7)
	if err != nil {
		t.Fatal(err)
	}
	for _, pair := range [][2]float64{{ex.AttackerWins, sim.AttackerWins}, {ex.DefenderWins, sim.DefenderWins}} {
		se := math.Sqrt(pair[0] * (1 - pair[0]) / n)
		if math.Abs(pair[0]-pair[1]) > 5*se+1e-9 {
			t.Fatalf("exact %.4f, simulated %.4f", pair[0], pair[1])
		}
	}
}

// Tech.AbilityDie (Trrakan Aun Zulok): one more anti-fighter barrage die.
// A destroyer (barrage 9 x2) against a lone fighter kills it with 0.36,
// or 0.488 with three dice; else a duel of 9s, which the destroyer wins
// with 0.16/0.36.
func TestTech_AbilityDie_Barrage(t *testing.T) {
	duel := 0.16 / 0.36
	for _, tc := range []struct {
		die  bool
		kill float64
	}{{false, 0.36}, {true, 0.488}} {
		b := Battle{Attacker: side(t, "1 destroyer"), Defender: side(t, "1 fighter"), Space: true}
		b.Attacker.Tech.AbilityDie = tc.die
		r, err := Solve(b)
		if err != nil {
			t.Fatal(err)
		}
		if want := tc.kill + (1-tc.kill)*duel; !near(r.AttackerWins, want, 1e-9) {
			t.Fatalf("die %v: attacker wins %.6f, want %.6f", tc.die, r.AttackerWins, want)
		}
	}
}

// Tech.AbilityReroll (Ta Zern): missed unit ability dice rerolled once. A
// PDS (6) at a lone fighter hits with 0.5, or 0.75 rerolled; a destroyer's
// barrage (9 x2) kills it with 0.36, or 1-0.64^2 rerolled.
func TestTech_AbilityReroll(t *testing.T) {
	for _, reroll := range []bool{false, true} {
		b := Battle{Attacker: side(t, "1 fighter"), Defender: side(t, "1 fighter"), Space: true, NoBarrage: true}
		b.Defender.Planet = side(t, "1 pds").Units
		b.Defender.Tech.AbilityReroll = reroll
		r, err := Solve(b)
		if err != nil {
			t.Fatal(err)
		}
		miss := 0.5
		if reroll {
			miss = 0.25
		}
		if want := miss * 0.5 * (1 - 0.04/0.36); !near(r.AttackerWins, want, 1e-9) {
			t.Fatalf("cannon, reroll %v: attacker wins %.6f, want %.6f", reroll, r.AttackerWins, want)
		}
		b = Battle{Attacker: side(t, "1 destroyer"), Defender: side(t, "1 fighter"), Space: true}
		b.Attacker.Tech.AbilityReroll = reroll
		if r, err = Solve(b); err != nil {
			t.Fatal(err)
		}
		kill := 0.36
		if reroll {
			kill = 1 - 0.64*0.64
		}
		if want := kill + (1-kill)*0.16/0.36; !near(r.AttackerWins, want, 1e-9) {
			t.Fatalf("barrage, reroll %v: attacker wins %.6f, want %.6f", reroll, r.AttackerWins, want)
		}
	}
}
