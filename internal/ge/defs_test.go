package ge

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

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

// TestEveryAbilityHasATest keeps a TestCard_ test for each card that does
// more than its numbers, named for the card or for the family it shares
// its ability with.
func TestEveryAbilityHasATest(t *testing.T) {
	src := ""
	files, _ := filepath.Glob("*_test.go")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src += string(b)
	}
	for _, id := range defined() {
		d := Lookup(id)
		if plain(d) {
			continue
		}
		name := testName(d)
		if !strings.Contains(src, "func TestCard_"+name) {
			t.Errorf("%s: no TestCard_%s", id, name)
		}
	}
}

// plain reports whether a definition is only its printed numbers.
func plain(d *Def) bool {
	return d.Act == nil && d.Reacts == nil && d.Where == nil && d.Enter == nil && d.EachTurn == nil &&
		d.OutputFn == nil && d.ModeOutput == nil && d.Duration == 0 && d.Plasma == 0 && d.Nodes == 0 &&
		d.HostCost.zero() && d.TerrainMod.zero() && d.HostStrength == 0 && d.HostPhasers == 0 &&
		d.HostNodes == 0 && d.DamagedFire == 0 && !d.Stops && !d.Jams && !d.Shelters && !d.NoHQGuard &&
		!d.SoaksPhasers && d.Guards == 0 && !d.FirstFree && !d.Absorbs && !d.Pod && d.Volley == 0 &&
		!d.Multiply && !d.Doubles && !d.Rearms && !d.Carries && !d.Cures && d.NeedsResearch == 0 &&
		d.NeedsRepair == 0 && d.PlayBonus == 0 && d.HazardLess == 0 && d.Bars == 0 && d.Carry == "" &&
		!d.Fleet && !d.Peeks && d.Exclusive == "" && (d.Output.zero() || d.Kind == "terrain")
}

// testName is the card's name run together, or its family's.
func testName(d *Def) string {
	switch {
	case d.Reacts != nil && d.Kind == "ship":
		return "Escorts"
	case d.Carry != "" || d.Capsule != "":
		return "KrebizCapsules"
	case d.Plasma > 0:
		return "CorporatePlasma"
	case d.Nodes > 0 && d.Kind == "ship":
		return "MechadEMF"
	case d.DamagedFire > 0:
		return "DefensiveSatellites"
	case d.Carries && d.OneShot:
		return "Shuttlecraft"
	case d.Output[Research] > 0 && d.Kind == "equipment":
		return "ProbeAndLaboratory"
	}
	var b strings.Builder
	for _, r := range d.Name {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
