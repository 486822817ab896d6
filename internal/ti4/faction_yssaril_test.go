package ti4

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// Yssaril, Crafty (2.8): no hand limit; another faction discards past 7.
func TestFaction_Yssaril_Crafty(t *testing.T) {
	cards := []string{"sabotage", "sabotage", "direct_hit", "direct_hit", "skilled_retreat", "skilled_retreat", "morale_boost", "morale_boost", "flank_speed"}
	g := factionGame(t, []string{"yssaril", "sol", "hacan"}, nil)
	s := g.State()
	s.Players[0].ActionCards, s.Players[1].ActionCards = slices.Clone(cards), slices.Clone(cards)
	if s.handLimitOf(0) < len(cards) || s.handLimitOf(1) != HandLimit {
		t.Fatalf("limits %d and %d", s.handLimitOf(0), s.handLimitOf(1))
	}
	ev := handFollowUps(s)
	if len(ev) == 0 || ev[0].Step == nil || ev[0].Step.Seat != 1 {
		t.Fatalf("Sol discards, the Yssaril do not: %+v", ev)
	}
}

// Yssaril, Stall Tactics: a component action discarding an action card.
func TestFaction_Yssaril_StallTactics(t *testing.T) {
	g := factionGame(t, []string{"yssaril", "sol", "hacan"}, giveAC(0, "sabotage"))
	if _, err := g.Do(use(0, "yssaril:stall_tactics", Action{Outcome: "direct_hit"})); err == nil {
		t.Fatal("a card not in hand is refused")
	}
	do(t, g, use(0, "yssaril:stall_tactics", Action{Outcome: "sabotage"}))
	if slices.Contains(g.State().Players[0].ActionCards, "sabotage") || g.State().Turn == 0 {
		t.Fatal("the card is discarded, and the turn ends")
	}
}

// Yssaril Tribes, Scheming (81.3, 2): whenever the Yssaril draw action
// cards they draw one more, then discard one of their hand before the game
// goes on; another faction draws as told.
func TestFaction_Yssaril_Scheming(t *testing.T) {
	g := factionGame(t, []string{"yssaril", "sol", "hacan"}, nil)
	passActionPhase(t, g)
	before := [3]int{}
	for i, p := range g.State().Players {
		before[i] = len(p.ActionCards)
	}
	skipScoring(t, g) // the status phase draws (81.3)
	s := g.State()
	st := s.Step
	if st == nil || st.Kind != StepDrawDiscard || st.Seat != 0 {
		t.Fatalf("step %+v: the Yssaril discard first", st)
	}
	hand := s.Players[0].ActionCards
	gainY, gainS := len(hand)-before[0], len(s.Players[1].ActionCards)-before[1]
	if gainY != gainS+1 { // both start with Neural Motivator
		t.Fatalf("drawn %d by the Yssaril, %d by Sol: one more for the Yssaril", gainY, gainS)
	}
	var offered []string
	for _, a := range Legal(s, engineRNG(), 0) {
		if a.Kind == ActDiscardAC {
			offered = append(offered, a.Card)
		}
	}
	if len(offered) != len(hand) {
		t.Fatalf("offered %v: any card of the hand %v", offered, hand)
	}
	refuse(t, g, Action{Kind: ActDiscardAC, Seat: 1, Card: s.Players[1].ActionCards[0]}, "2.4")
	card := hand[0]
	do(t, g, Action{Kind: ActDiscardAC, Seat: 0, Card: card})
	s = g.State()
	if len(s.Players[0].ActionCards) != before[0]+gainS || !slices.Contains(s.Decks.ActionDiscard, card) || (s.Step != nil && s.Step.Kind == StepDrawDiscard) {
		t.Fatalf("hand %d, discard %v, step %+v", len(s.Players[0].ActionCards), s.Decks.ActionDiscard, s.Step)
	}
}

