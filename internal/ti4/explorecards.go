package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
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

// exploreCard is one exploration card's definition (35.7), found by its
// id. Attachments (35.8) add to their planet; relic fragments (35.9) and
// token cards are kept by their kind (explore.go).
type exploreCard struct {
	attach attachment // an attachment's bonus to its planet (12.2)
	// agendaTrade: attached, its planet's card may be given in a
	// transaction during the agenda phase, from rules version 13.
	agendaTrade bool
	// drawn is what the card does at once when drawn for planet pl (nil:
	// a frontier token) at pos; ok false when it asks its explorer
	// instead, in a step queued with the other choices.
	drawn func(s *State, rng *engine.RNG, seat, pos int, pl *Planet) (ev []Event, ok bool)
	// placesPlanet: the card places a planet token of that name, which
	// its explorer gains readied and explores (35.1; Mirage).
	placesPlanet string
	// choices are what the explorer may choose in that step, but to
	// decline (which every card but Ion Storm offers); frontier cards have
	// no planet.
	choices  func(s *State, k exploring) []string
	frontier bool
	// mandatory reports a choice that may not be declined, if there is one.
	mandatory func(k exploring) bool
	// choose is what the explorer's choice (a.Outcome) does.
	choose func(s *State, a Action, k exploring, rng *engine.RNG) []Event
	stays  string // where the card stays once explored: "common", "player"; "" for its kind's place
}

// attachment is what an attachment adds: resources and influence, or a
// technology specialty. A facility on a planet that already has a
// specialty adds 1 resource and 1 influence instead.
type attachment struct {
	res, inf  int
	tech      string
	legendary bool // the planet becomes legendary (Nano-Forge)
	allTraits bool // the planet has all three traits (Terraform)
	// cannon: the planet fires space cannon as a unit of its controller's
	// would (77).
	cannon combat.Roll
}

// exploring is an exploration step, seen by its card: who explores,
// and what they have on the planet.
type exploring struct {
	st                   *Step
	seat                 int
	p                    *Player
	pl                   *Planet
	room                 bool // commodities below the faction's value
	mine, mech, infantry bool
}

// exploreCards holds every exploration card's definition, by id. The
// explorer is never handed to a definition's function: it stays on the
// stack of the decision that explores.
var exploreCards = map[string]*exploreCard{
	"cultural_relic_fragment": {}, "hazardous_relic_fragment": {}, "industrial_relic_fragment": {}, "unknown_relic_fragment": {},

	"dyson_sphere": {attach: attachment{res: 2, inf: 1}}, "paradise_world": {attach: attachment{inf: 2}},
	"tomb_of_emphidia": {attach: attachment{inf: 1}}, "lazax_survivors": {attach: attachment{res: 1, inf: 2}},
	"mining_world": {attach: attachment{res: 2}}, "rich_world": {attach: attachment{res: 1}},
	"warfare_research_facility": {attach: attachment{tech: "red"}}, "biotic_research_facility": {attach: attachment{tech: "green"}},
	"cybernetic_research_facility": {attach: attachment{tech: "yellow"}}, "propulsion_research_facility": {attach: attachment{tech: "blue"}},
	"demilitarized_zone": {drawn: demilitarize, agendaTrade: true},

	"gamma_wormhole": {drawn: gammaToken}, "gamma_relay": {drawn: gammaToken},
	"ion_storm": {frontier: true, mandatory: always, choices: ionSides, choose: ionStorm, stays: "common"},
	"mirage":    {placesPlanet: Mirage},

	"derelict_vessel": {drawn: func(s *State, rng *engine.RNG, seat, _ int, _ *Planet) ([]Event, bool) {
		return drawSecret(s, seat, rng), true
	}},
	"lost_crew": {drawn: func(s *State, rng *engine.RNG, seat, _ int, _ *Planet) ([]Event, bool) {
		return drawActionCards(s, seat, 2, rng), true
	}},

	// The Codex III frontier cards (from rules version 9).
	"dead_world": {frontier: true, drawn: func(s *State, rng *engine.RNG, seat, _ int, _ *Planet) ([]Event, bool) {
		return gainRelic(s, seat, rng), true
	}},
	"entropic_field":       {frontier: true, drawn: tokensAndGoods("entropic_field", 1, 2)},
	"major_entropic_field": {frontier: true, drawn: tokensAndGoods("major_entropic_field", 1, 3)},
	"minor_entropic_field": {frontier: true, drawn: tokensAndGoods("minor_entropic_field", 1, 1)},
	"keleres_ship":         {frontier: true, drawn: tokensAndGoods("keleres_ship", 2, 0)},

	"freelancers":          {drawn: freelancers},
	"enigmatic_device":     {stays: "player"},
	"merchant_station":     {frontier: true, choices: orConvert(optReplenish), choose: merchantStation},
	"mercenary_outfit":     {choices: mercenaryChoices, choose: mercenaryOutfit},
	"core_mine":            {drawn: withMech(coreMineGain), choices: infantryChoice, choose: payInfantry(coreMineGain)},
	"expedition":           {drawn: withMech(expeditionReady), choices: infantryChoice, choose: payInfantry(expeditionReady)},
	"volatile_fuel_source": {choices: fuelChoices, mandatory: mechThere, choose: volatileFuel},
	"abandoned_warehouses": {choices: orConvert(optGain), choose: abandonedWarehouses},
	"functioning_base":     {choices: baseChoices, choose: functioningBase},
	"local_fabricators":    {choices: fabricatorChoices, choose: localFabricators},
}

