package server

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ge"
	"github.com/mecatol/mecatol/internal/ge/gebot"
)

// geSeatView is GET /api/games/{id} for a Galactic Empires game.
type geSeatView struct {
	Seq   int         `json:"seq"`
	Game  string      `json:"game"`
	View  ge.View     `json:"view"`
	Legal []ge.Action `json:"legal"`
	Why   string      `json:"why"`
}

func geViewOf(t *testing.T, c client, id string) geSeatView {
	t.Helper()
	code, body := c.do("GET", "/api/games/"+id, nil)
	if code != 200 {
		t.Fatalf("view: %d %v", code, body)
	}
	raw, _ := json.Marshal(body)
	var v geSeatView
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func setupGE(t *testing.T, base string) (string, []client) {
	id, _, seats := setupGEHost(t, base)
	return id, seats
}

func setupGEHost(t *testing.T, base string) (string, client, []client) {
	t.Helper()
	anon := client{t: t, base: base}
	code, g := anon.do("POST", "/api/games", map[string]any{"game": "ge", "decks": []string{"basic_a", "basic_b"}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	id := g["id"].(string)
	var seats []client
	for i := 0; i < 2; i++ {
		code, j := anon.do("POST", "/api/games/"+id+"/join", map[string]any{"seat": i, "name": "p"})
		if code != 200 {
			t.Fatalf("join: %d %v", code, j)
		}
		seats = append(seats, client{t: t, base: base, token: j["token"].(string)})
	}
	return id, client{t: t, base: base, token: g["host_token"].(string)}, seats
}

// Undoing what dealt hands waits for both players' consent; undoing what
// showed nothing does not (the module says which: Table.Reveals).
func TestGalacticEmpiresUndoOfADrawWaitsForConsent(t *testing.T) {
	srv, _ := newServer(t)
	id, host, seats := setupGEHost(t, srv.URL)
	for seat := 0; seat < 2; seat++ {
		a := ge.Action{Kind: ge.KindReserve, Seat: seat, Card: -1, Target: -1}
		if code, body := seats[seat].do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": seat, "action": a}); code != 200 {
			t.Fatalf("reserve: %d %v", code, body)
		}
	}
	code, body := host.do("POST", "/api/games/"+id+"/undo", map[string]any{"seq": 2, "count": 1})
	if code != 202 {
		t.Fatalf("an undo of the dealt hands: %d %v", code, body)
	}
	for _, c := range seats {
		code, body = c.do("POST", "/api/games/"+id+"/undo/consent", map[string]any{})
	}
	if code != 200 || geViewOf(t, seats[0], id).View.Phase != ge.PhaseReserve {
		t.Fatalf("after both consents: %d %v", code, body)
	}
	// Seat 0's reserve fleet, set aside face down, dealt nothing.
	if code, body := host.do("POST", "/api/games/"+id+"/undo", map[string]any{"seq": 3, "count": 1}); code != 200 {
		t.Fatalf("an undo that takes back nothing hidden: %d %v", code, body)
	}
}

// A Galactic Empires game is served like a TI4 one, through the module
// interface: created, joined, played by two bots over HTTP to a winner,
// each seat's view hiding the other's hand, and refusals citing the
// rulebook.
func TestGalacticEmpiresServedToAWinner(t *testing.T) {
	srv, _ := newServer(t)
	anon := client{t: t, base: srv.URL}
	if code, body := anon.do("POST", "/api/games", map[string]any{"game": "chess"}); code != 400 {
		t.Fatalf("an unknown game: %d %v", code, body)
	}
	if code, body := anon.do("POST", "/api/games", map[string]any{"game": "ge", "seed": 4}); code != 400 {
		t.Fatalf("a seed: %d %v", code, body)
	}
	id, seats := setupGE(t, srv.URL)
	if code, _ := seats[0].do("GET", "/api/games/"+id+"/map.svg", nil); code != 404 {
		t.Fatal("a card game has a map")
	}
	rng := engine.NewRNG(3)
	bots := []gebot.Bot{gebot.Greedy{RNG: &rng}, gebot.Random{RNG: &rng}}
	for step := 0; step < 5000; step++ {
		v := geViewOf(t, seats[0], id)
		if v.Game != "ge" {
			t.Fatalf("game %q", v.Game)
		}
		if v.View.Phase == ge.PhaseOver {
			t.Logf("seat %d won after %d actions: %s", v.View.Winner, v.Seq, v.Why)
			return
		}
		seat := v.View.Waiting
		mine := geViewOf(t, seats[seat], id)
		hidden(t, id, 1-seat, mine.View)
		if step == 40 {
			refusals(t, id, seats, mine)
		}
		a := bots[seat].Choose(&mine.View, mine.Legal)
		if code, body := seats[seat].do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": mine.Seq, "action": a}); code != 200 {
			t.Fatalf("step %d: %+v: %d %v", step, a, code, body)
		}
	}
	t.Fatal("no winner in 5000 actions")
}

// hidden checks that a view names no card of the other seat's hand but
// those the viewer was shown (a Corporate Scout Cruiser's look).
func hidden(t *testing.T, id string, other int, v ge.View) {
	t.Helper()
	l, err := lastServer.load(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	l.mu.Lock()
	st := l.game.(*ge.Table).G.State()
	hand := append([]int(nil), st.Players[other].Hand...)
	shown := append([]int(nil), st.Players[1-other].Seen...)
	l.mu.Unlock()
	for _, c := range hand {
		if v.Cards[c].Def != "" && !slices.Contains(shown, c) {
			t.Fatalf("seat %d's hand card %d shows as %s", other, c, v.Cards[c].Def)
		}
	}
}

// refusals: a stale number, another seat's action, an illegal one.
func refusals(t *testing.T, id string, seats []client, v geSeatView) {
	seat := v.View.Waiting
	pass := ge.Action{Kind: ge.KindPass, Seat: seat, Card: -1, Target: -1}
	if code, _ := seats[seat].do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": v.Seq + 1, "action": pass}); code != 409 {
		t.Fatalf("a stale seq: %d", code)
	}
	if code, _ := seats[1-seat].do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": v.Seq, "action": pass}); code != 403 {
		t.Fatalf("acting for another seat: %d", code)
	}
	fire := ge.Action{Kind: ge.KindFire, Seat: seat, Card: -1, Target: ge.HQ(seat)}
	code, body := seats[seat].do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": v.Seq, "action": fire})
	if code != 422 || body["rule"] == nil || body["rule"].(string)[:3] != "GE-" {
		t.Fatalf("an illegal action: %d %v", code, body)
	}
	if code, _ := seats[seat].do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": v.Seq, "action": map[string]any{"kind": "fire", "bogus": 1}}); code != 400 {
		t.Fatalf("an unknown field: %d", code)
	}
}

// A seat with nothing to do gets no legal list at all, not null (as
// before the module interface), in either game.
func TestViewLeavesOutAnEmptyLegalList(t *testing.T) {
	srv, _ := newServer(t)
	id, seats := setupGE(t, srv.URL)
	for seat := 0; seat < 2; seat++ {
		a := ge.Action{Kind: ge.KindReserve, Seat: seat, Card: -1, Target: -1}
		seats[seat].do("POST", "/api/games/"+id+"/actions", map[string]any{"seq": seat, "action": a})
	}
	idle := 1 - geViewOf(t, seats[0], id).View.Active // the seat the ante put second
	code, body := seats[idle].do("GET", "/api/games/"+id, nil)
	if _, has := body["legal"]; code != 200 || has {
		t.Fatalf("seat %d waits on the other's turn: %d, legal %v", idle, code, body["legal"])
	}
	tid, _, tseats := setupGame(t, srv.URL)
	for _, c := range tseats {
		code, body := c.do("GET", "/api/games/"+tid, nil)
		if l, has := body["legal"]; code != 200 || (has && l == nil) {
			t.Fatalf("a TI4 view's legal list is null")
		}
	}
}
