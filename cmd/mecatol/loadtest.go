package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/server"
	"github.com/mecatol/mecatol/internal/store"
	"github.com/mecatol/mecatol/internal/web"
)

// cmdLoad plays concurrent games through the HTTP API, each seat a client
// with its own WebSocket, and measures what players would feel: accepted
// actions per second over the window in which actions were played (setup
// excluded, ending early if every game ends), the latency of submitting an
// action, and the latency from a submit to another seat's WebSocket showing
// it. With no --addr it runs its own server, on a fresh SQLite file or the
// --db given.
func cmdLoad(args []string, out io.Writer) error {
	fs := flags("loadtest")
	games := fs.Int("games", 8, "concurrent games")
	players := fs.Int("players", 4, "players per game (each a client with a WebSocket)")
	dur := fs.Duration("duration", 10*time.Second, "the longest the actions' window runs")
	addr := fs.String("addr", "", "a running server's base URL; empty starts one in process")
	db := fs.String("db", "", "the in-process server's store: a SQLite file or a postgres:// URL (empty: a temporary SQLite file)")
	watchers := fs.Int("watchers", 0, "extra anonymous WebSocket watchers of the first game")
	think := fs.Duration("think", 0, "each seat's mean pause after an accepted action, jittered by half either way, and its start spread over it (0: act again at once, which saturates the server)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *games < 1 || *players < 3 || *players > 8 || *watchers < 0 {
		return usageError{fmt.Errorf("--games at least 1, --players 3 to 8, --watchers not negative"), "loadtest"}
	}
	base := *addr
	if base == "" {
		srv, stop, err := loadServer(*db)
		if err != nil {
			return err
		}
		defer stop()
		base = srv
	}
	lt := &loadTest{base: base, players: *players, think: *think,
		http: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *games**players + 16, MaxIdleConns: *games**players + 16}}}
	if err := lt.setup(*games, *watchers); err != nil {
		return err
	}
	defer lt.close()
	if f := os.Getenv("MECATOL_CPUPROFILE"); f != "" {
		pf, _ := os.Create(f)
		pprof.StartCPUProfile(pf)
		defer pprof.StopCPUProfile()
	}
	rep := lt.run(*dur)
	rep.Games, rep.Players, rep.Watchers, rep.Think = *games, *players, *watchers, *think
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	fmt.Fprint(out, rep.String())
	return nil
}

// loadServer starts an in-process server with bounds wide enough for the
// test's own clients (all from one address).
func loadServer(db string) (string, func(), error) {
	dir := ""
	if db == "" {
		var err error
		if dir, err = os.MkdirTemp("", "mecatol-load"); err != nil {
			return "", nil, err
		}
		db = filepath.Join(dir, "load.db")
	}
	st, err := store.Open(db)
	if err != nil {
		return "", nil, err
	}
	app := server.NewWith(st, slog.New(slog.NewTextHandler(io.Discard, nil)), web.Files(),
		server.Options{CreatePerMinute: 1 << 30, MaxConnsPerAddr: 1 << 30, MaxSubsPerGame: 1 << 30, MaxCached: 1 << 20})
	srv := httptest.NewServer(app.Handler())
	return srv.URL, func() {
		srv.Close()
		st.Close()
		if dir != "" {
			os.RemoveAll(dir)
		}
	}, nil
}

// loadTest is one run: its games, their seats' clients, and what they saw.
type loadTest struct {
	base    string
	players int
	think   time.Duration
	http    *http.Client
	games   []*loadGame
	watch   []*socket // the first game's watchers

	start   time.Time // the first submit
	mu      sync.Mutex
	submit  []time.Duration
	bcast   []time.Duration // submit to another seat's socket
	watched []time.Duration // submit to a watcher's socket
	stale   int             // 409s
	refused int             // 422s: a listed action refused (should be 0)
}

