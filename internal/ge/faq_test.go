package ge

import "testing"

// Tests for the rulings of the seed FAQ (docs/rules-ge.md, section 2),
// one or more per row that the starter decks can exercise. Each test is
// named for the FAQ item and the row letter(s) it covers. Seat 0 plays
// Basic Deck A, seat 1 Basic Deck B.

// engageAct and endAlloc are the allocation actions of the active seat.
func engageAct(tb *table, card int) Action { return alloc(tb, KindEngage, card, 0) }
func endAlloc(tb *table) Action            { return alloc(tb, KindEngaged, -1, 0) }

// idle leaves a card in play unpaid and sideways.
func (tb *table) idle(i int) {
	tb.s.Cards[i].Engaged, tb.s.Cards[i].Paid = false, false
}

// How are cards played (a): a printed cost means the card arrives
// sideways; no cost means it arrives upright.
func TestFAQ_HowAreCardsPlayed_a(t *testing.T) {
	tb := newTable(t)
	moon := tb.hand(0, "moon")                     // terrain, no cost
	ship := tb.hand(0, "argonian_sunspot_frigate") // 1 supply + 1 energy
	shield := tb.hand(0, "planetary_shield")       // base, no cost
	tb.do(play(0, moon, -1))
	tb.do(play(0, ship, -1))
	tb.do(play(0, shield, moon))
	c := tb.s.Cards
	if !c[moon].Engaged || c[ship].Engaged || !c[shield].Engaged {
		t.Fatalf("engaged: terrain %v (want true), ship %v (want false), base %v (want true)",
			c[moon].Engaged, c[ship].Engaged, c[shield].Engaged)
	}
}

// How are cards played (b): non-passive equipment put on a sideways card
// arrives sideways even though it costs nothing; passive equipment does
// not follow its host.
func TestFAQ_HowAreCardsPlayed_b(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	idle := tb.place(1, "corporate_frigate", -1)
	tb.idle(idle)
	busy := tb.place(1, "corporate_destroyer", -1)
	refit := tb.hand(1, "phaser_refit") // NP
	tb.do(play(1, refit, idle))
	tr := tb.hand(1, "transporter") // P
	tb.do(play(1, tr, idle))
	if tb.s.Cards[refit].Engaged || !tb.s.Cards[tr].Engaged {
		t.Fatalf("on a sideways ship: NP refit engaged %v (want false), P transporter engaged %v (want true)",
			tb.s.Cards[refit].Engaged, tb.s.Cards[tr].Engaged)
	}
	mine := tb.hand(1, "nuclear_mine") // NP, on an upright ship
	tb.do(play(1, mine, busy))
	if !tb.s.Cards[mine].Engaged {
		t.Fatal("cost-free NP equipment on an upright ship arrives sideways")
	}
}

// Where are cards played (a): the card's type says where it may go.
func TestFAQ_WhereAreCardsPlayed_a(t *testing.T) {
	tb := newTable(t)
	moon := tb.place(0, "moon", -1)
	ship := tb.place(0, "krebiz_pincer_destroyer", -1)
	theirs := tb.place(1, "ore_moon", -1)
	shield := tb.hand(0, "planetary_shield")
	tb.refuse(play(0, shield, -1), "GE-type-B")                 // a base needs terrain
	tb.refuse(play(0, shield, ship), "GE-play-on")              // not a ship
	tb.refuse(play(0, shield, theirs), "GE-play-on")            // only one's own terrain
	tb.refuse(play(0, tb.hand(0, "cargo"), moon), "GE-play-on") // equipment only on units
	tb.do(play(0, shield, moon))
	tb.do(play(0, tb.hand(0, "krebiz_light_capsule"), -1))   // a ship may stand in the fleet
	tb.do(play(0, tb.hand(0, "fleet_freighter_left"), moon)) // or sit on its terrain
}

// Where are cards played (b): a card aimed at a card sits against it and
// stays its player's; one aimed at no card goes into its player's fleet.
func TestFAQ_WhereAreCardsPlayed_b(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	moon := tb.place(0, "moon", -1)
	pulsar := tb.hand(1, "pulsar")
	tb.do(play(1, pulsar, moon))
	tb.passAll()
	if c := tb.s.Cards[pulsar]; c.On != moon+1 || !c.Against || c.Owner != 1 {
		t.Fatalf("pulsar on %d against %v owner %d", c.On-1, c.Against, c.Owner)
	}
	ship := tb.place(1, "corporate_frigate", -1)
	beacon := tb.hand(1, "early_warning_beacon") // changes card plays, not a card
	tb.refuse(play(1, beacon, ship), "GE-play-on")
	tb.do(play(1, beacon, -1))
	if tb.s.PlayLimit != 5 {
		t.Fatalf("play limit %d", tb.s.PlayLimit)
	}
}

// When can cards be played (a): in one's own turn, in either card play
// phase, and no other.
func TestFAQ_WhenCanCardsBePlayed_a(t *testing.T) {
	tb := newTable(t)
	a, b := tb.hand(0, "moon"), tb.hand(0, "small_moon")
	other := tb.hand(1, "ore_moon")
	for _, p := range []string{PhaseFire, PhaseDiscard, PhaseDraw} {
		tb.phase(p)
		tb.refuse(play(0, a, -1), "GE-sequence")
	}
	tb.phase(PhasePlayA)
	tb.refuse(play(1, other, -1), "GE-sequence") // not seat 1's turn
	tb.do(play(0, a, -1))
	tb.phase(PhasePlayB)
	tb.do(play(0, b, -1))
}

// When can cards be played (c): an R/ card answers from the hand only a
// deed its own text acts on; a card without R/ never answers from the hand.
func TestFAQ_WhenCanCardsBePlayed_c(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	tech := tb.place(0, "technician", tb.place(0, "argonian_sunspot_frigate", -1))
	tr := tb.hand(0, "transporter")                    // R/, but it answers fire
	escort := tb.hand(0, "argonian_warm_front_escort") // reacts only from play
	crewman := tb.hand(0, "crewman")                   // R/, takes a crew's effect
	tb.do(play(1, tb.hand(1, "injury"), tech))
	tb.refuse(Action{Kind: KindReact, Seat: 0, Card: tr, Target: -1}, "GE-reactions")
	tb.refuse(Action{Kind: KindReact, Seat: 0, Card: escort, Target: -1}, "GE-reactions")
	tb.do(Action{Kind: KindReact, Seat: 0, Card: crewman, Target: -1})
	if tb.s.Cards[crewman].Zone != InPlay {
		t.Fatal("the crewman is not played as a reaction")
	}
}

// When can cards be played (d): a card that reacts "as a reaction" but
// has no R/ does so only from play (an escort).
func TestFAQ_WhenCanCardsBePlayed_d(t *testing.T) {
	setup := func(tb *table) (int, Action) {
		claw := tb.place(0, "krebiz_claw_heavy_cruiser", -1)
		tb.place(0, "krebiz_heavy_capsule", claw) // strength 7
		tb.s.Active = 1
		shooter := tb.place(1, "corporate_light_cruiser", -1)
		tb.phase(PhaseFire)
		return claw, tb.fire(1, claw, shooter)
	}
	tb := newTable(t)
	_, volley := setup(tb)
	escort := tb.hand(0, "argonian_warm_front_escort")
	tb.do(volley)
	tb.refuse(Action{Kind: KindReact, Seat: 0, Card: escort, Target: -1, N: 1}, "GE-reactions")

	tb = newTable(t)
	escort = tb.place(0, "argonian_warm_front_escort", -1)
	claw, volley := setup(tb)
	tb.do(volley)
	tb.do(Action{Kind: KindReact, Seat: 0, Card: escort, Target: -1, N: 1})
	tb.passAll()
	if tb.s.Cards[claw].Shield != 2 || tb.s.Cards[escort].Shield != 2 {
		t.Fatalf("the escort in play does not intercept: cruiser %d, escort %d", tb.s.Cards[claw].Shield, tb.s.Cards[escort].Shield)
	}
}

// When can cards be played (e): an opponent may answer a card played on
// his cards, a card action aimed at them and weapons fire at them.
func TestFAQ_WhenCanCardsBePlayed_e(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(0, "argonian_blizzard_destroyer", -1)
	tech := tb.place(0, "technician", ship)
	asked := func(what string) {
		t.Helper()
		if tb.s.Pending == nil || len(tb.s.Pending.Asked) == 0 || tb.s.Pending.Asked[0] != 0 {
			t.Fatalf("%s: seat 0 is not asked to answer", what)
		}
		tb.passAll()
	}
	tb.do(play(1, tb.hand(1, "love_interest"), tech))
	asked("a card played")
	mine := tb.place(1, "nuclear_mine", tb.place(1, "corporate_frigate", -1))
	tb.do(actOn(1, mine, ship, 0, -1))
	asked("a card action")
	tb.phase(PhaseFire)
	tb.do(tb.fire(1, ship, tb.place(1, "corporate_light_cruiser", -1)))
	asked("weapons fire")
}

