package server

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/mecatol/mecatol/internal/store"
	"github.com/mecatol/mecatol/internal/web"
)

// serveWith serves a store in process with the given bounds.
func serveWith(t testing.TB, st *store.Store, opt Options) (*httptest.Server, *Server) {
	t.Helper()
	s := NewWith(st, slog.New(slog.NewTextHandler(io.Discard, nil)), web.Files(), opt)
	s.keys = knownKeys(9)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return srv, s
}

func sqliteStore(t testing.TB) (*store.Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, path
}

// dial opens a WebSocket on the game for token ("" watches).
func dial(t testing.TB, base, id, token string) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u := strings.Replace(base, "http", "ws", 1) + "/api/games/" + id + "/ws"
	if token != "" {
		u += "?token=" + token
	}
	c, _, err := websocket.Dial(ctx, u, nil)
	if err == nil {
		c.SetReadLimit(1 << 24)
	}
	return c, err
}

// waitSeq reads the socket until it shows seq (or later), or fails.
func waitSeq(t testing.TB, c *websocket.Conn, seq int, within time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("no message at seq %d within %v: %v", seq, within, err)
		}
		var m struct{ Seq int }
		json.Unmarshal(b, &m)
		if m.Seq >= seq {
			return
		}
	}
}

// A token travels in the Authorization header; in the address it is
// refused (addresses end up in logs, histories and Referer headers), but
// for the WebSocket handshake, which browsers cannot give headers.
func TestTokensOnlyInTheHeader(t *testing.T) {
	srv, _ := newServer(t)
	id, _, seats := setupGame(t, srv.URL)
	anon := client{t: t, base: srv.URL}
	for _, path := range []string{"/api/games/" + id, "/api/games/" + id + "/legal", "/api/games/" + id + "/log"} {
		code, body := anon.do("GET", path+"?token="+seats[0].token, nil)
		if code != http.StatusBadRequest || !strings.Contains(body["error"].(string), "Authorization header") {
			t.Errorf("%s?token=: %d %v, want 400", path, code, body)
		}
	}
	if code, _ := seats[0].do("GET", "/api/games/"+id+"/legal", nil); code != 200 {
		t.Fatalf("the header: %d", code)
	}
	ws, err := dial(t, srv.URL, id, seats[0].token)
	if err != nil {
		t.Fatalf("the WebSocket handshake takes ?token=: %v", err)
	}
	defer ws.CloseNow()
	_, b, err := ws.Read(context.Background())
	if err != nil || !strings.Contains(string(b), `"seat":0`) {
		t.Fatalf("the socket is seat 0's: %v %.100s", err, b)
	}
}

