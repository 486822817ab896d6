package ti4

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// No seat's view holds another seat's hand, unscored secrets or secrets
// being chosen, any face-down deck's order, or the RNG; checked after every
// action of random games.
func TestViewsHideWhatTheyMust(t *testing.T) {
	for seed := uint64(0); seed < 4; seed++ {
		g, err := NewGame(Config{Players: 4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRNG(seed)
		for step := 0; step < 250 && g.State().Phase != PhaseOver; step++ {
			s := g.State()
			for _, viewer := range append(s.Active(), Referee) {
				v, err := ViewFor(s, viewer)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := json.Marshal(v)
				text := string(b)
				if strings.Contains(text, `"rng"`) {
					t.Fatal("the RNG leaked into a view")
				}
				for _, p := range s.Players {
					if p.Seat == viewer {
						continue
					}
					for _, list := range [][]string{p.ActionCards, p.Secrets, p.SecretChoice} {
						for _, card := range list {
							if strings.Contains(text, `"`+card+`"`) && !visibleElsewhere(s, card, viewer) {
								t.Fatalf("seed %d: seat %d sees seat %d's hidden card %s", seed, viewer, p.Seat, card)
							}
						}
					}
				}
				for _, deck := range [][]string{s.Decks.ActionCards, s.Decks.Secrets, s.Decks.Agendas} {
					if len(deck) > 0 && strings.Contains(text, `"`+deck[0]+`"`) && !visibleElsewhere(s, deck[0], viewer) {
						t.Fatalf("the top of a face-down deck (%s) is visible", deck[0])
					}
				}
			}
			var all []Action
			for _, q := range s.Active() {
				all = append(all, Legal(s, engine.NewRNG(0), q)...)
			}
			if _, err := g.Do(all[r.IntN(len(all))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// visibleElsewhere reports a card id that the viewer may see anyway: face
// up somewhere (a discard pile, a scored secret, a revealed objective), or
// another copy in the viewer's own hand.
func visibleElsewhere(s *State, card string, viewer int) bool {
	if p := s.Player(viewer); p != nil {
		for _, l := range [][]string{p.ActionCards, p.Secrets, p.SecretChoice} {
			for _, c := range l {
				if c == card {
					return true
				}
			}
		}
	}
	for _, l := range [][]string{s.Decks.ActionDiscard, s.Decks.AgendaDiscard, s.Decks.Revealed} {
		for _, c := range l {
			if c == card {
				return true
			}
		}
	}
	for _, p := range s.Players {
		for _, c := range p.ScoredSecrets {
			if c == card {
				return true
			}
		}
	}
	if pa := s.PendingAC; pa != nil && pa.Act.Card == card { // played, another copy may still be in a hand
		return true
	}
	if t := s.Trade; t != nil && (t.Seats[0] == viewer || t.Seats[1] == viewer) { // offered to the viewer, or by them
		for _, b := range t.Give {
			if slices.Contains(b.ActionCards, card) {
				return true
			}
		}
	}
	return false
}

func TestViewKeepsOwnHand(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) { s.Players[1].ActionCards = []string{"sabotage"} })
	v, _ := ViewFor(g.State(), 1)
	if len(v.State.Players[1].ActionCards) != 1 || len(v.State.Players[1].SecretChoice) != 2 {
		t.Fatal("a seat sees its own hand")
	}
	w, _ := ViewFor(g.State(), 0)
	if w.State.Players[1].ActionCards != nil || w.Hidden.ActionCards[1] != 1 || w.Hidden.Decks["action_cards"] == 0 ||
		w.State.Players[1].Promissory != nil || w.Hidden.Promissory[1] != 6 {
		t.Fatal("others see only counts")
	}
}

// A clone is the same state, byte for byte, and shares nothing mutable.
func TestCloneIsDeep(t *testing.T) {
	raw, _ := os.ReadFile(sixPlayerScript)
	sc, _ := DecodeScenario(raw)
	g, err := sc.Run()
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	a, _ := json.Marshal(s)
	c := s.Clone()
	b, _ := json.Marshal(c)
	if string(a) != string(b) {
		t.Fatal("the clone differs")
	}
	c.Players[0].Techs = append(c.Players[0].Techs[:0], "x")
	c.Systems[0].Planets[0].Controller = 5
	c.Decks.Exploration["cultural"][0] = "y"
	if after, _ := json.Marshal(s); string(after) != string(a) {
		t.Fatal("changing the clone changed the original")
	}
}

// Along random games, a clone shares no slice, map or pointer reachable
// through exported fields with the original: views and broadcasts hold
// clones while the game moves on (a shared one is a data race).
func TestCloneSharesNothing(t *testing.T) {
	checkedStates := 0
	randomPlay(t, 4, 3, 2500, func(s *State, seed uint64, i int) {
		if s.Combat != nil || s.Phase == PhaseStrategy || i%5 == 0 { // combats and choices change most
			checkedStates++
			if path := shared(reflect.ValueOf(s), reflect.ValueOf(s.Clone()), "state"); path != "" {
				t.Fatalf("seed %d, action %d: %s is shared by the clone", seed, i, path)
			}
		}
	})
	if checkedStates < 100 {
		t.Fatalf("only %d states checked", checkedStates)
	}
}

// shared returns the path of the first slice, map or pointer that a and b
// share, following exported fields only (unexported ones are read-only
// indexes), or "". Actions are values whose pointers are never written
// through (ip shares them), so they are not followed.
func shared(a, b reflect.Value, path string) string {
	if a.Type() == reflect.TypeFor[Action]() {
		return ""
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		return shared(a.Elem(), b.Elem(), path)
	case reflect.Slice:
		if a.Len() > 0 && a.Pointer() == b.Pointer() {
			return path
		}
		for i := range min(a.Len(), b.Len()) {
			if p := shared(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	case reflect.Map:
		if a.Len() > 0 && a.Pointer() == b.Pointer() {
			return path
		}
		for _, k := range a.MapKeys() {
			if bv := b.MapIndex(k); bv.IsValid() {
				if p := shared(a.MapIndex(k), bv, fmt.Sprintf("%s[%v]", path, k)); p != "" {
					return p
				}
			}
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if f := a.Type().Field(i); f.IsExported() {
				if p := shared(a.Field(i), b.Field(i), path+"."+f.Name); p != "" {
					return p
				}
			}
		}
	}
	return ""
}
