package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Yssaril Tribes' abilities.
func init() {
	// Crafty: no limit to the action cards in hand (2.8).
	define(&Ability{ID: "yssaril:crafty", Since: RulesFactions, NoHandLimit: true})
	// Stall Tactics: a component action discarding an action card.
	define(&Ability{ID: "yssaril:stall_tactics", Since: RulesFactions,
		Uses: []*Use{{At: AtAction, Fields: "outcome planet", Options: stallOptions, Resolve: stallTactics}}})
	// Blackshade Infiltrator, the Yssaril mech: after Stall Tactics,
	// deployed on a planet they control (planet: 30, 55.3).
	define(&Ability{ID: "blackshade_infiltrator", Since: RulesMechs, Deploy: true})
	// Scheming: whenever the Yssaril draw action cards, one more, then
	// they discard one of their hand (a step before anything else goes on).
	define(&Ability{ID: "yssaril:scheming", Since: RulesPrinted, DrawExtra: 1})
}

// handOptions offers each action card in seat's hand (as outcome: the card
// field names the ability).
func handOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for i, c := range s.Players[seat].ActionCards {
		if !slices.Contains(s.Players[seat].ActionCards[:i], c) {
			out = append(out, Action{Outcome: c})
		}
	}
	return out
}

// stallOptions offers each card to discard, with each planet the Yssaril
// may deploy their mech on.
func stallOptions(s *State, seat int, st *Step) []Action {
	out := handOptions(s, seat, st)
	if !s.deploys(seat) {
		return out
	}
	for _, o := range slices.Clone(out) {
		for _, pl := range s.ownPlanets(seat) {
			if !unitsBarred(pl) {
				out = append(out, Action{Outcome: o.Outcome, Planet: pl.Name})
			}
		}
	}
	return out
}

func stallTactics(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.Contains(s.Players[a.Seat].ActionCards, a.Outcome) {
		return nil, engine.BadInput("outcome", "%q is not in your hand", a.Outcome)
	}
	ev := s.emit(Event{Kind: EvACDiscarded, Seat: a.Seat, Card: a.Outcome})
	if a.Planet == "" {
		return ev, nil
	}
	pl, sys := s.Planet(a.Planet) // after Stall Tactics (Blackshade Infiltrator)
	if err := s.deployTo(a.Seat, pl); err != nil {
		return nil, err
	}
	if pl.Controller != a.Seat {
		return nil, engine.Refuse("30.1", "the mech is deployed on a planet you control")
	}
	return s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "mech", Count: 1}), nil
}

// Spy Net, the Yssaril's note: at the start of its holder's turn, they
// look at the Yssaril's hand (a window whose cards they alone see) and
// take one of its cards (outcome); the note goes back.
func init() {
	defineNote("yssaril:spy_net", &promissoryNote{since: RulesFactions, fields: "outcome", private: true, mandatory: true,
		moment: spyNetMoment, offer: spyNetOffer, play: spyNet})
}

func spyNetMoment(s *State, seat int) bool {
	if inNoteWindow(s, seat, "yssaril:spy_net") {
		return true
	}
	o := s.seatOfFaction("yssaril")
	return s.momentHolds(seat, AtStartOfTurn) && o != None && len(s.Players[o].ActionCards) > 0
}

func spyNetOffer(s *State, seat int) []Action {
	if !inNoteWindow(s, seat, "yssaril:spy_net") {
		return []Action{{}} // look at the hand first
	}
	var out []Action
	for i, c := range s.Step.Cards {
		if !slices.Contains(s.Step.Cards[:i], c) {
			out = append(out, Action{Outcome: c})
		}
	}
	return out
}