// Turn 1 and 2 Restrictions (a), (b): turn 2 begins for both players when
// the first player begins his second turn; turn 3 begins for each player
// at his own third turn.
func TestFAQ_Turn1And2Restrictions_ab(t *testing.T) {
	tb := newTable(t)
	s := tb.s
	s.Turn, s.Step, s.Order = 0, 0, []int{0, 1}
	s.Players[0].Turns, s.Players[1].Turns = 0, 0
	begin := func(seat int) {
		s.startTurn(seat)
		tb.phase(PhasePlayA)
	}
	a1, a2, a3 := tb.hand(0, "krebiz_light_capsule"), tb.hand(0, "krebiz_medium_capsule"), tb.hand(0, "krebiz_heavy_capsule")
	b1, b2, b3 := tb.hand(1, "corporate_frigate"), tb.hand(1, "mechad_frigate"), tb.hand(1, "corporate_escort")

	begin(0)
	tb.refuse(play(0, a1, -1), "GE-turn-1-2")
	begin(1)
	tb.refuse(play(1, b1, -1), "GE-turn-1-2")
	begin(0) // the first player's second turn: turn 2 for everyone
	if s.Turn != 2 || s.Players[1].Turns != 1 {
		t.Fatalf("turn %d with seat 1 at %d turns", s.Turn, s.Players[1].Turns)
	}
	tb.do(play(0, a1, -1))
	tb.refuse(play(0, a2, -1), "GE-turn-1-2")
	begin(1)
	tb.do(play(1, b1, -1))
	tb.refuse(play(1, b2, -1), "GE-turn-1-2")
	begin(0) // seat 0's third turn: no limit for him
	tb.do(play(0, a2, -1))
	tb.do(play(0, a3, -1))
	begin(1) // and now for seat 1
	tb.do(play(1, b2, -1))
	tb.do(play(1, b3, -1))
}

// When do cards perform their action(s) (a): an engaged card acts in its
// controller's own turn, in a card play phase only.
func TestFAQ_WhenDoCardsPerformTheirActions_a(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	mine := tb.place(1, "nuclear_mine", tb.place(1, "corporate_frigate", -1))
	target := tb.place(0, "krebiz_mandible_lt_cruiser", -1)
	bp := tb.place(0, "boarding_party", target)
	theirs := tb.place(1, "corporate_destroyer", -1)
	tb.refuse(actOn(0, bp, theirs, 0, -1), "GE-sequence") // seat 0's card in seat 1's turn
	tb.phase(PhaseFire)
	tb.refuse(actOn(1, mine, target, 0, -1), "GE-sequence")
	tb.phase(PhaseDiscard)
	tb.refuse(actOn(1, mine, target, 0, -1), "GE-sequence")
	tb.phase(PhasePlayB)
	tb.do(actOn(1, mine, target, 0, -1))
	tb.passAll()
	if tb.s.Cards[target].Damage != 2 {
		t.Fatal("the mine does not act in play cards phase B")
	}
}

// When do cards perform their action(s) (b): a card played as a reaction
// acts at once, in the opponent's turn, and acts again in its
// controller's later turns.
func TestFAQ_WhenDoCardsPerformTheirActions_b(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	hit := tb.place(0, "argonian_blizzard_destroyer", -1)
	safe := tb.place(0, "argonian_sunspot_frigate", -1)
	crew := tb.place(0, "boarding_party", hit)
	tr := tb.hand(0, "transporter")
	tb.phase(PhaseFire)
	tb.do(tb.fire(1, hit, tb.place(1, "corporate_frigate", -1)))
	tb.do(Action{Kind: KindReact, Seat: 0, Card: tr, Target: -1})
	if tb.s.Cards[crew].On != safe+1 || tb.s.Cards[tr].On != safe+1 {
		t.Fatal("the transporter does not act as it is played")
	}
	tb.passAll()
	tb.s.startTurn(0)
	tb.phase(PhasePlayA)
	tb.do(actOn(0, tr, hit, 0, -1)) // its own turn: carries the crew back
	if tb.s.Cards[crew].On != hit+1 {
		t.Fatal("the transporter does not act in its controller's next turn")
	}
}

// When do cards perform their action(s) (c): a card that acts "as a
// reaction" does so from play, in the opponent's turn, only in answer to
// his deed, and once a turn.
func TestFAQ_WhenDoCardsPerformTheirActions_c(t *testing.T) {
	tb := newTable(t)
	claw := tb.place(0, "krebiz_claw_heavy_cruiser", -1)
	tb.place(0, "krebiz_heavy_capsule", claw)
	escort := tb.place(0, "argonian_warm_front_escort", -1)
	tb.s.Active = 1
	shooter := tb.place(1, "corporate_light_cruiser", -1)
	tb.phase(PhaseFire)
	tb.refuse(Action{Kind: KindReact, Seat: 0, Card: escort, Target: -1, N: 1}, "GE-reactions") // nothing to answer
	tb.do(tb.fire(1, claw, shooter))
	tb.do(Action{Kind: KindReact, Seat: 0, Card: escort, Target: -1, N: 1})
	tb.passAll()
	if tb.s.Cards[escort].Shield != 2 {
		t.Fatalf("escort shield damage %d, want 2 for the point it took", tb.s.Cards[escort].Shield)
	}
	tb.do(tb.fire(1, escort, tb.place(1, "corporate_destroyer", -1)))
	tb.refuse(Action{Kind: KindReact, Seat: 0, Card: escort, Target: -1}, "GE-action-limit")
}

// When do cards perform their action(s) (d): ships fire only in the
// weapons fire phase.
func TestFAQ_WhenDoCardsPerformTheirActions_d(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	target := tb.place(1, "corporate_light_cruiser", -1)
	for _, p := range []string{PhasePlayA, PhasePlayB, PhaseDiscard} {
		tb.phase(p)
		tb.refuse(tb.fire(0, target, ship), "GE-sequence")
	}
	tb.phase(PhaseFire)
	tb.do(tb.fire(0, target, ship))
}

// When do cards perform their action(s) (f): a card that is not engaged
// takes no action, and its rules stop reaching other cards (a sideways
// Commercial Outpost no longer raises its terrain's output).
func TestFAQ_WhenDoCardsPerformTheirActions_f(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "corporate_frigate", -1)
	merc := tb.place(1, "mercenary", ship)
	shuttle := tb.place(1, "shuttlecraft_right", ship)
	victim := tb.place(0, "crewman", tb.place(0, "argonian_sunspot_frigate", -1))
	tb.idle(merc)
	tb.refuse(actOn(1, merc, victim, 1, shuttle), "GE-disengaged")

	moon := tb.place(1, "ore_moon", -1) // 3 supply
	outpost := tb.place(1, "commercial_outpost", moon)
	tb.idle(outpost)
	tb.s.startTurn(1)
	if out := tb.s.output(1); out[Supply] != 3 || out[Economy] != 0 {
		t.Fatalf("a sideways outpost modifies: %v", out)
	}
	tb.do(engageAct(tb, outpost)) // its own +1 economy pays its energy
	if out := tb.s.output(1); out[Supply] != 4 || out[Economy] != 1 {
		t.Fatalf("an engaged outpost: %v", out)
	}
}

// When do cards perform their action(s) (g), first part: a card told it
// cannot function is handled as if disengaged (no action, no rule) while
// it stays upright.
func TestFAQ_WhenDoCardsPerformTheirActions_g(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(1, "corporate_frigate", -1)
	helm := tb.place(1, "helmsman", ship)
	tb.do(play(0, tb.hand(0, "illness"), helm))
	tb.passAll()
	if !tb.s.Cards[helm].Engaged {
		t.Fatal("illness turned the helmsman sideways")
	}
	if got := tb.s.lessened(ship, 2); got != 2 {
		t.Fatalf("a stopped helmsman still lessens hazards: %d", got)
	}
	tb.s.Active = 1
	tb.refuse(actOn(1, helm, ship, 0, -1), "GE-disengaged")
}

