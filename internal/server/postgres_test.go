package server

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/mecatol/mecatol/internal/store"
)

// testDatabase creates a fresh Postgres database for the test and drops
// it afterwards; without Postgres it skips, or fails when CI is set.
func testDatabase(t *testing.T) string {
	t.Helper()
	dsn, drop, err := store.CreateTestDatabase(store.AdminDSN())
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but Postgres is not reachable: %v", err)
		}
		t.Skipf("no Postgres: %v", err)
	}
	t.Cleanup(drop)
	return dsn
}

// Two server processes share a Postgres database: a move made through one
// reaches a WebSocket client of the other within a second (LISTEN/NOTIFY).
func TestTwoServersShareAGame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server and needs Postgres")
	}
	dsn := testDatabase(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "mecatol")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/mecatol").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	a, baseA := startServe(t, bin, dsn)
	defer func() { a.Process.Kill(); a.Wait() }()
	b, baseB := startServe(t, bin, dsn)
	defer func() { b.Process.Kill(); b.Wait() }()

	id, _, seats := setupGame(t, baseA)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ws, err := dial(t, baseB, id, seats[1].token)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	read := func() map[string]any {
		_, msg, err := ws.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		json.Unmarshal(msg, &m)
		return m
	}
	if first := read(); first["seq"].(float64) != 0 {
		t.Fatalf("first message at seq %v", first["seq"])
	}
	start := time.Now()
	if !playOne(t, seats, id) {
		t.Fatal("no one could act")
	}
	deadline, cancelRead := context.WithTimeout(ctx, time.Second)
	defer cancelRead()
	for {
		_, msg, err := ws.Read(deadline)
		if err != nil {
			t.Fatalf("server B did not pass the move on within a second: %v", err)
		}
		var m map[string]any
		json.Unmarshal(msg, &m)
		if m["seq"].(float64) == 1 {
			break
		}
	}
	t.Logf("the move on server A reached server B's client in %v", time.Since(start))
	// And server B takes moves too, at the next sequence number.
	var viaB []client
	for _, c := range seats {
		c.base = baseB
		viaB = append(viaB, c)
	}
	if !playOne(t, viaB, id) {
		t.Fatal("no one could act through server B")
	}
}

// A server that starts following the store late, or after its connection
// dropped, catches up on the appends it was not told of.
func TestListenCatchesUpOnMissedAppends(t *testing.T) {
	dsn := testDatabase(t)
	srvA, _ := serveStore(t, dsn)
	srvB, _ := serveStore(t, dsn)
	b, baseA, baseB := lastServer, srvA.URL, srvB.URL
	id, _, seats := setupGame(t, baseA)
	onB := client{t: t, base: baseB, token: seats[0].token}
	if seq, _ := legalOf(t, onB, id); seq != 0 {
		t.Fatalf("B starts at seq %d", seq)
	}
	if !playOne(t, seats, id) { // B hears nothing of this
		t.Fatal("no one could act")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go b.Listen(ctx)
	select {
	case <-b.Following():
	case <-time.After(5 * time.Second):
		t.Fatal("Listen never reported it was following")
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if seq, _ := legalOf(t, onB, id); seq == 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("B never learnt of the append made before it listened")
		}
	}
}

// Two servers on one Postgres database, seats racing each other through
// both: every conflict reloads the game in place, so the watchers of both
// servers follow the game to its last move (they used to stop at the
// first conflict, their game forgotten under them).
func TestRacingServersKeepWatchersLive(t *testing.T) {
	dsn := testDatabase(t)
	stA, err := store.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer stA.Close()
	stB, err := store.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer stB.Close()
	srvA, a := serveWith(t, stA, Options{})
	srvB, b := serveWith(t, stB, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go a.Listen(ctx)
	go b.Listen(ctx)
	<-a.Following()
	<-b.Following()
	id, _, seats := setupGame(t, srvA.URL)
	var watchers []*websocket.Conn
	for _, base := range []string{srvA.URL, srvB.URL, srvA.URL, srvB.URL} {
		c, err := dial(t, base, id, "")
		if err != nil {
			t.Fatal(err)
		}
		defer c.CloseNow()
		watchers = append(watchers, c)
	}
	// Every seat submits its first legal action through both servers at
	// once, 60 times: one of each pair wins, the other gets 409.
	races, conflicts := 0, 0
	for round := 0; round < 60; round++ {
		var acted bool
		for _, c := range seats {
			seq, acts := legalOf(t, c, id)
			if len(acts) == 0 {
				continue
			}
			var act map[string]any
			json.Unmarshal(acts[0], &act)
			codes := make(chan int, 2)
			for _, base := range []string{srvA.URL, srvB.URL} {
				go func(base string) {
					cc := c
					cc.base = base
					code, _ := cc.do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": seq, "action": act})
					codes <- code
				}(base)
			}
			c1, c2 := <-codes, <-codes
			if c1 != 200 && c2 != 200 {
				t.Fatalf("neither server took the action: %d %d", c1, c2)
			}
			if c1 == 409 || c2 == 409 {
				conflicts++
			}
			races++
			acted = true
			break
		}
		if !acted {
			break
		}
	}
	final, _ := legalOf(t, seats[0], id)
	t.Logf("%d races, %d conflicts, the game at seq %d", races, conflicts, final)
	if conflicts == 0 {
		t.Fatal("no race was lost: the test proves nothing")
	}
	for _, c := range watchers {
		waitSeq(t, c, final, 5*time.Second)
	}
	for _, base := range []string{srvA.URL, srvB.URL} {
		c := seats[0]
		c.base = base
		if seq, _ := legalOf(t, c, id); seq != final {
			t.Fatalf("%s serves seq %d, the store is at %d", base, seq, final)
		}
	}
}
