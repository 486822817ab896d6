package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Naalu Collective's abilities.
func init() {
	// Telepathic: first in initiative order, by the "0" token on its
	// strategy card, while it has not given the token away (48).
	define(&Ability{ID: "naalu:telepathic", Since: RulesFactions, InitiativeZero: true})
}

// Foresight: after another player moves ships into a system with Naalu
// ships, the Naalu may place a token from their strategy pool in an
// adjacent system without other players' ships, and move their ships
// from the active system there.
func init() {
	define(&Ability{ID: "naalu:foresight", Since: RulesPrinted,
		Uses: []*Use{{At: AfterMovedIn, Fields: "system", Options: foresightOptions, Resolve: foresight}}})
}

func foresightOptions(s *State, seat int, _ *Step) []Action {
	c := s.Combat
	if c == nil || s.Players[seat].Strategy == 0 {
		return nil
	}
	var out []Action
	for _, q := range s.galaxy.Neighbors(c.System, s.Wormholes) {
		if foresightOpen(s, seat, q) {
			out = append(out, Action{System: ip(q)})
		}
	}
	return out
}

// foresightOpen reports a system Foresight may move seat's ships to:
// without other players' ships or a token of seat's already.
func foresightOpen(s *State, seat, pos int) bool {
	sys := s.System(pos)
	return sys != nil && !hasOthersShips(sys, seat) && !slices.Contains(sys.Command, seat)
}

func foresight(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	c := s.Combat
	p := s.Players[a.Seat]
	if p.Strategy == 0 {
		return nil, engine.Refuse("20.3", "no command token in your strategy pool")
	}
	if a.System == nil || !s.Adjacent(c.System, *a.System) || !foresightOpen(s, a.Seat, *a.System) {
		return nil, engine.Refuse("6", "choose a system next to the active one, without other players' ships or a token of yours")
	}
	n := c.clone()
	n.Answer = nextAsk(n, &n.own().Watchers, AnswerMovedIn)
	ev := s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &Pools{p.Tactic, p.Fleet, p.Strategy - 1}},
		Event{Kind: EvCommandToken, Seat: a.Seat, System: *a.System, Count: 1})
	ev = s.extend(ev, withdraw(s, a.Seat, c.System, *a.System)...)
	return s.extend(ev, newCombat(n, nil)), nil
}

// Gift of Prescience, the Naalu's note: at the end of the strategy phase
// its holder puts it in their play area with the Naalu "0" token on their
// strategy card: first in initiative order (48), and the Naalu are not
// (Telepathic waits on the token); the note goes back at the end of the
// status phase, with the token.
func init() {
	defineNote("naalu:gift_of_prescience", &promissoryNote{since: RulesFactions, strategyEnd: true, statusEnd: true,
		moment: func(s *State, seat int) bool { return inNoteWindow(s, seat, "naalu:gift_of_prescience") }, play: giftOfPrescience})
}

func giftOfPrescience(s *State, a Action, _ int) ([]Event, error) {
	if !inNoteWindow(s, a.Seat, a.Card) {
		return nil, engine.Refuse("69.1", "Gift of Prescience is played at the end of the strategy phase")
	}
	return s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}, Event{Kind: EvNotePlayed, Seat: a.Seat, Card: a.Card},
		Event{Kind: EvZeroTokenGiven, Seat: a.Seat}), nil
}

// Neuroglaive, a Naalu technology: after another player activates a system
// holding the Naalu's ships, that player loses a token from their fleet
// pool, if they have one.
func init() {
	define(&Ability{ID: "neuroglaive", Since: RulesPrinted, OthersActivate: neuroglaive})
}

func neuroglaive(s *State, _, active, _ int) []Event {
	p := s.Players[active]
	if p.Fleet == 0 {
		return nil
	}
	return s.emit(Event{Kind: EvTokensSet, Seat: active, Pools: &Pools{p.Tactic, p.Fleet - 1, p.Strategy}})
}

