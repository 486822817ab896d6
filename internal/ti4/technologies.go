package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// The generic technologies' abilities, each in its own words. A test keeps
// every technology of the data either defined here, built elsewhere for
// now, or listed as not built with the reason.

func init() {
	// Neural Motivator: two action cards in the status phase, not one.
	define(&Ability{ID: "neural_motivator", StatusCards: 1})
	// Hyper Metabolism: three command tokens in the status phase, not two.
	define(&Ability{ID: "hyper_metabolism", StatusTokens: 1})
	// Sarween Tools: each use of Production costs 1 less in all.
	define(&Ability{ID: "sarween_tools", ProductionDiscount: 1})
	// Antimass Deflectors: ships enter and pass asteroid fields; space
	// cannon against the owner's units rolls at -1.
	define(&Ability{ID: "antimass_deflectors", Permits: PermitAsteroidFields,
		Later: &Ability{ID: "antimass_deflectors", Since: RulesTechs, Combat: combat.Tech{Antimass: true}}})
	// Dark Energy Tap: a frontier token explored after a tactical action
	// there; and, from the second rules version, retreats into adjacent
	// systems without other players' units.
	define(&Ability{ID: "dark_energy_tap", ExploreFrontier: true,
		Later: &Ability{ID: "dark_energy_tap", Since: RulesTechs, Permits: PermitRetreatToEmpty}})
	// Light/Wave Deflector: ships pass systems with other players' ships.
	define(&Ability{ID: "light_wave_deflector", Since: RulesTechs, Permits: PermitPastShips})
	// Plasma Scoring: one more die for one unit's space cannon, and for
	// one unit's bombardment.
	define(&Ability{ID: "plasma_scoring", Since: RulesTechs, Combat: combat.Tech{Plasma: true}})
	// Graviton Laser System: exhausted before a space cannon roll, its
	// hits land on non-fighter ships if able.
	define(&Ability{ID: "graviton_laser_system", Since: RulesTechs, Exhausts: true, Combat: combat.Tech{Graviton: true}})
	// Duranium Armor: each combat round, one unit damaged earlier is
	// repaired.
	define(&Ability{ID: "duranium_armor", Since: RulesTechs, Combat: combat.Tech{Duranium: true}})
	// Assault Cannon: with 3 non-fighter ships at the start of a space
	// combat, the opponent destroys one of its non-fighter ships.
	define(&Ability{ID: "assault_cannon", Since: RulesTechs, Combat: combat.Tech{Assault: true}})
	// Magen Defense Grid ΩΩ (Codex IV), from rules version 10: when any
	// player activates a system with its owner's structures on planets,
	// an infantry is placed with each of them; and a hit at the start of a
	// ground combat on a planet with the owner's structure. Its Codex I
	// version (Ω, in Printed: the printed card is not built), played before
	// and without the Codex, has the hit alone.
	define(&Ability{ID: "magen_defense_grid", Since: RulesAgents, Combat: combat.Tech{Magen: true}, StructureGuards: true,
		Printed: &Ability{ID: "magen_defense_grid", Since: RulesTechs, Combat: combat.Tech{Magen: true}}})
	// X-89 Bacterial Weapon ΩΩ (Codex IV), from rules version 10: the
	// hits of its owner's bombardment and ground combat rolls count twice,
	// and a planet bombarded is exhausted. Its Codex I version (Ω, in
	// Printed: the printed card is not built), played before and without
	// the Codex: a bombardment that destroys an infantry destroys all the
	// opponent's infantry on that planet.
	define(&Ability{ID: "x89_bacterial_weapon", Since: RulesAgents, Combat: combat.Tech{X89Double: true},
		Printed: &Ability{ID: "x89_bacterial_weapon", Since: RulesTechs, Combat: combat.Tech{X89: true}}})
	// Gravity Drive: one ship moves 1 further in each tactical action.
	define(&Ability{ID: "gravity_drive", Since: RulesTechs, ShipMove: 1})
	// Fleet Logistics: two actions in a turn of the action phase.
	define(&Ability{ID: "fleet_logistics", Since: RulesTechs, SecondAction: true})
	// Dacxive Animators: an infantry on a planet whose ground combat its
	// owner wins.
	define(&Ability{ID: "dacxive_animators", Since: RulesTechs, GroundWonInfantry: 1})
	// Predictive Intelligence: one more vote, which no effect prevents;
	// exhausted at the end of its owner's turn to redistribute command
	// tokens.
	define(&Ability{ID: "predictive_intelligence", Since: RulesTechs, Votes: 1, Permits: PermitVoteAlways,
		Uses: []*Use{{At: AtEndOfTurn, Exhaust: true, Fields: "pools", Options: redistributeOptions, Ready: alwaysReady, Resolve: redistributeTokens}}})
	// Bio-Stims: exhausted at the end of its owner's turn to ready a planet
	// with a technology specialty, or another technology.
	define(&Ability{ID: "bio_stims", Since: RulesTechs, Uses: []*Use{{At: AtEndOfTurn, Exhaust: true, Fields: "planet outcome", Options: bioStimsOptions, Resolve: bioStims}}})
	// Sling Relay: a component action, exhausting it, producing one ship in
	// a system with its owner's space dock.
	define(&Ability{ID: "sling_relay", Since: RulesTechs, Uses: []*Use{{At: AtAction, Exhaust: true, Fields: "system", Options: dockSystems, Resolve: slingRelay}}})
	// Transit Diodes: exhausted at the start of its owner's turn to move up
	// to 4 of its ground forces onto planets it controls.
	define(&Ability{ID: "transit_diodes", Since: RulesTechs, Uses: []*Use{{At: AtStartOfTurn, Exhaust: true, Fields: "units", Options: transitOptions, Resolve: transitDiodes}}})
	// Scanlink Drone Network: after activating a system, explore a planet
	// there that holds its owner's units.
	define(&Ability{ID: "scanlink_drone_network", Since: RulesTechs, Uses: []*Use{{At: AfterActivation, Fields: "planet", Options: scanlinkOptions, Resolve: scanlink}}})
	// Self-Assembly Routines: exhausted after its owner's units produce, a
	// mech on a planet it controls in that system; a trade good when one of
	// its mechs is destroyed.
	define(&Ability{ID: "self_assembly_routines", Since: RulesTechs, LostTradeGoods: map[string]int{"mech": 1},
		Uses: []*Use{{At: AfterProduction, Exhaust: true, Fields: "planet", Options: assemblyOptions, Resolve: assembly}}})
	// Integrated Economy: after gaining a planet, units produced on it up
	// to its resource value.
	define(&Ability{ID: "integrated_economy", Since: RulesTechs, Uses: []*Use{{At: AfterGainPlanet, Options: economyOptions, Resolve: economy}}})
	// AI Development Algorithm: exhausted to ignore a prerequisite of a unit
	// upgrade being researched, or to take the number of its owner's unit
	// upgrades off a production's cost.
	define(&Ability{ID: "ai_development_algorithm", Since: RulesTechs, Uses: []*Use{
		{At: WhileResearch, Exhaust: true, Fields: "outcome", Options: one(Action{Outcome: "prerequisite"}), Resolve: aiPrerequisite},
		{At: WhileProducing, Exhaust: true, Fields: "outcome", Options: one(Action{Outcome: "production"}), Resolve: aiProduction},
	}})
	// Psychoarchaeology: technology specialties of its owner's planets
	// count even exhausted, without exhausting them; in the action phase a
	// planet with a specialty is exhausted for a trade good.
	define(&Ability{ID: "psychoarchaeology", Since: RulesTechs, Permits: PermitFreeSpecialties,
		Uses: []*Use{{At: DuringActionPhase, Fields: "planet", Options: psychoOptions, Resolve: psychoTradeGood}}})
}

