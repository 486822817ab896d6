package server

import (
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/mecatol/mecatol/internal/bot"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// browser starts headless Chromium, or skips when there is none (and fails
// instead when CI is set: CI installs Debian's chromium).
func browser(t *testing.T) context.Context {
	t.Helper()
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("CI is set but no chromium is installed")
		}
		t.Skip("no chromium: install Debian's chromium to run the browser tests")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 900),
	}
	// A loaded two-core machine sometimes fails a browser start (chromium
	// exits before its debugging port answers): try three times.
	var err error
	for try := 0; try < 3; try++ {
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(opts, chromedp.UserDataDir(profileDir(t)))...)
		ctx, cancel := chromedp.NewContext(alloc)
		if err = chromedp.Run(ctx); err == nil {
			t.Cleanup(func() { cancel(); cancelAlloc() })
			failOnPageErrors(t, ctx)
			return ctx
		}
		cancel()
		cancelAlloc()
		t.Logf("start chromium, try %d: %v", try+1, err)
	}
	t.Fatalf("start chromium: %v", err)
	return nil
}

// failOnPageErrors fails the test on any script error the page throws.
func failOnPageErrors(t *testing.T, ctx context.Context) {
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*cdpruntime.EventExceptionThrown); ok {
			d := e.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			t.Errorf("the page threw: %s (%s:%d)", msg, d.URL, d.LineNumber)
		}
	})
}

// profileDir is a chromium profile directory removed after the test. A
// chromium that failed to start may still be writing to it as it exits, so
// removal is retried and never fails the test (t.TempDir's would).
func profileDir(t *testing.T) string {
	dir, err := os.MkdirTemp("", "mecatol-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for try := 0; try < 10; try++ {
			if os.RemoveAll(dir) == nil {
				return
			}
			time.Sleep(200 * time.Millisecond)
		}
		t.Logf("could not remove %s", dir)
	})
	return dir
}

