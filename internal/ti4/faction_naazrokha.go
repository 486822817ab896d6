package ti4

import (
	"slices"
	"strings"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// The Naaz-Rokha Alliance's components.

// Eidolon, the Naaz-Rokha mech (55): at the start of a space combat in
// which it is in the space area of the active system, its card flips to
// Z-Grav Eidolon: it fights in the combat as a ship, hitting on 8 with 2
// dice, and flips back when the combat ends.
func init() {
	define(&Ability{ID: "eidolon", Since: RulesMechs, ShipSide: combat.Roll{Hit: 8, Dice: 2}})
}

// Visz El Vir, the Naaz-Rokha flagship: the Naaz-Rokha's mechs in its
// system roll one die more in combat, space (Z-Grav Eidolon) or ground.
func init() {
	define(&Ability{ID: "visz_el_vir", Since: RulesPoK, MechDice: 1})
}

// mechDice is the dice more seat's mechs roll in the combat under way: a
// flagship of theirs in its system that gives them (Visz El Vir).
func (s *State) mechDice(seat int) int {
	c := s.Combat
	if c == nil || s.flagshipAt(s.System(c.System), hookMechDice) != seat {
		return 0
	}
	return s.unitAbility(seat, "flagship").MechDice
}

// Distant Suns, a Naaz-Rokha ability: exploring a planet with their mech,
// they draw two cards, resolve the one they choose and discard the other
// (35). The second card is drawn whenever it may be: the choice is theirs.
func init() {
	define(&Ability{ID: "naazrokha:distant_suns", Since: RulesPoK, ExploresTwo: true,
		Uses: []*Use{{At: ChooseExplored, Mandatory: true, Fields: "outcome", Options: distantSunsOptions, Resolve: distantSuns}}})
}

func distantSunsOptions(_ *State, _ int, st *Step) []Action {
	if st == nil {
		return nil
	}
	var out []Action
	for _, c := range st.Cards {
		out = append(out, Action{Outcome: c})
	}
	return out
}

func distantSuns(s *State, a Action, st *Step, rng *engine.RNG) ([]Event, error) {
	if st == nil || !slices.Contains(st.Cards, a.Outcome) {
		return nil, engine.Refuse("35.7", "one of the exploration cards drawn is resolved (outcome)")
	}
	return resolveHeld(s, a.Seat, st, a.Outcome, rng), nil
}

// The Naaz-Rokha's technologies.
func init() {
	// Pre-Fab Arcologies: after they explore a planet, it is readied.
	define(&Ability{ID: "pre_fab_arcologies", Since: RulesPoK, ReadyExplored: true})
	// Supercharge: at the start of a space or ground combat round, exhausted,
	// +1 to each of their combat rolls in that round.
	define(&Ability{ID: "supercharge", Since: RulesPoK, Uses: []*Use{
		{At: AtCombatRound, Exhaust: true, Options: superchargeOptions, Resolve: supercharge},
		{At: AtGroundRound, Exhaust: true, Options: superchargeOptions, Resolve: supercharge}}})
}

func superchargeOptions(s *State, seat int, _ *Step) []Action {
	if s.Combat == nil {
		return nil
	}
	return []Action{{}}
}

// supercharge gives seat's rolls +1 this round, as Morale Boost does
// (Combat.Boost).
func supercharge(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	n := *s.Combat
	n.Boost = append(slices.Clone(n.Boost), a.Seat)
	return s.emit(setCombat(&n, nil)), nil
}

// The Naaz-Rokha's abilities.
func init() {
	// Fabrication: as an action, 2 relic fragments of a kind purged for a
	// relic (outcome: the kind; unknown fragments count as any, 73.1), or
	// one for a command token (outcome "token:" and the fragment).
	define(&Ability{ID: "naazrokha:fabrication", Since: RulesPoK,
		Uses: []*Use{{At: AtAction, Fields: "outcome", Options: fabricationOptions, Resolve: fabrication}}})
}

func fabricationOptions(s *State, seat int, _ *Step) []Action {
	p := s.Players[seat]
	out := relicForTwoOptions(p)
	for i, f := range p.RelicFragments {
		if !slices.Contains(p.RelicFragments[:i], f) && s.CommandReinforcements(seat) > 0 {
			out = append(out, Action{Outcome: "token:" + f})
		}
	}
	return out
}

// relicForTwoOptions offers each kind of which p holds 2 fragments, for
// a relic (Fabrication, Black Market Forgery).
func relicForTwoOptions(p *Player) []Action {
	var out []Action
	for _, kind := range []string{"cultural", "hazardous", "industrial"} {
		if len(twoFragments(p, kind)) == 2 {
			out = append(out, Action{Outcome: kind})
		}
	}
	return out
}

// twoFragments picks the 2 fragments p purges for a relic of kind: that
// kind's first, then unknown ones.
func twoFragments(p *Player, kind string) []string {
	f := fragmentsFor(p, kind)
	return f[:min(len(f), 2)]
}

func fabrication(s *State, a Action, _ *Step, rng *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(fabricationOptions(s, a.Seat, nil), func(o Action) bool { return o.Outcome == a.Outcome }) {
		return nil, engine.Refuse("73.1", "Fabrication purges 2 relic fragments of one kind (outcome: the kind) or 1 for a command token (outcome token:<fragment>)")
	}
	if f, ok := strings.CutPrefix(a.Outcome, "token:"); ok {
		return s.emit(Event{Kind: EvFragmentsPurged, Seat: a.Seat, Extra: &Extra{Cards: []string{f}}},
			queue(Step{Kind: StepGainTokens, Seat: a.Seat, Card: a.Card, Need: 1})), nil
	}
	return relicForTwo(s, a.Seat, a.Outcome, rng), nil
}

// relicForTwo purges 2 of seat's fragments of kind and gains a relic.
func relicForTwo(s *State, seat int, kind string, rng *engine.RNG) []Event {
	ev := s.emit(Event{Kind: EvFragmentsPurged, Seat: seat, Extra: &Extra{Cards: twoFragments(s.Players[seat], kind)}})
	return s.extend(ev, gainRelic(s, seat, rng)...)
}

// Black Market Forgery, the Naaz-Rokha's note: as its holder's action, 2
// relic fragments of a kind purged for a relic (outcome: the kind); the
// note goes back.
func init() {
	defineNote("naazrokha:black_market_forgery", &promissoryNote{since: RulesPoK, moment: asAction, fields: "outcome",
		offer: forgeryOffer, roll: playAsActionRolled(blackMarketForgery)})
}

func forgeryOffer(s *State, seat int) []Action { return relicForTwoOptions(s.Players[seat]) }

func blackMarketForgery(s *State, a Action, _ int, rng *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(forgeryOffer(s, a.Seat), func(o Action) bool { return o.Outcome == a.Outcome }) {
		return nil, engine.Refuse("73.1", "Black Market Forgery purges 2 relic fragments of one kind (outcome: cultural, hazardous or industrial)")
	}
	ev := s.emit(Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card})
	return s.extend(ev, relicForTwo(s, a.Seat, a.Outcome, rng)...), nil
}

