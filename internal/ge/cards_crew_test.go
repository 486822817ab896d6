package ge

import "testing"

// One test per crew and equipment ability (docs/ge-cards.md).

func actOn(seat, card, target, option, via int) Action {
	return Action{Kind: KindAct, Seat: seat, Card: card, Target: target, N: option, Via: via + 1}
}

func TestCard_BoardingParty_StructuralDamageByMission(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	bp := tb.place(0, "boarding_party", ship)
	shuttle := tb.place(0, "shuttlecraft_left", ship)
	target := tb.place(1, "corporate_frigate", -1) // 3 shields, strength 2
	tb.refuse(actOn(0, bp, target, 0, -1), "GE-there-and-back")
	tb.do(actOn(0, bp, target, 0, shuttle))
	tb.passAll()
	if c := tb.s.Cards[target]; c.Damage != 1 || c.Shield != 0 {
		t.Fatalf("structure %d shields %d: want 1 past the shields", c.Damage, c.Shield)
	}
	tb.refuse(actOn(0, bp, target, 0, shuttle), "GE-action-limit")
}

func TestCard_BoardingParty_CaptureNoStrongerThanItself(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	bp := tb.place(0, "boarding_party", ship)
	shuttle := tb.place(0, "shuttlecraft_left", ship)
	host := tb.place(1, "corporate_frigate", -1)
	weak := tb.place(1, "crewman", host)
	strong := tb.place(1, "helmsman", host)
	tb.refuse(actOn(0, bp, strong, 1, shuttle), "GE-cards-have-rules")
	tb.do(actOn(0, bp, weak, 1, shuttle))
	tb.passAll()
	if tb.s.inPlay(weak) {
		t.Fatal("the crewman is not captured")
	}
}

func TestCard_Transporter_NotThroughRaisedShields(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	bp := tb.place(0, "boarding_party", ship)
	tr := tb.place(0, "transporter", ship)
	target := tb.place(1, "corporate_frigate", -1)
	tb.refuse(actOn(0, bp, target, 0, tr), "GE-there-and-back")
	tb.s.Cards[target].Shield = 3
	tb.do(actOn(0, bp, target, 0, tr))
}

func TestCard_SecurityOfficer_BarsWeakAttackers(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	bp := tb.place(0, "boarding_party", ship)
	shuttle := tb.place(0, "shuttlecraft_left", ship)
	target := tb.place(1, "corporate_frigate", -1)
	tb.place(1, "security_officer", target)
	tb.refuse(actOn(0, bp, target, 0, shuttle), "GE-cards-have-rules")
}

func TestCard_SecurityOfficer_AnswersAMission(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	bp := tb.place(0, "boarding_party", ship)
	shuttle := tb.place(0, "shuttlecraft_left", ship)
	target := tb.place(1, "corporate_frigate", -1)
	so := tb.hand(1, "security_officer")
	tb.do(actOn(0, bp, target, 0, shuttle))
	tb.do(Action{Kind: KindReact, Seat: 1, Card: so, Target: -1})
	if tb.s.Cards[target].Damage != 0 || tb.s.Cards[so].On != target+1 || !tb.s.Cards[bp].Used {
		t.Fatal("the mission is not voided, or the officer not placed")
	}
}

func TestCard_Mercenary_CostsEconomyAndKillsWeakCrew(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "corporate_frigate", -1)
	merc := tb.place(1, "mercenary", ship)
	shuttle := tb.place(1, "shuttlecraft_right", ship)
	if tb.def(merc).Cost[Economy] != 1 {
		t.Fatal("no economy cost")
	}
	enemy := tb.place(0, "argonian_sunspot_frigate", -1)
	doc := tb.place(0, "doctor", enemy)
	tb.do(actOn(1, merc, doc, 1, shuttle))
	tb.passAll()
	if tb.s.inPlay(doc) {
		t.Fatal("the doctor survives")
	}
}