// one offers a single use.
func one(a Action) func(*State, int, *Step) []Action {
	return func(*State, int, *Step) []Action { return []Action{a} }
}

// alwaysReady is a Use's Ready for an ability that always has something to do.
func alwaysReady(*State, int, *Step) bool { return true }

func redistributeOptions(s *State, seat int, _ *Step) []Action {
	p := s.Players[seat]
	var out []Action
	for _, d := range distributions(p.Tactic + p.Fleet + p.Strategy) {
		out = append(out, Action{Pools: d})
	}
	return out
}

// redistributeTokens sets the pools to the same total (20.2).
func redistributeTokens(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	d := a.Pools
	if d == nil || d.Tactic < 0 || d.Fleet < 0 || d.Strategy < 0 || d.Tactic+d.Fleet+d.Strategy != p.Tactic+p.Fleet+p.Strategy {
		return nil, engine.Refuse("20.2", "redistributed pools hold the same %d tokens", p.Tactic+p.Fleet+p.Strategy)
	}
	return s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &Pools{d.Tactic, d.Fleet, d.Strategy}}), nil
}

func bioStimsOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, pl := range s.ownPlanets(seat) {
		if pl.Exhausted && planetInfo(pl).Tech != "" {
			out = append(out, Action{Planet: pl.Name})
		}
	}
	for _, t := range s.Players[seat].ExhaustedTechs {
		if t != "bio_stims" {
			out = append(out, Action{Outcome: t})
		}
	}
	return out
}

