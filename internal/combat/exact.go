package combat

import (
	"context"
	"fmt"
)

// The exact solver. A side's state is a point on its casualty line (see
// army); combat rounds move both sides forward together, so the joint
// states can be solved in order of total hits taken, with the round in
// which nobody hits folded away by conditioning on something happening.

type space struct {
	a     *army
	index map[state]int
	st    []state
	dist  [][]float64 // hits this state's dice produce
	tail  [][]float64 // tail[i][k]: chance of k or more hits
	rem   []int       // events left on the line: more hits than this change nothing
	dead  []bool
	next  [][]int // next[i][h]: state after taking h hits
}

func newSpace(a *army) *space {
	return &space{a: a, index: map[state]int{}}
}

func (sp *space) intern(s state) int {
	s = sp.a.norm(s)
	if i, ok := sp.index[s]; ok {
		return i
	}
	i := len(sp.st)
	sp.index[s] = i
	sp.st = append(sp.st, s)
	return i
}

// build finds every state reachable by hits from the seeds, with its dice
// and successors for up to maxHits hits.
func (sp *space) build(seeds []int, maxHits int, mod int, reroll bool) {
	queue := append([]int(nil), seeds...)
	seen := map[int]bool{}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		if seen[i] {
			continue
		}
		seen[i] = true
		for len(sp.dist) <= i {
			sp.dist = append(sp.dist, nil)
			sp.tail = append(sp.tail, nil)
			sp.rem = append(sp.rem, 0)
			sp.dead = append(sp.dead, false)
			sp.next = append(sp.next, nil)
		}
		s := sp.st[i]
		sp.dead[i] = sp.a.dead(s)
		d := hitDist(sp.a.dice(s, combatRoll, mod, reroll, true))
		tail := make([]float64, len(d)+1)
		for k := len(d) - 1; k >= 0; k-- {
			tail[k] = tail[k+1] + d[k]
		}
		sp.dist[i], sp.tail[i], sp.rem[i] = d, tail, (len(sp.a.line)-s.p)*max(sp.a.absorb, 1)
		nx := make([]int, maxHits+1)
		for h := 0; h <= maxHits; h++ {
			nx[h] = sp.intern(sp.a.hit(s, h))
			if !seen[nx[h]] {
				queue = append(queue, nx[h])
			}
		}
		sp.next[i] = nx
	}
}

// openingRounds plays the first rounds of a combat one by one, for the
// sides whose dice differ in one round (RoundMod, RoundReroll), up to and
// including that round; rounds then solves the rest. A round in which no
// one hits leaves the state as it was, the next round to come. modA and
// modD are the sides' base modifiers; the space combat's nebula is in
// modD already.
func openingRounds(A, D *space, init map[[2]int]float64, atk, def Side, modA, modD int, stage *stageRun, ground bool) map[[2]int]float64 {
	last := max(atk.special(ground), def.special(ground))
	for r := 1; r <= last; r++ {
		ma, ra, xa := atk.roundEffect(r, ground)
		md, rd, xd := def.roundEffect(r, ground)
		ma, md = ma-atk.Mod+modA, md-def.Mod+modD
		next := map[[2]int]float64{}
		for k, p := range init {
			sa, sd := A.st[k[0]], D.st[k[1]]
			if A.a.dead(sa) || D.a.dead(sd) {
				next[k] += p // over: rounds records it
				continue
			}
			da := hitDist(A.a.combatDice(sa, ma, ra, xa))
			dd := hitDist(D.a.combatDice(sd, md, rd, xd))
			for ha, pa := range da {
				for hd, pd := range dd {
					if pa*pd == 0 {
						continue
					}
					ga, gd := stage.bonus(ha, hd)
					next[[2]int{A.intern(A.a.hit(sa, gd)), D.intern(D.a.hit(sd, ga))}] += p * pa * pd
				}
			}
		}
		init = next
	}
	return init
}

