package ti4

import (
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/ti4/galaxy"
)

const (
	sixStandard = "26 19 20 21 22 23 24 25 36 35 34 33 32 31 30 29 28 27 0 37 38 0 41 42 0 43 44 0 45 39 0 47 48 0 50 40"
	fiveLanes   = "19 20 21 85A 22 23 24 25 26 27 28 88A 29 87A 30 31 32 33 0 34 35 0 36 37 0 38 83A 86A 84A3 39 0 40 41 0 42 43"
)

// Every class of real map string a peer's map collection uses is read, and
// a game starts on it: the map is data a player pastes, refused only where
// no board can be built, with a warning where it departs from the setups.
func TestRealMapStringClasses(t *testing.T) {
	tests := []struct {
		name    string
		players int
		ms      string
		warn    string // a warning that must be given, or ""
		check   func(t *testing.T, m *galaxy.Map)
	}{
		{"Mecatol Rex moved off the centre", 6, "{26} 18" + strings.TrimPrefix(sixStandard, "26"), "Mecatol Rex is at position 1",
			func(t *testing.T, m *galaxy.Map) {
				if m.Find("18") != 1 || m.Slots[0].Tile == nil || m.Slots[0].Tile.ID != "26" {
					t.Fatal("Mecatol Rex at 1 and tile 26 at the centre")
				}
			}},
		{"Mecatol Rex elsewhere, nothing at the centre", 6, strings.Replace(sixStandard, "27", "18", 1), "Mecatol Rex is at position 18",
			func(t *testing.T, m *galaxy.Map) {
				if m.Slots[0].Tile != nil {
					t.Fatal("the centre is empty")
				}
			}},
		{"a chaos count of systems", 6, strings.Replace(sixStandard, "50", "-1", 1), "29 systems", nil},
		{"a hyperlane tile twice", 5, strings.Replace(fiveLanes, "86A", "85A", 1), "",
			func(t *testing.T, m *galaxy.Map) {
				if m.Find("85A") < 0 {
					t.Fatal("85A is on the board")
				}
			}},
		{"homes implied by the standard layout", 0, strings.ReplaceAll(sixStandard, " 0 ", " -1 "), "",
			func(t *testing.T, m *galaxy.Map) {
				if m.Players != 6 || len(m.Homes()) != 6 || m.Homes()[0] != 19 {
					t.Fatalf("%d players, homes %v", m.Players, m.Homes())
				}
			}},
		{"homes in a ring the string leaves out", 6, strings.Join(strings.Fields(sixStandard)[:18], " "), "systems",
			func(t *testing.T, m *galaxy.Map) {
				if len(m.Homes()) != 6 || m.Homes()[5] != 34 {
					t.Fatalf("homes %v", m.Homes())
				}
			}},
		{"the wormhole nexus without its side", 6, strings.Replace(sixStandard, "50", "82", 1), "",
			func(t *testing.T, m *galaxy.Map) {
				if m.Find(galaxy.NexusInactive) < 0 {
					t.Fatal("82 is the nexus, inactive side up")
				}
			}},
		{"a string that begins with -1", 6, "-1" + strings.TrimPrefix(sixStandard, "26"), "29 systems", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := galaxy.Parse(tc.ms, tc.players)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			w := strings.Join(m.Warnings(), "; ")
			if tc.warn != "" && !strings.Contains(w, tc.warn) {
				t.Errorf("warnings %q, want %q", w, tc.warn)
			}
			if tc.check != nil {
				tc.check(t, m)
			}
			g, err := NewGame(Config{Players: m.Players, Seed: 3, Map: tc.ms})
			if err != nil {
				t.Fatalf("no game starts on it: %v", err)
			}
			if err := g.State().Validate(); err != nil {
				t.Fatal(err)
			}
			again, err := galaxy.Parse(m.String(), m.Players)
			if err != nil || again.String() != m.String() {
				t.Fatalf("the written string does not read back: %v\n%s\n%s", err, m.String(), again)
			}
		})
	}
}
