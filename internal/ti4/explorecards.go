package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// Exploration cards' abilities (LRR 35.7): what a planet's card does once
// drawn. A card that leaves its explorer no choice resolves at once; one
// that does opens a step, queued with the other choices, in which the
// explorer picks an option (`resolve_exploration`, `outcome`).

const (
	Mirage        = "Mirage"                 // the planet the Mirage card places (a token, on no tile)
	EvPlanetAdded = "planet_added"           // a planet token placed in a system
	EvPlayPurged  = "play_area_card_purged"  // a card in a player's play area purged (Enigmatic Device)
	StepFreelance = "freelancers_production" // Freelancers: one unit in Systems[0], influence counting as resources
	StepExplore   = "exploration"            // Card: the exploration card; Planet: the planet explored
	ActExplore    = "resolve_exploration"    // outcome: one of exploreOptions
)

// Options of the exploration step.
const (
	optDecline       = "decline"
	optPlace         = "place"           // Mercenary Outfit: an infantry on the planet
	optRemove        = "remove_infantry" // Core Mine, Expedition: pay with an infantry from the planet
	optGain          = "gain"            // commodities
	optConvert       = "convert"         // Abandoned Warehouses: up to 2 commodities to trade goods
	optReplenish     = "replenish"       // Merchant Station: commodities up to the faction's value
	optDrawTG        = "draw_tg"         // Functioning Base: an action card for a trade good
	optDrawCommodity = "draw_commodity"  // or for a commodity
	optMechTG        = "mech_tg"         // Local Fabricators: a mech for a trade good
	optMechCommodity = "mech_commodity"  // or for a commodity
)

// effects are an exploration card's consequences when it is drawn for a
// planet (pl) or the frontier token (pl nil) in the system at pos: its
// events if the explorer has no choice, else the queued step.
func (x *explorer) effects(seat, pos int, pl *Planet, card string) []Event {
	s := x.s
	mech := pl != nil && count(pl.Units, seat, "mech") > 0
	switch {
	case card == "core_mine" && mech:
		return s.emit(Event{Kind: EvTradeGoods, Seat: seat, Count: 1})
	case card == "expedition" && mech:
		return s.emit(Event{Kind: EvPlanetReadied, Seat: seat, Planet: pl.Name})
	case card == "demilitarized_zone": // structures to reinforcements, ground forces up to space
		var ev []Event
		for _, st := range pl.Units {
			ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: pos, Planet: pl.Name, Unit: st.Unit, Count: st.Count})
			if isGroundForce(st.Unit) {
				ev = s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: st.Owner, System: pos, Unit: st.Unit, Count: st.Count})
			}
		}
		return ev
	case card == "gamma_wormhole" || card == "gamma_relay":
		return s.emit(Event{Kind: EvTokenPlaced, System: pos, Card: "gamma", Seat: None})
	case card == "derelict_vessel":
		return drawSecret(s, seat, x.rng)
	case card == "lost_crew":
		return drawActionCards(s, seat, 2, x.rng)
	case card == "freelancers": // a production of one unit, which the explorer may decline with done
		return s.emit(queue(Step{Kind: StepFreelance, Seat: seat, Card: card, Systems: []int{pos}, Prod: &Production{}}))
	case card == "mirage": // the planet is placed, gained readied, and explored (35.1)
		m := &Planet{Name: Mirage, Controller: None}
		g := gain(s, x, seat, pos, m)
		ev := s.emit(Event{Kind: EvPlanetAdded, Seat: None, System: pos, Planet: Mirage}, g[0])
		ev = s.extend(ev, Event{Kind: EvPlanetReadied, Seat: seat, Planet: Mirage})
		return s.extend(ev, g[1:]...)
	}
	st := Step{Kind: StepExplore, Seat: seat, Card: card, Systems: []int{pos}}
	if pl != nil {
		st.Planet = pl.Name
	}
	if opts := exploreChoices(s, &st, true); len(opts) > 1 || (len(opts) == 1 && opts[0] != optDecline) {
		return s.emit(queue(st))
	}
	return nil
}

// hasFrontier reports a frontier token in sys (38).
func hasFrontier(sys *System) bool {
	return slices.ContainsFunc(sys.Tokens, func(t Token) bool { return t.Kind == "frontier" })
}

