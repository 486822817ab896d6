package ti4

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// The agenda cards (LRR 7): what each outcome does. Directives act once
// (7.7, 7.8); laws that pass stay in play (7.3) and the rules they change
// ask State.Law. Effects that need a player's choice queue a step for that
// player (State.Choices); the rest resolve at once.

// Pending is an effect that waits for the start of the next strategy phase.
type Pending struct {
	Card  string `json:"card"`
	Seats []int  `json:"seats,omitempty"`
}

// Agenda choice steps.
const (
	StepDestroy    = "destroy_units"   // Need units of Units (any if empty), in Systems (any if empty)
	StepAgendaTech = "gain_technology" // Need technologies
	StepExhaust    = "exhaust_planets" // Need planets
	StepReadyUpTo  = "ready_planets_up_to"
	StepPlaceMech  = "place_mech" // on a planet in the home system
	StepDropTokens = "return_command_tokens"
	StepPickPlayer = "choose_player_fewest_vp"
)

// Agenda choice actions.
const (
	ActDestroy      = "destroy_unit"
	ActChoosePlanet = "choose_planet"
)

// Agenda effect events.
const (
	EvChoiceQueued = "choice_queued"
	EvChoiceNext   = "choice_next"
	EvPending      = "effect_pending"
	EvPendingDone  = "pending_effects_resolved"
	EvLawDiscarded = "law_discarded"
	// EvLawsBlanked: every law is blank till the end of the turn
	// (State.LawsBlank).
	EvLawsBlanked = "laws_blanked"
)

// revealable reports whether an agenda can be resolved now; those whose
// election would have no candidate are discarded when revealed.
func revealable(s *State, id string) bool {
	switch id {
	case "classified_document_leaks":
		return len(s.Outcomes(id)) > 0
	case "judicial_abolishment", "miscount_disclosed", "new_constitution":
		return len(s.Laws) > 0
	case "covert_legislation":
		return len(s.Decks.Agendas) > 1
	}
	return true
}

// votersFor lists the seats whose ballot was for outcome.
func votersFor(ag *AgendaStep, outcome string) []int {
	var out []int
	for _, b := range ag.Ballots {
		if b.Outcome == outcome {
			out = append(out, b.Seat)
		}
	}
	return out
}

func queue(st Step) Event { return Event{Kind: EvChoiceQueued, Seat: st.Seat, Step: &st} }

func discardHand(s *State, seat int) []Event {
	var ev []Event
	for _, c := range s.Players[seat].ActionCards {
		ev = s.extend(ev, Event{Kind: EvACDiscarded, Seat: seat, Card: c})
	}
	return ev
}

func vp(seat, n int, card string) Event {
	return Event{Kind: EvVictoryPoint, Seat: seat, Count: n, Card: card}
}

// destroyAll removes every unit matching keep from the board.
func destroyAll(s *State, keep func(sys *System, pl *Planet, st Stack) bool) []Event {
	var ev []Event
	for _, sys := range s.Systems {
		for _, st := range sys.Space {
			if keep(sys, nil, st) {
				ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Unit: st.Unit, Count: st.Count})
			}
		}
		for _, pl := range sys.Planets {
			for _, st := range pl.Units {
				if keep(sys, pl, st) {
					ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Planet: pl.Name, Unit: st.Unit, Count: st.Count})
				}
			}
		}
	}
	return ev
}

// resolveAgenda returns the effects of the outcome (8.18).
func resolveAgenda(s *State, rng *engine.RNG) []Event {
	ag := s.Agenda
	out := ag.Outcome
	if out == "none" {
		return nil
	}
	var ev []Event
	if f := agendaOutcomes[ag.Subject+"/"+out]; f != nil {
		ev = f(&outcomeRun{s: s, ag: ag, rng: rng, active: s.Active(), out: out})
	}
	ev = s.extend(ev, electedEffects(s, ag, out, rng)...)
	return s.extend(ev, riderRewards(s, ag, ev, rng)...)
}

// readyLimitSteps are, after an agenda phase in which Checks and Balances
// was voted down, each player's readying of up to three planets.
func readyLimitSteps(s *State) []Event {
	ev := s.emit(Event{Kind: EvReadyQueued})
	for _, q := range s.Active() {
		ev = s.extend(ev, queue(Step{Kind: StepReadyUpTo, Seat: q, Card: "checks_and_balances", Need: 3, Optional: true}))
	}
	return ev
}

// The laws' definitions: what each changes while in play.
func init() {
	for id, e := range map[string]LawEffect{
		"representative_government":   LawOneVoteEach,
		"executive_sanctions":         LawHandLimitThree,
		"checks_and_balances":         LawStrategyCardsGiven,
		"homeland_defense_act":        LawNoPDSLimit,
		"regulated_conscription":      LawUnitsCostFull,
		"nexus_sovereignty":           LawNexusAdjacent,
		"fleet_regulations":           LawFleetPoolFour,
		"articles_of_war":             LawMechsPlain,
		"wormhole_reconstruction":     LawWormholesJoined,
		"enforced_travel_ban":         LawWormholesClosed,
		"shared_research":             LawNebulaePassable,
		"publicize_weapon_schematics": LawWarSunsFragile,
		"conventions_of_war":          LawNoCulturalBombard,
	} {
		define(&Ability{ID: id, Law: e})
	}
	for id, e := range map[string]LawEffect{
		"political_censure":       LawNoActionCards,
		"prophecy_of_ixth":        LawFightersPlusOne,
		"minister_of_exploration": LawTradeGoodOnGain,
		"minister_of_industry":    LawIndustryOnDock,
		"minister_of_sciences":    LawFreeResearch,
		"minister_of_war":         LawActionAfterTurn,
		"search_warrant":          LawSecretsRevealed,
	} {
		define(&Ability{ID: id, Owned: e})
	}
}

