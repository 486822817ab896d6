package ti4

import "github.com/mecatol/mecatol/internal/combat"

// The Naaz-Rokha Alliance's components.

// Eidolon, the Naaz-Rokha mech (55): at the start of a space combat in
// which it is in the space area of the active system, its card flips to
// Z-Grav Eidolon: it fights in the combat as a ship, hitting on 8 with 2
// dice, and flips back when the combat ends.
func init() {
	define(&Ability{ID: "eidolon", Since: RulesMechs, ShipSide: combat.Roll{Hit: 8, Dice: 2}})
}
