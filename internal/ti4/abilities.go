package ti4

import (
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Abilities: each component's ability is one definition, found by the
// component's id; rules code asks the hook points below and never names a
// card. Technologies are defined in technologies.go.

// Ability is what one component changes. A field left zero changes
// nothing.
type Ability struct {
	ID string
	// Printed is the component as printed, where this definition is its
	// Codex version: played in games without the Codex, and in games of
	// rules versions before this one's Since (cardVersion).
	Printed *Ability
	// Since is the rules version the ability came in (Options.Rules): a
	// game set up under an earlier version plays without it, so that its
	// log replays as it was played. Later is what a later version added to
	// an ability that was there before.
	Since int
	Later *Ability
	// StatusCards: action cards drawn in the status phase beyond the one
	// every player draws (81.3).
	StatusCards int
	// StatusTokens: command tokens gained in the status phase beyond the
	// two every player gains (81.5).
	StatusTokens int
	// ProductionDiscount: taken off the combined cost of the units one use
	// of Production makes (68).
	ProductionDiscount int
	// Combat: what the ability changes in combat and in the steps around
	// it; the same value feeds the odds calculator (CombatTech).
	Combat combat.Tech
	// Odds: what the odds calculator takes the ability to do in a battle
	// when a side names it, where play resolves it by a choice in a window
	// (an agent used in the first round; a commander whose condition
	// holds). Play never reads it.
	Odds combat.Tech
	// ShipMove: added to the move value of one of its owner's ships in
	// each tactical action (58.4), the ship its owner moves needing it.
	ShipMove int
	// SecondAction: its owner may take a second action in each of its
	// turns of the action phase (3.1).
	SecondAction bool
	// GroundWonInfantry: infantry from reinforcements placed on a planet
	// whose ground combat its owner wins (42).
	GroundWonInfantry int
	// Votes: cast with its owner's votes on an outcome (8.6).
	Votes int
	// CombatMod: added to each of its owner's combat rolls, in space and
	// ground combat (78.5, 42.2), in play and in the odds (FactionCombatMod).
	CombatMod int
	// FreeSecondaries: strategy cards whose secondary ability its owner
	// uses without spending a command token (20.5).
	FreeSecondaries []string
	// PrimaryForSecondary: strategy cards whose primary ability its owner
	// resolves instead of the secondary, when it spends a command token for
	// the secondary (20.5).
	PrimaryForSecondary []string
	// WormholeMove: added, in its owner's tactical actions, to the move of
	// each ship that starts in its home system or in a system with an alpha
	// or beta wormhole (58.4).
	WormholeMove int
	// FleetBonus: added to the fleet pool's limit on non-fighter ships in
	// a system (37.1).
	FleetBonus int
	// GainPlanetTradeGoods: trade goods its owner gains on gaining control
	// of a planet (25).
	GainPlanetTradeGoods int
	// PrereqsIgnored: prerequisites ignored when its owner researches a
	// technology that is not a unit upgrade (90.12).
	PrereqsIgnored int
	// Prereq: a prerequisite of this colour its owner's research counts as
	// met (90.12).
	Prereq string
	// NoHandLimit: its owner keeps any number of action cards (2.8).
	NoHandLimit bool
	// MecatolStructures: after a tactical action in which its owner gained
	// Mecatol Rex, a PDS and a space dock placed there.
	MecatolStructures bool
	// StructureGuards: when any player activates a system with its owner's
	// structures on planets, an infantry from reinforcements is placed with
	// each of them, as far as reinforcements last.
	StructureGuards bool
	// TakesStructures: when its owner gains control of a planet, other
	// players' PDS and space docks there are replaced by its own, from
	// reinforcements (25).
	TakesStructures bool
	// DocksNoInfantry: its owner's space docks produce no infantry
	// (68.1d).
	DocksNoInfantry bool
	// RoundBombard: at the end of each ground combat round its owner, the
	// invader, bombards with its ships in the system (roundEndBombard).
	RoundBombard bool
	// DrawExtra: action cards its owner draws beyond those it is told to,
	// whenever it draws any, then discarding as many (drawACFrom).
	DrawExtra int
	// ResearchTokens: its owner researches no technology; each time it
	// would, it gains this many command tokens instead (90). Gaining a
	// technology is not researching it.
	ResearchTokens int
	// Produced: what follows, for its owner, after their units use
	// Production in the system at pos: in a tactical action, and from
	// rules version 10 in any production (an ability's step) too (67).
	Produced func(s *State, owner, pos int) []Event
	// CombatDone: what follows, for its owner, when a space combat it
	// fought ends with a winner (won or lost) (78.9).
	CombatDone func(s *State, owner int, won bool, c *Combat) []Event
	// StatusEnd: what follows, for its owner, at the end of the status
	// phase (81).
	StatusEnd func(s *State, owner int) []Event
	// NoSustainNear: other players' ships in the system with this unit
	// cannot use Sustain Damage (87).
	NoSustainNear bool
	// CommitsFighters: in an invasion of this unit's system, its owner's
	// fighters are committed to planets as ground forces, and go back to
	// the space area when the ground combats end (49.2).
	CommitsFighters bool
	// BombardsShields: Planetary Shield does not stop its owner's
	// bombardment (65.3).
	BombardsShields bool
	// PlanetVotes: each planet its owner exhausts to cast votes gives this
	// many more (8.6).
	PlanetVotes int
	// CombatModAt: what it adds to its owner's combat rolls in a combat in
	// the system at pos (56).
	CombatModAt func(s *State, seat, pos int) int
	// GroundAsShips: for the odds, which take them all, its owner's ground
	// forces in its space area fight in the space combat as ships (its
	// Use chooses them in play).
	GroundAsShips bool
	// RaisesDice: for the odds, its owner's trade goods give combat dice
	// +1 (its Use does it in play).
	RaisesDice bool
	// DeltaHere: the system with this unit has a delta wormhole (101).
	DeltaHere bool
	// PassShips: this ship moves through systems with other players' ships
	// (58.4b).
	PassShips bool
	// Revive: after a unit of this type is destroyed by a hit, its owner
	// rolls a die; on Revive or more it is set on its card and placed at
	// home at the start of their next turn (SetAside).
	Revive int
	// Returns: as Revive, with no die: each is set on its card.
	Returns bool
	// Lost: what follows, for its owner, after a unit of this type is
	// destroyed by a hit.
	Lost func(s *State, seat int) []Event
	// ShieldsDown: other players' units in the system with this unit
	// lose Planetary Shield (65); RoundRepair: it is repaired at the start
	// of each space combat round (87); DestroysAll: when it is destroyed,
	// every ship in its system is (Van Hauge).
	ShieldsDown, RoundRepair, DestroysAll bool
	// A flagship's combat rolls: OthersMod on its owner's other ships'
	// rolls in the combat (C'morran N'orr); DicePerShip: a die per
	// non-fighter ship of the opponent (Salai Sai Corian); NineHits more
	// hits for each 9 or 10 it rolls before modifiers (J.N.S. Hylarim).
	OthersMod   int
	DicePerShip bool
	NineHits    int
	// Directed: in space combat the hits of the flagship and of its
	// owner's dreadnoughts there land on non-fighter ships while there are
	// any ([0.0.1]).
	Directed bool
	// Mechs (55): NoSustainOnPlanet: other players' ground forces on this
	// unit's planet cannot use Sustain Damage (87); InfantryNoPenalty: its
	// owner's infantry on its planet are not lowered by its owner's
	// abilities that lower every combat roll; ModVs: added to this unit's
	// combat rolls in a combat against opp.
	NoSustainOnPlanet, InfantryNoPenalty bool
	// SustainsForShips: in a space combat this unit in the space area may
	// sustain damage to cancel a hit on its owner's ships there (87).
	SustainsForShips bool
	// CapturesInfantry: its owner's infantry destroyed on its planet are
	// captured by its owner (17).
	CapturesInfantry bool
	// ShipSide: the unit's card flips at the start of a space combat in
	// which it is in the space area: it fights in it as a ship with this
	// combat value (78).
	ShipSide combat.Roll
	// TradesPlanet: its owner may give the card of the planet it is on in
	// a transaction (94.3), their units there moving to another planet.
	TradesPlanet bool
	// NoCapacity: this unit takes no capacity while transported or in a
	// space area with its owner's ships that have capacity (16).
	NoCapacity bool
	// BombardsAsShip: this unit on a planet uses its Bombardment on the
	// other planets of its system as if it were a ship (15).
	BombardsAsShip bool
	// Walls: other players' ships do not move through systems with its
	// owner's structures (58); StructuresProduction: each planet with its
	// owner's structures has this Production for them, as a unit (68).
	Walls                bool
	StructuresProduction int
	// Tear: this space dock makes its system a gravity rift, for which
	// its owner's ships do not roll (41).
	Tear bool
	// Devours: its owner captures the units destroyed in combat: the
	// opponent's (a faction ability), or everyone's in this flagship's
	// system (17).
	Devours bool
	// TacticalAid: what using it gives the tactical action under way
	// (EvTacticalMod).
	TacticalAid string
	// NinesKillInfantry: each 9 or 10 this unit rolls for anti-fighter
	// barrage destroys an infantry of the opponent's in the space area.
	NinesKillInfantry bool
	// NoCannonHere: other players' space cannon does not fire at its
	// owner's ships in this flagship's system (77).
	NoCannonHere bool
	// NoBarrageHere: other players roll no anti-fighter barrage against
	// its owner's units in its system (10).
	NoBarrageHere bool
	// MechsAdjacent: this unit is adjacent to every system with its
	// owner's mechs (6).
	MechsAdjacent bool
	// OutcomeTG: trade goods its owner gains when an outcome they voted
	// for or predicted is resolved.
	OutcomeTG int
	// VotesFirst: its owner votes first in each agenda (8.2);
	// VotesPerPlayer: votes its owner adds, each time they vote, for each
	// player in the game (8.6).
	VotesFirst     bool
	VotesPerPlayer int
	// VotesPerTG: votes each trade good its owner spends while casting
	// votes buys (8.13 otherwise forbids it).
	VotesPerTG int
	// SupernovaProduction: each supernova holding its owner's units has
	// this Production for them (68).
	SupernovaProduction int
	// FleetFree: while its owner's hero is in play, neither the fleet pool
	// nor any law limits their non-fighter ships in a system (37).
	FleetFree bool
	// SustainTG: trade goods its owner gains after one of their units
	// sustains damage (87). StrategyTG: trade goods its owner gains after
	// spending a token from their strategy pool.
	SustainTG, StrategyTG int
	// AtStrategyStart: what its owner gains at the start of each strategy
	// phase, of itself (Council Patronage).
	AtStrategyStart func(s *State, owner int) []Event
	// ActivationToll: influence another player spends to activate the
	// system holding this unit (5). CommitToll: influence another player
	// spends, for each such unit, to commit ground forces to its planet
	// (49.2).
	ActivationToll, CommitToll int
	// ReadyExplored: after its owner explores a planet, the planet is
	// readied. MechDice: the dice more its owner's mechs in this flagship's
	// system roll in combat.
	ReadyExplored bool
	MechDice      int
	// SustainHit: after this unit sustains damage in a ground combat, one
	// hit on the opponent's ground forces on its planet.
	SustainHit bool
	// ForPDS: the unit deploys, with an infantry, in place of a PDS its
	// owner would place (30).
	ForPDS bool
	// GroundForce: the unit, a structure, is also a ground force (43, 83):
	// it fights in ground combats and holds its planet; it is never
	// transported.
	GroundForce bool
	// Peeks: its owner sees their neighbors' promissory notes in hand and
	// the top and bottom cards of the agenda deck (View.AgendaEnds).
	Peeks bool
	// FightsPlaced: its owner's units placed by an ability beside another
	// player's ground forces fight them in the invasion step (Tactical.Forced).
	FightsPlaced bool
	// Deploy: the unit has a deploy ability (30), which the faction
	// ability or moment it names offers while one is in reinforcements.
	Deploy bool
	ModVs  func(s *State, seat, opp int) int
	// OthersActivate: what follows, for its owner, when another player
	// (active) activates the system at pos holding the owner's ships.
	OthersActivate func(s *State, owner, active, pos int) []Event
	// WormholeHit: at the start of a space combat in a system with a
	// wormhole, one hit on an opponent's ship of its owner's choice (78.2).
	// Play only: the odds calculator knows no wormholes.
	WormholeHit bool
	// TradeGoodWorth: what each trade good its owner spends for resources
	// or influence is worth, when more than 1 (47.3, 75.3).
	TradeGoodWorth int
	// Assimilates: one more technology of another faction's its owner may
	// take the text of, when an ability of theirs would gain them another
	// player's technology (Valefar Assimilator, 90.16, 97.1a).
	Assimilates bool
	// NoVote: its owner casts no votes (8.16).
	NoVote bool
	// Predicted rewards its owner's prediction r, made by the ability, once
	// the agenda resolved as predicted (8.22).
	Predicted func(s *State, r Ballot, ag *AgendaStep) []Event
	// AfterComponent: after a component action of its owner's, one action
	// more in the turn, once (as SecondAction after any action).
	AfterComponent bool
	// PredictionPays: Predicted rewards the prediction whatever the
	// outcome (Odlynn Myrr).
	PredictionPays bool
	// GateTile: the tile that stands in its owner's home position, whose
	// home system stands off the board (the Creuss gate, 17; 101.4a).
	GateTile string
	// InitiativeZero: its owner is first in initiative order (48), while
	// no other player holds its "0" token.
	InitiativeZero bool
	// ExploreFrontier: after its owner's tactical action in a system with
	// a frontier token and its ships, the token is explored (35.4).
	ExploreFrontier bool
	// LostTradeGoods: trade goods its owner gains when one of its units of
	// a type is destroyed.
	LostTradeGoods map[string]int
	// Law: the rule changes a law makes while in play, for everyone;
	// Owned: for the player who owns it (laws.go).
	Law, Owned LawEffect
	// FreeFlagship: its owner's flagship costs nothing to produce (67).
	// FreeSmall: fighters and infantry, up to this many in a use of
	// Production, that do not count against its limit (68.1).
	FreeFlagship bool
	FreeSmall    int
	// FlagshipUnheld: while its owner's hero is in play, their flagship,
	// and what it carries, moves out of systems with their command tokens
	// (58.4c, 95.3).
	FlagshipUnheld bool
	// DockPlacement: fighters and infantry its owner produces may go to
	// any of their space docks that is not blockaded (68).
	DockPlacement bool
	// Attach: what the card, once attached to a planet, gives it (12).
	Attach *attachment
	// BarrageDamages: each anti-fighter barrage hit its owner produces
	// beyond the opponent's fighters damages one of the opponent's ships
	// that has Sustain Damage, its owner choosing (10).
	BarrageDamages bool
	// ExploresTwo: when its owner explores a planet with their mech, a
	// second card is drawn, and its Use chooses the one resolved (35).
	ExploresTwo bool
	// MovedInNote: after another player moves ships into a system with
	// its owner's units, that player gives its owner a promissory note of
	// their choice from their hand, if they hold any.
	MovedInNote bool
	// ExtraNotes: its owner's faction sets up with its further faction
	// notes (data PromissoryExtra).
	ExtraNotes bool
	// Edict: when its owner wins a combat, a command token from the
	// opponent's reinforcements goes into its owner's fleet pool
	// (Player.SheetTokens), one of each player at most. SheetCommanders:
	// its owner uses the unlocked commander of each player with a token
	// there (51.8).
	Edict, SheetCommanders bool
	// NoCommanderNotes: its owner's faction sets up without its own note
	// that lends its commander (purged), and no player gives them theirs.
	NoCommanderNotes bool
	// TakesTokenForSecondary: exhausted, it pays the token a secondary
	// ability costs its owner with one of the active player's command
	// tokens taken from the board (20.5).
	TakesTokenForSecondary bool
	// Agents: agents its owner's faction has beyond the one every faction
	// has (51.2), from its leaders in the data.
	Agents int
	// CombinedValues: its owner's planets exhausted pay their resources and
	// influence combined, as resources or as influence (Xxekir Grom).
	CombinedValues bool
	// CopiesAgents: this agent has the abilities of every other player's
	// agents (Ssruu): copies of them (agentCopy), each used by exhausting
	// this card.
	CopiesAgents bool
	// Card: the card exhausted to use the ability, when it is not its own
	// (a copy's: Ssruu's).
	Card string
	// CardGoods: its use puts trade goods on its card, its owner's when
	// the card readies (Player.CardGoods).
	CardGoods bool
	// CardPlanet: the planet card its owner gains with it, exhausted, held
	// off the board and never lost (cardplanets.go). While they control
	// Mecatol Rex, the planet has MecatolCannon and MecatolProduction for
	// them as a unit would (77, 68). ImperialTokens: command tokens its
	// owner gains when another player gains Imperial's point for Mecatol
	// Rex (45.2). NearMecatol: its owner and every player with units or
	// planets in or next to the Mecatol Rex system are neighbors (60).
	CardPlanet        string
	MecatolCannon     combat.Roll
	MecatolProduction int
	ImperialTokens    int
	NearMecatol       bool
	// Uses: how its owner uses it by a choice (abilityuse.go).
	Uses []*Use
	// Permits: what the ability lets its owner do that the rules forbid.
	Permits Permit
	// Exhausts: the ability is used by exhausting its card, which is
	// readied in the status phase (34.2). Only Combat effects that say so
	// (combat.Tech's doc) exhaust; the rest are always on.
	Exhausts bool
}

// Tactical aids (Ability.TacticalAid): the active player's ships pass the
// user's (58.4b), move 1 more (58.4), or roll for no gravity rift and
// gain 1 more from each (41).
// AidHub makes the active system adjacent to every system with a
// wormhole; AidMatch lets one ship move as far as the board's fastest.
const (
	AidPassage = "passage"
	AidMove    = "move"
	AidRifts   = "rifts"
	AidHub     = "hub"
	AidMatch   = "match"
)

// tacticalAid is the aid the ability or note id gives, or "".
func tacticalAid(id string) string {
	if d := lookup(id); d != nil {
		return d.TacticalAid
	}
	if n := promissoryNotes[id]; n != nil {
		return n.aid
	}
	return ""
}

// Permit is a set of permissions abilities grant.
type Permit uint16

// The permissions.
const (
	// PermitAsteroidFields: ships move into and through asteroid fields
	// (11.1).
	PermitAsteroidFields Permit = 1 << iota
	// PermitPastShips: ships move through systems that hold other
	// players' ships (58.4b).
	PermitPastShips
	// PermitVoteAlways: no effect keeps the player from voting (8.16).
	PermitVoteAlways
	// PermitFreeSpecialties: technology specialties count without
	// exhausting their planets, exhausted or not (90.14, 90.15).
	PermitFreeSpecialties
	// PermitRetreatToEmpty: ships retreat into an adjacent system without
	// other players' units though the player has nothing there (78.7).
	PermitRetreatToEmpty
	// PermitSupernovae: ships move into and through supernovae (86.1).
	PermitSupernovae
	// PermitScoreAwayFromHome: public objectives are scored without
	// controlling every planet of the home system (61.16).
	PermitScoreAwayFromHome
	// PermitTradeAnyone: transactions with players who are not neighbors
	// (94.1).
	PermitTradeAnyone
	// PermitFreeCustodians: the custodians token is removed without
	// spending influence (27.2).
	PermitFreeCustodians
	// PermitWormholesJoined: the player's ships move as if every system
	// with an alpha or a beta wormhole were adjacent to every other, and no
	// effect stops that.
	PermitWormholesJoined
	// PermitTradeActionCards: action cards are exchanged in the player's
	// transactions, as promissory notes are (94.3).
	PermitTradeActionCards
	// PermitAsteroidHold: other players cannot activate an asteroid field
	// holding the player's ships (5, 11).
	PermitAsteroidHold
	// PermitPassedSilent: in the player's turns, players who have passed
	// play no action cards (3.3).
	PermitPassedSilent
	// PermitMecatolGate: while the player does not control Mecatol Rex,
	// its system counts as having an alpha and a beta wormhole for the
	// player's movement.
	PermitMecatolGate
	// PermitNebulae: nebulae do not change the player's ships' movement
	// (59.1a, 59.2).
	PermitNebulae
	// PermitReactivate: in its owner's tactical actions, a system holding
	// one of their tokens may be activated; both tokens go back at the end
	// of the tactical action, with no activation abilities answering it.
	PermitReactivate
)

// othersActivated is what follows when active activates sys for the other
// players with ships there: their abilities that act then, and the
// windows of those used then by choice (AfterOthersActivate).
func othersActivated(s *State, active int, sys *System) []Event {
	var ev []Event
	for _, q := range s.Active() {
		if q == active || !shipsOf(sys, q) {
			continue
		}
		for _, a := range s.abilityList(q) {
			if a.OthersActivate != nil {
				ev = s.extend(ev, a.OthersActivate(s, q, active, sys.Pos)...)
			}
		}
		if s.hasUse(q, AfterOthersActivate) {
			ev = s.extend(ev, abilityWindows(s, q, AfterOthersActivate, Step{Systems: []int{sys.Pos}, Target: ip(active)})...)
		}
	}
	return ev
}

// permits reports whether one of seat's abilities, or a note in its play
// area, grants p.
func (s *State) permits(seat int, p Permit) bool {
	ok := false
	s.abilities(seat, func(a *Ability) { ok = ok || a.Permits&p != 0 })
	return ok || (len(s.Players[seat].NotesInPlay) > 0 && s.notePermits(seat, p)) || (len(s.Players[seat].Relics) > 0 && s.relicPermits(seat, p))
}

// playsCodex reports a game that plays the Codex's own components (its
// relics): from rules version 6, unless set up without the Codex.
func (s *State) playsCodex() bool { return s.rules() >= RulesMechs && !s.Options.NoCodex }

// cardVersion is the version of a component the game plays: its Codex
// version (a), or what was printed (a.Printed) in a game without the Codex
// or of a rules version before the Codex version's.
func (s *State) cardVersion(a *Ability) *Ability {
	if a != nil && a.Printed != nil && (s.Options.NoCodex || s.rules() < a.Since) {
		return a.Printed
	}
	return a
}

// definitions holds every component's ability by id.
var definitions = engine.Defs[*Ability]{}

func define(a *Ability) { definitions.Define("ability", a.ID, a) }

// abilities calls f with each ability seat has: its technologies and its
// faction's abilities, as the game's rules version has them.
func (s *State) abilities(seat int, f func(*Ability)) {
	for _, a := range s.abilityList(seat) {
		f(a)
	}
}

// abilCache is a seat's abilities and what they were found from: the
// technologies (the list's storage and length: a change to them makes a
// new list), the faction and the rules version.
type abilCache struct {
	techs   *string
	n       int
	copies  *string // the assimilated technologies (Valefar Assimilator), likewise
	nc      int
	faction string
	rules   int
	// the leaders' states (a commander or hero unlocked adds its ability),
	// and the commanders lent by Alliance notes (allied)
	commander, hero string
	allies          uint32
	plain           bool // Articles of War in play: mechs without their printed abilities
	// copier: the list copies other players' agents (Ssruu), so it
	// changes as players are eliminated (gone, a mask of seats).
	copier  bool
	gone    uint32
	list    []*Ability
	moments uint64 // the moments list's abilities have uses at (usesMoments)
}

// abilityList is seat's abilities, in order, looked up again only when
// its technologies, faction or rules version change.
func (s *State) abilityList(seat int) []*Ability {
	p := s.Players[seat]
	v := s.rules()
	var techs, copies *string
	if len(p.Techs) > 0 {
		techs = &p.Techs[0]
	}
	if len(p.Assimilated) > 0 {
		copies = &p.Assimilated[0]
	}
	c := &s.abil[seat%maxSeats]
	var allies uint32
	if (len(p.NotesInPlay) > 0 || len(p.SheetTokens) > 0) && v >= RulesLeaders {
		allies = s.allied(seat)
	}
	plain := v >= RulesMechs && len(s.Laws) > 0 && s.lawSays(LawMechsPlain)
	var gone uint32
	if c.copier {
		gone = s.eliminatedMask()
	}
	if c.list != nil && c.techs == techs && c.n == len(p.Techs) && c.copies == copies && c.nc == len(p.Assimilated) && c.faction == p.Faction && c.rules == v &&
		c.commander == p.Commander && c.hero == p.Hero && c.allies == allies && c.plain == plain && c.gone == gone {
		return c.list
	}
	list := make([]*Ability, 0, len(p.Techs)+3)
	for _, ids := range [2][]string{p.Techs, p.Assimilated} { // an assimilated technology's text is its copier's (90.16)
		for _, t := range ids {
			for a := s.cardVersion(definitions[t]); a != nil && a.Since <= v; a = a.Later {
				list = append(list, a)
			}
		}
	}
	if v >= RulesFactions { // no faction ability before its version
		for _, a := range factionDefs()[p.Faction] {
			for a = s.cardVersion(a); a != nil && a.Since <= v; a = a.Later {
				list = append(list, a)
			}
		}
		for _, typ := range unitTypes { // the abilities printed on the faction's units
			if u := s.UnitCard(seat, typ); u != nil && u.Faction != "" && !(plain && typ == "mech") {
				for a := s.cardVersion(definitions[u.ID]); a != nil && a.Since <= v; a = a.Later {
					list = append(list, a)
				}
			}
		}
	}
	if v >= RulesLeaders {
		list = s.alliedCommanders(allies, s.leaderAbilities(seat, list))
	}
	copier := slices.ContainsFunc(list, func(a *Ability) bool { return a.CopiesAgents })
	if copier {
		gone = s.eliminatedMask()
	}
	*c = abilCache{techs: techs, n: len(p.Techs), copies: copies, nc: len(p.Assimilated), faction: p.Faction, rules: v,
		commander: p.Commander, hero: p.Hero, allies: allies, plain: plain, copier: copier, gone: gone, list: list, moments: usesMoments(list)}
	return list
}

// eliminatedMask has a bit for each eliminated seat.
func (s *State) eliminatedMask() uint32 {
	var m uint32
	for q, p := range s.Players {
		if p.Eliminated {
			m |= 1 << q
		}
	}
	return m
}

// factionHas reports one of seat's faction abilities for which f holds:
// the cheap ask, for hot paths, of what no technology gives.
func (s *State) factionHas(seat int, f func(*Ability) bool) bool {
	for a := range s.factionLive(s.Players[seat].Faction) {
		if f(a) {
			return true
		}
	}
	return false
}

// factionLive yields faction's abilities as the game's rules version has
// them (none before faction abilities came in), whoever plays it.
func (s *State) factionLive(faction string) iter.Seq[*Ability] {
	return func(yield func(*Ability) bool) {
		v := s.rules()
		if v < RulesFactions {
			return
		}
		for _, a := range factionDefs()[faction] {
			for a = s.cardVersion(a); a != nil && a.Since <= v; a = a.Later {
				if !yield(a) {
					return
				}
			}
		}
	}
}

// factionSetUp is what faction's definitions say for f, whatever the
// rules version: the facts of its set-up and components (the Creuss gate,
// the Naalu "0" token), which every version has.
func factionSetUp[T comparable](faction string, f func(*Ability) T) T {
	var zero T
	for _, a := range factionDefs()[faction] {
		if v := f(a); v != zero {
			return v
		}
	}
	return zero
}

func hookGateTile(a *Ability) string        { return a.GateTile }
func hookNoVote(a *Ability) bool            { return a.NoVote }
func hookDrawExtra(a *Ability) int          { return a.DrawExtra }
func hookInitiativeZero(a *Ability) bool    { return a.InitiativeZero }
func hookDocksNoInfantry(a *Ability) bool   { return a.DocksNoInfantry }
func hookRoundBombard(a *Ability) bool      { return a.RoundBombard }
func hookTakesStructures(a *Ability) bool   { return a.TakesStructures }
func hookMecatolStructures(a *Ability) bool { return a.MecatolStructures }
func hookStructureGuards(a *Ability) bool   { return a.StructureGuards }

// factionDefs are each faction's defined abilities, looked up once, after
// every definition is registered.
var factionDefs = sync.OnceValue(func() map[string][]*Ability {
	out := map[string][]*Ability{}
	for faction, ids := range factionAbilities {
		for _, id := range ids {
			if a := definitions[id]; a != nil {
				out[faction] = append(out[faction], a)
			}
		}
	}
	return out
})

// factionAbilities are each faction's ability ids ("sol:versatile"), from
// the data.
var factionAbilities = func() map[string][]string {
	out := map[string][]string{}
	for _, f := range data.MustLoad().Factions {
		for _, name := range f.Abilities {
			out[f.ID] = append(out[f.ID], f.ID+":"+idOf(name))
		}
	}
	return out
}()

// bonus sums a hook point over the abilities seat has.
func (s *State) bonus(seat int, hook func(*Ability) int) int {
	n := 0
	s.abilities(seat, func(a *Ability) { n += hook(a) })
	return n
}

func hookStatusCards(a *Ability) int        { return a.StatusCards }
func hookStatusTokens(a *Ability) int       { return a.StatusTokens }
func hookProductionDiscount(a *Ability) int { return a.ProductionDiscount }
func hookShipMove(a *Ability) int           { return a.ShipMove }
func hookGroundWonInfantry(a *Ability) int  { return a.GroundWonInfantry }
func hookVotes(a *Ability) int              { return a.Votes }
func hookPlanetVotes(a *Ability) int        { return a.PlanetVotes }
func hookBombardsShields(a *Ability) bool   { return a.BombardsShields }
func hookResearchTokens(a *Ability) int     { return a.ResearchTokens }
func hookFreeFlagship(a *Ability) bool      { return a.FreeFlagship }
func hookFreeSmall(a *Ability) int          { return a.FreeSmall }
func hookFlagshipUnheld(a *Ability) bool    { return a.FlagshipUnheld }
func hookDockPlacement(a *Ability) bool     { return a.DockPlacement }

// tgWorth is what one trade good seat spends is worth in resources or
// influence: 1, or more by an ability.
func (s *State) tgWorth(seat int) int {
	w := 1
	s.abilities(seat, func(a *Ability) { w = max(w, a.TradeGoodWorth) })
	return w
}

// has reports an ability of seat's for which f holds.
func (s *State) has(seat int, f func(*Ability) bool) bool { return s.abilityWith(seat, f) != nil }

// abilityWith is the first of seat's abilities for which f holds, or nil.
func (s *State) abilityWith(seat int, f func(*Ability) bool) *Ability {
	for _, a := range s.abilityList(seat) {
		if f(a) {
			return a
		}
	}
	return nil
}

func hookExploreFrontier(a *Ability) bool { return a.ExploreFrontier }
func hookPeeks(a *Ability) bool           { return a.Peeks }

// placedWide marks an EvDiscounted that makes the production Wide.
const placedWide = "wide"

func hookReadyExplored(a *Ability) bool    { return a.ReadyExplored }
func hookNoCannonHere(a *Ability) bool     { return a.NoCannonHere }
func hookDevours(a *Ability) bool          { return a.Devours }
func hookMechsAdjacent(a *Ability) bool    { return a.MechsAdjacent }
func hookMechDice(a *Ability) bool         { return a.MechDice > 0 }
func hookWormholeHit(a *Ability) bool      { return a.WormholeHit }
func hookNoSustainNear(a *Ability) bool    { return a.NoSustainNear }
func hookNoSustainOn(a *Ability) bool      { return a.NoSustainOnPlanet }
func hookInfantryNoPen(a *Ability) bool    { return a.InfantryNoPenalty }
func hookCapturesInfantry(a *Ability) bool { return a.CapturesInfantry }
func hookTradesPlanet(a *Ability) bool     { return a.TradesPlanet }
func hookSustainTG(a *Ability) int         { return a.SustainTG }
func hookStrategyTG(a *Ability) int        { return a.StrategyTG }
func hookCommitsFighters(a *Ability) bool  { return a.CommitsFighters }
func hookDeltaHere(a *Ability) bool        { return a.DeltaHere }
func hookJoined(a *Ability) bool           { return a.Permits&PermitWormholesJoined != 0 }
func hookPassShips(a *Ability) bool        { return a.PassShips }
func hookRevive(a *Ability) bool           { return a.Revive > 0 || a.Returns }
func hookShieldsDown(a *Ability) bool      { return a.ShieldsDown }
func hookCombatDone(a *Ability) bool       { return a.CombatDone != nil }
func hookAssimilates(a *Ability) int       { return btoi(a.Assimilates) }
func hookNoHandLimit(a *Ability) bool      { return a.NoHandLimit }
func hookFleetBonus(a *Ability) int        { return a.FleetBonus }
func hookCombatMod(a *Ability) int         { return a.CombatMod }
func hookWormholeMove(a *Ability) int      { return a.WormholeMove }

// originMove is what abilities add to the move of seat's ships leaving
// pos.
func (s *State) originMove(seat, pos int) int {
	n := s.bonus(seat, hookWormholeMove)
	if n == 0 {
		return 0
	}
	if pos == s.Players[seat].Home {
		return n
	}
	if t := tileOf(s.System(pos)); t.HasWormhole("alpha") || t.HasWormhole("beta") {
		return n
	}
	for _, w := range s.Wormholes(pos) {
		if w == "alpha" || w == "beta" {
			return n
		}
	}
	return 0
}

// FactionCombatTech is what a faction's abilities change in combat
// besides its rolls' modifier (an ambush), for the odds calculator.
func FactionCombatTech(name string) (combat.Tech, error) {
	id, err := factionNamed(name)
	if err != nil {
		return combat.Tech{}, err
	}
	var t combat.Tech
	for _, a := range factionDefs()[id] {
		if len(a.Uses) == 0 { // one used by choice is named, as a technology is
			t = t.Or(combatEffects(a))
		}
	}
	return t, nil
}

// factionNamed is the id of a faction named by id or as players write it.
func factionNamed(name string) (string, error) {
	for _, f := range data.MustLoad().Factions {
		if strings.EqualFold(f.ID, name) || strings.EqualFold(f.Short, name) || strings.EqualFold(f.Name, name) {
			return f.ID, nil
		}
	}
	return "", fmt.Errorf("unknown faction %q", name)
}

// FactionCombatMod is what a faction's abilities add to its combat rolls,
// for the odds calculator: the same definitions play uses. The faction is
// named by id or as players write it ("sardakk", "Jol-Nar").
func FactionCombatMod(name string) (int, error) {
	id, err := factionNamed(name)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, aid := range factionAbilities[id] {
		for a := definitions[aid]; a != nil; a = a.Later {
			n += a.CombatMod
		}
	}
	return n, nil
}
func hookGainPlanetTG(a *Ability) int   { return a.GainPlanetTradeGoods }
func hookPrereqsIgnored(a *Ability) int { return a.PrereqsIgnored }

// fleetLimit is how many non-fighter ships seat may have in a system
// (37.1): its fleet pool's tokens, and what abilities add.
func (s *State) fleetLimit(seat int) int {
	n := s.Players[seat].Fleet + len(s.Players[seat].SheetTokens) + s.bonus(seat, hookFleetBonus) // others' tokens in the pool count (Edict)
	if s.Players[seat].Hero == InPlay && s.has(seat, hookFleetFree) {
		return max(n, fleetFree)
	}
	return n
}

// fleetFree is more non-fighter ships than a player has: the fleet pool
// does not limit them (Darktalon Treilla).
const fleetFree = 1000

func hookFleetFree(a *Ability) bool { return a.FleetFree }

// secondAction is the ability giving seat a second action, or "".
func (s *State) secondAction(seat int) string {
	id := ""
	s.abilities(seat, func(a *Ability) {
		if a.SecondAction || (a.AfterComponent && s.ComponentTurn) {
			id = a.ID
		}
	})
	return id
}

// lostTradeGoods is what seat gains when one of its units of type typ is
// destroyed.
func (s *State) lostTradeGoods(seat int, typ string) []Event {
	n := 0
	s.abilities(seat, func(a *Ability) { n += a.LostTradeGoods[typ] })
	if n == 0 {
		return nil
	}
	return []Event{{Kind: EvTradeGoods, Seat: seat, Count: n}}
}

// combatTech is what seat's abilities change in combat now: an
// exhaustible ability counts while its card is ready.
func (s *State) combatTech(seat int) combat.Tech {
	var t combat.Tech
	if seat < 0 || seat >= len(s.Players) {
		return t
	}
	p := s.Players[seat]
	s.abilities(seat, func(a *Ability) {
		if !a.Exhausts || !slices.Contains(p.ExhaustedTechs, a.ID) {
			t = t.Or(a.Combat)
		}
	})
	if c := s.Combat; c != nil && c.CombatExtra != nil && slices.Contains(c.Ambush, seat) {
		t.AbilityDice++ // a note played for this roll (Strike Wing Ambuscade)
	}
	if inv := s.Invasion; inv != nil && inv.Ambush && inv.Seat == seat && !inv.Bombarded && s.Combat == nil {
		t.AbilityDice++ // and for the bombardment
	}
	return t
}

// exhaustible is the ready exhaustible ability of seat whose combat
// effect f reports, or "".
func (s *State) exhaustible(seat int, f func(combat.Tech) bool) string {
	id := ""
	s.abilities(seat, func(a *Ability) {
		if a.Exhausts && f(a.Combat) && !slices.Contains(s.Players[seat].ExhaustedTechs, a.ID) {
			id = a.ID
		}
	})
	return id
}

// ParseCombatTech reads technology ids, comma-separated, for the odds
// calculator: what they change in combat, by the definitions play uses;
// faction abilities used by choice are named the same way (yin:devotion).
// An id that is none of these with an effect in combat is an error that
// lists those that are.
func ParseCombatTech(list string) (combat.Tech, error) {
	var t combat.Tech
	var named []string
	for _, id := range strings.Split(list, ",") {
		id = strings.TrimSpace(id)
		if id == "" {
			continue
		}
		base := strings.TrimSuffix(strings.TrimSuffix(id, NoCodexSuffix), UpgradedSuffix)
		if slices.Contains(named, base) {
			return combat.Tech{}, fmt.Errorf("%q is named twice (one version of a card at most)", base)
		}
		named = append(named, base)
		c := oddsOf(id)
		if c == (combat.Tech{}) {
			return t, fmt.Errorf("%q is no technology that acts in combat (%s)", id, strings.Join(CombatTechIDs(), ", "))
		}
		t = t.Or(c)
	}
	return t, nil
}

// UpgradedSuffix names, after a note that lends its owner's unit's values
// (The Cavalry), the unit upgraded: nomad:the_cavalry lends Memoria's,
// nomad:the_cavalry@upgraded Memoria II's.
const UpgradedSuffix = "@upgraded"

// lentValues is what lending faction's unit of type typ gives a ship in
// the odds: its combat and anti-fighter barrage rolls (and Sustain
// Damage); nothing for no type.
func lentValues(faction, typ string, upgraded bool) combat.Tech {
	if typ == "" {
		return combat.Tech{}
	}
	for _, u := range data.MustLoad().Units {
		if u.Faction == faction && u.Type == typ && (u.Level == 2) == upgraded {
			p := combat.FromUnit(u)
			return combat.Tech{LentCombat: p.Combat, LentAFB: p.AFB}
		}
	}
	return combat.Tech{}
}

// NoCodexSuffix names, after an id, the version of a component that games
// without the Codex play (Printed): the odds take x89_bacterial_weapon as
// the Codex IV card, x89_bacterial_weapon@no_codex as the Codex I one.
const NoCodexSuffix = "@no_codex"

// oddsVersion is the definition an id names in the odds: the current one,
// or the one games without the Codex play (NoCodexSuffix), or nil.
func oddsVersion(id string) *Ability {
	if base, ok := strings.CutSuffix(id, NoCodexSuffix); ok {
		if a := definitions[base]; a != nil {
			return a.Printed
		}
		return nil
	}
	return definitions[id]
}

// combatEffects is an ability's combat effects in the current rules.
func combatEffects(a *Ability) combat.Tech {
	var t combat.Tech
	for ; a != nil; a = a.Later {
		t = t.Or(a.Combat)
		t.Harrow = t.Harrow || a.RoundBombard // the odds' name for it
		t.BombardShields = t.BombardShields || a.BombardsShields
		if a.Attach != nil && a.Attach.cannon.Dice > 0 {
			t.PlanetCannon = a.Attach.cannon // the planet it is attached to, in the system
		}
	}
	return t
}

// oddsOf is what the component an id names does in the odds: a
// technology's, leader's or ability's definition (Combat and Odds), or a
// promissory note's; nothing for any other id.
func oddsOf(id string) combat.Tech {
	base, up := strings.CutSuffix(id, UpgradedSuffix)
	if n := promissoryNotes[base]; n != nil && (!up || n.lends != "") {
		return n.odds.Or(lentValues(noteOwner(base), n.lends, up))
	}
	if up {
		return combat.Tech{}
	}
	a := oddsVersion(id)
	if a == nil || !namedInOdds(strings.TrimSuffix(id, NoCodexSuffix)) {
		return combat.Tech{}
	}
	t := combatEffects(a)
	for ; a != nil; a = a.Later {
		t = t.Or(a.Odds)
	}
	return t
}

// namedInOdds reports an ability the odds take by its id: a technology,
// a leader (argent:trrakan_aun_zulok), or an ability used by choice (a
// faction's own, without choice, come with the faction).
func namedInOdds(id string) bool {
	a := definitions[id]
	return techInfo(id) != nil || isLeader(id) || (a != nil && len(a.Uses) > 0)
}

// isLeader reports a leader's definition id.
func isLeader(id string) bool {
	for _, l := range leaderDefs() {
		if slices.ContainsFunc(l.agents, func(a *Ability) bool { return a.ID == id }) ||
			(l.commander != nil && l.commander.ID == id) || (l.hero != nil && l.hero.ID == id) {
			return true
		}
	}
	return false
}

// CombatTechIDs lists the technologies (and abilities used by choice)
// that act in combat, sorted.
func CombatTechIDs() []string {
	var ids []string
	for id := range definitions {
		c := oddsOf(id)
		if c != (combat.Tech{}) {
			ids = append(ids, id)
		}
		if p := oddsOf(id + NoCodexSuffix); p != (combat.Tech{}) && p != c {
			ids = append(ids, id+NoCodexSuffix)
		}
	}
	for id, n := range promissoryNotes {
		if oddsOf(id) != (combat.Tech{}) {
			ids = append(ids, id)
		}
		if n.lends != "" {
			ids = append(ids, id+UpgradedSuffix)
		}
	}
	slices.Sort(ids)
	return ids
}

// Ability events.
const (
	EvTechExhausted = "technology_exhausted"  // Card: the technology; Seat: its owner
	EvUnitRepaired  = "unit_repaired"         // one damaged Unit of Seat's in System (on Planet) is repaired
	EvTechReadied   = "technology_readied"    // Card, of Seat's
	EvDiscounted    = "production_discounted" // Count taken off the cost of Seat's production under way
	// EvValuesSwapped: Planet's resource and influence values trade
	// places until the end of the turn.
	EvValuesSwapped = "planet_values_swapped"
	// EvAssimilated: Seat's assimilator token goes on another faction's
	// technology Card, the oldest token moving when none is free (90.16).
	EvAssimilated = "technology_assimilated"
	// EvAided: the ability Card is lent to Seat for the step they resolve
	// (Count 1), or used (Count -1): Step.Aids.
	EvAided = "aid_lent"
)

func applyAbilities(s *State, e *Event) bool {
	switch e.Kind {
	case EvAided:
		st := s.Step
		if e.Count > 0 {
			st.Aids = append(slices.Clone(st.Aids), e.Card)
		} else if i := slices.Index(st.Aids, e.Card); i >= 0 {
			st.Aids = slices.Delete(slices.Clone(st.Aids), i, i+1)
		}
	case EvTechExhausted:
		p := s.Players[e.Seat]
		p.ExhaustedTechs = append(slices.Clone(p.ExhaustedTechs), e.Card)
		s.agentSpent(e.Card)
	case EvAssimilated:
		p := s.Players[e.Seat]
		if len(p.Assimilated) >= s.bonus(e.Seat, hookAssimilates) && len(p.Assimilated) > 0 {
			p.Assimilated = append(slices.Clone(p.Assimilated[1:]), e.Card)
		} else {
			p.Assimilated = append(slices.Clone(p.Assimilated), e.Card)
		}
	case EvTechReadied:
		p := s.Players[e.Seat]
		p.ExhaustedTechs = slices.DeleteFunc(slices.Clone(p.ExhaustedTechs), func(t string) bool { return t == e.Card })
		if d := definitions[e.Card]; d != nil && (d.CardGoods || d.CopiesAgents) { // its goods, or those a copy of it put there (Ssruu's Artuno)
			s.cardGoodsBack(p)
		}
	case EvValuesSwapped:
		pl, _ := s.Planet(e.Planet)
		pl.Swapped = true
		s.Swaps = append(slices.Clip(s.Swaps), pl.Name)
	case EvDiscounted:
		if prod, _, _, err := s.production(e.Seat); err == nil {
			prod.Less += e.Count
			prod.Wide = prod.Wide || e.Deck == placedWide
			if e.Unit != "" { // a unit of the type freed (Amalgamation)
				prod.Freed = append(slices.Clip(prod.Freed), Cargo{Unit: e.Unit, Count: 1})
			}
		}
	case EvUnitRepaired:
		sys := s.System(e.System)
		stacks := sys.Space
		if pl := planetIn(sys, e.Planet); pl != nil {
			stacks = pl.Units
		}
		for i := range stacks {
			if stacks[i].Owner == e.Seat && stacks[i].Unit == e.Unit && stacks[i].Damaged > 0 {
				stacks[i].Damaged--
				break
			}
		}
	default:
		return false
	}
	return true
}

// unswap ends the turn's swaps.
func (s *State) unswap() {
	for _, name := range s.Swaps {
		if pl, _ := s.Planet(name); pl != nil {
			pl.Swapped = false
		}
	}
	s.Swaps = nil
}
