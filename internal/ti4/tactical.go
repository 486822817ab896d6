package ti4

import (
	"maps"
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// The tactical action (LRR 89): activation (5), movement (58, 57) with
// transport (95), capacity (16), the fleet pool (37) and anomalies (9, 11,
// 41, 59, 86), then invasion (49) and production (67, 68). Space cannon
// offense (77) and space combat (78) belong to the combat rules.

// Tactical is a tactical action under way.
type Tactical struct {
	Seat   int    `json:"seat"`
	System int    `json:"system"`
	Step   string `json:"step"`
	// Again: the system already held the player's token, activated by an
	// ability (Il Na Viroset): both tokens go back at the end.
	Again bool `json:"again,omitempty"`
	// Guest: performed in another player's turn by an ability (Z'eu),
	// whose turn ends with it.
	Guest bool    `json:"guest,omitempty"`
	Moves []Cargo `json:"moves,omitempty"` // ships declared to move (58.6)
	Cargo []Cargo `json:"cargo,omitempty"` // fighters and ground forces they carry
	// Ceasefire was played: no units move into the active system.
	Ceasefire bool `json:"ceasefire,omitempty"`
	// Cards played after activation: Flank Speed, Lost Star Chart, In the
	// Silence of Space (the systems whose ships may pass others' ships).
	MoveBonus  int   `json:"move_bonus,omitempty"`
	Friends    []int `json:"friends,omitempty"`     // players whose notes were in play at the start (Betray a Friend)
	PeaceAsked bool  `json:"peace_asked,omitempty"` // Minister of Peace was offered after this activation
	StarChart  bool  `json:"star_chart,omitempty"`
	// Conduit: the active system is adjacent to every system with the
	// active player's units (Spatial Conduit Cylinder).
	Conduit  bool  `json:"conduit,omitempty"`
	NavSuite bool  `json:"nav_suite,omitempty"`   // Nav Suite: anomalies have no effect on this movement
	Orb      bool  `json:"dominus_orb,omitempty"` // Dominus Orb: units move out of systems with the player's command tokens
	Silence  []int `json:"silence,omitempty"`
	// Cards: from rules version 13, the action cards that took effect
	// after this activation, of which a second of a name is refused (2.6b).
	Cards []string `json:"cards,omitempty"`
	// Passage: the players whose ships the active player's ships may pass
	// in this tactical action (Aetherpassage).
	Passage []int `json:"passage,omitempty"`
	// Rifts: the active player's ships roll for no gravity rift and gain
	// 1 more leaving one (Crucible).
	Rifts bool `json:"rifts,omitempty"`
	// Hub: the active system is adjacent to every system with a wormhole
	// (Emissary Taivra). MatchMove: one of the active player's ships may
	// move as far as the ship on the board with the highest move value
	// (Captain Mendosa).
	Hub       bool `json:"hub,omitempty"`
	MatchMove bool `json:"match_move,omitempty"`
	// GainedMecatol: the active player gained control of Mecatol Rex in
	// this tactical action (recorded from the third rules version).
	GainedMecatol bool `json:"gained_mecatol,omitempty"`
	// Gained: the planets the active player gained control of in this
	// tactical action (recorded from the sixth rules version).
	Gained []string `json:"gained,omitempty"`
	// Tokened: the planets given a token in this tactical action (a
	// sleeper placed after the activation is not awakened by it). Forced:
	// the planets where the active player's units were placed beside
	// another player's ground forces, and fight there in the invasion
	// step without being committed (Coalescence).
	Tokened []string `json:"tokened,omitempty"`
	Forced  []string `json:"forced,omitempty"`
	Production
}

// Production is units being produced in one system and what they cost.
type Production struct {
	Cost   int     `json:"cost,omitempty"` // resources owed for units produced
	Spent  int     `json:"spent,omitempty"`
	Made   int     `json:"made,omitempty"` // units produced, against the production limit (68.1)
	Less   int     `json:"less,omitempty"` // taken off the cost by abilities used while producing
	Placed []Cargo `json:"placed,omitempty"`
	// Freed: units of Placed an ability made cost nothing, by type
	// (Amalgamation): later units of their type are paid without them.
	Freed []Cargo `json:"freed,omitempty"`
	// Wide: ground forces produced go on any planet of the producer's in
	// the system or next to it (Trilossa Aun Mirik).
	Wide bool `json:"wide,omitempty"`
}

// production returns the production under way for seat, the system it is
// in, and its limit: a tactical action's production step (68.1a), or the
// Warfare secondary's single space dock in the home system (99.3).
func (s *State) production(seat int) (*Production, *System, int, error) {
	if st := s.Step; st != nil && st.Kind == StepWarfareProd {
		if st.Seat != seat {
			return nil, nil, 0, engine.Refuse("82.3", "seat %d is resolving an ability", st.Seat)
		}
		home := s.System(s.Players[seat].Home)
		return st.Prod, home, s.bestDock(seat, home), nil
	}
	if st := s.Step; st != nil && (st.Kind == StepIndustry || st.Kind == StepFreelance) {
		if st.Seat != seat {
			return nil, nil, 0, engine.Refuse("82.3", "seat %d is resolving an ability", st.Seat)
		}
		sys := s.System(st.Systems[0])
		if st.Kind == StepFreelance && st.Cap > 0 {
			return st.Prod, sys, 1 << 20, nil // any number, within the cost cap
		}
		if st.Kind == StepFreelance && st.Need > 0 {
			return st.Prod, sys, st.Need, nil // up to Need units (Duha Menaimon)
		}
		if st.Kind == StepFreelance {
			return st.Prod, sys, 1, nil // one unit, whatever produces there
		}
		return st.Prod, sys, s.productionLimit(seat, sys), nil
	}
	t, err := inTactical(s, seat, TacProduction)
	if err != nil {
		return nil, nil, 0, err
	}
	sys := s.System(t.System)
	return &t.Production, sys, s.productionLimit(seat, sys), nil
}

// bestDock is the greatest Production of one of seat's space docks in a system.
func (s *State) bestDock(seat int, sys *System) int {
	best := 0
	u := s.UnitCard(seat, "space_dock")
	for _, pl := range sys.Planets {
		if count(pl.Units, seat, "space_dock") > 0 {
			best = max(best, production(u, pl))
		}
	}
	if count(sys.Space, seat, "space_dock") > 0 { // a Floating Factory
		best = max(best, u.Production)
	}
	return best
}

// Cargo is some units of one type from (or to) one system.
type Cargo struct {
	From  int    `json:"from"`
	Unit  string `json:"unit"`
	Count int    `json:"count"`
	By    int    `json:"by,omitempty"` // cargo: the system whose moving ships carry it
	// cargo picked up from a planet in From rather than its space area
	Planet string `json:"planet,omitempty"`
	// Boost: added to the move of the one ship declared (Gravity Drive).
	Boost int `json:"boost,omitempty"`
	// Matched: the one ship declared moves as far as the board's fastest
	// (Tactical.MatchMove).
	Matched bool `json:"matched,omitempty"`
}

// boostExtra carries a declared ship's move boost, if any.
func boostExtra(n int) *Extra {
	if n == 0 {
		return nil
	}
	return &Extra{From: n}
}

// Tactical steps.
const (
	TacMovement   = "movement"
	TacInvasion   = "invasion"
	TacProduction = "production"
)

// Tactical action kinds.
const (
	ActActivate    = "activate"
	ActMoveShips   = "move_ships"
	ActTransport   = "transport"
	ActEndMovement = "end_movement"
	ActProduce     = "produce"
	ActEndTactical = "end_tactical"
)

// Tactical event kinds.
const (
	EvTacticalBegun = "tactical_action_begun"
	EvDeclared      = "movement_declared"
	EvRiftRoll      = "gravity_rift_roll"
	EvTacStep       = "tactical_step"
	EvProduced      = "produced"
	EvTacticalEnded = "tactical_action_ended"
	// EvConduitOpened: the active system is adjacent to every system with
	// the active player's units for the rest of the tactical action.
	EvConduitOpened = "conduit_opened"
	// EvForced: Seat's units placed on Planet, beside another player's
	// ground forces, fight there in the invasion step (Tactical.Forced).
	EvForced = "ground_combat_forced"
)

// Activation (89.1, 5): a command token from the tactic pool goes into a
// system that holds none of the player's tokens.
func decideActivate(s *State, a Action) ([]Event, error) {
	sys, err := checkActivate(s, a)
	if err != nil {
		return nil, err
	}
	p := s.Players[a.Seat]
	pools := Pools{p.Tactic - 1, p.Fleet, p.Strategy}
	again := slices.Contains(sys.Command, a.Seat) // an ability's (Il Na Viroset): no activation abilities answer it
	ev := s.tollEvents(a, s.activationToll(a.Seat, sys))
	if guesting(s, a.Seat) { // no token placed (Z'eu); the system counts as activated
		ev = s.extend(ev, Event{Kind: EvStepCleared, Seat: a.Seat}, Event{Kind: EvTacticalBegun, Seat: a.Seat, System: sys.Pos, Deck: StepGuest})
	} else {
		ev = s.extend(ev,
			Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &pools},
			Event{Kind: EvCommandToken, Seat: a.Seat, System: sys.Pos, Count: 1},
			Event{Kind: EvTacticalBegun, Seat: a.Seat, System: sys.Pos, Count: btoi(again)},
		)
	}
	ev = s.extend(ev, notesOnActivation(s, a.Seat, sys.Pos)...)
	if again {
		return ev, nil
	}
	ev = s.extend(ev, structureGuards(s, sys)...)
	if s.hasUse(a.Seat, AfterActivation) {
		ev = s.extend(ev, abilityWindows(s, a.Seat, AfterActivation, Step{Systems: []int{sys.Pos}})...)
	}
	ev = s.extend(ev, decoyWindows(s, a.Seat, sys)...)
	ev = s.extend(ev, othersActivated(s, a.Seat, sys)...) // the active player's first (1.19)
	return s.extend(ev, anyActivated(s, a.Seat, sys)...), nil
}

