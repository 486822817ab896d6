package combat

import (
	"fmt"
	"math"
	"testing"
)

// The effects the odds take for leaders and promissory notes used in a
// battle (Tech.Mod, GroundMod, FoeGroundMod, SpaceRoundDie,
// GroundRoundDie, SpaceRoundReroll, BombardShields), figured by hand.

// oneFighterFirstRound is one fighter against one (0.2 a die) when the
// attacker's first round hits with chance p: the rounds after are even.
func oneFighterFirstRound(p float64) [3]float64 {
	stay := (1 - p) * 0.8
	even, both := 0.16/0.36, 0.04/0.36
	return [3]float64{p*0.8 + stay*even, (1-p)*0.2 + stay*even, p*0.2 + stay*both}
}

func outcome(r Result) [3]float64 { return [3]float64{r.AttackerWins, r.DefenderWins, r.BothDestroyed} }

func nearAll(a, b [3]float64) bool {
	return near(a[0], b[0], 1e-9) && near(a[1], b[1], 1e-9) && near(a[2], b[2], 1e-9)
}

// Viscount Unlenn (SpaceRoundDie) and War Funding (SpaceRoundReroll):
// one fighter's first round hits with 1-0.8² either way; later rounds and
// ground combats are plain.
func TestTech_SpaceRoundDieAndReroll_Odds(t *testing.T) {
	want := oneFighterFirstRound(1 - 0.64)
	for _, tech := range []Tech{{SpaceRoundDie: true}, {SpaceRoundReroll: true}} {
		b := Battle{Attacker: side(t, "1 fighter"), Defender: side(t, "1 fighter"), Space: true, NoBarrage: true}
		b.Attacker.Tech = tech
		r, err := Solve(b)
		if err != nil {
			t.Fatal(err)
		}
		if got := outcome(r); !nearAll(got, want) {
			t.Fatalf("%+v: %v, want %v", tech, got, want)
		}
		g := Battle{Attacker: side(t, "1 infantry"), Defender: Side{Planet: side(t, "1 infantry").Units}, Invade: true}
		g.Attacker.Tech = tech
		r, _ = Solve(g)
		if !near(r.AttackerWins, 0.21/0.51, 1e-9) {
			t.Fatalf("%+v acts in a ground combat: %.6f", tech, r.AttackerWins)
		}
	}
}

// Evelyn Delouis (GroundRoundDie): the best ground force rolls one die
// more in the first ground combat round; a mech (6) is picked over an
// infantry (8).
func TestTech_GroundRoundDie_Odds(t *testing.T) {
	b := Battle{Attacker: side(t, "1 infantry"), Defender: Side{Planet: side(t, "1 infantry").Units}, Invade: true}
	b.Attacker.Tech.GroundRoundDie = true
	r, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	p := 1 - 0.49 // two dice at 0.3 in the first round
	stay := (1 - p) * 0.7
	if want := p*0.7 + stay*0.21/0.51; !near(r.AttackerWins, want, 1e-9) {
		t.Fatalf("attacker %.6f, want %.6f", r.AttackerWins, want)
	}
	// Space: plain.
	s := Battle{Attacker: side(t, "1 fighter"), Defender: side(t, "1 fighter"), Space: true}
	s.Attacker.Tech.GroundRoundDie = true
	r, _ = Solve(s)
	if !near(r.AttackerWins, 0.16/0.36, 1e-9) {
		t.Fatalf("acts in space: %.6f", r.AttackerWins)
	}
	// The mech's die: one mech and one infantry against nothing but a
	// first round that decides: compare with the same battle simulated.
	m := Battle{Attacker: side(t, "1 infantry, 1 zs_thunderbolt_m2"), Defender: Side{Planet: side(t, "3 infantry").Units}, Invade: true}
	m.Attacker.Tech.GroundRoundDie = true
	agree(t, m, 20000, 3)
}

