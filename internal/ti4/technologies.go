package ti4

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
}

// techsBuiltInline are technologies whose abilities the rules code still
// asks by id, to be moved onto definitions.
var techsBuiltInline = map[string]string{
	"antimass_deflectors": "movement through asteroid fields (tactical.go), and the space cannon -1 against the owner",
	"dark_energy_tap":     "frontier exploration and retreats (explore.go, combat.go)",
}

// techsNotBuilt are the generic technologies without an effect yet, with
// what they need from the model.
var techsNotBuilt = map[string]string{
	"gravity_drive":            "a move bonus for one ship, chosen as it moves",
	"fleet_logistics":          "two actions in one turn",
	"light_wave_deflector":     "moving through systems with other players' ships",
	"sling_relay":              "an exhaustible component action that produces a ship",
	"dacxive_animators":        "a roll after a ground combat won",
	"x89_bacterial_weapon":     "an exhaustible ability after bombardment",
	"psychoarchaeology":        "specialties of explored planets and trade goods on exploration",
	"bio_stims":                "an exhaustible ability that readies a planet or technology",
	"plasma_scoring":           "an extra die for one unit's bombardment or space cannon, in play and in the odds",
	"magen_defense_grid":       "a hit at the start of a ground combat",
	"duranium_armor":           "repairing a damaged unit each combat round",
	"assault_cannon":           "a ship destroyed before space combat with 3 non-fighter ships",
	"ai_development_algorithm": "exhaustible: ignore a prerequisite, or cheaper unit upgrades",
	"self_assembly_routines":   "an exhaustible ability after producing, and a trade good when a mech is destroyed",
	"graviton_laser_system":    "exhaustible: space cannon hits assigned to non-fighters",
	"transit_diodes":           "an exhaustible component action that moves ground forces",
	"integrated_economy":       "producing on a planet just gained",
	"scanlink_drone_network":   "exploring a planet with units in an activated system",
	"predictive_intelligence":  "exhaustible: redistribute command tokens after voting, and a vote bonus",
}
