// Package ti4 is the Twilight Imperium 4 + Prophecy of Kings module for the
// engine: the game state, its actions and events, setup, and the rules, one
// file per LRR topic.
package ti4

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/mecatol/mecatol/internal/ti4/data"
	"github.com/mecatol/mecatol/internal/ti4/galaxy"
)

// None marks "no player" where a seat is expected.
const None = -1

// Stack is some units of one type and owner in one place.
type Stack struct {
	Owner   int    `json:"owner"`
	Unit    string `json:"unit"` // generic type: carrier, infantry, space_dock, ...
	Count   int    `json:"count"`
	Damaged int    `json:"damaged,omitempty"`
}

// Planet is a planet on the board and its card.
type Planet struct {
	Name         string   `json:"name"`
	Controller   int      `json:"controller"` // None: the card is in the planet deck
	Exhausted    bool     `json:"exhausted,omitempty"`
	ControlToken bool     `json:"control_token,omitempty"`
	Units        []Stack  `json:"units,omitempty"`
	Attachments  []string `json:"attachments,omitempty"`
	Tokens       []Token  `json:"tokens,omitempty"` // a faction's tokens on the planet (the Titans' sleepers)
	// Swapped: its resource and influence values trade places until the
	// end of the turn (Hegemonic Trade Policy).
	Swapped bool `json:"swapped,omitempty"`
	// OffBoard: a planet card held off the board (cardplanets.go).
	OffBoard bool `json:"off_board,omitempty"`
}

// Token is a token on a system: a frontier token, a wormhole token, ...
type Token struct {
	Kind  string `json:"kind"`
	Owner int    `json:"owner"` // None for neutral tokens
}

// System is a system on or off the board.
type System struct {
	Pos     int       `json:"pos"`
	Tile    string    `json:"tile"`
	Space   []Stack   `json:"space,omitempty"`
	Planets []*Planet `json:"planets,omitempty"`
	Command []int     `json:"command,omitempty"` // seats with a command token here
	Tokens  []Token   `json:"tokens,omitempty"`

	tile *data.Tile // the card for Tile, looked up once (see tileOf)
}

// Captive is a unit held on a capturer's faction sheet (LRR 17.1). Owner is
// None for captured fighters and infantry, which belong to no one (17.4).
type Captive struct {
	Owner int    `json:"owner"`
	Unit  string `json:"unit"`
	Count int    `json:"count"`
}

// Leader states.
const (
	Locked   = "locked"
	Unlocked = "unlocked"
	Purged   = "purged"
	// InPlay: a hero whose card lies near the board until the end of the
	// round, its ability lasting so long (Darktalon Treilla).
	InPlay = "in_play"
)

