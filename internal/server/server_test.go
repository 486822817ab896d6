package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/store"
	"github.com/mecatol/mecatol/internal/ti4"
	"github.com/mecatol/mecatol/internal/web"
)

var lastServer *Server

func newServer(t testing.TB) (*httptest.Server, *store.Store) {
	t.Helper()
	srv, st := serveStore(t, filepath.Join(t.TempDir(), "games.db"))
	return srv, st
}

// serveStore serves the store at db (a SQLite file or a Postgres URL) in
// process; lastServer is the Server behind it.
func serveStore(t testing.TB, db string) (*httptest.Server, *store.Store) {
	t.Helper()
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	lastServer = New(st, slog.New(slog.NewTextHandler(io.Discard, nil)), web.Files())
	lastServer.keys = knownKeys(9)
	srv := httptest.NewServer(lastServer.Handler())
	t.Cleanup(func() { srv.Close(); st.Close() })
	return srv, st
}

// knownKeys is a reproducible stream of game keys, so that a test's games
// are the same on every run (a served game's key is otherwise secret).
func knownKeys(seed byte) io.Reader {
	var b bytes.Buffer
	for i := 0; i < 1024; i++ {
		h := sha256.Sum256([]byte{seed, byte(i), byte(i >> 8)})
		b.Write(h[:])
	}
	return &b
}

type client struct {
	t     testing.TB
	base  string
	token string
}

func (c client) do(method, path string, body any) (int, map[string]any) {
	c.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		r = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, c.base+path, r)
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
		return 0, nil
	}
	defer res.Body.Close()
	var out map[string]any
	json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

