package ti4

import "github.com/mecatol/mecatol/internal/combat"

// The Mentak Coalition's abilities.
func init() {
	// Ambush: at the start of a space combat, up to 2 cruisers and
	// destroyers roll a die each, hitting on their combat value (78.2); in
	// play and in the odds.
	define(&Ability{ID: "mentak:ambush", Since: RulesFactions, Combat: combat.Tech{Ambush: true}})
}
