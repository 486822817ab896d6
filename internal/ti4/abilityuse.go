package ti4

import (
	"slices"
	"strings"
	"sync"

	"github.com/mecatol/mecatol/internal/engine"
)

// Abilities a player uses: each is a definition's Use, offered at its
// moment. Rules code opens a moment with abilityWindows and names no card;
// a window is a step (StepAbility) in which the player uses the ability
// (use_ability, use true, with its choices) or lets it go (use false).
// Component actions (22) are uses at AtAction, taken as the turn's action.

// Moment is when an ability may be used (1.3, 1.14).
type Moment string

// The moments.
const (
	AtAction             Moment = "component_action"       // as the turn's action (1.5, 22)
	AtStartOfTurn        Moment = "start_of_turn"          // before the player's action in the action phase
	AtEndOfTurn          Moment = "end_of_turn"            // after the player's turn's action
	AfterActivation      Moment = "after_activation"       // after the player activates a system (5)
	AfterProduction      Moment = "after_production"       // after the player's units produce (67)
	AfterGroundWon       Moment = "after_ground_won"       // after the player wins a ground combat (42)
	AfterGainPlanet      Moment = "after_gain_planet"      // after the player gains control of a planet (25)
	WhileResearch        Moment = "while_research"         // while the player pays for a technology (90)
	WhileProducing       Moment = "while_producing"        // while the player pays for units produced (67, 68)
	AfterStrategy        Moment = "after_strategy"         // after the player resolves a strategy card's primary or secondary (the window's Cards)
	DuringActionPhase    Moment = "action_phase"           // at any time in the action phase
	WhenAgendaRevealed   Moment = "agenda_revealed"        // an agenda revealed, before anyone votes on it (1.15)
	BeforeVotes          Moment = "before_votes"           // an agenda revealed, in any of its windows, before any vote (8.22)
	AtCombatRound        Moment = "space_combat_round"     // the start of a space combat round, as its player announces retreats (78.4); a bystander's in AnswerSpaceRound
	AtStatusStart        Moment = "status_start"           // the start of the status phase, before scoring (81)
	AfterOpponentLoss    Moment = "after_opponent_loss"    // in a combat, after units of the player's opponent are destroyed (AnswerLoss)
	AfterCombatRound     Moment = "after_combat_round"     // after a space combat round that the combat outlasts (AnswerRoundEnd)
	AtGroundStart        Moment = "ground_combat_start"    // the start of a ground combat the player fights, in its window (42.4a)
	AtGroundRound        Moment = "ground_round_start"     // the start of each round of a ground combat the player fights (AnswerGroundRound)
	AfterMovedIn         Moment = "after_moved_in"         // after another player moved ships into a system with the player's ships (AnswerMovedIn)
	AfterOthersActivate  Moment = "after_others_activate"  // after another player (the window's Target) activates a system with the player's ships
	AtSpaceStart         Moment = "space_combat_start"     // the start of a space combat the player fights, before the barrage (AnswerSpaceStart)
	WhenCardPlayed       Moment = "action_card_played"     // another player's action card waits on the player's answer (Sabotage's window)
	AfterRerolls         Moment = "after_roll_rerolls"     // a space combat round's dice just rolled, for rerolls (AnswerRerolls, 74.3)
	AfterRolled          Moment = "after_roll"             // a space combat round's dice just rolled and rerolled (AnswerRolled)
	AtStrategyEnd        Moment = "strategy_end"           // the end of the strategy phase, once each
	AtStatusEnd          Moment = "status_end"             // the end of the status phase, once each
	AfterTacticalGain    Moment = "after_tactical_gain"    // after the player's tactical action in which they gained planets (the window's Cards)
	AfterAnyActivation   Moment = "after_any_activation"   // after any player (the window's Target) activates a system
	AfterAnyTactical     Moment = "after_any_tactical"     // at the end of any player's (the window's Target) tactical action in the system of Systems
	AfterAnyMove         Moment = "after_any_move"         // after any player (the window's Target) moves ships into the system of Systems
	AfterOthersReplenish Moment = "after_others_replenish" // after another player (the window's Target) replenishes commodities
	BeforeHitAssigned    Moment = "before_hit_assigned"    // in any combat, before the next hit owed is assigned
	AfterPillage         Moment = "after_pillage"          // after the player pillaged another (the window's Target)
	ChooseExplored       Moment = "choose_explored"        // exploration cards drawn for the player and held (the window's Cards), one to resolve
	AfterExplored        Moment = "after_explored"         // after the player explores the window's Planet (35), its card resolved
	// AtCommit: while the player commits ground forces in their invasion
	// (49.2), before they are done.
	AtCommit Moment = "commit_ground_forces"
	// TargetAnswers: the player another's ability chose (the window's
	// Target is its owner) answers it: the window is theirs, though the
	// ability is not (targetWindow).
	TargetAnswers Moment = "target_answers"
	// AfterSustained: in a combat, after a unit (any player's: the
	// window's Answer) used Sustain Damage (87, AnswerSustained).
	AfterSustained Moment = "after_sustained"
	// AfterUnitLost: in a combat, after a unit (any player's: the window's
	// Answer) was destroyed by it (AnswerUnitLost).
	AfterUnitLost Moment = "after_unit_lost"
	// WhileAided: while the player researches with the aid another
	// player's ability lent them (Step.Aids): the aid's use, theirs to
	// make though the ability is not (aided).
	WhileAided Moment = "while_aided"
	// AfterGroundRolled: after a ground combat round's roll and the
	// rerolls of its misses, before its hits are assigned (from rules
	// version 11, AnswerGroundRolled).
	AfterGroundRolled Moment = "after_ground_roll"
)