// Player is one seat. Seats are numbered clockwise around the table.
type Player struct {
	Seat    int    `json:"seat"`
	Faction string `json:"faction"`
	// HomeOf: the faction whose home system this one took (the Council
	// Keleres' The Tribuni), and whose hero it has.
	HomeOf     string `json:"home_of,omitempty"`
	Color      string `json:"color"`
	Eliminated bool   `json:"eliminated,omitempty"`
	Home       int    `json:"home"`                // position of the home system; stays after elimination (33 note 2)
	AutoPass   bool   `json:"auto_pass,omitempty"` // passes forced window answers at once (autopass.go)

	Tactic   int `json:"tactic"`
	Fleet    int `json:"fleet"`
	Strategy int `json:"strategy"`

	Techs       []string `json:"techs"`
	Commodities int      `json:"commodities"`
	TradeGoods  int      `json:"trade_goods"`
	// CardGoods: trade goods on an agent's card of theirs, theirs when it
	// readies (Ability.CardGoods).
	CardGoods int `json:"card_goods,omitempty"`
	// CommodityGoods: they may spend commodities as trade goods in their
	// next payment that takes them (Xander Alexin Victori III).
	CommodityGoods bool `json:"commodity_goods,omitempty"`
	VP             int  `json:"vp"`

	StrategyCards   []string  `json:"strategy_cards,omitempty"`
	UsedStrategy    []string  `json:"used_strategy,omitempty"` // strategy cards exhausted this round (82.2)
	Passed          bool      `json:"passed,omitempty"`
	ActionCards     []string  `json:"action_cards,omitempty"`
	Secrets         []string  `json:"secrets,omitempty"`
	ScoredSecrets   []string  `json:"scored_secrets,omitempty"`
	SecretChoice    []string  `json:"secret_choice,omitempty"` // dealt at setup, one to keep (61.20)
	Publics         []string  `json:"publics,omitempty"`       // public objectives scored
	ImperialVP      int       `json:"imperial_vp,omitempty"`   // points from Imperial for holding Mecatol Rex (45.2)
	Custodian       bool      `json:"custodian,omitempty"`     // took the custodians token (27.3)
	KeepStrategy    bool      `json:"keep_strategy,omitempty"` // Political Stability: keeps its strategy cards this status phase
	TradedWith      []int     `json:"traded_with,omitempty"`   // neighbors transacted with this turn (94.1)
	Feats           []string  `json:"feats,omitempty"`         // this turn's deeds for action-phase secrets
	Promissory      []string  `json:"promissory,omitempty"`    // "<owner faction>:<note>"
	NotesInPlay     []string  `json:"notes_in_play,omitempty"` // promissory notes face up in this player's play area
	AgendaVP        int       `json:"agenda_vp,omitempty"`     // points gained (or lost) through agendas
	CardVP          int       `json:"card_vp,omitempty"`       // points from action cards (Imperial Rider)
	FloorVP         int       `json:"floor_vp,omitempty"`      // points lost below 0 that the track could not take (98.3)
	RelicFragments  []string  `json:"relic_fragments,omitempty"`
	Relics          []string  `json:"relics,omitempty"`
	PlayArea        []string  `json:"play_area,omitempty"` // exploration cards kept in play (Enigmatic Device)
	ExhaustedRelics []string  `json:"exhausted_relics,omitempty"`
	ExhaustedTechs  []string  `json:"exhausted_techs,omitempty"` // readied in the status phase (34.2)
	Captured        []Captive `json:"captured,omitempty"`
	// Predicted: the round whose agenda phase saw this player predict an
	// outcome by an ability (Galactic Threat: once per agenda phase).
	Predicted int    `json:"predicted,omitempty"`
	Commander string `json:"commander"`
	// Hero: "" while locked, then Unlocked, then Purged (51.9).
	Hero string `json:"hero,omitempty"`
	// Command tokens of other seats on this (Mahact) faction sheet.
	SheetTokens []int `json:"sheet_tokens,omitempty"`
	// Technologies this (Nekro) player gained with assimilator tokens.
	Assimilated []string `json:"assimilated,omitempty"`
	// SetAside: infantry destroyed and set on their upgrade's card, to be
	// placed at home at the start of the player's next turn.
	SetAside int `json:"set_aside,omitempty"`
}

// Invasion is an invasion in progress (LRR 49); while it lasts, control of
// the invaded system's planets waits for the Establish Control step (25.5b).
type Invasion struct {
	Seat       int      `json:"seat"`
	Pos        int      `json:"pos"`
	Committed  []string `json:"committed,omitempty"` // planets ground forces were committed to
	From       []string `json:"from,omitempty"`      // planets a ground force was committed from (G'hom Sek'kus)
	Forced     []string `json:"forced,omitempty"`    // planets fought on without a commit (Tactical.Forced)
	Bombarded  bool     `json:"bombarded,omitempty"`
	Custodians bool     `json:"custodians,omitempty"` // the custodians token was taken in this invasion
	Disabled   bool     `json:"disabled,omitempty"`   // Disable: opponents' PDS lose Planetary Shield and Space Cannon
	Ambush     bool     `json:"ambush,omitempty"`     // the bombardment has a die more (Strike Wing Ambuscade)
	// Windows for cards answering the invasion (invasioncards.go).
	Started         bool     `json:"started,omitempty"` // the start-of-invasion windows were opened
	Ask             *Answer  `json:"ask,omitempty"`     // the window open now
	Asks            []Answer `json:"asks,omitempty"`    // windows still to open, in order
	Bunker          []int    `json:"bunker,omitempty"`  // players who played Bunker
	InfiltrateAsked bool     `json:"infiltrate_asked,omitempty"`
	Infiltrate      bool     `json:"infiltrate,omitempty"`   // structures are taken over, not destroyed
	Established     bool     `json:"established,omitempty"`  // control is established; the windows close it
	CommitsDone     bool     `json:"commits_done,omitempty"` // the invader is done committing; Parley windows are open
	// ShipsHome: the invasion was skipped to (Sh'val): no bombardment, and
	// once the commits are done the active player's ships in the system go
	// back to reinforcements and their hero is purged.
	ShipsHome bool `json:"ships_home,omitempty"`
	// Next: planets of other systems where the invader placed ground
	// forces by an ability (Dannel of the Tenth), invaded one system after
	// the other once this one is done (EvInvasionBegun with Placed).
	Next []string `json:"next,omitempty"`
}

