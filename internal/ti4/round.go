package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// The game round (LRR 40): strategy phase (84), action phase (3, 4, 48),
// status phase (81). The agenda phase (8) joins once the custodians token
// has left Mecatol Rex; it is built with the agenda rules.

// Phases.
const (
	PhaseStrategy = "strategy"
	PhaseAction   = "action"
	PhaseStatus   = "status"
	PhaseOver     = "over" // the game has ended
)

// Round action kinds.
const (
	ActPick         = "pick_strategy_card"
	ActPass         = "pass"
	ActRedistribute = "redistribute_tokens"
)

// Round event kinds.
const (
	EvStrategyPicked     = "strategy_card_picked"
	EvStrategyPhaseEnded = "strategy_phase_ended"
	EvTurnEnded          = "turn_ended"
	EvPassed             = "passed"
	EvStatusBegun        = "status_phase_begun"
	EvCardsDrawn         = "cards_drawn"
	EvTokensSet          = "command_sheet_set"
	EvStatusDone         = "status_tokens_done"
	EvRevealed           = "objective_revealed"
	EvGameOver           = "game_over"
	EvStatusTokens       = "status_tokens_begun"
	EvScoringDone        = "scoring_done"
)

// StatusStep is the status phase while players redistribute command tokens
// (81.5): how many tokens each seat gained, and who has yet to arrange them.
type StatusStep struct {
	Scoring      []int `json:"scoring,omitempty"` // 81.1: still to score, in initiative order
	ScoredPublic []int `json:"scored_public,omitempty"`
	ScoredSecret []int `json:"scored_secret,omitempty"`
	Tokens       bool  `json:"tokens,omitempty"` // steps 81.2-81.5 have begun
	Gain         []int `json:"gain,omitempty"`
	Waiting      []int `json:"waiting,omitempty"`
	CrownAsked   bool  `json:"crown_asked,omitempty"` // The Crown of Emphidia's end-of-phase window has opened
}

// strategyCards are the strategy cards' ids and initiative numbers: a
// search of eight short strings is quicker than a map, and this is read on
// every turn.
var strategyCards = func() (out []cardInitiative) {
	for _, c := range data.MustLoad().Strategy {
		out = append(out, cardInitiative{c.ID, c.Initiative})
	}
	return out
}()

type cardInitiative struct {
	id string
	n  int
}

// initiativeOf is a strategy card's initiative number, if it is one.
func initiativeOf(card string) (int, bool) {
	for _, c := range strategyCards {
		if c.id == card {
			return c.n, true
		}
	}
	return 0, false
}

// Initiative is a player's initiative number: their lowest strategy card
// (48.1, 48.3), or 0 with the Naalu "0" token (48.1a).
func (s *State) Initiative(seat int) int {
	if s.ZeroToken != nil && s.ZeroToken.Holder == seat {
		return 0
	}
	if s.ZeroToken == nil && s.factionHas(seat, hookInitiativeZero) {
		return 0 // its own "0" token, not given away
	}
	best := 99
	for _, c := range s.Players[seat].StrategyCards {
		if n, ok := initiativeOf(c); ok {
			best = min(best, n)
		}
	}
	return best
}

// InitiativeOrder lists the players still in the game by initiative (48.2).
func (s *State) InitiativeOrder() []int {
	return s.appendInitiativeOrder(make([]int, 0, len(s.Players)))
}

// appendInitiativeOrder appends InitiativeOrder to order; ties keep seat
// order.
func (s *State) appendInitiativeOrder(order []int) []int {
	start := len(order)
	var key [maxSeats]int
	for _, q := range s.Active() {
		key[q] = s.Initiative(q)
		i := len(order)
		order = append(order, q)
		for ; i > start && key[order[i-1]] > key[q]; i-- {
			order[i] = order[i-1]
		}
		order[i] = q
	}
	return order
}

