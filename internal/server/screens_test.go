package server

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/mecatol/mecatol/internal/bot"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

var updateScreens = flag.Bool("update-screens", false, "write the screenshots the screen tests compare against")

// screen is a position the screen tests photograph, found by playing.
type screen struct {
	name  string
	found func(s *ti4.State, legal []ti4.Action) bool // legal: the photographed seat's
	show  string                                      // the element scrolled to
}

var screens = []screen{
	{"midgame", func(s *ti4.State, legal []ti4.Action) bool {
		return s.Round >= 3 && s.Tactical != nil && len(s.Tactical.Moves) == 0 && countKind(legal, ti4.ActMoveShips) > 0
	}, "#map"},
	{"combat", func(s *ti4.State, _ []ti4.Action) bool { return s.Combat != nil }, "#combat-card"},
	{"players", func(s *ti4.State, _ []ti4.Action) bool { return s.Round == 4 && s.Phase == ti4.PhaseStatus }, "#players"},
	{"agenda", func(s *ti4.State, _ []ti4.Action) bool {
		return s.Agenda != nil && s.Agenda.Window == "" && len(s.Agenda.Voters) == 1 && s.Agenda.Voters[0] == 0
	}, "#table"},
}

// The page at fixed positions of one reproducible game, at desktop and
// phone sizes, matches the committed images within a tolerance (fonts
// differ a little between machines; a broken board differs a lot); and
// every control on those pages has a name and all text has the contrast
// the WCAG asks for.
func TestBrowserScreens(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a game: not with -short")
	}
	srv, _ := newServer(t)
	id, _, seats := setupGame(t, srv.URL)
	tb := openSeats(t, srv.URL, id, seats[:1])[0]
	tb.run(t, 10*time.Second, chromedp.Click(`#autopass`, chromedp.NodeVisible))
	checkAccessible(t, tb, "the game page")
	rng := engine.NewRNG(5)
	bots := []bot.Bot{bot.Greedy{RNG: &rng}, bot.Random{RNG: &rng}, bot.Greedy{RNG: &rng}} // one seat that wanders into fights
	done := map[string]bool{}
	for step := 0; step < 5000 && len(done) < len(screens); step++ {
		views := make([]seatView, len(seats))
		views[0] = viewOf(t, seats[0], id)
		for _, q := range views[0].View.Deciding { // the seat to act, most often
			if q > 0 && q < len(seats) {
				views[q] = viewOf(t, seats[q], id)
			}
		}
		if nextSeat(views) < 0 {
			for i := 1; i < len(seats); i++ {
				views[i] = viewOf(t, seats[i], id)
			}
		}
		s := views[0].View.State
		if s.Phase == ti4.PhaseOver {
			break
		}
		for _, sc := range screens {
			if !done[sc.name] && sc.found(s, views[0].Legal) {
				done[sc.name] = true
				photograph(t, tb, sc, views[0].Seq)
			}
		}
		seat := nextSeat(views)
		a, err := bots[seat].Choose(views[seat].View, views[seat].Legal)
		if b, ok := towardMecatol(views[seat].View.State, views[seat].Legal); ok {
			a = b
		}
		if err != nil {
			t.Fatal(err)
		}
		if code, body := seats[seat].do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": views[seat].Seq, "action": a}); code != 200 {
			t.Fatalf("act: %d %v", code, body)
		}
	}
	final := viewOf(t, seats[0], id)
	t.Logf("the game ended at step %d, round %d, %s phase", final.Seq, final.View.State.Round, final.View.State.Phase)
	for _, sc := range screens {
		if !done[sc.name] {
			t.Errorf("the game never came to the %s position", sc.name)
		}
	}
}

// towardMecatol is the action that brings the acting seat nearest to
// taking the custodians token, so that the game comes to an agenda phase
// (the bots alone seldom take it): take it, land on Mecatol Rex, carry
// ground forces and move ships a system nearer to it, and activate a
// system nearer to it beside one of the seat's carriers.
func towardMecatol(s *ti4.State, legal []ti4.Action) (ti4.Action, bool) {
	if len(legal) == 0 {
		return ti4.Action{}, false
	}
	d, carriers := distances(s), carriersOf(s, legal[0].Seat)
	best, score := ti4.Action{}, 0
	for _, a := range legal {
		if n := marchScore(s, a, d, carriers); n > score {
			best, score = a, n
		}
	}
	return best, score > 0
}