// ZeroToken is the Naalu "0" token held by another player.
type ZeroToken struct {
	Holder  int  `json:"holder"`
	Expires bool `json:"expires,omitempty"` // removed at the end of this status phase (33.10.3)
}

// Decks are the common decks, top card first.
type Decks struct {
	Exploration        map[string][]string `json:"exploration"`
	ExplorationDiscard map[string][]string `json:"exploration_discard"`
	Relics             []string            `json:"relics"`
	ActionCards        []string            `json:"action_cards"`
	ActionDiscard      []string            `json:"action_discard"`
	Secrets            []string            `json:"secrets"`
	Agendas            []string            `json:"agendas"`
	AgendaDiscard      []string            `json:"agenda_discard"`
	StageI             []string            `json:"stage_i"`  // dealt face down, next to reveal first
	StageII            []string            `json:"stage_ii"` // dealt face down
	Revealed           []string            `json:"revealed"` // public objectives face up, in order revealed
	Purged             []string            `json:"purged"`
	InPlay             []string            `json:"in_play,omitempty"` // cards in the common play area (Ion Storm)
	// Held: exploration cards drawn and held, face up, for a choice of the
	// one resolved (Distant Suns).
	Held []string `json:"held,omitempty"`
	// Discarded: public objectives discarded face up in place of being
	// revealed (Neuraloop), from rules version 14.
	Discarded []string `json:"discarded,omitempty"`
}

// Options are the game's fixed options.
type Options struct {
	VictoryPoints int `json:"victory_points"`
	// Rules is the version of the rules the game is played under, fixed
	// at setup so that its log replays as it was played (RulesCurrent for
	// a new game; 0: the first version, a game set up before there were
	// versions).
	Rules int `json:"rules,omitempty"`
	// NoCodex: the game plays without the Codex, from rules version 6:
	// the components with a Codex version play as printed (Ability.Printed).
	// Without it the Codex versions are played, as the community does.
	NoCodex bool `json:"no_codex,omitempty"`
}

