package ti4

// The Barony of Letnev's abilities.
func init() {
	// Armada: 2 more non-fighter ships in a system than the fleet pool's
	// tokens (37.1).
	define(&Ability{ID: "letnev:armada", Since: RulesFactions, FleetBonus: 2})
}
