package ti4

import (
	"slices"
	"testing"
)

// Naalu, Telepathic (48): first in initiative order whatever its strategy
// card, unless another player holds its "0" token.
func TestFaction_Naalu_Telepathic(t *testing.T) {
	g := factionGame(t, []string{"jolnar", "sol", "naalu"}, nil)
	s := g.State()
	if s.Initiative(2) != 0 || s.InitiativeOrder()[0] != 2 {
		t.Fatalf("the Naalu act first: initiative %d, order %v", s.Initiative(2), s.InitiativeOrder())
	}
	c := s.Clone()
	c.ZeroToken = &ZeroToken{Holder: 0}
	if c.Initiative(2) == 0 || c.InitiativeOrder()[0] != 0 {
		t.Fatalf("the token given away: Naalu %d, order %v", c.Initiative(2), c.InitiativeOrder())
	}
}

// Naalu Collective, Foresight: after another player moves ships into a
// system with Naalu ships, the Naalu may spend a strategy token to move
// them to an adjacent system without other ships, placing the token there;
// no space combat follows.
func TestFaction_Naalu_Foresight(t *testing.T) {
	cfg := fixtureConfig("naalu", "jolnar", "sol")
	cfg.Rules = RulesCurrent
	var free, taken int
	g := fixture(t, cfg, func(s *State) {
		s.System(22).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 2}}
		s.System(9).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
		for _, q := range s.galaxy.Neighbors(9, nil) {
			if sys := s.System(q); sys != nil && len(sys.Space) == 0 && free == 0 && q != 22 {
				free = q
			} else if sys != nil && len(sys.Space) == 0 && taken == 0 && q != 22 {
				taken = q
				sys.Space = []Stack{{Owner: 2, Unit: "destroyer", Count: 1}}
			}
		}
	})
	if free == 0 || taken == 0 {
		t.Fatal("the fixture has no two empty systems next to 9")
	}
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	quickTactical(t, g, 0, 1) // the Naalu act first (Telepathic)
	activated(t, g, 1, 9)
	do(t, g, moveShips(1, 22, "cruiser", 2))
	do(t, g, act(ActEndMovement, 1))
	c := g.State().Combat
	if c == nil || c.Answer == nil || c.Answer.Kind != AnswerMovedIn || c.Answer.Seat != 0 {
		t.Fatalf("combat %+v: the Naalu answer the move first", c)
	}
	refuse(t, g, use(0, "naalu:foresight", Action{System: ip(taken)}), "6")
	strategy := g.State().Players[0].Strategy
	do(t, g, use(0, "naalu:foresight", Action{System: ip(free)}))
	s := g.State()
	if count(s.System(free).Space, 0, "cruiser") != 1 || count(s.System(9).Space, 0, "cruiser") != 0 ||
		!slices.Contains(s.System(free).Command, 0) || s.Players[0].Strategy != strategy-1 {
		t.Fatalf("the cruiser and a strategy token go to %d: %v, %v", free, s.System(free).Space, s.System(free).Command)
	}
	for i := 0; g.State().Combat != nil && i < 20; i++ {
		if c := g.State().Combat; c.Step == CbRoll || c.Round > 0 {
			t.Fatal("no space combat without the Naalu")
		}
		fightStep(t, g)
	}
}

// Naalu, Gift of Prescience (48): at the end of the strategy phase its
// holder takes the Naalu "0" token, first in initiative order, the Naalu
// not; the note and token go back at the end of the status phase.
func TestFaction_Naalu_GiftOfPrescience(t *testing.T) {
	const note = "naalu:gift_of_prescience"
	cfg := fixtureConfig("jolnar", "sol", "naalu")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, giveNote(note, 1))
	for i, c := range []string{"leadership", "diplomacy", "politics", "trade", "warfare", "technology"} {
		pickAndPass(t, g, i%3, c)
	}
	st := g.State().Step
	if st == nil || st.Kind != StepNoteWindow || st.Seat != 1 || g.State().Phase != PhaseStrategy {
		t.Fatalf("step %+v in %s: Sol's window at the end of the strategy phase", st, g.State().Phase)
	}
	do(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note})
	s := g.State()
	if s.Phase != PhaseAction || s.InitiativeOrder()[0] != 1 || s.Initiative(2) == 0 || !slices.Contains(s.Players[1].NotesInPlay, note) {
		t.Fatalf("order %v: Sol first, the Naalu not", s.InitiativeOrder())
	}
	end := EndStatusPhase(s.Clone())
	if len(end) < 2 || end[len(end)-1].Kind != EvNoteReturned {
		t.Fatalf("end of status phase %v: the token goes and the note back", end)
	}
}

