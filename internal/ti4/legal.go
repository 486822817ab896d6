package ti4

import (
	"slices"
	"sync"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Legal lists every action seat may take now, in a stable order. It
// proposes candidates from the state and keeps those Decide accepts, so
// every listed action is accepted; the property tests check that nothing
// Decide accepts is missing.
func Legal(s *State, rng engine.RNG, seat int) []Action {
	return AppendLegal(nil, s, rng, seat)
}

// AppendLegal is Legal appending to dst, so a caller that asks often (the
// self-play loop) can reuse one slice.
func AppendLegal(dst []Action, s *State, rng engine.RNG, seat int) []Action {
	buf := scratch.Get().(*[]Action)
	cands := candidates(s, seat, (*buf)[:0])
	n := 0
	c := NewChecker(s, rng)
	for _, a := range cands {
		if c.Legal(a) {
			cands[n] = a // filter in place: each candidate is read before its slot is reused
			n++
		}
	}
	out := dst
	if n > 0 {
		out = append(dst, cands[:n]...)
	}
	clear(cands) // drop the pointers the candidates hold
	*buf = cands[:0]
	scratch.Put(buf)
	return out
}

// AppendCandidates appends the actions Legal would check for seat, legal
// or not, in Legal's order. With a Checker, a caller that needs one legal
// action rather than all of them (a random player) checks only as many
// as it must.
func AppendCandidates(dst []Action, s *State, seat int) []Action {
	return candidates(s, seat, dst)
}

// Checker tells which candidates Decide would accept in one state, with one
// trial RNG shared by every check (it escapes into decide).
type Checker struct {
	s     *State
	rng   engine.RNG
	trial *engine.RNG
}

// NewChecker checks actions against s, with rng as the game's RNG.
func NewChecker(s *State, rng engine.RNG) Checker {
	return Checker{s: s, rng: rng, trial: new(engine.RNG)}
}

// Legal reports whether Decide accepts a, without changing anything.
func (c Checker) Legal(a Action) bool {
	s := c.s
	if a.Kind == ActActivate && s.PendingAC == nil && s.Phase == PhaseAction {
		// the hot candidate: checked without building its events
		_, err := checkActivate(s, a)
		return err == nil && checkFields(a) == nil
	}
	*c.trial = c.rng
	mark := len(s.scratch)          // a check inside a follow-up keeps the events decided so far
	_, err := decide(s, a, c.trial) // Decide but for cutting events at a victory (98.7)
	s.scratch = s.scratch[:mark]
	return err == nil
}

// answerOptions offers the head of a window's queue its pass, and the card
// that answers the window if it holds one.
func answerOptions(p *Player, queue []int, card string, add func(Action)) {
	if len(queue) == 0 || queue[0] != p.Seat {
		return
	}
	add(Action{Kind: ActPassWindow})
	if slices.Contains(p.ActionCards, card) {
		add(Action{Kind: ActPlayAC, Card: card})
	}
}

// answersFirst refuses an answer out of a window's order (1.19).
func answersFirst(queue []int, seat int) error {
	switch {
	case len(queue) == 0:
		return engine.Refuse("1.19", "no one is asked now")
	case queue[0] != seat:
		return engine.Refuse("1.19", "seat %d answers first", queue[0])
	}
	return nil
}

// othersFromLeft are the other players in turn from seat's left.
func (s *State) othersFromLeft(seat int) []int {
	var buf [maxSeats]int
	o := s.appendSpeakerOrder(buf[:0])
	i := slices.Index(o, seat)
	q := make([]int, 0, len(o))
	for k := 1; k < len(o); k++ {
		q = append(q, o[(i+k)%len(o)])
	}
	return q
}

// scratch holds candidate lists between calls of Legal, which is the hot
// path of self-play: most calls are for seats with nothing to do.
var scratch = sync.Pool{New: func() any { b := make([]Action, 0, 128); return &b }}

// distributions lists every way to arrange n command tokens in the three
// pools. The pools are shared between calls and must not be written.
func distributions(n int) []*Pools {
	if n >= 0 && n < len(arrangements) {
		return arrangements[n]
	}
	return arrange(n)
}

func arrange(n int) []*Pools {
	var out []*Pools
	for t := 0; t <= n; t++ {
		for f := 0; f+t <= n; f++ {
			out = append(out, &Pools{t, f, n - t - f})
		}
	}
	return out
}

// arrangements are distributions for up to every token a player has.
var arrangements = func() (out [CommandTokensTotal + 1][]*Pools) {
	for n := range out {
		out[n] = arrange(n)
	}
	return out
}()

func candidates(s *State, seat int, out []Action) []Action {
	p := s.Player(seat)
	if p == nil || p.Eliminated || s.Phase == PhaseOver {
		return nil
	}
	add := func(a Action) { a.Seat = seat; out = append(out, a) }
	l := lister{s: s, seat: seat, p: p}
	if t := s.pausedTrade(); t != nil { // 94.1a: the game waits on it
		if t.Seats[0] == seat || t.Seats[1] == seat {
			tradeOptions(s, seat, add)
		}
		return out
	}
	// The sources in the order the game's moments take precedence: a
	// section that holds the game ends the list.
	_ = l.answers(add) || l.setupChoices(add) || l.notesAndFeats(add) || l.combat(add) || l.agenda(add) ||
		l.phase(add) || l.steps(add) || l.strategic(add) || l.tactical(add) || l.turn(add)
	if s.midTrade(seat) { // 94.1a: in the middle of the action, a transaction
		for _, q := range s.Active() {
			if q != seat && !slices.Contains(p.TradedWith, q) {
				add(Action{Kind: ActTradeOpen, ActionExtra: &ActionExtra{Player: ip(q)}})
			}
		}
	}
	return out
}

// spend proposes spending each ready planet of the seat's, and its trade
// goods.
func (l *lister) spend(add func(Action)) {
	for _, sys := range l.s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller == l.seat && !pl.Exhausted {
				add(Action{Kind: ActSpendPlanet, Planet: pl.Name})
			}
		}
	}
	for n := 1; n <= l.s.goods(l.seat); n++ {
		add(Action{Kind: ActSpendTG, Count: n})
	}
}

