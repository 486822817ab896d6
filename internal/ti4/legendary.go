package ti4

import (
	"cmp"
	"maps"
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// Legendary planets (LRR 53): each has an ability card that goes with
// control of the planet (53.2); a card taken from another player keeps its
// exhausted state (53.2b), and one that comes back from the deck is ready.
// Every ability is used by exhausting the card at the end of its holder's
// turn, in a relic step (`use_relic` with the ability's id as card).

const (
	EvLegendaryExhausted = "legendary_ability_exhausted" // Planet: its ability card
	EvEndOfTurnAsked     = "end_of_turn_asked"           // the legendary abilities of the turn just ended are offered
)

// legendaryAbility is each legendary planet's ability card.
var legendaryAbility = map[string]string{
	"Primor":     "the_atrament",          // up to 2 infantry on a planet of the player's
	"Hope's End": "imperial_arms_vault",   // a mech on a planet of the player's, or an action card
	"Mallice":    "exterrix_headquarters", // 2 trade goods, or every commodity converted
	Mirage:       "mirage_flight_academy", // up to 2 fighters in a system with the player's ships
}

// legendaryPlanets are legendaryAbility's planets, listed once: ranging
// over a map at every turn's end costs more than the lookups.
var legendaryPlanets = slices.Sorted(maps.Keys(legendaryAbility))

// readyLegendary lists the legendary planets seat controls whose ability
// cards are ready, in board order. It runs at every turn's end, so it
// looks the few legendary planets up by name instead of reading the board.
func (s *State) readyLegendary(seat int) []string {
	var out []string
	for _, name := range legendaryPlanets {
		if pl, _ := s.indexed(name); pl != nil && pl.Controller == seat && !slices.Contains(s.LegendaryExhausted, name) {
			out = append(out, name)
		}
	}
	slices.SortFunc(out, func(a, b string) int { // board order: by system, then planet
		x, y := s.planetIdx[a], s.planetIdx[b]
		return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1]))
	})
	return out
}

// legendaryFollowUps offers, once a turn has ended, each ready legendary
// ability of the player whose turn it was.
func legendaryFollowUps(s *State) []Event {
	if s.EndOfTurn == nil {
		return nil
	}
	seat := *s.EndOfTurn
	ev := s.emit(Event{Kind: EvEndOfTurnAsked, Seat: seat})
	p := s.Player(seat)
	if p == nil || p.Eliminated {
		return ev
	}
	// A second action in the turn (Fleet Logistics): the turn goes on,
	// and its end comes after that action.
	if id := s.secondAction(seat); id != "" && s.SecondBy != id && !p.Passed && s.Phase == PhaseAction {
		return s.extend(ev, Event{Kind: EvExtraAction, Seat: seat, Card: id})
	}
	for _, pl := range s.readyLegendary(seat) {
		ev = s.extend(ev, queue(Step{Kind: StepRelic, Seat: seat, Card: legendaryAbility[pl], Planet: pl}))
	}
	return s.extend(ev, abilityWindows(s, seat, AtEndOfTurn, Step{})...)
}

// legendaryOptions are the uses of a legendary ability in st.
func legendaryOptions(s *State, seat int, st *Step, add func(Action)) {
	use := func(a Action) { a.Kind, a.Card, a.Use = ActUseRelic, st.Card, true; add(a) }
	switch st.Card {
	case "the_atrament", "imperial_arms_vault":
		for _, pl := range s.ownPlanets(seat) {
			if unitsBarred(pl) {
				continue
			}
			if st.Card == "imperial_arms_vault" {
				use(Action{Outcome: "mech", Planet: pl.Name})
				continue
			}
			for n := 1; n <= 2; n++ {
				use(Action{Planet: pl.Name, Count: n})
			}
		}
		if st.Card == "imperial_arms_vault" {
			use(Action{Outcome: "draw"})
		}
	case "exterrix_headquarters":
		use(Action{Outcome: "gain"})
		use(Action{Outcome: "convert"})
	case "mirage_flight_academy":
		for _, sys := range s.Systems {
			if hasShips(sys, seat) {
				for n := 1; n <= 2; n++ {
					use(Action{System: ip(sys.Pos), Count: n})
				}
			}
		}
	}
}

// decideLegendary resolves a use of the legendary ability in st.
func decideLegendary(s *State, a Action, st *Step, rng *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	ev := s.emit(Event{Kind: EvLegendaryExhausted, Seat: a.Seat, Planet: st.Planet}, Event{Kind: EvStepCleared, Seat: a.Seat})
	refuse := func() ([]Event, error) {
		return nil, engine.Refuse("53.3", "%s cannot be used that way now", st.Card)
	}
	own := func() (*Planet, *System, bool) {
		pl, sys := s.Planet(a.Planet)
		return pl, sys, pl != nil && pl.Controller == a.Seat && !unitsBarred(pl)
	}
	switch {
	case st.Card == "the_atrament":
		pl, sys, ok := own()
		if !ok || a.Count < 1 || a.Count > 2 || s.Reinforcements(a.Seat, "infantry") < a.Count {
			return refuse()
		}
		return s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: a.Count}), nil
	case st.Card == "imperial_arms_vault" && a.Outcome == "mech":
		pl, sys, ok := own()
		if !ok || s.Reinforcements(a.Seat, "mech") == 0 {
			return refuse()
		}
		return s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "mech", Count: 1}), nil
	case st.Card == "imperial_arms_vault" && a.Outcome == "draw":
		return s.extend(ev, drawActionCards(s, a.Seat, 1, rng)...), nil
	case st.Card == "exterrix_headquarters" && a.Outcome == "gain":
		return s.extend(ev, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: 2}), nil
	case st.Card == "exterrix_headquarters" && a.Outcome == "convert":
		return s.extend(ev, Event{Kind: EvCommodities, Seat: a.Seat, Count: 0}, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: p.Commodities, Card: s.converted()}), nil
	case st.Card == "mirage_flight_academy":
		sys, _, err := where(s, a.System, "", "system")
		if err != nil {
			return nil, err
		}
		if !hasShips(sys, a.Seat) || a.Count < 1 || a.Count > 2 {
			return refuse()
		}
		return s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Unit: "fighter", Count: a.Count}), nil
	}
	return refuse()
}

func applyLegendary(s *State, e *Event) bool {
	switch e.Kind {
	case EvLegendaryExhausted:
		s.LegendaryExhausted = append(slices.Clip(s.LegendaryExhausted), e.Planet)
	case EvEndOfTurnAsked:
		s.EndOfTurn = nil
	default:
		return false
	}
	return true
}
