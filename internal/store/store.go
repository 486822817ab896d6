// Package store keeps games durably: one append-only log per game, with the
// next sequence number as an optimistic lock, in SQLite (embedded, the
// default) or Postgres (for several server processes), through
// database/sql.
package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"sort"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // the Postgres driver
	_ "modernc.org/sqlite"             // the pure-Go SQLite driver
)

//go:embed migrations
var migrations embed.FS

// Channel is the Postgres notification channel on which appends announce
// the game they changed.
const Channel = "mecatol"

// ErrConflict is returned when an append's sequence number is not the next
// one: another submission won the race.
type ErrConflict struct{ Current int }

func (e *ErrConflict) Error() string {
	return fmt.Sprintf("stale sequence number: the game is at %d", e.Current)
}

// ErrNotFound is returned for an unknown game.
var ErrNotFound = errors.New("no such game")

// Entry is one record of a game's log: an action, or an undo of the last N.
type Entry struct {
	Seq  int    `json:"seq"`
	Kind string `json:"kind"` // action, undo
	Body []byte `json:"body"`
}

// Game is a stored game.
type Game struct {
	ID      string
	Created string
	Config  []byte // the setup request, without its seed
	Initial []byte // the initial snapshot (holds the RNG: never sent to players)
	Seats   int
	Log     []Entry
}

// Store is a SQLite or Postgres store.
type Store struct {
	db       *sql.DB
	postgres bool
	DSN      string
}

// IsPostgres reports a Postgres data source name.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Postgres reports whether the store is Postgres.
func (s *Store) Postgres() bool { return s.postgres }

// q writes a query's ? placeholders the way the database wants them.
func (s *Store) q(query string) string {
	if !s.postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Open opens (creating if need be) a SQLite database file and runs the
// embedded migrations. The write-ahead log with synchronous=NORMAL makes a
// committed append survive the server process being killed (the commit is
// in the operating system's hands); it does not fsync every commit, so a
// power cut may lose the last moments.
func Open(path string) (*Store, error) {
	if IsPostgres(path) {
		// As with SQLite, a commit is durable once the database server has
		// it: a killed game server loses nothing, and the append does not
		// wait on a disk flush (synchronous_commit off).
		dsn := path
		if !strings.Contains(dsn, "synchronous_commit") {
			if strings.Contains(dsn, "?") {
				dsn += "&synchronous_commit=off"
			} else {
				dsn += "?synchronous_commit=off"
			}
		}
		db, err := sql.Open("pgx", dsn)
		if err != nil {
			return nil, err
		}
		// Keep connections open: opening one per request (the default
		// keeps two idle) costs a round of authentication each time.
		db.SetMaxOpenConns(32)
		db.SetMaxIdleConns(32)
		if err := db.Ping(); err != nil {
			db.Close()
			return nil, err
		}
		s := &Store{db: db, postgres: true, DSN: path}
		if err := s.migrate(context.Background()); err != nil {
			db.Close()
			return nil, err
		}
		return s, nil
	}
	dsn := fmt.Sprintf("file:%s?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)", path)
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1) // one writer; SQLite serialises writes anyway
	s := &Store{db: db, DSN: path}
	if err := s.migrate(context.Background()); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

func (s *Store) migrate(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	var have int
	if err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&have); err != nil {
		return err
	}
	dir := "migrations/sqlite"
	if s.postgres {
		dir = "migrations/postgres"
	}
	names, _ := migrations.ReadDir(dir)
	var files []string
	for _, n := range names {
		files = append(files, n.Name())
	}
	sort.Strings(files)
	for i, name := range files {
		v := i + 1
		if v <= have {
			continue
		}
		b, err := migrations.ReadFile(dir + "/" + name)
		if err != nil {
			return err
		}
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		for _, stmt := range strings.Split(string(b), ";") {
			if strings.TrimSpace(stmt) == "" {
				continue
			}
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				tx.Rollback()
				return fmt.Errorf("migration %s: %w", name, err)
			}
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO schema_version (version) VALUES (?)`), v); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// Create stores a new game.
func (s *Store) Create(ctx context.Context, g *Game) error {
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO games (id, created, config, initial, seats) VALUES (?, ?, ?, ?, ?)`),
		g.ID, g.Created, g.Config, g.Initial, g.Seats)
	return err
}

