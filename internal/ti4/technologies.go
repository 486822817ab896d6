package ti4

import "github.com/mecatol/mecatol/internal/combat"

// The generic technologies' abilities, each in its own words. A test keeps
// every technology of the data either defined here, built elsewhere for
// now, or listed as not built with the reason.

func init() {
	// Neural Motivator: two action cards in the status phase, not one.
	define(&Ability{ID: "neural_motivator", StatusCards: 1})
	// Hyper Metabolism: three command tokens in the status phase, not two.
	define(&Ability{ID: "hyper_metabolism", StatusTokens: 1})
	// Sarween Tools: each use of Production costs 1 less in all.
	define(&Ability{ID: "sarween_tools", ProductionDiscount: 1})
	// Antimass Deflectors: ships enter and pass asteroid fields; space
	// cannon against the owner's units rolls at -1.
	define(&Ability{ID: "antimass_deflectors", Permits: PermitAsteroidFields, Combat: combat.Tech{Antimass: true}})
	// Light/Wave Deflector: ships pass systems with other players' ships.
	define(&Ability{ID: "light_wave_deflector", Permits: PermitPastShips})
	// Plasma Scoring: one more die for one unit's space cannon, and for
	// one unit's bombardment.
	define(&Ability{ID: "plasma_scoring", Combat: combat.Tech{Plasma: true}})
	// Graviton Laser System: exhausted before a space cannon roll, its
	// hits land on non-fighter ships if able.
	define(&Ability{ID: "graviton_laser_system", Exhausts: true, Combat: combat.Tech{Graviton: true}})
	// Duranium Armor: each combat round, one unit damaged earlier is
	// repaired.
	define(&Ability{ID: "duranium_armor", Combat: combat.Tech{Duranium: true}})
	// Assault Cannon: with 3 non-fighter ships at the start of a space
	// combat, the opponent destroys one of its non-fighter ships.
	define(&Ability{ID: "assault_cannon", Combat: combat.Tech{Assault: true}})
	// Magen Defense Grid Ω: a hit at the start of a ground combat on a
	// planet with the owner's structure.
	define(&Ability{ID: "magen_defense_grid", Combat: combat.Tech{Magen: true}})
	// X-89 Bacterial Weapon Ω: a bombardment that destroys an infantry
	// destroys all the opponent's infantry on that planet.
	define(&Ability{ID: "x89_bacterial_weapon", Combat: combat.Tech{X89: true}})
}

// techsBuiltInline are technologies whose abilities the rules code still
// asks by id, to be moved onto definitions.
var techsBuiltInline = map[string]string{
	"dark_energy_tap": "frontier exploration and retreats (explore.go, combat.go)",
}

// techsNotBuilt are the generic technologies without an effect yet, with
// what they need from the model.
var techsNotBuilt = map[string]string{
	"gravity_drive":            "a move bonus for one ship, chosen as it moves",
	"fleet_logistics":          "two actions in one turn",
	"sling_relay":              "an exhaustible component action that produces a ship",
	"dacxive_animators":        "a roll after a ground combat won",
	"psychoarchaeology":        "specialties of explored planets and trade goods on exploration",
	"bio_stims":                "an exhaustible ability that readies a planet or technology",
	"ai_development_algorithm": "exhaustible: ignore a prerequisite, or cheaper unit upgrades",
	"self_assembly_routines":   "an exhaustible ability after producing, and a trade good when a mech is destroyed",
	"transit_diodes":           "an exhaustible component action that moves ground forces",
	"integrated_economy":       "producing on a planet just gained",
	"scanlink_drone_network":   "exploring a planet with units in an activated system",
	"predictive_intelligence":  "exhaustible: redistribute command tokens after voting, and a vote bonus",
}