// How many times may cards perform their functions (a): once a turn for an
// engaged card, again the next turn, never for a disengaged one.
func TestFAQ_HowManyTimesMayCardsPerformTheirFunctions_a(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	bp := tb.place(0, "boarding_party", ship)
	shuttle := tb.place(0, "shuttlecraft_left", ship)
	tr := tb.place(0, "transporter", ship)
	target := tb.place(1, "corporate_light_cruiser", -1) // strength 4
	tb.do(actOn(0, bp, target, 0, shuttle))
	tb.passAll()
	tb.refuse(actOn(0, bp, target, 0, tr), "GE-action-limit")
	tb.s.startTurn(0)
	tb.phase(PhasePlayA)
	tb.do(actOn(0, bp, target, 0, shuttle))
	tb.passAll()
	if tb.s.Cards[target].Damage != 2 {
		t.Fatalf("damage %d, want 1 a turn for 2 turns", tb.s.Cards[target].Damage)
	}
	tb.s.startTurn(0)
	tb.phase(PhasePlayA)
	tb.idle(bp)
	tb.refuse(actOn(0, bp, target, 0, shuttle), "GE-disengaged")
}

// Activated: a mine works on a ship without being put against it.
func TestFAQ_Activated(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	host := tb.place(1, "corporate_frigate", -1)
	mine := tb.place(1, "nuclear_mine", host)
	target := tb.place(0, "argonian_blizzard_destroyer", -1) // 2 shields, strength 4
	tb.do(actOn(1, mine, target, 0, -1))
	if tb.s.Cards[mine].On != host+1 || len(tb.s.onTop(target)) != 0 {
		t.Fatal("the mine moved against its target")
	}
	tb.passAll()
	if tb.s.Cards[target].Shield != 2 || tb.s.Cards[target].Damage != 0 {
		t.Fatalf("2 card damage: shield %d structure %d", tb.s.Cards[target].Shield, tb.s.Cards[target].Damage)
	}
}

// Allocation Phase (a): a producer or modifier counts only once it will
// be engaged, and may pay its own cost with what it adds.
func TestFAQ_AllocationPhase_a(t *testing.T) {
	tb := newTable(t)
	moon := tb.place(0, "armory_moon", -1) // 1 supply, 2 ammunition, no energy
	freighter := tb.place(0, "fleet_freighter_left", moon)
	tb.s.startTurn(0)
	if tb.s.output(0)[Economy] != 0 {
		t.Fatal("an unpaid freighter adds economy")
	}
	tb.do(engageAct(tb, freighter)) // 1 supply + 1 energy: its own +2 economy is the energy
	if tb.s.output(0)[Economy] != 2 {
		t.Fatal("the paid freighter adds no economy")
	}
	tb.do(endAlloc(tb))
	if !tb.s.Cards[freighter].Engaged {
		t.Fatal("the freighter is not engaged")
	}
}

// Allocation Phase (b): what is engaged at the end is covered by the
// fleet's output.
func TestFAQ_AllocationPhase_b(t *testing.T) {
	tb := newTable(t)
	tb.place(0, "small_moon", -1) // 1 supply, 1 energy
	a := tb.place(0, "krebiz_light_capsule", -1)
	b := tb.place(0, "krebiz_medium_capsule", -1)
	tb.s.startTurn(0)
	tb.do(engageAct(tb, a))
	tb.refuse(engageAct(tb, b), "GE-1-allocation-points")
	tb.do(endAlloc(tb))
	var cost Points
	for _, i := range tb.s.fleet(0) {
		if tb.s.Cards[i].Engaged {
			cost = cost.add(tb.s.def(i).Cost)
		}
	}
	if !covered(pts(Supply, 1, Energy, 1), cost) || tb.s.Cards[b].Engaged {
		t.Fatalf("engaged costs %v over the output", cost)
	}
}

// Allocation Phase (d): loading a ship system comes after the ship has
// its cost, and what is loaded is there for all to see.
func TestFAQ_AllocationPhase_d(t *testing.T) {
	tb := newTable(t)
	tb.place(0, "armory_moon", -1) // 1 supply, 2 ammunition
	tb.place(0, "small_moon", -1)  // 1 supply, 1 energy
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	tb.s.startTurn(0)
	tb.refuse(alloc(tb, KindArm, ship, 1), "GE-1-allocation-points")
	tb.do(engageAct(tb, ship))
	tb.do(alloc(tb, KindArm, ship, 1))
	if SeatView(tb.s, 1).Cards[ship].Loaded != 1 {
		t.Fatal("the opponent does not see the loaded weapon")
	}
}

// Allocation Phase (f): durations run down as allocation begins, and a
// timed producer yields once more before it goes.
func TestFAQ_AllocationPhase_f(t *testing.T) {
	tb := newTable(t)
	comet := tb.place(0, "biruks_comet", -1) // 2 research, 2 turns
	anomaly := tb.place(0, "divergent_anomaly", tb.place(1, "corporate_frigate", -1))
	tb.s.startTurn(0)
	if tb.s.Cards[comet].Timer != 1 || tb.s.inPlay(anomaly) {
		t.Fatal("durations do not run down at the start of allocation")
	}
	tb.do(endAlloc(tb))
	tb.s.startTurn(0)
	if tb.s.output(0)[Research] != 2 || !tb.s.inPlay(comet) {
		t.Fatal("the comet does not produce in its last allocation")
	}
	tb.do(endAlloc(tb))
	if tb.s.inPlay(comet) {
		t.Fatal("the comet stays after its last allocation")
	}
}

// Bases (a): a base fires at ships and bases, never at a Sector HQ.
func TestFAQ_Bases_a(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	moon := tb.place(1, "ore_moon", -1)
	sat := tb.place(1, "defensive_satellites_left", moon) // 4 phasers
	post := tb.place(1, "commercial_outpost", moon)       // 1 phaser
	tb.phase(PhaseFire)
	tb.refuse(tb.fire(1, HQ(0), sat), "GE-weapons-damage") // open, but not for bases
	theirBase := tb.place(0, "defensive_satellites_right", tb.place(0, "moon", -1))
	theirShip := tb.place(0, "krebiz_clipper_frigate_left", -1) // no shields, strength 2
	tb.do(tb.fire(1, theirBase, sat))
	tb.passAll()
	tb.do(tb.fire(1, theirShip, post))
	tb.passAll()
	if tb.s.inPlay(theirBase) || tb.s.Cards[theirShip].Damage != 1 {
		t.Fatal("bases do not hit a base and a ship")
	}
}

// Card Damage (b): only a card that names terrain puts card damage on it.
func TestFAQ_CardDamage_b(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	moon := tb.place(0, "hcsuar_drahcir_system", -1)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	tb.refuse(play(1, tb.hand(1, "dust_cloud"), moon), "GE-play-on")
	mine := tb.place(1, "nuclear_mine", tb.place(1, "corporate_frigate", -1))
	tb.refuse(actOn(1, mine, moon, 0, -1), "GE-cards-have-rules")
	tb.s.Active = 0
	tb.refuse(play(0, tb.hand(0, "ion_storm"), tb.place(1, "ore_moon", -1)), "GE-play-on")
	tb.s.Active = 1
	tb.do(play(1, tb.hand(1, "pulsar"), moon))
	tb.passAll()
	if tb.s.Cards[moon].Damage != 1 || tb.s.Cards[ship].Damage != 0 {
		t.Fatalf("pulsar terrain damage %d", tb.s.Cards[moon].Damage)
	}
}

// Card Strength (c): damage lowers only the current strength; strength
// moves only by a card that says so (Krebiz Armor).
func TestFAQ_CardStrength_c(t *testing.T) {
	tb := newTable(t)
	hurt := tb.place(1, "corporate_light_cruiser", -1) // strength 4
	tb.s.Cards[hurt].Damage = 3
	retreat := tb.hand(0, "forced_retreat") // strength 3 or less
	tb.refuse(play(0, retreat, hurt), "GE-cards-have-rules")
	pincer := tb.place(0, "krebiz_pincer_destroyer", -1) // strength 3
	tb.place(0, "krebiz_armor", pincer)                  // +1
	if tb.s.strength(pincer) != 4 {
		t.Fatalf("armored pincer strength %d", tb.s.strength(pincer))
	}
	tb.refuse(play(0, retreat, pincer), "GE-cards-have-rules")
	// The weakest ship goes by strength: a battered cruiser is not it.
	capsule := tb.place(0, "krebiz_light_capsule", -1)
	mandible := tb.place(0, "krebiz_mandible_lt_cruiser", -1)
	tb.s.Cards[mandible].Damage = 3
	g := tb.hand(0, "invinco_guardian")
	tb.refuse(play(0, g, mandible), "GE-cards-have-rules")
	tb.do(play(0, g, capsule))
}

