package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// The Federation of Sol's abilities.
func init() {
	// Versatile: one more command token in each status phase (81.5).
	define(&Ability{ID: "sol:versatile", Since: RulesFactions, StatusTokens: 1})
	// Orbital Drop: a component action spending a strategy token for 2
	// infantry on a planet Sol controls.
	define(&Ability{ID: "sol:orbital_drop", Since: RulesFactions,
		Uses: []*Use{{At: AtAction, Fields: "planet unit spend", Options: orbitalDropOptions, Resolve: orbitalDrop}}})
	// ZS Thunderbolt M2, Sol's mech: after Orbital Drop, deployed on the
	// same planet for 3 resources (unit "mech" with spend: 30, 55.3).
	define(&Ability{ID: "zs_thunderbolt_m2", Since: RulesMechs, Deploy: true})
}

// thunderboltCost is what deploying ZS Thunderbolt M2 costs, in resources.
const thunderboltCost = 3

func orbitalDropOptions(s *State, seat int, st *Step) []Action {
	out := ownPlanetOptions(s, seat, st)
	if !s.deploys(seat) {
		return out
	}
	pays := s.payments(seat, thunderboltCost, false, 4)
	for _, o := range slices.Clone(out) {
		for _, sp := range pays {
			out = append(out, Action{Planet: o.Planet, Unit: "mech", ActionExtra: &ActionExtra{Spend: sp}})
		}
	}
	return out
}

// ownPlanetOptions offers each planet seat controls.
func ownPlanetOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, pl := range s.ownPlanets(seat) {
		out = append(out, Action{Planet: pl.Name})
	}
	return out
}

func orbitalDrop(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	if p.Strategy < 1 {
		return nil, engine.Refuse("1.11", "Orbital Drop costs a token from the strategy pool, which is empty")
	}
	pl, sys, err := findPlanet(s, a.Planet)
	if err != nil {
		return nil, err
	}
	if pl.Controller != a.Seat {
		return nil, engine.Refuse("1.3", "Orbital Drop places infantry on a planet you control")
	}
	if unitsBarred(pl) {
		return nil, unitsBarredErr(pl)
	}
	n := min(2, s.Reinforcements(a.Seat, "infantry"))
	if n == 0 {
		return nil, engine.Refuse("67.5", "no infantry in reinforcements")
	}
	ev := s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &Pools{p.Tactic, p.Fleet, p.Strategy - 1}},
		Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: n})
	switch a.Unit {
	case "":
		return ev, nil
	case "mech": // after Orbital Drop (ZS Thunderbolt M2)
		if err := s.deployTo(a.Seat, pl); err != nil {
			return nil, err
		}
		paid, err := s.pay(a.Seat, a.extra().Spend, thunderboltCost, false)
		if err != nil {
			return nil, err
		}
		ev = s.extend(ev, paid...)
		return s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "mech", Count: 1}), nil
	}
	return nil, engine.BadInput("unit", "Orbital Drop deploys a mech, or nothing")
}

// Military Support, Sol's note: at the start of Sol's turn its holder
// may take a token from Sol's strategy pool (if there is one) back to
// Sol's reinforcements and place 2 infantry on a planet the holder
// controls; the note goes back.
func init() {
	defineNote("sol:military_support", &promissoryNote{since: RulesFactions, ownerTurn: true, fields: "planet",
		moment: func(s *State, seat int) bool { return inNoteWindow(s, seat, "sol:military_support") },
		offer:  func(s *State, seat int) []Action { return ownPlanetOptions(s, seat, nil) }, play: militarySupport})
}

func militarySupport(s *State, a Action, owner int) ([]Event, error) {
	if !inNoteWindow(s, a.Seat, a.Card) {
		return nil, engine.Refuse("69.1", "Military Support is played at the start of Sol's turn")
	}
	pl, sys, err := findPlanet(s, a.Planet)
	if err != nil {
		return nil, err
	}
	if pl.Controller != a.Seat {
		return nil, engine.Refuse("69.1", "the infantry go on a planet you control")
	}
	if pl.OffBoard {
		return nil, cardsRefused()
	}
	ev := s.emit(Event{Kind: EvStepCleared, Seat: a.Seat})
	if o := s.Players[owner]; o.Strategy > 0 {
		ev = s.extend(ev, Event{Kind: EvTokensSet, Seat: owner, Pools: &Pools{o.Tactic, o.Fleet, o.Strategy - 1}})
	}
	if n := min(2, s.Reinforcements(a.Seat, "infantry")); n > 0 && !unitsBarred(pl) {
		ev = s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: n})
	}
	return s.extend(ev, Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}

