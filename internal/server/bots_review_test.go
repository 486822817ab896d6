package server

import (
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mecatol/mecatol/internal/store"
	"github.com/mecatol/mecatol/internal/ti4"
	"github.com/mecatol/mecatol/internal/web"

	"github.com/mecatol/mecatol/internal/bot"
	"github.com/mecatol/mecatol/internal/engine"
)

// seatBots2 seats bots in seats 1 and 2 of a fresh three-player game whose
// seat 0 a person joins; it returns the game, the host and the person.
func seatBots2(t *testing.T, base string, kind string) (string, client, client) {
	t.Helper()
	id, host := createTI4(t, base)
	me := join(t, base, id, 0)
	for _, seat := range []string{"1", "2"} {
		if code, body := host.do("POST", "/api/games/"+id+"/seats/"+seat+"/bot", map[string]any{"bot": kind}); code != 200 {
			t.Fatalf("seat a bot: %d %v", code, body)
		}
	}
	return id, host, me
}

// settle waits until the store's log of the game stops growing.
func settle(t *testing.T, s *Server, id string) int {
	t.Helper()
	last, since := -1, time.Now()
	for time.Since(since) < 2*time.Second {
		n, err := s.store.Length(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if n != last {
			last, since = n, time.Now()
		}
		time.Sleep(20 * time.Millisecond)
	}
	return last
}

// A game dropped from the cache while its bots are playing keeps a
// goroutine playing the dropped copy; the copy loaded next runs bots of
// its own. The two race on the store; when the new copy loses, its bots
// stop, the dropped copy's go on, and the cached copy (the one every
// request and subscriber sees) is never told: the person is shown a game
// waiting on the bots while the store already waits on the person.
func TestAnEvictedGamesBotsStopAndTheCachedCopyPlaysOn(t *testing.T) {
	if testing.Short() {
		t.Skip("whole turns of bots at their pace: not with -short (the race run)")
	}
	st, _ := sqliteStore(t)
	srv, s := serveWith(t, st, Options{MaxCached: 1})
	id, _, me := seatBots2(t, srv.URL, "greedy")
	otherID, _ := createTI4(t, srv.URL)
	rng := engine.NewRNG(4)
	greedy := bot.Greedy{RNG: &rng}
	for moves := 0; moves < 4; moves++ {
		v := myTurn(t, me, id)
		a, err := greedy.Choose(v.View, v.Legal)
		if err != nil {
			t.Fatal(err)
		}
		if code, _ := me.do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": v.Seq, "action": a}); code != 200 {
			continue
		}
		// The bots are now playing l1. Push the game out of the cache and
		// load it again while they play.
		client{t: t, base: srv.URL}.do("GET", "/api/games/"+otherID, nil)
		client{t: t, base: srv.URL}.do("GET", "/api/games/"+id, nil)
		stored := settle(t, s, id)
		time.Sleep(500 * time.Millisecond)
		sv := viewOf(t, me, id)
		served := sv.Seq
		if served != stored {
			t.Logf("served view: legal actions for the person %d, deciding %v", len(sv.Legal), sv.View.Deciding)
			t.Fatalf("after move %d the store holds %d entries but the server serves the game at seq %d (and stays there: no bot, no person can move it on)", moves, stored, served)
		}
	}
}

// syncBuf is a log sink that tests read while servers write.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// twoServers serves one Postgres database through two servers that
// follow each other (LISTEN/NOTIFY), each logging into its own buffer.
func twoServers(t *testing.T) (a, b *httptest.Server, sa, sb *Server, la, lb *syncBuf, st *store.Store) {
	t.Helper()
	dsn := testDatabase(t)
	la, lb = &syncBuf{}, &syncBuf{}
	mk := func(buf *syncBuf) (*httptest.Server, *Server, *store.Store) {
		st, err := store.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		s := NewWith(st, slog.New(slog.NewTextHandler(buf, nil)), web.Files(), Options{})
		srv := httptest.NewServer(s.Handler())
		ctx, cancel := context.WithCancel(context.Background())
		go s.Listen(ctx)
		<-s.Following()
		t.Cleanup(func() { cancel(); srv.Close(); time.Sleep(200 * time.Millisecond); st.Close() })
		return srv, s, st
	}
	a, sa, st = mk(la)
	b, sb, _ = mk(lb)
	return
}

