package ge

import "testing"

// One test per hazard, luck, monster and occurrence (docs/ge-cards.md).
// Deck A's cards are played by seat 0, deck B's by seat 1.

func TestCard_DivergentAnomaly_TheHQStandsOpenForATurn(t *testing.T) {
	tb := newTable(t)
	shooter := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	guard := tb.place(1, "corporate_frigate", -1)
	tb.do(play(0, tb.hand(0, "divergent_anomaly"), guard))
	tb.passAll()
	tb.phase(PhaseFire)
	tb.do(tb.fire(0, HQ(1), shooter))
	tb.passAll()
	tb.s.startTurn(0) // its owner's next record keeping: gone
	if len(tb.s.guards(1)) != 1 {
		t.Fatal("the frigate does not guard again")
	}
}

func TestCard_DustCloud_OneCardDamage(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(0, "krebiz_mandible_lt_cruiser", -1)
	dust := tb.hand(1, "dust_cloud")
	tb.refuse(play(1, dust, tb.place(0, "moon", -1)), "GE-play-on")
	tb.do(play(1, dust, ship))
	tb.passAll()
	if tb.s.Cards[ship].Damage != 1 || tb.s.Cards[dust].Zone != InDiscard {
		t.Fatal("1 card damage, then discarded")
	}
}

func TestCard_GravityWave_EveryShipOfAFleet(t *testing.T) {
	tb := newTable(t)
	a := tb.place(1, "corporate_frigate", -1)
	b := tb.place(1, "corporate_destroyer", -1)
	base := tb.place(1, "commercial_outpost", tb.place(1, "ore_moon", -1))
	wave := tb.hand(0, "gravity_wave")
	tb.refuse(Action{Kind: KindPlay, Seat: 0, Card: wave, Target: -1, Player: 1}, "")
	tb.do(Action{Kind: KindPlay, Seat: 0, Card: wave, Target: -1, Player: 2})
	tb.passAll()
	if tb.s.Cards[a].Shield != 1 || tb.s.Cards[b].Shield != 1 || tb.s.Cards[base].Shield != 0 {
		t.Fatal("1 to each ship, none to bases")
	}
}

func TestCard_IonStorm_TwoCardDamage(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(1, "corporate_frigate", -1)
	tb.do(play(0, tb.hand(0, "ion_storm"), ship))
	tb.passAll()
	if tb.s.Cards[ship].Shield != 2 {
		t.Fatal("2 card damage")
	}
}

func TestCard_Pulsar_OneATurnForThreeTurnsEvenOnTerrain(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	moon := tb.place(0, "hcsuar_drahcir_system", -1) // strength 5
	pulsar := tb.hand(1, "pulsar")
	tb.do(play(1, pulsar, moon))
	tb.passAll()
	tb.s.startTurn(1)
	tb.s.startTurn(1)
	tb.s.startTurn(1)
	if tb.s.Cards[moon].Damage != 3 || tb.s.inPlay(pulsar) {
		t.Fatalf("terrain damage %d, want 3; pulsar gone", tb.s.Cards[moon].Damage)
	}
}

func TestCard_LuckyCrewAction_TheCrewIgnoresThePlay(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	tech := tb.place(0, "technician", tb.place(0, "moon", -1))
	injury := tb.hand(1, "injury")
	lucky := tb.hand(0, "lucky_crew_action")
	tb.do(play(1, injury, tech))
	tb.do(Action{Kind: KindReact, Seat: 0, Card: lucky, Target: -1})
	if tb.s.Cards[injury].Zone != InDiscard || tb.s.Cards[lucky].Zone != InDiscard || tb.s.stopped(tech) {
		t.Fatal("the injury is not ignored")
	}
}

func TestCard_Malpractice_OnlyOnADoctor(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	doc := tb.place(0, "doctor", ship)
	tech := tb.place(0, "technician", ship)
	mal := tb.hand(0, "malpractice")
	tb.refuse(play(0, mal, tech), "GE-cards-have-rules")
	tb.do(play(0, mal, doc))
	if !tb.s.stopped(doc) {
		t.Fatal("the doctor still works")
	}
}