func spyNet(s *State, a Action, owner int) ([]Event, error) {
	if inNoteWindow(s, a.Seat, a.Card) {
		if !slices.Contains(s.Step.Cards, a.Outcome) || !slices.Contains(s.Players[owner].ActionCards, a.Outcome) {
			return nil, engine.Refuse("69.1", "take one of the cards of the Yssaril's hand: outcome names it")
		}
		return s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}, Event{Kind: EvACTaken, Seat: a.Seat, Owner: owner, Card: a.Outcome},
			Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
	}
	if !spyNetMoment(s, a.Seat) {
		return nil, engine.Refuse("69.1", "Spy Net is played at the start of your turn, while the Yssaril hold action cards")
	}
	if a.Outcome != "" {
		return nil, engine.BadInput("outcome", "look at the hand first: play the note with no outcome")
	}
	hand := slices.Clone(s.Players[owner].ActionCards)
	return s.emit(Event{Kind: EvStepSet, Seat: a.Seat, Step: &Step{Kind: StepNoteWindow, Seat: a.Seat, Card: a.Card, Cards: hand}}), nil
}

// Transparasteel Plating, a Yssaril technology: in the Yssaril's turns,
// players who have passed play no action cards.
func init() {
	define(&Ability{ID: "transparasteel_plating", Since: RulesPrinted, Permits: PermitPassedSilent})
}

// Mageon Implants, a Yssaril technology: a component action, exhausting
// it: the Yssaril look at another player's action cards, which no one else
// sees, and take one.
func init() {
	define(&Ability{ID: "mageon_implants", Since: RulesFactions,
		Uses: []*Use{{At: AtAction, Exhaust: true, Fields: "player", Options: mageonOptions, Resolve: mageonImplants}}})
}

func mageonOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, q := range s.Active() {
		if q != seat && len(s.Players[q].ActionCards) > 0 {
			out = append(out, Action{ActionExtra: &ActionExtra{Player: ip(q)}})
		}
	}
	return out
}

func mageonImplants(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	q, err := otherPlayer(s, a)
	if err != nil {
		return nil, err
	}
	hand := slices.Clone(s.Players[q].ActionCards)
	if len(hand) == 0 {
		return nil, engine.Refuse("2.7", "seat %d holds no action card", q)
	}
	return s.emit(Event{Kind: EvStepSet, Seat: a.Seat, Step: &Step{Kind: StepLookHand, Seat: a.Seat, Card: a.Card, Cards: hand, Target: ip(q)}}), nil
}

// Y'sia Y'ssrila, the Yssaril's flagship: it moves through systems with
// other players' ships (58.4b).
func init() {
	define(&Ability{ID: "ysia_yssrila", Since: RulesFactions, PassShips: true})
}

// So Ata, the Yssaril commander: after another player activates a system
// with Yssaril units, they may look at that player's action cards,
// promissory notes or secret objectives (outcome), which no one else sees
// (StepLook).
func init() {
	define(&Ability{ID: "yssaril:so_ata", Since: RulesPoK,
		Uses: []*Use{{At: AfterAnyActivation, Fields: "outcome", Options: soAtaOptions, Resolve: soAta}}})
}

// soAtaHands are the hidden cards of a player So Ata looks at, by kind.
func soAtaHands(p *Player) map[string][]string {
	return map[string][]string{"action_cards": p.ActionCards, "promissory": p.Promissory, "secrets": p.Secrets}
}

func soAtaOptions(s *State, seat int, st *Step) []Action {
	if st == nil || st.Target == nil || *st.Target == seat || len(st.Systems) == 0 {
		return nil
	}
	sys := s.System(st.Systems[0])
	mine := func(x Stack) bool { return x.Owner == seat }
	if !slices.ContainsFunc(sys.Space, mine) && !slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return slices.ContainsFunc(pl.Units, mine) }) {
		return nil
	}
	var out []Action
	hands := soAtaHands(s.Players[*st.Target])
	for _, k := range []string{"action_cards", "promissory", "secrets"} {
		if len(hands[k]) > 0 {
			out = append(out, Action{Outcome: k})
		}
	}
	return out
}

func soAta(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(soAtaOptions(s, a.Seat, st), func(o Action) bool { return o.Outcome == a.Outcome }) {
		return nil, engine.Refuse("51.7", "So Ata looks at the action cards, promissory notes or secret objectives (outcome) of a player who activated a system with your units")
	}
	q := *st.Target
	cards := slices.Clone(soAtaHands(s.Players[q])[a.Outcome])
	return s.emit(queue(Step{Kind: StepLook, Seat: a.Seat, Card: a.Card, Cards: cards, Target: ip(q), Then: a.Outcome})), nil
}

