package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/mecatol/mecatol/internal/engine"
)

// live is a game in memory, rebuilt from its log.
type live struct {
	id     string
	mu     sync.Mutex
	game   engine.Table // the game, through its module's interface
	module string
	seq    int // entries in the stored log
	hashes map[int][]byte
	names  map[int]string
	// bots play the seats a host gave them (bots.go); botsBusy while
	// their moves are being played.
	bots     map[int]engine.Player
	botsBusy bool
	// An undo that takes back hidden information waits for every player's
	// consent; any new entry in the log cancels it.
	pending *pendingUndo
	// asked: a seat's request for an undo, shown to all until the log moves.
	asked *undoRequest
	// dice: the last rolls applied here, for the combat panel; a reload
	// starts it empty. Replaced, never changed in place: views share it.
	dice []rollNote
	// webhook: where turn messages go ("" for none); hooked: the players
	// the last message named as waited on.
	webhook string
	hooked  []int
	// reissued counts, by seat, the tokens the host replaced: public, so
	// that no host reads a seat's hand unseen.
	reissued map[int]int
	// stale: an append's outcome is unknown (the store failed), so memory
	// may differ from the store; the game reloads before its next use.
	stale bool

	subs  map[*subscriber]struct{}
	seats map[int]int  // subscribers by seat: the views each change builds
	nsubs atomic.Int32 // len(subs), read by eviction under the server's lock
	// version counts the changes subscribers are sent; frame is the last.
	version int
	frame   atomic.Pointer[frame]
}

type pendingUndo struct {
	Seq      int          `json:"seq"`
	Count    int          `json:"count"`
	Consents map[int]bool `json:"consents"`
	Reason   string       `json:"reason"`
}

// subscriber is one WebSocket connection. Its channel holds at most one
// wake-up: a slow reader is sent the newest frame, never a queue of old
// ones, and one that stops reading is cut off by the write deadline.
type subscriber struct {
	seat int
	ch   chan struct{}
	// token is the hash of the token the seat connected with: once the
	// host gives the seat a new one, this connection is closed.
	token []byte
}

// frame is what subscribers are sent after one change: the view of each
// seat that has a subscriber, built once under the game's lock and encoded
// once outside it, however many subscribers share it (every watcher shares
// the public view).
type frame struct {
	version int
	views   map[int]*gameView
	mu      sync.Mutex
	encoded map[int][]byte
}

// encode returns the seat's view as JSON, or nil if the frame has none.
func (f *frame) encode(seat int) []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	if b, ok := f.encoded[seat]; ok {
		return b
	}
	gv := f.views[seat]
	if gv == nil {
		return nil
	}
	b, _ := json.Marshal(gv)
	f.encoded[seat] = b
	return b
}

// publish builds the frame of the game as it is now and wakes every
// subscriber; callers hold l.mu. A change bumps l.version first; a frame
// rebuilt for a new subscriber's seat keeps it, so the others skip it.
func (l *live) publish() {
	f := &frame{version: l.version, views: make(map[int]*gameView, len(l.seats)), encoded: map[int][]byte{}}
	// One copy of the state serves every seat's view (Table.Views): each
	// view shares with it what it does not hide, and the copy is never
	// changed, so the views may be encoded from any goroutine.
	seats := make([]int, 0, len(l.seats))
	for seat := range l.seats {
		seats = append(seats, seat)
	}
	if views, err := l.game.Views(seats); err == nil {
		for seat, v := range views {
			f.views[seat] = l.wrap(v, seat)
		}
	}
	l.frame.Store(f)
	for sub := range l.subs {
		select {
		case sub.ch <- struct{}{}:
		default: // a wake-up is already pending
		}
	}
}

// changed records a change of the game and sends it; callers hold l.mu.
func (l *live) changed() {
	l.version++
	l.publish()
}

// seat finds the seat whose token the request carries, or engine.Public for
// none; a token that matches no seat is an error. Tokens travel in the
// Authorization header; only the WebSocket handshake, which browsers
// cannot give headers, may carry one as ?token=.
func (l *live) seat(r *http.Request, query bool) (int, bool) {
	h := tokenHash(r, query)
	if h == nil {
		return engine.Public, true
	}
	found, matched := engine.Public, false
	for seat, want := range l.hashes {
		if subtle.ConstantTimeCompare(h, want) == 1 {
			found, matched = seat, true
		}
	}
	return found, matched
}

// tokenHash is the SHA-256 of the request's token, or nil for none.
func tokenHash(r *http.Request, query bool) []byte {
	t := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	if t == "" && query {
		t = r.URL.Query().Get("token")
	}
	if t == "" {
		return nil
	}
	h := sha256.Sum256([]byte(t))
	return h[:]
}

// stillSeated reports that sub's token is still its seat's; a watcher's
// always is.
func (l *live) stillSeated(sub *subscriber) bool {
	if sub.seat < 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return subtle.ConstantTimeCompare(sub.token, l.hashes[sub.seat]) == 1
}

