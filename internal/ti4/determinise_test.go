package ti4

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// determinised checks Determinise on seat's view of s: the state it deals
// obeys every invariant, and the seat's view of it is the seat's view of
// s, byte for byte. It returns the state, or nil when the view hides
// cards in play.
func determinised(t *testing.T, s *State, seat int, rng *engine.RNG) *State {
	t.Helper()
	v, err := ViewFor(s, seat)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Determinise(v, rng)
	if errors.Is(err, ErrUndeterminable) {
		return nil
	}
	if err != nil {
		t.Fatalf("seat %d: %v", seat, err)
	}
	if err := CheckInvariants(d); err != nil {
		t.Fatalf("seat %d: the state dealt breaks an invariant: %v", seat, err)
	}
	again, err := ViewFor(d, seat)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(v)
	got, _ := json.Marshal(again)
	if !bytes.Equal(got, want) {
		t.Fatalf("seat %d: the state dealt looks different from the seat's view:\n got %s\nwant %s", seat, got, want)
	}
	return d
}

// Determinise over random games at every player count: every seat's view,
// every 20 actions, deals a state that obeys the invariants and that the
// seat cannot tell from the game's.
func TestDeterminiseAgreesWithTheView(t *testing.T) {
	rng := engine.NewRNG(7)
	for seed := uint64(0); seed < 6; seed++ {
		g, err := NewGame(Config{Players: 3 + int(seed), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRNG(seed)
		for i := 0; i < 400 && g.State().Phase != PhaseOver; i++ {
			s := g.State()
			if i%20 == 0 {
				for _, q := range s.Active() {
					determinised(t, s, q, &rng)
				}
			}
			var legal []Action
			for _, q := range s.Active() {
				legal = append(legal, Legal(s, engine.NewRNG(0), q)...)
			}
			if len(legal) == 0 {
				t.Fatalf("seed %d: stuck", seed)
			}
			if _, err := g.Do(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// What Determinise deals is a guess: another seat's hand and secrets, and
// the decks' orders, vary between deals, and its own hand never does.
func TestDeterminiseDealsAtRandom(t *testing.T) {
	g := fixture(t, fixtureConfig("sol", "hacan", "jolnar"), func(s *State) {
		s.Players[1].ActionCards = slices.Clone(s.Decks.ActionCards[:5])
		s.Decks.ActionCards = slices.Clone(s.Decks.ActionCards[5:])
	})
	s := g.State()
	rng := engine.NewRNG(1)
	hands, decks := map[string]bool{}, map[string]bool{}
	for range 20 {
		d := determinised(t, s, 0, &rng)
		if !slices.Equal(d.Players[0].ActionCards, s.Players[0].ActionCards) || !slices.Equal(d.Players[0].Secrets, s.Players[0].Secrets) {
			t.Fatal("the seat's own hand was dealt again")
		}
		b, _ := json.Marshal(d.Players[1].ActionCards)
		hands[string(b)] = true
		b, _ = json.Marshal(d.Decks.Exploration["frontier"])
		decks[string(b)] = true
	}
	if len(hands) < 15 || len(decks) < 15 {
		t.Fatalf("20 deals gave %d hands and %d frontier decks: not at random", len(hands), len(decks))
	}
}

// A view that hides or shows a card of a hand in play (Covert
// Legislation's agenda, a hand being looked at, a trade's offer) is not
// dealt: the search falls back on its heuristic.
func TestDeterminiseRefusesCardsHiddenInPlay(t *testing.T) {
	g := fixture(t, fixtureConfig("sol", "hacan", "jolnar"), nil)
	for name, stage := range map[string]func(s *State){
		"agenda": func(s *State) { s.Agenda = &AgendaStep{Card: "covert_legislation", Subject: "hidden", Hidden: true} },
		"step":   func(s *State) { s.Step = &Step{Kind: StepLookHand, Seat: 1, Cards: []string{"hidden"}} },
		"trade":  func(s *State) { s.Trade = &Trade{Seats: [2]int{1, 2}, Give: [2]Bundle{{Note: "hidden"}}} },
		// shown to the seat, yet still in another's hand: not dealt either
		"offer": func(s *State) { s.Trade = &Trade{Seats: [2]int{0, 1}, Give: [2]Bundle{{}, {Note: "hacan:ceasefire"}}} },
		"look": func(s *State) {
			s.Step = &Step{Kind: StepLook, Seat: 0, Card: "yssaril:so_ata", Cards: []string{"sabotage"}, Target: ip(1), Then: "action_cards"}
		},
	} {
		s := g.State().Clone()
		v, _ := SharedView(s, 0)
		stage(v.State)
		if _, err := Determinise(v, new(engine.RNG)); !errors.Is(err, ErrUndeterminable) {
			t.Fatalf("%s: %v, want ErrUndeterminable", name, err)
		}
	}
}

// From rules version 14 the objective Neuraloop discards stays out: no
// deal of the unrevealed objectives takes it again.
func TestDeterminiseKeepsNeuraloopsDiscardOut(t *testing.T) {
	g := factionGame(t, []string{"sol", "hacan", "jolnar"}, nil)
	s := g.State().Clone()
	gone := s.Decks.Revealed[0]
	applyNeuraloop(s, &Event{Kind: EvObjectiveReplaced, Card: gone, Deck: "secret", Extra: &Extra{Cards: []string{s.Decks.Secrets[0]}}})
	if !slices.Contains(s.Decks.Discarded, gone) {
		t.Fatalf("discarded %v: %s is not kept", s.Decks.Discarded, gone)
	}
	rng := engine.NewRNG(4)
	for i := range 30 {
		if d := determinised(t, s, 0, &rng); slices.Contains(d.Decks.StageI, gone) {
			t.Fatalf("deal %d: %s is back among the unrevealed", i, gone)
		}
	}
}
