package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/mecatol/mecatol/internal/engine"
)

// A game's webhook tells a chat channel (a Discord webhook, say) whose move
// it is, each time the players the game waits on change: games last weeks.
// The host sets it; it is stored with the game and shown to no seat. It
// carries only public facts: who is asked, and the game's Why.

// MaxWebhookURL bounds a webhook address.
const MaxWebhookURL = 500

// webhookSenders is how many messages are sent at once: a stalled
// endpoint holds up one sender, never the others' games.
const webhookSenders = 4

type hookMsg struct {
	game, url string
	body      []byte
}

// hooks sends webhook messages. Each game keeps only its newest message
// waiting (an older one is stale: it names whom the game waited on) and
// has at most one in flight, so what one game's endpoint costs is bounded
// whatever its players do.
type hooks struct {
	mu       sync.Mutex
	once     sync.Once
	pending  map[string]hookMsg // the newest message of each game with one waiting
	inflight map[string]bool
	wake     chan struct{}
	client   *http.Client
	private  bool // tests: allow addresses on this machine and private networks
	log      func(msg string, args ...any)
}

func (h *hooks) send(m hookMsg) {
	h.once.Do(func() {
		h.pending, h.inflight = map[string]hookMsg{}, map[string]bool{}
		h.wake = make(chan struct{}, webhookSenders)
		if h.client == nil {
			h.client = webhookClient(h.private)
		}
		for range webhookSenders {
			go h.loop()
		}
	})
	h.mu.Lock()
	h.pending[m.game] = m
	h.mu.Unlock()
	select {
	case h.wake <- struct{}{}:
	default: // every sender is awake already
	}
}

// next takes a waiting message of a game with none in flight.
func (h *hooks) next() (hookMsg, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for g, m := range h.pending {
		if !h.inflight[g] {
			delete(h.pending, g)
			h.inflight[g] = true
			return m, true
		}
	}
	return hookMsg{}, false
}

func (h *hooks) loop() {
	for range h.wake {
		for m, ok := h.next(); ok; m, ok = h.next() {
			h.post(m)
			h.mu.Lock()
			delete(h.inflight, m.game)
			h.mu.Unlock()
		}
	}
}

func (h *hooks) post(m hookMsg) {
	req, err := http.NewRequest(http.MethodPost, m.url, bytes.NewReader(m.body))
	if err != nil {
		return
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := h.client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the address is a credential: never logged
		}
		h.log("webhook failed", "game", m.game, "err", err.Error())
		return
	}
	res.Body.Close()
	if res.StatusCode >= 300 {
		h.log("webhook refused", "game", m.game, "status", res.StatusCode)
	}
}

// webhookClient connects only to public addresses, checked after name
// resolution (a name cannot point the server at its own network), follows
// no redirects, and gives up after five seconds.
func webhookClient(private bool) *http.Client {
	d := &net.Dialer{Timeout: 5 * time.Second, Control: func(_, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return err
		}
		if !private && !publicAddr(ap.Addr()) {
			return errors.New("webhook: not a public address")
		}
		return nil
	}}
	tr := &http.Transport{DialContext: d.DialContext, TLSHandshakeTimeout: 5 * time.Second, ResponseHeaderTimeout: 5 * time.Second, MaxIdleConns: 4}
	return &http.Client{Transport: tr, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// notPublic are ranges that global unicast includes but that reach no
// public host, or may reach a private one through a translator (NAT64,
// 6to4).
var notPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"), netip.MustParsePrefix("100.64.0.0/10"), netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"), netip.MustParsePrefix("240.0.0.0/4"), netip.MustParsePrefix("fc00::/7"),
	netip.MustParsePrefix("fec0::/10"), netip.MustParsePrefix("64:ff9b::/96"), netip.MustParsePrefix("64:ff9b:1::/48"),
	netip.MustParsePrefix("2002::/16"),
}

func publicAddr(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsGlobalUnicast() || a.IsPrivate() || a.IsLoopback() || a.IsLinkLocalUnicast() {
		return false
	}
	for _, p := range notPublic {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// checkWebhook accepts an https address with a host, or "" to remove it.
func checkWebhook(raw string, private bool) error {
	if raw == "" {
		return nil
	}
	if len(raw) > MaxWebhookURL {
		return fmt.Errorf("a webhook address of at most %d characters", MaxWebhookURL)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.User != nil || (u.Scheme != "https" && !(private && u.Scheme == "http")) {
		return errors.New("a webhook is an https:// address with a host and no user name")
	}
	if a, err := netip.ParseAddr(u.Hostname()); err == nil && !private && !publicAddr(a) {
		return errors.New("a webhook must reach a public address")
	}
	return nil
}

// setWebhook sets or removes the game's webhook, for the host.
func (s *Server) setWebhook(w http.ResponseWriter, r *http.Request) {
	l, ok := s.hostGame(w, r, "sets the game's webhook")
	if !ok {
		return
	}
	var req struct {
		URL string `json:"url"`
	}
	if err := decode(r, &req); err != nil {
		badBody(w, err)
		return
	}
	req.URL = strings.TrimSpace(req.URL)
	if err := checkWebhook(req.URL, s.hooks.private); err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := s.store.SetWebhook(r.Context(), l.id, req.URL); err != nil {
		fail(w, http.StatusServiceUnavailable, "the store: %v", err)
		return
	}
	l.webhook, l.hooked = req.URL, nil
	s.tellWaiting(l)
	writeJSON(w, http.StatusOK, map[string]any{"webhook": req.URL != ""})
}

// tellWaiting sends the game's webhook a message when the players the game
// waits on have changed since the last one; callers hold l.mu.
func (s *Server) tellWaiting(l *live) {
	if l.webhook == "" {
		return
	}
	waiting := l.game.Waiting()
	if slices.Equal(waiting, l.hooked) && l.hooked != nil {
		return
	}
	l.hooked = append([]int{}, waiting...)
	var who []string
	for _, q := range waiting {
		who = append(who, seatLabel(l.game, l.names, q))
	}
	text := fmt.Sprintf("Mecatol game %s, %s: %s", l.id, l.game.Progress(), l.game.Why())
	if len(who) > 0 {
		text = fmt.Sprintf("Mecatol game %s, %s: waiting for %s. %s", l.id, l.game.Progress(), strings.Join(who, ", "), l.game.Why())
	}
	// No mentions: a name a player typed cannot ping a channel.
	body, _ := json.Marshal(map[string]any{"content": text, "allowed_mentions": map[string]any{"parse": []string{}}})
	s.hooks.send(hookMsg{game: l.id, url: l.webhook, body: body})
}

func seatLabel(t engine.Table, names map[int]string, q int) string {
	f := t.Label(q)
	if n := names[q]; n != "" {
		return fmt.Sprintf("%s (%s)", n, f)
	}
	return f
}
