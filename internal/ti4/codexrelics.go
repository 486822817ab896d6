package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The relics Codex II (Affinity) adds to the relic deck (73), in games that
// play the Codex from rules version 6 (playsCodex):
//   - Dynamis Core: +2 commodity value while held; a component action
//     purges it for as many trade goods as the holder's commodity value;
//   - JR-XS455-O: a component action exhausts it (readied in the status
//     phase) for a player of the holder's choice: they may spend 3
//     resources for a PDS or space dock on a planet they control
//     (outcome, planet, spend), or else gain a trade good (outcome
//     trade_good); another player chooses in a step of their own;
//   - Nano-Forge: a component action attaches it to a non-home planet the
//     holder controls that is not legendary: +2 resources and influence,
//     and the planet is legendary.

const (
	dynamis   = "dynamis_core"
	jrxs      = "jr_xs455_o"
	nanoForge = "nano_forge"

	// EvRelicAttached: Seat's relic Card leaves their play area attached
	// to Planet (Nano-Forge).
	EvRelicAttached = "relic_attached"

	jrCost   = 3              // the resources JR-XS455-O's structure costs
	jrTarget = "jr_xs455_o_2" // the step's Then when another player chooses
)

// codexRelicDefs are the Codex's relics' definitions (relicDefs).
func codexRelicDefs() map[string]*relic {
	return map[string]*relic{
		dynamis:   {commodities: 2},
		jrxs:      {stepOffer: jrOffer, use: jrUse},
		nanoForge: {stepOffer: nanoOffer, use: nanoUse, attach: attachment{res: 2, inf: 2, legendary: true}},
		latvinia:  {gained: latviniaGained},
		circlet: {permits: PermitAsteroidFields | PermitSupernovae | PermitNebulae, noRiftRoll: true,
			stepOffer: circletOffer, use: circletUse},
		neuraloop: {stepOffer: neuraloopOffer, use: neuraloopUse, since: RulesAgents, onReveal: true, cards: true},
	}
}

// The relics Codex IV (Liberation) adds, from rules version 9 (codexSince):
//   - Circlet of the Void: its holder's ships roll for no gravity rift
//     (still moving 1 more out of it, 41.1) and move as if no other
//     anomaly were there (11, 59, 86); a component action exhausts it to
//     explore a frontier token in a system without other players' ships
//     (a relic step: system);
//   - Book of Latvinia: gained, its holder researches up to 2 technologies
//     without prerequisites (a queued step, declined with done); a
//     component action purges it for a point if they control planets with
//     all four technology specialties, or else the speaker token.
const (
	circlet    = "circlet_of_the_void"
	latvinia   = "book_of_latvinia"
	latviniaVP = "relic:" + latvinia
)

// latviniaGained queues the research of up to 2 technologies without
// prerequisites that seat does not own, if there are any.
func latviniaGained(s *State, seat int, _ *engine.RNG) []Event {
	var open []string
	for _, t := range s.technologies() {
		if t.Faction == "" && t.Unit == "" && prereqCount(t) == 0 && !slices.Contains(s.Players[seat].Techs, t.ID) {
			open = append(open, t.ID)
		}
	}
	if len(open) == 0 {
		return nil
	}
	return s.emit(queue(Step{Kind: StepAgendaTech, Seat: seat, Card: latvinia, Need: min(2, len(open)), Optional: true, Cards: open}))
}

// allSpecialties reports seat controlling planets with each of the four
// technology specialties.
func (s *State) allSpecialties(seat int) bool {
	seen := map[string]bool{}
	for _, pl := range s.ownPlanets(seat) {
		seen[planetInfo(pl).Tech] = true
	}
	return seen["blue"] && seen["green"] && seen["red"] && seen["yellow"]
}

// circletTargets are the systems with a frontier token and no other
// players' ships.
func circletTargets(s *State, seat int) []int {
	var out []int
	for _, sys := range s.Systems {
		if hasFrontier(sys) && !hasOthersShips(sys, seat) {
			out = append(out, sys.Pos)
		}
	}
	return out
}

func circletOffer(s *State, seat int, _ *Step, add func(Action)) {
	for _, pos := range circletTargets(s, seat) {
		add(Action{Kind: ActUseRelic, Card: circlet, Use: true, System: ip(pos)})
	}
}

func circletUse(s *State, a Action, _ *Step, rng *engine.RNG) ([]Event, error) {
	if a.System == nil || !slices.Contains(circletTargets(s, a.Seat), *a.System) {
		return nil, engine.Refuse("73.3", "Circlet of the Void explores a frontier token in a system without other players' ships (system)")
	}
	return s.extend(s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}), exploreFrontier(s, a.Seat, *a.System, rng)...), nil
}

func codexIVInGame(s *State) bool { return s.codexIn("codex4") }

