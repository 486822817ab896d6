package galaxy

import (
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/hex"
)

// The AsyncTI4 bot's position names: the centre, then ring and place from
// due north, clockwise.
func TestAsyncLabels(t *testing.T) {
	for i, want := range map[int]string{0: "000", 1: "101", 6: "106", 7: "201", 18: "212", 19: "301", 36: "318", 37: "401"} {
		if got := AsyncLabel(i); got != want {
			t.Errorf("position %d: %s, want %s", i, got, want)
		}
		if back, err := AsyncIndex(want); err != nil || back != i {
			t.Errorf("%s reads as %d, %v", want, back, err)
		}
	}
	if got := AsyncLabel(hex.RingStart(10) + 3); got != "1004" {
		t.Errorf("ring 10, place 4: %s", got)
	}
	for _, bad := range []string{"107", "100", "12", "abc", "1361"} {
		if _, err := AsyncIndex(bad); err == nil {
			t.Errorf("%q was read", bad)
		}
	}
}

// A map string and the bot's pairs convert both ways, position by
// position: tiles, homes, hyperlanes with their turn, and an empty
// position.
func TestAsyncRoundTrip(t *testing.T) {
	for _, ms := range []string{sixPlayer, fivePlayerHyperlanes, strings.Replace(sixPlayer, "27", "-1", 1), "{26} 18" + strings.TrimPrefix(sixPlayer, "26")} {
		m, err := Parse(ms, 0)
		if err != nil {
			t.Fatal(err)
		}
		async := m.AsyncString()
		if !strings.HasPrefix(async, "000:") || !strings.Contains(async, " 101:") {
			t.Fatalf("%s", async)
		}
		tts, err := FromAsync(async)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse(tts, m.Players)
		if err != nil {
			t.Fatalf("%v\n%s", err, tts)
		}
		for i, s := range m.Slots {
			b := back.Slot(i)
			if b == nil || (s.Tile == nil) != (b.Tile == nil) || (s.Tile != nil && (s.Tile.ID != b.Tile.ID || s.Rotation != b.Rotation)) || s.Home != b.Home {
				t.Fatalf("position %d differs after the round trip:\n%s\n%s", i, ms, tts)
			}
		}
	}
	for _, bad := range []string{"101", "101:", "999:25", "101:25 101:26"} {
		if _, err := FromAsync(bad); err == nil {
			t.Errorf("%q was read", bad)
		}
	}
}

// The bot's form is read from anything without a panic; what reads is a
// map string Parse takes or refuses with an error.
func FuzzFromAsync(f *testing.F) {
	for _, s := range []string{"000:18 101:25", "101:0 102:83A2", "1004:19", "000:", "a:b", "101:25,101:26"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tts, err := FromAsync(s)
		if err != nil {
			return
		}
		Parse(tts, 6)
	})
}