// Yssaril, Spy Net (69.1, 2.5): at the start of its holder's turn they
// look at the Yssaril's hand, which no one else sees in the view or the
// events, and must take one of its cards; the note goes back.
func TestFaction_Yssaril_SpyNet(t *testing.T) {
	const note = "yssaril:spy_net"
	g := factionGame(t, []string{"sol", "yssaril", "hacan"}, func(s *State) {
		giveNote(note, 0)(s)
		giveAC(1, "sabotage", "parley")(s)
	})
	ev := do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
	st := g.State().Step
	if st == nil || st.Kind != StepNoteWindow || !slices.Contains(st.Cards, "parley") {
		t.Fatalf("step %+v: the holder sees the hand", st)
	}
	for _, seat := range []int{1, 2, Referee} {
		v, _ := ViewFor(g.State(), seat)
		for _, e := range ev {
			if e.Step != nil && slices.Contains(e.For(seat).Step.Cards, "parley") {
				t.Fatalf("seat %d sees the hand in the events", seat)
			}
		}
		if slices.Contains(v.State.Step.Cards, "parley") {
			t.Fatalf("seat %d sees the hand in the view", seat)
		}
	}
	refuse(t, g, act(ActDone, 0), "69.1") // a card must be taken
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Outcome: "bribery"}, "69.1")
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Outcome: "parley"})
	s := g.State()
	if !slices.Contains(s.Players[0].ActionCards, "parley") || slices.Contains(s.Players[1].ActionCards, "parley") || !slices.Contains(s.Players[1].Promissory, note) {
		t.Fatal("Parley taken from the Yssaril; the note back")
	}
	if s.Turn != 0 {
		t.Fatal("the holder's turn goes on")
	}
}

// Yssaril, Transparasteel Plating (3.3): in the Yssaril's turn a player
// who has passed plays no action card (Sabotage against the Yssaril's
// card); one who has not, or without the technology, does.
func TestFactionTech_TransparasteelPlating(t *testing.T) {
	for _, tc := range []struct{ tech, passed, silent bool }{{true, true, true}, {true, false, false}, {false, true, false}} {
		g := factionGame(t, []string{"yssaril", "sol", "hacan"}, func(s *State) {
			if tc.tech {
				s.Players[0].Techs = append(s.Players[0].Techs, "transparasteel_plating")
			}
			s.Players[0].TradeGoods = 4
			giveAC(0, "focused_research")(s)
			giveAC(1, "sabotage")(s)
		})
		do(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "focused_research", Outcome: "sarween_tools"})
		s := g.State().Clone()
		s.Players[1].Passed = tc.passed // as if Sol had passed earlier in the phase
		err := (Rules{}).Check(s, Action{Kind: ActPlayAC, Seat: 1, Card: "sabotage"})
		if (engine.RuleOf(err) == "3.3") != tc.silent || (!tc.silent && err != nil) {
			t.Fatalf("%+v: %v", tc, err)
		}
	}
}

// Yssaril, Mageon Implants (2.5): a component action, exhausting it: the
// Yssaril look at another player's hand, which the view and the events
// hide from everyone else, and take one of its cards.
func TestFactionTech_MageonImplants(t *testing.T) {
	g := factionGame(t, []string{"yssaril", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "mageon_implants")
		giveAC(1, "parley", "sabotage")(s)
	})
	ev := do(t, g, use(0, "mageon_implants", Action{ActionExtra: &ActionExtra{Player: ip(1)}}))
	if st := g.State().Step; st == nil || st.Kind != StepLookHand || !slices.Contains(st.Cards, "parley") {
		t.Fatalf("step %+v: the Yssaril see Sol's hand", st)
	}
	for _, seat := range []int{1, 2, Referee} {
		v, _ := ViewFor(g.State(), seat)
		if slices.Contains(v.State.Step.Cards, "parley") {
			t.Fatalf("seat %d sees the hand in the view", seat)
		}
		for _, e := range ev {
			if e.Step != nil && slices.Contains(e.For(seat).Step.Cards, "parley") {
				t.Fatalf("seat %d sees the hand in the events", seat)
			}
		}
	}
	refuse(t, g, Action{Kind: ActTakeCard, Seat: 0, Card: "bribery"}, "2.7")
	do(t, g, Action{Kind: ActTakeCard, Seat: 0, Card: "parley"})
	if s := g.State(); !slices.Contains(s.Players[0].ActionCards, "parley") || slices.Contains(s.Players[1].ActionCards, "parley") {
		t.Fatal("Parley taken")
	}
}