func init() {
	RegisterComponent(circlet, Component{
		Available: func(s *State, seat int) error {
			return holding(s, seat, circlet, s.readyRelic(seat, circlet) && len(circletTargets(s, seat)) > 0)
		},
		InGame: codexIVInGame,
		Resolve: func(s *State, seat int, _ *engine.RNG) []Event {
			return s.emit(Event{Kind: EvRelicExhausted, Seat: seat, Card: circlet}, step(StepRelic, seat, circlet, false))
		},
	})
	RegisterComponent(latvinia, Component{
		Available: func(s *State, seat int) error { return holding(s, seat, latvinia, true) },
		InGame:    codexIVInGame,
		Resolve: func(s *State, seat int, _ *engine.RNG) []Event {
			ev := s.emit(Event{Kind: EvRelicPurged, Seat: seat, Card: latvinia})
			if s.allSpecialties(seat) {
				return s.extend(ev, vp(seat, 1, latviniaVP))
			}
			if s.Speaker == seat {
				return ev
			}
			return s.extend(ev, Event{Kind: EvSpeakerChanged, Seat: seat, Extra: &Extra{Speaker: seat}})
		},
	})
}

func init() {
	RegisterComponent(dynamis, Component{
		Available: func(s *State, seat int) error { return holding(s, seat, dynamis, true) }, InGame: (*State).playsCodex,
		Resolve: func(s *State, seat int, _ *engine.RNG) []Event {
			return s.emit(Event{Kind: EvTradeGoods, Seat: seat, Count: commodityValue(s.Players[seat])}, Event{Kind: EvRelicPurged, Seat: seat, Card: dynamis})
		},
	})
	RegisterComponent(jrxs, Component{
		Available: func(s *State, seat int) error { return holding(s, seat, jrxs, s.readyRelic(seat, jrxs)) }, InGame: (*State).playsCodex,
		Resolve: func(s *State, seat int, _ *engine.RNG) []Event {
			return s.emit(Event{Kind: EvRelicExhausted, Seat: seat, Card: jrxs}, step(StepRelic, seat, jrxs, false))
		},
	})
	RegisterComponent(nanoForge, Component{
		Available: func(s *State, seat int) error { return holding(s, seat, nanoForge, len(nanoPlanets(s, seat)) > 0) }, InGame: (*State).playsCodex,
		Resolve: func(s *State, seat int, _ *engine.RNG) []Event {
			return s.emit(step(StepRelic, seat, nanoForge, false))
		},
	})
}

// holding checks that seat holds relic and may use it now (ok).
func holding(s *State, seat int, relic string, ok bool) error {
	if !slices.Contains(s.Players[seat].Relics, relic) {
		return engine.Refuse("73.3", "%s is not in your play area", relicName(relic))
	}
	if !ok {
		return engine.Refuse("73.3", "%s cannot be used now", relicName(relic))
	}
	return nil
}

// nanoPlanets are the planets Nano-Forge may go on.
func nanoPlanets(s *State, seat int) []*Planet {
	var out []*Planet
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller == seat && !s.IsHomeSystem(sys.Pos) && !planetInfo(pl).Legendary {
				out = append(out, pl)
			}
		}
	}
	return out
}

func nanoOffer(s *State, seat int, _ *Step, add func(Action)) {
	for _, pl := range nanoPlanets(s, seat) {
		add(Action{Kind: ActUseRelic, Card: nanoForge, Use: true, Planet: pl.Name})
	}
}

func nanoUse(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(nanoPlanets(s, a.Seat), func(pl *Planet) bool { return pl.Name == a.Planet }) {
		return nil, engine.Refuse("73.3", "Nano-Forge goes on a planet you control, not in a home system, not legendary")
	}
	return s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}, Event{Kind: EvRelicAttached, Seat: a.Seat, Card: nanoForge, Planet: a.Planet}), nil
}

// jrChoices lists seat's own choices for JR-XS455-O: a structure for 3
// resources on a planet of theirs, or a trade good.
func jrChoices(s *State, seat int, add func(Action)) {
	add(Action{Kind: ActUseRelic, Card: jrxs, Use: true, Outcome: "trade_good"})
	pays := s.payments(seat, jrCost, false, 2)
	for _, pl := range s.ownPlanets(seat) {
		for _, typ := range []string{"pds", "space_dock"} {
			if s.structureRoom(seat, pl, typ) {
				for _, sp := range pays {
					add(Action{Kind: ActUseRelic, Card: jrxs, Use: true, Outcome: typ, Planet: pl.Name, ActionExtra: &ActionExtra{Spend: sp}})
				}
			}
		}
	}
}

func jrOffer(s *State, seat int, st *Step, add func(Action)) {
	if st.Then == jrTarget {
		jrChoices(s, seat, add)
		return
	}
	jrChoices(s, seat, add) // the holder chooses themselves
	for _, q := range s.Active() {
		if q != seat {
			add(Action{Kind: ActUseRelic, Card: jrxs, Use: true, ActionExtra: &ActionExtra{Player: ip(q)}})
		}
	}
}