// shipsInOrNextTo reports seat's ships in the system at pos or in one
// adjacent to it.
func (s *State) shipsInOrNextTo(seat, pos int) bool {
	return hasShips(s.System(pos), seat) ||
		slices.ContainsFunc(s.galaxy.Neighbors(pos, s.Wormholes), func(p int) bool { return hasShips(s.System(p), seat) })
}

// exploreFrontier is seat exploring the frontier token at pos (35.4-35.6):
// the card drawn, and its consequences.
func exploreFrontier(s *State, seat, pos int, rng *engine.RNG) []Event {
	x := newExplorer(s, rng)
	e, ok := x.exploreFrontier(seat, pos)
	if !ok {
		return nil // both the deck and its discard pile are empty
	}
	return s.extend(s.emit(e), x.effects(seat, pos, nil, e.Card)...)
}

// exploreOptions lists what the explorer may choose in st now. It is never
// empty: a card that can no longer do anything offers only to decline.
func exploreOptions(s *State, st *Step) []string { return exploreChoices(s, st, false) }

// exploreChoices is exploreOptions, taking the planet as the explorer's
// when gaining is set: the card is drawn as control is gained, before that
// is applied.
func exploreChoices(s *State, st *Step, gaining bool) []string {
	seat, p := st.Seat, s.Players[st.Seat]
	room := p.Commodities < commodityValue(p)
	var out []string
	switch st.Card { // the frontier's cards, which have no planet
	case "merchant_station":
		if room {
			out = append(out, optReplenish)
		}
		if p.Commodities > 0 {
			out = append(out, optConvert)
		}
		return append(out, optDecline)
	case "ion_storm": // the side the token shows; not optional
		return []string{"alpha", "beta"}
	}
	pl, _ := s.Planet(st.Planet)
	if pl == nil {
		return []string{optDecline}
	}
	mine := (gaining || pl.Controller == seat) && !demilitarized(pl)
	mech := count(pl.Units, seat, "mech") > 0
	infantry := count(pl.Units, seat, "infantry") > 0
	switch st.Card {
	case "mercenary_outfit":
		if mine && s.Reinforcements(seat, "infantry") > 0 {
			out = append(out, optPlace)
		}
	case "core_mine", "expedition":
		if infantry {
			out = append(out, optRemove)
		}
	case "volatile_fuel_source": // the option is the pool the token goes to
		if (mech || infantry) && s.CommandReinforcements(seat) > 0 {
			out = append(out, "tactic", "fleet", "strategy")
		}
		if mech && len(out) > 0 {
			return out // with a mech there the token is not optional
		}
	case "abandoned_warehouses":
		if room {
			out = append(out, optGain)
		}
		if p.Commodities > 0 {
			out = append(out, optConvert)
		}
	case "functioning_base", "local_fabricators":
		if room {
			out = append(out, optGain)
		}
		draw := st.Card == "functioning_base" && len(s.Decks.ActionCards)+len(s.Decks.ActionDiscard) > 0
		mechs := st.Card == "local_fabricators" && mine && s.Reinforcements(seat, "mech") > 0
		if draw && p.TradeGoods > 0 {
			out = append(out, optDrawTG)
		}
		if draw && p.Commodities > 0 {
			out = append(out, optDrawCommodity)
		}
		if mechs && p.TradeGoods > 0 {
			out = append(out, optMechTG)
		}
		if mechs && p.Commodities > 0 {
			out = append(out, optMechCommodity)
		}
	}
	return append(out, optDecline)
}