func marchScore(s *ti4.State, a ti4.Action, d map[int]int, carriers []int) int {
	active := -1
	if s.Tactical != nil {
		active = s.Tactical.System
	}
	switch {
	case a.Kind == "remove_custodians":
		return 100
	case a.Kind == "commit_ground_forces" && a.Planet == "Mecatol Rex":
		return 90
	case a.Kind == "transport" && active >= 0 && a.System != nil && d[active] <= d[*a.System]:
		return 80
	case a.Kind == "move_ships" && a.System != nil && d[active] < d[*a.System]:
		if a.Unit == "carrier" {
			return 75
		}
		return 70
	case a.Kind == "activate" && a.System != nil:
		for _, c := range carriers {
			if x := *a.System; s.Adjacent(c, x) && d[x] < d[c] {
				return 60 - d[x]
			}
		}
	}
	return 0
}

// distances are the fewest moves from each system to Mecatol Rex.
func distances(s *ti4.State) map[int]int {
	d := map[int]int{0: 0}
	for queue := []int{0}; len(queue) > 0; queue = queue[1:] {
		for _, q := range s.Galaxy().Neighbors(queue[0], s.Wormholes) {
			if _, ok := d[q]; !ok {
				d[q] = d[queue[0]] + 1
				queue = append(queue, q)
			}
		}
	}
	return d
}

// carriersOf are the systems holding the seat's carriers.
func carriersOf(s *ti4.State, seat int) []int {
	var out []int
	for _, sys := range s.Systems {
		for _, st := range sys.Space {
			if st.Owner == seat && st.Unit == "carrier" {
				out = append(out, sys.Pos)
			}
		}
	}
	return out
}

func photograph(t *testing.T, tb tab, sc screen, seq int) {
	t.Helper()
	tb.run(t, 10*time.Second, chromedp.Poll(fmt.Sprintf(`document.body.dataset.seq === "%d"`, seq), nil, chromedp.WithPollingTimeout(8*time.Second)))
	checkAccessible(t, tb, sc.name)
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 900}, {"phone", 390, 844}} {
		var img []byte
		// The scroll is instant and awaited: under load a screenshot could
		// otherwise catch the page mid-layout.
		scroll := fmt.Sprintf(`new Promise((done) => { document.querySelector(%q).scrollIntoView({ block: "start", behavior: "instant" }); requestAnimationFrame(() => requestAnimationFrame(() => done(window.innerWidth))); })`, sc.show)
		tb.run(t, 20*time.Second, chromedp.EmulateViewport(size.w, size.h),
			chromedp.Poll(fmt.Sprintf(`window.innerWidth === %d`, size.w), nil, chromedp.WithPollingTimeout(5*time.Second)), chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(scroll, nil, func(p *cdpruntime.EvaluateParams) *cdpruntime.EvaluateParams { return p.WithAwaitPromise(true) }),
			chromedp.Sleep(200*time.Millisecond), chromedp.CaptureScreenshot(&img))
		name := fmt.Sprintf("%s-%s.png", sc.name, size.name)
		os.WriteFile(filepath.Join(artefacts(t), name), img, 0o644)
		compareScreen(t, name, img)
	}
	tb.run(t, 10*time.Second, chromedp.ActionFunc(func(ctx context.Context) error { return emulation.ClearDeviceMetricsOverride().Do(ctx) }))
}

// compareScreen compares a screenshot with the committed one: the image is
// cut into 16-pixel blocks, and at most 6% of blocks may differ in mean
// colour by more than 40 of 255 on a channel.
func compareScreen(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "screens", name)
	if *updateScreens {
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v (run with -update-screens to write it)", name, err)
	}
	a, err1 := png.Decode(bytes.NewReader(got))
	b, err2 := png.Decode(bytes.NewReader(want))
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: %v %v", name, err1, err2)
	}
	if a.Bounds() != b.Bounds() {
		t.Fatalf("%s: %v, committed %v", name, a.Bounds(), b.Bounds())
	}
	if share := blockDifference(a, b, 16, 40); share > 0.06 {
		t.Errorf("%s differs from the committed image in %.1f%% of its blocks (see %s)", name, 100*share, artefacts(t))
	}
}

