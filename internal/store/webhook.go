package store

import (
	"context"
	"database/sql"
)

// SetWebhook stores the address a game's turn messages go to; "" removes it.
func (s *Store) SetWebhook(ctx context.Context, id, url string) error {
	if url == "" {
		if _, err := s.db.ExecContext(ctx, s.q(`DELETE FROM webhooks WHERE game = ?`), id); err != nil {
			return err
		}
		return s.notify(ctx, id)
	}
	if _, err := s.db.ExecContext(ctx, s.q(`INSERT INTO webhooks (game, url) VALUES (?, ?) ON CONFLICT (game) DO UPDATE SET url = excluded.url`), id, url); err != nil {
		return err
	}
	return s.notify(ctx, id)
}

// notify tells the other servers that game id changed (Postgres only).
func (s *Store) notify(ctx context.Context, id string) error {
	if !s.postgres {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, Channel, id)
	return err
}

// Webhook is a game's webhook address, or "".
func (s *Store) Webhook(ctx context.Context, id string) (string, error) {
	var url string
	err := s.db.QueryRowContext(ctx, s.q(`SELECT url FROM webhooks WHERE game = ?`), id).Scan(&url)
	if err == sql.ErrNoRows {
		return "", nil
	}
	return url, err
}

// Reissues counts, by seat, the tokens the host has replaced.
func (s *Store) Reissues(ctx context.Context, id string) (map[int]int, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT seat, reissues FROM seats WHERE game = ? AND reissues > 0`), id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int]int{}
	for rows.Next() {
		var seat, n int
		if err := rows.Scan(&seat, &n); err != nil {
			return nil, err
		}
		out[seat] = n
	}
	return out, rows.Err()
}
