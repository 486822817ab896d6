package ti4

// The Titans of Ul's components.

// Hecatoncheires, the Titans mech: when the Titans would place a PDS
// (Construction), a mech and an infantry may go on the planet instead
// (unit "mech": 30, 55.3).
func init() {
	define(&Ability{ID: "hecatoncheires", Since: RulesMechs, Deploy: true, ForPDS: true})
}
