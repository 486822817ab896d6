package ti4

// The Emirates of Hacan's abilities.
func init() {
	// Masters of Trade: the Trade card's secondary without a command token
	// (20.5).
	define(&Ability{ID: "hacan:masters_of_trade", Since: RulesFactions, FreeSecondaries: []string{"trade"}})
	// Guild Ships: transactions with players who are not neighbors (94.1).
	define(&Ability{ID: "hacan:guild_ships", Since: RulesFactions, Permits: PermitTradeAnyone})
	// Arbiters: action cards are exchanged in the Hacan's transactions
	// (94.3), on either side.
	define(&Ability{ID: "hacan:arbiters", Since: RulesFactions, Permits: PermitTradeActionCards})
}

// Trade Convoys, the Hacan's note: as its holder's action, into their play
// area, where it lets them trade with players who are not their neighbors
// (94.1; they do not become neighbors); it goes back when they activate a
// system with the Hacan's units.
func init() {
	defineNote("hacan:trade_convoys", &promissoryNote{since: RulesFactions, moment: asAction, play: playAsAction(intoPlayArea),
		permits: PermitTradeAnyone, activated: returnedOnActivation})
}
