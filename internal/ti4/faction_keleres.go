package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// The Council Keleres (Codex III), from rules version 8.
func init() {
	// The Tribuni: the home system of the Mentak, the Xxcha or the Argent
	// Flight, one not played, and the hero of that faction's (setup:
	// data homes_of and heroes, Player.HomeOf).
	define(&Ability{ID: "keleres:the_tribuni", Since: RulesKeleres})
	// Council Patronage: at the start of the strategy phase, commodities
	// replenished, then a trade good.
	define(&Ability{ID: "keleres:council_patronage", Since: RulesKeleres, AtStrategyStart: councilPatronage})
	// Law's Order: at the start of their turn, 1 influence spent makes
	// every law blank till the turn's end.
	define(&Ability{ID: "keleres:law_s_order", Since: RulesKeleres,
		Uses: []*Use{{At: AtStartOfTurn, OncePerTurn: true, Fields: "spend", Options: lawsOrderOptions, Resolve: lawsOrder}}})
	// Artemiris, their flagship: another player spends 2 influence to
	// activate its system.
	define(&Ability{ID: "artemiris", Since: RulesKeleres, ActivationToll: 2})
	// Omniopiares, their mech: another player spends 1 influence, for each,
	// to commit ground forces to its planet.
	define(&Ability{ID: "omniopiares", Since: RulesKeleres, CommitToll: 1})
}

func councilPatronage(s *State, seat int) []Event {
	n := commodityValue(s.Players[seat])
	ev := s.emit(Event{Kind: EvCommodities, Seat: seat, Count: n})
	ev = s.extend(ev, notesOnReplenish(s, seat, n)...)
	return s.extend(ev, Event{Kind: EvTradeGoods, Seat: seat, Count: 1})
}

// lawsOrderCost is what Law's Order costs, in influence.
const lawsOrderCost = 1

func lawsOrderOptions(s *State, seat int, _ *Step) []Action {
	if len(s.Laws) == 0 || s.LawsBlank {
		return nil
	}
	var out []Action
	for _, sp := range s.payments(seat, lawsOrderCost, true, 4) {
		out = append(out, Action{ActionExtra: &ActionExtra{Spend: sp}})
	}
	return out
}

func lawsOrder(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if len(s.Laws) == 0 || s.LawsBlank {
		return nil, engine.Refuse("7", "no law in play to make blank")
	}
	ev, err := s.pay(a.Seat, a.extra().Spend, lawsOrderCost, true)
	if err != nil {
		return nil, err
	}
	return s.extend(ev, Event{Kind: EvLawsBlanked, Seat: a.Seat}), nil
}

// Keleres Rider, the Keleres' note: after an agenda is revealed, before
// any vote, its holder predicts an outcome and casts no votes on it (8.22);
// the note goes back to the Keleres at once. A prediction come true draws
// an action card and gains 2 trade goods.
func init() {
	defineNote("keleres:keleres_rider", &promissoryNote{since: RulesKeleres, moment: riderMoment, fields: "outcome",
		offer: func(s *State, _ int) []Action { return outcomeChoices(s) }, play: keleresRider, predicted: keleresRiderPaid})
}

// riderMoment: an agenda revealed, no vote cast yet (its "when" and
// "after" windows).
func riderMoment(s *State, _ int) bool {
	ag := s.Agenda
	return s.Phase == PhaseAgenda && ag != nil && ag.Card != "" && (ag.Window == "" || ag.Window == "when" || ag.Window == "after") &&
		len(ag.Ballots) == 0 && !ag.Voting && ag.Outcome == ""
}

