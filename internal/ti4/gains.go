package ti4

import (
	"slices"
	"sync"
)

// Abilities that answer another player's gain of trade goods or their
// transaction (Pillage): the applier marks the player (State.Gained),
// and gainFollowUps opens a window for each player whose ability answers.

// AfterNeighborGain is the moment after another player gains trade goods
// or resolves a transaction; the window's Target is that player.
const AfterNeighborGain Moment = "after_neighbor_gain"

// gained marks seat, who just gained trade goods or resolved a
// transaction, when it holds 3 or more and another player has an ability
// that answers that.
func (s *State) gained(seat int) {
	if s.Players[seat].TradeGoods < 3 || slices.Contains(s.Gained, seat) {
		return
	}
	if s.answered(AfterNeighborGain, seat) {
		s.Gained = append(slices.Clone(s.Gained), seat)
	}
}

// answered reports a player other than except (None: any) with an
// ability usable at the moment: the cheap test before a deed is marked
// for the follow-ups that open its windows.
func (s *State) answered(at Moment, except int) bool {
	for q := range s.Players {
		if q != except && s.hasUse(q, at) {
			return true
		}
	}
	return false
}

// everyonesWindows opens, for each player in the game with an ability
// usable at the moment, its windows, with ctx as their place.
func everyonesWindows(s *State, at Moment, ctx Step) []Event {
	var ev []Event
	for _, q := range s.Active() {
		if s.hasUse(q, at) {
			ev = s.extend(ev, abilityWindows(s, q, at, ctx)...)
		}
	}
	return ev
}

// gainFollowUps opens the windows for the first player marked: one for
// each of its neighbors with an ability that answers the gain (60).
func gainFollowUps(s *State) []Event {
	if len(s.Gained) == 0 {
		return nil
	}
	seat := s.Gained[0]
	ev := s.emit(Event{Kind: EvGainAnswered, Seat: seat})
	if s.Players[seat].Eliminated {
		return ev
	}
	for _, q := range s.Active() {
		if q != seat && s.hasUse(q, AfterNeighborGain) && s.AreNeighbors(q, seat) {
			ev = s.extend(ev, abilityWindows(s, q, AfterNeighborGain, Step{Target: ip(seat)})...)
		}
	}
	return ev
}

// EvGainAnswered: the windows that answer Seat's gain are open.
// EvTechAnswered: the windows that answer Seat's gain of a technology are;
// EvTurnAnswered: those that answer the end of Seat's turn.
// EvAgentAnswered: those that answer the exhausting of the agent Card.
const (
	EvGainAnswered  = "gain_answered"
	EvTechAnswered  = "technology_gain_answered"
	EvTurnAnswered  = "turn_end_answered"
	EvAgentAnswered = "agent_exhausted_answered"
)

// AfterAgentExhausted is the moment after any player's agent (the
// window's Cards, its owner the Target) is exhausted.
const AfterAgentExhausted Moment = "after_agent_exhausted"

// agentSpent marks the agent id, just exhausted, when a player has an
// ability that answers that.
func (s *State) agentSpent(id string) {
	if s.rules() < RulesPoK || !isAgent(id) || slices.Contains(s.AgentsSpent, id) {
		return
	}
	if s.answered(AfterAgentExhausted, None) {
		s.AgentsSpent = append(slices.Clone(s.AgentsSpent), id)
	}
}

// agentFollowUps opens, for the first agent marked (State.AgentsSpent),
// the windows of every player's abilities that answer it.
func agentFollowUps(s *State) []Event {
	if len(s.AgentsSpent) == 0 {
		return nil
	}
	id := s.AgentsSpent[0]
	ev := s.emit(Event{Kind: EvAgentAnswered, Card: id})
	owner := s.seatOfFaction(noteOwner(id))
	if owner == None {
		return ev
	}
	return s.extend(ev, everyonesWindows(s, AfterAgentExhausted, Step{Target: ip(owner), Cards: []string{id}})...)
}

// isAgent reports a leader definition that is an agent.
func isAgent(id string) bool { return agentIDs()[id] }

var agentIDs = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, l := range leaderDefs() {
		for _, a := range l.agents {
			out[a.ID] = true
		}
	}
	return out
})

// AfterAnyTurn is the moment at the end of any player's turn (the
// window's Target).
const AfterAnyTurn Moment = "after_any_turn"

// turnEnded marks seat, whose turn just ended, when a player has an
// ability that answers that.
func (s *State) turnEnded(seat int) {
	if slices.Contains(s.TurnsEnded, seat) {
		return
	}
	if s.answered(AfterAnyTurn, None) {
		s.TurnsEnded = append(slices.Clone(s.TurnsEnded), seat)
	}
}