func artefacts(t *testing.T) string {
	dir := os.Getenv("MECATOL_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join("..", "..", "out", "screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	var png []byte
	if err := chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(artefacts(t), name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Two seats in two browser tabs: a move by one reaches the other within a
// second; a stale button clicked after the game moved on shows the rule
// that refuses it, once, and the refusal goes at the next update; the map
// renders with names.
func TestBrowserTwoSeats(t *testing.T) {
	srv, _ := newServer(t)
	id, _, seats := setupGame(t, srv.URL)
	tabs := openSeats(t, srv.URL, id, seats[:2])
	a, b := tabs[0], tabs[1]
	var mapLabels, why string
	b.run(t, 20*time.Second, chromedp.Evaluate(`[...document.querySelectorAll("#map .system")].map((g) => g.getAttribute("aria-label")).join("|")`, &mapLabels),
		chromedp.Text(`#why`, &why, chromedp.ByQuery))
	if !strings.Contains(mapLabels, "Mecatol Rex") || !strings.Contains(why, "chooses a strategy card") {
		t.Fatalf("the map or the reason did not render: %q / %q", mapLabels, why)
	}
	shot(t, a.ctx, "seat0-before.png")
	// A component's name in a player's area shows its account when focused
	// (as by the keyboard or a tap), and only then.
	const tipShown = `(() => { const t = document.querySelector("#players .explained .tip"); return t.getClientRects().length > 0 ? t.textContent : ""; })()`
	var before, after, label string
	a.run(t, 10*time.Second, chromedp.ActionFunc(func(ctx context.Context) error { return page.BringToFront().Do(ctx) }),
		chromedp.Evaluate(tipShown, &before), chromedp.Focus(`#players .explained`, chromedp.ByQuery),
		chromedp.Evaluate(tipShown, &after), chromedp.Evaluate(`document.activeElement.firstChild.textContent`, &label))
	if before != "" || after == "" || !slices.Contains(slices.Collect(maps.Values(data.About())), after) {
		t.Fatalf("the account of %q: %q before focus, %q after", label, before, after)
	}

	a.run(t, 20*time.Second, chromedp.Click(`#actions button.strategy-card`, chromedp.NodeVisible))
	start := time.Now()
	b.run(t, 20*time.Second, chromedp.Poll(`document.body.dataset.seq === "1"`, nil, chromedp.WithPollingTimeout(time.Second)))
	t.Logf("the move reached the other tab in %v", time.Since(start))

	// Seat 1 keeps a secret objective; the other one's button, kept from
	// before, is stale: clicked, it is refused with its rule.
	b.run(t, 20*time.Second,
		chromedp.Evaluate(`window.__stale = document.querySelectorAll('#actions button[data-kind="keep_secret"]')[1]; 0`, nil),
		chromedp.Click(`#actions button[data-kind="keep_secret"]`, chromedp.NodeVisible),
		chromedp.Poll(`document.body.dataset.seq === "2"`, nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(`window.__stale.click(); 0`, nil),
		chromedp.WaitVisible(`#refusal`))
	var refusal string
	b.run(t, 5*time.Second, chromedp.Text(`#refusal`, &refusal, chromedp.ByQuery))
	if !strings.Contains(refusal, "LRR ") || strings.Count(refusal, "rule") > 0 {
		t.Fatalf("refusal shows %q, want the rule id once", refusal)
	}
	shot(t, b.ctx, "seat1-refusal.png")
	a.run(t, 20*time.Second, chromedp.Click(`#actions button[data-kind="keep_secret"]`, chromedp.NodeVisible))
	b.run(t, 5*time.Second, chromedp.Poll(`document.body.dataset.seq === "3" && document.querySelector("#refusal").hidden`, nil, chromedp.WithPollingTimeout(5*time.Second)))
	// Automatic passing is a setting the page turns on with a checkbox.
	b.run(t, 5*time.Second, chromedp.Click(`#autopass`, chromedp.NodeVisible),
		chromedp.Poll(`document.body.dataset.seq === "4" && document.querySelector("#autopass").checked`, nil, chromedp.WithPollingTimeout(5*time.Second)))
	b.run(t, 5*time.Second, chromedp.EmulateViewport(390, 844))
	shot(t, b.ctx, "seat1-phone.png")
}

// A name is text: markup in it shows as typed and runs nothing. The page
// keeps the seat token out of the address: a join link's token is stored
// and taken out of the address at once, and the page still acts as the
// seat, also after a reload with the bare address.
func TestBrowserHostileNameIsText(t *testing.T) {
	srv, _ := newServer(t)
	anon := client{t: t, base: srv.URL}
	_, g := anon.do("POST", "/api/games", map[string]any{"players": 3, "factions": []string{"jolnar", "sol", "hacan"}})
	id := g["id"].(string)
	names := []string{`<img src=x onerror="window.__pwned=1">`, `<script>window.__pwned=2</script>`, `"><svg onload="window.__pwned=3">`}
	var tokens []string
	for i, n := range names {
		code, j := anon.do("POST", "/api/games/"+id+"/join", map[string]any{"seat": i, "name": n})
		if code != 200 {
			t.Fatalf("join %q: %d %v", n, code, j)
		}
		tokens = append(tokens, j["token"].(string))
	}
	ctx := browser(t)
	run := func(actions ...chromedp.Action) {
		t.Helper()
		tctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := chromedp.Run(tctx, actions...); err != nil {
			t.Fatal(err)
		}
	}
	run(chromedp.Navigate(srv.URL+"/#game="+id+"&token="+tokens[0]), chromedp.WaitVisible(`#actions button.act`),
		chromedp.Poll(`document.querySelector("#players").textContent.includes("window.__pwned=3")`, nil, chromedp.WithPollingTimeout(5*time.Second)))
	var players, href string
	var pwned bool
	var images int
	run(chromedp.Text(`#players`, &players, chromedp.ByQuery),
		chromedp.Evaluate(`window.__pwned !== undefined`, &pwned),
		chromedp.Evaluate(`document.querySelectorAll("#players img, #players script, #players svg").length`, &images),
		chromedp.Evaluate(`location.href`, &href))
	for _, n := range names {
		if !strings.Contains(players, n) {
			t.Errorf("the name %q does not show as typed in %q", n, players)
		}
	}
	if pwned || images > 0 {
		t.Fatalf("a name ran as markup: pwned %v, %d elements made", pwned, images)
	}
	if strings.Contains(href, "token") || strings.Contains(href, tokens[0]) {
		t.Fatalf("the token stayed in the address: %s", href)
	}
	// The bare address, as after a reload, still acts as seat 0.
	run(chromedp.Navigate(srv.URL+"/#game="+id), chromedp.WaitVisible(`#actions button.act`))
	var title string
	run(chromedp.Text(`#game-title`, &title, chromedp.ByQuery))
	if !strings.Contains(title, "Jol-Nar") {
		t.Fatalf("after a reload the page is %q, want seat 0 (Jol-Nar)", title)
	}
	shot(t, ctx, "hostile-names.png")
}

// Payment is ticked, not clicked one planet at a time: the page keeps a
// running total of the planets ticked, and Pay exhausts them all, each as
// the engine lists it. Played by the bots to the first choice of two or
// more planets to spend (Leadership's tokens, most often).
func TestBrowserPaysWithTickedPlanets(t *testing.T) {
	srv, _ := newServer(t)
	id, _, seats := setupGame(t, srv.URL)
	rng := engine.NewRNG(2)
	greedy := bot.Greedy{RNG: &rng}
	seat, v := -1, seatView{}
	for step := 0; step < 3000 && seat < 0; step++ {
		views := make([]seatView, len(seats))
		for i := range seats {
			views[i] = viewOf(t, seats[i], id)
		}
		q := nextSeat(views)
		if spends := countKind(views[q].Legal, ti4.ActSpendPlanet); spends >= 2 && views[q].View.State.Step != nil {
			seat, v = q, views[q]
			break
		}
		a, err := greedy.Choose(views[q].View, views[q].Legal)
		if err != nil {
			t.Fatal(err)
		}
		if code, body := seats[q].do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": views[q].Seq, "action": a}); code != 200 {
			t.Fatalf("act: %d %v", code, body)
		}
	}
	if seat < 0 {
		t.Fatal("no choice of planets to spend came up")
	}
	var planets []string
	for _, a := range v.Legal {
		if a.Kind == ti4.ActSpendPlanet && !a.Use && len(planets) < 2 {
			planets = append(planets, a.Planet)
		}
	}
	tb := openSeats(t, srv.URL, id, seats[seat:seat+1])[0]
	// The boxes are ticked in the page (a live update may redraw the panel
	// between the two halves of a mouse click).
	tick := fmt.Sprintf(`(() => { for (const p of [%q, %q]) document.querySelector('#actions .pay input.main[data-a*=\'"' + p + '"\']').click(); return document.querySelector("#pay-total").textContent; })()`, planets[0], planets[1])
	var total, actions string
	tb.run(t, 10*time.Second, chromedp.Poll(fmt.Sprintf(`document.body.dataset.seq === "%d"`, v.Seq), nil),
		chromedp.Evaluate(tick, &total), chromedp.Text(`#actions`, &actions, chromedp.ByQuery))
	if !strings.Contains(total, "Ticked: planets worth") || strings.Contains(actions, "null") {
		t.Fatalf("running total %q; actions %q", total, actions)
	}
	shot(t, tb.ctx, "pay-ticked.png")
	// Pay clicked twice pays once: the second click sends nothing.
	const countPosts = `window.__posts = 0; const f = window.fetch; window.fetch = (u, o) => { if (String(u).endsWith("/actions")) window.__posts++; return f(u, o); }; 0`
	tb.run(t, 10*time.Second, chromedp.Evaluate(countPosts, nil), chromedp.Evaluate(`document.querySelector("#pay").click(); document.querySelector("#pay").click(); 0`, nil),
		chromedp.Poll(fmt.Sprintf(`document.body.dataset.seq === "%d"`, v.Seq+2), nil, chromedp.WithPollingTimeout(8*time.Second)))
	var posts int
	tb.run(t, 5*time.Second, chromedp.Sleep(300*time.Millisecond), chromedp.Evaluate(`window.__posts`, &posts))
	if posts != 2 {
		t.Errorf("two planets paid with %d requests: a second click on Pay sent again", posts)
	}
	after := viewOf(t, seats[seat], id)
	for _, sys := range after.View.State.Systems {
		for _, p := range sys.Planets {
			if slices.Contains(planets, p.Name) && !p.Exhausted {
				t.Errorf("%s was ticked and paid but is ready", p.Name)
			}
		}
	}
	t.Logf("%s ticked %v and paid: %s (step %s)", after.View.State.Players[seat].Faction, planets, total, v.View.State.Step.Kind)
}

func countKind(legal []ti4.Action, kind string) int {
	n := 0
	for _, a := range legal {
		if a.Kind == kind {
			n++
		}
	}
	return n
}
