package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/store"
	"github.com/mecatol/mecatol/internal/ti4"
)

// Host is the seat number stored for the host's token.
const Host = -2

// A new game's setup is its module's request (ti4.Request, ge.Request),
// named by "game" (ti4 when absent). There is no seed: a served game's
// randomness comes from a secret key the server draws (crypto/rand) and
// keeps with the game, so no client can know a hidden card from setup.
func (s *Server) createGame(w http.ResponseWriter, r *http.Request) {
	if ok, wait := s.creates.allow(address(r)); !ok {
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		fail(w, http.StatusTooManyRequests, "too many new games from this address: try again in %v", wait.Round(time.Second)+time.Second)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		badBody(w, err)
		return
	}
	var head struct {
		Game string `json:"game"`
	}
	if err := json.Unmarshal(body, &head); err != nil {
		badBody(w, err)
		return
	}
	if head.Game == "" {
		head.Game = "ti4"
	}
	mod := s.modules[head.Game]
	if mod == nil {
		fail(w, http.StatusBadRequest, "no game %q: one of %s", head.Game, s.moduleNames())
		return
	}
	var key [32]byte
	if _, err := io.ReadFull(s.keys, key[:]); err != nil {
		fail(w, http.StatusInternalServerError, "no randomness: %v", err)
		return
	}
	g, err := mod.New(body, key)
	if err != nil {
		refuse(w, err)
		return
	}
	id := token()[:12]
	host := token()
	ctx := r.Context()
	if err := s.store.Create(ctx, &store.Game{ID: id, Game: mod.Name(), Created: time.Now().UTC().Format(time.RFC3339Nano), Config: body, Initial: g.Initial(), Seats: g.Seats()}); err != nil {
		fail(w, http.StatusInternalServerError, "store: %v", err)
		return
	}
	if err := s.store.SetSeat(ctx, id, Host, "host", host); err != nil {
		fail(w, http.StatusInternalServerError, "store: %v", err)
		return
	}
	s.log.Info("game created", "game", id, "module", mod.Name(), "players", g.Seats())
	writeJSON(w, http.StatusCreated, map[string]string{"id": id, "host_token": host})
}

// Games are listed newest first, a page at a time: ?limit= (1 to
// MaxPage, default DefaultPage) and ?after=, the "next" of the page before.
const (
	DefaultPage = 50
	MaxPage     = 200
)

func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	limit := DefaultPage
	if q := r.URL.Query().Get("limit"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 1 || n > MaxPage {
			fail(w, http.StatusBadRequest, "limit is 1 to %d", MaxPage)
			return
		}
		limit = n
	}
	after := r.URL.Query().Get("after")
	if after != "" && !validID(after) {
		fail(w, http.StatusBadRequest, "after is a game id")
		return
	}
	ids, next, err := s.store.List(r.Context(), after, limit)
	if errors.Is(err, store.ErrNotFound) {
		fail(w, http.StatusBadRequest, "no game %q to list after", after)
		return
	}
	if err != nil {
		fail(w, http.StatusInternalServerError, "store: %v", err)
		return
	}
	out := map[string]any{"games": ids}
	if next != "" {
		out["next"] = next
	}
	writeJSON(w, http.StatusOK, out)
}

// game finds the request's game and seat (tokens from the header only).
func (s *Server) game(w http.ResponseWriter, r *http.Request) (*live, int, bool) {
	if r.URL.Query().Has("token") {
		fail(w, http.StatusBadRequest, "a token goes in the Authorization header, never in the address")
		return nil, 0, false
	}
	return s.gameFor(w, r, false)
}

