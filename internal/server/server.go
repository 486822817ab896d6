// Package server serves games over HTTP: a JSON API, live updates over
// WebSocket, and the web page. Every response about a game goes through
// ti4.ViewFor, so a seat sees only what it may.
package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/store"
	"github.com/mecatol/mecatol/internal/ti4"
)

// MaxBody is the largest request body accepted.
const MaxBody = 64 << 10

// Server is the HTTP server's state.
type Server struct {
	store *store.Store
	log   *slog.Logger
	web   fs.FS
	mu    sync.Mutex
	live  map[string]*live
	// following closes once Listen hears the other servers (or has none).
	following chan struct{}
	once      sync.Once
}

// live is a game in memory, rebuilt from its log.
type live struct {
	mu     sync.Mutex
	id     string
	game   *ti4.Game
	seq    int // entries in the stored log
	hashes map[int][]byte
	names  map[int]string
	subs   map[*subscriber]struct{}
	// An undo that takes back hidden information waits for every player's
	// consent; any new entry in the log cancels it.
	pending *pendingUndo
}

type pendingUndo struct {
	Seq      int          `json:"seq"`
	Count    int          `json:"count"`
	Consents map[int]bool `json:"consents"`
	Reason   string       `json:"reason"`
}

type subscriber struct {
	seat int
	ch   chan struct{}
}

// New makes a server on a store; web holds the page's files.
func New(st *store.Store, log *slog.Logger, web fs.FS) *Server {
	return &Server{store: st, log: log, web: web, live: map[string]*live{}, following: make(chan struct{})}
}

// Handler routes every request.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/openapi.json", s.openapi)
	mux.HandleFunc("GET /api/games", s.listGames)
	mux.HandleFunc("POST /api/games", s.createGame)
	mux.HandleFunc("GET /api/games/{id}", s.getGame)
	mux.HandleFunc("POST /api/games/{id}/join", s.join)
	mux.HandleFunc("GET /api/games/{id}/legal", s.legal)
	mux.HandleFunc("POST /api/games/{id}/actions", s.act)
	mux.HandleFunc("POST /api/games/{id}/undo", s.undo)
	mux.HandleFunc("POST /api/games/{id}/undo/consent", s.consent)
	mux.HandleFunc("GET /api/games/{id}/log", s.gameLog)
	mux.HandleFunc("GET /api/games/{id}/replay", s.replay)
	mux.HandleFunc("GET /api/games/{id}/map.svg", s.mapSVG)
	mux.HandleFunc("GET /api/games/{id}/ws", s.websocket)
	mux.HandleFunc("GET /api/odds", s.odds)
	mux.Handle("GET /", http.FileServerFS(s.web))
	return s.logged(mux)
}

func (s *Server) logged(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &status{ResponseWriter: w, code: 200}
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		h.ServeHTTP(rec, r)
		s.log.Info("request", "method", r.Method, "path", r.URL.Path, "status", rec.code, "ms", time.Since(start).Milliseconds())
	})
}

type status struct {
	http.ResponseWriter
	code int
}

func (s *status) WriteHeader(code int) { s.code = code; s.ResponseWriter.WriteHeader(code) }

// Unwrap lets the websocket library reach the connection.
func (s *status) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// apiError is every error response: a status, a message, and for a
// refusal the LRR rule.
type apiError struct {
	Error   string `json:"error"`
	Rule    string `json:"rule,omitempty"`
	Field   string `json:"field,omitempty"`
	Current *int   `json:"current,omitempty"` // the sequence number after a 409
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func fail(w http.ResponseWriter, code int, format string, args ...any) {
	writeJSON(w, code, apiError{Error: fmt.Sprintf(format, args...)})
}

// refuse turns an engine error into 422 (a rule) or 400 (bad input).
func refuse(w http.ResponseWriter, err error) {
	var re *engine.RuleError
	var ie *engine.InputError
	switch {
	case errors.As(err, &re):
		writeJSON(w, http.StatusUnprocessableEntity, apiError{Error: re.Error(), Rule: re.Rule})
	case errors.As(err, &ie):
		writeJSON(w, http.StatusBadRequest, apiError{Error: ie.Error(), Field: ie.Field})
	default:
		writeJSON(w, http.StatusInternalServerError, apiError{Error: err.Error()})
	}
}

func decode(r *http.Request, v any) error {
	d := json.NewDecoder(r.Body)
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return errors.New("trailing data after the JSON body")
	}
	return nil
}

