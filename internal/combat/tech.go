package combat

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// Tech is what one side's technologies change in a battle. The ti4
// package builds it from the abilities' definitions, for play and for the
// odds calculator alike (ti4.CombatTech), so both roll the same way.
type Tech struct {
	// Plasma: one unit rolls one more die for space cannon, and one for
	// bombardment (Plasma Scoring). The owner picks the unit; the best
	// value is always the better pick.
	Plasma bool
	// Antimass: other players' space cannon against this side's units
	// rolls at -1 (Antimass Deflectors).
	Antimass bool
	// Graviton: this side's space cannon hits fall on non-fighter ships
	// while the opponent has any (Graviton Laser System).
	Graviton bool
	// Duranium: each combat round, after hits are assigned, one unit
	// damaged before that round is repaired (Duranium Armor).
	Duranium bool
	// Assault: at the start of a space combat in which this side has 3 or
	// more non-fighter ships, the opponent destroys one of its non-fighter
	// ships (Assault Cannon).
	Assault bool
	// Magen: at the start of a ground combat on a planet with this side's
	// structure, one hit on the opponent's ground forces (Magen Defense
	// Grid Ω).
	Magen bool
	// Ambush: at the start of a space combat, up to 2 of this side's
	// cruisers and destroyers roll a die each, hitting on their combat
	// value (the Mentak's Ambush).
	Ambush bool
	// X89: after this side's bombardment destroys an infantry, every
	// infantry of the opponent on that planet is destroyed (X-89 Bacterial
	// Weapon Ω).
	X89 bool
	// X89Double: the hits of this side's bombardment and ground combat
	// rolls count twice (X-89 Bacterial Weapon ΩΩ, Codex IV).
	X89Double bool
	// Shielding: each Sustain Damage of this side's units cancels 2 hits
	// rather than 1 (Non-Euclidean Shielding).
	Shielding bool
	// L4: during this side's invasions no space cannon fires at its units
	// (L4 Disruptors): no space cannon defense (77.8).
	L4 bool
	// Valkyrie: in a ground combat round in which the opponent hits, this
	// side produces one more hit (Valkyrie Particle Weave).
	Valkyrie bool
	// Harrow: at the end of each ground combat round of this side's
	// invasion, its ships bombard the opponent's ground forces there (the
	// L1Z1X's Harrow), within the rules of bombardment.
	Harrow bool
	// Impulse: at the start of a space combat this side destroys one of its
	// destroyers (else cruisers) for a hit the opponent puts on a
	// non-fighter ship (Impulse Core); Devotion: the same after each round
	// the combat outlasts, the hit put by this side (the Yin's Devotion);
	// Splicer: at the start of a space combat, a hit this side puts on an
	// opponent's ship (Dimensional Splicer; the odds know no wormholes, so
	// naming it says there is one). The odds use the first two unless the
	// ship is this side's last and every opposing unit could sustain the
	// hit.
	Impulse, Devotion, Splicer bool
	// Munitions: at the start of each space combat round, 2 of this side's
	// trade goods (Side.TradeGoods) for rerolling its missed dice that
	// round, while they last (the Letnev's Munitions Reserves).
	Munitions bool
	// AbilityDie: one unit rolls one more die for each unit ability roll:
	// anti-fighter barrage, space cannon and bombardment (the Argent's
	// Trrakan Aun Zulok); the best value is the better pick, as for Plasma.
	AbilityDie bool
	// AbilityDice: more such dice, one each, for the best unit (the
	// Argent's Strike Wing Ambuscade, for one roll; play only).
	AbilityDice int
	// AbilityReroll: this side rerolls the missed dice of its unit
	// ability rolls, once (the Jol-Nar's Ta Zern); rerolling a miss never
	// costs a hit, so all of them are.
	AbilityReroll bool
	// Mod is added to this side's combat rolls in every combat (the
	// Winnu's Rickar Rickani, in the odds: a combat where it applies);
	// GroundMod to its ground combat rolls alone (Tekklar Legion held);
	// FoeGroundMod to the opponent's ground combat rolls (Tekklar Legion
	// held against its owner, the N'orr).
	Mod, GroundMod, FoeGroundMod int
	// SpaceRoundDie, GroundRoundDie: in the first round of a space, a
	// ground combat, this side's best unit rolls one more combat die (the
	// Letnev's Viscount Unlenn, Sol's Evelyn Delouis, used then in the
	// odds).
	SpaceRoundDie, GroundRoundDie bool
	// SpaceRoundReroll: in the first round of a space combat this side
	// rerolls its missed combat dice (War Funding, in the odds; the
	// opponent's dice it may also throw again are left as they fell).
	SpaceRoundReroll bool
	// BombardShields: this side's bombardment ignores planetary shields
	// (the L1Z1X's 2RAM).
	BombardShields bool
	// AbilityDieOnce: one more die for the best unit in one unit ability
	// roll of the battle, the side's first (Strike Wing Ambuscade, played
	// at its first chance in the odds).
	AbilityDieOnce bool
	// LentCombat, LentAFB: one of this side's non-fighter ships fights its
	// space combat with these rolls, and Sustain Damage (The Cavalry: the
	// Nomad's flagship's values); the odds lend them to the ship with the
	// worst combat roll, the cheapest of those.
	LentCombat, LentAFB Roll
	// Milor: after the first of this side's units destroyed in the
	// battle, 2 fighters placed for a ship, 2 infantry for a ground force
	// on the planet (the Yin's Brother Milor Ω); MilorPrinted: after the
	// first destroyer or cruiser, 2 fighters (as printed). Ipswitch: for
	// each of the opponent's ships destroyed in the space combat, after its
	// space cannon offense, this side places a ship of that type, which
	// fights on, as play does from rules version 12 (the Mentak's Ipswitch,
	// Loose Cannon). Simulate plays them.
	Milor, MilorPrinted, Ipswitch bool
	// StartInfantry: at the start of a ground combat on the planet this
	// side defends, it places this many infantry (Sol's Claire Gibson);
	// Simulate plays it.
	StartInfantry int
	// Cancel: the first hits this side takes in the battle are cancelled,
	// this many, anti-fighter barrage's aside (the Titans' Tellurian, used
	// at its first chance in the odds).
	Cancel int
	// PlanetCannon: this side's planet in the system has space cannon
	// as a unit's (Ul the Progenitor's Elysium): it fires in space cannon
	// offense, and in defense when the side defends the planet.
	PlanetCannon Roll
}

