package ti4

import (
	"github.com/mecatol/mecatol/internal/combat"
	"slices"
	"testing"
)

// The Nomad, Quantum Manipulator (55, 87): in a space combat the mech in
// the space area cancels a hit on the Nomad's ships by sustaining damage;
// it is not destroyed in their place, and once damaged it cancels no more.
func TestFactionUnit_QuantumManipulator(t *testing.T) {
	for seed := uint64(1); seed < 60; seed++ {
		cfg := fixtureConfig("nomad", "sol", "hacan")
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := fixture(t, cfg, func(s *State) {
			s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}, {Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "mech", Count: 1}}
			s.System(23).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 3}}
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 23)
		do(t, g, moveShips(0, 9, "dreadnought", 1))
		do(t, g, moveShips(0, 9, "carrier", 1))
		do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(9), Unit: "mech", Count: 1})
		do(t, g, act(ActEndMovement, 0))
		declineWindows(t, g)
		do(t, g, act(ActNoRetreat, 1))
		do(t, g, act(ActNoRetreat, 0))
		declineWindows(t, g)
		if c := g.State().Combat; c == nil || len(c.Owed) == 0 || c.Owed[0].Seat != 0 {
			continue
		}
		refuse(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "mech"}, "55")
		do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "mech", Use: true})
		sp := g.State().System(23).Space
		for _, st := range sp {
			if st.Owner == 0 && st.Unit == "mech" && st.Damaged != 1 {
				t.Fatalf("space %+v: the mech damaged", sp)
			}
		}
		if count(sp, 0, "carrier") != 1 || count(sp, 0, "dreadnought") != 1 {
			t.Fatalf("space %+v: the hit cancelled, no ship lost", sp)
		}
		if c := g.State().Combat; c != nil && len(c.Owed) > 0 && c.Owed[0].Seat == 0 {
			refuse(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "mech", Use: true}, "78.6") // damaged: no longer among the units the hit may go to
		}
		return
	}
	t.Fatal("no seed hit the Nomad")
}

// The Nomad, Future Sight (8): a trade good when the outcome they voted
// for is resolved; none when the others outvote them.
func TestFaction_Nomad_FutureSight(t *testing.T) {
	for _, outvoted := range []bool{false, true} {
		g := factionAgenda(t, []string{"jolnar", "nomad", "sol"}, []string{"mutiny"}, nil)
		passWindows(t, g)
		do(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For})
		do(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: "Arcturus"})
		do(t, g, act(ActDone, 1))
		tg := g.State().Players[1].TradeGoods
		for _, v := range []struct {
			seat    int
			planets []string
		}{{2, []string{"Jord"}}, {0, []string{"Jol", "Nar"}}} {
			if !outvoted {
				do(t, g, Action{Kind: ActAbstain, Seat: v.seat})
				continue
			}
			do(t, g, Action{Kind: ActVote, Seat: v.seat, Outcome: Against})
			for _, pl := range v.planets {
				do(t, g, Action{Kind: ActSpendPlanet, Seat: v.seat, Planet: pl})
			}
			do(t, g, act(ActDone, v.seat))
		}
		passWindows(t, g)
		if ag := g.State().Agenda; ag != nil && ag.Card == "mutiny" && !ag.Resolved {
			t.Fatalf("agenda %+v: resolved", ag)
		}
		want := tg + btoi(!outvoted)
		if got := g.State().Players[1].TradeGoods; got != want {
			t.Fatalf("outvoted %v: %d trade goods, want %d", outvoted, got, want)
		}
	}
}

