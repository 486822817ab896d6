package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Embers of Muaat's abilities.
func init() {
	// Gashlai Physiology: ships move into and through supernovae (86.1).
	define(&Ability{ID: "muaat:gashlai_physiology", Since: RulesFactions, Permits: PermitSupernovae})
	// Star Forge: a component action spending a strategy token for 2
	// fighters or a destroyer in a system with Muaat's war sun.
	define(&Ability{ID: "muaat:star_forge", Since: RulesFactions,
		Uses: []*Use{{At: AtAction, Fields: "system unit units", Options: starForgeOptions, Resolve: starForge}}})
	// Ember Colossus, the Muaat mech: when Star Forge is used in its system
	// or next to it, an infantry from reinforcements may go with it (units:
	// the mechs that take one).
	define(&Ability{ID: "ember_colossus", Since: RulesMechs})
}

// colossi are seat's mechs in the system at pos or next to it, where
// Ember Colossus would place an infantry with each: one per planet or
// space area that holds any.
func colossi(s *State, seat, pos int) []UnitRef {
	if a := s.unitAbility(seat, "mech"); a == nil || a.ID != "ember_colossus" {
		return nil
	}
	var out []UnitRef
	for _, sys := range s.Systems {
		if sys.Pos != pos && !s.Adjacent(sys.Pos, pos) {
			continue
		}
		for _, pl := range sys.Planets {
			if n := count(pl.Units, seat, "mech"); n > 0 && !unitsBarred(pl) {
				for range n {
					out = append(out, UnitRef{System: sys.Pos, Planet: pl.Name, Unit: "mech"})
				}
			}
		}
		for range count(sys.Space, seat, "mech") {
			out = append(out, UnitRef{System: sys.Pos, Unit: "mech"})
		}
	}
	return out
}

// colossusInfantry places an infantry with each mech of refs (each one a
// mech of seat's Star Forge reaches, none twice), as far as reinforcements
// go (30.2's reading for a placement).
func colossusInfantry(s *State, seat, pos int, refs []UnitRef) ([]Event, error) {
	open := colossi(s, seat, pos)
	var ev []Event
	for _, r := range refs {
		i := slices.Index(open, r)
		if i < 0 {
			return nil, engine.Refuse("55", "an infantry goes with each of your Ember Colossi in the system or next to it, once")
		}
		open = slices.Delete(open, i, i+1)
	}
	n := min(len(refs), s.Reinforcements(seat, "infantry"))
	for _, r := range refs[:n] {
		ev = append(ev, Event{Kind: EvUnitsPlaced, Seat: seat, System: r.System, Planet: r.Planet, Unit: "infantry", Count: 1})
	}
	return ev, nil
}

// Fires of the Gashlai, the Muaat's note: as its holder's action, a token
// leaves the Muaat's fleet pool for their reinforcements and the holder
// gains the War Sun upgrade (a gain, not research: 90), unless they own
// it; not with the Muaat's fleet pool empty.
func init() {
	defineNote("muaat:fires_of_the_gashlai", &promissoryNote{since: RulesFactions, moment: firesMoment, play: playAsAction(firesOfTheGashlai)})
}

func firesMoment(s *State, seat int) bool {
	o := s.seatOfFaction("muaat")
	return asAction(s, seat) && o != None && s.Players[o].Fleet > 0 && !slices.Contains(s.Players[seat].Techs, "war_sun")
}

func firesOfTheGashlai(s *State, a Action, owner int) ([]Event, error) {
	m := s.Players[owner]
	if m.Fleet == 0 {
		return nil, engine.Refuse("69.1", "Fires of the Gashlai takes a token from the Muaat's fleet pool, which is empty")
	}
	if slices.Contains(s.Players[a.Seat].Techs, "war_sun") {
		return nil, engine.Refuse("90.2", "you own the War Sun already")
	}
	return s.emit(Event{Kind: EvTokensSet, Seat: owner, Pools: &Pools{m.Tactic, m.Fleet - 1, m.Strategy}},
		Event{Kind: EvTechGained, Seat: a.Seat, Card: "war_sun"}, Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}

func starForgeOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, sys := range s.Systems {
		if count(sys.Space, seat, "war_sun") > 0 {
			out = append(out, Action{System: ip(sys.Pos), Unit: "fighter"}, Action{System: ip(sys.Pos), Unit: "destroyer"})
			if c := colossi(s, seat, sys.Pos); len(c) > 0 && s.Reinforcements(seat, "infantry") > 0 {
				c = c[:min(len(c), s.Reinforcements(seat, "infantry"))]
				out = append(out, Action{System: ip(sys.Pos), Unit: "fighter", ActionExtra: &ActionExtra{Units: c}},
					Action{System: ip(sys.Pos), Unit: "destroyer", ActionExtra: &ActionExtra{Units: c}})
			}
		}
	}
	return out
}

