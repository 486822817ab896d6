package ti4

// The Clan of Saar's abilities.
func init() {
	// Scavenge: a trade good on gaining control of a planet (25).
	define(&Ability{ID: "saar:scavenge", Since: RulesFactions, GainPlanetTradeGoods: 1})
	// Nomadic: public objectives scored without holding the home system
	// (61.16).
	define(&Ability{ID: "saar:nomadic", Since: RulesFactions, Permits: PermitScoreAwayFromHome})
}