// A client cannot choose a game's seed (it would know every hidden card);
// the game's key comes from the server, is kept with the game, and no
// response carries it.
func TestClientCannotSeedAGame(t *testing.T) {
	srv, st := newServer(t)
	anon := client{t: t, base: srv.URL}
	code, body := anon.do("POST", "/api/games", map[string]any{"players": 3, "seed": 9})
	if code != http.StatusBadRequest || !strings.Contains(body["error"].(string), "seed") {
		t.Fatalf("a seed: %d %v, want 400", code, body)
	}
	lastServer.keys = rand.Reader // as served
	var deals []string
	for i := 0; i < 2; i++ {
		code, body := anon.do("POST", "/api/games", map[string]any{"players": 3})
		if code != 201 {
			t.Fatalf("create: %d %v", code, body)
		}
		id := body["id"].(string)
		g, err := st.Load(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		var snap struct{ RNG string }
		json.Unmarshal(g.Initial, &snap)
		if !strings.Contains(snap.RNG, ":") {
			t.Fatal("a served game's RNG is not keyed")
		}
		if strings.Contains(string(g.Config), "seed") {
			t.Fatalf("the stored config holds a seed: %s", g.Config)
		}
		_, view := anon.do("GET", "/api/games/"+id, nil)
		b, _ := json.Marshal(view)
		if strings.Contains(string(b), `"rng"`) || strings.Contains(string(b), "seed") {
			t.Fatal("a view carries the RNG or a seed")
		}
		deals = append(deals, string(g.Initial))
	}
	if deals[0] == deals[1] {
		t.Fatal("two games got the same setup")
	}
}

// Names are shown to every player: control characters (NUL, which
// Postgres refuses, among them) and bidirectional overrides are refused
// with 400; ordinary Unicode is kept as typed.
func TestNamesRefuseControlCharacters(t *testing.T) {
	srv, _ := newServer(t)
	anon := client{t: t, base: srv.URL}
	_, g := anon.do("POST", "/api/games", map[string]any{"players": 3})
	id := g["id"].(string)
	for _, bad := range []string{"a\x00b", "bell\a", "line\nbreak", "\u202eevil", strings.Repeat("x", MaxName+1), "  "} {
		if code, body := anon.do("POST", "/api/games/"+id+"/join", map[string]any{"seat": 0, "name": bad}); code != 400 {
			t.Errorf("name %q: %d %v, want 400", bad, code, body)
		}
	}
	if code, body := anon.do("POST", "/api/games/"+id+"/join", map[string]any{"seat": 0, "name": "Zoë <b>&</b> 🚀"}); code != 200 {
		t.Fatalf("an ordinary name: %d %v", code, body)
	}
	_, view := anon.do("GET", "/api/games/"+id, nil)
	if view["names"].(map[string]any)["0"] != "Zoë <b>&</b> 🚀" {
		t.Fatalf("the name was not kept as typed: %v", view["names"])
	}
}

// A map string that does not parse is the client's mistake: 400, naming it.
func TestBadMapIs400(t *testing.T) {
	srv, _ := newServer(t)
	anon := client{t: t, base: srv.URL}
	for _, m := range []string{"banana", "25 26 999", strings.Repeat("19 ", 80)} {
		code, body := anon.do("POST", "/api/games", map[string]any{"players": 3, "map": m})
		if code != 400 || body["field"] != "map" {
			t.Errorf("map %q: %d %v, want 400 on field map", m, code, body)
		}
	}
}

// Creating games is limited per client address: past the burst, 429 with
// Retry-After; the bucket refills with time.
func TestCreationIsRateLimited(t *testing.T) {
	st, _ := sqliteStore(t)
	srv, s := serveWith(t, st, Options{CreatePerMinute: 3})
	anon := client{t: t, base: srv.URL}
	for i := 0; i < 3; i++ {
		if code, _ := anon.do("POST", "/api/games", map[string]any{"players": 3}); code != 201 {
			t.Fatalf("create %d: %d", i, code)
		}
	}
	req, _ := http.NewRequest("POST", srv.URL+"/api/games", strings.NewReader(`{"players":3}`))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("the fourth: %d, Retry-After %q", res.StatusCode, res.Header.Get("Retry-After"))
	}
	now := time.Now()
	s.creates.now = func() time.Time { return now.Add(21 * time.Second) } // a third of a minute: one more
	if code, _ := anon.do("POST", "/api/games", map[string]any{"players": 3}); code != 201 {
		t.Fatalf("after the refill: %d", code)
	}
}

// The limiter's table of addresses stays bounded under many addresses.
func TestLimiterTableIsBounded(t *testing.T) {
	l := newLimiter(2, time.Minute)
	now := time.Now()
	l.now = func() time.Time { return now }
	for i := 0; i < maxAddresses+500; i++ {
		l.allow(strings.Repeat("x", i%7) + string(rune(i)))
	}
	if len(l.buckets) > maxAddresses {
		t.Fatalf("%d addresses kept", len(l.buckets))
	}
	now = now.Add(time.Hour) // every bucket refilled: the table can be emptied
	if ok, _ := l.allow("new"); !ok || len(l.buckets) > maxAddresses {
		t.Fatalf("a new address after an hour: %v, %d kept", ok, len(l.buckets))
	}
}

// The games list comes a page at a time.
func TestGamesListIsPaginated(t *testing.T) {
	srv, _ := newServer(t)
	anon := client{t: t, base: srv.URL}
	for i := 0; i < 5; i++ {
		anon.do("POST", "/api/games", map[string]any{"players": 3})
	}
	seen := map[string]bool{}
	path := "/api/games?limit=2"
	for pages := 0; path != ""; pages++ {
		code, body := anon.do("GET", path, nil)
		if code != 200 || pages > 3 {
			t.Fatalf("%s: %d %v", path, code, body)
		}
		ids := body["games"].([]any)
		if len(ids) > 2 {
			t.Fatalf("a page of %d", len(ids))
		}
		for _, id := range ids {
			seen[id.(string)] = true
		}
		path = ""
		if next, ok := body["next"].(string); ok {
			path = "/api/games?limit=2&after=" + next
		}
	}
	if len(seen) != 5 {
		t.Fatalf("listed %d of 5 games", len(seen))
	}
	for _, q := range []string{"limit=0", "limit=201", "limit=x", "after=nope"} {
		if code, _ := anon.do("GET", "/api/games?"+q, nil); code != 400 {
			t.Errorf("%s: %d, want 400", q, code)
		}
	}
}