func starForge(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	if p.Strategy < 1 {
		return nil, engine.Refuse("1.11", "Star Forge costs a token from the strategy pool, which is empty")
	}
	sys, _, err := where(s, a.System, "", "system")
	if err != nil {
		return nil, err
	}
	if count(sys.Space, a.Seat, "war_sun") == 0 {
		return nil, engine.Refuse("1.3", "Star Forge places units in a system with your war sun")
	}
	n := map[string]int{"fighter": 2, "destroyer": 1}[a.Unit]
	if n == 0 {
		return nil, engine.BadInput("unit", "Star Forge places 2 fighters or 1 destroyer, not %q", a.Unit)
	}
	if !Unlimited(a.Unit) {
		n = min(n, s.Reinforcements(a.Seat, a.Unit))
	}
	if n == 0 {
		return nil, engine.Refuse("67.5", "no %s in reinforcements", a.Unit)
	}
	with, err := colossusInfantry(s, a.Seat, sys.Pos, a.extra().Units)
	if err != nil {
		return nil, err
	}
	ev := s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &Pools{p.Tactic, p.Fleet, p.Strategy - 1}},
		Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Unit: a.Unit, Count: n})
	return s.extend(ev, with...), nil
}

// Magmus Reactor Ω (Codex I), a Muaat technology: the Muaat's ships move
// into supernovae (86.1), and each supernova holding their units has
// Production 5 for them (68). As printed (without the Codex, and before
// rules version 6): the same movement; after their units use Production in
// a system with a war sun or next to a supernova, they gain a trade good.
func init() {
	define(&Ability{ID: "magmus_reactor", Since: RulesMechs, Permits: PermitSupernovae, SupernovaProduction: 5,
		Printed: &Ability{ID: "magmus_reactor", Since: RulesPrinted, Permits: PermitSupernovae, Produced: magmusReactor}})
}

func magmusReactor(s *State, owner, pos int) []Event {
	sys := s.System(pos)
	near := slices.ContainsFunc(sys.Space, func(st Stack) bool { return st.Unit == "war_sun" && st.Owner == owner })
	for _, q := range s.galaxy.Neighbors(pos, s.Wormholes) {
		near = near || s.anomaly(q, "supernova")
	}
	if !near {
		return nil
	}
	return s.emit(Event{Kind: EvTradeGoods, Seat: owner, Count: 1})
}

// The Inferno, the Muaat's flagship: a component action, spending a trade
// good, producing a cruiser in its system.
func init() {
	define(&Ability{ID: "the_inferno", Since: RulesFactions,
		Uses: []*Use{{At: AtAction, Options: infernoOptions, Resolve: inferno}}})
}

func infernoOptions(s *State, seat int, _ *Step) []Action {
	if s.Players[seat].TradeGoods == 0 || s.Reinforcements(seat, "cruiser") == 0 {
		return nil
	}
	for _, sys := range s.Systems {
		if count(sys.Space, seat, "flagship") > 0 && !hasOthersShips(sys, seat) { // 67.6
			return []Action{{}}
		}
	}
	return nil
}

func inferno(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(infernoOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("67", "The Inferno produces a cruiser for a trade good, with the flagship on the board and a cruiser in reinforcements")
	}
	for _, sys := range s.Systems {
		if count(sys.Space, a.Seat, "flagship") > 0 {
			return s.emit(Event{Kind: EvTradeGoods, Seat: a.Seat, Count: -1},
				Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Unit: "cruiser", Count: 1}), nil
		}
	}
	return nil, nil
}

// The Embers of Muaat's leaders (rules version 6).
func init() {
	// Magmus, commander: a trade good after a token is spent from their
	// strategy pool (taken whenever it may be).
	define(&Ability{ID: "muaat:magmus", Since: RulesMechs, StrategyTG: 1})
}