// naaluInvade stages the Naalu (seat 0) moving ships and ground forces from
// 22 into 9, with Arnor held by Sol, the dice fixed.
func naaluInvade(t *testing.T, withFlagship bool, sol int, dice []int) *Game {
	t.Helper()
	cfg := fixtureConfig("naalu", "sol", "hacan")
	cfg.Rules = RulesCurrent
	s, rng, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "fighter", Count: 2}, {Owner: 0, Unit: "infantry", Count: 1}}
	if withFlagship {
		s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "flagship", Count: 1})
	}
	arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: sol})(s)
	if err := rng.FixDice(dice); err != nil {
		t.Fatal(err)
	}
	g := fixtureFrom(t, s, rng)
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "carrier", 1))
	if withFlagship {
		do(t, g, moveShips(0, 22, "flagship", 1))
	}
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "fighter", Count: 2})
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 1})
	do(t, g, act(ActEndMovement, 0))
	passAnswers(t, g)
	return g
}

// Naalu, Matriarch (49.2, 49.5, 42): in an invasion of its system the
// Naalu commit fighters as ground forces; they roll and take hits in the
// ground combat, then go back to space before control is established, so
// fighters alone win neither the combat nor the planet (FAQ).
func TestFaction_Naalu_Matriarch_FightersAlone(t *testing.T) {
	// the fighters' dice 10 and 1, Sol's infantry 1
	g := naaluInvade(t, true, 1, []int{10, 1, 1})
	var fighters []int
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Kind == ActCommit && a.Unit == "fighter" && a.Planet == "Arnor" {
			fighters = append(fighters, a.Count)
		}
	}
	if !slices.Equal(fighters, []int{1, 2}) {
		t.Fatalf("offered %v: one or both fighters", fighters)
	}
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "fighter", Count: 2})
	if count(planet(t, g, "Arnor").Units, 0, "fighter") != 2 {
		t.Fatal("the fighters are on Arnor")
	}
	invadeToEnd(t, g)
	s := g.State()
	arnor := planet(t, g, "Arnor")
	if count(arnor.Units, 1, "infantry") != 0 {
		t.Fatal("a fighter's 10 destroyed Sol's infantry")
	}
	if arnor.Controller != 1 || count(arnor.Units, 0, "") != 0 || count(s.System(9).Space, 0, "fighter") != 2 {
		t.Fatalf("controller %d, units %v: the fighters are back in space and Arnor stays Sol's", arnor.Controller, arnor.Units)
	}
}

// With a ground force that lives, the planet is gained; the fighters go
// back to space all the same.
func TestFaction_Naalu_Matriarch_WithGroundForces(t *testing.T) {
	// the infantry's 10, the fighter's 10; Sol's two infantry 1 and 1
	g := naaluInvade(t, true, 2, []int{10, 10, 1, 1})
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "fighter", Count: 1})
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 1})
	invadeToEnd(t, g)
	arnor := planet(t, g, "Arnor")
	if arnor.Controller != 0 || count(arnor.Units, 0, "infantry") != 1 || count(arnor.Units, 0, "fighter") != 0 ||
		count(g.State().System(9).Space, 0, "fighter") != 2 {
		t.Fatalf("controller %d, units %v: Arnor gained, the fighter back in space", arnor.Controller, arnor.Units)
	}
}

// Without the flagship in the system, fighters are not ground forces.
func TestFaction_Naalu_Matriarch_OnlyWithTheFlagship(t *testing.T) {
	g := naaluInvade(t, false, 1, nil)
	refuse(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "fighter", Count: 1}, "49.2")
	if slices.ContainsFunc(Legal(g.State(), engineRNG(), 0), func(a Action) bool { return a.Kind == ActCommit && a.Unit == "fighter" }) {
		t.Fatal("fighter commits offered without the flagship")
	}
}

