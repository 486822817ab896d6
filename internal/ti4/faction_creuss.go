package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/galaxy"
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
	if isCards(sys) {
		return false
	}
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
	return moveCreussToken(s, nil, a.Outcome, owner, sys.Pos), nil
}

// moveCreussToken appends to ev the events of owner's wormhole token of
// kind going to the system at pos, from wherever it was.
func moveCreussToken(s *State, ev []Event, kind string, owner, pos int) []Event {
	tok := Token{Kind: kind, Owner: owner}
	for _, from := range s.Systems {
		if slices.Contains(from.Tokens, tok) {
			ev = s.extend(ev, Event{Kind: EvTokenRemoved, System: from.Pos, Card: tok.Kind, Seat: owner})
		}
	}
	return s.extend(ev, Event{Kind: EvTokenPlaced, System: pos, Card: tok.Kind, Seat: owner})
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

// Icarus Drive, the Creuss mech (55): after any player activates a
// system, the Creuss may remove one of these mechs from the board (31.2:
// not destroyed) to place, or move, one of their wormhole tokens into that
// system, wherever it is.
func init() {
	define(&Ability{ID: "icarus_drive", Since: RulesMechs,
		Uses: []*Use{{At: AfterAnyActivation, Fields: "outcome system planet", Options: icarusOptions, Resolve: icarusDrive,
			Ready: func(s *State, seat int, _ *Step) bool { return s.OnBoard(seat, "mech") > 0 }}}})
}

// icarusOptions offers each place with seat's mechs, with each token kind.
func icarusOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, sys := range s.Systems {
		var where []string
		if count(sys.Space, seat, "mech") > 0 {
			where = append(where, "")
		}
		for _, pl := range sys.Planets {
			if count(pl.Units, seat, "mech") > 0 {
				where = append(where, pl.Name)
			}
		}
		for _, w := range where {
			out = append(out, Action{Outcome: "alpha", System: ip(sys.Pos), Planet: w}, Action{Outcome: "beta", System: ip(sys.Pos), Planet: w})
		}
	}
	return out
}

func icarusDrive(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if st == nil || len(st.Systems) == 0 || a.System == nil || !slices.ContainsFunc(icarusOptions(s, a.Seat, st), func(o Action) bool {
		return *o.System == *a.System && o.Planet == a.Planet && o.Outcome == a.Outcome
	}) {
		return nil, engine.Refuse("55", "remove one of your mechs (system, and planet or none for the space area) for an alpha or beta token")
	}
	ev := s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: *a.System, Planet: a.Planet, Unit: "mech", Count: 1})
	return moveCreussToken(s, ev, a.Outcome, a.Seat, st.Systems[0]), nil
}

// Emissary Taivra, the Creuss agent: after any player activates a system
// with a wormhole other than delta, exhausted: for that tactical action
// the system is adjacent to every system with a wormhole (6, 101).
func init() {
	define(&Ability{ID: "creuss:emissary_taivra", Since: RulesPoK, TacticalAid: AidHub,
		Uses: []*Use{{At: AfterAnyActivation, Exhaust: true, Options: taivraOptions, Resolve: passAbility}}})
}

func taivraOptions(s *State, _ int, st *Step) []Action {
	if st == nil || len(st.Systems) == 0 {
		return nil
	}
	pos := st.Systems[0]
	t := tileOf(s.System(pos))
	w := s.Wormholes(pos)
	for _, k := range []string{"alpha", "beta", "gamma"} {
		if t.HasWormhole(k) || slices.Contains(w, k) {
			return []Action{{}}
		}
	}
	return nil
}

// Riftwalker Meian, the Creuss hero: as an action, two systems on the
// board that hold a wormhole or Creuss units, neither the Creuss home
// system nor the wormhole nexus, trade places (system, to), each with all
// it holds; then purged (51.12).
func init() {
	define(&Ability{ID: "creuss:riftwalker_meian", Since: RulesPoK,
		Uses: []*Use{{At: AtAction, Fields: "system to", Options: meianOptions, Resolve: riftwalkerMeian}}})
}