// Or is the effects of both.
func (t Tech) Or(u Tech) Tech {
	return Tech{Plasma: t.Plasma || u.Plasma, Antimass: t.Antimass || u.Antimass, Graviton: t.Graviton || u.Graviton,
		Duranium: t.Duranium || u.Duranium, Assault: t.Assault || u.Assault, Magen: t.Magen || u.Magen, X89: t.X89 || u.X89, X89Double: t.X89Double || u.X89Double,
		Ambush: t.Ambush || u.Ambush, Shielding: t.Shielding || u.Shielding, L4: t.L4 || u.L4, Valkyrie: t.Valkyrie || u.Valkyrie,
		Harrow: t.Harrow || u.Harrow, Impulse: t.Impulse || u.Impulse, Devotion: t.Devotion || u.Devotion, Splicer: t.Splicer || u.Splicer,
		Munitions: t.Munitions || u.Munitions, AbilityDie: t.AbilityDie || u.AbilityDie,
		AbilityReroll: t.AbilityReroll || u.AbilityReroll, AbilityDice: t.AbilityDice + u.AbilityDice,
		Mod: t.Mod + u.Mod, GroundMod: t.GroundMod + u.GroundMod, FoeGroundMod: t.FoeGroundMod + u.FoeGroundMod,
		SpaceRoundDie: t.SpaceRoundDie || u.SpaceRoundDie, GroundRoundDie: t.GroundRoundDie || u.GroundRoundDie,
		SpaceRoundReroll: t.SpaceRoundReroll || u.SpaceRoundReroll, BombardShields: t.BombardShields || u.BombardShields,
		LentCombat: better(t.LentCombat, u.LentCombat), LentAFB: better(t.LentAFB, u.LentAFB),
		StartInfantry: t.StartInfantry + u.StartInfantry, Milor: t.Milor || u.Milor, MilorPrinted: t.MilorPrinted || u.MilorPrinted, Ipswitch: t.Ipswitch || u.Ipswitch,
		Cancel: t.Cancel + u.Cancel, AbilityDieOnce: t.AbilityDieOnce || u.AbilityDieOnce, PlanetCannon: better(t.PlanetCannon, u.PlanetCannon)}
}

