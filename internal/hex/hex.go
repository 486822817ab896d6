// Package hex is flat-topped hexagon geometry in axial coordinates, with the
// ring-by-ring indexing that TI4 map strings use.
package hex

import "math"

// Hex is an axial coordinate. North is -R.
type Hex struct {
	Q, R int
}

// Edges of a flat-topped hex, clockwise from north.
const (
	North = iota
	NorthEast
	SouthEast
	South
	SouthWest
	NorthWest
)

var dirs = [6]Hex{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}

// Neighbor is the hex across edge e (0..5).
func (h Hex) Neighbor(e int) Hex {
	d := dirs[((e%6)+6)%6]
	return Hex{h.Q + d.Q, h.R + d.R}
}

// Add returns h+o.
func (h Hex) Add(o Hex) Hex { return Hex{h.Q + o.Q, h.R + o.R} }

// Ring is the distance from the centre.
func (h Hex) Ring() int {
	s := -h.Q - h.R
	return max(abs(h.Q), abs(h.R), abs(s))
}

// Distance is the number of steps between two hexes.
func Distance(a, b Hex) int { return Hex{a.Q - b.Q, a.R - b.R}.Ring() }

// Opposite is the edge facing e.
func Opposite(e int) int { return (e + 3) % 6 }

// Rotate turns edge e clockwise by rot sixths of a turn.
func Rotate(e, rot int) int { return (((e + rot) % 6) + 6) % 6 }

// RingStart is the map-string index of the first hex of ring r.
func RingStart(r int) int {
	if r == 0 {
		return 0
	}
	return 1 + 3*r*(r-1)
}

// Count is the number of hexes in rings 0..r.
func Count(r int) int { return RingStart(r + 1) }

// At returns the hex at map-string index i: rings outward from the centre,
// each starting due north and running clockwise.
func At(i int) Hex {
	if i <= 0 {
		return Hex{}
	}
	r := 1
	for RingStart(r+1) <= i {
		r++
	}
	k := i - RingStart(r)
	side, step := k/r, k%r
	h := Hex{0, -r} // r steps north
	for s := 0; s < side; s++ {
		d := dirs[(s+2)%6]
		h = Hex{h.Q + d.Q*r, h.R + d.R*r}
	}
	d := dirs[(side+2)%6]
	return Hex{h.Q + d.Q*step, h.R + d.R*step}
}

// Index is the inverse of At.
func Index(h Hex) int {
	r := h.Ring()
	if r == 0 {
		return 0
	}
	// Walk the ring; rings are small (6r hexes).
	for k := 0; k < 6*r; k++ {
		if At(RingStart(r)+k) == h {
			return RingStart(r) + k
		}
	}
	panic("hex: unreachable")
}

// Pixel is the centre of h for hexes of the given circumradius, centre at 0,0.
func Pixel(h Hex, size float64) (x, y float64) {
	x = size * 1.5 * float64(h.Q)
	y = size * math.Sqrt(3) * (float64(h.R) + float64(h.Q)/2)
	return
}

// Corners are the six corners of a flat-topped hex at (x, y), starting east.
func Corners(x, y, size float64) [6][2]float64 {
	var c [6][2]float64
	for i := range c {
		a := math.Pi / 3 * float64(i)
		c[i] = [2]float64{x + size*math.Cos(a), y + size*math.Sin(a)}
	}
	return c
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