// SpeakerOrder lists the players still in the game clockwise from the speaker.
func (s *State) SpeakerOrder() []int { return s.appendSpeakerOrder(make([]int, 0, len(s.Players))) }

// appendSpeakerOrder appends SpeakerOrder to out.
func (s *State) appendSpeakerOrder(out []int) []int {
	n := len(s.Players)
	for i := 0; i < n; i++ {
		q := (s.Speaker + i) % n
		if !s.Players[q].Eliminated {
			out = append(out, q)
		}
	}
	return out
}

// nextPicker is who chooses a strategy card next: clockwise from the
// speaker, each player's first card, then (with three or four players) each
// player's second (84.1, 84.1c). None when everyone has their cards.
func (s *State) nextPicker() int {
	var buf [maxSeats]int
	order := s.appendSpeakerOrder(buf[:0])
	fewest := s.CardsPerPlayer()
	for _, q := range order {
		fewest = min(fewest, s.picksOf(q))
	}
	if fewest >= s.CardsPerPlayer() {
		return None
	}
	for _, q := range order {
		if s.picksOf(q) == fewest {
			return q
		}
	}
	return None
}

// picksOf counts the strategy cards seat has chosen this phase, with any it
// kept (Political Stability): the cards it holds, unless Checks and
// Balances had choices given away.
func (s *State) picksOf(seat int) int {
	if seat < len(s.Picks) {
		return s.Picks[seat]
	}
	return len(s.Players[seat].StrategyCards)
}

// nextActive is the next player in initiative order after seat who has not
// passed (4.2, 4.3); seat itself when all others have passed (3.3c).
func (s *State) nextActive(seat int) int {
	var buf [maxSeats]int
	order := s.appendInitiativeOrder(buf[:0])
	i := slices.Index(order, seat)
	for k := 1; k <= len(order); k++ {
		q := order[(i+k)%len(order)]
		if !s.Players[q].Passed {
			return q
		}
	}
	return None
}

// busy reports a multi-step action under way.
func (s *State) busy() bool {
	return s.Strategic != nil || s.Step != nil || s.Tactical != nil || s.Invasion != nil || s.Combat != nil || s.Trade != nil
}

func decidePick(s *State, a Action) ([]Event, error) {
	if s.Phase != PhaseStrategy {
		return nil, engine.Refuse("84", "strategy cards are chosen in the strategy phase, not the %s phase", s.Phase)
	}
	if a.Seat != s.Turn {
		return nil, engine.Refuse("84.1", "seat %d chooses a strategy card now, clockwise from the speaker", s.Turn)
	}
	if s.PickAsk != nil {
		return nil, engine.Refuse("1.19", "seat %d may answer the last choice first", s.PickAsk.Queue[0])
	}
	if err := stepPending(s); err != nil {
		return nil, err
	}
	if a.Card == s.Disgraced && a.Card != "" {
		return nil, engine.Refuse("2.7", "Public Disgrace: choose a strategy card other than %s", a.Card)
	}
	if !slices.Contains(s.Strategy, a.Card) {
		if _, ok := initiativeOf(a.Card); !ok {
			return nil, engine.BadInput("card", "no strategy card %q", a.Card)
		}
		return nil, engine.Refuse("84.1b", "%s has already been chosen", a.Card)
	}
	ev := s.emit(Event{Kind: EvStrategyPicked, Seat: a.Seat, Card: a.Card, Count: s.StrategyTG[a.Card]})
	given, err := checksAndBalances(s, a)
	if err != nil {
		return nil, err
	}
	return s.extend(ev, given...), nil
}

