package combat

import "github.com/mecatol/mecatol/internal/engine"

// troop is one side's units in a simulated battle, each alive or not and
// damaged or not. A hit takes the first step of the side's casualty line
// (army) that still applies, so without the abilities below it follows
// the exact solver's order; with them, hits aimed at some units (Graviton
// Laser System, Assault Cannon, Magen Defense Grid) and repairs (Duranium
// Armor) fit too, which a position on the line cannot hold.
type troop struct {
	a             *army
	dead, damaged []bool
	fresh         []bool // damaged this round
	// foe is the other side in a space combat, for the flagships' abilities
	// that read it; blown: its DestroysAll unit has gone off; bare: no
	// Sustain Damage against the hits being taken, the foe's flagship
	// forbidding it when they were produced (78.6a).
	foe         *troop
	blown, bare bool
	tg          int // trade goods left for Raise
	more        int // combat dice more for the best unit this round
	cancel      int // hits still to be cancelled (Tech.Cancel)
	// lost: units destroyed since the last reinforce; places: the
	// abilities that place units (Tech.Milor, MilorPrinted, Ipswitch);
	// milorUsed: Brother Milor spent; looting: Ipswitch in force.
	lost               []int
	spent              []bool // spare units placed
	places             Tech
	milorUsed, looting bool
}

func newTroop(a *army) *troop {
	n := len(a.units)
	t := &troop{a: a, dead: make([]bool, n), damaged: make([]bool, n), fresh: make([]bool, n), spent: make([]bool, n)}
	t.reset()
	return t
}

func (t *troop) reset() {
	clear(t.dead)
	clear(t.damaged)
	clear(t.fresh)
	t.blown, t.bare = false, false
	t.cancel = t.a.cancels(state{})
	for i := range t.a.units {
		t.dead[i] = t.a.units[i].Spare // not placed yet
	}
	clear(t.spent)
	t.lost, t.milorUsed, t.looting = t.lost[:0], false, false
}

// destroy destroys unit i.
func (t *troop) destroy(i int) {
	t.dead[i] = true
	t.lost = append(t.lost, i)
}

// place puts a spare unit of type typ in the battle, if one is left, and
// reports whether it did.
func (t *troop) place(typ string) bool {
	for i := range t.a.units {
		if u := &t.a.units[i]; u.Spare && u.Type == typ && !t.spent[i] {
			t.dead[i], t.damaged[i], t.spent[i] = false, false, true
			return true
		}
	}
	return false
}

// reinforce places the units abilities put in the battle after units
// are destroyed (Tech.Milor, MilorPrinted, Ipswitch), once both sides'
// hits are taken.
func reinforce(A, D *troop) {
	for _, t := range []*troop{A, D} {
		for _, i := range t.lost {
			u := &t.a.units[i]
			if t.foe != nil && t.foe.looting && u.Ship() {
				t.foe.place(u.Type)
			}
			if typ := t.milorPlaces(u); typ != "" && !t.milorUsed && t.place(typ) {
				t.milorUsed = true
				t.place(typ)
			}
		}
	}
	A.lost, D.lost = A.lost[:0], D.lost[:0]
}

// milorPlaces is what Brother Milor places for the unit u lost: fighters
// for a ship (as printed, a destroyer or cruiser), infantry for a ground
// force (Ω), or "".
func (t *troop) milorPlaces(u *Profile) string {
	switch {
	case t.places.Milor && u.Ship(), t.places.MilorPrinted && (u.Type == "destroyer" || u.Type == "cruiser"):
		return "fighter"
	case t.places.Milor && u.Ground():
		return "infantry"
	}
	return ""
}

// cancelled is h hits less those cancelled (Tech.Cancel, the first hits
// the side takes, as the exact solver's line has them).
func (t *troop) cancelled(h int) int {
	c := min(h, t.cancel)
	t.cancel -= c
	return h - c
}

// strip settles, before a volley of hits is assigned, whether the foe's
// flagship forbids Sustain Damage against them (78.6a).
func strip(A, D *troop) {
	A.bare, D.bare = D.has(noSustainNearP) > 0, A.has(noSustainNearP) > 0
}

func (t *troop) alive(i int) bool { return !t.dead[i] }

// take absorbs h hits on the units ok accepts (all, if nil), the first
// cancelled while the side may (Tech.Cancel); with destroy, each destroys
// a unit and none is sustained. It returns the hits left with no unit to
// take them.
func (t *troop) take(h int, ok func(*Profile) bool, destroy bool) int {
	return t.absorb(t.cancelled(h), ok, destroy)
}

// absorb is take with no hit cancelled.
func (t *troop) absorb(h int, ok func(*Profile) bool, destroy bool) int {
	destroy = destroy || t.bare // Fourth Moon
	for h > 0 {
		done, sustained := t.step(ok, destroy)
		if !done {
			return h
		}
		h--
		if sustained && t.a.absorb > 1 {
			h -= t.a.absorb - 1 // the one Sustain Damage cancels more
		}
	}
	return 0
}