// agendaOutcomes are the agendas' effects, by agenda and outcome ("id/for"):
// each outcome's definition, found by its key. Elections and riders are
// resolved after (electedEffects, riderRewards).
var agendaOutcomes = map[string]func(r *outcomeRun) []Event{
	"anti_intellectual_revolution/" + Against: outcomeNextStrategyPhase,
	"arms_reduction/" + Against:               outcomeNextStrategyPhase,
	"new_constitution/" + For:                 outcomeNextStrategyPhase,
	"representative_government/" + Against:    outcomeRepresentativeGovernmentAgainst,
	"arms_reduction/" + For:                   outcomeArmsReductionFor,
	"conventions_of_war/" + Against:           outcomeDiscardHands,
	"unconventional_measures/" + Against:      outcomeDiscardHands,
	"economic_equality/" + For:                outcomeEconomicEquality,
	"economic_equality/" + Against:            outcomeEconomicEquality,
	"enforced_travel_ban/" + Against:          outcomeEnforcedTravelBanAgainst,
	"executive_sanctions/" + Against:          outcomeExecutiveSanctionsAgainst,
	"fleet_regulations/" + For:                outcomeFleetRegulationsFor,
	"fleet_regulations/" + Against:            outcomeFleetRegulationsAgainst,
	"homeland_defense_act/" + Against:         outcomeHomelandDefenseActAgainst,
	"incentive_program/" + For:                outcomeIncentiveProgram,
	"incentive_program/" + Against:            outcomeIncentiveProgram,
	"ixthian_artifact/" + For:                 outcomeIxthianArtifactFor,
	"mutiny/" + For:                           outcomeMutiny,
	"mutiny/" + Against:                       outcomeMutiny,
	"publicize_weapon_schematics/" + Against:  outcomePublicizeWeaponSchematicsAgainst,
	"seed_of_an_empire/" + For:                outcomeSeedOfAnEmpire,
	"seed_of_an_empire/" + Against:            outcomeSeedOfAnEmpire,
	"shared_research/" + Against:              outcomeSharedResearchAgainst,
	"swords_to_plowshares/" + For:             outcomeSwordsToPlowsharesFor,
	"swords_to_plowshares/" + Against:         outcomeSwordsToPlowsharesAgainst,
	"unconventional_measures/" + For:          outcomeUnconventionalMeasuresFor,
	"wormhole_reconstruction/" + Against:      outcomeWormholeReconstructionAgainst,
	"wormhole_research/" + For:                outcomeWormholeResearchFor,
	"wormhole_research/" + Against:            outcomeWormholeResearchAgainst,
	"articles_of_war/" + Against:              outcomeArticlesOfWarAgainst,
	"checks_and_balances/" + Against:          outcomeChecksAndBalancesAgainst,
	"clandestine_operations/" + For:           outcomeClandestineOperationsFor,
	"clandestine_operations/" + Against:       outcomeClandestineOperationsAgainst,
	"nexus_sovereignty/" + Against:            outcomeNexusSovereigntyAgainst,
	"rearmament_agreement/" + For:             outcomeRearmamentAgreementFor,
	"rearmament_agreement/" + Against:         outcomeRearmamentAgreementAgainst,
}

// outcomeNextStrategyPhase waits for the next strategy phase (Pending).
func outcomeNextStrategyPhase(r *outcomeRun) []Event {
	s, ag := r.s, r.ag
	var ev []Event
	ev = s.extend(ev, Event{Kind: EvPending, Card: ag.Subject})
	return ev
}

func outcomeRepresentativeGovernmentAgainst(r *outcomeRun) []Event {
	s, ag := r.s, r.ag
	var ev []Event
	ev = s.extend(ev, Event{Kind: EvPending, Card: ag.Subject, Extra: &Extra{Cards: seatsToStrings(votersFor(ag, Against))}})
	return ev
}

func outcomeArmsReductionFor(r *outcomeRun) []Event {
	s, ag, each := r.s, r.ag, r.each
	var ev []Event
	each(func(q int) {
		for _, limit := range []struct {
			typ  string
			keep int
		}{{"dreadnought", 2}, {"cruiser", 4}} { // a fixed order: the choices queue the same way on every replay
			if n := s.OnBoard(q, limit.typ) - limit.keep; n > 0 {
				ev = s.extend(ev, queue(Step{Kind: StepDestroy, Seat: q, Card: ag.Subject, Need: n, Units: []string{limit.typ}}))
			}
		}
	})
	return ev
}

// outcomeDiscardHands discards the hands of the players who voted one way.
func outcomeDiscardHands(r *outcomeRun) []Event {
	s, ag := r.s, r.ag
	var ev []Event
	voters := votersFor(ag, For)
	if ag.Subject == "conventions_of_war" {
		voters = votersFor(ag, Against)
	}
	for _, q := range voters {
		ev = s.extend(ev, discardHand(s, q)...)
	}
	return ev
}

func outcomeEconomicEquality(r *outcomeRun) []Event {
	s, out, each := r.s, r.out, r.each
	var ev []Event
	each(func(q int) {
		n := -s.Players[q].TradeGoods
		if out == For {
			n += 5
		}
		ev = s.extend(ev, Event{Kind: EvTradeGoods, Seat: q, Count: n})
	})
	return ev
}

func outcomeEnforcedTravelBanAgainst(r *outcomeRun) []Event {
	s := r.s
	var ev []Event
	ev = destroyAll(s, func(sys *System, pl *Planet, st Stack) bool {
		if pl == nil || st.Unit != "pds" {
			return false
		}
		if s.hasWormhole(sys.Pos) {
			return true
		}
		for _, q := range s.galaxy.Neighbors(sys.Pos, s.Wormholes) {
			if s.hasWormhole(q) {
				return true
			}
		}
		return false
	})
	return ev
}

func outcomeExecutiveSanctionsAgainst(r *outcomeRun) []Event {
	s, rng, each := r.s, r.rng, r.each
	var ev []Event
	each(func(q int) {
		if h := s.Players[q].ActionCards; len(h) > 0 {
			ev = s.extend(ev, Event{Kind: EvACDiscarded, Seat: q, Card: h[rng.IntN(len(h))]})
		}
	})
	return ev
}

func outcomeFleetRegulationsFor(r *outcomeRun) []Event {
	s, each := r.s, r.each
	var ev []Event
	each(func(q int) {
		if p := s.Players[q]; p.Fleet > 4 {
			ev = s.extend(ev, Event{Kind: EvTokensSet, Seat: q, Pools: &Pools{p.Tactic, 4, p.Strategy}})
		}
	})
	return ev
}

