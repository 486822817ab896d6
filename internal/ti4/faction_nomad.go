package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Nomad's components.

// Quantum Manipulator, the Nomad mech (55): in a space combat, the mech
// in the space area may sustain damage to cancel a hit on the Nomad's
// ships there (87).
func init() {
	define(&Ability{ID: "quantum_manipulator", Since: RulesMechs, SustainsForShips: true})
}

// The Nomad's abilities.
func init() {
	// Future Sight: a trade good when an outcome the Nomad voted for or
	// predicted is resolved (8.22).
	define(&Ability{ID: "nomad:future_sight", Since: RulesPoK, OutcomeTG: 1})
	// The Company: the Nomad set up with their two further agents (51.2),
	// each readied and exhausted on its own.
	define(&Ability{ID: "nomad:the_company", Since: RulesPoK, Agents: 2})
}

// Memoria and Memoria II, the Nomad flagship: it is adjacent to every
// system with the Nomad's mechs (6), so it moves there as to a neighbor.
func init() {
	define(&Ability{ID: "memoria", Since: RulesPoK, MechsAdjacent: true})
	define(&Ability{ID: "memoria_2", Since: RulesPoK, MechsAdjacent: true})
}

// mechsIn reports seat's mechs in the system, in space or on a planet.
func (s *State) mechsIn(sys *System, seat int) bool {
	return count(sys.Space, seat, "mech") > 0 || slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return count(pl.Units, seat, "mech") > 0 })
}

// Navarch Feng, the Nomad's commander: their flagship costs nothing to
// produce (67).
func init() {
	define(&Ability{ID: "nomad:navarch_feng", Since: RulesPoK, FreeFlagship: true})
}

// Ahk-Syl Siven, the Nomad's hero: as an action, put in play for the rest
// of the round: their flagship, and the units it carries, move out of
// systems with their command tokens (58.4c, 95.3); purged at the round's
// end (51.12).
func init() {
	define(&Ability{ID: "nomad:ahk_syl_siven", Since: RulesPoK, FlagshipUnheld: true,
		Uses: []*Use{{At: AtAction, Options: heroToPlayOptions, Resolve: heroToPlay}}})
}

// Field Marshal Mercer, a Nomad agent: at the end of any player's tactical
// action, exhausted: up to 2 of that player's ground forces anywhere on
// the board go to planets they control in the active system (units: each
// with its place and To). The Nomad chooses, as for T'ro's placement.
func init() {
	define(&Ability{ID: "nomad:field_marshal_mercer", Since: RulesPoK,
		Uses: []*Use{{At: AfterAnyTactical, Exhaust: true, Fields: "units", Options: mercerOptions, Resolve: mercer}}})
}

// mercerTargets are the planets the active player controls in the active
// system that units may be placed on.
func mercerTargets(s *State, st *Step) []string {
	if st == nil || st.Target == nil || len(st.Systems) == 0 {
		return nil
	}
	var out []string
	for _, pl := range s.System(st.Systems[0]).Planets {
		if pl.Controller == *st.Target && !unitsBarred(pl) {
			out = append(out, pl.Name)
		}
	}
	return out
}

func mercerOptions(s *State, _ int, st *Step) []Action {
	to := mercerTargets(s, st)
	if len(to) == 0 {
		return nil
	}
	src := s.unitPlaces(*st.Target, isGroundForce)
	var out []Action
	for _, r := range sortedPlaces(src) {
		for _, p := range to {
			if r.Planet == p {
				continue
			}
			r.To = p
			out = append(out, Action{ActionExtra: &ActionExtra{Units: []UnitRef{r}}})
			if src[UnitRef{System: r.System, Planet: r.Planet, Unit: r.Unit}] > 1 {
				out = append(out, Action{ActionExtra: &ActionExtra{Units: []UnitRef{r, r}}})
			}
		}
	}
	return out
}

