package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/mecatol/mecatol/internal/server"
	"github.com/mecatol/mecatol/internal/store"
	"github.com/mecatol/mecatol/internal/web"
)

// cmdLoad plays concurrent games through the HTTP API with random legal
// actions and reports actions per second and the latency of submitting
// an action. With no --addr it runs its own server on a fresh SQLite file.
func cmdLoad(args []string, out io.Writer) error {
	fs := flags("loadtest")
	games := fs.Int("games", 8, "concurrent games")
	players := fs.Int("players", 4, "players per game (each a client)")
	dur := fs.Duration("duration", 10*time.Second, "how long to run")
	addr := fs.String("addr", "", "a running server's base URL; empty starts one on a temporary SQLite file")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	base := *addr
	if base == "" {
		dir, err := os.MkdirTemp("", "mecatol-load")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		st, err := store.Open(filepath.Join(dir, "load.db"))
		if err != nil {
			return err
		}
		defer st.Close()
		srv := httptest.NewServer(server.New(st, slog.New(slog.NewTextHandler(io.Discard, nil)), web.Files()).Handler())
		defer srv.Close()
		base = srv.URL
	}
	call := func(method, path, token string, body any) (int, map[string]any, error) {
		var r io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			r = bytes.NewReader(b)
		}
		req, _ := http.NewRequest(method, base+path, r)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer res.Body.Close()
		var m map[string]any
		json.NewDecoder(res.Body).Decode(&m)
		return res.StatusCode, m, nil
	}
	var mu sync.Mutex
	var lat []time.Duration
	conflicts := 0
	deadline := time.Now().Add(*dur)
	var wg sync.WaitGroup
	for g := 0; g < *games; g++ {
		code, m, err := call("POST", "/api/games", "", map[string]any{"players": *players})
		if err != nil || code != 201 {
			return fmt.Errorf("create game: %d %v %v", code, m, err)
		}
		id := m["id"].(string)
		for seat := 0; seat < *players; seat++ {
			_, j, err := call("POST", "/api/games/"+id+"/join", "", map[string]any{"seat": seat, "name": fmt.Sprint("bot", seat)})
			if err != nil {
				return err
			}
			token := j["token"].(string)
			wg.Add(1)
			go func() {
				defer wg.Done()
				for n := 0; time.Now().Before(deadline); n++ {
					_, l, err := call("GET", "/api/games/"+id+"/legal", token, nil)
					if err != nil {
						return
					}
					acts, _ := l["actions"].([]any)
					if len(acts) == 0 {
						time.Sleep(2 * time.Millisecond)
						continue
					}
					seq := int(l["seq"].(float64))
					start := time.Now()
					code, _, err := call("POST", "/api/games/"+id+"/actions", token, map[string]any{"seq": seq, "action": acts[(n*7+seq)%len(acts)]})
					if err != nil {
						return
					}
					took := time.Since(start)
					mu.Lock()
					if code == 200 {
						lat = append(lat, took)
					} else if code == 409 {
						conflicts++
					}
					mu.Unlock()
				}
			}()
		}
	}
	wg.Wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(p*float64(len(lat))))]
	}
	fmt.Fprintf(out, "%d games x %d players for %v: %d actions accepted (%.0f actions/s), %d stale (409)\n",
		*games, *players, *dur, len(lat), float64(len(lat))/dur.Seconds(), conflicts)
	fmt.Fprintf(out, "submit latency: p50 %v, p99 %v\n", pct(0.5).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond))
	return nil
}
