package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Strategic actions (LRR 82) and the eight strategy cards: Leadership (52),
// Diplomacy (32), Politics (66), Construction (24), Trade (92), Warfare
// (99), Technology (91), Imperial (45).

// Strategic is a strategic action under way: the card, its active player,
// whether the primary ability is done, the players still to be offered the
// secondary in clockwise order (82.1), and those Trade lets use it free (92.4).
type Strategic struct {
	Card        string `json:"card"`
	Seat        int    `json:"seat"`
	PrimaryDone bool   `json:"primary_done,omitempty"`
	Queue       []int  `json:"queue,omitempty"`
	Free        []int  `json:"free,omitempty"`
	// Unheld: begun by an ability (Mathis Mathinus), not by the card's
	// holder: the card is not exhausted, its end ends no turn, and only
	// the players Only may use its secondary.
	Unheld bool  `json:"unheld,omitempty"`
	Only   []int `json:"only,omitempty"`
	// Reserve: a secondary used by an ability (Hesh and Prit): its token
	// comes from the player's reinforcements, not their strategy pool;
	// Then: the cards whose secondaries follow, in order.
	Reserve bool     `json:"reserve,omitempty"`
	Then    []string `json:"then,omitempty"`
}

// Unheld marks, as EvStrategicBegun's Deck, a strategic action begun by
// an ability, its Seats the players offered the secondary.
const Unheld = "unheld"

// Reserved marks, as EvStrategicBegun's Deck, the secondary of the card
// used by seat by an ability, paid from reinforcements (Strategic.Reserve),
// the cards whose secondaries follow in Cards.
const Reserved = "reserved"

// beginReserved offers seat the secondaries of cards, one after the other,
// each paid from reinforcements.
func beginReserved(s *State, seat int, cards []string) []Event {
	if len(cards) == 0 {
		return nil
	}
	return s.emit(Event{Kind: EvStrategicBegun, Seat: seat, Card: cards[0], Deck: Reserved, Extra: &Extra{Cards: slices.Clone(cards[1:])}})
}

// beginUnheld is seat's strategic action of card begun by an ability,
// only the players in only offered the secondary.
func beginUnheld(s *State, seat int, card string, only []int, rng *engine.RNG) []Event {
	ev := s.emit(Event{Kind: EvStrategicBegun, Seat: seat, Card: card, Deck: Unheld, Extra: &Extra{Seats: slices.Clone(only)}})
	return s.extend(ev, primary(s, seat, card, rng)...)
}

// Step is a choice the game waits on inside an ability.
type Step struct {
	Kind      string         `json:"kind"`
	Seat      int            `json:"seat"`
	Card      string         `json:"card,omitempty"`
	Secondary bool           `json:"secondary,omitempty"`
	Spent     int            `json:"spent,omitempty"` // influence or resources spent so far
	Count     int            `json:"count,omitempty"` // things done so far (planets readied, techs, structures)
	Base      int            `json:"base,omitempty"`  // tokens gained before any are bought (Leadership)
	Credits   map[string]int `json:"credits,omitempty"`
	Prod      *Production    `json:"production,omitempty"`
	Then      string         `json:"then,omitempty"` // a payment's step to go back to
	// Agenda choices: how many to do, of which units, where, and whether
	// the player may stop early or is spared prerequisites.
	Need     int      `json:"need,omitempty"`
	Units    []string `json:"units,omitempty"`
	Systems  []int    `json:"systems,omitempty"`
	Planet   string   `json:"planet,omitempty"`
	Optional bool     `json:"optional,omitempty"`
	Free     bool     `json:"free,omitempty"`
	Receiver *int     `json:"receiver,omitempty"` // the player a note is given to (Diplomatic Pressure)
	Target   *int     `json:"target,omitempty"`   // the player an ability's window names (Pillage)
	Except   string   `json:"except,omitempty"`   // a technology that may not be chosen (Divert Funding)
	Cards    []string `json:"cards,omitempty"`    // strategy cards given a trade good so far (Manipulate Investments); technologies offered (Reveal Prototype)
	// A production by an ability (StepFreelance): paid in resources only,
	// of some unit types only (Units), costing at most Cap in all.
	ResourcesOnly bool `json:"resources_only,omitempty"`
	Cap           int  `json:"cap,omitempty"`
	// Used: planets whose technology specialty counted in this research
	// without being exhausted (Psychoarchaeology); at the end of the status
	// phase, the planets infantry were moved to, one entry an infantry
	// (Bioplasmosis).
	Used []string `json:"used,omitempty"`
	// AsPrimary: a secondary resolved with the primary's terms (Brilliant).
	AsPrimary bool `json:"as_primary,omitempty"`
	// Aids: abilities of other players lent the step's player for it, each
	// used once (Doctor Sucaban on another player's research: WhileAided).
	Aids []string `json:"aids,omitempty"`
}

// Step kinds.
const (
	StepLeadership   = "leadership"
	StepDiploSystem  = "diplomacy_system"
	StepReady        = "ready_planets"
	StepSpeaker      = "choose_speaker"
	StepAgendas      = "order_agendas"
	StepConstruction = "construction"
	StepTradeChoose  = "trade_choose"
	StepWarfareToken = "warfare_token"
	StepRedistribute = "warfare_redistribute"
	StepResearch     = "research"
	StepWarfareProd  = "warfare_production"
	StepIndustry     = "industry_production"
)

