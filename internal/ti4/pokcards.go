package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Action cards of Prophecy of Kings (2.7). Rout is a combat card, in
// combatcards.go; these are played as a player's action.

// Prophecy of Kings card kinds.
const (
	EvFragmentTaken = "relic_fragment_taken"  // a relic fragment passes from Owner to Seat
	EvExcavated     = "exploration_revealed"  // Archaeological Expedition: Cards revealed, Count of them before a reshuffle
	EvTechReturned  = "technology_returned"   // Divert Funding: Seat loses a technology
	EvNoteGiven     = "promissory_note_given" // Seat gives a note to Owner
	ActGiveNote     = "give_note"             // card: the note given
	StepGiveNote    = "give_note"             // Diplomatic Pressure: choose a note to give
	StepDecoy       = "decoy_window"          // after another player's activation: Decoy Operation
	StepInvest      = "place_trade_goods"     // Manipulate Investments: five trade goods, one at a time
	ActPlaceTG      = "place_trade_good"      // card: the strategy card given one
	EvTGOnCard      = "trade_good_on_card"
)

func init() {
	defineCard("scuttle", &actionCard{action: true, offer: unitsOffer(scuttleRefs), play: playScuttle})
	defineCard("refit_troops", &actionCard{action: true, offer: unitsOffer(refitRefs), play: playRefitTroops})
	defineCard("seize_artifact", &actionCard{action: true, offer: fragmentsOffer, play: playSeizeArtifact})
	defineCard("archaeological_expedition", &actionCard{action: true, offer: traitsOffer, play: playExpedition})
	defineCard("divert_funding", &actionCard{action: true, offer: divertOffer, play: playDivertFunding})
	defineCard("decoy_operation", &actionCard{play: decoyOperation}) // offered by its step (decoyOptions)
	defineCard("exploration_probe", &actionCard{action: true, offer: onSystems(probeTarget), play: playExplorationProbe})
}

// Exploration Probe: the frontier token in a system that holds, or is next
// to, one of the player's ships is explored (35.4).
func playExplorationProbe(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	sys, _, err := where(s, a.System, "", "system")
	if err != nil {
		return nil, err
	}
	if !hasFrontier(sys) || !s.shipsInOrNextTo(a.Seat, sys.Pos) {
		return nil, engine.Refuse("35.4", "Exploration Probe explores a frontier token in or next to a system with your ships")
	}
	return exploreFrontier(s, a.Seat, sys.Pos, rng), nil
}

// Divert Funding: a technology of yours that is neither a unit upgrade nor
// a faction technology (outcome) goes back to your deck, and you research
// another (with its prerequisites, 90.12).
func playDivertFunding(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	t := data.MustLoad().Technology(a.Outcome)
	if t == nil || !slices.Contains(s.Players[a.Seat].Techs, t.ID) || t.Color == "unit" || t.Faction != "" {
		return nil, engine.Refuse("2.7", "return a technology you own that is neither a unit upgrade nor a faction technology")
	}
	return s.emit(Event{Kind: EvTechReturned, Seat: a.Seat, Card: t.ID},
		queue(Step{Kind: StepAgendaTech, Seat: a.Seat, Card: "divert_funding", Need: 1, Except: t.ID})), nil
}

// Archaeological Expedition: the top three cards of the exploration deck
// of a trait among your planets (outcome) are revealed; you keep the relic
// fragments and the rest are discarded. A deck that runs out is reshuffled
// from its discard pile (23.5).
func playExpedition(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	d := a.Outcome
	if d != "cultural" && d != "hazardous" && d != "industrial" {
		return nil, engine.BadInput("outcome", "name an exploration deck: cultural, hazardous or industrial")
	}
	if s.traitCount(a.Seat, d) == 0 {
		return nil, engine.Refuse("2.7", "you control no %s planet", d)
	}
	// All three are revealed before any is discarded: a reshuffle takes
	// only the discard pile as it was.
	deck, discard := s.Decks.Exploration[d], s.Decks.ExplorationDiscard[d]
	e := Event{Kind: EvExcavated, Seat: a.Seat, Deck: d}
	for len(e.extra().Cards) < 3 {
		if len(deck) == 0 {
			if e.extra().NewDeck != nil || len(discard) == 0 {
				break
			}
			deck = slices.Clone(discard)
			rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
			e.more().NewDeck = slices.Clone(deck)
		}
		e.more().Cards = append(e.extra().Cards, deck[0])
		deck = deck[1:]
		if e.extra().NewDeck == nil {
			e.Count++ // drawn from the deck as it was
		}
	}
	return s.emit(e), nil
}