func decidePass(s *State, a Action) ([]Event, error) {
	if err := checkTurn(s, a.Seat); err != nil {
		return nil, err
	}
	p := s.Players[a.Seat]
	for _, c := range p.StrategyCards {
		if !slices.Contains(p.UsedStrategy, c) {
			rule := "3.4"
			if len(p.StrategyCards) > 1 {
				rule = "3.4a"
			}
			return nil, engine.Refuse(rule, "%s has not yet used the strategic action of %s", p, c)
		}
	}
	ev := s.emit(Event{Kind: EvPassed, Seat: a.Seat})
	ev = s.extend(ev, enduranceScore(s, a.Seat)...)
	return s.extend(ev, Event{Kind: EvTurnEnded, Seat: a.Seat}), nil
}

// checkTurn refuses a turn's action from anyone but the active player, or
// while another action is under way.
func checkTurn(s *State, seat int) error {
	if s.Phase != PhaseAction {
		return engine.Refuse("3", "actions are taken in the action phase, not the %s phase", s.Phase)
	}
	if seat != s.Turn {
		return engine.Refuse("4", "seat %d is the active player", s.Turn)
	}
	if s.busy() {
		return engine.Refuse("3.1", "a player performs one action per turn; finish the one under way")
	}
	if s.Players[seat].Passed {
		return engine.Refuse("3.3", "a player who has passed takes no more turns this phase")
	}
	return nil
}

// Status phase (81).
func decideRedistribute(s *State, a Action) ([]Event, error) {
	if s.Phase != PhaseStatus || s.Status == nil || !s.Status.Tokens {
		return nil, engine.Refuse("81.5", "command tokens are redistributed in the status phase, after scoring")
	}
	if !slices.Contains(s.Status.Waiting, a.Seat) {
		return nil, engine.Refuse("81.5", "seat %d has already arranged its command tokens", a.Seat)
	}
	if st := s.Step; st != nil && st.Kind == StepDrawDiscard {
		return nil, engine.Refuse("1.7", "seat %d discards after drawing first: an ability is resolved in its entirety", st.Seat)
	}
	pools, err := need(a.Pools, "pools")
	if err != nil {
		return nil, err
	}
	p := s.Players[a.Seat]
	total := p.Tactic + p.Fleet + p.Strategy + s.Status.Gain[a.Seat]
	if err := checkPools(s, pools, total, "81.5"); err != nil {
		return nil, err
	}
	return s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &pools}, Event{Kind: EvStatusDone, Seat: a.Seat}), nil
}

// gainInto checks command tokens d gained into seat's pools, n of them in
// all, and returns the pools after. A fleet pool already over Fleet
// Regulations' limit does not stop tokens going to the other pools.
func gainInto(s *State, seat int, d Pools, n int, rule string) (Pools, error) {
	p := s.Players[seat]
	after := Pools{p.Tactic + d.Tactic, p.Fleet + d.Fleet, p.Strategy + d.Strategy}
	if s.rules() < RulesPrinted { // as earlier versions checked it: the pools after, or the gain alone (Leadership)
		if rule == "52.4" {
			return after, checkPools(s, d, n, rule)
		}
		if d.Tactic < 0 || d.Fleet < 0 || d.Strategy < 0 || d.Sum() != n {
			return after, engine.Refuse("2.7", "place exactly %d command tokens", n)
		}
		return after, checkPools(s, after, after.Sum(), rule)
	}
	switch {
	case d.Tactic < 0 || d.Fleet < 0 || d.Strategy < 0:
		return after, engine.BadInput("pools", "negative pool")
	case d.Sum() != n:
		return after, engine.Refuse(rule, "place exactly %d command tokens", n)
	case d.Fleet > 0 && after.Fleet > 4 && s.lawSays(LawFleetPoolFour):
		return after, engine.Refuse("7.3", "Fleet Regulations is in play: no more than 4 tokens in a fleet pool")
	}
	return after, nil
}

