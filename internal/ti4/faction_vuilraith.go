package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Vuil'raith Cabal's components.

// Reanimator, the Cabal mech (55): their infantry destroyed on its planet
// go onto their faction sheet, captured (17).
func init() {
	define(&Ability{ID: "reanimator", Since: RulesMechs, CapturesInfantry: true})
}

// The Vuil'raith Cabal's abilities.
func init() {
	// Devour: the opponent's units destroyed in a combat with the Cabal,
	// structures aside, are captured by them (17).
	define(&Ability{ID: "vuilraith:devour", Since: RulesPoK, Devours: true})
}

// The Terror Between, the Cabal flagship: every unit destroyed in a
// combat in its system, structures aside and the Cabal's own included,
// is captured by the Cabal (17).
func init() {
	define(&Ability{ID: "the_terror_between", Since: RulesPoK, Devours: true})
}

// devourer is the player who captures seat's unit of a type destroyed in
// combat c, or None: the opponent, by a faction ability (Devour), or the
// owner of a flagship in the system that captures every unit destroyed
// there (The Terror Between).
func (s *State) devourer(c *Combat, seat int, unit string) int {
	if isStructure(unit) || s.rules() < RulesPoK {
		return None
	}
	q := opponent(c, seat)
	if q == None || !s.factionHas(q, hookDevours) {
		q = s.flagshipAt(s.System(c.System), hookDevours)
	}
	if q != None && s.captureBarred(q, seat) {
		return None // destroyed, not captured (17.6)
	}
	return q
}

// Dimensional Tear and Dimensional Tear II, the Cabal's space docks: the
// system with one is a gravity rift (41), for which the Cabal's ships do
// not roll; the fighters they hold without capacity are the data's.
func init() {
	define(&Ability{ID: "dimensional_tear", Since: RulesPoK, Tear: true})
	define(&Ability{ID: "dimensional_tear_2", Since: RulesPoK, Tear: true})
}

// Crucible, the Cabal's note: played by its holder after activating a
// system, before moving: their ships roll for no gravity rift in this
// movement, and each rift they leave adds 1 more to the move (41); it
// goes back.
func init() {
	defineNote("vuilraith:crucible", &promissoryNote{since: RulesPoK, moment: beforeMoving, play: crucible, aid: AidRifts})
}

func crucible(s *State, a Action, _ int) ([]Event, error) {
	if !beforeMoving(s, a.Seat) {
		return nil, engine.Refuse("69.1", "Crucible is played after you activate a system, before your ships move")
	}
	return s.emit(Event{Kind: EvTacticalMod, Seat: a.Seat, Card: a.Card}, Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}

// Vortex, a Cabal technology: as an action, exhausted, a unit of another
// player's (unit, player) of a type they have next to a Cabal space dock,
// structures aside, is captured from their reinforcements (17).
func init() {
	define(&Ability{ID: "vortex", Since: RulesPoK,
		Uses: []*Use{{At: AtAction, Exhaust: true, Fields: "unit player", Options: vortexOptions, Resolve: vortex}}})
}

func vortexOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, q := range s.Active() {
		if q == seat || s.captureBarred(seat, q) {
			continue
		}
		for _, typ := range UnitTypes {
			if !isStructure(typ) && s.Reinforcements(q, typ) > 0 && s.typeNearDock(q, typ, seat) {
				out = append(out, Action{Unit: typ, ActionExtra: &ActionExtra{Player: ip(q)}})
			}
		}
	}
	return out
}

// typeNearDock reports a unit of q's of a type in a system adjacent to
// one with a space dock of seat's.
func (s *State) typeNearDock(q int, typ string, seat int) bool {
	for _, sys := range s.Systems {
		if !slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return count(pl.Units, seat, "space_dock") > 0 }) {
			continue
		}
		for _, n := range s.galaxy.Neighbors(sys.Pos, s.Wormholes) {
			if o := s.System(n); o != nil && (count(o.Space, q, typ) > 0 || slices.ContainsFunc(o.Planets, func(pl *Planet) bool { return count(pl.Units, q, typ) > 0 })) {
				return true
			}
		}
	}
	return false
}

func vortex(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	q := a.extra().Player
	if q != nil && s.captureBarred(a.Seat, *q) {
		return nil, engine.Refuse("17.6", "seat %d blockades a unit of yours with Production: you capture none of their units", *q)
	}
	if q == nil || !slices.ContainsFunc(vortexOptions(s, a.Seat, nil), func(o Action) bool { return o.Unit == a.Unit && *o.extra().Player == *q }) {
		return nil, engine.Refuse("17", "Vortex captures a unit (unit) of another player's (player) from their reinforcements, of a type they have next to your space dock")
	}
	return s.emit(Event{Kind: EvCaptured, Seat: a.Seat, Owner: *q, Unit: a.Unit, Count: 1}), nil
}