// Action kinds inside strategic actions.
const (
	ActStrategic      = "strategic_action"
	ActSecondary      = "secondary"
	ActSpendPlanet    = "spend_planet"
	ActSpendTG        = "spend_trade_goods"
	ActSpecialty      = "use_specialty"
	ActGainTokens     = "gain_tokens"
	ActChooseSystem   = "choose_system"
	ActReadyPlanet    = "ready_planet"
	ActDone           = "done"
	ActChooseSpeaker  = "choose_speaker"
	ActOrderAgendas   = "order_agendas"
	ActPlaceStructure = "place_structure"
	ActChoosePlayer   = "choose_player"
	ActRemoveToken    = "remove_command_token"
	ActResearch       = "research"
)

// Event kinds of strategic actions.
const (
	EvStrategicBegun  = "strategic_action_begun"
	EvStepSet         = "step_set"
	EvStepCleared     = "step_cleared"
	EvPrimaryDone     = "primary_done"
	EvSecondaryDone   = "secondary_done"
	EvStrategicEnded  = "strategic_action_ended"
	EvPlanetExhausted = "planet_exhausted"
	EvPlanetReadied   = "planet_readied"
	EvTradeGoods      = "trade_goods"
	EvCommodities     = "commodities_set"
	EvCommandToken    = "command_token"
	EvSpeakerChanged  = "speaker_changed"
	EvTechGained      = "technology_gained"
	EvVictoryPoint    = "victory_points"
	EvAgendasOrdered  = "agendas_ordered"
	EvFreeSecondary   = "free_secondary"
	EvSpent           = "spent"
	EvStepProgress    = "step_progress"
)

func (st *Step) currency() string {
	switch st.Kind {
	case StepLeadership:
		return "influence"
	case StepResearch:
		return "resources"
	}
	return ""
}

// decideStrategic starts a strategic action: the active player exhausts
// nothing yet; the card is exhausted once every secondary has been offered (82.2).
func decideStrategic(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	if err := checkTurn(s, a.Seat); err != nil {
		return nil, err
	}
	p := s.Players[a.Seat]
	if !slices.Contains(p.StrategyCards, a.Card) {
		return nil, engine.Refuse("83.3", "%s does not hold the %s strategy card", p, a.Card)
	}
	if slices.Contains(p.UsedStrategy, a.Card) {
		return nil, engine.Refuse("82.2", "%s has already been used this round", a.Card)
	}
	if s.CoupAsk != nil {
		return nil, engine.Refuse("1.19", "the %s strategic action is already announced", s.CoupAsk.Card)
	}
	if len(s.Active()) > 1 { // the others may answer first (Coup d'Etat)
		return s.emit(Event{Kind: EvCoupWindow, Seat: a.Seat, Card: a.Card}), nil
	}
	ev := s.emit(Event{Kind: EvStrategicBegun, Seat: a.Seat, Card: a.Card})
	return s.extend(ev, primary(s, a.Seat, a.Card, rng)...), nil
}

func step(kind string, seat int, card string, secondary bool) Event {
	return Event{Kind: EvStepSet, Seat: seat, Step: &Step{Kind: kind, Seat: seat, Card: card, Secondary: secondary}}
}

// primary returns the first events of a card's primary ability.
func primary(s *State, seat int, card string, rng *engine.RNG) []Event {
	switch card {
	case "leadership": // 52.2: three tokens, then buy more with influence
		e := step(StepLeadership, seat, card, false)
		e.Step.Base = 3
		return s.emit(e)
	case "diplomacy":
		for _, sys := range s.Systems {
			if planetIn(sys, MecatolRex) == nil && !isCards(sys) && slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return pl.Controller == seat }) {
				return s.emit(step(StepDiploSystem, seat, card, false))
			}
		}
		return s.emit(step(StepReady, seat, card, false)) // no system to choose: only the readying is left
	case "politics":
		return s.emit(step(StepSpeaker, seat, card, false))
	case "construction":
		return s.emit(step(StepConstruction, seat, card, false))
	case "trade": // 92.2, 92.3, then 92.4
		p := s.Players[seat]
		ev := s.emit(Event{Kind: EvTradeGoods, Seat: seat, Count: 3}, Event{Kind: EvCommodities, Seat: seat, Count: commodityValue(p)})
		ev = s.extend(s.extend(ev, commerce(s, seat)...), notesOnReplenish(s, seat, commodityValue(p))...)
		return s.extend(ev, step(StepTradeChoose, seat, card, false))
	case "warfare":
		for _, sys := range s.Systems {
			if slices.Contains(sys.Command, seat) {
				return s.emit(step(StepWarfareToken, seat, card, false))
			}
		}
		return s.emit(step(StepRedistribute, seat, card, false)) // no token on the board to take back
	case "technology":
		return s.emit(step(StepResearch, seat, card, false))
	case "imperial": // 45.2: may score a public objective first
		return s.emit(step(StepImperial, seat, card, false))
	}
	return nil
}

func commodityValue(p *Player) int {
	return data.MustLoad().Faction(p.Faction).Commodities + relicCommodities(p)
}

// drawActionCards draws n action cards for one seat, reshuffling the
// discard pile if the deck runs out (23.5).
func drawActionCards(s *State, seat, n int, rng *engine.RNG) []Event {
	deck, discard := slices.Clone(s.Decks.ActionCards), slices.Clone(s.Decks.ActionDiscard)
	return drawACFrom(s, &deck, &discard, rng, seat, n)
}

// drawACFrom draws n action cards for seat from deck and discard, and
// more with an ability that says so, which then has one discarded
// (Scheming: a choice step).
func drawACFrom(s *State, deck, discard *[]string, rng *engine.RNG, seat, n int) []Event {
	extra := s.bonus(seat, hookDrawExtra)
	ev := drawFrom(deck, discard, rng, seat, "action", n+extra)
	if extra > 0 && len(ev) > 0 {
		ev = s.extend(ev, queue(Step{Kind: StepDrawDiscard, Seat: seat, Need: extra}))
	}
	return ev
}