// momentBits gives each moment a bit, for the cheap test of whether a
// player's abilities have a use at it (abilCache.moments).
var momentBits = sync.OnceValue(func() map[Moment]uint64 {
	all := []Moment{AtAction, AtStartOfTurn, AtEndOfTurn, AfterActivation, AfterProduction, AfterGroundWon, AfterGainPlanet,
		WhileResearch, WhileProducing, AfterStrategy, DuringActionPhase, WhenAgendaRevealed, BeforeVotes, AtCombatRound,
		AtStatusStart, AfterOpponentLoss, AfterCombatRound, AtGroundStart, AtGroundRound, AfterMovedIn, AfterOthersActivate,
		AtSpaceStart, WhenCardPlayed, AfterRerolls, AfterRolled, AtStrategyEnd, AtStatusEnd, AfterTacticalGain,
		AfterAnyActivation, AfterAnyTactical, AfterPillage, AfterNeighborGain, AfterTechGained, AfterAnyMove, AfterOthersReplenish, AfterAnyTurn, BeforeHitAssigned, ChooseExplored, AfterAgentExhausted, BeforeBallot, AfterExplored, TargetAnswers, AtCommit, AfterSustained, AfterUnitLost, AfterSupplyGain, WhileAided, AfterGroundRolled}
	out := map[Moment]uint64{}
	for i, m := range all {
		out[m] = 1 << i
	}
	return out
})

// usesMoments is the bits of the moments list's abilities have uses at;
// a moment without a bit counts as all.
func usesMoments(list []*Ability) uint64 {
	var m uint64
	bits := momentBits()
	for _, a := range list {
		for _, u := range a.Uses {
			b, ok := bits[u.At]
			if !ok {
				return ^uint64(0)
			}
			m |= b
		}
	}
	return m
}

// Use is an ability used by a choice.
type Use struct {
	At Moment
	// Exhaust: using it exhausts the card (1.12), readied in the status
	// phase (34.2); an exhausted card cannot be used (34.4).
	Exhaust bool
	// Mandatory: its window cannot be let go while it has options.
	Mandatory bool
	// OncePerCombat: used at most once in each combat; its Resolve marks
	// the use (Combat.markUsed). OncePerTurn: at most once in each turn.
	OncePerCombat, OncePerTurn bool
	// KeepsTurn: a component action whose end its own steps bring (Z'eu's
	// tactical action for another player), not the use.
	KeepsTurn bool
	// Others: from rules version 10, also used in combats its owner is not
	// in, in a window of its own (bystanders); without it a combat moment's
	// use is its fighters' only.
	Others bool
	// Options are the candidate uses for seat in step st (nil outside a
	// window): actions of kind use_ability with Use set, Card filled in.
	// None: the ability has nothing to do, and no window opens for it.
	Options func(s *State, seat int, st *Step) []Action
	// Ready, if set, is a cheap test that Options is not empty, for the
	// windows that open only when the ability has something to do.
	Ready func(s *State, seat int, st *Step) bool
	// Fields are the action's fields the use reads (as fieldsOf); any
	// other is refused.
	Fields string
	// Resolve checks a use's choices and returns its events; a refusal
	// carries the rule.
	Resolve func(s *State, a Action, st *Step, rng *engine.RNG) ([]Event, error)
}