// The "one seat at least is left for a person" rule is checked against
// one server's memory only: with two servers on one store (what Postgres
// is for), a host who seats bots through both at once fills every seat
// with bots, and the game then plays itself on the servers with no person
// in it.
func TestTwoServersLeaveASeatForAPerson(t *testing.T) {
	a, b, sa, _, _, _, st := twoServers(t)
	filled := 0
	for try := 0; try < 10 && filled == 0; try++ {
		id, host := createTI4(t, a.URL)
		onB := host
		onB.base = b.URL
		viewOf(t, client{t: t, base: a.URL}, id) // both servers hold the game
		viewOf(t, client{t: t, base: b.URL}, id)
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			host.do("POST", "/api/games/"+id+"/seats/0/bot", map[string]any{"bot": "random"})
			host.do("POST", "/api/games/"+id+"/seats/1/bot", map[string]any{"bot": "random"})
		}()
		go func() {
			defer wg.Done()
			onB.do("POST", "/api/games/"+id+"/seats/2/bot", map[string]any{"bot": "random"})
		}()
		wg.Wait()
		hashes, _, err := st.Seats(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		bots := 0
		for seat, h := range hashes {
			if seat >= 0 && store.IsBot(h) {
				bots++
			}
		}
		if bots < 3 {
			continue
		}
		filled++
		start, _ := st.Length(context.Background(), id)
		viewOf(t, client{t: t, base: a.URL}, id)
		time.Sleep(3 * time.Second)
		end, _ := st.Length(context.Background(), id)
		_ = sa
		t.Errorf("try %d: game %s has a bot in each of its 3 seats; with no person in it, it went from %d to %d entries in 3s", try, id, start, end)
	}
}

// A server plays a game's bots when a player's request reaches it, not
// when it follows another server's move nor when a watcher looks: a
// person playing two bots through one server, watched through another,
// does not make the two fight over the bots' moves (and a move lost to
// the other server is no error).
func TestTwoServersDoNotBothPlayTheBots(t *testing.T) {
	a, b, _, _, la, lb, _ := twoServers(t)
	id, host := createTI4(t, a.URL)
	me := join(t, a.URL, id, 0)
	for _, seat := range []string{"1", "2"} {
		if code, body := host.do("POST", "/api/games/"+id+"/seats/"+seat+"/bot", map[string]any{"bot": "greedy"}); code != 200 {
			t.Fatalf("seat a bot: %d %v", code, body)
		}
	}
	viewOf(t, client{t: t, base: b.URL}, id) // a watcher on B: B holds the game
	rng := engine.NewRNG(4)
	greedy := bot.Greedy{RNG: &rng}
	for moves := 0; moves < 30; moves++ {
		v := myTurn(t, me, id)
		if v.View.State.Round >= 2 {
			break
		}
		a, _ := greedy.Choose(v.View, v.Legal)
		me.do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": v.Seq, "action": a})
	}
	logs := la.String() + lb.String()
	if i := strings.Index(logs, "level=ERROR"); i >= 0 {
		t.Errorf("an error: %.300s", logs[i:])
	}
	if lost := strings.Count(logs, "bot move played elsewhere"); lost > 0 {
		t.Errorf("%d bot moves were worked out on both servers", lost)
	}
}

