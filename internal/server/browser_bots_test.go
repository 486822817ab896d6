package server

import (
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mecatol/mecatol/internal/bot"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

// A person plays a whole TI4 game in the browser against two bots: the
// person, who is the host, seats the planner and the greedy bot with the
// page's host button, and the server plays them. Every choice of the
// person's is a click on the page (the planner chooses which, from the
// seat's own view); the game runs to a winner, and the person's page never
// shows a card hidden in a bot's hand.
func TestBrowserPlaysTI4AgainstBots(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game in the browser: not with -short")
	}
	pause := BotPause
	BotPause = time.Millisecond // the bots need not wait for a person to see them move here
	defer func() { BotPause = pause }()
	srv, _ := newServer(t)
	server := lastServer
	id, host := createTI4(t, srv.URL)
	me := join(t, srv.URL, id, 0)
	tb := openAsHost(t, srv.URL, id, host.token, me.token, `#map svg .system`)
	seatBotByPage(t, tb, 1, "planner")
	seatBotByPage(t, tb, 2, "greedy")
	tb.run(t, 10*time.Second, chromedp.Click(`#autopass`, chromedp.NodeVisible), chromedp.Poll(`document.querySelector("#autopass").checked`, nil))
	for _, sys := range viewOf(t, me, id).View.State.Systems {
		for _, p := range sys.Planets {
			planetPos[p.Name] = sys.Pos
		}
	}
	rng := engine.NewRNG(7)
	planner := bot.Planner{RNG: &rng}
	start, clicks := time.Now(), 0
	for ; clicks < 4000; clicks++ {
		v := settled(t, me, id)
		if v.View.State.Phase == ti4.PhaseOver {
			break
		}
		a, err := planner.Choose(v.View, v.Legal)
		if err != nil {
			t.Fatal(err)
		}
		if clicks%100 == 0 {
			noBotCards(t, server, tb, id, v.Seq)
		}
		clickAction(t, tb, v.Seq, slicesIndex(v.Legal, a), a)
	}
	s := viewOf(t, me, id).View.State
	if s.Phase != ti4.PhaseOver || s.Winner < 0 {
		t.Fatalf("no winner after %d clicks (round %d, %s phase)", clicks, s.Round, s.Phase)
	}
	t.Logf("%d clicks, round %d, winner seat %d on %d points (%v), in %v", clicks, s.Round, s.Winner, s.Players[s.Winner].VP, vps(s), time.Since(start))
	tb.run(t, 10*time.Second, chromedp.Poll(`document.querySelector("#phase").textContent.includes("wins")`, nil, chromedp.WithPollingTimeout(8*time.Second)))
}

// settled is the seat's view once it may move and the bots have stopped:
// some steps ask every seat at once (the secret objectives kept at the
// start), and a bot's move there would leave the page's step behind.
func settled(t *testing.T, c client, id string) seatView {
	t.Helper()
	for {
		v := myTurn(t, c, id)
		time.Sleep(25 * time.Millisecond)
		if w := viewOf(t, c, id); w.Seq == v.Seq {
			return w
		}
	}
}

func vps(s *ti4.State) []int {
	var out []int
	for _, p := range s.Players {
		out = append(out, p.VP)
	}
	return out
}

// noBotCards: the person's page, caught up to seq or later, names no
// secret objective or single-copy action card held by a bot's seat, as
// the server's game has them.
func noBotCards(t *testing.T, server *Server, tb tab, id string, seq int) {
	t.Helper()
	var text string
	tb.run(t, 10*time.Second, chromedp.Poll(fmt.Sprintf(`+document.body.dataset.seq >= %d`, seq), nil, chromedp.WithPollingTimeout(8*time.Second)),
		chromedp.Evaluate(pageText, &text))
	l, err := server.load(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	l.mu.Lock()
	s := l.game.(*ti4.Table).G.State().Clone()
	l.mu.Unlock()
	names := ti4.Names()
	for _, p := range s.Players[1:] {
		for _, c := range append(append(append([]string{}, p.Secrets...), p.SecretChoice...), p.ActionCards...) {
			if multiCopy[c] {
				continue
			}
			if word := regexp.MustCompile(`(^|[^\pL])` + regexp.QuoteMeta(names[c]) + `($|[^\pL])`); word.MatchString(text) {
				t.Fatalf("the person's page shows %q, held hidden by seat %d", names[c], p.Seat)
			}
		}
	}
}
