package ti4

// The Universities of Jol-Nar's abilities.
func init() {
	// Analytical: one prerequisite ignored when researching a technology
	// that is not a unit upgrade (90.12).
	define(&Ability{ID: "jolnar:analytical", Since: RulesFactions, PrereqsIgnored: 1})
}

func init() {
	// Fragile: -1 to each combat roll (78.5, 42.2).
	define(&Ability{ID: "jolnar:fragile", Since: RulesFactions, CombatMod: -1})
}

func init() {
	// Brilliant: a command token spent on the Technology card's secondary
	// resolves its primary instead (91.2).
	define(&Ability{ID: "jolnar:brilliant", Since: RulesFactions, PrimaryForSecondary: []string{"technology"}})
}