func decideExplore(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepExplore)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(exploreOptions(s, st), a.Outcome) {
		return nil, engine.Refuse("35.7", "%s cannot do %q now; it offers %v", st.Card, a.Outcome, exploreOptions(s, st))
	}
	p := s.Players[a.Seat]
	pos := st.Systems[0]
	on := func(kind, unit string) Event {
		return Event{Kind: kind, Seat: a.Seat, System: pos, Planet: st.Planet, Unit: unit, Count: 1}
	}
	commodities := func(n int) Event { return Event{Kind: EvCommodities, Seat: a.Seat, Count: n} }
	var ev []Event
	switch a.Outcome {
	case optPlace:
		ev = s.extend(ev, on(EvUnitsPlaced, "infantry"))
	case optRemove:
		ev = s.extend(ev, on(EvUnitsRemoved, "infantry"))
		if st.Card == "core_mine" {
			ev = s.extend(ev, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: 1})
		} else {
			ev = s.extend(ev, Event{Kind: EvPlanetReadied, Seat: a.Seat, Planet: st.Planet})
		}
	case "alpha", "beta":
		ev = s.extend(ev, Event{Kind: EvTokenPlaced, System: pos, Card: a.Outcome, Seat: None})
	case optReplenish:
		ev = s.extend(ev, commodities(commodityValue(p)))
	case "tactic", "fleet", "strategy":
		if pl, _ := s.Planet(st.Planet); count(pl.Units, a.Seat, "mech") == 0 {
			ev = s.extend(ev, on(EvUnitsRemoved, "infantry"))
		}
		after := Pools{p.Tactic, p.Fleet, p.Strategy}
		switch a.Outcome {
		case "tactic":
			after.Tactic++
		case "fleet":
			after.Fleet++
		default:
			after.Strategy++
		}
		ev = s.extend(ev, Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &after})
	case optGain:
		gain := 1
		if st.Card == "abandoned_warehouses" {
			gain = 2
		}
		ev = s.extend(ev, commodities(min(commodityValue(p), p.Commodities+gain)))
	case optConvert:
		k := p.Commodities
		if st.Card == "abandoned_warehouses" {
			k = min(2, k)
		}
		ev = s.extend(ev, commodities(p.Commodities-k), Event{Kind: EvTradeGoods, Seat: a.Seat, Count: k})
	case optDrawTG, optMechTG:
		ev = s.extend(ev, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: -1})
	case optDrawCommodity, optMechCommodity:
		ev = s.extend(ev, commodities(p.Commodities-1))
	}
	switch a.Outcome {
	case optDrawTG, optDrawCommodity:
		ev = s.extend(ev, drawActionCards(s, a.Seat, 1, rng)...)
	case optMechTG, optMechCommodity:
		ev = s.extend(ev, on(EvUnitsPlaced, "mech"))
	}
	return s.extend(ev, Event{Kind: EvStepCleared, Seat: a.Seat}), nil
}

// Enigmatic Device, in its explorer's play area: as a component action,
// purged to research a technology for 6 resources.
const enigmaticCost = 6

// Enigmatic Device's research: its price, any technology.
func init() { researchBy["enigmatic_device"] = researchTerms{cost: enigmaticCost} }

func init() {
	RegisterComponent("enigmatic_device", Component{
		Available: func(s *State, seat int) error {
			if !slices.Contains(s.Players[seat].PlayArea, "enigmatic_device") {
				return engine.Refuse("35.7", "Enigmatic Device is not in your play area")
			}
			if s.spendable(seat) < enigmaticCost {
				return engine.Refuse("35.7", "Enigmatic Device's research costs %d resources; %d can be spent", enigmaticCost, s.spendable(seat))
			}
			return nil
		},
		Resolve: func(s *State, seat int, _ *engine.RNG) []Event {
			return s.emit(Event{Kind: EvPlayPurged, Seat: seat, Card: "enigmatic_device"}, step(StepResearch, seat, "enigmatic_device", false))
		},
	})
}

func applyPlayPurged(s *State, e Event) {
	p := s.Players[e.Seat]
	i := slices.Index(p.PlayArea, e.Card)
	p.PlayArea = slices.Delete(slices.Clone(p.PlayArea), i, i+1)
	s.Decks.Purged = append(s.Decks.Purged, e.Card)
}

// addPlanet puts a planet token in a system (Mirage), uncontrolled.
func addPlanet(s *State, e Event) {
	sys := s.System(e.System)
	sys.Planets = append(slices.Clip(sys.Planets), &Planet{Name: e.Planet, Controller: None})
	s.index()
}

// exploredTo are the cards that stay in play once explored, and where:
// Ion Storm in the common play area, Enigmatic Device in its explorer's.
var exploredTo = map[string]string{"ion_storm": "common", "enigmatic_device": "player"}

// fragmentsOfKind are the relic fragments that count as kind (73.1): its
// own, then unknown ones, which count as any kind.
func fragmentsOfKind(kind string) []string {
	return []string{kind + "_relic_fragment", "unknown_relic_fragment"}
}
