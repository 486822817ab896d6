package zone

import (
	"slices"
	"testing"
)

func TestPileOrderAndRemove(t *testing.T) {
	var p Pile
	if p.Top() != -1 || p.Pop() != -1 {
		t.Fatal("an empty pile has no top")
	}
	for _, c := range []int{4, 7, 9} {
		p.Push(c)
	}
	if p.Top() != 9 || !p.Has(7) || p.Has(5) {
		t.Fatalf("pile %v", p)
	}
	if !p.Remove(7) || p.Remove(7) {
		t.Fatal("remove reports what it took")
	}
	if got := p.Pop(); got != 9 || !slices.Equal(p, Pile{4}) {
		t.Fatalf("pop %d leaves %v", got, p)
	}
}

func TestSeeHidesByVisibility(t *testing.T) {
	p := Pile{1, 2, 3}
	cases := []struct {
		v     Visibility
		owner bool
		cards bool
	}{
		{Hidden, true, false}, {Hidden, false, false},
		{Owner, true, true}, {Owner, false, false},
		{Public, false, true},
	}
	for _, c := range cases {
		s := See(p, c.v, c.owner)
		if s.Count != 3 || (s.Cards != nil) != c.cards {
			t.Errorf("visibility %d owner %v: %+v", c.v, c.owner, s)
		}
	}
	s := See(p, Public, false)
	s.Cards[0] = 99
	if p[0] != 1 {
		t.Fatal("See must copy")
	}
}