func drawSecret(s *State, seat int, rng *engine.RNG) []Event {
	deck := slices.Clone(s.Decks.Secrets)
	var none []string
	return drawFrom(&deck, &none, rng, seat, "secret", 1)
}

// decideSecondary takes up or declines the secondary ability (82.1, 20.5).
func decideSecondary(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	st := s.Strategic
	if st == nil || !st.PrimaryDone || s.Step != nil {
		return nil, engine.Refuse("82.1", "no secondary ability is being offered")
	}
	if len(st.Queue) == 0 || st.Queue[0] != a.Seat {
		return nil, engine.Refuse("82.1", "the secondary ability is offered clockwise; seat %d decides now", st.Queue[0])
	}
	done := Event{Kind: EvSecondaryDone, Seat: a.Seat}
	if !a.Use {
		return s.emit(done), nil
	}
	p := s.Players[a.Seat]
	free := st.Card == "leadership" || slices.Contains(st.Free, a.Seat) || // 20.5a, 92.4
		s.has(a.Seat, func(ab *Ability) bool { return slices.Contains(ab.FreeSecondaries, st.Card) })
	if st.Reserve && !free { // the token from reinforcements goes back to them (Hesh and Prit)
		if s.CommandReinforcements(a.Seat) < 1 {
			return nil, engine.Refuse("20.5", "%s has no command token in reinforcements to spend", p)
		}
		free = true
	}
	asPrimary := !free && a.Card == "" && s.has(a.Seat, func(ab *Ability) bool { return slices.Contains(ab.PrimaryForSecondary, st.Card) })
	if st.Card == "technology" && !asPrimary { // 91.3: offered only to a player who can pay for a technology
		if cost := researchCost(s, &Step{Seat: a.Seat, Card: st.Card, Secondary: true}); s.spendable(a.Seat) < cost {
			return nil, engine.Refuse("91.3", "%s cannot pay the %d resources a technology costs by the secondary ability", p, cost)
		}
	}
	var ev []Event
	switch {
	case a.Card != "" && lookup(a.Card) != nil && relics[a.Card] == nil: // an ability pays with the active player's token (Jae Mir Kan)
		paid, err := tokenTakenForSecondary(s, a, free)
		if err != nil {
			return nil, err
		}
		ev = s.extend(ev, paid...)
	case a.Card != "": // a relic pays the token
		paid, err := relicPaysSecondary(s, a, free)
		if err != nil {
			return nil, err
		}
		ev = s.extend(ev, paid...)
	case !free:
		if p.Strategy < 1 {
			return nil, engine.Refuse("20.5", "%s has no command token in the strategy pool", p)
		}
		pools := Pools{p.Tactic, p.Fleet, p.Strategy - 1}
		ev = s.extend(ev, Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &pools})
	}
	switch st.Card {
	case "leadership":
		return s.extend(ev, step(StepLeadership, a.Seat, st.Card, true)), nil
	case "diplomacy": // 32.3: ready up to two planets
		return s.extend(ev, step(StepReady, a.Seat, st.Card, true)), nil
	case "politics": // 66.3: draw two action cards
		ev = s.extend(ev, drawActionCards(s, a.Seat, 2, rng)...)
		return s.extend(ev, done), nil
	case "construction":
		return s.extend(ev, step(StepConstruction, a.Seat, st.Card, true)), nil
	case "trade": // 92.5: replenish commodities
		ev = s.extend(ev, Event{Kind: EvCommodities, Seat: a.Seat, Count: commodityValue(p)})
		ev = s.extend(s.extend(ev, commerce(s, a.Seat)...), notesOnReplenish(s, a.Seat, commodityValue(p))...)
		return s.extend(ev, done), nil
	case "warfare": // 99.3: one home space dock produces; the token stays off the board (99.3a)
		if s.bestDock(a.Seat, s.System(p.Home)) == 0 {
			return nil, engine.Refuse("99.3", "%s has no space dock in its home system", p)
		}
		e := step(StepWarfareProd, a.Seat, st.Card, true)
		e.Step.Prod = &Production{}
		return s.extend(ev, e), nil
	case "technology":
		e := step(StepResearch, a.Seat, st.Card, true)
		e.Step.AsPrimary = asPrimary
		return s.extend(ev, e), nil
	case "imperial": // 45.3: draw a secret objective
		ev = s.extend(ev, drawSecret(s, a.Seat, rng)...)
		return s.extend(ev, done), nil
	}
	return nil, engine.BadInput("card", "unknown strategy card %q", st.Card)
}

// finish ends the current step: a primary hands over to the secondaries,
// a secondary to the next player in the queue.
func finish(s *State) []Event {
	st := s.Step
	ev := s.emit(Event{Kind: EvStepCleared, Seat: st.Seat})
	if st.Secondary {
		ev = s.extend(ev, Event{Kind: EvSecondaryDone, Seat: st.Seat})
	} else {
		ev = s.extend(ev, Event{Kind: EvPrimaryDone, Seat: st.Seat})
	}
	if s.hasUse(st.Seat, AfterStrategy) {
		ev = s.extend(ev, abilityWindows(s, st.Seat, AfterStrategy, Step{Cards: []string{st.Card}})...)
	}
	return ev
}

// inStep checks that seat is deciding a step of one of kinds.
func inStep(s *State, seat int, kinds ...string) (*Step, error) {
	st := s.Step
	if st == nil || !slices.Contains(kinds, st.Kind) {
		return nil, engine.Refuse("82.3", "that choice is not open now")
	}
	if st.Seat != seat {
		return nil, engine.Refuse("82.3", "seat %d is resolving an ability", st.Seat)
	}
	return st, nil
}