// The Nomad, Memoria (6, 58): the flagship moves to a system with a
// Nomad mech as if it were adjacent, however far; without the mech it
// cannot get there; under rules version 6 neither.
func TestFactionUnit_Memoria(t *testing.T) {
	for _, tc := range []struct {
		mech  bool
		rules int
		ok    bool
	}{{true, RulesCurrent, true}, {false, RulesCurrent, false}, {true, RulesMechs, false}} {
		g := factionGame(t, []string{"nomad", "sol", "jolnar"}, func(s *State) {
			s.Options.Rules = tc.rules
			home := s.System(s.Players[0].Home)
			home.Space = slices.DeleteFunc(home.Space, func(st Stack) bool { return st.Unit == "flagship" })
			s.System(12).Space = []Stack{{Owner: 0, Unit: "flagship", Count: 1}}
			if tc.mech {
				s.System(9).Planets[0].Units = append(s.System(9).Planets[0].Units, Stack{Owner: 0, Unit: "mech", Count: 1})
				s.System(9).Planets[0].Controller = 0
			}
		})
		if g.State().reach(0, 12, 9, 1) >= 0 {
			t.Fatal("the fixture: system 9 is more than one move from 12")
		}
		activated(t, g, 0, 9)
		mv := moveShips(0, 12, "flagship", 1)
		if tc.ok {
			do(t, g, mv)
		} else {
			refuse(t, g, mv, "58.4")
		}
	}
}

// The Nomad, Navarch Feng (commander): unlocked, their flagship is
// produced at no cost; locked, it costs its 8 resources, more than they
// can spend here.
func TestFaction_Nomad_NavarchFeng(t *testing.T) {
	for _, state := range []string{Locked, Unlocked} {
		g := factionGame(t, []string{"nomad", "sol", "hacan"}, func(s *State) {
			s.Players[0].Commander, s.Players[0].TradeGoods = state, 0
			home := s.System(s.Players[0].Home)
			home.Space = dropUnit(home.Space, "flagship") // in reinforcements, to be produced
		})
		home := g.State().Players[0].Home
		activated(t, g, 0, home)
		do(t, g, act(ActEndMovement, 0))
		establishControl(t, g, 0)
		produce := Action{Kind: ActProduce, Seat: 0, Unit: "flagship", Count: 1}
		if state == Locked {
			refuse(t, g, produce, "26.1")
			continue
		}
		do(t, g, produce)
		do(t, g, act(ActEndTactical, 0)) // nothing owed
		if count(g.State().System(home).Space, 0, "flagship") != 1 {
			t.Fatal("the flagship produced")
		}
	}
}

// The Nomad, Ahk-Syl Siven (hero, 51.10-51.12): used as an action it is
// in play for the round, and not used again; in play, the flagship moves
// out of a system with the Nomad's command token, carrying an infantry,
// while a destroyer there stays (58.4c); unlocked but not in play, the
// flagship stays too.
func TestFaction_Nomad_AhkSylSiven(t *testing.T) {
	g := factionGame(t, []string{"nomad", "sol", "hacan"}, func(s *State) { s.Players[0].Hero = Unlocked })
	do(t, g, use(0, "nomad:ahk_syl_siven", Action{}))
	if g.State().Players[0].Hero != InPlay {
		t.Fatal("the hero is in play for the round")
	}
	for _, hero := range []string{InPlay, Unlocked} {
		g := factionGame(t, []string{"nomad", "sol", "hacan"}, func(s *State) {
			s.Players[0].Hero = hero
			home := s.System(s.Players[0].Home)
			home.Space = dropUnit(home.Space, "flagship")
			s.System(22).Space = []Stack{{Owner: 0, Unit: "flagship", Count: 1}, {Owner: 0, Unit: "destroyer", Count: 1}, {Owner: 0, Unit: "infantry", Count: 1}}
			s.System(22).Command = []int{0}
		})
		activated(t, g, 0, 9)
		refuse(t, g, moveShips(0, 22, "destroyer", 1), "58.4c")
		if hero == Unlocked {
			refuse(t, g, moveShips(0, 22, "flagship", 1), "58.4c")
			continue
		}
		refuse(t, g, use(0, "nomad:ahk_syl_siven", Action{}), "3.1") // in play already, and a tactical action under way
		do(t, g, moveShips(0, 22, "flagship", 1))
		do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 1})
		do(t, g, act(ActEndMovement, 0))
		if s := g.State(); count(s.System(9).Space, 0, "flagship") != 1 || count(s.System(9).Space, 0, "infantry") != 1 {
			t.Fatalf("system 9: %+v", s.System(9).Space)
		}
	}
}