func outcomeFleetRegulationsAgainst(r *outcomeRun) []Event {
	s, each := r.s, r.each
	var ev []Event
	each(func(q int) {
		if p := s.Players[q]; s.CommandReinforcements(q) > 0 {
			ev = s.extend(ev, Event{Kind: EvTokensSet, Seat: q, Pools: &Pools{p.Tactic, p.Fleet + 1, p.Strategy}})
		}
	})
	return ev
}

func outcomeHomelandDefenseActAgainst(r *outcomeRun) []Event {
	s, ag, each := r.s, r.ag, r.each
	var ev []Event
	each(func(q int) {
		if s.OnBoard(q, "pds") > 0 {
			ev = s.extend(ev, queue(Step{Kind: StepDestroy, Seat: q, Card: ag.Subject, Need: 1, Units: []string{"pds"}}))
		}
	})
	return ev
}

func outcomeIncentiveProgram(r *outcomeRun) []Event {
	s, out := r.s, r.out
	var ev []Event
	deck, list := "stage_i", s.Decks.StageI
	if out == Against {
		deck, list = "stage_ii", s.Decks.StageII
	}
	if len(list) > 0 {
		ev = s.extend(ev, Event{Kind: EvRevealed, Card: list[0], Deck: deck})
		ev = s.extend(ev, revealWindows(s, list[0])...)
	}
	return ev
}

func outcomeIxthianArtifactFor(r *outcomeRun) []Event {
	s, ag, rng, active, each := r.s, r.ag, r.rng, r.active, r.each
	var ev []Event
	roll := rng.Die()
	ev = s.extend(ev, Event{Kind: EvDice, Seat: s.Speaker, Card: ag.Subject, Rolls: []int{roll}})
	if roll >= 6 {
		each(func(q int) {
			ev = s.extend(ev, queue(Step{Kind: StepAgendaTech, Seat: q, Card: ag.Subject, Need: 2, Optional: true}))
		})
		return ev
	}
	rex := s.mecatolPos()
	ev = s.extend(ev, destroyAll(s, func(sys *System, _ *Planet, _ Stack) bool { return sys.Pos == rex })...)
	for _, q := range s.galaxy.Neighbors(rex, s.Wormholes) {
		for _, p := range active {
			if s.unitsIn(q, p) > 0 {
				ev = s.extend(ev, queue(Step{Kind: StepDestroy, Seat: p, Card: ag.Subject, Need: 3, Systems: []int{q}}))
			}
		}
	}
	return ev
}

func outcomeMutiny(r *outcomeRun) []Event {
	s, ag, out := r.s, r.ag, r.out
	var ev []Event
	for _, q := range votersFor(ag, For) {
		if out == For {
			ev = s.extend(ev, vp(q, 1, ag.Subject))
		} else if s.Players[q].VP > 0 {
			ev = s.extend(ev, vp(q, -1, ag.Subject))
		}
	}
	return ev
}

func outcomePublicizeWeaponSchematicsAgainst(r *outcomeRun) []Event {
	s, each := r.s, r.each
	var ev []Event
	each(func(q int) {
		if s.ownsWarSunTech(q) {
			ev = s.extend(ev, discardHand(s, q)...)
		}
	})
	return ev
}

func outcomeSeedOfAnEmpire(r *outcomeRun) []Event {
	s, ag, active, out, each := r.s, r.ag, r.active, r.out, r.each
	var ev []Event
	best := s.Players[active[0]].VP
	for _, q := range active {
		v := s.Players[q].VP
		if (out == For && v > best) || (out == Against && v < best) {
			best = v
		}
	}
	each(func(q int) {
		if s.Players[q].VP == best {
			ev = s.extend(ev, vp(q, 1, ag.Subject))
		}
	})
	return ev
}

func outcomeSharedResearchAgainst(r *outcomeRun) []Event {
	s, each := r.s, r.each
	var ev []Event
	each(func(q int) {
		home := s.Players[q].Home
		if s.CommandReinforcements(q) > 0 && !slices.Contains(s.System(home).Command, q) {
			ev = s.extend(ev, Event{Kind: EvCommandToken, Seat: q, System: home, Count: 1})
		}
	})
	return ev
}

func outcomeSwordsToPlowsharesFor(r *outcomeRun) []Event {
	s, each := r.s, r.each
	var ev []Event
	each(func(q int) {
		for _, sys := range s.Systems {
			for _, pl := range sys.Planets {
				if n := count(pl.Units, q, "infantry"); n > 0 && pl.Controller == q {
					k := (n + 1) / 2
					ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: q, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: k},
						Event{Kind: EvTradeGoods, Seat: q, Count: k})
				}
			}
		}
	})
	return ev
}

func outcomeSwordsToPlowsharesAgainst(r *outcomeRun) []Event {
	s, each := r.s, r.each
	var ev []Event
	each(func(q int) {
		left := s.Reinforcements(q, "infantry")
		for _, sys := range s.Systems {
			for _, pl := range sys.Planets {
				if pl.Controller == q && left > 0 && !unitsBarred(pl) {
					left--
					ev = s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: q, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1})
				}
			}
		}
	})
	return ev
}

func outcomeUnconventionalMeasuresFor(r *outcomeRun) []Event {
	s, ag, rng := r.s, r.ag, r.rng
	var ev []Event
	deck, discard := slices.Clone(s.Decks.ActionCards), slices.Clone(s.Decks.ActionDiscard)
	for _, q := range votersFor(ag, For) {
		ev = s.extend(ev, drawACFrom(s, &deck, &discard, rng, q, 2)...)
	}
	return ev
}

func outcomeWormholeReconstructionAgainst(r *outcomeRun) []Event {
	s, active := r.s, r.active
	var ev []Event
	var placed [8]int // tokens already placed by these events, not yet applied
	for _, sys := range s.Systems {
		if !s.hasWormhole(sys.Pos) {
			continue
		}
		for _, q := range active {
			if hasShips(sys, q) && !slices.Contains(sys.Command, q) && s.tokensToPlace(q) > placed[q] {
				ev = s.extend(ev, s.effectToken(q, sys.Pos, placed[q])...)
				placed[q]++
			}
		}
	}
	return ev
}