// Spending (LRR 75, 47, 93): exhaust a readied planet you control, or spend
// trade goods, toward what the step needs.
func decideSpendPlanet(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepLeadership, StepResearch)
	if err != nil {
		return nil, err
	}
	pl, _, err := findPlanet(s, a.Planet)
	if err != nil {
		return nil, err
	}
	if pl.Controller != a.Seat {
		return nil, engine.Refuse("75.2", "%s is not yours to exhaust", pl.Name)
	}
	if pl.Exhausted {
		return nil, engine.Refuse("34.4", "%s is already exhausted", pl.Name)
	}
	v := s.exhaustWorth(a.Seat, pl, st.currency() == "influence")
	return s.emit(Event{Kind: EvPlanetExhausted, Seat: a.Seat, Planet: pl.Name}, Event{Kind: EvSpent, Seat: a.Seat, Count: v}), nil
}

func decideSpendTG(s *State, a Action) ([]Event, error) {
	if st := s.Step; st != nil && st.Kind == StepUnlockDeed && st.Seat == a.Seat {
		return unlockPaid(s, a, st)
	}
	if _, err := inStep(s, a.Seat, StepLeadership, StepResearch); err != nil {
		return nil, err
	}
	if err := checkCount(a.Count); err != nil {
		return nil, err
	}
	if p := s.Players[a.Seat]; s.goods(a.Seat) < a.Count {
		return nil, engine.Refuse("93.4", "%s has only %d trade goods", p, s.goods(a.Seat))
	}
	return s.emit(append(s.spendGoods(a.Seat, a.Count), Event{Kind: EvSpent, Seat: a.Seat, Count: a.Count * s.tgWorth(a.Seat)})...), nil
}

// Leadership (52.2-52.4): gain the base tokens plus one per three
// influence spent, into pools of the player's choice, as far as
// reinforcements allow (20.3a).
func decideGainTokens(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepLeadership)
	if err != nil {
		return nil, err
	}
	pools, err := need(a.Pools, "pools")
	if err != nil {
		return nil, err
	}
	gain := min(st.Base+st.Spent/3, s.CommandReinforcements(a.Seat))
	after, err := gainInto(s, a.Seat, pools, gain, "52.4")
	if err != nil {
		return nil, err
	}
	return s.extend(s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &after}), finish(s)...), nil
}

// Diplomacy (32.2): a system with a planet you control, not Mecatol Rex's;
// every other player puts a command token there.
func decideChooseSystem(s *State, a Action) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepDiploSystem); err != nil {
		return nil, err
	}
	sys, _, err := where(s, a.System, "", "system")
	if err != nil {
		return nil, err
	}
	if planetIn(sys, MecatolRex) != nil {
		return nil, engine.Refuse("32.2", "Diplomacy cannot choose the Mecatol Rex system")
	}
	mine := false
	for _, pl := range sys.Planets {
		mine = mine || pl.Controller == a.Seat
	}
	if !mine {
		return nil, engine.Refuse("32.2", "Diplomacy chooses a system with a planet you control")
	}
	var ev []Event
	for _, q := range s.Active() {
		if q == a.Seat || slices.Contains(sys.Command, q) { // 32.2b
			continue
		}
		ev = s.extend(ev, placeToken(s, q, sys.Pos)...)
	}
	ev = s.extend(ev, Event{Kind: EvStepCleared, Seat: a.Seat}, step(StepReady, a.Seat, "diplomacy", false))
	return ev, nil
}

// placeToken puts a player's command token from reinforcements in a system;
// with none left, from the fullest pool on their sheet (32.2a, 20.3b).
func placeToken(s *State, seat, pos int) []Event { return placeTokenAfter(s, seat, pos, 0) }

// placeTokenAfter is placeToken for the next of seat's tokens an effect
// places in one batch of events, placed of them before it: those are not
// applied yet, and came from reinforcements first.
func placeTokenAfter(s *State, seat, pos, placed int) []Event {
	ev := s.emit(Event{Kind: EvCommandToken, Seat: seat, System: pos, Count: 1})
	if s.CommandReinforcements(seat) > placed {
		return ev
	}
	pools, ok := s.poolsAfter(seat, placed-s.CommandReinforcements(seat)+1)
	if !ok {
		return nil
	}
	return s.extend(s.emit(Event{Kind: EvTokensSet, Seat: seat, Pools: &pools}), ev...)
}

// poolsAfter is seat's pools with k tokens taken from them, each from the
// fullest (tactic, then fleet, on a tie); false when they run out.
func (s *State) poolsAfter(seat, k int) (Pools, bool) {
	p := s.Players[seat]
	pools := Pools{p.Tactic, p.Fleet, p.Strategy}
	for range k {
		switch {
		case pools.Tactic >= pools.Fleet && pools.Tactic >= pools.Strategy && pools.Tactic > 0:
			pools.Tactic--
		case pools.Fleet >= pools.Strategy && pools.Fleet > 0:
			pools.Fleet--
		case pools.Strategy > 0:
			pools.Strategy--
		default:
			return pools, false
		}
	}
	return pools, true
}

// tokensToPlace is how many of seat's tokens an effect may place from
// reinforcements: from rules version 13 with those in the pools on their
// sheet, taken once reinforcements run out (20.3b).
func (s *State) tokensToPlace(seat int) int {
	n := s.CommandReinforcements(seat)
	if s.rules() >= RulesWindows {
		p := s.Players[seat]
		n += p.Tactic + p.Fleet + p.Strategy
	}
	return n
}

