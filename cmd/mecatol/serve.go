package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/mecatol/mecatol/internal/server"
	"github.com/mecatol/mecatol/internal/store"
	"github.com/mecatol/mecatol/internal/web"
)

func cmdServe(args []string, out io.Writer) error {
	fs := flags("serve")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	db := fs.String("db", "mecatol.db", "SQLite database file, or a postgres:// URL to share games between servers")
	cache := fs.Int("cache", server.DefaultOptions.MaxCached, "games kept in memory (idle ones beyond it are dropped and reload from the store)")
	creates := fs.Int("create-per-minute", server.DefaultOptions.CreatePerMinute, "new games one client address may create a minute")
	conns := fs.Int("conns-per-addr", server.DefaultOptions.MaxConnsPerAddr, "live WebSocket connections one client address may hold")
	if err := parse(fs, args); err != nil {
		return err
	}
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	st, err := store.Open(*db)
	if err != nil {
		return fmt.Errorf("open %s: %w", *db, err)
	}
	defer st.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	app := server.NewWith(st, log, web.Files(), server.Options{MaxCached: *cache, CreatePerMinute: *creates, MaxConnsPerAddr: *conns})
	srv := app.HTTPServer()
	where := *db
	if store.IsPostgres(where) {
		where = "Postgres"
	}
	fmt.Fprintf(out, "Mecatol is serving on http://%s (games in %s)\n", ln.Addr(), where)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go app.Listen(ctx)
	select {
	case <-app.Following():
	case <-time.After(10 * time.Second):
		log.Warn("not yet following the other servers; serving anyway")
	}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
