package ge

import (
	"strings"
	"testing"
)

// Tests for what a hostile review found: refusals that named hidden cards,
// a look into a hand undone without consent, R/ cards answering twice,
// and fire rules read too narrowly.

// A refusal names a card only if the seat may see it: answering with, or
// acting on, a card in another hand or in a deck is refused by number.
func TestGE_Refusals_NameNoHiddenCard(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(1, "corporate_frigate", -1)
	mine := tb.place(1, "nuclear_mine", ship)
	secret := tb.hand(0, "argonian_typhoon_heavy_cruiser")
	deck := tb.card(0, "small_moon")
	tb.do(play(0, tb.hand(0, "ion_storm"), ship))
	for _, c := range []int{secret, deck} {
		err := tb.decide(Action{Kind: KindReact, Seat: 1, Card: c, Target: -1})
		if err == nil || strings.Contains(err.Error(), tb.s.def(c).Name) {
			t.Errorf("answering with hidden card %d: %v", c, err)
		}
	}
	tb.passAll()
	tb.s.Active = 1
	for _, c := range []int{secret, deck} {
		err := tb.decide(Action{Kind: KindAct, Seat: 1, Card: mine, Target: c})
		if err == nil || strings.Contains(err.Error(), tb.s.def(c).Name) {
			t.Errorf("acting on hidden card %d: %v", c, err)
		}
	}
}

// Every look into a hand counts for an undo, however many the seat has
// been shown before (the list of cards shown keeps the last 16 only).
func TestGE_Reveals_CountsEveryLook(t *testing.T) {
	tb := newTable(t)
	scout := tb.place(1, "corporate_scout_cruiser", -1)
	tb.hand(0, "moon")
	tb.s.startTurn(1)
	for i := 0; i < maxSeen; i++ {
		tb.s.Players[1].Seen = append(tb.s.Players[1].Seen, 900+i)
	}
	before := hidden(tb.s)
	look := alloc(tb, KindMode, scout, 1)
	look.Player = 1
	tb.do(look)
	if hidden(tb.s) == before || len(tb.s.Players[1].Seen) != maxSeen {
		t.Fatal("the 17th look is not counted")
	}
}

// An R/ card answers as it is played from the hand; in play it answers no
// more (a Crewman does not leap to another crew's aid).
func TestGE_Reactions_RCardsAnswerFromTheHandOnly(t *testing.T) {
	tb := newTable(t)
	crewman := tb.place(1, "crewman", tb.place(1, "corporate_frigate", -1))
	target := tb.place(1, "boarding_party", tb.place(1, "mechad_frigate", -1))
	tb.do(play(0, tb.hand(0, "space_vertigo"), target))
	tb.refuse(Action{Kind: KindReact, Seat: 1, Card: crewman, Target: -1}, "GE-reactions")
}

// Equipment on a ship fires at a Sector HQ with it (GE-weapons-damage).
func TestGE_WeaponsDamage_EquipmentOnAShipFiresAtTheHQ(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	shuttle := tb.place(0, "shuttlecraft_left", ship)
	tb.phase(PhaseFire)
	tb.do(Action{Kind: KindFire, Seat: 0, Target: HQ(1), Firers: []Firer{{Card: ship, Phasers: 4}, {Card: shuttle, Phasers: 1}}})
	tb.passAll()
	if tb.s.Players[1].HQ != 5 {
		t.Fatalf("HQ damage %d, want 4 phasers and the shuttle's 1", tb.s.Players[1].HQ)
	}
}

// A unit's unfired weapons may fire at another target in the same phase
// (GE-4-volley-a): phasers at a ship, then heavy weapons at a terrain; no
// weapon fires twice.
func TestGE_4_UnfiredWeaponsFireAtAnotherTarget(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	tb.s.Cards[ship].Loaded = 2
	enemy := tb.place(1, "corporate_light_cruiser", -1)
	moon := tb.place(1, "ore_moon", -1)
	other := tb.place(1, "corporate_frigate", -1)
	tb.phase(PhaseFire)
	tb.do(Action{Kind: KindFire, Seat: 0, Target: enemy, Firers: []Firer{{Card: ship, Phasers: 3}}})
	tb.passAll()
	tb.do(Action{Kind: KindFire, Seat: 0, Target: moon, Firers: []Firer{{Card: ship, Heavy: 2}}})
	tb.passAll()
	tb.refuse(Action{Kind: KindFire, Seat: 0, Target: other, Firers: []Firer{{Card: ship, Phasers: 2}}}, "GE-4-volley-a")
	tb.do(Action{Kind: KindFire, Seat: 0, Target: other, Firers: []Firer{{Card: ship, Phasers: 1}}})
}

// Armor lost to a Breakdown takes the strength that kept a damaged
// cruiser in play: it is destroyed at once.
func TestGE_RemainInPlay_StrengthLostToAJam(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "krebiz_pincer_destroyer", -1)
	tb.place(0, "krebiz_armor", ship)
	tb.s.Cards[ship].Damage = 3
	tb.s.Active = 1
	tb.do(play(1, tb.hand(1, "breakdown"), ship))
	tb.passAll()
	if tb.s.inPlay(ship) {
		t.Fatal("a destroyer at 3 damage of 3 stays in play")
	}
}
