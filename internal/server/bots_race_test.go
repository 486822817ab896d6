package server

import (
	"context"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/store"
	"github.com/mecatol/mecatol/internal/ti4"
	"log/slog"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/mecatol/mecatol/internal/web"
)

// Requests of every kind while the bots play (run it with -race too): the
// game's own log, stored and sound (it replays in a fresh process), no
// longer replays in this one once an undo's consent ran people() (see
// TestReviewUndoWithBotsCorruptsEveryTI4Game): the game answers 503 at its
// next load until the server restarts.
func TestBotsRaceRequests(t *testing.T) {
	st, _ := sqliteStore(t)
	logs := &syncBuf{}
	s := NewWith(st, slog.New(slog.NewTextHandler(logs, nil)), web.Files(), Options{MaxCached: 2})
	s.keys = knownKeys(9)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	id, host, me := seatBots2(t, srv.URL, "random")
	other, _ := createTI4(t, srv.URL)
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	loop := func(f func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				f()
			}
		}()
	}
	loop(func() { // the person plays whatever is legal
		code, body := me.do("GET", "/api/games/"+id+"/legal", nil)
		if code != 200 {
			return
		}
		acts, _ := body["actions"].([]any)
		seq := int(body["seq"].(float64))
		if len(acts) > 0 {
			me.do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": seq, "action": acts[seq%len(acts)]})
		}
	})
	loop(func() { // the host undoes, the person consents
		code, v := me.do("GET", "/api/games/"+id, nil)
		if code == 200 && v["seq"].(float64) > 0 {
			host.do("POST", "/api/games/"+id+"/undo", map[string]any{"seq": v["seq"], "count": 1})
			me.do("POST", "/api/games/"+id+"/undo/consent", nil)
		}
		time.Sleep(30 * time.Millisecond)
	})
	loop(func() { // eviction and reloads
		client{t: t, base: srv.URL}.do("GET", "/api/games/"+other, nil)
		time.Sleep(10 * time.Millisecond)
	})
	wg.Wait()
	time.Sleep(500 * time.Millisecond)
	g, err := st.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.rebuild(g); err != nil {
		n1, _ := st.Length(context.Background(), id)
		time.Sleep(2 * time.Second)
		n2, _ := st.Length(context.Background(), id)
		_, err2 := s.rebuild(g)
		_, err3 := ti4.Module{}.Load(g.Initial, mustActions(t, g))
		t.Logf("store length %d then %d; rebuild again: %v; direct load: %v", n1, n2, err2, err3)
		t.Fatalf("the stored game no longer replays (%d entries): %v", len(g.Log), err)
	}
}

func mustActions(t *testing.T, g *store.Game) [][]byte {
	var entries []engine.Entry
	for _, e := range g.Log {
		entries = append(entries, engine.Entry{Kind: e.Kind, Body: e.Body})
	}
	acts, err := engine.Actions(entries)
	if err != nil {
		t.Fatal(err)
	}
	return acts
}
