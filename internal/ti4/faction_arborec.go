package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// The Arborec's abilities.
func init() {
	// Mitosis: the Arborec's space docks produce no infantry (68.1d); at
	// the start of the status phase an infantry from reinforcements goes
	// on a planet they control, if they can place one.
	define(&Ability{ID: "arborec:mitosis", Since: RulesPrinted, DocksNoInfantry: true,
		Uses: []*Use{{At: AtStatusStart, Mandatory: true, Fields: "planet unit", Options: mitosisOptions, Resolve: mitosis}}})
	// Letani Behemoth, the Arborec mech: deployed when Mitosis is used, in
	// place of one of their infantry on a planet (unit "mech": 30, 55.3).
	define(&Ability{ID: "letani_behemoth", Since: RulesMechs, Deploy: true})
}

func mitosisOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, pl := range s.ownPlanets(seat) {
		if !unitsBarred(pl) && s.Reinforcements(seat, "infantry") > 0 {
			out = append(out, Action{Planet: pl.Name})
		}
	}
	if !s.deploys(seat) {
		return out
	}
	s.controlled(seat, func(pl *Planet, _ *System, _ *data.Planet) bool {
		if count(pl.Units, seat, "infantry") > 0 && !unitsBarred(pl) {
			out = append(out, Action{Planet: pl.Name, Unit: "mech"})
		}
		return false
	})
	return out
}

func mitosis(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(mitosisOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet && o.Unit == a.Unit }) {
		if a.Unit == "mech" {
			return nil, engine.Refuse("30.2", "the mech takes the place of one of your infantry on a planet, and must be in reinforcements")
		}
		return nil, engine.Refuse("1.3", "Mitosis places an infantry from reinforcements on a planet you control")
	}
	pl, sys := s.Planet(a.Planet)
	if a.Unit == "mech" {
		return s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1},
			Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "mech", Count: 1}), nil
	}
	return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1}), nil
}

// Stymie (Codex I), the Arborec's note: after another player moves ships
// into a system with its holder's units, a command token from the mover's
// reinforcements goes to a non-home system of the holder's choice; the
// note goes back.
func init() {
	defineNote("arborec:stymie", &promissoryNote{since: RulesFactions, answers: AnswerMovedIn, moment: answering(AnswerMovedIn),
		fields: "system", offer: stymieOffer, play: stymie})
}

func stymieOffer(s *State, seat int) []Action {
	var out []Action
	for _, sys := range s.Systems {
		if stymieOpen(s, sys.Pos) {
			out = append(out, Action{System: ip(sys.Pos)})
		}
	}
	return out
}

// stymieOpen reports a system the mover's token may go to: not a home
// system, and without a token of theirs.
func stymieOpen(s *State, pos int) bool {
	sys := s.System(pos)
	return sys != nil && s.Combat != nil && !s.IsHomeSystem(pos) && !slices.Contains(sys.Command, s.Combat.Attacker) &&
		s.tokensToPlace(s.Combat.Attacker) > 0
}

