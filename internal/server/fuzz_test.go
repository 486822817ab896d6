package server

import (
	"errors"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// The action request decoder: anything either decodes or is bad input,
// never a panic; what decodes re-encodes to an equal action.
func FuzzActionBody(f *testing.F) {
	for _, s := range []string{`{"seq":0,"action":{"kind":"pass","seat":0}}`, `{"seq":0}`, `{`, `[]`,
		`{"seq":0,"action":{"kind":"keep_secret","seat":0,"card":"x"}}`, `{"seq":-1,"action":null}`, `{"seq":1,"action":{"kind":"pass","seat":0},"x":1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		_, _, err := parseAct(body)
		var ie *engine.InputError
		if err != nil && !errors.As(err, &ie) {
			t.Fatalf("%q: untyped error %v", body, err)
		}
	})
}
