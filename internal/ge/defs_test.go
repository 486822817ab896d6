package ge

import (
	"testing"

	"github.com/mecatol/mecatol/internal/ge/cards"
)

// TestEveryStarterCardIsDefined keeps every card of the two starter decks
// defined: a game can deal no card that plays as nothing.
func TestEveryStarterCardIsDefined(t *testing.T) {
	set := cards.Starters()
	for _, c := range set.Cards {
		if Lookup(c.ID) == nil {
			t.Errorf("%s is not defined", c.ID)
		}
	}
	if got, want := len(defined()), len(set.Cards); got != want {
		t.Errorf("%d definitions for %d cards", got, want)
	}
}

// TestPrintedNumbersOverTheData pins where a definition follows the
// printed card over the Museum's numbers (docs/ge-cards.md).
func TestPrintedNumbersOverTheData(t *testing.T) {
	cases := []struct {
		id    string
		check func(d *Def) bool
	}{
		{"corporate_light_cruiser", func(d *Def) bool { return d.Heavy == 0 && d.Plasma == 3 }},
		{"corporate_frigate", func(d *Def) bool { return d.Heavy == 0 && d.Plasma == 2 }},
		{"fleet_freighter_left", func(d *Def) bool { return d.Output.zero() && d.TerrainMod[Economy] == 2 }},
		{"mercenary", func(d *Def) bool { return d.Cost[Economy] == 1 }},
		{"engine_synchronization", func(d *Def) bool { return d.Output.zero() && d.HostCost[Energy] == -1 }},
		{"siobhan_7", func(d *Def) bool { return d.Terrain == "planet" }},
		{"indirigan_nomads_frigate", func(d *Def) bool { return d.Empire == "Indirigan" }},
		{"technician", func(d *Def) bool { return d.Output.zero() && d.Modes == 3 }},
		{"pulsar", func(d *Def) bool { return d.Duration == 3 }},
	}
	for _, c := range cases {
		if !c.check(Lookup(c.id)) {
			t.Errorf("%s: definition does not follow the printed card", c.id)
		}
	}
}
