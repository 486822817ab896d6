package ge

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// A seat sees its own hand, never another's, nor any deck's order; a
// hidden card's number tells nothing, for numbers are dealt at random.
func TestView_HidesHandsAndDecks(t *testing.T) {
	g, err := New(Config{Decks: []string{"basic_a", "basic_b"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for seat := 0; seat < 2; seat++ {
		if err := g.Play(Action{Kind: KindReserve, Seat: seat}); err != nil {
			t.Fatal(err)
		}
	}
	s := g.State()
	for viewer := -1; viewer < 2; viewer++ {
		v := SeatView(s, viewer)
		for i, c := range s.Cards {
			seen := v.Cards[i].Def != ""
			want := c.Zone == InPlay || c.Zone == InDiscard || c.Zone == InReserve ||
				(c.Owner == viewer && (c.Zone == InHand || c.Zone == InDeck))
			if seen != want {
				t.Fatalf("viewer %d, card %d in %s of seat %d: seen %v", viewer, i, c.Zone, c.Owner, seen)
			}
		}
		for _, p := range v.Players {
			if p.Draw.Cards != nil || (p.Seat != viewer && p.Hand.Cards != nil) {
				t.Fatalf("viewer %d sees seat %d's deck order or hand", viewer, p.Seat)
			}
		}
		b, _ := json.Marshal(v)
		if strings.Contains(string(b), `"rng"`) {
			t.Fatal("the view carries the RNG")
		}
	}
	first := 0
	for i, c := range s.Cards {
		if c.Owner == 0 && i < 49 {
			first++
		}
	}
	if first == 49 {
		t.Fatal("card numbers follow the deck lists")
	}
}

// The same configuration and log give the same bytes; another seed deals
// another game.
func TestView_SetupIsSeeded(t *testing.T) {
	snap := func(seed uint64) string {
		g, _ := New(Config{Decks: []string{"basic_a", "basic_b"}, Seed: seed})
		b, _ := g.Snapshot()
		return string(b)
	}
	if snap(5) != snap(5) || snap(5) == snap(6) {
		t.Fatal("setup is not a function of the seed")
	}
	rng := engine.NewRNG(1)
	if _, err := NewState(Config{Decks: []string{"basic_a"}}, &rng); err == nil {
		t.Fatal("one deck makes a game")
	}
	if _, err := NewState(Config{Decks: []string{"basic_a", "nope"}}, &rng); err == nil {
		t.Fatal("an unknown deck makes a game")
	}
}

// The reserve choices list the deck's cards by number, not in the order
// they will be drawn.
func TestLegal_ReserveListHidesDeckOrder(t *testing.T) {
	g, _ := New(Config{Decks: []string{"basic_a", "basic_b"}, Seed: 9})
	var listed []int
	for _, a := range Legal(g.State(), 0) {
		if len(a.Cards) == 1 {
			listed = append(listed, a.Cards[0])
		}
	}
	for i := 1; i < len(listed); i++ {
		if listed[i] < listed[i-1] {
			t.Fatalf("listed in deck order: %v", listed)
		}
	}
}

// The module as the core serves it: a keyed setup, strict decoding, a
// reload from stored actions to the same game, and undo told what a
// draw revealed.
func TestTable_ServedGame(t *testing.T) {
	var key [32]byte
	key[0] = 7
	tab, err := Module{}.New([]byte(`{"game":"ge","decks":["basic_a","basic_b"]}`), key)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (Module{}).New([]byte(`{"game":"ge","seed":3}`), key); err == nil {
		t.Fatal("a seed is accepted")
	}
	var stored [][]byte
	for seat := 0; seat < 2; seat++ {
		m, err := tab.Decode([]byte(fmt.Sprintf(`{"kind":"reserve","seat":%d,"card":-1,"target":-1}`, seat)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tab.Play(m); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(m)
		stored = append(stored, b)
	}
	if why, _ := tab.Reveals(1); why != KindReserve {
		t.Fatalf("the last reserve dealt the hands: reveals %q", why)
	}
	back, err := Module{}.Load(tab.Initial(), stored)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := back.(*Table).G.Snapshot()
	b, _ := tab.(*Table).G.Snapshot()
	if string(a) != string(b) {
		t.Fatal("a reload differs")
	}
	views, _ := tab.Views([]int{0, engine.Public})
	if views[0].(*View).Players[0].Hand.Count != OpeningHand || views[engine.Public].(*View).Players[0].Hand.Cards != nil {
		t.Fatal("views")
	}
	if len(tab.Waiting()) != 1 || tab.Why() == "" || tab.Label(1) == "" {
		t.Fatal("who is waited on")
	}
}