// step applies the first casualty step that still applies, and says
// whether it was a Sustain Damage.
func (t *troop) step(ok func(*Profile) bool, destroy bool) (done, sustained bool) {
	for _, ev := range t.a.line {
		if ev.cancel {
			continue
		}
		i := ev.unit
		if t.dead[i] || (ok != nil && !ok(&t.a.units[i])) || (!ev.kill && (t.damaged[i] || destroy)) {
			continue
		}
		if ev.kill {
			t.destroy(i)
		} else {
			t.damaged[i], t.fresh[i] = true, true
		}
		return true, !ev.kill
	}
	return false, false
}

func (t *troop) hit(h int)     { t.take(h, nil, false) }
func (t *troop) barrage(h int) { t.absorb(h, isFighterP, true) } // as the line's barrage: none cancelled

// directedHit takes h hits on non-fighter ships while there are any
// ([0.0.1]), the rest as any hit.
func (t *troop) directedHit(h int) { t.hit(t.take(h, isNonFighterP, false)) }

// isNonFighterP: a non-fighter ship, or a ground force in a space
// combat, where it fights as a ship (The Alastor).
func isNonFighterP(p *Profile) bool { return (p.Ship() || p.Ground()) && !p.Fighter() }

func isFighterP(p *Profile) bool     { return p.Fighter() }
func noSustainNearP(p *Profile) bool { return p.NoSustainNear }
func isInfantryP(p *Profile) bool    { return p.Type == "infantry" }

// has counts the living units that f accepts (none for no troop).
func (t *troop) has(f func(*Profile) bool) int {
	if t == nil {
		return 0
	}
	n := 0
	for i := range t.a.units {
		if !t.dead[i] && f(&t.a.units[i]) {
			n++
		}
	}
	return n
}

func (t *troop) wiped() bool { return t.has(func(*Profile) bool { return true }) == 0 }

// groups lists the living units for one kind of roll.
func (t *troop) groups() []Group {
	var out []Group
	for i := range t.a.units {
		if !t.dead[i] {
			p := t.a.units[i]
			p.Spare = false // placed: in what follows, there from the start
			out = append(out, Group{p, 1})
		}
	}
	return out
}

// roll throws the living units' dice of one ability with a modifier and
// an optional reroll of misses.
func (t *troop) roll(f func(*Profile) Roll, mod int, reroll bool, rng *engine.RNG, combat bool) int {
	h, d := t.rollDirected(f, mod, reroll, rng, combat)
	return h + d
}

// barrageRoll is the troop's anti-fighter barrage hits, with the one
// more die for the best unit that Tech.AbilityDie gives.
func (t *troop) barrageRoll(rng *engine.RNG) int {
	h := t.roll(afbRoll, 0, t.a.afbAgain, rng, false)
	if best := t.a.bestBarrage(func(i int) bool { return !t.dead[i] }); best > 0 {
		for range t.a.afbMore {
			if hitDie(rng.Die(), best) || (t.a.afbAgain && hitDie(rng.Die(), best)) {
				h++
			}
		}
	}
	return h
}

// rollDirected is roll, the hits that go on non-fighter ships first
// ([0.0.1]) apart.
func (t *troop) rollDirected(f func(*Profile) Roll, mod int, reroll bool, rng *engine.RNG, combat bool) (hits, directed int) {
	lead, direct := 0, false
	for i := range t.a.units {
		if combat && !t.dead[i] {
			lead += t.a.units[i].Lead
			direct = direct || t.a.units[i].Directed
		}
	}
	raise := combat && t.tg > 0 && t.has(raiseP) > 0 // Wrath of Kenara
	best := -1
	if combat && t.more > 0 {
		best = t.best(f, mod, lead)
	}
	var faces []int
	for i := range t.a.units {
		if t.dead[i] {
			continue
		}
		u := &t.a.units[i]
		m, r := mod, f(u)
		if lead != 0 && u.Ship() {
			m += lead - u.Lead
		}
		if combat && u.DicePerShip {
			r.Dice = t.foe.has(isNonFighterP)
		}
		if i == best {
			r.Dice += t.more
		}
		var h int
		switch {
		case raise:
			h = t.raised(r, m, reroll, rng)
		case !combat || u.Nine == 0:
			h = Hits(rng, r, 1, m, reroll, nil)
		default: // J.N.S. Hylarim: more hits on a 9 or 10 before modifiers
			faces = faces[:0]
			h = Hits(rng, r, 1, m, reroll, &faces)
			for _, v := range faces {
				if v >= 9 {
					h += u.Nine
				}
			}
		}
		if direct && (u.Type == "flagship" || u.Type == "dreadnought") {
			directed += h
		} else {
			hits += h
		}
	}
	return hits, directed
}

// best is the living unit whose die of roll f is likeliest to hit, with
// the side's modifier and its ships' lead, or -1.
func (t *troop) best(f func(*Profile) Roll, mod, lead int) int {
	best, need := -1, 0
	for i := range t.a.units {
		u := &t.a.units[i]
		r := f(u)
		if t.dead[i] || r.Dice == 0 || r.Hit == 0 {
			continue
		}
		n := r.Hit - mod
		if lead != 0 && u.Ship() {
			n -= lead - u.Lead
		}
		if best < 0 || n < need {
			best, need = i, n
		}
	}
	return best
}

