package ti4

import "github.com/mecatol/mecatol/internal/engine"

// A space combat round's dice, kept with their units while the abilities
// used after the roll change them: rerolls first (74.3: War Funding), then
// the others (Wrath of Kenara). Without such an ability in the combat the
// hits are owed at once, as the dice fall.

// Die is one combat die: whose, the unit that rolled it, the result it
// needs with its modifiers, its face, and what abilities added since.
type Die struct {
	Seat int    `json:"seat"`
	Unit string `json:"unit"`
	Need int    `json:"need"` // the face that hits, its modifiers applied (56)
	Face int    `json:"face"`
	// Plus is added to the face after the roll (Wrath of Kenara).
	Plus int `json:"plus,omitempty"`
	// Nine is hits more on a face of 9 or more before modifiers (J.N.S.
	// Hylarim); Only is what its hits must be assigned to first ([0.0.1]).
	Nine int    `json:"nine,omitempty"`
	Only string `json:"only,omitempty"`
	// N is which unit of its stack threw it, counted from 0, kept from
	// rules version 6 (per is its unit's dice): the Crown of Thalnos
	// destroys the unit whose rerolled dice all miss.
	N int `json:"n,omitempty"`
}

// The windows after a space combat round's roll.
const (
	AnswerRerolls = "rerolls" // rerolls of the dice just rolled (74.3)
	AnswerRolled  = "rolled"  // other abilities used after the roll
	// AnswerGroundRolled: abilities used after a ground combat round's
	// roll and the rerolls of its misses (AfterGroundRolled).
	AnswerGroundRolled = "ground_rolled"
)

// hit reports that the die hits (a face that needs 1 or less always does).
func (d Die) hit() bool { return d.Face+d.Plus >= d.Need || d.Need <= 1 }

// hits is what the die scores.
func (d Die) hits() int {
	h := 0
	if d.hit() {
		h = 1
	}
	if d.Face >= 9 {
		h += d.Nine
	}
	return h
}

// nearMiss reports a die that one more would make hit.
func (d Die) nearMiss() bool { return !d.hit() && d.Face+d.Plus+1 >= d.Need }

// keepDice appends a stack's dice, as proto, from the faces thrown for
// them: with reroll, a miss was thrown once more (74.1). With per, the
// dice of each unit (per of them) are numbered by unit (N).
func keepDice(dice []Die, proto Die, faces []int, reroll bool, per int) []Die {
	k := 0
	for i := 0; i < len(faces); i++ {
		d := proto
		d.Face = faces[i]
		if !d.hit() && reroll && i+1 < len(faces) {
			i++
			d.Face = faces[i]
		}
		if per > 0 {
			d.N = k / per
		}
		k++
		dice = append(dice, d)
	}
	return dice
}

// owedOf is the hits the dice make, as roundHits owes them (78.6): the
// defender's first, each side's directed hits before the others.
func owedOf(c *Combat, dice []Die) []Owed {
	var out []Owed
	for _, q := range []int{c.Defender, c.Attacker} {
		for _, only := range []string{"non_fighter_first", ""} {
			h := 0
			for _, d := range dice {
				if d.Seat == q && d.Only == only {
					h += d.hits()
				}
			}
			if h > 0 {
				out = append(out, Owed{Seat: opponent(c, q), Hits: h, Only: only, Rule: "78.6", By: q})
			}
		}
	}
	return out
}

// rerollers and raisers are the players in the combat, active player
// first (1.19), who may answer the roll with a reroll or with another
// ability.
func (s *State) rerollers(c *Combat) []int {
	var out []int
	for _, q := range []int{c.Attacker, c.Defender} {
		if s.holdsAnswer(q, AnswerRerolls) || s.hasUse(q, AfterRerolls) || s.holdsThalnos(q) {
			out = append(out, q)
		}
	}
	return out
}

// raisers are the players who may answer a combat round's roll with an
// ability used at moment (AfterRolled, AfterGroundRolled): those in the
// combat, active player first (1.19), then the others in initiative
// order.
func (s *State) raisers(c *Combat, moment Moment) []int {
	var out []int
	for _, q := range []int{c.Attacker, c.Defender} {
		if s.readyUse(q, moment) {
			out = append(out, q)
		}
	}
	return append(out, s.bystanders(c, moment)...)
}

// diceAnswered reports that someone in the combat may answer its roll:
// the dice are kept, and rolledStep asks those who can.
func (s *State) diceAnswered(c *Combat) bool {
	return len(s.rerollers(c)) > 0 || s.hasUse(c.Attacker, AfterRolled) || s.hasUse(c.Defender, AfterRolled) ||
		len(s.bystanders(c, AfterRolled)) > 0
}

// rolledStep asks the players who may answer the roll, the rerolls
// first; then the dice are hits owed (78.6) and the round goes on.
func rolledStep(r *spaceStep) ([]Event, bool) {
	s, c, n := r.s, r.c, &r.n
	if !c.x().RerollAsked {
		e := n.own()
		e.RerollAsked = true
		if ask(n, s.rerollers(c), &e.Rerollers, AnswerRerolls) {
			return s.emit(setCombat(n, nil)), true
		}
	}
	if !c.x().RaiseAsked {
		e := n.own()
		e.RaiseAsked = true
		if ask(n, s.raisers(c, AfterRolled), &e.Raisers, AnswerRolled) {
			return s.emit(setCombat(n, nil)), true
		}
	}
	n.Owed = s.bare(r.sys, owedOf(c, c.x().Dice))
	e := n.own()
	e.Dice, e.RerollAsked, e.RaiseAsked = nil, false, false
	n.Step = CbRetreat
	return nil, false
}

// nextDiceAsk moves the window after the roll on to the next player to
// answer it.
func nextDiceAsk(c *Combat) {
	if c.Answer == nil {
		return
	}
	switch c.Answer.Kind {
	case AnswerRerolls:
		c.Answer = nextAsk(c, &c.own().Rerollers, AnswerRerolls)
	case AnswerRolled:
		c.Answer = nextAsk(c, &c.own().Raisers, AnswerRolled)
	}
}

// myDice is the indexes of seat's dice that pick keeps.
func myDice(dice []Die, seat int, pick func(Die) bool) []int {
	var out []int
	for i, d := range dice {
		if d.Seat == seat && pick(d) {
			out = append(out, i)
		}
	}
	return out
}

// rerollDice throws the picked dice again, the new faces replacing the
// old (74.1), and returns the faces.
func rerollDice(dice []Die, picks []int, rng *engine.RNG) []int {
	faces := make([]int, 0, len(picks))
	for _, i := range picks {
		dice[i].Face, dice[i].Plus = rng.Die(), 0
		faces = append(faces, dice[i].Face)
	}
	return faces
}
