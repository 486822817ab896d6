package ti4

// The L1Z1X Mindnet's abilities.
func init() {
	// Assimilate: on gaining a planet, other players' PDS and space docks
	// there are replaced by the L1Z1X's own (25).
	define(&Ability{ID: "l1z1x:assimilate", Since: RulesFactions, TakesStructures: true})
}
