package combat

import (
	"fmt"

	"github.com/mecatol/mecatol/internal/engine"
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

// roll throws the dice of a side's living units for one ability.
func (a *army) roll(s state, f func(*Profile) Roll, mod int, reroll bool, rng *engine.RNG) int {
	hits := 0
	for i := range a.units {
		if a.alive(s, i) {
			hits += Hits(rng, f(&a.units[i]), 1, mod, reroll, nil)
		}
	}
	return hits
}

func hitDie(face, need int) bool { return face >= need || need <= 1 }

func rollGroups(gs []Group, f func(*Profile) Roll, rng *engine.RNG) int {
	hits := 0
	for _, g := range gs {
		hits += Hits(rng, f(&g.Profile), g.Count, 0, false, nil)
	}
	return hits
}

// maxRounds stops a combat in which no one can hit.
const maxRounds = 1000

// fight plays combat rounds to the end (78, 42): both sides roll, then
// both take their hits.
func fight(A, D *army, sa, sd state, atk, def Side, rng *engine.RNG) (state, state) {
	for r := 0; r < maxRounds && !A.dead(sa) && !D.dead(sd); r++ {
		ma, ra := atk.roundEffect(r + 1)
		md, rd := def.roundEffect(r + 1)
		ha := A.roll(sa, combatRoll, ma, ra, rng)
		hd := D.roll(sd, combatRoll, md, rd, rng)
		sa, sd = A.hit(sa, hd), D.hit(sd, ha)
	}
	return sa, sd
}

type tally struct {
	stage  Stage
	aState map[string]int
	n      int
}

func (t *tally) add(A, D *army, sa, sd state) {
	as, ac := A.survivors(sa)
	ds, dc := D.survivors(sd)
	t.stage.add(as, ac, ds, dc, 1, A.dead(sa), D.dead(sd))
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
	atk, def := b.Attacker, b.Defender
	A := newArmy(atk.Units, isShip, atk.Policy)
	D := newArmy(def.Units, isShip, def.Policy)
	ground := groundOf(atk.Units)
	var space, inv tally
	inv.stage.Name, space.stage.Name = "invasion", "space combat"
	wins, both := 0, 0
	for i := 0; i < n; i++ {
		ships, landing := atk.Units, ground
		if b.Space {
			var sa, sd state
			if !b.NoCannon {
				ha := rollGroups(atk.Units, cannonRoll, &rng)
				hd := rollGroups(all(def.Units, def.Planet), cannonRoll, &rng)
				sa, sd = A.hit(sa, hd), D.hit(sd, ha)
			}
			if !b.NoBarrage {
				ha := A.roll(sa, afbRoll, 0, false, &rng)
				hd := D.roll(sd, afbRoll, 0, false, &rng)
				sa, sd = A.barrage(sa, hd), D.barrage(sd, ha)
			}
			spaceDef := def
			spaceDef.Mod = b.spaceMod()
			sa, sd = fight(A, D, A.norm(sa), D.norm(sd), atk, spaceDef, &rng)
			space.add(A, D, sa, sd)
			if !b.Invade {
				continue
			}
			if A.dead(sa) || !D.dead(sd) {
				continue // no invasion after losing the space combat
			}
			ships = alive(A, sa)
			landing = limitGround(ground, capacity(ships))
		}
		ga := newArmy(landing, isGround, atk.Policy)
		gd := newArmy(def.Planet, isGround, def.Policy)
		var sa, sd state
		if !b.NoBombard && !shielded(def.Planet, ships) {
			sd = gd.hit(sd, rollGroups(ships, bombardRoll, &rng))
		}
		if !b.NoCannon {
			sa = ga.hit(sa, rollGroups(def.Planet, cannonRoll, &rng))
		}
		sa, sd = fight(ga, gd, sa, sd, atk, def, &rng)
		inv.add(ga, gd, sa, sd)
		if !ga.dead(sa) && gd.dead(sd) {
			wins++
		} else if ga.dead(sa) && gd.dead(sd) {
			both++
		}
	}
	var res Result
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