// bioStims readies a planet with a specialty (Planet) or a technology
// (Outcome).
func bioStims(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if a.Planet != "" && a.Outcome != "" {
		return nil, engine.BadInput("outcome", "ready a planet or a technology, not both")
	}
	if a.Planet != "" {
		pl, _, err := findPlanet(s, a.Planet)
		if err != nil {
			return nil, err
		}
		if pl.Controller != a.Seat || !pl.Exhausted || planetInfo(pl).Tech == "" {
			return nil, engine.Refuse("1.3", "ready an exhausted planet of yours that has a technology specialty")
		}
		return s.emit(Event{Kind: EvPlanetReadied, Seat: a.Seat, Planet: pl.Name}), nil
	}
	if a.Outcome == "" || a.Outcome == "bio_stims" || !slices.Contains(s.Players[a.Seat].ExhaustedTechs, a.Outcome) {
		return nil, engine.Refuse("1.3", "ready a planet with a specialty, or another of your exhausted technologies")
	}
	return s.emit(Event{Kind: EvTechReadied, Seat: a.Seat, Card: a.Outcome}), nil
}

func dockSystems(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, sys := range s.Systems {
		if s.bestDock(seat, sys) > 0 || count(sys.Space, seat, "space_dock") > 0 {
			out = append(out, Action{System: ip(sys.Pos)})
		}
	}
	return out
}

// slingRelay opens a production of one ship in a system with the
// player's space dock.
func slingRelay(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	sys, _, err := where(s, a.System, "", "system")
	if err != nil {
		return nil, err
	}
	if s.bestDock(a.Seat, sys) == 0 {
		return nil, engine.Refuse("1.3", "the ship is produced in a system with one of your space docks")
	}
	if hasOthersShips(sys, a.Seat) {
		return nil, engine.Refuse("67.6", "no ships are produced in a system with another player's ships")
	}
	ships := []string{"carrier", "cruiser", "destroyer", "dreadnought", "fighter", "flagship", "war_sun"}
	return s.emit(queue(Step{Kind: StepFreelance, Seat: a.Seat, Card: "sling_relay", Systems: []int{sys.Pos}, Prod: &Production{}, Units: ships, ResourcesOnly: true})), nil
}

func transitOptions(s *State, seat int, _ *Step) []Action {
	own := s.ownPlanets(seat)
	var out []Action
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			for _, u := range []string{"infantry", "mech"} {
				if count(pl.Units, seat, u) == 0 {
					continue
				}
				for _, to := range own {
					if to.Name != pl.Name {
						out = append(out, Action{ActionExtra: &ActionExtra{Units: []UnitRef{{System: sys.Pos, Planet: pl.Name, Unit: u, To: to.Name}}}})
					}
				}
			}
		}
	}
	return out
}

// transitDiodes moves up to 4 of the player's ground forces from the
// board onto planets it controls: Units, each from a system (and planet)
// to a planet (To).
func transitDiodes(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	refs := a.extra().Units
	if len(refs) == 0 || len(refs) > 4 {
		return nil, engine.BadInput("units", "name 1 to 4 ground forces to move")
	}
	taken := map[UnitRef]int{}
	var ev []Event
	for _, r := range refs {
		sys := s.System(r.System)
		if sys == nil || !isGroundForce(r.Unit) {
			return nil, engine.BadInput("units", "no ground force %s in system %d", r.Unit, r.System)
		}
		from := sys.Space
		if r.Planet != "" {
			pl := planetIn(sys, r.Planet)
			if pl == nil {
				return nil, engine.BadInput("units", "no planet %q in system %d", r.Planet, r.System)
			}
			from = pl.Units
		}
		key := UnitRef{System: r.System, Planet: r.Planet, Unit: r.Unit}
		if taken[key]++; count(from, a.Seat, r.Unit) < taken[key] {
			return nil, engine.BadInput("units", "not that many of your %s there", r.Unit)
		}
		to, toSys := s.Planet(r.To)
		if to == nil || to.Controller != a.Seat {
			return nil, engine.Refuse("1.3", "ground forces go onto planets you control, not %q", r.To)
		}
		if unitsBarred(to) {
			return nil, unitsBarredErr(to)
		}
		ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: r.System, Planet: r.Planet, Unit: r.Unit, Count: 1},
			Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: toSys.Pos, Planet: to.Name, Unit: r.Unit, Count: 1})
	}
	return s.emit(ev...), nil
}