// better is the roll with more dice, the first on a tie.
func better(r, s Roll) Roll {
	if s.Dice > r.Dice {
		return s
	}
	return r
}

// Kind is which unit ability a roll is for.
type Kind int

// The roll kinds.
const (
	KindCombat Kind = iota
	KindBarrage
	KindCannon
	KindBombard
)

func (k Kind) of(p *Profile) Roll {
	switch k {
	case KindBarrage:
		return p.AFB
	case KindCannon:
		return p.Cannon
	case KindBombard:
		return p.Bombard
	}
	return p.Combat
}

// Dice lists the value each die needs, for every die that groups of
// units roll with one ability, in the order of the groups: the one path
// by which both the engine and the calculators roll. own is the rolling
// side's technologies, against the target's; mod is added to each roll.
// Space cannon and bombardment take no combat modifiers (77, 15): mod is
// for the effects that name them.
func Dice(gs []Group, k Kind, mod int, own, against Tech) []int {
	var need []int
	best := 0
	for _, g := range gs {
		r := k.of(&g.Profile)
		if r.Dice == 0 || r.Hit == 0 || g.Count == 0 {
			continue
		}
		for range g.Count * r.Dice {
			need = append(need, r.Hit-mod)
		}
		if best == 0 || r.Hit < best {
			best = r.Hit
		}
	}
	if own.Plasma && best > 0 && (k == KindCannon || k == KindBombard) {
		need = append(need, best-mod) // 1 more die, for the best unit
	}
	if own.AbilityDie && best > 0 && k != KindCombat {
		need = append(need, best-mod)
	}
	for i := 0; i < own.AbilityDice && best > 0 && k != KindCombat; i++ {
		need = append(need, best-mod)
	}
	if against.Antimass && k == KindCannon {
		for i := range need {
			need[i]++
		}
	}
	return need
}

// AmbushDice are the values the dice of an ambush need: up to 2 of the
// cruisers and destroyers among groups, the best first, each on its
// combat value.
func AmbushDice(gs []Group) []int {
	var need []int
	for _, g := range gs {
		if g.Profile.Type == "cruiser" || g.Profile.Type == "destroyer" {
			for range g.Count {
				need = append(need, g.Profile.Combat.Hit)
			}
		}
	}
	slices.Sort(need)
	return need[:min(2, len(need))]
}

// Throw rolls one die for each value and counts hits (18.1); faces, if
// not nil, receives every die thrown.
func Throw(rng *engine.RNG, need []int, faces *[]int) int {
	hits := 0
	for _, v := range need {
		f := rng.Die()
		if faces != nil {
			*faces = append(*faces, f)
		}
		if hitDie(f, v) {
			hits++
		}
	}
	return hits
}

// AbilityThrow is Throw for a unit ability's dice (need, from Dice), each
// miss rolled once more when own rerolls them (Tech.AbilityReroll).
func AbilityThrow(rng *engine.RNG, need []int, own Tech, faces *[]int) int {
	if !own.AbilityReroll {
		return Throw(rng, need, faces)
	}
	hits := 0
	for _, v := range need {
		f := rng.Die()
		if faces != nil {
			*faces = append(*faces, f)
		}
		if !hitDie(f, v) {
			if f = rng.Die(); faces != nil {
				*faces = append(*faces, f)
			}
		}
		hits += btoi(hitDie(f, v))
	}
	return hits
}

// abilityChances is chances for a unit ability's dice, rerolled misses
// counted when own rerolls them.
func abilityChances(need []int, own Tech) []float64 {
	ps := chances(need)
	if own.AbilityReroll {
		for i, p := range ps {
			ps[i] = 1 - (1-p)*(1-p)
		}
	}
	return ps
}

// chances is each die's chance to hit.
func chances(need []int) []float64 {
	ps := make([]float64, len(need))
	for i, v := range need {
		ps[i] = chance(v)
	}
	return ps
}