// ActUseAbility uses (or, with use false, lets go) the ability named by
// card.
const ActUseAbility = "use_ability"

// StepAbility is a window in which Seat may use the ability Card.
const StepAbility = "ability_window"

// usable is seat's use of ability a at moment at, if it is ready: nil
// when a has no such use or its card is exhausted.
func (s *State) usable(seat int, a *Ability, at Moment) *Use {
	for _, u := range a.Uses {
		if u.At == at && (u.Others || !s.bystander(seat, at)) && (!u.Exhaust || !slices.Contains(s.Players[seat].ExhaustedTechs, a.cardID())) &&
			(!u.OncePerCombat || s.Combat == nil || !slices.Contains(s.Combat.x().Used, usedKey(seat, a.ID))) &&
			(!u.OncePerTurn || !slices.Contains(s.TurnUsed, usedKey(seat, a.ID))) {
			return u
		}
	}
	return nil
}

// abilityWindows opens a window for each of seat's abilities usable at
// the moment with something to do; ctx gives the window its place
// (Planet, Systems).
func abilityWindows(s *State, seat int, at Moment, ctx Step) []Event {
	if seat < 0 || seat >= len(s.Players) || s.Players[seat].Eliminated {
		return nil
	}
	var ev []Event
	s.abilities(seat, func(a *Ability) {
		u := s.usable(seat, a, at)
		if u == nil {
			return
		}
		st := ctx
		st.Kind, st.Seat, st.Card, st.Then = StepAbility, seat, a.ID, string(at)
		if (u.Ready != nil && u.Ready(s, seat, &st)) || (u.Ready == nil && len(u.Options(s, seat, &st)) > 0) {
			ev = append(ev, queue(st))
		}
	})
	return ev
}

// hasAbility reports that seat has the ability id, as the game's rules
// version has it.
func (s *State) hasAbility(seat int, id string) bool {
	return s.has(seat, func(a *Ability) bool { return a.ID == id })
}

// hasUse reports that seat has an ability usable at the moment: the cheap
// test before a window's place is built.
func (s *State) hasUse(seat int, at Moment) bool {
	if seat < 0 || seat >= len(s.Players) {
		return false
	}
	list := s.abilityList(seat) // technologies, faction and units: cached, with their moments
	if b, ok := momentBits()[at]; ok && s.abil[seat%maxSeats].moments&b == 0 {
		return false
	}
	for _, a := range list {
		if s.usable(seat, a, at) != nil {
			return true
		}
	}
	return false
}

// readyUse reports that seat has an ability usable at the moment with
// something to do now.
func (s *State) readyUse(seat int, at Moment) bool { return s.readyUseIn(seat, at, nil) }

// readyUseIn is readyUse for a window about to open, whose place st
// gives.
func (s *State) readyUseIn(seat int, at Moment, st *Step) bool {
	if seat < 0 || seat >= len(s.Players) {
		return false
	}
	for _, a := range s.abilityList(seat) {
		if u := s.usable(seat, a, at); u != nil && ((u.Ready != nil && u.Ready(s, seat, st)) || (u.Ready == nil && len(u.Options(s, seat, st)) > 0)) {
			return true
		}
	}
	return false
}

// Moments that are states of the game rather than windows: an ability
// for them is used whenever the state holds.
var stateMoments = []Moment{AtAction, AtStartOfTurn, DuringActionPhase, WhileResearch, WhileProducing, WhenAgendaRevealed, BeforeVotes, AtCombatRound, AfterOpponentLoss, AfterCombatRound, AtGroundStart, AtGroundRound, AfterMovedIn, AtSpaceStart, WhenCardPlayed, AfterRerolls, AfterRolled, BeforeHitAssigned, BeforeBallot, AtCommit, AfterSustained, AfterUnitLost, WhileAided, AfterGroundRolled}