// ownPlanets calls f with each planet the seat controls.
func (l *lister) ownPlanets(f func(pl *Planet, sys *System)) {
	for _, sys := range l.s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller == l.seat {
				f(pl, sys)
			}
		}
	}
}

// lister proposes one seat's candidates, section by section.
type lister struct {
	s    *State
	seat int
	p    *Player
}

// answers: the open answer window (windows.go), which every player
// concerned answers in turn.
func (l *lister) answers(add func(Action)) bool {
	if w, queue := l.s.openWindow(); w != nil {
		answerOptions(l.p, queue, w.card, add)
		if cardAwaits(l.s, l.seat) && l.s.hasUse(l.seat, WhenCardPlayed) {
			useOptions(l.s, l.seat, add)
		}
		return true
	}
	return false
}

// setupChoices: secret objectives kept at setup, laws their owners use, abilities, and the one-choice steps.
func (l *lister) setupChoices(add func(Action)) bool {
	s, seat, p := l.s, l.seat, l.p
	for _, card := range p.SecretChoice {
		add(Action{Kind: ActKeepSecret, Card: card})
	}
	lawOptions(s, seat, add)
	useOptions(s, seat, add)
	if st := s.Step; st != nil && st.Kind == StepAbility {
		return true
	}
	if st := s.Step; st != nil && st.Kind == StepNoteWindow {
		noteWindowOptions(s, seat, add)
		return true
	}
	if st := s.Step; st != nil && st.Kind == StepLookHand {
		if st.Seat == seat {
			for i, c := range st.Cards {
				if !slices.Contains(st.Cards[:i], c) {
					add(Action{Kind: ActTakeCard, Card: c})
				}
			}
		}
		return true
	}
	if st := s.Step; st != nil && st.Kind == StepLook {
		if st.Seat == seat {
			add(Action{Kind: ActDone})
		}
		return true
	}
	if st := s.Step; st != nil && st.Kind == StepInvest {
		if st.Seat == seat {
			for _, c := range s.Strategy {
				add(Action{Kind: ActPlaceTG, Card: c})
			}
		}
		return true
	}
	if st := s.Step; st != nil && st.Kind == StepRelic {
		relicOptions(s, seat, st, add)
		return true
	}
	if st := s.Step; st != nil && st.Kind == StepConverter {
		if st.Seat == seat {
			for _, pl := range converterTargets(s, seat) {
				add(Action{Kind: ActChoosePlanet, Planet: pl.Name})
			}
		}
		return true
	}
	if st := s.Step; st != nil && st.Kind == StepCodex {
		if st.Seat == seat {
			for i, c := range s.Decks.ActionDiscard {
				if !slices.Contains(s.Decks.ActionDiscard[:i], c) {
					add(Action{Kind: ActTakeCard, Card: c})
				}
			}
			add(Action{Kind: ActDone})
		}
		return true
	}
	if st := s.Step; st != nil && st.Kind == StepExplore {
		if st.Seat == seat {
			for _, o := range exploreOptions(s, st) {
				add(Action{Kind: ActExplore, Outcome: o})
			}
		}
		return true
	}
	if st := s.Step; st != nil && st.Kind == StepGuest {
		if st.Seat == seat {
			add(Action{Kind: ActDone})
			for _, sys := range s.Systems {
				a := Action{Kind: ActActivate, Seat: seat, System: ip(sys.Pos)}
				tolled(s, seat, s.activationToll(seat, sys), a, func(b Action) {
					if _, err := checkActivate(s, b); err == nil {
						add(b)
					}
				})
			}
		}
		return true
	}
	if st := s.Step; st != nil && st.Kind == StepDecoy {
		if st.Seat == seat {
			add(Action{Kind: ActDone})
			decoyOptions(s, seat, add)
		}
		return true
	}
	if st := s.Step; st != nil && isLawStep(st.Kind) {
		return true
	}
	return false
}