// gameFor is game, with ?token= accepted when query is set (the WebSocket
// handshake). A game whose memory may differ from the store reloads first.
func (s *Server) gameFor(w http.ResponseWriter, r *http.Request, query bool) (*live, int, bool) {
	l, err := s.load(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		fail(w, http.StatusNotFound, "no game %q", r.PathValue("id"))
		return nil, 0, false
	}
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return nil, 0, false
	}
	l.mu.Lock()
	if l.stale {
		err = s.reloadInto(r.Context(), l)
	}
	seat, ok := l.seat(r, query)
	if err == nil && ok && seat != engine.Public {
		// Bots that wait (this server restarted, or the one playing them
		// stopped) play on at a player's next request here; a watcher's
		// does not wake them, so the servers watchers use leave them be.
		s.wakeBots(l)
	}
	l.mu.Unlock()
	if err != nil {
		fail(w, http.StatusServiceUnavailable, "the store is unavailable: %v", err)
		return nil, 0, false
	}
	if !ok {
		fail(w, http.StatusUnauthorized, "that token belongs to no seat of this game")
		return nil, 0, false
	}
	return l, seat, true
}

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.game(w, r)
	if !ok {
		return
	}
	l.mu.Lock()
	f, gv, err := l.current(seat)
	l.mu.Unlock()
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	writeRaw(w, http.StatusOK, encodeView(f, gv, seat))
}

// current is the seat's view now: in the current frame when it has it,
// else built; callers hold l.mu, and encode it after letting go.
func (l *live) current(seat int) (*frame, *gameView, error) {
	if f := l.frame.Load(); f != nil && f.version == l.version && f.views[seat] != nil {
		return f, nil, nil
	}
	gv, err := l.view(seat)
	return nil, gv, err
}

func encodeView(f *frame, gv *gameView, seat int) []byte {
	if f != nil {
		return f.encode(seat)
	}
	b, _ := json.Marshal(gv)
	return b
}

// MaxName is the longest player name, in characters.
const MaxName = 40

// checkName accepts 1 to MaxName printable characters: no control
// characters (NUL among them) and no bidirectional overrides, which could
// make a name look like another's.
func checkName(name string) error {
	if utf8.RuneCountInString(name) == 0 {
		return fmt.Errorf("a name of 1 to %d characters", MaxName)
	}
	if strings.HasPrefix(strings.ToLower(name), strings.ToLower(botPrefix)) {
		return fmt.Errorf("names beginning %q are the server's bots'", botPrefix)
	}
	return checkText("name", name, MaxName)
}

// checkText refuses text a player typed that is too long, or that holds a
// control character or one that reorders the text around it.
func checkText(what, text string, most int) error {
	if utf8.RuneCountInString(text) > most {
		return fmt.Errorf("a %s of at most %d characters", what, most)
	}
	for _, c := range text {
		if unicode.IsControl(c) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) {
			return fmt.Errorf("a %s may not hold the control character %U", what, c)
		}
	}
	return nil
}

func (s *Server) join(w http.ResponseWriter, r *http.Request) {
	l, _, ok := s.game(w, r)
	if !ok {
		return
	}
	var req struct {
		Seat int    `json:"seat"`
		Name string `json:"name"`
	}
	if err := decode(r, &req); err != nil {
		badBody(w, err)
		return
	}
	name := strings.TrimSpace(req.Name)
	if err := checkName(name); err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if req.Seat < 0 || req.Seat >= l.game.Seats() {
		fail(w, http.StatusBadRequest, "no seat %d", req.Seat)
		return
	}
	if _, taken := l.hashes[req.Seat]; taken {
		fail(w, http.StatusConflict, "seat %d is taken", req.Seat)
		return
	}
	t := token()
	if err := s.store.SetSeat(r.Context(), l.id, req.Seat, name, t); err != nil {
		fail(w, http.StatusConflict, "%v", err)
		return
	}
	h := sha256.Sum256([]byte(t))
	l.hashes[req.Seat], l.names[req.Seat] = h[:], name
	writeJSON(w, http.StatusOK, map[string]any{"seat": req.Seat, "token": t})
	l.changed()
}

