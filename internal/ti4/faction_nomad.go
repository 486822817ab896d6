package ti4

import "slices"

// The Nomad's components.

// Quantum Manipulator, the Nomad mech (55): in a space combat, the mech
// in the space area may sustain damage to cancel a hit on the Nomad's
// ships there (87).
func init() {
	define(&Ability{ID: "quantum_manipulator", Since: RulesMechs, SustainsForShips: true})
}

// The Nomad's abilities.
func init() {
	// Future Sight: a trade good when an outcome the Nomad voted for or
	// predicted is resolved (8.22).
	define(&Ability{ID: "nomad:future_sight", Since: RulesPoK, OutcomeTG: 1})
}

// Memoria and Memoria II, the Nomad flagship: it is adjacent to every
// system with the Nomad's mechs (6), so it moves there as to a neighbor.
func init() {
	define(&Ability{ID: "memoria", Since: RulesPoK, MechsAdjacent: true})
	define(&Ability{ID: "memoria_2", Since: RulesPoK, MechsAdjacent: true})
}

// mechsIn reports seat's mechs in the system, in space or on a planet.
func (s *State) mechsIn(sys *System, seat int) bool {
	return count(sys.Space, seat, "mech") > 0 || slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return count(pl.Units, seat, "mech") > 0 })
}

// Navarch Feng, the Nomad's commander: their flagship costs nothing to
// produce (67).
func init() {
	define(&Ability{ID: "nomad:navarch_feng", Since: RulesPoK, FreeFlagship: true})
}

// Ahk-Syl Siven, the Nomad's hero: as an action, put in play for the rest
// of the round: their flagship, and the units it carries, move out of
// systems with their command tokens (58.4c, 95.3); purged at the round's
// end (51.12).
func init() {
	define(&Ability{ID: "nomad:ahk_syl_siven", Since: RulesPoK, FlagshipUnheld: true,
		Uses: []*Use{{At: AtAction, Options: heroToPlayOptions, Resolve: heroToPlay}}})
}