// Yssaril, Y'sia Y'ssrila (58.4b): the flagship moves through systems with
// other players' ships; the Yssaril's other ships do not.
func TestFactionUnit_YsiaYssrila(t *testing.T) {
	g := factionGame(t, []string{"yssaril", "sol", "hacan"}, nil)
	s := g.State().Clone()
	const from = 22
	to := None
	for _, sys := range s.Systems {
		if sys.Pos != from && !s.Adjacent(from, sys.Pos) && s.reach(0, from, sys.Pos, 2) >= 0 && len(sys.Space) == 0 {
			to = sys.Pos
			break
		}
	}
	if to == None {
		t.Fatal("no system two moves away")
	}
	for _, q := range s.galaxy.Neighbors(from, s.Wormholes) {
		if q != to {
			s.System(q).Space = append(s.System(q).Space, Stack{Owner: 1, Unit: "destroyer", Count: 1})
		}
	}
	if s.reach(0, from, to, 2) >= 0 || s.reachOf(0, "carrier", from, to, 2) >= 0 {
		t.Fatal("Sol's ships block the way")
	}
	if s.reachOf(0, "flagship", from, to, 2) < 0 {
		t.Fatal("Y'sia Y'ssrila passes them")
	}
}

// Yssaril, Blackshade Infiltrator (30, 55.3): after Stall Tactics, a mech
// on a planet the Yssaril control; not on another's.
func TestFactionUnit_BlackshadeInfiltrator(t *testing.T) {
	g := factionGame(t, []string{"yssaril", "sol", "hacan"}, giveAC(0, "sabotage"))
	home := g.State().System(g.State().Players[0].Home).Planets[0].Name
	refuse(t, g, use(0, "yssaril:stall_tactics", Action{Outcome: "sabotage", Planet: "Jord"}), "30.1")
	do(t, g, use(0, "yssaril:stall_tactics", Action{Outcome: "sabotage", Planet: home}))
	if count(planet(t, g, home).Units, 0, "mech") != 1 || slices.Contains(g.State().Players[0].ActionCards, "sabotage") {
		t.Fatal("the card discarded and a mech placed at home")
	}
}

// The Yssaril, So Ata (commander): unlocked, after Sol activates a system
// with a Yssaril destroyer, the Yssaril look at Sol's promissory notes:
// their view shows them, a third player's does not, nor does the public
// event; then they are done. Locked, no window.
func TestFaction_Yssaril_SoAta(t *testing.T) {
	for _, state := range []string{Locked, Unlocked} {
		g := factionGame(t, []string{"sol", "yssaril", "hacan"}, func(s *State) {
			s.Players[1].Commander = state
			s.System(9).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
		})
		activated(t, g, 0, 9)
		st := g.State().Step
		if open := st != nil && st.Card == "yssaril:so_ata" && st.Seat == 1; open != (state == Unlocked) {
			t.Fatalf("commander %s: window %v (step %+v)", state, open, st)
		}
		if state == Locked {
			continue
		}
		notes := slices.Clone(g.State().Players[0].Promissory)
		ev := do(t, g, use(1, "yssaril:so_ata", Action{Outcome: "promissory"}))
		if v, _ := ViewFor(g.State(), 1); v.State.Step == nil || !slices.Equal(v.State.Step.Cards, notes) {
			t.Fatalf("the Yssaril's view: %+v, want %v", v.State.Step, notes)
		}
		if v, _ := ViewFor(g.State(), 2); v.State.Step == nil || slices.Contains(v.State.Step.Cards, notes[0]) {
			t.Fatalf("the Hacan's view shows %+v", v.State.Step)
		}
		looks := 0
		for _, e := range ev {
			if e.Kind == EvChoiceQueued && e.Step.Kind == StepLook {
				looks++
				if !e.Reveals() || slices.Contains(e.For(2).Step.Cards, notes[0]) || !slices.Equal(e.For(1).Step.Cards, notes) {
					t.Fatalf("the event %+v: shown to its seat only, and marked as revealing", e.For(2))
				}
			}
		}
		if looks != 1 {
			t.Fatalf("%d look steps queued", looks)
		}
		do(t, g, act(ActDone, 1))
		if st := g.State().Step; st != nil && st.Kind == StepLook {
			t.Fatal("done looking")
		}
	}
}