// invadeToEnd ends the commits and plays the invasion out: windows
// passed, hits taken as fightStep takes them.
func invadeToEnd(t *testing.T, g *Game) {
	t.Helper()
	do(t, g, act(ActEstablishControl, 0))
	for i := 0; i < 50; i++ {
		s := g.State()
		switch {
		case s.Invasion != nil && s.Invasion.Ask != nil:
			do(t, g, act(ActPassWindow, s.Invasion.Ask.Seat))
		case s.Combat != nil:
			fightStep(t, g)
		default:
			declineWindows(t, g)
			return
		}
	}
	t.Fatal("the invasion does not end")
}

// Naalu, Iconoclast (55), as printed (a game without the Codex): +2 on
// the mech's rolls against a player holding a relic fragment, none against
// one without.
func TestFactionUnit_Iconoclast(t *testing.T) {
	g := factionGame(t, []string{"naalu", "sol", "hacan"}, func(s *State) { s.Options.NoCodex = true })
	s := g.State()
	if got := groundNeeds(t, s, 0, 1, "Arnor", Stack{Unit: "mech", Count: 6}); got != 6 {
		t.Fatalf("no fragment: the mech needs %d, want 6", got)
	}
	s.Players[1].RelicFragments = []string{"cultural"}
	if got := groundNeeds(t, s, 0, 1, "Arnor", Stack{Unit: "mech", Count: 6}); got != 4 {
		t.Fatalf("a fragment: the mech needs %d, want 4", got)
	}
	if got := groundNeeds(t, s, 0, 1, "Arnor", Stack{Unit: "infantry", Count: 6}); got != 8 {
		t.Fatalf("the Naalu infantry need %d, want 8: only the mech gains", got)
	}
	s.Laws = []Law{{Card: "articles_of_war", Owner: None}} // mechs lose their printed abilities
	if got := groundNeeds(t, s, 0, 1, "Arnor", Stack{Unit: "mech", Count: 6}); got != 6 {
		t.Fatalf("under Articles of War the mech needs %d, want 6", got)
	}
	if slices.ContainsFunc(s.abilityList(0), func(a *Ability) bool { return a.ID == "iconoclast" }) {
		t.Fatal("under Articles of War the mech's ability is not the Naalu's")
	}
}

// Naalu, Iconoclast Ω (Codex III): with the mech in the system, in space or
// on a planet, other players roll no anti-fighter barrage against the
// Naalu's units; without it, or in a game without the Codex, they do.
func TestFactionUnit_IconoclastOmega(t *testing.T) {
	for _, tc := range []struct {
		mech, noCodex, barred bool
	}{{true, false, true}, {false, false, false}, {true, true, false}} {
		g := factionGame(t, []string{"naalu", "sol", "hacan"}, func(s *State) {
			s.Options.NoCodex = tc.noCodex
			s.System(9).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "fighter", Count: 2}}
			if tc.mech {
				arnorHeldBy(0, Stack{Owner: 0, Unit: "mech", Count: 1})(s)
			}
		})
		s := g.State()
		if got := s.barrageBarred(s.System(9), 0); got != tc.barred {
			t.Fatalf("%+v: barrage barred %v", tc, got)
		}
	}
}

// Naalu, The Oracle (hero): at the end of the status phase its window
// opens; used, each other player gives the Naalu a note of their choice,
// and the hero is purged.
func TestFaction_Naalu_TheOracle(t *testing.T) {
	g := factionGame(t, []string{"naalu", "sol", "hacan"}, func(s *State) { s.Players[0].Hero = Unlocked })
	passActionPhase(t, g)
	for i := 0; i < 200; i++ {
		if st := g.State().Step; st != nil && st.Card == "naalu:the_oracle" {
			break
		}
		if g.State().Phase != PhaseStatus {
			t.Fatal("no window for The Oracle at the end of the status phase")
		}
		settleStatus(t, g)
	}
	held := func() int { p := g.State().Players[0]; return len(p.Promissory) + len(p.NotesInPlay) } // Support for the Throne goes in play
	notes := held()
	do(t, g, use(0, "naalu:the_oracle", Action{}))
	for _, q := range []int{1, 2} {
		st := g.State().Step
		if st == nil || st.Kind != StepGiveNote || st.Seat != q {
			t.Fatalf("step %+v: seat %d gives a note", st, q)
		}
		do(t, g, Action{Kind: ActGiveNote, Seat: q, Card: g.State().Players[q].Promissory[0]})
	}
	if got := held(); got != notes+2 || g.State().Players[0].Hero != Purged {
		t.Fatalf("%d notes, hero %q: two notes more, the hero purged", got, g.State().Players[0].Hero)
	}
}

