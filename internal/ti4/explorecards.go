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
	StepExplore = "exploration"         // Card: the exploration card; Planet: the planet explored
	ActExplore  = "resolve_exploration" // outcome: one of exploreOptions
)

// Options of the exploration step.
const (
	optDecline       = "decline"
	optPlace         = "place"           // Mercenary Outfit: an infantry on the planet
	optRemove        = "remove_infantry" // Core Mine, Expedition: pay with an infantry from the planet
	optGain          = "gain"            // commodities
	optConvert       = "convert"         // Abandoned Warehouses: up to 2 commodities to trade goods
	optDrawTG        = "draw_tg"         // Functioning Base: an action card for a trade good
	optDrawCommodity = "draw_commodity"  // or for a commodity
	optMechTG        = "mech_tg"         // Local Fabricators: a mech for a trade good
	optMechCommodity = "mech_commodity"  // or for a commodity
)

// exploreEffects are a planet's exploration card's consequences when it is
// drawn: its events if the explorer has no choice, else the queued step.
func exploreEffects(s *State, seat int, pl *Planet, card string) []Event {
	mech := count(pl.Units, seat, "mech") > 0
	switch {
	case card == "core_mine" && mech:
		return []Event{{Kind: EvTradeGoods, Seat: seat, Count: 1}}
	case card == "expedition" && mech:
		return []Event{{Kind: EvPlanetReadied, Seat: seat, Planet: pl.Name}}
	case card == "demilitarized_zone": // structures to reinforcements, ground forces up to space
		_, sys := s.Planet(pl.Name)
		var ev []Event
		for _, st := range pl.Units {
			ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Planet: pl.Name, Unit: st.Unit, Count: st.Count})
			if isGroundForce(st.Unit) {
				ev = append(ev, Event{Kind: EvUnitsPlaced, Seat: st.Owner, System: sys.Pos, Unit: st.Unit, Count: st.Count})
			}
		}
		return ev
	case card == "gamma_wormhole":
		_, sys := s.Planet(pl.Name)
		return []Event{{Kind: EvTokenPlaced, System: sys.Pos, Card: "gamma", Seat: None}}
	}
	st := Step{Kind: StepExplore, Seat: seat, Card: card, Planet: pl.Name}
	if opts := exploreChoices(s, &st, true); len(opts) > 1 || (len(opts) == 1 && opts[0] != optDecline) {
		return []Event{queue(st)}
	}
	return nil
}

// exploreOptions lists what the explorer may choose in st now. It is never
// empty: a card that can no longer do anything offers only to decline.
func exploreOptions(s *State, st *Step) []string { return exploreChoices(s, st, false) }

// exploreChoices is exploreOptions, taking the planet as the explorer's
// when gaining is set: the card is drawn as control is gained, before that
// is applied.
func exploreChoices(s *State, st *Step, gaining bool) []string {
	seat, p := st.Seat, s.Players[st.Seat]
	pl, _ := s.Planet(st.Planet)
	if pl == nil {
		return []string{optDecline}
	}
	mine := (gaining || pl.Controller == seat) && !demilitarized(pl)
	mech := count(pl.Units, seat, "mech") > 0
	infantry := count(pl.Units, seat, "infantry") > 0
	room := p.Commodities < commodityValue(p)
	var out []string
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
	pl, sys := s.Planet(st.Planet)
	on := func(kind, unit string) Event {
		return Event{Kind: kind, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: unit, Count: 1}
	}
	commodities := func(n int) Event { return Event{Kind: EvCommodities, Seat: a.Seat, Count: n} }
	var ev []Event
	switch a.Outcome {
	case optPlace:
		ev = append(ev, on(EvUnitsPlaced, "infantry"))
	case optRemove:
		ev = append(ev, on(EvUnitsRemoved, "infantry"))
		if st.Card == "core_mine" {
			ev = append(ev, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: 1})
		} else {
			ev = append(ev, Event{Kind: EvPlanetReadied, Seat: a.Seat, Planet: pl.Name})
		}
	case "tactic", "fleet", "strategy":
		if count(pl.Units, a.Seat, "mech") == 0 {
			ev = append(ev, on(EvUnitsRemoved, "infantry"))
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
		ev = append(ev, Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &after})
	case optGain:
		gain := 1
		if st.Card == "abandoned_warehouses" {
			gain = 2
		}
		ev = append(ev, commodities(min(commodityValue(p), p.Commodities+gain)))
	case optConvert:
		k := min(2, p.Commodities)
		ev = append(ev, commodities(p.Commodities-k), Event{Kind: EvTradeGoods, Seat: a.Seat, Count: k})
	case optDrawTG, optMechTG:
		ev = append(ev, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: -1})
	case optDrawCommodity, optMechCommodity:
		ev = append(ev, commodities(p.Commodities-1))
	}
	switch a.Outcome {
	case optDrawTG, optDrawCommodity:
		deck, discard := slices.Clone(s.Decks.ActionCards), slices.Clone(s.Decks.ActionDiscard)
		ev = append(ev, drawFrom(&deck, &discard, rng, a.Seat, "action", 1)...)
	case optMechTG, optMechCommodity:
		ev = append(ev, on(EvUnitsPlaced, "mech"))
	}
	return append(ev, Event{Kind: EvStepCleared, Seat: a.Seat}), nil
}