// effectToken places seat's token in pos for an effect that takes it from
// reinforcements: from rules version 13 from a pool on their sheet when
// none are left (20.3b); before, with none left, nothing. placed counts
// the tokens of seat's placed earlier in the same batch of events.
func (s *State) effectToken(seat, pos, placed int) []Event {
	if s.tokensToPlace(seat) <= placed {
		return nil
	}
	if s.rules() >= RulesWindows {
		return placeTokenAfter(s, seat, pos, placed)
	}
	return s.emit(Event{Kind: EvCommandToken, Seat: seat, System: pos, Count: 1})
}

// Readying planets (32.2, 32.3): up to two of your exhausted planets.
func decideReadyPlanet(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepReady)
	if err != nil {
		return nil, err
	}
	pl, _, err := findPlanet(s, a.Planet)
	if err != nil {
		return nil, err
	}
	if pl.Controller != a.Seat || !pl.Exhausted {
		return nil, engine.Refuse("32.2", "ready only your own exhausted planets")
	}
	ev := s.emit(Event{Kind: EvPlanetReadied, Seat: a.Seat, Planet: pl.Name}, Event{Kind: EvStepProgress, Seat: a.Seat})
	if st.Count+1 >= 2 {
		ev = s.extend(ev, finish(s)...)
	}
	return ev, nil
}

// decideDone ends a step whose further choices are optional.
func decideDone(s *State, a Action) ([]Event, error) {
	if a.Pools != nil && (s.Step == nil || s.Step.Kind != StepRedistribute) {
		return nil, engine.BadInput("pools", "only the Warfare redistribution is done with pools")
	}
	if s.ExtraAction && s.Phase == PhaseAction && s.Step == nil && s.Strategic == nil && s.Tactical == nil && s.Trade == nil && s.Turn == a.Seat { // a transaction open is settled first (94)
		return s.emit(Event{Kind: EvTurnEnded, Seat: a.Seat}), nil // the additional action declined
	}
	if s.Phase == PhaseStatus && s.Status != nil && s.Step == nil && len(s.Status.Scoring) > 0 {
		if s.Status.Scoring[0] != a.Seat {
			return nil, engine.Refuse("81.1", "players score in initiative order; seat %d now", s.Status.Scoring[0])
		}
		return s.emit(Event{Kind: EvScoringDone, Seat: a.Seat}), nil // 81.1: scoring is optional
	}
	st, err := inStep(s, a.Seat, StepReady, StepConstruction, StepTradeChoose, StepResearch, StepRedistribute, StepWarfareProd, StepIndustry, StepFreelance, StepPay, StepImperial, StepLook, StepGuest, StepUnlockDeed)
	if err != nil {
		return nil, err
	}
	switch st.Kind {
	case StepGuest: // the tactical action offered is declined: the turn's action is over
		return s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}, Event{Kind: EvTurnEnded, Seat: s.Turn}), nil
	case StepLook, StepUnlockDeed: // the cards looked at; the payment let go
		return s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}), nil
	case StepImperial:
		return imperialRest(s, a.Seat), nil
	case StepPay: // abandon the payment; what was spent is lost (67.1b)
		ev := s.emit(Event{Kind: EvStepCleared, Seat: a.Seat})
		if st.Then == StepImperial {
			ev = s.extend(ev, step(StepImperial, a.Seat, "imperial", false))
		}
		return ev, nil
	}
	if a.Pools != nil {
		return nil, engine.BadInput("pools", "only the Warfare redistribution is done with pools")
	}
	if st.Prod != nil && st.Prod.Spent < s.owedFor(st.Seat, st.Prod, 0) {
		return nil, engine.Refuse("67.1", "the units produced cost %d resources; %d spent", s.owedFor(st.Seat, st.Prod, 0), st.Prod.Spent)
	}
	if st.Prod != nil && st.Prod.Made > 0 && s.rules() >= RulesAgents { // what follows a production outside a tactical action too (67)
		if _, sys, _, err := s.production(st.Seat); err == nil {
			return s.extend(s.producedFollowUps(st.Seat, sys.Pos), stepDone(s, st)...), nil
		}
	}
	return stepDone(s, st), nil
}

// stepDone ends a step its player is done with.
func stepDone(s *State, st *Step) []Event {
	switch {
	case st.Kind == StepIndustry:
		return industryDone(s, st)
	case st.Kind == StepFreelance:
		return s.emit(Event{Kind: EvStepCleared, Seat: st.Seat})
	case researchBy[st.Card].cost > 0: // a card's research given up: what was spent is lost
		return s.emit(Event{Kind: EvStepCleared, Seat: st.Seat})
	}
	return finish(s)
}

// researchTerms are the terms of a research step a card opened: its
// price, whether only the technologies the step offers (Step.Cards) may
// be researched, and that one technology ends it. Each card registers its
// own (researchBy), by its id.
type researchTerms struct {
	cost    int
	offered bool
}

var researchBy = map[string]researchTerms{}

// Politics (66.2): a new speaker other than the current one, two action
// cards, then the top two agendas ordered.
func decideChooseSpeaker(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepSpeaker); err != nil {
		return nil, err
	}
	q, err := need(a.extra().Player, "player")
	if err != nil {
		return nil, err
	}
	if s.Player(q) == nil || s.Players[q].Eliminated {
		return nil, engine.BadInput("player", "no seat %d in the game", q)
	}
	if q == s.Speaker {
		return nil, engine.Refuse("66.2", "the new speaker must be someone who is not the speaker now")
	}
	ev := s.emit(Event{Kind: EvSpeakerChanged, Seat: a.Seat, Extra: &Extra{Speaker: q}})
	ev = s.extend(ev, drawActionCards(s, a.Seat, 2, rng)...)
	ev = s.extend(ev, Event{Kind: EvStepCleared, Seat: a.Seat})
	if len(s.Decks.Agendas) == 0 {
		return s.extend(ev, Event{Kind: EvPrimaryDone, Seat: a.Seat}), nil
	}
	return s.extend(ev, step(StepAgendas, a.Seat, "politics", false)), nil
}

