package server

import "github.com/mecatol/mecatol/internal/engine"

// rollNote is one roll of dice, as the combat panel shows it: which action
// caused it, who rolled, and each die with the face it needed when the
// engine kept it (combat rolls). It carries no card: a roll's card may be
// hidden (an agenda seen by the speaker alone).
type rollNote struct {
	Seq    int    `json:"seq"`  // the log entry that rolled
	Seat   int    `json:"seat"` // who rolled; -1 for a combat round's dice of both sides
	System int    `json:"system,omitempty"`
	Combat string `json:"combat,omitempty"` // space, ground: the combat rolled in
	Round  int    `json:"round,omitempty"`
	Faces  []int  `json:"faces"`
	Dice   any    `json:"dice,omitempty"`
}

// maxDice is how many rolls a game keeps for the page.
const maxDice = 40

// noteDice adds an action's rolls; callers hold l.mu.
func (l *live) noteDice(rolls []engine.Roll) {
	if len(rolls) == 0 {
		return
	}
	all := append([]rollNote{}, l.dice...)
	for _, r := range rolls {
		all = append(all, rollNote{Seq: l.seq, Seat: r.Seat, System: r.System, Combat: r.Combat, Round: r.Round, Faces: r.Faces, Dice: r.Dice})
	}
	l.dice = all[max(0, len(all)-maxDice):]
}