// notesAndFeats: promissory notes in their windows, secrets for deeds, a secret to return, a transaction.
func (l *lister) notesAndFeats(add func(Action)) bool {
	s, seat, p := l.s, l.seat, l.p
	if notesMayOpen(s, seat) {
		for _, n := range p.Promissory { // the notes one plays, in their windows
			if noteMoment(s, seat, n) {
				noteOffers(s, seat, n, add)
			}
		}
	}
	if s.Phase == PhaseAction && s.Combat == nil {
		for _, f := range p.Feats {
			if s.mayScoreSecret(p, f) {
				add(Action{Kind: ActScore, Card: f})
			}
		}
	}

	if st := s.Step; st != nil && st.Kind == StepReturnSecret {
		if st.Seat == seat {
			for _, c := range p.Secrets {
				add(Action{Kind: ActReturnSecret, Card: c})
			}
		}
		return true
	}
	if t := s.Trade; t != nil {
		if t.Seats[0] == seat || t.Seats[1] == seat {
			tradeOptions(s, seat, add)
		}
		return true
	}
	return false
}

// combat: an invasion's answers, the cards of the moment, and a combat's hits, answers and retreats.
func (l *lister) combat(add func(Action)) bool {
	s, seat := l.s, l.seat
	if inv := s.Invasion; inv != nil && inv.Ask != nil {
		invasionCardOptions(s, seat, add)
		return true
	}
	// Reveal Prototype's research holds the combat: its step is listed below.
	proto := s.prototyping()
	if (s.Combat != nil && !proto) || (s.Tactical != nil && s.Tactical.Seat == seat && s.Tactical.Step == TacMovement) {
		acOptions(s, seat, add) // cards of the moment: after activation, at a round's start, before hits
	}
	if cb := s.Combat; cb != nil && !proto && !cb.Held { // a held combat waits for the windows after the move
		if cb.Answer != nil {
			if cb.Answer.Seat == seat {
				add(Action{Kind: ActPassWindow})
				thalnosOffer(s, seat, add)
			}
			return true
		}
		if len(cb.Owed) > 0 {
			if o := cb.Owed[0]; o.chooser() == seat {
				for _, st := range hitTargets(s, cb, o) {
					add(Action{Kind: ActAssignHit, Unit: st.Unit, Planet: o.Planet})
					if !o.Picked {
						add(Action{Kind: ActAssignHit, Unit: st.Unit, Planet: o.Planet, Use: true})
					}
				}
			}
			return true
		}
		if cb.Kind == "space" && ((cb.Step == CbAnnounceD && seat == cb.Defender) || (cb.Step == CbAnnounceA && seat == cb.Attacker)) {
			for _, q := range s.galaxy.Neighbors(cb.System, s.Wormholes) {
				add(Action{Kind: ActRetreat, System: ip(q)})
			}
			add(Action{Kind: ActNoRetreat})
		}
		return true
	}
	return false
}

// agenda: the agenda phase and its steps.
func (l *lister) agenda(add func(Action)) bool {
	s, seat, p := l.s, l.seat, l.p
	if st := s.Step; st != nil && st.Kind == StepFreelance {
		return false // a production an effect opened: listed with the steps, in any phase
	}
	if s.Phase == PhaseAgenda {
		for _, o := range p.Secrets {
			if _, ok := agendaObjectives[o]; ok {
				add(Action{Kind: ActScore, Card: o})
			}
		}
		for _, o := range s.Decks.Revealed { // a secret revealed as public (Neuraloop)
			if _, ok := agendaObjectives[o]; ok && s.mayScoreSecret(p, o) {
				add(Action{Kind: ActScore, Card: o})
			}
		}
	}
	if (s.Step != nil && isAgendaStep(s.Step.Kind)) || (s.Phase == PhaseAgenda && s.Strategic == nil) {
		switch st := s.Step; {
		case st != nil && st.Kind == StepExcess && st.Seat == seat:
			excessOptions(s, seat, add)
		case st != nil && (st.Kind == StepDiscard || st.Kind == StepDrawDiscard) && st.Seat == seat:
			for _, c := range p.ActionCards {
				add(Action{Kind: ActDiscardAC, Card: c})
			}
		default:
			agendaOptions(s, seat, add)
		}
		return true
	}
	return false
}