func token() string {
	b := make([]byte, 16) // 128 bits
	rand.Read(b)
	return hex.EncodeToString(b)
}

// load returns a game, rebuilding it from the store on first use.
func (s *Server) load(ctx context.Context, id string) (*live, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if l, ok := s.live[id]; ok {
		return l, nil
	}
	g, err := s.store.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	game, err := rebuild(g)
	if err != nil {
		return nil, err
	}
	hashes, names, err := s.store.Seats(ctx, id)
	if err != nil {
		return nil, err
	}
	l := &live{id: id, game: game, seq: len(g.Log), hashes: hashes, names: names, subs: map[*subscriber]struct{}{}}
	s.live[id] = l
	return l, nil
}

// rebuild replays a stored log: actions, and undos of the last N.
func rebuild(g *store.Game) (*ti4.Game, error) {
	var actions []ti4.Action
	for _, e := range g.Log {
		switch e.Kind {
		case "action":
			a, err := ti4.DecodeAction(e.Body)
			if err != nil {
				return nil, fmt.Errorf("entry %d: %w", e.Seq, err)
			}
			actions = append(actions, a)
		case "undo":
			n, _ := strconv.Atoi(string(e.Body))
			actions = actions[:len(actions)-n]
		}
	}
	return engine.Replay[*ti4.State, ti4.Action, ti4.Event](ti4.Rules{}, g.Initial, actions)
}

// seat finds the seat whose token the request carries, or ti4.Referee for
// none; a token that matches no seat is an error.
func (l *live) seat(r *http.Request) (int, bool) {
	t := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	if t == "" {
		t = r.URL.Query().Get("token")
	}
	if t == "" {
		return ti4.Referee, true
	}
	h := sha256.Sum256([]byte(t))
	found, matched := ti4.Referee, false
	for seat, want := range l.hashes {
		if subtle.ConstantTimeCompare(h[:], want) == 1 {
			found, matched = seat, true
		}
	}
	return found, matched
}

// Host is the seat number stored for the host's token.
const Host = -2

type createRequest struct {
	Players       int      `json:"players"`
	Factions      []string `json:"factions,omitempty"`
	Map           string   `json:"map,omitempty"`
	Seed          uint64   `json:"seed,omitempty"`
	VictoryPoints int      `json:"victory_points,omitempty"`
}

func (s *Server) createGame(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if err := decode(r, &req); err != nil {
		fail(w, http.StatusBadRequest, "bad request body: %v", err)
		return
	}
	seed := req.Seed
	if seed == 0 {
		var b [8]byte
		rand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:])
	}
	g, err := ti4.NewGame(ti4.Config{Players: req.Players, Factions: req.Factions, Map: req.Map, Seed: seed, VictoryPoints: req.VictoryPoints})
	if err != nil {
		refuse(w, err)
		return
	}
	req.Seed = 0 // the seed is hidden information: it is not kept with the config
	cfg, _ := json.Marshal(req)
	id := token()[:12]
	host := token()
	ctx := r.Context()
	if err := s.store.Create(ctx, &store.Game{ID: id, Created: time.Now().UTC().Format(time.RFC3339Nano), Config: cfg, Initial: g.Initial(), Seats: req.Players}); err != nil {
		fail(w, http.StatusInternalServerError, "store: %v", err)
		return
	}
	if err := s.store.SetSeat(ctx, id, Host, "host", host); err != nil {
		fail(w, http.StatusInternalServerError, "store: %v", err)
		return
	}
	s.log.Info("game created", "game", id, "players", req.Players)
	writeJSON(w, http.StatusCreated, map[string]string{"id": id, "host_token": host})
}