type loadGame struct {
	id    string
	seats []*socket
	// sent holds, per sequence number, when and by whom the action that
	// reached it was submitted; the sockets of the other seats read it.
	sent sync.Map // int -> submitted
	over atomic.Bool
}

type submitted struct {
	at   time.Time
	seat int
}

// socket is one WebSocket client: the highest seq it has seen, and a
// wake-up for the seat waiting on it.
type socket struct {
	seat  int // -1 for a watcher
	token string
	conn  *websocket.Conn
	seq   atomic.Int64
	wake  chan struct{}
	done  chan struct{}
}

func (lt *loadTest) call(method, path, token string, body any) (int, []byte, error) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, lt.base+path, r)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := lt.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, b, err
}

// setup creates the games, joins every seat and opens the sockets, all
// before the measured window.
func (lt *loadTest) setup(games, watchers int) error {
	for g := 0; g < games; g++ {
		code, b, err := lt.call("POST", "/api/games", "", map[string]any{"players": lt.players})
		if err != nil || code != http.StatusCreated {
			return fmt.Errorf("create game: %d %s %v", code, b, err)
		}
		var c struct{ ID string }
		json.Unmarshal(b, &c)
		lg := &loadGame{id: c.ID}
		for seat := 0; seat < lt.players; seat++ {
			code, b, err := lt.call("POST", "/api/games/"+c.ID+"/join", "", map[string]any{"seat": seat, "name": fmt.Sprint("bot", seat)})
			if err != nil || code != http.StatusOK {
				return fmt.Errorf("join: %d %s %v", code, b, err)
			}
			var j struct{ Token string }
			json.Unmarshal(b, &j)
			s, err := lt.dial(lg, seat, j.Token)
			if err != nil {
				return err
			}
			lg.seats = append(lg.seats, s)
		}
		lt.games = append(lt.games, lg)
	}
	for i := 0; i < watchers; i++ {
		s, err := lt.dial(lt.games[0], -1, "")
		if err != nil {
			return fmt.Errorf("watcher %d: %w", i, err)
		}
		lt.watch = append(lt.watch, s)
	}
	return nil
}

func (lt *loadTest) dial(g *loadGame, seat int, token string) (*socket, error) {
	u := "ws" + strings.TrimPrefix(lt.base, "http") + "/api/games/" + g.id + "/ws"
	if token != "" {
		u += "?token=" + token
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: lt.http})
	if err != nil {
		return nil, fmt.Errorf("websocket: %w", err)
	}
	conn.SetReadLimit(1 << 24)
	s := &socket{seat: seat, token: token, conn: conn, wake: make(chan struct{}, 1), done: make(chan struct{})}
	s.seq.Store(-1)
	go lt.read(g, s)
	return s, nil
}

// read follows one socket: every seq it shows for the first time (servers
// may skip to the newest) is a broadcast sample for the action that made it.
func (lt *loadTest) read(g *loadGame, s *socket) {
	defer close(s.done)
	for {
		_, msg, err := s.conn.Read(context.Background())
		if err != nil {
			return
		}
		now := time.Now()
		seq := seqOf(msg)
		if bytes.Contains(msg, []byte(`"phase":"over"`)) {
			g.over.Store(true)
		}
		var samples []time.Duration
		for n := s.seq.Load() + 1; n <= int64(seq); n++ {
			if t, ok := g.sent.Load(int(n)); ok && t.(submitted).seat != s.seat {
				samples = append(samples, now.Sub(t.(submitted).at))
			}
		}
		if int64(seq) > s.seq.Load() {
			s.seq.Store(int64(seq))
		}
		if len(samples) > 0 {
			lt.mu.Lock()
			if s.seat < 0 {
				lt.watched = append(lt.watched, samples...)
			} else {
				lt.bcast = append(lt.bcast, samples...)
			}
			lt.mu.Unlock()
		}
		select {
		case s.wake <- struct{}{}:
		default:
		}
	}
}