// Combined (a): a cruiser and its capsule are one ship: strengths,
// shields and weapons add, and the parts neither fire nor are fired at
// apart.
func TestFAQ_Combined_a(t *testing.T) {
	tb := newTable(t)
	claw := tb.place(0, "krebiz_claw_heavy_cruiser", -1) // 5, no shields, 2 sabots, 2 phasers
	capsule := tb.place(0, "krebiz_heavy_capsule", claw) // 2, 4 shields, 1 sabot, 1 phaser
	if tb.s.strength(claw) != 7 || tb.s.shields(claw) != 4 || tb.s.heavy(claw) != 3 || tb.s.firePhasers(claw) != 3 {
		t.Fatalf("strength %d shields %d heavy %d phasers %d", tb.s.strength(claw), tb.s.shields(claw), tb.s.heavy(claw), tb.s.firePhasers(claw))
	}
	target := tb.place(1, "corporate_light_cruiser", -1)
	tb.phase(PhaseFire)
	tb.refuse(Action{Kind: KindFire, Seat: 0, Target: target, Firers: []Firer{{Card: capsule, Phasers: 1}}}, "GE-4-volley-a")
	tb.s.Active = 1
	tb.refuse(tb.fire(1, capsule, target), "GE-4-standard-targets")
}

// Combined (d): leaving play parts the cards: sent to the hand they come
// back as two cards, and the capsule can then fly alone.
func TestFAQ_Combined_d(t *testing.T) {
	tb := newTable(t)
	clipper := tb.place(0, "krebiz_clipper_frigate_left", -1) // 2
	capsule := tb.place(0, "krebiz_light_capsule", clipper)   // 1: together 3
	tb.s.Cards[clipper].Damage = 1
	tb.do(play(0, tb.hand(0, "forced_retreat"), clipper))
	for _, i := range []int{clipper, capsule} {
		if c := tb.s.Cards[i]; c.Zone != InHand || c.On != 0 || c.Damage != 0 {
			t.Fatalf("%s: zone %s on %d damage %d", tb.s.name(i), c.Zone, c.On-1, c.Damage)
		}
	}
	tb.do(play(0, capsule, -1))
	if !tb.s.isUnit(capsule) {
		t.Fatal("the capsule is not a ship of its own")
	}
}

// Combined (e), the part the module keeps: damage to a combined ship is
// damage to the whole and keeps its kind; the capsule is not hit apart.
func TestFAQ_Combined_e(t *testing.T) {
	tb := newTable(t)
	claw := tb.place(0, "krebiz_claw_heavy_cruiser", -1) // 5, no shields
	capsule := tb.place(0, "krebiz_heavy_capsule", claw) // 2, 4 shields
	tb.s.hurt(claw, 6, byWeapons, 1)
	if c := tb.s.Cards[claw]; c.Shield != 4 || c.Damage != 2 || tb.s.Cards[capsule].Damage+tb.s.Cards[capsule].Shield != 0 {
		t.Fatalf("whole: shield %d structure %d", c.Shield, c.Damage)
	}
	tb.s.Active = 1
	tb.refuse(play(1, tb.hand(1, "dust_cloud"), capsule), "GE-play-on")
	tb.s.hurt(claw, 5, byStructural, 1) // 7 in all: the whole ship goes
	if tb.s.inPlay(claw) || tb.s.inPlay(capsule) {
		t.Fatal("the combined ship outlived damage equal to its strength")
	}
}

// Combined (f): a combined ship takes command as one ship of the summed
// strength.
func TestFAQ_Combined_f(t *testing.T) {
	tb := newTable(t)
	claw := tb.place(0, "krebiz_claw_heavy_cruiser", -1)
	tb.do(play(0, tb.hand(0, "krebiz_heavy_capsule"), claw))
	if got := tb.s.slotsUsed(0); got != 2 {
		t.Fatalf("a 5 and a 2 combined take %d half slots, want 2 (one slot for strength 7)", got)
	}
	clipper := tb.place(0, "krebiz_clipper_frigate_left", -1)
	if tb.s.slotsUsed(0) != 3 {
		t.Fatal("a strength 2 ship takes half a slot")
	}
	tb.do(play(0, tb.hand(0, "krebiz_light_capsule"), clipper))
	if got := tb.s.slotsUsed(0); got != 4 {
		t.Fatalf("a 2 and a 1 combined take %d half slots, want 2 more (strength 3)", got-2)
	}
	// With every slot taken, a capsule joining a strength 5 cruiser still
	// fits: counted apart it would need half a slot more.
	tb = newTable(t)
	claw = tb.place(0, "krebiz_claw_heavy_cruiser", -1)
	tb.place(0, "argonian_blizzard_destroyer", -1)
	tb.do(play(0, tb.hand(0, "krebiz_heavy_capsule"), claw))
}

// Command Points/Slots (b): points left unspent at allocation are lost,
// not carried to the next turn.
func TestFAQ_CommandPointsSlots_b(t *testing.T) {
	tb := newTable(t)
	tb.place(0, "small_moon", -1) // 1 supply, 1 energy
	a := tb.place(0, "krebiz_light_capsule", -1)
	b := tb.place(0, "krebiz_medium_capsule", -1)
	tb.s.startTurn(0)
	tb.do(endAlloc(tb)) // nothing spent
	tb.s.startTurn(0)
	tb.do(engageAct(tb, a))
	tb.refuse(engageAct(tb, b), "GE-1-allocation-points")
}

// Command Points/Slots (c): without a free slot a slot-using card cannot
// be played; cards in play are untouched and slot-free cards still come.
func TestFAQ_CommandPointsSlots_c(t *testing.T) {
	tb := newTable(t)
	a := tb.place(0, "argonian_blizzard_destroyer", -1)
	b := tb.place(0, "argonian_whirlwind_light_cruiser", -1)
	tb.refuse(play(0, tb.hand(0, "argonian_sunspot_frigate"), -1), "GE-command")
	tb.do(play(0, tb.hand(0, "krebiz_light_capsule"), -1)) // strength 1: no slot
	tb.do(play(0, tb.hand(0, "technician"), a))
	if !tb.s.Cards[a].Engaged || !tb.s.Cards[b].Engaged {
		t.Fatal("a full command limit touched the ships in play")
	}
}

// Command Points/Slots (d): a discarded slot user frees its slot.
func TestFAQ_CommandPointsSlots_d(t *testing.T) {
	tb := newTable(t)
	tb.place(0, "argonian_blizzard_destroyer", -1)
	b := tb.place(0, "argonian_whirlwind_light_cruiser", -1)
	ship := tb.hand(0, "argonian_sunspot_frigate")
	tb.refuse(play(0, ship, -1), "GE-command")
	tb.phase(PhaseDiscard)
	tb.do(Action{Kind: KindDiscard, Seat: 0, Card: b, Target: -1})
	tb.phase(PhasePlayB)
	tb.do(play(0, ship, -1))
}

// Complete Turn (a), (b): each player counts his own turns, and a timed
// card ages only at its controller's allocation, whoever's card it sits on.
func TestFAQ_CompleteTurn_ab(t *testing.T) {
	tb := newTable(t)
	guard := tb.place(1, "corporate_frigate", -1)
	anomaly := tb.hand(0, "divergent_anomaly") // 1 turn
	tb.do(play(0, anomaly, guard))
	tb.passAll()
	tb.phase(PhaseDraw)
	tb.do(Action{Kind: KindEnd, Seat: 0})
	if tb.s.Active != 1 || !tb.s.inPlay(anomaly) {
		t.Fatal("the anomaly aged at seat 1's allocation")
	}
	if tb.s.Players[0].Turns != 3 || tb.s.Players[1].Turns != 3 {
		t.Fatalf("turns %d and %d", tb.s.Players[0].Turns, tb.s.Players[1].Turns)
	}
	tb.do(endAlloc(tb))
	tb.phase(PhaseDraw)
	tb.do(Action{Kind: KindEnd, Seat: 1})
	if tb.s.Players[0].Turns != 4 || tb.s.Players[1].Turns != 3 || tb.s.inPlay(anomaly) {
		t.Fatalf("turns %d and %d; the anomaly stays %v", tb.s.Players[0].Turns, tb.s.Players[1].Turns, tb.s.inPlay(anomaly))
	}
}

