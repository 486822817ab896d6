package hex

import "testing"

func TestRingOne(t *testing.T) {
	want := []Hex{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}
	for i, w := range want {
		if got := At(1 + i); got != w {
			t.Errorf("At(%d) = %v, want %v", 1+i, got, w)
		}
	}
}

func TestIndexRoundTrip(t *testing.T) {
	seen := map[Hex]bool{}
	for i := 0; i < Count(4); i++ {
		h := At(i)
		if seen[h] {
			t.Fatalf("index %d repeats %v", i, h)
		}
		seen[h] = true
		if Index(h) != i {
			t.Fatalf("Index(At(%d)) = %d", i, Index(h))
		}
		wantRing := 0
		for RingStart(wantRing+1) <= i {
			wantRing++
		}
		if h.Ring() != wantRing {
			t.Fatalf("index %d in ring %d, want %d", i, h.Ring(), wantRing)
		}
	}
	if Count(3) != 37 || Count(4) != 61 {
		t.Fatalf("counts %d %d", Count(3), Count(4))
	}
}

func TestClockwiseWalk(t *testing.T) {
	// Consecutive hexes of a ring touch, and the last touches the first.
	for r := 1; r <= 4; r++ {
		for k := 0; k < 6*r; k++ {
			a := At(RingStart(r) + k)
			b := At(RingStart(r) + (k+1)%(6*r))
			if Distance(a, b) != 1 {
				t.Fatalf("ring %d: %v and %v do not touch", r, a, b)
			}
		}
	}
	// Index 19 (first of ring 3) is due north, 22 is the next corner clockwise.
	if At(19) != (Hex{0, -3}) || At(22) != (Hex{3, -3}) {
		t.Fatalf("ring 3 corners: %v %v", At(19), At(22))
	}
}

func TestNeighborsAndRotation(t *testing.T) {
	h := Hex{2, -1}
	for e := 0; e < 6; e++ {
		if h.Neighbor(e).Neighbor(Opposite(e)) != h {
			t.Fatalf("edge %d is not undone by its opposite", e)
		}
	}
	if Rotate(5, 2) != 1 || Rotate(0, -1) != 5 {
		t.Fatal("rotation")
	}
}
