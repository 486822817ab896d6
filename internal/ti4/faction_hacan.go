package ti4

import (
	"slices"
	"strings"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Emirates of Hacan's abilities.
func init() {
	// Masters of Trade: the Trade card's secondary without a command token
	// (20.5).
	define(&Ability{ID: "hacan:masters_of_trade", Since: RulesFactions, FreeSecondaries: []string{"trade"}})
	// Guild Ships: transactions with players who are not neighbors (94.1).
	define(&Ability{ID: "hacan:guild_ships", Since: RulesFactions, Permits: PermitTradeAnyone})
	// Arbiters: action cards are exchanged in the Hacan's transactions
	// (94.3), on either side.
	define(&Ability{ID: "hacan:arbiters", Since: RulesFactions, Permits: PermitTradeActionCards})
}

// Trade Convoys, the Hacan's note: as its holder's action, into their play
// area, where it lets them trade with players who are not their neighbors
// (94.1; they do not become neighbors); it goes back when they activate a
// system with the Hacan's units.
func init() {
	defineNote("hacan:trade_convoys", &promissoryNote{since: RulesFactions, moment: asAction, play: playAsAction(intoPlayArea),
		permits: PermitTradeAnyone, activated: returnedOnActivation})
}

// Production Biomes, a Hacan technology: a component action, exhausting it
// and spending a strategy token, for 4 trade goods, and 2 for another
// player of the Hacan's choice.
func init() {
	define(&Ability{ID: "production_biomes", Since: RulesFactions,
		Uses: []*Use{{At: AtAction, Exhaust: true, Fields: "player", Options: biomesOptions, Resolve: productionBiomes}}})
}

func biomesOptions(s *State, seat int, _ *Step) []Action {
	if s.Players[seat].Strategy == 0 {
		return nil
	}
	var out []Action
	for _, q := range s.Active() {
		if q != seat {
			out = append(out, Action{ActionExtra: &ActionExtra{Player: ip(q)}})
		}
	}
	return out
}

func productionBiomes(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	if p.Strategy == 0 {
		return nil, engine.Refuse("1.11", "Production Biomes spends a token from the strategy pool, and yours is empty")
	}
	q, err := otherPlayer(s, a)
	if err != nil {
		return nil, err
	}
	return s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &Pools{p.Tactic, p.Fleet, p.Strategy - 1}},
		Event{Kind: EvTradeGoods, Seat: a.Seat, Count: 4}, Event{Kind: EvTradeGoods, Seat: q, Count: 2}), nil
}

// Quantum Datahub Node, a Hacan technology: at the end of the strategy
// phase the Hacan may spend a strategy token and give another player 3
// trade goods to swap one of their strategy cards for one of that
// player's (outcome "mine:theirs").
func init() {
	define(&Ability{ID: "quantum_datahub_node", Since: RulesFactions,
		Uses: []*Use{{At: AtStrategyEnd, Fields: "player outcome", Options: datahubOptions, Resolve: quantumDatahub}}})
}

func datahubOptions(s *State, seat int, _ *Step) []Action {
	p := s.Players[seat]
	if p.Strategy == 0 || p.TradeGoods < 3 {
		return nil
	}
	var out []Action
	for _, q := range s.Active() {
		if q == seat {
			continue
		}
		for _, mine := range p.StrategyCards {
			for _, theirs := range s.Players[q].StrategyCards {
				out = append(out, Action{Outcome: mine + ":" + theirs, ActionExtra: &ActionExtra{Player: ip(q)}})
			}
		}
	}
	return out
}

func quantumDatahub(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(datahubOptions(s, a.Seat, st), func(o Action) bool {
		return o.Outcome == a.Outcome && a.extra().Player != nil && *o.Player == *a.extra().Player
	}) {
		return nil, engine.Refuse("2.7", "swap a strategy card of yours (outcome mine:theirs) with one of another player's, with a strategy token and 3 trade goods")
	}
	q := *a.extra().Player
	mine, theirs, _ := strings.Cut(a.Outcome, ":")
	p := s.Players[a.Seat]
	return s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &Pools{p.Tactic, p.Fleet, p.Strategy - 1}},
		Event{Kind: EvTradeGoods, Seat: a.Seat, Count: -3}, Event{Kind: EvTradeGoods, Seat: q, Count: 3, Card: s.fromPlayer()},
		Event{Kind: EvStrategyGiven, Seat: a.Seat, Owner: q, Card: mine}, Event{Kind: EvStrategyGiven, Seat: q, Owner: a.Seat, Card: theirs}), nil
}

// Wrath of Kenara, the Hacan flagship: in a space combat in its system,
// after the Hacan roll, each of their dice may take +1 for a trade good
// (once a die). Only a die that the +1 makes hit is worth it, so the use
// names how many such dice to raise (count).
func init() {
	define(&Ability{ID: "wrath_of_kenara", Since: RulesPrinted, RaisesDice: true,
		Uses: []*Use{{At: AfterRolled, Fields: "count", Options: wrathOptions, Ready: wrathReady, Resolve: wrathOfKenara}}})
}

