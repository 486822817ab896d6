package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ge"
	"github.com/mecatol/mecatol/internal/ge/gebot"
)

// A person plays Galactic Empires in the browser against a bot: the
// person, who is also the host, seats the server's random bot (a short
// game) in seat 1 with the page's host button, and the server plays it.
// Seat 0's page shows its hand, both fleets, the phase and whose turn, and
// its legal actions as buttons; every seat-0 choice is a click there. The
// game runs to a winner, and the page never shows a card of seat 1's hand.
func TestBrowserPlaysGalacticEmpires(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game in the browser: not with -short")
	}
	srv, _ := newServer(t)
	server := lastServer
	anon := client{t: t, base: srv.URL}
	code, g := anon.do("POST", "/api/games", map[string]any{"game": "ge", "decks": []string{"basic_a", "basic_b"}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	id := g["id"].(string)
	me := join(t, srv.URL, id, 0)
	tb := openAsHost(t, srv.URL, id, g["host_token"].(string), me.token, `#ge-table .ge-player`)
	seatBotByPage(t, tb, 1, "random")
	rng := engine.NewRNG(5)
	mine := gebot.Greedy{RNG: &rng}
	clicks := 0
	for step := 0; step < 4000; step++ {
		v := geViewOf(t, me, id)
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
		if v.View.Waiting != 0 || len(v.Legal) == 0 { // the server's bot is to move
			time.Sleep(5 * time.Millisecond)
			continue
		}
		a := mine.Choose(&v.View, v.Legal)
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
	ctx, cancel := context.WithTimeout(tb.ctx, 15*time.Second)
	defer cancel()
	err := chromedp.Run(ctx, chromedp.Poll(fmt.Sprintf(`document.body.dataset.seq === "%d" && !!document.querySelector('%s')`, seq, sel), nil,
		chromedp.WithPollingInterval(5*time.Millisecond)), chromedp.Click(sel, chromedp.NodeVisible),
		chromedp.Poll(fmt.Sprintf(`document.body.dataset.seq !== "%d" ? "ok" : document.querySelector("#refusal").hidden ? false : document.querySelector("#refusal").textContent`, seq), &refused,
			chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second)))
	if err != nil {
		var state string
		chromedp.Run(tb.ctx, chromedp.Evaluate(`JSON.stringify({seq: document.body.dataset.seq, buttons: document.querySelectorAll("button.act").length, refusal: document.querySelector("#refusal").textContent, conn: document.querySelector("#conn").textContent})`, &state))
		t.Fatalf("click %d at step %d: %v; the page: %s", i, seq, err, state)
	}
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

// openAsHost opens seat 0's link in a browser of its own that also holds
// the game's host token, as the host's own browser would, and waits for
// ready to show.
func openAsHost(t *testing.T, base, id, hostToken, token, ready string) tab {
	t.Helper()
	tb := tab{ctx: browser(t), seat: 0}
	tb.run(t, 30*time.Second, chromedp.Navigate(base+"/"),
		chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem("mecatol:host:%s", %q)`, id, hostToken), nil),
		chromedp.Navigate("about:blank"), chromedp.Navigate(base+"/#game="+id+"&token="+token), chromedp.WaitVisible(ready))
	return tb
}

// seatBotByPage seats a bot of kind in seat with the host panel's button.
func seatBotByPage(t *testing.T, tb tab, seat int, kind string) {
	t.Helper()
	tb.run(t, 30*time.Second,
		chromedp.SetValue(`#reissue-seat`, fmt.Sprint(seat), chromedp.ByQuery), chromedp.SetValue(`#bot-kind`, kind, chromedp.ByQuery),
		chromedp.Click(`#seat-bot`, chromedp.NodeVisible), chromedp.Poll(fmt.Sprintf(`document.querySelector("#bot-out").textContent.includes("%s bot plays")`, kind), nil))
}
