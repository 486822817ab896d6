package combat

import (
	"fmt"
	"slices"
	"sort"
)

// Side is one side of a battle: its units in the system (ships, and the
// ground forces they carry), the units on the planet (for the defender of
// an invasion: ground forces and structures), and how it rolls.
type Side struct {
	Units  []Group
	Planet []Group
	Mod    int    // added to each combat roll (56)
	Reroll bool   // reroll each missed combat die once (74)
	Policy Policy // casualty order
	Tech   Tech   // what the side's technologies change
	// RoundMod and RoundReroll apply in one round of each combat only
	// (Morale Boost, Fighter Prototype in the first): Round, or the first
	// when Round is 0.
	RoundMod    int
	RoundReroll bool
	Round       int
	// TradeGoods are spent, one a die, on the dice a +1 makes hit while a
	// unit of this side's that allows it lives (Wrath of Kenara).
	TradeGoods int
	onceAt     int // the roll Tech.AbilityDieOnce goes to (atOffense...), 0 for none
}

// The unit ability rolls before combat rounds, in the order a battle
// makes them.
const (
	atOffense = 1 + iota // space cannon offense (77)
	atBarrage            // anti-fighter barrage (10)
	atBombard            // bombardment (15)
	atDefense            // space cannon defense (77)
)

// at is the side's technologies for the roll at, with the one more die
// Tech.AbilityDieOnce gives there.
func (sd *Side) at(roll int) Tech {
	t := sd.Tech
	if sd.onceAt == roll {
		t.AbilityDice++
	}
	return t
}

// offense is the units that fire the side's space cannon offense: its
// ships, the planet's units for the defender, the planet itself.
func (b *Battle) offense(attacker bool) []Group {
	if attacker {
		return all(b.Attacker.Units, b.Attacker.planetCannon())
	}
	return all(b.Defender.Units, b.Defender.Planet, b.Defender.planetCannon())
}

// defense is the units that fire the defender's space cannon defense at
// the invaders: those on the planet, and the planet itself.
func (b *Battle) defense() []Group {
	return all(b.Defender.Planet, b.Defender.planetCannon())
}

// firstRoll is the first unit ability roll the side makes in the battle,
// as far as the units it starts with tell, or 0.
func (b *Battle) firstRoll(attacker bool) int {
	sd, foe := &b.Attacker, &b.Defender
	if !attacker {
		sd, foe = foe, sd
	}
	has := func(gs []Group, k Kind) bool { return len(Dice(gs, k, 0, Tech{}, Tech{})) > 0 }
	switch {
	case b.Space && !b.NoCannon && has(b.offense(attacker), KindCannon):
		return atOffense
	case b.Space && !b.NoBarrage && has(sd.Units, KindBarrage) && hasAny(foe.Units, isFighterP):
		return atBarrage
	case attacker && b.Invade && !b.NoBombard && has(sd.Units, KindBombard) && !shielded(foe.Planet, sd.Units, sd.Tech):
		return atBombard
	case !attacker && b.Invade && !b.NoCannon && !foe.Tech.L4 && has(b.defense(), KindCannon):
		return atDefense
	}
	return 0
}

// roundEffect is the side's modifier, reroll and dice more for its best
// unit in combat round r (from 1) of a space or a ground combat.
func (sd *Side) roundEffect(r int, ground bool) (mod int, reroll bool, more int) {
	mod, reroll = sd.Mod, sd.Reroll
	if r == max(sd.Round, 1) {
		mod, reroll = mod+sd.RoundMod, reroll || sd.RoundReroll
	}
	if r == 1 && ground {
		more = btoi(sd.Tech.GroundRoundDie)
	} else if r == 1 {
		more, reroll = btoi(sd.Tech.SpaceRoundDie), reroll || sd.Tech.SpaceRoundReroll
	}
	return mod, reroll, more
}

// special is the last round with an effect of its own, 0 for none.
func (sd *Side) special(ground bool) int {
	last := 0
	if sd.RoundMod != 0 || sd.RoundReroll {
		last = max(sd.Round, 1)
	}
	if (ground && sd.Tech.GroundRoundDie) || (!ground && (sd.Tech.SpaceRoundDie || sd.Tech.SpaceRoundReroll)) {
		last = max(last, 1)
	}
	return last
}