// The Nomad, Field Marshal Mercer (agent): at the end of Sol's tactical
// action, the Nomad may exhaust it to move 2 of Sol's infantry from Sol's
// home to Arnor, which Sol just took; a planet Sol does not control, or a
// third unit, is refused.
func TestFaction_Nomad_FieldMarshalMercer(t *testing.T) {
	g := mechInvasion(t, []string{"sol", "nomad", "hacan"}, nil, 1)
	do(t, g, act(ActEndTactical, 0))
	declineWindows(t, g)
	st := g.State().Step
	if st == nil || st.Card != "nomad:field_marshal_mercer" || st.Seat != 1 {
		t.Fatalf("step %+v: the Nomad's window at the end of Sol's tactical action", st)
	}
	home := g.State().Players[0].Home
	jord := g.State().System(home).Planets[0].Name
	from := UnitRef{System: home, Planet: jord, Unit: "infantry", To: "Arnor"}
	units := func(refs ...UnitRef) Action { return use(1, st.Card, Action{ActionExtra: &ActionExtra{Units: refs}}) }
	bad := from
	bad.To = "Lor"
	refuse(t, g, units(bad), "51.4")
	refuse(t, g, units(from, from, from), "51.4")
	onArnor, atHome := count(planet(t, g, "Arnor").Units, 0, "infantry"), count(planet(t, g, jord).Units, 0, "infantry")
	do(t, g, units(from, from))
	if count(planet(t, g, "Arnor").Units, 0, "infantry") != onArnor+2 || count(planet(t, g, jord).Units, 0, "infantry") != atHome-2 {
		t.Fatal("two of Sol's infantry moved from home to Arnor")
	}
	if !slices.Contains(g.State().Players[1].ExhaustedTechs, "nomad:field_marshal_mercer") {
		t.Fatal("the agent is exhausted")
	}
}

