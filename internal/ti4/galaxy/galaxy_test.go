package galaxy

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
)

// A six-player map: homes (0) at 19, 22, 25, 28, 31, 34; Lodor (26, alpha)
// at 1, tile 39 (alpha) at 30, Quann (25, beta) at 8, tile 40 (beta) at 36.
const sixPlayer = "26 19 20 21 22 23 " +
	"24 25 36 35 34 33 32 31 30 29 28 27 " +
	"0 37 38 0 41 42 0 43 44 0 45 39 0 47 48 0 50 40"

func parse(t *testing.T, s string, players int) *Map {
	t.Helper()
	m, err := Parse(s, players)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestParseSixPlayer(t *testing.T) {
	m := parse(t, sixPlayer, 0)
	if m.Players != 6 {
		t.Fatalf("players %d", m.Players)
	}
	if got := m.Homes(); len(got) != 6 || got[0] != 19 || got[5] != 34 {
		t.Fatalf("homes %v", got)
	}
	if m.Slots[0].Tile.ID != "18" {
		t.Fatal("Mecatol Rex is implied at the centre")
	}
	if w := m.Warnings(); len(w) != 0 {
		t.Fatal(w)
	}
	if m.String() != sixPlayer {
		t.Fatalf("round trip:\n%s\n%s", m.String(), sixPlayer)
	}
	// A leading 18 and a {18} centre are read the same way.
	for _, alt := range []string{"18 " + sixPlayer, "{18} " + sixPlayer, strings.ReplaceAll(sixPlayer, " ", ",")} {
		if parse(t, alt, 0).String() != sixPlayer {
			t.Fatalf("%q read differently", alt)
		}
	}
}

// LRR 6: tiles whose sides touch are adjacent; 6.2a: never to itself.
func TestRule6_Adjacency(t *testing.T) {
	m := parse(t, sixPlayer, 0)
	tests := []struct {
		a, b int
		want bool
	}{
		{0, 1, true}, {0, 6, true}, {1, 2, true}, {1, 7, true}, {1, 4, false}, {0, 7, false},
		{7, 20, true}, {0, 0, false}, {2, 2, false},
	}
	for _, tc := range tests {
		if got := m.Adjacent(tc.a, tc.b, nil); got != tc.want {
			t.Errorf("Adjacent(%d,%d) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	if got := m.Neighbors(0, nil); len(got) != 6 {
		t.Errorf("Mecatol has %d neighbours, want 6: %v", len(got), got)
	}
	// Home positions hold no tile until setup puts one there.
	if m.Adjacent(1, 19, nil) {
		t.Error("an empty home position is not a system")
	}
}

// LRR 6.1 and 101: matching wormholes make systems adjacent, alpha with
// alpha and beta with beta, never alpha with beta.
func TestRule101_Wormholes(t *testing.T) {
	m := parse(t, sixPlayer, 0)
	if !m.Adjacent(1, 30, nil) || !m.Adjacent(30, 1, nil) {
		t.Error("alpha (26) and alpha (39) must be adjacent")
	}
	if !m.Adjacent(8, 36, nil) {
		t.Error("beta (25) and beta (40) must be adjacent")
	}
	if m.Adjacent(1, 36, nil) {
		t.Error("alpha and beta are not adjacent")
	}
	// 101.4: a wormhole token (delta, gamma) follows the same rule.
	extra := func(pos int) []string {
		if pos == 2 || pos == 33 {
			return []string{"gamma"}
		}
		return nil
	}
	if !m.Adjacent(2, 33, extra) || m.Adjacent(2, 33, nil) {
		t.Error("gamma tokens join two systems, and only while present")
	}
	n := m.Neighbors(1, nil)
	found := false
	for _, p := range n {
		found = found || p == 30
	}
	if !found {
		t.Errorf("Neighbors(1) = %v misses the alpha wormhole at 30", n)
	}
}

// LRR 101.4a: the delta wormholes on the Creuss gate (17) and the Creuss
// home system (51, off the board) join them.
func TestRule101_4_Delta(t *testing.T) {
	m := parse(t, strings.Replace(sixPlayer, "0 37", "17 37", 1), 6)
	gate := m.Find("17")
	if gate != 19 || !m.Slots[19].Home {
		t.Fatalf("gate at %d, home %v", gate, m.Slots[19].Home)
	}
	home := m.Find("51")
	if home != OffBoard {
		t.Fatalf("Creuss home at %d, want off the board", home)
	}
	if !m.Adjacent(gate, home, nil) || !m.Adjacent(home, gate, nil) {
		t.Error("delta wormholes must join the gate and the Creuss home")
	}
	if m.Adjacent(home, 1, nil) {
		t.Error("the Creuss home touches nothing else")
	}
}

// The five-player hyperlane layout (A faces of 83-88).
const fivePlayerHyperlanes = "19 20 21 85A 22 23 " +
	"24 25 26 27 28 88A 29 87A 30 31 32 33 " +
	"0 34 35 0 36 37 0 38 83A 86A 84A3 39 0 40 41 0 42 43"

// LRR 44 and 6.4: systems joined by a hyperlane line are adjacent; a
// hyperlane is not a system (44.2).
func TestRule44_Hyperlanes(t *testing.T) {
	m := parse(t, fivePlayerHyperlanes, 5)
	if m.Slots[4].System() {
		t.Fatal("a hyperlane is not a system")
	}
	if m.Adjacent(0, 4, nil) {
		t.Error("Mecatol is not adjacent to a hyperlane tile")
	}
	// 85A at position 4 joins its north-east and north-west edges: systems 3 and 5.
	if !m.Adjacent(3, 5, nil) || !m.Adjacent(5, 3, nil) {
		t.Error("85A must join positions 3 and 5")
	}
	// 84A turned 180 degrees at 29: its lane runs from edge 5 to edge 2.
	if m.Slots[29].Rotation != 3 || !strings.Contains(m.String(), "84A3") {
		t.Error("rotation lost")
	}
	if w := m.Warnings(); len(w) != 0 {
		t.Error(w)
	}
	// Every hyperlane lane end that meets a neighbouring hyperlane meets a
	// lane end there too: lanes are continuous across the wedge.
	for _, s := range m.Slots {
		if s.Tile == nil || !s.Tile.IsHyperlane() {
			continue
		}
		for _, lane := range s.Tile.Hyperlanes {
			for _, end := range lane {
				e := (end + s.Rotation) % 6
				n := m.slotAt(s.Hex.Neighbor(e))
				if n == nil || n.Tile == nil || !n.Tile.IsHyperlane() {
					continue
				}
				if !n.hasLaneEnd((e + 3) % 6) {
					t.Errorf("lane of %s at %d leaves by edge %d into %s, which has no lane there", s.Tile.ID, s.Pos, e, n.Tile.ID)
				}
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	dup := strings.Replace(sixPlayer, "27", "25", 1)
	tests := []struct {
		name, s string
		players int
		want    string
	}{
		{"unknown tile", strings.Replace(sixPlayer, "27", "999", 1), 0, `("999"): unknown tile`},
		{"the planet cards' holder is no tile", strings.Replace(sixPlayer, "27", "cards", 1), 0, `("cards")`},
		{"duplicate", dup, 0, "tile 25 is already at position"},
		{"bad rotation", strings.Replace(fivePlayerHyperlanes, "84A3", "84A7", 1), 5, "rotation 7"},
		{"rotated system", strings.Replace(sixPlayer, "27", "27A", 1), 0, "unknown tile"},
		{"empty", "  ", 0, "empty"},
		{"too few homes", strings.Replace(sixPlayer, "0 37", "49 37", 1), 6, "need 6 more home positions"},
		{"player count", sixPlayer, 9, "3 to 8 players"},
		{"mecatol twice", "{18} " + strings.Replace(sixPlayer, "27", "18", 1), 0, "tile 18 is already"},
		{"bad centre", "{18 " + sixPlayer, 0, "{N}"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.s, tc.players)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("want a ParseError, got %v", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q lacks %q", err, tc.want)
			}
		})
	}
}

// A count of systems that no setup deals is a warning, not an error:
// custom and "chaos" maps are played.
func TestCountsWarn(t *testing.T) {
	short := strings.Replace(sixPlayer, "50", "-1", 1)
	m := parse(t, short, 6)
	if w := m.Warnings(); len(w) != 1 || !strings.Contains(w[0], "29 systems") {
		t.Fatalf("want a count warning, got %v", w)
	}
}

// Standard homes apply when the string marks none: a full 6p string with
// every home position given as -1 would not parse, but one where the home
// positions are simply 0 does, and so does naming the count.
func TestStandardHomes(t *testing.T) {
	m := parse(t, sixPlayer, 6)
	if len(m.Homes()) != 6 {
		t.Fatal(m.Homes())
	}
}

func TestSVG(t *testing.T) {
	m := parse(t, fivePlayerHyperlanes, 5)
	var b bytes.Buffer
	if err := m.SVG(&b); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, want := range []string{"<svg", "Mecatol Rex 1/6", "85A0", ">home<", "Quann", ">82A<", "Mallice 0/3"} { // the nexus, off the board
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{sixPlayer, fivePlayerHyperlanes, "{18} 1 2 3", "83A2 0r 0b -1", "", "{}", "0 0 0"} {
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, s string, players int) {
		m, err := Parse(s, players%10)
		if err != nil {
			return
		}
		// Whatever parses writes back to a string that parses to the same map.
		again, err := Parse(m.String(), m.Players)
		if err != nil {
			t.Fatalf("%q wrote %q, which fails: %v", s, m.String(), err)
		}
		if again.String() != m.String() {
			t.Fatalf("round trip changed %q to %q", m.String(), again.String())
		}
		for _, p := range m.Systems() {
			m.Neighbors(p, nil)
		}
	})
}

// Neighbors may hand out the map's own list; growing the result must not
// change what the map answers next.
func TestNeighborsResultIsNotTheMapsToGrow(t *testing.T) {
	m := parse(t, sixPlayer, 0)
	first := m.Neighbors(0, nil)
	if len(first) != 6 {
		t.Fatalf("Mecatol Rex has %d neighbours, want 6", len(first))
	}
	grown := append(first, 99)
	grown[0] = -1 // a copy now: the append had no room
	if again := m.Neighbors(0, nil); again[0] == -1 || len(again) != 6 {
		t.Fatalf("the map's neighbours changed to %v", again)
	}
	// With a wormhole, the list is built afresh: Lodor (alpha) at 1 reaches 30.
	if n := m.Neighbors(1, nil); !slices.Contains(n, 30) {
		t.Fatalf("wormhole neighbour missing from %v", n)
	}
}