func (tb *table) def(i int) *Def { return tb.s.def(i) }

func TestCard_Crewman_TakesTheEffectInstead(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	tech := tb.place(0, "technician", ship)
	crewman := tb.hand(0, "crewman")
	injury := tb.hand(1, "injury")
	tb.do(play(1, injury, tech))
	tb.do(Action{Kind: KindReact, Seat: 0, Card: crewman, Target: -1})
	if tb.s.Cards[injury].On != crewman+1 || tb.s.stopped(tech) || !tb.s.stopped(crewman) {
		t.Fatal("the injury does not land on the crewman")
	}
}

func TestCard_CivilianCaptain_GenericShipLessSupplyFirstPointFree(t *testing.T) {
	tb := newTable(t)
	moon := tb.place(0, "moon", -1)
	freighter := tb.place(0, "fleet_freighter_left", moon)
	argonian := tb.place(0, "argonian_sunspot_frigate", -1)
	capt := tb.hand(0, "civilian_captain")
	tb.refuse(play(0, capt, argonian), "GE-cards-have-rules")
	tb.do(play(0, capt, freighter))
	if c := tb.s.cost(freighter); c[Supply] != 0 || c[Energy] != 1 {
		t.Fatalf("freighter cost %v", c)
	}
	tb.s.hurt(freighter, 4, byWeapons, 1) // 1 ignored, 3 shields
	if tb.s.Cards[freighter].Damage != 0 || tb.s.Cards[freighter].Shield != 3 {
		t.Fatalf("shield %d damage %d", tb.s.Cards[freighter].Shield, tb.s.Cards[freighter].Damage)
	}
}

func TestCard_Doctor_CuresAndKeepsAilmentsAway(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	tech := tb.place(0, "technician", ship)
	tb.s.Active = 1
	tb.do(play(1, tb.hand(1, "injury"), tech))
	tb.passAll()
	if !tb.s.stopped(tech) {
		t.Fatal("the injury does not stop the technician")
	}
	tb.s.Active = 0
	doc := tb.hand(0, "doctor")
	tb.do(play(0, doc, ship))
	if tb.s.stopped(tech) {
		t.Fatal("the doctor does not cure")
	}
	if err := ailment(tb.s, tb.card(0, "illness"), tech); err == nil {
		t.Fatal("an ailment may be played where a doctor is")
	}
	tb.s.Active = 1
	tb.do(play(1, tb.hand(1, "love_interest"), tech)) // not an ailment
}

func TestCard_Doctor_AnswersAnAilment(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	tech := tb.place(0, "technician", ship)
	doc := tb.hand(0, "doctor")
	injury := tb.hand(1, "injury")
	tb.do(play(1, injury, tech))
	tb.do(Action{Kind: KindReact, Seat: 0, Card: doc, Target: -1})
	if tb.s.Cards[injury].Zone != InDiscard || tb.s.Cards[doc].On != ship+1 {
		t.Fatal("the doctor does not stop the injury")
	}
	tb.s.startTurn(0)
	if tb.s.produces(doc)[Research] != 1 {
		t.Fatal("the doctor generates 1 research")
	}
}

func TestCard_Helmsman_LessHazardAndTheShipGoesHome(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(1, "mechad_destroyer", -1)
	tb.s.Cards[ship].EMF = 0
	helm := tb.place(1, "helmsman", ship)
	tb.do(play(0, tb.hand(0, "ion_storm"), ship))
	tb.passAll()
	if tb.s.Cards[ship].Damage != 1 {
		t.Fatalf("the ion storm did %d, want 2 less 1", tb.s.Cards[ship].Damage)
	}
	tb.s.Active = 1
	tb.do(actOn(1, helm, ship, 0, -1))
	if tb.s.Cards[ship].Zone != InHand || tb.s.Cards[helm].Zone != InDiscard || tb.s.Plays != 2 {
		t.Fatal("the ship is not returned for a card play")
	}
}