// Genesis, Sol's flagship: at the end of the status phase, an infantry
// from reinforcements in its system's space area.
func init() {
	define(&Ability{ID: "genesis", Since: RulesPrinted, StatusEnd: genesis})
}

func genesis(s *State, owner int) []Event {
	if s.Reinforcements(owner, "infantry") == 0 {
		return nil
	}
	for _, sys := range s.Systems {
		if count(sys.Space, owner, "flagship") > 0 {
			return s.emit(Event{Kind: EvUnitsPlaced, Seat: owner, System: sys.Pos, Unit: "infantry", Count: 1})
		}
	}
	return nil
}

// Spec Ops II, Sol's infantry upgrade: as Letani Warrior II, on 5 or more.
func init() {
	define(&Ability{ID: "spec_ops_2", Since: RulesPrinted, Revive: 5})
}

// The Federation of Sol's leaders (rules version 5).
func init() {
	// Claire Gibson, commander: at the start of a ground combat on a
	// planet Sol controls, an infantry from reinforcements goes there.
	define(&Ability{ID: "sol:claire_gibson", Since: RulesLeaders, Odds: combat.Tech{StartInfantry: 1},
		Uses: []*Use{{At: AtGroundStart, OncePerCombat: true, Options: gibsonOptions, Resolve: claireGibson}}})
	// Jace X, 4th Air Legion, hero: as an action, every command token of
	// Sol's on the board goes back to reinforcements; purged (51.12).
	define(&Ability{ID: "sol:jace_x_4th_air_legion", Since: RulesLeaders,
		Uses: []*Use{{At: AtAction, Options: heliosOptions, Resolve: helioCommandArray}}})
}

func gibsonOptions(s *State, seat int, _ *Step) []Action {
	c := s.Combat
	if c == nil || c.Kind != "ground" || s.Reinforcements(seat, "infantry") == 0 {
		return nil
	}
	if pl, _ := s.Planet(c.Planet); pl == nil || pl.Controller != seat {
		return nil
	}
	return []Action{{}}
}

func claireGibson(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(gibsonOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("42.4a", "Claire Gibson places an infantry from reinforcements at the start of a ground combat on a planet you control")
	}
	c := s.Combat
	pl, sys := s.Planet(c.Planet)
	n := c.clone()
	n.markUsed(a.Seat, a.Card)
	return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1}, newCombat(n, nil)), nil
}

func heliosOptions(s *State, seat int, _ *Step) []Action {
	for _, sys := range s.Systems {
		if slices.Contains(sys.Command, seat) {
			return []Action{{}}
		}
	}
	return nil
}

func helioCommandArray(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	var ev []Event
	for _, sys := range s.Systems {
		if slices.Contains(sys.Command, a.Seat) {
			ev = append(ev, Event{Kind: EvCommandToken, Seat: a.Seat, System: sys.Pos, Count: -1})
		}
	}
	if ev == nil {
		return nil, engine.Refuse("51.10", "no command token of yours is on the board")
	}
	return s.emit(append(ev, purgeHero(a.Seat))...), nil
}

// The Federation of Sol's leaders from rules version 6.
func init() {
	// Evelyn Delouis, agent: at the start of a ground combat round, exhausted,
	// a ground force in the combat, anyone's, rolls one die more this round
	// (unit, player). In any player's ground combat from rules version 10
	// (Others); before, in those Sol fight.
	define(&Ability{ID: "sol:evelyn_delouis", Since: RulesMechs, Odds: combat.Tech{GroundRoundDie: true},
		Uses: []*Use{{At: AtGroundRound, Exhaust: true, Others: true, Fields: "unit player", Options: delouisOptions, Resolve: boostDie}}})
}

func delouisOptions(s *State, _ int, _ *Step) []Action {
	c := s.Combat
	if c == nil || c.Kind != "ground" {
		return nil
	}
	pl, _ := s.Planet(c.Planet)
	if pl == nil {
		return nil
	}
	var out []Action
	for _, st := range pl.Units {
		if s.groundForce(st.Owner, st.Unit) {
			out = append(out, Action{Unit: st.Unit, ActionExtra: &ActionExtra{Player: ip(st.Owner)}})
		}
	}
	return out
}
