package server

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// websocket sends the seat its own view now and after every change.
func (s *Server) websocket(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.game(w, r)
	if !ok {
		return
	}
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer conn.CloseNow()
	sub := &subscriber{seat: seat, ch: make(chan struct{}, 1)}
	l.mu.Lock()
	l.subs[sub] = struct{}{}
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		delete(l.subs, sub)
		l.mu.Unlock()
	}()
	ctx := conn.CloseRead(r.Context())
	sub.ch <- struct{}{}
	for {
		select {
		case <-ctx.Done():
			return
		case <-sub.ch:
			l.mu.Lock()
			gv, err := l.view(seat)
			l.mu.Unlock()
			if err != nil {
				return
			}
			b, _ := json.Marshal(gv)
			wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err = conn.Write(wctx, websocket.MessageText, b)
			cancel()
			if err != nil {
				return
			}
		}
	}
}