// Append adds an entry at seq, which must be the next sequence number. It
// is atomic: of racing appends at the same seq exactly one succeeds (the
// primary key decides), and the rest get ErrConflict.
func (s *Store) Append(ctx context.Context, id string, seq int, kind string, body []byte) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var next int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE game = ?`), id).Scan(&next); err != nil {
		return err
	}
	if seq != next {
		return &ErrConflict{Current: next}
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO entries (game, seq, kind, body) VALUES (?, ?, ?, ?)`), id, seq, kind, body); err != nil {
		if strings.Contains(err.Error(), "UNIQUE") || strings.Contains(err.Error(), "PRIMARY") || strings.Contains(err.Error(), "23505") {
			return &ErrConflict{Current: seq + 1}
		}
		return err
	}
	if s.postgres { // delivered to every listening server when the append commits
		if _, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, Channel, id); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Load reads a game and its whole log.
func (s *Store) Load(ctx context.Context, id string) (*Game, error) {
	g := &Game{ID: id}
	err := s.db.QueryRowContext(ctx, s.q(`SELECT created, config, initial, seats FROM games WHERE id = ?`), id).Scan(&g.Created, &g.Config, &g.Initial, &g.Seats)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT seq, kind, body FROM entries WHERE game = ? ORDER BY seq`), id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var e Entry
		if err := rows.Scan(&e.Seq, &e.Kind, &e.Body); err != nil {
			return nil, err
		}
		g.Log = append(g.Log, e)
	}
	return g, rows.Err()
}

// Length is the number of entries in a game's log.
func (s *Store) Length(ctx context.Context, id string) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM entries WHERE game = ?`), id).Scan(&n)
	return n, err
}

// List returns up to limit game ids, newest first, after the game with id
// after ("" for the first page), and the id to give as after for the next
// page ("" when this one is the last). An unknown after is ErrNotFound.
func (s *Store) List(ctx context.Context, after string, limit int) ([]string, string, error) {
	var rows *sql.Rows
	var err error
	if after == "" {
		rows, err = s.db.QueryContext(ctx, s.q(`SELECT id FROM games ORDER BY created DESC, id DESC LIMIT ?`), limit+1)
	} else {
		var created string
		err = s.db.QueryRowContext(ctx, s.q(`SELECT created FROM games WHERE id = ?`), after).Scan(&created)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, "", ErrNotFound
		}
		if err != nil {
			return nil, "", err
		}
		rows, err = s.db.QueryContext(ctx, s.q(`SELECT id FROM games WHERE created < ? OR (created = ? AND id < ?) ORDER BY created DESC, id DESC LIMIT ?`),
			created, created, after, limit+1)
	}
	if err != nil {
		return nil, "", err
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, "", err
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, "", err
	}
	next := ""
	if len(out) > limit {
		out = out[:limit]
		next = out[limit-1]
	}
	return out, next, nil
}

// SetSeat stores the hash of a seat's token; a seat is claimed once.
func (s *Store) SetSeat(ctx context.Context, id string, seat int, name string, token string) error {
	h := sha256.Sum256([]byte(token))
	res, err := s.db.ExecContext(ctx, s.q(`INSERT INTO seats (game, seat, name, token_hash) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`), id, seat, name, h[:])
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("seat %d is taken", seat)
	}
	if s.postgres {
		if _, err := s.db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, Channel, id); err != nil {
			return err
		}
	}
	return nil
}

// Seats returns the token hashes of a game's claimed seats.
func (s *Store) Seats(ctx context.Context, id string) (map[int][]byte, map[int]string, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT seat, name, token_hash FROM seats WHERE game = ?`), id)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	hashes, names := map[int][]byte{}, map[int]string{}
	for rows.Next() {
		var seat int
		var name string
		var h []byte
		if err := rows.Scan(&seat, &name, &h); err != nil {
			return nil, nil, err
		}
		hashes[seat], names[seat] = h, name
	}
	return hashes, names, rows.Err()
}
