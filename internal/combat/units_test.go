package combat

import (
	"strings"
	"testing"
)

func TestParseUnits(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"2 dreadnought2, 1 warsun, 4 fighter2", "2 dreadnought_2, 4 fighter_2, 1 war_sun"},
		{"Dreadnought II x2, war sun", "2 dreadnought_2, 1 war_sun"},
		{"3 carriers, ws, 2 inf", "3 carrier, 2 infantry, 1 war_sun"},
		{"1 exotrireme2, 1 dn, 1 dread", "2 dreadnought, 1 exotrireme_2"},
		{"", ""},
		{"0 carrier", ""},
		{"12 fighter, 20 infantry", "12 fighter, 20 infantry"},
		{"2 sardakk dreadnoughts, titans pds, titans pds2, hacan pds", "2 exotrireme, 1 hel_titan, 1 hel_titan_2, 1 pds"},
	}
	for _, tc := range tests {
		g, err := ParseUnits(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got := String(g); got != tc.want {
			t.Errorf("%q read as %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, bad := range []struct{ in, want string }{
		{"2 death star", "unknown unit"},
		{"-1 carrier", "negative"},
		{"3 war sun", "LRR 23.4"},
		{"6 dreadnought", "LRR 23.4"},
		{"4 dreadnought, 2 dreadnought2", "LRR 23.4"},
		{"5", "no unit named"},
		{"99999 fighter", "far more"},
	} {
		if _, err := ParseUnits(bad.in); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: got %v, want %q", bad.in, err, bad.want)
		}
	}
}

func FuzzParseUnits(f *testing.F) {
	for _, s := range []string{"2 dreadnought2, 1 warsun, 4 fighter2", "x3 carrier", "war sun 2x", ",,,", "1 2 3", "-0 inf"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseUnits(s)
		if err != nil {
			return
		}
		// What parses writes back to a list that parses to the same groups.
		again, err := ParseUnits(String(g))
		if err != nil || String(again) != String(g) {
			t.Fatalf("%q -> %q -> %v %q", s, String(g), err, String(again))
		}
	})
}
