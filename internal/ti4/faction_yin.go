package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// The Yin Brotherhood's abilities.
func init() {
	// Devotion: after each space combat round the combat outlasts, the Yin
	// may destroy one of their cruisers or destroyers in the system for a
	// hit on the opponent's ships there (78).
	define(&Ability{ID: "yin:devotion", Since: RulesPrinted, Combat: combat.Tech{Devotion: true},
		Uses: []*Use{{At: AfterCombatRound, Fields: "unit", Options: devotionOptions, Resolve: devotion}}})
	// Indoctrination: at the start of a ground combat, once, the Yin may
	// spend 2 influence to replace one of the opponent's infantry there
	// with one of theirs from reinforcements (42.4a).
	define(&Ability{ID: "yin:indoctrination", Since: RulesFactions,
		Uses: []*Use{{At: AtGroundStart, OncePerCombat: true, Fields: "spend unit", Options: indoctrinationOptions, Resolve: indoctrination}}})
	// Moyin's Ashes, the Yin mech: deployed by Indoctrination for 1 more
	// influence, in place of the infantry it would place (unit "mech": 30,
	// 55.3).
	define(&Ability{ID: "moyins_ashes", Since: RulesMechs, Deploy: true})
}

// indoctrinationCost is what Indoctrination costs, in influence.
const indoctrinationCost = 2

func indoctrinationOptions(s *State, seat int, _ *Step) []Action {
	c := s.Combat
	pl, _ := s.Planet(c.Planet)
	if pl == nil || count(pl.Units, opponent(c, seat), "infantry") == 0 {
		return nil
	}
	var out []Action
	if s.Reinforcements(seat, "infantry") > 0 {
		for _, sp := range s.payments(seat, indoctrinationCost, true, 16) {
			out = append(out, Action{ActionExtra: &ActionExtra{Spend: sp}})
		}
	}
	if s.deploysOn(seat, pl) { // Moyin's Ashes
		for _, sp := range s.payments(seat, indoctrinationCost+1, true, 8) {
			out = append(out, Action{Unit: "mech", ActionExtra: &ActionExtra{Spend: sp}})
		}
	}
	return out
}

func indoctrination(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	c := s.Combat
	opp := opponent(c, a.Seat)
	pl, sys := s.Planet(c.Planet)
	if pl == nil || count(pl.Units, opp, "infantry") == 0 {
		return nil, engine.Refuse("42.4a", "no infantry of your opponent's in this ground combat")
	}
	unit, cost := "infantry", indoctrinationCost
	switch a.Unit {
	case "":
		if s.Reinforcements(a.Seat, "infantry") == 0 {
			return nil, engine.Refuse("23.4", "no infantry of yours in reinforcements")
		}
	case "mech":
		if err := s.deployTo(a.Seat, pl); err != nil {
			return nil, err
		}
		unit, cost = "mech", indoctrinationCost+1
	default:
		return nil, engine.BadInput("unit", "Indoctrination places an infantry, or a mech deployed")
	}
	ev, err := s.pay(a.Seat, a.extra().Spend, cost, true)
	if err != nil {
		return nil, err
	}
	n := c.clone()
	n.markUsed(a.Seat, a.Card)
	return s.extend(ev,
		Event{Kind: EvUnitsRemoved, Seat: opp, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1},
		Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: unit, Count: 1},
		newCombat(n, nil)), nil
}

func devotionOptions(s *State, seat int, _ *Step) []Action {
	c := s.Combat
	if c == nil || c.Kind != "space" {
		return nil
	}
	var out []Action
	for _, u := range []string{"cruiser", "destroyer"} {
		if count(s.System(c.System).Space, seat, u) > 0 {
			out = append(out, Action{Unit: u})
		}
	}
	return out
}

func devotion(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	c := s.Combat
	if a.Unit != "cruiser" && a.Unit != "destroyer" {
		return nil, engine.Refuse("78", "Devotion destroys a cruiser or a destroyer of yours")
	}
	if count(s.System(c.System).Space, a.Seat, a.Unit) == 0 {
		return nil, engine.Refuse("78", "no %s of yours in the system", a.Unit)
	}
	n := c.clone()
	n.Answer = nextAsk(n, &n.own().Enders, AnswerRoundEnd)
	n.Owed = append(n.Owed, Owed{Seat: opponent(c, a.Seat), Hits: 1, Rule: "78", By: a.Seat})
	return s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: c.System, Unit: a.Unit, Count: 1}, newCombat(n, nil)), nil
}

