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
	"net/url"
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
	Game    string // the module: "ti4" (the default) or "ge"
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

// Open opens (creating if need be) a SQLite database file, or a Postgres
// database for a postgres:// URL, and runs the embedded migrations.
//
// An append returns only once its commit is durable as the database
// promises it: SQLite in write-ahead-log mode with synchronous=NORMAL (the
// commit survives the server process being killed; a power cut may lose
// the last moments), Postgres with synchronous_commit on (the commit is in
// the write-ahead log on disk, so a crash of the database loses nothing it
// acknowledged). A Postgres URL that turns synchronous_commit off is
// refused: acknowledged moves would be lost.
func Open(path string) (*Store, error) {
	if IsPostgres(path) {
		if u, err := url.Parse(path); err == nil {
			if v := strings.ToLower(u.Query().Get("synchronous_commit")); v == "off" || v == "local" {
				return nil, fmt.Errorf("synchronous_commit=%s would acknowledge moves a database crash can lose", v)
			}
		}
		db, err := sql.Open("pgx", path)
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

// migrationLock is the Postgres advisory lock key under which migrations
// run, so that servers starting together on a fresh database do not race.
const migrationLock = 0x6d6563617431 // "mecat1"

func (s *Store) migrate(ctx context.Context) error {
	conn, err := s.db.Conn(ctx) // one session: the lock and the work on it
	if err != nil {
		return err
	}
	defer conn.Close()
	if s.postgres {
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
			return err
		}
		defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, migrationLock)
	}
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	var have int
	if err := conn.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&have); err != nil {
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
		if v := i + 1; v > have {
			if err := s.apply(ctx, conn, dir+"/"+name, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// apply runs one migration file and records its version, in one
// transaction.
func (s *Store) apply(ctx context.Context, conn *sql.Conn, file string, v int) error {
	b, err := migrations.ReadFile(file)
	if err != nil {
		return err
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, stmt := range strings.Split(string(b), ";") {
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("migration %s: %w", file, err)
		}
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO schema_version (version) VALUES (?)`), v); err != nil {
		return err
	}
	return tx.Commit()
}

// Create stores a new game.
func (s *Store) Create(ctx context.Context, g *Game) error {
	game := g.Game
	if game == "" {
		game = "ti4"
	}
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO games (id, game, created, config, initial, seats) VALUES (?, ?, ?, ?, ?, ?)`),
		g.ID, game, g.Created, g.Config, g.Initial, g.Seats)
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
	err := s.db.QueryRowContext(ctx, s.q(`SELECT game, created, config, initial, seats FROM games WHERE id = ?`), id).Scan(&g.Game, &g.Created, &g.Config, &g.Initial, &g.Seats)
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
	return s.notify(ctx, id)
}

// BotMark is the token hash stored for a seat a bot plays: no token
// hashes to it (a hash is 32 bytes), so no one can act for the bot.
var BotMark = []byte("bot")

// IsBot reports whether a seat's stored hash marks a bot.
func IsBot(hash []byte) bool { return string(hash) == string(BotMark) }

// ErrLastSeat: a bot may not take the last seat left for a person.
var ErrLastSeat = errors.New("one seat at least is left for a person")

// SetBot seats a bot, named by its kind, in a free seat of a game of
// seats seats; like a player, a bot is seated once, and one seat at least
// stays for a person. The game's row is locked first, so that seatings on
// several servers go one at a time.
func (s *Store) SetBot(ctx context.Context, id string, seat int, kind string, seats int) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, s.q(`UPDATE games SET seats = seats WHERE id = ?`), id); err != nil {
		return err
	}
	var bots int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM seats WHERE game = ? AND token_hash = ?`), id, BotMark).Scan(&bots); err != nil {
		return err
	}
	if bots+1 >= seats {
		return ErrLastSeat
	}
	res, err := tx.ExecContext(ctx, s.q(`INSERT INTO seats (game, seat, name, token_hash) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`), id, seat, kind, BotMark)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("seat %d is taken", seat)
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return s.notify(ctx, id)
}

// ReissueSeat replaces the token of a claimed seat (the host giving a
// player who lost it a new one): the old token stops working, and the seat
// counts one more reissue (Reissues), which every player is shown.
func (s *Store) ReissueSeat(ctx context.Context, id string, seat int, token string) error {
	h := sha256.Sum256([]byte(token))
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE seats SET token_hash = ?, reissues = reissues + 1 WHERE game = ? AND seat = ?`), h[:], id, seat)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("seat %d is not taken", seat)
	}
	return s.notify(ctx, id)
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
