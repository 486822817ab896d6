package ti4

// Sardakk N'orr's abilities.
func init() {
	// Unrelenting: +1 to each combat roll (78.5, 42.2).
	define(&Ability{ID: "sardakk:unrelenting", Since: RulesFactions, CombatMod: 1})
}
