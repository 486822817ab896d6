package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// Transactions (LRR 94): on the active player's turn, with each neighbor
// at most once (94.1, 60.1), the two players exchange trade goods,
// commodities, up to one promissory note each, and relic fragments (94.2,
// 94.3, 69.5), evenly or not (94.4). A transaction is built item by item;
// any change withdraws both acceptances; it happens when both accept.
// During the agenda phase, while an agenda is being resolved, any player
// may make one transaction with each other player, neighbor or not (94.6).

// Trade is a transaction being negotiated. Side 0 is the active player.
type Trade struct {
	Seats    [2]int    `json:"seats"`
	Give     [2]Bundle `json:"give"`
	Accepted [2]bool   `json:"accepted"`
	// Paused: opened by the active player in the middle of an action or
	// a combat (94.1a, from rules version 13); the game waits on it.
	Paused bool `json:"paused,omitempty"`
}

// pausedTrade is the transaction the game waits on, or nil.
func (s *State) pausedTrade() *Trade {
	if t := s.Trade; t != nil && t.Paused {
		return t
	}
	return nil
}

// midTrade reports that seat, the active player, may open a transaction
// in the middle of their action, from rules version 13 (94.1a): at a
// decision of their own in it (a move, a retreat announced, hits to
// assign, a commit), not while a window or a step holds the game (a hand
// looked at, a note played through), nor while another player decides.
func (s *State) midTrade(seat int) bool {
	if s.rules() < RulesWindows || s.Phase != PhaseAction || s.Turn != seat || !s.busy() || s.Trade != nil || s.Players[seat].Passed {
		return false
	}
	if s.Step != nil || s.PendingAC != nil || s.PickAsk != nil || windowHead(s) != None {
		return false
	}
	if (s.Combat != nil && s.Combat.Answer != nil) || (s.Invasion != nil && s.Invasion.Ask != nil) {
		return false
	}
	d := Deciding(s)
	return len(d) == 1 && d[0] == seat
}

// tradeKind reports the actions of a transaction under way.
func tradeKind(k string) bool {
	return k == ActTradeAdd || k == ActTradeAccept || k == ActTradeCancel
}

// Bundle is what one side gives.
type Bundle struct {
	TradeGoods  int      `json:"trade_goods,omitempty"`
	Commodities int      `json:"commodities,omitempty"`
	Note        string   `json:"note,omitempty"`
	Fragments   []string `json:"fragments,omitempty"`
	// ActionCards: from the hand, where an ability lets a transaction
	// exchange them (Arbiters); seen by the two players only.
	ActionCards []string `json:"action_cards,omitempty"`
	// Planets: planet cards an ability lets a transaction exchange (Pride
	// of Kenara), each with the planet of the giver's that its units move to.
	Planets []PlanetGift `json:"planets,omitempty"`
	// Captives: from rules version 13, units of the other player's that
	// the giver holds captive, one type per entry, returned to that
	// player's reinforcements (17.2a).
	Captives []string `json:"captives,omitempty"`
}

// PlanetGift is a planet card given in a transaction, and where the
// giver's units on it go.
type PlanetGift struct {
	Planet string `json:"planet"`
	To     string `json:"to"`
}

// publicTrade is t as players outside it see it: the promissory notes and
// action cards on offer hidden (69.6, 2.5).
func publicTrade(t *Trade) *Trade {
	c := *t
	for i := range c.Give {
		b := &c.Give[i]
		if b.Note != "" {
			b.Note = "hidden"
		}
		if len(b.ActionCards) > 0 {
			hidden := make([]string, len(b.ActionCards))
			for j := range hidden {
				hidden[j] = "hidden"
			}
			b.ActionCards = hidden
		}
	}
	return &c
}

// cardsTradable reports that action cards may be exchanged in t: one of
// its players has an ability that allows it.
func (s *State) cardsTradable(t *Trade) bool {
	return s.permits(t.Seats[0], PermitTradeActionCards) || s.permits(t.Seats[1], PermitTradeActionCards)
}

// Transaction action and event kinds.
const (
	ActTradeOpen     = "trade_open"
	ActTradeAdd      = "trade_add" // card: trade_goods, commodities, a note or a relic fragment; "captured" with unit
	ActTradeAccept   = "trade_accept"
	ActTradeCancel   = "trade_cancel"
	EvTrade          = "trade"
	EvTraded         = "traded"
	EvTradeCancelled = "trade_cancelled"
)