// structureGuards is the infantry each player whose ability says so places
// with each of their structures on the planets of a system just activated,
// as far as their reinforcements last (Ability.StructureGuards).
func structureGuards(s *State, sys *System) []Event {
	var ev []Event
	for _, q := range s.Active() {
		if !s.has(q, hookStructureGuards) {
			continue
		}
		left := s.Reinforcements(q, "infantry")
		for _, pl := range sys.Planets {
			n := 0
			for _, st := range pl.Units {
				if st.Owner == q && isStructure(st.Unit) {
					n += st.Count
				}
			}
			if n = min(n, left); n > 0 && !unitsBarred(pl) {
				left -= n
				ev = s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: q, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: n})
			}
		}
	}
	return ev
}

// anyTacticalEnded opens the windows of the abilities used at the end of
// any player's tactical action (AfterAnyTactical).
func anyTacticalEnded(s *State, active, pos int) []Event {
	return anyPlayersWindows(s, AfterAnyTactical, active, pos)
}

// anyActivated opens the windows of the abilities used after any player
// activates a system (AfterAnyActivation).
func anyActivated(s *State, active int, sys *System) []Event {
	return anyPlayersWindows(s, AfterAnyActivation, active, sys.Pos)
}

// anyPlayersWindows opens, for each player from the active one clockwise,
// the windows at a moment that follows any player's deed in the system at
// pos (the window's Target the active player).
func anyPlayersWindows(s *State, at Moment, active, pos int) []Event {
	var ev []Event
	for i := range s.Players {
		if q := (active + i) % len(s.Players); s.hasUse(q, at) && s.mayAnswer(q, at) {
			ev = s.extend(ev, abilityWindows(s, q, at, Step{Systems: []int{pos}, Target: ip(active)})...)
		}
	}
	return ev
}

// mayAnswer is the cheap test, before the windows are weighed with the
// deed in hand, that one of seat's uses at the moment may have something
// to do (Use.Ready without the window).
func (s *State) mayAnswer(seat int, at Moment) bool {
	for _, a := range s.abilityList(seat) {
		if u := s.usable(seat, a, at); u != nil && (u.Ready == nil || u.Ready(s, seat, nil)) {
			return true
		}
	}
	return false
}

// StepGuest: Seat is offered a tactical action in another player's turn,
// by an ability (Z'eu): they activate a non-home system without placing
// a command token, or decline (done); the turn's player's turn ends with
// it.
const StepGuest = "guest_tactical"

// guesting reports seat offered a tactical action by StepGuest.
func guesting(s *State, seat int) bool {
	st := s.Step
	return st != nil && st.Kind == StepGuest && st.Seat == seat && s.Phase == PhaseAction
}

// tacticalTurnEnd ends the turn a tactical action ends: its active
// player's, or, for one performed as a guest, the turn's player's.
func (s *State) tacticalTurnEnd() Event {
	if t := s.Tactical; t != nil && t.Guest {
		return Event{Kind: EvTurnEnded, Seat: s.Turn}
	}
	return Event{Kind: EvTurnEnded, Seat: s.Tactical.Seat}
}

// checkActivate is decideActivate's refusals, without building events:
// Legal asks it of every system.
func checkActivate(s *State, a Action) (*System, error) {
	guest := guesting(s, a.Seat)
	if err := checkTurn(s, a.Seat); err != nil && !guest {
		return nil, err
	}
	sys, _, err := where(s, a.System, "", "system")
	if err != nil {
		return nil, err
	}
	if guest {
		if s.IsHomeSystem(sys.Pos) {
			return nil, engine.Refuse("51.4", "a tactical action offered by an ability is performed in a non-home system")
		}
		if slices.Contains(sys.Command, a.Seat) {
			return nil, engine.Refuse("5.2", "you already have a command token in that system")
		}
		if err := s.asteroidHeld(sys, a.Seat); err != nil {
			return nil, err
		}
		return sys, s.payToll(a, s.activationToll(a.Seat, sys))
	}
	if slices.Contains(sys.Command, a.Seat) && (countOf(sys.Command, a.Seat) > 1 || !s.permits(a.Seat, PermitReactivate)) {
		return nil, engine.Refuse("5.2", "you already have a command token in that system")
	}
	if p := s.Players[a.Seat]; p.Tactic < 1 {
		return nil, engine.Refuse("20.4", "%s has no command token in the tactic pool", p)
	}
	if err := s.asteroidHeld(sys, a.Seat); err != nil {
		return nil, err
	}
	return sys, s.payToll(a, s.activationToll(a.Seat, sys))
}

// payToll checks that a pays toll influence with its spend (a unit's
// card asks it: activationToll, commitToll).
func (s *State) payToll(a Action, toll int) error {
	if toll == 0 {
		return nil
	}
	if _, err := s.pay(a.Seat, a.extra().Spend, toll, true); err != nil {
		return engine.Refuse("5", "another player's unit asks %d influence for that (spend): %v", toll, err)
	}
	return nil
}

// tollEvents are the events of a's payment of toll influence.
func (s *State) tollEvents(a Action, toll int) []Event {
	if toll == 0 {
		return nil
	}
	ev, _ := s.pay(a.Seat, a.extra().Spend, toll, true)
	return ev
}

// asteroidHeld refuses seat's activation of an asteroid field holding
// another player's ships whose ability keeps it from being activated
// (Chaos Mapping, 11).
func (s *State) asteroidHeld(sys *System, seat int) error {
	if s.anomaly(sys.Pos, "asteroid-field") {
		for _, st := range sys.Space {
			if st.Owner != seat && isShip(st.Unit) && s.permits(st.Owner, PermitAsteroidHold) {
				return engine.Refuse("11", "an asteroid field holding ships of seat %d's, which Chaos Mapping keeps from being activated", st.Owner)
			}
		}
	}
	return nil
}

func inTactical(s *State, seat int, stepName string) (*Tactical, error) {
	if err := stepPending(s); err != nil {
		return nil, err
	}
	t := s.Tactical
	if t == nil || t.Step != stepName {
		return nil, engine.Refuse("89", "that belongs to the %s step of a tactical action, which is not under way", stepName)
	}
	if t.Seat != seat {
		return nil, engine.Refuse("4", "seat %d is the active player", t.Seat)
	}
	return t, nil
}

// hasOthersShips reports another player's ships in a system's space.
func hasOthersShips(sys *System, seat int) bool {
	for _, st := range sys.Space {
		if st.Owner != seat && isShip(st.Unit) {
			return true
		}
	}
	return false
}

func (s *State) anomaly(pos int, a string) bool {
	return tileOf(s.System(pos)).HasAnomaly(a) || (a == "gravity-rift" && s.tearAt(pos) != None)
}

// tearAt is the owner of a space dock in the system at pos that makes it
// a gravity rift (a dimensional tear), or None.
func (s *State) tearAt(pos int) int {
	if s.rules() < RulesPoK {
		return None
	}
	for _, pl := range s.System(pos).Planets {
		for _, st := range pl.Units {
			if st.Unit == "space_dock" {
				if a := s.unitAbility(st.Owner, "space_dock"); a != nil && a.Tear {
					return st.Owner
				}
			}
		}
	}
	return None
}