// phase: the strategy and status phases.
func (l *lister) phase(add func(Action)) bool {
	s, seat, p := l.s, l.seat, l.p
	switch s.Phase {
	case PhaseStrategy:
		if st := s.Step; st != nil && st.Kind != StepDiscard {
			return false // a step came up (excess ships after a command sheet changed): listed with the steps
		}
		if st := s.Step; st != nil && st.Kind == StepDiscard { // over the hand limit after the status phase's last draw
			if st.Seat == seat {
				for _, c := range p.ActionCards {
					add(Action{Kind: ActDiscardAC, Card: c})
				}
			}
			return true
		}
		if w := s.PickAsk; w != nil {
			pickWindowOptions(p, w, add)
			return true
		}
		to := receivers(s, seat) // Checks and Balances
		for _, card := range s.Strategy {
			if len(to) == 0 {
				add(Action{Kind: ActPick, Card: card})
			}
			for _, q := range to {
				add(Action{Kind: ActPick, Card: card, ActionExtra: &ActionExtra{Player: ip(q)}})
			}
		}
		acOptions(s, seat, add)
		return true
	case PhaseStatus:
		acOptions(s, seat, add)
		if st := s.Step; st != nil && st.Kind == StepExcess && st.Seat == seat {
			excessOptions(s, seat, add)
		}
		if st := s.Step; st != nil && st.Kind == StepPay && st.Seat == seat {
			payOptions(s, seat, st, add)
		}
		if st := s.Step; st != nil && st.Kind == StepDiscard && st.Seat == seat {
			for _, c := range p.ActionCards {
				add(Action{Kind: ActDiscardAC, Card: c})
			}
		}
		if s.Status != nil && s.Step == nil && len(s.Status.Scoring) > 0 && s.Status.Scoring[0] == seat {
			for _, o := range s.scorablePublics() {
				add(Action{Kind: ActScore, Card: o})
			}
			for _, o := range p.Secrets {
				secretScoreOptions(p, o, add)
			}
			add(Action{Kind: ActDone})
		}
		if s.Status != nil && slices.Contains(s.Status.Waiting, seat) {
			for _, d := range distributions(p.Tactic + p.Fleet + p.Strategy + s.Status.Gain[seat]) {
				add(Action{Kind: ActRedistribute, Pools: d})
			}
		}
		return true
	}
	return false
}

// steps: a step of a strategic action or an effect under way.
func (l *lister) steps(add func(Action)) bool {
	s, seat, p, c := l.s, l.seat, l.p, data.MustLoad()
	if st := s.Step; st != nil {
		if st.Seat != seat {
			return true
		}
		switch st.Kind {
		case StepDiscard:
			for _, c := range p.ActionCards {
				add(Action{Kind: ActDiscardAC, Card: c})
			}
		case StepPay:
			payOptions(s, seat, st, add)
		case StepUnlockDeed:
			if s.Players[seat].TradeGoods >= st.Need {
				add(Action{Kind: ActSpendTG, Count: st.Need})
			}
			add(Action{Kind: ActDone})
		case StepImperial:
			for _, o := range s.scorablePublics() {
				add(Action{Kind: ActScore, Card: o})
			}
			add(Action{Kind: ActDone})
		case StepExcess:
			excessOptions(s, seat, add)
		case StepLeadership:
			l.spend(add)
			for _, d := range distributions(min(st.Base+st.Spent/3, s.CommandReinforcements(seat))) {
				add(Action{Kind: ActGainTokens, Pools: d})
			}
		case StepDiploSystem:
			for _, sys := range s.Systems {
				add(Action{Kind: ActChooseSystem, System: ip(sys.Pos)})
			}
		case StepReady:
			l.ownPlanets(func(pl *Planet, _ *System) { add(Action{Kind: ActReadyPlanet, Planet: pl.Name}) })
			add(Action{Kind: ActDone})
		case StepSpeaker:
			for _, q := range s.Active() {
				add(Action{Kind: ActChooseSpeaker, ActionExtra: &ActionExtra{Player: ip(q)}})
			}
		case StepAgendas:
			look := s.Decks.Agendas[:min(2, len(s.Decks.Agendas))]
			for _, o := range agendaOrders(look) {
				add(o)
			}
		case StepConstruction:
			reclaimOptions(s, seat, add)
			l.ownPlanets(func(pl *Planet, _ *System) {
				add(Action{Kind: ActPlaceStructure, Unit: "pds", Planet: pl.Name})
				add(Action{Kind: ActPlaceStructure, Unit: "space_dock", Planet: pl.Name})
				if s.mechForPDS(seat) {
					add(Action{Kind: ActPlaceStructure, Unit: "mech", Planet: pl.Name})
				}
			})
			add(Action{Kind: ActDone})
		case StepTradeChoose:
			for _, q := range s.Active() {
				add(Action{Kind: ActChoosePlayer, ActionExtra: &ActionExtra{Player: ip(q)}})
			}
			add(Action{Kind: ActDone})
		case StepWarfareToken:
			for _, sys := range s.Systems {
				add(Action{Kind: ActRemoveToken, System: ip(sys.Pos)})
			}
		case StepRedistribute:
			for _, d := range distributions(p.Tactic + p.Fleet + p.Strategy) {
				add(Action{Kind: ActDone, Pools: d})
			}
		case StepWarfareProd, StepIndustry, StepFreelance:
			reclaimOptions(s, seat, add)
			if prod, sys, limit, err := s.production(seat); err == nil {
				produceOptions(s, seat, prod, sys, limit, add)
			}
			l.spend(add)
			if st.Kind == StepFreelance {
				l.ownPlanets(func(pl *Planet, _ *System) {
					if !pl.Exhausted {
						add(Action{Kind: ActSpendPlanet, Planet: pl.Name, Use: true})
					}
				})
			}
			add(Action{Kind: ActDone})
		case StepResearch:
			relicOptions(s, seat, st, add) // The Prophet's Tears
			l.spend(add)
			l.ownPlanets(func(pl *Planet, _ *System) { add(Action{Kind: ActSpecialty, Planet: pl.Name}) })
			if st.Spent >= researchCost(s, st) && s.bonus(seat, hookResearchTokens) > 0 {
				add(Action{Kind: ActResearch}) // command tokens instead
			} else if st.Spent >= researchCost(s, st) {
				for _, t := range c.Technologies {
					if researchBy[st.Card].offered && !slices.Contains(st.Cards, t.ID) {
						continue
					}
					if _, err := checkResearch(s, seat, t.ID, st.Credits); err == nil {
						add(Action{Kind: ActResearch, Card: t.ID})
					}
				}
			}
			add(Action{Kind: ActDone})
		}
		return true
	}
	return false
}