func decideTradeOpen(s *State, a Action) ([]Event, error) {
	agenda := s.Phase == PhaseAgenda
	if agenda && !agendaTrading(s) {
		return nil, engine.Refuse("94.6", "transactions in the agenda phase are made while an agenda is resolved, one at a time")
	}
	mid := !agenda && s.midTrade(a.Seat)
	if !agenda && !mid {
		if err := checkTurn(s, a.Seat); err != nil {
			return nil, err
		}
	}
	q, err := need(a.extra().Player, "player")
	if err != nil {
		return nil, err
	}
	if s.Player(q) == nil || s.Players[q].Eliminated || q == a.Seat {
		return nil, engine.BadInput("player", "no other player %d in the game", q)
	}
	if agenda {
		if agendaTraded(s, a.Seat, q) {
			return nil, engine.Refuse("94.6", "one transaction with each other player per agenda")
		}
		return s.emit(Event{Kind: EvTrade, Seat: a.Seat, Extra: &Extra{Trade: &Trade{Seats: [2]int{a.Seat, q}}}}), nil
	}
	if !s.AreNeighbors(a.Seat, q) && !s.permits(a.Seat, PermitTradeAnyone) && !s.permits(q, PermitTradeAnyone) {
		return nil, engine.Refuse("60.1", "transactions are with neighbors; seat %d is not one", q)
	}
	if slices.Contains(s.Players[a.Seat].TradedWith, q) {
		return nil, engine.Refuse("94.1", "one transaction with each neighbor per turn")
	}
	return s.emit(Event{Kind: EvTrade, Seat: a.Seat, Extra: &Extra{Trade: &Trade{Seats: [2]int{a.Seat, q}, Paused: mid}}}), nil
}

// agendaTrading reports the moment of 94.6: an agenda revealed and not yet
// resolved, and no transaction under way.
func agendaTrading(s *State) bool {
	ag := s.Agenda
	return s.Phase == PhaseAgenda && ag != nil && ag.Card != "" && !ag.Resolved && s.Trade == nil
}

// agendaTraded reports a transaction between a and b during this agenda.
func agendaTraded(s *State, a, b int) bool {
	return slices.Contains(s.Agenda.Traded, [2]int{min(a, b), max(a, b)})
}

// traded records that the two sides of t have had their transaction.
func traded(s *State, t *Trade) {
	a, b := t.Seats[0], t.Seats[1]
	if s.Phase == PhaseAgenda && s.Agenda != nil {
		s.Agenda.Traded = append(slices.Clip(s.Agenda.Traded), [2]int{min(a, b), max(a, b)})
		return
	}
	active := s.Players[a]
	active.TradedWith = append(active.TradedWith, b)
}

func tradeSide(s *State, seat int) (*Trade, int, error) {
	t := s.Trade
	if t == nil {
		return nil, 0, engine.Refuse("94.2", "no transaction is being negotiated")
	}
	for i, q := range t.Seats {
		if q == seat {
			return t, i, nil
		}
	}
	return nil, 0, engine.Refuse("94.2", "seat %d is not in this transaction", seat)
}