// Current Strength: only a card that says "current strength" looks past
// damage; an escort guards a ship of strength 7 however battered.
func TestFAQ_CurrentStrength(t *testing.T) {
	tb := newTable(t)
	claw := tb.place(0, "krebiz_claw_heavy_cruiser", -1)
	tb.place(0, "krebiz_heavy_capsule", claw)
	tb.s.Cards[claw].Damage = 5 // current strength 2
	escort := tb.place(0, "argonian_warm_front_escort", -1)
	tb.s.Active = 1
	tb.phase(PhaseFire)
	tb.do(tb.fire(1, claw, tb.place(1, "corporate_frigate", -1)))
	tb.do(Action{Kind: KindReact, Seat: 0, Card: escort, Target: -1, N: 1})
}

// Discarded After Use: a mine stays in play until its damage is done.
func TestFAQ_DiscardedAfterUse(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	mine := tb.place(1, "nuclear_mine", tb.place(1, "corporate_frigate", -1))
	target := tb.place(0, "krebiz_mandible_lt_cruiser", -1)
	tb.do(actOn(1, mine, target, 0, -1))
	if !tb.s.inPlay(mine) {
		t.Fatal("the mine left play before its damage")
	}
	tb.passAll()
	if tb.s.inPlay(mine) || tb.s.Cards[mine].Zone != InDiscard || tb.s.Cards[target].Damage != 2 {
		t.Fatal("the mine is not discarded once its damage is done")
	}
}

// EMF (a): a Mechad field is not a shield: shield regeneration leaves it,
// a Shield Fiend cannot reach it, and it does not keep a transporter out.
func TestFAQ_EMF_a(t *testing.T) {
	tb := newTable(t)
	mechad := tb.place(1, "mechad_destroyer", -1) // strength 3, field 3
	tb.s.hurt(mechad, 2, byWeapons, 0)
	tb.s.startTurn(1)
	if c := tb.s.Cards[mechad]; c.EMF != 1 || c.Shield != 0 {
		t.Fatalf("record keeping: field %d shield %d", c.EMF, c.Shield)
	}
	tb.s.Active, tb.s.Phase = 0, PhasePlayA
	tb.refuse(play(0, tb.hand(0, "shield_fiend"), mechad), "GE-cards-have-rules")
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	bp := tb.place(0, "boarding_party", ship)
	tr := tb.place(0, "transporter", ship)
	tb.do(actOn(0, bp, mechad, 0, tr))
	tb.passAll()
	if tb.s.Cards[mechad].Damage != 1 {
		t.Fatal("the transporter did not pass the field")
	}
}

// EMF (b): the field rises to at most twice the strength and at most the
// strength plus what was left of it.
func TestFAQ_EMF_b(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "mechad_heavy_cruiser", -1) // strength 5, 1 node
	tb.s.hurt(ship, 4, byWeapons, 0)
	round := func(energy, want int) {
		t.Helper()
		tb.s.startTurn(1)
		tb.s.Players[1].Alloc.Extra = pts(Supply, 2, Energy, 1+energy)
		tb.do(engageAct(tb, ship))
		tb.do(alloc(tb, KindEMF, ship, energy))
		tb.do(endAlloc(tb))
		if got := tb.s.Cards[ship].EMF; got != want {
			t.Fatalf("field %d, want %d", got, want)
		}
	}
	round(10, 6)  // caps 10 and 5+1
	round(10, 10) // caps 10 and 5+6
}

// EMF (c): a field soaks weapons damage but not damage said to be
// structural.
func TestFAQ_EMF_c(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1) // 3 phasers
	bp := tb.place(0, "boarding_party", ship)
	shuttle := tb.place(0, "shuttlecraft_left", ship)
	frigate := tb.place(1, "mechad_frigate", -1)     // field 2
	destroyer := tb.place(1, "mechad_destroyer", -1) // field 3
	tb.do(actOn(0, bp, frigate, 0, shuttle))
	tb.passAll()
	if c := tb.s.Cards[frigate]; c.Damage != 1 || c.EMF != 2 {
		t.Fatalf("boarding: structure %d field %d", c.Damage, c.EMF)
	}
	tb.phase(PhaseFire)
	tb.do(Action{Kind: KindFire, Seat: 0, Target: destroyer, Firers: []Firer{{Card: ship, Phasers: 2}}})
	tb.passAll()
	if c := tb.s.Cards[destroyer]; c.Damage != 0 || c.EMF != 1 {
		t.Fatalf("phasers: structure %d field %d", c.Damage, c.EMF)
	}
}

// EMF (d): damage lowers the field rather than marking it, repair points
// cannot restore it, and each allocation builds it afresh.
func TestFAQ_EMF_d(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "mechad_frigate", -1) // strength 2, 1 node, field 2
	tb.s.hurt(ship, 1, byWeapons, 0)
	if c := tb.s.Cards[ship]; c.EMF != 1 || c.Damage != 0 || c.Shield != 0 {
		t.Fatalf("field %d structure %d shield %d", c.EMF, c.Damage, c.Shield)
	}
	tb.s.startTurn(1)
	tb.s.Players[1].Alloc.Extra = pts(Supply, 1, Energy, 1, Repair, 1)
	tb.refuse(alloc(tb, KindRepair, ship, 1), "GE-points-repair")
	tb.do(engageAct(tb, ship))
	tb.do(alloc(tb, KindEMF, ship, 1))
	tb.do(endAlloc(tb))
	if got := tb.s.Cards[ship].EMF; got != 1 {
		t.Fatalf("field %d, want 1 (1 node x 1 energy, not added to what was left)", got)
	}
}

// EMF (e): only a card with nodes makes a field.
func TestFAQ_EMF_e(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	corp := tb.hand(1, "corporate_frigate")
	tb.do(play(1, corp, -1))
	if tb.s.Cards[corp].EMF != 0 {
		t.Fatal("a ship without nodes has a field")
	}
	tb.s.startTurn(1)
	tb.s.Players[1].Alloc.Extra = pts(Supply, 1, Energy, 2)
	tb.do(engageAct(tb, corp))
	tb.refuse(alloc(tb, KindEMF, corp, 2), "GE-emf")
}

// EMF (f): a node ship not engaged at allocation gets its strength as
// field and no more may be put in; losing a node refit later leaves the
// field as it stands.
func TestFAQ_EMF_f(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "mechad_light_cruiser", -1) // strength 4, 1 node
	node := tb.place(1, "distribution_node", ship)
	tb.s.Cards[ship].EMF = 1
	tb.s.startTurn(1)
	tb.s.Players[1].Alloc.Extra = pts(Energy, 4)
	tb.refuse(alloc(tb, KindEMF, ship, 4), "GE-1-allocation-points")
	tb.do(endAlloc(tb))
	if c := tb.s.Cards[ship]; c.Engaged || c.EMF != 4 {
		t.Fatalf("unpaid: engaged %v field %d, want its strength 4", c.Engaged, c.EMF)
	}
	tb.s.startTurn(1)
	tb.s.Players[1].Alloc.Extra = pts(Supply, 1, Energy, 5)
	tb.do(engageAct(tb, ship))
	tb.do(alloc(tb, KindEMF, ship, 4))
	tb.do(endAlloc(tb))
	if tb.s.Cards[ship].EMF != 8 {
		t.Fatalf("field %d, want 2 nodes x 4", tb.s.Cards[ship].EMF)
	}
	tb.s.Active, tb.s.Phase = 0, PhasePlayA
	host := tb.place(0, "argonian_sunspot_frigate", -1)
	bp := tb.place(0, "boarding_party", host)
	tb.do(actOn(0, bp, node, 2, tb.place(0, "transporter", host)))
	tb.passAll()
	if tb.s.inPlay(node) || tb.s.Cards[ship].EMF != 8 {
		t.Fatalf("after the node refit goes: field %d", tb.s.Cards[ship].EMF)
	}
}

// EMF (g): a node ship comes into play with its strength as field.
func TestFAQ_EMF_g(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.hand(1, "mechad_destroyer")
	tb.do(play(1, ship, -1))
	if tb.s.Cards[ship].EMF != 3 {
		t.Fatalf("field %d on entry, want 3", tb.s.Cards[ship].EMF)
	}
}

// EMF (h), the part the starters can reach: energy for the field is not
// engagement energy, so a cut in engagement energy does not cheapen it.
func TestFAQ_EMF_h(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "mechad_light_cruiser", -1) // 1 supply + 1 energy
	tb.place(1, "engine_synchronization", ship)     // 1 energy less to engage
	tb.s.startTurn(1)
	tb.s.Players[1].Alloc.Extra = pts(Supply, 1, Energy, 1)
	tb.do(engageAct(tb, ship))
	tb.do(alloc(tb, KindEMF, ship, 1))
	tb.refuse(alloc(tb, KindEMF, ship, 1), "GE-1-allocation-points")
}