// seqOf reads the "seq" of a view without decoding the whole message.
func seqOf(msg []byte) int {
	i := bytes.Index(msg, []byte(`"seq":`))
	if i < 0 {
		return -1
	}
	j := i + len(`"seq":`)
	k := j
	for k < len(msg) && msg[k] >= '0' && msg[k] <= '9' {
		k++
	}
	n, _ := strconv.Atoi(string(msg[j:k]))
	return n
}

// run plays until the duration is up or every game has ended, and reports.
func (lt *loadTest) run(dur time.Duration) *loadReport {
	var wg sync.WaitGroup
	var started sync.Once
	var deadline atomic.Pointer[time.Time]
	begin := func() {
		started.Do(func() {
			lt.start = time.Now()
			d := lt.start.Add(dur)
			deadline.Store(&d)
		})
	}
	hard := time.Now().Add(dur + 30*time.Second) // if no one ever acts
	expired := func() bool {
		d := deadline.Load()
		return (d != nil && time.Now().After(*d)) || time.Now().After(hard)
	}
	var accepted atomic.Int64
	var last atomic.Int64 // unix nanos of the last accepted action
	for gi, g := range lt.games {
		for _, s := range g.seats {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := engine.NewRNG(uint64(gi*16 + s.seat + 1))
				// Players are not in step: with a pause set, each seat starts
				// at a random moment within it, and pauses half to one and a
				// half times it.
				pause := func(scale float64) {
					if lt.think > 0 {
						time.Sleep(time.Duration(scale * float64(lt.think) * float64(rng.IntN(1000)) / 1000))
					}
				}
				pause(1)
				for !expired() && !g.over.Load() {
					code, b, err := lt.call("GET", "/api/games/"+g.id+"/legal", s.token, nil)
					if err != nil || code != http.StatusOK {
						return
					}
					var l struct {
						Seq     int
						Actions []json.RawMessage
					}
					json.Unmarshal(b, &l)
					if len(l.Actions) == 0 {
						lt.await(s, l.Seq, expired, g)
						continue
					}
					begin()
					a := l.Actions[rng.IntN(len(l.Actions))]
					t0 := time.Now()
					sub := submitted{t0, s.seat}
					g.sent.Store(l.Seq+1, sub)
					code, _, err = lt.call("POST", "/api/games/"+g.id+"/actions", s.token, map[string]any{"seq": l.Seq, "action": a})
					took := time.Since(t0)
					if err != nil {
						return
					}
					lt.mu.Lock()
					switch code {
					case http.StatusOK:
						lt.submit = append(lt.submit, took)
						accepted.Add(1)
						last.Store(time.Now().UnixNano())
					case http.StatusConflict:
						lt.stale++
					default:
						lt.refused++
					}
					lt.mu.Unlock()
					if code != http.StatusOK {
						g.sent.CompareAndDelete(l.Seq+1, sub)
					} else if lt.think > 0 {
						time.Sleep(lt.think / 2)
						pause(1)
					}
				}
			}()
		}
	}
	wg.Wait()
	end := time.Unix(0, last.Load())
	if last.Load() == 0 {
		end = time.Now()
	}
	rep := &loadReport{Accepted: int(accepted.Load()), Stale: lt.stale, Refused: lt.refused}
	if !lt.start.IsZero() && end.After(lt.start) {
		rep.Window = end.Sub(lt.start)
		rep.PerSecond = float64(rep.Accepted) / rep.Window.Seconds()
	}
	for _, g := range lt.games {
		if g.over.Load() {
			rep.Ended++
		}
	}
	// The watchers get a moment to catch up; any still behind is counted.
	final := int64(lt.games[0].seats[0].seq.Load())
	for _, s := range lt.games[0].seats {
		final = max(final, s.seq.Load())
	}
	catchUp := time.Now().Add(5 * time.Second)
	for _, w := range lt.watch {
		for w.seq.Load() < final && time.Now().Before(catchUp) {
			time.Sleep(5 * time.Millisecond)
		}
		if w.seq.Load() < final {
			rep.WatchersBehind++
		}
	}
	lt.mu.Lock()
	rep.Submit, rep.Broadcast, rep.Watched = percentiles(lt.submit), percentiles(lt.bcast), percentiles(lt.watched)
	lt.mu.Unlock()
	return rep
}

