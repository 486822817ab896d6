package ge

import (
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// table is a two-player game set up by hand: seat 0 plays Basic Deck A,
// seat 1 Basic Deck B, seat 0 is in the given phase of complete turn 3
// (past the turn 1 and 2 limits), both hands empty.
type table struct {
	t   *testing.T
	s   *State
	rng engine.RNG
}

func newTable(t *testing.T) *table {
	t.Helper()
	rng := engine.NewRNG(1)
	s, err := NewState(Config{Decks: []string{"basic_a", "basic_b"}}, &rng)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.Players {
		p.Chosen = true
	}
	s.Turn, s.Step, s.Phase, s.Active = 3, 5, PhasePlayA, 0
	s.Players[0].Turns, s.Players[1].Turns = 3, 2
	return &table{t: t, s: s, rng: rng}
}

// card finds the first instance of id in seat's deck.
func (tb *table) card(seat int, id string) int {
	tb.t.Helper()
	for _, i := range tb.s.Players[seat].Draw {
		if tb.s.Cards[i].Def == id {
			return i
		}
	}
	tb.t.Fatalf("no %s left in seat %d's deck", id, seat)
	return -1
}

// hand moves a card of id from seat's deck to its hand.
func (tb *table) hand(seat int, id string) int {
	i := tb.card(seat, id)
	p := tb.s.Players[seat]
	p.Draw.Remove(i)
	p.Hand.Push(i)
	tb.s.Cards[i].Zone = InHand
	return i
}

// place puts a card of id into play on host (-1: alone), engaged.
func (tb *table) place(seat int, id string, host int) int {
	i := tb.card(seat, id)
	tb.s.Players[seat].Draw.Remove(i)
	tb.s.enter(seat, i, host, 0)
	c := tb.s.Cards[i]
	c.Engaged, c.Paid, c.Played = true, true, tb.s.Step-2
	return i
}

func (tb *table) decide(a Action) error {
	_, err := Rules{}.Decide(tb.s, a, &tb.rng)
	return err
}

// do applies an action that must be accepted, then its follow-ups.
func (tb *table) do(a Action) {
	tb.t.Helper()
	events, err := Rules{}.Decide(tb.s, a, &tb.rng)
	if err != nil {
		tb.t.Fatalf("%+v refused: %v", a, err)
	}
	for len(events) > 0 {
		for _, e := range events {
			Rules{}.Apply(tb.s, e)
		}
		events = Rules{}.Follow(tb.s, &tb.rng)
	}
	if err := Check(tb.s); err != nil {
		tb.t.Fatalf("after %+v: %v", a, err)
	}
}

// refuse checks that an action is refused citing rule.
func (tb *table) refuse(a Action, rule string) {
	tb.t.Helper()
	err := tb.decide(a)
	if err == nil {
		tb.t.Fatalf("%+v accepted, want a refusal under %s", a, rule)
	}
	if got := engine.RuleOf(err); got != rule {
		tb.t.Fatalf("%+v refused under %q (%v), want %s", a, got, err, rule)
	}
}

// play is seat's action of playing card on target.
func play(seat, card, target int) Action {
	return Action{Kind: KindPlay, Seat: seat, Card: card, Target: target}
}

// fire is a volley by the whole weapons of the firers.
func (tb *table) fire(seat, target int, firers ...int) Action {
	a := Action{Kind: KindFire, Seat: seat, Card: -1, Target: target}
	for _, f := range firers {
		a.Firers = append(a.Firers, Firer{Card: f, Phasers: tb.s.firePhasers(f), Heavy: tb.s.armed(f)})
	}
	return a
}

// answer has every asked seat pass.
func (tb *table) passAll() {
	for tb.s.Pending != nil {
		tb.do(Action{Kind: KindPass, Seat: tb.s.Pending.Asked[0], Card: -1, Target: -1})
	}
}

func (tb *table) phase(p string) { tb.s.Phase = p }
