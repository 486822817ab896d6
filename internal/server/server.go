// Package server serves games over HTTP: a JSON API, live updates over
// WebSocket, and the web page. Every response about a game goes through
// ti4.ViewFor, so a seat sees only what it may.
package server

import (
	"container/list"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"sync"
	"time"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ge"
	"github.com/mecatol/mecatol/internal/store"
	"github.com/mecatol/mecatol/internal/ti4"
)

// MaxBody is the largest request body accepted (413 beyond it).
const MaxBody = 64 << 10

// Options bound what clients can make the server spend. Zero fields take
// the defaults (DefaultOptions).
type Options struct {
	// MaxCached is how many games stay in memory; the least recently used
	// one without live subscribers is dropped beyond it (it reloads from
	// the store when asked for again).
	MaxCached int
	// CreatePerMinute is how many games one client address may create a
	// minute (a burst of as many, then at that rate).
	CreatePerMinute int
	// MaxSubsPerGame bounds the WebSocket connections to one game.
	MaxSubsPerGame int
	// MaxConnsPerAddr bounds the WebSocket connections from one client
	// address, over all games.
	MaxConnsPerAddr int
}

// DefaultOptions suit one server on a small machine.
var DefaultOptions = Options{MaxCached: 500, CreatePerMinute: 20, MaxSubsPerGame: 2000, MaxConnsPerAddr: 100}

func (o Options) withDefaults() Options {
	d := DefaultOptions
	if o.MaxCached > 0 {
		d.MaxCached = o.MaxCached
	}
	if o.CreatePerMinute > 0 {
		d.CreatePerMinute = o.CreatePerMinute
	}
	if o.MaxSubsPerGame > 0 {
		d.MaxSubsPerGame = o.MaxSubsPerGame
	}
	if o.MaxConnsPerAddr > 0 {
		d.MaxConnsPerAddr = o.MaxConnsPerAddr
	}
	return d
}

// Server is the HTTP server's state.
type Server struct {
	// modules are the games the server plays, by name (engine.Module).
	modules map[string]engine.Module
	store   *store.Store
	log     *slog.Logger
	web     fs.FS
	opt     Options

	mu    sync.Mutex
	cache map[string]*slot // games in memory, or being loaded
	lru   list.List        // of *slot, the most recently used first
	conns map[string]int   // open WebSocket connections by client address

	creates *limiter
	solving chan struct{} // a slot per costly computation at once (battle odds, replays)
	// keys is where new games' secret keys come from: crypto/rand, but
	// for tests that need a known game.
	keys io.Reader

	// following closes once Listen hears the other servers (or has none).
	following chan struct{}
	once      sync.Once

	hooks hooks // games' webhooks
}

// New makes a server on a store with the default options; web holds the
// page's files.
func New(st *store.Store, log *slog.Logger, web fs.FS) *Server {
	return NewWith(st, log, web, Options{})
}

// NewWith makes a server with the given bounds.
func NewWith(st *store.Store, log *slog.Logger, web fs.FS, opt Options) *Server {
	opt = opt.withDefaults()
	s := &Server{store: st, log: log, web: web, opt: opt, modules: map[string]engine.Module{},
		cache: map[string]*slot{}, conns: map[string]int{},
		creates: newLimiter(opt.CreatePerMinute, time.Minute), keys: rand.Reader,
		solving: make(chan struct{}, runtime.GOMAXPROCS(0)), following: make(chan struct{})}
	s.hooks.log = log.Warn
	for _, m := range Modules {
		s.modules[m.Name()] = m
	}
	return s
}

// Modules are the games a server plays: TI4 (the default) and Galactic
// Empires. A third module is added here.
var Modules = []engine.Module{ti4.Module{}, ge.Module{}}