// Tekklar Legion: +1 to the holder's ground combat rolls (GroundMod), and
// -1 to the N'orr's against it (FoeGroundMod); neither in space.
func TestTech_GroundMods_Odds(t *testing.T) {
	duel := func(pa, pd float64) float64 { return pa * (1 - pd) / (1 - (1-pa)*(1-pd)) }
	for _, tc := range []struct {
		own, foe Tech
		want     float64
	}{
		{Tech{GroundMod: 1}, Tech{}, duel(0.4, 0.3)},
		{Tech{GroundMod: 1, FoeGroundMod: -1}, Tech{}, duel(0.4, 0.2)},
		{Tech{Mod: 2}, Tech{}, duel(0.5, 0.3)},
		{Tech{}, Tech{GroundMod: 1, FoeGroundMod: -1}, duel(0.2, 0.4)},
	} {
		b := Battle{Attacker: side(t, "1 infantry"), Defender: Side{Planet: side(t, "1 infantry").Units}, Invade: true}
		b.Attacker.Tech, b.Defender.Tech = tc.own, tc.foe
		r, err := Solve(b)
		if err != nil {
			t.Fatal(err)
		}
		if !near(r.AttackerWins, tc.want, 1e-9) {
			t.Fatalf("%+v against %+v: %.6f, want %.6f", tc.own, tc.foe, r.AttackerWins, tc.want)
		}
		sim, _ := Simulate(b, 20000, 5)
		if !near(sim.AttackerWins, tc.want, 0.02) {
			t.Fatalf("%+v simulated: %.4f, want %.4f", tc.own, sim.AttackerWins, tc.want)
		}
	}
	// In space only Mod counts.
	s := Battle{Attacker: side(t, "1 fighter"), Defender: side(t, "1 fighter"), Space: true}
	s.Attacker.Tech = Tech{GroundMod: 1, FoeGroundMod: -1}
	r, _ := Solve(s)
	if !near(r.AttackerWins, 0.16/0.36, 1e-9) {
		t.Fatalf("ground modifiers act in space: %.6f", r.AttackerWins)
	}
	s.Attacker.Tech = Tech{Mod: 2}
	r, _ = Solve(s)
	if want := duel(0.4, 0.2); !near(r.AttackerWins, want, 1e-9) {
		t.Fatalf("Mod in space: %.6f, want %.6f", r.AttackerWins, want)
	}
}

// 2RAM (BombardShields): a PDS's planetary shield does not stop the
// side's bombardment (65), so with no space cannon the PDS changes
// nothing.
func TestTech_BombardShields_Odds(t *testing.T) {
	solve := func(planet string, tech Tech) float64 {
		b := Battle{Attacker: side(t, "2 dreadnought, 2 infantry"), Defender: Side{Planet: side(t, planet).Units}, Invade: true, NoCannon: true}
		b.Attacker.Tech = tech
		r, err := Solve(b)
		if err != nil {
			t.Fatal(err)
		}
		return r.AttackerWins
	}
	open, shielded, rammed := solve("3 infantry", Tech{}), solve("1 pds, 3 infantry", Tech{}), solve("1 pds, 3 infantry", Tech{BombardShields: true})
	if !near(rammed, open, 1e-12) || shielded >= open-0.05 {
		t.Fatalf("no shield %.4f, shielded %.4f, with 2RAM %.4f", open, shielded, rammed)
	}
}

// Tellurian (Cancel): the side's first hit is cancelled. One fighter
// each: a round in which the defender hits first spends it; a round in
// which both hit is the attacker's. A space cannon hit spends it too.
func TestTech_Cancel_Odds(t *testing.T) {
	even := 0.16 / 0.36
	used := [3]float64{even * even, even * even, even * 0.04 / 0.36} // after a hit cancelled: plain
	want := [3]float64{0.2/0.36 + used[0], used[1], used[2]}
	b := Battle{Attacker: side(t, "1 fighter"), Defender: side(t, "1 fighter"), Space: true}
	b.Attacker.Tech.Cancel = 1
	r, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	if got := outcome(r); !nearAll(got, want) {
		t.Fatalf("%v, want %v", got, want)
	}
	b.Defender.Planet = side(t, "1 pds").Units // hits on 6: half the time the cancel goes to it
	r, _ = Solve(b)
	if w := 0.5*even + 0.5*want[0]; !near(r.AttackerWins, w, 1e-9) {
		t.Fatalf("after space cannon: %.6f, want %.6f", r.AttackerWins, w)
	}
	// Barrage's hits are not cancelled: two fighters against a destroyer's
	// barrage lose the same fighters with it or without it, and the
	// cancel is left for the combat.
	c := Battle{Attacker: side(t, "2 fighter"), Defender: side(t, "1 destroyer"), Space: true}
	c.Attacker.Tech.Cancel = 1
	agree(t, c, 20000, 21)
}