func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	ids, err := s.store.List(r.Context())
	if err != nil {
		fail(w, http.StatusInternalServerError, "store: %v", err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": ids})
}

func (s *Server) game(w http.ResponseWriter, r *http.Request) (*live, int, bool) {
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
	seat, ok := l.seat(r)
	l.mu.Unlock()
	if !ok {
		fail(w, http.StatusUnauthorized, "that token belongs to no seat of this game")
		return nil, 0, false
	}
	return l, seat, true
}

// gameView is what GET returns: the seat's view and the sequence number.
type gameView struct {
	ID    string         `json:"id"`
	Seq   int            `json:"seq"`
	Seat  int            `json:"seat"`
	Names map[int]string `json:"names"`
	View  *ti4.View      `json:"view"`
	Legal []ti4.Action   `json:"legal,omitempty"`
}

func (l *live) view(seat int) (*gameView, error) {
	viewer := seat
	if seat == Host {
		viewer = ti4.Referee
	}
	v, err := ti4.ViewFor(l.game.State(), viewer)
	if err != nil {
		return nil, err
	}
	names := map[int]string{}
	for k, n := range l.names {
		if k >= 0 {
			names[k] = n
		}
	}
	gv := &gameView{ID: l.id, Seq: l.seq, Seat: seat, Names: names, View: v}
	if seat >= 0 {
		gv.Legal = ti4.Legal(l.game.State(), engine.NewRNG(0), seat)
	}
	return gv, nil
}

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.game(w, r)
	if !ok {
		return
	}
	l.mu.Lock()
	gv, err := l.view(seat)
	l.mu.Unlock()
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, gv)
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
		fail(w, http.StatusBadRequest, "bad request body: %v", err)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if req.Seat < 0 || req.Seat >= len(l.game.State().Players) {
		fail(w, http.StatusBadRequest, "no seat %d", req.Seat)
		return
	}
	if _, taken := l.hashes[req.Seat]; taken {
		fail(w, http.StatusConflict, "seat %d is taken", req.Seat)
		return
	}
	name := strings.TrimSpace(req.Name)
	if name == "" || len(name) > 40 {
		fail(w, http.StatusBadRequest, "a name of 1 to 40 characters")
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
	l.notify()
}

func (s *Server) legal(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.game(w, r)
	if !ok {
		return
	}
	if seat < 0 {
		fail(w, http.StatusUnauthorized, "legal actions are listed for a seat: give its token")
		return
	}
	l.mu.Lock()
	acts := ti4.Legal(l.game.State(), engine.NewRNG(0), seat)
	seq := l.seq
	l.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"seq": seq, "seat": seat, "actions": acts})
}

// act applies an action for the request's seat: the expected sequence
// number must be the next one (else 409), the action must be the seat's
// own (else 403), and the engine must accept it (else 422 with the rule).
// It is stored before it is acknowledged.
func (s *Server) act(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.game(w, r)
	if !ok {
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, http.StatusBadRequest, "bad request body: %v", err)
		return
	}
	seq, a, err := parseAct(body)
	if err != nil {
		refuse(w, err)
		return
	}
	if seat < 0 {
		fail(w, http.StatusUnauthorized, "actions are taken by a seat: give its token")
		return
	}
	if a.Seat != seat {
		fail(w, http.StatusForbidden, "seat %d cannot act for seat %d", seat, a.Seat)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if seq != l.seq {
		cur := l.seq
		writeJSON(w, http.StatusConflict, apiError{Error: fmt.Sprintf("stale sequence number %d: the game is at %d", seq, cur), Current: &cur})
		return
	}
	if err := l.game.Check(a); err != nil {
		refuse(w, err)
		return
	}
	stored, _ := json.Marshal(a)
	if err := s.store.Append(r.Context(), l.id, l.seq, "action", stored); err != nil {
		var c *store.ErrConflict
		if errors.As(err, &c) {
			s.forget(l.id) // another process moved the game on: reload it next time
			writeJSON(w, http.StatusConflict, apiError{Error: err.Error(), Current: &c.Current})
			return
		}
		fail(w, http.StatusInternalServerError, "store: %v", err)
		return
	}
	if _, err := l.game.Do(a); err != nil { // cannot fail: Check accepted it
		fail(w, http.StatusInternalServerError, "engine: %v", err)
		return
	}
	l.seq++
	s.log.Info("action", "game", l.id, "seq", l.seq, "seat", seat, "kind", a.Kind)
	gv, _ := l.view(seat)
	writeJSON(w, http.StatusOK, gv)
	l.notify()
}

// parseAct reads an action request: {"seq": N, "action": {...}}, strictly.
func parseAct(body []byte) (int, ti4.Action, error) {
	var req struct {
		Seq    *int            `json:"seq"`
		Action json.RawMessage `json:"action"`
	}
	d := json.NewDecoder(bytes.NewReader(body))
	d.DisallowUnknownFields()
	if err := d.Decode(&req); err != nil {
		return 0, ti4.Action{}, engine.BadInput("body", "bad request body: %v", err)
	}
	if d.More() {
		return 0, ti4.Action{}, engine.BadInput("body", "trailing data after the JSON body")
	}
	if req.Seq == nil {
		return 0, ti4.Action{}, engine.BadInput("seq", "seq, the sequence number expected, is required")
	}
	a, err := ti4.DecodeAction(req.Action)
	return *req.Seq, a, err
}

