package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func open(t *testing.T) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// openPostgres opens a fresh Postgres database, or skips when there is no
// server (and fails instead when CI is set: CI starts one).
func openPostgres(t *testing.T) *Store {
	t.Helper()
	dsn, drop, err := CreateTestDatabase(AdminDSN())
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but Postgres is not reachable: %v", err)
		}
		t.Skipf("no Postgres: %v", err)
	}
	s, err := Open(dsn)
	if err != nil {
		drop()
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(); drop() })
	return s
}

func backends(t *testing.T, f func(t *testing.T, s *Store)) {
	t.Run("sqlite", func(t *testing.T) { f(t, open(t)) })
	t.Run("postgres", func(t *testing.T) { f(t, openPostgres(t)) })
}

func TestAppendAndLoad(t *testing.T) { backends(t, testAppendAndLoad) }

func testAppendAndLoad(t *testing.T, s *Store) {
	ctx := context.Background()
	if err := s.Create(ctx, &Game{ID: "g1", Created: "2026-11-23", Config: []byte(`{}`), Initial: []byte(`{}`), Seats: 3}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if err := s.Append(ctx, "g1", i, "action", []byte(`{"n":1}`)); err != nil {
			t.Fatal(err)
		}
	}
	var c *ErrConflict
	if err := s.Append(ctx, "g1", 1, "action", nil); !errors.As(err, &c) || c.Current != 3 {
		t.Fatalf("want a conflict at 3, got %v", err)
	}
	g, err := s.Load(ctx, "g1")
	if err != nil || len(g.Log) != 3 || g.Seats != 3 || g.Game != "ti4" {
		t.Fatalf("%+v %v", g, err)
	}
	if err := s.Create(ctx, &Game{ID: "g2", Game: "ge", Created: "2026-11-29", Config: []byte(`{}`), Initial: []byte(`{}`), Seats: 2}); err != nil {
		t.Fatal(err)
	}
	if g, err := s.Load(ctx, "g2"); err != nil || g.Game != "ge" {
		t.Fatalf("the row's game: %+v %v", g, err)
	}
	if _, err := s.Load(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	if err := s.SetSeat(ctx, "g1", 0, "ann", "secret"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetSeat(ctx, "g1", 0, "bob", "other"); err == nil {
		t.Fatal("a seat is claimed once")
	}
}

// Of many appends racing for the same sequence number, exactly one wins.
func TestRacingAppends(t *testing.T) { backends(t, testRacingAppends) }

func testRacingAppends(t *testing.T, s *Store) {
	ctx := context.Background()
	s.Create(ctx, &Game{ID: "g", Created: "x", Config: []byte(`{}`), Initial: []byte(`{}`), Seats: 3})
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.Append(ctx, "g", 0, "action", []byte(`{}`)); err == nil {
				mu.Lock()
				wins++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if wins != 1 {
		t.Fatalf("%d appends won the same step", wins)
	}
}

func TestReopenKeepsMigrations(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Create(context.Background(), &Game{ID: "a", Created: "x", Config: []byte(`{}`), Initial: []byte(`{}`), Seats: 3})
	s.Close()
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ids, _, _ := s.List(context.Background(), "", 10)
	if len(ids) != 1 {
		t.Fatal(ids)
	}
}

// Listing pages through every game once, newest first, even when several
// were created at the same instant; an unknown cursor is ErrNotFound.
func TestListPages(t *testing.T) { backends(t, testListPages) }

func testListPages(t *testing.T, s *Store) {
	ctx := context.Background()
	for i := 0; i < 7; i++ {
		created := "2026-01-0" + string(rune('1'+i/3)) // three share each instant
		id := string(rune('a' + i))
		if err := s.Create(ctx, &Game{ID: id, Created: created, Config: []byte(`{}`), Initial: []byte(`{}`), Seats: 3}); err != nil {
			t.Fatal(err)
		}
	}
	var all []string
	after := ""
	for page := 0; ; page++ {
		ids, next, err := s.List(ctx, after, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(ids) > 3 || page > 3 {
			t.Fatalf("page %d: %v", page, ids)
		}
		all = append(all, ids...)
		if next == "" {
			break
		}
		after = next
	}
	want := "gfedcba" // by instant, newest first; by id, highest first within one
	if got := strings.Join(all, ""); got != want {
		t.Fatalf("listed %q, want %q", got, want)
	}
	if _, _, err := s.List(ctx, "zz", 3); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown cursor: %v", err)
	}
}

// Servers starting together on a fresh Postgres database migrate it once:
// the migrations run under an advisory lock.
func TestConcurrentOpensMigrateOnce(t *testing.T) {
	dsn, drop, err := CreateTestDatabase(AdminDSN())
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but Postgres is not reachable: %v", err)
		}
		t.Skipf("no Postgres: %v", err)
	}
	defer drop()
	var wg sync.WaitGroup
	errs := make(chan error, 6)
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(dsn)
			if err == nil {
				s.Close()
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("a concurrent open failed: %v", err)
		}
	}
	s, err := Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var n, distinct int
	if err := s.db.QueryRow(`SELECT COUNT(*), COUNT(DISTINCT version) FROM schema_version`).Scan(&n, &distinct); err != nil {
		t.Fatal(err)
	}
	if n != distinct {
		t.Fatalf("schema_version holds %d rows for %d versions", n, distinct)
	}
}

// Acknowledged moves must survive a database crash: a Postgres URL that
// turns synchronous commit off is refused, and the default keeps it on.
func TestPostgresCommitsAreDurable(t *testing.T) {
	for _, v := range []string{"off", "local"} {
		if _, err := Open("postgres://u:p@127.0.0.1:1/x?synchronous_commit=" + v); err == nil || !strings.Contains(err.Error(), "synchronous_commit") {
			t.Errorf("synchronous_commit=%s: %v", v, err)
		}
	}
	s := openPostgres(t)
	var v string
	if err := s.db.QueryRow(`SHOW synchronous_commit`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	if v != "on" && v != "remote_apply" && v != "remote_write" {
		t.Fatalf("synchronous_commit is %s", v)
	}
}