func decideTradeAdd(s *State, a Action) ([]Event, error) {
	t, side, err := tradeSide(s, a.Seat)
	if err != nil {
		return nil, err
	}
	p := s.Players[a.Seat]
	n := *t
	n.Accepted = [2]bool{}
	n.Give[side] = n.Give[side].clone()
	b := &n.Give[side]
	switch {
	case a.Card == CaptiveItem && s.rules() >= RulesWindows:
		q := t.Seats[1-side]
		if a.Unit == "fighter" || a.Unit == "infantry" {
			return nil, engine.Refuse("17.4a", "captured fighters and infantry are not returned in a transaction")
		}
		if held := captiveCount(p.Captured, q, a.Unit); countOf(b.Captives, a.Unit) >= held {
			return nil, engine.Refuse("17.2a", "%s holds %d captured %s of seat %d's to return", p, held, a.Unit, q)
		}
		b.Captives = append(b.Captives, a.Unit)
	case a.Card == "planet":
		if err := s.planetTradable(a.Seat, a.Planet, a.ToPl, b); err != nil {
			return nil, err
		}
		b.Planets = append(b.Planets, PlanetGift{Planet: a.Planet, To: a.ToPl})
	case a.Card == "trade_goods":
		if b.TradeGoods+1 > p.TradeGoods {
			return nil, engine.Refuse("94.2", "%s has only %d trade goods", p, p.TradeGoods)
		}
		b.TradeGoods++
	case a.Card == "commodities":
		if b.Commodities+1 > p.Commodities {
			return nil, engine.Refuse("94.2", "%s has only %d commodities", p, p.Commodities)
		}
		b.Commodities++
	case slices.Contains(p.Promissory, a.Card):
		if q := t.Seats[1-side]; s.refusesNote(q, a.Card) {
			return nil, engine.Refuse("69", "seat %d may not be given %s", q, a.Card)
		}
		if b.Note != "" {
			return nil, engine.Refuse("69.5", "at most one promissory note each in a transaction")
		}
		b.Note = a.Card
	case slices.Contains(p.RelicFragments, a.Card):
		if countOf(b.Fragments, a.Card) >= countOf(p.RelicFragments, a.Card) {
			return nil, engine.Refuse("94.3", "no more %s to give", a.Card)
		}
		b.Fragments = append(b.Fragments, a.Card)
	case slices.Contains(p.ActionCards, a.Card):
		if !s.cardsTradable(t) {
			return nil, engine.Refuse("94.3", "action cards are not exchanged in transactions")
		}
		if countOf(b.ActionCards, a.Card) >= countOf(p.ActionCards, a.Card) {
			return nil, engine.Refuse("94.3", "no more %s to give", a.Card)
		}
		b.ActionCards = append(b.ActionCards, a.Card)
	case slices.Contains(p.Relics, a.Card):
		return nil, engine.Refuse("73.4", "relics cannot be traded")
	default:
		return nil, engine.Refuse("94.3", "transactions exchange trade goods, commodities, promissory notes and relic fragments you hold, not %q", a.Card)
	}
	return s.emit(Event{Kind: EvTrade, Seat: a.Seat, Extra: &Extra{Trade: &n}}), nil
}

// Captive is the card of a transaction's item that returns a captured
// unit, named by its type in unit (17.2a).
const CaptiveItem = "captured"

// captiveCount is how many units of a type of owner's held holds: never
// fighters or infantry, which are held as owner's none (17.4a).
func captiveCount(held []Captive, owner int, unit string) int {
	for _, c := range held {
		if c.Owner == owner && c.Unit == unit {
			return c.Count
		}
	}
	return 0
}

func countOf[T comparable](xs []T, x T) int {
	n := 0
	for _, v := range xs {
		if v == x {
			n++
		}
	}
	return n
}

func decideTradeAccept(s *State, a Action) ([]Event, error) {
	t, side, err := tradeSide(s, a.Seat)
	if err != nil {
		return nil, err
	}
	if t.Accepted[side] {
		return nil, engine.Refuse("94.2", "already accepted")
	}
	n := *t
	n.Accepted[side] = true
	if !n.Accepted[1-side] {
		return s.emit(Event{Kind: EvTrade, Seat: a.Seat, Extra: &Extra{Trade: &n}}), nil
	}
	ev := s.extend(s.emit(Event{Kind: EvTraded, Seat: a.Seat, Extra: &Extra{Trade: &n}}), s.pactGoods(&n)...)
	for side, q := range n.Seats {
		for _, g := range n.Give[side].Planets {
			ev = s.extend(ev, planetGiven(s, q, n.Seats[1-side], g)...)
		}
		for _, u := range n.Give[side].Captives { // 17.2a, 17.1: to the owner's reinforcements
			ev = s.extend(ev, Event{Kind: EvCaptiveReturned, Seat: q, Owner: n.Seats[1-side], Unit: u, Count: 1})
		}
	}
	return ev, nil
}