// The Nomad, The Thundarian (agent): after a space combat round's roll the
// Nomad may exhaust it: no hits from those dice; the round is rolled again,
// as many dice, and not answered again (the agent exhausted).
func TestFaction_Nomad_TheThundarian(t *testing.T) {
	cfg := fixtureConfig("nomad", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := dreadnoughtsAttack(t, cfg, 2, []Stack{{Owner: 1, Unit: "destroyer", Count: 2}}, nil)
	for i := 0; i < 50; i++ {
		c := g.State().Combat
		if c == nil {
			t.Fatal("the combat ended with no window after its roll")
		}
		if a := c.Answer; a != nil && a.Kind == AnswerRolled && a.Seat == 0 {
			break
		}
		fightStep(t, g)
	}
	first := len(g.State().Combat.x().Dice)
	ev := do(t, g, use(0, "nomad:the_thundarian", Action{}))
	again := 0
	for _, e := range ev {
		if e.Kind == EvCombat {
			again += len(e.Rolls)
		}
	}
	c := g.State().Combat
	if again != first || c == nil || (c.Answer != nil && c.Answer.Kind == AnswerRolled) {
		t.Fatalf("%d dice rolled again for %d; combat %+v", again, first, c)
	}
	if !slices.Contains(g.State().Players[0].ExhaustedTechs, "nomad:the_thundarian") {
		t.Fatal("the agent is exhausted")
	}
}

// The Nomad, The Company (51.2): three agents where every other faction
// has one; exhausting one leaves the others usable.
func TestFaction_Nomad_TheCompany(t *testing.T) {
	g := factionGame(t, []string{"nomad", "sol", "hacan"}, nil)
	s := g.State()
	if s.bonusAgents("nomad") != 2 || s.bonusAgents("sol") != 0 {
		t.Fatalf("agents beyond the first: nomad %d, sol %d", s.bonusAgents("nomad"), s.bonusAgents("sol"))
	}
	live := func() []string {
		var ids []string
		for _, a := range s.leaderAbilities(0, nil) {
			if s.usable(0, a, AfterAnyTactical) != nil || s.usable(0, a, AfterRolled) != nil {
				ids = append(ids, a.ID)
			}
		}
		return ids
	}
	if got := live(); !slices.Contains(got, "nomad:field_marshal_mercer") || !slices.Contains(got, "nomad:the_thundarian") {
		t.Fatalf("usable agents %v: Mercer and The Thundarian both", got)
	}
	s.Players[0].ExhaustedTechs = append(s.Players[0].ExhaustedTechs, "nomad:field_marshal_mercer")
	if got := live(); slices.Contains(got, "nomad:field_marshal_mercer") || !slices.Contains(got, "nomad:the_thundarian") {
		t.Fatalf("usable agents %v: Mercer exhausted, The Thundarian still ready", got)
	}
}

// The Nomad, Temporal Command Suite: after the Hacan exhaust Carth of
// Golden Sands, the Nomad exhaust the technology to ready it, and may open
// a transaction with the Hacan (outcome trade) though it is not their
// turn; exhausted, the technology answers no more agents; without it no
// window opens.
func TestFactionTech_TemporalCommandSuite(t *testing.T) {
	for _, trade := range []bool{true, false} {
		g := factionGame(t, []string{"nomad", "hacan", "sol"}, func(s *State) {
			s.Players[0].Techs = append(s.Players[0].Techs, "temporal_command_suite")
			s.Players[1].Commodities = 0
		})
		do(t, g, use(1, "hacan:carth_of_golden_sands", Action{Outcome: "commodities"}))
		st := g.State().Step
		if st == nil || st.Kind != StepAbility || st.Seat != 0 || st.Card != "temporal_command_suite" {
			t.Fatalf("the Nomad's window after the agent: %+v", st)
		}
		outcome := ""
		if trade {
			outcome = "trade"
		}
		do(t, g, use(0, "temporal_command_suite", Action{Outcome: outcome}))
		s := g.State()
		if slices.Contains(s.Players[1].ExhaustedTechs, "hacan:carth_of_golden_sands") || !slices.Contains(s.Players[0].ExhaustedTechs, "temporal_command_suite") {
			t.Fatalf("Carth readied, the suite exhausted: %v / %v", s.Players[1].ExhaustedTechs, s.Players[0].ExhaustedTechs)
		}
		if (s.Trade != nil) != trade || (trade && s.Trade.Seats != [2]int{0, 1}) {
			t.Fatalf("trade %v: transaction %+v", trade, s.Trade)
		}
		if trade {
			do(t, g, act(ActTradeCancel, 0))
		}
		do(t, g, use(1, "hacan:carth_of_golden_sands", Action{ActionExtra: &ActionExtra{Player: ip(2)}}))
		if st := g.State().Step; st != nil && st.Kind == StepAbility {
			t.Fatalf("the suite exhausted: no window, %+v", st)
		}
	}
	g := factionGame(t, []string{"nomad", "hacan", "sol"}, func(s *State) { s.Players[1].Commodities = 0 })
	do(t, g, use(1, "hacan:carth_of_golden_sands", Action{Outcome: "commodities"}))
	if st := g.State().Step; st != nil || len(g.State().AgentsSpent) > 0 {
		t.Fatalf("no suite: no window, no mark: %+v %v", st, g.State().AgentsSpent)
	}
}

// toCard takes seat 0's steps (done) until the window of the ability
// card opens for seat, or gives up.
func toCard(t *testing.T, g *Game, seat int, card string) bool {
	t.Helper()
	for i := 0; i < 6; i++ {
		st := g.State().Step
		if st != nil && st.Card == card && st.Seat == seat {
			return true
		}
		if st == nil || st.Seat != 0 {
			return false
		}
		do(t, g, act(ActDone, 0))
	}
	return false
}

// The Nomad, Artuno the Betrayer (agent): Trade's primary gains them 3
// trade goods from the supply; exhausted, 3 more go on its card, the
// Nomad's when the card readies at the end of the status phase. Another
// player's trade goods taken (marked from a player) open no window.
func TestFaction_Nomad_ArtunoTheBetrayer(t *testing.T) {
	g := factionGame(t, []string{"nomad", "sol", "hacan"}, nil)
	tg := g.State().Players[0].TradeGoods
	strategic(t, g, 0, "trade")
	if !toCard(t, g, 0, "nomad:artuno_the_betrayer") {
		t.Fatalf("no window for Artuno after Trade's 3 trade goods: %+v", g.State().Step)
	}
	if st := g.State().Step; st.Count != 3 {
		t.Fatalf("the window counts %d trade goods, want 3", st.Count)
	}
	do(t, g, use(0, "nomad:artuno_the_betrayer", Action{}))
	p := g.State().Players[0]
	if p.CardGoods != 3 || p.TradeGoods != tg+3 || !slices.Contains(p.ExhaustedTechs, "nomad:artuno_the_betrayer") {
		t.Fatalf("card %d, trade goods %d (from %d), exhausted %v: 3 on the card, 3 gained, exhausted", p.CardGoods, p.TradeGoods, tg, p.ExhaustedTechs)
	}
	s := g.State().Clone()
	s.supplied(Event{Kind: EvTradeGoods, Seat: 0, Count: 2, Card: FromPlayer})
	s.Players[0].ExhaustedTechs = nil
	s.supplied(Event{Kind: EvTradeGoods, Seat: 0, Count: 2, Card: FromPlayer})
	if len(s.Supplied) != 0 {
		t.Fatalf("trade goods from a player marked: %+v", s.Supplied)
	}
	s.cardGoodsBack(s.Players[0])
	if q := s.Players[0]; q.CardGoods != 0 || q.TradeGoods != tg+6 {
		t.Fatalf("readied: card %d, trade goods %d; want 0 and %d", q.CardGoods, q.TradeGoods, tg+6)
	}
}

// Artuno with Temporal Command Suite: the agent readied just after it is
// exhausted gives back the goods on its card at once.
func TestFaction_Nomad_ArtunoReadiedBySuite(t *testing.T) {
	g := factionGame(t, []string{"nomad", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "temporal_command_suite")
	})
	tg := g.State().Players[0].TradeGoods
	strategic(t, g, 0, "trade")
	if !toCard(t, g, 0, "nomad:artuno_the_betrayer") {
		t.Fatal("no window for Artuno")
	}
	do(t, g, use(0, "nomad:artuno_the_betrayer", Action{}))
	if !toCard(t, g, 0, "temporal_command_suite") {
		t.Fatalf("no window for the Suite: %+v", g.State().Step)
	}
	do(t, g, use(0, "temporal_command_suite", Action{}))
	if p := g.State().Players[0]; p.CardGoods != 0 || p.TradeGoods != tg+6 {
		t.Fatalf("card %d, trade goods %d: the card's 3 are the Nomad's, %d in all", p.CardGoods, p.TradeGoods, tg+6)
	}
}

