package ti4

import (
	"slices"
	"sync"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Faction units (96, 97): their numbers are in the data; the abilities
// printed on them beyond numbers are definitions in their factions' files,
// found by the unit's id (unitAbility).

// unitsInData are the faction units whose printed abilities the data
// carries in full, with what carries them: no definition adds to them.
var unitsInData = map[string]string{
	"son_of_ragh":              "Sustain Damage and Anti-Fighter Barrage: unit values",
	"prototype_war_sun":        "Sustain Damage and Bombardment: unit values",
	"prototype_war_sun_2":      "Sustain Damage and Bombardment: unit values",
	"advanced_carrier":         "capacity and move: unit values",
	"advanced_carrier_2":       "Sustain Damage: a unit value",
	"spec_ops":                 "combat: a unit value",
	"super_dreadnought":        "Sustain Damage and Bombardment: unit values",
	"super_dreadnought_2":      "Sustain Damage and Bombardment: unit values",
	"hybrid_crystal_fighter":   "combat: a unit value",
	"hybrid_crystal_fighter_2": "moves without transport and counts as half a ship against the fleet pool: the data's move and fighters_per_ship, which the fleet pool reads (37)",
	"exotrireme":               "Sustain Damage and Bombardment: unit values",
	"letani_warrior":           "Production 1: a unit value",
	"floating_factory":         "a space dock with a move value and capacity, placed and producing in space, moving and retreating as a ship, destroyed when blockaded: the data's move, and the rules for space docks in space (producesInSpace, 14)",
	"floating_factory_2":       "as Floating Factory, with its higher values",
	"loncara_ssodu":            "Space Cannon 5 (x3) that reaches adjacent systems: the data's range, which space cannon reads (77.3c)",
	"strike_wing_alpha":        "capacity and Anti-Fighter Barrage: unit values",
	"saturn_engine":            "capacity: a unit value",
	"saturn_engine_2":          "move, capacity and Sustain Damage: unit values",
	"indomitus":                "Space Cannon 8 that reaches adjacent systems: the data's range, which space cannon reads from rules version 4, as for the Xxcha flagship (77.3c)",
}

// unitAbility is the ability printed on seat's unit of a type, as the
// game's rules version has it, or nil.
func (s *State) unitAbility(seat int, typ string) *Ability {
	u := s.UnitCard(seat, typ)
	if u == nil {
		return nil
	}
	if typ == "mech" && len(s.Laws) > 0 && s.lawSays(LawMechsPlain) {
		return nil // Articles of War
	}
	if a := s.cardVersion(definitions[u.ID]); a != nil && a.Since <= s.rules() {
		return a
	}
	return nil
}

// flagshipAt is the owner of a flagship with an ability f reports in the
// system, or None.
func (s *State) flagshipAt(sys *System, f func(*Ability) bool) int {
	for _, st := range sys.Space {
		if st.Unit == "flagship" {
			if a := s.unitAbility(st.Owner, "flagship"); a != nil && f(a) {
				return st.Owner
			}
		}
	}
	return None
}

// mechOn is the owner, other than not, of a mech on pl whose ability f
// reports, or None.
func (s *State) mechOn(pl *Planet, not int, f func(*Ability) bool) int {
	if pl == nil {
		return None
	}
	for _, st := range pl.Units {
		if st.Unit == "mech" && st.Owner != not {
			if a := s.unitAbility(st.Owner, "mech"); a != nil && f(a) {
				return st.Owner
			}
		}
	}
	return None
}

// deploys reports that seat may deploy its mech (30): its deploy ability
// is live and a mech is in reinforcements (30.2).
func (s *State) deploys(seat int) bool {
	a := s.unitAbility(seat, "mech")
	return a != nil && a.Deploy && s.Reinforcements(seat, "mech") > 0
}

// mechForPDS reports that seat may deploy its mech, with an infantry, in
// place of a PDS it would place (Hecatoncheires).
func (s *State) mechForPDS(seat int) bool {
	a := s.unitAbility(seat, "mech")
	return a != nil && a.ForPDS && a.Deploy && s.Reinforcements(seat, "mech") > 0
}

// deploysOn reports that seat may deploy its mech on pl: deployTo without
// building its refusal, for the options asked at every turn.
func (s *State) deploysOn(seat int, pl *Planet) bool {
	return pl != nil && !unitsBarred(pl) && s.deploys(seat)
}

// deployTo checks that seat may deploy its mech on pl (30.1, 30.2, 12.1).
func (s *State) deployTo(seat int, pl *Planet) error {
	if !s.deploys(seat) {
		return engine.Refuse("30.2", "no mech of yours in reinforcements to deploy")
	}
	if pl == nil {
		return engine.BadInput("planet", "no such planet")
	}
	if unitsBarred(pl) {
		return unitsBarredErr(pl)
	}
	return nil
}

// unitModVs is what the ability printed on seat's unit adds to its combat
// rolls in the combat under way (ModVs: Iconoclast, Mordred, Arvicon Rex), and, for
// infantry on a planet with seat's mech that spares them (Shield Paling),
// what lifts the penalties of seat's abilities.
func (s *State) unitModVs(seat int, unit string) int {
	c := s.Combat
	if c == nil || (unit != "mech" && unit != "infantry" && unit != "flagship") || s.rules() < RulesMechs {
		return 0
	}
	if unit == "infantry" {
		if pl, _ := s.Planet(c.Planet); c.Kind == "ground" && pl != nil && s.mechOn(pl, None, hookInfantryNoPen) == seat {
			return -s.bonus(seat, func(a *Ability) int { return min(a.CombatMod, 0) })
		}
		return 0
	}
	if a := s.unitAbility(seat, unit); a != nil && a.ModVs != nil {
		return a.ModVs(s, seat, opponent(c, seat))
	}
	return 0
}

// unitTypes are the unit types, for the abilities printed on a faction's
// own units.
var unitTypes = []string{"flagship", "mech", "war_sun", "dreadnought", "carrier", "cruiser", "destroyer", "fighter", "infantry", "pds", "space_dock"}

// ParseUnits reads a unit list for the odds calculator (combat.ParseUnits)
// with what the units' own abilities change in combat, from the same
// definitions as play: C'morran N'orr's +1 to its side's other ships, the
// flagships' abilities the simulation plays, and a structure that is a
// ground force (combat.Profile).
func ParseUnits(list string) ([]combat.Group, error) {
	gs, err := combat.ParseUnits(list)
	if err != nil {
		return nil, err
	}
	for i := range gs {
		if a := definitions[gs[i].Profile.ID]; a != nil {
			p := &gs[i].Profile
			p.Lead, p.Nine, p.RoundRepair, p.NoSustainNear = a.OthersMod, a.NineHits, a.RoundRepair, a.NoSustainNear
			p.DicePerShip, p.DestroysAll, p.Directed = a.DicePerShip, a.DestroysAll, a.Directed
			p.GroundAsShips, p.FightersLand, p.Raise, p.GroundForce = a.GroundAsShips, a.CommitsFighters, a.RaisesDice, a.GroundForce
		}
	}
	return gs, nil
}

// tollTypes are the unit types some unit card of which makes other players
// pay to activate its system or to commit to its planet (ActivationToll,
// CommitToll): the cheap test before a unit's card is looked up.
var tollTypes = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, u := range data.MustLoad().Units {
		if a := definitions[u.ID]; a != nil && (a.ActivationToll > 0 || a.CommitToll > 0) {
			out[u.Type] = true
		}
	}
	return out
})

// toll is the influence seat spends because of other players' units in
// stacks, each unit's card asking what hook says.
func (s *State) toll(seat int, stacks []Stack, hook func(*Ability) int) int {
	if s.rules() < RulesKeleres {
		return 0
	}
	n := 0
	for _, st := range stacks {
		if st.Owner != seat && tollTypes()[st.Unit] {
			if a := s.unitAbility(st.Owner, st.Unit); a != nil {
				n += hook(a) * st.Count
			}
		}
	}
	return n
}

// activationToll is the influence seat spends to activate sys (5): other
// players' ships there whose cards ask it (Artemiris).
func (s *State) activationToll(seat int, sys *System) int {
	return s.toll(seat, sys.Space, func(a *Ability) int { return a.ActivationToll })
}

// commitToll is the influence seat spends to commit ground forces to pl
// (49.2): other players' units there whose cards ask it (Omniopiares),
// paid with the first commit of the invasion to it.
func (s *State) commitToll(seat int, pl *Planet) int {
	if inv := s.Invasion; inv != nil && slices.Contains(inv.Committed, pl.Name) {
		return 0
	}
	return s.toll(seat, pl.Units, func(a *Ability) int { return a.CommitToll })
}
