package server

import (
	"crypto/sha256"
	"net/http"
	"strconv"
	"strings"
)

// hostGame is the request's game when the host's token comes with it;
// otherwise it answers the request itself (403 for any other token).
func (s *Server) hostGame(w http.ResponseWriter, r *http.Request, what string) (*live, bool) {
	l, seat, ok := s.game(w, r)
	if !ok {
		return nil, false
	}
	if seat != Host {
		fail(w, http.StatusForbidden, "only the host %s", what)
		return nil, false
	}
	return l, true
}

// seatGame is the request's game and seat when a seat's token comes with
// it; otherwise it answers 401 itself, saying what needs a seat.
func (s *Server) seatGame(w http.ResponseWriter, r *http.Request, what string) (*live, int, bool) {
	l, seat, ok := s.game(w, r)
	if !ok {
		return nil, 0, false
	}
	if seat < 0 {
		fail(w, http.StatusUnauthorized, "%s: give its token", what)
		return nil, 0, false
	}
	return l, seat, true
}

// reissue gives a claimed seat a new token, for the host: a player who
// lost their link gets a new one, and the old one stops working.
func (s *Server) reissue(w http.ResponseWriter, r *http.Request) {
	l, ok := s.hostGame(w, r, "reissues a seat's token")
	if !ok {
		return
	}
	target, err := strconv.Atoi(r.PathValue("seat"))
	l.mu.Lock()
	defer l.mu.Unlock()
	if err != nil || target < 0 || target >= l.game.Seats() {
		fail(w, http.StatusBadRequest, "no seat %q", r.PathValue("seat"))
		return
	}
	if _, taken := l.hashes[target]; !taken {
		fail(w, http.StatusConflict, "seat %d is not taken: its player joins it", target)
		return
	}
	if l.bots[target] != nil {
		fail(w, http.StatusConflict, "seat %d is played by a bot", target)
		return
	}
	t := token()
	if err := s.store.ReissueSeat(r.Context(), l.id, target, t); err != nil {
		fail(w, http.StatusServiceUnavailable, "the store: %v", err)
		return
	}
	h := sha256.Sum256([]byte(t))
	l.hashes[target] = h[:]
	l.reissued[target]++
	l.changed() // wakes the old token's connections, which are then closed
	s.log.Info("seat reissued", "game", l.id, "seat", target)
	writeJSON(w, http.StatusOK, map[string]any{"seat": target, "token": t})
}

// undoRequest is a seat asking the host to undo the last Count actions.
type undoRequest struct {
	Seq    int    `json:"seq"`
	Seat   int    `json:"seat"`
	Count  int    `json:"count"`
	Reason string `json:"reason,omitempty"`
}

// MaxReason bounds the text of an undo request.
const MaxReason = 200

// askUndo records a seat's request for an undo, shown to every seat until
// the log moves on; the host decides (POST .../undo), and an undo that
// takes back hidden information then waits for every player's consent.
func (s *Server) askUndo(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.seatGame(w, r, "an undo is asked for by a seat")
	if !ok {
		return
	}
	var req undoRequest
	if err := decode(r, &req); err != nil {
		badBody(w, err)
		return
	}
	req.Reason = strings.TrimSpace(req.Reason)
	if err := checkText("reason", req.Reason, MaxReason); err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !undoable(w, l, req.Seq, req.Count) {
		return
	}
	req.Seat = seat
	l.asked = &req
	l.changed()
	writeJSON(w, http.StatusAccepted, req)
}

// undoable reports that an undo of count actions, asked at seq, may be
// done or asked for now; otherwise it answers the request itself (409 for
// a stale seq, 400 for a count the log does not hold). Callers hold l.mu.
func undoable(w http.ResponseWriter, l *live, seq, count int) bool {
	if seq != l.seq {
		cur := l.seq
		writeJSON(w, http.StatusConflict, apiError{Error: "stale sequence number", Current: &cur})
		return false
	}
	if n := l.game.Len(); count < 1 || count > n {
		fail(w, http.StatusBadRequest, "count must be 1 to %d", n)
		return false
	}
	return true
}
