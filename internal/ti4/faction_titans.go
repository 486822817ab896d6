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
	define(&Ability{ID: "titans:tellurian", Since: RulesPoK, Odds: combat.Tech{Cancel: 1},
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

// The Titans' sleeper tokens, five of them, go on planets (Terragenesis)
// and become PDS there (Awaken).
const sleeperToken, sleeperTokens = "sleeper", 5

// sleepers lists the planets holding seat's sleeper tokens.
func (s *State) sleepers(seat int) []string {
	var out []string
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if hasSleeper(pl, seat) {
				out = append(out, pl.Name)
			}
		}
	}
	return out
}

// hasSleeper reports seat's sleeper token on pl; None: anyone's.
func hasSleeper(pl *Planet, seat int) bool {
	return slices.ContainsFunc(pl.Tokens, func(t Token) bool { return t.Kind == sleeperToken && (seat == None || t.Owner == seat) })
}

// Terragenesis, a Titans ability: after they explore a planet with no
// sleeper token, one may go there, from their supply while fewer than
// five are on the board, or moved from another planet (planet: where
// from; none: the supply).
func init() {
	define(&Ability{ID: "titans:terragenesis", Since: RulesPoK,
		Uses: []*Use{{At: AfterExplored, Fields: "planet", Options: terragenesisOptions, Resolve: terragenesis}}})
}

func terragenesisOptions(s *State, seat int, st *Step) []Action {
	if st == nil {
		return nil
	}
	if pl, _ := s.Planet(st.Planet); pl == nil || hasSleeper(pl, None) {
		return nil
	}
	on := s.sleepers(seat)
	var out []Action
	if len(on) < sleeperTokens {
		out = append(out, Action{})
	}
	for _, p := range on {
		out = append(out, Action{Planet: p})
	}
	return out
}

func terragenesis(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(terragenesisOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet }) {
		return nil, engine.Refuse("1.3", "Terragenesis puts a sleeper token on the planet explored, which has none: from your supply while fewer than %d are out, or moved from a planet (planet)", sleeperTokens)
	}
	var ev []Event
	if a.Planet != "" {
		_, from := s.Planet(a.Planet)
		ev = append(ev, Event{Kind: EvTokenRemoved, Seat: a.Seat, System: from.Pos, Planet: a.Planet, Card: sleeperToken})
	}
	_, sys := s.Planet(st.Planet)
	return s.emit(append(ev, Event{Kind: EvTokenPlaced, Seat: a.Seat, System: sys.Pos, Planet: st.Planet, Card: sleeperToken})...), nil
}

// Awaken, a Titans ability: after they activate a system, each of their
// sleeper tokens there since before the activation becomes a PDS from
// their reinforcements, as far as they and the planet's limit allow (85.5).
// A PDS among another player's ground forces fights them (Coalescence); on
// a planet of another player's with no ground forces, it takes the planet
// as units do (25.5).
func init() {
	define(&Ability{ID: "titans:awaken", Since: RulesPoK,
		Uses: []*Use{{At: AfterActivation, Options: awakenOptions, Resolve: awaken}}})
}

// awakened lists the planets of the activated system whose sleeper tokens
// seat may replace now.
func awakened(s *State, seat int, st *Step) []*Planet {
	if st == nil || len(st.Systems) == 0 {
		return nil
	}
	var out []*Planet
	left := s.Reinforcements(seat, "pds")
	for _, pl := range s.System(st.Systems[0]).Planets {
		fresh := s.Tactical != nil && slices.Contains(s.Tactical.Tokened, pl.Name) // placed after the activation (Scanlink Drone Network)
		if len(out) < left && hasSleeper(pl, seat) && !fresh && checkPlacement(s, seat, "pds", 1, pl) == nil {
			out = append(out, pl)
		}
	}
	return out
}

func awakenOptions(s *State, seat int, st *Step) []Action {
	if len(awakened(s, seat, st)) == 0 {
		return nil
	}
	return []Action{{}}
}

func awaken(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	pls := awakened(s, a.Seat, st)
	if len(pls) == 0 {
		return nil, engine.Refuse("1.3", "Awaken needs a sleeper token of yours in the activated system, there before it was activated, and a PDS in reinforcements")
	}
	pos := st.Systems[0]
	var ev []Event
	for _, pl := range pls {
		ev = append(ev, Event{Kind: EvTokenRemoved, Seat: a.Seat, System: pos, Planet: pl.Name, Card: sleeperToken},
			Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: pos, Planet: pl.Name, Unit: "pds", Count: 1})
		if s.factionHas(a.Seat, hookFightsPlaced) && slices.ContainsFunc(pl.Units, func(u Stack) bool { return u.Owner != a.Seat && s.groundForce(u.Owner, u.Unit) }) {
			ev = append(ev, Event{Kind: EvForced, Seat: a.Seat, System: pos, Planet: pl.Name})
		}
	}
	return s.emit(ev...), nil
}

// Coalescence, a Titans ability: their units placed by Awaken or their
// flagship beside another player's units fight them, in the space combat
// or, uncommitted, in the ground combat of the invasion step (the active
// system's space combat already includes a flagship placed in it).
func init() {
	define(&Ability{ID: "titans:coalescence", Since: RulesPoK, FightsPlaced: true})
}

func hookFightsPlaced(a *Ability) bool { return a.FightsPlaced }
