package server

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/mecatol/mecatol/internal/bot"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ge"
	"github.com/mecatol/mecatol/internal/ge/gebot"
	"github.com/mecatol/mecatol/internal/ti4"
	"github.com/mecatol/mecatol/internal/web"
)

// createTI4 makes a three-player game and returns its id and the host.
func createTI4(t *testing.T, base string) (string, client) {
	t.Helper()
	code, g := client{t: t, base: base}.do("POST", "/api/games", map[string]any{"players": 3, "factions": []string{"jolnar", "sol", "hacan"}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	return g["id"].(string), client{t: t, base: base, token: g["host_token"].(string)}
}

func join(t *testing.T, base, id string, seat int) client {
	t.Helper()
	code, j := client{t: t, base: base}.do("POST", "/api/games/"+id+"/join", map[string]any{"seat": seat, "name": "p"})
	if code != 200 {
		t.Fatalf("join: %d %v", code, j)
	}
	return client{t: t, base: base, token: j["token"].(string)}
}

// myTurn waits until the bots have moved and the game waits on the seat
// (or is over), and returns the seat's view.
func myTurn(t *testing.T, c client, id string) seatView {
	t.Helper()
	for start := time.Now(); time.Since(start) < 20*time.Second; time.Sleep(5 * time.Millisecond) {
		v := viewOf(t, c, id)
		if len(v.Legal) > 0 || v.View.State.Phase == ti4.PhaseOver {
			return v
		}
	}
	t.Fatal("the bots never let the seat move")
	return seatView{}
}

// The host seats bots: only the host, only in a free seat, only bots the
// game has, and never in the last seat left for a person; a bot's seat
// cannot be joined or given a new link.
func TestHostSeatsABotOnlyWhereItMay(t *testing.T) {
	srv, _ := newServer(t)
	id, host := createTI4(t, srv.URL)
	me := join(t, srv.URL, id, 0)
	seatBot := func(c client, seat string, body any) (int, map[string]any) {
		return c.do("POST", "/api/games/"+id+"/seats/"+seat+"/bot", body)
	}
	cases := []struct {
		name string
		c    client
		seat string
		body any
		want int
	}{
		{"a player is not the host", me, "1", map[string]any{"bot": "greedy"}, 403},
		{"no token", client{t: t, base: srv.URL}, "1", map[string]any{"bot": "greedy"}, 403},
		{"a seat taken by a person", host, "0", map[string]any{"bot": "greedy"}, 409},
		{"no such seat", host, "3", map[string]any{"bot": "greedy"}, 400},
		{"not a number", host, "x", map[string]any{"bot": "greedy"}, 400},
		{"no such bot", host, "1", map[string]any{"bot": "exec:/bin/sh"}, 400},
		{"an unknown field", host, "1", map[string]any{"bot": "greedy", "seed": 3}, 400},
		{"seated", host, "1", map[string]any{"bot": "greedy"}, 200},
		{"seated twice", host, "1", map[string]any{"bot": "random"}, 409},
	}
	for _, c := range cases {
		if code, body := seatBot(c.c, c.seat, c.body); code != c.want {
			t.Errorf("%s: %d %v, want %d", c.name, code, body, c.want)
		}
	}
	anon := client{t: t, base: srv.URL}
	if code, _ := anon.do("POST", "/api/games/"+id+"/join", map[string]any{"seat": 1, "name": "p"}); code != 409 {
		t.Errorf("joining a bot's seat: %d", code)
	}
	if code, _ := host.do("POST", "/api/games/"+id+"/seats/1/token", nil); code != 409 {
		t.Errorf("a new link for a bot's seat: %d", code)
	}
	v := viewOf(t, me, id)
	raw, _ := json.Marshal(v)
	_, body := me.do("GET", "/api/games/"+id, nil)
	if names, _ := body["names"].(map[string]any); names["1"] != "Mecatol bot (greedy)" {
		t.Errorf("the bot's seat is named %v (%s)", names["1"], raw[:min(80, len(raw))])
	}
	if bots, _ := body["bots"].(map[string]any); len(bots) != 1 || bots["1"] != "greedy" {
		t.Errorf("the view's bots: %v", body["bots"])
	}
	for _, name := range []string{"Mecatol bot (greedy)", "mecatol BOT"} {
		if code, _ := anon.do("POST", "/api/games/"+id+"/join", map[string]any{"seat": 2, "name": name}); code != 400 {
			t.Errorf("a person named %q: %d", name, code)
		}
	}

	alone, host2 := createTI4(t, srv.URL)
	for seat, want := range []int{200, 200, 409} {
		if code, body := host2.do("POST", "/api/games/"+alone+"/seats/"+string(rune('0'+seat))+"/bot", map[string]any{"bot": "random"}); code != want {
			t.Errorf("bot %d of 3: %d %v, want %d", seat+1, code, body, want)
		}
	}
}

// A person plays against two bots the host seated: after each of the
// person's moves the bots play until the game waits on the person again,
// through the same checks and store, so every seat's moves are in the log.
func TestAPersonPlaysAgainstBots(t *testing.T) {
	if testing.Short() {
		t.Skip("whole turns of bots at their pace: not with -short (the race run)")
	}
	srv, _ := newServer(t)
	id, host := createTI4(t, srv.URL)
	me := join(t, srv.URL, id, 0)
	for seat, kind := range map[string]string{"1": "greedy", "2": "random"} {
		if code, body := host.do("POST", "/api/games/"+id+"/seats/"+seat+"/bot", map[string]any{"bot": kind}); code != 200 {
			t.Fatalf("seat a bot: %d %v", code, body)
		}
	}
	rng := engine.NewRNG(4)
	greedy := bot.Greedy{RNG: &rng}
	var v seatView
	for moves := 0; moves < 400; moves++ {
		v = myTurn(t, me, id)
		if v.View.State.Round >= 2 || v.View.State.Phase == ti4.PhaseOver {
			break
		}
		a, err := greedy.Choose(v.View, v.Legal)
		if err != nil {
			t.Fatal(err)
		}
		// A bot may move while the person chooses (a window open to all):
		// the person's move is then stale, as with any other player.
		if code, body := me.do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": v.Seq, "action": a}); code != 200 && code != 409 {
			t.Fatalf("move %d: %d %v", moves, code, body)
		}
	}
	if v.View.State.Round < 2 {
		t.Fatalf("still round %d", v.View.State.Round)
	}
	code, body := me.do("GET", "/api/games/"+id+"/log", nil)
	raw, _ := json.Marshal(body["actions"])
	var log []ti4.Action
	json.Unmarshal(raw, &log)
	by := map[int]int{}
	for _, a := range log {
		by[a.Seat]++
	}
	if code != 200 || by[1] == 0 || by[2] == 0 || by[0] == 0 {
		t.Fatalf("moves by seat after a round: %v (%d)", by, code)
	}
	t.Logf("round 1 took %d moves: by seat %v", len(log), by)
}

// A bot in the store that has not yet moved (the server stopped before it
// could) moves when the game is next loaded.
func TestBotsResumeAfterARestart(t *testing.T) {
	srv, st := newServer(t)
	id, _ := createTI4(t, srv.URL)
	me := join(t, srv.URL, id, 0)
	rng := engine.NewRNG(4)
	greedy := bot.Greedy{RNG: &rng}
	v := viewOf(t, me, id)
	for ; v.View.Deciding[0] == 0; v = viewOf(t, me, id) { // until the game waits on another seat
		a, _ := greedy.Choose(v.View, v.Legal)
		if code, body := me.do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": v.Seq, "action": a}); code != 200 {
			t.Fatalf("%d %v", code, body)
		}
	}
	for _, seat := range []int{1, 2} {
		if err := st.SetBot(t.Context(), id, seat, "greedy", 3); err != nil {
			t.Fatal(err)
		}
	}
	srv2 := httptest.NewServer(New(st, slog.New(slog.NewTextHandler(io.Discard, nil)), web.Files()).Handler())
	defer srv2.Close()
	me.base = srv2.URL
	for start := time.Now(); viewOf(t, me, id).Seq == v.Seq; time.Sleep(5 * time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatal("the bots did not move")
		}
	}
}

