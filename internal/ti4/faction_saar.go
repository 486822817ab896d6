package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// The Clan of Saar's abilities.
func init() {
	// Scavenge: a trade good on gaining control of a planet (25).
	define(&Ability{ID: "saar:scavenge", Since: RulesFactions, GainPlanetTradeGoods: 1})
	// Nomadic: public objectives scored without holding the home system
	// (61.16).
	define(&Ability{ID: "saar:nomadic", Since: RulesFactions, Permits: PermitScoreAwayFromHome})
}

// Ragh's Call, the Saar's note: after its holder commits units to land on
// a planet, the Saar's ground forces there move to a planet the Saar
// control (to_planet); the note goes back.
func init() {
	defineNote("saar:ragh_s_call", &promissoryNote{since: RulesFactions, moment: raghMoment, fields: "planet to_planet", offer: raghOffer, play: raghsCall})
}

// raghPlanets are the planets seat committed to in the invasion under way
// that hold ground forces of the Saar (owner).
func raghPlanets(s *State, seat, owner int) []*Planet {
	inv := s.Invasion
	if inv == nil || inv.Seat != seat || inv.CommitsDone || owner == None {
		return nil
	}
	var out []*Planet
	for _, name := range inv.Committed {
		if pl, _ := s.Planet(name); pl != nil && (count(pl.Units, owner, "infantry") > 0 || count(pl.Units, owner, "mech") > 0) {
			out = append(out, pl)
		}
	}
	return out
}

func raghMoment(s *State, seat int) bool {
	return len(raghPlanets(s, seat, s.seatOfFaction("saar"))) > 0
}

func raghOffer(s *State, seat int) []Action {
	owner := s.seatOfFaction("saar")
	var out []Action
	for _, from := range raghPlanets(s, seat, owner) {
		s.controlled(owner, func(to *Planet, _ *System, _ *data.Planet) bool {
			if to != from {
				out = append(out, Action{Planet: from.Name, ToPl: to.Name})
			}
			return false
		})
	}
	return out
}

func raghsCall(s *State, a Action, owner int) ([]Event, error) {
	i := slices.IndexFunc(raghPlanets(s, a.Seat, owner), func(pl *Planet) bool { return pl.Name == a.Planet })
	if i < 0 {
		return nil, engine.Refuse("69.1", "Ragh's Call is played after you commit units to a planet with the Saar's ground forces: planet names it")
	}
	from, fromSys := s.Planet(a.Planet)
	to, toSys := s.Planet(a.ToPl)
	if to == nil || to.Controller != owner || to == from {
		return nil, engine.Refuse("69.1", "the Saar's ground forces go to another planet the Saar control: to_planet names it")
	}
	var ev []Event
	dm := s.damageMover(owner)
	for _, u := range []string{"infantry", "mech"} {
		if n := count(from.Units, owner, u); n > 0 {
			ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: owner, System: fromSys.Pos, Planet: from.Name, Unit: u, Count: n},
				Event{Kind: EvUnitsPlaced, Seat: owner, System: toSys.Pos, Planet: to.Name, Unit: u, Count: n, Extra: damagedExtra(dm.take(fromSys.Pos, from.Name, u, n))})
		}
	}
	return s.extend(ev, Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}

// Chaos Mapping, a Saar technology: other players cannot activate an
// asteroid field holding the Saar's ships (11); at the start of each of
// their turns the Saar may produce one unit in a system with a unit of
// theirs that has Production (67).
func init() {
	define(&Ability{ID: "chaos_mapping", Since: RulesPrinted, Permits: PermitAsteroidHold,
		Uses: []*Use{{At: AtStartOfTurn, OncePerTurn: true, Fields: "system", Options: dockSystems, Resolve: chaosMapping}}})
}

func chaosMapping(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	sys, _, err := where(s, a.System, "", "system")
	if err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(dockSystems(s, a.Seat, nil), func(o Action) bool { return *o.System == sys.Pos }) {
		return nil, engine.Refuse("67", "produce in a system with a unit of yours that has Production")
	}
	return s.emit(queue(Step{Kind: StepFreelance, Seat: a.Seat, Card: "chaos_mapping", Systems: []int{sys.Pos}, Prod: &Production{}, ResourcesOnly: true})), nil
}

