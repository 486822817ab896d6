package server

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/store"
	"github.com/mecatol/mecatol/internal/web"
)

// Any body sent to the action endpoint gets a 2xx or a 4xx, never a 5xx or
// a panic, and only a 200 moves the game.
func FuzzActionBody(f *testing.F) {
	for _, s := range []string{`{"seq":0,"action":{"kind":"pass","seat":0}}`, `{"seq":0}`, `{`, `[]`, `{"seq":0,"action":{"kind":"keep_secret","seat":0,"card":"x"}}`, `{"seq":-1,"action":null}`} {
		f.Add(s)
	}
	st, err := store.Open(filepath.Join(f.TempDir(), "fuzz.db"))
	if err != nil {
		f.Fatal(err)
	}
	defer st.Close()
	h := New(st, slog.New(slog.NewTextHandler(io.Discard, nil)), web.Files()).Handler()
	srv := httptest.NewServer(h)
	defer srv.Close()
	id, _, seats := setupGame(f, srv.URL)
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest("POST", "/api/games/"+id+"/actions", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+seats[0].token)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%q: %d %s", body, rec.Code, rec.Body)
		}
		_ = http.StatusOK
	})
}