func TestCard_LuckyTargeting_HalfAgainThisTurn(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "corporate_light_cruiser", -1) // 3 phasers
	tb.do(play(1, tb.hand(1, "lucky_targeting"), ship))
	target := tb.place(0, "krebiz_claw_heavy_cruiser", -1) // no shields, strength 5
	tb.phase(PhaseFire)
	tb.do(tb.fire(1, target, ship))
	tb.passAll()
	if tb.s.Cards[target].Damage != 4 {
		t.Fatalf("damage %d, want 3 x 1.5 dropped to 4", tb.s.Cards[target].Damage)
	}
}

func TestCard_SmallPhaserEel_SoaksPhasersDiesToHeavy(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	tb.s.Active = 1
	eel := tb.hand(1, "small_phaser_eel")
	tb.do(play(1, eel, ship))
	tb.passAll()
	tb.s.Active = 0
	other := tb.place(1, "mechad_frigate", -1)
	tb.s.Cards[other].EMF = 0
	tb.phase(PhaseFire)
	tb.do(tb.fire(0, other, ship))
	tb.passAll()
	if tb.s.Cards[other].Damage != 0 {
		t.Fatal("phaser fire gets past the eel")
	}
}

func TestCard_SmallPhaserEel_ATarget(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	tb.s.Cards[ship].Loaded = 1
	eel := tb.place(1, "small_phaser_eel", ship)
	tb.phase(PhaseFire)
	tb.do(Action{Kind: KindFire, Seat: 0, Target: eel, Firers: []Firer{{Card: ship, Heavy: 1}}})
	tb.passAll()
	if tb.s.inPlay(eel) {
		t.Fatal("one heavy point does not kill the eel")
	}
}

func TestCard_SpaceVertigo_TheCrewStopsForATurn(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	tech := tb.place(0, "technician", tb.place(0, "moon", -1))
	v := tb.hand(1, "space_vertigo")
	tb.do(play(1, v, tech))
	tb.passAll()
	if !tb.s.stopped(tech) {
		t.Fatal("vertigo does not stop the crew")
	}
	tb.s.startTurn(1)
	if tb.s.stopped(tech) {
		t.Fatal("vertigo lasts past its turn")
	}
}

func TestCard_InvincoGuardian_WeakestShipTakesThree(t *testing.T) {
	tb := newTable(t)
	weak := tb.place(0, "krebiz_light_capsule", -1)
	strong := tb.place(0, "krebiz_mandible_lt_cruiser", -1)
	g := tb.hand(0, "invinco_guardian")
	tb.refuse(play(0, g, strong), "GE-cards-have-rules")
	tb.do(play(0, g, weak))
	tb.s.hurt(weak, 2, byWeapons, 1)
	if tb.s.Cards[weak].Shield != 0 || !tb.s.inPlay(g) {
		t.Fatal("the guardian does not take the damage")
	}
	tb.s.hurt(weak, 5, byWeapons, 1)
	if tb.s.inPlay(g) || tb.s.Cards[weak].Shield != 0 {
		t.Fatal("the guardian survives 3 or its excess splashes")
	}
}

func TestCard_ShieldFiend_ShieldsToZero(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(1, "corporate_light_cruiser", -1)
	mechad := tb.place(1, "mechad_frigate", -1)
	fiend := tb.hand(0, "shield_fiend")
	tb.refuse(play(0, fiend, mechad), "GE-cards-have-rules")
	tb.do(play(0, fiend, ship))
	tb.passAll()
	if tb.s.shields(ship) != 0 || tb.s.inPlay(fiend) {
		t.Fatal("shields stand")
	}
	tb.s.startTurn(1)
	if tb.s.shields(ship) != 1 {
		t.Fatal("they regenerate one a turn")
	}
}

