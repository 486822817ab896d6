package ti4

// The Vuil'raith Cabal's components.

// Reanimator, the Cabal mech (55): their infantry destroyed on its planet
// go onto their faction sheet, captured (17).
func init() {
	define(&Ability{ID: "reanimator", Since: RulesMechs, CapturesInfantry: true})
}
