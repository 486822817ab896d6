package ge

import "testing"

// One test per ship, base and terrain ability (docs/ge-cards.md).

func alloc(tb *table, kind string, card, n int) Action {
	return Action{Kind: kind, Seat: tb.s.Active, Card: card, Target: -1, N: n}
}

func TestCard_CommercialOutpost_GreatestTerrainModifierCounts(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	moon := tb.place(1, "ore_moon", -1) // 3 supply
	tb.place(1, "commercial_outpost", moon)
	tb.place(1, "fleet_freighter_left", moon)
	out := tb.s.output(1)
	if out[Supply] != 4 || out[Economy] != 2 {
		t.Fatalf("supply %d economy %d; want 4 and 2 (the freighter's +2 over the outpost's +1)", out[Supply], out[Economy])
	}
}

func TestCard_PlanetaryShield_SolidBodiesAndShelter(t *testing.T) {
	tb := newTable(t)
	comet := tb.place(0, "biruks_comet", -1)
	belt := tb.place(0, "benakis_asteroid_belt", -1)
	planet := tb.place(0, "siobhan_7", -1)
	shield := tb.hand(0, "planetary_shield")
	tb.refuse(play(0, shield, comet), "GE-cards-have-rules")
	tb.refuse(play(0, shield, belt), "GE-cards-have-rules")
	tb.do(play(0, shield, planet))
	tb.s.Active = 1
	tb.refuse(play(1, tb.hand(1, "pulsar"), planet), "GE-type-B")
}

func TestCard_DefensiveSatellites_TwoPhasersOnceDamaged(t *testing.T) {
	tb := newTable(t)
	sat := tb.place(1, "defensive_satellites_left", tb.place(1, "ore_moon", -1))
	if tb.s.firePhasers(sat) != 4 {
		t.Fatalf("%d phasers", tb.s.firePhasers(sat))
	}
	tb.s.hurt(sat, 1, byWeapons, 0)
	if tb.s.firePhasers(sat) != 2 || !tb.s.inPlay(sat) {
		t.Fatalf("%d phasers once damaged", tb.s.firePhasers(sat))
	}
	tb.s.hurt(sat, 1, byWeapons, 0)
	if tb.s.inPlay(sat) {
		t.Fatal("a second point does not destroy it")
	}
}

func TestCard_KrebizCapsules_CombineWithTheirCruiser(t *testing.T) {
	tb := newTable(t)
	claw := tb.place(0, "krebiz_claw_heavy_cruiser", -1) // 5, no shields
	pincer := tb.place(0, "krebiz_pincer_destroyer", -1) // 3
	tb.refuse(play(0, tb.hand(0, "krebiz_light_capsule"), claw), "GE-krebiz")
	heavy := tb.hand(0, "krebiz_heavy_capsule")
	tb.refuse(play(0, heavy, pincer), "GE-krebiz")
	tb.s.discard(pincer)
	tb.do(play(0, heavy, claw))
	if tb.s.strength(claw) != 7 || tb.s.shields(claw) != 4 || tb.s.heavy(claw) != 3 || tb.s.isUnit(heavy) {
		t.Fatalf("combined: strength %d shields %d heavy %d", tb.s.strength(claw), tb.s.shields(claw), tb.s.heavy(claw))
	}
	tb.refuse(play(0, tb.hand(0, "krebiz_medium_capsule"), claw), "GE-krebiz")
}

func TestCard_KrebizArmor_StrengthOnACruiserOnly(t *testing.T) {
	tb := newTable(t)
	capsule := tb.place(0, "krebiz_light_capsule", -1)
	cruiser := tb.place(0, "krebiz_mandible_lt_cruiser", -1)
	armor := tb.hand(0, "krebiz_armor")
	tb.refuse(play(0, armor, capsule), "GE-krebiz")
	tb.do(play(0, armor, cruiser))
	if tb.s.strength(cruiser) != 5 || tb.s.slotsUsed(0) != 2 {
		t.Fatalf("strength %d, half slots %d", tb.s.strength(cruiser), tb.s.slotsUsed(0))
	}
}

