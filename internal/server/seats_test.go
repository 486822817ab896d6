package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// The host gives a seat that lost its link a new token: the new one acts,
// the old one is a watcher's, and no one but the host may do it.
func TestHostReissuesASeatToken(t *testing.T) {
	srv, _ := newServer(t)
	id, host, seats := setupGame(t, srv.URL)
	path := "/api/games/" + id + "/seats/1/token"
	if code, _ := seats[0].do("POST", path, nil); code != http.StatusForbidden {
		t.Fatalf("a seat reissued another's token: %d", code)
	}
	hostc := client{t: t, base: srv.URL, token: host}
	for _, bad := range []string{"/seats/9/token", "/seats/x/token", "/seats/-1/token"} {
		if code, _ := hostc.do("POST", "/api/games/"+id+bad, nil); code != http.StatusBadRequest {
			t.Fatalf("%s: %d", bad, code)
		}
	}
	code, body := hostc.do("POST", path, nil)
	if code != http.StatusOK {
		t.Fatalf("reissue: %d %v", code, body)
	}
	fresh := client{t: t, base: srv.URL, token: body["token"].(string)}
	if _, v := fresh.do("GET", "/api/games/"+id, nil); v["seat"].(float64) != 1 {
		t.Fatalf("the new token is seat %v", v["seat"])
	}
	if code, v := seats[1].do("GET", "/api/games/"+id, nil); code != http.StatusUnauthorized || v["seat"] != nil {
		t.Fatal("the old token still acts for the seat")
	}
}

// Any seat may ask for an undo; every seat sees the request until the log
// moves on; its text is bounded and plain.
func TestSeatAsksForAnUndo(t *testing.T) {
	srv, _ := newServer(t)
	id, _, seats := setupGame(t, srv.URL)
	seq, acts := legalOf(t, seats[0], id)
	if code, b := seats[0].do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": seq, "action": acts[0]}); code != 200 {
		t.Fatalf("act: %d %v", code, b)
	}
	path := "/api/games/" + id + "/undo/request"
	for _, bad := range []map[string]any{
		{"seq": seq + 1, "count": 0}, {"seq": seq + 1, "count": 5},
		{"seq": seq + 1, "count": 1, "reason": strings.Repeat("x", 201)},
		{"seq": seq + 1, "count": 1, "reason": "a\u202eb"},
	} {
		if code, _ := seats[1].do("POST", path, bad); code != http.StatusBadRequest {
			t.Fatalf("%v: %d", bad, code)
		}
	}
	if code, _ := (client{t: t, base: srv.URL}).do("POST", path, map[string]any{"seq": seq + 1, "count": 1}); code != http.StatusUnauthorized {
		t.Fatalf("a watcher asked: %d", code)
	}
	if code, _ := seats[1].do("POST", path, map[string]any{"seq": seq, "count": 1}); code != http.StatusConflict {
		t.Fatalf("stale: %d", code)
	}
	if code, b := seats[1].do("POST", path, map[string]any{"seq": seq + 1, "count": 1, "reason": "misclick"}); code != http.StatusAccepted {
		t.Fatalf("ask: %d %v", code, b)
	}
	_, v := seats[2].do("GET", "/api/games/"+id, nil)
	req, _ := v["undo_request"].(map[string]any)
	if req == nil || req["seat"].(float64) != 1 || req["reason"] != "misclick" {
		t.Fatalf("the others do not see the request: %v", v["undo_request"])
	}
	if why, _ := v["why"].(string); why == "" {
		t.Fatal("the view says nothing of what the game waits for")
	}
}