// The rules versions: what each added.
const (
	// RulesFirst: the base rules, with Neural Motivator, Hyper
	// Metabolism, Sarween Tools, Antimass Deflectors' movement and Dark
	// Energy Tap among the technologies.
	RulesFirst = 1
	// RulesTechs: every generic technology (issue 20).
	RulesTechs = 2
	// RulesFactions: faction abilities (issue 21), as far as built.
	RulesFactions = 3
	// RulesPrinted: what changes a game that earlier versions allowed:
	// Political Secret as printed (69.1), and the faction abilities that
	// restrict, act on their own or open a window of their own (Mitosis,
	// Harrow, Galactic Threat, Scheming, Propagation, Technological
	// Singularity, Devotion); and Fleet Regulations' limit on the pool a
	// gain goes to rather than on all three (7.3). Faction abilities that
	// only add choices come in with RulesFactions: a log of version 3
	// never made them.
	RulesPrinted = 4
	// RulesLeaders: leaders (issue 22): agents, commanders unlocked by
	// their conditions, heroes at three scored objectives (leaders.go).
	RulesLeaders = 5
	// RulesMechs: the mechs' abilities and their deploys (55, 30).
	RulesMechs = 6
	// RulesPoK: the Prophecy of Kings factions' own abilities, technologies,
	// flagships, units and notes.
	RulesPoK = 7
	// RulesKeleres: the Council Keleres (Codex III) among the factions a
	// game deals at random, and playable.
	RulesKeleres = 8
	// RulesCodex: the rest of the Codex: I.I.H.Q. Modernization's planet
	// card held off the board, and Pride of Kenara within planet limits.
	RulesCodex = 9
	// RulesAgents: agents used on other players' combats, productions and
	// research, as their cards allow, and the Codex IV relic Neuraloop.
	RulesAgents = 10
	// RulesStorms: the Ion Storm flipped by the wormhole a ship passes
	// through it by; the bombardment of Harrow exhausting the planet under
	// X-89 Bacterial Weapon ΩΩ; The Thundarian after ground combat rolls.
	RulesStorms = 11
	// RulesWipes: X-89 Bacterial Weapon Ω (a game without the Codex)
	// following the hits of Harrow's bombardment at the end of a ground
	// combat round, as it follows a bombardment before the combat; Ion
	// Storm turned over by a retreat through its wormhole; Ipswitch's ships
	// placed as the other player's are destroyed, fighting on; both systems
	// off the board counted as edge systems (39.2a);
	// commodities converted to trade goods no gain (21.5).
	RulesWipes = 12
	// RulesWindows: action cards for the start of any combat round offered
	// at the start of each ground combat round, and those for its end at
	// the end of every combat round; a second card of a name refused in
	// the window where one already took effect (2.6b); abilities capture
	// nothing from a player blockading the capturer's space dock (17.6).
	RulesWindows = 13
	// RulesDraws: several explorations in one decision (Conservator
	// Procyon) each see the cards the ones before drew, so two Derelict
	// Vessels draw two secret objectives, not one twice (35, 23.5); and
	// the objective Neuraloop discards is kept face up (Decks.Discarded).
	RulesDraws = 14
	// RulesCurrent is the version new games are set up under.
	RulesCurrent = RulesDraws
)

// rules is the game's rules version.
func (s *State) rules() int { return max(s.Options.Rules, RulesFirst) }

