package combat

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Policy is the order in which a side takes hits (LRR 31.1: the owner
// chooses; the calculator needs one stated rule).
type Policy int

const (
	// SustainFirst cancels every hit it can with Sustain Damage (87) before
	// destroying anything, then destroys the cheapest unit first.
	SustainFirst Policy = iota
	// SustainLast destroys the cheapest unit first and uses a unit's
	// Sustain Damage only when that unit is next to be destroyed.
	SustainLast
	// SustainByType takes the unit types cheapest first, and within a type
	// damages every unit before destroying any of them: the order of the
	// community's calculators with "risk direct hit" off.
	SustainByType
)

// Policies names every policy and says what it does, for help texts.
var Policies = []struct {
	Policy      Policy
	Name, About string
}{
	{SustainFirst, "sustain-first", "every unit that can sustain damage does, before any unit is destroyed; then the cheapest go first"},
	{SustainLast, "sustain-last", "the cheapest unit goes first; a unit sustains damage only when it is next to go"},
	{SustainByType, "sustain-by-type", "types cheapest first; every unit of a type is damaged before any of them is destroyed (the community calculators' order, risk direct hit off)"},
}

func (p Policy) String() string {
	for _, x := range Policies {
		if x.Policy == p {
			return x.Name
		}
	}
	return fmt.Sprintf("policy(%d)", int(p))
}

// MarshalText writes the policy's name (in JSON results).
func (p Policy) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// ParsePolicy reads a policy name.
func ParsePolicy(s string) (Policy, error) {
	if s == "" {
		return SustainFirst, nil
	}
	var names []string
	for _, x := range Policies {
		if x.Name == s {
			return x.Policy, nil
		}
		names = append(names, x.Name)
	}
	return 0, fmt.Errorf("unknown casualty policy %q (%s)", s, strings.Join(names, ", "))
}

type event struct {
	unit int
	kill bool // else: the unit sustains damage
	// cancel: no unit's; the hit is cancelled (Tech.Cancel), unit -1.
	cancel bool
}

// army is one side's combatants in casualty order, and the order in which
// its hits are absorbed. A state of the army is (p, x): the first p events
// have happened, and the x cheapest fighters died to anti-fighter barrage.
type army struct {
	units []Profile // in kill order: cheapest first
	line  []event
	rank  []int // per unit: its place among the fighters, or -1
	nFtr  int
	// Indexes for constant-time questions about a state.
	// absorb is the hits one Sustain Damage cancels: 1, or 2 with
	// Non-Euclidean Shielding.
	absorb    int
	afbMore   int   // more anti-fighter barrage dice, for the best unit (Tech.AbilityDie, AbilityDice)
	afbAgain  bool  // missed anti-fighter barrage dice rerolled (Tech.AbilityReroll)
	killAt    []int // per unit: line position of its destruction
	sustainAt []int // per unit: line position of its Sustain Damage, or len(line)
	ftrKills  []int // per line position p: fighters destroyed by the first p events
}

func newArmy(groups []Group, keep func(*Profile) bool, policy Policy) *army {
	a := &army{}
	for _, g := range groups {
		if !keep(&g.Profile) {
			continue
		}
		for range g.Count {
			a.units = append(a.units, g.Profile)
		}
	}
	slices.SortStableFunc(a.units, func(x, y Profile) int {
		if c := cmp.Compare(x.Cost, y.Cost); c != 0 {
			return c
		}
		if c := cmp.Compare(y.Combat.Hit, x.Combat.Hit); c != 0 { // worse fighter first
			return c
		}
		return strings.Compare(x.ID, y.ID)
	})
	for i := range a.units {
		r := -1
		if a.units[i].Fighter() {
			r = a.nFtr
			a.nFtr++
		}
		a.rank = append(a.rank, r)
	}
	switch policy {
	case SustainFirst:
		for i, u := range a.units {
			if u.Sustain {
				a.line = append(a.line, event{unit: i})
			}
		}
		for i := range a.units {
			a.line = append(a.line, event{unit: i, kill: true})
		}
	case SustainLast:
		for i, u := range a.units {
			if u.Sustain {
				a.line = append(a.line, event{unit: i})
			}
			a.line = append(a.line, event{unit: i, kill: true})
		}
	case SustainByType:
		for start := 0; start < len(a.units); {
			end := start
			for end < len(a.units) && a.units[end].ID == a.units[start].ID {
				end++
			}
			for i := start; i < end; i++ {
				if a.units[i].Sustain {
					a.line = append(a.line, event{unit: i})
				}
			}
			for i := start; i < end; i++ {
				a.line = append(a.line, event{unit: i, kill: true})
			}
			start = end
		}
	}
	a.index()
	return a
}

// cancelling puts n cancelled hits at the head of the line: the side's
// first hits are cancelled (Tech.Cancel). An army of no units takes none.
func (a *army) cancelling(n int) *army {
	if n > 0 && a.hasUnits() {
		head := make([]event, n, n+len(a.line))
		for i := range head {
			head[i] = event{unit: -1, cancel: true}
		}
		a.line = append(head, a.line...)
		a.index()
	}
	return a
}

// hasUnits reports units in the battle from its start (spares aside).
func (a *army) hasUnits() bool {
	return slices.ContainsFunc(a.units, func(p Profile) bool { return !p.Spare })
}

// cancels is how many cancelled hits are left on the line at s.
func (a *army) cancels(s state) int {
	n := 0
	for p := s.p; p < len(a.line) && a.line[p].cancel; p++ {
		n++
	}
	return n
}

// index finds each unit's events on the line.
func (a *army) index() {
	a.killAt = make([]int, len(a.units))
	a.sustainAt = make([]int, len(a.units))
	for i := range a.sustainAt {
		a.sustainAt[i] = len(a.line)
	}
	a.ftrKills = make([]int, len(a.line)+1)
	for p, ev := range a.line {
		a.ftrKills[p+1] = a.ftrKills[p]
		if ev.cancel {
			continue
		}
		if ev.kill {
			a.killAt[ev.unit] = p
			if a.rank[ev.unit] >= 0 {
				a.ftrKills[p+1]++
			}
		} else {
			a.sustainAt[ev.unit] = p
		}
	}
}

type state struct{ p, x int }

// norm skips events of fighters that barrage already destroyed.
func (a *army) norm(s state) state {
	for s.p < len(a.line) {
		ev := a.line[s.p]
		if ev.cancel {
			break
		}
		if r := a.rank[ev.unit]; ev.kill && r >= 0 && r < s.x {
			s.p++
			continue
		}
		break
	}
	// Fighters the line has destroyed count as dead for barrage too.
	s.x = max(s.x, a.ftrKills[s.p])
	return s
}

// hit absorbs h hits.
func (a *army) hit(s state, h int) state {
	for h > 0 && s.p < len(a.line) {
		h--
		if ev := a.line[s.p]; !ev.kill && !ev.cancel && a.absorb > 1 {
			h -= a.absorb - 1 // the one Sustain Damage cancels more
		}
		s.p++
		s = a.norm(s)
	}
	return s
}

// shielded sets the hits each Sustain Damage cancels from the side's
// technologies.
func (a *army) shielded(t Tech) *army {
	a.absorb, a.afbMore, a.afbAgain = 1, btoi(t.AbilityDie)+t.AbilityDice, t.AbilityReroll
	if t.Shielding {
		a.absorb = 2
	}
	return a
}

// barrage destroys up to h more fighters (anti-fighter barrage, 10).
func (a *army) barrage(s state, h int) state {
	s = a.norm(s)
	s.x = min(a.nFtr, s.x+h)
	return a.norm(s)
}

func (a *army) alive(s state, i int) bool {
	if r := a.rank[i]; r >= 0 && r < s.x {
		return false
	}
	return a.killAt[i] >= s.p
}

func (a *army) damaged(s state, i int) bool { return a.sustainAt[i] < s.p }

// lead is what the living units' Lead adds to their side's other ships.
func (a *army) lead(s state) int {
	n := 0
	for i := range a.units {
		if a.units[i].Lead != 0 && a.alive(s, i) {
			n += a.units[i].Lead
		}
	}
	return n
}

// dead reports that every unit is destroyed: the line is spent, or all
// that is left of it are fighters barrage destroyed.
func (a *army) dead(s state) bool {
	s = a.norm(s)
	if s.p >= len(a.line) || !a.line[s.p].cancel {
		return s.p >= len(a.line)
	}
	for i := range a.units { // cancels left, and barrage may have taken the rest
		if a.alive(s, i) {
			return false
		}
	}
	return true
}

// dice lists the success chance of every die the living units roll with
// ability f, after a modifier and an optional reroll of misses (56, 74).
func (a *army) dice(s state, f func(*Profile) Roll, mod int, reroll bool, combat bool) []float64 {
	var ps []float64
	lead := 0
	if combat {
		lead = a.lead(s)
	}
	for i := range a.units {
		if !a.alive(s, i) {
			continue
		}
		r := f(&a.units[i])
		if r.Dice == 0 || r.Hit == 0 {
			continue
		}
		m := mod
		if lead != 0 && a.units[i].Ship() {
			m += lead - a.units[i].Lead // the other ships' bonus, not its own
		}
		p := chance(r.Hit - m)
		if reroll {
			p = 1 - (1-p)*(1-p)
		}
		for range r.Dice {
			ps = append(ps, p)
		}
	}
	return ps
}

// combatDice is dice for a combat round, with more dice for the best
// unit: each as good as the best die of the rest.
func (a *army) combatDice(s state, mod int, reroll bool, more int) []float64 {
	ps := a.dice(s, combatRoll, mod, reroll, true)
	if more > 0 && len(ps) > 0 {
		best := slices.Max(ps)
		for range more {
			ps = append(ps, best)
		}
	}
	return ps
}

// chance is the probability that a ten-sided die shows at least v.
func chance(v int) float64 {
	switch {
	case v <= 1:
		return 1
	case v > 10:
		return 0
	}
	return float64(11-v) / 10
}

// hitDist is the distribution of the number of hits from independent dice.
func hitDist(ps []float64) []float64 {
	d := make([]float64, len(ps)+1)
	d[0] = 1
	for n, p := range ps {
		for k := n + 1; k >= 1; k-- {
			d[k] = d[k]*(1-p) + d[k-1]*p
		}
		d[0] *= 1 - p
	}
	return d
}

// survivors describes the living units of a state: "2 dreadnought_2 (1
// damaged), 3 fighter".
func (a *army) survivors(s state) (string, map[string]int) {
	return describe(a.units, func(i int) bool { return a.alive(s, i) }, func(i int) bool { return a.damaged(s, i) })
}

// describe names the living units among units, and counts them by id.
func describe(units []Profile, alive, damaged func(int) bool) (string, map[string]int) {
	counts := map[string]int{}
	hurt := map[string]int{}
	var order []string
	for i := range units {
		if !alive(i) {
			continue
		}
		id := units[i].ID
		if counts[id] == 0 {
			order = append(order, id)
		}
		counts[id]++
		if damaged(i) {
			hurt[id]++
		}
	}
	slices.Sort(order)
	var parts []string
	for _, id := range order {
		p := fmt.Sprintf("%d %s", counts[id], id)
		if hurt[id] > 0 {
			p += fmt.Sprintf(" (%d damaged)", hurt[id])
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return "nothing", counts
	}
	return strings.Join(parts, ", "), counts
}

// barrageDice is each anti-fighter barrage die's chance to hit in state s,
// with the one more die for the best unit that Tech.AbilityDie gives.
func (a *army) barrageDice(s state) []float64 {
	ps := a.dice(s, afbRoll, 0, a.afbAgain, false)
	if best := a.bestBarrage(func(i int) bool { return a.alive(s, i) }); a.afbMore > 0 && best > 0 {
		p := chance(best)
		if a.afbAgain {
			p = 1 - (1-p)*(1-p)
		}
		for range a.afbMore {
			ps = append(ps, p)
		}
	}
	return ps
}

// bestBarrage is the best anti-fighter barrage value among the units
// live accepts, or 0.
func (a *army) bestBarrage(live func(int) bool) int {
	best := 0
	for i := range a.units {
		if r := a.units[i].AFB; live(i) && r.Dice > 0 && r.Hit > 0 && (best == 0 || r.Hit < best) {
			best = r.Hit
		}
	}
	return best
}

func combatRoll(p *Profile) Roll  { return p.Combat }
func afbRoll(p *Profile) Roll     { return p.AFB }
func cannonRoll(p *Profile) Roll  { return p.Cannon }
func bombardRoll(p *Profile) Roll { return p.Bombard }
