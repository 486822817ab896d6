package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// The Barony of Letnev's abilities.
func init() {
	// Armada: 2 more non-fighter ships in a system than the fleet pool's
	// tokens (37.1).
	define(&Ability{ID: "letnev:armada", Since: RulesFactions, FleetBonus: 2})
	// Munitions Reserves: at the start of each space combat round, 2 trade
	// goods for rolling the round's missed dice once more (78.5), once a
	// round.
	define(&Ability{ID: "letnev:munitions_reserves", Since: RulesFactions,
		Uses: []*Use{{At: AtCombatRound, Options: munitionsOptions, Resolve: munitionsReserves}}})
}

func munitionsOptions(s *State, seat int, _ *Step) []Action {
	if s.Players[seat].TradeGoods < 2 || slices.Contains(s.Combat.Rerolls, seat) {
		return nil
	}
	return []Action{{}}
}

func munitionsReserves(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	c := s.Combat
	switch {
	case slices.Contains(c.Rerolls, a.Seat):
		return nil, engine.Refuse("1.3", "Munitions Reserves is used once a round")
	case s.Players[a.Seat].TradeGoods < 2:
		return nil, engine.Refuse("1.11", "Munitions Reserves costs 2 trade goods")
	}
	n := *c
	n.Rerolls = append(slices.Clone(c.Rerolls), a.Seat)
	return s.emit(Event{Kind: EvTradeGoods, Seat: a.Seat, Count: -2}, setCombat(&n, nil)), nil
}

// The Barony's technologies, in play and in the odds.
func init() {
	// Non-Euclidean Shielding: each Sustain Damage of the Barony's units
	// cancels 2 hits (87).
	define(&Ability{ID: "non_euclidean_shielding", Since: RulesPrinted, Combat: combat.Tech{Shielding: true}})
	// L4 Disruptors: during the Barony's invasions no space cannon fires
	// at their units (77.8).
	define(&Ability{ID: "l4_disruptors", Since: RulesPrinted, Combat: combat.Tech{L4: true}})
}

// Arc Secundus, the Barony's flagship: other players' units in its system
// lose Planetary Shield (65), and it is repaired at the start of each
// space combat round (87).
func init() {
	define(&Ability{ID: "arc_secundus", Since: RulesPrinted, ShieldsDown: true, RoundRepair: true})
}
