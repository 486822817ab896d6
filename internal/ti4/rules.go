package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Rules is the TI4 module for the engine.
type Rules struct{}

// Game is a TI4 game on the engine.
type Game = engine.Game[*State, Action, Event]

var _ engine.Rules[*State, Action, Event] = Rules{}

// NewState returns an empty state for decoding.
func (Rules) NewState() *State { return &State{} }

// Decide checks an action and returns its events.
func (Rules) Decide(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	if s != nil { // a nil state still has the action's fields checked
		s.scratch = s.scratch[:0]
	}
	ev, err := decide(s, a, rng)
	if err != nil {
		return nil, err
	}
	return untilVictory(s, ev), nil
}

// untilVictory cuts an action's events at the one that brings a player to
// the target: the game ends there and then (98.7), so the rest of the
// ability (Imperial's point for Mecatol Rex after its objective) is lost.
func untilVictory(s *State, ev []Event) []Event {
	var gained [8]int
	for i, e := range ev {
		n := 0
		switch e.Kind {
		case EvScored, EvVictoryPoint:
			n = e.Count
		case EvCustodians:
			n = 1
		}
		if n <= 0 || e.Seat < 0 || e.Seat >= len(s.Players) || e.Seat >= len(gained) {
			continue
		}
		gained[e.Seat] += n
		if s.Players[e.Seat].VP+gained[e.Seat] >= s.Options.VictoryPoints {
			return ev[:i+1]
		}
	}
	return ev
}

func decide(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	if err := checkFields(a); err != nil { // and the kind is known
		return nil, err
	}
	if s.Phase == PhaseOver {
		return nil, engine.Refuse("98.7", "the game is over; seat %d won", s.Winner)
	}
	if slices.Contains(effectKinds, a.Kind) {
		if a.Seat != Referee {
			return nil, engine.BadInput("seat", "%s is a game effect that only the referee (seat %d) applies", a.Kind, Referee)
		}
		seat, err := need(a.extra().Player, "player")
		if err != nil {
			return nil, err
		}
		a.Seat = seat // from here on the effect acts as that player
	}
	p := s.Player(a.Seat)
	if p == nil {
		return nil, engine.BadInput("seat", "no seat %d in a %d-player game", a.Seat, len(s.Players))
	}
	if p.Eliminated {
		return nil, engine.Refuse("33.2", "%s has been eliminated and is no longer in the game", p)
	}
	return decideFor(s, a, rng)
}

// decideFor is decide once the acting player is known to be in the game,
// or is an eliminated player whose pending answer the game declines for
// them (eliminatedFollowUps).
func decideFor(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	if ev, err, ok := decideHeld(s, a, rng); ok {
		return ev, err
	}
	return decideKind(s, a, rng)
}

// held marks an answer of decideHeld's.
func held(ev []Event, err error) ([]Event, error, bool) { return ev, err, true }

