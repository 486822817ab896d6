package ti4

import (
	"fmt"
	"strings"

	"github.com/mecatol/mecatol/internal/combat"
)

// OddsField is the part of a side's description for the odds that an
// ArmSide error is about: "faction" or "tech".
type OddsField struct {
	Field string
	Err   error
}

func (e *OddsField) Error() string { return e.Err.Error() }
func (e *OddsField) Unwrap() error { return e.Err }

// ArmSide adds to one side of a battle in the odds what its faction's
// abilities change in combat (faction, by id or as players write it) and
// the components it names (tech: ParseCombatTech's list), against the
// other side's faction (foe, "" for none): a promissory note does more
// against its owner (Tekklar Legion), and its owner holds none of its own
// (69.2). The error is an *OddsField.
func ArmSide(sd *combat.Side, faction, tech, foe string) error {
	own := ""
	if faction != "" {
		id, err := factionNamed(faction)
		if err != nil {
			return &OddsField{"faction", err}
		}
		m, _ := FactionCombatMod(id)
		t, _ := FactionCombatTech(id)
		sd.Mod += m
		sd.Tech = sd.Tech.Or(t)
		own = id
	}
	t, err := ParseCombatTech(tech)
	if err != nil {
		return &OddsField{"tech", err}
	}
	foeID, _ := factionNamed(foe) // a wrong name is the other side's error
	for _, id := range strings.Split(tech, ",") {
		id = strings.TrimSuffix(strings.TrimSpace(id), UpgradedSuffix)
		n := promissoryNotes[id]
		switch {
		case n == nil:
		case own != "" && noteOwner(id) == own:
			return &OddsField{"tech", fmt.Errorf("%q is the %s's own promissory note: a player never plays their own (LRR 69.2)", id, own)}
		case foe != "" && noteOwner(id) == foeID && n.lends != "":
			return &OddsField{"tech", fmt.Errorf("%q is played against a player other than its owner, the %s", id, foeID)}
		case foe != "" && noteOwner(id) == foeID:
			t = t.Or(n.againstOwner)
		}
	}
	sd.Tech = sd.Tech.Or(t)
	return nil
}