// strategic: a strategic action's secondaries.
func (l *lister) strategic(add func(Action)) bool {
	s, seat := l.s, l.seat
	if st := s.Strategic; st != nil {
		if st.PrimaryDone && len(st.Queue) > 0 && st.Queue[0] == seat {
			add(Action{Kind: ActSecondary, Use: true})
			add(Action{Kind: ActSecondary})
			relicSecondaryOptions(s, seat, add)
			tokenSecondaryOptions(s, seat, add)
		}
		return true
	}
	return false
}

// tactical: a tactical action's steps.
func (l *lister) tactical(add func(Action)) bool {
	s, seat := l.s, l.seat
	if t := s.Tactical; t != nil {
		if t.Seat != seat {
			return true
		}
		active := s.System(t.System)
		switch t.Step {
		case TacMovement:
			for _, sys := range s.Systems {
				// Cargo needs a moving ship (95.1), and stays put under the
				// player's command token unless ships move from there (95.3).
				token := s.tokenHolds(seat, sys)
				lift := len(t.Moves) > 0 && (sys.Pos == t.System || !token || declared(t.Moves, sys.Pos, "") > 0)
				for _, pl := range sys.Planets { // 95.1: ground forces on planets
					for _, st := range pl.Units {
						if lift && st.Owner == seat && isGroundForce(st.Unit) {
							for n := 1; n <= st.Count; n++ {
								add(Action{Kind: ActTransport, System: ip(sys.Pos), Planet: pl.Name, Unit: st.Unit, Count: n})
							}
						}
					}
				}
				if sys.Pos == t.System {
					continue
				}
				for _, st := range sys.Space {
					if st.Owner != seat {
						continue
					}
					ship := isShip(st.Unit)
					move := ship && !s.shipHeld(seat, sys, st.Unit) && !t.Ceasefire // 58.4c, 69.1
					carry := lift && (st.Unit == "fighter" || !ship)
					for n := 1; n <= st.Count; n++ {
						if move && n <= st.Count-declared(t.Moves, sys.Pos, st.Unit) {
							add(Action{Kind: ActMoveShips, System: ip(sys.Pos), Unit: st.Unit, Count: n})
						}
						if carry {
							add(Action{Kind: ActTransport, System: ip(sys.Pos), Unit: st.Unit, Count: n})
						}
					}
				}
			}
			if len(t.Moves) == 0 {
				relicMoveOptions(s, seat, add)
			}
			add(Action{Kind: ActEndMovement})
		case TacInvasion:
			add(Action{Kind: ActTakeCustodians})
			for _, pl := range active.Planets {
				add(Action{Kind: ActBombard, Planet: pl.Name})
			}
			for _, pl := range active.Planets {
				for _, typ := range []string{"infantry", "mech", "fighter"} {
					if typ == "fighter" && !s.commitsFighters(seat) {
						continue
					}
					for n := 1; n <= count(active.Space, seat, typ); n++ {
						tolled(s, seat, s.commitToll(seat, pl), Action{Kind: ActCommit, Planet: pl.Name, Unit: typ, Count: n}, add)
					}
				}
			}
			add(Action{Kind: ActEstablishControl})
		case TacProduction:
			reclaimOptions(s, seat, add)
			produceOptions(s, seat, &t.Production, active, s.productionLimit(seat, active), add)
			l.spend(add)
			add(Action{Kind: ActEndTactical})
		}
		return true
	}
	return false
}

