package ti4

// The Nomad's components.

// Quantum Manipulator, the Nomad mech (55): in a space combat, the mech
// in the space area may sustain damage to cancel a hit on the Nomad's
// ships there (87).
func init() {
	define(&Ability{ID: "quantum_manipulator", Since: RulesMechs, SustainsForShips: true})
}
