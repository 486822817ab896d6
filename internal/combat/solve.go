package combat

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// MaxStates bounds the joint states of one combat the exact solver will
// take on (attacker positions times defender positions). Within the unit
// limits (23.4, and MaxTokenUnits) no battle comes near it; it is a guard
// against the solver's work, which grows with the square of the units.
const MaxStates = 2_000_000

// stateBound is MaxStates, lowered by tests.
var stateBound = MaxStates

// ErrTooLarge is returned for a battle beyond MaxStates.
var ErrTooLarge = errors.New("the battle is too large to solve exactly")

// ErrInexact is returned for a battle with an effect the exact solver
// does not model: Simulate plays it on the same rules.
var ErrInexact = errors.New("the exact solver does not model")

// inexact names the effects of a battle the exact solver cannot hold: a
// casualty line position has no room for a repaired unit, or for hits
// aimed past the owner's order.
func (b *Battle) inexact() []string {
	var out []string
	for _, sd := range []Side{b.Attacker, b.Defender} {
		t := sd.Tech
		if t.Duranium {
			out = append(out, "Duranium Armor")
		}
		if t.Graviton && b.Space && !b.NoCannon {
			out = append(out, "Graviton Laser System")
		}
		if t.Assault && b.Space {
			out = append(out, "Assault Cannon")
		}
		if t.Magen && b.Invade {
			out = append(out, "Magen Defense Grid")
		}
		if t.Harrow && b.Invade && !b.NoBombard {
			out = append(out, "Harrow")
		}
		if t.Milor || t.MilorPrinted { // units placed mid-battle: no place on the line
			out = append(out, "Brother Milor")
		}
		if t.StartInfantry > 0 && b.Invade && sd.Planet != nil {
			out = append(out, "Claire Gibson")
		}
		for _, x := range []struct {
			on   bool
			name string
		}{{t.Impulse, "Impulse Core"}, {t.Devotion, "Devotion"}, {t.Splicer, "Dimensional Splicer"}, {sd.TradeGoods > 0 && hasAny(sd.Units, raiseP), "Wrath of Kenara's trade goods"},
			{t.Munitions && sd.TradeGoods >= 2, "Munitions Reserves"}, {t.Ipswitch, "Ipswitch"}} {
			if x.on && b.Space {
				out = append(out, x.name)
			}
		}
	}
	for _, sd := range []Side{b.Attacker, b.Defender} {
		ground, fighters := hasAny(sd.Units, isGround), hasAny(sd.Units, isFighterP)
		for _, g := range sd.Units {
			p := &g.Profile
			if g.Count > 0 && ((b.Space && (p.special() || (p.GroundAsShips && ground))) || (b.Invade && p.FightersLand && fighters)) {
				out = append(out, p.Name+"'s ability")
			}
		}
	}
	if b.Attacker.Tech.Ambush && b.Defender.Tech.Ambush && b.Space {
		out = append(out, "an ambush on both sides")
	}
	return out
}

// Solve computes a battle exactly.
func Solve(b Battle) (Result, error) { return SolveContext(context.Background(), b) }

