package server

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/mecatol/mecatol/internal/store"
)

// Listen follows the other servers sharing a Postgres store: each append
// or join they make is announced on a channel, and the game, if cached
// here, is reloaded and its subscribers woken. It returns when ctx ends;
// with SQLite there is nothing to follow.
func (s *Server) Listen(ctx context.Context) {
	if !s.store.Postgres() {
		s.once.Do(func() { close(s.following) })
		return
	}
	for ctx.Err() == nil {
		if err := s.listen(ctx); err != nil && ctx.Err() == nil {
			s.log.Warn("listen", "err", err)
			time.Sleep(time.Second)
		}
	}
}

func (s *Server) listen(ctx context.Context) error {
	conn, err := pgx.Connect(ctx, s.store.DSN)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+store.Channel); err != nil {
		return err
	}
	// Appends made before LISTEN took hold (at start, or while the
	// connection was down) sent notices no one heard: catch up on them.
	s.mu.Lock()
	ids := make([]string, 0, len(s.live))
	for id := range s.live {
		ids = append(ids, id)
	}
	s.mu.Unlock()
	for _, id := range ids {
		s.refresh(ctx, id)
	}
	s.once.Do(func() { close(s.following) })
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		s.refresh(ctx, n.Payload)
	}
}

// Following is closed once the server hears other servers' appends, so
// that it can start serving without missing any.
func (s *Server) Following() <-chan struct{} { return s.following }

// refresh reloads a cached game that another server changed.
func (s *Server) refresh(ctx context.Context, id string) {
	s.mu.Lock()
	l := s.live[id]
	s.mu.Unlock()
	if l == nil {
		return
	}
	if n, err := s.store.Length(ctx, id); err == nil {
		l.mu.Lock()
		mine := n == l.seq
		l.mu.Unlock()
		if mine {
			hashes, names, err := s.store.Seats(ctx, id) // a join, or our own append
			if err == nil {
				l.mu.Lock()
				changed := len(hashes) != len(l.hashes)
				l.hashes, l.names = hashes, names
				if changed {
					l.notify()
				}
				l.mu.Unlock()
			}
			return
		}
	}
	g, err := s.store.Load(ctx, id)
	if err != nil {
		return
	}
	game, err := rebuild(g)
	if err != nil {
		return
	}
	hashes, names, err := s.store.Seats(ctx, id)
	if err != nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(g.Log) < l.seq {
		return // an older notification
	}
	l.game, l.seq, l.hashes, l.names = game, len(g.Log), hashes, names
	l.notify()
}