// The Yssaril, Kyver, Blade and Key (hero, 51.12): each other player with
// action cards shows one of their choice; the Yssaril take it, or have
// that player discard 3 at random. The card shown is seen by the two alone.
func TestFaction_Yssaril_Kyver(t *testing.T) {
	const hero = "yssaril:kyver_blade_and_key"
	g := factionGame(t, []string{"yssaril", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		giveAC(1, "sabotage", "parley")(s)
		giveAC(2, "salvage", "lucky_shot", "shields_holding", "skilled_retreat")(s)
	})
	do(t, g, use(0, hero, Action{}))
	if g.State().Players[0].Hero != Purged {
		t.Fatal("purged")
	}
	refuse(t, g, use(1, hero, Action{Outcome: "salvage"}), "51.10") // not in Sol's hand
	refuse(t, g, use(2, hero, Action{Outcome: "salvage"}), "1.3")   // not the Hacan's window yet
	do(t, g, use(1, hero, Action{Outcome: "sabotage"}))
	hidden := func(s *State) {
		t.Helper()
		for _, viewer := range []int{2, Referee} {
			v, _ := ViewFor(s, viewer)
			if b, _ := json.Marshal(v); strings.Contains(string(b), `"sabotage"`) {
				t.Fatalf("seat %d sees the card shown to the Yssaril", viewer)
			}
		}
	}
	hidden(g.State()) // the Yssaril's window queued
	do(t, g, use(2, hero, Action{Outcome: "salvage"}))
	s := g.State()
	if st := s.Step; st == nil || st.Seat != 0 || !slices.Equal(st.Cards, []string{"sabotage"}) {
		t.Fatalf("the Yssaril decide on Sabotage: %+v", st)
	}
	hidden(s) // and open
	refuse(t, g, use(0, hero, Action{Outcome: "keep"}), "51.10")
	do(t, g, use(0, hero, Action{Outcome: "take"}))
	do(t, g, use(0, hero, Action{Outcome: "discard"}))
	s = g.State()
	if !slices.Contains(s.Players[0].ActionCards, "sabotage") || slices.Contains(s.Players[1].ActionCards, "sabotage") {
		t.Fatal("the Yssaril took Sabotage")
	}
	if len(s.Players[2].ActionCards) != 1 || len(s.Decks.ActionDiscard) != kyverDiscards {
		t.Fatalf("the Hacan discarded 3 at random: %v left", s.Players[2].ActionCards)
	}
}

// Kyver: a card shown and then played before the Yssaril decide (Reverse
// Engineer, when another player discards) cannot be taken; the 3 random
// discards remain. Found by the soak.
func TestFaction_Yssaril_KyverCardGone(t *testing.T) {
	const hero = "yssaril:kyver_blade_and_key"
	g := factionGame(t, []string{"yssaril", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		giveAC(1, "sabotage", "parley")(s)
	})
	do(t, g, use(0, hero, Action{}))
	do(t, g, use(1, hero, Action{Outcome: "sabotage"}))
	s := g.State().Clone()
	s.Players[1].ActionCards = []string{"parley"} // as if played since
	if got := kyverAnswers(s, 0, s.Step); !slices.Equal(got, []Action{{Outcome: "discard"}}) {
		t.Fatalf("only the discards are left: %v", got)
	}
	if _, err := kyverAnswer(s, use(0, hero, Action{Outcome: "take"}), s.Step, nil); engine.RuleOf(err) != "51.10" {
		t.Fatalf("a card no longer in the hand is not taken: %v", err)
	}
}