// routes are the API's endpoints, each in openapi.json.
func (s *Server) routes() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		"GET /api/openapi.json":                   s.openapi,
		"GET /api/games":                          s.listGames,
		"POST /api/games":                         s.createGame,
		"GET /api/games/{id}":                     s.getGame,
		"POST /api/games/{id}/join":               s.join,
		"GET /api/games/{id}/legal":               s.legal,
		"POST /api/games/{id}/actions":            s.act,
		"POST /api/games/{id}/undo":               s.undo,
		"POST /api/games/{id}/undo/consent":       s.consent,
		"GET /api/games/{id}/log":                 s.gameLog,
		"GET /api/games/{id}/replay":              s.replay,
		"GET /api/games/{id}/map.svg":             s.mapSVG,
		"GET /api/games/{id}/ws":                  s.websocket,
		"GET /api/games/{id}/board":               s.board,
		"POST /api/games/{id}/seats/{seat}/token": s.reissue,
		"POST /api/games/{id}/seats/{seat}/bot":   s.seatBot,
		"POST /api/games/{id}/undo/request":       s.askUndo,
		"GET /api/catalog":                        s.catalog,
		"POST /api/games/{id}/webhook":            s.setWebhook,
		"GET /api/odds":                           s.odds,
	}
}

// Handler routes every request.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	for pattern, h := range s.routes() {
		mux.HandleFunc(pattern, h)
	}
	mux.Handle("GET /", http.FileServerFS(s.web))
	return s.logged(secureHeaders(mux))
}

// HTTPServer is the http.Server to run the handler in, with every
// timeout set, so a client that trickles its request or idles holds
// nothing for long. (WebSocket connections are taken over from it and
// keep their own deadlines.)
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
}

// logged logs each request (never its query: a WebSocket token may be in
// it) and bounds its body.
func (s *Server) logged(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &status{ResponseWriter: w, code: 200}
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		h.ServeHTTP(rec, r)
		// Reads that succeed are the bulk of the traffic: they are logged
		// at debug level; changes and failures at info.
		level := slog.LevelInfo
		if r.Method == http.MethodGet && rec.code < 400 {
			level = slog.LevelDebug
		}
		s.log.Log(r.Context(), level, "request", "method", r.Method, "path", r.URL.Path, "status", rec.code, "ms", time.Since(start).Milliseconds())
	})
}

type status struct {
	http.ResponseWriter
	code int
}

func (s *status) WriteHeader(code int) { s.code = code; s.ResponseWriter.WriteHeader(code) }

// Unwrap lets the websocket library reach the connection.
func (s *status) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// address is the client's address without its port: the unit of the
// per-client limits. (Behind a proxy every client shares the proxy's.)
func address(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

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

func writeRaw(w http.ResponseWriter, code int, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(b)
}

func fail(w http.ResponseWriter, code int, format string, args ...any) {
	writeJSON(w, code, apiError{Error: fmt.Sprintf(format, args...)})
}

// refuse turns an engine error into 422 (a rule) or 400 (bad input).
func refuse(w http.ResponseWriter, err error) {
	var re *engine.RuleError
	var ie *engine.InputError
	var big *http.MaxBytesError
	switch {
	case errors.As(err, &big):
		writeJSON(w, http.StatusRequestEntityTooLarge, apiError{Error: fmt.Sprintf("the body is over %d bytes", big.Limit)})
	case errors.As(err, &re):
		writeJSON(w, http.StatusUnprocessableEntity, apiError{Error: re.Error(), Rule: re.Rule})
	case errors.As(err, &ie):
		writeJSON(w, http.StatusBadRequest, apiError{Error: ie.Error(), Field: ie.Field})
	default:
		writeJSON(w, http.StatusInternalServerError, apiError{Error: err.Error()})
	}
}

// badBody answers a body that could not be read or decoded: 413 when it
// was too long, else 400.
func badBody(w http.ResponseWriter, err error) {
	var big *http.MaxBytesError
	if errors.As(err, &big) {
		refuse(w, err)
		return
	}
	fail(w, http.StatusBadRequest, "bad request body: %v", err)
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