// effects are an exploration card's consequences when it is drawn for a
// planet (pl) or the frontier token (pl nil) in the system at pos: its
// events if the explorer has no choice, else the queued step.
func (x *explorer) effects(seat, pos int, pl *Planet, card string) []Event {
	s := x.s
	d := exploreCards[card]
	if d != nil && d.placesPlanet != "" {
		return x.placePlanet(seat, pos, d.placesPlanet)
	}
	if d != nil && d.drawn != nil {
		if ev, ok := d.drawn(s, x.rng, seat, pos, pl); ok {
			return ev
		}
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

// agendaTradable reports a planet whose card an attachment lets its
// controller give in a transaction during the agenda phase.
func (s *State) agendaTradable(pl *Planet) bool {
	if s.rules() < RulesWindows || s.Phase != PhaseAgenda {
		return false
	}
	return slices.ContainsFunc(pl.Attachments, func(a string) bool { c := exploreCards[a]; return c != nil && c.agendaTrade })
}

// Demilitarized Zone: structures go to reinforcements, ground forces up
// to space; then it is attached.
func demilitarize(s *State, _ *engine.RNG, _, pos int, pl *Planet) ([]Event, bool) {
	var ev []Event
	for _, st := range pl.Units {
		ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: pos, Planet: pl.Name, Unit: st.Unit, Count: st.Count})
		if isGroundForce(st.Unit) {
			ev = s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: st.Owner, System: pos, Unit: st.Unit, Count: st.Count})
		}
	}
	return ev, true
}

func gammaToken(s *State, _ *engine.RNG, _, pos int, _ *Planet) ([]Event, bool) {
	return s.emit(Event{Kind: EvTokenPlaced, System: pos, Card: "gamma", Seat: None}), true
}

// placePlanet: the planet token is placed, gained readied, and explored
// (35.1).
func (x *explorer) placePlanet(seat, pos int, name string) []Event {
	s := x.s
	m := &Planet{Name: name, Controller: None}
	g := gain(s, x, seat, pos, m)
	ev := s.emit(Event{Kind: EvPlanetAdded, Seat: None, System: pos, Planet: name}, g[0])
	ev = s.extend(ev, Event{Kind: EvPlanetReadied, Seat: seat, Planet: name})
	return s.extend(ev, g[1:]...)
}

// Freelancers: a production of one unit, which the explorer may decline
// with done.
func freelancers(s *State, _ *engine.RNG, seat, pos int, _ *Planet) ([]Event, bool) {
	return s.emit(queue(Step{Kind: StepFreelance, Seat: seat, Card: "freelancers", Systems: []int{pos}, Prod: &Production{}})), true
}