func (s *Server) legal(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.seatGame(w, r, "legal actions are listed for a seat")
	if !ok {
		return
	}
	l.mu.Lock()
	var acts any
	if f := l.frame.Load(); f != nil && f.version == l.version && f.views[seat] != nil {
		acts = f.views[seat].Legal // already listed for the seat's subscribers
	} else {
		acts = l.game.Legal(seat)
	}
	seq := l.seq
	l.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"seq": seq, "seat": seat, "actions": acts})
}

// act applies an action for the request's seat: the expected sequence
// number must be the next one (else 409), the action must be the seat's
// own (else 403), and the engine must accept it (else 422 with the rule).
// It is acknowledged only once the store has committed it.
func (s *Server) act(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.game(w, r)
	if !ok {
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		badBody(w, err)
		return
	}
	seq, raw, err := parseAct(body)
	if err != nil {
		refuse(w, err)
		return
	}
	l.mu.Lock() // l.game is replaced when the game reloads
	a, err := l.game.Decode(raw)
	actor := -1
	if err == nil {
		actor = l.game.Actor(a)
	}
	l.mu.Unlock()
	if err != nil {
		refuse(w, err)
		return
	}
	if seat < 0 {
		fail(w, http.StatusUnauthorized, "actions are taken by a seat: give its token")
		return
	}
	if actor != seat {
		fail(w, http.StatusForbidden, "seat %d cannot act for seat %d", seat, actor)
		return
	}
	var f *frame
	var gv *gameView
	code := func() int { // unlocked even if applying panics: the game stays usable
		l.mu.Lock()
		defer l.mu.Unlock()
		var code int
		f, gv, code = s.apply(w, r.Context(), l, seq, a)
		return code
	}()
	if code != http.StatusOK {
		return
	}
	writeRaw(w, http.StatusOK, encodeView(f, gv, seat))
	if !s.cached(l) { // the cache dropped this copy meanwhile: bring the new one up to date
		s.refresh(r.Context(), l.id)
	}
}

// apply checks, stores and applies an action; callers hold l.mu. It
// answers every failure itself and returns the acting seat's view on
// success.
func (s *Server) apply(w http.ResponseWriter, ctx context.Context, l *live, seq int, a engine.Move) (*frame, *gameView, int) {
	if seq != l.seq {
		cur := l.seq
		writeJSON(w, http.StatusConflict, apiError{Error: fmt.Sprintf("stale sequence number %d: the game is at %d", seq, cur), Current: &cur})
		return nil, nil, http.StatusConflict
	}
	if err := l.game.Check(a); err != nil {
		refuse(w, err)
		return nil, nil, http.StatusUnprocessableEntity
	}
	stored, _ := json.Marshal(a)
	if code := s.append(w, ctx, l, "action", stored); code != http.StatusOK {
		return nil, nil, code
	}
	rolls, err := l.game.Play(a)
	if err != nil { // cannot fail: Check accepted it
		fail(w, http.StatusInternalServerError, "engine: %v", err)
		return nil, nil, http.StatusInternalServerError
	}
	l.seq++
	l.noteDice(rolls)
	s.tellWaiting(l)
	seat := l.game.Actor(a)
	s.log.Info("action", "game", l.id, "seq", l.seq, "seat", seat, "kind", kindOf(stored))
	l.changed()
	s.wakeBots(l)
	f, gv, err := l.current(seat)
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return nil, nil, http.StatusInternalServerError
	}
	return f, gv, http.StatusOK
}

// append stores an entry at l.seq; callers hold l.mu. When another server
// got there first, the game reloads from the store in place (its
// subscribers stay) and the answer is 409 with the current number. When
// the store fails, whether the entry was committed is unknown, so the game
// is marked to reload before its next use rather than trusted.
func (s *Server) append(w http.ResponseWriter, ctx context.Context, l *live, kind string, body []byte) int {
	err := s.store.Append(ctx, l.id, l.seq, kind, body)
	if err == nil {
		return http.StatusOK
	}
	var c *store.ErrConflict
	if errors.As(err, &c) {
		s.reloadInto(ctx, l)
		cur := max(c.Current, l.seq)
		writeJSON(w, http.StatusConflict, apiError{Error: err.Error(), Current: &cur})
		return http.StatusConflict
	}
	l.stale = true
	fail(w, http.StatusServiceUnavailable, "store: %v", err)
	return http.StatusServiceUnavailable
}

