package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Xxcha Kingdom's abilities.
func init() {
	// Peace Accords: after the Diplomacy card's primary or secondary, a
	// planet without units, not Mecatol Rex, adjacent to one the Xxcha
	// control (6.2, 6.3), is gained (25).
	define(&Ability{ID: "xxcha:peace_accords", Since: RulesFactions,
		Uses: []*Use{{At: AfterStrategy, Fields: "planet", Options: peaceOptions, Resolve: peaceAccords}}})
	// Quash: when an agenda is revealed, a token from the strategy pool
	// discards it, and the next agenda is revealed in its place.
	define(&Ability{ID: "xxcha:quash", Since: RulesFactions,
		Uses: []*Use{{At: WhenAgendaRevealed, Options: quashOptions, Resolve: quash}}})
}

// Political Favor, the Xxcha's note: when an agenda is revealed, its
// holder takes a token from the Xxcha's strategy pool back to their
// reinforcements, and the agenda is discarded for the next one (not with
// the Xxcha's pool empty).
func init() {
	defineNote("xxcha:political_favor", &promissoryNote{since: RulesFactions, moment: favorMoment, play: politicalFavor})
}

func favorMoment(s *State, seat int) bool {
	o := s.seatOfFaction("xxcha")
	return agendaJustRevealed(s) && o != None && s.Players[o].Strategy > 0
}

func politicalFavor(s *State, a Action, owner int) ([]Event, error) {
	if !agendaJustRevealed(s) {
		return nil, engine.Refuse("69.1", "Political Favor is played when an agenda is revealed, before the votes")
	}
	x := s.Players[owner]
	if x.Strategy == 0 {
		return nil, engine.Refuse("69.1", "Political Favor takes a token from the Xxcha's strategy pool, which is empty")
	}
	return s.emit(Event{Kind: EvTokensSet, Seat: owner, Pools: &Pools{x.Tactic, x.Fleet, x.Strategy - 1}},
		Event{Kind: EvVetoed, Card: s.Agenda.Card}, Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}

// quashOptions: one use while a strategy token is there to spend (Quash,
// Nullification Field).
func quashOptions(s *State, seat int, _ *Step) []Action {
	if s.Players[seat].Strategy == 0 {
		return nil
	}
	return []Action{{}}
}

func quash(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	if p.Strategy == 0 {
		return nil, engine.Refuse("1.11", "Quash spends a token from the strategy pool, and yours is empty")
	}
	return s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &Pools{p.Tactic, p.Fleet, p.Strategy - 1}},
		Event{Kind: EvVetoed, Card: s.Agenda.Card}), nil
}

func peaceOptions(s *State, seat int, st *Step) []Action {
	if st == nil || !slices.Contains(st.Cards, "diplomacy") {
		return nil
	}
	var mine []int
	for _, pl := range s.ownPlanets(seat) {
		if _, sys := s.Planet(pl.Name); sys != nil && !slices.Contains(mine, sys.Pos) {
			mine = append(mine, sys.Pos)
		}
	}
	var out []Action
	for _, sys := range s.Systems {
		near := slices.ContainsFunc(mine, func(p int) bool { return p == sys.Pos || s.Adjacent(p, sys.Pos) })
		if !near {
			continue
		}
		for _, pl := range sys.Planets {
			if pl.Controller != seat && pl.Name != MecatolRex && len(pl.Units) == 0 {
				out = append(out, Action{Planet: pl.Name})
			}
		}
	}
	return out
}

func peaceAccords(s *State, a Action, st *Step, rng *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(peaceOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet }) {
		return nil, engine.Refuse("1.3", "gain a planet without units, other than Mecatol Rex, next to one you control")
	}
	pl, sys := s.Planet(a.Planet)
	return gain(s, newExplorer(s, rng), a.Seat, sys.Pos, pl), nil
}

// Nullification Field, an Xxcha technology: after another player activates
// a system holding the Xxcha's ships, the Xxcha may exhaust it and spend a
// strategy token to end that player's turn (the token stays).
func init() {
	define(&Ability{ID: "nullification_field", Since: RulesPrinted,
		Uses: []*Use{{At: AfterOthersActivate, Exhaust: true, Options: quashOptions, Resolve: nullificationField}}})
}

