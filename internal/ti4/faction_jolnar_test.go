package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// Jol-Nar, Analytical (90.12): a prerequisite ignored researching a
// technology that is not a unit upgrade; not for a unit upgrade.
func TestFaction_JolNar_Analytical(t *testing.T) {
	cfg := fixtureConfig()
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, nil)
	toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
	strategic(t, g, 0, "technology")
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "carrier_2"}, "90.12") // a unit upgrade: 2 blue, Jol-Nar has 1
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"})        // 2 blue, one ignored
}

// Jol-Nar, Brilliant (91.2, 91.3): a command token spent on the Technology
// card's secondary resolves its primary: the first technology is free
// (where the secondary's costs 4, which this Jol-Nar cannot pay), and a
// second may follow for 6.
func TestFaction_JolNar_Brilliant(t *testing.T) {
	for _, rules := range []int{RulesTechs, RulesCurrent} {
		cfg := fixtureConfig("sol", "jolnar", "hacan")
		cfg.Rules = rules
		g := fixture(t, cfg, nil)
		toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
		strategic(t, g, 0, "technology")
		do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "sarween_tools"})
		do(t, g, act(ActDone, 0))
		secondary := Action{Kind: ActSecondary, Seat: 1, Use: true}
		if rules != RulesCurrent {
			refuse(t, g, secondary, "91.3") // Jol-Nar cannot pay the secondary's 4 resources
			continue
		}
		do(t, g, secondary)
		do(t, g, Action{Kind: ActResearch, Seat: 1, Card: "gravity_drive"})
		if st := g.State().Step; st == nil || st.Seat != 1 || researchCost(g.State(), st) != 6 {
			t.Fatalf("a second technology may follow, for 6: %+v", st)
		}
	}
}

// Jol-Nar, Research Agreement (90): after the Jol-Nar research a
// technology that is not a faction's, a window opens for the holder, who
// gains it; the note goes back.
func TestFaction_Jolnar_ResearchAgreement(t *testing.T) {
	const note = "jolnar:research_agreement"
	cfg := fixtureConfig("jolnar", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, giveNote(note, 1))
	toActionPhase(t, g, "technology", "diplomacy", "politics", "leadership", "warfare", "trade")
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note}, "69.1")
	strategic(t, g, 0, "technology")
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"})
	do(t, g, act(ActDone, 0)) // no second technology
	st := g.State().Step
	if st == nil || st.Kind != StepNoteWindow || st.Seat != 1 || st.Card != note {
		t.Fatalf("step %+v: Sol's window for the note", st)
	}
	do(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note})
	s := g.State()
	if !slices.Contains(s.Players[1].Techs, "gravity_drive") || !slices.Contains(s.Players[0].Promissory, note) {
		t.Fatalf("Sol's techs %v: Gravity Drive gained; the note back", s.Players[1].Techs)
	}
}

// Jol-Nar, Spatial Conduit Cylinder: after activating a system with their
// units, the Jol-Nar may exhaust it to make that system adjacent to every
// system with their units for the tactical action: a carrier from afar
// moves in with a move of 1.
func TestFactionTech_SpatialConduitCylinder(t *testing.T) {
	for _, conduit := range []bool{false, true} {
		var far int
		g := factionGame(t, []string{"jolnar", "sol", "hacan"}, func(s *State) {
			s.Players[0].Techs = append(s.Players[0].Techs, "spatial_conduit_cylinder")
			s.System(9).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
			for _, q := range emptySystems(s) {
				if s.reach(0, q, 9, 1) < 0 && !s.anomaly(q, "nebula") && !s.anomaly(q, "gravity-rift") {
					far = q
					break
				}
			}
			s.System(far).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
		})
		activated(t, g, 0, 9)
		settle(t, g)
		if st := g.State().Step; st == nil || st.Card != "spatial_conduit_cylinder" {
			t.Fatalf("step %+v: the window after activation", st)
		}
		if conduit {
			do(t, g, use(0, "spatial_conduit_cylinder", Action{}))
		} else {
			do(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: "spatial_conduit_cylinder"}) // let go
		}
		a := moveShips(0, far, "carrier", 1)
		if conduit {
			do(t, g, a)
		} else {
			refuse(t, g, a, "58.4")
		}
	}
}

// Jol-Nar, Shield Paling (55): their infantry on the mech's planet hit on
// 8 in a ground combat there, Fragile not lowering them; elsewhere, and
// the mech itself, on 8 and 7 with Fragile's -1; not before rules
// version 6.
func TestFactionUnit_ShieldPaling(t *testing.T) {
	for _, rules := range []int{RulesLeaders, RulesCurrent} {
		g := factionGame(t, []string{"jolnar", "sol", "hacan"}, func(s *State) {
			s.Options.Rules = rules
			arnorHeldBy(0, Stack{Owner: 0, Unit: "mech", Count: 1}, Stack{Owner: 0, Unit: "infantry", Count: 2})(s)
			planetIn(s.System(9), "Arnor").Controller = 0
		})
		s := g.State()
		want := 9 // Fragile: infantry (8) need 9
		if rules >= RulesMechs {
			want = 8
		}
		if got := groundNeeds(t, s, 0, 1, "Arnor", Stack{Unit: "infantry", Count: 6}); got != want {
			t.Fatalf("rules %d: infantry on the mech's planet need %d, want %d", rules, got, want)
		}
		if got := groundNeeds(t, s, 0, 1, "Arnor", Stack{Unit: "mech", Count: 6}); got != 7 {
			t.Fatalf("rules %d: the mech itself needs %d, want 7 (Fragile)", rules, got)
		}
		if got := groundNeeds(t, s, 0, 1, "Lodor", Stack{Unit: "infantry", Count: 6}); got != 9 {
			t.Fatalf("rules %d: infantry on another planet need %d, want 9", rules, got)
		}
	}
}

