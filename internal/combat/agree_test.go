package combat

import (
	"fmt"
	"math"
	"testing"
)

type spec struct {
	atk, def, planet string
	space, invade    bool
	modA, modD       int
	rerollA          bool
	policy           Policy
	noCannon         bool
	techA, techD     Tech
}

func (c spec) battle(t testing.TB) Battle {
	b := Battle{Attacker: side(t, c.atk), Defender: side(t, c.def), Space: c.space, Invade: c.invade, NoCannon: c.noCannon}
	if c.planet != "" {
		g, err := ParseUnits(c.planet)
		if err != nil {
			t.Fatal(err)
		}
		b.Defender.Planet = g
	}
	b.Attacker.Mod, b.Defender.Mod, b.Attacker.Reroll = c.modA, c.modD, c.rerollA
	b.Attacker.Policy, b.Defender.Policy = c.policy, c.policy
	b.Attacker.Tech, b.Defender.Tech = c.techA, c.techD
	return b
}

// Thirty varied battles, exact against 20,000 simulated: every outcome
// probability agrees within five standard errors (a false alarm in 30 x 3
// checks is about one in twenty thousand).
var battles = []spec{
	{atk: "1 fighter", def: "1 fighter", space: true},
	{atk: "2 cruiser", def: "1 destroyer, 2 fighter", space: true},
	{atk: "1 dreadnought", def: "3 fighter", space: true},
	{atk: "2 dreadnought, 2 fighter", def: "1 carrier, 4 fighter", space: true},
	{atk: "1 war_sun", def: "2 dreadnought", space: true},
	{atk: "2 destroyer2", def: "6 fighter", space: true},
	{atk: "3 cruiser2", def: "2 cruiser, 1 dreadnought", space: true},
	{atk: "1 arc_secundus", def: "2 dreadnought", space: true},
	{atk: "2 carrier2, 4 fighter2", def: "2 destroyer, 3 fighter", space: true},
	{atk: "1 dreadnought2, 2 destroyer", def: "1 dreadnought, 3 fighter", space: true, modA: 1},
	{atk: "2 cruiser", def: "2 cruiser", space: true, modD: 1},
	{atk: "3 fighter2", def: "2 destroyer", space: true, rerollA: true},
	{atk: "2 dreadnought, 1 carrier", def: "2 dreadnought", space: true, policy: SustainLast},
	{atk: "1 war_sun, 2 fighter", def: "3 cruiser, 2 fighter", space: true, policy: SustainLast},
	{atk: "2 carrier, 1 dreadnought", def: "1 carrier", planet: "2 pds", space: true},
	{atk: "2 dreadnought2", def: "1 destroyer", planet: "1 pds2", space: true},
	{atk: "4 infantry", def: "", planet: "2 infantry", invade: true},
	{atk: "3 infantry2", def: "", planet: "3 infantry", invade: true},
	{atk: "2 infantry, 1 zs_thunderbolt_m2", def: "", planet: "3 infantry", invade: true},
	{atk: "1 dreadnought, 3 infantry", def: "", planet: "3 infantry", invade: true},
	{atk: "1 dreadnought, 3 infantry", def: "", planet: "1 pds, 3 infantry", invade: true},
	{atk: "1 war_sun, 2 infantry", def: "", planet: "1 pds, 2 infantry, 1 zs_thunderbolt_m2", invade: true},
	{atk: "2 infantry", def: "", planet: "1 zs_thunderbolt_m2", invade: true, modA: 1},
	{atk: "5 infantry", def: "", planet: "4 infantry", invade: true, modD: 1, noCannon: true},
	{atk: "2 carrier, 4 infantry", def: "1 cruiser", planet: "2 infantry", space: true, invade: true},
	{atk: "1 dreadnought, 1 carrier, 3 infantry", def: "2 fighter", planet: "1 pds, 2 infantry", space: true, invade: true},
	{atk: "1 war_sun, 1 carrier, 4 infantry2", def: "1 dreadnought, 2 fighter", planet: "3 infantry, 1 pds", space: true, invade: true},
	{atk: "2 cruiser, 1 carrier, 2 infantry, 2 fighter", def: "1 destroyer", planet: "1 infantry", space: true, invade: true},
	{atk: "3 dreadnought, 6 fighter2", def: "2 war_sun", space: true},
	{atk: "1 carrier, 2 infantry", def: "", planet: "1 infantry", space: true, invade: true},
	// Technologies the exact solver models.
	{atk: "2 dreadnought, 1 carrier, 2 infantry", def: "1 cruiser", planet: "2 pds, 3 infantry", space: true, invade: true, techA: Tech{Plasma: true, X89: true}, techD: Tech{Plasma: true}},
	{atk: "2 cruiser, 2 fighter", def: "1 destroyer", planet: "2 pds", space: true, techA: Tech{Antimass: true}, techD: Tech{Plasma: true}},
	{atk: "2 dreadnought, 1 carrier", def: "4 cruiser, 2 fighter", space: true, techA: Tech{Shielding: true}},
	{atk: "1 dreadnought, 4 infantry", def: "", planet: "2 infantry, 1 zs_thunderbolt_m2", invade: true, techD: Tech{Shielding: true}, policy: SustainLast},
	{atk: "2 carrier, 5 infantry", def: "1 destroyer", planet: "4 infantry, 1 pds", space: true, invade: true, techA: Tech{Valkyrie: true}, techD: Tech{Valkyrie: true}},
	{atk: "1 dreadnought, 1 carrier, 3 infantry", def: "", planet: "5 infantry, 1 pds", invade: true, techA: Tech{X89Double: true}, techD: Tech{X89Double: true, Valkyrie: true}},
	{atk: "2 destroyer2, 1 dreadnought, 2 infantry", def: "6 fighter", planet: "1 pds, 2 infantry", space: true, invade: true, techA: Tech{AbilityDie: true}, techD: Tech{AbilityDie: true}},
	{atk: "2 destroyer, 2 dreadnought, 3 infantry", def: "4 fighter", planet: "2 pds, 2 infantry", space: true, invade: true, techA: Tech{AbilityReroll: true, AbilityDie: true}, techD: Tech{AbilityReroll: true}},
}

func TestExactAgreesWithSimulation(t *testing.T) {
	if len(battles) < 30 {
		t.Fatalf("only %d battles", len(battles))
	}
	const n = 20000
	for i, c := range battles {
		t.Run(fmt.Sprintf("%02d %s vs %s|%s", i, c.atk, c.def, c.planet), func(t *testing.T) {
			b := c.battle(t)
			ex, err := Solve(b)
			if err != nil {
				t.Fatal(err)
			}
			sim, err := Simulate(b, n, uint64(i)+1)
			if err != nil {
				t.Fatal(err)
			}
			for _, pair := range [][2]float64{{ex.AttackerWins, sim.AttackerWins}, {ex.DefenderWins, sim.DefenderWins}, {ex.BothDestroyed, sim.BothDestroyed}} {
				p := pair[0]
				se := math.Sqrt(p*(1-p)/n) + 1e-4
				if math.Abs(pair[0]-pair[1]) > 5*se {
					t.Fatalf("exact %.4f, simulated %.4f (5 se = %.4f)\nexact %+v\nsim %+v", pair[0], pair[1], 5*se, ex, sim)
				}
			}
		})
	}
}