// units checks one or two of seat's units named by refs, each matching
// ok, counting a stack named twice as two units.
func (s *State) unitRefs(seat int, refs []UnitRef, ok func(r UnitRef) bool, what string) error {
	if len(refs) < 1 || len(refs) > 2 {
		return engine.Refuse("2.7", "choose 1 or 2 %s", what)
	}
	for i, r := range refs {
		sys := s.System(r.System)
		if sys == nil {
			return engine.BadInput("units", "no system at position %d", r.System)
		}
		stacks := sys.Space
		if r.Planet != "" {
			pl := planetIn(sys, r.Planet)
			if pl == nil {
				return engine.BadInput("units", "%q is not in system %d", r.Planet, r.System)
			}
			stacks = pl.Units
		}
		same := 0
		for _, o := range refs[:i+1] {
			if o == r {
				same++
			}
		}
		if count(stacks, seat, r.Unit) < same || !ok(r) {
			return engine.Refuse("2.7", "choose 1 or 2 %s", what)
		}
	}
	return nil
}

// Scuttle: one or two of your non-fighter ships go back to reinforcements,
// for trade goods equal to their cost.
func playScuttle(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	ok := func(r UnitRef) bool { return r.Planet == "" && isShip(r.Unit) && r.Unit != "fighter" }
	if err := s.unitRefs(a.Seat, a.extra().Units, ok, "of your non-fighter ships"); err != nil {
		return nil, err
	}
	var ev []Event
	cost := 0
	for _, r := range a.extra().Units {
		ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: r.System, Unit: r.Unit, Count: 1})
		cost += int(s.UnitCard(a.Seat, r.Unit).Cost)
	}
	return s.extend(ev, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: cost}), nil
}

// Refit Troops: one or two of your infantry become mechs where they stand.
func playRefitTroops(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	ok := func(r UnitRef) bool { return r.Unit == "infantry" }
	if err := s.unitRefs(a.Seat, a.extra().Units, ok, "of your infantry"); err != nil {
		return nil, err
	}
	if s.Reinforcements(a.Seat, "mech") < len(a.extra().Units) {
		return nil, engine.Refuse("23.2", "only %d mechs left in reinforcements", s.Reinforcements(a.Seat, "mech"))
	}
	var ev []Event
	for _, r := range a.extra().Units {
		ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: r.System, Planet: r.Planet, Unit: "infantry", Count: 1},
			Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: r.System, Planet: r.Planet, Unit: "mech", Count: 1})
	}
	return ev, nil
}

// Seize Artifact: a neighbor gives you one of their relic fragments, the
// one you name (outcome).
func playSeizeArtifact(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	q, err := otherPlayer(s, a)
	if err != nil {
		return nil, err
	}
	if !s.AreNeighbors(a.Seat, q) {
		return nil, engine.Refuse("2.7", "Seize Artifact takes from a neighbor; %s is not one", s.Players[q])
	}
	if !slices.Contains(s.Players[q].RelicFragments, a.Outcome) {
		return nil, engine.Refuse("2.7", "%s holds no relic fragment %q", s.Players[q], a.Outcome)
	}
	return s.emit(Event{Kind: EvFragmentTaken, Seat: a.Seat, Owner: q, Card: a.Outcome}), nil
}

// decideGiveNote: the player under Diplomatic Pressure gives the note of
// their choice.
func decideGiveNote(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepGiveNote)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(s.Players[a.Seat].Promissory, a.Card) {
		return nil, engine.BadInput("card", "%q is not a promissory note in your hand", a.Card)
	}
	if s.refusesNote(*st.Receiver, a.Card) {
		return nil, engine.Refuse("69", "seat %d may not be given %s", *st.Receiver, a.Card)
	}
	return s.emit(Event{Kind: EvNoteGiven, Seat: a.Seat, Owner: *st.Receiver, Card: a.Card}, Event{Kind: EvStepCleared, Seat: a.Seat}), nil
}