// decideUseAbility resolves use_ability: in the ability's window, or at a
// moment that is a state of the game (the player's turn, a payment).
func decideUseAbility(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	def := s.cardVersion(lookup(a.Card))
	if def == nil || len(def.Uses) == 0 {
		return nil, engine.BadInput("card", "no ability %q to use", a.Card)
	}
	seat := a.Seat
	if seat < 0 || seat >= len(s.Players) || (!s.hasAbility(seat, a.Card) && !targetWindow(s.Step, seat, a.Card) && !aided(s.Step, seat, a.Card)) {
		return nil, engine.Refuse("1.3", "seat %d has no %s", seat, a.Card)
	}
	if a.Use && strings.HasPrefix(a.Card, s.Players[seat].Faction+":") && s.silencedBySecret(seat) {
		return nil, engine.Refuse("69.1", "a note of yours played against you holds back your faction abilities until this agenda is resolved")
	}
	st := s.Step
	if st != nil && st.Kind == StepAbility {
		if st.Seat != seat || st.Card != a.Card {
			return nil, engine.Refuse("1.19", "seat %d decides whether to use %s first", st.Seat, st.Card)
		}
		if !a.Use {
			if err := checkOnly(a, ""); err != nil { // letting it go takes no choices
				return nil, err
			}
			if u := s.usable(seat, def, Moment(st.Then)); u != nil && u.Mandatory {
				return nil, engine.Refuse("1.3", "%s must be used", a.Card)
			}
			return s.emit(Event{Kind: EvStepCleared, Seat: seat}), nil
		}
		u := s.usable(seat, def, Moment(st.Then))
		if u == nil {
			return nil, engine.Refuse("34.4", "%s is exhausted", a.Card)
		}
		return s.resolveUse(def, u, a, st, rng, Event{Kind: EvStepCleared, Seat: seat})
	}
	if !a.Use {
		return nil, engine.Refuse("1.3", "%s is not offered now: nothing to let go", a.Card)
	}
	var refusal error = engine.Refuse("1.3", "%s cannot be used now", a.Card)
	lent := aided(st, seat, a.Card)
	for _, at := range stateMoments {
		if (at == WhileAided) != (lent && !s.hasAbility(seat, a.Card)) { // a lent ability's use is the aid's alone
			continue
		}
		u := s.usable(seat, def, at)
		if u == nil {
			if i := slices.IndexFunc(def.Uses, func(u *Use) bool { return u.At == at }); i >= 0 && s.momentOpen(seat, at) == nil {
				refusal = engine.Refuse("34.4", "%s is exhausted", a.Card)
				if def.Uses[i].OncePerCombat || def.Uses[i].OncePerTurn {
					refusal = engine.Refuse("1.3", "%s is used once a combat or a turn, and was", a.Card)
				}
			}
			continue
		}
		if err := s.momentOpen(seat, at); err != nil {
			refusal = err
			continue
		}
		if at == AtAction && !u.KeepsTurn {
			return s.resolveUse(def, u, a, nil, rng, s.turnOver(seat, true))
		}
		return s.resolveUse(def, u, a, nil, rng)
	}
	return nil, refusal
}

// resolveUse is a use's events: the card exhausted, the effect, then.
func (s *State) resolveUse(def *Ability, u *Use, a Action, st *Step, rng *engine.RNG, then ...Event) ([]Event, error) {
	if err := checkOnly(a, u.Fields); err != nil {
		return nil, err
	}
	ev, err := u.Resolve(s, a, st, rng)
	if err != nil {
		return nil, err
	}
	var out []Event
	if u.Exhaust {
		out = s.emit(Event{Kind: EvTechExhausted, Seat: a.Seat, Card: def.cardID()})
	}
	if u.OncePerTurn {
		out = s.extend(out, Event{Kind: EvUsedThisTurn, Seat: a.Seat, Card: def.ID})
	}
	out = s.extend(out, ev...)
	out = s.extend(out, s.unlockOnUse(a.Seat, def.ID)...) // a commander unlocked by the use (51.6)
	return s.extend(out, then...), nil
}

// momentOpen refuses a state moment that does not hold for seat now.
func (s *State) momentOpen(seat int, at Moment) error {
	switch at {
	case AtAction:
		return checkTurn(s, seat)
	case AtStartOfTurn: // before the turn's action: nothing under way
		if err := checkTurn(s, seat); err != nil {
			return err
		}
		if s.ExtraAction {
			return engine.Refuse("1.3", "the turn's first action is taken: its start is past")
		}
		return stepPending(s)
	case DuringActionPhase:
		if s.Phase != PhaseAction {
			return engine.Refuse("1.3", "only in the action phase")
		}
		if s.midResolution() {
			return engine.Refuse("1.7", "an ability or a production under way is resolved in its entirety first")
		}
		return nil
	case WhileResearch:
		if s.researchingNear(seat) {
			return nil
		}
		_, err := inStep(s, seat, StepResearch)
		return err
	case WhileAided:
		if st, err := inStep(s, seat, StepResearch); err != nil || len(st.Aids) == 0 {
			return engine.Refuse("1.3", "only while you research with another player's aid")
		}
		return nil
	case WhileProducing:
		if s.producingNear(seat) {
			return nil
		}
		_, _, _, err := s.production(seat)
		return err
	case BeforeVotes:
		if !beforeVotes(s) {
			return engine.Refuse("8.22", "only after an agenda is revealed and before any vote")
		}
		return nil
	case AtCombatRound:
		if !announcing(s, seat) && !answering(AnswerSpaceRound)(s, seat) {
			return engine.Refuse("1.14", "only at the start of a space combat round, as you announce retreats")
		}
		return nil
	case WhenAgendaRevealed:
		if !agendaJustRevealed(s) {
			return engine.Refuse("1.15", "only when an agenda is revealed, before its \"after\" window and the votes")
		}
		return nil
	}
	if w, ok := windowMoments[at]; ok {
		if !w.holds(s, seat) {
			return engine.Refuse(w.rule, "only %s", w.when)
		}
		return nil
	}
	return engine.Refuse("1.3", "that ability is used in its window, when it opens")
}