func checkPools(s *State, p Pools, total int, rule string) error {
	if p.Tactic < 0 || p.Fleet < 0 || p.Strategy < 0 {
		return engine.BadInput("pools", "negative pool")
	}
	if s.lawSays(LawFleetPoolFour) && p.Fleet > 4 {
		return engine.Refuse("7.3", "Fleet Regulations is in play: no more than 4 tokens in a fleet pool")
	}
	if p.Sum() != total {
		return engine.Refuse(rule, "the pools must hold %d command tokens in all, not %d", total, p.Sum())
	}
	return nil
}

// roundFollowUps moves the round on when a phase is over: after the last
// strategy card is chosen (84.2), after everyone has passed (3.5), and
// after the last player has arranged their command tokens (81.6-81.8).
func roundFollowUps(s *State, rng *engine.RNG) []Event {
	switch s.Phase {
	case PhaseStrategy:
		if s.StrategyStarted < s.Round && s.rules() >= RulesKeleres { // once a round, before anything else
			if ev := s.strategyStart(); len(ev) > 0 {
				return s.extend(ev, Event{Kind: EvStrategyStarted})
			}
		}
		if s.Step == nil && len(s.Choices) == 0 && !slices.ContainsFunc(s.Players, func(p *Player) bool { return len(p.StrategyCards) > 0 }) {
			if ev := notesAtStrategyStart(s); len(ev) > 0 {
				return ev
			}
		}
		if s.Turn == None && s.Step == nil && s.PickAsk == nil && len(s.Choices) == 0 {
			if ev := notesAtStrategyEnd(s); len(ev) > 0 {
				return ev
			}
			if ev := s.phaseEndWindows(AtStrategyEnd); len(ev) > 0 {
				return ev
			}
			return s.emit(Event{Kind: EvStrategyPhaseEnded})
		}
	case PhaseAction:
		if ev := notesAtTurnStart(s); len(ev) > 0 {
			return ev
		}
		if ev := setAsideBack(s); len(ev) > 0 {
			return ev
		}
		if s.busy() {
			return nil
		}
		for _, q := range s.Active() {
			if !s.Players[q].Passed {
				return nil
			}
		}
		return beginStatus(s, rng)
	case PhaseStatus:
		if s.Status != nil && len(s.Status.Scoring) == 0 && !s.Status.Tokens && s.Step == nil {
			return statusTokens(s, rng)
		}
		if s.Status != nil && s.Status.Tokens && len(s.Status.Waiting) == 0 && s.Step == nil && len(s.Choices) == 0 {
			if ev := tombWindow(s); ev != nil { // at the end of the phase, before it ends
				return ev
			}
			if ev := s.phaseEndWindows(AtStatusEnd); len(ev) > 0 {
				return ev
			}
			end := EndStatusPhase(s)
			return s.extend(s.extend(end, policyDraw(s, end, rng)...), Event{Kind: EvStatusPhaseEnd})
		}
	}
	return nil
}

// beginStatus opens the status phase with scoring (81.1), after the
// windows of abilities used at its start, in initiative order.
func beginStatus(s *State, rng *engine.RNG) []Event {
	ev := s.emit(Event{Kind: EvStatusBegun})
	for _, q := range s.InitiativeOrder() {
		if s.hasUse(q, AtStatusStart) {
			ev = s.extend(ev, abilityWindows(s, q, AtStatusStart, Step{})...)
		}
	}
	return ev
}

// statusTokens runs steps 81.2-81.4 and opens 81.5.
func statusTokens(s *State, rng *engine.RNG) []Event {
	// 81.2: the speaker reveals the next stage I objective, stage II once
	// stage I is all revealed (81.2a); with none left the game ends (81.2b).
	var reveal Event
	switch {
	case len(s.Decks.StageI) > 0:
		reveal = Event{Kind: EvRevealed, Card: s.Decks.StageI[0]}
	case len(s.Decks.StageII) > 0:
		reveal = Event{Kind: EvRevealed, Card: s.Decks.StageII[0]}
	default:
		return s.emit(Event{Kind: EvGameOver, Seat: s.leader()}) // 98.8
	}
	ev := s.extend(s.emit(reveal), revealWindows(s, reveal.Card)...)
	ev = s.extend(ev, statusDraws(s, rng)...)
	return s.extend(ev, Event{Kind: EvStatusTokens})
}