// meianMay reports a system seat's hero may move.
func (s *State) meianMay(seat int, sys *System) bool {
	if sys == nil || sys.Pos == s.Players[seat].Home || sys.Tile == galaxy.NexusActive || sys.Tile == galaxy.NexusInactive || s.galaxy.Slot(sys.Pos) == nil {
		return false
	}
	return s.hasWormhole(sys.Pos) || s.unitsIn(sys.Pos, seat) > 0
}

func meianOptions(s *State, seat int, _ *Step) []Action {
	var may []int
	for _, sys := range s.Systems {
		if s.meianMay(seat, sys) {
			may = append(may, sys.Pos)
		}
	}
	slices.Sort(may)
	var out []Action
	for i, a := range may {
		for _, b := range may[i+1:] {
			out = append(out, Action{System: ip(a), To: ip(b)})
		}
	}
	return out
}

func riftwalkerMeian(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if a.System == nil || a.To == nil || *a.System == *a.To || !s.meianMay(a.Seat, s.System(*a.System)) || !s.meianMay(a.Seat, s.System(*a.To)) {
		return nil, engine.Refuse("51.10", "Riftwalker Meian swaps two systems (system, to) with a wormhole or your units, other than your home system and the wormhole nexus")
	}
	return s.emit(Event{Kind: EvSystemsSwapped, Seat: a.Seat, System: *a.System, Count: *a.To}, purgeHero(a.Seat)), nil
}

// Sai Seravus, the Creuss commander: after their ships move, a fighter
// from reinforcements is placed in the active system for each ship with a
// capacity value that may have come through a wormhole (throughWormhole),
// as the room left there allows (count: how many).
func init() {
	define(&Ability{ID: "creuss:sai_seravus", Since: RulesPoK,
		Uses: []*Use{{At: AfterAnyMove, Fields: "count", Options: seravusOptions, Resolve: saiSeravus}}})
}

// seravusMost is how many fighters Sai Seravus may place now for seat.
// The declarations are gone once the ships have moved: the window's Count
// records, as it opens, how many ships came through a wormhole.
func seravusMost(s *State, seat int, st *Step) int {
	t := s.Tactical
	if st == nil || st.Target == nil || *st.Target != seat || t == nil || t.Seat != seat {
		return 0
	}
	if t.Step == TacMovement && st != s.Step { // the window being opened, not one open
		st.Count = 0
		for _, m := range t.Moves {
			u := s.UnitCard(seat, m.Unit)
			if u.Capacity > 0 && s.throughWormhole(seat, m.Unit, m.From, t.System, u.Move+s.moveBonus()+s.originMove(seat, m.From)+m.Boost) {
				st.Count += m.Count
			}
		}
	}
	n := min(st.Count, s.Reinforcements(seat, "fighter"))
	for n > 0 && !s.roomAfterMove(t, n) {
		n--
	}
	return n
}

// roomAfterMove reports room in the active system, once the ships and
// cargo declared are there (the window opens as they are declared, and is
// answered once they have moved), for n more of the player's fighters
// (16.2, 37.1).
func (s *State) roomAfterMove(t *Tactical, n int) bool {
	l := s.loadIn(t.Seat, s.System(t.System))
	if t.Step == TacMovement {
		for _, m := range t.Moves {
			l.add(s, t.Seat, m.Unit, m.Count)
		}
		for _, c := range t.Cargo {
			l.add(s, t.Seat, c.Unit, c.Count)
		}
	}
	l.add(s, t.Seat, "fighter", n)
	return !l.over(s.fleetLimit(t.Seat))
}

func seravusOptions(s *State, seat int, st *Step) []Action {
	var out []Action
	for k := 1; k <= seravusMost(s, seat, st); k++ {
		out = append(out, Action{Count: k})
	}
	return out
}

func saiSeravus(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if most := seravusMost(s, a.Seat, st); a.Count < 1 || a.Count > most {
		return nil, engine.Refuse("16.2", "place from 1 to %d fighters: one for each ship with capacity that came through a wormhole, as the room in the system allows", most)
	}
	return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: s.Tactical.System, Unit: "fighter", Count: a.Count}), nil
}
