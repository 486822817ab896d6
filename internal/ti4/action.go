package ti4

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/mecatol/mecatol/internal/engine"
)

// Action kinds. The effect actions (place, remove, move, gain and lose a
// planet, capture) are what a game effect or a referee does to the board;
// the rules they touch (component limits, control, elimination) still apply.
const (
	ActPlace            = "place_units"
	ActRemove           = "remove_units"
	ActMove             = "move_units"
	ActGainPlanet       = "gain_planet"
	ActLosePlanet       = "lose_planet"
	ActCapture          = "capture"
	ActReturnCaptured   = "return_captured"
	ActBeginInvasion    = "begin_invasion"
	ActCommit           = "commit_ground_forces"
	ActEstablishControl = "establish_control"
)

// Referee is the seat of whoever applies game effects and corrections by
// hand: the host, or a test. Effect actions come only from the referee.
const Referee = -1

// effectKinds are the referee's actions.
var effectKinds = []string{ActPlace, ActRemove, ActMove, ActGainPlanet, ActLosePlanet, ActCapture, ActReturnCaptured, ActBeginInvasion}

var actionKinds = []string{ActPlace, ActRemove, ActMove, ActGainPlanet, ActLosePlanet, ActCapture,
	ActReturnCaptured, ActBeginInvasion, ActCommit, ActEstablishControl,
	ActPick, ActPass, ActRedistribute, ActStrategic, ActSecondary, ActSpendPlanet, ActSpendTG, ActSpecialty,
	ActGainTokens, ActChooseSystem, ActReadyPlanet, ActDone, ActChooseSpeaker, ActOrderAgendas,
	ActPlaceStructure, ActChoosePlayer, ActRemoveToken, ActResearch,
	ActActivate, ActMoveShips, ActTransport, ActEndMovement, ActProduce, ActEndTactical, ActComponent, ActRemoveExcess, ActAssignHit, ActRetreat, ActNoRetreat, ActBombard,
	ActScore, ActKeepSecret, ActSpendTokens, ActTakeCustodians, ActDiscardAC, ActGiveNote, ActPlaceTG,
	ActTradeOpen, ActTradeAdd, ActTradeAccept, ActTradeCancel, ActReclaim,
	ActVote, ActAbstain, ActBreakTie, ActDestroy, ActChoosePlanet, ActReturnSecret, ActPlayNote, ActPlayAC, ActPassWindow, ActUseLaw, ActAutoPass, ActExplore, ActTakeCard, ActUseRelic, ActUseAbility}

// Action is one thing a player (or a game effect acting for them) does.
// Which fields matter depends on Kind.
type Action struct {
	Kind   string `json:"kind"`
	Seat   int    `json:"seat"`             // the player acting, or Referee
	System *int   `json:"system,omitempty"` // position
	Planet string `json:"planet,omitempty"`
	To     *int   `json:"to,omitempty"` // destination position (move)
	ToPl   string `json:"to_planet,omitempty"`
	Unit   string `json:"unit,omitempty"`
	Count  int    `json:"count,omitempty"`
	Card   string `json:"card,omitempty"` // strategy card, technology, ...
	Use    bool   `json:"use,omitempty"`  // take up a secondary ability (false: decline)
	Pools  *Pools `json:"pools,omitempty"`
	// Outcome is what votes are cast for (8.8-8.11): "for", "against", a
	// seat number, a planet, a law, a secret objective or a strategy card.
	Outcome string `json:"outcome,omitempty"`
	*ActionExtra
}