func jrUse(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if q := a.extra().Player; q != nil && *q != a.Seat && st.Then != jrTarget {
		if s.Player(*q) == nil || s.Players[*q].Eliminated {
			return nil, engine.BadInput("player", "no player %d in the game", *q)
		}
		next := step(StepRelic, *q, jrxs, false)
		next.Step.Then = jrTarget
		return s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}, next), nil
	}
	ev := s.emit(Event{Kind: EvStepCleared, Seat: a.Seat})
	if a.Outcome == "trade_good" {
		return s.extend(ev, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: 1}), nil
	}
	pl, sys := s.Planet(a.Planet)
	if (a.Outcome != "pds" && a.Outcome != "space_dock") || pl == nil || pl.Controller != a.Seat || !s.structureRoom(a.Seat, pl, a.Outcome) {
		return nil, engine.Refuse("73.3", "a PDS or space dock (outcome) with room on a planet you control, or outcome trade_good")
	}
	paid, err := s.pay(a.Seat, a.extra().Spend, jrCost, false)
	if err != nil {
		return nil, err
	}
	ev = s.extend(ev, paid...)
	return s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: a.Outcome, Count: 1}), nil
}

func applyCodexRelics(s *State, e *Event) bool {
	if e.Kind != EvRelicAttached {
		return false
	}
	p := s.Players[e.Seat]
	p.Relics = slices.DeleteFunc(slices.Clone(p.Relics), func(r string) bool { return r == e.Card })
	pl, _ := s.Planet(e.Planet)
	pl.Attachments = append(slices.Clip(pl.Attachments), e.Card)
	return true
}

// Neuraloop, a Codex IV relic, from rules version 10: when a public
// objective is revealed, its holder may purge one of their relics (this
// one too) to discard that objective and reveal in its place the top card
// (the deck is shuffled: a random one) of the objective deck they name:
// stage I, stage II or the secret objectives (outcome; the relic purged:
// cards). A secret objective revealed so is public, scored as one (61).
// There is no objective discard pile: the objective discarded leaves the
// game.
const (
	neuraloop = "neuraloop"

	// EvObjectiveReplaced: the revealed public objective Card leaves the
	// game; the top card of Deck (stage_i, stage_ii, secret), Extra.Cards[0],
	// is revealed in its place.
	EvObjectiveReplaced = "objective_replaced"
)

// neuraloopDecks are the decks Neuraloop may reveal from, by name.
var neuraloopDecks = []string{"stage_i", "stage_ii", "secret"}

// objectiveDeck is the deck Neuraloop names.
func (s *State) objectiveDeck(name string) []string {
	switch name {
	case "stage_i":
		return s.Decks.StageI
	case "stage_ii":
		return s.Decks.StageII
	case "secret":
		return s.Decks.Secrets
	}
	return nil
}

func neuraloopOffer(s *State, seat int, st *Step, add func(Action)) {
	if len(st.Cards) == 0 || !slices.Contains(s.Decks.Revealed, st.Cards[0]) {
		return
	}
	for _, d := range neuraloopDecks {
		if len(s.objectiveDeck(d)) == 0 {
			continue
		}
		for _, r := range s.Players[seat].Relics {
			add(Action{Kind: ActUseRelic, Card: neuraloop, Use: true, Outcome: d, ActionExtra: &ActionExtra{Cards: []string{r}}})
		}
	}
}

func neuraloopUse(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	cards := a.extra().Cards
	if len(cards) != 1 || !slices.Contains(s.Players[a.Seat].Relics, cards[0]) {
		return nil, engine.Refuse("73.3", "Neuraloop purges one of your relics (cards)")
	}
	if len(st.Cards) == 0 || !slices.Contains(s.Decks.Revealed, st.Cards[0]) {
		return nil, engine.Refuse("73.3", "the objective just revealed is no longer on the table")
	}
	deck := s.objectiveDeck(a.Outcome)
	if len(deck) == 0 {
		return nil, engine.Refuse("73.3", "Neuraloop reveals from an objective deck with cards: stage_i, stage_ii or secret (outcome)")
	}
	r := cards[0]
	ev := s.emit(Event{Kind: EvRelicPurged, Seat: a.Seat, Card: r})
	if d := relics[r]; d != nil && d.points > 0 {
		ev = s.extend(ev, vp(a.Seat, -d.points, "relic:"+r))
	}
	return s.extend(ev, Event{Kind: EvObjectiveReplaced, Seat: a.Seat, Card: st.Cards[0], Deck: a.Outcome, Extra: &Extra{Cards: []string{deck[0]}}},
		Event{Kind: EvStepCleared, Seat: a.Seat}), nil
}

func applyNeuraloop(s *State, e *Event) bool {
	switch e.Kind {
	case EvObjectiveReplaced:
		switch e.Deck {
		case "stage_i":
			s.Decks.StageI = s.Decks.StageI[1:]
		case "stage_ii":
			s.Decks.StageII = s.Decks.StageII[1:]
		case "secret":
			s.Decks.Secrets = s.Decks.Secrets[1:]
		}
		rev := slices.Clone(s.Decks.Revealed)
		rev[slices.Index(rev, e.Card)] = e.Extra.Cards[0]
		s.Decks.Revealed = rev
		if s.rules() >= RulesDraws { // kept, face up: no deal of the unrevealed takes it again
			s.Decks.Discarded = append(slices.Clip(s.Decks.Discarded), e.Card)
		}
	default:
		return false
	}
	return true
}