// wrathDice is seat's dice the flagship's +1 would make hit, while the
// flagship is in the combat's system.
func wrathDice(s *State, seat int) []int {
	c := s.Combat
	if c == nil || c.Kind != "space" || count(s.System(c.System).Space, seat, "flagship") == 0 {
		return nil
	}
	return myDice(c.x().Dice, seat, func(d Die) bool { return d.nearMiss() && d.Plus == 0 })
}

func wrathReady(s *State, seat int, _ *Step) bool {
	return s.Players[seat].TradeGoods > 0 && len(wrathDice(s, seat)) > 0
}

func wrathOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for k := 1; k <= min(s.Players[seat].TradeGoods, len(wrathDice(s, seat))); k++ {
		out = append(out, Action{Count: k})
	}
	return out
}

func wrathOfKenara(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	picks := wrathDice(s, a.Seat)
	switch {
	case len(picks) == 0:
		return nil, engine.Refuse("78.5", "no die of yours that +1 makes hit, with Wrath of Kenara in the combat's system")
	case a.Count < 1 || a.Count > len(picks):
		return nil, engine.Refuse("78.5", "raise between 1 and %d dice", len(picks))
	case a.Count > s.Players[a.Seat].TradeGoods:
		return nil, engine.Refuse("1.11", "each die raised costs a trade good; you have %d", s.Players[a.Seat].TradeGoods)
	}
	n := s.Combat.clone()
	dice := n.own().Dice
	for _, i := range picks[:a.Count] {
		dice[i].Plus++
	}
	nextDiceAsk(n)
	return s.emit(Event{Kind: EvTradeGoods, Seat: a.Seat, Count: -a.Count}, newCombat(n, nil)), nil
}

// The Emirates of Hacan's leaders (rules version 5).
func init() {
	// Carth of Golden Sands, agent: in the action phase, exhausted for 2
	// commodities of the Hacan's (to their limit, outcome "commodities"),
	// or to replenish another player's (player).
	define(&Ability{ID: "hacan:carth_of_golden_sands", Since: RulesLeaders,
		Uses: []*Use{{At: DuringActionPhase, Exhaust: true, Fields: "outcome player", Options: carthOptions, Resolve: carthOfGoldenSands}}})
	// Harrugh Gefhara, hero: while the Hacan pay for what they produce,
	// the units cost nothing this once; purged (51.12).
	define(&Ability{ID: "hacan:harrugh_gefhara", Since: RulesLeaders,
		Uses: []*Use{{At: WhileProducing, Options: one(Action{}), Resolve: galacticSecuritiesNet}}})
}

// carthGain is the commodities Carth of Golden Sands gives the Hacan.
const carthGain = 2

func carthOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	if p := s.Players[seat]; p.Commodities < commodityValue(p) {
		out = append(out, Action{Outcome: "commodities"})
	}
	for _, q := range s.Active() {
		if p := s.Players[q]; q != seat && p.Commodities < commodityValue(p) {
			out = append(out, Action{ActionExtra: &ActionExtra{Player: ip(q)}})
		}
	}
	return out
}

func carthOfGoldenSands(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(carthOptions(s, a.Seat, st), func(o Action) bool {
		return o.Outcome == a.Outcome && (o.extra().Player == nil) == (a.extra().Player == nil) &&
			(o.extra().Player == nil || *o.extra().Player == *a.extra().Player)
	}) {
		return nil, engine.Refuse("51.4", "Carth of Golden Sands gives you 2 commodities (outcome commodities) or replenishes another player's (player), below their limit")
	}
	if q := a.extra().Player; q != nil {
		p := s.Players[*q]
		return s.emit(append([]Event{{Kind: EvCommodities, Seat: *q, Count: commodityValue(p)}}, notesOnReplenish(s, *q, commodityValue(p))...)...), nil
	}
	p := s.Players[a.Seat]
	return s.emit(Event{Kind: EvCommodities, Seat: a.Seat, Count: min(commodityValue(p), p.Commodities+carthGain)}), nil
}

func galacticSecuritiesNet(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if _, _, _, err := s.production(a.Seat); err != nil {
		return nil, err
	}
	return s.emit(Event{Kind: EvDiscounted, Seat: a.Seat, Count: prodFree}, purgeHero(a.Seat)), nil
}

// prodFree is more than any production can cost: Harrugh Gefhara's
// discount covers the units produced after it too.
const prodFree = 1000

// Pride of Kenara, the Hacan mech (55): the card of its planet may be
// given in a transaction (94.3); the Hacan's units there then move to
// another planet they control.
func init() {
	define(&Ability{ID: "pride_of_kenara", Since: RulesMechs, TradesPlanet: true})
}

// The Emirates of Hacan's leaders from rules version 6.
func init() {
	// Gila the Silvertongue, commander: while casting votes the Hacan may
	// spend trade goods, 2 votes each (spend_tg in the ballot).
	define(&Ability{ID: "hacan:gila_the_silvertongue", Since: RulesMechs, VotesPerTG: 2})
}