func (s *Server) forget(id string) {
	s.mu.Lock()
	delete(s.live, id)
	s.mu.Unlock()
}

// undo drops the last actions, for the host, as a new log entry. When those
// actions revealed anything hidden (cards drawn, dice rolled), undoing them
// would let a player see and then change the future, so it waits for every
// player's consent (202 and POST .../undo/consent from each seat).
func (s *Server) undo(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.game(w, r)
	if !ok {
		return
	}
	if seat != Host {
		fail(w, http.StatusForbidden, "only the host undoes")
		return
	}
	var req struct {
		Seq   int `json:"seq"`
		Count int `json:"count"`
	}
	if err := decode(r, &req); err != nil {
		fail(w, http.StatusBadRequest, "bad request body: %v", err)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if req.Seq != l.seq {
		cur := l.seq
		writeJSON(w, http.StatusConflict, apiError{Error: "stale sequence number", Current: &cur})
		return
	}
	n := l.game.Len()
	if req.Count < 1 || req.Count > n {
		fail(w, http.StatusBadRequest, "count must be 1 to %d", n)
		return
	}
	back, err := l.game.At(n - req.Count)
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	// Replay the undone actions on the copy to see what they revealed.
	for _, a := range l.game.Log()[n-req.Count:] {
		ev, _ := back.Do(a)
		for _, e := range ev {
			if e.Kind == ti4.EvCardsDrawn || e.Kind == ti4.EvExplored || e.Kind == ti4.EvDrawSecret || len(e.Rolls) > 0 || e.Kind == ti4.EvRiftRoll {
				l.pending = &pendingUndo{Seq: l.seq, Count: req.Count, Consents: map[int]bool{}, Reason: e.Kind}
				writeJSON(w, http.StatusAccepted, map[string]any{"pending": l.pending, "needs": l.game.State().Active()})
				l.notify()
				return
			}
		}
	}
	s.applyUndo(w, r, l, req.Count)
}

// applyUndo stores and applies an undo; callers hold l.mu.
func (s *Server) applyUndo(w http.ResponseWriter, r *http.Request, l *live, count int) {
	if err := s.store.Append(r.Context(), l.id, l.seq, "undo", []byte(strconv.Itoa(count))); err != nil {
		fail(w, http.StatusConflict, "%v", err)
		return
	}
	if err := l.game.Undo(count); err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	l.seq++
	l.pending = nil
	writeJSON(w, http.StatusOK, map[string]int{"seq": l.seq})
	l.notify()
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
	for _, q := range l.game.State().Active() {
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
	l.mu.Lock()
	log := l.game.Log()
	l.mu.Unlock()
	for i := range log {
		log[i] = redact(log[i], seat)
	}
	writeJSON(w, http.StatusOK, map[string]any{"actions": log})
}

// redact hides from other seats what an action carried that they may not
// see: the secret objective kept (61.20), the order of the agendas looked
// at with Politics (66.2), a promissory note put on offer (69.6).
func redact(a ti4.Action, seat int) ti4.Action {
	if a.Seat == seat {
		return a
	}
	switch a.Kind {
	case ti4.ActKeepSecret, ti4.ActReturnSecret: // secrets chosen or returned face down (61.20, 61.21a)
		a.Card = ""
	case ti4.ActOrderAgendas:
		a.ActionExtra = nil // its only rare fields are the order (shared with the log: replaced, not changed)
	case ti4.ActTradeAdd:
		if a.Card != "trade_goods" && a.Card != "commodities" {
			a.Card = "hidden"
		}
	}
	return a
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
	at, err := l.game.At(step)
	l.mu.Unlock()
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	viewer := seat
	if seat == Host {
		viewer = ti4.Referee
	}
	v, err := ti4.ViewFor(at.State(), viewer)
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"step": step, "view": v})
}

func (s *Server) mapSVG(w http.ResponseWriter, r *http.Request) {
	l, _, ok := s.game(w, r)
	if !ok {
		return
	}
	l.mu.Lock()
	st := l.game.State()
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

// notify wakes every subscriber of the game; callers hold l.mu.
func (l *live) notify() {
	for sub := range l.subs {
		select {
		case sub.ch <- struct{}{}:
		default: // a wake-up is already pending
		}
	}
}