// The Naalu, M'aban (60, 69.6): with the commander unlocked, the Naalu's
// view holds their neighbors' promissory notes in hand, not others', and
// the agenda deck's top and bottom cards; locked, none of them.
func TestFaction_Naalu_MAban(t *testing.T) {
	g := factionGame(t, []string{"naalu", "sol", "hacan"}, func(s *State) {
		s.Players[0].Commander = Unlocked
		s.System(23).Space = append(s.System(23).Space, Stack{Owner: 1, Unit: "destroyer", Count: 1}) // beside seat 0's home
	})
	s := g.State()
	near := s.Neighbors(0)
	if len(near) == 0 || len(near) == len(s.Players)-1 {
		t.Fatalf("the test needs neighbors and others: %v", near)
	}
	v, err := ViewFor(s, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range v.State.Players[1:] {
		if seen := len(p.Promissory) > 0; seen != slices.Contains(near, p.Seat) {
			t.Fatalf("seat %d's notes seen: %v, neighbors %v", p.Seat, seen, near)
		}
	}
	if ag := s.Decks.Agendas; !slices.Equal(v.AgendaEnds, []string{ag[0], ag[len(ag)-1]}) {
		t.Fatalf("agenda ends %v", v.AgendaEnds)
	}
	if v, _ = ViewFor(s, near[0]); v.AgendaEnds != nil || len(v.State.Players[0].Promissory) > 0 {
		t.Fatal("a neighbor sees nothing more")
	}

	s.Players[0].Commander = Locked
	if v, _ = ViewFor(s, 0); v.AgendaEnds != nil || slices.ContainsFunc(v.State.Players[1:], func(p *Player) bool { return len(p.Promissory) > 0 }) {
		t.Fatal("M'aban locked: nothing seen")
	}
}

// The Naalu, Z'eu Ω (agent): as the Naalu's action, Sol is offered a
// tactical action: Sol's home is refused (51.4), the system activated
// gets no Sol token and Sol's tactic pool is kept, Sol's carrier moves in;
// the Naalu's turn ends with Sol's tactical action. Declined (done), the
// Naalu's turn ends at once.
func TestFaction_Naalu_Zeu(t *testing.T) {
	const agent = "naalu:z_eu"
	for _, decline := range []bool{false, true} {
		g := factionGame(t, []string{"naalu", "sol", "hacan"}, nil)
		s := g.State()
		solHome, tactic := s.Players[1].Home, s.Players[1].Tactic
		do(t, g, use(0, agent, Action{ActionExtra: &ActionExtra{Player: ip(1)}}))
		if st := g.State().Step; st == nil || st.Kind != StepGuest || st.Seat != 1 || g.State().Turn != 0 {
			t.Fatalf("step %+v, turn %d: Sol offered a tactical action in the Naalu's turn", st, g.State().Turn)
		}
		refuse(t, g, activate(0, 27), "3.1") // the Naalu: the action under way is theirs
		if decline {
			do(t, g, act(ActDone, 1))
			if s := g.State(); s.Turn == 0 || s.busy() {
				t.Fatalf("declined: turn %d, busy %v: the Naalu's turn is over", s.Turn, s.busy())
			}
			continue
		}
		refuse(t, g, activate(1, solHome), "51.4")
		do(t, g, activate(1, 27))
		s = g.State()
		if s.Tactical == nil || s.Tactical.Seat != 1 || !s.Tactical.Guest || slices.Contains(s.System(27).Command, 1) || s.Players[1].Tactic != tactic {
			t.Fatalf("tactical %+v, tokens %v, tactic %d (was %d): Sol's, as a guest, no token placed", s.Tactical, s.System(27).Command, s.Players[1].Tactic, tactic)
		}
		do(t, g, moveShips(1, solHome, "carrier", 1))
		do(t, g, act(ActEndMovement, 1))
		declineWindows(t, g)
		do(t, g, act(ActEndTactical, 1))
		for st := g.State().Step; st != nil && st.Kind == StepAbility; st = g.State().Step {
			do(t, g, Action{Kind: ActUseAbility, Seat: st.Seat, Card: st.Card})
		}
		if s := g.State(); s.Tactical != nil || s.Turn == 0 || count(s.System(27).Space, 1, "carrier") != 1 {
			t.Fatalf("tactical %+v, turn %d: over, the Naalu's turn ended", s.Tactical, s.Turn)
		}
	}
}
