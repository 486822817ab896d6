package ge

import (
	"github.com/mecatol/mecatol/internal/engine"
)

// Action kinds.
const (
	KindReserve  = "reserve"  // set aside the reserve fleet (GE-reserve-create)
	KindEngage   = "engage"   // pay a card's cost this allocation (GE-1-allocation-points)
	KindArm      = "arm"      // ammunition into heavy weapons (GE-points-ammunition)
	KindPlasma   = "plasma"   // energy into a variable plasma weapon (GE-variable-plasma)
	KindEMF      = "emf"      // energy into a Mechad field (GE-emf)
	KindRepair   = "repair"   // repair points onto damage (GE-points-repair)
	KindResearch = "research" // research points onto a card they remove (Illness, Injury)
	KindMode     = "mode"     // a card's choice for this turn
	KindSpend    = "spend"    // discard a card for the points it gives (Cargo)
	KindEngaged  = "engaged"  // allocation is over: the engagement phase (GE-2-engagement)
	KindPlay     = "play"     // play a card from the hand (GE-3-play-a)
	KindSwap     = "swap"     // swap a hand card with a reserve card (GE-reserve-use)
	KindAct      = "act"      // use an engaged card's action (GE-action-limit)
	KindFire     = "fire"     // declare a weapons volley (GE-4-volley-a)
	KindReact    = "react"    // answer an opponent's deed (GE-reactions)
	KindPass     = "pass"     // let the deed resolve
	KindNext     = "next"     // go on to the next phase (GE-sequence)
	KindDiscard  = "discard"  // discard a card (GE-6-discard)
	KindEnd      = "end"      // draw and end the player turn (GE-7-draw)
)

// Action is one choice by one seat. Card and Target are card instances;
// -1 is none.
type Action struct {
	Kind   string  `json:"kind"`
	Seat   int     `json:"seat"`
	Card   int     `json:"card"`
	Target int     `json:"target"`
	N      int     `json:"n,omitempty"`      // a count or an option
	Via    int     `json:"via,omitempty"`    // the carrier of a mission, plus one
	Player int     `json:"player,omitempty"` // a fleet aimed at, plus one (Gravity Wave)
	Cards  []int   `json:"cards,omitempty"`  // reserve fleet
	Firers []Firer `json:"firers,omitempty"`
}

// Firer is one card's weapons in a volley.
type Firer struct {
	Card    int `json:"card"`
	Phasers int `json:"phasers,omitempty"`
	Heavy   int `json:"heavy,omitempty"` // heavy weapons, or 1 for a variable plasma
}

// Event is an accepted action with what chance decided for it; Apply
// carries it out.
type Event struct {
	Kind   string  `json:"kind"`
	Action *Action `json:"action,omitempty"`
	Rolls  []int   `json:"rolls,omitempty"`
}

// Follow-up event kinds (no action).
const (
	EvAnte    = "ante"    // the antes are drawn and the opening hands dealt
	EvTurn    = "turn"    // a player turn begins: record keeping
	EvResolve = "resolve" // a pending deed resolves, its window closed
	EvOut     = "out"     // a player's Sector HQ is destroyed
	EvWreck   = "wreck"   // a unit whose strength fell to its damage is destroyed
	EvWin     = "win"
)

// Rules plays Galactic Empires for the engine.
type Rules struct{}

var _ engine.Rules[*State, Action, Event] = Rules{}

// NewState is an empty state to decode into.
func (Rules) NewState() *State { return &State{} }

// Decide checks a and returns its event.
func (Rules) Decide(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	if s.Phase == PhaseOver {
		return nil, engine.Refuse("GE-win", "the game is over")
	}
	if a.Seat < 0 || a.Seat >= len(s.Players) {
		return nil, engine.BadInput("seat", "no seat %d", a.Seat)
	}
	d, ok := deciders[a.Kind]
	if !ok {
		return nil, engine.BadInput("kind", "unknown action %q", a.Kind)
	}
	if err := d(s, &a); err != nil {
		return nil, err
	}
	e := Event{Kind: a.Kind, Action: &a}
	if a.Kind == KindMode && a.N == 1 && s.def(a.Card).Peeks {
		e.Rolls = []int{rng.IntN(1 << 20)}
	}
	return []Event{e}, nil
}

