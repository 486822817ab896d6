package ge

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// FuzzDecideAnyAction decodes any bytes as an action and decides it on a
// game in its weapons fire phase: nothing may panic, and a refused action
// changes nothing.
func FuzzDecideAnyAction(f *testing.F) {
	for _, s := range []string{`{"kind":"fire","seat":0,"target":-3,"firers":[{"card":5,"phasers":2}]}`,
		`{"kind":"play","seat":0,"card":3,"target":-1,"player":9}`, `{"kind":"act","seat":1,"card":-7,"via":-4}`,
		`{"kind":"react","seat":1,"card":99999,"n":-1}`, `{"kind":"reserve","seat":0,"cards":[1,1]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := DecodeAction(b)
		if err != nil {
			return
		}
		tb := newTable(t)
		tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
		tb.place(1, "corporate_frigate", -1)
		tb.hand(0, "ion_storm")
		tb.phase(PhaseFire)
		before, _ := json.Marshal(tb.s)
		rng := engine.NewRNG(1)
		_, err = Rules{}.Decide(tb.s, a, &rng)
		after, _ := json.Marshal(tb.s)
		if string(before) != string(after) {
			t.Fatalf("deciding %s changed the state (err %v)", b, err)
		}
	})
}

func TestDecodeActionRefuses(t *testing.T) {
	long := `{"kind":"reserve","cards":[0` + strings.Repeat(",0", maxList) + `]}`
	for _, s := range []string{`{"kind":"nope"}`, `{"kind":"pass","extra":1}`, `{"kind":"pass"} {}`, long, `[]`} {
		if _, err := DecodeAction([]byte(s)); err == nil {
			t.Errorf("%s decoded", s)
		}
	}
}