// State is the whole state of a TI4 game.
type State struct {
	Options      Options        `json:"options"`
	Map          string         `json:"map"`
	StartPlayers int            `json:"start_players"`
	Round        int            `json:"round"`
	Phase        string         `json:"phase"`
	Speaker      int            `json:"speaker"`
	Custodians   bool           `json:"custodians"`             // the custodians token is on Mecatol Rex
	AgendaPhase  bool           `json:"agenda_phase,omitempty"` // 27.4: rounds now have an agenda phase
	Winner       int            `json:"winner"`
	Picking      bool           `json:"picking,omitempty"` // a strategy card has been chosen this strategy phase
	Picks        []int          `json:"picks,omitempty"`   // by seat, the choices made this strategy phase (with the cards kept), once one is made
	Players      []*Player      `json:"players"`
	Systems      []*System      `json:"systems"`
	Strategy     []string       `json:"strategy"` // strategy cards in the common play area
	Decks        Decks          `json:"decks"`
	Turn         int            `json:"turn"`                  // the picker (strategy phase) or the active player (action phase)
	StrategyTG   map[string]int `json:"strategy_tg,omitempty"` // trade goods on unchosen strategy cards (84.2)
	Strategic    *Strategic     `json:"strategic,omitempty"`
	Step         *Step          `json:"step,omitempty"`
	Tactical     *Tactical      `json:"tactical,omitempty"`
	Combat       *Combat        `json:"combat,omitempty"`
	Trade        *Trade         `json:"trade,omitempty"`
	Status       *StatusStep    `json:"status,omitempty"`
	Invasion     *Invasion      `json:"invasion,omitempty"`
	ZeroToken    *ZeroToken     `json:"zero_token,omitempty"`
	Agenda       *AgendaStep    `json:"agenda,omitempty"`
	Laws         []Law          `json:"laws,omitempty"`    // laws in play (7.3)
	Choices      []Step         `json:"choices,omitempty"` // effects waiting for a player's choice, in order
	// Gained: players who just gained trade goods or resolved a
	// transaction, holding 3 or more, for abilities that answer that
	// (AfterNeighborGain); kept only while such an ability is in the game.
	Gained []int `json:"gained,omitempty"`
	// TechGained: players who just gained a technology, for their
	// abilities that answer that (AfterTechGained).
	TechGained []int `json:"tech_gained,omitempty"`
	// TurnsEnded: players whose turn just ended, for abilities that
	// answer that (AfterAnyTurn).
	TurnsEnded []int `json:"turns_ended,omitempty"`
	// AgentsSpent: agents just exhausted, by id, for abilities that answer
	// that (AfterAgentExhausted); kept only while one is in the game.
	AgentsSpent []string `json:"agents_spent,omitempty"`
	// Supplied: players who just gained trade goods from the supply (Owner,
	// how many: Count), for their abilities that answer that
	// (AfterSupplyGain).
	Supplied []Stack `json:"supplied,omitempty"`
	// NotesAsked: notes whose window opened in this turn or strategy phase
	// (notewindows.go).
	NotesAsked []string `json:"notes_asked,omitempty"`
	// TurnUsed: abilities used once per turn and used in this one, as
	// "seat:id".
	TurnUsed []string `json:"turn_used,omitempty"`
	// Swaps: the planets whose values are swapped until the end of this
	// turn (Planet.Swapped).
	Swaps        []string  `json:"swaps,omitempty"`
	Pending      []Pending `json:"pending,omitempty"`       // effects for the start of the next strategy phase
	ArbiterRound int       `json:"arbiter_round,omitempty"` // the round Imperial Arbiter was last offered
	// ComponentTurn: the turn that ended last was a component action's
	// (EvTurnEnded's Card turnComponent).
	ComponentTurn bool `json:"component_turn,omitempty"`
	// LawsBlank: every law is blank till the end of the turn (Law's Order).
	LawsBlank bool `json:"laws_blank,omitempty"`
	// StrategyStarted: the round whose strategy phase's start effects
	// were given (AtStrategyStart).
	StrategyStarted int `json:"strategy_started,omitempty"`
	// LawsBlankTurn: the turn that ended last had the laws blank, so an
	// action more in it has them blank too.
	LawsBlankTurn bool         `json:"laws_blank_turn,omitempty"`
	WarAsk        bool         `json:"war_ask,omitempty"`      // Minister of War's owner just performed an action
	ExtraAction   bool         `json:"extra_action,omitempty"` // the player whose turn it is has an additional action, which they may decline (Minister of War)
	SecondBy      string       `json:"second_by,omitempty"`    // the ability that gave this turn's second action (Fleet Logistics)
	PendingAC     *PendingAC   `json:"pending_ac,omitempty"`   // an action card waiting on Sabotage (2.8)
	PickAsk       *PickAsk     `json:"pick_ask,omitempty"`     // a strategy card just chosen, waiting on Public Disgrace
	Disgraced     string       `json:"disgraced,omitempty"`    // the card the picker may not choose again
	DiscardAsk    *DiscardAsk  `json:"discard_ask,omitempty"`  // an "Action" card just discarded, waiting on Reverse Engineer
	CoupAsk       *CoupAsk     `json:"coup_ask,omitempty"`     // a strategic action announced, waiting on Coup d'Etat
	Discarded     []DiscardAsk `json:"discarded,omitempty"`    // such discards whose windows are still to open
	// Legendary planets whose ability cards are exhausted (53), and the seat
	// whose turn just ended while it held a ready one.
	LegendaryExhausted []string `json:"legendary_exhausted,omitempty"`
	EndOfTurn          *int     `json:"end_of_turn,omitempty"`

	galaxy *galaxy.Map
	// where systems and planets are in Systems, by position and name: built
	// once the systems are set, shared by clones (it never changes), and
	// always checked before use, so a stale entry only costs a search.
	posIdx    []int16
	planetIdx map[string][2]int16
	scans     scans
	// scratch holds the events of the Decide or Follow under way (see emit).
	scratch   []Event
	offers    *offerBuf // what definitions offer Legal (see offerBuf)
	baseUnits [maxSeats]unitCards
	// abil is each seat's abilities, found from its technologies and
	// faction and kept while they are the same (abilityList).
	abil [maxSeats]abilCache
	// leaderFresh: the seats whose commander's unlock condition was found
	// unmet with no event of theirs since (leaders.go); not kept, so a
	// state decoded or built checks every seat again, which finds the same.
	leaderFresh uint32
}

// UnmarshalJSON decodes a state and rebuilds the galaxy from its map string.
func (s *State) UnmarshalJSON(b []byte) error {
	type plain State
	if err := json.Unmarshal(b, (*plain)(s)); err != nil {
		return err
	}
	return s.link()
}