// Games read once do not stay in memory beyond the cache's bound; a game
// with live subscribers is never the one dropped; a dropped game reloads
// to the same view.
func TestIdleGamesAreEvicted(t *testing.T) {
	st, _ := sqliteStore(t)
	srv, s := serveWith(t, st, Options{MaxCached: 3})
	id, _, seats := setupGame(t, srv.URL)
	playOne(t, seats, id)
	_, before := seats[0].do("GET", "/api/games/"+id, nil)
	ws, err := dial(t, srv.URL, id, "")
	if err != nil {
		t.Fatal(err)
	}
	waitSeq(t, ws, 1, 5*time.Second)
	anon := client{t: t, base: srv.URL}
	var ids []string
	for i := 0; i < 10; i++ {
		_, g := anon.do("POST", "/api/games", map[string]any{"players": 3})
		ids = append(ids, g["id"].(string))
		anon.do("GET", "/api/games/"+g["id"].(string), nil)
	}
	if n := s.Cached(); n > 3 {
		t.Fatalf("%d games in memory, bound 3", n)
	}
	if !s.cached(mustLoad(t, s, id)) || s.Cached() > 4 {
		t.Fatal("the watched game was dropped")
	}
	ws.CloseNow()
	for deadline := time.Now().Add(5 * time.Second); s.liveSubs(id) > 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the watcher never left")
		}
	}
	for _, g := range ids[:4] {
		anon.do("GET", "/api/games/"+g, nil)
	}
	s.mu.Lock()
	_, still := s.cache[id]
	s.mu.Unlock()
	if still {
		t.Fatal("the game no one watches any more was kept")
	}
	_, after := seats[0].do("GET", "/api/games/"+id, nil)
	b1, _ := json.Marshal(before)
	b2, _ := json.Marshal(after)
	if string(b1) != string(b2) {
		t.Fatal("the reloaded game differs")
	}
}

func mustLoad(t testing.TB, s *Server, id string) *live {
	t.Helper()
	l, err := s.load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func (s *Server) liveSubs(id string) int32 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sl := s.cache[id]; sl != nil && sl.l != nil {
		return sl.l.nsubs.Load()
	}
	return 0
}

// WebSocket connections are bounded per game and per client address.
func TestLiveConnectionsAreBounded(t *testing.T) {
	st, _ := sqliteStore(t)
	srv, _ := serveWith(t, st, Options{MaxSubsPerGame: 2, MaxConnsPerAddr: 3})
	id, _, _ := setupGame(t, srv.URL)
	anon := client{t: t, base: srv.URL}
	_, g := anon.do("POST", "/api/games", map[string]any{"players": 3})
	other := g["id"].(string)
	var open []*websocket.Conn
	defer func() {
		for _, c := range open {
			c.CloseNow()
		}
	}()
	for i := 0; i < 2; i++ {
		c, err := dial(t, srv.URL, id, "")
		if err != nil {
			t.Fatalf("watcher %d: %v", i, err)
		}
		open = append(open, c)
	}
	if _, err := dial(t, srv.URL, id, ""); err == nil || !strings.Contains(err.Error(), "503") {
		t.Fatalf("a third watcher of the game: %v, want 503", err)
	}
	c, err := dial(t, srv.URL, other, "")
	if err != nil {
		t.Fatalf("another game: %v", err)
	}
	open = append(open, c)
	if _, err := dial(t, srv.URL, other, ""); err == nil || !strings.Contains(err.Error(), "429") {
		t.Fatalf("a fourth connection from the address: %v, want 429", err)
	}
}