// Ul the Progenitor (PlanetCannon): the planet fires 3 dice on 5 in space
// cannon offense, and in defense for its defender; an attacker's planet
// fires in offense only.
func TestTech_PlanetCannon_Odds(t *testing.T) {
	miss := 0.4 * 0.4 * 0.4
	b := Battle{Attacker: side(t, "1 fighter"), Defender: side(t, "1 fighter"), Space: true}
	b.Defender.Tech.PlanetCannon = Roll{Hit: 5, Dice: 3}
	r, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	if w := miss * 0.16 / 0.36; !near(r.AttackerWins, w, 1e-9) {
		t.Fatalf("offense: %.6f, want %.6f", r.AttackerWins, w)
	}
	g := Battle{Attacker: side(t, "1 infantry"), Defender: Side{Planet: side(t, "1 infantry").Units}, Invade: true}
	g.Defender.Tech.PlanetCannon = Roll{Hit: 5, Dice: 3}
	r, _ = Solve(g)
	if w := miss * 0.21 / 0.51; !near(r.AttackerWins, w, 1e-9) {
		t.Fatalf("defense: %.6f, want %.6f", r.AttackerWins, w)
	}
	g.Attacker.Tech.PlanetCannon, g.Defender.Tech.PlanetCannon = Roll{Hit: 5, Dice: 3}, Roll{}
	r, _ = Solve(g)
	if w := 0.21 / 0.51; !near(r.AttackerWins, w, 1e-9) {
		t.Fatalf("the attacker's planet fired in defense: %.6f, want %.6f", r.AttackerWins, w)
	}
}

// The new effects together, exact against simulated.
func TestTech_LeadersExactAgreesWithSimulation(t *testing.T) {
	for i, c := range []spec{
		{atk: "2 dreadnought, 2 cruiser", def: "2 dreadnought, 3 cruiser", space: true, techA: Tech{SpaceRoundDie: true, SpaceRoundReroll: true}, techD: Tech{Mod: 2}},
		{atk: "2 carrier, 4 infantry, 1 zs_thunderbolt_m2", def: "1 destroyer", planet: "1 pds, 4 infantry", space: true, invade: true,
			techA: Tech{SpaceRoundDie: true, GroundRoundDie: true, GroundMod: 1, FoeGroundMod: -1, BombardShields: true}, techD: Tech{GroundRoundDie: true}},
		{atk: "1 dreadnought, 3 infantry", planet: "1 pds, 3 infantry", invade: true, modD: 1, techA: Tech{BombardShields: true, FoeGroundMod: -1}, techD: Tech{SpaceRoundReroll: true}},
		// A cancel left after the space combat serves in the invasion; the
		// defender's, spent on its ships, does not.
		{atk: "1 dreadnought, 1 carrier, 4 infantry", def: "1 cruiser, 1 destroyer", planet: "3 infantry", space: true, invade: true, techA: Tech{Cancel: 1}, techD: Tech{Cancel: 1, PlanetCannon: Roll{Hit: 5, Dice: 3}}},
		{atk: "2 carrier, 5 infantry", def: "2 fighter", planet: "4 infantry, 1 pds", space: true, invade: true, techA: Tech{Cancel: 1, GroundRoundDie: true}, techD: Tech{Cancel: 1}, policy: SustainLast},
		{atk: "1 carrier, 3 infantry", planet: "3 infantry", invade: true, techD: Tech{Cancel: 1, PlanetCannon: Roll{Hit: 5, Dice: 3}}, techA: Tech{Cancel: 2}},
		// A defender whose fighters all fall to barrage keeps its cancel for
		// the invasion; Non-Euclidean Shielding's 2 hits are not the cancel's.
		{atk: "4 destroyer, 1 carrier, 4 infantry", def: "1 fighter", planet: "2 infantry", space: true, invade: true, techD: Tech{Cancel: 1}},
		{atk: "2 dreadnought, 1 cruiser", def: "1 dreadnought, 2 cruiser", space: true, techA: Tech{Cancel: 1, Shielding: true}, techD: Tech{Cancel: 1, Shielding: true}, policy: SustainLast},
	} {
		t.Run(fmt.Sprint(i), func(t *testing.T) { agree(t, c.battle(t), 20000, uint64(i)+11) })
	}
}

