package ge

import "testing"

// Tests named for the rulebook section they try (ids in docs/rules-ge.md).

func TestGE_Turn12_TerrainOnlyThenOneUnit(t *testing.T) {
	tb := newTable(t)
	tb.s.Turn = 1
	ship, moon := tb.hand(0, "argonian_sunspot_frigate"), tb.hand(0, "moon")
	tb.refuse(play(0, ship, -1), "GE-turn-1-2")
	tb.do(play(0, moon, -1))
	tb.s.Turn = 2
	tb.do(play(0, ship, -1))
	capsule := tb.hand(0, "krebiz_light_capsule")
	tb.refuse(play(0, capsule, -1), "GE-turn-1-2")
	tb.s.Turn = 3
	tb.do(play(0, capsule, -1))
}

func TestGE_3_ThreeCardPlaysATurn(t *testing.T) {
	tb := newTable(t)
	for _, id := range []string{"moon", "small_moon", "armory_moon"} {
		tb.do(play(0, tb.hand(0, id), -1))
	}
	tb.refuse(play(0, tb.hand(0, "siobhan_7"), -1), "GE-3-play-a")
	tb.phase(PhaseDiscard)
	tb.refuse(Action{Kind: KindDiscard, Seat: 0, Card: tb.s.Players[0].Hand[0], Target: -1}, "GE-6-discard")
}

func TestGE_Position_CostlyCardsEnterDisengaged(t *testing.T) {
	tb := newTable(t)
	moon := tb.place(0, "moon", -1)
	ship := tb.hand(0, "argonian_sunspot_frigate")
	shield := tb.hand(0, "planetary_shield")
	tb.do(play(0, ship, -1))
	tb.do(play(0, shield, moon))
	if tb.s.Cards[ship].Engaged || !tb.s.Cards[shield].Engaged {
		t.Fatalf("ship engaged %v (want false), shield engaged %v (want true)", tb.s.Cards[ship].Engaged, tb.s.Cards[shield].Engaged)
	}
}

// Economy covers any shortfall, and a producer counts once it will be
// engaged, even toward its own cost (FAQ: Allocation Phase (a)).
func TestGE_1_AllocationEconomyAndSelfFunding(t *testing.T) {
	tb := newTable(t)
	moon := tb.place(0, "armory_moon", -1) // 1 supply, 2 ammunition
	frigate := tb.place(0, "argonian_sunspot_frigate", -1)
	freighter := tb.place(0, "fleet_freighter_left", moon)
	tb.s.startTurn(0)
	engage := func(i int) Action { return Action{Kind: KindEngage, Seat: 0, Card: i, Target: -1} }
	tb.refuse(engage(frigate), "GE-1-allocation-points") // 1 energy short, no economy
	tb.do(engage(freighter))                             // +2 economy pays its own energy
	tb.refuse(engage(frigate), "GE-1-allocation-points") // needs 2 supply and 2 energy in all: 3 short of 2 economy
}

func TestGE_2_EngagementDisengagesWhatWasNotPaid(t *testing.T) {
	tb := newTable(t)
	tb.place(0, "small_moon", -1)
	paid := tb.place(0, "krebiz_light_capsule", -1)
	unpaid := tb.place(0, "krebiz_medium_capsule", -1)
	tb.s.startTurn(0)
	tb.do(Action{Kind: KindEngage, Seat: 0, Card: paid, Target: -1})
	tb.do(Action{Kind: KindEngaged, Seat: 0, Card: -1, Target: -1})
	if !tb.s.Cards[paid].Engaged || tb.s.Cards[unpaid].Engaged || tb.s.Phase != PhasePlayA {
		t.Fatalf("paid %v unpaid %v phase %s", tb.s.Cards[paid].Engaged, tb.s.Cards[unpaid].Engaged, tb.s.Phase)
	}
	if tb.s.firePhasers(unpaid) != 0 {
		t.Fatal("a disengaged ship fires")
	}
}

// Two players: 2 command points, 4 half slots; one Indirigan ship free.
func TestGE_Command_SlotsAndTheMinorEmpireShip(t *testing.T) {
	tb := newTable(t)
	tb.place(0, "argonian_blizzard_destroyer", -1)
	tb.place(0, "argonian_whirlwind_light_cruiser", -1)
	tb.refuse(play(0, tb.hand(0, "argonian_sunspot_frigate"), -1), "GE-command")
	tb.do(play(0, tb.hand(0, "indirigan_nomads_frigate"), -1))
	tb.refuse(play(0, tb.hand(0, "indirigan_light_carrier"), -1), "GE-command")
	tb.do(play(0, tb.hand(0, "krebiz_light_capsule"), -1)) // strength 1: no slot
}

func TestGE_WeaponsDamage_HQOnlyUnprotectedAndOnlyByShips(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	guard := tb.place(1, "corporate_frigate", -1)
	tb.phase(PhaseFire)
	tb.refuse(tb.fire(0, HQ(1), ship), "GE-weapons-damage")
	tb.s.discard(guard)
	base := tb.place(0, "defensive_satellites_right", tb.place(0, "moon", -1))
	tb.refuse(tb.fire(0, HQ(1), base), "GE-weapons-damage")
	tb.refuse(tb.fire(0, HQ(0), ship), "GE-4-standard-targets")
	tb.do(tb.fire(0, HQ(1), ship))
	tb.passAll()
	if tb.s.Players[1].HQ != 4 {
		t.Fatalf("HQ damage %d, want the cruiser's 4 phasers", tb.s.Players[1].HQ)
	}
}

