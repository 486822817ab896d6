package ti4

// The Naalu Collective's abilities.
func init() {
	// Telepathic: first in initiative order, by the "0" token on its
	// strategy card, while it has not given the token away (48).
	define(&Ability{ID: "naalu:telepathic", Since: RulesFactions, InitiativeZero: true})
}