// SolveContext is Solve that stops with ctx's error once ctx is done (a
// client that left), and with ErrTooLarge past MaxStates.
func SolveContext(ctx context.Context, b Battle) (Result, error) {
	if !b.Space && !b.Invade {
		return Result{}, fmt.Errorf("nothing to compute: choose a space combat, an invasion, or both")
	}
	if err := b.check(); err != nil {
		return Result{}, err
	}
	if x := b.inexact(); len(x) > 0 {
		return Result{}, fmt.Errorf("%w %s (Simulate plays it)", ErrInexact, strings.Join(x, ", "))
	}
	var res Result
	b = b.settled()
	atk, def := b.Attacker, b.Defender
	if !b.Space {
		g := solveGround(ctx, b, atk.Units, groundOf(atk.Units), atk.Tech.Cancel, def.Tech.Cancel)
		if g.err != nil {
			return Result{}, g.err
		}
		g.Name = "invasion"
		g.finish()
		res.Stages = append(res.Stages, g.Stage)
		res.AttackerWins, res.DefenderWins, res.BothDestroyed = g.AttackerWins, g.DefenderWins, g.BothDestroyed
		return res, nil
	}

	A := newSpace(newArmy(atk.Units, isShip, atk.Policy).shielded(atk.at(atBarrage)).cancelling(atk.Tech.Cancel))
	D := newSpace(newArmy(def.Units, isShip, def.Policy).shielded(def.at(atBarrage)).cancelling(def.Tech.Cancel))
	// Space cannon offense (77): each side's cannon against the other's
	// ships; then the start of combat (an ambush, by the ships the cannon
	// left).
	start := openingHits(b, A, D)
	// Anti-fighter barrage (10), by the units that survived the cannon.
	init := map[[2]int]float64{}
	for k, p := range start {
		ia, id := k[0], k[1]
		pa, pd := p, 1.0
		{
			var afbA, afbD []float64 = []float64{1}, []float64{1}
			if !b.NoBarrage {
				afbA = hitDist(A.a.barrageDice(A.st[ia]))
				afbD = hitDist(D.a.barrageDice(D.st[id]))
			}
			for ha, x := range afbA {
				for hd, y := range afbD {
					k := [2]int{A.intern(A.a.barrage(A.st[ia], hd)), D.intern(D.a.barrage(D.st[id], ha))}
					init[k] += pa * pd * x * y
				}
			}
		}
	}
	sr := &stageRun{Stage: Stage{Name: "space combat"}, modA: atk.Mod, modD: b.spaceMod(), rerollA: atk.Reroll, rerollD: def.Reroll, ctx: ctx}
	// won: the attacker states that win the space combat, with the hits
	// the defender may still cancel (Tech.Cancel: barrage spends none; a
	// defender with no ships there keeps them all).
	won := map[[2]int]float64{}
	sr.onEnd = func(ia, id int, p float64) {
		if !A.dead[ia] && D.dead[id] {
			cd := def.Tech.Cancel
			if D.a.hasUnits() {
				cd = D.a.cancels(D.st[id])
			}
			won[[2]int{ia, cd}] += p
		}
	}
	init = openingRounds(A, D, init, atk, def, atk.Mod, b.spaceMod(), sr, false)
	rounds(A, D, init, sr)
	if sr.err != nil {
		return Result{}, sr.err
	}
	sr.finish()
	res.Stages = append(res.Stages, sr.Stage)
	res.AttackerWins, res.DefenderWins, res.BothDestroyed = sr.AttackerWins, sr.DefenderWins, sr.BothDestroyed
	if !b.Invade {
		return res, nil
	}

	// The invasion, from each way the attacker can win in space: ships that
	// survived bombard; ground forces beyond the surviving capacity are lost
	// (16.3; the calculator keeps ground forces over fighters).
	ground := groundOf(atk.Units)
	total := &stageRun{Stage: Stage{Name: "invasion"}}
	cache := map[string]*stageRun{}
	for k, p := range won {
		ia, cancelD := k[0], k[1]
		ships := alive(A.a, A.st[ia])
		landing := limitGround(ground, capacity(ships))
		cancelA := A.a.cancels(A.st[ia])
		key := fmt.Sprintf("%s|%s|%d|%d", String(ships), String(landing), cancelA, cancelD)
		g, ok := cache[key]
		if !ok {
			g = solveGround(ctx, b, ships, landing, cancelA, cancelD)
			if g.err != nil {
				return Result{}, g.err
			}
			cache[key] = g
		}
		total.merge(g, p)
		total.States += g.States
	}
	res.AttackerWins, res.BothDestroyed = total.AttackerWins, total.BothDestroyed
	res.DefenderWins = 1 - res.AttackerWins - res.BothDestroyed // losing in space loses the invasion
	// The invasion stage is reported for the battles that reach the planet.
	reach := 0.0
	for _, p := range won {
		reach += p
	}
	if reach > 0 {
		norm := &stageRun{Stage: Stage{Name: "invasion", States: total.States}}
		norm.merge(total, 1/reach)
		total = norm
	}
	total.finish()
	res.Stages = append(res.Stages, total.Stage)
	return res, nil
}