// Friendly Fire: one's own fleet may be fired at, never the firer itself.
func TestFAQ_FriendlyFire(t *testing.T) {
	tb := newTable(t)
	a := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	b := tb.place(0, "argonian_blizzard_destroyer", -1)
	tb.phase(PhaseFire)
	tb.refuse(tb.fire(0, a, a), "GE-4-standard-targets")
	tb.do(tb.fire(0, b, a))
	tb.passAll()
	if tb.s.Cards[b].Shield+tb.s.Cards[b].Damage != 4 {
		t.Fatal("own fire does not land")
	}
}

// Heavy Weapons: a heavy weapon fires only loaded, and a loaded one stays
// loaded until it fires or its ship's next allocation.
func TestFAQ_HeavyWeapons(t *testing.T) {
	tb := newTable(t)
	tb.place(0, "armory_moon", -1)                      // 1 supply, 2 ammunition
	tb.place(0, "small_moon", -1)                       // 1 supply, 1 energy
	ship := tb.place(0, "argonian_sunspot_frigate", -1) // 1 energy flux, 3 phasers
	target := tb.place(1, "corporate_light_cruiser", -1)
	heavy := Action{Kind: KindFire, Seat: 0, Target: target, Firers: []Firer{{Card: ship, Heavy: 1}}}
	tb.s.startTurn(0)
	tb.do(engageAct(tb, ship))
	tb.do(alloc(tb, KindArm, ship, 1))
	tb.refuse(alloc(tb, KindArm, ship, 1), "GE-points-ammunition") // one ammunition a weapon
	tb.do(endAlloc(tb))
	tb.do(Action{Kind: KindNext, Seat: 0}) // to the weapons fire phase
	tb.do(Action{Kind: KindNext, Seat: 0}) // and past it unfired
	if tb.s.Cards[ship].Loaded != 1 {
		t.Fatal("an unfired weapon unloads within the turn")
	}
	tb.s.startTurn(0)
	if tb.s.Cards[ship].Loaded != 0 {
		t.Fatal("a loaded weapon outlasts the next allocation")
	}
	tb.do(engageAct(tb, ship))
	tb.do(endAlloc(tb))
	tb.phase(PhaseFire)
	tb.refuse(heavy, "GE-points-ammunition")
}

// Indirigan: every Indirigan ship is hit by a card for Indirigans (the
// Fuser Mechanism), yet the other player's Indirigans are another tribe
// to be beaten first.
func TestFAQ_Indirigan(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "indirigan_light_carrier", -1) // 1 boomerang
	fuser := tb.hand(0, "fuser_mechanism")
	tb.do(play(0, fuser, ship))
	if !tb.s.equipWorks(fuser) {
		t.Fatal("Indirigan technology does not work on an Indirigan ship")
	}
	tb.s.Cards[ship].Loaded = 1
	other := tb.place(1, "corporate_frigate", -1)
	theirs := tb.place(1, "indirigan_nomads_escort", -1) // 6 shields
	tb.phase(PhaseFire)
	tb.refuse(Action{Kind: KindFire, Seat: 0, Target: other, Firers: []Firer{{Card: ship, Heavy: 1}}}, "GE-indirigan")
	tb.do(Action{Kind: KindFire, Seat: 0, Target: theirs, Firers: []Firer{{Card: ship, Heavy: 1}}})
	tb.passAll()
	if tb.s.Cards[theirs].Shield != 2 {
		t.Fatalf("shield damage %d, want 2 from a doubled boomerang", tb.s.Cards[theirs].Shield)
	}
	argo := tb.place(0, "argonian_sunspot_frigate", -1)
	tb.s.Cards[fuser].On = argo + 1
	if tb.s.equipWorks(fuser) {
		t.Fatal("Indirigan technology works on an Argonian ship")
	}
}

// Terrain Output Modifiers (a): per point type only the greatest additive
// terrain modifier counts.
func TestFAQ_TerrainOutputModifiers_a(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	moon := tb.place(1, "ore_moon", -1)       // 3 supply
	tb.place(1, "commercial_outpost", moon)   // +1 supply, +1 economy
	tb.place(1, "fleet_freighter_left", moon) // +2 economy
	if out := tb.s.output(1); out[Supply] != 4 || out[Economy] != 2 {
		t.Fatalf("supply %d economy %d, want 4 and 2", out[Supply], out[Economy])
	}
}

// Weapon Fire Modification: several cards may change one unit's fire
// together.
func TestFAQ_WeaponFireModification(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "corporate_light_cruiser", -1) // 3 phasers
	tb.do(play(1, tb.hand(1, "offensive_electronic_warfare"), ship))
	tb.do(play(1, tb.hand(1, "lucky_targeting"), ship))
	target := tb.place(0, "argonian_typhoon_heavy_cruiser", -1) // 3 shields, strength 6
	tb.phase(PhaseFire)
	tb.do(tb.fire(1, target, ship))
	tb.passAll()
	// alone: 3 + 2 = 5, or 3 x 1.5 = 4; both together give more than either
	if got := tb.s.Cards[target].Shield + tb.s.Cards[target].Damage; got <= 5 {
		t.Fatalf("damage %d: one modifier was dropped", got)
	}
}

// Non-Passive (NP), the part the module keeps: NP equipment on a
// sideways unit arrives sideways and its output does not count.
func TestFAQ_NonPassive(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "corporate_frigate", -1)
	tb.idle(ship)
	probe := tb.hand(1, "probe")
	tb.do(play(1, probe, ship))
	tb.s.startTurn(1)
	if tb.s.Cards[probe].Engaged || tb.s.output(1)[Research] != 0 {
		t.Fatal("a probe on a sideways ship works")
	}
}

// Passive (P): passive equipment works whatever its unit's state: a
// transporter on an unpaid ship still carries crew.
func TestFAQ_Passive(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "corporate_frigate", -1)
	crew := tb.place(1, "helmsman", ship)
	tr := tb.place(1, "transporter", ship)
	moon := tb.place(1, "ore_moon", -1)
	tb.s.startTurn(1)
	tb.do(endAlloc(tb)) // the frigate is not paid: sideways
	if tb.s.Cards[ship].Engaged || !tb.s.Cards[tr].Engaged {
		t.Fatalf("ship engaged %v, transporter engaged %v", tb.s.Cards[ship].Engaged, tb.s.Cards[tr].Engaged)
	}
	tb.do(actOn(1, tr, moon, 0, -1))
	if tb.s.Cards[crew].On != moon+1 {
		t.Fatal("the transporter did not carry the crew")
	}
}

// Played against an opponent... (a): a card against another player's card
// stays its player's: it runs on his turns and goes to his discard pile.
func TestFAQ_PlayedAgainstAnOpponent_a(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	moon := tb.place(0, "hcsuar_drahcir_system", -1) // strength 5
	pulsar := tb.hand(1, "pulsar")
	tb.do(play(1, pulsar, moon))
	tb.passAll()
	tb.s.startTurn(0)
	if tb.s.Cards[moon].Damage != 1 || tb.s.Cards[pulsar].Timer != 3 {
		t.Fatal("the pulsar ran on its victim's turn")
	}
	for n := 0; n < 3; n++ {
		tb.s.startTurn(1)
	}
	if tb.s.Cards[pulsar].Zone != InDiscard || !tb.s.Players[1].Discard.Has(pulsar) || tb.s.Cards[moon].Damage != 3 {
		t.Fatalf("pulsar zone %s, terrain damage %d", tb.s.Cards[pulsar].Zone, tb.s.Cards[moon].Damage)
	}
}

// Reaction Cards: in another player's turn one may answer his card play,
// card action and fire, and that costs the answering player no play.
func TestFAQ_ReactionCards(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	bp := tb.place(0, "boarding_party", ship)
	shuttle := tb.place(0, "shuttlecraft_left", ship)
	theirs := tb.place(1, "corporate_light_cruiser", -1)
	other := tb.place(1, "corporate_frigate", -1)
	helm := tb.place(1, "helmsman", theirs)
	react := func(card int) {
		t.Helper()
		tb.do(Action{Kind: KindReact, Seat: 1, Card: card, Target: -1})
		tb.passAll()
	}
	ill := tb.hand(0, "illness")
	tb.do(play(0, ill, helm)) // a card play
	crewman := tb.hand(1, "crewman")
	react(crewman)
	if tb.s.stopped(helm) || tb.s.Cards[ill].On != crewman+1 {
		t.Fatal("the crewman did not take the illness")
	}
	tb.do(actOn(0, bp, theirs, 0, shuttle)) // a card action
	react(tb.hand(1, "security_officer"))
	if tb.s.Cards[theirs].Damage != 0 {
		t.Fatal("the security officer did not stop the boarding")
	}
	tb.phase(PhaseFire)
	tb.do(tb.fire(0, theirs, ship)) // weapons fire
	react(tb.hand(1, "transporter"))
	if tb.s.Cards[helm].On != other+1 {
		t.Fatal("the transporter did not carry the crew off")
	}
	if tb.s.Plays != 1 {
		t.Fatalf("card plays %d: the reactions counted against the turn", tb.s.Plays)
	}
}