func outcomeWormholeResearchFor(r *outcomeRun) []Event {
	s, ag, each := r.s, r.ag, r.each
	var ev []Event
	each(func(q int) {
		for _, sys := range s.Systems {
			if s.hasWormhole(sys.Pos) && hasShips(sys, q) {
				ev = s.extend(ev, queue(Step{Kind: StepAgendaTech, Seat: q, Card: ag.Subject, Need: 1, Optional: true}))
				return
			}
		}
	})
	ev = s.extend(ev, destroyAll(s, func(sys *System, pl *Planet, st Stack) bool {
		t := tileOf(sys)
		ab := t.HasWormhole("alpha") || t.HasWormhole("beta") || slices.ContainsFunc(sys.Tokens, func(k Token) bool { return k.Kind == "alpha" || k.Kind == "beta" })
		return pl == nil && isShip(st.Unit) && ab
	})...)
	return ev
}

func outcomeWormholeResearchAgainst(r *outcomeRun) []Event {
	s, ag := r.s, r.ag
	var ev []Event
	for _, q := range votersFor(ag, Against) {
		if p := s.Players[q]; p.Tactic+p.Fleet+p.Strategy > 0 {
			ev = s.extend(ev, queue(Step{Kind: StepDropTokens, Seat: q, Card: ag.Subject, Need: 1}))
		}
	}
	return ev
}

func outcomeArticlesOfWarAgainst(r *outcomeRun) []Event {
	s, ag := r.s, r.ag
	var ev []Event
	for _, q := range votersFor(ag, For) {
		ev = s.extend(ev, Event{Kind: EvTradeGoods, Seat: q, Count: 3})
	}
	return ev
}

func outcomeChecksAndBalancesAgainst(r *outcomeRun) []Event {
	s := r.s
	var ev []Event
	ev = s.extend(ev, Event{Kind: EvReadyLimit})
	return ev
}

func outcomeClandestineOperationsFor(r *outcomeRun) []Event {
	s, ag, each := r.s, r.ag, r.each
	var ev []Event
	each(func(q int) {
		if p := s.Players[q]; p.Tactic+p.Fleet+p.Strategy > 0 {
			ev = s.extend(ev, queue(Step{Kind: StepDropTokens, Seat: q, Card: ag.Subject, Need: min(2, p.Tactic+p.Fleet+p.Strategy)}))
		}
	})
	return ev
}

func outcomeClandestineOperationsAgainst(r *outcomeRun) []Event {
	s, each := r.s, r.each
	var ev []Event
	each(func(q int) {
		if p := s.Players[q]; p.Fleet > 0 {
			ev = s.extend(ev, Event{Kind: EvTokensSet, Seat: q, Pools: &Pools{p.Tactic, p.Fleet - 1, p.Strategy}})
		}
	})
	return ev
}

func outcomeNexusSovereigntyAgainst(r *outcomeRun) []Event {
	s := r.s
	var ev []Event
	ev = s.extend(ev, Event{Kind: EvTokenPlaced, System: s.mecatolPos(), Card: "gamma", Seat: None})
	return ev
}

func outcomeRearmamentAgreementFor(r *outcomeRun) []Event {
	s, ag, each := r.s, r.ag, r.each
	var ev []Event
	each(func(q int) {
		if s.Reinforcements(q, "mech") > 0 && s.controlled(q, func(_ *Planet, sys *System, _ *data.Planet) bool { return sys.Pos == s.Players[q].Home }) > 0 {
			ev = s.extend(ev, queue(Step{Kind: StepPlaceMech, Seat: q, Card: ag.Subject, Need: 1}))
		}
	})
	return ev
}

func outcomeRearmamentAgreementAgainst(r *outcomeRun) []Event {
	s, each := r.s, r.each
	var ev []Event
	left := map[int]int{}
	each(func(q int) { left[q] = s.Reinforcements(q, "infantry") })
	ev = destroyAll(s, func(_ *System, pl *Planet, st Stack) bool { return st.Unit == "mech" })
	n := len(ev)
	for _, e := range ev[:n] {
		k := min(e.Count, left[e.Seat])
		left[e.Seat] -= k
		if k > 0 {
			ev = s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: e.Seat, System: e.System, Planet: e.Planet, Unit: "infantry", Count: k})
		}
	}
	return ev
}

// outcomeRun is what an outcome's effect reads.
type outcomeRun struct {
	s      *State
	ag     *AgendaStep
	rng    *engine.RNG
	active []int
	out    string
}

// each calls f with each active seat.
func (r *outcomeRun) each(f func(q int)) {
	for _, q := range r.active {
		f(q)
	}
}

// electedEffects are the effects of agendas that elect something.
func electedEffects(s *State, ag *AgendaStep, out string, rng *engine.RNG) []Event {
	var ev []Event
	seat := atoi(out)
	switch ag.Subject {
	case "archived_secret":
		ev = s.extend(ev, Event{Kind: EvDrawSecret, Seat: seat})
	case "search_warrant":
		ev = s.extend(ev, Event{Kind: EvDrawSecret, Seat: seat}, Event{Kind: EvDrawSecret, Seat: seat})
	case "political_censure":
		ev = s.extend(ev, vp(seat, 1, ag.Subject))
	case "public_execution":
		ev = s.extend(ev, discardHand(s, seat)...)
		if s.Speaker == seat {
			ev = s.extend(ev, Event{Kind: EvSpeakerChanged, Extra: &Extra{Speaker: s.LeftOf(seat)}})
		}
		ev = s.extend(ev, Event{Kind: EvBarred, Seat: seat})
	case "minister_of_antiquities":
		ev = s.extend(ev, gainRelic(s, seat, rng)...)
	case "armed_forces_standardization":
		p := s.Players[seat]
		have := p.Tactic + p.Fleet + p.Strategy + s.CommandReinforcements(seat)
		want := Pools{3, 3, 2}
		for want.Sum() > have { // too few tokens in all: fill in order
			switch {
			case want.Strategy > 0:
				want.Strategy--
			case want.Fleet > 0:
				want.Fleet--
			default:
				want.Tactic--
			}
		}
		ev = s.extend(ev, Event{Kind: EvTokensSet, Seat: seat, Pools: &want})
	case "research_grant_reallocation":
		ev = s.extend(ev, queue(Step{Kind: StepAgendaTech, Seat: seat, Card: ag.Subject, Need: 1, Free: true}))
	case "compensated_disarmament":
		pl, sys := s.Planet(out)
		for _, st := range pl.Units {
			if s.groundForce(st.Owner, st.Unit) {
				ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Planet: pl.Name, Unit: st.Unit, Count: st.Count})
				if pl.Controller != None {
					ev = s.extend(ev, Event{Kind: EvTradeGoods, Seat: pl.Controller, Count: st.Count})
				}
			}
		}
	case "colonial_redistribution":
		pl, sys := s.Planet(out)
		for _, st := range pl.Units {
			ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Planet: pl.Name, Unit: st.Unit, Count: st.Count})
		}
		ev = s.extend(ev, queue(Step{Kind: StepPickPlayer, Seat: pl.Controller, Card: ag.Subject, Planet: pl.Name, Need: 1}))
	case "judicial_abolishment":
		ev = s.extend(ev, Event{Kind: EvLawDiscarded, Card: out})
	case "galactic_crisis_pact":
		// Everyone may use the elected card's secondary, free of a token.
		ev = s.extend(ev, Event{Kind: EvCrisisPact, Card: out})
	case "new_constitution":
		if out == For {
			for _, l := range s.Laws {
				ev = s.extend(ev, Event{Kind: EvLawDiscarded, Card: l.Card})
			}
		}
	}
	return ev
}

