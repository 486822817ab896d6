package store

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
)

// AdminDSN is the Postgres server the tests use: $MECATOL_TEST_POSTGRES, or
// the local server CI starts.
func AdminDSN() string {
	if dsn := os.Getenv("MECATOL_TEST_POSTGRES"); dsn != "" {
		return dsn
	}
	return "postgres://postgres:postgres@127.0.0.1:5432/postgres?sslmode=disable"
}

// CreateTestDatabase makes a fresh, empty database on the admin server and
// returns its DSN and a function that drops it.
func CreateTestDatabase(admin string) (string, func(), error) {
	db, err := sql.Open("pgx", admin)
	if err != nil {
		return "", nil, err
	}
	if err := db.Ping(); err != nil {
		db.Close()
		return "", nil, err
	}
	b := make([]byte, 6)
	rand.Read(b)
	name := "mecatol_test_" + hex.EncodeToString(b)
	if _, err := db.Exec("CREATE DATABASE " + name); err != nil {
		db.Close()
		return "", nil, err
	}
	u, err := url.Parse(admin)
	if err != nil {
		db.Close()
		return "", nil, err
	}
	u.Path = "/" + name
	drop := func() {
		db.Exec(fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name))
		db.Close()
	}
	return u.String(), drop, nil
}