// Requires a transporter, shuttle or fighter...: a crew acts at its own
// location unaided and needs a carrier only to act elsewhere.
func TestFAQ_RequiresATransporterShuttleOrFighter(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "corporate_frigate", -1)
	helm := tb.place(1, "helmsman", ship)
	merc := tb.place(1, "mercenary", tb.place(1, "corporate_destroyer", -1))
	victim := tb.place(0, "crewman", tb.place(0, "argonian_sunspot_frigate", -1))
	tb.refuse(actOn(1, merc, victim, 1, -1), "GE-there-and-back")
	tb.do(actOn(1, helm, ship, 0, -1))
	if tb.s.Cards[ship].Zone != InHand {
		t.Fatal("the helmsman did not act at its own location")
	}
}

// Shuttles (b), the part the module keeps: equipment, shuttles included,
// goes only on ships and bases.
func TestFAQ_Shuttles_b(t *testing.T) {
	tb := newTable(t)
	moon := tb.place(0, "moon", -1)
	shuttle := tb.hand(0, "shuttlecraft_left")
	tb.refuse(play(0, shuttle, moon), "GE-play-on")
	tb.refuse(play(0, shuttle, -1), "GE-type-E")
	tb.do(play(0, shuttle, tb.place(0, "argonian_sunspot_frigate", -1)))
}

// Shuttles (c): a one-shot phaser fires once; re-arming (the Indirigan
// Light Carrier, at engagement) gives it one more shot, still once a turn.
func TestFAQ_Shuttles_c(t *testing.T) {
	tb := newTable(t)
	carrier := tb.place(0, "indirigan_light_carrier", -1)
	shuttle := tb.place(0, "shuttlecraft_left", carrier)
	a := tb.place(1, "corporate_light_cruiser", -1)
	b := tb.place(1, "corporate_destroyer", -1)
	shot := func(target int) Action {
		return Action{Kind: KindFire, Seat: 0, Target: target, Firers: []Firer{{Card: shuttle, Phasers: 1}}}
	}
	tb.phase(PhaseFire)
	tb.do(shot(a))
	tb.passAll()
	tb.refuse(shot(b), "GE-4-volley-a")
	tb.s.startTurn(0)
	if tb.s.firePhasers(shuttle) != 0 {
		t.Fatal("the spent phaser came back without re-arming")
	}
	tb.s.Players[0].Alloc.Extra = pts(Supply, 2, Energy, 1)
	tb.do(engageAct(tb, carrier))
	tb.do(endAlloc(tb))
	tb.phase(PhaseFire)
	tb.do(shot(a))
	tb.passAll()
	tb.refuse(shot(b), "GE-4-volley-a")
}

// Shuttles (e): carrying is the carrier's function, so disengaged crew may
// be carried.
func TestFAQ_Shuttles_e(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "corporate_frigate", -1)
	merc := tb.place(1, "mercenary", ship)
	tb.idle(merc)
	shuttle := tb.place(1, "shuttlecraft_right", ship)
	moon := tb.place(1, "ore_moon", -1)
	tb.do(actOn(1, shuttle, moon, 0, -1))
	if tb.s.Cards[merc].On != moon+1 {
		t.Fatal("the sideways mercenary was not carried")
	}
}

// Splash Damage (b): a protector already in play (Invinco Guardian) lets
// nothing through, however much the volley exceeds it.
func TestFAQ_SplashDamage_b(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "krebiz_light_capsule", -1) // 3 shields
	g := tb.place(0, "invinco_guardian", ship)
	tb.s.Active = 1
	x := tb.place(1, "corporate_light_cruiser", -1)
	y := tb.place(1, "corporate_destroyer", -1)
	tb.phase(PhaseFire)
	tb.do(tb.fire(1, ship, x, y)) // 6 phasers
	tb.passAll()
	if tb.s.inPlay(g) || tb.s.Cards[ship].Shield != 0 || tb.s.Cards[ship].Damage != 0 {
		t.Fatalf("guardian in play %v; ship shield %d structure %d", tb.s.inPlay(g), tb.s.Cards[ship].Shield, tb.s.Cards[ship].Damage)
	}
}

// Stack: a card with all on or against it, at every depth: a ship sent
// home takes its crew, their equipment and the cards against them, each to
// its owner's hand.
func TestFAQ_Stack(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "corporate_frigate", -1)
	helm := tb.place(1, "helmsman", ship)
	officer := tb.place(1, "security_officer", ship)
	refit := tb.place(1, "phaser_refit", ship)
	ill := tb.place(0, "illness", officer)
	anomaly := tb.place(0, "divergent_anomaly", ship)
	tb.do(actOn(1, helm, ship, 0, -1))
	for _, i := range []int{ship, officer, refit} {
		if !tb.s.Players[1].Hand.Has(i) {
			t.Fatalf("%s is not in seat 1's hand", tb.s.name(i))
		}
	}
	for _, i := range []int{ill, anomaly} {
		if !tb.s.Players[0].Hand.Has(i) {
			t.Fatalf("%s is not in seat 0's hand", tb.s.name(i))
		}
	}
	if tb.s.Cards[helm].Zone != InDiscard {
		t.Fatal("the helmsman stays")
	}
}

// Structural Damage: damage said to be structural (a boarding party)
// passes shields and field; other card damage does not.
func TestFAQ_StructuralDamage(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	bp := tb.place(0, "boarding_party", ship)
	shuttle := tb.place(0, "shuttlecraft_left", ship)
	target := tb.place(1, "corporate_light_cruiser", -1) // 3 shields
	tb.do(actOn(0, bp, target, 0, shuttle))
	tb.passAll()
	if c := tb.s.Cards[target]; c.Damage != 1 || c.Shield != 0 {
		t.Fatalf("boarding: structure %d shields hit %d", c.Damage, c.Shield)
	}
	tb.do(play(0, tb.hand(0, "ion_storm"), target))
	tb.passAll()
	if c := tb.s.Cards[target]; c.Damage != 1 || c.Shield != 2 {
		t.Fatalf("ion storm: structure %d shields hit %d", c.Damage, c.Shield)
	}
}

// Terrain: only heavy weapons and cards that name terrain hurt it; phasers,
// other hazards and a boarding party cannot.
func TestFAQ_Terrain(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	bp := tb.place(0, "boarding_party", ship)
	shuttle := tb.place(0, "shuttlecraft_left", ship)
	moon := tb.place(1, "ore_moon", -1)
	tb.refuse(actOn(0, bp, moon, 0, shuttle), "GE-cards-have-rules")
	tb.refuse(play(0, tb.hand(0, "ion_storm"), moon), "GE-play-on")
	tb.phase(PhaseFire)
	tb.refuse(tb.fire(0, moon, ship), "GE-weapons-nonheavy")
	tb.s.Cards[ship].Loaded = 1
	tb.do(Action{Kind: KindFire, Seat: 0, Target: moon, Firers: []Firer{{Card: ship, Heavy: 1}}})
	tb.passAll()
	if tb.s.Cards[moon].Damage != 1 {
		t.Fatal("a heavy weapon did not hurt the terrain")
	}
}

// Voided (a), (b): an action made illegal by a reaction is lost yet counts
// as used, and a card not discarded after use stays in play.
func TestFAQ_Voided_ab(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	bp := tb.place(0, "boarding_party", ship)
	shuttle := tb.place(0, "shuttlecraft_left", ship)
	tr := tb.place(0, "transporter", ship)
	target := tb.place(1, "corporate_light_cruiser", -1)
	tb.do(actOn(0, bp, target, 0, shuttle))
	tb.do(Action{Kind: KindReact, Seat: 1, Card: tb.hand(1, "security_officer"), Target: -1})
	tb.passAll()
	if tb.s.Cards[target].Damage != 0 || !tb.s.inPlay(bp) {
		t.Fatal("the voided boarding hit, or the boarding party went")
	}
	tb.refuse(actOn(0, bp, target, 0, tr), "GE-action-limit")
}