// Riftmeld, a Cabal ability: while researching, a captured unit (unit)
// returned ignores every prerequisite of the upgrade of its type (90.12).
func init() {
	define(&Ability{ID: "vuilraith:riftmeld", Since: RulesPoK,
		Uses: []*Use{{At: WhileResearch, Fields: "unit", Options: riftmeldOptions, Resolve: riftmeld}}})
}

func riftmeldOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, c := range s.Players[seat].Captured {
		if c.Count > 0 && !slices.ContainsFunc(out, func(o Action) bool { return o.Unit == c.Unit }) {
			out = append(out, Action{Unit: c.Unit})
		}
	}
	return out
}

func riftmeld(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	i := slices.IndexFunc(s.Players[a.Seat].Captured, func(c Captive) bool { return c.Unit == a.Unit && c.Count > 0 })
	if i < 0 {
		return nil, engine.Refuse("17", "Riftmeld returns a unit you captured (unit)")
	}
	c := s.Players[a.Seat].Captured[i]
	return s.emit(Event{Kind: EvCaptiveReturned, Seat: a.Seat, Owner: c.Owner, Unit: a.Unit, Count: 1},
		Event{Kind: EvSpent, Seat: a.Seat, Card: upgradeCredit + a.Unit}), nil
}

// Amalgamation, a Cabal ability: while they pay for what they produce, a
// captured unit of a type produced goes back to its owner (17), and one
// unit of that type produced costs nothing (67).
func init() {
	define(&Ability{ID: "vuilraith:amalgamation", Since: RulesPoK,
		Uses: []*Use{{At: WhileProducing, Fields: "unit", Options: amalgamationOptions, Resolve: amalgamation}}})
}

func amalgamationOptions(s *State, seat int, _ *Step) []Action {
	t, _, _, err := s.production(seat)
	if err != nil {
		return nil
	}
	var out []Action
	for _, c := range s.Players[seat].Captured {
		if c.Count > 0 && declared(t.Placed, 0, c.Unit) > declared(t.Freed, 0, c.Unit) && !slices.ContainsFunc(out, func(o Action) bool { return o.Unit == c.Unit }) {
			out = append(out, Action{Unit: c.Unit})
		}
	}
	return out
}

func amalgamation(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(amalgamationOptions(s, a.Seat, st), func(o Action) bool { return o.Unit == a.Unit }) {
		return nil, engine.Refuse("17", "Amalgamation returns a captured unit of a type you produced and have not yet had free (unit)")
	}
	t, _, _, _ := s.production(a.Seat)
	c := s.Players[a.Seat].Captured[slices.IndexFunc(s.Players[a.Seat].Captured, func(c Captive) bool { return c.Unit == a.Unit && c.Count > 0 })]
	return s.emit(Event{Kind: EvCaptiveReturned, Seat: a.Seat, Owner: c.Owner, Unit: a.Unit, Count: 1},
		Event{Kind: EvDiscounted, Seat: a.Seat, Unit: a.Unit, Count: s.freedCost(a.Seat, t, a.Unit)}), nil
}

// That Which Molds Flesh, the Cabal's commander: up to 2 of the fighters
// and infantry a use of Production makes do not count against its limit
// (68.1).
func init() {
	define(&Ability{ID: "vuilraith:that_which_molds_flesh", Since: RulesPoK, FreeSmall: 2})
}

// It Feeds on Carrion, the Cabal hero: as an action, each other player
// rolls a die for each of their non-fighter ships in or next to a system
// with a dimensional tear, and the Cabal capture each that rolls 1-3
// (17); the fighters and ground forces those ships' loss leaves beyond
// capacity are captured too, fighters first, then infantry, then mechs
// (the card leaves the order open; 16.3a's owner's choice would let a
// player keep what the card takes). Purged.
func init() {
	define(&Ability{ID: "vuilraith:it_feeds_on_carrion", Since: RulesPoK,
		Uses: []*Use{{At: AtAction, Options: one(Action{}), Resolve: itFeedsOnCarrion}}})
}

// carrionCaptureMax is the highest roll that captures a ship.
const carrionCaptureMax = 3