// planetTradable checks that seat may give the planet card in a
// transaction, its units going to the planet to: from rules version 6, a
// planet of theirs with a mech whose ability allows it (Pride of Kenara),
// not given twice; to, another planet of theirs that units may go on.
func (s *State) planetTradable(seat int, planet, to string, b *Bundle) error {
	pl, _ := s.Planet(planet)
	if pl != nil && pl.Controller == seat && len(pl.Units) == 0 && s.agendaTradable(pl) { // no units to move (Demilitarized Zone)
		if slices.ContainsFunc(b.Planets, func(g PlanetGift) bool { return g.Planet == planet }) {
			return engine.Refuse("94.3", "%s is in this transaction already", planet)
		}
		return nil
	}
	if pl == nil || pl.Controller != seat || s.rules() < RulesMechs || s.mechOn(pl, None, hookTradesPlanet) != seat {
		return engine.Refuse("94.3", "planet cards are not exchanged in transactions, but one of yours where your mech allows it")
	}
	if slices.ContainsFunc(b.Planets, func(g PlanetGift) bool { return g.Planet == planet || g.To == planet }) {
		return engine.Refuse("94.3", "%s is in this transaction already", planet)
	}
	dst, _ := s.Planet(to)
	if dst == nil || dst == pl || dst.Controller != seat || unitsBarred(dst) ||
		slices.ContainsFunc(b.Planets, func(g PlanetGift) bool { return g.Planet == to }) {
		return engine.Refuse("55", "your units on %s move to another planet you control and keep (to_planet)", planet)
	}
	for _, st := range pl.Units { // from rules version 9: within the limits, with what other gifts send there
		n := st.Count
		for _, g := range b.Planets {
			if from, _ := s.Planet(g.Planet); g.To == to && from != nil {
				n += count(from.Units, seat, st.Unit)
			}
		}
		if err := checkPlacement(s, seat, st.Unit, n, dst); st.Owner == seat && err != nil && s.rules() >= RulesCodex {
			return err
		}
	}
	return nil
}

// planetGiven is the events of from giving a planet card to to: to gains
// control of it, and from's units on it move to the planet named.
func planetGiven(s *State, from, to int, g PlanetGift) []Event {
	pl, sys := s.Planet(g.Planet)
	dst, dsys := s.Planet(g.To)
	ev := s.emit(Event{Kind: EvControlGained, Seat: to, Planet: pl.Name, Extra: &Extra{From: from}})
	for _, st := range pl.Units {
		if st.Owner == from && dst != nil {
			ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: from, System: sys.Pos, Planet: pl.Name, Unit: st.Unit, Count: st.Count},
				Event{Kind: EvUnitsPlaced, Seat: from, System: dsys.Pos, Planet: dst.Name, Unit: st.Unit, Count: st.Count})
		}
	}
	return ev
}

// Cancelling ends the negotiation; it uses up the turn's transaction with
// that neighbor all the same, so that talks cannot go round for ever.
func decideTradeCancel(s *State, a Action) ([]Event, error) {
	t, _, err := tradeSide(s, a.Seat)
	if err != nil {
		return nil, err
	}
	return s.emit(Event{Kind: EvTradeCancelled, Seat: a.Seat, Extra: &Extra{Trade: t}}), nil
}

func applyTrade(s *State, e *Event) bool {
	switch e.Kind {
	case EvTrade:
		s.Trade = e.extra().Trade
	case EvTradeCancelled:
		traded(s, e.extra().Trade)
		s.Trade = nil
	case EvTraded:
		t := e.extra().Trade
		for side := 0; side < 2; side++ {
			from, to := s.Players[t.Seats[side]], s.Players[t.Seats[1-side]]
			g := t.Give[side]
			from.TradeGoods -= g.TradeGoods
			from.Commodities -= g.Commodities
			to.TradeGoods += g.TradeGoods + g.Commodities // 21.5, 93.6: commodities arrive as trade goods
			if g.Note != "" {
				i := slices.Index(from.Promissory, g.Note)
				from.Promissory = slices.Delete(from.Promissory, i, i+1)
				to.Promissory = append(to.Promissory, g.Note)
			}
			for _, f := range g.Fragments {
				i := slices.Index(from.RelicFragments, f)
				from.RelicFragments = slices.Delete(from.RelicFragments, i, i+1)
				to.RelicFragments = append(to.RelicFragments, f)
			}
			for _, c := range g.ActionCards {
				i := slices.Index(from.ActionCards, c)
				from.ActionCards = slices.Delete(slices.Clone(from.ActionCards), i, i+1)
				to.ActionCards = append(slices.Clip(to.ActionCards), c)
			}
		}
		traded(s, t)
		s.Trade = nil
		s.gained(t.Seats[0])
		s.gained(t.Seats[1])
	default:
		return false
	}
	return true
}
