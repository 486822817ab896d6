package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// The Winnu's abilities.
func init() {
	// Blood Ties: the custodians token removed without spending influence
	// (27.2).
	define(&Ability{ID: "winnu:blood_ties", Since: RulesFactions, Permits: PermitFreeCustodians})
	// Reclamation: after a tactical action in which the Winnu gained
	// Mecatol Rex, a PDS and a space dock placed there.
	define(&Ability{ID: "winnu:reclamation", Since: RulesFactions, MecatolStructures: true})
}

// Acquiescence (Codex I), the Winnu's note: when the Winnu resolve a
// strategic action, its holder uses the secondary without spending a
// command token; it goes back (20.5).
func init() {
	defineNote("winnu:acquiescence", &promissoryNote{since: RulesFactions, moment: acquiescenceMoment, play: acquiescence})
}

func acquiescenceMoment(s *State, seat int) bool {
	st := s.Strategic
	return st != nil && st.PrimaryDone && st.Seat != None && s.Step == nil && len(st.Queue) > 0 && st.Queue[0] == seat &&
		s.Players[st.Seat].Faction == "winnu" && !slices.Contains(st.Free, seat)
}

func acquiescence(s *State, a Action, owner int) ([]Event, error) {
	if !acquiescenceMoment(s, a.Seat) || s.Strategic.Seat != owner {
		return nil, engine.Refuse("69.1", "Acquiescence is played when the Winnu's strategic action offers you its secondary")
	}
	return s.emit(Event{Kind: EvFreeSecondary, Seat: owner, Owner: a.Seat}, Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}

// Lazax Gate Folding, a Winnu technology: while the Winnu do not control
// Mecatol Rex, its system counts as having an alpha and a beta wormhole
// for their movement; while they do, a component action exhausting it
// places an infantry there.
func init() {
	define(&Ability{ID: "lazax_gate_folding", Since: RulesFactions, Permits: PermitMecatolGate,
		Uses: []*Use{{At: AtAction, Exhaust: true, Options: gateOptions, Resolve: lazaxGate}}})
}

func gateOptions(s *State, seat int, _ *Step) []Action {
	if pl, _ := s.Planet(MecatolRex); pl == nil || pl.Controller != seat || s.Reinforcements(seat, "infantry") == 0 {
		return nil
	}
	return []Action{{}}
}

func lazaxGate(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(gateOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("1.3", "Lazax Gate Folding places an infantry on Mecatol Rex while you control it, from reinforcements")
	}
	pl, sys := s.Planet(MecatolRex)
	return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1}), nil
}

// Salai Sai Corian, the Winnu's flagship: in combat it rolls a die for
// each non-fighter ship of the opponent's there (78.5).
func init() {
	define(&Ability{ID: "salai_sai_corian", Since: RulesPrinted, DicePerShip: true})
}

// Hegemonic Trade Policy, a Winnu technology: exhausted while the Winnu
// pay for units they produce, a planet they control trades its resource
// and influence values until the end of the turn (attachments counted
// first). Only a planet whose two values differ is offered, and not one
// whose swap leaves the production under way more than can be paid (its
// units are placed already: 67.1).
func init() {
	define(&Ability{ID: "hegemonic_trade_policy", Since: RulesPrinted,
		Uses: []*Use{{At: WhileProducing, Exhaust: true, Fields: "planet", Options: tradePolicyOptions, Resolve: tradePolicy}}})
}

func tradePolicyOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, pl := range s.ownPlanets(seat) {
		if v := planetInfo(pl); !pl.Swapped && v.Resources != v.Influence && swapLeavesPayable(s, seat, pl) {
			out = append(out, Action{Planet: pl.Name})
		}
	}
	return out
}

// swapLeavesPayable reports that the production under way can still be
// paid for once pl's values are swapped.
func swapLeavesPayable(s *State, seat int, pl *Planet) bool {
	prod, _, _, err := s.production(seat)
	if err != nil {
		return false
	}
	pay := s.payable(seat, s.freelancing())
	if v := planetInfo(pl); !pl.Exhausted && !s.freelancing() { // with influence too, the better value counts either way
		pay += v.Influence - v.Resources
	}
	return s.owedFor(seat, prod, 0)-prod.Spent <= pay
}

func tradePolicy(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	pl, _ := s.Planet(a.Planet)
	if pl == nil || pl.Controller != a.Seat {
		return nil, engine.Refuse("1.3", "Hegemonic Trade Policy swaps the values of a planet you control")
	}
	if pl.Swapped {
		return nil, engine.Refuse("1.3", "%s's values are swapped already this turn", pl.Name)
	}
	if !swapLeavesPayable(s, a.Seat, pl) {
		return nil, engine.Refuse("67.1", "swapping %s's values leaves the units produced more than can be paid", pl.Name)
	}
	return s.emit(Event{Kind: EvValuesSwapped, Seat: a.Seat, Planet: pl.Name}), nil
}