func seatsToStrings(xs []int) []string {
	var out []string
	for _, x := range xs {
		out = append(out, strconv.Itoa(x))
	}
	return out
}

// Agenda bookkeeping events.
const (
	EvBarred      = "barred_from_voting"
	EvRelicGained = "relic_gained"
	EvTokenPlaced = "token_placed"
	// EvTokenRemoved: the token Card of Seat's leaves the system.
	EvTokenRemoved = "token_removed"
	EvReadyLimit   = "ready_limit" // Checks and Balances: 8.4 readies three planets each
	EvCrisisPact   = "crisis_pact" // Galactic Crisis Pact: every player is offered a secondary
)

// mecatolPos is the position of the Mecatol Rex system.
func (s *State) mecatolPos() int {
	_, sys := s.Planet(MecatolRex)
	if sys == nil {
		return None
	}
	return sys.Pos
}

// hasWormhole reports a system that contains a wormhole, printed or token.
func (s *State) hasWormhole(pos int) bool {
	sys := s.System(pos)
	return sys != nil && (len(tileOf(sys).Wormholes) > 0 || len(s.Wormholes(pos)) > 0)
}

func hasShips(sys *System, seat int) bool {
	for _, st := range sys.Space {
		if st.Owner == seat && isShip(st.Unit) {
			return true
		}
	}
	return false
}

// unitsIn counts seat's units in a system, in space and on its planets.
func (s *State) unitsIn(pos, seat int) int {
	sys := s.System(pos)
	if sys == nil {
		return 0
	}
	n := count(sys.Space, seat, "")
	for _, pl := range sys.Planets {
		n += count(pl.Units, seat, "")
	}
	return n
}

func (s *State) ownsWarSunTech(seat int) bool {
	for _, id := range s.Players[seat].Techs {
		if t := data.MustLoad().Technology(id); t != nil && (t.Unit == "war_sun" || id == "prototype_war_sun_2") {
			return true
		}
	}
	return false
}

// pendingFollowUps resolves, at the start of the strategy phase, the
// effects agendas left for it.
func pendingFollowUps(s *State) []Event {
	if s.Phase != PhaseStrategy || len(s.Pending) == 0 || s.Step != nil {
		return nil
	}
	var ev []Event
	exhaust := func(q int, ok func(*Planet, *System, *data.Planet) bool) {
		s.controlled(q, func(pl *Planet, sys *System, i *data.Planet) bool {
			if !pl.Exhausted && ok(pl, sys, i) {
				ev = s.extend(ev, Event{Kind: EvPlanetExhausted, Seat: q, Planet: pl.Name})
			}
			return false
		})
	}
	for _, p := range s.Pending {
		switch p.Card {
		case "anti_intellectual_revolution":
			for _, q := range s.Active() {
				if n := len(s.Players[q].Techs); n > 0 {
					ev = s.extend(ev, queue(Step{Kind: StepExhaust, Seat: q, Card: p.Card, Need: n}))
				}
			}
		case "arms_reduction":
			for _, q := range s.Active() {
				exhaust(q, func(_ *Planet, _ *System, i *data.Planet) bool { return i.Tech != "" })
			}
		case "new_constitution":
			for _, q := range s.Active() {
				exhaust(q, func(_ *Planet, sys *System, _ *data.Planet) bool { return sys.Pos == s.Players[q].Home })
			}
		case "representative_government":
			for _, q := range p.Seats {
				exhaust(q, func(_ *Planet, _ *System, i *data.Planet) bool { return i.HasTrait("cultural") })
			}
		}
	}
	return s.extend(ev, Event{Kind: EvPendingDone})
}

// choiceFollowUps hands the next queued choice to its player, and closes a
// choice that is complete or has nothing left to choose.
func choiceFollowUps(s *State) []Event {
	if st := s.Step; st != nil {
		if isAgendaStep(st.Kind) && (st.Count >= st.Need || !choiceLeft(s, st)) {
			return s.emit(Event{Kind: EvStepCleared, Seat: st.Seat})
		}
		return nil
	}
	if len(s.Choices) > 0 && (s.Combat == nil || s.Combat.Held) && !s.answering() && (s.Trade == nil || s.rules() < RulesPoK) { // a transaction opened meanwhile is settled first
		return s.emit(Event{Kind: EvChoiceNext, Seat: s.Choices[0].Seat})
	}
	return nil
}

// answering reports a window of the action phase waiting on players'
// answers (1.19): a queued choice opens once it closes, so that the two
// never wait on each other.
func (s *State) answering() bool {
	if w, _ := s.openWindow(); w != nil {
		return true
	}
	return s.PickAsk != nil || (s.Invasion != nil && s.Invasion.Ask != nil)
}

func isAgendaStep(kind string) bool {
	switch kind {
	case StepDestroy, StepAgendaTech, StepExhaust, StepReadyUpTo, StepPlaceMech, StepDropTokens, StepPickPlayer,
		StepGainTokens, StepPlaceDock, StepPlaceShip, StepDiploRider, StepGiveNote, StepDrawDiscard:
		return true
	}
	return false
}

