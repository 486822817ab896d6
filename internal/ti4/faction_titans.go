package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// The Titans of Ul's components.

// Hecatoncheires, the Titans mech: when the Titans would place a PDS
// (Construction), a mech and an infantry may go on the planet instead
// (unit "mech": 30, 55.3).
func init() {
	define(&Ability{ID: "hecatoncheires", Since: RulesMechs, Deploy: true, ForPDS: true})
}

// Hel-Titan I and II, the Titans' PDS: a structure that is also a ground
// force (43, 83): it fights in ground combat with its combat value and
// Sustain Damage, and holds its planet. Its numbers (Production 1, space
// cannon, planetary shield) are in the data.
func init() {
	define(&Ability{ID: "hel_titan", Since: RulesPoK, GroundForce: true})
	define(&Ability{ID: "hel_titan_2", Since: RulesPoK, GroundForce: true})
}

// Terraform, the Titans' note: as its holder's action, attached to a
// planet they control that is neither in a home system nor Mecatol Rex
// (planet): +1 resource and +1 influence, and all three traits (12); it
// stays attached, whoever controls the planet.
func init() {
	defineNote("titans:terraform", &promissoryNote{since: RulesPoK, moment: asAction, fields: "planet", offer: terraformOffer,
		play: playAsAction(terraform), attach: attachment{res: 1, inf: 1, allTraits: true}})
}

func terraformOffer(s *State, seat int) []Action {
	var out []Action
	for _, pl := range s.ownPlanets(seat) {
		if _, sys := s.Planet(pl.Name); pl.Name != MecatolRex && !s.IsHomeSystem(sys.Pos) {
			out = append(out, Action{Planet: pl.Name})
		}
	}
	return out
}

func terraform(s *State, a Action, _ int) ([]Event, error) {
	if !slices.ContainsFunc(terraformOffer(s, a.Seat), func(o Action) bool { return o.Planet == a.Planet }) {
		return nil, engine.Refuse("69.1", "Terraform is attached to a planet you control, not in a home system and not Mecatol Rex")
	}
	return s.emit(Event{Kind: EvNoteAttached, Seat: a.Seat, Card: a.Card, Planet: a.Planet}), nil
}

// Ouranos, the Titans flagship: deployed after the Titans activate a
// system with their PDS, in place of one of them (planet), while it is
// in reinforcements (30).
func init() {
	define(&Ability{ID: "ouranos", Since: RulesPoK, Deploy: true,
		Uses: []*Use{{At: AfterActivation, Fields: "planet", Options: ouranosOptions, Resolve: ouranos}}})
}

func ouranosOptions(s *State, seat int, st *Step) []Action {
	if st == nil || len(st.Systems) == 0 || s.Reinforcements(seat, "flagship") == 0 {
		return nil
	}
	var out []Action
	for _, pl := range s.System(st.Systems[0]).Planets {
		if count(pl.Units, seat, "pds") > 0 {
			out = append(out, Action{Planet: pl.Name})
		}
	}
	return out
}

func ouranos(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(ouranosOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet }) {
		return nil, engine.Refuse("30.2", "Ouranos replaces a PDS of yours in the activated system (planet), from reinforcements")
	}
	pos := st.Systems[0]
	return s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: pos, Planet: a.Planet, Unit: "pds", Count: 1},
		Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: pos, Unit: "flagship", Count: 1}), nil
}

// Tungstantus, the Titans' commander: a trade good after their units use
// Production in a tactical action (67). Taken whenever it may be: it
// costs nothing.
func init() {
	define(&Ability{ID: "titans:tungstantus", Since: RulesPoK,
		Produced: func(s *State, owner, _ int) []Event { return []Event{{Kind: EvTradeGoods, Seat: owner, Count: 1}} }})
}

// Ul the Progenitor, the Titans' hero: as an action, their home planet
// (Elysium) is readied and the hero attached to it: +3 resources, +3
// influence, and space cannon 5 (x3) for its controller, as a unit's
// (12, 77); the hero leaves the leader sheet (51.12).
func init() {
	define(&Ability{ID: "titans:ul_the_progenitor", Since: RulesPoK,
		Attach: &attachment{res: 3, inf: 3, cannon: combat.Roll{Hit: 5, Dice: 3}},
		Uses:   []*Use{{At: AtAction, Fields: "planet", Options: ulOptions, Resolve: ulTheProgenitor}}})
}

func ulOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, pl := range s.System(s.Players[seat].Home).Planets {
		if pl.Controller == seat {
			out = append(out, Action{Planet: pl.Name})
		}
	}
	return out
}

func ulTheProgenitor(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(ulOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet }) {
		return nil, engine.Refuse("51.10", "Ul the Progenitor is attached to your home planet, while you control it")
	}
	return s.emit(Event{Kind: EvPlanetReadied, Seat: a.Seat, Planet: a.Planet},
		Event{Kind: EvLeaderAttached, Seat: a.Seat, Card: a.Card, Planet: a.Planet}), nil
}

// Tellurian, the Titans agent: in any combat, before a hit is assigned,
// exhausted: the hit is cancelled.
func init() {
	define(&Ability{ID: "titans:tellurian", Since: RulesPoK,
		Uses: []*Use{{At: BeforeHitAssigned, Exhaust: true, Options: one(Action{}), Resolve: tellurian}}})
}

func tellurian(s *State, _ Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if !hitWaiting(s, None) {
		return nil, engine.Refuse("51.4", "Tellurian cancels a hit waiting to be assigned")
	}
	n := s.Combat.clone()
	if n.Owed[0].Hits--; n.Owed[0].Hits == 0 {
		n.Owed = n.Owed[1:]
	}
	return s.emit(newCombat(n, nil)), nil
}