func mercer(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	refs := a.extra().Units
	to := mercerTargets(s, st)
	if len(refs) == 0 || len(refs) > 2 || len(to) == 0 {
		return nil, engine.Refuse("51.4", "Field Marshal Mercer moves 1 or 2 of the active player's ground forces to planets they control in the active system (units)")
	}
	q, src := *st.Target, s.unitPlaces(*st.Target, isGroundForce)
	var ev []Event
	for _, r := range refs {
		from := UnitRef{System: r.System, Planet: r.Planet, Unit: r.Unit}
		if src[from] == 0 || !slices.Contains(to, r.To) || r.To == r.Planet {
			return nil, engine.Refuse("51.4", "a ground force of the active player's, to a planet they control in the active system")
		}
		src[from]--
		ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: q, System: r.System, Planet: r.Planet, Unit: r.Unit, Count: 1},
			Event{Kind: EvUnitsPlaced, Seat: q, System: st.Systems[0], Planet: r.To, Unit: r.Unit, Count: 1})
	}
	return s.emit(ev...), nil
}

// The Thundarian, a Nomad agent: after the dice of a space combat round
// the Nomad fight are rolled (and rerolled), exhausted: no hits are
// assigned, and the round's roll starts again (78.5). The dice more an
// ability gave that round (Viscount Unlenn) are not rolled again. In any
// player's space combat from rules version 10 (Others); after a ground
// combat round's roll too from rules version 11 (42.2), the round's
// abilities used before the roll not used again.
func init() {
	define(&Ability{ID: "nomad:the_thundarian", Since: RulesPoK,
		Uses: []*Use{{At: AfterRolled, Exhaust: true, Others: true, Options: one(Action{}), Resolve: theThundarian},
			{At: AfterGroundRolled, Exhaust: true, Others: true, Options: one(Action{}), Resolve: theThundarian}}})
}

func theThundarian(s *State, _ Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	c := s.Combat
	if c != nil && c.Kind == "ground" && c.Round > 0 {
		n := c.clone()
		e := n.own()
		e.Dice, e.Raisers = nil, nil
		// Back to before the roll: what came before it this round (repairs,
		// Harrow, the round's window) is done and stays done, and a bonus
		// played for the round (Supercharge) holds for the roll again.
		n.Owed, n.Misses, n.Answer = nil, nil, nil
		n.Boost, e.RolledBoost = e.RolledBoost, nil
		n.Round, n.Bombed, n.Repaired = n.Round-1, true, true
		if s.rules() >= RulesWindows && n.Round > 0 {
			e.EndAsked = true // the round before's end window was had (AnswerGroundEnd)
		}
		return s.emit(newCombat(n, nil)), nil
	}
	if c == nil || c.x().Dice == nil {
		return nil, engine.Refuse("78.5", "The Thundarian answers a combat round's roll")
	}
	n := c.clone()
	e := n.own()
	e.Dice, e.RerollAsked, e.RaiseAsked, e.Rerollers, e.Raisers = nil, false, false, nil, nil
	n.Answer, n.Step = nil, CbRoll
	return s.emit(newCombat(n, nil)), nil
}

// Temporal Command Suite, a Nomad technology: after any player's agent is
// exhausted, exhausted itself to ready that agent; another player's
// readied, a transaction with them may be opened (outcome "trade", 94),
// whoever's turn it is.
func init() {
	define(&Ability{ID: "temporal_command_suite", Since: RulesPoK,
		Uses: []*Use{{At: AfterAgentExhausted, Exhaust: true, Fields: "outcome", Options: tcsOptions, Resolve: temporalCommandSuite}}})
}

func tcsOptions(s *State, seat int, st *Step) []Action {
	if st == nil || st.Target == nil || len(st.Cards) == 0 || !slices.Contains(s.Players[*st.Target].ExhaustedTechs, st.Cards[0]) {
		return nil
	}
	out := []Action{{}}
	if *st.Target != seat && s.Trade == nil {
		out = append(out, Action{Outcome: "trade"})
	}
	return out
}