// deciders check each kind of action; they never change the state.
var deciders map[string]func(s *State, a *Action) error

// appliers carry out each kind of event.
var appliers map[string]func(s *State, e Event)

func init() {
	deciders = map[string]func(*State, *Action) error{
		KindReserve: decideReserve, KindEngage: decideEngage, KindArm: decideArm,
		KindPlasma: decidePlasma, KindEMF: decideEMF, KindRepair: decideRepair,
		KindResearch: decideResearch, KindMode: decideMode, KindSpend: decideSpend,
		KindEngaged: decideEngaged, KindPlay: decidePlay, KindSwap: decideSwap,
		KindAct: decideAct, KindFire: decideFire, KindReact: decideReact,
		KindPass: decidePass, KindNext: decideNext, KindDiscard: decideDiscard,
		KindEnd: decideEnd,
	}
	appliers = map[string]func(*State, Event){
		KindReserve: applyReserve, KindEngage: applyEngage, KindArm: applyArm,
		KindPlasma: applyPlasma, KindEMF: applyEMF, KindRepair: applyRepair,
		KindResearch: applyResearch, KindMode: applyMode, KindSpend: applySpend,
		KindEngaged: applyEngaged, KindPlay: applyPlay, KindSwap: applySwap,
		KindAct: applyAct, KindFire: applyFire, KindReact: applyReact,
		KindPass: applyPass, KindNext: applyNext, KindDiscard: applyDiscard,
		KindEnd: applyEnd,
		EvAnte:  applyAnte, EvTurn: applyTurn, EvResolve: applyResolve,
		EvOut: applyOut, EvWin: applyWin, EvWreck: applyWreck,
	}
}

// Apply carries out one event.
func (Rules) Apply(s *State, e Event) {
	appliers[e.Kind](s, e)
}

// Follow returns what is now due: the ante once every reserve is set, a
// pending deed once every opponent has answered, eliminations, victory,
// and the next player turn's record keeping.
func (Rules) Follow(s *State, rng *engine.RNG) []Event {
	switch {
	case s.Phase == PhaseOver:
		return nil
	case s.Phase == PhaseReserve:
		return followAnte(s, rng)
	}
	for _, seat := range s.Order {
		if p := s.Players[seat]; !p.Out && p.HQ >= HQLife {
			return []Event{{Kind: EvOut, Rolls: []int{seat}}}
		}
	}
	if live := s.live(); len(live) == 1 {
		return []Event{{Kind: EvWin, Rolls: []int{live[0]}}}
	}
	if w := s.wrecked(); w >= 0 {
		return []Event{{Kind: EvWreck, Rolls: []int{w}}}
	}
	if s.Pending != nil && len(s.Pending.Asked) == 0 {
		return []Event{{Kind: EvResolve}}
	}
	if s.Phase == PhaseDraw && s.Players[s.Active].Out {
		return []Event{{Kind: EvTurn}}
	}
	return nil
}

// mine refuses an action by a seat whose turn it is not, or while a deed
// waits for answers.
func mine(s *State, a *Action, phases ...string) error {
	if s.Pending != nil {
		return engine.Refuse("GE-reactions", "a deed waits for the opponents' answers")
	}
	if a.Seat != s.Active {
		return engine.Refuse("GE-sequence", "it is seat %d's turn", s.Active)
	}
	for _, p := range phases {
		if s.Phase == p {
			return nil
		}
	}
	return engine.Refuse("GE-sequence", "not in the %s phase", s.Phase)
}

// own refuses a card that is not the seat's own card in play.
func own(s *State, seat, i int) error {
	if !s.inPlay(i) {
		return engine.BadInput("card", "card %d is not in play", i)
	}
	if c := s.Cards[i]; c.Owner != seat || c.Against {
		return engine.Refuse("GE-control", "%s is not in your fleet", s.name(i))
	}
	return nil
}

// inHand refuses a card not in the seat's hand.
func inHand(s *State, seat, i int) error {
	if i < 0 || i >= len(s.Cards) || !s.Players[seat].Hand.Has(i) {
		return engine.BadInput("card", "card %d is not in your hand", i)
	}
	return nil
}
