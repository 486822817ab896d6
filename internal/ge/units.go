package ge

// A unit is a ship or base with the ships combined into it (GE-type-S:
// combined ships add their strength, shields and weapons; GE-krebiz). The
// unit's damage is kept on its bottom card.

func (s *State) isUnit(i int) bool {
	k := s.def(i).Kind
	return (k == "ship" || k == "base") && s.unitOf(i) == i
}

// unitOf is the unit a ship or base belongs to: the ship it is combined
// into, or itself.
func (s *State) unitOf(i int) int {
	if s.def(i).Kind == "ship" {
		if h := s.hostOf(i); h >= 0 && s.def(h).Kind == "ship" {
			return h
		}
	}
	return i
}

// parts is the unit's own card and the ships combined into it.
func (s *State) parts(u int) []int {
	out := []int{u}
	for j := range s.above(u) {
		if s.def(j).Kind == "ship" && !s.Cards[j].Against {
			out = append(out, j)
		}
	}
	return out
}

// hostBonus sums a field over the working cards played on a part (not
// against it).
func (s *State) hostBonus(part int, f func(d *Def) int) int {
	n := 0
	for j := range s.above(part) {
		if !s.Cards[j].Against && s.def(j).Kind != "ship" && s.equipWorks(j) {
			n += f(s.def(j))
		}
	}
	return n
}

// equipWorks reports whether a card on a unit works for it now: engaged
// (or passive equipment, GE-type-E) and not stopped.
func (s *State) equipWorks(j int) bool {
	c, d := s.Cards[j], s.def(j)
	if c.Zone != InPlay || s.stopped(j) {
		return false
	}
	if d.Kind == "equipment" && d.Exclusive != "" {
		if h := s.hostOf(j); h < 0 || s.def(h).Empire != d.Exclusive {
			return false
		}
	}
	return c.Engaged || (d.Kind == "equipment" && d.Passive)
}

// strength is a unit's (or any card's) strength with its bonuses.
func (s *State) strength(u int) int {
	if !s.isUnit(u) {
		return s.def(u).Strength
	}
	n := 0
	for _, p := range s.parts(u) {
		n += s.def(p).Strength + s.hostBonus(p, func(d *Def) int { return d.HostStrength })
	}
	return n
}

// shields is a unit's shields left.
func (s *State) shields(u int) int {
	if !s.isUnit(u) {
		return 0
	}
	n := 0
	for _, p := range s.parts(u) {
		n += s.def(p).Shields
	}
	return max(0, n-s.Cards[u].Shield)
}

// nodes is a unit's Mechad nodes (GE-emf), refits counted up to 3.
func (s *State) nodes(u int) int {
	if !s.isUnit(u) || s.def(u).Nodes == 0 {
		return 0
	}
	return s.def(u).Nodes + min(3, s.hostBonus(u, func(d *Def) int { return d.HostNodes }))
}

// phasers is what a part of a unit may fire of its phasers now: engaged,
// not jammed, refits counted (at most 3 on a ship).
func (s *State) phasers(p int) int {
	d, c := s.def(p), s.Cards[p]
	if !c.Engaged || s.stopped(p) || s.jammed(s.unitOf(p)) {
		return 0
	}
	n := d.Phasers
	if d.DamagedFire > 0 && s.Cards[s.unitOf(p)].Damage > 0 {
		n = d.DamagedFire
	}
	refit := s.hostBonus(p, func(d *Def) int { return d.HostPhasers })
	if d.Kind == "ship" {
		refit = min(refit, 3)
	}
	return n + refit
}

// heavy is how many standard heavy weapons a unit carries.
func (s *State) heavy(u int) int {
	n := 0
	for _, p := range s.parts(u) {
		n += s.def(p).Heavy
	}
	return n
}

// printed is a unit's strength as printed on its combined cards, without
// what equipment adds: what its command slots go by.
func (s *State) printed(u int) int {
	n := 0
	for _, p := range s.parts(u) {
		n += s.def(p).Strength
	}
	return n
}

// halfSlots is the command a card takes, in half slots (GE-command): a
// ship or base of strength 3 or more one slot, of strength 2 half a slot,
// a combined ship by its combined strength.
func halfSlots(strength int) int {
	switch {
	case strength >= 3:
		return 2
	case strength == 2:
		return 1
	}
	return 0
}

// slotsUsed is the half slots the seat's fleet takes, less one minor
// empire ship (GE-command-minor-bonus: the starter decks' Indirigans).
func (s *State) slotsUsed(seat int) int {
	n, bonus := 0, 0
	for _, i := range s.fleet(seat) {
		if !s.isUnit(i) {
			continue
		}
		h := halfSlots(s.printed(i))
		if s.def(i).Empire == "Indirigan" && h > bonus {
			n += bonus
			bonus = h
			continue
		}
		n += h
	}
	return n
}

// guards is the seat's ships in play that protect its Sector HQ
// (GE-weapons-damage: any ship, engaged or not).
func (s *State) guards(seat int) []int {
	var out []int
	for _, i := range s.fleet(seat) {
		if s.def(i).Kind == "ship" && s.isUnit(i) && !s.noGuard(i) {
			out = append(out, i)
		}
	}
	return out
}

func (s *State) noGuard(u int) bool {
	for j := range s.above(u) {
		if s.def(j).NoHQGuard {
			return true
		}
	}
	return false
}