// planetCannon is the side's planet's own space cannon as a group
// (Tech.PlanetCannon), or none.
func (sd *Side) planetCannon() []Group {
	if sd.Tech.PlanetCannon.Dice == 0 {
		return nil
	}
	return []Group{{Profile: Profile{ID: "planet", Type: "planet", Name: "the planet's space cannon", Cannon: sd.Tech.PlanetCannon}, Count: 1}}
}

// lend gives one non-fighter ship the rolls Tech.LentCombat and LentAFB,
// and Sustain Damage: the ship with the worst combat roll, the cheapest of
// those.
func lend(gs []Group, t Tech) []Group {
	pick := -1
	for i, g := range gs {
		p, q := &g.Profile, &gs[max(pick, 0)].Profile
		if g.Count == 0 || !p.Ship() || p.Fighter() || t.LentCombat.Dice == 0 {
			continue
		}
		if pick < 0 || p.Combat.Hit > q.Combat.Hit || (p.Combat.Hit == q.Combat.Hit && p.Cost < q.Cost) {
			pick = i
		}
	}
	if pick < 0 {
		return gs
	}
	out := slices.Clone(gs)
	out[pick].Count--
	p := gs[pick].Profile
	p.Combat, p.AFB, p.Sustain = t.LentCombat, t.LentAFB, true
	return append(out, Group{Profile: p, Count: 1})
}

// settled is the battle with each side's Tech.Mod in its Mod, a ship
// lent the rolls of another's in the space combat (Tech.LentCombat), and
// the roll its Tech.AbilityDieOnce goes to.
func (b Battle) settled() Battle {
	b.Attacker.Mod += b.Attacker.Tech.Mod
	b.Defender.Mod += b.Defender.Tech.Mod
	if b.Space {
		b.Attacker.Units = lend(b.Attacker.Units, b.Attacker.Tech)
		b.Defender.Units = lend(b.Defender.Units, b.Defender.Tech)
	}
	for _, x := range []struct {
		sd       *Side
		attacker bool
	}{{&b.Attacker, true}, {&b.Defender, false}} {
		if x.sd.Tech.AbilityDieOnce {
			x.sd.onceAt = b.firstRoll(x.attacker)
		}
	}
	return b
}

// ground is the battle with the modifiers of ground combat alone in each
// side's Mod (Tech.GroundMod, the opponent's Tech.FoeGroundMod).
func (b Battle) ground() Battle {
	a, d := b.Attacker.Tech, b.Defender.Tech
	b.Attacker.Mod += a.GroundMod + d.FoeGroundMod
	b.Defender.Mod += d.GroundMod + a.FoeGroundMod
	return b
}

// Battle is what to compute: a space combat, an invasion of one planet, or
// both in sequence, with the steps before each.
type Battle struct {
	Attacker, Defender Side
	Space              bool // resolve a space combat (space cannon offense, anti-fighter barrage, rounds)
	Invade             bool // then invade the planet (bombardment, space cannon defense, ground combat)
	NoCannon           bool // skip space cannon offense and defense (77)
	NoBarrage          bool // skip anti-fighter barrage (10)
	NoBombard          bool // skip bombardment (15)
	// Nebula: the space combat is in a nebula, so the defender adds 1 to
	// its combat rolls there (59.3); the ground combat that follows is not
	// in space and takes no such bonus.
	Nebula bool
}

// spaceMod is the defender's modifier in the space combat.
func (b *Battle) spaceMod() int {
	if b.Nebula {
		return b.Defender.Mod + 1
	}
	return b.Defender.Mod
}