// ActionExtra holds the fields few actions use. They live apart so that
// every other action stays small: an action is copied into each decision
// and into the log. Their JSON sits beside the common fields. Copies of an
// action share them, so they are replaced, never changed in place.
type ActionExtra struct {
	Player *int     `json:"player,omitempty"` // for a referee's effect: the player it acts for
	Owner  *int     `json:"owner,omitempty"`  // another player whose units are concerned
	Top    []string `json:"top,omitempty"`    // agenda cards to keep on top, in order
	Bottom []string `json:"bottom,omitempty"` // agenda cards to put at the bottom, in order
	// Units names one or more units on the board, for cards that choose
	// several (Scuttle, Refit Troops).
	Units []UnitRef `json:"units,omitempty"`
	// Spend pays an ability's cost within the action that uses it: the
	// planets exhausted and the trade goods spent.
	Spend *Spend `json:"spend,omitempty"`
	// Cards names several cards, for abilities that choose them in pairs
	// (Rin: each technology replaced, then its replacement).
	Cards []string `json:"cards,omitempty"`
	// Seats names players, for abilities that choose several (Mathis
	// Mathinus).
	Seats []int `json:"seats,omitempty"`
}

// Spend is a payment of resources or influence: planets exhausted, and
// trade goods, each standing in for one (47.3, 75.3).
type Spend struct {
	Planets    []string `json:"planets,omitempty"`
	TradeGoods int      `json:"trade_goods,omitempty"`
}

// forPlayer is a acting for player q (a referee's effect, or a card aimed
// at q), with its rare fields copied rather than shared.
func (a Action) forPlayer(q int) Action {
	a.own().Player = &q
	return a
}

// own returns a's rare fields for writing: a fresh copy of them, so that
// the actions a was copied from keep theirs.
func (a *Action) own() *ActionExtra {
	x := *a.extra()
	a.ActionExtra = &x
	return a.ActionExtra
}

// noActionExtra is what extra reads for an action without rare fields.
var noActionExtra ActionExtra

// extra returns a's rare fields for reading; an action without them reads
// as empty.
func (a *Action) extra() *ActionExtra {
	if a.ActionExtra == nil {
		return &noActionExtra
	}
	return a.ActionExtra
}

// UnitRef names one unit: in a system's space area, or on one of its
// planets.
type UnitRef struct {
	System int    `json:"system"`
	Planet string `json:"planet,omitempty"`
	Unit   string `json:"unit"`
	To     string `json:"to,omitempty"`   // where it goes, for cards that move it (Decoy Operation)
	Into   *int   `json:"into,omitempty"` // the system it moves into, for abilities that move ships to several (Mirik Aun Sissiri)
}

// Pools are the three pools of a command sheet (LRR 19, 20).
type Pools struct {
	Tactic   int `json:"tactic"`
	Fleet    int `json:"fleet"`
	Strategy int `json:"strategy"`
}

// Sum is the number of tokens in all three pools.
func (p Pools) Sum() int { return p.Tactic + p.Fleet + p.Strategy }

// DecodeAction reads one action strictly: unknown fields are an error.
func DecodeAction(b []byte) (Action, error) {
	var a Action
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&a); err != nil {
		return Action{}, engine.BadInput("action", "%v", err)
	}
	if d.More() {
		return Action{}, engine.BadInput("action", "trailing data after the action")
	}
	return a, nil
}

// Event kinds: the facts an action or an automatic step causes.
const (
	EvUnitsPlaced     = "units_placed"
	EvUnitsRemoved    = "units_removed"
	EvControlGained   = "control_gained"
	EvControlLost     = "control_lost"
	EvControlToken    = "control_token_placed"
	EvExplored        = "explored"
	EvCaptured        = "captured"
	EvCaptiveReturned = "captive_returned"
	EvInvasionBegun   = "invasion_begun"
	EvCommitted       = "ground_forces_committed"
	EvInvasionEnded   = "invasion_ended"
	EvEliminated      = "eliminated"
	EvZeroTokenGone   = "zero_token_removed"
	EvStatusPhaseEnd  = "status_phase_ended"
)

