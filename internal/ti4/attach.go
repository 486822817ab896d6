package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Attach (LRR 12): an exploration card attached to a planet changes what
// the planet card gives, whoever controls it (12.2).

// planetInfo is pl's planet card with its attachments applied, in the
// order they were attached. Read-only: without attachments it is the
// catalog's own entry.
func planetInfo(pl *Planet) *data.Planet {
	info := data.MustLoad().Planet(pl.Name)
	if (len(pl.Attachments) == 0 && !pl.Swapped) || info == nil {
		return info
	}
	v := *info
	for _, a := range pl.Attachments {
		var b attachment
		if d := exploreCards[a]; d != nil {
			b = d.attach
		} else if r := relics[a]; r != nil { // a relic attached (Nano-Forge)
			b = r.attach
		} else if n := promissoryNotes[a]; n != nil { // a note attached (Terraform)
			b = n.attach
		} else if d := definitions[a]; d != nil && d.Attach != nil { // a hero attached
			b = *d.Attach
		}
		v.Legendary = v.Legendary || b.legendary
		v.AllTraits = v.AllTraits || b.allTraits
		switch {
		case b.tech != "" && v.Tech == "":
			v.Tech = b.tech
		case b.tech != "":
			v.Resources++
			v.Influence++
		default:
			v.Resources += b.res
			v.Influence += b.inf
		}
	}
	if pl.Swapped { // after the attachments (Hegemonic Trade Policy)
		v.Resources, v.Influence = v.Influence, v.Resources
	}
	return &v
}

// planetCannon is the space cannon pl fires for its controller by what is
// attached to it (a hero's), or by their planet card when pl is Mecatol
// Rex (mecatolCannon), as groups of units would.
func (s *State) planetCannon(gs []combat.Group, pl *Planet) []combat.Group {
	for _, a := range pl.Attachments {
		if d := definitions[a]; d != nil && d.Attach != nil && d.Attach.cannon.Dice > 0 {
			gs = append(gs, combat.Group{Profile: combat.Profile{Cannon: d.Attach.cannon}, Count: 1})
		}
	}
	if r := s.mecatolCannon(pl); r.Dice > 0 {
		gs = append(gs, combat.Group{Profile: combat.Profile{Cannon: r}, Count: 1})
	}
	return gs
}

// unitsBarred reports a planet no unit may be committed to, produced on or
// placed on: a planet card held off the board, or one with Demilitarized
// Zone attached.
func unitsBarred(pl *Planet) bool {
	return pl.OffBoard || slices.Contains(pl.Attachments, "demilitarized_zone")
}

func unitsBarredErr(pl *Planet) error {
	if pl.OffBoard {
		return cardsRefused()
	}
	return engine.Refuse("12.1", "Demilitarized Zone is attached to %s: no unit may be committed to, produced on or placed on it", pl.Name)
}

// controlsTomb reports seat controlling the planet Tomb of Emphidia is
// attached to (The Crown of Emphidia asks).
func (s *State) controlsTomb(seat int) bool {
	return slices.ContainsFunc(s.ownPlanets(seat), func(pl *Planet) bool { return slices.Contains(pl.Attachments, "tomb_of_emphidia") })
}
