package server

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/mecatol/mecatol/internal/store"
)

// startServe runs the real binary on a database and returns its address.
func startServe(t *testing.T, bin, db string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("serve printed nothing: %v", err)
	}
	m := regexp.MustCompile(`http://([0-9.:]+)`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("no address in %q", line)
	}
	return cmd, "http://" + m[1]
}

// No acknowledged action is lost when the server is killed with SIGKILL
// under a write load: after a restart, the log holds every action that a
// client was told was accepted, at its place.
func TestKillNineLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the server")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "mecatol")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/mecatol").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	db := filepath.Join(dir, "games.db")
	cmd, base := startServe(t, bin, db)
	var ids []string
	var tables [][]client
	for g := 0; g < 3; g++ {
		id, _, seats := setupGame(t, base)
		ids = append(ids, id)
		tables = append(tables, seats)
	}
	type ack struct {
		seq  int
		body string
	}
	var mu sync.Mutex
	acked := map[string][]ack{}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for gi, id := range ids {
		for _, c := range tables[gi] {
			wg.Add(1)
			go func(id string, c client) {
				defer wg.Done()
				c.t = nopT{}
				for {
					select {
					case <-stop:
						return
					default:
					}
					code, body := c.do("GET", "/api/games/"+id+"/legal", nil)
					if code != 200 {
						return // the server is gone
					}
					acts, _ := body["actions"].([]any)
					if len(acts) == 0 {
						time.Sleep(5 * time.Millisecond)
						continue
					}
					seq := int(body["seq"].(float64))
					a := acts[seq%len(acts)]
					code, _ = c.do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": seq, "action": a})
					if code == 200 {
						b, _ := json.Marshal(a)
						mu.Lock()
						acked[id] = append(acked[id], ack{seq, string(b)})
						mu.Unlock()
					}
				}
			}(id, c)
		}
	}
	time.Sleep(1500 * time.Millisecond)
	cmd.Process.Kill() // SIGKILL: no shutdown, no flush
	cmd.Wait()
	close(stop)
	wg.Wait()

	cmd2, base2 := startServe(t, bin, db)
	defer func() { cmd2.Process.Kill(); cmd2.Wait() }()
	// The restarted server serves the games; the store holds every entry.
	if code, _ := (client{t: t, base: base2}).do("GET", "/api/games/"+ids[0], nil); code != 200 {
		t.Fatalf("the restarted server cannot serve the game: %d", code)
	}
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	total := 0
	for _, id := range ids {
		g, err := st.Load(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range acked[id] {
			if a.seq >= len(g.Log) {
				t.Fatalf("game %s: acknowledged action %d is missing after the crash (log has %d)", id, a.seq, len(g.Log))
			}
			if !sameAction(string(g.Log[a.seq].Body), a.body) {
				t.Fatalf("game %s: action %d is %s, acknowledged %s", id, a.seq, g.Log[a.seq].Body, a.body)
			}
			total++
		}
	}
	if total < 20 {
		t.Fatalf("only %d actions acknowledged: the load was too light to test anything", total)
	}
	t.Logf("%d acknowledged actions, all kept", total)
}

// sameAction compares an action as stored with one as sent, as JSON values.
func sameAction(stored, sent string) bool {
	var a, b any
	json.Unmarshal([]byte(stored), &a)
	json.Unmarshal([]byte(sent), &b)
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// nopT lets a client run in a goroutine that must not fail the test.
type nopT struct{ testing.TB }

func (nopT) Helper()               {}
func (nopT) Fatal(...any)          {}
func (nopT) Fatalf(string, ...any) {}

var _ = os.Getenv