// withMech: with the explorer's mech on the planet, the card's gain comes
// at once; otherwise an infantry may pay for it.
func withMech(gain func(s *State, seat int, planet string) Event) func(s *State, _ *engine.RNG, seat, pos int, pl *Planet) ([]Event, bool) {
	return func(s *State, _ *engine.RNG, seat, _ int, pl *Planet) ([]Event, bool) {
		if pl != nil && count(pl.Units, seat, "mech") > 0 {
			return s.emit(gain(s, seat, pl.Name)), true
		}
		return nil, false
	}
}

func coreMineGain(_ *State, seat int, _ string) Event {
	return Event{Kind: EvTradeGoods, Seat: seat, Count: 1}
}

func expeditionReady(_ *State, seat int, planet string) Event {
	return Event{Kind: EvPlanetReadied, Seat: seat, Planet: planet}
}

func infantryChoice(_ *State, k exploring) []string {
	if k.infantry {
		return []string{optRemove}
	}
	return nil
}

// payInfantry: an infantry of the explorer's on the planet is removed for
// the card's gain.
func payInfantry(gain func(s *State, seat int, planet string) Event) func(s *State, a Action, k exploring, _ *engine.RNG) []Event {
	return func(s *State, a Action, k exploring, _ *engine.RNG) []Event {
		return s.emit(k.on(EvUnitsRemoved, "infantry"), gain(s, a.Seat, k.st.Planet))
	}
}

// on is an event for one unit of the explorer's on the planet explored.
func (k exploring) on(kind, unit string) Event {
	return Event{Kind: kind, Seat: k.seat, System: k.st.Systems[0], Planet: k.st.Planet, Unit: unit, Count: 1}
}

func always(exploring) bool      { return true }
func mechThere(k exploring) bool { return k.mech }

// Ion Storm: the side its token shows; not optional.
func ionSides(_ *State, _ exploring) []string { return []string{"alpha", "beta"} }

func ionStorm(s *State, a Action, k exploring, _ *engine.RNG) []Event {
	return s.emit(Event{Kind: EvTokenPlaced, System: k.st.Systems[0], Card: a.Outcome, Seat: None})
}

// neutralWormhole is the system holding the token Ion Storm places (an
// alpha or beta wormhole token that no player owns) and its side, or
// None.
func (s *State) neutralWormhole() (int, string) {
	for _, sys := range s.Systems {
		for _, t := range sys.Tokens {
			if t.Owner == None && (t.Kind == "alpha" || t.Kind == "beta") {
				return sys.Pos, t.Kind
			}
		}
	}
	return None, ""
}

// flippedWormholes turns Ion Storm's token over once the ships moved in
// this tactical action went through its wormhole: some ship's path that
// leaves the fewest gravity rifts (the one its rift rolls follow) needs
// it. A ship with another path as good is taken to have used that one.
func flippedWormholes(s *State, seat int, t *Tactical) []Event {
	without, pos, side := stormless(s)
	if without == nil {
		return nil
	}
	for _, m := range t.Moves {
		move := s.UnitCard(seat, m.Unit).Move + s.moveBonus() + m.Boost + s.originMove(seat, m.From)
		if r := without.reachOf(seat, m.Unit, m.From, t.System, move); r < 0 || r > s.reachOf(seat, m.Unit, m.From, t.System, move) {
			return flipStorm(s, pos, side)
		}
	}
	return nil
}

// stormless is a deep copy of s without Ion Storm's token, and where the
// token is and its side up; nil when there is none.
func stormless(s *State) (*State, int, string) {
	pos, side := s.neutralWormhole()
	if pos == None {
		return nil, None, ""
	}
	without := s.Clone()
	sys := without.System(pos)
	sys.Tokens = slices.DeleteFunc(sys.Tokens, func(k Token) bool { return k == Token{Kind: side, Owner: None} })
	return without, pos, side
}

// flipStorm turns Ion Storm's token at pos over.
func flipStorm(s *State, pos int, side string) []Event {
	other := map[string]string{"alpha": "beta", "beta": "alpha"}[side]
	return s.emit(Event{Kind: EvTokenRemoved, System: pos, Card: side, Seat: None}, Event{Kind: EvTokenPlaced, System: pos, Card: other, Seat: None})
}