// riftAt is what the system at pos adds to the move of seat's ship that
// leaves or passes through it (41.1), and whether the ship rolls for it
// (41.2): a dimensional tear's owner does not roll for it, and a player
// with a rift aid in this tactical action (Crucible) rolls for none and
// gains 1 more.
func (s *State) riftAt(seat, pos int, nav bool) (int, bool) {
	if nav || !s.anomaly(pos, "gravity-rift") {
		return 0, false
	}
	if t := s.Tactical; t != nil && t.Rifts && t.Seat == seat {
		return 2, false
	}
	roll := s.tearAt(pos) != seat || tileOf(s.System(pos)).HasAnomaly("gravity-rift")
	return 1, roll && !s.relicNoRiftRoll(seat)
}

// reach is the fewest gravity rifts a ship from `from` must leave to end in
// the active system within its move value, or -1 when it cannot get there
// (57.1, 58.4, 11.1, 41.1, 59, 86.1). Among paths, the one leaving the
// fewest rifts is taken.
func (s *State) reach(seat, from, to, move int) int { return s.reachOf(seat, "", from, to, move) }

// reachOf is reach for a ship of one type (unit), whose own ability may
// let it pass other players' ships (Y'sia Y'ssrila).
func (s *State) reachOf(seat int, unit string, from, to, move int) int {
	return s.reachBy(seat, unit, from, to, move, false)
}

// throughWormhole reports that a ship of seat's of a type may have moved
// from `from` into the active system `to` within move by a path through
// one or more wormholes: the player names the path (58.4), so any such
// legal path counts.
func (s *State) throughWormhole(seat int, unit string, from, to, move int) bool {
	return s.reachBy(seat, unit, from, to, move, true) >= 0
}

// reachBy is reachOf; with viaWormhole, among the paths through a
// wormhole only.
func (s *State) reachBy(seat int, unit string, from, to, move int, viaWormhole bool) int {
	silent := s.Tactical != nil && slices.Contains(s.Tactical.Silence, from)
	if unit != "" && s.has(seat, hookPassShips) { // the cached test first: movement asks often
		if a := s.unitAbility(seat, unit); a != nil && a.PassShips {
			silent = true
		}
	}
	blocked := func(pos int, end bool) bool {
		if silent && !end && hasOthersShips(s.System(pos), seat) {
			return s.blockedTerrain(seat, pos, end) // In the Silence of Space, or a ship that passes others
		}
		return s.blocked(seat, pos, end)
	}
	nav := s.navSuite(seat)
	m := s.moverOf(seat)
	if unit == "flagship" && s.has(seat, hookMechsAdjacent) {
		if a := s.unitAbility(seat, unit); a != nil && a.MechsAdjacent {
			m.mechs = true // Memoria
		}
	}
	if s.anomaly(from, "nebula") && !nav && !s.permits(seat, PermitNebulae) {
		move = 1 // 59.2
	}
	if blocked(to, true) {
		return -1
	}
	// Search over (system, moves left) for the fewest rift exits. Leaving a
	// rift adds one to the move value (41.1).
	type node struct {
		pos, left int
		wh        bool // a wormhole was crossed on the way (viaWormhole)
	}
	type mark struct {
		node
		rifts int
	}
	var bestBuf [64]mark
	best := bestBuf[:0] // each (system, moves left) reached, with its fewest rift exits: a few dozen at most
	at := func(n node) int {
		for i := range best {
			if best[i].node == n {
				return i
			}
		}
		return -1
	}
	var bufA, bufB [32]node
	frontier, next := append(bufA[:0], node{from, move, false}), bufB[:0]
	best = append(best, mark{node{from, move, false}, 0})
	result := -1
	for len(frontier) > 0 {
		next = next[:0]
		for _, n := range frontier {
			rifts := best[at(n)].rifts
			left := n.left
			if b, roll := s.riftAt(seat, n.pos, nav); b > 0 {
				left += b
				rifts += btoi(roll)
			}
			if left == 0 {
				continue
			}
			// Rifts that each give 2 moves (Crucible) would grow the moves
			// left without end; no path needs more steps than there are
			// systems, so the search stays finite.
			left = min(left, len(s.Systems))
			for _, q := range s.moveNeighbors(n.pos, m) {
				if q != to && blocked(q, false) {
					continue
				}
				wh := n.wh || (viaWormhole && s.wormholeStep(n.pos, q))
				if q == to && (!viaWormhole || wh) && (result < 0 || rifts < result) {
					result = rifts
				}
				m := node{q, left - 1, wh}
				if i := at(m); i < 0 {
					best = append(best, mark{m, rifts})
					next = append(next, m)
				} else if rifts < best[i].rifts {
					best[i].rifts = rifts
					next = append(next, m)
				}
			}
		}
		frontier, next = next, frontier
	}
	return result
}

// wormholeStep reports a move between two systems that do not touch
// and both hold a wormhole: through a wormhole (6.1).
func (s *State) wormholeStep(a, b int) bool {
	return !s.galaxy.Touching(a, b) && s.galaxy.HasWormhole(a, s.Wormholes) && s.galaxy.HasWormhole(b, s.Wormholes)
}

// navSuite reports Nav Suite played by seat in the tactical action under
// way: the movement ignores anomalies.
func (s *State) navSuite(seat int) bool {
	t := s.Tactical
	return t != nil && t.NavSuite && t.Seat == seat && t.Step == TacMovement
}

// mover is what a player's abilities change in the adjacency their ships
// move by.
type mover struct {
	// joined: every system with an alpha or a beta wormhole is adjacent to
	// every other, and no effect stops that (Quantum Entanglement).
	joined bool
	// gate: Mecatol Rex's system counts as having both (Lazax Gate
	// Folding), -1 for none.
	gate int
	// hub: the active system is adjacent to every system holding the
	// player's units (Spatial Conduit Cylinder), -1 for none.
	hub  int
	seat int
	// mechs: every system with the player's mechs is adjacent to the ship
	// (Memoria).
	mechs bool
}

// moverOf is seat's mover in the tactical action under way.
func (s *State) moverOf(seat int) mover {
	m := mover{joined: s.permits(seat, PermitWormholesJoined), gate: None, hub: None, seat: seat}
	if s.permits(seat, PermitMecatolGate) {
		if pl, _ := s.Planet(MecatolRex); pl != nil && pl.Controller != seat {
			m.gate = s.mecatolPos()
		}
	}
	if t := s.Tactical; t != nil && t.Seat == seat && t.Conduit {
		m.hub = t.System
	}
	return m
}

// moveNeighbors are the systems a ship may move to next: under Enforced
// Travel Ban alpha and beta wormholes do nothing during movement. For a
// mover whose systems with alpha or beta wormholes are all adjacent
// (joined), nothing stops that; the mover's gate and hub add theirs.
func (s *State) moveNeighbors(pos int, m mover) []int {
	var near []int
	switch {
	case m.joined:
		near = s.nexusSovereign(pos, s.galaxy.Neighbors(pos, s.Wormholes))
	case !s.lawSays(LawWormholesClosed):
		near = s.nexusSovereign(pos, s.galaxy.Neighbors(pos, s.Wormholes))
	default:
		near = s.galaxy.NeighborsExcept(pos, s.Wormholes, func(w string) bool { return w == "alpha" || w == "beta" })
	}
	if m.gate != None && !m.joined && s.lawSays(LawWormholesClosed) {
		m.gate = None // Enforced Travel Ban: the gate's wormholes do nothing either
	}
	if m.mechs {
		for _, sys := range s.Systems {
			if q := sys.Pos; q != pos && !slices.Contains(near, q) && s.mechsIn(sys, m.seat) {
				near = append(slices.Clip(near), q)
			}
		}
	}
	if !m.joined && m.gate == None && m.hub == None {
		return near
	}
	here := m.joined && s.alphaOrBeta(pos) || m.gate != None && (pos == m.gate || s.alphaOrBeta(pos))
	for _, sys := range s.Systems {
		q := sys.Pos
		if q == pos || slices.Contains(near, q) {
			continue
		}
		wormholed := here && (s.alphaOrBeta(q) || q == m.gate) && (m.joined || pos == m.gate || q == m.gate)
		hubbed := m.hub != None && ((pos == m.hub && s.unitsIn(q, m.seat) > 0) || (q == m.hub && s.unitsIn(pos, m.seat) > 0))
		if wormholed || hubbed {
			near = append(slices.Clip(near), q)
		}
	}
	return near
}

