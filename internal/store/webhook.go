package store

import (
	"context"
	"database/sql"
)

// SetWebhook stores the address a game's turn messages go to; "" removes it.
func (s *Store) SetWebhook(ctx context.Context, id, url string) error {
	if url == "" {
		_, err := s.db.ExecContext(ctx, s.q(`DELETE FROM webhooks WHERE game = ?`), id)
		return err
	}
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO webhooks (game, url) VALUES (?, ?) ON CONFLICT (game) DO UPDATE SET url = excluded.url`), id, url)
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