// Voided (c), the part the starters reach: a card that lands where it may
// not be when it resolves has its action voided, not its play, so it does
// not go back to the hand.
func TestFAQ_Voided_c(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	tech := tb.place(0, "technician", tb.place(0, "argonian_sunspot_frigate", -1))
	injury := tb.hand(1, "injury")
	tb.do(play(1, injury, tech))
	tb.do(Action{Kind: KindReact, Seat: 0, Card: tb.hand(0, "doctor"), Target: -1})
	tb.passAll()
	if tb.s.Cards[injury].Zone != InDiscard || tb.s.stopped(tech) {
		t.Fatalf("injury zone %s", tb.s.Cards[injury].Zone)
	}
}

// Card Damage (a), the part the module keeps: card damage on terrain
// cannot be repaired.
func TestFAQ_CardDamage_a(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	moon := tb.place(0, "hcsuar_drahcir_system", -1)
	tb.do(play(1, tb.hand(1, "pulsar"), moon))
	tb.passAll()
	tb.s.startTurn(0)
	tb.s.Players[0].Alloc.Extra = pts(Repair, 1)
	tb.refuse(alloc(tb, KindRepair, moon, 1), "GE-points-repair")
}

// Rulings the first version missed, now kept.

// Non-Passive (NP). Cost-free NP equipment on a unit left unpaid
// must stay sideways through the engagement phase and take no action.
func TestFAQ_NonPassive_StaysSidewaysOnASidewaysUnit(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "corporate_frigate", -1)
	mine := tb.place(1, "nuclear_mine", ship)
	target := tb.place(0, "krebiz_mandible_lt_cruiser", -1)
	tb.s.startTurn(1)
	tb.do(endAlloc(tb)) // the frigate is not paid: it turns sideways
	if tb.s.Cards[ship].Engaged || tb.s.Cards[mine].Engaged {
		t.Fatalf("ship engaged %v, NP mine engaged %v: the mine must not engage on a sideways ship",
			tb.s.Cards[ship].Engaged, tb.s.Cards[mine].Engaged)
	}
	tb.refuse(actOn(1, mine, target, 0, -1), "GE-disengaged")
}

// When do cards perform their action(s) (g). A crew that "cannot be
// used" is only treated as disengaged; it is never turned sideways, so it
// works again as soon as the card that stops it is gone.
func TestFAQ_WhenDoCardsPerformTheirActions_g_StaysUpright(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	bp := tb.place(0, "boarding_party", ship)
	shuttle := tb.place(0, "shuttlecraft_left", ship)
	target := tb.place(1, "corporate_light_cruiser", -1)
	tb.s.Active = 1
	tb.do(play(1, tb.hand(1, "injury"), bp))
	tb.passAll()
	tb.s.startTurn(0)
	tb.s.Players[0].Alloc.Extra = pts(Supply, 1, Energy, 1)
	tb.do(engageAct(tb, ship))
	tb.do(endAlloc(tb))
	if !tb.s.Cards[bp].Engaged {
		t.Error("the injured boarding party was turned sideways at the engagement phase")
	}
	tb.do(play(0, tb.hand(0, "doctor"), ship)) // cures the injury
	tb.do(actOn(0, bp, target, 0, shuttle))    // the cured crew acts at once
}

// Card Damage (a). Weapons damage on terrain is repaired by repair
// points; only card damage on terrain is not.
func TestFAQ_CardDamage_a_WeaponsDamageOnTerrainRepairs(t *testing.T) {
	tb := newTable(t)
	moon := tb.place(0, "hcsuar_drahcir_system", -1)
	tb.s.Active = 1
	ship := tb.place(1, "mechad_destroyer", -1) // 2 trams
	tb.s.Cards[ship].Loaded = 1
	tb.phase(PhaseFire)
	tb.do(Action{Kind: KindFire, Seat: 1, Target: moon, Firers: []Firer{{Card: ship, Heavy: 1}}})
	tb.passAll()
	tb.s.startTurn(0)
	tb.s.Players[0].Alloc.Extra = pts(Repair, 1)
	tb.do(alloc(tb, KindRepair, moon, 1)) // weapons damage on terrain is repaired
	if tb.s.Cards[moon].Damage != 0 {
		t.Fatal("the terrain keeps its weapons damage")
	}
}

// Shuttles (b). A shuttle goes with the crew it carries, may land
// on terrain and still works there.
func TestFAQ_Shuttles_b_TheShuttleTravelsAndLandsOnTerrain(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	tech := tb.place(0, "technician", ship)
	shuttle := tb.place(0, "shuttlecraft_left", ship)
	moon := tb.place(0, "moon", -1)
	tb.do(actOn(0, shuttle, moon, 0, -1))
	if tb.s.Cards[tech].On != moon+1 || tb.s.Cards[shuttle].On != moon+1 {
		t.Fatalf("crew on %d, shuttle on %d: both should be on the moon %d", tb.s.Cards[tech].On-1, tb.s.Cards[shuttle].On-1, moon)
	}
	tb.s.startTurn(0)
	tb.phase(PhasePlayA)
	tb.do(actOn(0, shuttle, ship, 0, -1)) // it works from the terrain
}

// Shuttles (d). A shuttle that carries crew may also fly with none.
func TestFAQ_Shuttles_d_FliesEmpty(t *testing.T) {
	tb := newTable(t)
	a := tb.place(0, "argonian_sunspot_frigate", -1)
	b := tb.place(0, "argonian_blizzard_destroyer", -1)
	shuttle := tb.place(0, "shuttlecraft_left", a)
	tb.do(actOn(0, shuttle, b, 0, -1)) // no crew aboard
	if tb.s.Cards[shuttle].On != b+1 {
		t.Fatal("the empty shuttle did not move")
	}
}

// Allocation Phase (e). Points go onto any one opponent card only
// once an allocation phase: research for an Injury is put on in one go.
func TestFAQ_AllocationPhase_e_OnceOnAnOpponentCard(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	tech := tb.place(0, "technician", tb.place(0, "moon", -1))
	injury := tb.hand(1, "injury") // needs 2 research
	tb.do(play(1, injury, tech))
	tb.passAll()
	tb.s.startTurn(0)
	tb.s.Players[0].Alloc.Extra = pts(Research, 2)
	tb.do(alloc(tb, KindResearch, injury, 1))
	tb.refuse(alloc(tb, KindResearch, injury, 1), "GE-1-allocation-points")
}

// When do cards perform their action(s) (e) and Weapons Fire. A
// Shuttlecraft played as a reaction in a weapons fire phase, answering
// the opponent's fire, may fire its phaser; answering anything else it
// may not.
func TestFAQ_WeaponsFire_ReactionShuttleFires(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	shuttle := tb.hand(0, "shuttlecraft_left")
	tb.s.Active = 1
	shooter := tb.place(1, "corporate_frigate", -1)
	tb.phase(PhaseFire)
	tb.do(tb.fire(1, ship, shooter))
	// option 2 of the shuttle: fire its phaser, here at the firing ship
	tb.do(Action{Kind: KindReact, Seat: 0, Card: shuttle, Target: shooter, N: 2})
	tb.passAll()
	if tb.s.Cards[shooter].Shield != 1 || tb.s.Cards[shuttle].Armed {
		t.Fatal("the reaction shuttle did not fire its one shot")
	}
}

// Combined (e). Separating a Krebiz capsule from its cruiser (a card
// play) splits the damage, no part taking more than its own strength.
func TestFAQ_Combined_e_SeparationSplitsDamage(t *testing.T) {
	tb := newTable(t)
	claw := tb.place(0, "krebiz_claw_heavy_cruiser", -1) // 5
	capsule := tb.place(0, "krebiz_heavy_capsule", claw) // 2
	tb.s.Cards[claw].Damage = 4                          // of 7
	// Separating takes a card play and splits the 4: 3 on the capsule is
	// more than its strength; 1 on it leaves 3 on the cruiser.
	tb.refuse(Action{Kind: KindAct, Seat: 0, Card: capsule, Target: -1, N: 3}, "GE-krebiz")
	tb.do(Action{Kind: KindAct, Seat: 0, Card: capsule, Target: -1, N: 1})
	if !tb.s.isUnit(capsule) || tb.s.Cards[capsule].Damage != 1 || tb.s.Cards[claw].Damage != 3 || tb.s.Plays != 1 {
		t.Fatal("the capsule did not separate with its share of the damage for a card play")
	}
}