// Dart and Tai, the Naaz-Rokha's commander: after they gain control of a
// planet another player controlled (the window's Target), they may
// explore it (35).
func init() {
	define(&Ability{ID: "naazrokha:dart_and_tai", Since: RulesPoK,
		Uses: []*Use{{At: AfterGainPlanet, Options: dartAndTaiOptions, Resolve: dartAndTai}}})
}

func dartAndTaiOptions(s *State, _ int, st *Step) []Action {
	if st == nil || st.Target == nil || st.Planet == "" {
		return nil
	}
	if pl, _ := s.Planet(st.Planet); pl == nil || planetInfo(pl).Trait == "" {
		return nil // no trait, no deck to explore (35.1)
	}
	return []Action{{}}
}

func dartAndTai(s *State, a Action, st *Step, rng *engine.RNG) ([]Event, error) {
	if len(dartAndTaiOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("35.1", "Dart and Tai explore a planet just taken from another player")
	}
	return exploreNamed(s, a.Seat, st.Planet, rng)
}

// Garv and Gunn, the Naaz-Rokha agent: at the end of any player's turn,
// exhausted: that player explores a planet of theirs (planet; 35), which
// the Naaz-Rokha choose, as for T'ro's placement.
func init() {
	define(&Ability{ID: "naazrokha:garv_and_gunn", Since: RulesPoK,
		Uses: []*Use{{At: AfterAnyTurn, Exhaust: true, Fields: "planet", Options: garvOptions, Resolve: garvAndGunn}}})
}

func garvOptions(s *State, _ int, st *Step) []Action {
	if st == nil || st.Target == nil {
		return nil
	}
	var out []Action
	for _, pl := range s.ownPlanets(*st.Target) {
		if planetInfo(pl).Trait != "" {
			out = append(out, Action{Planet: pl.Name})
		}
	}
	return out
}

func garvAndGunn(s *State, a Action, st *Step, rng *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(garvOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet }) {
		return nil, engine.Refuse("35.1", "a planet with a trait that the player whose turn ended controls")
	}
	return exploreNamed(s, *st.Target, a.Planet, rng)
}

// Hesh and Prit, the Naaz-Rokha hero: as an action, a relic, then the
// secondary abilities of up to 2 strategy cards (cards) that are readied
// or not chosen, one after the other, each token they cost spent from
// reinforcements instead of the strategy pool (Strategic.Reserve). The
// hero is purged (51.12).
func init() {
	define(&Ability{ID: "naazrokha:hesh_and_prit", Since: RulesPoK,
		Uses: []*Use{{At: AtAction, Fields: "cards", Options: heshOptions, Resolve: heshAndPrit}}})
}

// readyStrategy reports a strategy card readied in a player's hands or
// not chosen this round.
func (s *State) readyStrategy(card string) bool {
	if slices.Contains(s.Strategy, card) {
		return true
	}
	for _, p := range s.Players {
		if slices.Contains(p.StrategyCards, card) && !slices.Contains(p.UsedStrategy, card) {
			return true
		}
	}
	return false
}

// heshOptions offers each ready card, and each pair of them.
func heshOptions(s *State, _ int, _ *Step) []Action {
	var ready []string
	for _, c := range strategyCards {
		if s.readyStrategy(c.id) {
			ready = append(ready, c.id)
		}
	}
	var out []Action
	for i, c := range ready {
		out = append(out, Action{ActionExtra: &ActionExtra{Cards: []string{c}}})
		for _, d := range ready[i+1:] {
			out = append(out, Action{ActionExtra: &ActionExtra{Cards: []string{c, d}}})
		}
	}
	return out
}

func heshAndPrit(s *State, a Action, _ *Step, rng *engine.RNG) ([]Event, error) {
	cards := a.extra().Cards
	if len(cards) == 0 || len(cards) > 2 || (len(cards) == 2 && cards[0] == cards[1]) {
		return nil, engine.BadInput("cards", "name 1 or 2 different strategy cards")
	}
	for _, c := range cards {
		if _, ok := initiativeOf(c); !ok || !s.readyStrategy(c) {
			return nil, engine.Refuse("51.12", "%s is not a strategy card that is readied or not chosen", c)
		}
	}
	ev := s.extend(gainRelic(s, a.Seat, rng), purgeHero(a.Seat))
	return s.extend(ev, beginReserved(s, a.Seat, cards)...), nil
}