func decideOrderAgendas(s *State, a Action) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepAgendas); err != nil {
		return nil, err
	}
	look := s.Decks.Agendas[:min(2, len(s.Decks.Agendas))]
	got := slices.Concat(a.extra().Top, a.extra().Bottom)
	if len(got) != len(look) || !sameSet(got, look) {
		return nil, engine.Refuse("66.2", "place exactly the top %d agenda cards, each on top or bottom", len(look))
	}
	rest := s.Decks.Agendas[len(look):]
	deck := slices.Concat(a.extra().Top, rest, a.extra().Bottom)
	return s.extend(s.emit(Event{Kind: EvAgendasOrdered, Seat: a.Seat, Extra: &Extra{NewDeck: deck}}), finish(s)...), nil
}

func sameSet(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// Construction (24.2-24.4): the primary places a PDS or space dock, then
// may place one more PDS; the secondary places one structure and puts the
// spent strategy token in that system.
func decidePlaceStructure(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepConstruction)
	if err != nil {
		return nil, err
	}
	as := a.Unit
	if a.Unit == "mech" { // a PDS placed as a mech and an infantry (Hecatoncheires)
		if !s.mechForPDS(a.Seat) {
			return nil, engine.Refuse("30.2", "no mech of yours that deploys in place of a PDS is in reinforcements")
		}
		as = "pds"
	}
	if as != "pds" && as != "space_dock" {
		return nil, engine.Refuse("24.2", "Construction places a PDS or a space dock, not %q", a.Unit)
	}
	if st.Count == 1 && as != "pds" {
		return nil, engine.Refuse("24.2", "the second structure of the primary ability is a PDS")
	}
	pl, sys, err := findPlanet(s, a.Planet)
	if err != nil {
		return nil, err
	}
	if pl.Controller != a.Seat {
		return nil, engine.Refuse("24.2", "structures go on planets you control")
	}
	if err := checkPlacement(s, a.Seat, a.Unit, 1, pl); err != nil {
		return nil, err
	}
	if s.Reinforcements(a.Seat, a.Unit) < 1 {
		return nil, engine.Refuse("24.4", "no %s left in reinforcements", a.Unit)
	}
	ev := s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: a.Unit, Count: 1})
	if a.Unit == "mech" && s.Reinforcements(a.Seat, "infantry") > 0 {
		ev = s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1})
	}
	ev = s.extend(ev, Event{Kind: EvStepProgress, Seat: a.Seat})
	if st.Secondary && !slices.Contains(sys.Command, a.Seat) { // 24.3: else the token returns to reinforcements
		ev = s.extend(ev, placeToken(s, a.Seat, sys.Pos)...) // 20.3b when reinforcements are empty
	}
	if a.Unit == "space_dock" && s.lawGives(a.Seat, LawIndustryOnDock) != "" {
		return s.extend(ev, industry(st, sys.Pos)...), nil
	}
	if st.Secondary || st.Count+1 >= 2 {
		return s.extend(ev, finish(s)...), nil
	}
	return ev, nil
}

// industry is Minister of Industry: once its owner places a space dock, their
// units in that system may produce, and then Construction goes on (a primary
// may still place its PDS).
func industry(st *Step, sys int) []Event {
	e := step(StepIndustry, st.Seat, st.Card, st.Secondary)
	e.Step.Prod, e.Step.Systems = &Production{}, []int{sys}
	if !st.Secondary {
		e.Step.Then = StepConstruction
	}
	return []Event{{Kind: EvStepCleared, Seat: st.Seat}, e}
}

// industryDone ends Minister of Industry's production: back to the primary's
// second structure, or the end of the Construction ability.
func industryDone(s *State, st *Step) []Event {
	if st.Then != StepConstruction {
		return finish(s)
	}
	e := step(StepConstruction, st.Seat, st.Card, false)
	e.Step.Count = 1
	return s.emit(Event{Kind: EvStepCleared, Seat: st.Seat}, e)
}

// Trade (92.4): choose other players who may use the secondary for free.
func decideChoosePlayer(s *State, a Action) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepTradeChoose); err != nil {
		return nil, err
	}
	q, err := need(a.extra().Player, "player")
	if err != nil {
		return nil, err
	}
	if s.Player(q) == nil || s.Players[q].Eliminated || q == a.Seat {
		return nil, engine.Refuse("92.4", "choose another player in the game")
	}
	if slices.Contains(s.Strategic.Free, q) {
		return nil, engine.Refuse("92.4b", "seat %d is already chosen", q)
	}
	return s.emit(Event{Kind: EvFreeSecondary, Seat: a.Seat, Owner: q}), nil
}

// Warfare (99.1, 99.2): take one of your command tokens off the board into
// a pool, then redistribute the sheet.
func decideRemoveToken(s *State, a Action) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepWarfareToken); err != nil {
		return nil, err
	}
	sys, _, err := where(s, a.System, "", "system")
	if err != nil {
		return nil, err
	}
	if !slices.Contains(sys.Command, a.Seat) {
		return nil, engine.Refuse("99.1", "no command token of yours in that system")
	}
	p := s.Players[a.Seat]
	after := Pools{p.Tactic, p.Fleet, p.Strategy + 1} // arranged freely in the next step
	return s.emit(
		Event{Kind: EvCommandToken, Seat: a.Seat, System: sys.Pos, Count: -1},
		Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &after},
		Event{Kind: EvStepCleared, Seat: a.Seat},
		step(StepRedistribute, a.Seat, "warfare", false),
	), nil
}