// blocked reports a system a ship cannot enter (end) or pass through.
func (s *State) blocked(seat, pos int, end bool) bool {
	return s.blockedTerrain(seat, pos, end) || (!end && s.othersShipsBar(pos, seat) && !s.permits(seat, PermitPastShips)) || // 58.4b
		(!end && s.walled(seat, pos))
}

// othersShipsBar reports other players' ships in the system at pos that
// bar seat's ships from passing (58.4b): any but those of players who let
// the active player through in this tactical action (Aetherpassage).
func (s *State) othersShipsBar(pos, seat int) bool {
	sys := s.System(pos)
	if t := s.Tactical; t == nil || len(t.Passage) == 0 || t.Seat != seat {
		return hasOthersShips(sys, seat)
	}
	return slices.ContainsFunc(sys.Space, func(st Stack) bool {
		return st.Owner != seat && isShip(st.Unit) && !slices.Contains(s.Tactical.Passage, st.Owner)
	})
}

// walled reports another player's structures in the system at pos that
// close it to seat's ships passing through (Aerie Hololattice).
func (s *State) walled(seat, pos int) bool {
	sys := s.System(pos)
	wall := func(st Stack) bool { return st.Owner != seat && isStructure(st.Unit) && s.has(st.Owner, hookWalls) }
	if slices.ContainsFunc(sys.Space, wall) {
		return true
	}
	for _, pl := range sys.Planets {
		if slices.ContainsFunc(pl.Units, wall) {
			return true
		}
	}
	return false
}

func hookWalls(a *Ability) bool { return a.Walls }

// blockedTerrain is blocked by anomalies alone.
func (s *State) blockedTerrain(seat, pos int, end bool) bool {
	switch {
	case s.navSuite(seat):
		return false
	case s.anomaly(pos, "supernova") && !s.permits(seat, PermitSupernovae):
		return true // 86.1
	case s.anomaly(pos, "asteroid-field") && !s.permits(seat, PermitAsteroidFields):
		return true // 11.1
	case s.anomaly(pos, "nebula") && !end && !s.lawSays(LawNebulaePassable) && !s.permits(seat, PermitNebulae):
		return true // 59.1a; Shared Research lets ships pass through
	}
	return false
}

// steps is the fewest moves from one system to another through systems a
// ship may pass, or -1.
func (s *State) steps(seat, from, to int) int {
	dist := map[int]int{from: 0}
	frontier := []int{from}
	m := s.moverOf(seat)
	for d := 1; len(frontier) > 0 && d <= 8; d++ {
		var next []int
		for _, p := range frontier {
			for _, q := range s.moveNeighbors(p, m) {
				if _, seen := dist[q]; seen {
					continue
				}
				if q == to {
					return d
				}
				if s.blocked(seat, q, false) {
					continue
				}
				dist[q] = d
				next = append(next, q)
			}
		}
		frontier = next
	}
	return -1
}

// via reports whether the ships declared from origin can pass through
// system p on their way to the active system (95.1): the slowest of them
// reaches p and then the active system within its move value.
func (s *State) via(seat int, t *Tactical, origin, p int) bool {
	move := 99
	for _, m := range t.Moves {
		if m.From == origin {
			v := s.UnitCard(seat, m.Unit).Move + s.moveBonus() + s.originMove(seat, origin)
			if s.rules() >= RulesFactions { // before, a ship's boost did not count for pickups; a game keeps its rules
				v += m.Boost
			}
			move = min(move, v)
		}
	}
	if s.anomaly(origin, "nebula") && !s.permits(seat, PermitNebulae) {
		move = 1 // 59.2
	}
	if s.blocked(seat, p, false) {
		return false
	}
	a, b := s.steps(seat, origin, p), s.steps(seat, p, t.System)
	return a > 0 && b > 0 && a+b <= move
}

// carriedBy is the capacity seat's cargo carried by the ships from by
// takes.
func (s *State) carriedBy(seat int, list []Cargo, by int) int {
	n := 0
	for _, c := range list {
		if c.By == by {
			n += s.cargoWeight(seat, c.Unit, c.Count)
		}
	}
	return n
}

// cargoWeight is the capacity n of seat's units of a type take: none for
// a unit whose ability says so (Aerie Sentinel), while a ship with
// capacity carries it or shares its space area.
func (s *State) cargoWeight(seat int, unit string, n int) int {
	if unit == "mech" && s.rules() >= RulesMechs {
		if a := s.unitAbility(seat, unit); a != nil && a.NoCapacity {
			return 0
		}
	}
	return n
}

func declared(list []Cargo, from int, unit string) int {
	n := 0
	for _, c := range list {
		if c.From == from && (unit == "" || c.Unit == unit) {
			n += c.Count
		}
	}
	return n
}

// fleetCount counts non-fighter ships of seat in a system's space (37.1).
func fleetCount(st []Stack, seat int) int {
	n := 0
	for _, x := range st {
		if x.Owner == seat && isShip(x.Unit) && x.Unit != "fighter" {
			n += x.Count
		}
	}
	return n
}

// movingFrom checks a declaration of the movement step and finds the
// system units move from.
func movingFrom(s *State, a Action) (*Tactical, *System, error) {
	t, err := inTactical(s, a.Seat, TacMovement)
	if err != nil {
		return nil, nil, err
	}
	from, _, err := where(s, a.System, "", "system")
	return t, from, err
}

// Declaring a ship's move (58.4, 58.6).
func decideMoveShips(s *State, a Action) ([]Event, error) {
	t, from, err := movingFrom(s, a)
	if err != nil {
		return nil, err
	}
	if !isShip(a.Unit) {
		return nil, engine.Refuse("58.4", "only ships move; %q is carried by ships", a.Unit)
	}
	if t.Ceasefire {
		return nil, engine.Refuse("69.1", "a Ceasefire was played: no units move into this system")
	}
	if err := checkCount(a.Count); err != nil {
		return nil, err
	}
	if from.Pos == t.System {
		return nil, engine.Refuse("58.4a", "those ships are already in the active system")
	}
	if s.shipHeld(a.Seat, from, a.Unit) {
		return nil, engine.Refuse("58.4c", "ships in a system with your command token cannot move")
	}
	// A fighter that moves on its own is not also carried (Fighter II).
	if have := count(from.Space, a.Seat, a.Unit) - declared(t.Moves, from.Pos, a.Unit) - loaded(t.Cargo, from.Pos, "", a.Unit); have < a.Count {
		return nil, engine.BadInput("count", "only %d %s there not yet declared", have, a.Unit)
	}
	u := s.UnitCard(a.Seat, a.Unit)
	if u.Move == 0 {
		return nil, engine.Refuse("57.1", "%s has no move value", u.Name)
	}
	boost, move, matched := 0, u.Move+s.moveBonus()+s.originMove(a.Seat, from.Pos), ""
	if s.reachOf(a.Seat, a.Unit, from.Pos, t.System, move) < 0 {
		// one ship may move further by an ability, once per tactical action
		boost = s.bonus(a.Seat, hookShipMove)
		if boost == 0 || a.Count != 1 || slices.ContainsFunc(t.Moves, func(m Cargo) bool { return m.Boost > 0 && !m.Matched }) ||
			s.reachOf(a.Seat, a.Unit, from.Pos, t.System, move+boost) < 0 {
			boost, matched = s.matchedBoost(t, a.Count, u.Move), declaredMatched
			if boost == 0 || s.reachOf(a.Seat, a.Unit, from.Pos, t.System, move+boost) < 0 {
				return nil, engine.Refuse("58.4", "%s cannot reach the active system (move %d, anomalies and other players' ships block the way)", u.Name, move)
			}
		}
	}
	if err := s.checkArrivals(a.Seat, t, a.Unit, a.Count); err != nil {
		return nil, err
	}
	return s.emit(Event{Kind: EvDeclared, Seat: a.Seat, System: from.Pos, Unit: a.Unit, Count: a.Count, Deck: matched, Extra: boostExtra(boost)}), nil
}

// declaredMatched, as EvDeclared's Deck: the ship moves as far as the
// board's fastest (Cargo.Matched).
const declaredMatched = "matched"

// matchedBoost is what one ship of printed move value move gains by matching the
// highest move value on the board (Tactical.MatchMove), once per tactical
// action: 0 if nothing.
func (s *State) matchedBoost(t *Tactical, n, move int) int {
	if !t.MatchMove || n != 1 || slices.ContainsFunc(t.Moves, func(m Cargo) bool { return m.Matched }) {
		return 0
	}
	fastest := 0
	for _, sys := range s.Systems {
		for _, st := range sys.Space {
			if isShip(st.Unit) {
				fastest = max(fastest, s.UnitCard(st.Owner, st.Unit).Move)
			}
		}
	}
	return max(0, fastest-move)
}