// decideHeld answers the actions a window or step under way holds: the
// answers it takes, and a refusal of the rest; ok is false when nothing
// holds the game.
func decideHeld(s *State, a Action, rng *engine.RNG) ([]Event, error, bool) {
	if a.Kind == ActAutoPass { // a setting, changed at any moment
		return held(decideAutoPass(s, a))
	}
	if t := s.pausedTrade(); t != nil && !tradeKind(a.Kind) && !slices.Contains(effectKinds, a.Kind) {
		return held(nil, engine.Refuse("94.1a", "seats %d and %d settle their transaction first", t.Seats[0], t.Seats[1]))
	}
	if ev, err, ok := decideWindow(s, a, rng); ok {
		return ev, err, true
	}
	if s.prototyping() && s.Combat != nil {
		switch a.Kind {
		case ActSpendPlanet, ActSpendTG, ActSpecialty, ActResearch, ActDone, ActUseRelic: // The Prophet's Tears too
		default: // the combat waits for the research (82.3)
			return held(nil, engine.Refuse("82.3", "seat %d is paying for Reveal Prototype's research; the combat waits", s.Step.Seat))
		}
	}
	if a.Kind == ActUseAbility {
		return held(decideUseAbility(s, a, rng))
	}
	if st := s.Step; st != nil && st.Kind == StepAbility && !slices.Contains(effectKinds, a.Kind) {
		return held(nil, engine.Refuse("1.19", "seat %d decides whether to use %s first", st.Seat, st.Card))
	}
	if a.Kind == ActUseRelic {
		return held(decideUseRelic(s, a, rng))
	}
	if st := s.Step; st != nil && st.Kind == StepRelic && !slices.Contains(effectKinds, a.Kind) {
		return held(nil, engine.Refuse("73.3", "seat %d decides whether to use %s first", st.Seat, st.Card))
	}
	if st := s.Step; st != nil && st.Kind == StepConverter && !slices.Contains(effectKinds, a.Kind) {
		if a.Kind != ActChoosePlanet {
			return held(nil, engine.Refuse("73.3", "seat %d chooses the planet for Stellar Converter first", st.Seat))
		}
		return held(decideConvert(s, a))
	}
	if st := s.Step; st != nil && st.Kind == StepLookHand && !slices.Contains(effectKinds, a.Kind) {
		if a.Kind != ActTakeCard {
			return held(nil, engine.Refuse("2.7", "seat %d takes a card of the hand they look at first", st.Seat))
		}
		return held(decideTakeFromHand(s, a))
	}
	if st := s.Step; st != nil && st.Kind == StepCodex && !slices.Contains(effectKinds, a.Kind) {
		switch a.Kind {
		case ActTakeCard:
			return held(decideTakeCard(s, a))
		case ActDone:
			if _, err := inStep(s, a.Seat, StepCodex); err != nil {
				return held(nil, err)
			}
			return held(s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}), nil)
		}
		return held(nil, engine.Refuse("73.3", "seat %d takes action cards with The Codex first", st.Seat))
	}
	if st := s.Step; st != nil && (st.Kind == StepExplore || st.Kind == StepFreelance) {
		switch {
		case a.Kind == ActExplore:
			return held(decideExplore(s, a, rng))
		case st.Kind == StepFreelance && slices.Contains([]string{ActProduce, ActSpendPlanet, ActSpendTG, ActDone, ActReclaim}, a.Kind):
		case !slices.Contains(effectKinds, a.Kind):
			return held(nil, engine.Refuse("35.7", "seat %d resolves the exploration card %s first", st.Seat, st.Card))
		}
	}
	if a.Kind == ActPlayNote {
		return held(decidePlayNote(s, a, rng))
	}
	if a.Kind == ActUseLaw {
		return held(decideUseLaw(s, a))
	}
	if a.Kind == ActPlaceTG {
		return held(decidePlaceTG(s, a))
	}
	if a.Kind == ActDone && s.Step != nil && (isLawStep(s.Step.Kind) || s.Step.Kind == StepDecoy || s.Step.Kind == StepNoteWindow) {
		if s.Step.Seat != a.Seat {
			return held(nil, engine.Refuse("7.4", "seat %d decides whether to answer", s.Step.Seat))
		}
		if d := noteDef(s.Step.Card); s.Step.Kind == StepNoteWindow && d != nil && d.mandatory {
			return held(nil, engine.Refuse("69.1", "%s is played through: choose", s.Step.Card))
		}
		if a.Pools != nil {
			return held(nil, engine.BadInput("pools", "declining takes no pools"))
		}
		return held(s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}), nil)
	}
	if a.Kind == ActPassWindow && s.PickAsk != nil {
		return held(decidePickPass(s, a))
	}
	if a.Kind == ActPassWindow && s.Invasion != nil && s.Invasion.Ask != nil {
		return held(decideInvasionPass(s, a))
	}
	if a.Kind == ActPassWindow && s.Combat != nil && s.Combat.Answer != nil {
		return held(decideAnswerPass(s, a))
	}
	if ev, err, ok := decideAgendaKinds(s, a, rng); ok {
		return held(ev, err)
	}
	return nil, nil, false
}