// retreatFlip turns Ion Storm's token over after a retreat between two
// systems next to each other only through its wormhole (rules version
// 12; 78.7).
func retreatFlip(s *State, from, to int) []Event {
	if s.rules() < RulesWipes {
		return nil
	}
	without, pos, side := stormless(s)
	if without == nil || without.Adjacent(from, to) || !s.Adjacent(from, to) {
		return nil
	}
	return flipStorm(s, pos, side)
}

// orConvert offers gain while the explorer has room for commodities, and
// converting while they have any (Merchant Station, Abandoned Warehouses).
func orConvert(gain string) func(s *State, k exploring) []string {
	return func(_ *State, k exploring) []string {
		var out []string
		if k.room {
			out = append(out, gain)
		}
		if k.p.Commodities > 0 {
			out = append(out, optConvert)
		}
		return out
	}
}

// Merchant Station: commodities replenished, or all converted to trade
// goods.
func merchantStation(s *State, a Action, k exploring, _ *engine.RNG) []Event {
	if a.Outcome == optReplenish {
		return s.emit(Event{Kind: EvCommodities, Seat: a.Seat, Count: commodityValue(k.p)})
	}
	return convert(s, k, k.p.Commodities)
}

// convert turns n commodities into trade goods.
func convert(s *State, k exploring, n int) []Event {
	return s.emit(Event{Kind: EvCommodities, Seat: k.seat, Count: k.p.Commodities - n}, Event{Kind: EvTradeGoods, Seat: k.seat, Count: n, Card: s.converted()})
}

// gainCommodities: n more commodities, up to the faction's value.
func gainCommodities(s *State, k exploring, n int) []Event {
	return s.emit(Event{Kind: EvCommodities, Seat: k.seat, Count: min(commodityValue(k.p), k.p.Commodities+n)})
}

func mercenaryChoices(s *State, k exploring) []string {
	if k.mine && s.Reinforcements(k.seat, "infantry") > 0 {
		return []string{optPlace}
	}
	return nil
}

// Mercenary Outfit: an infantry on the planet.
func mercenaryOutfit(s *State, _ Action, k exploring, _ *engine.RNG) []Event {
	return s.emit(k.on(EvUnitsPlaced, "infantry"))
}

// fuelChoices: the option is the pool the token goes to; with a mech
// there the token is not optional (mechThere).
func fuelChoices(s *State, k exploring) []string {
	if (k.mech || k.infantry) && s.CommandReinforcements(k.seat) > 0 {
		return []string{"tactic", "fleet", "strategy"}
	}
	return nil
}

// Volatile Fuel Source: an infantry (unless a mech is there) for a
// command token.
func volatileFuel(s *State, a Action, k exploring, _ *engine.RNG) []Event {
	var ev []Event
	if !k.mech {
		ev = s.emit(k.on(EvUnitsRemoved, "infantry"))
	}
	p := k.p
	after := Pools{p.Tactic, p.Fleet, p.Strategy}
	switch a.Outcome {
	case "tactic":
		after.Tactic++
	case "fleet":
		after.Fleet++
	default:
		after.Strategy++
	}
	return s.extend(ev, Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &after})
}

// Abandoned Warehouses: 2 commodities, or up to 2 converted.
func abandonedWarehouses(s *State, a Action, k exploring, _ *engine.RNG) []Event {
	if a.Outcome == optGain {
		return gainCommodities(s, k, 2)
	}
	return convert(s, k, min(2, k.p.Commodities))
}

// paidOptions: a commodity gained, or a trade good or a commodity paid for
// the card's offer (the two options named).
func paidOptions(k exploring, offered bool, byTG, byCommodity string) []string {
	var out []string
	if k.room {
		out = append(out, optGain)
	}
	if offered && k.p.TradeGoods > 0 {
		out = append(out, byTG)
	}
	if offered && k.p.Commodities > 0 {
		out = append(out, byCommodity)
	}
	return out
}