// checkArrivals refuses a declaration after which the ships and cargo
// declared, once in the active system with what is there, would be more
// than the fleet pool holds (37.1): non-fighter ships, and Fighter IIs
// beyond the capacity there (which the ships moving in bring).
func (s *State) checkArrivals(seat int, t *Tactical, typ string, n int) error {
	l := s.loadIn(seat, s.System(t.System))
	for _, m := range t.Moves {
		l.add(s, seat, m.Unit, m.Count)
	}
	for _, c := range t.Cargo {
		l.add(s, seat, c.Unit, c.Count)
	}
	l.add(s, seat, typ, n)
	if limit := s.fleetLimit(seat); l.fleetOver(limit) > 0 {
		return engine.Refuse("37.1", "%d more ships than the fleet pool holds (%d) would be in the active system", l.fleetOver(limit), limit)
	}
	return nil
}

// capacityOf sums the capacity of a player's ships in a stack list.
func (s *State) capacityOf(seat int, list []Cargo, from int) int {
	n := 0
	for _, c := range list {
		if c.From == from {
			n += s.UnitCard(seat, c.Unit).Capacity * c.Count
		}
	}
	return n
}

// Declaring what the moving ships carry (58.5, 95, 16.1): fighters and
// ground forces from the system the ships start in, or picked up in a
// system they pass through (95.1) that holds none of the player's command
// tokens (95.3), within their capacity. A pickup on the way is carried by
// the first origin's ships that can pass there with room to spare.
func decideTransport(s *State, a Action) ([]Event, error) {
	t, from, err := movingFrom(s, a)
	if err != nil {
		return nil, err
	}
	if a.Unit != "fighter" && !isGroundForce(a.Unit) {
		return nil, engine.Refuse("95.2", "ships carry fighters and ground forces only")
	}
	if err := checkCount(a.Count); err != nil {
		return nil, err
	}
	area := from.Space
	if a.Planet != "" { // 95.1: ground forces are picked up from planets too
		pl := planetIn(from, a.Planet)
		if pl == nil {
			return nil, engine.BadInput("planet", "%q is not in system %d", a.Planet, from.Pos)
		}
		if !isGroundForce(a.Unit) {
			return nil, engine.Refuse("95.2", "only ground forces are picked up from a planet")
		}
		area = pl.Units
	}
	have := count(area, a.Seat, a.Unit) - loaded(t.Cargo, from.Pos, a.Planet, a.Unit)
	if a.Planet == "" {
		have -= declared(t.Moves, from.Pos, a.Unit) // Fighter IIs moving on their own
	}
	if have < a.Count {
		return nil, engine.BadInput("count", "only %d %s there not yet declared", have, a.Unit)
	}
	need := s.cargoWeight(a.Seat, a.Unit, a.Count) // none for a unit that takes no capacity (Aerie Sentinel), though its carrier has some
	spare := func(o int) int {
		if c := s.capacityOf(a.Seat, t.Moves, o); c > 0 || need > 0 {
			return c - s.carriedBy(a.Seat, t.Cargo, o)
		}
		return -1
	}
	by := None
	switch {
	case declared(t.Moves, from.Pos, "") > 0:
		if spare(from.Pos) < need {
			return nil, engine.Refuse("16.1", "the ships moving from there can carry %d more", spare(from.Pos))
		}
		by = from.Pos
	case from.Pos == t.System && a.Planet == "":
		return nil, engine.BadInput("system", "those units are already in the active system")
	case from.Pos != t.System && s.tokenHolds(a.Seat, from):
		return nil, engine.Refuse("95.3", "units are not picked up from a system with your command token")
	default:
		for _, m := range t.Moves {
			if by == None && spare(m.From) >= need && (from.Pos == t.System || s.via(a.Seat, t, m.From, from.Pos)) {
				by = m.From
			}
		}
		if by == None {
			return nil, engine.Refuse("95.1", "no moving ship with room to spare starts in, passes through or enters that system")
		}
	}
	if err := s.checkArrivals(a.Seat, t, a.Unit, a.Count); err != nil {
		return nil, err // ground forces taking the room Fighter IIs would have
	}
	return s.emit(Event{Kind: EvDeclared, Seat: a.Seat, System: from.Pos, Planet: a.Planet, Unit: a.Unit, Count: a.Count, Deck: "cargo", Extra: &Extra{From: by}}), nil
}

// loaded counts cargo already declared from one space area or planet.
func loaded(list []Cargo, from int, planet, unit string) int {
	n := 0
	for _, c := range list {
		if c.From == from && c.Planet == planet && c.Unit == unit {
			n += c.Count
		}
	}
	return n
}

// End of the move ships step: every declared ship leaves its system and
// arrives together (58.6); ships leaving a gravity rift roll (41.2).
func decideEndMovement(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	t, err := inTactical(s, a.Seat, TacMovement)
	if err != nil {
		return nil, err
	}
	var ev []Event
	lost := map[int]int{} // capacity lost per origin to gravity rifts
	dm := s.damageMover(a.Seat)
	for _, m := range t.Moves {
		hurt := dm.take(m.From, "", m.Unit, m.Count)
		ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: m.From, Unit: m.Unit, Count: m.Count})
		u := s.UnitCard(a.Seat, m.Unit)
		rifts := s.reachOf(a.Seat, m.Unit, m.From, t.System, u.Move+s.moveBonus()+m.Boost+s.originMove(a.Seat, m.From))
		survive := m.Count
		for i := 0; i < m.Count; i++ {
			for r := 0; r < rifts; r++ {
				roll := rng.Die()
				ev = s.extend(ev, Event{Kind: EvRiftRoll, Seat: a.Seat, Unit: m.Unit, Count: roll})
				if roll <= 3 { // 41.2
					survive--
					lost[m.From] += u.Capacity
					break
				}
			}
		}
		if survive > 0 { // a rift takes the damaged ships first
			ev = s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: t.System, Unit: m.Unit, Count: survive, Extra: damagedExtra(hurt - (m.Count - survive))})
		}
	}
	var hurt []int // damaged among each cargo, under the rules that keep it
	if s.rules() >= RulesTechs {
		hurt = make([]int, len(t.Cargo))
	}
	for i, c := range t.Cargo {
		if hurt != nil {
			hurt[i] = dm.take(c.From, c.Planet, c.Unit, c.Count)
		}
		ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: c.From, Planet: c.Planet, Unit: c.Unit, Count: c.Count})
	}
	// Cargo of ships a rift removed goes with them (41.2b): the excess over
	// the surviving capacity from each origin, fighters first, then
	// infantry, then mechs.
	var capLost map[int]int // the capacity the rifts took, before the drops below count in lost
	if len(lost) > 0 {
		capLost = maps.Clone(lost)
	}
	for _, typ := range []string{"fighter", "infantry", "mech"} {
		for i, c := range t.Cargo {
			if c.Unit != typ {
				continue
			}
			drop := min(c.Count, max(0, s.carriedBy(a.Seat, t.Cargo, c.By)-(s.capacityOf(a.Seat, t.Moves, c.By)-lost[c.By])))
			if s.cargoWeight(a.Seat, c.Unit, 1) == 0 { // it takes no capacity, but goes if no ship with capacity is left
				drop = c.Count * btoi(s.capacityOf(a.Seat, t.Moves, c.By)-capLost[c.By] <= 0)
			}
			if drop > 0 {
				lost[c.By] += drop // each unit dropped frees one unit of excess
			}
			if c.Count-drop > 0 {
				placed := Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: t.System, Unit: c.Unit, Count: c.Count - drop}
				if hurt != nil {
					placed.Extra = damagedExtra(hurt[i] - drop)
				}
				ev = s.extend(ev, placed)
			}
		}
	}
	if len(t.Moves) > 0 && s.rules() >= RulesStorms {
		ev = s.extend(ev, flippedWormholes(s, a.Seat, t)...)
	}
	held := false
	if len(t.Moves) > 0 { // ships moved in
		n := len(ev)
		ev = s.extend(ev, anyPlayersWindows(s, AfterAnyMove, a.Seat, t.System)...)
		ev = s.extend(ev, movedInNotes(s, a.Seat, t.System)...)
		held = len(ev) > n && s.rules() >= RulesPoK
	}
	c := beginSpace(s, t)
	c.Combat.Held = held
	return s.extend(ev, Event{Kind: EvTacStep, Seat: a.Seat, Deck: TacCombat}, c), nil
}