// openingHits is the joint distribution over both sides' states after
// space cannon offense and the start of combat: an ambush's dice depend on
// the ambushing side's ships that the cannon left.
func openingHits(b Battle, A, D *space) map[[2]int]float64 {
	atk, def := b.Attacker, b.Defender
	var toA, toD []float64 // cannon dice at each side
	if !b.NoCannon {
		toA = abilityChances(Dice(b.offense(false), KindCannon, 0, def.at(atOffense), atk.Tech), def.Tech)
		toD = abilityChances(Dice(b.offense(true), KindCannon, 0, atk.at(atOffense), def.Tech), atk.Tech)
	}
	out := map[[2]int]float64{}
	switch {
	case atk.Tech.Ambush:
		for ia, pa := range spread(A, false, toA) {
			dice := append(slices.Clone(toD), chances(AmbushDice(alive(A.a, A.st[ia])))...)
			for id, pd := range spread(D, false, dice) {
				out[[2]int{ia, id}] += pa * pd
			}
		}
	case def.Tech.Ambush:
		for id, pd := range spread(D, false, toD) {
			dice := append(slices.Clone(toA), chances(AmbushDice(alive(D.a, D.st[id])))...)
			for ia, pa := range spread(A, false, dice) {
				out[[2]int{ia, id}] += pa * pd
			}
		}
	default:
		postD := spread(D, false, toD)
		for ia, pa := range spread(A, false, toA) {
			for id, pd := range postD {
				out[[2]int{ia, id}] += pa * pd
			}
		}
	}
	return out
}

// spread is the distribution over a side's states after taking hits from
// independent dice.
func spread(sp *space, skip bool, dice []float64) map[int]float64 {
	if skip {
		dice = nil
	}
	return spreadBy(sp, dice, 1)
}

// spreadBy is spread without a skip, each hit of the dice counting times.
func spreadBy(sp *space, dice []float64, times int) map[int]float64 {
	out := map[int]float64{}
	for h, p := range hitDist(dice) {
		out[sp.intern(sp.a.hit(state{}, h*times))] += p
	}
	return out
}

func groundOf(gs []Group) []Group { return groupsOf(gs, isGround) }

// groupsOf is the groups whose profile f accepts.
func groupsOf(gs []Group, f func(*Profile) bool) []Group {
	var out []Group
	for _, g := range gs {
		if f(&g.Profile) {
			out = append(out, g)
		}
	}
	return out
}

// alive lists the units of a state as groups.
func alive(a *army, s state) []Group {
	var out []Group
	for i := range a.units {
		if a.alive(s, i) {
			out = append(out, Group{a.units[i], 1})
		}
	}
	return merge(out)
}

func capacity(gs []Group) int {
	n := 0
	for _, g := range gs {
		n += g.Profile.Capacity * g.Count
	}
	return n
}

// limitGround keeps at most n ground forces, the most expensive first.
func limitGround(gs []Group, n int) []Group {
	a := newArmy(gs, isGround, SustainFirst)
	var out []Group
	for i := len(a.units) - 1; i >= 0 && n > 0; i-- {
		out = append(out, Group{a.units[i], 1})
		n--
	}
	return merge(out)
}