// await waits until the seat's socket shows a seq past seq, the game ends
// or time is up.
func (lt *loadTest) await(s *socket, seq int, expired func() bool, g *loadGame) {
	for s.seq.Load() <= int64(seq) && !expired() && !g.over.Load() {
		select {
		case <-s.wake:
		case <-s.done:
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func (lt *loadTest) close() {
	for _, g := range lt.games {
		for _, s := range g.seats {
			s.conn.CloseNow()
		}
	}
	for _, s := range lt.watch {
		s.conn.CloseNow()
	}
}

// latency is a distribution's summary.
type latency struct {
	N   int           `json:"n"`
	P50 time.Duration `json:"p50_ns"`
	P90 time.Duration `json:"p90_ns"`
	P99 time.Duration `json:"p99_ns"`
	Max time.Duration `json:"max_ns"`
}

// percentiles summarises samples by the nearest-rank method.
func percentiles(xs []time.Duration) latency {
	if len(xs) == 0 {
		return latency{}
	}
	s := append([]time.Duration(nil), xs...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	rank := func(p float64) time.Duration {
		k := int(p*float64(len(s))+0.999999) - 1 // ceil(p*n), 1-based
		return s[min(max(k, 0), len(s)-1)]
	}
	return latency{N: len(s), P50: rank(0.50), P90: rank(0.90), P99: rank(0.99), Max: s[len(s)-1]}
}

func (l latency) String() string {
	r := func(d time.Duration) time.Duration { return d.Round(10 * time.Microsecond) }
	return fmt.Sprintf("p50 %v, p90 %v, p99 %v, max %v (%d samples)", r(l.P50), r(l.P90), r(l.P99), r(l.Max), l.N)
}

// loadReport is what a run measured.
type loadReport struct {
	Games          int           `json:"games"`
	Think          time.Duration `json:"think_ns"`
	Players        int           `json:"players"`
	Watchers       int           `json:"watchers"`
	Window         time.Duration `json:"window_ns"` // first submit to last accepted action
	Accepted       int           `json:"accepted"`
	PerSecond      float64       `json:"actions_per_second"`
	Stale          int           `json:"stale_409"`
	Refused        int           `json:"refused"`
	Ended          int           `json:"games_ended"`
	Submit         latency       `json:"submit"`
	Broadcast      latency       `json:"broadcast"` // submit to another seat's socket
	Watched        latency       `json:"watched"`   // submit to a watcher's socket
	WatchersBehind int           `json:"watchers_behind"`
}

func (r *loadReport) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d games x %d players", r.Games, r.Players)
	if r.Think > 0 {
		fmt.Fprintf(&b, " (each pausing %v after an action)", r.Think)
	}
	if r.Watchers > 0 {
		fmt.Fprintf(&b, ", %d watchers on the first", r.Watchers)
	}
	fmt.Fprintf(&b, ": %d actions accepted in %v (%.0f actions/s), %d stale (409), %d refused, %d games ended\n",
		r.Accepted, r.Window.Round(time.Millisecond), r.PerSecond, r.Stale, r.Refused, r.Ended)
	fmt.Fprintf(&b, "submit latency: %v\n", r.Submit)
	fmt.Fprintf(&b, "submit to another seat's update: %v\n", r.Broadcast)
	if r.Watchers > 0 {
		fmt.Fprintf(&b, "submit to a watcher's update: %v; %d watchers behind at the end\n", r.Watched, r.WatchersBehind)
	}
	return b.String()
}