// The catalog names every component and is revalidated by its hash; the
// board places every position of the game's map.
func TestCatalogAndBoard(t *testing.T) {
	srv, _ := newServer(t)
	id, _, seats := setupGame(t, srv.URL)
	code, cat := seats[0].do("GET", "/api/catalog", nil)
	if code != 200 {
		t.Fatalf("catalog: %d", code)
	}
	names := cat["names"].(map[string]any)
	if names["jolnar:support_for_the_throne"] != "Support for the Throne" || names["warfare"] != "Warfare" {
		t.Fatal("the catalog lacks names")
	}
	if p := cat["planets"].(map[string]any)["Mecatol Rex"].(map[string]any); p["resources"].(float64) != 1 || p["influence"].(float64) != 6 {
		t.Fatalf("Mecatol Rex: %v", p)
	}
	res, err := http.Get(srv.URL + "/api/catalog")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/api/catalog", nil)
	req.Header.Set("If-None-Match", res.Header.Get("ETag"))
	if res, err = http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusNotModified {
		t.Fatalf("revalidation: %v %v", res.StatusCode, err)
	}
	res.Body.Close()
	_, b := seats[0].do("GET", "/api/games/"+id+"/board", nil)
	slots := b["slots"].([]any)
	at := map[float64]bool{}
	for _, sl := range slots {
		at[sl.(map[string]any)["pos"].(float64)] = true
	}
	_, v := seats[0].do("GET", "/api/games/"+id, nil)
	for _, sys := range v["view"].(map[string]any)["state"].(map[string]any)["systems"].([]any) {
		if pos := sys.(map[string]any)["pos"].(float64); !at[pos] {
			t.Fatalf("system at %v has no place on the board", pos)
		}
	}
	first := slots[0].(map[string]any)
	if first["pos"].(float64) != 0 || first["tile"] != "18" || first["x"].(float64) != 0 {
		t.Fatalf("the centre: %v", first)
	}
}

// A new token for a seat closes the old token's live connection before it
// is sent another view of the seat, and every seat is told the seat was
// given a new link.
func TestReissueClosesTheOldTokensConnection(t *testing.T) {
	srv, _ := newServer(t)
	id, host, seats := setupGame(t, srv.URL)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, err := dial(t, srv.URL, id, seats[1].token)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	if _, _, err := ws.Read(ctx); err != nil { // the first view
		t.Fatal(err)
	}
	hostc := client{t: t, base: srv.URL, token: host}
	if code, _ := hostc.do("POST", "/api/games/"+id+"/seats/1/token", nil); code != 200 {
		t.Fatalf("reissue: %d", code)
	}
	for {
		_, b, err := ws.Read(ctx)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Fatalf("closed with %v", err)
			}
			break
		}
		if strings.Contains(string(b), `"secret_choice"`) {
			t.Fatal("the old token was sent the seat's hidden cards after the reissue")
		}
	}
	_, v := seats[0].do("GET", "/api/games/"+id, nil)
	if r, _ := v["reissued"].(map[string]any); r == nil || r["1"].(float64) != 1 {
		t.Fatalf("the reissue is not shown: %v", v["reissued"])
	}
}

// The log's from gives only the entries after a step, says where they
// start (never past the log's end) and how many entries are stored.
func TestLogFrom(t *testing.T) {
	srv, _ := newServer(t)
	id, _, seats := setupGame(t, srv.URL)
	for i := 0; i < 2; i++ {
		seq, acts := legalOf(t, seats[0], id)
		if code, b := seats[0].do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": seq, "action": acts[0]}); code != 200 {
			t.Fatalf("act: %d %v", code, b)
		}
	}
	for _, c := range []struct{ from, start, n int }{{0, 0, 2}, {1, 1, 1}, {2, 2, 0}, {99, 2, 0}} {
		code, b := seats[1].do("GET", fmt.Sprintf("/api/games/%s/log?from=%d", id, c.from), nil)
		acts, _ := b["actions"].([]any)
		if code != 200 || int(b["from"].(float64)) != c.start || len(acts) != c.n || int(b["seq"].(float64)) != 2 {
			t.Fatalf("from=%d: %d %v", c.from, code, b)
		}
	}
	for _, bad := range []string{"-1", "x", "1e3"} {
		if code, _ := seats[1].do("GET", "/api/games/"+id+"/log?from="+bad, nil); code != http.StatusBadRequest {
			t.Fatalf("from=%s: %d", bad, code)
		}
	}
}