// turnFollowUps opens, for the first player marked (State.TurnsEnded),
// the windows of every player's abilities that answer the end of a turn.
func turnFollowUps(s *State) []Event {
	if len(s.TurnsEnded) == 0 {
		return nil
	}
	seat := s.TurnsEnded[0]
	ev := s.emit(Event{Kind: EvTurnAnswered, Seat: seat})
	return s.extend(ev, everyonesWindows(s, AfterAnyTurn, Step{Target: ip(seat)})...)
}

// AfterTechGained is the moment after the player gains a technology
// (researched or otherwise, 90).
const AfterTechGained Moment = "after_tech_gained"

// techFollowUps opens the windows of the first player marked as having
// just gained a technology (State.TechGained).
func techFollowUps(s *State) []Event {
	if len(s.TechGained) == 0 {
		return nil
	}
	seat := s.TechGained[0]
	ev := s.emit(Event{Kind: EvTechAnswered, Seat: seat})
	if s.Players[seat].Eliminated {
		return ev
	}
	ev = s.extend(ev, cardPlanetsDue(s, seat)...)
	return s.extend(ev, abilityWindows(s, seat, AfterTechGained, Step{})...)
}

func applyGains(s *State, e *Event) bool {
	var marked *[]int
	switch e.Kind {
	case EvSupplyAnswered:
		s.Supplied = slices.Clone(s.Supplied[1:])
		return true
	case EvCardGoods:
		s.Players[e.Seat].CardGoods += e.Count
		return true
	case EvGainAnswered:
		marked = &s.Gained
	case EvTechAnswered:
		marked = &s.TechGained
	case EvTurnAnswered:
		marked = &s.TurnsEnded
	case EvAgentAnswered:
		s.AgentsSpent = slices.DeleteFunc(slices.Clone(s.AgentsSpent), func(id string) bool { return id == e.Card })
		return true
	default:
		return false
	}
	*marked = slices.DeleteFunc(slices.Clone(*marked), func(q int) bool { return q == e.Seat }) // a fresh slice: clones share the old
	return true
}

// AfterSupplyGain is the moment after the player gains trade goods from
// the supply (the window's Count: how many), not from another player.
const AfterSupplyGain Moment = "after_supply_gain"

// Converted marks trade goods that were the player's own commodities,
// turned over (21.5): from rules version 12 no gain, so no window opens
// for it (Pillage, Artuno the Betrayer).
const Converted = "converted"

// converted is the mark for converted trade goods in the game's rules
// version: none before version 12, whose logs replay as they were.
func (s *State) converted() string {
	if s.rules() < RulesWipes {
		return ""
	}
	return Converted
}

// FromPlayer marks, from rules version 7, trade goods gained from another
// player (Event.Card of EvTradeGoods): not from the supply.
const FromPlayer = "from_player"

// fromPlayer is the mark of trade goods taken from another player, for
// the game's rules version.
func (s *State) fromPlayer() string {
	if s.rules() < RulesPoK {
		return ""
	}
	return FromPlayer
}

// supplied marks e's gain of trade goods from the supply when its player
// has an ability that answers that.
func (s *State) supplied(e Event) {
	if e.Card == FromPlayer || s.rules() < RulesPoK || !s.hasUse(e.Seat, AfterSupplyGain) {
		return
	}
	s.Supplied = append(slices.Clip(s.Supplied), Stack{Owner: e.Seat, Count: e.Count})
}

// EvCardGoods: Count trade goods from the supply on Seat's agent's card
// (Player.CardGoods).
const EvCardGoods = "card_goods_placed"

// cardGoodsBack gives p the trade goods on its agent's card, as the card
// readies.
func (s *State) cardGoodsBack(p *Player) {
	if p.CardGoods > 0 && !p.Eliminated {
		p.TradeGoods += p.CardGoods
		p.CardGoods = 0
		s.gained(p.Seat)
	}
}

// EvSupplyAnswered: the windows that answer the first gain marked
// (State.Supplied) are open.
const EvSupplyAnswered = "supply_gain_answered"

// supplyFollowUps opens the windows of the first gain marked.
func supplyFollowUps(s *State) []Event {
	if len(s.Supplied) == 0 {
		return nil
	}
	g := s.Supplied[0]
	return s.extend(s.emit(Event{Kind: EvSupplyAnswered, Seat: g.Owner}), abilityWindows(s, g.Owner, AfterSupplyGain, Step{Count: g.Count})...)
}