func TestCard_Technician_OneChoiceATurn(t *testing.T) {
	tb := newTable(t)
	tb.place(0, "kalins_small_red_nebula", -1) // 2 energy
	tech := tb.place(0, "technician", tb.place(0, "moon", -1))
	tb.s.startTurn(0)
	if out := tb.s.output(0); out[Research] != 1 || out[Energy] != 3 {
		t.Fatalf("default: %v", out)
	}
	tb.do(alloc(tb, KindMode, tech, 2))
	out := tb.s.output(0)
	if out[Energy] != 5 || out[Research] != 0 || tb.s.Players[0].Alloc.Spent[Energy] != 1 {
		t.Fatalf("doubling one energy: output %v spent %v", out, tb.s.Players[0].Alloc.Spent)
	}
}

func TestCard_Cargo_TakesAPointOrGivesSupply(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "krebiz_mandible_lt_cruiser", -1)
	cargo := tb.place(0, "cargo", ship)
	tb.s.hurt(ship, 2, byWeapons, 1)
	if tb.s.Cards[ship].Damage != 1 || tb.s.inPlay(cargo) {
		t.Fatal("cargo does not take a point")
	}
}

func TestCard_DistributionNode_MechadOnly(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	mechad := tb.place(1, "mechad_frigate", -1)
	corp := tb.place(1, "corporate_frigate", -1)
	node := tb.place(1, "distribution_node", corp)
	if tb.s.equipWorks(node) || tb.s.nodes(corp) != 0 {
		t.Fatal("a Mechad node works on a Corporate ship")
	}
	tb.s.Cards[node].On = mechad + 1
	if tb.s.nodes(mechad) != 2 {
		t.Fatalf("%d nodes, want 1 and 1 refit", tb.s.nodes(mechad))
	}
	tb.place(1, "phaser_refit", mechad)
	if tb.s.firePhasers(mechad) != 3 {
		t.Fatalf("refit: %d phasers, want 3", tb.s.firePhasers(mechad))
	}
}

func TestCard_EscapePod_CrewLeaveADestroyedUnit(t *testing.T) {
	tb := newTable(t)
	moon := tb.place(0, "moon", -1)
	ship := tb.place(0, "krebiz_pincer_destroyer", -1) // no shields, strength 3
	tb.place(0, "escape_pod", ship)
	tech := tb.place(0, "technician", ship)
	tb.s.hurt(ship, 3, byWeapons, 1)
	if tb.s.inPlay(ship) || tb.s.Cards[tech].On != moon+1 {
		t.Fatal("the crew does not escape")
	}
}

func TestCard_FuserMechanism_DoubleOnTheTurnPlayed(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "indirigan_nomads_frigate", -1)
	fuser := tb.hand(0, "fuser_mechanism")
	tb.do(play(0, fuser, ship))
	tb.s.Cards[fuser].Engaged = true
	tb.s.Cards[ship].Loaded = 1
	target := tb.place(1, "indirigan_nomads_escort", -1) // 6 shields
	tb.phase(PhaseFire)
	tb.do(Action{Kind: KindFire, Seat: 0, Target: target, Firers: []Firer{{Card: ship, Heavy: 1}}})
	tb.passAll()
	if tb.s.Cards[target].Shield != 2 || tb.s.inPlay(fuser) {
		t.Fatalf("shield damage %d, want 2 from one doubled boomerang; fuser gone", tb.s.Cards[target].Shield)
	}
}

func TestCard_ProbeAndLaboratory_Research(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "corporate_frigate", -1)
	tb.place(1, "probe", ship)
	tb.s.startTurn(1)
	if tb.s.output(1)[Research] != 0 {
		t.Fatal("a probe works on an unpaid ship")
	}
	tb.s.Cards[ship].Paid = true
	if tb.s.output(1)[Research] != 1 {
		t.Fatal("a probe gives 1 research")
	}
	tb2 := newTable(t)
	s2 := tb2.place(0, "argonian_sunspot_frigate", -1)
	tb2.place(0, "laboratory", s2)
	tb2.s.startTurn(0)
	if tb2.s.output(0)[Research] != 2 {
		t.Fatal("a laboratory gives 2 research on an unpaid ship")
	}
}