// The Jol-Nar, Ta Zern (commander): unlocked, each missed die of their
// barrage is rolled again once (4 dice for 2 destroyers, each miss
// followed by its reroll); locked, 4 dice; the odds take it by its id.
func TestFaction_Jolnar_TaZern(t *testing.T) {
	for _, state := range []string{Locked, Unlocked} {
		_, barrage := barrageFaces(t, []string{"jolnar", "sol", "hacan"}, 7, 2,
			[]Stack{{Owner: 1, Unit: "carrier", Count: 1}, {Owner: 1, Unit: "fighter", Count: 2}},
			func(s *State) { s.Players[0].Commander = state })
		dice := 0
		for i := 0; i < len(barrage); i++ {
			dice++
			if state == Unlocked && barrage[i] < 9 {
				i++ // its reroll
			}
		}
		if dice != 4 || (state == Locked) != (len(barrage) == 4) { // the fixture's dice miss: a reroll shows
			t.Fatalf("commander %s: barrage faces %v, 4 dice", state, barrage)
		}
	}
	if tech, err := ParseCombatTech("jolnar:ta_zern"); err != nil || !tech.AbilityReroll {
		t.Fatalf("the odds' name for the commander: %+v, %v", tech, err)
	}
}

// The Jol-Nar, Doctor Sucaban (agent): paying for a second technology
// (Technology's primary, 6 resources), 2 of their infantry removed from
// home pay 2 of it, the agent exhausted; a third from a place holding none
// is refused.
func TestFaction_Jolnar_DoctorSucaban(t *testing.T) {
	cfg := fixtureConfig("jolnar", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) { s.Players[0].TradeGoods = 4 })
	toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
	strategic(t, g, 0, "technology")
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "graviton_laser_system"})
	home := g.State().Players[0].Home
	nar := planetIn(g.State().System(home), "Nar")
	inf := count(nar.Units, 0, "infantry")
	ref := UnitRef{System: home, Planet: "Nar", Unit: "infantry"}
	refuse(t, g, use(0, "jolnar:doctor_sucaban", Action{ActionExtra: &ActionExtra{Units: []UnitRef{{System: 9, Planet: "Arnor", Unit: "infantry"}}}}), "51.4")
	do(t, g, use(0, "jolnar:doctor_sucaban", Action{ActionExtra: &ActionExtra{Units: []UnitRef{ref, ref}}}))
	s := g.State()
	if s.Step == nil || s.Step.Spent != 2 || count(planetIn(s.System(home), "Nar").Units, 0, "infantry") != inf-2 {
		t.Fatalf("step %+v, %d infantry on Nar (before %d)", s.Step, count(planetIn(s.System(home), "Nar").Units, 0, "infantry"), inf)
	}
	if !slices.Contains(s.Players[0].ExhaustedTechs, "jolnar:doctor_sucaban") {
		t.Fatal("the agent is exhausted")
	}
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 4})
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"})
	if !g.State().Players[0].HasTech("gravity_drive") {
		t.Fatal("the second technology, paid 2 by infantry and 4 by trade goods")
	}
}

// The Jol-Nar, Rin, the Master's Legacy (hero, 51.10, 51.12): each
// technology owned that is not a unit upgrade may be replaced by one of
// its colour from the deck that they do not own; then purged. Not by
// another colour, not twice, not a unit upgrade.
func TestFaction_JolNar_Rin(t *testing.T) {
	const hero = "jolnar:rin_the_master_s_legacy"
	g := factionGame(t, []string{"jolnar", "sol", "hacan"}, func(s *State) {
		p := s.Players[0]
		p.Hero, p.ExhaustedTechs = Unlocked, []string{"plasma_scoring"}
		p.Techs = append(p.Techs, "dreadnought_2")
	})
	swap := func(cards ...string) Action { return use(0, hero, Action{ActionExtra: &ActionExtra{Cards: cards}}) }
	opts := rinOptions(g.State(), 0, nil)
	if !slices.ContainsFunc(opts, func(o Action) bool {
		return slices.Equal(o.extra().Cards, []string{"antimass_deflectors", "gravity_drive"})
	}) ||
		slices.ContainsFunc(opts, func(o Action) bool { return o.extra().Cards[0] == "dreadnought_2" }) {
		t.Fatalf("options %d: one replacement at a time, no unit upgrade", len(opts))
	}
	refuse(t, g, swap("antimass_deflectors", "hyper_metabolism"), "51.10")                                        // another colour
	refuse(t, g, swap("dreadnought_2", "gravity_drive"), "51.10")                                                 // a unit upgrade
	refuse(t, g, swap("antimass_deflectors", "gravity_drive", "antimass_deflectors", "fleet_logistics"), "51.10") // twice
	refuse(t, g, swap("antimass_deflectors", "gravity_drive", "plasma_scoring", "gravity_drive"), "51.10")        // one replacement twice
	if _, err := g.Do(swap("antimass_deflectors")); err == nil || engine.RuleOf(err) != "" {
		t.Fatalf("a technology without its replacement is bad input: %v", err)
	}
	do(t, g, swap("antimass_deflectors", "gravity_drive", "plasma_scoring", "magen_defense_grid"))
	p := g.State().Players[0]
	if p.HasTech("antimass_deflectors") || p.HasTech("plasma_scoring") || !p.HasTech("gravity_drive") || !p.HasTech("magen_defense_grid") {
		t.Fatalf("techs %v", p.Techs)
	}
	if p.Hero != Purged || len(p.ExhaustedTechs) != 0 {
		t.Fatalf("hero %v, exhausted %v: purged, the replaced technology's mark gone", p.Hero, p.ExhaustedTechs)
	}
}
