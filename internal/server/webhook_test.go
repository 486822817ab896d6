package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// The host's webhook hears whose move it is each time the players waited
// on change, with no mention a typed name could trigger; no seat may set
// it, and it must be an https address of a public host.
func TestWebhookTellsWhoseMoveItIs(t *testing.T) {
	got := make(chan map[string]any, 16)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m map[string]any
		b, _ := io.ReadAll(r.Body)
		json.Unmarshal(b, &m)
		got <- m
	}))
	defer hook.Close()
	srv, _ := newServer(t)
	lastServer.hooks.private = true // the test's endpoint is on this machine
	id, host, seats := setupGame(t, srv.URL)
	path := "/api/games/" + id + "/webhook"
	if code, _ := seats[0].do("POST", path, map[string]any{"url": hook.URL}); code != http.StatusForbidden {
		t.Fatalf("a seat set the webhook: %d", code)
	}
	hostc := client{t: t, base: srv.URL, token: host}
	if code, b := hostc.do("POST", path, map[string]any{"url": hook.URL}); code != 200 {
		t.Fatalf("set: %d %v", code, b)
	}
	first := wait(t, got)
	if text := first["content"].(string); !strings.Contains(text, "waiting for p (The Universities of Jol-Nar)") || !strings.Contains(text, "strategy card") {
		t.Fatalf("message %q", text)
	}
	if m := first["allowed_mentions"].(map[string]any); len(m["parse"].([]any)) != 0 {
		t.Fatalf("mentions allowed: %v", m)
	}
	seq, acts := legalOf(t, seats[0], id)
	var pick json.RawMessage
	for _, a := range acts {
		if strings.Contains(string(a), "pick_strategy_card") {
			pick = a
			break
		}
	}
	if code, b := seats[0].do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": seq, "action": pick}); code != 200 {
		t.Fatalf("act: %d %v", code, b)
	}
	if text := wait(t, got)["content"].(string); !strings.Contains(text, "Federation of Sol") {
		t.Fatalf("after the pick: %q", text)
	}
	if code, _ := hostc.do("POST", path, map[string]any{"url": ""}); code != 200 {
		t.Fatal("removing the webhook failed")
	}
}

func wait(t *testing.T, ch chan map[string]any) map[string]any {
	t.Helper()
	select {
	case m := <-ch:
		return m
	case <-time.After(5 * time.Second):
		t.Fatal("no webhook message")
		return nil
	}
}

func TestWebhookAddresses(t *testing.T) {
	for _, c := range []struct {
		url string
		ok  bool
	}{
		{"", true},
		{"https://discord.com/api/webhooks/1/abc", true},
		{"http://discord.com/api/webhooks/1/abc", false},
		{"https://user:pw@discord.com/x", false},
		{"https://127.0.0.1/x", false},
		{"https://10.1.2.3/x", false},
		{"https://[::1]/x", false},
		{"https://169.254.169.254/latest", false},
		{"javascript:alert(1)", false},
		{"https:///nohost", false},
		{"https://example.com/" + strings.Repeat("a", MaxWebhookURL), false},
	} {
		if err := checkWebhook(c.url, false); (err == nil) != c.ok {
			t.Errorf("%q: %v", c.url, err)
		}
	}
	for addr, public := range map[string]bool{"8.8.8.8": true, "127.0.0.1": false, "10.0.0.1": false, "192.168.1.1": false, "100.64.1.1": false, "::1": false, "fd00::1": false, "169.254.1.1": false, "::ffff:127.0.0.1": false, "2606:4700::1111": true} {
		if publicAddr(netip.MustParseAddr(addr)) != public {
			t.Errorf("%s public: want %v", addr, public)
		}
	}
}

// A stalled endpoint holds up its own game only: another game's message
// goes out while the first waits, and the stalled game keeps only its
// newest message waiting.
func TestWebhookStallHoldsUpOneGame(t *testing.T) {
	release := make(chan struct{})
	stalled := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	defer stalled.Close()
	defer close(release) // before the server closes: its handler returns
	got := make(chan string, 4)
	fine := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got <- string(b)
	}))
	defer fine.Close()
	h := &hooks{private: true, log: func(string, ...any) {}}
	for i := 0; i < 50; i++ {
		h.send(hookMsg{game: "slow", url: stalled.URL, body: []byte(`{}`)})
	}
	h.send(hookMsg{game: "other", url: fine.URL, body: []byte(`{"n":1}`)})
	select {
	case b := <-got:
		if b != `{"n":1}` {
			t.Fatalf("got %s", b)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("a stalled game's endpoint held up another game's message")
	}
	h.mu.Lock()
	waiting := len(h.pending)
	h.mu.Unlock()
	if waiting > 1 {
		t.Fatalf("%d messages waiting: only the stalled game's newest should", waiting)
	}
}