// Greyfire Mutagen (Codex I), the Yin's note: at the start of a ground
// combat its holder fights against 2 or more ground forces that are not
// the Yin's, one of the opponent's infantry there is replaced by one of
// the holder's; it goes back (42.4a).
func init() {
	defineNote("yin:greyfire_mutagen", &promissoryNote{since: RulesFactions, moment: mutagenMoment, play: greyfireMutagen})
}

func mutagenMoment(s *State, seat int) bool {
	if !groundStart(s, seat) {
		return false
	}
	c := s.Combat
	opp := opponent(c, seat)
	pl, _ := s.Planet(c.Planet)
	if pl == nil || s.Players[opp].Faction == "yin" || count(pl.Units, opp, "infantry") == 0 || s.Reinforcements(seat, "infantry") == 0 {
		return false
	}
	return count(pl.Units, opp, "infantry")+count(pl.Units, opp, "mech") >= 2
}

func greyfireMutagen(s *State, a Action, _ int) ([]Event, error) {
	if !mutagenMoment(s, a.Seat) {
		return nil, engine.Refuse("69.1", "Greyfire Mutagen is played at the start of a ground combat you fight against 2 or more ground forces not the Yin's, with an infantry of yours in reinforcements")
	}
	c := s.Combat
	pl, sys := s.Planet(c.Planet)
	return s.emit(Event{Kind: EvUnitsRemoved, Seat: opponent(c, a.Seat), System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1},
		Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1},
		Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}

// Impulse Core, a Yin technology: at the start of a space combat, before
// the barrage, the Yin may destroy a cruiser or destroyer of theirs there
// for a hit the opponent puts on a non-fighter ship if they can (78.2).
func init() {
	define(&Ability{ID: "impulse_core", Since: RulesPrinted, Combat: combat.Tech{Impulse: true},
		Uses: []*Use{{At: AtSpaceStart, Fields: "unit", Options: devotionOptions, Resolve: impulseCore}}})
}

func impulseCore(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	c := s.Combat
	if a.Unit != "cruiser" && a.Unit != "destroyer" || count(s.System(c.System).Space, a.Seat, a.Unit) == 0 {
		return nil, engine.Refuse("78.2", "Impulse Core destroys a cruiser or a destroyer of yours in the system")
	}
	n := c.clone()
	n.Answer = nextAsk(n, &n.Starters, AnswerSpaceStart)
	n.Owed = append(n.Owed, Owed{Seat: opponent(c, a.Seat), Hits: 1, Only: "non_fighter_first", Rule: "78.2", By: a.Seat})
	return s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: c.System, Unit: a.Unit, Count: 1}, newCombat(n, nil)), nil
}

// Yin Spinner Ω (Codex I), a Yin technology: after the Yin's units
// produce, up to 2 infantry from reinforcements go on planets they control
// or into space areas with their ships, anywhere (units: one entry each).
// As printed (without the Codex, and before rules version 6): after their
// units use Production in a system, an infantry goes on a planet they
// control there, which they cannot decline.
func init() {
	define(&Ability{ID: "yin_spinner", Since: RulesMechs,
		Uses: []*Use{{At: AfterProduction, Fields: "units", Options: spinnerOmegaOptions, Resolve: yinSpinnerOmega}},
		Printed: &Ability{ID: "yin_spinner", Since: RulesPrinted,
			Uses: []*Use{{At: AfterProduction, Mandatory: true, Fields: "planet", Options: spinnerOptions, Resolve: yinSpinner}}}})
}

// spinnerPlaces are where Yin Spinner Ω may put an infantry of seat's.
func spinnerPlaces(s *State, seat int) []UnitRef {
	var out []UnitRef
	for _, sys := range s.Systems {
		if shipsOf(sys, seat) {
			out = append(out, UnitRef{System: sys.Pos, Unit: "infantry"})
		}
		for _, pl := range sys.Planets {
			if pl.Controller == seat && !unitsBarred(pl) {
				out = append(out, UnitRef{System: sys.Pos, Planet: pl.Name, Unit: "infantry"})
			}
		}
	}
	return out
}

func spinnerOmegaOptions(s *State, seat int, _ *Step) []Action {
	if s.Reinforcements(seat, "infantry") == 0 {
		return nil
	}
	var out []Action
	for _, r := range spinnerPlaces(s, seat) {
		out = append(out, Action{ActionExtra: &ActionExtra{Units: []UnitRef{r}}})
		if s.Reinforcements(seat, "infantry") > 1 {
			out = append(out, Action{ActionExtra: &ActionExtra{Units: []UnitRef{r, r}}})
		}
	}
	return out
}