// solveGround resolves bombardment (15, with planetary shield 65), space
// cannon defense (77) and ground combat (42) on the defender's planet,
// each side cancelling its first hits, cancelA and cancelD (Tech.Cancel).
func solveGround(ctx context.Context, b Battle, ships, landing []Group, cancelA, cancelD int) *stageRun {
	b = b.ground()
	atk, def := b.Attacker, b.Defender
	A := newSpace(newArmy(landing, isGround, atk.Policy).shielded(atk.Tech).cancelling(cancelA))
	D := newSpace(newArmy(def.Planet, isGround, def.Policy).shielded(def.Tech).cancelling(cancelD))
	var bomb []float64
	if !b.NoBombard && !shielded(def.Planet, ships, atk.Tech) {
		bomb = abilityChances(Dice(ships, KindBombard, 0, atk.at(atBombard), def.Tech), atk.Tech)
	}
	var scd []float64
	if !b.NoCannon && !atk.Tech.L4 {
		scd = abilityChances(Dice(b.defense(), KindCannon, 0, def.at(atDefense), atk.Tech), def.Tech)
	}
	postD := spreadBy(D, bomb, 1<<btoi(atk.Tech.X89Double)) // each hit twice (X-89 Bacterial Weapon ΩΩ)
	if atk.Tech.X89 {
		postD = wipe(D, postD)
	}
	postA := spread(A, false, scd)
	init := map[[2]int]float64{}
	for ia, pa := range postA {
		for id, pd := range postD {
			init[[2]int{ia, id}] += pa * pd
		}
	}
	sr := &stageRun{Stage: Stage{Name: "invasion"}, modA: atk.Mod, modD: def.Mod, rerollA: atk.Reroll, rerollD: def.Reroll, ctx: ctx,
		bonusA: atk.Tech.Valkyrie, bonusD: def.Tech.Valkyrie, doubleA: atk.Tech.X89Double, doubleD: def.Tech.X89Double}
	init = openingRounds(A, D, init, atk, def, atk.Mod, def.Mod, sr, true)
	rounds(A, D, init, sr)
	return sr
}

// shielded reports a planetary shield on the planet that no war sun among
// the attacking ships switches off (65.3), against an attacker whose
// bombardment does not ignore it.
func shielded(planet, ships []Group, by Tech) bool {
	if by.BombardShields {
		return false
	}
	shield := false
	for _, g := range planet {
		shield = shield || g.Profile.Shield
	}
	for _, g := range ships {
		if g.Profile.Type == "war_sun" {
			return false
		}
	}
	return shield
}

func (st *stageRun) merge(g *stageRun, w float64) {
	st.AttackerWins += w * g.AttackerWins
	st.DefenderWins += w * g.DefenderWins
	st.BothDestroyed += w * g.BothDestroyed
	st.Stalemate += w * g.Stalemate
	if st.AttackerExpected == nil {
		st.AttackerExpected, st.DefenderExpected = map[string]float64{}, map[string]float64{}
	}
	for id, v := range g.AttackerExpected {
		st.AttackerExpected[id] += w * v
	}
	for id, v := range g.DefenderExpected {
		st.DefenderExpected[id] += w * v
	}
	for _, o := range g.AttackerSurvivors {
		st.AttackerSurvivors = addOutcome(st.AttackerSurvivors, o.Units, w*o.P)
	}
	for _, o := range g.DefenderSurvivors {
		st.DefenderSurvivors = addOutcome(st.DefenderSurvivors, o.Units, w*o.P)
	}
}

// wipe moves each state in which an infantry is destroyed on to every
// infantry destroyed (X-89 Bacterial Weapon): on every casualty line the
// infantry, the cheapest ground force, go before any other unit is
// destroyed, so that state is a position on the line.
func wipe(sp *space, dist map[int]float64) map[int]float64 {
	out := map[int]float64{}
	for i, p := range dist {
		s := sp.st[i]
		last, lost := -1, false
		for u := range sp.a.units {
			if isInfantryP(&sp.a.units[u]) {
				last = max(last, sp.a.killAt[u])
				lost = lost || !sp.a.alive(s, u)
			}
		}
		if lost {
			s = state{p: max(s.p, last+1), x: s.x}
		}
		out[sp.intern(s)] += p
	}
	return out
}