func (s *State) link() error {
	m, err := galaxy.Parse(s.Map, len(s.Players))
	if err != nil {
		return err
	}
	s.galaxy = m
	s.index()
	return nil
}

// Galaxy is the board.
func (s *State) Galaxy() *galaxy.Map { return s.galaxy }

// System returns the system at pos, or nil.
func (s *State) System(pos int) *System {
	if i := s.systemIndex(pos); i >= 0 {
		return s.Systems[i]
	}
	return nil
}

// systemIndex is the index in Systems of the system at pos, or -1.
func (s *State) systemIndex(pos int) int {
	if pos >= 0 && pos < len(s.posIdx) {
		if i := int(s.posIdx[pos]); i >= 0 && i < len(s.Systems) && s.Systems[i].Pos == pos {
			return i
		}
	}
	for i, sys := range s.Systems {
		if sys.Pos == pos {
			return i
		}
	}
	return -1
}

// Planet finds a planet on the board and its system.
func (s *State) Planet(name string) (*Planet, *System) {
	if pl, sys := s.indexed(name); pl != nil {
		return pl, sys
	}
	for _, sys := range s.Systems {
		for _, p := range sys.Planets {
			if p.Name == name {
				return p, sys
			}
		}
	}
	return nil, nil
}

// indexed is Planet through the index alone: nil for a planet the index
// does not hold, without reading the board.
func (s *State) indexed(name string) (*Planet, *System) {
	if ix, ok := s.planetIdx[name]; ok {
		i, k := int(ix[0]), int(ix[1])
		if i < len(s.Systems) && k < len(s.Systems[i].Planets) && s.Systems[i].Planets[k].Name == name {
			return s.Systems[i].Planets[k], s.Systems[i]
		}
	}
	return nil, nil
}

// index builds the lookups of System and Planet.
func (s *State) index() {
	maxPos := 0
	for _, sys := range s.Systems {
		if sys.Pos < 4096 {
			maxPos = max(maxPos, sys.Pos)
		}
	}
	s.posIdx = make([]int16, maxPos+1)
	for i := range s.posIdx {
		s.posIdx[i] = -1
	}
	s.planetIdx = map[string][2]int16{}
	for i, sys := range s.Systems {
		if sys.Pos >= 0 && sys.Pos < len(s.posIdx) {
			s.posIdx[sys.Pos] = int16(i)
		}
		for k, p := range sys.Planets {
			s.planetIdx[p.Name] = [2]int16{int16(i), int16(k)}
		}
	}
}

// Player returns the player in seat, or nil.
func (s *State) Player(seat int) *Player {
	if seat < 0 || seat >= len(s.Players) {
		return nil
	}
	return s.Players[seat]
}

// Active returns the seats still in the game, in seat order.
// The slice is shared while no one is eliminated: callers only read it.
func (s *State) Active() []int {
	n := 0
	for _, p := range s.Players {
		if !p.Eliminated {
			n++
		}
	}
	if n == len(s.Players) && n < len(allSeats) {
		return allSeats[n][:n:n]
	}
	out := make([]int, 0, n)
	for _, p := range s.Players {
		if !p.Eliminated {
			out = append(out, p.Seat)
		}
	}
	return out
}

// maxSeats is the most players a TI4 game seats.
const maxSeats = 8

// allSeats[n] is seats 0 to n-1.
var allSeats = func() [][]int {
	out := make([][]int, maxSeats+1)
	for n := range out {
		for q := range n {
			out[n] = append(out[n], q)
		}
	}
	return out
}()

// LeftOf is the next seat clockwise that is still in the game (the seat to
// a player's left), or None when no other seat is.
func (s *State) LeftOf(seat int) int {
	n := len(s.Players)
	for i := 1; i < n; i++ {
		q := (seat + i) % n
		if !s.Players[q].Eliminated {
			return q
		}
	}
	return None
}