// The Winnu's leaders (rules version 5).
func init() {
	// Rickar Rickani, commander: +2 to the Winnu's combat rolls in the
	// Mecatol Rex system, their home system and each system with a
	// legendary planet.
	define(&Ability{ID: "winnu:rickar_rickani", Since: RulesLeaders, CombatModAt: rickarRickani, Odds: combat.Tech{Mod: rickarMod}})
}

// rickarMod is what Rickar Rickani adds.
const rickarMod = 2

func rickarRickani(s *State, seat, pos int) int {
	sys := s.System(pos)
	if sys == nil {
		return 0
	}
	if pos == s.Players[seat].Home {
		return rickarMod
	}
	for _, pl := range sys.Planets {
		if pl.Name == MecatolRex || planetInfo(pl).Legendary {
			return rickarMod
		}
	}
	return 0
}

// Reclaimer, the Winnu mech (55): after a tactical action in which the
// Winnu gained control of its planet, a PDS or a space dock from
// reinforcements may go there; the window stays open for the other such
// planets.
func init() {
	define(&Ability{ID: "reclaimer", Since: RulesMechs,
		Uses: []*Use{{At: AfterTacticalGain, Fields: "planet unit", Options: reclaimerOptions, Resolve: reclaimer}}})
}

func reclaimerOptions(s *State, seat int, st *Step) []Action {
	if st == nil {
		return nil
	}
	var out []Action
	for _, name := range st.Cards {
		pl, _ := s.Planet(name)
		if pl == nil || pl.Controller != seat || count(pl.Units, seat, "mech") == 0 {
			continue
		}
		for _, typ := range []string{"pds", "space_dock"} {
			if s.structureRoom(seat, pl, typ) {
				out = append(out, Action{Planet: name, Unit: typ})
			}
		}
	}
	return out
}

func reclaimer(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(reclaimerOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet && o.Unit == a.Unit }) {
		return nil, engine.Refuse("55", "a PDS or a space dock, with room for it, on a planet gained in the tactical action that holds your mech")
	}
	pl, sys := s.Planet(a.Planet)
	ev := s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: a.Unit, Count: 1})
	rest := *st
	rest.Cards = slices.DeleteFunc(slices.Clone(st.Cards), func(n string) bool { return n == a.Planet })
	if len(rest.Cards) > 0 && len(reclaimerOptions(s, a.Seat, &rest)) > 0 {
		ev = s.extend(ev, queue(rest))
	}
	return ev, nil
}

// The Winnu's leaders from rules version 6.
func init() {
	// Berekar Berekon, agent: while a production is paid for, exhausted,
	// its cost is 2 less: the Winnu's, and from rules version 10 any
	// player's (Others).
	define(&Ability{ID: "winnu:berekar_berekon", Since: RulesMechs,
		Uses: []*Use{{At: WhileProducing, Exhaust: true, Others: true, Options: one(Action{}), Resolve: berekarBerekon}}})
}

// berekarDiscount is what Berekar Berekon takes off a production's cost.
const berekarDiscount = 2

func berekarBerekon(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if s.producingNear(a.Seat) { // another player's
		return s.emit(Event{Kind: EvDiscounted, Seat: s.producer(), Count: berekarDiscount}), nil
	}
	if _, _, _, err := s.production(a.Seat); err != nil {
		return nil, err
	}
	return s.emit(Event{Kind: EvDiscounted, Seat: a.Seat, Count: berekarDiscount}), nil
}

// Mathis Mathinus, the Winnu hero: as an action, the primary ability of
// any strategy card (outcome), held or not, which stays as it is; then the
// other players chosen (seats) may use its secondary, as in a strategic
// action (Strategic.Unheld). The hero is purged (51.12).
func init() {
	define(&Ability{ID: "winnu:mathis_mathinus", Since: RulesPoK,
		Uses: []*Use{{At: AtAction, Fields: "outcome seats", Options: mathisOptions, Resolve: mathisMathinus}}})
}

// mathisOptions offers each strategy card with every other player
// chosen, and with none.
func mathisOptions(s *State, seat int, _ *Step) []Action {
	others := slices.DeleteFunc(slices.Clone(s.Active()), func(q int) bool { return q == seat })
	var out []Action
	for _, c := range strategyCards {
		out = append(out, Action{Outcome: c.id, ActionExtra: &ActionExtra{Seats: others}}, Action{Outcome: c.id})
	}
	return out
}

func mathisMathinus(s *State, a Action, _ *Step, rng *engine.RNG) ([]Event, error) {
	if _, ok := initiativeOf(a.Outcome); !ok {
		return nil, engine.BadInput("outcome", "name a strategy card")
	}
	seats := a.extra().Seats
	for i, q := range seats {
		if q == a.Seat || q < 0 || q >= len(s.Players) || s.Players[q].Eliminated || slices.Contains(seats[:i], q) {
			return nil, engine.BadInput("seats", "name other players in the game, each once")
		}
	}
	return s.extend(s.emit(purgeHero(a.Seat)), beginUnheld(s, a.Seat, a.Outcome, seats, rng)...), nil
}
