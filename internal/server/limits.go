package server

import (
	"sync"
	"time"
)

// limiter is a token bucket per client address: a burst of n, refilled at
// n per period. The table of addresses is bounded: when it is full, the
// buckets that have refilled (which say nothing) are dropped, and if none
// has, the new address waits as if its bucket were empty.
type limiter struct {
	mu      sync.Mutex
	n       float64
	per     time.Duration
	buckets map[string]*bucket
	now     func() time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

// maxAddresses bounds the limiter's table.
const maxAddresses = 10000

func newLimiter(n int, per time.Duration) *limiter {
	return &limiter{n: float64(n), per: per, buckets: map[string]*bucket{}, now: time.Now}
}

// allow takes a token for addr, or says how long until one is due.
func (l *limiter) allow(addr string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.buckets[addr]
	if b == nil {
		if len(l.buckets) >= maxAddresses && !l.prune(now) {
			return false, l.per
		}
		b = &bucket{tokens: l.n, at: now}
		l.buckets[addr] = b
	}
	b.tokens = min(l.n, b.tokens+l.n*float64(now.Sub(b.at))/float64(l.per))
	b.at = now
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) / l.n * float64(l.per))
	}
	b.tokens--
	return true, 0
}

// prune drops the full buckets and reports whether any went.
func (l *limiter) prune(now time.Time) bool {
	dropped := false
	for a, b := range l.buckets {
		if b.tokens+l.n*float64(now.Sub(b.at))/float64(l.per) >= l.n {
			delete(l.buckets, a)
			dropped = true
		}
	}
	return dropped
}

// connect counts a WebSocket connection from addr, unless the address is
// at its bound.
func (s *Server) connect(addr string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conns[addr] >= s.opt.MaxConnsPerAddr {
		return false
	}
	s.conns[addr]++
	return true
}

func (s *Server) disconnect(addr string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conns[addr]--; s.conns[addr] <= 0 {
		delete(s.conns, addr)
	}
}
