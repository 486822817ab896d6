// Package ge is the Galactic Empires module: the rules of the card game
// (rulebook v2.1 and the FAQ) played by the engine as TI4 is. A game is a
// State changed only by the events of accepted actions. Refusals cite the
// rulebook's sections and the FAQ's items by the ids in docs/rules-ge.md.
//
// What each card does is one definition, found by the card's id
// (defs_*.go); the rules code asks a definition's hook points and never
// names a card.
package ge

import (
	"slices"

	"github.com/mecatol/mecatol/internal/zone"
)

// Point types, in the order of a Points array (GE-points).
const (
	Economy = iota
	Supply
	Energy
	Ammo
	Research
	Repair
	nPoints
)

var pointNames = [nPoints]string{"economy", "supply", "energy", "ammunition", "research", "repair"}

// Points counts points by type.
type Points [nPoints]int

func (p Points) add(q Points) Points {
	for i := range p {
		p[i] += q[i]
	}
	return p
}

// Phases of the player turn (GE-sequence). Engagement is the end of
// allocation: the action that ends allocation engages and disengages.
const (
	PhaseReserve  = "reserve" // before the ante: each player sets aside a reserve fleet
	PhaseAlloc    = "allocation"
	PhasePlayA    = "play_a"
	PhaseFire     = "fire"
	PhasePlayB    = "play_b"
	PhaseDiscard  = "discard"
	PhaseDraw     = "draw"
	PhaseOver     = "over"
	MaxPlays      = 3 // card plays a turn (GE-3-play-a)
	HQLife        = 25
	OpeningHand   = 9
	celebrateHits = 6 // HQ damage from one player's fire that earns a draw (GE-win)
)

// Zones a card can be in.
const (
	InDeck    = "deck"
	InHand    = "hand"
	InDiscard = "discard"
	InReserve = "reserve"
	InPlay    = "play"
)

// State is the whole game.
type State struct {
	Players []*Player `json:"players"`
	Cards   []*Card   `json:"cards"` // every card of every deck, by instance number
	Phase   string    `json:"phase"`
	Active  int       `json:"active"` // the seat whose player turn it is
	Order   []int     `json:"order"`  // seats in turn order, from the ante
	// Turn is the complete turn: it rises when the first player in the
	// order starts a turn (FAQ: Turn 1 and 2 Restrictions (a)).
	Turn      int     `json:"turn"`
	Step      int     `json:"step"`               // player turns begun, all seats
	Plays     int     `json:"plays"`              // card plays made this player turn
	PlayLimit int     `json:"play_limit"`         // 3, or more by a card
	Volleyed  []int   `json:"volleyed,omitempty"` // targets fired at this weapons phase (GE-4-volley-e)
	Pending   *Window `json:"pending,omitempty"`  // a deed opponents may answer before it resolves
	Winner    int     `json:"winner"`             // the last player standing, or -1
	Log       []Note  `json:"log,omitempty"`      // what happened, newest last, bounded
	Started   int     `json:"started"`            // players at the start (command points, GE-command)
	Fielded   int     `json:"fielded,omitempty"`  // ships and bases played this player turn (GE-turn-1-2)
}

// Player is one seat.
type Player struct {
	Seat    int       `json:"seat"`
	Deck    string    `json:"deck"` // the starter deck's name
	Draw    zone.Pile `json:"draw"` // top last; hidden from everyone
	Hand    zone.Pile `json:"hand"` // seen by its owner only
	Discard zone.Pile `json:"discard"`
	Reserve zone.Pile `json:"reserve"` // hidden until the ante, then face up
	HQ      int       `json:"hq"`      // Sector HQ damage
	Out     bool      `json:"out,omitempty"`
	Turns   int       `json:"turns"`           // player turns begun
	Chosen  bool      `json:"chosen"`          // reserve fleet set aside
	Alloc   *Alloc    `json:"alloc,omitempty"` // this allocation's spending, while it lasts
	Seen    []int     `json:"seen,omitempty"`  // opponents' hand cards this player has been shown, the last 16
	Peeks   int       `json:"peeks,omitempty"` // looks into an opponent's hand, all game (what an undo would take back)
}