// choiceLeft reports whether a step still has a possible choice.
func choiceLeft(s *State, st *Step) bool {
	switch st.Kind {
	case StepGiveNote:
		return len(s.givable(st.Seat, *st.Receiver)) > 0
	case StepDestroy:
		return len(destroyTargets(s, st)) > 0
	case StepExhaust, StepReadyUpTo:
		want := st.Kind == StepReadyUpTo
		return s.controlled(st.Seat, func(pl *Planet, _ *System, _ *data.Planet) bool { return pl.Exhausted == want }) > 0
	case StepPlaceMech:
		return s.Reinforcements(st.Seat, "mech") > 0
	case StepPlaceShip:
		return slices.ContainsFunc(s.Systems, func(sys *System) bool { return hasShips(sys, st.Seat) })
	case StepPlaceDock:
		return s.controlled(st.Seat, func(pl *Planet, _ *System, _ *data.Planet) bool {
			return checkPlacement(s, st.Seat, "space_dock", 1, pl) == nil
		}) > 0
	case StepDiploRider:
		return s.controlled(st.Seat, func(_ *Planet, sys *System, _ *data.Planet) bool { return !isCards(sys) }) > 0
	}
	return true
}

// destroyTargets lists (system, planet, unit) a destroy step may take.
func destroyTargets(s *State, st *Step) []Action {
	var out []Action
	for _, sys := range s.Systems {
		if len(st.Systems) > 0 && !slices.Contains(st.Systems, sys.Pos) {
			continue
		}
		ok := func(u string) bool { return len(st.Units) == 0 || slices.Contains(st.Units, u) }
		for _, x := range sys.Space {
			if x.Owner == st.Seat && ok(x.Unit) {
				out = append(out, Action{Kind: ActDestroy, System: ip(sys.Pos), Unit: x.Unit})
			}
		}
		for _, pl := range sys.Planets {
			for _, x := range pl.Units {
				if x.Owner == st.Seat && ok(x.Unit) {
					out = append(out, Action{Kind: ActDestroy, System: ip(sys.Pos), Planet: pl.Name, Unit: x.Unit})
				}
			}
		}
	}
	return out
}

func decideDestroy(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepDestroy)
	if err != nil {
		return nil, err
	}
	for _, t := range destroyTargets(s, st) {
		if *t.System == *a.System && t.Planet == a.Planet && t.Unit == a.Unit {
			return s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: *a.System, Planet: a.Planet, Unit: a.Unit, Count: 1}, Event{Kind: EvStepProgress, Seat: a.Seat}), nil
		}
	}
	return nil, engine.Refuse("7.8", "%s must destroy one of its own %v units%s", s.Players[a.Seat], st.Units, inSystems(st.Systems))
}

func inSystems(sys []int) string {
	if len(sys) == 0 {
		return ""
	}
	return " in system " + strconv.Itoa(sys[0])
}

// decideAgendaTech gains a technology an agenda grants: with prerequisites
// (90.6) unless the agenda waives them; Research Grant Reallocation then
// costs a fleet token per prerequisite.
func decideAgendaTech(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepAgendaTech)
	if err != nil {
		return nil, err
	}
	if a.Card == st.Except && a.Card != "" {
		return nil, engine.Refuse("2.7", "research another technology than %s", a.Card)
	}
	if len(st.Cards) > 0 && !slices.Contains(st.Cards, a.Card) {
		return nil, engine.Refuse("1.3", "gain one of %v", st.Cards)
	}
	if !st.Free {
		if ev, instead, err := researchInstead(s, a); err != nil {
			return nil, err
		} else if instead {
			return s.extend(ev, Event{Kind: EvStepProgress, Seat: a.Seat}), nil
		}
	}
	if st.Free {
		if t := data.MustLoad().Technology(a.Card); t != nil && t.Faction != "" && t.Faction != s.Players[a.Seat].Faction && slices.Contains(st.Cards, a.Card) &&
			slices.Contains(s.assimilable(a.Seat, s.Active()...), a.Card) {
			return s.emit(Event{Kind: EvAssimilated, Seat: a.Seat, Card: t.ID}, Event{Kind: EvStepProgress, Seat: a.Seat}), nil // 90.16
		}
	}
	var t *data.Technology
	if st.Free {
		t = data.MustLoad().Technology(a.Card)
		if t == nil {
			return nil, engine.BadInput("card", "unknown technology %q", a.Card)
		}
		if err := s.techOpen(a.Seat, t); err != nil {
			return nil, err
		}
	} else if t, err = checkResearch(s, a.Seat, a.Card, nil); err != nil {
		return nil, err
	}
	ev := s.emit(Event{Kind: EvTechGained, Seat: a.Seat, Card: t.ID}, Event{Kind: EvStepProgress, Seat: a.Seat})
	if st.Free && st.Card == "research_grant_reallocation" {
		p := s.Players[a.Seat]
		n := min(p.Fleet, prereqCount(t))
		if n > 0 {
			ev = s.extend(ev, Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &Pools{p.Tactic, p.Fleet - n, p.Strategy}})
		}
	}
	ev = s.extend(ev, afterResearch(s, a.Seat)...)
	if !st.Free {
		ev = s.extend(ev, notesOnResearch(s, a.Seat, t.ID)...)
	}
	return ev, nil
}

// afterResearch is Anti-Intellectual Revolution's law: a player who
// researches a technology then destroys one of their non-fighter ships.
func afterResearch(s *State, seat int) []Event {
	if s.Law("anti_intellectual_revolution") == nil {
		return nil
	}
	ships := []string{"war_sun", "flagship", "dreadnought", "carrier", "cruiser", "destroyer"}
	return s.emit(queue(Step{Kind: StepDestroy, Seat: seat, Card: "anti_intellectual_revolution", Need: 1, Units: ships}))
}

