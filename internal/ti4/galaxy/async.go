package galaxy

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mecatol/mecatol/internal/hex"
)

// The AsyncTI4 Discord bot names board positions by ring and place: "000"
// the centre, then ring r's positions r01, r02, ... from due north,
// clockwise ("101" to "106", "201" to "212", "1004" in ring 10). That is
// the map string's own order, so the two convert position by position:
// the bot's form lists "position:tile" pairs.

// AsyncLabel is the bot's name for board position i.
func AsyncLabel(i int) string {
	if i == 0 {
		return "000"
	}
	r := 1
	for hex.Count(r) <= i {
		r++
	}
	return fmt.Sprintf("%d%02d", r, i-hex.RingStart(r)+1)
}

// AsyncIndex reads a position name of the bot's.
func AsyncIndex(label string) (int, error) {
	if label == "000" {
		return 0, nil
	}
	n, err := strconv.Atoi(label)
	if err != nil || len(label) < 3 || n < 101 {
		return 0, fmt.Errorf("position %q: the bot names positions 000, 101-106, 201-212, ...", label)
	}
	r, k := n/100, n%100
	if r > 12 || k < 1 || k > 6*r {
		return 0, fmt.Errorf("position %q: ring %d has places 1 to %d", label, r, 6*r)
	}
	return hex.RingStart(r) + k - 1, nil
}

// AsyncString writes the map in the bot's form: "000:18 101:25 ...", one
// pair per position that holds a tile or marks a home (0).
func (m *Map) AsyncString() string {
	var parts []string
	for i, s := range m.Slots {
		tok := s.token()
		if i == 0 {
			if s.Tile == nil {
				continue
			}
			tok = s.Tile.ID
		}
		if tok == "" || tok == "-1" {
			continue
		}
		parts = append(parts, AsyncLabel(i)+":"+tok)
	}
	return strings.Join(parts, " ")
}

// FromAsync turns the bot's "position:tile" pairs into a map string; a
// position not named has no tile.
func FromAsync(s string) (string, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\n' || r == '\t' || r == '\r' })
	tiles := map[int]string{}
	last := 0
	for _, f := range fields {
		label, tok, ok := strings.Cut(f, ":")
		if !ok || tok == "" {
			return "", fmt.Errorf("%q: write position:tile", f)
		}
		i, err := AsyncIndex(label)
		if err != nil {
			return "", err
		}
		if _, dup := tiles[i]; dup {
			return "", fmt.Errorf("position %s is named twice", label)
		}
		tiles[i], last = tok, max(last, i)
	}
	centre, ok := tiles[0]
	if !ok {
		centre = "0"
	}
	out := []string{"{" + centre + "}"}
	for i := 1; i <= last; i++ {
		if t, ok := tiles[i]; ok {
			out = append(out, t)
		} else {
			out = append(out, "-1")
		}
	}
	return strings.Join(out, " "), nil
}

// IsAsync reports a map in the bot's form (position:tile pairs).
func IsAsync(s string) bool { return strings.Contains(s, ":") }