func temporalCommandSuite(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(tcsOptions(s, a.Seat, st), func(o Action) bool { return o.Outcome == a.Outcome }) {
		return nil, engine.Refuse("1.3", "Temporal Command Suite readies the agent just exhausted; with another player's, a transaction (outcome trade)")
	}
	q := *st.Target
	ev := s.emit(Event{Kind: EvTechReadied, Seat: q, Card: st.Cards[0]})
	if a.Outcome == "trade" {
		ev = s.extend(ev, Event{Kind: EvTrade, Seat: a.Seat, Extra: &Extra{Trade: &Trade{Seats: [2]int{a.Seat, q}}}})
	}
	return ev, nil
}

// Artuno the Betrayer, a Nomad agent: when the Nomad gain trade goods
// from the supply (not from another player), exhausted, as many more from
// the supply go on its card; the Nomad gain them when it readies, in the
// status phase or by an ability (Temporal Command Suite).
func init() {
	define(&Ability{ID: "nomad:artuno_the_betrayer", Since: RulesPoK, CardGoods: true,
		Uses: []*Use{{At: AfterSupplyGain, Exhaust: true, Options: artunoOptions, Resolve: artuno}}})
}

func artunoOptions(_ *State, _ int, st *Step) []Action {
	if st == nil || st.Count <= 0 {
		return nil
	}
	return []Action{{}}
}

func artuno(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if st == nil || st.Count <= 0 {
		return nil, engine.Refuse("51.4", "only just after you gain trade goods from the supply")
	}
	return s.emit(Event{Kind: EvCardGoods, Seat: a.Seat, Count: st.Count}), nil
}

// The Cavalry, the Nomad's note: at the start of a space combat its holder
// fights against a player other than the Nomad, one of the holder's
// non-fighter ships (unit: its type) has, for this combat, the Sustain
// Damage, combat roll and anti-fighter barrage of the Nomad's flagship
// (CombatExtra.Lent); the note goes back to the Nomad as the combat ends.
func init() {
	defineNote("nomad:the_cavalry", &promissoryNote{since: RulesPoK, answers: AnswerSpaceStart, moment: cavalryMoment,
		fields: "unit", offer: cavalryOffer, play: theCavalry, lends: "flagship"})
}

const cavalry = "nomad:the_cavalry"

// cavalryMoment: seat's window at the start of a space combat against a
// player other than the note's owner, no ship lent yet.
func cavalryMoment(s *State, seat int) bool {
	c := s.Combat
	if !answering(AnswerSpaceStart)(s, seat) || c.x().Lent != nil {
		return false
	}
	o := s.seatOfFaction(noteOwner(cavalry))
	return o != None && o != seat && opponent(c, seat) != o
}

// cavalryOffer lists the holder's non-fighter ship types in the combat.
func cavalryOffer(s *State, seat int) []Action {
	if !cavalryMoment(s, seat) {
		return nil
	}
	var out []Action
	for _, st := range s.System(s.Combat.System).Space {
		if st.Owner == seat && isShip(st.Unit) && st.Unit != "fighter" {
			out = append(out, Action{Unit: st.Unit})
		}
	}
	return out
}

func theCavalry(s *State, a Action, owner int) ([]Event, error) {
	if !cavalryMoment(s, a.Seat) {
		return nil, engine.Refuse("69.1", "The Cavalry is played at the start of a space combat against a player other than its owner")
	}
	if !slices.ContainsFunc(cavalryOffer(s, a.Seat), func(o Action) bool { return o.Unit == a.Unit }) {
		return nil, engine.Refuse("69.1", "name a non-fighter ship of yours in the combat (unit)")
	}
	n := s.Combat.clone()
	n.own().Lent = &Lent{Seat: a.Seat, Unit: a.Unit, From: owner, Note: a.Card}
	return s.emit(Event{Kind: EvNotePlayed, Seat: a.Seat, Card: a.Card}, newCombat(n, nil)), nil
}
