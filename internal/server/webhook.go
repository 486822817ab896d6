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

	"github.com/mecatol/mecatol/internal/ti4"
)

// A game's webhook tells a chat channel (a Discord webhook, say) whose move
// it is, each time the players the game waits on change: games last weeks.
// The host sets it; it is stored with the game and shown to no seat. It
// carries only public facts: who is asked, and ti4.Why.

// MaxWebhookURL bounds a webhook address.
const MaxWebhookURL = 500

// webhookQueue bounds the messages waiting to be sent; more are dropped
// (a slow or dead endpoint never holds up play or memory).
const webhookQueue = 64

type hookMsg struct {
	game, url string
	body      []byte
}

// hooks sends webhook messages, one at a time, from one goroutine.
type hooks struct {
	once    sync.Once
	ch      chan hookMsg
	client  *http.Client
	private bool // tests: allow addresses on this machine and private networks
	log     func(msg string, args ...any)
}

func (h *hooks) send(m hookMsg) {
	h.once.Do(func() {
		h.ch = make(chan hookMsg, webhookQueue)
		if h.client == nil {
			h.client = webhookClient(h.private)
		}
		go h.loop()
	})
	select {
	case h.ch <- m:
	default:
		h.log("webhook queue full: message dropped", "game", m.game)
	}
}

func (h *hooks) loop() {
	for m := range h.ch {
		req, err := http.NewRequest(http.MethodPost, m.url, bytes.NewReader(m.body))
		if err != nil {
			continue
		}
		req.Header.Set("Content-Type", "application/json")
		res, err := h.client.Do(req)
		if err != nil {
			h.log("webhook failed", "game", m.game, "err", redactURL(err.Error(), m.url))
			continue
		}
		res.Body.Close()
		if res.StatusCode >= 300 {
			h.log("webhook refused", "game", m.game, "status", res.StatusCode)
		}
	}
}

// redactURL keeps a webhook's address (a credential) out of the logs.
func redactURL(text, u string) string { return strings.ReplaceAll(text, u, "(the webhook)") }

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

func publicAddr(a netip.Addr) bool {
	a = a.Unmap()
	return a.IsGlobalUnicast() && !a.IsPrivate() && !a.IsLoopback() && !a.IsLinkLocalUnicast() &&
		!netip.MustParsePrefix("100.64.0.0/10").Contains(a) && !netip.MustParsePrefix("fc00::/7").Contains(a)
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
	l, seat, ok := s.game(w, r)
	if !ok {
		return
	}
	if seat != Host {
		fail(w, http.StatusForbidden, "only the host sets the game's webhook")
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
	if err := s.store.SetWebhook(r.Context(), l.id, req.URL); err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	l.mu.Lock()
	l.webhook, l.hooked = req.URL, nil
	s.tellWaiting(l)
	l.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"webhook": req.URL != ""})
}

// tellWaiting sends the game's webhook a message when the players the game
// waits on have changed since the last one; callers hold l.mu.
func (s *Server) tellWaiting(l *live) {
	if l.webhook == "" {
		return
	}
	st := l.game.State()
	waiting := ti4.Deciding(st)
	if slices.Equal(waiting, l.hooked) && l.hooked != nil {
		return
	}
	l.hooked = append([]int{}, waiting...)
	var who []string
	for _, q := range waiting {
		who = append(who, seatLabel(st, l.names, q))
	}
	text := fmt.Sprintf("Mecatol game %s, round %d: %s", l.id, st.Round, ti4.Why(st))
	if len(who) > 0 {
		text = fmt.Sprintf("Mecatol game %s, round %d: waiting for %s. %s", l.id, st.Round, strings.Join(who, ", "), ti4.Why(st))
	}
	// No mentions: a name a player typed cannot ping a channel.
	body, _ := json.Marshal(map[string]any{"content": text, "allowed_mentions": map[string]any{"parse": []string{}}})
	s.hooks.send(hookMsg{game: l.id, url: l.webhook, body: body})
}

func seatLabel(st *ti4.State, names map[int]string, q int) string {
	f := ti4.Names()[st.Players[q].Faction]
	if n := names[q]; n != "" {
		return fmt.Sprintf("%s (%s)", n, f)
	}
	return f
}