func TestCard_Escorts_InterceptForAStrongShip(t *testing.T) {
	tb := newTable(t)
	claw := tb.place(0, "krebiz_claw_heavy_cruiser", -1)
	tb.place(0, "krebiz_heavy_capsule", claw) // 7 strength, 4 shields
	escort := tb.place(0, "argonian_warm_front_escort", -1)
	tb.s.Active = 1
	shooter := tb.place(1, "corporate_light_cruiser", -1) // 3 phasers
	tb.phase(PhaseFire)
	tb.do(tb.fire(1, claw, shooter))
	tb.refuse(Action{Kind: KindReact, Seat: 0, Card: escort, Target: -1, N: 4}, "GE-cards-have-rules")
	tb.do(Action{Kind: KindReact, Seat: 0, Card: escort, Target: -1, N: 2}) // takes 4 for 2 of the 3
	tb.passAll()
	if tb.s.Cards[claw].Shield != 1 || tb.s.Cards[escort].Shield != 4 || tb.s.Cards[escort].Damage != 0 {
		t.Fatalf("cruiser shield %d; escort shield %d structure %d", tb.s.Cards[claw].Shield, tb.s.Cards[escort].Shield, tb.s.Cards[escort].Damage)
	}
	tb.s.Cards[shooter].Shot = 0
	tb.do(tb.fire(1, escort, shooter))
	tb.refuse(Action{Kind: KindReact, Seat: 0, Card: escort, Target: -1}, "GE-action-limit")
}

func TestCard_CorporatePlasma_EnergySetsDamage(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	tb.place(1, "hcsuar_drahcir_system", -1) // 3 supply, 2 energy
	tb.place(1, "large_asteroid", -1)        // 2 supply: still no ammunition
	cruiser := tb.place(1, "corporate_light_cruiser", -1)
	tb.s.startTurn(1)
	tb.do(alloc(tb, KindEngage, cruiser, 0))
	tb.refuse(alloc(tb, KindPlasma, cruiser, 1), "GE-1-allocation-points")
	tb.s.Players[1].Alloc.Extra[Ammo] = 1
	tb.refuse(alloc(tb, KindPlasma, cruiser, 4), "GE-variable-plasma")
	tb.refuse(alloc(tb, KindPlasma, cruiser, 3), "GE-1-allocation-points") // energy 2 only
	tb.do(alloc(tb, KindPlasma, cruiser, 2))
	tb.do(alloc(tb, KindEngaged, -1, 0))
	tb.phase(PhaseFire)
	target := tb.place(0, "krebiz_clipper_frigate_left", -1) // no shields, strength 2
	tb.do(Action{Kind: KindFire, Seat: 1, Target: target, Firers: []Firer{{Card: cruiser, Heavy: 1}}})
	tb.passAll()
	if tb.s.inPlay(target) {
		t.Fatal("2 plasma damage leaves a strength 2 frigate")
	}
}

// A Mechad field: nodes times energy, capped at twice the strength and at
// strength plus the field left (FAQ: EMF (b)); it absorbs like shields.
func TestCard_MechadEMF_NodesTimesEnergyCapped(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	tb.place(1, "hcsuar_drahcir_system", -1)
	escort := tb.place(1, "mechad_escort", -1) // 2 nodes, strength 2
	if tb.s.Cards[escort].EMF != 2 {
		t.Fatalf("enters with field %d, want its strength", tb.s.Cards[escort].EMF)
	}
	tb.s.Cards[escort].EMF = 0
	tb.s.startTurn(1)
	tb.do(alloc(tb, KindEngage, escort, 0))
	tb.do(alloc(tb, KindEMF, escort, 2))
	tb.do(alloc(tb, KindEngaged, -1, 0))
	if tb.s.Cards[escort].EMF != 2 { // 2x2=4, twice strength 4, strength+left 2
		t.Fatalf("field %d, want 2", tb.s.Cards[escort].EMF)
	}
	tb.s.hurt(escort, 2, byWeapons, 0)
	if tb.s.Cards[escort].EMF != 0 || tb.s.Cards[escort].Damage != 0 {
		t.Fatal("the field does not absorb")
	}
	tb.s.hurt(escort, 1, byStructural, 0)
	if tb.s.Cards[escort].Damage != 1 {
		t.Fatal("structural damage")
	}
}

func TestCard_CorporateScoutCruiser_ResearchOrAPeek(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	tb.place(1, "hcsuar_drahcir_system", -1)
	scout := tb.place(1, "corporate_scout_cruiser", -1)
	secret := tb.hand(0, "moon")
	tb.s.startTurn(1)
	tb.do(alloc(tb, KindEngage, scout, 0))
	if tb.s.output(1)[Research] != 1 {
		t.Fatal("no research by default")
	}
	if SeatView(tb.s, 1).Cards[secret].Def != "" {
		t.Fatal("seat 1 sees seat 0's hand")
	}
	tb.refuse(alloc(tb, KindMode, scout, 1), "") // whose hand?
	look := alloc(tb, KindMode, scout, 1)
	look.Player = 1 // seat 0's
	tb.do(look)
	if tb.s.output(1)[Research] != 0 || SeatView(tb.s, 1).Cards[secret].Def != "moon" || tb.s.Players[1].Peeks != 1 {
		t.Fatal("the peek does not show the card, or research stays")
	}
	tb.refuse(alloc(tb, KindMode, scout, 0), "GE-action-limit")
}