// A person plays Galactic Empires against a bot the host seated, to a
// winner; an undo of hidden information waits for the person alone.
func TestAPersonPlaysGalacticEmpiresAgainstABot(t *testing.T) {
	if testing.Short() {
		t.Skip("whole turns of bots at their pace: not with -short (the race run)")
	}
	srv, _ := newServer(t)
	code, g := client{t: t, base: srv.URL}.do("POST", "/api/games", map[string]any{"game": "ge", "decks": []string{"basic_a", "basic_b"}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	id := g["id"].(string)
	host := client{t: t, base: srv.URL, token: g["host_token"].(string)}
	me := join(t, srv.URL, id, 0)
	if code, body := host.do("POST", "/api/games/"+id+"/seats/1/bot", map[string]any{"bot": "exec:x"}); code != 400 {
		t.Fatalf("a TI4-only or unknown bot: %d %v", code, body)
	}
	if code, body := host.do("POST", "/api/games/"+id+"/seats/1/bot", map[string]any{"bot": "greedy"}); code != 200 {
		t.Fatalf("seat a bot: %d %v", code, body)
	}
	rng := engine.NewRNG(8)
	mine := gebot.Greedy{RNG: &rng}
	for moves := 0; moves < 3000; moves++ {
		var v geSeatView
		for start := time.Now(); ; time.Sleep(5 * time.Millisecond) {
			if v = geViewOf(t, me, id); len(v.Legal) > 0 || v.View.Phase == ge.PhaseOver {
				break
			}
			if time.Since(start) > 20*time.Second {
				t.Fatal("the bot never let the person move")
			}
		}
		if v.View.Phase == ge.PhaseOver {
			t.Logf("seat %d won at step %d", v.View.Winner, v.Seq)
			return
		}
		if moves == 5 { // the opening hands were dealt: undoing them waits for the person only
			code, body := host.do("POST", "/api/games/"+id+"/undo", map[string]any{"seq": v.Seq, "count": v.Seq})
			if code != 202 || len(body["needs"].([]any)) != 1 {
				t.Fatalf("an undo of hidden information: %d %v", code, body)
			}
		}
		a := mine.Choose(&v.View, v.Legal)
		if code, body := me.do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": v.Seq, "action": a}); code != 200 {
			t.Fatalf("move %d: %d %v", moves, code, body)
		}
	}
	t.Fatal("no winner")
}