// Matriarch, the Naalu flagship: in an invasion of its system the Naalu
// commit fighters to planets as ground forces; they fight there (space
// cannon defense may hit them), and go back to the space area when the
// ground combats end, before control is established (49.5): fighters
// alone neither gain the planet nor win the combat (FAQ).
func init() {
	define(&Ability{ID: "matriarch", Since: RulesPrinted, CommitsFighters: true})
}

// Iconoclast Ω (Codex III), the Naalu mech (55): other players roll no
// anti-fighter barrage against the Naalu's units in its system (10). As
// printed (without the Codex): +2 on its combat rolls in a combat against
// a player who holds a relic fragment.
func init() {
	define(&Ability{ID: "iconoclast", Since: RulesMechs, NoBarrageHere: true,
		Printed: &Ability{ID: "iconoclast", Since: RulesMechs, ModVs: func(s *State, _, opp int) int {
			if opp >= 0 && len(s.Players[opp].RelicFragments) > 0 {
				return 2
			}
			return 0
		}}})
}

// The Naalu Collective's leaders from rules version 6.
func init() {
	// The Oracle, hero: at the end of the status phase, each other player
	// gives the Naalu a promissory note of their choice from their hand
	// (a step of their own each); purged (51.12).
	define(&Ability{ID: "naalu:the_oracle", Since: RulesMechs,
		Uses: []*Use{{At: AtStatusEnd, Options: oracleOptions, Resolve: theOracle}}})
}

// oracleGivers are the other players in the game with a note in hand.
func oracleGivers(s *State, seat int) []int {
	return s.othersWith(seat, func(p *Player) bool { return len(p.Promissory) > 0 })
}

func oracleOptions(s *State, seat int, _ *Step) []Action {
	if len(oracleGivers(s, seat)) == 0 {
		return nil
	}
	return []Action{{}}
}

func theOracle(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	givers := oracleGivers(s, a.Seat)
	if len(givers) == 0 {
		return nil, engine.Refuse("51.10", "no other player has a promissory note to give")
	}
	var ev []Event
	for _, q := range givers {
		ev = append(ev, queue(Step{Kind: StepGiveNote, Seat: q, Card: a.Card, Need: 1, Receiver: ip(a.Seat)}))
	}
	return s.emit(append(ev, purgeHero(a.Seat))...), nil
}

// M'aban, the Naalu commander: its owner looks, at any time, at their
// neighbors' promissory notes in hand and at the top and bottom cards of
// the agenda deck (60; the view shows them).
func init() {
	define(&Ability{ID: "naalu:m_aban", Since: RulesPoK, Peeks: true})
}

// Z'eu Ω (Codex III), the Naalu agent: as an action, exhausted, a player
// chosen (player) is offered a tactical action in a non-home system
// without placing a command token, the system activated all the same
// (StepGuest); the Naalu's turn ends when that tactical action does, or
// when it is declined. Its printed version is not built: Z'eu Ω plays in
// every game.
func init() {
	define(&Ability{ID: "naalu:z_eu", Since: RulesPoK,
		Uses: []*Use{{At: AtAction, Exhaust: true, KeepsTurn: true, Fields: "player", Options: zeuOptions, Resolve: zeu}}})
}

func zeuOptions(s *State, _ int, _ *Step) []Action {
	var out []Action
	for _, q := range s.Active() {
		out = append(out, Action{ActionExtra: &ActionExtra{Player: ip(q)}})
	}
	return out
}

func zeu(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	q := a.extra().Player
	if q == nil || *q < 0 || *q >= len(s.Players) || s.Players[*q].Eliminated {
		return nil, engine.BadInput("player", "name a player in the game")
	}
	return s.emit(Event{Kind: EvStepSet, Seat: *q, Step: &Step{Kind: StepGuest, Seat: *q, Card: a.Card}}), nil
}