// decideKind dispatches an action by its kind.
func decideKind(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	switch a.Kind {
	case ActPlace:
		return decidePlace(s, a)
	case ActRemove:
		return decideRemove(s, a)
	case ActMove:
		return decideMove(s, a)
	case ActGainPlanet:
		return decideGainPlanet(s, a, rng)
	case ActLosePlanet:
		return decideLosePlanet(s, a)
	case ActCapture:
		return decideCapture(s, a)
	case ActReturnCaptured:
		return decideReturnCaptured(s, a)
	case ActBeginInvasion:
		return decideBeginInvasion(s, a)
	case ActCommit:
		return decideCommit(s, a)
	case ActEstablishControl:
		return decideEstablishControl(s, a, rng)
	case ActPick:
		return decidePick(s, a)
	case ActPass:
		return decidePass(s, a)
	case ActRedistribute:
		return decideRedistribute(s, a)
	case ActStrategic:
		return decideStrategic(s, a, rng)
	case ActSecondary:
		return decideSecondary(s, a, rng)
	case ActScore:
		return decideScore(s, a)
	case ActKeepSecret:
		return decideKeepSecret(s, a, rng)
	case ActSpendTokens:
		return decidePay(s, a)
	case ActTakeCustodians:
		return decideTakeCustodians(s, a)
	case ActSpendPlanet, ActSpendTG:
		if s.Step != nil && s.Step.Kind == StepPay {
			return decidePay(s, a)
		}
		if (s.Tactical != nil && s.Step == nil) || (s.Step != nil && s.Step.Prod != nil) {
			return decideSpendForProduction(s, a)
		}
		if a.Kind == ActSpendTG {
			return decideSpendTG(s, a)
		}
		return decideSpendPlanet(s, a)
	case ActSpecialty:
		return decideSpecialty(s, a)
	case ActGainTokens:
		return decideGainTokens(s, a)
	case ActChooseSystem:
		return decideChooseSystem(s, a)
	case ActReadyPlanet:
		return decideReadyPlanet(s, a)
	case ActDone:
		if s.Step == nil && s.Strategic != nil && s.Strategic.PrimaryDone {
			return nil, engine.Refuse("82.1", "the secondary ability is being offered; answer with %s", ActSecondary)
		}
		if s.Step != nil && s.Step.Kind == StepRedistribute {
			return decideWarfareRedistribute(s, a)
		}
		return decideDone(s, a)
	case ActChooseSpeaker:
		return decideChooseSpeaker(s, a, rng)
	case ActOrderAgendas:
		return decideOrderAgendas(s, a)
	case ActPlaceStructure:
		return decidePlaceStructure(s, a)
	case ActChoosePlayer:
		return decideChoosePlayer(s, a)
	case ActRemoveToken:
		return decideRemoveToken(s, a)
	case ActResearch:
		return decideResearch(s, a)
	case ActActivate:
		return decideActivate(s, a)
	case ActMoveShips:
		return decideMoveShips(s, a)
	case ActTransport:
		return decideTransport(s, a)
	case ActEndMovement:
		return decideEndMovement(s, a, rng)
	case ActProduce:
		return decideProduce(s, a)
	case ActEndTactical:
		return decideEndTactical(s, a, rng)
	case ActComponent:
		return decideComponent(s, a, rng)
	case ActTradeOpen:
		return decideTradeOpen(s, a)
	case ActTradeAdd:
		return decideTradeAdd(s, a)
	case ActTradeAccept:
		return decideTradeAccept(s, a)
	case ActTradeCancel:
		return decideTradeCancel(s, a)
	case ActReclaim:
		return decideReclaim(s, a)
	case ActDiscardAC:
		return decideDiscardAC(s, a)
	case ActReturnSecret:
		return decideReturnSecret(s, a, rng)
	case ActRemoveExcess:
		return decideRemoveExcess(s, a)
	case ActAssignHit:
		return decideAssignHit(s, a, rng)
	case ActRetreat, ActNoRetreat:
		return decideRetreat(s, a)
	case ActBombard:
		return decideBombard(s, a, rng)
	}
	return nil, unknownKind(a.Kind)
}

// Follow runs the automatic steps, in this order: structures left alone
// with other players' units (63.4, 79.4), control changes from
// units on planets (LRR 25.5), control tokens on planets left without units
// (25.4), the elimination check (33.1), victory (98.7), the dice of a
// combat when no one
// owes a choice (77, 78, 42), units over the fleet pool or
// capacity (37.3, 16.3), the end of a strategic action once
// every secondary is answered (82.2), then the end of a phase (84.2, 3.5,
// 81). One step's events are applied
// before the next step is looked at.
func (Rules) Follow(s *State, rng *engine.RNG) []Event {
	s.scratch = s.scratch[:0]
	if ev := sabotageFollowUps(s, rng); len(ev) > 0 {
		return ev
	}
	if ev := structureFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := nexusFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := controlFollowUps(s, rng); len(ev) > 0 {
		return ev
	}
	if ev := eliminationFollowUps(s, rng); len(ev) > 0 {
		return ev
	}
	if ev := eliminatedFollowUps(s, rng); len(ev) > 0 {
		return ev
	}
	if ev := notesFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := victoryFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := coupFollowUps(s, rng); len(ev) > 0 {
		return ev
	}
	if ev := discardFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := invasionFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := combatFollowUps(s, rng); len(ev) > 0 {
		return ev
	}
	if ev := blockadeFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := handFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := secretFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := excessFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := legendaryFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := gainFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := techFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := turnFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := agentFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := supplyFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := choiceFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := strategicFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := lawWindowFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := pendingFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := agendaFollowUps(s, rng); len(ev) > 0 {
		return ev
	}
	if ev := leaderFollowUps(s); len(ev) > 0 {
		return ev
	}
	if ev := autoPassFollowUps(s, rng); len(ev) > 0 {
		return ev
	}
	return roundFollowUps(s, rng)
}