func keleresRider(s *State, a Action, _ int) ([]Event, error) {
	if !riderMoment(s, a.Seat) {
		return nil, engine.Refuse("8.22", "Keleres Rider is played after an agenda is revealed, before the votes")
	}
	if !slices.Contains(s.Outcomes(s.Agenda.Subject), a.Outcome) {
		return nil, engine.Refuse("8.22a", "predict one of this agenda's outcomes: %v", s.Outcomes(s.Agenda.Subject))
	}
	return s.emit(Event{Kind: EvRider, Seat: a.Seat, Card: a.Card, Extra: &Extra{Outcome: a.Outcome}},
		Event{Kind: EvSilenced, Seat: a.Seat}, Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}

func keleresRiderPaid(s *State, r Ballot, before []Event, rng *engine.RNG) []Event {
	deck, discard := actionDeckAfter(s, before)
	ev := drawACFrom(s, &deck, &discard, rng, r.Seat, 1)
	return s.extend(ev, Event{Kind: EvTradeGoods, Seat: r.Seat, Count: 2})
}

// Xander Alexin Victori III, the Keleres' agent: in the action phase,
// exhausted, a player of their choice may spend commodities as trade goods
// in their next payment that takes them (Player.CommodityGoods).
func init() {
	define(&Ability{ID: "keleres:xander_alexin_victori_iii", Since: RulesKeleres,
		Uses: []*Use{{At: DuringActionPhase, Exhaust: true, Fields: "player", Options: xanderOptions, Resolve: xander}}})
}

func xanderOptions(s *State, _ int, _ *Step) []Action {
	var out []Action
	for _, q := range s.Active() {
		if p := s.Players[q]; p.Commodities > 0 && !p.CommodityGoods {
			out = append(out, Action{ActionExtra: &ActionExtra{Player: ip(q)}})
		}
	}
	return out
}

func xander(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	q := a.extra().Player
	if q == nil || !slices.ContainsFunc(xanderOptions(s, a.Seat, st), func(o Action) bool { return *o.extra().Player == *q }) {
		return nil, engine.Refuse("51.4", "a player in the game with commodities, not yet let spend them")
	}
	return s.emit(Event{Kind: EvCommodityGoods, Seat: *q, Count: 1}), nil
}

// Suffi An, the Keleres' commander: after a component action of theirs,
// one action more in the turn. Unlocked by a trade good paid after they
// play an action card that has a component action (StepUnlockDeed).
func init() {
	define(&Ability{ID: "keleres:suffi_an", Since: RulesKeleres, AfterComponent: true})
}

// The Keleres' heroes, one for the home taken (The Tribuni), each purged
// once used (51.12).
func init() {
	// Harka Leeds (the Mentak's home): as an action, action cards are
	// revealed from the deck till 3 with component actions are, which
	// they draw; the rest are shuffled back into the deck.
	define(&Ability{ID: "keleres:harka_leeds", Since: RulesKeleres,
		Uses: []*Use{{At: AtAction, Options: one(Action{}), Resolve: harkaLeeds}}})
	// Kuuasi Aun Jalatai (the Argent's home): at the start of a round of
	// a space combat they fight in a system with a planet of theirs, their
	// flagship and up to 2 cruisers or destroyers from reinforcements are
	// placed there.
	define(&Ability{ID: "keleres:kuuasi_aun_jalatai", Since: RulesKeleres,
		Uses: []*Use{{At: AtCombatRound, Fields: "units", Options: kuuasiOptions, Resolve: kuuasi}}})
	// Odlynn Myrr (the Xxcha's home): after an agenda is revealed, up to 6
	// votes more cast with their ballot, and an outcome predicted; as the
	// agenda resolves, whatever its outcome, a trade good and a command
	// token for each other player who abstained or voted otherwise.
	define(&Ability{ID: "keleres:odlynn_myrr", Since: RulesKeleres, Predicted: odlynnPaid, PredictionPays: true,
		Uses: []*Use{{At: WhenAgendaRevealed, Fields: "outcome count", Options: odlynnOptions, Resolve: odlynn}}})
}

// harkaCards is how many action cards with component actions Harka Leeds
// draws.
const harkaCards = 3

func harkaLeeds(s *State, a Action, _ *Step, rng *engine.RNG) ([]Event, error) {
	deck, discard := slices.Clone(s.Decks.ActionCards), s.Decks.ActionDiscard
	reshuffled := false
	var found, rest []string
	i := 0
	for ; len(found) < harkaCards; i++ {
		if i == len(deck) { // the deck runs out: the discard pile is shuffled in (2.5)
			if len(discard) == 0 || reshuffled {
				break
			}
			more := slices.Clone(discard)
			shuffle(rng, more)
			deck, reshuffled = append(deck, more...), true
		}
		if c := actionCards[deck[i]]; c != nil && c.action {
			found = append(found, deck[i])
		} else {
			rest = append(rest, deck[i])
		}
	}
	rest = append(rest, deck[i:]...)
	shuffle(rng, rest)
	set := Event{Kind: EvActionDeckSet, Count: btoi(reshuffled), Extra: &Extra{NewDeck: append(slices.Clone(found), rest...)}}
	draw := Event{Kind: EvCardsDrawn, Seat: a.Seat, Deck: "action"}
	draw.more().Cards = found
	return s.emit(set, draw, purgeHero(a.Seat)), nil
}

// kuuasiEscorts is how many cruisers or destroyers Kuuasi Aun Jalatai
// places with the flagship.
const kuuasiEscorts = 2

func kuuasiOptions(s *State, seat int, _ *Step) []Action {
	c := s.Combat
	if c == nil || c.Kind != "space" || (c.Attacker != seat && c.Defender != seat) || s.Reinforcements(seat, "flagship") == 0 {
		return nil
	}
	sys := s.System(c.System)
	if !slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return pl.Controller == seat }) {
		return nil
	}
	cr, de := min(s.Reinforcements(seat, "cruiser"), kuuasiEscorts), min(s.Reinforcements(seat, "destroyer"), kuuasiEscorts)
	var out []Action
	for i := 0; i <= cr; i++ {
		for j := 0; i+j <= kuuasiEscorts && j <= de; j++ {
			units := []UnitRef{{System: sys.Pos, Unit: "flagship"}}
			for range i {
				units = append(units, UnitRef{System: sys.Pos, Unit: "cruiser"})
			}
			for range j {
				units = append(units, UnitRef{System: sys.Pos, Unit: "destroyer"})
			}
			out = append(out, Action{ActionExtra: &ActionExtra{Units: units}})
		}
	}
	return out
}