// statusDraws is 81.3: each player draws one action card, in initiative order.
func statusDraws(s *State, rng *engine.RNG) []Event {
	var ev []Event
	deck, discard := slices.Clone(s.Decks.ActionCards), slices.Clone(s.Decks.ActionDiscard)
	for _, q := range s.InitiativeOrder() {
		ev = s.extend(ev, drawACFrom(s, &deck, &discard, rng, q, 1+s.bonus(q, hookStatusCards))...)
	}
	return ev
}

// drawFrom takes n cards off a deck for seat, reshuffling the discard pile
// into a new deck when the deck runs out (23.5). A draw across a reshuffle
// is two events, so that each applies to the deck as it then is.
func drawFrom(deck, discard *[]string, rng *engine.RNG, seat int, name string, n int) []Event {
	var ev []Event
	cur := Event{Kind: EvCardsDrawn, Seat: seat, Deck: name}
	for drawn := 0; drawn < n; drawn++ {
		if len(*deck) == 0 {
			if len(*discard) == 0 {
				break
			}
			if len(cur.extra().Cards) > 0 {
				ev = append(ev, cur)
				cur = Event{Kind: EvCardsDrawn, Seat: seat, Deck: name}
			}
			*deck, *discard = slices.Clone(*discard), nil
			shuffle(rng, *deck)
			cur.more().NewDeck = slices.Clone(*deck)
		}
		cur.more().Cards = append(cur.extra().Cards, (*deck)[0])
		*deck = (*deck)[1:]
	}
	if len(cur.extra().Cards) > 0 {
		ev = append(ev, cur)
	}
	return ev
}

// actionDeckAfter is the action deck and discard pile as they will be once
// the draws among events, decided but not yet applied, are made.
func actionDeckAfter(s *State, events []Event) (deck, discard []string) {
	deck, discard = slices.Clone(s.Decks.ActionCards), slices.Clone(s.Decks.ActionDiscard)
	for _, e := range events {
		if e.Kind == EvCardsDrawn && e.Deck == "action" {
			if e.extra().NewDeck != nil {
				deck, discard = slices.Clone(e.extra().NewDeck), nil
			}
			deck = deck[len(e.extra().Cards):]
		}
	}
	return deck, discard
}