// windowMoment is a state moment that holds while a window waits on the
// player: the test, and the refusal's rule and words.
type windowMoment struct {
	holds      func(s *State, seat int) bool
	rule, when string
}

// windowMoments are the moments of the windows the game waits on
// players in (a combat's answers, Sabotage's window).
var windowMoments = map[Moment]windowMoment{
	AfterOpponentLoss: {answering(AnswerLoss), "1.14", "in a combat, just after your opponent's units are destroyed"},
	AfterCombatRound:  {afterRound, "1.14", "after a space combat round that the combat outlasts"},
	WhenCardPlayed:    {cardAwaits, "1.19", "when another player's action card waits on your answer"},
	AtSpaceStart:      {answering(AnswerSpaceStart), "78.2", "at the start of a space combat you fight"},
	AfterMovedIn:      {answering(AnswerMovedIn), "1.14", "after another player moves ships into a system with your ships"},
	AtGroundStart:     {groundStart, "42.4a", "at the start of a ground combat you fight, in its window"},
	AtGroundRound:     {answering(AnswerGroundRound), "42.2", "at the start of a ground combat round you fight"},
	AfterRerolls:      {answering(AnswerRerolls), "74.3", "just after a space combat roll, before any other ability"},
	AfterRolled:       {answering(AnswerRolled), "78.5", "after a space combat roll and its rerolls"},
	AfterGroundRolled: {answering(AnswerGroundRolled), "42.2", "after a ground combat roll and its rerolls"},
	BeforeHitAssigned: {hitWaiting, "51.4", "in a combat, before a hit is assigned"},
	BeforeBallot:      {voterUp, "8.2", "before a player casts their votes"},
	AtCommit:          {committing, "49.2", "while you commit ground forces in your invasion"},
	AfterSustained:    {answering(AnswerSustained), "87", "in a combat, just after a unit sustains damage"},
	AfterUnitLost:     {answering(AnswerUnitLost), "1.14", "in a combat, just after a unit is destroyed"},
}

// afterRound is the window after a space combat round, from rules
// version 13 only one the combat outlasts: the window also opens at the
// end of the last round for the cards played then.
func afterRound(s *State, seat int) bool {
	c := s.Combat
	return answering(AnswerRoundEnd)(s, seat) && (s.rules() < RulesWindows || outlasts(c, s.System(c.System)))
}

// committing reports seat's invasion at its commits: no bombardment or
// combat under way, no answer awaited, not done committing.
func committing(s *State, seat int) bool {
	inv := s.Invasion
	return inv != nil && inv.Seat == seat && s.Combat == nil && !invasionWaits(s) && !inv.CommitsDone && s.Step == nil
}

// hitWaiting reports a hit in a combat waiting to be assigned, no window
// open before it.
func hitWaiting(s *State, _ int) bool {
	c := s.Combat
	return c != nil && c.Answer == nil && len(c.Owed) > 0 && c.Owed[0].Hits > 0 && !c.Owed[0].Destroy
}