// kindOf is an action's kind, for the server's own log.
func kindOf(stored []byte) string {
	var k struct {
		Kind string `json:"kind"`
	}
	json.Unmarshal(stored, &k)
	return k.Kind
}

// parseAct reads an action request: {"seq": N, "action": {...}}, strictly;
// the game's module decodes the action.
func parseAct(body []byte) (int, []byte, error) {
	var req struct {
		Seq    *int            `json:"seq"`
		Action json.RawMessage `json:"action"`
	}
	d := json.NewDecoder(bytes.NewReader(body))
	d.DisallowUnknownFields()
	if err := d.Decode(&req); err != nil {
		return 0, nil, engine.BadInput("body", "bad request body: %v", err)
	}
	if d.More() {
		return 0, nil, engine.BadInput("body", "trailing data after the JSON body")
	}
	if req.Seq == nil {
		return 0, nil, engine.BadInput("seq", "seq, the sequence number expected, is required")
	}
	return *req.Seq, req.Action, nil
}

// undo drops the last actions, for the host, as a new log entry. When those
// actions revealed anything hidden (cards drawn or turned up, agendas and
// objectives revealed, a deck looked at, dice rolled: ti4.Event.Reveals),
// undoing them
// would let a player see and then change the future, so it waits for every
// player's consent (202 and POST .../undo/consent from each seat).
func (s *Server) undo(w http.ResponseWriter, r *http.Request) {
	l, ok := s.hostGame(w, r, "undoes")
	if !ok {
		return
	}
	var req struct {
		Seq   int `json:"seq"`
		Count int `json:"count"`
	}
	if err := decode(r, &req); err != nil {
		badBody(w, err)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !undoable(w, l, req.Seq, req.Count) {
		return
	}
	// The module replays the undone actions on a copy to see what they revealed.
	reason, err := l.game.Reveals(req.Count)
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	if reason != "" {
		l.pending = &pendingUndo{Seq: l.seq, Count: req.Count, Consents: map[int]bool{}, Reason: reason}
		writeJSON(w, http.StatusAccepted, map[string]any{"pending": l.pending, "needs": l.people()})
		l.changed()
		return
	}
	s.applyUndo(w, r, l, req.Count)
}

// applyUndo stores and applies an undo; callers hold l.mu.
func (s *Server) applyUndo(w http.ResponseWriter, r *http.Request, l *live, count int) {
	if s.append(w, r.Context(), l, "undo", []byte(strconv.Itoa(count))) != http.StatusOK {
		return
	}
	if err := l.game.Undo(count); err != nil {
		l.stale = true // stored but not applied: reload
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	l.seq++
	l.pending = nil
	l.dice = nil // the undone actions' dice are not the game's any more
	writeJSON(w, http.StatusOK, map[string]int{"seq": l.seq})
	l.changed()
	s.tellWaiting(l)
	s.wakeBots(l)
}

// consent records a seat's agreement to the pending undo; the last one
// needed applies it.
func (s *Server) consent(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.game(w, r)
	if !ok {
		return
	}
	if seat < 0 {
		fail(w, http.StatusUnauthorized, "consent is given by a seat: give its token")
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	p := l.pending
	if p == nil || p.Seq != l.seq {
		l.pending = nil
		fail(w, http.StatusConflict, "no undo is waiting for consent")
		return
	}
	p.Consents[seat] = true
	for _, q := range l.people() { // a bot never minds
		if !p.Consents[q] {
			writeJSON(w, http.StatusAccepted, map[string]any{"pending": p})
			return
		}
	}
	s.applyUndo(w, r, l, p.Count)
}

// gameLog lists the actions in force, as the seat may see them: another
// seat's choice of secret objective is hidden.
func (s *Server) gameLog(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.game(w, r)
	if !ok {
		return
	}
	from := 0
	if v := r.URL.Query().Get("from"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			fail(w, http.StatusBadRequest, "from: a step number, not %q", v)
			return
		}
		from = n
	}
	l.mu.Lock()
	from = min(from, l.game.Len())
	log, seq := l.game.Log(from, seat), l.seq // only what the reader lacks: a page asks after each move; cut to what the seat may see
	l.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"actions": log, "from": from, "seq": seq})
}