// The Nomad, The Cavalry (note): Sol holds it and attacks Hacan with two
// cruisers; at the space combat's start Sol lends one the Nomad's
// flagship's values: the two roll 1 + the flagship's dice, the barrage the
// flagship's, and one cruiser may sustain damage, once; the note goes back
// to the Nomad as the combat ends. A type not in the combat cannot be
// named (69.1).
func TestFaction_Nomad_TheCavalry(t *testing.T) {
	g := factionGame(t, []string{"sol", "hacan", "nomad"}, func(s *State) {
		s.Players[2].Promissory = slices.DeleteFunc(s.Players[2].Promissory, func(n string) bool { return n == cavalry })
		s.Players[0].Promissory = append(s.Players[0].Promissory, cavalry)
		s.System(22).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 2}}
		s.System(9).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 2}}
	})
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "cruiser", 2))
	do(t, g, act(ActEndMovement, 0))
	for i := 0; i < 5; i++ {
		if c := g.State().Combat; c != nil && c.Answer != nil && c.Answer.Kind == AnswerSpaceStart && c.Answer.Seat != 0 {
			do(t, g, act(ActPassWindow, c.Answer.Seat))
		}
	}
	if c := g.State().Combat; c == nil || c.Answer == nil || c.Answer.Kind != AnswerSpaceStart || c.Answer.Seat != 0 {
		t.Fatalf("combat %+v: Sol's window at the start of the space combat", c)
	}
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: cavalry, Unit: "fighter"}, "69.1")
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: cavalry, Unit: "cruiser"})
	s := g.State()
	if l := s.Combat.x().Lent; l == nil || l.Seat != 0 || l.Unit != "cruiser" || l.From != 2 || !slices.Contains(s.Players[0].NotesInPlay, cavalry) {
		t.Fatalf("lent %+v, in play %v", l, s.Players[0].NotesInPlay)
	}
	flag := profile(s, 2, "flagship")
	cruisers := []Stack{{Owner: 0, Unit: "cruiser", Count: 2}}
	for _, c := range []struct {
		f    func(*combat.Profile) combat.Roll
		want int
	}{{combatOf, 1 + flag.Combat.Dice}, {barrageOf, flag.AFB.Dice}} {
		rng, faces := engineRNG(), []int{}
		s.rollAgain(0, cruisers, c.f, 0, false, &rng, &faces, nil)
		if len(faces) != c.want {
			t.Fatalf("%d dice rolled by the cruisers, want %d", len(faces), c.want)
		}
	}
	if !s.mayStillSustain(0, Stack{Owner: 0, Unit: "cruiser", Count: 2}) || s.mayStillSustain(0, Stack{Owner: 0, Unit: "cruiser", Count: 2, Damaged: 1}) {
		t.Fatal("one cruiser sustains damage, once")
	}
	if s.mayStillSustain(1, Stack{Owner: 1, Unit: "destroyer", Count: 2}) {
		t.Fatal("Hacan's destroyers borrowed nothing")
	}
	if !slices.Contains(s.barragers(s.Combat, s.System(9)), 0) {
		t.Fatal("the lent cruiser barrages: Sol is asked before the barrage (Waylay)")
	}
	fightOut(t, g)
	if s := g.State(); !slices.Contains(s.Players[2].Promissory, cavalry) || slices.Contains(s.Players[0].NotesInPlay, cavalry) {
		t.Fatalf("Nomad's notes %v, Sol's in play %v: back to the Nomad", s.Players[2].Promissory, s.Players[0].NotesInPlay)
	}
}