func TestCard_NuclearMine_TwoCardDamageThenGone(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	mine := tb.place(1, "nuclear_mine", tb.place(1, "corporate_frigate", -1))
	target := tb.place(0, "krebiz_mandible_lt_cruiser", -1)
	tb.do(actOn(1, mine, target, 0, -1))
	tb.passAll()
	if tb.s.Cards[target].Damage != 2 || tb.s.inPlay(mine) {
		t.Fatal("the mine does not hit for 2 and go")
	}
}

func TestCard_EngineSynchronization_OneEnergyLess(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(1, "mechad_light_cruiser", -1)
	tb.place(1, "engine_synchronization", ship)
	if c := tb.s.cost(ship); c[Energy] != 0 || c[Supply] != 1 {
		t.Fatalf("cost %v", c)
	}
}

func TestCard_Shuttlecraft_OneShotPhaserAndCarries(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	shuttle := tb.place(0, "shuttlecraft_left", ship)
	target := tb.place(1, "corporate_frigate", -1)
	tb.phase(PhaseFire)
	tb.do(Action{Kind: KindFire, Seat: 0, Target: target, Firers: []Firer{{Card: shuttle, Phasers: 1}}})
	tb.passAll()
	if tb.s.Cards[shuttle].Armed || tb.s.firePhasers(shuttle) != 0 {
		t.Fatal("the shuttle's phaser is not spent")
	}
}

func TestCard_Transporter_RescuesCrewUnderFire(t *testing.T) {
	tb := newTable(t)
	tb.s.Active = 1
	ship := tb.place(0, "krebiz_pincer_destroyer", -1)
	other := tb.place(0, "argonian_sunspot_frigate", -1)
	tech := tb.place(0, "technician", ship)
	tr := tb.hand(0, "transporter")
	shooter := tb.place(1, "corporate_light_cruiser", -1)
	tb.phase(PhaseFire)
	tb.do(tb.fire(1, ship, shooter))
	tb.do(Action{Kind: KindReact, Seat: 0, Card: tr, Target: -1})
	tb.passAll()
	if tb.s.inPlay(ship) || tb.s.Cards[tech].On != other+1 || tb.s.Cards[tr].On != other+1 {
		t.Fatal("the crew is not carried off")
	}
}

// A shuttle answering fire shoots only at one of the volley's firers, and
// only in a weapons fire phase; its rescue aims at nothing.
func TestCard_Shuttlecraft_AnswersFireAtAFirerOnly(t *testing.T) {
	tb := newTable(t)
	ship := tb.place(0, "argonian_sunspot_frigate", -1)
	other := tb.place(1, "corporate_destroyer", -1)
	shuttle := tb.hand(0, "shuttlecraft_left")
	tb.s.Active = 1
	shooter := tb.place(1, "corporate_frigate", -1)
	tb.phase(PhaseFire)
	tb.do(tb.fire(1, ship, shooter))
	tb.refuse(Action{Kind: KindReact, Seat: 0, Card: shuttle, Target: other, N: 2}, "GE-reactions")
	tb.refuse(Action{Kind: KindReact, Seat: 0, Card: shuttle, Target: shooter, N: 1}, "GE-reactions")
	if err := tb.decide(Action{Kind: KindReact, Seat: 0, Card: shuttle, Target: shooter, N: 5}); err == nil {
		t.Fatal("a fourth choice is taken")
	}
	tb.s.Phase = PhasePlayB // the same deed outside a fire phase
	tb.refuse(Action{Kind: KindReact, Seat: 0, Card: shuttle, Target: shooter, N: 2}, "GE-reactions")
}