// movedInNotes: a player who moved ships into the system at pos gives a
// note from their hand to each other player there whose ability asks it
// (MovedInNote), as they choose (StepGiveNote).
func movedInNotes(s *State, mover, pos int) []Event {
	var ev []Event
	for q := range s.Players {
		if q == mover || s.Players[q].Eliminated || len(s.Players[mover].Promissory) == 0 || s.unitsIn(pos, q) == 0 {
			continue
		}
		if ab := s.abilityWith(q, hookMovedInNote); ab != nil {
			ev = append(ev, queue(Step{Kind: StepGiveNote, Seat: mover, Card: ab.ID, Need: 1, Receiver: ip(q)}))
		}
	}
	return s.emit(ev...)
}

func hookMovedInNote(a *Ability) bool { return a.MovedInNote }

// TacCombat is the tactical action between movement and invasion: space
// cannon offense and space combat (89.2c, 89.3).
const TacCombat = "space_combat"

// nextTacStep skips steps with nothing to do: invasion needs planets in the
// active system; production needs a unit with Production there.
func nextTacStep(s *State, seat int, after string) string {
	sys := s.System(s.Tactical.System)
	if after == TacMovement && len(sys.Planets) > 0 {
		return TacInvasion
	}
	return TacProduction
}

// production is one unit's Production on pl (68.1): a space dock's value
// adds the planet's resources.
func production(u *data.Unit, pl *Planet) int {
	if u.ProductionPlus {
		return u.Production + planetInfo(pl).Resources
	}
	return u.Production
}

// productionLimit is the combined Production of seat's units in a system
// (68.1a): a space dock's value adds its planet's resources.
func (s *State) productionLimit(seat int, sys *System) int {
	n := s.supernovaProduction(seat, sys)
	for _, st := range sys.Space {
		if st.Owner == seat {
			if u := s.UnitCard(seat, st.Unit); u.HasProduction() {
				n += u.Production * st.Count
			}
		}
	}
	for _, pl := range sys.Planets {
		n += s.planetProduction(seat, pl)
		for _, st := range pl.Units {
			if st.Owner != seat {
				continue
			}
			if u := s.UnitCard(seat, st.Unit); u.HasProduction() {
				n += production(u, pl) * st.Count
			}
		}
	}
	return n
}

// planetProduction is the Production pl has for seat as if it were a
// unit: a planet with seat's structures (Aerie Hololattice), and Mecatol
// Rex by seat's planet card (MecatolProduction); or 0.
func (s *State) planetProduction(seat int, pl *Planet) int {
	n := 0
	if pl.Name == MecatolRex && pl.Controller == seat {
		n = s.bonus(seat, hookMecatolProduction)
	}
	if !slices.ContainsFunc(pl.Units, func(st Stack) bool { return st.Owner == seat && isStructure(st.Unit) }) {
		return n
	}
	return n + s.bonus(seat, hookStructuresProduction)
}

func hookStructuresProduction(a *Ability) int { return a.StructuresProduction }

// spendable is what seat could still pay: readied planets' resources and
// trade goods.
func (s *State) spendable(seat int) int { return s.payable(seat, false) }

// payable is spendable, with each planet's influence instead of its
// resources where that is more and influence may pay (Freelancers).
func (s *State) payable(seat int, influence bool) int {
	n := s.Players[seat].TradeGoods
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller == seat && !pl.Exhausted {
				n += s.planetWorth(seat, pl, influence)
			}
		}
	}
	return n
}

// planetWorth is what exhausting seat's planet can pay for production.
func (s *State) planetWorth(seat int, pl *Planet, influence bool) int {
	v := planetInfo(pl)
	if s.combines(seat) {
		return v.Resources + v.Influence
	}
	if influence {
		return max(v.Resources, v.Influence)
	}
	return v.Resources
}

// freelancing reports a production paid in influence too (Freelancers).
func (s *State) freelancing() bool {
	return s.Step != nil && s.Step.Kind == StepFreelance && !s.Step.ResourcesOnly
}

// Producing units (67, 68) in the active system.
func decideProduce(s *State, a Action) ([]Event, error) {
	t, sys, limit, err := s.production(a.Seat)
	if err != nil {
		return nil, err
	}
	if err := checkUnitType(a.Unit); err != nil {
		return nil, err
	}
	if err := checkCount(a.Count); err != nil {
		return nil, err
	}
	u := s.UnitCard(a.Seat, a.Unit)
	if u.Cost == 0 {
		return nil, engine.Refuse("26.3", "%s has no cost and cannot be produced", u.Name)
	}
	if u.ID == "war_sun" && !s.Players[a.Seat].HasTech("war_sun") {
		return nil, engine.Refuse("26.3", "the war sun has no cost until its technology is researched")
	}
	if limit == 0 {
		return nil, engine.Refuse("68.1", "no unit with Production in the active system")
	}
	if s.rules() >= RulesPrinted {
		limit -= s.producedProduction(a.Seat, t)
	}
	limit += s.smallNotCounted(a, t)
	if t.Made+a.Count > limit {
		return nil, engine.Refuse("68.1", "production limit %d reached (%d produced)", limit, t.Made)
	}
	if err := s.docksNoInfantry(a, t, sys); err != nil {
		return nil, err
	}
	if a.System != nil && *a.System != sys.Pos {
		dock, err := s.dockElsewhere(a)
		if err != nil {
			return nil, err
		}
		return s.produceAt(a, t, u, dock)
	}
	pl, place, err := s.producedOn(a, t, sys)
	if err != nil {
		return nil, err
	}
	switch {
	case isShip(a.Unit):
		if pl != nil {
			return nil, engine.Refuse("68.2", "ships are placed in the active system's space")
		}
		if hasOthersShips(sys, a.Seat) {
			return nil, engine.Refuse("67.6", "no ships are produced in a system with another player's ships")
		}
	case isGroundForce(a.Unit):
		if pl != nil && unitsBarred(pl) {
			return nil, unitsBarredErr(pl)
		}
		freelance := s.Step != nil && s.Step.Kind == StepFreelance // on a planet of the player's there
		if pl != nil && (pl.Controller != a.Seat || !(freelance || t.Wide || s.producesOn(a.Seat, pl))) {
			return nil, engine.Refuse("68.3", "ground forces go on a planet you control with a unit that has Production")
		}
		if pl == nil && (freelance || !s.producesInSpace(a.Seat, sys)) {
			return nil, engine.Refuse("68.4", "ground forces go in space only from a unit with Production in space")
		}
	default:
		return nil, engine.Refuse("26.3", "structures are not produced")
	}
	if !Unlimited(a.Unit) && s.Reinforcements(a.Seat, a.Unit) < a.Count {
		return nil, engine.Refuse("67.5", "only %d %s in reinforcements", s.Reinforcements(a.Seat, a.Unit), a.Unit)
	}
	if pl == nil { // in space: within the fleet pool and capacity, a dock's fighters counted (37.1, 16.2)
		switch rule := s.roomFor(a.Seat, sys, a.Unit, a.Count); rule {
		case "37.1":
			return nil, engine.Refuse(rule, "the fleet pool holds %d ships in a system", s.fleetLimit(a.Seat))
		case "16.2":
			return nil, engine.Refuse(rule, "capacity in the active system does not hold %d more %s", a.Count, a.Unit)
		}
	}
	cost := unitCost(u, a.Count, t, a.Unit, s.lawSays(LawUnitsCostFull))
	if a.Unit == "flagship" && s.has(a.Seat, hookFreeFlagship) {
		cost = 0
	}
	if st := s.Step; st != nil && st.Kind == StepFreelance {
		if len(st.Units) > 0 && !slices.Contains(st.Units, a.Unit) {
			return nil, engine.Refuse("1.3", "%s produces only %v", st.Card, st.Units)
		}
		if st.Cap > 0 && t.Cost+cost > st.Cap {
			return nil, engine.Refuse("1.3", "%s produces units costing %d at most in all", st.Card, st.Cap)
		}
	}
	if more := s.owedFor(a.Seat, t, cost) - t.Spent - s.payable(a.Seat, s.freelancing()); more > 0 {
		return nil, engine.Refuse("26.1", "these units cost %d more resources than can be spent", more)
	}
	ev := s.emit(
		Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: place.Pos, Planet: a.Planet, Unit: a.Unit, Count: a.Count},
		Event{Kind: EvProduced, Seat: a.Seat, Unit: a.Unit, Count: a.Count, Extra: &Extra{From: cost}},
	)
	return s.extend(ev, s.unlockOnProduce(a.Seat, a.Unit)...), nil
}