// Six or more HQ damage from one volley earns a draw (GE-win).
func TestGE_Win_VictoryCelebrationDraw(t *testing.T) {
	tb := newTable(t)
	a := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	b := tb.place(0, "argonian_whirlwind_light_cruiser", -1)
	tb.phase(PhaseFire)
	deck := tb.s.Players[0].Draw.Len()
	tb.do(tb.fire(0, HQ(1), a, b))
	tb.passAll()
	if tb.s.Players[1].HQ != 8 || tb.s.Players[0].Hand.Len() != 1 || tb.s.Players[0].Draw.Len() != deck-1 {
		t.Fatalf("HQ %d, hand %d", tb.s.Players[1].HQ, tb.s.Players[0].Hand.Len())
	}
}

func TestGE_Win_TwentyFiveDamageEndsIt(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	tb.place(1, "ore_moon", -1)
	tb.s.Players[1].HQ = 22
	tb.phase(PhaseFire)
	tb.do(tb.fire(0, HQ(1), ship))
	tb.passAll()
	if !tb.s.Players[1].Out || tb.s.Winner != 0 || tb.s.Phase != PhaseOver {
		t.Fatalf("out %v winner %d phase %s", tb.s.Players[1].Out, tb.s.Winner, tb.s.Phase)
	}
	if len(tb.s.fleet(1)) != 0 {
		t.Fatal("the loser's cards stay in play")
	}
	tb.refuse(Action{Kind: KindNext, Seat: 0}, "GE-win")
}

// Shields take damage first and get one point back at their owner's
// record keeping (GE-points-shield, GE-1-record-keeping).
func TestGE_PointsShield_AbsorbFirstAndRegenerateOne(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_typhoon_heavy_cruiser", -1) // 4 phasers
	target := tb.place(1, "corporate_frigate", -1)            // 3 shields, strength 2
	tb.phase(PhaseFire)
	tb.do(tb.fire(0, target, ship))
	tb.passAll()
	c := tb.s.Cards[target]
	if c.Shield != 3 || c.Damage != 1 {
		t.Fatalf("shield damage %d, structure %d; want 3 and 1", c.Shield, c.Damage)
	}
	tb.s.startTurn(1)
	if c.Shield != 2 || c.Damage != 1 {
		t.Fatalf("after record keeping: shield damage %d, structure %d", c.Shield, c.Damage)
	}
}

func TestGE_WeaponsNonHeavy_PhasersCannotHurtTerrain(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	moon := tb.place(1, "ore_moon", -1)
	tb.phase(PhaseFire)
	tb.refuse(tb.fire(0, moon, ship), "GE-weapons-nonheavy")
	tb.s.Cards[ship].Loaded = 2
	tb.do(Action{Kind: KindFire, Seat: 0, Card: -1, Target: moon, Firers: []Firer{{Card: ship, Heavy: 2}}})
	tb.passAll()
	if tb.s.Cards[moon].Damage != 2 {
		t.Fatalf("terrain damage %d, want 2 from two energy fluxes", tb.s.Cards[moon].Damage)
	}
}

func TestGE_PointsAmmunition_HeavyWeaponsFireOnlyArmed(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	target := tb.place(1, "corporate_frigate", -1)
	tb.phase(PhaseFire)
	tb.refuse(Action{Kind: KindFire, Seat: 0, Card: -1, Target: target, Firers: []Firer{{Card: ship, Heavy: 1}}}, "GE-points-ammunition")
}

func TestGE_TypeB_BaseShieldsItsTerrain(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	tb.s.Cards[ship].Loaded = 2
	moon := tb.place(1, "ore_moon", -1)
	tb.place(1, "defensive_satellites_left", moon)
	tb.phase(PhaseFire)
	tb.refuse(Action{Kind: KindFire, Seat: 0, Card: -1, Target: moon, Firers: []Firer{{Card: ship, Heavy: 2}}}, "GE-type-B")
}

func TestGE_4_OneVolleyPerTargetAPhase(t *testing.T) {
	tb := newTable(t)
	a := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	b := tb.place(0, "argonian_sunspot_frigate", -1)
	target := tb.place(1, "corporate_light_cruiser", -1)
	tb.phase(PhaseFire)
	tb.do(tb.fire(0, target, a))
	tb.passAll()
	tb.refuse(tb.fire(0, target, b), "GE-4-volley-e")
	tb.refuse(tb.fire(0, HQ(1), a), "GE-4-volley-a") // a has fired
}

