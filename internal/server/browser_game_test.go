package server

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mecatol/mecatol/internal/bot"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

// tab is one seat's page in a browser of its own.
type tab struct {
	ctx  context.Context
	seat int
}

func (tb tab) run(t *testing.T, timeout time.Duration, actions ...chromedp.Action) {
	t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, timeout)
	defer cancel()
	if err := chromedp.Run(ctx, actions...); err != nil {
		t.Fatalf("seat %d: %v", tb.seat, err)
	}
}

// openSeats opens each seat's private link in a browser of its own (own
// storage: headless Chromium opens no tab in a second browser context).
func openSeats(t *testing.T, base, id string, seats []client) []tab {
	var tabs []tab
	for i, c := range seats {
		tb := tab{ctx: browser(t), seat: i}
		tb.run(t, 30*time.Second, chromedp.Navigate(base+"/#game="+id+"&token="+c.token), chromedp.WaitVisible(`#map svg .system`))
		tabs = append(tabs, tb)
	}
	return tabs
}

type seatView struct {
	Seq   int          `json:"seq"`
	View  *ti4.View    `json:"view"`
	Legal []ti4.Action `json:"legal"`
}

func viewOf(t *testing.T, c client, id string) seatView {
	t.Helper()
	req := c
	code, raw := req.do("GET", "/api/games/"+id, nil)
	if code != 200 {
		t.Fatalf("view: %d", code)
	}
	b, _ := json.Marshal(raw)
	var v seatView
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// clickAction clicks the page's button for the seat's legal action i: when
// the action is one chosen on the map, by first picking its system there.
func clickAction(t *testing.T, tb tab, seq, i int, a ti4.Action) {
	t.Helper()
	if a.Kind == ti4.ActSpendPlanet || a.Kind == ti4.ActSpendTG {
		payAction(t, tb, seq, i, a)
		return
	}
	sel := fmt.Sprintf(`button.act[data-i="%d"]`, i)
	fast := chromedp.WithPollingInterval(5 * time.Millisecond)
	ready := "true"
	if a.Kind == ti4.ActMoveShips { // the map shows the move as an arrow into the active system
		ready = fmt.Sprintf(`!!document.querySelector('.move-arrow[data-from="%d"]')`, *a.System)
	}
	var where string // the page at seq: the button shown, or to be found on the map
	tb.run(t, 10*time.Second, chromedp.Poll(fmt.Sprintf(`document.body.dataset.seq === "%d" && %s && (document.querySelector('%s') ? "button" : "map")`, seq, ready, sel), &where, fast, chromedp.WithPollingTimeout(8*time.Second)))
	if where == "map" {
		pos := posHint(a)
		var outlined bool
		tb.run(t, 5*time.Second, chromedp.Evaluate(fmt.Sprintf(`!!document.querySelector('.system.target[data-pos="%d"]')`, pos), &outlined))
		if !outlined {
			t.Fatalf("seat %d: the page offers no button or map system for %+v", tb.seat, a)
		}
		tb.run(t, 5*time.Second, chromedp.Click(fmt.Sprintf(`.system[data-pos="%d"]`, pos), chromedp.NodeVisible), chromedp.WaitVisible(sel))
	}
	clickAndWait(t, tb, seq+1, sel, a)
}

// payAction ticks one planet, or chooses the trade goods, and pays.
func payAction(t *testing.T, tb tab, seq, i int, a ti4.Action) {
	t.Helper()
	fast := chromedp.WithPollingInterval(5 * time.Millisecond)
	tick := fmt.Sprintf(`(() => { const e = document.querySelector('#actions .pay [data-i="%d"]'); if (!e) return false;
		if (e.tagName === "OPTION") { e.parentElement.value = e.value; e.parentElement.dispatchEvent(new Event("change")); } else e.click();
		return !document.querySelector("#pay").disabled; })()`, i)
	tb.run(t, 10*time.Second, chromedp.Poll(fmt.Sprintf(`document.body.dataset.seq === "%d" && %s`, seq, tick), nil, fast, chromedp.WithPollingTimeout(8*time.Second)))
	clickAndWait(t, tb, seq+1, "#pay", a)
}

// clickAndWait clicks sel and waits for the page to reach seq (or pass
// it: bots may move at once) or show a refusal.
func clickAndWait(t *testing.T, tb tab, seq int, sel string, a ti4.Action) {
	t.Helper()
	var refused string
	tb.run(t, 10*time.Second, chromedp.Click(sel, chromedp.NodeVisible),
		chromedp.Poll(fmt.Sprintf(`+document.body.dataset.seq >= %d ? "ok" : document.querySelector("#refusal").hidden ? false : document.querySelector("#refusal").textContent`, seq), &refused, chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(8*time.Second)))
	if refused != "ok" {
		t.Fatalf("seat %d: %+v refused: %s", tb.seat, a, refused)
	}
}

// posHint is the map position an action is about, for the test to find its
// system; -1 when none.
func posHint(a ti4.Action) int {
	if a.System != nil {
		return *a.System
	}
	if pos, ok := planetPos[a.Planet]; ok {
		return pos
	}
	return -1
}

var planetPos = map[string]int{}

// Three rounds of a three-player game played through the page only: each
// seat in its own browser context clicks the map and the buttons (the
// greedy bot chooses which, from the seat's own view), every seat's page
// follows live, and no seat's page ever holds another's hidden cards. (A
// whole game to a winner in the browser is TestBrowserPlaysTI4AgainstBots:
// a person's clicks against the server's bots.)
func TestBrowserThreeSeatsPlayThreeRounds(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game in the browser: not with -short")
	}
	srv, _ := newServer(t)
	id, _, seats := setupGame(t, srv.URL)
	tabs := openSeats(t, srv.URL, id, seats)
	for _, sys := range viewOf(t, seats[0], id).View.State.Systems {
		for _, p := range sys.Planets {
			planetPos[p.Name] = sys.Pos
		}
	}
	for _, tb := range tabs { // each seat lets the server pass for it where passing is all it may do
		tb.run(t, 10*time.Second, chromedp.Click(`#autopass`, chromedp.NodeVisible), chromedp.Poll(`document.querySelector("#autopass").checked`, nil))
	}
	rng := engine.NewRNG(3)
	greedy := bot.Greedy{RNG: &rng}
	start, clicks := time.Now(), 0
	for clicks = 0; clicks < 6000; clicks++ {
		views := make([]seatView, len(seats))
		first := viewOf(t, seats[0], id)
		if first.View.State.Phase == ti4.PhaseOver || first.View.State.Round > 3 {
			break
		}
		views[0] = first
		for _, q := range first.View.Deciding { // the seat the game waits on, most often the one to act
			if q > 0 && q < len(seats) && views[q].View == nil {
				views[q] = viewOf(t, seats[q], id)
			}
		}
		if nextSeat(views) < 0 || clicks%150 == 0 {
			for i, c := range seats {
				if views[i].View == nil {
					views[i] = viewOf(t, c, id)
				}
			}
		}
		seat := nextSeat(views)
		if seat < 0 {
			t.Fatalf("no seat has an action at step %d", views[0].Seq)
		}
		v := views[seat]
		a, err := greedy.Choose(v.View, v.Legal)
		if err != nil {
			t.Fatal(err)
		}
		i := slicesIndex(v.Legal, a)
		clickAction(t, tabs[seat], v.Seq, i, a)
		if clicks%150 == 0 {
			checkSeatPages(t, tabs, views, v.Seq+1)
			t.Logf("%d clicks in %v: step %d, round %d", clicks, time.Since(start), v.Seq+1, v.View.State.Round)
		}
	}
	final := viewOf(t, seats[0], id)
	s := final.View.State
	if s.Round <= 3 && s.Phase != ti4.PhaseOver {
		t.Fatalf("round %d after %d clicks", s.Round, clicks)
	}
	views := make([]seatView, len(seats))
	for i, c := range seats {
		views[i] = viewOf(t, c, id)
	}
	checkSeatPages(t, tabs, views, final.Seq)
	t.Logf("%d clicks, %d log entries, round %d (%s phase), in %v", clicks, final.Seq, s.Round, s.Phase, time.Since(start))
}

