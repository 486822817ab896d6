package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Mahact Gene-Sorcerers' components.

// Arvicon Rex, the Mahact flagship: +2 to its combat rolls against an
// opponent none of whose command tokens is in the Mahact's fleet pool.
func init() {
	define(&Ability{ID: "arvicon_rex", Since: RulesPoK, ModVs: func(s *State, seat, opp int) int {
		if opp == None || slices.Contains(s.Players[seat].SheetTokens, opp) {
			return 0
		}
		return 2
	}})
}

// Crimson Legionnaire and Crimson Legionnaire II, the Mahact infantry:
// after one is destroyed by a hit, the Mahact convert one of their
// commodities to a trade good, or, with none, gain a commodity (the trade
// good is taken when it may be: it is worth more to its holder). The II
// is then set on its card, and placed at home at the start of the
// Mahact's next turn, with no die.
func init() {
	define(&Ability{ID: "crimson_legionnaire", Since: RulesPoK, Lost: legionnaireLost})
	define(&Ability{ID: "crimson_legionnaire_2", Since: RulesPoK, Lost: legionnaireLost, Returns: true})
}

func legionnaireLost(s *State, seat int) []Event {
	p := s.Players[seat]
	if p.Commodities > 0 {
		return []Event{{Kind: EvCommodities, Seat: seat, Count: p.Commodities - 1}, {Kind: EvTradeGoods, Seat: seat, Count: 1}}
	}
	if commodityValue(p) > 0 {
		return []Event{{Kind: EvCommodities, Seat: seat, Count: 1}}
	}
	return nil
}

// Starlancer, the Mahact mech (55): after a player with a command token in
// the Mahact's fleet pool activates a system with one of their mechs, the
// Mahact may give that token back to end that player's turn.
func init() {
	define(&Ability{ID: "starlancer", Since: RulesPoK,
		Uses: []*Use{{At: AfterAnyActivation, Options: starlancerOptions, Resolve: starlancer}}})
}

func starlancerOptions(s *State, seat int, st *Step) []Action {
	if st == nil || st.Target == nil || len(st.Systems) == 0 || !slices.Contains(s.Players[seat].SheetTokens, *st.Target) ||
		!s.mechsIn(s.System(st.Systems[0]), seat) {
		return nil
	}
	return []Action{{}}
}

func starlancer(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(starlancerOptions(s, a.Seat, st)) == 0 || s.Tactical == nil || s.Tactical.Seat != *st.Target {
		return nil, engine.Refuse("55", "Starlancer answers the activation of its system by a player whose token is in your fleet pool")
	}
	q := *st.Target
	return s.emit(Event{Kind: EvSheetToken, Seat: a.Seat, Owner: q, Count: -1},
		Event{Kind: EvTacticalEnded, Seat: q}, s.tacticalTurnEnd()), nil
}

// The Mahact's abilities.
func init() {
	// Edict: winning a combat, space or ground, the Mahact take a command
	// token from the loser's reinforcements into their fleet pool, unless
	// one of that player's is there already; those tokens raise their
	// fleet limit (37) and are never redistributed.
	define(&Ability{ID: "mahact:edict", Since: RulesPoK, Edict: true})
	// Imperia: while a player's token is in their fleet pool, the Mahact
	// use that player's commander, if it is unlocked (51.8).
	define(&Ability{ID: "mahact:imperia", Since: RulesPoK, SheetCommanders: true})
	// Hubris: the Mahact set up without their Alliance note (purged), and
	// no player may give them theirs.
	define(&Ability{ID: "mahact:hubris", Since: RulesPoK, NoCommanderNotes: true})
}

// Genetic Recombination, a Mahact technology: before a player casts votes,
// exhausted to name an outcome (outcome): that player casts at least one
// vote for it, or loses a token from their fleet pool (8.2). Not on a
// player who may not vote.
func init() {
	define(&Ability{ID: "genetic_recombination", Since: RulesPoK,
		Uses: []*Use{{At: BeforeBallot, Exhaust: true, Fields: "outcome", Options: recombinationOptions, Resolve: geneticRecombination}}})
}

func recombinationOptions(s *State, _ int, _ *Step) []Action {
	if !voterUp(s, None) {
		return nil
	}
	ag := s.Agenda
	q := ag.Voters[0]
	if slices.ContainsFunc(ag.Bound, func(b Ballot) bool { return b.Seat == q }) || !s.mayVote(q) {
		return nil
	}
	return outcomeChoices(s)
}

func geneticRecombination(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(recombinationOptions(s, a.Seat, st), func(o Action) bool { return o.Outcome == a.Outcome }) {
		return nil, engine.Refuse("8.2", "Genetic Recombination names an outcome (outcome) for the next voter, who may vote")
	}
	e := Event{Kind: EvVoteBound, Seat: s.Agenda.Voters[0]}
	e.more().Outcome = a.Outcome
	return s.emit(e), nil
}