func yinSpinnerOmega(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	refs := a.extra().Units
	if len(refs) == 0 || len(refs) > 2 || len(refs) > s.Reinforcements(a.Seat, "infantry") {
		return nil, engine.Refuse("67", "Yin Spinner places 1 or 2 infantry from reinforcements (units)")
	}
	places := spinnerPlaces(s, a.Seat)
	var ev []Event
	for _, r := range refs {
		r.To = ""
		if r.Unit == "" {
			r.Unit = "infantry"
		}
		if !slices.Contains(places, r) {
			return nil, engine.Refuse("67", "an infantry goes on a planet you control or into a space area with your ships")
		}
		ev = append(ev, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: r.System, Planet: r.Planet, Unit: "infantry", Count: 1})
	}
	return s.emit(ev...), nil
}

func spinnerOptions(s *State, seat int, st *Step) []Action {
	return producingPlanets(s, seat, st, "infantry")
}

func yinSpinner(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(spinnerOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet }) {
		return nil, engine.Refuse("67", "the infantry goes on a planet you control in the system that produced")
	}
	pl, sys := s.Planet(a.Planet)
	return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1}), nil
}

// Van Hauge, the Yin's flagship: when it is destroyed, every ship in its
// system is.
func init() {
	define(&Ability{ID: "van_hauge", Since: RulesPrinted, DestroysAll: true})
}

// Brother Omar, the Yin commander: it meets a green prerequisite of its
// owner's research; and while they research, an infantry of theirs
// returned to reinforcements (units) waives every prerequisite of a
// technology another player owns (90.12).
func init() {
	define(&Ability{ID: "yin:brother_omar", Since: RulesPoK, Prereq: "green",
		Uses: []*Use{{At: WhileResearch, Fields: "units", Options: omarOptions, Resolve: brotherOmar}}})
}

func omarOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, r := range sortedPlaces(s.unitPlaces(seat, isInfantry)) {
		out = append(out, Action{ActionExtra: &ActionExtra{Units: []UnitRef{r}}})
	}
	return out
}

func brotherOmar(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	refs := a.extra().Units
	if len(refs) != 1 {
		return nil, engine.Refuse("90.12", "Brother Omar returns 1 infantry of yours (units)")
	}
	r := refs[0]
	r.To, r.Into, r.Unit = "", nil, "infantry"
	if s.unitPlaces(a.Seat, isInfantry)[r] == 0 {
		return nil, engine.Refuse("90.12", "no infantry of yours at %d %s", r.System, r.Planet)
	}
	return s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: r.System, Planet: r.Planet, Unit: "infantry", Count: 1},
		Event{Kind: EvSpent, Seat: a.Seat, Card: creditOwned}), nil
}

// Brother Milor Ω (Codex III), the Yin agent: after any player's unit is
// destroyed in a combat, exhausted, that player places 2 fighters in the
// system if it was a ship, or 2 infantry on its planet if it was a ground
// force, as their reinforcements allow (the Yin choose, as for every
// agent). As printed (without the Codex): after a destroyer or cruiser is
// destroyed, up to 2 fighters in its system. Destructions outside a
// combat (a gravity rift's die) open no window.
func init() {
	define(&Ability{ID: "yin:brother_milor", Since: RulesPoK, Odds: combat.Tech{Milor: true},
		Uses: []*Use{{At: AfterUnitLost, Exhaust: true, Options: milorOptions(true), Resolve: brotherMilor(true)}},
		Printed: &Ability{ID: "yin:brother_milor", Since: RulesPoK, Odds: combat.Tech{MilorPrinted: true},
			Uses: []*Use{{At: AfterUnitLost, Exhaust: true, Options: milorOptions(false), Resolve: brotherMilor(false)}}}})
}

// milorPlaced is what the agent places for the unit lost at w: the unit
// type and where (planet), or "" for nothing.
func milorPlaced(s *State, w *Step, omega bool) (unit, planet string) {
	lost, owner := w.Units[0], *w.Target
	switch {
	case w.Planet == "" && (omega || lost == "destroyer" || lost == "cruiser"):
		unit = "fighter"
	case w.Planet != "" && omega:
		unit, planet = "infantry", w.Planet
	}
	if unit == "" || s.Reinforcements(owner, unit) == 0 {
		return "", ""
	}
	return unit, planet
}