// UnitCard is the unit card seat uses for a unit type: its faction unit where
// it has one, upgraded when it owns the upgrade technology.
func (s *State) UnitCard(seat int, typ string) *data.Unit {
	c := data.MustLoad()
	p := s.Player(seat)
	if p == nil {
		return c.UnitFor("", typ, false)
	}
	base := s.baseUnit(p, typ)
	switch {
	case base != nil && base.Upgrade != "" && p.HasTech(base.Upgrade):
		base = c.Unit(base.Upgrade)
	case base == nil:
		base = c.UnitFor(p.Faction, typ, true)
	}
	for _, id := range p.Assimilated { // a faction's unit upgrade taken by an assimilator (97.1a)
		if t := c.Technology(id); t != nil && t.Unit != "" {
			if u := c.Unit(t.Unit); u != nil && u.Type == typ {
				base = u
			}
		}
	}
	if typ == "mech" && base != nil && s.lawSays(LawMechsPlain) {
		return plainMechs()[base.ID]
	}
	return base
}

// baseUnit is the unit card p's faction uses for typ before upgrades. The
// cards are kept per seat, found once, and checked against the faction on
// each use; a state decoded or cloned finds them again.
func (s *State) baseUnit(p *Player, typ string) *data.Unit {
	i := unitIndex(typ)
	if i < 0 || p.Seat < 0 || p.Seat >= len(s.baseUnits) {
		return data.MustLoad().UnitFor(p.Faction, typ, false)
	}
	t := &s.baseUnits[p.Seat]
	if !t.found || t.faction != p.Faction {
		c := data.MustLoad()
		t.faction, t.found = p.Faction, true
		for k, u := range UnitTypes {
			t.cards[k] = c.UnitFor(p.Faction, u, false)
		}
	}
	return t.cards[i]
}

// unitCards are one faction's base unit cards, in UnitTypes order.
type unitCards struct {
	faction string
	found   bool
	cards   [11]*data.Unit
}

// unitIndex is typ's place in UnitTypes, or -1.
func unitIndex(typ string) int {
	switch typ {
	case "war_sun":
		return 0
	case "flagship":
		return 1
	case "dreadnought":
		return 2
	case "carrier":
		return 3
	case "cruiser":
		return 4
	case "destroyer":
		return 5
	case "fighter":
		return 6
	case "mech":
		return 7
	case "infantry":
		return 8
	case "pds":
		return 9
	case "space_dock":
		return 10
	}
	return -1
}

// plainMechs are the mechs as Articles of War leaves them: every printed
// ability gone but Sustain Damage (7.3).
var plainMechs = sync.OnceValue(func() map[string]*data.Unit {
	out := map[string]*data.Unit{}
	for _, u := range data.MustLoad().Units {
		if u.Type == "mech" {
			plain := *u
			plain.Bombardment, plain.SpaceCannon, plain.AFB = nil, nil, nil
			plain.PlanetaryShield, plain.Production, plain.ProductionPlus = false, 0, false
			out[u.ID] = &plain
		}
	}
	return out
})

// HasTech reports whether the player owns a technology (by id), counting a
// unit upgrade technology by the unit it grants.
func (p *Player) HasTech(id string) bool {
	return slices.Contains(p.Techs, id) || slices.Contains(p.Assimilated, id)
}

// String names a player for messages.
func (p *Player) String() string { return fmt.Sprintf("seat %d (%s)", p.Seat, p.Faction) }

// count of a unit type in a list of stacks, for one owner.
func count(st []Stack, owner int, typ string) int {
	n := 0
	for _, x := range st {
		if x.Owner == owner && (typ == "" || x.Unit == typ) {
			n += x.Count
		}
	}
	return n
}

// add changes a stack count, dropping empty stacks and keeping the order
// stable so that the state's encoding stays canonical.
func add(st []Stack, owner int, typ string, n int) []Stack {
	for i := range st {
		if st[i].Owner == owner && st[i].Unit == typ {
			st[i].Count += n
			if st[i].Damaged > st[i].Count {
				st[i].Damaged = st[i].Count
			}
			if st[i].Count <= 0 {
				return slices.Delete(st, i, i+1)
			}
			return st
		}
	}
	if n <= 0 {
		return st
	}
	st = append(st, Stack{Owner: owner, Unit: typ, Count: n})
	slices.SortStableFunc(st, func(a, b Stack) int {
		if a.Owner != b.Owner {
			return a.Owner - b.Owner
		}
		return unitIndex(a.Unit) - unitIndex(b.Unit)
	})
	return st
}