func TestGE_Indirigan_TribesFightFirst(t *testing.T) {
	tb := newTable(t)
	mine := tb.place(0, "indirigan_nomads_frigate", -1)
	theirs := tb.place(1, "indirigan_nomads_escort", -1)
	other := tb.place(1, "corporate_frigate", -1)
	tb.phase(PhaseFire)
	tb.refuse(tb.fire(0, other, mine), "GE-indirigan")
	tb.do(tb.fire(0, theirs, mine))
}

// Firing at one's own fleet is allowed; a unit never fires at itself
// (FAQ: Friendly Fire).
func TestGE_StandardTargets_FriendlyFire(t *testing.T) {
	tb := newTable(t)
	a := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	b := tb.place(0, "argonian_sunspot_frigate", -1)
	tb.phase(PhaseFire)
	tb.refuse(tb.fire(0, a, a), "GE-4-standard-targets")
	tb.do(tb.fire(0, b, a))
}

func TestGE_7_DrawByHandSize(t *testing.T) {
	for hand, want := range map[int]int{0: 2, 9: 2, 10: 1, 11: 1, 12: 0, 20: 0} {
		if got := drawsAllowed(hand); got != want {
			t.Errorf("hand %d: %d draws, want %d", hand, got, want)
		}
	}
	tb := newTable(t)
	tb.phase(PhaseDraw)
	tb.refuse(Action{Kind: KindEnd, Seat: 0, N: 3}, "GE-7-draw")
	tb.do(Action{Kind: KindEnd, Seat: 0, N: 2})
	if tb.s.Players[0].Hand.Len() != 2 || tb.s.Active != 1 || tb.s.Phase != PhaseAlloc {
		t.Fatalf("hand %d, active %d, phase %s", tb.s.Players[0].Hand.Len(), tb.s.Active, tb.s.Phase)
	}
}

func TestGE_ReserveUse_SwapForAnEqualOrStrongerCard(t *testing.T) {
	tb := newTable(t)
	r := tb.card(0, "argonian_whirlwind_light_cruiser") // strength 5
	p := tb.s.Players[0]
	p.Draw.Remove(r)
	p.Reserve.Push(r)
	tb.s.Cards[r].Zone = InReserve
	swap := func(h int) Action { return Action{Kind: KindSwap, Seat: 0, Card: h, Target: r} }
	tb.refuse(swap(tb.hand(0, "moon")), "GE-reserve-use")
	tb.do(swap(tb.hand(0, "hcsuar_drahcir_system")))
	if !p.Hand.Has(r) || tb.s.Plays != 1 {
		t.Fatal("the swap puts the reserve card in the hand for a card play")
	}
}

func TestGE_ReserveCreate_AtMostOneCardAPlayer(t *testing.T) {
	tb := newTable(t)
	tb.s.Phase = PhaseReserve
	tb.s.Players[0].Chosen, tb.s.Players[1].Chosen = false, false
	d := tb.s.Players[0].Draw
	tb.refuse(Action{Kind: KindReserve, Seat: 0, Cards: []int{d[0], d[1], d[2]}}, "GE-reserve-create")
	tb.do(Action{Kind: KindReserve, Seat: 0, Cards: []int{d[0], d[1]}})
	if v := SeatView(tb.s, 1); v.Cards[tb.s.Players[0].Reserve[0]].Def != "" {
		t.Fatal("the reserve fleet shows before the ante")
	}
}

func TestGE_Sequence_OnlyTheActivePlayerInOrder(t *testing.T) {
	tb := newTable(t)
	tb.refuse(Action{Kind: KindNext, Seat: 1}, "GE-sequence")
	tb.refuse(Action{Kind: KindFire, Seat: 0, Target: HQ(1)}, "GE-sequence")
	tb.do(Action{Kind: KindNext, Seat: 0})
	if tb.s.Phase != PhaseFire {
		t.Fatalf("phase %s", tb.s.Phase)
	}
}

// A comet lasts 2 turns and generates on its last (GE-1-record-keeping).
func TestGE_1_RecordKeeping_DurationsAndLastOutput(t *testing.T) {
	tb := newTable(t)
	comet := tb.place(0, "biruks_comet", -1)
	for turn := 1; turn <= 2; turn++ {
		tb.s.startTurn(0)
		if got := tb.s.output(0)[Research]; got != 2 {
			t.Fatalf("turn %d: research %d, want 2", turn, got)
		}
		tb.do(Action{Kind: KindEngaged, Seat: 0})
	}
	if tb.s.Cards[comet].Zone != InDiscard {
		t.Fatal("the comet outlives its 2 turns")
	}
}

func TestGE_Reactions_PlaysOnAnotherPlayersCardsWait(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(0, "argonian_sunspot_frigate", -1) // 2 shields
	tb.do(play(1, tb.hand(1, "dust_cloud"), ship))
	if tb.s.Pending == nil || tb.s.Pending.Asked[0] != 0 {
		t.Fatal("no window for the ship's owner")
	}
	tb.refuse(Action{Kind: KindNext, Seat: 1}, "GE-reactions")
	tb.refuse(Action{Kind: KindPass, Seat: 1}, "GE-reactions")
	tb.passAll()
	if tb.s.Cards[ship].Shield != 1 {
		t.Fatalf("dust cloud did %d", tb.s.Cards[ship].Shield)
	}
}
