package ti4

import "github.com/mecatol/mecatol/internal/combat"

// The Argent Flight's components.

// Aerie Sentinel, the Argent mech (55): it takes no capacity while a ship
// with capacity carries it or shares its space area (16).
func init() {
	define(&Ability{ID: "aerie_sentinel", Since: RulesMechs, NoCapacity: true})
}

// The Argent Flight's abilities.
func init() {
	// Zeal: the Argent vote first in each agenda (8.2), and each time they
	// vote they add a vote for each player in the game (8.6).
	define(&Ability{ID: "argent:zeal", Since: RulesPoK, VotesFirst: true, VotesPerPlayer: 1})
	// Raid Formation: each of their barrage hits beyond the opponent's
	// fighters damages a ship of the opponent's that has Sustain Damage,
	// the Argent choosing (10).
	define(&Ability{ID: "argent:raid_formation", Since: RulesPoK, BarrageDamages: true})
}

// Quetzecoatl, the Argent flagship: no other player's space cannon fires
// at the Argent's ships in its system (77).
func init() {
	define(&Ability{ID: "quetzecoatl", Since: RulesPoK, NoCannonHere: true})
}

// Aerie Hololattice, an Argent technology: other players' ships do not
// move through systems with the Argent's structures (58), and each planet
// with the Argent's structures has Production 1 for them (68).
func init() {
	define(&Ability{ID: "aerie_hololattice", Since: RulesPoK, Walls: true, StructuresProduction: 1})
}

// Strike Wing Alpha II, the Argent destroyer upgrade: each 9 or 10 it
// rolls for anti-fighter barrage also destroys one of the opponent's
// infantry in the space area (10).
func init() {
	define(&Ability{ID: "strike_wing_alpha_2", Since: RulesPoK, NinesKillInfantry: true})
}

// Trrakan Aun Zulok, the Argent's commander: one of their units rolls one
// more die for each unit ability roll (anti-fighter barrage, space cannon,
// bombardment): the best of them, the better pick; in play and the odds.
func init() {
	define(&Ability{ID: "argent:trrakan_aun_zulok", Since: RulesPoK, Combat: combat.Tech{AbilityDie: true}})
}
