package server

import (
	"testing"

	"github.com/mecatol/mecatol/internal/ti4"
)

// The dice of an action are kept for the combat panel, the newest last and
// at most maxDice; a combat event without its rarer fields has no dice
// list but keeps its faces; a roll's card is never kept.
func TestDiceNotes(t *testing.T) {
	l := &live{seq: 7}
	l.noteDice(ti4.Rolls([]ti4.Event{
		{Kind: "combat", Combat: &ti4.Combat{Kind: "ground", System: 9, Round: 2}, Rolls: []int{3, 9}},
		{Kind: "dice", Seat: 2, Card: "hidden_agenda", Rolls: []int{4}},
		{Kind: "quiet"},
	}))
	if len(l.dice) != 2 || l.dice[0].Seat != ti4.Referee || l.dice[1].Seat != 2 || l.dice[0].Combat != "ground" || l.dice[0].System != 9 || l.dice[0].Round != 2 || len(l.dice[0].Faces) != 2 || l.dice[0].Seq != 7 {
		t.Fatalf("notes: %+v", l.dice)
	}
	kept := l.dice
	for i := 0; i < maxDice+5; i++ {
		l.noteDice(ti4.Rolls([]ti4.Event{{Kind: "dice", Rolls: []int{i % 10}}}))
	}
	if len(l.dice) != maxDice || l.dice[maxDice-1].Faces[0] != (maxDice+4)%10 {
		t.Fatalf("%d notes kept, last %v", len(l.dice), l.dice[len(l.dice)-1])
	}
	if len(kept) != 2 || kept[0].Combat != "ground" {
		t.Fatal("a view's dice changed after it was built")
	}
}
