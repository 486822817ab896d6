package galaxy

import (
	"slices"

	"github.com/mecatol/mecatol/internal/hex"
)

// link precomputes the adjacency that does not change in play: tiles whose
// sides touch (LRR 6) and systems joined through hyperlanes (LRR 6.4, 44.1).
// Wormholes can move (tokens, the nexus), so they are checked on demand.
func (m *Map) link() {
	m.adjacent = make([][]int, len(m.Slots))
	byHex := make(map[hex.Hex]int, len(m.Slots))
	for _, s := range m.Slots {
		byHex[s.Hex] = s.Pos
	}
	for i := range m.Slots {
		s := &m.Slots[i]
		if !s.System() {
			continue
		}
		var out []int
		for e := 0; e < 6; e++ {
			out = m.walk(byHex, s.Hex, e, out, 0)
		}
		out = slices.DeleteFunc(out, func(p int) bool { return p == i }) // 6.2a, via a hyperlane loop
		slices.Sort(out)
		m.adjacent[i] = slices.Compact(out)
	}
	m.systems = m.Systems()
}

// walk follows edge e out of hex h: a system there is adjacent; a hyperlane
// there is followed along each lane that starts at the edge we enter by.
func (m *Map) walk(byHex map[hex.Hex]int, h hex.Hex, e int, out []int, depth int) []int {
	n, ok := byHex[h.Neighbor(e)]
	if !ok || depth > len(m.Slots) {
		return out
	}
	t := &m.Slots[n]
	switch {
	case t.System():
		out = append(out, n)
	case t.Tile != nil && t.Tile.IsHyperlane():
		in := hex.Opposite(e)
		for _, lane := range t.Tile.Hyperlanes {
			a, b := hex.Rotate(lane[0], t.Rotation), hex.Rotate(lane[1], t.Rotation)
			switch in {
			case a:
				out = m.walk(byHex, t.Hex, b, out, depth+1)
			case b:
				out = m.walk(byHex, t.Hex, a, out, depth+1)
			}
		}
	}
	return out
}

// Wormholes lists the wormholes at each position beyond those printed on its
// tile (tokens, say). It may be nil.
type Wormholes func(pos int) []string

func (m *Map) wormholes(pos int, extra Wormholes) []string {
	s := m.Slot(pos)
	if s == nil || !s.System() {
		return nil
	}
	w := s.Tile.Wormholes
	if extra != nil {
		if x := extra(pos); len(x) > 0 {
			w = append(slices.Clip(w), x...)
		}
	}
	return w
}

// Adjacent reports whether systems a and b are adjacent (LRR 6): touching
// sides, a hyperlane path (6.4, 44.1), or a matching wormhole (6.1, 101).
// A system is not adjacent to itself (6.2a).
func (m *Map) Adjacent(a, b int, extra Wormholes) bool {
	if a == b {
		return false
	}
	if a >= 0 && a < len(m.adjacent) && slices.Contains(m.adjacent[a], b) {
		return true
	}
	wa := m.wormholes(a, extra)
	if len(wa) == 0 {
		return false
	}
	for _, w := range m.wormholes(b, extra) {
		if slices.Contains(wa, w) {
			return true
		}
	}
	return false
}

// Touching reports systems a and b adjacent without a wormhole: sides or
// a hyperlane path (6, 44.1).
func (m *Map) Touching(a, b int) bool {
	return a != b && a >= 0 && a < len(m.adjacent) && slices.Contains(m.adjacent[a], b)
}

// HasWormhole reports a wormhole in the system at pos, printed or added.
func (m *Map) HasWormhole(pos int, extra Wormholes) bool { return len(m.wormholes(pos, extra)) > 0 }

// Neighbors returns every system adjacent to pos, in position order. The
// result may be the map's own: callers read it and do not change it.
func (m *Map) Neighbors(pos int, extra Wormholes) []int { return m.NeighborsExcept(pos, extra, nil) }

// NeighborsExcept is Neighbors with the wormhole types ignore reports left
// out, for effects under which some wormholes do nothing.
func (m *Map) NeighborsExcept(pos int, extra Wormholes, ignore func(w string) bool) []int {
	var near []int
	if pos >= 0 && pos < len(m.adjacent) {
		near = m.adjacent[pos]
	}
	wa := m.wormholes(pos, extra)
	if len(wa) == 0 {
		return slices.Clip(near) // most systems: shared, and an append copies
	}
	out := slices.Clone(near)
	for _, q := range m.systems {
		if q == pos || slices.Contains(out, q) {
			continue
		}
		for _, w := range m.wormholes(q, extra) {
			if slices.Contains(wa, w) && (ignore == nil || !ignore(w)) {
				out = append(out, q)
				break
			}
		}
	}
	slices.Sort(out)
	return out
}

func (m *Map) slotAt(h hex.Hex) *Slot {
	if h.Ring() >= len(m.Slots) {
		return nil
	}
	i := hex.Index(h)
	if i < len(m.Slots) {
		return &m.Slots[i]
	}
	return nil
}

func (s *Slot) hasLaneEnd(e int) bool {
	for _, lane := range s.Tile.Hyperlanes {
		if hex.Rotate(lane[0], s.Rotation) == e || hex.Rotate(lane[1], s.Rotation) == e {
			return true
		}
	}
	return false
}
