package server

import (
	"bytes"
	"container/list"
	"context"
	"fmt"
	"maps"
	"sync/atomic"
	"time"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/store"
)

// slot is a game's place in the cache: loaded once (the first asker loads
// it, the others wait on ready without holding the server's lock), then
// kept until it is the least recently used game without subscribers and
// the cache is over its bound.
type slot struct {
	id    string
	ready chan struct{}
	l     *live
	err   error
	elem  *list.Element // in Server.lru; nil once dropped
}

// loadTimeout bounds reading a game from the store and replaying it.
const loadTimeout = 30 * time.Second

// load returns a game, rebuilding it from the store on first use.
func (s *Server) load(ctx context.Context, id string) (*live, error) {
	if !validID(id) {
		return nil, store.ErrNotFound
	}
	s.mu.Lock()
	sl := s.cache[id]
	if sl == nil {
		sl = &slot{id: id, ready: make(chan struct{})}
		s.cache[id] = sl
		s.mu.Unlock()
		s.fill(sl)
	} else {
		s.mu.Unlock()
	}
	select {
	case <-sl.ready:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if sl.err != nil {
		return nil, sl.err
	}
	s.mu.Lock()
	if sl.elem != nil {
		s.lru.MoveToFront(sl.elem)
	}
	s.mu.Unlock()
	return sl.l, nil
}

// validID accepts the ids createGame makes (12 hex digits), so that any
// other path is a 404 without a trip to the store.
func validID(id string) bool {
	if len(id) != 12 {
		return false
	}
	for _, c := range id {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// fill reads a slot's game; its own deadline, not the asker's, so that an
// asker who leaves does not fail the others waiting.
func (s *Server) fill(sl *slot) {
	ctx, cancel := context.WithTimeout(context.Background(), loadTimeout)
	defer cancel()
	l, err := s.read(ctx, sl.id)
	loadsDone.Add(1)
	s.mu.Lock()
	sl.l, sl.err = l, err
	if err != nil {
		delete(s.cache, sl.id)
	} else {
		sl.elem = s.lru.PushFront(sl)
		s.evict()
	}
	s.mu.Unlock()
	close(sl.ready)
}

// loadsDone counts the games read from the store, for tests.
var loadsDone atomic.Int64

// evict drops the least recently used games without subscribers until the
// cache is within its bound; callers hold s.mu. Games with subscribers
// stay (their number is bounded by the connection limits).
func (s *Server) evict() {
	for e := s.lru.Back(); e != nil && s.lru.Len() > s.opt.MaxCached; {
		prev := e.Prev()
		if sl := e.Value.(*slot); sl.l.nsubs.Load() == 0 {
			s.lru.Remove(e)
			sl.elem = nil
			delete(s.cache, sl.id)
		}
		e = prev
	}
}

// cached reports whether l is the copy of its game the cache holds.
func (s *Server) cached(l *live) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	sl := s.cache[l.id]
	return sl != nil && sl.l == l
}

// Cached is the number of games in memory.
func (s *Server) Cached() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lru.Len()
}

// read loads a game from the store and replays it.
func (s *Server) read(ctx context.Context, id string) (*live, error) {
	l := &live{id: id, subs: map[*subscriber]struct{}{}, seats: map[int]int{}}
	if err := s.reloadInto(ctx, l); err != nil {
		return nil, err
	}
	return l, nil
}

// reloadInto replaces l's game with the store's, keeping its subscribers,
// and wakes them; callers hold l.mu (or own l alone). On failure l is
// marked stale and reloads at its next use.
func (s *Server) reloadInto(ctx context.Context, l *live) error {
	g, err := s.store.Load(ctx, l.id)
	if err == nil {
		var game engine.Table
		if game, err = s.rebuild(g); err == nil {
			var hashes map[int][]byte
			var names map[int]string
			var hook string
			var reissued map[int]int
			if hashes, names, err = s.store.Seats(ctx, l.id); err == nil {
				hook, err = s.store.Webhook(ctx, l.id)
			}
			if err == nil {
				reissued, err = s.store.Reissues(ctx, l.id)
			}
			if err == nil {
				l.game, l.module, l.seq, l.hashes, l.names, l.stale = game, g.Game, len(g.Log), hashes, names, false
				l.reissued, l.dice = reissued, nil
				l.bots = s.players(g.Game, hashes, names)
				if hook != l.webhook {
					l.webhook, l.hooked = hook, nil
				}
				l.version++
				l.publish()
				return nil
			}
		}
	}
	l.stale = true
	return err
}

// refresh brings a cached game in line with the store after another
// server changed it (or after the connection to the store was lost): the
// store is the truth, whether it is ahead of memory or behind it.
func (s *Server) refresh(ctx context.Context, id string) {
	s.mu.Lock()
	sl := s.cache[id]
	s.mu.Unlock()
	if sl == nil {
		return
	}
	select {
	case <-sl.ready:
	case <-ctx.Done():
		return
	}
	if sl.err != nil {
		return
	}
	l := sl.l
	l.mu.Lock() // no append of this server's is half done under it
	defer l.mu.Unlock()
	n, err := s.store.Length(ctx, id)
	if err != nil {
		l.stale = true
		return
	}
	if n != l.seq {
		s.reloadInto(ctx, l)
		return
	}
	hashes, names, err := s.store.Seats(ctx, id) // a join, a token reissued, or our own append
	if err == nil && !maps.EqualFunc(hashes, l.hashes, bytes.Equal) {
		l.hashes, l.names, l.bots = hashes, names, s.players(l.module, hashes, names)
		if n, err := s.store.Reissues(ctx, id); err == nil {
			l.reissued = n
		}
		l.version++
		l.publish() // and a replaced token's connections are closed
	}
	if hook, err := s.store.Webhook(ctx, id); err == nil && hook != l.webhook { // set on another server
		l.webhook, l.hooked = hook, nil
	}
}

// rebuild replays a stored log (actions, and undos of the last N) with
// the row's module.
func (s *Server) rebuild(g *store.Game) (engine.Table, error) {
	mod := s.modules[g.Game]
	if mod == nil {
		return nil, fmt.Errorf("game %s: no module %q", g.ID, g.Game)
	}
	entries := make([]engine.Entry, len(g.Log))
	for i, e := range g.Log {
		entries[i] = engine.Entry{Kind: e.Kind, Body: e.Body}
	}
	actions, err := engine.Actions(entries)
	if err != nil {
		return nil, err
	}
	return mod.Load(g.Initial, actions)
}