// The Yssaril, Ssruu (agent): with Hacan's agent exhausted, the Yssaril
// use its copy (2 commodities), exhausting Ssruu, not Hacan's card; the
// copy and every other copy are then refused (34.4); a copy of an agent
// of a faction not in the game is refused (1.3); listed copies are those
// of the other players' agents only.
func TestFaction_Yssaril_Ssruu(t *testing.T) {
	const carth = "yssaril:ssruu/hacan:carth_of_golden_sands"
	g := factionGame(t, []string{"yssaril", "sol", "hacan"}, func(s *State) {
		s.Players[0].Commodities = 0
		s.Players[2].ExhaustedTechs = []string{"hacan:carth_of_golden_sands"}
	})
	s := g.State()
	var copies []string
	for _, a := range Legal(s, engineRNG(), 0) {
		if a.Kind == ActUseAbility && strings.HasPrefix(a.Card, "yssaril:ssruu/") && !slices.Contains(copies, a.Card) {
			copies = append(copies, a.Card)
		}
	}
	if !slices.Contains(copies, carth) || slices.ContainsFunc(copies, func(c string) bool { return !strings.Contains(c, "/hacan:") && !strings.Contains(c, "/sol:") }) {
		t.Fatalf("copies listed %v: Hacan's agent's among them, none but Sol's and Hacan's", copies)
	}
	refuse(t, g, use(0, "yssaril:ssruu/letnev:viscount_unlenn", Action{ActionExtra: &ActionExtra{Player: ip(1)}, Unit: "carrier"}), "1.3")
	do(t, g, use(0, carth, Action{Outcome: "commodities"}))
	p := g.State().Players[0]
	if p.Commodities != 2 || !slices.Contains(p.ExhaustedTechs, "yssaril:ssruu") {
		t.Fatalf("commodities %d, exhausted %v: 2 gained, Ssruu exhausted", p.Commodities, p.ExhaustedTechs)
	}
	refuse(t, g, use(0, carth, Action{Outcome: "commodities"}), "34.4")
	if slices.ContainsFunc(Legal(g.State(), engineRNG(), 0), func(a Action) bool { return strings.HasPrefix(a.Card, "yssaril:ssruu/") }) {
		t.Fatal("a copy listed with Ssruu exhausted")
	}
}

// Ssruu's copy of Jae Mir Kan pays a secondary with the active player's
// token and exhausts Ssruu, not the copy; with Ssruu exhausted, no copy is
// offered.
func TestFaction_Yssaril_SsruuCopyExhaustsSsruu(t *testing.T) {
	const jae = "yssaril:ssruu/mahact:jae_mir_kan"
	g := factionGame(t, []string{"sol", "yssaril", "mahact"}, func(s *State) { s.System(23).Command = []int{0} })
	strategic(t, g, 0, "trade")
	for st := g.State().Step; st != nil && st.Seat == 0; st = g.State().Step {
		do(t, g, act(ActDone, 0))
	}
	if !slices.ContainsFunc(Legal(g.State(), engineRNG(), 1), func(a Action) bool { return a.Card == jae }) {
		t.Fatal("the copy of Jae Mir Kan is not offered for Trade's secondary")
	}
	do(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true, Card: jae, System: ip(23)})
	if p := g.State().Players[1]; !slices.Contains(p.ExhaustedTechs, "yssaril:ssruu") || slices.Contains(p.ExhaustedTechs, jae) {
		t.Fatalf("exhausted %v: Ssruu, not the copy", p.ExhaustedTechs)
	}
}

// Ssruu's copy of Artuno the Betrayer puts trade goods on Ssruu's card:
// the Yssaril gain them when Ssruu readies, by an ability too.
func TestFaction_Yssaril_SsruuArtunoGoods(t *testing.T) {
	cfg := fixtureConfig("yssaril", "nomad", "sol")
	cfg.Rules = RulesCurrent
	s := fixture(t, cfg, nil).State().Clone()
	p := s.Players[0]
	p.CardGoods, p.TradeGoods, p.ExhaustedTechs = 3, 1, []string{"yssaril:ssruu"}
	Rules{}.Apply(s, Event{Kind: EvTechReadied, Seat: 0, Card: "yssaril:ssruu"})
	if p.CardGoods != 0 || p.TradeGoods != 4 {
		t.Fatalf("card %d, trade goods %d: the 3 on Ssruu's card gained", p.CardGoods, p.TradeGoods)
	}
}