func stymie(s *State, a Action, _ int) ([]Event, error) {
	if !answering(AnswerMovedIn)(s, a.Seat) {
		return nil, engine.Refuse("69.1", "Stymie is played after another player moves ships in where you have units")
	}
	if a.System == nil || !stymieOpen(s, *a.System) {
		return nil, engine.Refuse("69.1", "choose a non-home system without the mover's token, while they have one in reinforcements")
	}
	return s.extend(s.effectToken(s.Combat.Attacker, *a.System, 0), Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}

// Bioplasmosis, an Arborec technology: at the end of the status phase the
// Arborec may move infantry between planets they control in the same or
// adjacent systems, a move at a time, each infantry moving once (a move
// may take every infantry of a planet that has not moved).
func init() {
	define(&Ability{ID: "bioplasmosis", Since: RulesFactions,
		Uses: []*Use{{At: AtStatusEnd, Fields: "planet to_planet count", Options: bioplasmosisOptions, Resolve: bioplasmosis}}})
}

// bioplasmosisOptions: each infantry moves once, so those placed in this
// phase (the step's Used, a planet an infantry) stay; every move moves one
// that has not, so the moves end.
func bioplasmosisOptions(s *State, seat int, st *Step) []Action {
	var moved []string
	if st != nil {
		moved = st.Used
	}
	var out []Action
	s.controlled(seat, func(from *Planet, fs *System, _ *data.Planet) bool {
		n := count(from.Units, seat, "infantry")
		for _, p := range moved {
			if p == from.Name {
				n--
			}
		}
		if n <= 0 {
			return false
		}
		s.controlled(seat, func(to *Planet, ts *System, _ *data.Planet) bool {
			if to != from && (ts == fs || s.Adjacent(fs.Pos, ts.Pos)) && !unitsBarred(to) {
				for k := 1; k <= n; k++ {
					out = append(out, Action{Planet: from.Name, ToPl: to.Name, Count: k})
				}
			}
			return false
		})
		return false
	})
	return out
}

func bioplasmosis(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(bioplasmosisOptions(s, a.Seat, st), func(o Action) bool {
		return o.Planet == a.Planet && o.ToPl == a.ToPl && o.Count == a.Count
	}) {
		return nil, engine.Refuse("1.3", "move infantry of yours between planets you control in the same or adjacent systems")
	}
	from, fs := s.Planet(a.Planet)
	to, ts := s.Planet(a.ToPl)
	ev := s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: fs.Pos, Planet: from.Name, Unit: "infantry", Count: a.Count},
		Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: ts.Pos, Planet: to.Name, Unit: "infantry", Count: a.Count})
	var moved []string
	if st != nil {
		moved = slices.Clone(st.Used)
	}
	for range a.Count {
		moved = append(moved, to.Name)
	}
	return s.extend(ev, abilityWindows(s, a.Seat, AtStatusEnd, Step{Used: moved})...), nil // the next move, if any
}

// Duha Menaimon, the Arborec's flagship: after the Arborec activate its
// system, they may produce up to 5 units there, paid in resources (not a
// unit's Production: no effect on Production applies).
func init() {
	define(&Ability{ID: "duha_menaimon", Since: RulesFactions,
		Uses: []*Use{{At: AfterActivation, Options: duhaOptions, Resolve: duhaMenaimon}}})
}

// duhaUnits is how many units the flagship produces.
const duhaUnits = 5

func duhaOptions(s *State, seat int, st *Step) []Action {
	if st == nil || len(st.Systems) == 0 || count(s.System(st.Systems[0]).Space, seat, "flagship") == 0 {
		return nil
	}
	return []Action{{}}
}

func duhaMenaimon(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(duhaOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("1.14", "Duha Menaimon produces after you activate the system it is in")
	}
	return s.emit(queue(Step{Kind: StepFreelance, Seat: a.Seat, Card: "duha_menaimon", Systems: []int{st.Systems[0]}, Prod: &Production{},
		Need: duhaUnits, ResourcesOnly: true})), nil
}

// Letani Warrior II, the Arborec's infantry upgrade: after one is
// destroyed, a die; on 6 or more it is set on its card and placed on a
// planet the Arborec control at home at the start of their next turn.
func init() {
	define(&Ability{ID: "letani_warrior_2", Since: RulesPrinted, Revive: 6})
}

// Letani Ospha, the Arborec agent: as an action, exhausted: a player's
// non-fighter ship (system, unit, player) is replaced by a ship of theirs
// from reinforcements (outcome) costing up to 2 more. The Arborec choose,
// as for T'ro's placement.
func init() {
	define(&Ability{ID: "arborec:letani_ospha", Since: RulesPoK,
		Uses: []*Use{{At: AtAction, Exhaust: true, Fields: "system unit player outcome", Options: osphaOptions, Resolve: letaniOspha}}})
}

// osphaMore is how much more the ship put in may cost.
const osphaMore = 2