// setupGame creates a three-player game and claims every seat.
func setupGame(t testing.TB, base string) (string, string, []client) {
	t.Helper()
	anon := client{t: t, base: base}
	code, g := anon.do("POST", "/api/games", map[string]any{"players": 3, "factions": []string{"jolnar", "sol", "hacan"}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	id := g["id"].(string)
	var seats []client
	for i := 0; i < 3; i++ {
		code, j := anon.do("POST", "/api/games/"+id+"/join", map[string]any{"seat": i, "name": "p"})
		if code != 200 {
			t.Fatalf("join: %d %v", code, j)
		}
		seats = append(seats, client{t: t, base: base, token: j["token"].(string)})
	}
	return id, g["host_token"].(string), seats
}

func legalOf(t testing.TB, c client, id string) (int, []json.RawMessage) {
	t.Helper()
	code, body := c.do("GET", "/api/games/"+id+"/legal", nil)
	if code != 200 {
		t.Fatalf("legal: %d %v", code, body)
	}
	raw, _ := json.Marshal(body["actions"])
	var acts []json.RawMessage
	json.Unmarshal(raw, &acts)
	return int(body["seq"].(float64)), acts
}

func TestAPIPlaysAndRefuses(t *testing.T) {
	srv, _ := newServer(t)
	id, _, seats := setupGame(t, srv.URL)
	seq, acts := legalOf(t, seats[0], id)
	if len(acts) == 0 {
		t.Fatal("seat 0 has legal actions")
	}
	var first map[string]any
	json.Unmarshal(acts[0], &first)
	code, body := seats[0].do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": seq, "action": first})
	if code != 200 || int(body["seq"].(float64)) != seq+1 {
		t.Fatalf("act: %d %v", code, body)
	}
	tests := []struct {
		name   string
		c      client
		body   any
		code   int
		expect string
	}{
		{"stale seq", seats[0], map[string]any{"seq": seq, "action": first}, 409, "current"},
		{"another seat", seats[1], map[string]any{"seq": seq + 1, "action": map[string]any{"kind": "pass", "seat": 0}}, 403, "cannot act for"},
		{"no token", client{t: t, base: srv.URL}, map[string]any{"seq": seq + 1, "action": map[string]any{"kind": "pass", "seat": 0}}, 401, "token"},
		{"bad token", client{t: t, base: srv.URL, token: "nope"}, map[string]any{"seq": seq + 1, "action": map[string]any{"kind": "pass", "seat": 0}}, 401, "belongs to no seat"},
		{"out of turn", seats[2], map[string]any{"seq": seq + 1, "action": map[string]any{"kind": "pick_strategy_card", "seat": 2, "card": "leadership"}}, 422, "84.1"},
		{"malformed json", seats[0], `{"seq": 1, "action": `, 400, "bad request"},
		{"unknown field", seats[0], map[string]any{"seq": seq + 1, "action": map[string]any{"kind": "pass", "seat": 0, "colour": 1}}, 400, "unknown field"},
		{"no seq", seats[0], map[string]any{"action": first}, 400, "seq"},
		{"unknown kind", seats[0], map[string]any{"seq": seq + 1, "action": map[string]any{"kind": "teleport", "seat": 0}}, 400, "unknown action"},
	}
	for _, tc := range tests {
		code, body := tc.c.do("POST", "/api/games/"+id+"/actions", tc.body)
		b, _ := json.Marshal(body)
		if code != tc.code || !strings.Contains(string(b), tc.expect) {
			t.Errorf("%s: %d %s, want %d with %q", tc.name, code, b, tc.code, tc.expect)
		}
	}
	if code, _ := seats[0].do("GET", "/api/games/nope", nil); code != 404 {
		t.Error("unknown game: want 404")
	}
	big := `{"seq": 1, "action": {"kind": "pass", "seat": 0, "x": "` + strings.Repeat("a", MaxBody) + `"}}`
	if code, _ := seats[0].do("POST", "/api/games/"+id+"/actions", big); code != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized body: %d, want 413", code)
	}
	if code, _ := seats[0].do("POST", "/api/games/"+id+"/join", map[string]any{"seat": 1, "name": "x"}); code != 409 {
		t.Error("a taken seat: want 409")
	}
	// Nothing above changed the game.
	if s, _ := legalOf(t, seats[0], id); s != seq+1 {
		t.Fatalf("refused requests moved the game to %d", s)
	}
}

// The game survives a restart: a new server on the same store rebuilds it
// from its log to the same state.
func TestRestartRebuilds(t *testing.T) {
	srv, st := newServer(t)
	id, _, seats := setupGame(t, srv.URL)
	for i := 0; i < 20; i++ {
		playOne(t, seats, id)
	}
	_, before := seats[0].do("GET", "/api/games/"+id, nil)
	srv2 := httptest.NewServer(New(st, slog.New(slog.NewTextHandler(io.Discard, nil)), web.Files()).Handler())
	defer srv2.Close()
	c := seats[0]
	c.base = srv2.URL
	_, after := c.do("GET", "/api/games/"+id, nil)
	b1, _ := json.Marshal(before)
	b2, _ := json.Marshal(after)
	if !bytes.Equal(b1, b2) {
		t.Fatal("the rebuilt game differs")
	}
}

// playOne has the first seat with a legal action take a random one.
func playOne(t testing.TB, seats []client, id string) bool {
	t.Helper()
	for _, c := range seats {
		seq, acts := legalOf(t, c, id)
		if len(acts) == 0 {
			continue
		}
		var a map[string]any
		json.Unmarshal(acts[int(seq)%len(acts)], &a)
		code, body := c.do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": seq, "action": a})
		if code != 200 {
			t.Fatalf("legal action refused: %d %v", code, body)
		}
		return true
	}
	return false
}

// No response or live message to a seat holds another seat's hidden cards,
// over whole games of random actions.
func TestNoLeaksOverAGame(t *testing.T) {
	for _, key := range []byte{9, 3, 7} {
		t.Run(fmt.Sprint(key), func(t *testing.T) { noLeaksOverAGame(t, key) })
	}
}

func noLeaksOverAGame(t *testing.T, key byte) {
	srv, _ := newServer(t)
	lastServer.keys = knownKeys(key)
	id, _, seats := setupGame(t, srv.URL)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	ws, err := dial(t, srv.URL, id, seats[1].token)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	messages := make(chan []byte, 1000)
	go func() {
		for {
			_, b, err := ws.Read(ctx)
			if err != nil {
				close(messages)
				return
			}
			messages <- b
		}
	}()
	// A whole game: to its end (the objectives run out by round 9 or so).
	for i := 0; i < 3000 && playOne(t, seats, id); i++ {
	}
	if code, body := seats[0].do("GET", "/api/games/"+id, nil); code != 200 || body["view"].(map[string]any)["state"].(map[string]any)["phase"] != "over" {
		t.Fatal("the game did not reach its end")
	}
	time.Sleep(200 * time.Millisecond)
	// Everything seat 1 could have seen: its responses and live messages.
	var seen [][]byte
	for _, path := range []string{"/api/games/" + id, "/api/games/" + id + "/log", "/api/games/" + id + "/replay?step=10"} {
		_, body := seats[1].do("GET", path, nil)
		b, _ := json.Marshal(body)
		seen = append(seen, b)
	}
	// The socket may lag behind a game played this fast on a loaded
	// machine: wait for its first message, then take what has arrived.
	select {
	case m, ok := <-messages:
		if ok {
			seen = append(seen, m)
		}
	case <-time.After(20 * time.Second):
	}
	drain := true
	for drain {
		select {
		case m, ok := <-messages:
			if !ok {
				drain = false
			}
			seen = append(seen, m)
		default:
			drain = false
		}
	}
	if len(seen) < 5 {
		t.Fatalf("only %d messages seen", len(seen))
	}
	// The others' hidden cards, from the server's own state.
	l, err := lastServer.load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	g := l.game.(*ti4.Table).G
	s := g.State()
	// Seat 1 may rightly know a card another seat holds now: one it held
	// or was offered itself (a secret it returned, an action card given
	// away), or one shown face up (discards, revealed objectives), at any
	// step of the game. Replay it and gather them.
	mine := seenBy(t, g.Initial(), g.Log(), 1)
	checked := 0
	defer func() {
		if checked == 0 {
			t.Fatal("no hidden card to look for: the test proves nothing")
		}
	}()
	for _, p := range s.Players {
		if p.Seat == 1 {
			continue
		}
		hidden := append([]string{}, p.ActionCards...)
		if !s.OwnsLaw(p.Seat, "search_warrant") { // its owner plays with secrets revealed
			hidden = append(hidden, p.Secrets...)
		}
		for _, c := range hidden {
			if mine[c] {
				continue
			}
			checked++
			for _, m := range seen {
				if i := bytes.Index(m, []byte(`"`+c+`"`)); i >= 0 {
					t.Logf("context: %s", m[max(0, i-600):min(len(m), i+200)])
					t.Fatalf("seat 1 saw seat %d's hidden card %s", p.Seat, c)
				}
			}
		}
	}
	if bytes.Contains(bytes.Join(seen, nil), []byte(`"rng"`)) {
		t.Fatal("the RNG reached a player")
	}
}

// seenBy lists every card seat held or was offered, and every card face
// up in a discard pile or among the revealed objectives, at any step.
func seenBy(t *testing.T, initial []byte, log []ti4.Action, seat int) map[string]bool {
	t.Helper()
	g, err := engine.Load[*ti4.State, ti4.Action, ti4.Event](ti4.Rules{}, initial)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	note := func(s *ti4.State) {
		p := s.Players[seat]
		for _, l := range [][]string{p.ActionCards, p.Secrets, p.SecretChoice, p.ScoredSecrets, s.Decks.ActionDiscard, s.Decks.Revealed} {
			for _, c := range l {
				seen[c] = true
			}
		}
	}
	note(g.State())
	for _, a := range log {
		if err := g.Play(a); err != nil {
			t.Fatal(err)
		}
		note(g.State())
	}
	return seen
}

var _ = engine.NewRNG

// The host undoes freely what revealed nothing; an undo of drawn cards or
// rolled dice waits for every player's consent.
func TestUndo(t *testing.T) {
	srv, _ := newServer(t)
	id, host, seats := setupGame(t, srv.URL)
	h := client{t: t, base: srv.URL, token: host}
	playOne(t, seats, id) // keeping a secret reveals nothing new... but shuffles the deck with the RNG
	seq, _ := legalOf(t, seats[0], id)
	if code, _ := seats[0].do("POST", "/api/games/"+id+"/undo", map[string]any{"seq": seq, "count": 1}); code != 403 {
		t.Fatal("only the host undoes")
	}
	code, body := h.do("POST", "/api/games/"+id+"/undo", map[string]any{"seq": seq, "count": 1})
	if code == 200 {
		if s, _ := legalOf(t, seats[0], id); s != seq+1 {
			t.Fatal("an undo is a new log entry")
		}
		return
	}
	if code != 202 || body["pending"] == nil {
		t.Fatalf("undo: %d %v", code, body)
	}
	for i, c := range seats {
		code, body = c.do("POST", "/api/games/"+id+"/undo/consent", map[string]any{})
		if i < len(seats)-1 && code != 202 {
			t.Fatalf("consent %d: %d %v", i, code, body)
		}
	}
	if code != 200 {
		t.Fatalf("the last consent applies the undo: %d %v", code, body)
	}
	_, log := seats[0].do("GET", "/api/games/"+id+"/log", nil)
	if acts, _ := log["actions"].([]any); len(acts) != 0 {
		t.Fatalf("the action should be undone: %v", acts)
	}
}

func TestLogRedaction(t *testing.T) {
	keep := ti4.Action{Kind: ti4.ActKeepSecret, Seat: 0, Card: "mine_rare_metals"}
	order := ti4.Action{Kind: ti4.ActOrderAgendas, Seat: 0, ActionExtra: &ti4.ActionExtra{Top: []string{"mutiny"}}}
	note := ti4.Action{Kind: ti4.ActTradeAdd, Seat: 0, Card: "jolnar:ceasefire"}
	tg := ti4.Action{Kind: ti4.ActTradeAdd, Seat: 0, Card: "trade_goods"}
	if ti4.Redact(keep, 1).Card != "" || ti4.Redact(keep, 0).Card == "" {
		t.Fatal("the kept secret is the keeper's alone")
	}
	if ti4.Redact(order, 2).ActionExtra != nil || order.Top == nil || ti4.Redact(note, 1).Card != "hidden" || ti4.Redact(tg, 1).Card != "trade_goods" {
		t.Fatal("agenda order and offered notes are hidden from others")
	}
	shown := ti4.Action{Kind: ti4.ActUseAbility, Seat: 1, Card: "yssaril:kyver_blade_and_key", Use: true, Outcome: "sabotage"}
	decided := ti4.Action{Kind: ti4.ActUseAbility, Seat: 0, Card: "yssaril:kyver_blade_and_key", Use: true, Outcome: "take"}
	if ti4.Redact(shown, 2).Outcome != "hidden" || ti4.Redact(shown, 1).Outcome != "sabotage" || ti4.Redact(decided, 2).Outcome != "take" {
		t.Fatal("a card shown from a hand is its player's alone in the log")
	}
}

// A new game takes no_codex: the game plays the Codex's components as
// printed, and the state says so.
func TestAPICreatesAGameWithoutTheCodex(t *testing.T) {
	srv, _ := newServer(t)
	anon := client{t: t, base: srv.URL}
	code, g := anon.do("POST", "/api/games", map[string]any{"players": 3, "no_codex": true})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	code, st := anon.do("GET", "/api/games/"+g["id"].(string), nil)
	raw, _ := json.Marshal(st)
	if code != 200 || !strings.Contains(string(raw), `"no_codex":true`) {
		t.Fatalf("state %d: %.300s", code, raw)
	}
}