// Exhausting (Anti-Intellectual Revolution) or readying (Checks and
// Balances) one of your planets for an agenda: ready selects which.
func decideAgendaPlanet(s *State, a Action, ready bool) ([]Event, error) {
	kind, verb, ev := StepExhaust, "exhaust a readied", EvPlanetExhausted
	if ready {
		kind, verb, ev = StepReadyUpTo, "ready an exhausted", EvPlanetReadied
	}
	st, err := inStep(s, a.Seat, kind)
	if err != nil {
		return nil, err
	}
	pl, _, err := findPlanet(s, a.Planet)
	if err != nil {
		return nil, err
	}
	if pl.Controller != a.Seat || pl.Exhausted != ready {
		return nil, engine.Refuse("7.8", "%s planet you control for %s", verb, st.Card)
	}
	return s.emit(Event{Kind: ev, Seat: a.Seat, Planet: pl.Name}, Event{Kind: EvStepProgress, Seat: a.Seat}), nil
}

// Rearmament Agreement: a mech on a planet the player controls in their
// home system.
func decidePlaceMech(s *State, a Action) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepPlaceMech); err != nil {
		return nil, err
	}
	pl, sys, err := findPlanet(s, a.Planet)
	if err != nil {
		return nil, err
	}
	if pl.Controller != a.Seat || sys.Pos != s.Players[a.Seat].Home {
		return nil, engine.Refuse("7.8", "the mech goes on a planet you control in your home system")
	}
	return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "mech", Count: 1}, Event{Kind: EvStepProgress, Seat: a.Seat}), nil
}

// dropNeed is the tokens the step takes from p's sheet: as many as it
// says, or all p has left (tokens spent since the step was queued, by
// Quash say, are not there to return).
func dropNeed(p *Player, st *Step) int { return min(st.Need, p.Tactic+p.Fleet+p.Strategy) }

// Clandestine Operations: tokens returned from the command sheet; pools
// says how many from each.
func decideDropTokens(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepDropTokens)
	if err != nil {
		return nil, err
	}
	d, err := need(a.Pools, "pools")
	if err != nil {
		return nil, err
	}
	p := s.Players[a.Seat]
	if n := dropNeed(p, st); d.Tactic < 0 || d.Fleet < 0 || d.Strategy < 0 || d.Tactic > p.Tactic || d.Fleet > p.Fleet || d.Strategy > p.Strategy || d.Sum() != n {
		return nil, engine.Refuse("7.8", "return exactly %d command tokens from your pools for %s", n, st.Card)
	}
	return s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &Pools{p.Tactic - d.Tactic, p.Fleet - d.Fleet, p.Strategy - d.Strategy}}, Event{Kind: EvStepCleared, Seat: a.Seat}), nil
}

// Colonial Redistribution: the planet's controller picks a player with the
// fewest points, who places an infantry on the planet.
func decidePickFewest(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepPickPlayer)
	if err != nil {
		return nil, err
	}
	q, err := need(a.extra().Player, "player")
	if err != nil {
		return nil, err
	}
	fewest := 1 << 30
	for _, x := range s.Active() {
		fewest = min(fewest, s.Players[x].VP)
	}
	if s.Player(q) == nil || s.Players[q].Eliminated || s.Players[q].VP != fewest {
		return nil, engine.Refuse("7.8", "choose a player with the fewest victory points (%d)", fewest)
	}
	ev := s.emit(Event{Kind: EvStepCleared, Seat: a.Seat})
	if pl, sys := s.Planet(st.Planet); pl != nil && s.Reinforcements(q, "infantry") > 0 && !unitsBarred(pl) {
		ev = s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: q, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1})
	}
	return ev, nil
}

// decideAgendaDone ends an optional agenda choice early.
func decideAgendaDone(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepAgendaTech, StepReadyUpTo)
	if err != nil {
		return nil, err
	}
	if !st.Optional {
		return nil, engine.Refuse("7.8", "%s must be resolved in full", st.Card)
	}
	return s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}), nil
}

// lawLeaves undoes what a law gave while it was in play.
func lawLeaves(s *State, l Law) {
	if l.Card == "political_censure" && l.Owner != None {
		p := s.Players[l.Owner]
		if p.VP > 0 {
			p.VP--
			p.AgendaVP--
		}
	}
}

func applyAgendaEffects(s *State, e *Event) bool {
	switch e.Kind {
	case EvLawsBlanked:
		s.LawsBlank = true
	case EvChoiceQueued:
		s.Choices = append(s.Choices, *e.Step)
	case EvChoiceNext:
		st := s.Choices[0]
		s.Step = &st
		s.Choices = s.Choices[1:]
	case EvPending:
		p := Pending{Card: e.Card}
		for _, x := range e.extra().Cards {
			p.Seats = append(p.Seats, atoi(x))
		}
		s.Pending = append(s.Pending, p)
	case EvPendingDone:
		s.Pending = nil
	case EvLawDiscarded:
		discardLaw(s, e.Card)
	case EvReadyLimit:
		s.Agenda.ReadyLimit = true
	case EvCrisisPact:
		order := s.SpeakerOrder()
		s.Strategic = &Strategic{Card: e.Card, Seat: None, PrimaryDone: true, Queue: order, Free: slices.Clone(order)}
	case EvBarred:
		s.Agenda.Barred = append(s.Agenda.Barred, e.Seat)
	case EvRelicGained:
		s.Decks.Relics = s.Decks.Relics[1:]
		s.Players[e.Seat].Relics = append(s.Players[e.Seat].Relics, e.Card)
	case EvTokenPlaced:
		applyTokenPlaced(s, e)
	case EvTokenRemoved:
		tokens := &s.System(e.System).Tokens
		if e.Planet != "" {
			pl, _ := s.Planet(e.Planet)
			tokens = &pl.Tokens
		}
		i := slices.Index(*tokens, Token{Kind: e.Card, Owner: e.Seat})
		*tokens = slices.Delete(slices.Clone(*tokens), i, i+1)
	default:
		return false
	}
	return true
}