// Each change builds one view per seat that has subscribers, however many
// subscribers share it: 40 watchers and a seat cost two views, not 41.
func TestViewsBuiltOncePerSeat(t *testing.T) {
	srv, _ := newServer(t)
	id, _, seats := setupGame(t, srv.URL)
	mustLoad(t, lastServer, id)
	var conns []*websocket.Conn
	defer func() {
		for _, c := range conns {
			c.CloseNow()
		}
	}()
	for i := 0; i < 40; i++ {
		c, err := dial(t, srv.URL, id, "")
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	c, err := dial(t, srv.URL, id, seats[1].token)
	if err != nil {
		t.Fatal(err)
	}
	conns = append(conns, c)
	for _, c := range conns {
		waitSeq(t, c, 0, 5*time.Second)
	}
	before := viewsBuilt.Load()
	playOne(t, seats, id)
	built := viewsBuilt.Load() - before
	// The public view and seat 1's for the frame, and the acting seat's
	// for its answer when it is not seat 1.
	if built > 3 {
		t.Fatalf("one action built %d views for 41 subscribers", built)
	}
	for _, c := range conns {
		waitSeq(t, c, 1, 5*time.Second)
	}
}

// A store conflict (another server moved the game on) reloads the game in
// place: its subscribers stay and are sent the game as it now is.
func TestConflictKeepsSubscribers(t *testing.T) {
	st, _ := sqliteStore(t)
	srvA, _ := serveWith(t, st, Options{})
	srvB, _ := serveWith(t, st, Options{})
	id, _, seats := setupGame(t, srvA.URL)
	ws, err := dial(t, srvA.URL, id, "")
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	waitSeq(t, ws, 0, 5*time.Second)
	onB := make([]client, len(seats))
	for i, c := range seats {
		c.base = srvB.URL
		onB[i] = c
	}
	playOne(t, onB, id)
	playOne(t, onB, id) // A knows nothing of these (SQLite has no notices)
	// A seat acting through A at the seq A knows is refused, and A
	// reloads: its watcher is sent seq 2.
	var a map[string]any
	_, acts := legalOf(t, seats[0], id)
	if len(acts) == 0 {
		_, acts = legalOf(t, seats[1], id)
	}
	json.Unmarshal(acts[0], &a)
	c := seats[int(a["seat"].(float64))]
	code, body := c.do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": 0, "action": a})
	if code != 409 {
		t.Fatalf("a stale act on A: %d %v", code, body)
	}
	waitSeq(t, ws, 2, 5*time.Second)
	if !playOne(t, seats, id) {
		t.Fatal("A takes moves again after the reload")
	}
	waitSeq(t, ws, 3, 5*time.Second)
}

// When the store holds fewer entries than memory (a database that lost
// its last moments), the store is the truth: a refresh reloads the game
// back to it, and the server stops serving the state ahead of it.
func TestRefreshTrustsAShorterStore(t *testing.T) {
	st, path := sqliteStore(t)
	srv, s := serveWith(t, st, Options{})
	id, _, seats := setupGame(t, srv.URL)
	for i := 0; i < 3; i++ {
		playOne(t, seats, id)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`DELETE FROM entries WHERE game = ? AND seq >= 1`, id); err != nil {
		t.Fatal(err)
	}
	s.refresh(context.Background(), id)
	if seq, _ := legalOf(t, seats[0], id); seq != 1 {
		t.Fatalf("the server serves seq %d; the store holds 1 entry", seq)
	}
	if !playOne(t, seats, id) {
		t.Fatal("play goes on from the store's state")
	}
}

// Every timeout of the HTTP server is set, so a client that trickles its
// request or idles cannot hold a connection open.
func TestHTTPServerTimeouts(t *testing.T) {
	h := New(nil, slog.New(slog.NewTextHandler(io.Discard, nil)), web.Files()).HTTPServer()
	if h.ReadHeaderTimeout == 0 || h.ReadTimeout == 0 || h.WriteTimeout == 0 || h.IdleTimeout == 0 || h.MaxHeaderBytes == 0 {
		t.Fatalf("timeouts: %+v", h)
	}
}

// Many requests for a game not yet in memory load it once; a load does not
// hold up requests for other games.
func TestConcurrentFirstLoadsLoadOnce(t *testing.T) {
	st, _ := sqliteStore(t)
	srv, s := serveWith(t, st, Options{})
	id, _, _ := setupGame(t, srv.URL)
	s.mu.Lock()
	delete(s.cache, id)
	s.lru.Init()
	s.mu.Unlock()
	before := loadsDone.Load()
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if code, _ := (client{t: t, base: srv.URL}).do("GET", "/api/games/"+id, nil); code != 200 {
				t.Errorf("GET: %d", code)
			}
		}()
	}
	wg.Wait()
	if n := loadsDone.Load() - before; n != 1 {
		t.Fatalf("%d loads for one game", n)
	}
}