// check refuses a battle the rules would not hold: a space combat needs
// ships on both sides (78.1), an invasion ground forces (49).
func (b *Battle) check() error {
	if b.Space {
		if !hasAny(b.Attacker.Units, isShip) {
			return fmt.Errorf("the attacker has no ships: a space combat needs ships on both sides (LRR 78.1); for an invasion alone, choose ground")
		}
		if !hasAny(b.Defender.Units, isShip) && !b.Invade {
			return fmt.Errorf("the defender has no ships in space: there is no space combat (LRR 78.1); give the defender ships, or invade")
		}
	}
	if b.Invade && !hasAny(b.Attacker.Units, isGround) {
		return fmt.Errorf("the attacker has no ground forces to invade with (LRR 49)")
	}
	for _, tg := range []int{b.Attacker.TradeGoods, b.Defender.TradeGoods} {
		if tg < 0 || tg > MaxTradeGoods {
			return fmt.Errorf("trade goods to spend: 0 to %d, not %d", MaxTradeGoods, tg)
		}
	}
	return nil
}

// MaxTradeGoods bounds the trade goods a side spends in the odds: more
// than a battle's dice could use.
const MaxTradeGoods = 1000

func hasAny(gs []Group, f func(*Profile) bool) bool {
	for i := range gs {
		if gs[i].Count > 0 && f(&gs[i].Profile) {
			return true
		}
	}
	return false
}

// Outcome is one way a battle ends and its chance.
type Outcome struct {
	Units string  `json:"units"`
	P     float64 `json:"p"`
}

// Stage is the result of one combat: who wins, what survives.
type Stage struct {
	Name              string             `json:"name"`
	AttackerWins      float64            `json:"attacker_wins"`
	DefenderWins      float64            `json:"defender_wins"`
	BothDestroyed     float64            `json:"both_destroyed"`
	Stalemate         float64            `json:"stalemate,omitempty"`
	AttackerSurvivors []Outcome          `json:"attacker_survivors"`
	DefenderSurvivors []Outcome          `json:"defender_survivors"`
	AttackerExpected  map[string]float64 `json:"attacker_expected"`
	DefenderExpected  map[string]float64 `json:"defender_expected"`
	States            int                `json:"states"`
}

// Result is a whole battle: one stage, or the space combat then the invasion.
type Result struct {
	Stages []Stage `json:"stages"`
	// The outcome that decides the battle: the space combat's, or the
	// invasion's when there is one (the attacker wins by taking the planet).
	AttackerWins  float64 `json:"attacker_wins"`
	DefenderWins  float64 `json:"defender_wins"`
	BothDestroyed float64 `json:"both_destroyed"`
	// Battles is how many battles were simulated; 0 for an exact result.
	Battles int `json:"battles,omitempty"`
}

func (st *Stage) add(aSurv string, aCounts map[string]int, dSurv string, dCounts map[string]int, p float64, aDead, dDead bool) {
	switch {
	case aDead && dDead:
		st.BothDestroyed += p
	case dDead:
		st.AttackerWins += p
	case aDead:
		st.DefenderWins += p
	default:
		st.Stalemate += p
	}
	if st.AttackerExpected == nil {
		st.AttackerExpected, st.DefenderExpected = map[string]float64{}, map[string]float64{}
	}
	for id, n := range aCounts {
		st.AttackerExpected[id] += p * float64(n)
	}
	for id, n := range dCounts {
		st.DefenderExpected[id] += p * float64(n)
	}
	st.AttackerSurvivors = addOutcome(st.AttackerSurvivors, aSurv, p)
	st.DefenderSurvivors = addOutcome(st.DefenderSurvivors, dSurv, p)
}

func addOutcome(os []Outcome, units string, p float64) []Outcome {
	for i := range os {
		if os[i].Units == units {
			os[i].P += p
			return os
		}
	}
	return append(os, Outcome{units, p})
}

func (st *Stage) finish() {
	for _, os := range [][]Outcome{st.AttackerSurvivors, st.DefenderSurvivors} {
		sort.SliceStable(os, func(i, j int) bool { return os[i].P > os[j].P })
	}
}

func isShip(p *Profile) bool   { return p.Ship() }
func isGround(p *Profile) bool { return p.Ground() }

func all(gs ...[]Group) []Group {
	var out []Group
	for _, g := range gs {
		out = append(out, g...)
	}
	return out
}