// turn: a turn of the action phase: the actions, and transactions.
func (l *lister) turn(add func(Action)) bool {
	s, seat, p := l.s, l.seat, l.p
	if s.Invasion != nil {
		return true
	}
	if agendaTrading(s) { // 94.6
		for _, q := range s.Active() {
			if q != seat && !agendaTraded(s, seat, q) {
				add(Action{Kind: ActTradeOpen, ActionExtra: &ActionExtra{Player: ip(q)}})
			}
		}
	}
	if s.Phase == PhaseAction && s.Turn == seat {
		for _, card := range p.StrategyCards {
			add(Action{Kind: ActStrategic, Card: card})
		}
		for _, sys := range s.Systems {
			if p.Tactic > 0 && !slices.Contains(sys.Command, seat) { // 20.4, 5.2
				tolled(s, seat, s.activationToll(seat, sys), Action{Kind: ActActivate, System: ip(sys.Pos)}, add)
			}
		}
		near := s.neighborMask(seat)
		for _, q := range s.Active() {
			if (near&(1<<uint(q)) != 0 || s.permits(seat, PermitTradeAnyone) || s.permits(q, PermitTradeAnyone)) && q != seat && !slices.Contains(p.TradedWith, q) {
				add(Action{Kind: ActTradeOpen, ActionExtra: &ActionExtra{Player: ip(q)}})
			}
		}
		for _, id := range componentIDs() {
			if componentInGame(s, id) {
				add(Action{Kind: ActComponent, Card: id})
			}
		}
		acOptions(s, seat, add)
		add(Action{Kind: ActPass})
		if s.ExtraAction {
			add(Action{Kind: ActDone}) // decline the additional action
		}
	}
	return true
}

// agendaOrders lists every way to put the looked-at agendas on top or
// bottom, in any order (66.2 iii).
func agendaOrders(look []string) []Action {
	var out []Action
	switch len(look) {
	case 1:
		out = append(out, Action{Kind: ActOrderAgendas, ActionExtra: &ActionExtra{Top: look}}, Action{Kind: ActOrderAgendas, ActionExtra: &ActionExtra{Bottom: look}})
	case 2:
		a, b := look[0], look[1]
		out = append(out,
			Action{Kind: ActOrderAgendas, ActionExtra: &ActionExtra{Top: []string{a, b}}},
			Action{Kind: ActOrderAgendas, ActionExtra: &ActionExtra{Top: []string{b, a}}},
			Action{Kind: ActOrderAgendas, ActionExtra: &ActionExtra{Bottom: []string{a, b}}},
			Action{Kind: ActOrderAgendas, ActionExtra: &ActionExtra{Bottom: []string{b, a}}},
			Action{Kind: ActOrderAgendas, ActionExtra: &ActionExtra{Top: []string{a}, Bottom: []string{b}}},
			Action{Kind: ActOrderAgendas, ActionExtra: &ActionExtra{Top: []string{b}, Bottom: []string{a}}},
		)
	}
	return out
}

// produceOptions proposes units to produce, leaving out what decideProduce
// refuses on its cheapest checks: units without cost, structures, ships
// under another player's ships, counts over reinforcements, the fleet pool,
// capacity or what can be paid, and planets where nothing produces.
func produceOptions(s *State, seat int, prod *Production, sys *System, limit int, add func(Action)) {
	budget := s.payable(seat, s.freelancing()) + prod.Spent
	conscription := s.lawSays(LawUnitsCostFull)
	inSpace := s.producesInSpace(seat, sys)
	for _, typ := range UnitTypes {
		u := s.UnitCard(seat, typ)
		if u.Cost == 0 || isStructure(typ) || (typ == "war_sun" && !s.Players[seat].HasTech("war_sun")) {
			continue
		}
		ship := isShip(typ)
		if ship && hasOthersShips(sys, seat) {
			continue
		}
		most := limit - prod.Made + s.bonus(seat, hookFreeSmall) // That Which Molds Flesh: checked for each n below
		if !Unlimited(typ) {
			most = min(most, s.Reinforcements(seat, typ))
		}
		for n := 1; n <= most && s.owedFor(seat, prod, unitCost(u, n, prod, typ, conscription)) <= budget; n++ {
			if prod.Made+n > limit+s.smallNotCounted(Action{Seat: seat, Unit: typ, Count: n}, prod) {
				break
			}
			dockOptions(s, seat, sys, Action{Kind: ActProduce, Seat: seat, Unit: typ, Count: n}, add)
			fits := (ship || inSpace) && s.roomFor(seat, sys, typ, n) == "" // the fleet pool and capacity (37.1, 16.2)
			switch {
			case ship && typ != "fighter": // ships go to space (68.2)
				if fits {
					add(Action{Kind: ActProduce, Unit: typ, Count: n})
				}
				continue
			case fits: // fighters, and ground forces from a unit in space (68.4)
				add(Action{Kind: ActProduce, Unit: typ, Count: n})
			}
			if ship {
				continue
			}
			for _, pl := range sys.Planets {
				if pl.Controller == seat && (prod.Wide || s.producesOn(seat, pl)) {
					add(Action{Kind: ActProduce, Unit: typ, Count: n, Planet: pl.Name})
				}
			}
			if prod.Wide { // and the planets of theirs next to it (Trilossa Aun Mirik)
				for _, pl := range s.ownPlanets(seat) {
					if _, at := s.Planet(pl.Name); at.Pos != sys.Pos && s.Adjacent(at.Pos, sys.Pos) {
						add(Action{Kind: ActProduce, Unit: typ, Count: n, Planet: pl.Name})
					}
				}
			}
		}
	}
}