// gameView is what GET returns: the seat's view and the sequence number.
type gameView struct {
	ID    string         `json:"id"`
	Seq   int            `json:"seq"`
	Seat  int            `json:"seat"`
	Names map[int]string `json:"names"`
	Game  string         `json:"game"` // the module: ti4, ge
	View  any            `json:"view"`
	Legal any            `json:"legal,omitempty"`
	// Undo is an undo waiting for the players' consent.
	Undo *pendingUndo `json:"undo,omitempty"`
	// Asked is a seat's request that the host undo the last actions.
	Asked *undoRequest `json:"undo_request,omitempty"`
	// Why says what the game waits for (Table.Why); Dice are the last rolls
	// seen by this server, newest last (public: dice are rolled openly).
	Why  string     `json:"why"`
	Dice []rollNote `json:"dice,omitempty"`
	// Reissued counts, by seat, the new tokens the host gave it.
	Reissued map[int]int `json:"reissued,omitempty"`
	// Bots are the seats the server plays, with each bot's kind.
	Bots map[int]string `json:"bots,omitempty"`
}

// view builds the seat's view, a copy that may outlive the lock; callers
// hold l.mu.
func (l *live) view(seat int) (*gameView, error) {
	views, err := l.game.Views([]int{seat})
	if err != nil {
		return nil, err
	}
	return l.wrap(views[seat], seat), nil
}

// wrap puts a seat's view of the game with what the server adds: names,
// undo requests, dice, the legal actions; callers hold l.mu.
func (l *live) wrap(v any, seat int) *gameView {
	viewsBuilt.Add(1)
	names := map[int]string{}
	for k, n := range l.names {
		if k >= 0 {
			names[k] = n
		}
	}
	gv := &gameView{ID: l.id, Game: l.module, Seq: l.seq, Seat: seat, Names: names, View: v, Why: l.game.Why(), Dice: l.dice, Reissued: maps.Clone(l.reissued)}
	if q := l.asked; q != nil && q.Seq == l.seq {
		gv.Asked = q
	}
	for q, p := range l.bots {
		if gv.Bots == nil {
			gv.Bots = map[int]string{}
		}
		gv.Bots[q] = p.Name()
	}
	if p := l.pending; p != nil && p.Seq == l.seq {
		c := *p
		c.Consents = maps.Clone(p.Consents)
		gv.Undo = &c
	}
	if seat >= 0 {
		gv.Legal = l.game.Legal(seat)
	}
	return gv
}

// viewsBuilt counts the views built, for tests of the broadcast's cost.
var viewsBuilt atomic.Int64

var (
	errMoved = errors.New("the game was reloaded")
	errFull  = errors.New("this game has as many live connections as it takes")
)

// subscribe adds a subscriber to l, unless l is no longer the cached copy
// (errMoved: load it again) or is full. Counted under the server's lock so
// that eviction never drops a game with subscribers.
func (s *Server) subscribe(l *live, seat int) (*subscriber, error) {
	s.mu.Lock()
	if sl := s.cache[l.id]; sl == nil || sl.l != l {
		s.mu.Unlock()
		return nil, errMoved
	}
	if int(l.nsubs.Load()) >= s.opt.MaxSubsPerGame {
		s.mu.Unlock()
		return nil, errFull
	}
	l.nsubs.Add(1)
	s.mu.Unlock()
	sub := &subscriber{seat: seat, ch: make(chan struct{}, 1)}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.subs[sub] = struct{}{}
	if l.seats[seat]++; l.seats[seat] == 1 || l.frame.Load() == nil {
		l.publish() // the frame gains this seat's view
	}
	return sub, nil
}

func (l *live) unsubscribe(sub *subscriber) {
	l.mu.Lock()
	delete(l.subs, sub)
	if l.seats[sub.seat]--; l.seats[sub.seat] <= 0 {
		delete(l.seats, sub.seat)
	}
	l.mu.Unlock()
	l.nsubs.Add(-1)
}

// writeTimeout cuts off a subscriber that does not read.
const writeTimeout = 10 * time.Second

// watchInterval paces what watchers (no seat) are sent: the newest frame,
// at most this often. A seat is sent every change as it happens; a
// watcher only looks on, and a game with a thousand of them must not
// spend its time writing the same board a thousand times per move.
var watchInterval = 500 * time.Millisecond

// websocket sends the seat its own view now and after every change.
func (s *Server) websocket(w http.ResponseWriter, r *http.Request) {
	addr := address(r)
	if !s.connect(addr) {
		fail(w, http.StatusTooManyRequests, "too many live connections from this address")
		return
	}
	defer s.disconnect(addr)
	var l *live
	var sub *subscriber
	for try := 0; sub == nil; try++ {
		var seat int
		var ok bool
		if l, seat, ok = s.gameFor(w, r, true); !ok {
			return
		}
		var err error
		sub, err = s.subscribe(l, seat)
		if errors.Is(err, errFull) || (err != nil && try == 2) {
			fail(w, http.StatusServiceUnavailable, "%v", err)
			return
		}
	}
	sub.token = tokenHash(r, true)
	defer l.unsubscribe(sub)
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer conn.CloseNow()
	ctx := conn.CloseRead(r.Context())
	last := -1
	for {
		if f := l.frame.Load(); f != nil && f.version != last {
			if !l.stillSeated(sub) { // the host gave the seat a new token
				conn.Close(websocket.StatusPolicyViolation, "this seat's link was replaced")
				return
			}
			b := f.encode(sub.seat)
			if b == nil {
				conn.Close(websocket.StatusInternalError, "no view")
				return
			}
			wctx, cancel := context.WithTimeout(ctx, writeTimeout)
			err := conn.Write(wctx, websocket.MessageText, b)
			cancel()
			if err != nil {
				return
			}
			last = f.version
			if sub.seat == engine.Public {
				select {
				case <-ctx.Done():
					return
				case <-time.After(watchInterval):
				}
			}
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-sub.ch:
		}
	}
}
