package server

import "github.com/mecatol/mecatol/internal/ti4"

// rollNote is one roll of dice, as the combat panel shows it: which action
// caused it, who rolled, and each die with the face it needed when the
// engine kept it (combat rolls). It carries no card: a roll's card may be
// hidden (an agenda seen by the speaker alone).
type rollNote struct {
	Seq    int       `json:"seq"`  // the log entry that rolled
	Seat   int       `json:"seat"` // who rolled; -1 for a combat round's dice of both sides
	System int       `json:"system,omitempty"`
	Combat string    `json:"combat,omitempty"` // space, ground: the combat rolled in
	Round  int       `json:"round,omitempty"`
	Faces  []int     `json:"faces"`
	Dice   []ti4.Die `json:"dice,omitempty"`
}

// maxDice is how many rolls a game keeps for the page.
const maxDice = 40

// noteDice adds the rolls among an action's events; callers hold l.mu.
func (l *live) noteDice(evs []ti4.Event) {
	var add []rollNote
	for _, e := range evs {
		if len(e.Rolls) == 0 {
			continue
		}
		n := rollNote{Seq: l.seq, Seat: e.Seat, Faces: e.Rolls}
		if c := e.Combat; c != nil {
			// A combat round's event holds both sides' dice: the roll is
			// the combat's, each die's owner known only where the engine
			// kept them (while abilities may still change the roll).
			n.Seat, n.System, n.Combat, n.Round = ti4.Referee, c.System, c.Kind, c.Round
			if c.CombatExtra != nil {
				n.Dice = c.Dice
			}
		}
		add = append(add, n)
	}
	if len(add) == 0 {
		return
	}
	all := append(append([]rollNote{}, l.dice...), add...)
	l.dice = all[max(0, len(all)-maxDice):]
}