// Card is one physical card of a deck.
type Card struct {
	Def   string `json:"def"`
	Owner int    `json:"owner"`
	Zone  string `json:"zone"`
	// On is the card this one is played on or against, plus one (0: it
	// stands on its own). Against marks a card played against another
	// player's card (a hazard): it stays its owner's.
	On      int  `json:"on,omitempty"`
	Against bool `json:"against,omitempty"`
	Engaged bool `json:"engaged,omitempty"`
	Paid    bool `json:"paid,omitempty"`   // received its cost this allocation
	Damage  int  `json:"damage,omitempty"` // to its structure
	Shield  int  `json:"shield,omitempty"` // damage to its shields
	EMF     int  `json:"emf,omitempty"`
	Loaded  int  `json:"loaded,omitempty"`  // heavy weapons armed with ammunition
	Plasma  int  `json:"plasma,omitempty"`  // energy in a variable plasma weapon
	Fired   bool `json:"fired,omitempty"`   // it fired this weapons phase
	Shot    int  `json:"shot,omitempty"`    // its phasers fired this weapons phase: the rest may fire at another target (GE-4-volley-a)
	Used    bool `json:"used,omitempty"`    // its card action used this turn
	Timer   int  `json:"timer,omitempty"`   // turns left of a duration
	Expires bool `json:"expires,omitempty"` // discarded at the end of this allocation
	Mode    int  `json:"mode,omitempty"`    // a choice made when played or each turn
	Armed   bool `json:"armed,omitempty"`   // a one-shot weapon ready (shuttle phaser)
	Applied int  `json:"applied,omitempty"` // research or repair put on it
	Carded  int  `json:"carded,omitempty"`  // card damage in a terrain's Damage: no repair fixes it
	Played  int  `json:"played,omitempty"`  // the player turn (Step) it came into play
}

// Note is one line of the public log.
type Note struct {
	Turn int    `json:"turn"`
	Seat int    `json:"seat"`
	Text string `json:"text"`
}

const (
	maxNotes = 64
	maxSeen  = 16
)

// on is the instance a card is on, or -1.
func (c *Card) on() int { return c.On - 1 }

// inPlay reports whether instance i is in play.
func (s *State) inPlay(i int) bool { return i >= 0 && i < len(s.Cards) && s.Cards[i].Zone == InPlay }

// stack is the cards on or against i, recursively, in instance order
// (GE-remain-in-play): i itself is not in it.
func (s *State) stack(i int) []int {
	var out []int
	for j, c := range s.Cards {
		if c.Zone == InPlay && c.on() >= 0 && s.under(j, i) {
			out = append(out, j)
		}
	}
	return out
}

// under reports whether j sits, directly or through others, on i.
func (s *State) under(j, i int) bool {
	for k := s.Cards[j].on(); k >= 0; k = s.Cards[k].on() {
		if k == i {
			return true
		}
	}
	return false
}

// fleet is the seat's cards in play that are its own and not played
// against another player's cards, in instance order.
func (s *State) fleet(seat int) []int {
	var out []int
	for i, c := range s.Cards {
		if c.Zone == InPlay && c.Owner == seat && !c.Against {
			out = append(out, i)
		}
	}
	return out
}

// pile is the seat's pile of a zone.
func (p *Player) pile(z string) *zone.Pile {
	switch z {
	case InDeck:
		return &p.Draw
	case InHand:
		return &p.Hand
	case InDiscard:
		return &p.Discard
	case InReserve:
		return &p.Reserve
	}
	return nil
}

// note adds a line to the public log, dropping the oldest beyond the bound.
func (s *State) note(seat int, text string) {
	s.Log = append(s.Log, Note{Turn: s.Turn, Seat: seat, Text: text})
	if len(s.Log) > maxNotes {
		s.Log = slices.Delete(s.Log, 0, len(s.Log)-maxNotes)
	}
}

// live is the seats still in the game, in turn order.
func (s *State) live() []int {
	var out []int
	for _, seat := range s.Order {
		if !s.Players[seat].Out {
			out = append(out, seat)
		}
	}
	return out
}