func TestCard_Breakdown_NoFireUntilRepaired(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	tb.s.Active = 1
	bd := tb.hand(1, "breakdown")
	tb.do(play(1, bd, ship))
	tb.passAll()
	if tb.s.firePhasers(ship) != 0 {
		t.Fatal("a broken-down ship fires")
	}
	tb.s.startTurn(0)
	tb.s.Players[0].Alloc.Extra[Economy] = 1
	tb.do(alloc(tb, KindRepair, bd, 1))
	if tb.s.inPlay(bd) {
		t.Fatal("1 repair does not remove it")
	}
}

func TestCard_Illness_OneTurnOrOneResearch(t *testing.T) {
	tb := newTable(t)
	tech := tb.place(1, "helmsman", tb.place(1, "corporate_frigate", -1))
	ill := tb.hand(0, "illness")
	tb.do(play(0, ill, tech))
	tb.passAll()
	tb.s.startTurn(1)
	tb.s.Players[1].Alloc.Extra[Research] = 1
	tb.do(alloc(tb, KindResearch, ill, 1))
	if tb.s.inPlay(ill) {
		t.Fatal("1 research does not cure it")
	}
}

func TestCard_Injury_TwoResearch(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	tech := tb.place(0, "technician", tb.place(0, "moon", -1))
	inj := tb.hand(1, "injury")
	tb.do(play(1, inj, tech))
	tb.passAll()
	tb.s.startTurn(0)
	tb.s.Players[0].Alloc.Extra[Research] = 2
	tb.do(alloc(tb, KindResearch, inj, 1))
	if !tb.s.inPlay(inj) {
		t.Fatal("1 research cures an injury")
	}
	tb.refuse(alloc(tb, KindResearch, inj, 2), "GE-points-research")
	tb.do(alloc(tb, KindEngaged, -1, 0)) // the rest in a later allocation
	tb.s.startTurn(0)
	tb.s.Players[0].Alloc.Extra[Research] = 1
	tb.do(alloc(tb, KindResearch, inj, 1))
	if tb.s.inPlay(inj) {
		t.Fatal("2 research do not cure it")
	}
}

func TestCard_EarlyWarningBeacon_FivePlays(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	tb.do(play(1, tb.hand(1, "early_warning_beacon"), -1))
	for _, id := range []string{"ore_moon", "large_asteroid", "kalins_small_red_nebula", "hcsuar_drahcir_system"} {
		tb.do(play(1, tb.hand(1, id), -1))
	}
	tb.refuse(play(1, tb.hand(1, "siobhan_7"), -1), "GE-3-play-a")
}

func TestCard_ForcedRetreat_BackToTheHand(t *testing.T) {
	tb := newTable(t)
	big := tb.place(1, "corporate_light_cruiser", -1)
	small := tb.place(1, "corporate_frigate", -1)
	crew := tb.place(1, "helmsman", small)
	fr := tb.hand(0, "forced_retreat")
	tb.refuse(play(0, fr, big), "GE-cards-have-rules")
	tb.do(play(0, fr, small))
	tb.passAll()
	if tb.s.Cards[small].Zone != InHand || tb.s.Cards[crew].Zone != InHand || tb.s.Cards[fr].Zone != InDiscard {
		t.Fatal("the frigate and its crew do not go back")
	}
}

func TestCard_OffensiveElectronicWarfare_TwoMoreOnTheNextVolley(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "corporate_frigate", -1) // 1 phaser
	oew := tb.hand(1, "offensive_electronic_warfare")
	tb.do(play(1, oew, ship))
	target := tb.place(0, "krebiz_claw_heavy_cruiser", -1)
	tb.phase(PhaseFire)
	tb.do(tb.fire(1, target, ship))
	tb.passAll()
	if tb.s.Cards[target].Damage != 3 || tb.s.inPlay(oew) {
		t.Fatal("not 1 + 2, or the card stays")
	}
}

func TestCard_LoveInterest_CrewOfFourOrLess(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	tech := tb.place(0, "technician", tb.place(0, "moon", -1))
	li := tb.hand(1, "love_interest")
	tb.do(play(1, li, tech))
	tb.passAll()
	if !tb.s.stopped(tech) {
		t.Fatal("love interest does not stop the crew")
	}
}
