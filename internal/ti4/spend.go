package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Costs paid within the action that incurs them (an ability's "spend 2
// influence"): the action names the planets it exhausts and the trade
// goods it spends.

// pay checks a payment of cost in influence (or resources) by seat and
// returns its events. Each planet is seat's, readied, and named once;
// nothing named may be left over unneeded (a planet or trade good that
// the rest already covers is refused, so that no payment wastes what a
// player would keep).
func (s *State) pay(seat int, sp *Spend, cost int, influence bool) ([]Event, error) {
	if sp == nil {
		sp = &Spend{}
	}
	what := "resources"
	if influence {
		what = "influence"
	}
	if sp.TradeGoods < 0 || sp.TradeGoods > s.goods(seat) {
		return nil, engine.Refuse("47.3", "spend between 0 and the %d trade goods you have", s.goods(seat))
	}
	if len(sp.Planets) > len(s.Systems)*3 {
		return nil, engine.BadInput("spend", "%d planets named: more than the board holds", len(sp.Planets))
	}
	var ev []Event
	worth := s.tgWorth(seat)
	total, least := sp.TradeGoods*worth, cost
	for i, name := range sp.Planets {
		pl, _, err := findPlanet(s, name)
		if err != nil {
			return nil, err
		}
		if pl.Controller != seat || pl.Exhausted || slices.Contains(sp.Planets[:i], name) {
			return nil, engine.Refuse("34.4", "exhaust readied planets you control, each once: %s is not one", name)
		}
		v := s.exhaustWorth(seat, pl, influence)
		total += v
		least = min(least, v)
		ev = append(ev, Event{Kind: EvPlanetExhausted, Seat: seat, Planet: pl.Name})
	}
	if total < cost {
		return nil, engine.Refuse("47.3", "%d %s paid of the %d this costs", total, what, cost)
	}
	if excess := total - cost; (sp.TradeGoods > 0 && excess >= worth) || (len(sp.Planets) > 0 && excess >= least && least > 0) {
		return nil, engine.Refuse("47.3", "%d %s paid of the %d this costs: leave out what is not needed", total, what, cost)
	}
	if sp.TradeGoods > 0 {
		ev = append(ev, s.spendGoods(seat, sp.TradeGoods)...)
	}
	return s.emit(ev...), nil
}

// goods is what seat may spend as trade goods: theirs, and their
// commodities while an ability lets them (Player.CommodityGoods).
func (s *State) goods(seat int) int {
	p := s.Players[seat]
	if p.CommodityGoods {
		return p.TradeGoods + p.Commodities
	}
	return p.TradeGoods
}

// spendGoods is seat spending n of its goods: trade goods first, then
// commodities, which uses the leave up (EvCommodityGoods).
func (s *State) spendGoods(seat, n int) []Event {
	p := s.Players[seat]
	if n <= p.TradeGoods {
		return []Event{{Kind: EvTradeGoods, Seat: seat, Count: -n}}
	}
	return []Event{{Kind: EvTradeGoods, Seat: seat, Count: -p.TradeGoods},
		{Kind: EvCommodities, Seat: seat, Count: p.Commodities - (n - p.TradeGoods)}, {Kind: EvCommodityGoods, Seat: seat}}
}

// exhaustWorth is what seat's planet pays exhausted, in influence or
// resources: both values at once for a player whose ability combines them
// (Xxekir Grom).
func (s *State) exhaustWorth(seat int, pl *Planet, influence bool) int {
	v := planetInfo(pl)
	switch {
	case s.combines(seat):
		return v.Resources + v.Influence
	case influence:
		return v.Influence
	}
	return v.Resources
}

// combines reports that seat's planets exhausted pay their resources and
// influence combined, as either.
func (s *State) combines(seat int) bool {
	return seat >= 0 && seat < len(s.Players) && s.rules() >= RulesPoK && s.has(seat, hookCombinedValues)
}

func hookCombinedValues(a *Ability) bool { return a.CombinedValues }

// payments are the ways seat can pay cost without waste, as pay accepts
// them: readied planets, in board order, then trade goods for the rest;
// at most limit of them.
func (s *State) payments(seat, cost int, influence bool, limit int) []*Spend {
	var ready []*Planet
	s.controlled(seat, func(pl *Planet, _ *System, _ *data.Planet) bool {
		if !pl.Exhausted && s.exhaustWorth(seat, pl, influence) > 0 {
			ready = append(ready, pl)
		}
		return false
	})
	tg := s.goods(seat)
	var out []*Spend
	var pick []string
	var walk func(from, sum int)
	walk = func(from, sum int) {
		if len(out) >= limit {
			return
		}
		worth := s.tgWorth(seat)
		if rest := cost - sum; rest <= 0 || rest <= tg*worth {
			sp := &Spend{Planets: slices.Clone(pick), TradeGoods: (max(rest, 0) + worth - 1) / worth}
			if _, err := s.pay(seat, sp, cost, influence); err == nil {
				out = append(out, sp)
			}
			if rest <= 0 {
				return
			}
		}
		for i := from; i < len(ready); i++ {
			pick = append(pick, ready[i].Name)
			walk(i+1, sum+s.exhaustWorth(seat, ready[i], influence))
			pick = pick[:len(pick)-1]
		}
	}
	walk(0, 0)
	return out
}