func milorOptions(omega bool) func(s *State, seat int, st *Step) []Action {
	return func(s *State, seat int, st *Step) []Action {
		if w := askPlace(s, st, AfterUnitLost); w != nil {
			if u, _ := milorPlaced(s, w, omega); u != "" {
				return []Action{{}}
			}
		}
		return nil
	}
}

func brotherMilor(omega bool) func(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	return func(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
		w := askPlace(s, st, AfterUnitLost)
		if w == nil {
			return nil, engine.Refuse("51.4", "only just after a unit is destroyed in a combat")
		}
		unit, planet := milorPlaced(s, w, omega)
		if unit == "" {
			return nil, engine.Refuse("51.4", "nothing to place for that unit: no %s in its player's reinforcements", w.Units[0])
		}
		q := *w.Target
		n := s.Combat.clone()
		n.Answer = nil
		return s.emit(Event{Kind: EvUnitsPlaced, Seat: q, System: w.Systems[0], Planet: planet, Unit: unit, Count: min(2, s.Reinforcements(q, unit))},
			newCombat(n, nil)), nil
	}
}

// Dannel of the Tenth Ω (Codex III), the Yin hero: as an action, up to 3
// infantry from reinforcements are placed on planets outside home systems
// (units: one each, by planet), and the ground combats there are fought,
// a system at a time, as invasions without bombardment, commits or space
// cannon (Invasion with Placed); then the hero is purged (51.12). Not on
// Mecatol Rex while the custodians token is there (27). Its printed
// version is not built: Dannel Ω plays in every game.
func init() {
	define(&Ability{ID: "yin:dannel_of_the_tenth", Since: RulesPoK,
		Uses: []*Use{{At: AtAction, Fields: "units", Options: dannelOptions, Resolve: dannel}}})
}

// dannelMost is how many infantry Dannel of the Tenth places.
const dannelMost = 3

// dannelPlanet reports a planet Dannel's infantry may be placed on: not
// in a home system, not Mecatol Rex under the custodians token, not one
// no unit may be placed on (Demilitarized Zone, 12.1).
func (s *State) dannelPlanet(pl *Planet, sys *System) bool {
	return pl != nil && !s.IsHomeSystem(sys.Pos) && !(pl.Name == MecatolRex && s.Custodians) && checkPlacement(s, None, "infantry", 1, pl) == nil
}

// dannelOptions offers, for each planet, all the infantry there.
func dannelOptions(s *State, seat int, _ *Step) []Action {
	n := min(dannelMost, s.Reinforcements(seat, "infantry"))
	if n == 0 {
		return nil
	}
	var out []Action
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if s.dannelPlanet(pl, sys) {
				refs := slices.Repeat([]UnitRef{{System: sys.Pos, Planet: pl.Name, Unit: "infantry"}}, n)
				out = append(out, Action{ActionExtra: &ActionExtra{Units: refs}})
			}
		}
	}
	return out
}

func dannel(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	refs := a.extra().Units
	if len(refs) == 0 || len(refs) > dannelMost {
		return nil, engine.BadInput("units", "name 1 to %d infantry, each with its planet", dannelMost)
	}
	if len(refs) > s.Reinforcements(a.Seat, "infantry") {
		return nil, engine.Refuse("51.12", "only %d infantry in your reinforcements", s.Reinforcements(a.Seat, "infantry"))
	}
	var planets []string
	count := map[string]int{}
	for _, r := range refs {
		pl, sys := s.Planet(r.Planet)
		if r.Unit != "infantry" || pl == nil || sys.Pos != r.System {
			return nil, engine.BadInput("units", "each an infantry, with a planet and its system")
		}
		if !s.dannelPlanet(pl, sys) {
			return nil, engine.Refuse("51.12", "%s is in a home system, Mecatol Rex under the custodians token, or a planet no unit may be placed on", pl.Name)
		}
		if count[pl.Name] == 0 {
			planets = append(planets, pl.Name)
		}
		count[pl.Name]++
	}
	slices.SortStableFunc(planets, func(x, y string) int { // a system at a time, in board order
		_, sx := s.Planet(x)
		_, sy := s.Planet(y)
		return sx.Pos - sy.Pos
	})
	var ev []Event
	for _, name := range planets {
		_, sys := s.Planet(name)
		ev = append(ev, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: name, Unit: "infantry", Count: count[name]})
	}
	return s.emit(append(ev, purgeHero(a.Seat), invadePlaced(s, a.Seat, planets))...), nil
}