// dockOptions lists, for a player whose fighters and infantry may go to
// their other space docks (DockPlacement), a production a placed at each.
func dockOptions(s *State, seat int, active *System, a Action, add func(Action)) {
	if (a.Unit != "fighter" && a.Unit != "infantry") || !s.has(seat, hookDockPlacement) {
		return
	}
	for _, sys := range s.Systems {
		if sys.Pos == active.Pos {
			continue
		}
		places := []string{""}
		for _, pl := range sys.Planets {
			places = append(places, pl.Name)
		}
		for _, p := range places {
			b := a
			b.System, b.Planet = ip(sys.Pos), p
			if _, err := s.dockElsewhere(b); err == nil && (p != "" || s.roomFor(seat, sys, a.Unit, a.Count) == "") {
				add(b)
			}
		}
	}
}

// Waiting lists the seats that have a legal action now, in seat order.
func Waiting(s *State, rng engine.RNG) []int {
	var out []int
	for _, q := range s.Active() {
		if len(Legal(s, rng, q)) > 0 {
			out = append(out, q)
		}
	}
	return out
}

func excessOptions(s *State, seat int, add func(Action)) {
	for _, sys := range s.Systems {
		for _, st := range sys.Space {
			if st.Owner != seat {
				continue
			}
			for n := 1; n <= st.Count; n++ {
				add(Action{Kind: ActRemoveExcess, System: ip(sys.Pos), Unit: st.Unit, Count: n})
			}
		}
	}
}

func payOptions(s *State, seat int, st *Step, add func(Action)) {
	p := s.Players[seat]
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller == seat && !pl.Exhausted {
				add(Action{Kind: ActSpendPlanet, Planet: pl.Name})
				add(Action{Kind: ActSpendPlanet, Planet: pl.Name, Use: true})
			}
		}
	}
	for n := 1; n <= p.TradeGoods; n++ {
		add(Action{Kind: ActSpendTG, Count: n})
		add(Action{Kind: ActSpendTG, Count: n, Use: true})
	}
	if need := stepCost(st).Tokens; need > 0 {
		for t := 0; t <= min(p.Tactic, need); t++ {
			for g := 0; g <= min(p.Strategy, need-t); g++ {
				if t+g > 0 {
					add(Action{Kind: ActSpendTokens, Pools: &Pools{Tactic: t, Strategy: g}})
				}
			}
		}
	}
	if st.Card == "custodians" {
		add(Action{Kind: ActTakeCustodians})
	} else {
		add(Action{Kind: ActScore, Card: st.Card})
	}
	add(Action{Kind: ActDone})
}

func tradeOptions(s *State, seat int, add func(Action)) {
	p := s.Players[seat]
	add(Action{Kind: ActTradeAdd, Card: "trade_goods"})
	add(Action{Kind: ActTradeAdd, Card: "commodities"})
	other := s.Trade.Seats[0]
	if other == seat {
		other = s.Trade.Seats[1]
	}
	for _, n := range s.givable(seat, other) {
		add(Action{Kind: ActTradeAdd, Card: n})
	}
	seen := map[string]bool{}
	for _, f := range p.RelicFragments {
		if !seen[f] {
			seen[f] = true
			add(Action{Kind: ActTradeAdd, Card: f})
		}
	}
	if s.Trade != nil && s.cardsTradable(s.Trade) {
		for _, c := range p.ActionCards {
			if !seen[c] {
				seen[c] = true
				add(Action{Kind: ActTradeAdd, Card: c})
			}
		}
	}
	if s.Trade != nil && s.rules() >= RulesMechs {
		tradePlanetOptions(s, seat, add)
	}
	if s.rules() >= RulesWindows {
		_, side, _ := tradeSide(s, seat)
		b := s.Trade.Give[side]
		for _, c := range p.Captured {
			if c.Owner == other && c.Owner != None && countOf(b.Captives, c.Unit) < c.Count {
				add(Action{Kind: ActTradeAdd, Card: CaptiveItem, Unit: c.Unit})
			}
		}
	}
	add(Action{Kind: ActTradeAccept})
	add(Action{Kind: ActTradeCancel})
}