func kuuasi(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	want := a.extra().Units
	if !slices.ContainsFunc(kuuasiOptions(s, a.Seat, st), func(o Action) bool { return slices.Equal(o.extra().Units, want) }) {
		return nil, engine.Refuse("51.12", "the flagship, then up to %d cruisers or destroyers (cruisers first) from reinforcements, in a space combat you fight where you control a planet", kuuasiEscorts)
	}
	var ev []Event
	for _, u := range want {
		ev = s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: u.System, Unit: u.Unit, Count: 1})
	}
	return s.extend(ev, purgeHero(a.Seat)), nil
}

// odlynnVotes is how many votes more Odlynn Myrr casts, at most.
const odlynnVotes = 6

func odlynnOptions(s *State, _ int, _ *Step) []Action {
	if s.Agenda == nil || s.Agenda.Card == "" {
		return nil
	}
	var out []Action
	for _, o := range outcomeChoices(s) {
		o.Count = odlynnVotes
		out = append(out, o)
	}
	return out
}

func odlynn(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if a.Count < 0 || a.Count > odlynnVotes || !slices.ContainsFunc(odlynnOptions(s, a.Seat, st), func(o Action) bool { return o.Outcome == a.Outcome }) {
		return nil, engine.Refuse("8.22", "predict one of this agenda's outcomes, with up to %d votes more", odlynnVotes)
	}
	return s.emit(Event{Kind: EvRider, Seat: a.Seat, Card: a.Card, Count: a.Count, Extra: &Extra{Outcome: a.Outcome}}, purgeHero(a.Seat)), nil
}

// odlynnPaid: a trade good and a command token for each other player in
// the game who did not vote for the outcome predicted.
func odlynnPaid(s *State, r Ballot, ag *AgendaStep) []Event {
	n := 0
	for _, q := range s.Active() {
		if q != r.Seat && !slices.ContainsFunc(ag.Ballots, func(b Ballot) bool { return b.Seat == q && b.Outcome == r.Outcome }) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	ev := s.emit(Event{Kind: EvTradeGoods, Seat: r.Seat, Count: n})
	if k := min(n, s.CommandReinforcements(r.Seat)); k > 0 {
		ev = s.extend(ev, queue(Step{Kind: StepGainTokens, Seat: r.Seat, Card: r.Card, Need: k}))
	}
	return ev
}

// I.I.H.Q. Modernization, a Keleres technology: its owner gains the planet
// card Custodia Vigilia (2 resources, 3 influence, legendary), held off
// the board and never lost. Its ability: while they control Mecatol Rex,
// the planet has Space Cannon 5 and Production 3 for them; they gain 2
// command tokens whenever another player gains Imperial's point for
// Mecatol Rex. With the technology they are neighbors of every player
// with units or planets in or next to the Mecatol Rex system.
func init() {
	define(&Ability{ID: "iihq_modernization", Since: RulesCodex, CardPlanet: "Custodia Vigilia",
		MecatolCannon: combat.Roll{Hit: 5, Dice: 1}, MecatolProduction: 3, ImperialTokens: 2, NearMecatol: true})
}

// Agency Supply Network, a Keleres technology: after their units produce
// in a tactical action, another system's units of theirs with Production
// produce too, to that system's limit; that production calls for no more.
func init() {
	define(&Ability{ID: "agency_supply_network", Since: RulesKeleres,
		Uses: []*Use{{At: AfterProduction, Fields: "system", Options: supplyOptions, Resolve: agencySupply}}})
}

func supplyOptions(s *State, seat int, st *Step) []Action {
	if st == nil || len(st.Systems) == 0 {
		return nil
	}
	var out []Action
	for _, sys := range s.Systems {
		if sys.Pos != st.Systems[0] && s.productionLimit(seat, sys) > 0 {
			out = append(out, Action{System: ip(sys.Pos)})
		}
	}
	return out
}

func agencySupply(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if a.System == nil || !slices.ContainsFunc(supplyOptions(s, a.Seat, st), func(o Action) bool { return *o.System == *a.System }) {
		return nil, engine.Refuse("67", "another system where units of yours have Production")
	}
	sys := s.System(*a.System)
	return s.emit(queue(Step{Kind: StepFreelance, Seat: a.Seat, Card: a.Card, Systems: []int{sys.Pos}, Prod: &Production{},
		Need: s.productionLimit(a.Seat, sys), ResourcesOnly: true})), nil
}
