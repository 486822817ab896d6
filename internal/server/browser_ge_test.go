package server

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ge"
	"github.com/mecatol/mecatol/internal/ge/gebot"
)

// A person plays Galactic Empires in the browser against a bot: seat 0's
// page shows its hand, both fleets, the phase and whose turn, and its
// legal actions as buttons; every seat-0 choice is a click there, and
// seat 1 (the random bot, for a short game) plays over the API. The game runs to a winner,
// and the page never shows a card of seat 1's hand.
func TestBrowserPlaysGalacticEmpires(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game in the browser: not with -short")
	}
	srv, _ := newServer(t)
	server := lastServer
	id, seats := setupGE(t, srv.URL)
	tb := tab{ctx: browser(t), seat: 0}
	tb.run(t, 30*time.Second, chromedp.Navigate(srv.URL+"/#game="+id+"&token="+seats[0].token), chromedp.WaitVisible(`#ge-table .ge-player`))
	rng := engine.NewRNG(5)
	me, bot := gebot.Greedy{RNG: &rng}, gebot.Random{RNG: &rng}
	clicks := 0
	for step := 0; step < 4000; step++ {
		v := geViewOf(t, seats[0], id)
		if v.View.Phase == ge.PhaseOver {
			var phase string
			tb.run(t, 10*time.Second, chromedp.Poll(fmt.Sprintf(`document.body.dataset.seq === "%d" && document.querySelector("#phase").textContent`, v.Seq), &phase))
			if !strings.Contains(phase, fmt.Sprintf("seat %d wins", v.View.Winner)) {
				t.Fatalf("the page reads %q at the end", phase)
			}
			t.Logf("seat %d won at step %d after %d clicks", v.View.Winner, v.Seq, clicks)
			shot(t, tb.ctx, "ge-over.png")
			return
		}
		if v.View.Waiting == 1 {
			theirs := geViewOf(t, seats[1], id)
			a := bot.Choose(&theirs.View, theirs.Legal)
			if code, body := seats[1].do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": theirs.Seq, "action": a}); code != 200 {
				t.Fatalf("bot: %d %v", code, body)
			}
			continue
		}
		a := me.Choose(&v.View, v.Legal)
		i := -1
		for k, b := range v.Legal {
			if fmt.Sprint(b) == fmt.Sprint(a) {
				i = k
				break
			}
		}
		if clicks == 30 {
			noHiddenCards(t, server, tb, id, v)
			shot(t, tb.ctx, "ge-midgame.png")
		}
		clickAndWaitGE(t, tb, v.Seq, i)
		clicks++
	}
	t.Fatal("no winner")
}

func clickAndWaitGE(t *testing.T, tb tab, seq, i int) {
	t.Helper()
	sel := fmt.Sprintf(`button.act[data-i="%d"]`, i)
	var refused string
	tb.run(t, 15*time.Second, chromedp.Poll(fmt.Sprintf(`document.body.dataset.seq === "%d" && !!document.querySelector('%s')`, seq, sel), nil,
		chromedp.WithPollingInterval(5*time.Millisecond)), chromedp.Click(sel, chromedp.NodeVisible),
		chromedp.Poll(fmt.Sprintf(`document.body.dataset.seq !== "%d" ? "ok" : document.querySelector("#refusal").hidden ? false : document.querySelector("#refusal").textContent`, seq), &refused,
			chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second)))
	if refused != "ok" {
		t.Fatalf("click %d refused: %s", i, refused)
	}
}

// noHiddenCards: the page's hand lists seat 0's cards only, and names no
// card that is in seat 1's hand.
func noHiddenCards(t *testing.T, server *Server, tb tab, id string, v geSeatView) {
	t.Helper()
	var shown []int
	tb.run(t, 5*time.Second, chromedp.Evaluate(`[...document.querySelectorAll("#ge-hand-list li")].map((li) => +li.dataset.card)`, &shown))
	mine := map[int]bool{}
	for _, c := range v.View.Players[0].Hand.Cards {
		mine[c] = true
	}
	if len(shown) != len(mine) {
		t.Fatalf("the page's hand lists %d cards, the seat holds %d", len(shown), len(mine))
	}
	l, _ := server.load(t.Context(), id)
	l.mu.Lock()
	theirs := append([]int(nil), l.game.(*ge.Table).G.State().Players[1].Hand...)
	l.mu.Unlock()
	var text string
	tb.run(t, 5*time.Second, chromedp.Evaluate(`document.body.innerText`, &text))
	for _, c := range theirs {
		if strings.Contains(text, fmt.Sprintf("#%d ", c)) && !strings.Contains(text, fmt.Sprintf("a hidden card #%d", c)) {
			t.Fatalf("the page names seat 1's hand card #%d", c)
		}
	}
}