func applyPoKCards(s *State, e *Event) bool {
	switch e.Kind {
	case EvTGOnCard:
		if s.StrategyTG == nil {
			s.StrategyTG = map[string]int{}
		}
		s.StrategyTG[e.Card]++
		s.Step.Cards = append(slices.Clone(s.Step.Cards), e.Card)
	case EvTechReturned:
		p := s.Players[e.Seat]
		gone := func(t string) bool { return t == e.Card }
		p.Techs = slices.DeleteFunc(slices.Clone(p.Techs), gone)
		if s.rules() >= RulesPoK { // its exhausted mark goes with it (earlier versions kept it)
			p.ExhaustedTechs = slices.DeleteFunc(slices.Clone(p.ExhaustedTechs), gone)
		}
	case EvExcavated:
		d := &s.Decks
		d.Exploration[e.Deck] = d.Exploration[e.Deck][e.Count:]
		if e.extra().NewDeck != nil {
			d.Exploration[e.Deck], d.ExplorationDiscard[e.Deck] = slices.Clone(e.extra().NewDeck[len(e.extra().Cards)-e.Count:]), nil
		}
		for _, c := range e.extra().Cards {
			if ExplorationKind(c) == "relic_fragment" {
				s.Players[e.Seat].RelicFragments = append(s.Players[e.Seat].RelicFragments, c)
			} else {
				d.ExplorationDiscard[e.Deck] = append(d.ExplorationDiscard[e.Deck], c)
			}
		}
	case EvNoteGiven:
		from := s.Players[e.Seat]
		i := slices.Index(from.Promissory, e.Card)
		from.Promissory = slices.Delete(slices.Clone(from.Promissory), i, i+1)
		s.Players[e.Owner].Promissory = append(s.Players[e.Owner].Promissory, e.Card)
	case EvFragmentTaken:
		from := s.Players[e.Owner]
		i := slices.Index(from.RelicFragments, e.Card)
		from.RelicFragments = slices.Delete(slices.Clone(from.RelicFragments), i, i+1)
		s.Players[e.Seat].RelicFragments = append(s.Players[e.Seat].RelicFragments, e.Card)
	default:
		return false
	}
	return true
}

// unitsOffer proposes a card on each choice of one or two of refs' units.
func unitsOffer(refs func(s *State, seat int) []UnitRef) offer {
	return func(s *State, seat int, c string, add func(Action)) {
		for _, units := range unitChoices(refs(s, seat)) {
			add(Action{Kind: ActPlayAC, Card: c, ActionExtra: &ActionExtra{Units: units}})
		}
	}
}

// scuttleRefs: seat's ships but fighters, a stack of two or more twice.
func scuttleRefs(s *State, seat int) []UnitRef {
	var refs []UnitRef
	for _, sys := range s.Systems {
		for _, st := range sys.Space {
			if st.Owner == seat && isShip(st.Unit) && st.Unit != "fighter" {
				for range min(st.Count, 2) {
					refs = append(refs, UnitRef{System: sys.Pos, Unit: st.Unit})
				}
			}
		}
	}
	return refs
}

func refitRefs(s *State, seat int) []UnitRef { return s.groundRefs(seat, "infantry") }

func divertOffer(s *State, seat int, c string, add func(Action)) {
	for _, id := range s.Players[seat].Techs {
		if t := data.MustLoad().Technology(id); t != nil && t.Color != "unit" && t.Faction == "" {
			add(Action{Kind: ActPlayAC, Card: c, Outcome: id})
		}
	}
}

func traitsOffer(_ *State, _ int, c string, add func(Action)) {
	for _, d := range []string{"cultural", "hazardous", "industrial"} {
		add(Action{Kind: ActPlayAC, Card: c, Outcome: d})
	}
}

// fragmentsOffer: each kind of relic fragment each other player holds.
func fragmentsOffer(s *State, seat int, c string, add func(Action)) {
	for _, q := range s.Active() {
		if q == seat {
			continue
		}
		var seen []string
		for _, f := range s.Players[q].RelicFragments {
			if !slices.Contains(seen, f) {
				seen = append(seen, f)
				add(Action{Kind: ActPlayAC, Card: c, Outcome: f, ActionExtra: &ActionExtra{Player: ip(q)}})
			}
		}
	}
}

func probeTarget(s *State, seat int, sys *System) bool {
	return hasFrontier(sys) && s.shipsInOrNextTo(seat, sys.Pos)
}

// groundRefs names seat's units of the given types, in space and on
// planets, a stack of two or more twice (a card may take two from it).
func (s *State) groundRefs(seat int, types ...string) []UnitRef {
	var refs []UnitRef
	for _, sys := range s.Systems {
		places := []string{""}
		for _, pl := range sys.Planets {
			places = append(places, pl.Name)
		}
		for _, place := range places {
			stacks := sys.Space
			if place != "" {
				stacks = planetIn(sys, place).Units
			}
			for _, typ := range types {
				for range min(count(stacks, seat, typ), 2) {
					refs = append(refs, UnitRef{System: sys.Pos, Planet: place, Unit: typ})
				}
			}
		}
	}
	return refs
}