// The Cavalry: once the lent cruiser, damaged, is destroyed by Direct
// Hit, the other cruiser takes none of the flagship's values; eliminated
// meanwhile, the holder's note is not given back twice.
func TestFaction_Nomad_TheCavalryLentShipGone(t *testing.T) {
	cfg := fixtureConfig("sol", "hacan", "nomad")
	cfg.Rules = RulesCurrent
	s := fixture(t, cfg, nil).State().Clone()
	s.System(9).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 2, Damaged: 1}, {Owner: 1, Unit: "destroyer", Count: 1}}
	s.Players[0].NotesInPlay = []string{cavalry}
	s.Combat = &Combat{Kind: "space", System: 9, Attacker: 0, Defender: 1, Retreat: None,
		CombatExtra: &CombatExtra{Lent: &Lent{Seat: 0, Unit: "cruiser", From: 2, Note: cavalry}}}
	if s.lentTo(0) == nil {
		t.Fatal("the cruiser lent")
	}
	Rules{}.Apply(s, Event{Kind: EvDirectHit, Seat: 0, System: 9, Unit: "cruiser"})
	if s.lentTo(0) != nil || s.mayStillSustain(0, s.System(9).Space[0]) {
		t.Fatalf("lent %+v after the damaged cruiser was destroyed: the other takes nothing", s.Combat.x().Lent)
	}
	if ev := combatOver(s); ev[0].Kind != EvNoteReturned {
		t.Fatalf("the note goes back as the combat ends: %v", ev)
	}
	s.Players[0].NotesInPlay = nil // sent home as its holder was eliminated (33.4)
	if ev := combatOver(s); ev[0].Kind == EvNoteReturned {
		t.Fatal("the note given back twice")
	}
}