// producedOn is the planet a unit produced goes on (nil: the space area)
// and its system: one in the production's system, or, for ground forces
// where the production is Wide, one of the producer's next to it.
func (s *State) producedOn(a Action, t *Production, sys *System) (*Planet, *System, error) {
	if a.Planet == "" {
		return nil, sys, nil
	}
	if pl := planetIn(sys, a.Planet); pl != nil {
		return pl, sys, nil
	}
	if pl, at := s.Planet(a.Planet); t.Wide && isGroundForce(a.Unit) && pl != nil && pl.Controller == a.Seat && s.Adjacent(at.Pos, sys.Pos) {
		return pl, at, nil
	}
	return nil, nil, engine.BadInput("planet", "no planet %q in the active system", a.Planet)
}

// dockElsewhere is the system of a.System where seat's fighters or
// infantry produced go by an ability (DockPlacement): one with a space dock
// of theirs, not blockaded (14); infantry on the dock's planet, or in the
// space area with a dock there (Floating Factory), fighters in the space
// area.
func (s *State) dockElsewhere(a Action) (*System, error) {
	if !s.has(a.Seat, hookDockPlacement) {
		return nil, engine.Refuse("68.2", "units produced are placed in the active system")
	}
	if a.Unit != "fighter" && a.Unit != "infantry" {
		return nil, engine.Refuse("68.2", "only fighters and infantry go to another space dock")
	}
	sys := s.System(*a.System)
	if sys == nil {
		return nil, engine.BadInput("system", "no system at %d", *a.System)
	}
	docked := func(pl *Planet) bool { return count(pl.Units, a.Seat, "space_dock") > 0 }
	inSpace := count(sys.Space, a.Seat, "space_dock") > 0
	if !(inSpace || slices.ContainsFunc(sys.Planets, docked)) || len(s.Blockaders(a.Seat, sys)) > 0 {
		return nil, engine.Refuse("68.2", "a space dock of yours in system %d, not blockaded", sys.Pos)
	}
	switch pl := planetIn(sys, a.Planet); {
	case a.Unit == "fighter" && a.Planet != "":
		return nil, engine.Refuse("68.2", "fighters go in the space area")
	case a.Unit == "infantry" && a.Planet == "" && !inSpace:
		return nil, engine.Refuse("68.3", "infantry go where your space dock is: its planet")
	case a.Planet != "" && (pl == nil || !docked(pl)):
		return nil, engine.Refuse("68.3", "infantry go on the planet of your space dock")
	}
	return sys, nil
}

// produceAt places units produced at another space dock of seat's (sys):
// within reinforcements and capacity there, paid as any.
func (s *State) produceAt(a Action, t *Production, u *data.Unit, sys *System) ([]Event, error) {
	if a.Planet == "" { // in the space area: within capacity there (16.2)
		if rule := s.roomFor(a.Seat, sys, a.Unit, a.Count); rule != "" {
			return nil, engine.Refuse(rule, "no room for %d more %s in system %d", a.Count, a.Unit, sys.Pos)
		}
	}
	cost := unitCost(u, a.Count, t, a.Unit, s.lawSays(LawUnitsCostFull))
	if more := s.owedFor(a.Seat, t, cost) - t.Spent - s.payable(a.Seat, s.freelancing()); more > 0 {
		return nil, engine.Refuse("26.1", "these units cost %d more resources than can be spent", more)
	}
	return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: a.Planet, Unit: a.Unit, Count: a.Count},
		Event{Kind: EvProduced, Seat: a.Seat, Unit: a.Unit, Count: a.Count, Extra: &Extra{From: cost}}), nil
}

// smallNotCounted is how many of the fighters and infantry produced so far
// and in a, together, an ability keeps out of the production limit (68.1).
func (s *State) smallNotCounted(a Action, t *Production) int {
	free := s.bonus(a.Seat, hookFreeSmall)
	if free == 0 {
		return 0
	}
	n := declared(t.Placed, 0, "fighter") + declared(t.Placed, 0, "infantry")
	if a.Unit == "fighter" || a.Unit == "infantry" {
		n += a.Count
	}
	return min(free, n)
}

// unitCost is the cost of n more units of a type: units produced two for a
// cost are paid per pair, counting any odd one already produced (67.2);
// under Regulated Conscription each costs the full price.
// owedFor is what the units of a production, and more costing more, come
// to for seat, once its abilities' discounts on a use of Production are
// taken off (never below nothing).
func (s *State) owedFor(seat int, p *Production, more int) int {
	cost := p.Cost + more
	if cost <= 0 {
		return 0
	}
	return max(0, cost-s.bonus(seat, hookProductionDiscount)-p.Less)
}

func unitCost(u *data.Unit, n int, t *Production, typ string, conscription bool) int {
	per := max(1, u.Produces)
	if conscription {
		per = 1
	}
	before := declared(t.Placed, 0, typ) - declared(t.Freed, 0, typ)
	pairs := (before+n+per-1)/per - (before+per-1)/per
	return pairs * int(u.Cost)
}

// freedCost is what making one of the units of a type produced so far
// cost nothing takes off the cost: a whole pair's cost when it leaves the
// other of an odd pair alone (67.2).
func (s *State) freedCost(seat int, t *Production, typ string) int {
	left := *t
	left.Placed = []Cargo{{Unit: typ, Count: declared(t.Placed, 0, typ) - declared(t.Freed, 0, typ) - 1}}
	left.Freed = nil
	return unitCost(s.UnitCard(seat, typ), 1, &left, typ, s.lawSays(LawUnitsCostFull))
}

func (s *State) producesOn(seat int, pl *Planet) bool {
	if s.planetProduction(seat, pl) > 0 {
		return true
	}
	for _, st := range pl.Units {
		if st.Owner == seat && s.UnitCard(seat, st.Unit).HasProduction() {
			return true
		}
	}
	return false
}

// docksNoInfantry refuses infantry that only a space dock's Production
// could make, for a player whose docks produce none (68.1d): more than
// the other units' Production, or on a planet where only a dock produces
// (68.3). The Warfare secondary uses a dock alone (99.3); Freelancers no
// unit's Production.
func (s *State) docksNoInfantry(a Action, t *Production, sys *System) error {
	if a.Unit != "infantry" || !s.factionHas(a.Seat, hookDocksNoInfantry) {
		return nil
	}
	st := s.Step
	if st != nil && st.Kind == StepFreelance {
		return nil
	}
	limit := 0
	if st == nil || st.Kind != StepWarfareProd {
		limit = s.productionLimit(a.Seat, sys) - s.dockProduction(a.Seat, sys) - s.producedProduction(a.Seat, t)
	}
	made := 0
	for _, c := range t.Placed {
		if c.Unit == "infantry" {
			made += c.Count
		}
	}
	if made+a.Count > limit {
		return engine.Refuse("68.1", "your space docks produce no infantry: %d infantry from your other units' Production", limit)
	}
	if pl := planetIn(sys, a.Planet); pl != nil && !slices.ContainsFunc(pl.Units, func(u Stack) bool {
		return u.Owner == a.Seat && u.Unit != "space_dock" && s.UnitCard(a.Seat, u.Unit).HasProduction()
	}) {
		return engine.Refuse("68.3", "infantry go on a planet with a unit of yours, other than a space dock, that has Production")
	}
	return nil
}

// producedProduction is the Production of the units this production made
// (the Arborec's Letani Warriors): they were not there when it began, so
// they add nothing to it (68.1a), from rules version 4.
func (s *State) producedProduction(seat int, t *Production) int {
	n := 0
	for _, c := range t.Placed {
		if u := s.UnitCard(seat, c.Unit); u.HasProduction() {
			n += u.Production * c.Count
		}
	}
	return n
}

// dockProduction is the Production of seat's space docks in sys.
func (s *State) dockProduction(seat int, sys *System) int {
	n := 0
	u := s.UnitCard(seat, "space_dock")
	for _, pl := range sys.Planets {
		n += production(u, pl) * count(pl.Units, seat, "space_dock")
	}
	return n + u.Production*count(sys.Space, seat, "space_dock")
}

// supernovaProduction is the Production a supernova holding seat's units
// has for seat (Magmus Reactor Ω), or 0.
func (s *State) supernovaProduction(seat int, sys *System) int {
	if !s.anomaly(sys.Pos, "supernova") || s.unitsIn(sys.Pos, seat) == 0 {
		return 0
	}
	return s.bonus(seat, hookSupernovaProduction)
}

func hookSupernovaProduction(a *Ability) int { return a.SupernovaProduction }

func (s *State) producesInSpace(seat int, sys *System) bool {
	if s.supernovaProduction(seat, sys) > 0 {
		return true
	}
	for _, st := range sys.Space {
		if st.Owner == seat && s.UnitCard(seat, st.Unit).HasProduction() {
			return true
		}
	}
	return false
}