// live.people deletes the bots' seats in place (slices.DeleteFunc) from
// Table.Players(); TI4's Players is State.Active(), which for a game where
// no one is eliminated returns the process-wide allSeats[n] (capacity cut,
// but the elements shared). One undo request of hidden information in a
// TI4 game with bots (or one consent) overwrites allSeats[n], and every
// n-player TI4 game in the process then sees its players as [0 0 0]: the
// rules run wrong, and stored games no longer replay (503 on their next
// load) until the process restarts.
func TestAnUndoInAGameWithBotsLeavesOtherGamesAlone(t *testing.T) {
	srv, _ := newServer(t)
	id, host, me := seatBots2(t, srv.URL, "greedy")
	rng := engine.NewRNG(4)
	greedy := bot.Greedy{RNG: &rng}
	// An unrelated game of three people, played to its second round.
	other, otherHost, seats := setupGame(t, srv.URL)
	for moves := 0; moves < 3000; moves++ {
		v := viewOf(t, seats[0], other)
		if v.View.State.Round >= 2 {
			break
		}
		for _, c := range seats {
			if v = viewOf(t, c, other); len(v.Legal) > 0 {
				a, _ := greedy.Choose(v.View, v.Legal)
				c.do("POST", "/api/games/"+other+"/actions", map[string]any{"seq": v.Seq, "action": a})
				break
			}
		}
	}
	fresh := func() []int {
		tb, err := ti4.Module{}.New([]byte(`{"players":3}`), [32]byte{1})
		if err != nil {
			t.Fatal(err)
		}
		return tb.Players()
	}
	if p := fresh(); len(p) != 3 || p[1] != 1 || p[2] != 2 {
		t.Fatalf("before: %v", p)
	}
	// The person plays the bots to round 2; the host asks to undo it all,
	// which takes back the status phase's draws: the undo waits for the
	// people, and people() runs.
	asked := false
	for moves := 0; moves < 400 && !asked; moves++ {
		v := myTurn(t, me, id)
		if v.View.State.Round < 2 {
			a, _ := greedy.Choose(v.View, v.Legal)
			me.do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": v.Seq, "action": a})
			continue
		}
		code, body := host.do("POST", "/api/games/"+id+"/undo", map[string]any{"seq": v.Seq, "count": v.Seq})
		if code != 202 {
			t.Fatalf("undo: %d %v", code, body)
		}
		asked = true
	}
	if !asked {
		t.Fatal("round 2 never came")
	}
	if p := fresh(); len(p) != 3 || p[1] != 1 || p[2] != 2 {
		t.Errorf("after one undo request in a game with bots, a brand-new three-player TI4 game's players are %v", p)
	}
	// In the game of three people, with no bot: an undo of hidden
	// information now needs seat 0 alone, and seat 0's consent applies it.
	oh := client{t: t, base: srv.URL, token: otherHost}
	v := viewOf(t, seats[0], other)
	code, body := oh.do("POST", "/api/games/"+other+"/undo", map[string]any{"seq": v.Seq, "count": v.Seq})
	if code != 202 {
		t.Fatalf("undo in the game of people: %d %v", code, body)
	}
	t.Logf("the game of three people: the undo needs %v", body["needs"])
	if code, body := seats[0].do("POST", "/api/games/"+other+"/undo/consent", nil); code == 200 {
		t.Errorf("seat 0's consent alone undid %d actions that revealed hidden information in a game of three people: %v", v.Seq, body)
	}
}