func TestCard_IndiriganLightCarrier_RearmsShuttles(t *testing.T) {
	tb := newTable(t)
	carrier := tb.place(0, "indirigan_light_carrier", -1)
	shuttle := tb.place(0, "shuttlecraft_left", carrier)
	tb.s.Cards[shuttle].Armed, tb.s.Cards[shuttle].Used = false, true
	tb.s.startTurn(0)
	tb.s.Cards[carrier].Paid = true
	tb.do(alloc(tb, KindEngaged, -1, 0))
	if !tb.s.Cards[shuttle].Armed {
		t.Fatal("the carrier does not re-arm its shuttle")
	}
}

func TestCard_FleetFreighter_OnTerrainOnly(t *testing.T) {
	tb := newTable(t)
	f := tb.hand(0, "fleet_freighter_left")
	tb.refuse(play(0, f, -1), "GE-type-S")
	tb.do(play(0, f, tb.place(0, "moon", -1)))
}

func TestCard_IonizedParticleField_EnergyFallsFourToOne(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	field := tb.place(1, "ionized_particle_field", -1)
	for _, want := range []int{4, 3, 2, 1} {
		tb.s.startTurn(1)
		if got := tb.s.output(1)[Energy]; got != want {
			t.Fatalf("energy %d, want %d", got, want)
		}
		tb.do(alloc(tb, KindEngaged, -1, 0))
	}
	if tb.s.inPlay(field) {
		t.Fatal("the field outlives 4 turns")
	}
}

func TestCard_PlasmaField_TerrainOrHazard(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	terrain := tb.hand(1, "plasma_field")
	tb.do(play(1, terrain, -1))
	if tb.s.output(1)[Energy] != 2 {
		t.Fatal("as terrain it generates 2 energy")
	}
	tb.s.discard(terrain)
	tb.s.Players[1].Discard.Remove(terrain)
	tb.s.Players[1].Hand.Push(terrain)
	tb.s.Cards[terrain].Zone = InHand
	ship := tb.place(0, "krebiz_mandible_lt_cruiser", -1) // no shields, strength 4
	tb.do(Action{Kind: KindPlay, Seat: 1, Card: terrain, Target: ship, N: 1})
	tb.passAll()
	if tb.s.Cards[ship].Damage != 2 || tb.s.output(1)[Energy] != 0 {
		t.Fatalf("hazard: damage %d", tb.s.Cards[ship].Damage)
	}
	tb.s.startTurn(1) // its owner's record keeping: 2 more
	if tb.s.inPlay(ship) {
		t.Fatal("4 damage leaves a strength 4 ship")
	}
}

// Research removes the hazard from one's own card.
func TestCard_PlasmaField_ResearchedAway(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	field := tb.hand(1, "plasma_field")
	ship := tb.place(0, "argonian_typhoon_heavy_cruiser", -1)
	tb.do(Action{Kind: KindPlay, Seat: 1, Card: field, Target: ship, N: 1})
	tb.passAll()
	tb.s.startTurn(0)
	tb.place(0, "biruks_comet", -1)
	tb.do(alloc(tb, KindResearch, field, 2))
	if tb.s.inPlay(field) {
		t.Fatal("2 research leave the hazard")
	}
}

func TestCard_BiruksComet_TwoResearchForTwoTurns(t *testing.T) {
	tb := newTable(t)
	comet := tb.place(0, "biruks_comet", -1)
	if tb.s.output(0)[Research] != 2 || tb.s.Cards[comet].Timer != 2 {
		t.Fatal("2 research, 2 turns")
	}
}

func TestCard_PhaserRefit_OneMoreOnAnEngagedUnit(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "corporate_frigate", -1)
	refit := tb.place(1, "phaser_refit", ship)
	if tb.s.firePhasers(ship) != 2 {
		t.Fatalf("%d phasers", tb.s.firePhasers(ship))
	}
	tb.s.Cards[refit].Engaged = false // non-passive: idle while its unit is
	if tb.s.firePhasers(ship) != 1 {
		t.Fatal("an idle refit fires")
	}
}

// A cruiser held up by its armor goes when the armor does (the sim found
// a unit left in play at its strength in damage).
func TestCard_KrebizArmor_LosingItWrecksADamagedCruiser(t *testing.T) {
	tb := newTable(t)
	cruiser := tb.place(0, "krebiz_mandible_lt_cruiser", -1) // 4
	armor := tb.place(0, "krebiz_armor", cruiser)
	tb.s.Cards[cruiser].Damage = 4
	tb.phase(PhaseDiscard)
	tb.do(Action{Kind: KindDiscard, Seat: 0, Card: armor, Target: -1})
	if tb.s.inPlay(cruiser) {
		t.Fatal("the cruiser outlives its armor at 4 damage of 4")
	}
}