// Scavenger Zeta, the Saar mech: after the Saar gain control of a planet,
// deployed there for a trade good (30, 55.3).
func init() {
	define(&Ability{ID: "scavenger_zeta", Since: RulesMechs, Deploy: true,
		Uses: []*Use{{At: AfterGainPlanet, Ready: scavengerReady, Options: scavengerOptions, Resolve: scavengerZeta}}})
}

// scavengerReady: the window opens as control is gained, before the gain
// and the trade good Scavenge gives with it are applied.
func scavengerReady(s *State, seat int, _ *Step) bool {
	return s.deploys(seat) && s.Players[seat].TradeGoods+s.bonus(seat, hookGainPlanetTG) >= 1
}

func scavengerOptions(s *State, seat int, st *Step) []Action {
	if st == nil || s.Players[seat].TradeGoods < 1 {
		return nil
	}
	if pl, _ := s.Planet(st.Planet); pl == nil || pl.Controller != seat || !s.deploysOn(seat, pl) {
		return nil
	}
	return []Action{{}}
}

func scavengerZeta(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(scavengerOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("30.2", "a mech in reinforcements, a trade good, and the planet just gained still yours")
	}
	pl, sys := s.Planet(st.Planet)
	return s.emit(Event{Kind: EvTradeGoods, Seat: a.Seat, Count: -1},
		Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "mech", Count: 1}), nil
}

// The Clan of Saar's leaders from rules version 6.
func init() {
	// Gurno Aggero, hero: as an action, in a system next to one of their
	// space docks, every other player's infantry and fighters are
	// destroyed; purged (51.12).
	define(&Ability{ID: "saar:gurno_aggero", Since: RulesMechs,
		Uses: []*Use{{At: AtAction, Fields: "system", Options: aggeroOptions, Resolve: gurnoAggero}}})
}

func aggeroOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, sys := range s.Systems {
		if s.dockNextTo(seat, sys.Pos) {
			out = append(out, Action{System: ip(sys.Pos)})
		}
	}
	return out
}

// dockNextTo reports a space dock of seat's in a system next to pos (its
// own system is not next to it).
func (s *State) dockNextTo(seat, pos int) bool {
	for _, q := range s.galaxy.Neighbors(pos, s.Wormholes) {
		if q == pos {
			continue
		}
		if sys := s.System(q); sys != nil && (count(sys.Space, seat, "space_dock") > 0 ||
			slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return count(pl.Units, seat, "space_dock") > 0 })) {
			return true
		}
	}
	return false
}

func gurnoAggero(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if a.System == nil || !s.dockNextTo(a.Seat, *a.System) || s.System(*a.System) == nil {
		return nil, engine.Refuse("51.10", "Gurno Aggero acts on a system next to one of your space docks")
	}
	sys := s.System(*a.System)
	var ev []Event
	kill := func(planet string, sts []Stack) {
		for _, st := range sts {
			if st.Owner != a.Seat && (st.Unit == "infantry" || st.Unit == "fighter") {
				ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Planet: planet, Unit: st.Unit, Count: st.Count})
			}
		}
	}
	kill("", sys.Space)
	for _, pl := range sys.Planets {
		kill(pl.Name, pl.Units)
	}
	return s.emit(append(ev, purgeHero(a.Seat))...), nil
}

// Captain Mendosa, the Saar agent: after any player activates a system,
// exhausted: one of that player's ships moves in that tactical action as
// far as the ship on the board with the highest move value (58.4).
func init() {
	define(&Ability{ID: "saar:captain_mendosa", Since: RulesPoK, TacticalAid: AidMatch,
		Uses: []*Use{{At: AfterAnyActivation, Exhaust: true, Options: func(_ *State, _ int, st *Step) []Action {
			if st == nil || len(st.Systems) == 0 {
				return nil
			}
			return []Action{{}}
		}, Resolve: passAbility}}})
}

// Rowl Sarrig, the Saar commander: the fighters and infantry they produce
// may go to any space dock of theirs not blockaded (produce's system).
func init() {
	define(&Ability{ID: "saar:rowl_sarrig", Since: RulesPoK, DockPlacement: true})
}