// nearTears are the positions of the systems with a dimensional tear and
// those next to one, in board order.
func (s *State) nearTears() []int {
	in := map[int]bool{}
	for _, sys := range s.Systems {
		if s.tearAt(sys.Pos) == None {
			continue
		}
		in[sys.Pos] = true
		for _, n := range s.galaxy.Neighbors(sys.Pos, s.Wormholes) {
			in[n] = true
		}
	}
	var out []int
	for _, sys := range s.Systems {
		if in[sys.Pos] {
			out = append(out, sys.Pos)
		}
	}
	return out
}

func itFeedsOnCarrion(s *State, a Action, _ *Step, rng *engine.RNG) ([]Event, error) {
	var ev []Event
	near := s.nearTears()
	for _, q := range s.Active() {
		if q == a.Seat {
			continue
		}
		var rolls []int
		for _, pos := range near {
			ev = s.extend(ev, carrionIn(s, a.Seat, q, s.System(pos), rng, &rolls)...)
		}
		if len(rolls) > 0 {
			ev = s.extend(ev, Event{Kind: EvDice, Seat: q, Rolls: rolls})
		}
	}
	return s.extend(ev, purgeHero(a.Seat)), nil
}

// carrionIn rolls for q's non-fighter ships in sys, the Cabal (cabal)
// capturing those that roll low and the cargo left beyond capacity; from
// rules version 13 nothing for a player the Cabal may not capture from
// (17.6), whose ships stay.
func carrionIn(s *State, cabal, q int, sys *System, rng *engine.RNG, rolls *[]int) []Event {
	if s.captureBarred(cabal, q) {
		return nil
	}
	var ev []Event
	l := s.loadIn(q, sys)
	for _, st := range sys.Space {
		if st.Owner != q || !isShip(st.Unit) || st.Unit == "fighter" {
			continue
		}
		n := 0
		for range st.Count {
			f := rng.Die()
			*rolls = append(*rolls, f)
			n += btoi(f <= carrionCaptureMax)
		}
		if n > 0 {
			l.add(s, q, st.Unit, -n)
			ev = append(ev, captureFrom(q, cabal, sys.Pos, st.Unit, n)...)
		}
	}
	over := l.capOver()
	for _, typ := range []string{"fighter", "infantry", "mech"} {
		if n := min(over, count(sys.Space, q, typ)); n > 0 && (typ != "fighter" || l.per == 0) {
			over -= n
			ev = append(ev, captureFrom(q, cabal, sys.Pos, typ, n)...)
		}
	}
	return ev
}

// captureFrom is n of owner's units of a type taken from a space area and
// captured by capturer (17).
func captureFrom(owner, capturer, pos int, typ string, n int) []Event {
	return []Event{{Kind: EvUnitsRemoved, Seat: owner, System: pos, Unit: typ, Count: n},
		{Kind: EvCaptured, Seat: capturer, Owner: owner, Unit: typ, Count: n}}
}

// The Stillness of Stars, the Cabal agent: after another player
// replenishes commodities, exhausted: that player's commodities become
// trade goods, and the Cabal capture a unit (unit) from their
// reinforcements costing no more than their commodity value (17).
func init() {
	define(&Ability{ID: "vuilraith:the_stillness_of_stars", Since: RulesPoK,
		Uses: []*Use{{At: AfterOthersReplenish, Exhaust: true, Fields: "unit", Options: stillnessOptions, Resolve: stillnessOfStars}}})
}

func stillnessOptions(s *State, seat int, st *Step) []Action {
	if st == nil || st.Target == nil || *st.Target == seat {
		return nil
	}
	q := *st.Target
	if s.captureBarred(seat, q) {
		return nil
	}
	worth := commodityValue(s.Players[q])
	var out []Action
	for _, typ := range unitTypes {
		if u := s.UnitCard(q, typ); u != nil && u.Cost > 0 && u.Cost <= float64(worth) && s.Reinforcements(q, typ) > 0 {
			out = append(out, Action{Unit: typ})
		}
	}
	return out
}

func stillnessOfStars(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if st != nil && st.Target != nil && s.captureBarred(a.Seat, *st.Target) {
		return nil, engine.Refuse("17.6", "seat %d blockades a unit of yours with Production: you capture none of their units", *st.Target)
	}
	if !slices.ContainsFunc(stillnessOptions(s, a.Seat, st), func(o Action) bool { return o.Unit == a.Unit }) {
		return nil, engine.Refuse("17", "a unit (unit) of that player's reinforcements costing no more than their commodity value")
	}
	q := *st.Target
	p := s.Players[q]
	return s.emit(Event{Kind: EvCommodities, Seat: q, Count: 0}, Event{Kind: EvTradeGoods, Seat: q, Count: p.Commodities, Card: s.converted()},
		Event{Kind: EvCaptured, Seat: a.Seat, Owner: q, Unit: a.Unit, Count: 1}), nil
}
