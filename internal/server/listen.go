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
	// The store is the truth: a game it holds fewer entries of than
	// memory (a database that lost its last moments) is reloaded too.
	s.mu.Lock()
	ids := make([]string, 0, len(s.cache))
	for id := range s.cache {
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
