// Package combat is TI4 combat arithmetic shared by the engine and the
// battle-odds calculator: unit profiles, the dice of combat rounds and the
// steps before them, casualty order, an exact solver over surviving-unit
// states, and a Monte Carlo run on the same rules.
package combat

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Roll is an ability that rolls dice: hits on Hit or higher, Dice dice.
type Roll struct {
	Hit  int
	Dice int
}

// Profile is what combat needs to know about one unit.
type Profile struct {
	ID       string // unit card id, e.g. dreadnought_2
	Type     string // generic type, e.g. dreadnought
	Name     string
	Combat   Roll
	Sustain  bool
	Cost     float64 // per unit: fighters and infantry cost half
	Capacity int
	AFB      Roll
	Bombard  Roll
	Cannon   Roll
	Shield   bool
	// Lead is added to the combat rolls of its side's other ships while
	// this unit lives (C'morran N'orr).
	Lead int
	// What flagships do in a space combat, which only Simulate plays:
	// Nine, hits more on a combat die showing 9 or 10 before modifiers
	// (J.N.S. Hylarim); RoundRepair, repaired at the start of each round
	// (Arc Secundus); NoSustainNear, the other side's ships cannot sustain
	// damage while it lives (Fourth Moon); DicePerShip, a combat die for
	// each of the other side's non-fighter ships (Salai Sai Corian);
	// DestroysAll, every ship in the system destroyed with it (Van Hauge);
	// Directed, its and its side's dreadnoughts' hits go on non-fighter
	// ships while there are any ([0.0.1]); GroundAsShips, its side's ground
	// forces in the space area fight in the space combat as ships (The
	// Alastor: the odds take them all); FightersLand, its side's fighters
	// fight in the ground combat and go back to space after it, so that
	// they alone take no planet (Matriarch); Raise, a trade good of its
	// side's (Side.TradeGoods) gives a combat die of that side +1 after the
	// roll, spent only on a die that it makes hit (Wrath of Kenara).
	Nine                                                           int
	RoundRepair, NoSustainNear, DicePerShip, DestroysAll, Directed bool
	GroundAsShips, FightersLand                                    bool
	Raise                                                          bool
	// GroundForce: a structure that is also a ground force, fighting in
	// the ground combat on its planet (the Titans' Hel-Titan).
	GroundForce bool
	// Spare: a unit not in the battle at its start, that an ability may
	// place in it (Tech.Milor, Tech.Ipswitch; Simulate only).
	Spare bool
}

// special reports a flagship ability only Simulate plays, in a space
// combat.
func (p *Profile) special() bool {
	return p.Nine > 0 || p.RoundRepair || p.NoSustainNear || p.DicePerShip || p.DestroysAll || p.Directed
}

// Ship, Ground, Fighter classify a profile.
func (p *Profile) Ship() bool {
	switch p.Type {
	case "war_sun", "flagship", "dreadnought", "carrier", "cruiser", "destroyer", "fighter":
		return true
	}
	return false
}

// Ground reports infantry and mechs, and a structure that is a ground
// force too.
func (p *Profile) Ground() bool { return p.Type == "infantry" || p.Type == "mech" || p.GroundForce }

// Fighter reports fighters.
func (p *Profile) Fighter() bool { return p.Type == "fighter" }

// FromUnit builds a profile from a unit card.
func FromUnit(u *data.Unit) Profile {
	p := Profile{ID: u.ID, Type: u.Type, Name: u.Name, Combat: Roll{u.Combat, u.Dice},
		Sustain: u.Sustain, Capacity: u.Capacity, Shield: u.PlanetaryShield}
	p.Cost = u.Cost
	if u.Produces > 1 {
		p.Cost = u.Cost / float64(u.Produces)
	}
	if u.AFB != nil {
		p.AFB = Roll{u.AFB.Hit, u.AFB.Dice}
	}
	if u.Bombardment != nil {
		p.Bombard = Roll{u.Bombardment.Hit, u.Bombardment.Dice}
	}
	if u.SpaceCannon != nil {
		p.Cannon = Roll{u.SpaceCannon.Hit, u.SpaceCannon.Dice}
	}
	if p.Type == "flagship" || p.Type == "war_sun" {
		p.Cost = max(p.Cost, 8) // never a cheap casualty
	}
	return p
}

// Group is some identical units.
type Group struct {
	Profile Profile
	Count   int
}

// ParseError says what is wrong in a unit list.
type ParseError struct {
	Item string
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("unit list: %q: %s", e.Item, e.Msg) }

func squash(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return -1
	}, s)
}

var aliases = map[string]string{"ws": "war_sun", "dread": "dreadnought", "dn": "dreadnought", "dd": "destroyer",
	"ca": "cruiser", "cv": "carrier", "ff": "fighter", "inf": "infantry", "gf": "infantry", "fs": "flagship",
	"dreads": "dreadnought", "warsuns": "war_sun", "mechs": "mech", "destroyers": "destroyer", "cruisers": "cruiser",
	"carriers": "carrier", "fighters": "fighter", "pdss": "pds", "dreadnoughts": "dreadnought"}

// lookup finds a unit by a name as players write it: "dreadnought2",
// "Dreadnought II", "war sun", "ws", "exotrireme2".
func lookup(c *data.Catalog, name string) *data.Unit {
	key := squash(name)
	key = strings.TrimSuffix(key, "ii")
	if strings.HasSuffix(squash(name), "ii") {
		key += "2"
	}
	if a, ok := aliases[key]; ok {
		return c.Unit(a)
	}
	for _, u := range c.Units {
		if squash(u.ID) == key || squash(u.Name) == key {
			return u
		}
	}
	if u := factionUnit(c, name); u != nil {
		return u
	}
	if strings.HasSuffix(key, "s") { // plurals: "2 carriers"
		return lookup(c, key[:len(key)-1])
	}
	return nil
}