// replay shows the game after its first `step` actions, as the seat sees it.
func (s *Server) replay(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.game(w, r)
	if !ok {
		return
	}
	step, err := strconv.Atoi(r.URL.Query().Get("step"))
	if err != nil {
		fail(w, http.StatusBadRequest, "step must be a number")
		return
	}
	l.mu.Lock()
	initial, moves, mod := l.game.Initial(), l.game.Moves(), s.modules[l.module]
	l.mu.Unlock()
	if step < 0 || step > len(moves) {
		fail(w, http.StatusBadRequest, "step is 0 to %d", len(moves))
		return
	}
	// Replayed outside the game's lock: a long replay holds up no one; and
	// like battle odds, one per core at a time, so replays cannot take
	// every core from play.
	select {
	case s.solving <- struct{}{}:
		defer func() { <-s.solving }()
	case <-r.Context().Done():
		return
	}
	raw := make([][]byte, step)
	for i := range raw {
		raw[i], _ = json.Marshal(moves[i])
	}
	at, err := mod.Load(initial, raw)
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	viewer := seat
	if seat == Host {
		viewer = engine.Public
	}
	views, err := at.Views([]int{viewer})
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"step": step, "view": views[viewer], "why": at.Why()})
}

func (s *Server) mapSVG(w http.ResponseWriter, r *http.Request) {
	l, _, ok := s.game(w, r)
	if !ok {
		return
	}
	l.mu.Lock()
	t, isTI4 := l.game.(*ti4.Table)
	if !isTI4 {
		l.mu.Unlock()
		fail(w, http.StatusNotFound, "a %s game has no map", l.module)
		return
	}
	st := t.G.State()
	notes := map[int][]string{}
	for _, sys := range st.Systems {
		for _, x := range sys.Space {
			notes[sys.Pos] = append(notes[sys.Pos], fmt.Sprintf("%s: %d %s", st.Players[x.Owner].Color, x.Count, x.Unit))
		}
		for _, pl := range sys.Planets {
			if pl.Controller != ti4.None {
				mark := "held"
				if pl.ControlToken {
					mark = "control token"
				}
				notes[sys.Pos] = append(notes[sys.Pos], fmt.Sprintf("%s: %s (%s)", pl.Name, st.Players[pl.Controller].Color, mark))
			}
			for _, x := range pl.Units {
				notes[sys.Pos] = append(notes[sys.Pos], fmt.Sprintf("%s %s: %d", st.Players[x.Owner].Color, x.Unit, x.Count))
			}
		}
		for _, q := range sys.Command {
			notes[sys.Pos] = append(notes[sys.Pos], "token: "+st.Players[q].Color)
		}
		if sl := st.Galaxy().Slot(sys.Pos); sl != nil && sl.Tile != nil && sl.Tile.ID != sys.Tile {
			notes[sys.Pos] = append(notes[sys.Pos], "now tile "+sys.Tile) // the wormhole nexus turned over
		}
		if w := st.Wormholes(sys.Pos); len(w) > 0 {
			notes[sys.Pos] = append(notes[sys.Pos], "wormholes: "+strings.Join(w, ", "))
		}
	}
	var b bytes.Buffer
	err := st.Galaxy().SVGWith(&b, notes)
	l.mu.Unlock()
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(b.Bytes())
}

// moduleNames lists the games the server plays.
func (s *Server) moduleNames() string {
	var names []string
	for n := range s.modules {
		names = append(names, n)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}
