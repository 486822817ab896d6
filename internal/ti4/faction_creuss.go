package ti4

// The Ghosts of Creuss' abilities.
func init() {
	// Slipstream: +1 move for ships starting in the home system or in a
	// system with an alpha or beta wormhole (58.4).
	define(&Ability{ID: "creuss:slipstream", Since: RulesFactions, WormholeMove: 1})
}