func slicesIndex(legal []ti4.Action, a ti4.Action) int {
	for i := range legal {
		if reflect.DeepEqual(legal[i], a) {
			return i
		}
	}
	return -1
}

// nextSeat is the first seat the game waits on that has an action.
func nextSeat(views []seatView) int {
	for _, q := range views[0].View.Deciding {
		if q >= 0 && q < len(views) && views[q].View != nil && len(views[q].Legal) > 0 {
			return q
		}
	}
	for i, v := range views {
		if len(v.Legal) > 0 {
			return i
		}
	}
	return -1
}

// checkSeatPages: every page has caught up with the game, and none shows
// another seat's secret objectives or single-copy action cards in hand.
func checkSeatPages(t *testing.T, tabs []tab, views []seatView, seq int) {
	t.Helper()
	texts := make([]string, len(tabs))
	for i, tb := range tabs {
		tb.run(t, 10*time.Second, chromedp.Poll(fmt.Sprintf(`document.body.dataset.seq === "%d"`, seq), nil, chromedp.WithPollingTimeout(8*time.Second)),
			chromedp.Evaluate(pageText, &texts[i]))
	}
	names := ti4.Names()
	for owner, v := range views {
		me := v.View.State.Players[owner]
		var hidden []string
		for _, c := range append(append([]string{}, me.Secrets...), me.SecretChoice...) {
			hidden = append(hidden, names[c])
		}
		for _, c := range me.ActionCards {
			if !multiCopy[c] {
				hidden = append(hidden, names[c])
			}
		}
		for other, text := range texts {
			if other == owner {
				continue
			}
			for _, n := range hidden {
				word := regexp.MustCompile(`(^|[^\pL])` + regexp.QuoteMeta(n) + `($|[^\pL])`)
				if loc := word.FindStringIndex(text); n != "" && loc != nil {
					at := loc[0]
					t.Fatalf("seat %d's page shows %q, held hidden by seat %d: …%s…", other, n, owner, text[max(0, at-300):min(len(text), at+100)])
				}
			}
		}
	}
}

// multiCopy are the action cards with several copies: another copy of one
// may be public (played), so their names prove nothing.
var multiCopy = map[string]bool{"direct_hit": true, "flank_speed": true, "maneuvering_jets": true, "morale_boost": true,
	"sabotage": true, "shields_holding": true, "skilled_retreat": true, "diplomatic_pressure": true}

// pageText is all the text of a page, hidden elements and the map's
// titles too, but for what is public because it was played: the log and
// what the game waits for (a card played is still in hand while it
// resolves).
const pageText = `(() => { const c = document.body.cloneNode(true); for (const e of c.querySelectorAll("#why, #log")) e.remove(); return c.textContent; })()`