// UnitTypes in display order.
var UnitTypes = []string{"war_sun", "flagship", "dreadnought", "carrier", "cruiser", "destroyer", "fighter", "mech", "infantry", "pds", "space_dock"}

// Ship, ground force and structure, by type.
func isShip(t string) bool {
	switch t {
	case "war_sun", "flagship", "dreadnought", "carrier", "cruiser", "destroyer", "fighter":
		return true
	}
	return false
}

func isGroundForce(t string) bool { return t == "infantry" || t == "mech" }

// groundForce reports that seat's units of type t are ground forces (43):
// infantry and mechs, and a structure whose card says it is one too. It
// asks who owns the unit; isGroundForce, the units that move and are
// transported, does not.
func (s *State) groundForce(seat int, t string) bool {
	if isGroundForce(t) {
		return true
	}
	a := s.unitAbility(seat, t)
	return a != nil && a.GroundForce
}

func isStructure(t string) bool { return t == "pds" || t == "space_dock" }

// Wormholes lists the wormhole tokens on a system (Creuss tokens, a gamma
// wormhole from exploration), beyond those printed on its tile (101.4).
func (s *State) Wormholes(pos int) []string {
	sys := s.System(pos)
	if sys == nil {
		return nil
	}
	var out []string
	for _, t := range sys.Tokens {
		switch t.Kind {
		case "alpha", "beta", "gamma", "delta":
			out = append(out, t.Kind)
		}
	}
	if len(sys.Space) > 0 && s.flagshipAt(sys, hookDeltaHere) != None {
		out = append(out, "delta") // a flagship that carries a delta wormhole (Hil Colish)
	}
	if sys.Tile == galaxy.NexusActive { // flipped in play: the board's map still shows the inactive side (100.2)
		if sl := s.galaxy.Slot(pos); sl != nil && sl.Tile != nil && sl.Tile.ID == galaxy.NexusInactive {
			out = append(out, "alpha", "beta")
		}
	}
	if t := s.Tactical; t != nil && t.Hub && pos == t.System {
		out = append(out, "alpha", "beta", "gamma", "delta") // next to every system with a wormhole (Emissary Taivra)
	}
	if s.lawSays(LawWormholesJoined) || (s.Tactical != nil && s.Tactical.StarChart) {
		// Every system with an alpha or a beta wormhole is adjacent to
		// every other: each is given both.
		t := tileOf(sys)
		if slices.Contains(out, "alpha") || slices.Contains(out, "beta") || t.HasWormhole("alpha") || t.HasWormhole("beta") {
			out = append(out, "alpha", "beta")
		}
	}
	return out
}

// alphaOrBeta reports an alpha or a beta wormhole at pos, printed or a
// token.
func (s *State) alphaOrBeta(pos int) bool {
	if t := tileOf(s.System(pos)); t.HasWormhole("alpha") || t.HasWormhole("beta") {
		return true
	}
	w := s.Wormholes(pos)
	return slices.Contains(w, "alpha") || slices.Contains(w, "beta")
}

// Adjacent reports whether two systems are adjacent now (LRR 6), counting
// wormhole tokens on the board.
func (s *State) Adjacent(a, b int) bool { return s.galaxy.Adjacent(a, b, s.Wormholes) }

// CommandTokensTotal is the number of command tokens each player has.
const CommandTokensTotal = 16

// CommandReinforcements is how many command tokens a player has in
// reinforcements: the rest of their 16 are on the command sheet, on the
// board, or on a Mahact player's faction sheet.
func (s *State) CommandReinforcements(seat int) int {
	p := s.Player(seat)
	if p == nil || p.Eliminated {
		return 0
	}
	n := CommandTokensTotal - p.Tactic - p.Fleet - p.Strategy
	for _, sys := range s.Systems {
		for _, o := range sys.Command {
			if o == seat {
				n--
			}
		}
	}
	for _, q := range s.Players {
		for _, o := range q.SheetTokens {
			if o == seat {
				n--
			}
		}
	}
	return n
}

// othersWith lists the players in the game other than seat for whom f
// holds, in seat order.
func (s *State) othersWith(seat int, f func(p *Player) bool) []int {
	var out []int
	for _, q := range s.Active() {
		if q != seat && f(s.Players[q]) {
			out = append(out, q)
		}
	}
	return out
}
