package ti4

// The Argent Flight's components.

// Aerie Sentinel, the Argent mech (55): it takes no capacity while a ship
// with capacity carries it or shares its space area (16).
func init() {
	define(&Ability{ID: "aerie_sentinel", Since: RulesMechs, NoCapacity: true})
}