func applyRound(s *State, e *Event) bool {
	switch e.Kind {
	case EvStrategyPicked:
		picks := slices.Clone(s.Picks) // copied, not changed in place: views may share it
		if picks == nil {
			for _, q := range s.Players {
				picks = append(picks, len(q.StrategyCards))
			}
		}
		picks[e.Seat]++
		s.Picks = picks
		s.Picking, s.Disgraced = true, ""
		p := s.Players[e.Seat]
		p.StrategyCards = append(p.StrategyCards, e.Card)
		sortStrategy(p.StrategyCards)
		s.Strategy = slices.DeleteFunc(s.Strategy, func(c string) bool { return c == e.Card })
		p.TradeGoods += e.Count // 84.1a
		delete(s.StrategyTG, e.Card)
		s.Turn = s.nextPicker()
		s.PickAsk = pickWindow(s, *e)
	case EvStrategyPhaseEnded:
		s.Picks = nil
		if len(s.NotesAsked) > 0 {
			s.NotesAsked = nil
		}
		if s.StrategyTG == nil {
			s.StrategyTG = map[string]int{}
		}
		for _, c := range s.Strategy {
			s.StrategyTG[c]++ // 84.2
		}
		s.Phase = PhaseAction
		for _, p := range s.Players {
			p.Passed = false
		}
		s.Turn = s.InitiativeOrder()[0] // 4.1
	case EvPassed:
		s.Players[e.Seat].Passed = true
	case EvStrategyStarted:
		s.StrategyStarted = s.Round
	case EvTurnEnded:
		s.ComponentTurn = e.Card == turnComponent
		s.turnEnded(e.Seat)
		if s.lawGives(e.Seat, LawActionAfterTurn) != "" && !s.Players[e.Seat].Passed && s.Phase == PhaseAction {
			s.WarAsk = true // after an action, not a pass (7.3; see the LRR's FAQ)
		}
		// Laws blank till the turn's end, and through an action more in it
		// (EvExtraAction brings them back: LawsBlankTurn).
		s.Players[e.Seat].TradedWith, s.LawsBlank, s.LawsBlankTurn = nil, false, s.LawsBlank
		for _, p := range s.Players {
			p.Feats = nil
		}
		if !s.ExtraAction {
			s.SecondBy = "" // a first action ended: a second may be granted
		}
		s.Turn, s.ExtraAction = s.nextActive(e.Seat), false
		if len(s.NotesAsked) > 0 || len(s.TurnUsed) > 0 {
			s.NotesAsked, s.TurnUsed = nil, nil
		}
		s.unswap()
		if len(s.readyLegendary(e.Seat)) > 0 || s.hasUse(e.Seat, AtEndOfTurn) || s.secondAction(e.Seat) != "" {
			// its legendary abilities (53.3) and other end-of-turn abilities are offered
			seat := e.Seat
			s.EndOfTurn = &seat
		}
	case EvRevealed:
		if e.Deck == "stage_ii" || (e.Deck == "" && len(s.Decks.StageI) == 0) {
			s.Decks.StageII = s.Decks.StageII[1:]
		} else {
			s.Decks.StageI = s.Decks.StageI[1:]
		}
		s.Decks.Revealed = append(s.Decks.Revealed, e.Card)
	case EvGameOver:
		s.Phase, s.Turn, s.Winner = PhaseOver, None, e.Seat
	case EvScoringDone:
		s.Status.Scoring = slices.DeleteFunc(s.Status.Scoring, func(q int) bool { return q == e.Seat })
	case EvStatusBegun:
		s.Phase = PhaseStatus
		s.Turn = None
		s.Status = &StatusStep{Scoring: s.InitiativeOrder()}
	case EvStatusTokens:
		// 81.4: command tokens leave the board.
		for _, sys := range s.Systems {
			sys.Command = nil
		}
		// 81.5: each player gains two tokens (more with an ability), if
		// reinforcements allow (20.3a).
		st := s.Status
		st.Tokens, st.Gain = true, make([]int, len(s.Players))
		for _, q := range s.InitiativeOrder() {
			st.Gain[q] = min(2+s.bonus(q, hookStatusTokens), s.CommandReinforcements(q))
			st.Waiting = append(st.Waiting, q)
		}
	case EvCardsDrawn:
		applyDraw(s, *e)
	case EvTokensSet:
		p := s.Players[e.Seat]
		spent := p.Strategy > e.Pools.Strategy && p.Tactic+p.Fleet+p.Strategy > e.Pools.Tactic+e.Pools.Fleet+e.Pools.Strategy
		p.Tactic, p.Fleet, p.Strategy = e.Pools.Tactic, e.Pools.Fleet, e.Pools.Strategy
		if spent && s.rules() >= RulesMechs { // a token spent from the strategy pool, not moved to another (Magmus)
			p.TradeGoods += s.bonus(e.Seat, hookStrategyTG)
		}
	case EvStatusDone:
		s.Status.Waiting = slices.DeleteFunc(s.Status.Waiting, func(q int) bool { return q == e.Seat })
	case EvStatusPhaseEnd:
		endStatus(s)
	default:
		return false
	}
	return true
}