// Event is one applied fact. Events carry every random outcome already
// drawn, so applying them never needs the RNG.
type Event struct {
	Kind   string  `json:"kind"`
	Seat   int     `json:"seat"`
	Owner  int     `json:"owner,omitempty"`
	System int     `json:"system,omitempty"`
	Planet string  `json:"planet,omitempty"`
	Unit   string  `json:"unit,omitempty"`
	Count  int     `json:"count,omitempty"`
	Deck   string  `json:"deck,omitempty"`
	Card   string  `json:"card,omitempty"`
	Pools  *Pools  `json:"pools,omitempty"`
	Step   *Step   `json:"step,omitempty"`
	Combat *Combat `json:"combat,omitempty"`
	Rolls  []int   `json:"rolls,omitempty"` // dice as rolled, for the log
	*Extra
}

// Extra holds the fields few events use. They live apart so that every
// other event stays small: events are copied on each decision and apply.
// Their JSON sits beside the common fields.
type Extra struct {
	From    int      `json:"from,omitempty"`     // previous controller (None: the deck)
	Damaged int      `json:"damaged,omitempty"`  // units placed: how many of them are damaged (87)
	NewDeck []string `json:"new_deck,omitempty"` // a reshuffled deck, top first
	Speaker int      `json:"speaker,omitempty"`
	Cards   []string `json:"cards,omitempty"`
	Trade   *Trade   `json:"trade,omitempty"`
	Outcome string   `json:"outcome,omitempty"`
	Act     *Action  `json:"act,omitempty"` // an action card awaiting Sabotage
	Seats   []int    `json:"seats,omitempty"`
}

// noExtra is what extra reads for an event without rare fields.
var noExtra Extra

// extra returns e's rare fields for reading; an event without them reads
// as empty.
func (e *Event) extra() *Extra {
	if e.Extra == nil {
		return &noExtra
	}
	return e.Extra
}

// more returns e's rare fields for writing, adding them if it has none. It
// writes in place, so it is for an event still being built (a draw that
// grows card by card), before any copy of it is made; actions, which are
// copied freely, have own() instead.
func (e *Event) more() *Extra {
	if e.Extra == nil {
		e.Extra = &Extra{}
	}
	return e.Extra
}

func (e Event) String() string {
	b, _ := json.Marshal(e)
	return string(b)
}

func (a Action) String() string {
	b, _ := json.Marshal(a)
	return string(b)
}

func need[T any](p *T, field string) (T, error) {
	if p == nil {
		var zero T
		return zero, engine.BadInput(field, "missing")
	}
	return *p, nil
}

func unknownKind(k string) error {
	return engine.BadInput("kind", "unknown action %q; known: %v", k, actionKinds)
}

var _ fmt.Stringer = Action{}

// ip returns a pointer to an int, for building actions.
func ip(i int) *int {
	if i >= 0 && i < len(smallInts) {
		return &smallInts[i] // shared: an action's pointer fields are never written through
	}
	v := i // allocated only here, not on every call
	return &v
}

// smallInts backs ip for seats and positions, so that listing thousands of
// candidate actions allocates no pointers.
var smallInts = func() (out [128]int) {
	for i := range out {
		out[i] = i
	}
	return out
}()