// raised rolls one unit's combat dice, a trade good turning each die
// that +1 makes hit into a hit while any are left (Wrath of Kenara).
func (t *troop) raised(r Roll, mod int, reroll bool, rng *engine.RNG) int {
	h := 0
	for range r.Dice {
		f := rng.Die()
		if !hitDie(f, r.Hit-mod) && reroll {
			f = rng.Die()
		}
		switch {
		case hitDie(f, r.Hit-mod):
			h++
		case t.tg > 0 && hitDie(f+1, r.Hit-mod):
			t.tg--
			h++
		}
	}
	return h
}

func raiseP(p *Profile) bool { return p.Raise }

// sacrifice destroys this side's destroyer, else cruiser, for a hit
// (Impulse Core, Devotion), unless it is the side's last unit and every
// opposing unit could sustain the hit; it reports whether it did.
func (t *troop) sacrifice() bool {
	pick := -1
	for _, typ := range []string{"destroyer", "cruiser"} {
		for i := range t.a.units {
			if pick < 0 && !t.dead[i] && t.a.units[i].Type == typ {
				pick = i
			}
		}
	}
	if pick < 0 || t.foe.wiped() {
		return false
	}
	if t.has(func(*Profile) bool { return true }) == 1 && t.foe.allSustain() {
		return false
	}
	t.destroy(pick)
	return true
}

// allSustain reports that every living unit could still sustain damage.
func (t *troop) allSustain() bool {
	for i := range t.a.units {
		if !t.dead[i] && (!t.a.units[i].Sustain || t.damaged[i]) {
			return false
		}
	}
	return true
}

// pickedShipHit is a hit the opponent puts on one of these ships
// (Devotion, Dimensional Splicer): the costliest that cannot sustain it
// is destroyed, else the costliest that can takes the damage.
func (t *troop) pickedShipHit() {
	best, sustains := -1, false
	for i := range t.a.units {
		u := &t.a.units[i]
		if t.dead[i] || !u.Ship() {
			continue
		}
		can := u.Sustain && !t.damaged[i] && !t.bare
		if best < 0 || (sustains && !can) || (sustains == can && u.Cost >= t.a.units[best].Cost) {
			best, sustains = i, can
		}
	}
	switch {
	case best < 0:
	case t.cancelled(1) == 0:
	case sustains:
		t.damaged[best], t.fresh[best] = true, true
	default:
		t.destroy(best)
	}
}

// munitions spends 2 trade goods at the start of a space combat round
// for rerolling the round's missed dice, while they last (Munitions
// Reserves); it reports the reroll.
func (t *troop) munitions(on bool) bool {
	if !on || t.tg < 2 {
		return false
	}
	t.tg -= 2
	return true
}

// roundRepair repairs the units repaired at the start of each round (Arc
// Secundus).
func (t *troop) roundRepair() {
	for i := range t.a.units {
		if !t.dead[i] && t.a.units[i].RoundRepair {
			t.damaged[i] = false
		}
	}
}

// blast, after each volley of hits, destroys every ship on both sides
// once a unit of either that takes them all with it is destroyed (Van
// Hauge), then places the units abilities put in (reinforce).
func blast(A, D *troop) {
	for _, t := range []*troop{A, D} {
		for i := range t.a.units {
			if t.dead[i] && t.a.units[i].DestroysAll && !t.blown {
				t.blown = true
				A.absorb(len(A.a.units)*2, isShip, true) // destroyed, not hit
				D.absorb(len(D.a.units)*2, isShip, true)
			}
		}
	}
	reinforce(A, D)
}

// repair mends the most costly unit damaged before this round (Duranium
// Armor), then starts a new round.
func (t *troop) repair(on bool) {
	if on {
		for i := len(t.a.units) - 1; i >= 0; i-- {
			if !t.dead[i] && t.damaged[i] && !t.fresh[i] {
				t.damaged[i] = false
				break
			}
		}
	}
	clear(t.fresh)
}

// pickedHit is a hit the opponent assigns to these ground forces (Magen
// Defense Grid): an infantry is destroyed, else a mech takes it, sustaining
// the damage if it can.
func (t *troop) pickedHit() {
	if t.has(isInfantryP) > 0 {
		t.take(1, isInfantryP, true)
		return
	}
	t.hit(1)
}

// wipeInfantry destroys every infantry once one is lost (X-89 Bacterial
// Weapon).
func (t *troop) wipeInfantry() {
	lost := false
	for i := range t.a.units {
		lost = lost || (t.dead[i] && isInfantryP(&t.a.units[i]) && (!t.a.units[i].Spare || t.spent[i]))
	}
	if lost {
		t.take(len(t.a.units), isInfantryP, true)
	}
}

func (t *troop) survivors() (string, map[string]int) {
	return describe(t.a.units, t.alive, func(i int) bool { return t.damaged[i] })
}
