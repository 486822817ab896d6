package ti4

// The Emirates of Hacan's abilities.
func init() {
	// Masters of Trade: the Trade card's secondary without a command token
	// (20.5).
	define(&Ability{ID: "hacan:masters_of_trade", Since: RulesFactions, FreeSecondaries: []string{"trade"}})
	// Guild Ships: transactions with players who are not neighbors (94.1).
	define(&Ability{ID: "hacan:guild_ships", Since: RulesFactions, Permits: PermitTradeAnyone})
}
