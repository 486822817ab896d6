package combat

import (
	"context"
	"fmt"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Hits throws the dice of n units with one roll ability and counts hits:
// a die hits on the ability's value or higher after the modifier (18.1,
// 56); with a reroll, each miss is thrown once more (74). The engine's
// combat steps and the Monte Carlo both roll through here. faces, if not
// nil, receives every die thrown.
func Hits(rng *engine.RNG, r Roll, n, mod int, reroll bool, faces *[]int) int {
	if r.Hit == 0 || r.Dice == 0 {
		return 0
	}
	hits := 0
	for range n * r.Dice {
		f := rng.Die()
		if faces != nil {
			*faces = append(*faces, f)
		}
		if !hitDie(f, r.Hit-mod) && reroll {
			f = rng.Die()
			if faces != nil {
				*faces = append(*faces, f)
			}
		}
		if hitDie(f, r.Hit-mod) {
			hits++
		}
	}
	return hits
}

func hitDie(face, need int) bool { return face >= need || need <= 1 }

// maxRounds stops a combat in which no one can hit.
const maxRounds = 1000

// fight plays combat rounds to the end (78, 42): both sides roll, then
// both take their hits, then repair (Duranium Armor).
func fight(A, D *troop, atk, def Side, ground bool, roundEnd func()) func(rng *engine.RNG) {
	return func(rng *engine.RNG) {
		A.repair(false)
		D.repair(false)
		for r := 0; r < maxRounds && !A.wiped() && !D.wiped(); r++ {
			ma, ra, xa := atk.roundEffect(r+1, ground)
			md, rd, xd := def.roundEffect(r+1, ground)
			A.more, D.more = xa, xd
			if !ground {
				A.roundRepair()
				D.roundRepair()
				ra = A.munitions(atk.Tech.Munitions) || ra
				rd = D.munitions(def.Tech.Munitions) || rd
			}
			ha, da := A.rollDirected(combatRoll, ma, ra, rng, true)
			hd, dd := D.rollDirected(combatRoll, md, rd, rng, true)
			if ground { // X-89 Bacterial Weapon ΩΩ: hits twice; Valkyrie Particle Weave: one more hit when the other side hits
				ha, hd = ha<<btoi(atk.Tech.X89Double), hd<<btoi(def.Tech.X89Double)
				ha, hd = ha+btoi(atk.Tech.Valkyrie && hd > 0), hd+btoi(def.Tech.Valkyrie && ha > 0)
			}
			strip(A, D)
			A.directedHit(dd)
			A.hit(hd)
			D.directedHit(da)
			D.hit(ha)
			blast(A, D)
			A.repair(atk.Tech.Duranium)
			D.repair(def.Tech.Duranium)
			if roundEnd != nil {
				roundEnd()
			}
			if !ground { // Devotion, after a round the combat outlasts
				devotion(A, D, atk.Tech.Devotion)
				devotion(D, A, def.Tech.Devotion)
				blast(A, D)
			}
		}
	}
}

type tally struct {
	stage  Stage
	aState map[string]int
	n      int
}

func (t *tally) add(A, D *troop) {
	as, ac := A.survivors()
	ds, dc := D.survivors()
	t.stage.add(as, ac, ds, dc, 1, A.wiped(), D.wiped())
	t.n++
}

func (t *tally) done() Stage {
	st := t.stage
	if t.n == 0 {
		return st
	}
	f := 1 / float64(t.n)
	st.AttackerWins *= f
	st.DefenderWins *= f
	st.BothDestroyed *= f
	st.Stalemate *= f
	for k := range st.AttackerExpected {
		st.AttackerExpected[k] *= f
	}
	for k := range st.DefenderExpected {
		st.DefenderExpected[k] *= f
	}
	for i := range st.AttackerSurvivors {
		st.AttackerSurvivors[i].P *= f
	}
	for i := range st.DefenderSurvivors {
		st.DefenderSurvivors[i].P *= f
	}
	st.States = t.n
	st.finish()
	return st
}

// Simulate plays a battle n times with dice from a seeded generator, by the
// same rules and casualty policy as Solve.
func Simulate(b Battle, n int, seed uint64) (Result, error) {
	return SimulateContext(context.Background(), b, n, seed)
}

// SimulateContext is Simulate that stops with ctx's error once ctx is done.
func SimulateContext(ctx context.Context, b Battle, n int, seed uint64) (Result, error) {
	if !b.Space && !b.Invade {
		return Result{}, fmt.Errorf("nothing to simulate: choose a space combat, an invasion, or both")
	}
	if n <= 0 {
		return Result{}, fmt.Errorf("the number of battles must be positive, not %d", n)
	}
	if err := b.check(); err != nil {
		return Result{}, err
	}
	rng := engine.NewRNG(seed)
	b = b.settled()
	atk, def := b.Attacker, b.Defender
	A := newTroop(newArmy(all(atk.Units, spares(atk, def, true)), inSpace(atk.Units), atk.Policy).shielded(atk.at(atBarrage)).cancelling(atk.Tech.Cancel))
	D := newTroop(newArmy(all(def.Units, spares(def, atk, true)), inSpace(def.Units), def.Policy).shielded(def.at(atBarrage)).cancelling(def.Tech.Cancel))
	A.places, D.places = atk.Tech, def.Tech
	// left is the hits a side may still cancel in the invasion: what its
	// space combat left, or all for a side with no units there.
	left := func(t *troop, sd Side) int {
		if !b.Space || !t.a.hasUnits() {
			return sd.Tech.Cancel
		}
		return t.cancel
	}
	A.foe, D.foe = D, A
	ground := groundOf(atk.Units)
	var space, inv tally
	inv.stage.Name, space.stage.Name = "invasion", "space combat"
	wins, both := 0, 0
	for i := 0; i < n; i++ {
		if i%256 == 0 && ctx.Err() != nil {
			return Result{}, ctx.Err()
		}
		ships, landing := atk.Units, ground
		if b.Space {
			simSpace(b, A, D, &rng)
			space.add(A, D)
			if !b.Invade {
				continue
			}
			if A.wiped() || !D.wiped() {
				continue // no invasion after losing the space combat
			}
			ships = merge(A.groups())
			if hasAny(atk.Units, groundAsShipsP) { // the ground forces that fought and live
				landing = groundOf(ships)
			}
			landing = limitGround(landing, capacity(ships))
		}
		keep := isGround
		if hasAny(ships, fightersLandP) { // Matriarch: the fighters fight on the planet
			landing, keep = append(landing, groupsOf(ships, isFighterP)...), isGroundOrFighter
		}
		ga := newTroop(newArmy(all(landing, spares(atk, def, false)), keep, atk.Policy).shielded(atk.Tech).cancelling(left(A, atk)))
		gd := newTroop(newArmy(all(def.Planet, spares(def, atk, false), defenders(def)), isGround, def.Policy).shielded(def.Tech).cancelling(left(D, def)))
		ga.places, gd.places = atk.Tech, def.Tech
		ga.milorUsed, gd.milorUsed = b.Space && A.milorUsed, b.Space && D.milorUsed
		simGround(b, ships, ga, gd, &rng)
		inv.add(ga, gd)
		if !ga.wiped() && gd.wiped() {
			wins++
		} else if ga.wiped() && gd.wiped() {
			both++
		}
	}
	res := Result{Battles: n}
	if b.Space {
		st := space.done()
		res.Stages = append(res.Stages, st)
		res.AttackerWins, res.DefenderWins, res.BothDestroyed = st.AttackerWins, st.DefenderWins, st.BothDestroyed
	}
	if b.Invade {
		// Invasion figures are over the battles that reached the planet;
		// the overall outcome is over all battles.
		res.Stages = append(res.Stages, inv.done())
		res.AttackerWins = float64(wins) / float64(n)
		res.BothDestroyed = float64(both) / float64(n)
		res.DefenderWins = 1 - res.AttackerWins - res.BothDestroyed
	}
	return res, nil
}

// simSpace plays one space combat: space cannon offense (77), the start
// of combat (Assault Cannon), anti-fighter barrage (10), then rounds.
func simSpace(b Battle, A, D *troop, rng *engine.RNG) {
	atk, def := b.Attacker, b.Defender
	A.reset()
	D.reset()
	A.tg, D.tg = atk.TradeGoods, def.TradeGoods
	if !b.NoCannon {
		ha := AbilityThrow(rng, Dice(b.offense(true), KindCannon, 0, atk.at(atOffense), def.Tech), atk.Tech, nil)
		hd := AbilityThrow(rng, Dice(b.offense(false), KindCannon, 0, def.at(atOffense), atk.Tech), def.Tech, nil)
		strip(A, D)
		A.take(hd, cannonTargets(def.Tech, A), false)
		D.take(ha, cannonTargets(atk.Tech, D), false)
		blast(A, D)
	}
	A.looting, D.looting = atk.Tech.Ipswitch, def.Tech.Ipswitch // from the start of the combat
	// the start of combat: Impulse Core, ambushes (by the ships the cannon
	// left), then Assault Cannon and Dimensional Splicer
	for _, x := range []struct {
		t  *troop
		on bool
	}{{A, atk.Tech.Impulse}, {D, def.Tech.Impulse}} {
		if x.on && x.t.sacrifice() {
			strip(A, D)
			x.t.foe.directedHit(1)
		}
	}
	blast(A, D)
	ambA, ambD := atk.Tech.Ambush && D.has(isShip) > 0, def.Tech.Ambush && A.has(isShip) > 0
	var hitD, hitA int
	if ambA {
		hitD = Throw(rng, AmbushDice(merge(A.groups())), nil)
	}
	if ambD {
		hitA = Throw(rng, AmbushDice(merge(D.groups())), nil)
	}
	strip(A, D)
	D.hit(hitD)
	A.hit(hitA)
	blast(A, D)
	if atk.Tech.Assault && A.has(isNonFighterP) >= 3 && D.has(isShip) > 0 {
		D.absorb(1, isNonFighterP, true) // destroyed, not hit: nothing cancels it
	}
	if def.Tech.Assault && D.has(isNonFighterP) >= 3 && A.has(isShip) > 0 {
		A.absorb(1, isNonFighterP, true)
	}
	strip(A, D)
	if atk.Tech.Splicer && A.has(isShip) > 0 {
		D.pickedShipHit()
	}
	if def.Tech.Splicer && D.has(isShip) > 0 {
		A.pickedShipHit()
	}
	blast(A, D)
	if !b.NoBarrage {
		ha := A.barrageRoll(rng)
		hd := D.barrageRoll(rng)
		A.barrage(hd)
		D.barrage(ha)
		blast(A, D) // the units placed for those lost
	}
	spaceDef := def
	spaceDef.Mod = b.spaceMod()
	fight(A, D, atk, spaceDef, false, nil)(rng)
}

// devotion: after a round, a side with Devotion gives up a destroyer or
// cruiser for a hit it puts on the other side's ships.
func devotion(t, foe *troop, on bool) {
	if on && !t.wiped() && t.sacrifice() {
		strip(t, foe)
		foe.pickedShipHit()
	}
}

// cannonTargets is which ships space cannon hits may land on: with
// Graviton Laser System, non-fighters while there are any.
func cannonTargets(by Tech, t *troop) func(*Profile) bool {
	if by.Graviton && t.has(isNonFighterP) > 0 {
		return isNonFighterP
	}
	return nil
}

// simGround plays one invasion: bombardment (15, 65; X-89), space cannon
// defense (77), the start of ground combat (Magen Defense Grid), rounds.
func simGround(b Battle, ships []Group, ga, gd *troop, rng *engine.RNG) {
	b = b.ground()
	atk, def := b.Attacker, b.Defender
	bombard := func(own Tech) {
		gd.hit(AbilityThrow(rng, Dice(ships, KindBombard, 0, own, def.Tech), atk.Tech, nil) << btoi(atk.Tech.X89Double))
		if atk.Tech.X89 {
			gd.wipeInfantry()
		}
		blast(ga, gd)
	}
	var harrow func()
	if !b.NoBombard && !shielded(def.Planet, ships, atk.Tech) {
		bombard(atk.at(atBombard))
		if atk.Tech.Harrow {
			harrow = func() {
				if !gd.wiped() {
					bombard(atk.Tech)
				}
			}
		}
	}
	if !b.NoCannon && !atk.Tech.L4 {
		ga.hit(AbilityThrow(rng, Dice(b.defense(), KindCannon, 0, def.at(atDefense), atk.Tech), def.Tech, nil))
		blast(ga, gd)
	}
	for range def.Tech.StartInfantry { // the start of the ground combat
		if !ga.wiped() && !gd.wiped() {
			gd.place("infantry")
		}
	}
	if def.Tech.Magen && hasStructure(def.Planet) && !ga.wiped() && !gd.wiped() {
		ga.pickedHit()
		blast(ga, gd)
	}
	fight(ga, gd, atk, def, true, harrow)(rng)
	for i := range ga.a.units { // fighters go back to space: they hold no planet
		ga.dead[i] = ga.dead[i] || ga.a.units[i].Fighter()
	}
}

// spares are the units a side may place mid-battle (Profile.Spare): in
// space, Brother Milor's 2 fighters and a ship for each of the foe's that
// Ipswitch may take; on the planet, Milor's 2 infantry. Each is as the
// side's own unit of its type, else the generic one.
func spares(own, foe Side, space bool) []Group {
	t := own.Tech
	var out []Group
	add := func(typ string, n int) {
		if p, ok := profileOf(typ, own.Units, own.Planet); ok && n > 0 {
			p.Spare = true
			out = append(out, Group{Profile: p, Count: n})
		}
	}
	switch {
	case space && (t.Milor || t.MilorPrinted):
		add("fighter", 2)
	case !space && t.Milor:
		add("infantry", 2)
	}
	if !space || !t.Ipswitch {
		return out
	}
	var types []string
	n := map[string]int{}
	take := func(typ string, k int) {
		if n[typ] == 0 {
			types = append(types, typ)
		}
		n[typ] += k
	}
	for _, g := range foe.Units {
		if g.Profile.Ship() && g.Count > 0 {
			take(g.Profile.Type, g.Count)
		}
	}
	if foe.Tech.Milor || foe.Tech.MilorPrinted {
		take("fighter", 2)
	}
	for _, typ := range types {
		add(typ, n[typ])
	}
	return out
}

// defenders are the infantry the defender may place at the start of the
// ground combat (Tech.StartInfantry), as spares.
func defenders(def Side) []Group {
	p, ok := profileOf("infantry", def.Planet)
	if !ok || def.Tech.StartInfantry == 0 {
		return nil
	}
	p.Spare = true
	return []Group{{Profile: p, Count: def.Tech.StartInfantry}}
}

// profileOf is the profile of the first unit of type typ among the
// groups, else the generic unit's.
func profileOf(typ string, groups ...[]Group) (Profile, bool) {
	for _, gs := range groups {
		for _, g := range gs {
			if g.Profile.Type == typ {
				return g.Profile, true
			}
		}
	}
	for _, u := range data.MustLoad().Units {
		if u.Type == typ && u.Faction == "" && u.Level <= 1 {
			return FromUnit(u), true
		}
	}
	return Profile{}, false
}

// inSpace is which of a side's units fight in its space combat: its
// ships, and its ground forces too with The Alastor among them.
func inSpace(gs []Group) func(*Profile) bool {
	if hasAny(gs, groundAsShipsP) {
		return isGroundOrShip
	}
	return isShip
}

func groundAsShipsP(p *Profile) bool    { return p.GroundAsShips }
func fightersLandP(p *Profile) bool     { return p.FightersLand }
func isGroundOrShip(p *Profile) bool    { return p.Ground() || p.Ship() }
func isGroundOrFighter(p *Profile) bool { return p.Ground() || p.Fighter() }

// hasStructure reports a PDS or space dock among the groups.
func hasStructure(gs []Group) bool {
	for _, g := range gs {
		if g.Count > 0 && (g.Profile.Type == "pds" || g.Profile.Type == "space_dock") {
			return true
		}
	}
	return false
}
