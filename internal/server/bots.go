package server

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/mecatol/mecatol/internal/bot"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ge/gebot"
	"github.com/mecatol/mecatol/internal/store"
)

// Bots a host may seat, by module: each makes a player from a bot's name
// and a seed.
var seatBots = map[string]struct {
	names []string
	make  func(name string, seed uint64) (engine.Player, error)
}{
	"ti4": {bot.SeatBots, bot.NewSeat},
	"ge":  {gebot.SeatBots, gebot.NewSeat},
}

// BotPause is the pause between two moves of a game's bots: a person
// watching sees them follow, and a game of bots cannot take a core.
var BotPause = 20 * time.Millisecond

// botPrefix begins the name of every bot's seat, and no person's.
const botPrefix = "Mecatol bot"

// botName is how the seat of a bot of kind is named to the players.
func botName(kind string) string { return botPrefix + " (" + kind + ")" }

// players makes the bots of a game's seats from the store's seats.
func (s *Server) players(module string, hashes map[int][]byte, names map[int]string) map[int]engine.Player {
	bots := map[int]engine.Player{}
	for seat, h := range hashes {
		if !store.IsBot(h) {
			continue
		}
		if p, err := seatBots[module].make(names[seat], s.seed()); err == nil {
			bots[seat] = p
			names[seat] = botName(names[seat])
		} else {
			s.log.Error("a stored bot cannot be made", "module", module, "seat", seat, "err", err)
		}
	}
	return bots
}

// seed draws a bot's seed from the server's randomness.
func (s *Server) seed() uint64 {
	var b [8]byte
	io.ReadFull(s.keys, b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// seatBot seats a bot in a free seat, for the host: {"bot": "greedy"}. At
// least one seat stays for a person, so that no game plays itself out on
// the server with no one to play it for.
func (s *Server) seatBot(w http.ResponseWriter, r *http.Request) {
	l, ok := s.hostGame(w, r, "seats a bot")
	if !ok {
		return
	}
	var req struct {
		Bot string `json:"bot"`
	}
	if err := decode(r, &req); err != nil {
		badBody(w, err)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	target, err := strconv.Atoi(r.PathValue("seat"))
	if err != nil || target < 0 || target >= l.game.Seats() {
		fail(w, http.StatusBadRequest, "no seat %q", r.PathValue("seat"))
		return
	}
	kinds := seatBots[l.module]
	if !slices.Contains(kinds.names, req.Bot) {
		fail(w, http.StatusBadRequest, "no bot %q for this game: one of %v", req.Bot, kinds.names)
		return
	}
	if _, taken := l.hashes[target]; taken {
		fail(w, http.StatusConflict, "seat %d is taken", target)
		return
	}
	p, err := kinds.make(req.Bot, s.seed())
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	// The store checks the seats left for people, whichever server seats.
	if err := s.store.SetBot(r.Context(), l.id, target, req.Bot, l.game.Seats()); err != nil {
		fail(w, http.StatusConflict, "%v", err)
		return
	}
	l.hashes[target], l.names[target], l.bots[target] = store.BotMark, botName(req.Bot), p
	s.log.Info("bot seated", "game", l.id, "seat", target, "bot", req.Bot)
	writeJSON(w, http.StatusOK, map[string]any{"seat": target, "bot": req.Bot})
	l.changed()
	s.wakeBots(l)
}

// wakeBots sets the game's bots going when one of them is to move, unless
// they are already; callers hold l.mu.
func (s *Server) wakeBots(l *live) {
	if l.botsBusy || len(l.bots) == 0 || l.stale {
		return
	}
	if _, _, ok := l.botToMove(); !ok {
		return
	}
	l.botsBusy = true
	go s.runBots(l)
}

// people are the seats still in the game that a bot does not play: those
// whose consent an undo of hidden information waits for.
func (l *live) people() []int {
	// A copy: a module may hand out a slice it shares (TI4's seat lists).
	return slices.DeleteFunc(slices.Clone(l.game.Players()), func(q int) bool { return l.bots[q] != nil })
}

// botToMove is a bot the game waits on that has a move; or, when no seat
// it waits on has one (it waits on no one, or on a move out of turn such
// as keeping a secret objective), the first bot that has one. Bots stop
// once no person is left in the game: they do not play it out alone.
// Callers hold l.mu.
func (l *live) botToMove() (int, engine.Player, bool) {
	if len(l.people()) == 0 {
		return 0, nil, false
	}
	waiting := l.game.Waiting()
	for _, q := range waiting {
		if p := l.bots[q]; p != nil && l.game.Legal(q) != nil {
			return q, p, true
		}
	}
	for _, q := range waiting {
		if l.bots[q] == nil && l.game.Legal(q) != nil {
			return 0, nil, false // a person is to move
		}
	}
	for q := range l.game.Seats() {
		if p := l.bots[q]; p != nil && l.game.Legal(q) != nil {
			return q, p, true
		}
	}
	return 0, nil, false
}

// runBots plays the bots' moves, one at a time and through the same
// checks, store and broadcast as a person's, until a person is to move.
func (s *Server) runBots(l *live) {
	defer func() { // a bot's panic costs its game a reload, not the server
		if r := recover(); r != nil {
			s.log.Error("bot panicked", "game", l.id, "panic", fmt.Sprint(r))
			l.mu.Lock()
			l.botsBusy, l.stale = false, true
			l.mu.Unlock()
		}
	}()
	for {
		time.Sleep(BotPause)
		if !s.cached(l) { // dropped from the cache: the copy loaded since plays on
			l.mu.Lock()
			l.botsBusy = false
			l.mu.Unlock()
			return
		}
		if !s.botMove(l) {
			return
		}
	}
}

// botMove plays one bot move, and reports whether the bots go on.
func (s *Server) botMove(l *live) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	seat, p, ok := l.botToMove()
	if l.stale || !ok {
		l.botsBusy = false
		return false
	}
	m, ok, err := p.Choose(l.game, seat)
	if err == nil && !ok {
		err = fmt.Errorf("it has no legal move")
	}
	if err == nil {
		var rec recorder
		switch _, _, code := s.apply(&rec, context.Background(), l, l.seq, m); code {
		case http.StatusOK:
		case http.StatusConflict: // another server played first, and plays on
			s.log.Info("bot move played elsewhere", "game", l.id, "seat", seat)
			l.botsBusy = false
			return false
		default:
			err = fmt.Errorf("its move was refused (%d): %s", code, rec.body)
		}
	}
	if err != nil {
		s.log.Error("bot", "game", l.id, "seat", seat, "bot", p.Name(), "err", err)
		l.botsBusy = false
		return false
	}
	return true
}

// recorder keeps the answer apply would give a client, for a bot's move.
type recorder struct {
	code int
	body []byte
	h    http.Header
}

func (r *recorder) Header() http.Header {
	if r.h == nil {
		r.h = http.Header{}
	}
	return r.h
}
func (r *recorder) WriteHeader(code int)        { r.code = code }
func (r *recorder) Write(b []byte) (int, error) { r.body = append(r.body, b...); return len(b), nil }