// unitChoices lists each unit of refs alone and each pair of them, once.
func unitChoices(refs []UnitRef) [][]UnitRef {
	var seen [][2]UnitRef
	var out [][]UnitRef
	for i := range refs {
		for j := i; j < len(refs); j++ {
			pair := [2]UnitRef{refs[i], refs[j]}
			if j == i {
				pair[1] = UnitRef{}
			}
			if slices.Contains(seen, pair) {
				continue
			}
			seen = append(seen, pair)
			if j == i {
				out = append(out, []UnitRef{refs[i]})
			} else {
				out = append(out, []UnitRef{refs[i], refs[j]})
			}
		}
	}
	return out
}

// decoyWindows asks, after an activation, each other player who controls a
// planet in the system and has units there (public facts), in initiative
// order, whether to answer with Decoy Operation.
func decoyWindows(s *State, seat int, sys *System) []Event {
	var ev []Event
	var buf [maxSeats]int
	for _, q := range s.appendInitiativeOrder(buf[:0]) {
		if q != seat && s.unitsIn(sys.Pos, q) > 0 && slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return pl.Controller == q }) {
			ev = s.extend(ev, queue(Step{Kind: StepDecoy, Seat: q, Systems: []int{sys.Pos}}))
		}
	}
	return ev
}

// Decoy Operation: up to two of your ground forces, from anywhere on the
// board, go to planets you control in the active system (each unit's to).
func decoyOperation(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	st := s.Step
	if st == nil || st.Kind != StepDecoy || st.Seat != a.Seat {
		return nil, engine.Refuse("1.14", "Decoy Operation is played after another player activates a system holding your units")
	}
	active := s.System(st.Systems[0])
	ok := func(r UnitRef) bool {
		pl := planetIn(active, r.To)
		return isGroundForce(r.Unit) && pl != nil && pl.Controller == a.Seat && !unitsBarred(pl)
	}
	if err := s.unitRefs(a.Seat, a.extra().Units, ok, "of your ground forces, each to a planet you control in the active system"); err != nil {
		return nil, err
	}
	var ev []Event
	for _, r := range a.extra().Units {
		ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: r.System, Planet: r.Planet, Unit: r.Unit, Count: 1},
			Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: active.Pos, Planet: r.To, Unit: r.Unit, Count: 1})
	}
	return s.extend(ev, Event{Kind: EvStepCleared, Seat: a.Seat}), nil
}

// decoyOptions proposes Decoy Operation's moves: one or two ground forces,
// each to one of the player's planets in the active system.
func decoyOptions(s *State, seat int, add func(Action)) {
	if !slices.Contains(s.Players[seat].ActionCards, "decoy_operation") {
		return
	}
	st := s.Step
	var dests []string
	for _, pl := range s.System(st.Systems[0]).Planets {
		if pl.Controller == seat {
			dests = append(dests, pl.Name)
		}
	}
	for _, units := range unitChoices(s.groundRefs(seat, "infantry", "mech")) {
		if len(units) == 1 {
			for _, d := range dests {
				u := units[0]
				u.To = d
				add(Action{Kind: ActPlayAC, Card: "decoy_operation", ActionExtra: &ActionExtra{Units: []UnitRef{u}}})
			}
			continue
		}
		for _, d1 := range dests {
			for _, d2 := range dests {
				u, v := units[0], units[1]
				u.To, v.To = d1, d2
				add(Action{Kind: ActPlayAC, Card: "decoy_operation", ActionExtra: &ActionExtra{Units: []UnitRef{u, v}}})
			}
		}
	}
}

// Manipulate Investments, at the start of the strategy phase: five trade
// goods from the supply go on strategy cards in the common area, one at a
// time, on at least three different cards.
func decidePlaceTG(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepInvest)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(s.Strategy, a.Card) {
		return nil, engine.Refuse("2.7", "place the trade good on a strategy card in the common area")
	}
	cards := append(slices.Clone(st.Cards), a.Card)
	distinct := 0
	for i, c := range cards {
		if !slices.Contains(cards[:i], c) {
			distinct++
		}
	}
	if distinct+(st.Need-len(cards)) < 3 {
		return nil, engine.Refuse("2.7", "the five trade goods go on at least three different cards")
	}
	ev := s.emit(Event{Kind: EvTGOnCard, Seat: a.Seat, Card: a.Card})
	if len(cards) == st.Need {
		ev = s.extend(ev, Event{Kind: EvStepCleared, Seat: a.Seat})
	}
	return ev, nil
}