// The server's bot loop never stalls a game: whenever no bot is to move,
// a person has a move (or the game is over), and a bot asked always has
// one. The loop is emulated over whole games: planners in two seats, a
// greedy person in the third.
func TestBotLoopNeverStallsAGame(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		var key [32]byte
		key[0] = byte(seed)
		tb, err := ti4.Module{}.New([]byte(`{"players":3}`), key)
		if err != nil {
			t.Fatal(err)
		}
		l := &live{game: tb, bots: map[int]engine.Player{}}
		for q := 1; q < 3; q++ {
			l.bots[q], _ = bot.NewSeat("planner", seed*10+uint64(q))
		}
		rng := engine.NewRNG(seed)
		person := bot.Greedy{RNG: &rng}
		tt := tb.(*ti4.Table)
		for tt.G.Len() < 3000 && tt.G.State().Phase != ti4.PhaseOver {
			var m engine.Move
			if seat, p, ok := l.botToMove(); ok {
				var can bool
				if m, can, err = p.Choose(tb, seat); err != nil || !can {
					t.Fatalf("seed %d step %d: the bot of seat %d was asked and has no move (%v)", seed, tt.G.Len(), seat, err)
				}
			} else {
				legal := ti4.Legal(tt.G.State(), engine.NewRNG(0), 0)
				if len(legal) == 0 {
					t.Fatalf("seed %d step %d: stalled: no bot is to move and the person has no move (%s)", seed, tt.G.Len(), tb.Why())
				}
				v, _ := ti4.ViewFor(tt.G.State(), 0)
				m, _ = person.Choose(v, legal)
			}
			if _, err := tb.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// stubTable answers only what botToMove asks.
type stubTable struct {
	engine.Table
	waiting []int
	moves   map[int]bool
}

func (s stubTable) Seats() int      { return 3 }
func (s stubTable) Players() []int  { return []int{0, 1, 2} }
func (s stubTable) Waiting() []int  { return s.waiting }
func (s stubTable) Legal(q int) any { return map[bool]any{true: []int{1}}[s.moves[q]] }

// The bot the game waits on moves when it can; when it cannot, another bot
// that can does; a person who can move is waited for; no bot moves once no
// person is left in the game.
func TestBotToMove(t *testing.T) {
	b1, _ := bot.NewSeat("random", 1)
	b2, _ := bot.NewSeat("random", 2)
	cases := []struct {
		name    string
		waiting []int
		moves   map[int]bool
		bots    map[int]engine.Player
		want    int // -1: no bot moves
	}{
		{"the waited-on bot", []int{1}, map[int]bool{1: true, 2: true}, map[int]engine.Player{1: b1, 2: b2}, 1},
		{"the waited-on bot cannot move", []int{1}, map[int]bool{2: true}, map[int]engine.Player{1: b1, 2: b2}, 2},
		{"a person is to move", []int{0}, map[int]bool{0: true, 2: true}, map[int]engine.Player{1: b1, 2: b2}, -1},
		{"a waited-on person cannot move", []int{0}, map[int]bool{2: true}, map[int]engine.Player{1: b1, 2: b2}, 2},
		{"nothing to do", []int{1}, map[int]bool{}, map[int]engine.Player{1: b1, 2: b2}, -1},
	}
	for _, c := range cases {
		l := &live{game: stubTable{waiting: c.waiting, moves: c.moves}, bots: c.bots}
		seat, _, ok := l.botToMove()
		if got := map[bool]int{true: seat, false: -1}[ok]; got != c.want {
			t.Errorf("%s: bot %d moves, want %d", c.name, got, c.want)
		}
	}
	all := &live{game: stubTable{waiting: []int{1}, moves: map[int]bool{1: true}}, bots: map[int]engine.Player{0: b1, 1: b2, 2: b1}}
	if _, _, ok := all.botToMove(); ok {
		t.Error("bots play on with no person left")
	}
}

type panicky struct{}

func (panicky) Name() string { return "panicky" }
func (panicky) Choose(engine.Table, int) (engine.Move, bool, error) {
	panic("a bot's bug")
}

// A bot that panics costs its game a reload, not the server: the panic is
// recovered and logged, and the game marked to reload before its next use.
func TestABotsPanicIsRecovered(t *testing.T) {
	logs := &syncBuf{}
	st, _ := sqliteStore(t)
	s := NewWith(st, slog.New(slog.NewTextHandler(logs, nil)), web.Files(), Options{})
	l := &live{id: "0123456789ab", game: stubTable{waiting: []int{1}, moves: map[int]bool{1: true}}, bots: map[int]engine.Player{1: panicky{}}}
	s.cache[l.id] = &slot{id: l.id, l: l}
	l.botsBusy = true
	s.runBots(l) // returns, rather than ending the test binary
	if !l.stale || l.botsBusy || !strings.Contains(logs.String(), "bot panicked") {
		t.Fatalf("stale %v, busy %v, log %s", l.stale, l.botsBusy, logs.String())
	}
}