func osphaOptions(s *State, _ int, _ *Step) []Action {
	var out []Action
	for _, sys := range s.Systems {
		for _, st := range sys.Space {
			if !isShip(st.Unit) || st.Unit == "fighter" || st.Owner < 0 || s.Players[st.Owner].Eliminated {
				continue
			}
			cost := s.UnitCard(st.Owner, st.Unit).Cost
			for _, typ := range unitTypes {
				u := s.UnitCard(st.Owner, typ)
				if typ != st.Unit && isShip(typ) && u != nil && u.Cost > 0 && u.Cost <= cost+osphaMore && s.Reinforcements(st.Owner, typ) > 0 {
					out = append(out, Action{System: ip(sys.Pos), Unit: st.Unit, Outcome: typ, ActionExtra: &ActionExtra{Player: ip(st.Owner)}})
				}
			}
		}
	}
	return out
}

func letaniOspha(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	q := a.extra().Player
	if a.System == nil || q == nil || !slices.ContainsFunc(osphaOptions(s, a.Seat, nil), func(o Action) bool {
		return *o.System == *a.System && o.Unit == a.Unit && o.Outcome == a.Outcome && *o.extra().Player == *q
	}) {
		return nil, engine.Refuse("51.4", "a player's non-fighter ship (system, unit, player) for a ship of theirs in reinforcements (outcome) costing up to 2 more")
	}
	return s.emit(Event{Kind: EvUnitsRemoved, Seat: *q, System: *a.System, Unit: a.Unit, Count: 1},
		Event{Kind: EvUnitsPlaced, Seat: *q, System: *a.System, Unit: a.Outcome, Count: 1}), nil
}

// Dirzuga Rophal, the Arborec commander: after another player activates
// a system with units of theirs that have Production, the Arborec may
// produce 1 unit there (a step of theirs, one unit, paid as usual).
func init() {
	define(&Ability{ID: "arborec:dirzuga_rophal", Since: RulesPoK,
		Uses: []*Use{{At: AfterAnyActivation, Options: rophalOptions, Resolve: dirzugaRophal}}})
}

func rophalOptions(s *State, seat int, st *Step) []Action {
	if st == nil || st.Target == nil || *st.Target == seat || len(st.Systems) == 0 {
		return nil
	}
	sys := s.System(st.Systems[0])
	produces := func(x Stack) bool { return x.Owner == seat && s.UnitCard(seat, x.Unit).HasProduction() }
	if slices.ContainsFunc(sys.Space, produces) || slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return slices.ContainsFunc(pl.Units, produces) }) {
		return []Action{{}}
	}
	return nil
}

func dirzugaRophal(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(rophalOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("51.7", "Dirzuga Rophal answers another player's activation of a system with your units that have Production")
	}
	return s.emit(queue(Step{Kind: StepFreelance, Seat: a.Seat, Card: a.Card, Systems: []int{st.Systems[0]}, Prod: &Production{}})), nil
}

// Letani Miasmiala, the Arborec hero: as an action, they produce any
// number of units in each system with their ground forces (a step each,
// in board order, paid in resources as usual; 67); purged.
func init() {
	define(&Ability{ID: "arborec:letani_miasmiala", Since: RulesPoK,
		Uses: []*Use{{At: AtAction, Options: one(Action{}), Resolve: letaniMiasmiala}}})
}

// anyNumber is a production's limit that is none.
const anyNumber = 1 << 20

func letaniMiasmiala(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	var ev []Event
	for _, sys := range s.Systems {
		ground := func(x Stack) bool { return x.Owner == a.Seat && isGroundForce(x.Unit) }
		if slices.ContainsFunc(sys.Space, ground) || slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return slices.ContainsFunc(pl.Units, ground) }) {
			ev = append(ev, queue(Step{Kind: StepFreelance, Seat: a.Seat, Card: a.Card, Systems: []int{sys.Pos}, Prod: &Production{}, Need: anyNumber, ResourcesOnly: true}))
		}
	}
	return s.emit(append(ev, purgeHero(a.Seat))...), nil
}