func init() {
	// Umbat, agent: as an action, exhausted, a player of the Muaat's
	// choice may produce up to 2 units that each cost 4 or less, in a system
	// with their war sun or flagship (player, system; a production step of
	// theirs, paid in resources).
	define(&Ability{ID: "muaat:umbat", Since: RulesMechs,
		Uses: []*Use{{At: AtAction, Exhaust: true, Fields: "player system", Options: umbatOptions, Resolve: umbat}}})
}

// umbatCost is the most each unit Umbat lets a player produce may cost.
const umbatCost = 4

func umbatOptions(s *State, _ int, _ *Step) []Action {
	var out []Action
	for _, q := range s.Active() {
		for _, sys := range s.Systems {
			if count(sys.Space, q, "war_sun")+count(sys.Space, q, "flagship") > 0 {
				out = append(out, Action{System: ip(sys.Pos), ActionExtra: &ActionExtra{Player: ip(q)}})
			}
		}
	}
	return out
}

func umbat(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	q := a.extra().Player
	if q == nil || a.System == nil || !slices.ContainsFunc(umbatOptions(s, a.Seat, st), func(o Action) bool {
		return *o.System == *a.System && *o.extra().Player == *q
	}) {
		return nil, engine.Refuse("51.4", "a player (player) and a system with their war sun or flagship (system)")
	}
	var units []string
	for _, typ := range unitTypes {
		if u := s.UnitCard(*q, typ); u != nil && u.Cost > 0 && u.Cost <= umbatCost && (isShip(typ) || isGroundForce(typ)) {
			units = append(units, typ)
		}
	}
	return s.emit(queue(Step{Kind: StepFreelance, Seat: *q, Card: a.Card, Systems: []int{*a.System}, Prod: &Production{},
		Units: units, Need: 2, ResourcesOnly: true})), nil
}

// Adjudicator Ba'al, the Muaat hero: after they move a war sun into a
// system that is neither a home system nor Mecatol Rex's, every other
// player's unit there is destroyed and the tile becomes the Muaat
// supernova: its planets leave the game with their cards, attachments and
// the units on them, and the hero is purged (51.12).
const muaatSupernova = "81"

func init() {
	define(&Ability{ID: "muaat:adjudicator_ba_al", Since: RulesPoK,
		Uses: []*Use{{At: AfterAnyMove, Options: baalOptions, Resolve: adjudicatorBaal}}})
}

func baalOptions(s *State, seat int, st *Step) []Action {
	if st == nil || st.Target == nil || *st.Target != seat || len(st.Systems) == 0 || s.Tactical == nil {
		return nil
	}
	sys := s.System(st.Systems[0])
	if sys == nil || s.IsHomeSystem(sys.Pos) || planetIn(sys, MecatolRex) != nil {
		return nil
	}
	// The window opens as the movement ends, the moves still declared; it
	// is answered once they are made, the war sun among the ships there.
	t := s.Tactical
	moved := slices.ContainsFunc(t.Moves, func(c Cargo) bool { return c.Unit == "war_sun" })
	if t.Step != TacMovement {
		moved = count(sys.Space, seat, "war_sun") > 0
	}
	if !moved {
		return nil
	}
	return []Action{{}}
}

func adjudicatorBaal(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(baalOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("51.10", "Adjudicator Ba'al answers your war sun's move into a system other than a home system or Mecatol Rex's")
	}
	sys := s.System(st.Systems[0])
	var ev []Event
	for _, u := range sys.Space {
		if u.Owner != a.Seat {
			ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: u.Owner, System: sys.Pos, Unit: u.Unit, Count: u.Count})
		}
	}
	for _, pl := range sys.Planets {
		for _, u := range pl.Units {
			ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: u.Owner, System: sys.Pos, Planet: pl.Name, Unit: u.Unit, Count: u.Count})
		}
		if pl.Controller != None {
			ev = append(ev, Event{Kind: EvControlLost, Seat: pl.Controller, Planet: pl.Name})
		}
	}
	return s.emit(append(ev, Event{Kind: EvTileReplaced, Seat: a.Seat, System: sys.Pos, Card: muaatSupernova}, purgeHero(a.Seat))...), nil
}