func scanlinkOptions(s *State, seat int, st *Step) []Action {
	var out []Action
	if st == nil || len(st.Systems) == 0 {
		return nil
	}
	for _, pl := range s.System(st.Systems[0]).Planets {
		if planetInfo(pl).Trait != "" && slices.ContainsFunc(pl.Units, func(x Stack) bool { return x.Owner == seat }) {
			out = append(out, Action{Planet: pl.Name})
		}
	}
	return out
}

// scanlink explores a planet in the activated system with the player's
// units (35).
func scanlink(s *State, a Action, st *Step, rng *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(scanlinkOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet }) {
		return nil, engine.Refuse("1.3", "explore a planet with a trait in the activated system that holds your units")
	}
	return exploreNamed(s, a.Seat, a.Planet, rng)
}

func assemblyOptions(s *State, seat int, st *Step) []Action {
	return producingPlanets(s, seat, st, "mech")
}

// producingPlanets offers the planets seat controls, not demilitarized, in
// the system that produced (the window's), for a unit of a type from
// reinforcements (Self-Assembly Routines, Yin Spinner).
func producingPlanets(s *State, seat int, st *Step, unit string) []Action {
	if st == nil || len(st.Systems) == 0 || s.Reinforcements(seat, unit) == 0 {
		return nil
	}
	var out []Action
	for _, pl := range s.System(st.Systems[0]).Planets {
		if pl.Controller == seat && !unitsBarred(pl) {
			out = append(out, Action{Planet: pl.Name})
		}
	}
	return out
}

// assembly places a mech on a planet the player controls in the system
// that produced.
func assembly(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(assemblyOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet }) {
		return nil, engine.Refuse("1.3", "a mech from reinforcements onto a planet you control in the system that produced")
	}
	return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: st.Systems[0], Planet: a.Planet, Unit: "mech", Count: 1}), nil
}

func economyOptions(s *State, seat int, st *Step) []Action {
	if st == nil || st.Planet == "" {
		return nil
	}
	pl, _ := s.Planet(st.Planet) // the window opens as control is gained: Resolve checks it was
	if pl == nil || planetInfo(pl).Resources == 0 {
		return nil
	}
	return []Action{{}}
}

// economy opens a production on the planet just gained, costing at most
// its resources.
func economy(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	pl, sys := s.Planet(st.Planet)
	if len(economyOptions(s, a.Seat, st)) == 0 || pl.Controller != a.Seat {
		return nil, engine.Refuse("1.3", "a planet of yours with resources was just gained")
	}
	return s.emit(queue(Step{Kind: StepFreelance, Seat: a.Seat, Card: "integrated_economy", Systems: []int{sys.Pos}, Planet: pl.Name,
		Prod: &Production{}, Cap: planetInfo(pl).Resources, ResourcesOnly: true})), nil
}

// aiPrerequisite ignores one prerequisite of a unit upgrade (90.12).
func aiPrerequisite(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if a.Outcome != "prerequisite" {
		return nil, engine.BadInput("outcome", "while researching, the use is \"prerequisite\"")
	}
	return s.emit(Event{Kind: EvSpent, Seat: a.Seat, Card: "unit_upgrade"}), nil
}

// aiProduction takes the player's unit upgrades off the production's cost.
func aiProduction(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if a.Outcome != "production" {
		return nil, engine.BadInput("outcome", "while producing, the use is \"production\"")
	}
	n := 0
	for _, t := range s.Players[a.Seat].Techs {
		if tech := techInfo(t); tech != nil && tech.Unit != "" {
			n++
		}
	}
	if n == 0 {
		return nil, engine.Refuse("1.3", "you own no unit upgrade technology")
	}
	return s.emit(Event{Kind: EvDiscounted, Seat: a.Seat, Count: n}), nil
}

func psychoOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, pl := range s.ownPlanets(seat) {
		if !pl.Exhausted && planetInfo(pl).Tech != "" {
			out = append(out, Action{Planet: pl.Name})
		}
	}
	return out
}

// psychoTradeGood exhausts a planet with a specialty for a trade good.
func psychoTradeGood(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(psychoOptions(s, a.Seat, nil), func(o Action) bool { return o.Planet == a.Planet }) {
		return nil, engine.Refuse("1.3", "exhaust a ready planet of yours that has a technology specialty")
	}
	return s.emit(Event{Kind: EvPlanetExhausted, Seat: a.Seat, Planet: a.Planet}, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: 1}), nil
}

// techsBuiltInline are technologies whose abilities the rules code still
// asks by id, to be moved onto definitions: none now.
var techsBuiltInline = map[string]string{}

// techsNotBuilt are the generic technologies without an effect yet, with
// what they need from the model.
var techsNotBuilt = map[string]string{}

// techInfo is a technology's card, or nil.
func techInfo(id string) *data.Technology { return data.MustLoad().Technology(id) }