// payment is the payment of a paidOptions choice, or the commodity gained.
func payment(s *State, a Action, k exploring) []Event {
	switch a.Outcome {
	case optGain:
		return gainCommodities(s, k, 1)
	case optDrawTG, optMechTG:
		return s.emit(Event{Kind: EvTradeGoods, Seat: a.Seat, Count: -1})
	}
	return s.emit(Event{Kind: EvCommodities, Seat: a.Seat, Count: k.p.Commodities - 1})
}

func baseChoices(s *State, k exploring) []string {
	draw := len(s.Decks.ActionCards)+len(s.Decks.ActionDiscard) > 0
	return paidOptions(k, draw, optDrawTG, optDrawCommodity)
}

// Functioning Base: a commodity, or an action card for a trade good or a
// commodity.
func functioningBase(s *State, a Action, k exploring, rng *engine.RNG) []Event {
	ev := payment(s, a, k)
	if a.Outcome != optGain {
		ev = s.extend(ev, drawActionCards(s, a.Seat, 1, rng)...)
	}
	return ev
}

func fabricatorChoices(s *State, k exploring) []string {
	return paidOptions(k, k.mine && s.Reinforcements(k.seat, "mech") > 0, optMechTG, optMechCommodity)
}

// Local Fabricators: a commodity, or a mech on the planet for a trade
// good or a commodity.
func localFabricators(s *State, a Action, k exploring, _ *engine.RNG) []Event {
	ev := payment(s, a, k)
	if a.Outcome != optGain {
		ev = s.extend(ev, k.on(EvUnitsPlaced, "mech"))
	}
	return ev
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
	d := exploreCards[st.Card]
	if d == nil || d.choices == nil {
		return []string{optDecline}
	}
	k := s.exploring(st, gaining)
	if k.pl == nil && !d.frontier {
		return []string{optDecline}
	}
	out := d.choices(s, k)
	if d.mandatory != nil && d.mandatory(k) && len(out) > 0 {
		return out
	}
	return append(out, optDecline)
}

// exploring is the step st seen by its card.
func (s *State) exploring(st *Step, gaining bool) exploring {
	k := exploring{st: st, seat: st.Seat, p: s.Players[st.Seat]}
	k.room = k.p.Commodities < commodityValue(k.p)
	if pl, _ := s.Planet(st.Planet); pl != nil {
		k.pl = pl
		k.mine = (gaining || pl.Controller == st.Seat) && !unitsBarred(pl)
		k.mech = count(pl.Units, st.Seat, "mech") > 0
		k.infantry = count(pl.Units, st.Seat, "infantry") > 0
	}
	return k
}

func decideExplore(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepExplore)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(exploreOptions(s, st), a.Outcome) {
		return nil, engine.Refuse("35.7", "%s cannot do %q now; it offers %v", st.Card, a.Outcome, exploreOptions(s, st))
	}
	var ev []Event
	if a.Outcome != optDecline {
		ev = exploreCards[st.Card].choose(s, a, s.exploring(st, false), rng)
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

// exploredTo is where a card stays in play once explored: Ion Storm in
// the common play area, Enigmatic Device in its explorer's; "" for others.
func exploredTo(card string) string {
	if d := exploreCards[card]; d != nil {
		return d.stays
	}
	return ""
}

// fragmentsOfKind are the relic fragments that count as kind (73.1): its
// own, then unknown ones, which count as any kind.
func fragmentsOfKind(kind string) []string {
	return []string{kind + "_relic_fragment", "unknown_relic_fragment"}
}

// tokensAndGoods is a card that gives its explorer command tokens, placed
// as they choose, and trade goods.
func tokensAndGoods(card string, tokens, goods int) func(*State, *engine.RNG, int, int, *Planet) ([]Event, bool) {
	return func(s *State, _ *engine.RNG, seat, _ int, _ *Planet) ([]Event, bool) {
		var ev []Event
		if goods > 0 {
			ev = append(ev, Event{Kind: EvTradeGoods, Seat: seat, Count: goods})
		}
		return s.emit(append(ev, queue(Step{Kind: StepGainTokens, Seat: seat, Card: card, Need: tokens}))...), true
	}
}
