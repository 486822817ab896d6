package ti4

// The Winnu's abilities.
func init() {
	// Blood Ties: the custodians token removed without spending influence
	// (27.2).
	define(&Ability{ID: "winnu:blood_ties", Since: RulesFactions, Permits: PermitFreeCustodians})
}
