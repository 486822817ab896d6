package ti4

// The Ghosts of Creuss' abilities.
func init() {
	// Slipstream: +1 move for ships starting in the home system or in a
	// system with an alpha or beta wormhole (58.4).
	define(&Ability{ID: "creuss:slipstream", Since: RulesFactions, WormholeMove: 1})
	// Creuss Gate: the gate (tile 17) stands in the Creuss home position,
	// not a home system; the Creuss home (tile 51) stands off the board,
	// joined to the gate by delta wormholes (101.4a). A set-up fact, in
	// every rules version.
	define(&Ability{ID: "creuss:creuss_gate", Since: RulesFirst, GateTile: "17"})
}

// Quantum Entanglement: the Creuss move as if every system with an alpha or
// a beta wormhole were adjacent to every other, even under Enforced Travel
// Ban (6.1, 101).
func init() {
	define(&Ability{ID: "creuss:quantum_entanglement", Since: RulesFactions, Permits: PermitWormholesJoined})
}
