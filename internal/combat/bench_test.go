package combat

import (
	"fmt"
	"testing"
)

// Battles from small to huge. The last is the largest space battle the
// components allow on both sides at once.
var benchBattles = []spec{
	{atk: "1 fighter", def: "1 fighter", space: true},
	{atk: "2 cruiser, 2 fighter", def: "1 destroyer, 3 fighter", space: true},
	{atk: "2 dreadnought, 1 carrier, 4 fighter", def: "3 cruiser, 2 destroyer, 4 fighter", space: true},
	{atk: "1 war_sun, 3 dreadnought2, 6 fighter2, 2 destroyer2", def: "4 dreadnought, 2 carrier, 8 fighter, 2 destroyer", planet: "2 pds", space: true},
	{atk: "2 war_sun, 5 dreadnought, 10 fighter", def: "2 war_sun, 5 dreadnought, 10 fighter", space: true},
	{atk: "2 carrier, 1 dreadnought, 6 infantry2", def: "1 carrier, 2 fighter", planet: "1 pds, 4 infantry, 1 zs_thunderbolt_m2", space: true, invade: true},
}

func BenchmarkExact(b *testing.B) {
	for i, c := range benchBattles {
		bt := c.battle(b)
		b.Run(fmt.Sprintf("%d", i), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Solve(bt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSimulate100k(b *testing.B) {
	for i, c := range benchBattles {
		bt := c.battle(b)
		b.Run(fmt.Sprintf("%d", i), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Simulate(bt, 100000, 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