// without returns pile less one copy of each card in taken: a reshuffle
// takes the discard pile as it was when the draw was decided, so a card
// discarded by an earlier event of the same batch stays behind (23.5).
func without(pile, taken []string) []string {
	left := slices.Clone(pile)
	for _, c := range taken {
		if i := slices.Index(left, c); i >= 0 {
			left = slices.Delete(left, i, i+1)
		}
	}
	if len(left) == 0 {
		return nil
	}
	return left
}

func applyDraw(s *State, e Event) {
	p := s.Players[e.Seat]
	switch e.Deck {
	case "action":
		if e.extra().NewDeck != nil {
			s.Decks.ActionCards, s.Decks.ActionDiscard = slices.Clone(e.extra().NewDeck), without(s.Decks.ActionDiscard, e.extra().NewDeck)
		}
		s.Decks.ActionCards = s.Decks.ActionCards[len(e.extra().Cards):]
		p.ActionCards = append(p.ActionCards, e.extra().Cards...)
	case "secret":
		s.Decks.Secrets = s.Decks.Secrets[len(e.extra().Cards):]
		p.Secrets = append(p.Secrets, e.extra().Cards...)
	}
}

// endStatus is 81.6-81.8: ready cards, repair units, return strategy
// cards, and begin the next round with the strategy phase.
func endStatus(s *State) {
	for _, p := range s.Players {
		if p.Hero == InPlay { // a hero in play for the round is purged at its end
			p.Hero = Purged
		}
	}
	for _, sys := range s.Systems {
		for i := range sys.Space {
			sys.Space[i].Damaged = 0
		}
		for _, pl := range sys.Planets {
			pl.Exhausted = false
			for i := range pl.Units {
				pl.Units[i].Damaged = 0
			}
		}
	}
	s.LegendaryExhausted = nil
	for _, p := range s.Players {
		s.cardGoodsBack(p)
		p.ExhaustedRelics, p.ExhaustedTechs = nil, nil // ready cards (34.2)
		if p.KeepStrategy {                            // Political Stability: the cards stay, readied
			p.UsedStrategy, p.Passed, p.KeepStrategy = nil, false, false
			continue
		}
		s.Strategy = append(s.Strategy, p.StrategyCards...)
		p.StrategyCards, p.UsedStrategy, p.Passed = nil, nil, false
	}
	sortStrategy(s.Strategy)
	s.Status = nil
	if s.AgendaPhase { // 8.1
		s.Phase, s.Turn = PhaseAgenda, None
		s.Agenda = &AgendaStep{Number: 1}
		return
	}
	beginRound(s)
}

// beginRound starts a new game round with the strategy phase (40.1).
func beginRound(s *State) {
	s.Picking = false
	s.Round++
	s.Phase = PhaseStrategy
	s.Turn = s.nextPicker() // the speaker, unless Political Stability kept their cards
}

// EvStrategyStarted: what abilities give at the start of this round's
// strategy phase is given (State.StrategyStarted).
const EvStrategyStarted = "strategy_phase_started"

// strategyStart is what abilities give their owners at the start of the
// strategy phase, of themselves (AtStrategyStart), in speaker order; in
// the first round, at setup (Setup).
func (s *State) strategyStart() []Event {
	if s.rules() < RulesKeleres {
		return nil
	}
	var ev []Event
	for _, q := range s.SpeakerOrder() {
		for _, a := range s.abilityList(q) {
			if a.AtStrategyStart != nil {
				ev = s.extend(ev, a.AtStrategyStart(s, q)...)
			}
		}
	}
	return ev
}

// turnComponent marks, as EvTurnEnded's Card, a turn whose action was a
// component action (from rules version 8: ComponentTurn).
const turnComponent = "component_action"

// turnOver is the event ending seat's turn, marked when its action was a
// component action.
func (s *State) turnOver(seat int, component bool) Event {
	e := Event{Kind: EvTurnEnded, Seat: seat}
	if component && s.rules() >= RulesKeleres {
		e.Card = turnComponent
	}
	return e
}