func nullificationField(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	if p.Strategy == 0 {
		return nil, engine.Refuse("1.11", "Nullification Field spends a token from the strategy pool, and yours is empty")
	}
	t := s.Tactical
	if st == nil || st.Target == nil || t == nil || t.Seat != *st.Target {
		return nil, engine.Refuse("1.14", "Nullification Field answers another player's activation of a system with your ships")
	}
	return s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &Pools{p.Tactic, p.Fleet, p.Strategy - 1}},
		Event{Kind: EvTacticalEnded, Seat: t.Seat}, s.tacticalTurnEnd()), nil
}

// Instinct Training, an Xxcha technology: when another player's action
// card waits on the Xxcha's answer, they may exhaust it and spend a
// strategy token to cancel the card (as Sabotage does).
func init() {
	define(&Ability{ID: "instinct_training", Since: RulesFactions,
		Uses: []*Use{{At: WhenCardPlayed, Exhaust: true, Options: quashOptions, Resolve: instinctTraining}}})
}

func instinctTraining(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	if p.Strategy == 0 {
		return nil, engine.Refuse("1.11", "Instinct Training spends a token from the strategy pool, and yours is empty")
	}
	return s.extend(s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &Pools{p.Tactic, p.Fleet, p.Strategy - 1}}), cancelPending(s)...), nil
}

// The Xxcha Kingdom's leaders (rules version 5).
func init() {
	// Elder Qanoj, commander: each planet the Xxcha exhaust to vote gives
	// one vote more, and no effect keeps them from voting (8.16).
	define(&Ability{ID: "xxcha:elder_qanoj", Since: RulesLeaders, PlanetVotes: 1, Permits: PermitVoteAlways})
}

// The Xxcha Kingdom's leaders from rules version 6.
func init() {
	// Ggrocuto Rinn, agent: as an action, exhausted, any player's planet is
	// readied; where its system is next to a system with a planet the Xxcha
	// control, an infantry on it may also go back to its owner's
	// reinforcements (unit "infantry").
	define(&Ability{ID: "xxcha:ggrocuto_rinn", Since: RulesMechs,
		Uses: []*Use{{At: AtAction, Exhaust: true, Fields: "planet unit", Options: rinnOptions, Resolve: ggrocutoRinn}}})
}

func rinnOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, sys := range s.Systems {
		near := s.nextToOwnPlanet(seat, sys.Pos)
		for _, pl := range sys.Planets {
			if pl.Controller == None {
				continue
			}
			if pl.Exhausted {
				out = append(out, Action{Planet: pl.Name})
			}
			if near && slices.ContainsFunc(pl.Units, func(u Stack) bool { return u.Unit == "infantry" }) {
				out = append(out, Action{Planet: pl.Name, Unit: "infantry"})
			}
		}
	}
	return out
}

// nextToOwnPlanet reports that the system at pos is next to a system with
// a planet seat controls.
func (s *State) nextToOwnPlanet(seat, pos int) bool {
	for _, q := range s.galaxy.Neighbors(pos, s.Wormholes) {
		if sys := s.System(q); sys != nil && slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return pl.Controller == seat }) {
			return true
		}
	}
	return false
}

func ggrocutoRinn(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(rinnOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet && o.Unit == a.Unit }) {
		return nil, engine.Refuse("51.4", "ready a planet (exhausted), and with unit infantry remove an infantry from one next to a system with a planet of yours")
	}
	pl, sys := s.Planet(a.Planet)
	ev := s.emit(Event{Kind: EvPlanetReadied, Seat: pl.Controller, Planet: pl.Name})
	if a.Unit == "infantry" {
		for _, u := range pl.Units {
			if u.Unit == "infantry" {
				return s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: u.Owner, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1}), nil
			}
		}
	}
	return ev, nil
}

// Xxekir Grom Ω (Codex III), the Xxcha hero: once unlocked, each planet
// the Xxcha exhaust pays its resources and influence combined, as either
// (to spend, produce, research or vote: exhaustWorth). The Codex card is
// not purged; it is built in every game (its printed version is not).
func init() {
	define(&Ability{ID: "xxcha:xxekir_grom", Since: RulesPoK, CombinedValues: true})
}