func decideWarfareRedistribute(s *State, a Action) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepRedistribute); err != nil {
		return nil, err
	}
	pools, err := need(a.Pools, "pools")
	if err != nil {
		return nil, err
	}
	p := s.Players[a.Seat]
	if err := checkPools(s, pools, p.Tactic+p.Fleet+p.Strategy, "99.2"); err != nil {
		return nil, err
	}
	return s.extend(s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &pools}), finish(s)...), nil
}

// researchCost is what a research step's next technology costs (91.2,
// 91.3): nothing for Minister of Sciences' owner; Reveal Prototype's price.
func researchCost(s *State, st *Step) int {
	switch t, ok := researchBy[st.Card]; {
	case ok:
		return t.cost
	case s.lawGives(st.Seat, LawFreeResearch) != "":
		return 0
	case st.Secondary && !st.AsPrimary:
		return 4
	case st.Count == 1:
		return 6
	}
	return 0
}

// Technology (91.2, 91.3): the primary researches one technology free and
// may research a second for six resources; the secondary researches one
// for four. Planets with a matching specialty, exhausted, each stand in
// for one prerequisite (90.14).
func decideResearch(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepResearch)
	if err != nil {
		return nil, err
	}
	if cost := researchCost(s, st); st.Spent < cost {
		return nil, engine.Refuse("91.2", "this technology costs %d resources; %d spent", cost, st.Spent)
	}
	ev, instead, err := researchInstead(s, a)
	if err != nil {
		return nil, err
	}
	if !instead && researchBy[st.Card].offered && !slices.Contains(st.Cards, a.Card) {
		return nil, engine.Refuse("2.7", "%s researches one of %v", st.Card, st.Cards)
	}
	if instead {
		ev = s.extend(ev, Event{Kind: EvStepProgress, Seat: a.Seat})
	} else {
		t, err := checkResearch(s, a.Seat, a.Card, st.Credits)
		if err != nil {
			return nil, err
		}
		ev = s.emit(Event{Kind: EvTechGained, Seat: a.Seat, Card: t.ID}, Event{Kind: EvStepProgress, Seat: a.Seat})
		ev = s.extend(ev, afterResearch(s, a.Seat)...)
		ev = s.extend(ev, notesOnResearch(s, a.Seat, t.ID)...)
	}
	if researchBy[st.Card].cost > 0 { // a card's research: one technology, then the step is over
		return s.extend(ev, Event{Kind: EvStepCleared, Seat: a.Seat}), nil
	}
	if (st.Secondary && !st.AsPrimary) || st.Count == 1 {
		return s.extend(ev, finish(s)...), nil
	}
	return ev, nil
}

func decideSpecialty(s *State, a Action) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepResearch); err != nil {
		return nil, err
	}
	pl, _, err := findPlanet(s, a.Planet)
	if err != nil {
		return nil, err
	}
	info := planetInfo(pl)
	if pl.Controller != a.Seat || info.Tech == "" {
		return nil, engine.Refuse("90.14", "exhaust a planet you control that has a technology specialty")
	}
	if s.permits(a.Seat, PermitFreeSpecialties) { // counts as it is, once per research
		if slices.Contains(s.Step.Used, pl.Name) {
			return nil, engine.Refuse("90.14", "%s's specialty already counts for this research", pl.Name)
		}
		return s.emit(Event{Kind: EvSpent, Seat: a.Seat, Card: info.Tech, Planet: pl.Name}), nil
	}
	if pl.Exhausted {
		return nil, engine.Refuse("90.15", "%s is exhausted", pl.Name)
	}
	return s.emit(Event{Kind: EvPlanetExhausted, Seat: a.Seat, Planet: pl.Name}, Event{Kind: EvSpent, Seat: a.Seat, Card: info.Tech}), nil
}

// strategicFollowUps ends a strategic action once every secondary has been
// offered: the card is exhausted (82.2) and the turn passes.
func strategicFollowUps(s *State) []Event {
	st := s.Strategic
	if st == nil || !st.PrimaryDone || s.Step != nil || len(st.Queue) > 0 {
		return nil
	}
	if st.Seat == None || st.Unheld { // Galactic Crisis Pact: secondaries only, outside any turn; an ability's
		return s.extend(s.emit(Event{Kind: EvStrategicEnded, Seat: None, Card: st.Card}), beginReserved(s, st.Seat, st.Then)...)
	}
	return s.emit(Event{Kind: EvStrategicEnded, Seat: st.Seat, Card: st.Card}, Event{Kind: EvTurnEnded, Seat: st.Seat})
}