// Scepter of Dominion, the Mahact's note: at the start of the strategy
// phase its holder names a system, not a home system, with units of
// theirs (system); each other player with a token on the Mahact's sheet
// (the Mahact, and the players with one in their fleet pool) places a
// token from reinforcements there, unless theirs is there already; the
// note goes back.
func init() {
	defineNote("mahact:scepter_of_dominion", &promissoryNote{since: RulesPoK, strategyStart: true, fields: "system", offer: scepterOffer,
		moment: func(s *State, seat int) bool { return inNoteWindow(s, seat, "mahact:scepter_of_dominion") }, play: scepterOfDominion})
}

func scepterOffer(s *State, seat int) []Action {
	var out []Action
	for _, sys := range s.Systems {
		if !s.IsHomeSystem(sys.Pos) && s.unitsIn(sys.Pos, seat) > 0 {
			out = append(out, Action{System: ip(sys.Pos)})
		}
	}
	return out
}

func scepterOfDominion(s *State, a Action, owner int) ([]Event, error) {
	if !inNoteWindow(s, a.Seat, a.Card) {
		return nil, engine.Refuse("69.1", "Scepter of Dominion is played at the start of the strategy phase")
	}
	if a.System == nil || !slices.ContainsFunc(scepterOffer(s, a.Seat), func(o Action) bool { return *o.System == *a.System }) {
		return nil, engine.Refuse("69.1", "a system with your units, not a home system (system)")
	}
	pos := *a.System
	ev := s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}, Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card})
	for _, q := range append([]int{owner}, s.Players[owner].SheetTokens...) {
		if q != a.Seat && !s.Players[q].Eliminated && !slices.Contains(s.System(pos).Command, q) {
			ev = s.extend(ev, s.effectToken(q, pos, 0)...)
		}
	}
	return ev, nil
}

// Il Na Viroset, the Mahact commander: they may activate a system holding
// their command token; at the end of that tactical action both tokens go
// back to reinforcements, and no activation ability answers it (5.2).
func init() {
	define(&Ability{ID: "mahact:il_na_viroset", Since: RulesPoK, Permits: PermitReactivate})
}

// Jae Mir Kan, the Mahact agent: when the Mahact would spend a token on a
// strategy card's secondary ability, exhausted, one of the active
// player's command tokens on the board is spent instead (system), back to
// that player's reinforcements (20.5).
func init() {
	define(&Ability{ID: "mahact:jae_mir_kan", Since: RulesPoK, TakesTokenForSecondary: true})
}

// Airo Shir Aur, the Mahact hero: as an action, every unit in the space
// area of a system (system) moves to a system next to it holding another
// player's ships (to), where a space combat is fought at once, outside any
// tactical action; neither side may retreat from it (CombatExtra.NoRetreat).
// Then the hero is purged (51.12).
func init() {
	define(&Ability{ID: "mahact:airo_shir_aur", Since: RulesPoK,
		Uses: []*Use{{At: AtAction, Fields: "system to", Options: airoOptions, Resolve: airoShirAur}}})
}

// airoMover is the one player whose ships are in the space area of sys,
// or None.
func airoMover(sys *System) int {
	q := None
	for _, st := range sys.Space {
		if isShip(st.Unit) {
			if q != None && q != st.Owner {
				return None
			}
			q = st.Owner
		}
	}
	return q
}

func airoOptions(s *State, _ int, _ *Step) []Action {
	var out []Action
	for _, sys := range s.Systems {
		q := airoMover(sys)
		if q == None {
			continue
		}
		for _, to := range s.galaxy.Neighbors(sys.Pos, s.Wormholes) {
			if hasOthersShips(s.System(to), q) {
				out = append(out, Action{System: ip(sys.Pos), To: ip(to)})
			}
		}
	}
	return out
}

func airoShirAur(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if a.System == nil || a.To == nil || !slices.ContainsFunc(airoOptions(s, a.Seat, nil), func(o Action) bool { return *o.System == *a.System && *o.To == *a.To }) {
		return nil, engine.Refuse("51.12", "a system with one player's ships, and a system next to it with another player's ships")
	}
	from := s.System(*a.System)
	q := airoMover(from)
	var ev []Event
	for _, st := range from.Space {
		ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: from.Pos, Unit: st.Unit, Count: st.Count},
			Event{Kind: EvUnitsPlaced, Seat: st.Owner, System: *a.To, Unit: st.Unit, Count: st.Count, Extra: damagedExtra(st.Damaged)})
	}
	c := &Combat{Kind: "space", System: *a.To, Attacker: q, Defender: None, Step: CbStart, Retreat: None, CombatExtra: &CombatExtra{NoRetreat: true}}
	return s.emit(append(ev, purgeHero(a.Seat), newCombat(c, nil))...), nil
}