// Apply applies one event.
func (Rules) Apply(s *State, e Event) {
	s.noteEvent(&e)
	s.leaderStale(&e)
	switch e.Kind {
	case EvUnitsPlaced:
		sys := s.System(e.System)
		stacks := &sys.Space
		if pl := planetIn(sys, e.Planet); pl != nil {
			stacks = &pl.Units
		}
		*stacks = add(*stacks, e.Seat, e.Unit, e.Count)
		if e.Extra != nil && e.Extra.Damaged > 0 { // units that moved keep their damage
			for i := range *stacks {
				if st := &(*stacks)[i]; st.Owner == e.Seat && st.Unit == e.Unit {
					st.Damaged = min(st.Count, st.Damaged+e.Extra.Damaged)
				}
			}
		}
	case EvUnitsRemoved:
		sys := s.System(e.System)
		if pl := planetIn(sys, e.Planet); pl != nil {
			pl.Units = add(pl.Units, e.Seat, e.Unit, -e.Count)
		} else {
			sys.Space = add(sys.Space, e.Seat, e.Unit, -e.Count)
		}
	case EvControlGained:
		applyControlGained(s, e)
	case EvControlLost:
		applyControlLost(s, e)
	case EvControlToken:
		pl, _ := s.Planet(e.Planet)
		pl.ControlToken = true
	case EvExplored:
		applyExplored(s, e)
	case EvCaptured:
		applyCaptured(s, e)
	case EvCaptiveReturned:
		applyCaptiveReturned(s, e)
	case EvInvasionBegun:
		s.Invasion = &Invasion{Seat: e.Seat, Pos: e.System}
		if e.Deck == Placed {
			placedInvasion(s, s.Invasion, e.Cards)
		}
	case EvCommitted:
		s.Invasion.Committed = appendUnique(s.Invasion.Committed, e.Planet)
		if e.Card != "" { // from a planet
			s.Invasion.From = append(s.Invasion.From, e.Card)
		}
	case EvInvasionEnded:
		s.Invasion = nil
		if s.Tactical != nil {
			s.Tactical.Step = TacProduction
		}
	case EvEliminated:
		applyEliminated(s, e)
	case EvZeroTokenGone:
		s.ZeroToken = nil
	case EvPlanetAdded:
		addPlanet(s, e)
	case EvPlayPurged:
		applyPlayPurged(s, e)
	default:
		if !applyByKind(s, &e) {
			panic("ti4: no rule applies event " + e.Kind + " (is appliers.go stale? TestApplierTableIsCurrent says)")
		}
	}
}

// appliers are the appliers of the rule topics, in order: the list
// TestApplierTableIsCurrent reads to generate applyByKind (appliers.go),
// which calls the one that takes each kind.
var appliers = []func(*State, *Event) bool{
	applyRound, applyStrategic, applyTactical, applyCombat, applyScoring, applyCards, applyTrade,
	applyAgenda, applyAgendaEffects, applyNotes, applyActionCards, applyTacticalCards, applyLawWindows,
	applySabotage, applyInvasionCards, applyDisgrace, applyPoKCards, applyReverse, applyCoup,
	applyAutoPass, applyNexus, applyGiven, applyRelics, applyNeuraloop, applyLegendary, applyAbilities, applyGains, applyNoteWindows, applyLeaders,
	applyCodexRelics, applyCardPlanet,
}

func appendUnique(xs []string, x string) []string {
	if slices.Contains(xs, x) {
		return xs
	}
	return append(xs, x)
}

func planetIn(sys *System, name string) *Planet {
	if sys == nil || name == "" {
		return nil
	}
	for _, p := range sys.Planets {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// where resolves an action's system and optional planet.
func where(s *State, posp *int, planet, field string) (*System, *Planet, error) {
	pos, err := need(posp, field)
	if err != nil {
		return nil, nil, err
	}
	sys := s.System(pos)
	if sys == nil {
		if sl := s.galaxy.Slot(pos); sl != nil && sl.Tile != nil && sl.Tile.IsHyperlane() {
			return nil, nil, engine.Refuse("44.2", "position %d is a hyperlane, which is not a system and cannot hold units", pos)
		}
		return nil, nil, engine.BadInput(field, "no system at position %d", pos)
	}
	if isCards(sys) {
		return nil, nil, cardsRefused()
	}
	if planet == "" {
		return sys, nil, nil
	}
	pl := planetIn(sys, planet)
	if pl == nil {
		return nil, nil, engine.BadInput("planet", "no planet %q in system %s at position %d", planet, sys.Tile, sys.Pos)
	}
	return sys, pl, nil
}

// tileOf is a system's tile card, remembered in the system until its tile
// changes (the Wormhole Nexus flips).
func tileOf(sys *System) *data.Tile {
	if sys.tile == nil || sys.tile.ID != sys.Tile {
		sys.tile = data.MustLoad().Tile(sys.Tile)
	}
	return sys.tile
}

// Check reports whether a would be accepted in s, without changing it.
func (r Rules) Check(s *State, a Action) error {
	rng := engine.NewRNG(0)
	_, err := r.Decide(s, a, &rng)
	return err
}