// momentHolds is momentOpen's answer without building the refusal, for
// the legal-action generator, which asks at every turn.
func (s *State) momentHolds(seat int, at Moment) bool {
	switch at {
	case AtAction, AtStartOfTurn:
		if s.Phase != PhaseAction || s.Turn != seat || s.busy() || s.Players[seat].Passed {
			return false
		}
		return at == AtAction || (!s.ExtraAction && s.Step == nil)
	case DuringActionPhase:
		return s.Phase == PhaseAction && !s.midResolution()
	case WhileResearch:
		return s.Step != nil && s.Step.Kind == StepResearch && (s.Step.Seat == seat || s.researchingNear(seat))
	case WhileAided:
		return s.Step != nil && s.Step.Kind == StepResearch && s.Step.Seat == seat && len(s.Step.Aids) > 0
	case WhileProducing:
		return s.momentOpen(seat, at) == nil // rare: a production is under way
	case WhenAgendaRevealed:
		return agendaJustRevealed(s)
	case AtCombatRound:
		return announcing(s, seat) || answering(AnswerSpaceRound)(s, seat)
	case BeforeVotes:
		return beforeVotes(s)
	}
	if w, ok := windowMoments[at]; ok {
		return w.holds(s, seat)
	}
	return false
}

// beforeVotes reports an agenda revealed on which no vote is cast yet
// (8.22).
func beforeVotes(s *State) bool {
	ag := s.Agenda
	return s.Phase == PhaseAgenda && ag != nil && ag.Card != "" && len(ag.Ballots) == 0 && !ag.Voting && ag.Outcome == ""
}

// agendaJustRevealed reports an agenda revealed whose "when" window is
// not past: no "after" window, no vote yet (1.15).
func agendaJustRevealed(s *State) bool {
	ag := s.Agenda
	return s.Phase == PhaseAgenda && ag != nil && ag.Card != "" && (ag.Window == "" || ag.Window == "when") &&
		len(ag.Ballots) == 0 && !ag.Voting && ag.Outcome == ""
}

// midResolution reports something being resolved that an ability used
// "at any time" must not cut into: a step, or a production being paid for
// (1.7: an ability is resolved in its entirety).
func (s *State) midResolution() bool {
	return s.Step != nil || (s.Tactical != nil && s.Tactical.Step == TacProduction)
}

// useOptions lists the uses of abilities open to seat: the window's, or
// those whose moment is a state of the game that holds.
func useOptions(s *State, seat int, add func(Action)) {
	if st := s.Step; st != nil && st.Kind == StepAbility {
		if st.Seat == seat {
			u := s.usable(seat, s.cardVersion(lookup(st.Card)), Moment(st.Then))
			if u == nil || !u.Mandatory {
				add(Action{Kind: ActUseAbility, Card: st.Card})
			}
			if u != nil {
				for _, a := range u.Options(s, seat, st) {
					a.Kind, a.Card, a.Use = ActUseAbility, st.Card, true
					add(a)
				}
			}
		}
		return
	}
	if seat < 0 || seat >= len(s.Players) {
		return
	}
	if st := s.Step; st != nil && st.Seat == seat {
		for _, id := range st.Aids { // another player's aid, theirs to use (WhileAided)
			def := s.cardVersion(lookup(id))
			if u := s.usable(seat, def, WhileAided); u != nil && s.momentHolds(seat, WhileAided) {
				for _, a := range u.Options(s, seat, nil) {
					a.Kind, a.Card, a.Use = ActUseAbility, def.ID, true
					add(a)
				}
			}
		}
	}
	for _, def := range s.abilityList(seat) {
		for _, u := range def.Uses { // most abilities have none: only their uses at state moments are asked
			if !isStateMoment[u.At] || s.usable(seat, def, u.At) != u || !s.momentHolds(seat, u.At) {
				continue
			}
			for _, a := range u.Options(s, seat, nil) {
				a.Kind, a.Card, a.Use = ActUseAbility, def.ID, true
				add(a)
			}
		}
	}
}

// isStateMoment marks the moments of stateMoments.
var isStateMoment = func() map[Moment]bool {
	m := map[Moment]bool{}
	for _, at := range stateMoments {
		m[at] = true
	}
	return m
}()

// targetWindow reports the window in which seat answers card, an ability
// of another player's that chose them (TargetAnswers).
func targetWindow(st *Step, seat int, card string) bool {
	return st != nil && st.Kind == StepAbility && st.Seat == seat && st.Card == card && Moment(st.Then) == TargetAnswers
}

// aided reports card an aid another player's ability lent seat in the
// step they resolve (Step.Aids, WhileAided).
func aided(st *Step, seat int, card string) bool {
	return st != nil && st.Seat == seat && slices.Contains(st.Aids, card)
}

// askTarget is the window in which the player an ability of owner's
// chose answers it (TargetAnswers).
func askTarget(owner, target int, card string) Event {
	return queue(Step{Kind: StepAbility, Seat: target, Card: card, Then: string(TargetAnswers), Target: ip(owner)})
}