// tradePlanetOptions offers the planet cards seat may give (Pride of
// Kenara), its units going to its first other planet that can take them.
func tradePlanetOptions(s *State, seat int, add func(Action)) {
	s.controlled(seat, func(pl *Planet, _ *System, _ *data.Planet) bool {
		if len(pl.Units) == 0 && s.agendaTradable(pl) {
			add(Action{Kind: ActTradeAdd, Card: "planet", Planet: pl.Name})
			return false
		}
		if s.mechOn(pl, None, hookTradesPlanet) != seat {
			return false
		}
		s.controlled(seat, func(dst *Planet, _ *System, _ *data.Planet) bool {
			if dst != pl && !unitsBarred(dst) {
				add(Action{Kind: ActTradeAdd, Card: "planet", Planet: pl.Name, ToPl: dst.Name})
				return true
			}
			return false
		})
		return false
	})
}

// reclaimOptions lists units that could be taken back, when the player is
// out of that type (23.4a).
func reclaimOptions(s *State, seat int, add func(Action)) {
	for _, sys := range s.Systems {
		if slices.Contains(sys.Command, seat) {
			continue
		}
		for _, st := range sys.Space {
			if st.Owner == seat && !Unlimited(st.Unit) && s.Reinforcements(seat, st.Unit) == 0 {
				add(Action{Kind: ActReclaim, System: ip(sys.Pos), Unit: st.Unit})
			}
		}
		for _, pl := range sys.Planets {
			for _, st := range pl.Units {
				if st.Owner == seat && !Unlimited(st.Unit) && s.Reinforcements(seat, st.Unit) == 0 {
					add(Action{Kind: ActReclaim, System: ip(sys.Pos), Planet: pl.Name, Unit: st.Unit})
				}
			}
		}
	}
}

// Deciding lists, cheaply, the seats the game is most likely waiting on:
// whoever heads an open window, owns the step or the hits, answers a
// strategic action, votes, or holds the turn. It is a hint for a caller
// choosing whom to ask first (self-play); it may miss a seat with an
// optional action, so such a caller falls back to asking every seat.
func Deciding(s *State) []int {
	var out []int
	one := func(q int) []int {
		if q == None {
			return nil
		}
		return append(out, q)
	}
	switch {
	case s.Phase == PhaseOver:
		return nil
	case s.pausedTrade() != nil:
		return append(out, s.Trade.Seats[0], s.Trade.Seats[1])
	case windowHead(s) != None:
		return one(windowHead(s))
	case s.PickAsk != nil:
		return one(s.PickAsk.Queue[0])
	case s.Step != nil:
		return one(s.Step.Seat)
	case s.Combat != nil && s.Combat.Answer != nil:
		return one(s.Combat.Answer.Seat)
	case s.Combat != nil && len(s.Combat.Owed) > 0:
		return one(s.Combat.Owed[0].chooser())
	case s.Combat != nil:
		return one(announcer(s.Combat))
	case s.Invasion != nil && s.Invasion.Ask != nil:
		return one(s.Invasion.Ask.Seat)
	case s.Trade != nil:
		return append(out, s.Trade.Seats[0], s.Trade.Seats[1])
	case s.Strategic != nil && s.Strategic.PrimaryDone && len(s.Strategic.Queue) > 0:
		return one(s.Strategic.Queue[0])
	case s.Agenda != nil && s.Phase == PhaseAgenda:
		ag := s.Agenda
		switch {
		case len(ag.WindowQueue) > 0:
			return one(ag.WindowQueue[0])
		case ag.Tied != nil:
			return one(s.Speaker)
		case len(ag.Voters) > 0:
			return one(ag.Voters[0])
		}
	case s.Status != nil && s.Phase == PhaseStatus:
		if len(s.Status.Scoring) > 0 {
			return one(s.Status.Scoring[0])
		}
		return append(out, s.Status.Waiting...)
	case s.Tactical != nil:
		return one(s.Tactical.Seat)
	}
	return one(s.Turn)
}

// tolled adds a, or where a unit's card asks toll influence for it, a
// with each of a few ways of paying it.
func tolled(s *State, seat, toll int, a Action, add func(Action)) {
	if toll == 0 {
		add(a)
		return
	}
	for _, sp := range s.payments(seat, toll, true, 3) {
		b := a
		b.ActionExtra = &ActionExtra{Spend: sp}
		add(b)
	}
}