// fieldsOf lists which fields each kind reads, beyond kind and seat; any
// other field set is an error, so that no action carries a meaning it
// does not have.
var fieldsOf = map[string]string{
	ActPlace: "player system planet unit count", ActRemove: "player owner system planet unit count",
	ActMove: "player system planet to to_planet unit count", ActGainPlanet: "player planet",
	ActLosePlanet: "player planet", ActCapture: "player owner system planet unit count",
	ActReturnCaptured: "player owner unit count", ActBeginInvasion: "player system",
	ActCommit: "planet unit count spend", ActEstablishControl: "",
	ActPick: "card player", ActPass: "", ActRedistribute: "pools", ActStrategic: "card", ActSecondary: "use card system",
	ActSpendPlanet: "planet use", ActSpendTG: "count use", ActSpecialty: "planet", ActGainTokens: "pools",
	ActChooseSystem: "system", ActReadyPlanet: "planet", ActDone: "pools", ActChooseSpeaker: "player",
	ActOrderAgendas: "top bottom", ActPlaceStructure: "unit planet", ActChoosePlayer: "player",
	ActRemoveToken: "system", ActResearch: "card", ActActivate: "system spend",
	ActMoveShips: "system unit count", ActTransport: "system planet unit count", ActEndMovement: "",
	ActProduce: "unit count planet system", ActEndTactical: "", ActComponent: "card", ActRemoveExcess: "system unit count",
	ActAssignHit: "unit planet use", ActRetreat: "system", ActNoRetreat: "", ActBombard: "planet",
	ActScore: "card top", ActKeepSecret: "card", ActSpendTokens: "pools", ActTakeCustodians: "", ActDiscardAC: "card", ActGiveNote: "card", ActPlaceTG: "card",
	ActReclaim: "system planet unit", ActTradeOpen: "player", ActTradeAdd: "card planet to_planet unit", ActTradeAccept: "", ActTradeCancel: "",
	ActVote: "outcome", ActAbstain: "", ActBreakTie: "outcome", ActDestroy: "system planet unit", ActChoosePlanet: "planet", ActReturnSecret: "card", ActPlayNote: "card system planet to_planet unit outcome player", ActPlayAC: "card system planet to_planet player unit outcome count pools units", ActPassWindow: "", ActUseLaw: "card system player outcome", ActAutoPass: "use",
	ActExplore: "outcome", ActTakeCard: "card", ActUseRelic: "card use planet outcome system count units player spend cards",
	ActUseAbility: "card use player system planet to to_planet unit count outcome pools units spend cards into seats",
}

// checkFields refuses fields the action's kind does not read.
// An unknown kind is refused here too: fieldsOf names every kind.
func checkFields(a Action) error {
	allowed, ok := allowedFields[a.Kind]
	if !ok {
		return unknownKind(a.Kind)
	}
	if extra := fieldMask(a) &^ allowed; extra != 0 {
		for i, name := range fieldNames {
			if extra&(1<<i) != 0 {
				return engine.BadInput(name, "%s does not take %s", a.Kind, name)
			}
		}
	}
	return nil
}

// fieldNames are the optional fields, in bit order for fieldMask; "into"
// is a unit named in units with the system it moves into.
var fieldNames = []string{"player", "owner", "system", "planet", "to", "to_planet", "unit", "count", "card", "use", "pools", "top", "bottom", "outcome", "units", "spend", "cards", "into", "seats"}

func fieldMask(a Action) uint32 {
	var m uint32
	for i, set := range [...]bool{a.extra().Player != nil, a.extra().Owner != nil, a.System != nil, a.Planet != "", a.To != nil, a.ToPl != "",
		a.Unit != "", a.Count != 0, a.Card != "", a.Use, a.Pools != nil, a.extra().Top != nil, a.extra().Bottom != nil, a.Outcome != "", a.extra().Units != nil, a.extra().Spend != nil, a.extra().Cards != nil,
		slices.ContainsFunc(a.extra().Units, func(r UnitRef) bool { return r.Into != nil }), a.extra().Seats != nil} {
		if set {
			m |= 1 << i
		}
	}
	return m
}

// allowedFields is fieldsOf as bit masks, built once.
var allowedFields = func() map[string]uint32 {
	out := map[string]uint32{}
	for kind, list := range fieldsOf {
		out[kind] = fieldsMask(list) // kinds that take no field are known too
	}
	return out
}()

// fieldsMask is a list of field names as a bit mask.
func fieldsMask(list string) uint32 {
	var m uint32
	for _, f := range strings.Fields(list) {
		m |= 1 << slices.Index(fieldNames, f)
	}
	return m
}

// checkOnly refuses fields of a beyond list, the fields one variant of
// its kind reads ("card" and "use" always pass).
func checkOnly(a Action, list string) error {
	if extra := fieldMask(a) &^ fieldsMask(list+" card use"); extra != 0 {
		for i, name := range fieldNames {
			if extra&(1<<i) != 0 {
				return engine.BadInput(name, "%s with %s does not take %s", a.Kind, a.Card, name)
			}
		}
	}
	return nil
}
