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
	"strings"
	"syscall"
	"time"

	"github.com/mecatol/mecatol/internal/server"
	"github.com/mecatol/mecatol/internal/store"
	"github.com/mecatol/mecatol/internal/web"
)

func cmdServe(args []string, out io.Writer) error {
	fs := flags("serve")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	db := fs.String("db", "mecatol.db", "SQLite database file")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if strings.HasPrefix(*db, "postgres://") || strings.HasPrefix(*db, "postgresql://") {
		return errors.New("Postgres storage is not built yet; use a SQLite file")
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
	srv := &http.Server{Handler: server.New(st, log, web.Files()).Handler(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(out, "Mecatol is serving on http://%s (games in %s)\n", ln.Addr(), *db)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
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