// rounds solves combat rounds from an initial distribution over joint
// states (attacker index, defender index) to the end of the combat.
func rounds(A, D *space, init map[[2]int]float64, stage *stageRun) {
	var aSeeds, dSeeds []int
	for k := range init {
		aSeeds = append(aSeeds, k[0])
		dSeeds = append(dSeeds, k[1])
	}
	maxA, maxD := 0, 0
	for _, i := range aSeeds {
		maxA = max(maxA, len(A.a.dice(A.st[i], combatRoll, 0, false, true)))
	}
	for _, i := range dSeeds {
		maxD = max(maxD, len(D.a.dice(D.st[i], combatRoll, 0, false, true)))
	}
	A.build(aSeeds, maxD<<btoi(stage.doubleD)+btoi(stage.bonusD), stage.modA, stage.rerollA)
	D.build(dSeeds, maxA<<btoi(stage.doubleA)+btoi(stage.bonusA), stage.modD, stage.rerollD)
	nA, nD := len(A.st), len(D.st)
	if nA*nD > stateBound {
		stage.err = fmt.Errorf("%w: %d joint states, the bound is %d", ErrTooLarge, nA*nD, stateBound)
		return
	}
	mass := make([]float64, nA*nD)
	for k, p := range init {
		mass[k[0]*nD+k[1]] += p
	}
	// Order: total line position, which every hit increases.
	byP := func(sp *space) map[int][]int {
		m := map[int][]int{}
		for i, s := range sp.st {
			m[s.p] = append(m[s.p], i)
		}
		return m
	}
	pa, pd := byP(A), byP(D)
	maxSum := len(A.a.line) + len(D.a.line)
	stage.Stage.States += nA * nD
	for sum := 0; sum <= maxSum; sum++ {
		if stage.ctx != nil && stage.ctx.Err() != nil {
			stage.err = stage.ctx.Err()
			return
		}
		for p := 0; p <= sum; p++ {
			for _, ia := range pa[p] {
				for _, id := range pd[sum-p] {
					m := mass[ia*nD+id]
					if m == 0 {
						continue
					}
					mass[ia*nD+id] = 0
					if A.dead[ia] || D.dead[id] {
						stage.terminal(A, D, ia, id, m)
						continue
					}
					da, dd := A.dist[ia], D.dist[id]
					stay := da[0] * dd[0]
					if stay >= 1-1e-12 {
						stage.terminal(A, D, ia, id, m) // neither side can ever hit
						continue
					}
					m /= 1 - stay
					na, nd := A.next[ia], D.next[id]
					// Hits beyond what a side can still absorb all end the
					// same way: fold them into one bucket.
					la, ld := min(len(da)-1, D.rem[id]), min(len(dd)-1, A.rem[ia])
					ta, td := A.tail[ia], D.tail[id]
					for ha := 0; ha <= la; ha++ {
						pha := da[ha]
						if ha == la {
							pha = ta[ha]
						}
						if pha == 0 {
							continue
						}
						for hd := 0; hd <= ld; hd++ {
							phd := dd[hd]
							if hd == ld {
								phd = td[hd]
							}
							if phd == 0 || (ha == 0 && hd == 0) {
								continue
							}
							ga, gd := stage.bonus(ha, hd)
							mass[na[min(gd, len(na)-1)]*nD+nd[min(ga, len(nd)-1)]] += m * pha * phd
						}
					}
				}
			}
		}
	}
}

// stageRun carries one combat's settings with its result.
type stageRun struct {
	Stage
	modA, modD       int
	rerollA, rerollD bool
	// bonusA, bonusD: the side's one more hit in a round the other hits
	// (Valkyrie Particle Weave, ground combat only).
	bonusA, bonusD bool
	// doubleA, doubleD: the side's roll hits count twice (X-89 Bacterial
	// Weapon ΩΩ, ground combat only), before the bonus.
	doubleA, doubleD bool
	// onEnd, if set, sees each terminal state (for the invasion that follows).
	onEnd func(ia, id int, p float64)
	ctx   context.Context // stops the solve when done; nil never does
	err   error           // why the solve stopped
}

// bonus is the round's hits (ha by the attacker, hd by the defender) with
// each side's one more hit when the other hits.
func (st *stageRun) bonus(ha, hd int) (int, int) {
	ga, gd := ha<<btoi(st.doubleA), hd<<btoi(st.doubleD)
	if st.bonusA && hd > 0 {
		ga++
	}
	if st.bonusD && ha > 0 {
		gd++
	}
	return ga, gd
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (st *stageRun) terminal(A, D *space, ia, id int, p float64) {
	as, ac := A.a.survivors(A.st[ia])
	ds, dc := D.a.survivors(D.st[id])
	st.add(as, ac, ds, dc, p, A.dead[ia], D.dead[id])
	if st.onEnd != nil {
		st.onEnd(ia, id, p)
	}
}