// agree checks exact against n simulated battles within five standard
// errors.
func agree(t *testing.T, b Battle, n int, seed uint64) {
	t.Helper()
	ex, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	sim, err := Simulate(b, n, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range outcome(ex) {
		p, s := e, outcome(sim)[i]
		se := 5*math.Sqrt(p*(1-p)/float64(n)) + 1e-4
		if p-s > se || s-p > se {
			t.Fatalf("outcome %d: exact %.4f, simulated %.4f", i, p, s)
		}
	}
}

// Strike Wing Ambuscade (AbilityDieOnce) goes to the side's first unit
// ability roll: space cannon offense, then anti-fighter barrage (against
// fighters), then bombardment, then space cannon defense.
func TestTech_AbilityDieOnce_FirstRoll(t *testing.T) {
	for _, tc := range []struct {
		name                string
		atk, def, planet    string
		space, invade       bool
		wantAtk, wantDef    int
		noCannon, noBarrage bool
	}{
		{"barrage, then nothing", "2 destroyer, 1 carrier, 2 fighter", "1 carrier, 6 fighter", "", true, false, atBarrage, 0, false, false},
		{"no fighters to barrage: bombardment", "1 destroyer, 1 dreadnought, 2 infantry", "1 carrier", "2 infantry", true, true, atBombard, 0, false, false},
		{"the defender's PDS fire first", "1 destroyer, 1 dreadnought, 2 infantry", "1 carrier, 2 fighter", "1 pds, 2 infantry", true, true, atBarrage, atOffense, false, false},
		{"a shield stops the bombardment", "1 dreadnought, 2 infantry", "", "1 pds, 2 infantry", false, true, 0, atDefense, false, false},
		{"without space cannon", "1 dreadnought, 2 infantry", "", "1 pds, 2 infantry", false, true, 0, 0, true, false},
		{"without barrage", "2 destroyer, 1 carrier", "1 carrier, 6 fighter", "", true, false, 0, 0, false, true},
	} {
		b := Battle{Attacker: side(t, tc.atk), Defender: side(t, tc.def), Space: tc.space, Invade: tc.invade, NoCannon: tc.noCannon, NoBarrage: tc.noBarrage}
		b.Defender.Planet = side(t, tc.planet).Units
		b.Attacker.Tech.AbilityDieOnce, b.Defender.Tech.AbilityDieOnce = true, true
		s := b.settled()
		if s.Attacker.onceAt != tc.wantAtk || s.Defender.onceAt != tc.wantDef {
			t.Errorf("%s: attacker %d, defender %d; want %d, %d", tc.name, s.Attacker.onceAt, s.Defender.onceAt, tc.wantAtk, tc.wantDef)
		}
	}
	// The die in space cannon offense: a PDS (6) rolls 2 dice, and the
	// fighter lives through both missing.
	b := Battle{Attacker: side(t, "1 fighter"), Defender: side(t, "1 fighter"), Space: true}
	b.Defender.Planet = side(t, "1 pds").Units
	b.Defender.Tech.AbilityDieOnce = true
	r, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	if w := 0.25 * 0.16 / 0.36; !near(r.AttackerWins, w, 1e-9) {
		t.Fatalf("%.6f, want %.6f", r.AttackerWins, w)
	}
	// Once: a barrage with it, a bombardment without, exact as simulated.
	c := Battle{Attacker: side(t, "2 destroyer, 2 dreadnought, 1 carrier, 3 infantry"), Defender: side(t, "1 carrier, 4 fighter"), Space: true, Invade: true}
	c.Defender.Planet = side(t, "3 infantry").Units
	c.Attacker.Tech.AbilityDieOnce = true
	agree(t, c, 20000, 31)
}

// The Cavalry (LentCombat, LentAFB): the ship with the worst combat roll,
// the cheapest of those, fights the space combat as the lender's flagship
// would; a lone destroyer lent Memoria's values fights as Memoria.
func TestTech_Lent_Odds(t *testing.T) {
	memoria := Tech{LentCombat: Roll{Hit: 7, Dice: 2}, LentAFB: Roll{Hit: 8, Dice: 3}}
	lent := Battle{Attacker: side(t, "1 destroyer"), Defender: side(t, "1 cruiser, 2 fighter"), Space: true}
	lent.Attacker.Tech = memoria
	flagship := Battle{Attacker: side(t, "1 memoria"), Defender: side(t, "1 cruiser, 2 fighter"), Space: true}
	a, err := Solve(lent)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Solve(flagship)
	if !nearAll(outcome(a), outcome(b)) {
		t.Fatalf("lent %v, Memoria %v", outcome(a), outcome(b))
	}
	for _, tc := range []struct{ units, want string }{
		{"2 dreadnought, 1 carrier, 2 destroyer, 3 fighter", "destroyer"}, // 9s: the destroyer costs less than the carrier
		{"1 dreadnought, 1 cruiser", "cruiser"},
		{"3 fighter", ""},
	} {
		got := ""
		for _, g := range lend(side(t, tc.units).Units, memoria) {
			if g.Profile.Combat == memoria.LentCombat && g.Profile.Sustain {
				got = g.Profile.Type
			}
		}
		if got != tc.want {
			t.Errorf("%s: lent to %q, want %q", tc.units, got, tc.want)
		}
	}
	// Not on the planet: an invasion alone is as without it.
	g := Battle{Attacker: side(t, "1 destroyer, 2 infantry"), Defender: Side{Planet: side(t, "2 infantry").Units}, Invade: true}
	plain, _ := Solve(g)
	g.Attacker.Tech = memoria
	with, _ := Solve(g)
	if !nearAll(outcome(plain), outcome(with)) {
		t.Fatalf("the invasion changed: %v, %v", outcome(plain), outcome(with))
	}
	c := Battle{Attacker: side(t, "2 destroyer, 1 carrier, 3 infantry"), Defender: side(t, "1 cruiser, 3 fighter"), Space: true, Invade: true}
	c.Defender.Planet = side(t, "2 infantry").Units
	c.Attacker.Tech = memoria
	agree(t, c, 20000, 41)
}

// simulated is the outcome of n simulated battles, checked against want
// within five standard errors.
func simulated(t *testing.T, b Battle, want [3]float64, n int, seed uint64) Result {
	t.Helper()
	if _, err := Solve(b); err == nil {
		t.Fatal("solved exactly: units placed mid-battle are the simulation's")
	}
	r, err := Simulate(b, n, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range outcome(r) {
		se := math.Sqrt(want[i]*(1-want[i])/float64(n)) + 1e-4
		if math.Abs(p-want[i]) > 5*se {
			t.Fatalf("outcome %d: simulated %.4f, want %.4f\n%+v", i, p, want[i], r)
		}
	}
	return r
}

// Brother Milor Ω (Milor): the first of the side's units destroyed brings
// 2 fighters (a ship) or 2 infantry (a ground force), once. One unit each
// hitting with p: a round in which the side's unit alone is destroyed
// leads to 2 against 1 without the agent; one in which both are destroyed
// is the side's, whose units are placed.
func TestTech_Milor_Odds(t *testing.T) {
	then := func(p float64, rest Result) [3]float64 {
		lone, both, last := p*(1-p), p*p, 1-(1-p)*(1-p)
		return [3]float64{(lone+both)/last + lone/last*rest.AttackerWins, lone / last * rest.DefenderWins, lone / last * rest.BothDestroyed}
	}
	plain := func(atk, def string, ground bool) Result {
		b := Battle{Attacker: side(t, atk), Defender: side(t, def), Space: true}
		if ground {
			b = Battle{Attacker: side(t, atk), Defender: Side{Planet: side(t, def).Units}, Invade: true}
		}
		r, err := Solve(b)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	b := Battle{Attacker: side(t, "1 fighter"), Defender: side(t, "1 fighter"), Space: true}
	b.Attacker.Tech.Milor = true
	simulated(t, b, then(0.2, plain("2 fighter", "1 fighter", false)), 40000, 51)
	g := Battle{Attacker: side(t, "1 infantry"), Defender: Side{Planet: side(t, "1 infantry").Units}, Invade: true}
	g.Attacker.Tech.Milor = true
	simulated(t, g, then(0.3, plain("2 infantry", "1 infantry", true)), 40000, 52)
	// As printed: a cruiser brings 2 fighters; a fighter nothing.
	c := Battle{Attacker: side(t, "1 cruiser"), Defender: side(t, "1 cruiser"), Space: true}
	c.Attacker.Tech.MilorPrinted = true
	simulated(t, c, then(0.4, plain("2 fighter", "1 cruiser", false)), 40000, 53)
	b.Attacker.Tech = Tech{MilorPrinted: true}
	simulated(t, b, outcome(plain("1 fighter", "1 fighter", false)), 40000, 54)
}

// Ipswitch: each of the opponent's ships destroyed in the space combat
// brings the side a ship of its type, which fights on, as play has it from
// rules version 12. Fighters each side, by hand: the attacker's fighters
// grow by those it destroys.
func TestTech_Ipswitch_Odds(t *testing.T) {
	b := Battle{Attacker: side(t, "1 fighter"), Defender: side(t, "3 fighter"), Space: true}
	b.Attacker.Tech.Ipswitch = true
	simulated(t, b, fighterLoot(1, 3), 40000, 61)
	// A round that destroys both sides' last ships is the attacker's: it
	// has the fighter placed; and it has one for each win.
	d := Battle{Attacker: side(t, "1 dreadnought"), Defender: side(t, "1 fighter"), Space: true}
	d.Attacker.Tech.Ipswitch = true
	p := outcome(mustSolve(t, Battle{Attacker: side(t, "1 dreadnought"), Defender: side(t, "1 fighter"), Space: true}))
	r := simulated(t, d, [3]float64{p[0] + p[2], p[1], 0}, 20000, 62)
	if got, want := r.Stages[0].AttackerExpected["fighter"], r.AttackerWins; !near(got, want, 1e-9) {
		t.Fatalf("a fighter for each destroyed: %.4f fighters, %.4f", got, want)
	}
	// None for those the space cannon destroys before the combat.
	d.Attacker.Tech.PlanetCannon = Roll{Hit: 1, Dice: 1}
	r = simulated(t, d, [3]float64{1, 0, 0}, 1000, 63)
	if got := r.Stages[0].AttackerExpected["fighter"]; got != 0 {
		t.Fatalf("fighters taken from the space cannon's: %.4f", got)
	}
}

// fighterLoot is the outcome of a fighters against d fighters (0.2 a
// die) when each of the defender's fighters destroyed gives the attacker
// one, placed after the round's hits.
func fighterLoot(a, d int) [3]float64 {
	type key struct{ a, d int }
	memo := map[key][3]float64{}
	var f func(a, d int) [3]float64
	f = func(a, d int) [3]float64 {
		switch {
		case a == 0 && d == 0:
			return [3]float64{0, 0, 1}
		case d == 0:
			return [3]float64{1, 0, 0}
		case a == 0:
			return [3]float64{0, 1, 0}
		}
		if v, ok := memo[key{a, d}]; ok {
			return v
		}
		var out [3]float64
		pa, pd := hitDist(fives(a)), hitDist(fives(d))
		stay := pa[0] * pd[0]
		for ha, x := range pa {
			for hd, y := range pd {
				if ha == 0 && hd == 0 {
					continue
				}
				r := f(max(a-hd, 0)+min(ha, d), max(d-ha, 0))
				for i := range out {
					out[i] += x * y / (1 - stay) * r[i]
				}
			}
		}
		memo[key{a, d}] = out
		return out
	}
	return f(a, d)
}

// fives is n dice that hit with chance 0.2.
func fives(n int) []float64 {
	ps := make([]float64, n)
	for i := range ps {
		ps[i] = 0.2
	}
	return ps
}

func mustSolve(t *testing.T, b Battle) Result {
	t.Helper()
	r, err := Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Claire Gibson (StartInfantry): the defender places an infantry at the
// start of the ground combat, after the bombardment; with none left to
// fight there is no ground combat and none is placed.
func TestTech_StartInfantry_Odds(t *testing.T) {
	vs := func(planet string) Result {
		return mustSolve(t, Battle{Attacker: side(t, "1 infantry"), Defender: Side{Planet: side(t, planet).Units}, Invade: true})
	}
	b := Battle{Attacker: side(t, "1 infantry"), Defender: Side{Planet: side(t, "1 infantry").Units}, Invade: true}
	b.Defender.Tech.StartInfantry = 1
	simulated(t, b, outcome(vs("2 infantry")), 40000, 71)
	two := vs("2 infantry")
	c := Battle{Attacker: side(t, "1 dreadnought, 1 infantry"), Defender: Side{Planet: side(t, "1 infantry").Units}, Invade: true}
	c.Defender.Tech.StartInfantry = 1
	simulated(t, c, [3]float64{0.6 + 0.4*two.AttackerWins, 0.4 * two.DefenderWins, 0.4 * two.BothDestroyed}, 40000, 72)
	// The attacker's does nothing: it holds no planet there.
	c.Defender.Tech = Tech{}
	plain := mustSolve(t, c)
	c.Attacker.Tech = Tech{StartInfantry: 1}
	if r, err := Solve(c); err != nil || !nearAll(outcome(r), outcome(plain)) {
		t.Fatalf("the attacker's: %v, %v; want %v", outcome(r), err, outcome(plain))
	}
}

// Hits that are not hits are not cancelled, and units placed after
// barrage's losses fight on: the cases a review found.
func TestTech_CancelAndSparesAfterBarrage(t *testing.T) {
	// Barrage's hits are not cancelled: the defender's fighter falls with
	// 1-0.8², the cancel left for the combat.
	with := func(noBarrage bool) Result {
		b := Battle{Attacker: side(t, "1 destroyer"), Defender: side(t, "1 fighter"), Space: true, NoBarrage: noBarrage}
		b.Defender.Tech.Cancel = 1
		return mustSolve(t, b)
	}
	if got, want := with(false).AttackerWins, 0.36+0.64*with(true).AttackerWins; !near(got, want, 1e-9) {
		t.Fatalf("barrage and a cancel: %.6f, want %.6f", got, want)
	}
	// Assault Cannon destroys a ship: no hit to cancel.
	a := Battle{Attacker: side(t, "3 destroyer"), Defender: side(t, "1 dreadnought, 1 cruiser"), Space: true, NoBarrage: true}
	a.Attacker.Tech.Assault, a.Defender.Tech.Cancel = true, 1
	left := Battle{Attacker: side(t, "3 destroyer"), Defender: side(t, "1 dreadnought"), Space: true, NoBarrage: true}
	left.Defender.Tech.Cancel = 1
	simulated(t, a, outcome(mustSolve(t, left)), 40000, 81)
	// Brother Milor's fighters after the barrage took the last fighter.
	m := Battle{Attacker: side(t, "1 destroyer"), Defender: side(t, "1 fighter"), Space: true}
	m.Defender.Tech.Milor = true
	if r, _ := Simulate(m, 20000, 82); r.DefenderWins < 0.85 {
		t.Fatalf("the fighters placed after the barrage did not fight: the defender wins %.4f", r.DefenderWins)
	}
	// Spares give no ships to a side with none: its cancel is not spent on
	// space cannon at nothing.
	i := Battle{Attacker: side(t, "1 carrier, 2 infantry"), Defender: Side{Planet: side(t, "2 infantry").Units}, Space: true, Invade: true}
	i.Attacker.Tech.PlanetCannon, i.Defender.Tech.Cancel = Roll{Hit: 1, Dice: 1}, 1
	plain := mustSolve(t, i)
	i.Defender.Tech.Ipswitch = true
	simulated(t, i, outcome(plain), 40000, 83)
}