func blockDifference(a, b image.Image, size, most int) float64 {
	r := a.Bounds()
	var blocks, differ int
	for y := r.Min.Y; y < r.Max.Y; y += size {
		for x := r.Min.X; x < r.Max.X; x += size {
			blocks++
			ma, mb := mean(a, x, y, size), mean(b, x, y, size)
			for c := 0; c < 3; c++ {
				if d := ma[c] - mb[c]; d > most || d < -most {
					differ++
					break
				}
			}
		}
	}
	return float64(differ) / float64(blocks)
}

func mean(img image.Image, x0, y0, size int) [3]int {
	var sum [3]int
	n := 0
	r := img.Bounds()
	for y := y0; y < min(y0+size, r.Max.Y); y++ {
		for x := x0; x < min(x0+size, r.Max.X); x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			sum[0], sum[1], sum[2] = sum[0]+int(cr>>8), sum[1]+int(cg>>8), sum[2]+int(cb>>8)
			n++
		}
	}
	return [3]int{sum[0] / n, sum[1] / n, sum[2] / n}
}

// accessibility names every control without a name and every text of too
// little contrast with the colour behind it (WCAG 2: 4.5, or 3 for large
// text), among the elements shown.
const accessibility = `(() => {
  const bad = [];
  const shown = (e) => !e.closest("[hidden]") && e.getClientRects().length > 0;
  const named = (e) => [e.getAttribute("aria-label"), e.textContent, e.title, e.labels && e.labels[0] && e.labels[0].textContent].some((x) => x && x.trim());
  for (const e of document.querySelectorAll("button, a[href], input, select, textarea, summary, [role=button], [tabindex]")) {
    if (shown(e) && !named(e)) bad.push("no name: " + e.outerHTML.slice(0, 90));
  }
  const lum = (c) => { const v = c.match(/[\d.]+/g).slice(0, 3).map((x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; }); return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const back = (e) => { for (; e; e = e.parentElement) { const m = getComputedStyle(e).backgroundColor.match(/[\d.]+/g); if (m && (m.length < 4 || +m[3] > 0.5)) return getComputedStyle(e).backgroundColor; } return "rgb(11, 13, 23)"; };
  for (const e of document.querySelectorAll("body *")) {
    if (e.closest("svg") || !shown(e) || ![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const s = getComputedStyle(e), l1 = lum(s.color), l2 = lum(back(e));
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const large = parseFloat(s.fontSize) >= 24 || (parseFloat(s.fontSize) >= 18.6 && +s.fontWeight >= 700);
    if (ratio < (large ? 3 : 4.5)) bad.push("contrast " + ratio.toFixed(2) + ": " + e.tagName + " " + JSON.stringify(e.textContent.trim().slice(0, 40)));
  }
  return bad;
})()`

func checkAccessible(t *testing.T, tb tab, where string) {
	t.Helper()
	var bad []string
	tb.run(t, 10*time.Second, chromedp.Evaluate(accessibility, &bad))
	for _, b := range bad {
		t.Errorf("%s: %s", where, b)
	}
}

// The lobby passes the checks, and the checks find what they look for: a
// button without a name and grey text on grey put on the page are named.
func TestBrowserAccessibilityChecks(t *testing.T) {
	srv, _ := newServer(t)
	tb := tab{ctx: browser(t)}
	tb.run(t, 20*time.Second, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(`#create`))
	checkAccessible(t, tb, "the lobby")
	var bad []string
	tb.run(t, 10*time.Second, chromedp.Evaluate(`(() => {
		const b = document.createElement("button"); document.body.append(b);
		const p = document.createElement("p"); p.textContent = "faint"; p.style.color = "#555"; p.style.background = "#444"; document.body.append(p);
	})()`, nil), chromedp.Evaluate(accessibility, &bad))
	if len(bad) != 2 || !strings.HasPrefix(bad[0], "no name") || !strings.HasPrefix(bad[1], "contrast") {
		t.Fatalf("the checks found %q", bad)
	}
}