func decideSpendForProduction(s *State, a Action) ([]Event, error) {
	t, _, _, err := s.production(a.Seat)
	if err != nil {
		return nil, err
	}
	switch a.Kind {
	case ActSpendTG:
		if err := checkCount(a.Count); err != nil {
			return nil, err
		}
		if p := s.Players[a.Seat]; s.goods(a.Seat) < a.Count {
			return nil, engine.Refuse("93.4", "%s has only %d trade goods", p, s.goods(a.Seat))
		}
		return s.emit(append(s.spendGoods(a.Seat, a.Count), Event{Kind: EvSpent, Seat: a.Seat, Count: a.Count * s.tgWorth(a.Seat)})...), nil
	}
	pl, _, err := findPlanet(s, a.Planet)
	if err != nil {
		return nil, err
	}
	if pl.Controller != a.Seat {
		return nil, engine.Refuse("67.1a", "resources come from planets you control")
	}
	if pl.Exhausted {
		return nil, engine.Refuse("34.4", "%s is already exhausted", pl.Name)
	}
	v := s.exhaustWorth(a.Seat, pl, false)
	if a.Use { // influence as resources: Freelancers only
		if !s.freelancing() {
			return nil, engine.Refuse("67.1a", "production is paid with resources")
		}
		v = s.exhaustWorth(a.Seat, pl, true)
	}
	// A planet spent for less than it could pay must not leave the units
	// produced beyond what can still be paid: the production could then
	// never be paid for, nor end (67.1).
	if owed := s.owedFor(a.Seat, t, 0) - t.Spent - v; owed > 0 && owed > s.payable(a.Seat, s.freelancing())-s.planetWorth(a.Seat, pl, s.freelancing()) {
		return nil, engine.Refuse("67.1", "spending %s for %d would leave %d to pay, more than can still be spent", pl.Name, v, owed)
	}
	return s.emit(Event{Kind: EvPlanetExhausted, Seat: a.Seat, Planet: pl.Name}, Event{Kind: EvSpent, Seat: a.Seat, Count: v}), nil
}

// Ending the tactical action: production must be paid for (26.1, 67.1).
func decideEndTactical(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	t, err := inTactical(s, a.Seat, TacProduction)
	if err != nil {
		return nil, err
	}
	if owed := s.owedFor(a.Seat, &t.Production, 0); t.Spent < owed {
		return nil, engine.Refuse("67.1", "the units produced cost %d resources; %d spent", owed, t.Spent)
	}
	ev := s.emit(Event{Kind: EvTacticalEnded, Seat: a.Seat})
	if t.GainedMecatol && s.has(a.Seat, hookMecatolStructures) {
		ev = s.extend(ev, mecatolStructures(s, a.Seat)...)
	}
	if len(t.Gained) > 0 && s.hasUse(a.Seat, AfterTacticalGain) {
		ev = s.extend(ev, abilityWindows(s, a.Seat, AfterTacticalGain, Step{Systems: []int{t.System}, Cards: t.Gained})...)
	}
	if t.Made > 0 {
		ev = s.extend(ev, s.producedFollowUps(a.Seat, t.System)...)
	}
	if t.Made > 0 && s.hasUse(a.Seat, AfterProduction) {
		ev = s.extend(ev, abilityWindows(s, a.Seat, AfterProduction, Step{Systems: []int{t.System}})...)
	}
	// Dark Energy Tap: the active system's frontier token is explored by a
	// player with ships there (35.4).
	if sys := s.System(t.System); hasFrontier(sys) && hasShips(sys, a.Seat) && s.has(a.Seat, hookExploreFrontier) {
		ev = s.extend(ev, exploreFrontier(s, a.Seat, sys.Pos, rng)...)
	}
	ev = s.extend(ev, relicsAfterTactical(s, a.Seat)...)
	if t.Again && countOf(s.System(t.System).Command, a.Seat) == 2 { // both tokens back to reinforcements
		ev = s.extend(ev, Event{Kind: EvCommandToken, Seat: a.Seat, System: t.System, Count: -1}, Event{Kind: EvCommandToken, Seat: a.Seat, System: t.System, Count: -1})
	}
	ev = s.extend(ev, anyTacticalEnded(s, a.Seat, t.System)...)
	ev = s.extend(ev, s.tacticalTurnEnd())
	if law := s.lawGives(a.Seat, LawFightersPlusOne); law != "" && t.Made > 0 && declared(t.Placed, 0, "fighter") < 2 {
		ev = s.extend(ev, Event{Kind: EvLawDiscarded, Card: law}) // fewer than two fighters produced
	}
	return ev, nil
}

// producedFollowUps is what seat's abilities give after their units used
// Production in the system at pos (Ability.Produced).
func (s *State) producedFollowUps(seat, pos int) []Event {
	var ev []Event
	for _, ab := range s.abilityList(seat) {
		if ab.Produced != nil {
			ev = s.extend(ev, ab.Produced(s, seat, pos)...)
		}
	}
	return ev
}

func applyTactical(s *State, e *Event) bool {
	switch e.Kind {
	case EvTacticalBegun:
		s.Tactical = &Tactical{Seat: e.Seat, System: e.System, Step: TacMovement, Friends: s.friendsOf(e.Seat), Again: e.Count > 0, Guest: e.Deck == StepGuest}
	case EvDeclared:
		c := Cargo{From: e.System, Unit: e.Unit, Count: e.Count, Planet: e.Planet}
		if e.Deck == "cargo" {
			c.By = e.extra().From
			s.Tactical.Cargo = append(s.Tactical.Cargo, c)
		} else {
			if e.Extra != nil {
				c.Boost = e.Extra.From
			}
			c.Matched = e.Deck == declaredMatched
			s.Tactical.Moves = append(s.Tactical.Moves, c)
		}
	case EvRiftRoll:
	case EvForced:
		s.Tactical.Forced = appendUnique(s.Tactical.Forced, e.Planet)
	case EvTacStep:
		t := s.Tactical
		t.Step, t.Moves, t.Cargo = e.Deck, nil, nil
		if e.Deck == TacInvasion {
			s.Invasion = &Invasion{Seat: t.Seat, Pos: t.System, Forced: t.Forced}
		}
	case EvProduced:
		var t *Production
		if s.Step != nil && s.Step.Prod != nil {
			t = s.Step.Prod
		} else {
			t = &s.Tactical.Production
		}
		t.Made += e.Count
		t.Cost += e.extra().From
		t.Placed = append(t.Placed, Cargo{Unit: e.Unit, Count: e.Count})
	case EvTacticalEnded:
		s.Tactical = nil
	case EvConduitOpened:
		s.Tactical.Conduit = true
	default:
		return false
	}
	return true
}

// stepPending refuses other choices while a step waits on a player.
func stepPending(s *State) error {
	if st := s.Step; st != nil {
		if st.Kind == StepExcess {
			return engine.Refuse("16.3", "seat %d must first remove units in excess", st.Seat)
		}
		return engine.Refuse("82.3", "seat %d is resolving an ability", st.Seat)
	}
	return nil
}

// damageMover tells how many of the units leaving a stack are damaged
// (87): a part of a stack leaves with its undamaged units first. Under the
// first rules version moved units lost their damage, and a game keeps its
// rules, so there it tells none.
type damageMover struct {
	s    *State
	seat int
	gone map[stackKey]int // units already leaving each stack in this decision
}

type stackKey struct {
	pos          int
	planet, unit string
}

func (s *State) damageMover(seat int) damageMover {
	return damageMover{s: s, seat: seat}
}

// take counts n more units leaving a stack, and returns how many of them
// are damaged.
func (d *damageMover) take(pos int, planet, unit string, n int) int {
	if d.s.rules() < RulesTechs {
		return 0
	}
	sys := d.s.System(pos)
	stacks := sys.Space
	if pl := planetIn(sys, planet); pl != nil {
		stacks = pl.Units
	}
	healthy := 0
	for _, st := range stacks {
		if st.Owner == d.seat && st.Unit == unit {
			healthy = st.Count - st.Damaged
		}
	}
	if d.gone == nil {
		d.gone = map[stackKey]int{}
	}
	k := stackKey{pos, planet, unit}
	before := d.gone[k]
	d.gone[k] += n
	return max(0, before+n-healthy) - max(0, before-healthy)
}

// damagedExtra carries how many of the units placed are damaged, if any.
func damagedExtra(n int) *Extra {
	if n <= 0 {
		return nil
	}
	return &Extra{Damaged: n}
}
