package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// The Ghosts of Creuss' abilities.
func init() {
	// Slipstream: +1 move for ships starting in the home system or in a
	// system with an alpha or beta wormhole (58.4).
	define(&Ability{ID: "creuss:slipstream", Since: RulesFactions, WormholeMove: 1})
	// Creuss Gate: the gate (tile 17) stands in the Creuss home position,
	// not a home system; the Creuss home (tile 51) stands off the board,
	// joined to the gate by delta wormholes (101.4a). A set-up fact, in
	// every rules version.
	define(&Ability{ID: "creuss:creuss_gate", Since: RulesFirst, GateTile: "17"})
}

// Quantum Entanglement: the Creuss move as if every system with an alpha or
// a beta wormhole were adjacent to every other, even under Enforced Travel
// Ban (6.1, 101).
func init() {
	define(&Ability{ID: "creuss:quantum_entanglement", Since: RulesFactions, Permits: PermitWormholesJoined})
}

// Creuss IFF, the Creuss' note: at the start of its holder's turn, a Creuss
// wormhole token (alpha or beta) is placed, or moved, into a system with a
// planet the holder controls or a non-home system without other players'
// ships; the note goes back.
func init() {
	defineNote("creuss:creuss_iff", &promissoryNote{since: RulesFactions, moment: iffMoment, fields: "outcome system", offer: iffOffer, play: creussIFF})
}

func iffMoment(s *State, seat int) bool { return s.momentHolds(seat, AtStartOfTurn) }

func iffOffer(s *State, seat int) []Action {
	var out []Action
	for _, sys := range s.Systems {
		if iffOpen(s, seat, sys) {
			out = append(out, Action{Outcome: "alpha", System: ip(sys.Pos)}, Action{Outcome: "beta", System: ip(sys.Pos)})
		}
	}
	return out
}

func iffOpen(s *State, seat int, sys *System) bool {
	for _, pl := range sys.Planets {
		if pl.Controller == seat {
			return true
		}
	}
	return !s.IsHomeSystem(sys.Pos) && !hasOthersShips(sys, seat)
}

func creussIFF(s *State, a Action, owner int) ([]Event, error) {
	if !iffMoment(s, a.Seat) {
		return nil, engine.Refuse("69.1", "Creuss IFF is played at the start of your turn")
	}
	ev, err := placeCreussToken(s, a, a.Seat, owner)
	if err != nil {
		return nil, err
	}
	return s.extend(ev, Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}

// placeCreussToken places, or moves, the Creuss' (owner's) wormhole token
// a.Outcome into the system a.System, open to seat (iffOpen).
func placeCreussToken(s *State, a Action, seat, owner int) ([]Event, error) {
	if a.Outcome != "alpha" && a.Outcome != "beta" {
		return nil, engine.BadInput("outcome", "alpha or beta: the Creuss wormhole token to place")
	}
	var sys *System
	if a.System != nil {
		sys = s.System(*a.System)
	}
	if sys == nil || !iffOpen(s, seat, sys) {
		return nil, engine.Refuse("101", "place it in a system with a planet you control, or a non-home system without other players' ships")
	}
	tok := Token{Kind: a.Outcome, Owner: owner}
	var ev []Event
	for _, from := range s.Systems {
		if slices.Contains(from.Tokens, tok) {
			ev = s.extend(ev, Event{Kind: EvTokenRemoved, System: from.Pos, Card: tok.Kind, Seat: owner})
		}
	}
	return s.extend(ev, Event{Kind: EvTokenPlaced, System: sys.Pos, Card: tok.Kind, Seat: owner}), nil
}

// Wormhole Generator Ω (Codex I), a Creuss technology: a component
// action, exhausting it, places or moves one of the Creuss' wormhole tokens
// as Creuss IFF does. (The printed card did it at the start of the status
// phase.)
func init() {
	define(&Ability{ID: "wormhole_generator", Since: RulesFactions,
		Uses: []*Use{{At: AtAction, Exhaust: true, Fields: "outcome system", Options: generatorOptions, Resolve: wormholeGenerator}}})
}

func generatorOptions(s *State, seat int, _ *Step) []Action { return iffOffer(s, seat) }

func wormholeGenerator(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	return placeCreussToken(s, a, a.Seat, a.Seat)
}

// Dimensional Splicer, a Creuss technology: at the start of a space combat
// in a system with a wormhole, one hit on an opponent's ship of the
// Creuss' choice (78.2).
func init() {
	define(&Ability{ID: "dimensional_splicer", Since: RulesPrinted, WormholeHit: true, Combat: combat.Tech{Splicer: true}})
}

// Hil Colish, the Creuss' flagship: its system has a delta wormhole
// (101.4), joining it to the Creuss home system.
func init() {
	define(&Ability{ID: "hil_colish", Since: RulesPrinted, DeltaHere: true})
}