func applyStrategic(s *State, e *Event) bool {
	switch e.Kind {
	case EvStrategicBegun:
		s.Strategic = &Strategic{Card: e.Card, Seat: e.Seat}
		switch e.Deck {
		case Unheld:
			s.Strategic.Unheld, s.Strategic.Only = true, slices.Clone(e.Seats)
		case Reserved:
			s.Strategic = &Strategic{Card: e.Card, Seat: e.Seat, Unheld: true, Only: []int{e.Seat}, PrimaryDone: true, Queue: []int{e.Seat},
				Reserve: true, Then: slices.Clone(e.Cards)}
		}
	case EvStepSet:
		st := *e.Step
		s.Step = &st
	case EvStepCleared:
		s.Step = nil
	case EvPrimaryDone:
		st := s.Strategic
		if st == nil { // gone with its player's elimination meanwhile (33.2)
			break
		}
		st.PrimaryDone = true
		n := len(s.Players)
		st.Queue = slices.Grow(st.Queue, n-1)
		for i := 1; i < n; i++ { // 82.1: clockwise from the active player's left
			q := (st.Seat + i) % n
			if !s.Players[q].Eliminated && (!st.Unheld || slices.Contains(st.Only, q)) {
				st.Queue = append(st.Queue, q)
			}
		}
	case EvSecondaryDone:
		if s.Strategic != nil { // gone with its player's elimination meanwhile (33.2)
			s.Strategic.Queue = slices.DeleteFunc(s.Strategic.Queue, func(q int) bool { return q == e.Seat })
		}
	case EvStrategicEnded:
		if e.Seat != None {
			p := s.Players[e.Seat]
			p.UsedStrategy = append(p.UsedStrategy, e.Card)
		}
		s.Strategic = nil
	case EvPlanetExhausted:
		pl, _ := s.Planet(e.Planet)
		pl.Exhausted = true
	case EvPlanetReadied:
		pl, _ := s.Planet(e.Planet)
		pl.Exhausted = false
	case EvTradeGoods:
		s.Players[e.Seat].TradeGoods += e.Count
		if e.Count > 0 && (e.Card != Converted || s.rules() < RulesWipes) {
			s.gained(e.Seat)
			s.supplied(*e)
		}
	case EvCommodities:
		s.Players[e.Seat].Commodities = e.Count
	case EvCommandToken:
		sys := s.System(e.System)
		if e.Count > 0 {
			sys.Command = append(sys.Command, e.Seat)
		} else {
			i := slices.Index(sys.Command, e.Seat)
			sys.Command = slices.Delete(sys.Command, i, i+1)
		}
	case EvSpeakerChanged:
		s.Speaker = e.extra().Speaker
	case EvTechGained:
		applyTechGained(s, *e)
	case EvStepProgress: // one more thing done; what was spent on it is used up
		s.Step.Count++
		s.Step.Spent = 0
		delete(s.Step.Credits, "all") // Inheritance Systems served one technology
	case EvVictoryPoint:
		p := s.Players[e.Seat]
		if p.VP += e.Count; p.VP < 0 { // the track starts at 0 (98.3)
			p.FloorVP, p.VP = p.FloorVP-p.VP, 0
		}
		if e.Card == "imperial" {
			s.Players[e.Seat].ImperialVP += e.Count
		} else if _, ok := agendaCard(e.Card); ok {
			s.Players[e.Seat].AgendaVP += e.Count
		} else if cardVP(e.Card) || e.Card == crownVP || e.Card == latviniaVP {
			s.Players[e.Seat].CardVP += e.Count
		}
	case EvAgendasOrdered:
		s.Decks.Agendas = slices.Clone(e.extra().NewDeck)
	case EvFreeSecondary:
		s.Strategic.Free = append(s.Strategic.Free, e.Owner)
	case EvSpent:
		if s.Step != nil && s.Step.Kind == StepPay {
			if s.Step.Credits == nil {
				s.Step.Credits = map[string]int{}
			}
			s.Step.Credits[e.Deck] += e.Count
		} else if s.Step == nil {
			s.Tactical.Spent += e.Count
		} else if s.Step.Prod != nil {
			s.Step.Prod.Spent += e.Count
		} else if e.Card != "" {
			if s.Step.Credits == nil {
				s.Step.Credits = map[string]int{}
			}
			s.Step.Credits[e.Card]++
			if e.Planet != "" {
				s.Step.Used = append(slices.Clone(s.Step.Used), e.Planet)
			}
		} else {
			s.Step.Spent += e.Count
		}
	case EvUnitsPlaced:
		return false
	default:
		return false
	}
	return true
}

// tokenTakenForSecondary: seat's ability (a.Card), exhausted, pays the
// token a secondary costs with one of the active player's taken from the
// board (system), back to their reinforcements (Jae Mir Kan).
func tokenTakenForSecondary(s *State, a Action, free bool) ([]Event, error) {
	ab := s.cardVersion(lookup(a.Card))
	if free || ab == nil || !ab.TakesTokenForSecondary || !s.hasAbility(a.Seat, a.Card) || slices.Contains(s.Players[a.Seat].ExhaustedTechs, ab.cardID()) {
		return nil, engine.Refuse("20.5", "%s, ready, pays a secondary that costs a token", a.Card)
	}
	q := s.Strategic.Seat
	if a.System == nil || q == a.Seat || !slices.Contains(s.System(*a.System).Command, q) {
		return nil, engine.Refuse("20.5", "one of the active player's command tokens on the board (system)")
	}
	return s.emit(Event{Kind: EvTechExhausted, Seat: a.Seat, Card: ab.cardID()}, Event{Kind: EvCommandToken, Seat: q, System: *a.System, Count: -1}), nil
}

// tokenSecondaryOptions lists the secondaries paid by an ability of
// seat's with the active player's tokens (Jae Mir Kan).
func tokenSecondaryOptions(s *State, seat int, add func(Action)) {
	q := s.Strategic.Seat
	if q == seat || s.Strategic.Card == "leadership" || slices.Contains(s.Strategic.Free, seat) {
		return
	}
	for _, ab := range s.abilityList(seat) {
		if !ab.TakesTokenForSecondary || slices.Contains(s.Players[seat].ExhaustedTechs, ab.cardID()) {
			continue
		}
		for _, sys := range s.Systems {
			if slices.Contains(sys.Command, q) {
				add(Action{Kind: ActSecondary, Use: true, Card: ab.ID, System: ip(sys.Pos)})
			}
		}
	}
}
