package ti4

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// Every event kind is classified as revealing or not, and the table names
// no kind that does not exist.
func TestEveryEventKindIsClassifiedForUndo(t *testing.T) {
	kinds := map[string]bool{}
	for _, pkg := range parseSources(t) {
		for _, f := range pkg.Files {
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.CONST {
					continue
				}
				for _, spec := range g.Specs {
					vs := spec.(*ast.ValueSpec)
					for i, name := range vs.Names {
						if !strings.HasPrefix(name.Name, "Ev") || len(name.Name) < 3 || name.Name[2] < 'A' || name.Name[2] > 'Z' || i >= len(vs.Values) {
							continue
						}
						if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							v, _ := strconv.Unquote(lit.Value)
							kinds[v] = true
						}
					}
				}
			}
		}
	}
	if len(kinds) < 100 {
		t.Fatalf("only %d event kinds found: the scan is broken", len(kinds))
	}
	for k := range kinds {
		if _, ok := reveals[k]; !ok {
			t.Errorf("event kind %q is not classified in reveals", k)
		}
	}
	for k := range reveals {
		if !kinds[k] {
			t.Errorf("reveals names %q, which is no event kind", k)
		}
	}
}

// In random games, every action that drew on the RNG produced an event
// classified as revealing or as a shuffle no one sees, and the kinds that draw cards or turn them up
// are among those classified so.
func TestRevealingEventsCoverEveryDraw(t *testing.T) {
	drawn := map[string]bool{}
	actions := 0
	for seed := uint64(1); seed <= 12; seed++ {
		g, err := NewGame(Config{Players: 4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRNG(seed)
		for i := 0; i < 1500 && g.State().Phase != "over"; i++ {
			s := g.State()
			var options []Action
			for _, q := range s.Active() {
				options = append(options, Legal(s, engine.NewRNG(0), q)...)
			}
			if len(options) == 0 {
				break
			}
			a := options[r.IntN(len(options))]
			actions++
			ev, err := g.Do(a)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			chance := false
			for i := range ev {
				if ev[i].Reveals() {
					chance = true
					drawn[ev[i].Kind] = true
				}
				if reveals[ev[i].Kind] == shuffled {
					chance = true
				}
			}
			if g.LastDrew() && !chance {
				kinds := []string{}
				for _, e := range ev {
					kinds = append(kinds, e.Kind)
				}
				t.Fatalf("seed %d: %s drew on the RNG but no event is classified as revealing: %v", seed, a.Kind, kinds)
			}
		}
	}
	t.Logf("%d actions; revealing kinds seen: %v", actions, drawn)
	if actions < 5000 {
		t.Fatalf("only %d actions: the games stopped early", actions)
	}
	for _, k := range []string{EvCardsDrawn, EvRevealed, EvExplored} {
		if !drawn[k] {
			t.Errorf("no %s seen in the random games: the test did not reach it", k)
		}
	}
}

// What an event shows a seat: never a deck's order; the cards of a draw,
// a kept secret or a given note only to those involved.
func TestEventForHidesPrivateCards(t *testing.T) {
	drawn := Event{Kind: EvCardsDrawn, Seat: 1, Deck: "action", Extra: &Extra{Cards: []string{"sabotage"}, NewDeck: []string{"a", "b"}}}
	kept := Event{Kind: EvSecretKept, Seat: 2, Card: "become_a_martyr", Extra: &Extra{NewDeck: []string{"x"}}}
	note := Event{Kind: EvNoteGiven, Seat: 0, Owner: 3, Card: "sol:ceasefire"}
	scored := Event{Kind: EvScored, Seat: 2, Card: "become_a_martyr"}
	tests := []struct {
		name  string
		e     Event
		seat  int
		cards bool
	}{
		{"the drawer", drawn, 1, true}, {"another seat", drawn, 0, false}, {"the public", drawn, Referee, false},
		{"the keeper", kept, 2, true}, {"not the keeper", kept, 1, false},
		{"the giver", note, 0, true}, {"the receiver", note, 3, true}, {"a third seat", note, 1, false},
		{"a scored secret is public", scored, 0, true},
	}
	for _, tc := range tests {
		got := tc.e.For(tc.seat)
		if got.Extra != nil && len(got.Extra.NewDeck) > 0 {
			t.Errorf("%s: a deck's order shown", tc.name)
		}
		has := got.Card != "" || (got.Extra != nil && len(got.Extra.Cards) > 0)
		if has != tc.cards {
			t.Errorf("%s: cards shown %v, want %v (%s)", tc.name, has, tc.cards, got)
		}
	}
	if len(drawn.Extra.NewDeck) != 2 || len(drawn.Extra.Cards) != 1 || kept.Card == "" {
		t.Fatal("For changed the event it was given")
	}
}
