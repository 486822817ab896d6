// Tests of how the module keeps things small and quick without changing
// what they mean: the event scratch, rare fields behind one pointer, and
// the unit cards kept per seat.

package ti4

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Slices handed out by emit and extend during one Decide or Follow never
// overlap: growing one leaves every other as it was.
func TestScratchRegionsStayIntact(t *testing.T) {
	s := &State{}
	ev := func(n int) Event { return Event{Kind: EvUnitsPlaced, Count: n} }
	a := s.emit(ev(1), ev(2))
	b := s.emit(ev(3))
	a = s.extend(a, ev(4)) // a is not last: copied to the end
	b2 := append(b, ev(5)) // a plain append must not write into a's copy
	c := s.extend(nil, ev(6))
	c = s.extend(c, ev(7)) // c is last: grows in place
	d := s.emit(ev(8))
	d = s.extend(d, s.emit(ev(9), ev(10))...) // side by side: joined without a copy
	joined := len(s.scratch)
	for i := 0; i < 100; i++ {
		s.emit(ev(100 + i)) // the scratch reallocates
	}
	for _, tc := range []struct {
		name string
		got  []Event
		want []int
	}{
		{"a", a, []int{1, 2, 4}},
		{"b", b, []int{3}},
		{"b2", b2, []int{3, 5}},
		{"c", c, []int{6, 7}},
		{"d", d, []int{8, 9, 10}},
	} {
		if len(tc.got) != len(tc.want) {
			t.Fatalf("%s has %d events, want %d", tc.name, len(tc.got), len(tc.want))
		}
		for i, e := range tc.got {
			if e.Count != tc.want[i] {
				t.Errorf("%s[%d] = %d, want %d", tc.name, i, e.Count, tc.want[i])
			}
		}
	}
	if joined != 11 {
		t.Errorf("joining side-by-side regions copied them: %d events in the scratch, want 11", joined)
	}
	if got := s.extend(a, nil...); len(got) != 3 {
		t.Errorf("extending by nothing changed the length to %d", len(got))
	}
}

// A legality check inside a follow-up (automatic passing) does not
// overwrite the events the follow-up has already decided.
func TestScratchSurvivesALegalityCheck(t *testing.T) {
	g, err := NewGame(Config{Players: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	s.scratch = make([]Event, 0, 64) // room: later events would land on the same memory
	kept := s.emit(Event{Kind: EvTurnEnded, Seat: 1})
	if len(AppendLegal(nil, s, engine.NewRNG(1), s.Speaker)) == 0 {
		t.Fatal("no legal action to check")
	}
	if len(kept) != 1 || kept[0].Kind != EvTurnEnded || kept[0].Seat != 1 {
		t.Fatalf("the kept events changed: %v", kept)
	}
}

// An event's rare fields encode beside the common ones, as one flat object,
// and decode back; an event without them reads them as empty.
func TestEventRareFieldsEncodeFlat(t *testing.T) {
	e := Event{Kind: EvCardsDrawn, Seat: 2, Deck: "action", Extra: &Extra{Cards: []string{"sabotage"}, From: 1}}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"kind":"cards_drawn","seat":2,"deck":"action","from":1,"cards":["sabotage"]}`; string(b) != want {
		t.Fatalf("encoded %s, want %s", b, want)
	}
	var back Event
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.extra().From != 1 || len(back.extra().Cards) != 1 || back.extra().Cards[0] != "sabotage" {
		t.Fatalf("decoded %+v", back.extra())
	}
	var plain Event
	if err := json.Unmarshal([]byte(`{"kind":"passed","seat":1}`), &plain); err != nil {
		t.Fatal(err)
	}
	if plain.Extra != nil || plain.extra().Cards != nil || plain.extra().Act != nil {
		t.Fatalf("an event without rare fields decoded with %+v", plain.Extra)
	}
	plain.more().Speaker = 3
	if plain.extra().Speaker != 3 || noExtra.Speaker != 0 {
		t.Fatal("writing a rare field must add it to the event, not to the shared empty one")
	}
}

// Copies of an action share its rare fields, so aiming one copy at a
// player must not aim the others (the legal list offers one per player).
func TestActionCopiesKeepTheirOwnPlayer(t *testing.T) {
	a := Action{Kind: ActPlayAC, Card: "signal_jamming", ActionExtra: &ActionExtra{Units: []UnitRef{{System: 1, Unit: "carrier"}}}}
	b, c := a.forPlayer(2), a.forPlayer(3)
	if a.Player != nil || *b.Player != 2 || *c.Player != 3 {
		t.Fatalf("players %v %v %v", a.Player, *b.Player, *c.Player)
	}
	if len(b.Units) != 1 || b.Units[0].Unit != "carrier" {
		t.Fatalf("the other rare fields were lost: %+v", b.ActionExtra)
	}
	var plain Action
	if plain.extra().Player != nil || plain.ActionExtra != nil {
		t.Fatal("an action without rare fields reads them as empty")
	}
	b, err := DecodeAction([]byte(`{"kind":"capture","seat":-1,"player":1,"owner":2,"system":3,"unit":"infantry"}`))
	if err != nil || *b.Player != 1 || *b.Owner != 2 || *b.System != 3 {
		t.Fatalf("decoded %+v, %v", b, err)
	}
	if _, err := DecodeAction([]byte(`{"kind":"capture","seat":-1,"players":1}`)); err == nil {
		t.Fatal("an unknown field next to the rare ones is still refused")
	}
}

// The unit cards kept per seat are the catalog's, for every faction and
// unit type, and follow a seat whose faction is not the one they were
// found for.
func TestBaseUnitsAreTheCatalogs(t *testing.T) {
	for i, u := range UnitTypes {
		if unitIndex(u) != i {
			t.Fatalf("unitIndex(%s) = %d, want %d", u, unitIndex(u), i)
		}
	}
	if unitIndex("spy") != -1 {
		t.Fatal("an unknown unit type has no index")
	}
	c := data.MustLoad()
	s := &State{}
	p := &Player{Seat: 2}
	for _, f := range c.Factions {
		p.Faction = f.ID
		for _, u := range append(slices.Clone(UnitTypes), "spy") {
			if got, want := s.baseUnit(p, u), c.UnitFor(f.ID, u, false); got != want {
				t.Fatalf("%s %s: got %v, want %v", f.ID, u, got, want)
			}
		}
	}
}