// factionUnit reads a faction and a unit type as players write them:
// "Sardakk dreadnought", "L1Z1X flagship", "nekro mech", "sol infantry 2":
// the faction's own unit of that type (its upgrade with a 2), or the
// common one where the faction has none.
func factionUnit(c *data.Catalog, name string) *data.Unit {
	words := strings.Fields(strings.ToLower(name))
	for n := min(3, len(words)-1); n >= 1; n-- {
		f := findFaction(c, strings.Join(words[:n], " "))
		if f == nil {
			continue
		}
		rest := squash(strings.Join(words[n:], ""))
		level := 1
		if t, ok := strings.CutSuffix(rest, "2"); ok {
			rest, level = t, 2
		} else if t, ok := strings.CutSuffix(rest, "ii"); ok {
			rest, level = t, 2
		}
		if a, ok := aliases[rest]; ok {
			rest = a
		}
		one := strings.TrimSuffix(rest, "s") // a plural, but not the s of "pds"
		var common *data.Unit
		for _, u := range c.Units {
			if t := squash(u.Type); (t != rest && t != one) || (u.Level != level && u.Type != "flagship" && u.Type != "mech") {
				continue
			}
			switch u.Faction {
			case f.ID:
				return u
			case "":
				common = u
			}
		}
		return common
	}
	return nil
}

// findFaction matches a faction by its id, its short name, or its name.
func findFaction(c *data.Catalog, s string) *data.Faction {
	key := squash(s)
	for _, f := range c.Factions {
		if squash(f.ID) == key || squash(f.Short) == key || squash(f.Name) == key {
			return f
		}
		if first := strings.Fields(f.Short); len(first) > 0 && squash(first[0]) == key {
			return f
		}
	}
	return nil
}

// MaxTokenUnits bounds the fighters, and the infantry, in one unit list.
// They are tokens with no limit in the game (23.4b), but a system's
// capacity holds far fewer: two war suns, four carriers, five
// dreadnoughts and a flagship carry under 50, and no real stack of
// infantry on a planet comes near it. The exact solver's work grows with
// the square of the units, so this is its guard.
const MaxTokenUnits = 50

// ParseUnits reads "2 dreadnought2, 1 warsun, 4 fighter2". A count may be
// written before or after the name ("dreadnought2 x2"); no count means one.
// More units than the game has of a type (LRR 23.4) is an error, fighters
// and infantry aside.
func ParseUnits(s string) ([]Group, error) {
	c := data.MustLoad()
	var out []Group
	totals := map[string]int{}
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		fields := strings.Fields(item)
		n, counted := 1, false
		if v, ok, err := countOf(fields[0]); err != nil {
			return nil, &ParseError{item, err.Error()}
		} else if ok {
			n, counted, fields = v, true, fields[1:]
		}
		if !counted && len(fields) > 1 {
			if v, ok, err := countOf(fields[len(fields)-1]); err != nil {
				return nil, &ParseError{item, err.Error()}
			} else if ok {
				n, fields = v, fields[:len(fields)-1]
			}
		}
		name := fields
		if len(name) == 0 {
			return nil, &ParseError{item, "no unit named"}
		}
		u := lookup(c, strings.Join(name, " "))
		if u == nil {
			return nil, &ParseError{item, "unknown unit: write it as printed (Dreadnought II), by its id (dreadnought_2), as a type with 2 for the upgrade (dreadnought2, ws, dd, ff, gf), or as a faction and a type (sardakk dreadnought, l1z1x flagship, nekro mech)"}
		}
		if n == 0 {
			continue
		}
		totals[u.Type] += n
		if lim := c.Limits[u.Type]; u.Type != "fighter" && u.Type != "infantry" && totals[u.Type] > lim {
			return nil, &ParseError{item, fmt.Sprintf("the game has only %d %s units (LRR 23.4)", lim, u.Type)}
		}
		if (u.Type == "fighter" || u.Type == "infantry") && totals[u.Type] > MaxTokenUnits {
			return nil, &ParseError{item, fmt.Sprintf("at most %d %s in one list", MaxTokenUnits, u.Type)}
		}
		out = append(out, Group{FromUnit(u), n})
	}
	return merge(out), nil
}

func merge(gs []Group) []Group {
	m := map[string]int{}
	var order []Profile
	for _, g := range gs {
		if _, ok := m[g.Profile.ID]; !ok {
			order = append(order, g.Profile)
		}
		m[g.Profile.ID] += g.Count
	}
	out := make([]Group, 0, len(order))
	for _, p := range order {
		out = append(out, Group{p, m[p.ID]})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Profile.ID < out[j].Profile.ID })
	return out
}

// countOf reads "3", "x3" or "3x".
func countOf(f string) (int, bool, error) {
	t := strings.TrimSuffix(strings.TrimPrefix(f, "x"), "x")
	v, err := strconv.Atoi(t)
	if err != nil {
		return 0, false, nil
	}
	if v < 0 {
		return 0, false, fmt.Errorf("a count cannot be negative")
	}
	if v > 1000 {
		return 0, false, fmt.Errorf("far more units than the game has")
	}
	return v, true, nil
}

// String writes groups back as a unit list.
func String(gs []Group) string {
	var parts []string
	for _, g := range gs {
		parts = append(parts, fmt.Sprintf("%d %s", g.Count, g.Profile.ID))
	}
	return strings.Join(parts, ", ")
}
