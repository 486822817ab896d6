package ge

import (
	"fmt"
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// How damage arrives.
const (
	byWeapons    = iota // a volley (GE-weapons-damage)
	byCard              // card damage: shields first, not weapons fire (GE-weapons)
	byStructural        // straight to the structure (FAQ: Structural Damage)
)

// HQ is the target id of a seat's Sector HQ in a volley: -2 - seat.
func HQ(seat int) int { return -2 - seat }

func hqSeat(target int) int { return -2 - target }

// decideFire checks a weapons volley (GE-4-volley-a): one target not yet
// fired at this phase, engaged firers with unfired weapons.
func decideFire(s *State, a *Action) error {
	if err := mine(s, a, PhaseFire); err != nil {
		return err
	}
	if slices.Contains(s.Volleyed, a.Target) {
		return engine.Refuse("GE-4-volley-e", "that target was fired at this phase")
	}
	if len(a.Firers) == 0 {
		return engine.Refuse("GE-4-volley-a", "a volley needs a firer")
	}
	seen := map[int]bool{}
	heavy := 0
	for _, f := range a.Firers {
		if seen[f.Card] {
			return engine.BadInput("firers", "card %d fires twice", f.Card)
		}
		seen[f.Card] = true
		if err := canFire(s, a.Seat, f); err != nil {
			return err
		}
		heavy += f.Heavy
	}
	return fireTarget(s, a, heavy)
}

// canFire checks one firer's weapons.
func canFire(s *State, seat int, f Firer) error {
	if err := own(s, seat, f.Card); err != nil {
		return err
	}
	c, d := s.Cards[f.Card], s.def(f.Card)
	if !s.isUnit(f.Card) && !d.OneShot {
		return engine.Refuse("GE-4-volley-a", "%s fires as part of its ship", s.name(f.Card))
	}
	if d.OneShot && c.Used {
		return engine.Refuse("GE-4-volley-a", "%s has fired or acted this turn", s.name(f.Card))
	}
	if !c.Engaged || s.stopped(f.Card) || s.jammed(s.unitOf(f.Card)) {
		return engine.Refuse("GE-disengaged", "%s cannot fire now", s.name(f.Card))
	}
	if f.Phasers < 0 || f.Heavy < 0 || f.Phasers+f.Heavy == 0 {
		return engine.BadInput("firers", "%s fires nothing", s.name(f.Card))
	}
	if left := s.firePhasers(f.Card) - c.Shot; f.Phasers > left {
		return engine.Refuse("GE-4-volley-a", "%s has %d unfired phasers", s.name(f.Card), left)
	}
	if f.Heavy > s.armed(f.Card) {
		return engine.Refuse("GE-points-ammunition", "%s has %d armed heavy weapons", s.name(f.Card), s.armed(f.Card))
	}
	return nil
}

// firePhasers is what a firer may fire of phasers: a unit's parts, or a
// shuttle's one-shot phaser while armed.
func (s *State) firePhasers(i int) int {
	d := s.def(i)
	if d.OneShot {
		if s.Cards[i].Armed && s.equipWorks(i) && !s.jammed(s.unitOf(s.hostOf(i))) {
			return d.Phasers
		}
		return 0
	}
	if !s.isUnit(i) {
		return 0
	}
	n := 0
	for _, p := range s.parts(i) {
		n += s.phasers(p)
	}
	return n
}

// armed is a unit's loaded heavy weapons, a variable plasma counting one.
func (s *State) armed(i int) int {
	c := s.Cards[i]
	if c.Plasma > 0 {
		return c.Loaded + 1
	}
	return c.Loaded
}

// fireTarget checks the target: a standard target (GE-4-standard-targets)
// or an unprotected Sector HQ that only ships fire at (GE-weapons-damage).
func fireTarget(s *State, a *Action, heavy int) error {
	if a.Target <= -2 {
		return fireHQ(s, a)
	}
	if !s.inPlay(a.Target) {
		return engine.BadInput("target", "card %d is not in play", a.Target)
	}
	d := s.def(a.Target)
	for _, f := range a.Firers {
		if s.unitOf(f.Card) == s.unitOf(a.Target) {
			return engine.Refuse("GE-4-standard-targets", "%s cannot fire at itself (FAQ: Friendly Fire)", s.name(f.Card))
		}
	}
	switch {
	case d.Kind == "terrain":
		if based(s, a.Target) {
			return engine.Refuse("GE-type-B", "a base shields %s", s.name(a.Target))
		}
		for _, f := range a.Firers {
			if f.Phasers > 0 {
				return engine.Refuse("GE-weapons-nonheavy", "phasers cannot hurt terrain")
			}
		}
	case s.isUnit(a.Target), d.Kind == "monster" && d.Guards == 0:
	default:
		return engine.Refuse("GE-4-standard-targets", "%s is not a target for weapons", s.name(a.Target))
	}
	return tribe(s, a)
}

func based(s *State, terrain int) bool {
	for j := range s.above(terrain) {
		if s.def(j).Kind == "base" {
			return true
		}
	}
	return false
}

func fireHQ(s *State, a *Action) error {
	seat := hqSeat(a.Target)
	switch {
	case seat >= len(s.Players):
		return engine.BadInput("target", "no Sector HQ %d", seat)
	case seat == a.Seat:
		return engine.Refuse("GE-4-standard-targets", "a player does not fire at his own Sector HQ (FAQ: Friendly Fire)")
	case s.Players[seat].Out:
		return engine.Refuse("GE-win", "seat %d is out of the game", seat)
	}
	if g := s.guards(seat); len(g) > 0 {
		return engine.Refuse("GE-weapons-damage", "%s protects that Sector HQ", s.name(g[0]))
	}
	for _, f := range a.Firers {
		if k := s.def(s.firingUnit(f.Card)).Kind; k != "ship" {
			return engine.Refuse("GE-weapons-damage", "only ships, and the equipment on them, fire at a Sector HQ")
		}
	}
	return nil
}

// firingUnit is the unit a firer fires from: its own, or for equipment
// (a shuttle) the one it is on.
func (s *State) firingUnit(i int) int {
	if s.def(i).Kind == "equipment" {
		if h := s.hostOf(i); h >= 0 {
			return s.unitOf(h)
		}
	}
	return s.unitOf(i)
}

// tribe: Indirigan ships fire at bases and other ships only once no
// opposing Indirigan ship is left (GE-indirigan).
func tribe(s *State, a *Action) error {
	t := s.def(a.Target)
	if t.Kind == "terrain" || (t.Kind == "ship" && t.Empire == "Indirigan") {
		return nil
	}
	for _, f := range a.Firers {
		if s.def(s.unitOf(f.Card)).Empire != "Indirigan" {
			continue
		}
		for seat := range s.Players {
			if seat == a.Seat {
				continue
			}
			for _, i := range s.fleet(seat) {
				if s.isUnit(i) && s.def(i).Empire == "Indirigan" && s.def(i).Kind == "ship" {
					return engine.Refuse("GE-indirigan", "%s must first destroy %s", s.name(f.Card), s.name(i))
				}
			}
		}
	}
	return nil
}

func applyFire(s *State, e Event) {
	a := e.Action
	s.Volleyed = append(s.Volleyed, a.Target)
	s.note(a.Seat, fmt.Sprintf("fires at %s", s.targetName(a.Target)))
	if w := s.answerable(a); w != nil {
		s.Pending = w
		return
	}
	s.volley(a, nil)
}

func (s *State) targetName(t int) string {
	if t <= -2 {
		return fmt.Sprintf("seat %d's Sector HQ", hqSeat(t))
	}
	return s.name(t)
}

// volley resolves a declared volley (GE-4-volley-d): each firer's damage,
// with its modifiers, then what the target's side takes off.
func (s *State) volley(a *Action, w *Window) {
	total, nonPhaser := 0, 0
	for _, f := range a.Firers {
		if !s.inPlay(f.Card) {
			continue // destroyed by an answer: its fire is lost (GE-weapons-damage)
		}
		d, n := s.spendFire(f)
		total += d
		nonPhaser += n
	}
	if w != nil && w.Void {
		return // GE-weapons-damage: fire made illegal by a reaction is lost
	}
	if a.Target <= -2 {
		s.hitHQ(a.Seat, hqSeat(a.Target), total)
		return
	}
	if !s.inPlay(a.Target) {
		return
	}
	if s.def(a.Target).Kind == "monster" {
		total = nonPhaser // only non-phaser damage hurts it (Small Phaser Eel)
	}
	if w != nil && w.Cut > 0 {
		total = max(0, total-w.Cut)
	}
	s.hurt(a.Target, total, byWeapons, a.Seat)
}

// spendFire marks a firer's weapons fired and returns its damage, all of
// it and the part that is not phaser fire.
func (s *State) spendFire(f Firer) (int, int) {
	c := s.Cards[f.Card]
	c.Fired = true
	c.Shot += f.Phasers
	if s.def(f.Card).OneShot {
		c.Armed, c.Used = false, true
	}
	u := s.unitOf(f.Card)
	ph := f.Phasers
	if s.soaked(u) {
		ph = 0
	}
	heavy := 0
	for n := f.Heavy; n > 0; n-- {
		if c.Loaded > 0 {
			c.Loaded--
			heavy += s.heavyHit(u)
		} else if c.Plasma > 0 {
			heavy += c.Plasma
			c.Plasma = 0
		}
	}
	dmg := ph + heavy + s.volleyBonus(u)
	s.dropVolleyCards(u)
	if s.multiplied(u) {
		dmg = dmg * 3 / 2 // GE-fractions: dropped
	}
	return dmg, heavy
}

// heavyHit is one heavy weapon's damage: doubled by a card that says so
// on the turn it is played (Fuser Mechanism).
func (s *State) heavyHit(u int) int {
	for j := range s.above(u) {
		if s.def(j).Doubles && s.Cards[j].Played == s.Step && s.equipWorks(j) {
			return 2
		}
	}
	return 1
}

// soaked reports whether a monster on the unit takes its phaser fire.
func (s *State) soaked(u int) bool {
	for j := range s.above(u) {
		if s.def(j).SoaksPhasers {
			return true
		}
	}
	return false
}

func (s *State) multiplied(u int) bool {
	for j := range s.above(u) {
		if s.def(j).Multiply && s.Cards[j].Played == s.Step {
			return true
		}
	}
	return false
}

// dropVolleyCards discards the cards used up by one volley (Offensive
// Electronic Warfare, Fuser Mechanism).
func (s *State) dropVolleyCards(u int) {
	for _, j := range s.onTop(u) { // a copy: the loop changes the stack
		if d := s.def(j); d.Volley > 0 || (d.Doubles && s.Cards[j].Played == s.Step) {
			s.discard(j)
		}
	}
}

// hitHQ damages a Sector HQ; 6 or more from one volley earns the firing
// player a draw (GE-win).
func (s *State) hitHQ(by, seat, n int) {
	p := s.Players[seat]
	p.HQ += n
	s.note(by, fmt.Sprintf("hits seat %d's Sector HQ for %d (%d)", seat, n, p.HQ))
	if n >= celebrateHits {
		s.draw(by, 1)
	}
}

// hurt puts n damage on a card: a guardian takes it for its ship, then
// shields, then a Mechad field, then structure (GE-points-shield, GE-emf).
func (s *State) hurt(t, n int, how, by int) {
	if n <= 0 || !s.inPlay(t) {
		return
	}
	if g := s.guardian(t); g >= 0 && how != byStructural {
		s.Cards[g].Damage += n
		if s.Cards[g].Damage >= s.def(g).Guards {
			s.note(by, s.name(g)+" is destroyed")
			s.discard(g)
		}
		return
	}
	c := s.Cards[t]
	if how == byWeapons && by != c.Owner && s.firstFree(t) {
		n--
	}
	if how != byStructural {
		sh := min(n, s.shields(t))
		c.Shield += sh
		n -= sh
		f := min(n, c.EMF)
		c.EMF -= f
		n -= f
	}
	n = s.cargo(t, n)
	if n <= 0 {
		return
	}
	c.Damage += n
	if how == byCard && s.def(t).Kind == "terrain" {
		c.Carded += n
	}
	if c.Damage >= s.strength(t) {
		s.destroy(t, by)
	}
}

func (s *State) guardian(t int) int {
	for j := range s.above(t) {
		if s.def(j).Guards > 0 {
			return j
		}
	}
	return -1
}

func (s *State) firstFree(t int) bool {
	for _, j := range s.stack(t) {
		if s.def(j).FirstFree && s.works(j) {
			return true
		}
	}
	return false
}

// cargo lets a card on the unit take one point of structural damage and
// go (Cargo).
func (s *State) cargo(t, n int) int {
	if n <= 0 {
		return n
	}
	for _, j := range s.onTop(t) { // a copy: the loop changes the stack
		if s.def(j).Absorbs && s.equipWorks(j) {
			s.discard(j)
			return n - 1
		}
	}
	return n
}

// wrecked is a unit in play whose damage has reached its strength without
// a hit, as when the armor that raised it is gone; -1 for none.
func (s *State) wrecked() int {
	for i, c := range s.Cards {
		if c.Zone == InPlay && c.Damage > 0 && s.isUnit(i) && c.Damage >= s.strength(i) {
			return i
		}
	}
	return -1
}

func applyWreck(s *State, e Event) {
	i := e.Rolls[0]
	s.destroy(i, s.Cards[i].Owner)
}

// destroy discards a destroyed card with its stack, after any card on it
// that saves its crew (Escape Pod) has moved them.
func (s *State) destroy(t, by int) {
	s.note(by, s.name(t)+" is destroyed")
	for _, j := range s.onTop(t) { // a copy: the loop changes the stack
		if s.def(j).Pod && s.equipWorks(j) {
			s.evacuate(t, 3)
			s.discard(j)
			break
		}
	}
	s.discard(t)
}

// evacuate moves up to n crew off a unit to its owner's first other
// location in play.
func (s *State) evacuate(t, n int) {
	to := -1
	for _, i := range s.fleet(s.Cards[t].Owner) {
		if k := s.def(i).Kind; i != t && (k == "ship" || k == "base" || k == "terrain") && !s.under(i, t) {
			to = i
			break
		}
	}
	if to < 0 {
		return
	}
	for _, j := range s.onTop(t) { // a copy: the loop changes the stack
		if n > 0 && s.def(j).Kind == "crew" && !s.Cards[j].Against {
			s.Cards[j].On = to + 1
			n--
		}
	}
}

// volleyDamage is what a declared volley would deal before the target's
// side takes anything off (for an escort's answer); it changes nothing.
func (s *State) volleyDamage(a *Action) int {
	total := 0
	for _, f := range a.Firers {
		c := s.Cards[f.Card]
		u := s.unitOf(f.Card)
		n := f.Phasers
		if s.soaked(u) {
			n = 0
		}
		for k := 0; k < f.Heavy; k++ {
			if k < c.Loaded {
				n += s.heavyHit(u)
			} else {
				n += c.Plasma
			}
		}
		n += s.volleyBonus(u)
		if s.multiplied(u) {
			n = n * 3 / 2
		}
		total += n
	}
	return total
}

// volleyBonus is the damage cards on a unit add to its next volley.
func (s *State) volleyBonus(u int) int {
	n := 0
	for j := range s.above(u) {
		n += s.def(j).Volley
	}
	return n
}