// agendaOptions lists the candidate actions of the agenda phase and of
// agenda choices for seat.
func agendaOptions(s *State, seat int, add func(Action)) {
	if st := s.Step; st != nil && isAgendaStep(st.Kind) {
		if st.Seat != seat {
			return
		}
		switch st.Kind {
		case StepDestroy:
			for _, a := range destroyTargets(s, st) {
				add(a)
			}
		case StepAgendaTech:
			if !st.Free && s.bonus(seat, hookResearchTokens) > 0 {
				add(Action{Kind: ActResearch}) // command tokens instead
			} else {
				for _, t := range s.technologies() {
					if len(st.Cards) == 0 || slices.Contains(st.Cards, t.ID) {
						add(Action{Kind: ActResearch, Card: t.ID})
					}
				}
			}
			add(Action{Kind: ActDone})
		case StepExhaust, StepReadyUpTo, StepPlaceMech:
			kind := map[string]string{StepExhaust: ActSpendPlanet, StepReadyUpTo: ActReadyPlanet, StepPlaceMech: ActChoosePlanet}[st.Kind]
			s.controlled(seat, func(pl *Planet, _ *System, _ *data.Planet) bool {
				add(Action{Kind: kind, Planet: pl.Name})
				return false
			})
			add(Action{Kind: ActDone})
		case StepDropTokens:
			for _, d := range distributions(dropNeed(s.Players[seat], st)) {
				add(Action{Kind: ActDone, Pools: d})
			}
		case StepPickPlayer:
			for _, q := range s.Active() {
				add(Action{Kind: ActChoosePlayer, ActionExtra: &ActionExtra{Player: ip(q)}})
			}
		case StepGiveNote:
			for _, n := range s.givable(seat, *st.Receiver) {
				add(Action{Kind: ActGiveNote, Card: n})
			}
		case StepGainTokens:
			for _, d := range distributions(min(st.Need, s.CommandReinforcements(seat))) {
				add(Action{Kind: ActGainTokens, Pools: d})
			}
		case StepPlaceDock:
			s.controlled(seat, func(pl *Planet, _ *System, _ *data.Planet) bool {
				add(Action{Kind: ActChoosePlanet, Planet: pl.Name})
				return false
			})
		case StepPlaceShip, StepDiploRider:
			for _, sys := range s.Systems {
				add(Action{Kind: ActChooseSystem, System: ip(sys.Pos)})
			}
		}
		return
	}
	ag := s.Agenda
	if s.Phase != PhaseAgenda || ag == nil {
		return
	}
	if ag.Tied != nil && seat == s.Speaker {
		for _, o := range ag.Tied {
			add(Action{Kind: ActBreakTie, Outcome: o})
		}
	}
	if ag.Window != "" {
		if len(ag.WindowQueue) > 0 && ag.WindowQueue[0] == seat {
			add(Action{Kind: ActPassWindow})
			acOptions(s, seat, add)
		}
		return
	}
	if len(ag.Voters) == 0 || ag.Voters[0] != seat || s.Step != nil {
		return
	}
	if ag.Voting {
		acOptions(s, seat, add)
		s.controlled(seat, func(pl *Planet, _ *System, i *data.Planet) bool {
			if !pl.Exhausted && i.Influence > 0 {
				add(Action{Kind: ActSpendPlanet, Planet: pl.Name})
			}
			return false
		})
		if tg := s.Players[seat].TradeGoods; tg > 0 && s.bonus(seat, hookVotesPerTG) > 0 {
			add(Action{Kind: ActSpendTG, Count: 1})
			add(Action{Kind: ActSpendTG, Count: tg})
		}
		add(Action{Kind: ActDone})
		return
	}
	for _, o := range s.Outcomes(ag.Subject) {
		add(Action{Kind: ActVote, Outcome: o})
	}
	add(Action{Kind: ActAbstain})
}

// commerce is Minister of Commerce: after replenishing commodities its owner
// gains a trade good per neighbor.
func commerce(s *State, seat int) []Event {
	if !s.OwnsLaw(seat, "minister_of_commerce") {
		return nil
	}
	n := len(s.Neighbors(seat))
	if n == 0 {
		return nil
	}
	return s.emit(Event{Kind: EvTradeGoods, Seat: seat, Count: n})
}

// policyDraw is Minister of Policy: its owner draws an action card at the
// end of the status phase.
func policyDraw(s *State, before []Event, rng *engine.RNG) []Event {
	for _, l := range s.Laws {
		if l.Card == "minister_of_policy" && l.Owner != None && !s.Players[l.Owner].Eliminated {
			deck, discard := actionDeckAfter(s, before)
			return drawACFrom(s, &deck, &discard, rng, l.Owner, 1)
		}
	}
	return nil
}

// schematicsPublic is Publicize Weapon Schematics: once anyone owns a war
// sun technology, war sun technologies need no prerequisites.
func (s *State) schematicsPublic(t *data.Technology) bool {
	if s.Law("publicize_weapon_schematics") == nil || t.Unit == "" || !strings.Contains(t.ID, "war_sun") {
		return false
	}
	for _, q := range s.Active() {
		if s.ownsWarSunTech(q) {
			return true
		}
	}
	return false
}

// leaked reports the secret objective Classified Document Leaks made public.
func (s *State) leaked(id string) bool {
	if l := s.Law("classified_document_leaks"); l != nil && l.Elected == id {
		return true
	}
	return s.rules() >= RulesAgents && slices.Contains(s.Decks.Revealed, id) // a secret revealed as public (Neuraloop)
}

// scorablePublics are the public objectives: those revealed, and a secret
// objective made public by Classified Document Leaks.
func (s *State) scorablePublics() []string {
	if l := s.Law("classified_document_leaks"); l != nil {
		return append(slices.Clip(s.Decks.Revealed), l.Elected)
	}
	return s.Decks.Revealed
}

// revotes reports the agenda that has a law in play voted on again
// (Miscount Disclosed).
func revotes(id string) bool { return id == "miscount_disclosed" }

// drawnInSecret reports the agenda whose outcome is the next agenda,
// drawn by the speaker in secret (Covert Legislation).
func drawnInSecret(id string) bool { return id == "covert_legislation" }

// applyTokenPlaced puts the token Card of Seat's in the system, or on its
// Planet; a planet's token placed in a tactical action is marked new to it.
func applyTokenPlaced(s *State, e *Event) {
	t := Token{Kind: e.Card, Owner: e.Seat}
	if e.Planet == "" {
		sys := s.System(e.System)
		sys.Tokens = append(sys.Tokens, t)
		return
	}
	pl, _ := s.Planet(e.Planet)
	pl.Tokens = append(pl.Tokens, t)
	if s.Tactical != nil {
		s.Tactical.Tokened = append(s.Tactical.Tokened, e.Planet)
	}
}
