package ti4

// The Winnu's abilities.
func init() {
	// Blood Ties: the custodians token removed without spending influence
	// (27.2).
	define(&Ability{ID: "winnu:blood_ties", Since: RulesFactions, Permits: PermitFreeCustodians})
	// Reclamation: after a tactical action in which the Winnu gained
	// Mecatol Rex, a PDS and a space dock placed there.
	define(&Ability{ID: "winnu:reclamation", Since: RulesFactions, MecatolStructures: true})
}