// Kyver, Blade and Key, the Yssaril hero: as an action, each other player
// with action cards shows the Yssaril one of them, of their choice; for
// each, the Yssaril take it or have that player discard 3 action cards at
// random (outcome: take, discard); purged first (51.12). The card shown is
// seen by the two players alone.
func init() {
	define(&Ability{ID: "yssaril:kyver_blade_and_key", Since: RulesPoK, Uses: []*Use{
		{At: AtAction, Options: kyverOptions, Resolve: kyver},
		{At: TargetAnswers, Mandatory: true, Fields: "outcome", Options: kyverAnswers, Resolve: kyverAnswer},
	}})
}

// kyverDiscards is how many action cards a player discards at random.
const kyverDiscards = 3

func kyverShowers(s *State, seat int) []int {
	return s.othersWith(seat, func(p *Player) bool { return len(p.ActionCards) > 0 })
}

func kyverOptions(s *State, seat int, _ *Step) []Action {
	if len(kyverShowers(s, seat)) == 0 {
		return nil
	}
	return []Action{{}}
}

func kyver(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	qs := kyverShowers(s, a.Seat)
	if len(qs) == 0 {
		return nil, engine.Refuse("51.10", "Kyver needs another player with action cards")
	}
	ev := []Event{purgeHero(a.Seat)}
	for _, q := range qs {
		ev = append(ev, askTarget(a.Seat, q, a.Card))
	}
	return s.emit(ev...), nil
}

// kyverAnswers: the player shown to chooses the card (the window's Cards
// empty), then the Yssaril what comes of it (Cards: the card shown).
func kyverAnswers(s *State, seat int, st *Step) []Action {
	if st == nil {
		return nil
	}
	if len(st.Cards) > 0 {
		if st.Target != nil && slices.Contains(s.Players[*st.Target].ActionCards, st.Cards[0]) {
			return []Action{{Outcome: "take"}, {Outcome: "discard"}}
		}
		return []Action{{Outcome: "discard"}} // the card shown was played since (Reverse Engineer)
	}
	var out []Action
	h := s.Players[seat].ActionCards
	for i, c := range h {
		if !slices.Contains(h[:i], c) {
			out = append(out, Action{Outcome: c})
		}
	}
	return out
}

func kyverAnswer(s *State, a Action, st *Step, rng *engine.RNG) ([]Event, error) {
	if !slices.Contains(kyverAnswers(s, a.Seat, st), Action{Outcome: a.Outcome}) {
		return nil, engine.Refuse("51.10", "show one of your action cards (outcome); the Yssaril then take it, while it is in that hand, or have 3 discarded at random (outcome: take, discard)")
	}
	if len(st.Cards) == 0 { // shown: the Yssaril decide
		return s.emit(queue(Step{Kind: StepAbility, Seat: *st.Target, Card: a.Card, Then: string(TargetAnswers), Target: ip(a.Seat), Cards: []string{a.Outcome}})), nil
	}
	q, card := *st.Target, st.Cards[0]
	if a.Outcome == "take" {
		return s.emit(Event{Kind: EvACTaken, Seat: a.Seat, Owner: q, Card: card}), nil
	}
	h := slices.Clone(s.Players[q].ActionCards)
	rng.Shuffle(len(h), func(i, j int) { h[i], h[j] = h[j], h[i] })
	var ev []Event
	for _, c := range h[:min(kyverDiscards, len(h))] {
		ev = append(ev, Event{Kind: EvACDiscarded, Seat: q, Card: c})
	}
	return s.emit(ev...), nil
}

// Ssruu, the Yssaril agent: it has the ability of each other player's
// agent, exhausted or not (CopiesAgents): each is offered as its copy,
// "yssaril:ssruu/<agent>", and used by exhausting Ssruu.
func init() {
	define(&Ability{ID: "yssaril:ssruu", Since: RulesPoK, CopiesAgents: true})
}