// Battle odds are bounded: fighters past the cap are refused at once with
// the cap named (400 v 400 fighters used to take 30 s), and a request
// whose client leaves stops its solve.
func TestOddsAreBounded(t *testing.T) {
	srv, _ := newServer(t)
	anon := client{t: t, base: srv.URL}
	start := time.Now()
	code, body := anon.do("GET", "/api/odds?attacker=400+fighter&defender=400+fighter", nil)
	if code != 400 || !strings.Contains(body["error"].(string), "at most 50") {
		t.Fatalf("400 v 400 fighters: %d %v", code, body)
	}
	if took := time.Since(start); took > time.Second {
		t.Fatalf("the refusal took %v", took)
	}
	code, body = anon.do("GET", "/api/odds?attacker=2+dreadnought&defender=3+fighter", nil)
	if code != 200 || body["attacker_wins"] == nil || body["battles"] != nil {
		t.Fatalf("a small battle, solved exactly: %d %v", code, body)
	}
	// Technologies by id; one the exact solver does not model is simulated,
	// and the answer says how many battles.
	code, body = anon.do("GET", "/api/odds?attacker=2+dreadnought&defender=3+fighter&attacker_tech=duranium_armor,plasma_scoring", nil)
	if code != 200 || body["battles"] != float64(SimulatedBattles) {
		t.Fatalf("with Duranium Armor: %d %v", code, body)
	}
	code, body = anon.do("GET", "/api/odds?attacker=1+fighter&defender=1+fighter&attacker_faction=sardakk", nil)
	if code != 200 || body["attacker_wins"].(float64) < 0.54 {
		t.Fatalf("Sardakk's +1: %d %v", code, body)
	}
	// A leader or a note by id, against the other side's faction: the
	// N'orr never hold their own Tekklar Legion (69.2).
	code, body = anon.do("GET", "/api/odds?mode=ground&attacker=2+infantry&planet=2+infantry&attacker_tech=sardakk:tekklar_legion&defender_faction=sardakk", nil)
	_, alone := anon.do("GET", "/api/odds?mode=ground&attacker=2+infantry&planet=2+infantry&attacker_tech=sardakk:tekklar_legion", nil)
	if code != 200 || body["attacker_wins"] == nil || body["attacker_wins"] != alone["attacker_wins"] {
		t.Fatalf("Tekklar Legion against the N'orr, whose +1 it takes back: %d %v; against nobody %v", code, body, alone)
	}
	code, body = anon.do("GET", "/api/odds?mode=ground&attacker=2+infantry&planet=2+infantry&attacker_tech=sardakk:tekklar_legion&attacker_faction=sardakk", nil)
	if code != 400 || !strings.Contains(body["error"].(string), "attacker_tech") || !strings.Contains(body["error"].(string), "69.2") {
		t.Fatalf("the N'orr's own note: %d %v", code, body)
	}
	code, body = anon.do("GET", "/api/odds?attacker=1+fighter&defender=1+fighter&defender_faction=vulcans", nil)
	if code != 400 || !strings.Contains(body["error"].(string), "defender_faction") {
		t.Fatalf("an unknown faction: %d %v", code, body)
	}
	for _, bad := range []string{"-1", "1001", "many"} { // trade goods for Wrath of Kenara, bounded
		code, body = anon.do("GET", "/api/odds?attacker=1+hacan+flagship&defender=1+dreadnought&attacker_trade_goods="+bad, nil)
		if code != 400 || !strings.Contains(body["error"].(string), "attacker_trade_goods") {
			t.Fatalf("trade goods %s: %d %v", bad, code, body)
		}
	}
	code, body = anon.do("GET", "/api/odds?attacker=1+hacan+flagship&defender=1+dreadnought&attacker_trade_goods=3", nil)
	if code != 200 || body["battles"] != float64(SimulatedBattles) {
		t.Fatalf("Wrath of Kenara with 3 trade goods, simulated: %d %v", code, body)
	}
	code, body = anon.do("GET", "/api/odds?attacker=2+dreadnought&defender=3+fighter&defender_tech=warp_drive", nil)
	if code != 400 || !strings.Contains(body["error"].(string), "defender_tech") {
		t.Fatalf("an unknown technology: %d %v", code, body)
	}
	// A client that gives up on the largest battle allowed: the server's
	// solving slots are free again soon after.
	big := "/api/odds?mode=both&attacker=" + url.QueryEscape("2 warsun, 5 dreadnought2, 4 carrier2, 8 cruiser2, 8 destroyer2, 50 fighter2, 50 infantry2") +
		"&defender=" + url.QueryEscape("2 warsun, 5 dreadnought2, 4 carrier2, 8 cruiser2, 8 destroyer2, 50 fighter2") + "&planet=" + url.QueryEscape("50 infantry2, 6 pds2")
	for i := 0; i < 4; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+big, nil)
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
		}
		cancel()
	}
	deadline := time.Now().Add(2 * time.Second)
	for len(lastServer.solving) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d solves still running after their clients left", len(lastServer.solving))
		}
		time.Sleep(10 * time.Millisecond)
	}
}
