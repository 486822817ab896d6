package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Empyrean's components.

// Watcher, the Empyrean mech (55): when another player's action card
// waits on the Empyrean's answer, a mech of theirs in or next to a system
// with that player's units may be removed (not destroyed, 31.2) to cancel
// the card, as Sabotage does.
func init() {
	define(&Ability{ID: "watcher", Since: RulesMechs,
		Uses: []*Use{{At: WhenCardPlayed, Fields: "system planet", Options: watcherOptions, Resolve: watcher}}})
}

// watcherOptions offers each of seat's mechs (by system, and planet or
// space area) in or next to a system with the card player's units.
func watcherOptions(s *State, seat int, _ *Step) []Action {
	pa := s.PendingAC
	if pa == nil {
		return nil
	}
	var out []Action
	for _, sys := range s.Systems {
		if !s.watches(sys.Pos, pa.Act.Seat) {
			continue
		}
		if count(sys.Space, seat, "mech") > 0 {
			out = append(out, Action{System: ip(sys.Pos)})
		}
		for _, pl := range sys.Planets {
			if count(pl.Units, seat, "mech") > 0 {
				out = append(out, Action{System: ip(sys.Pos), Planet: pl.Name})
			}
		}
	}
	return out
}

// watches reports that the system at pos holds units of seat's, or is
// next to one that does.
func (s *State) watches(pos, seat int) bool {
	if s.unitsIn(pos, seat) > 0 {
		return true
	}
	for _, q := range s.galaxy.Neighbors(pos, s.Wormholes) {
		if s.unitsIn(q, seat) > 0 {
			return true
		}
	}
	return false
}

func watcher(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if a.System == nil || !slices.ContainsFunc(watcherOptions(s, a.Seat, st), func(o Action) bool { return *o.System == *a.System && o.Planet == a.Planet }) {
		return nil, engine.Refuse("55", "a mech of yours in or next to a system with the card's player's units")
	}
	return s.extend(s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: *a.System, Planet: a.Planet, Unit: "mech", Count: 1}), cancelPending(s)...), nil
}

// The Empyrean's abilities.
func init() {
	// Voidborn: nebulae do not change the Empyrean's ships' movement
	// (59.1a, 59.2); a nebula's combat bonus still holds (59.3).
	define(&Ability{ID: "empyrean:voidborn", Since: RulesPoK, Permits: PermitNebulae})
	// Aetherpassage: after another player activates a system, the Empyrean
	// may let that player's ships pass theirs in this tactical action
	// (58.4b).
	define(&Ability{ID: "empyrean:aetherpassage", Since: RulesPoK, TacticalAid: AidPassage,
		Uses: []*Use{{At: AfterAnyActivation, Options: passageOptions, Resolve: passAbility, Ready: othersTurn}}})
}

// othersTurn: a window after another player's deed (its Target), not
// the owner's own; without the window, the cheap test passes.
func othersTurn(_ *State, seat int, st *Step) bool {
	return st == nil || (st.Target != nil && *st.Target != seat)
}

func passageOptions(s *State, seat int, st *Step) []Action {
	if st == nil || !othersTurn(s, seat, st) {
		return nil
	}
	return []Action{{}}
}

// passAbility changes the tactical action under way as the ability says
// (EvTacticalMod, by its id: Aetherpassage, Aetherstream).
func passAbility(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if s.Tactical == nil {
		return nil, engine.Refuse("1.3", "%s acts on a tactical action under way", a.Card)
	}
	return s.emit(Event{Kind: EvTacticalMod, Seat: a.Seat, Card: a.Card}), nil
}

// Aetherstream, an Empyrean technology: after the Empyrean or a neighbor
// activates a system next to an anomaly, the Empyrean may give that
// player's ships +1 move for this tactical action (58.4).
func init() {
	define(&Ability{ID: "aetherstream", Since: RulesPoK, TacticalAid: AidMove,
		Uses: []*Use{{At: AfterAnyActivation, Options: aetherstreamOptions, Resolve: passAbility}}})
}

func aetherstreamOptions(s *State, seat int, st *Step) []Action {
	if st == nil || st.Target == nil || len(st.Systems) == 0 {
		return nil
	}
	if q := *st.Target; (q != seat && !s.AreNeighbors(seat, q)) || !s.nextToAnomaly(s.System(st.Systems[0])) {
		return nil
	}
	return []Action{{}}
}

// Voidwatch, an Empyrean technology: a player who moves ships into a
// system with the Empyrean's units gives them a promissory note of that
// player's choice from their hand, if they hold one.
func init() {
	define(&Ability{ID: "voidwatch", Since: RulesPoK, MovedInNote: true})
}

// Blood Pact, the Empyrean's note: as its holder's action, into their
// play area; while there, when its holder and the Empyrean vote for the
// same outcome, 4 more votes count for it from the holder (8.6); it goes
// back when its holder activates a system with the Empyrean's units.
func init() {
	defineNote("empyrean:blood_pact", &promissoryNote{since: RulesPoK, moment: asAction, play: playAsAction(intoPlayArea),
		activated: returnedOnActivation, pactVotes: 4})
}

// Dark Whispers, an Empyrean ability: they set up with their further
// faction note, Dark Pact, as well as Blood Pact.
func init() {
	define(&Ability{ID: "empyrean:dark_whispers", Since: RulesPoK, ExtraNotes: true})
}

// Dark Pact, the Empyrean's further note: as its holder's action, into
// their play area; while there, when its holder gives the Empyrean as
// many commodities as their commodity value in a transaction, each gains a
// trade good; it goes back when its holder activates a system with the
// Empyrean's units.
func init() {
	defineNote("empyrean:dark_pact", &promissoryNote{since: RulesPoK, moment: asAction, play: playAsAction(intoPlayArea),
		activated: returnedOnActivation, commodityPact: true})
}

// pactGoods are the trade goods a transaction earns its sides from a
// note in a giver's play area whose owner received as many commodities as
// the giver's commodity value (Dark Pact).
func (s *State) pactGoods(t *Trade) []Event {
	var ev []Event
	for side, q := range t.Seats {
		r, p := t.Seats[1-side], s.Players[q]
		if t.Give[side].Commodities == 0 || t.Give[side].Commodities != commodityValue(p) {
			continue
		}
		for _, note := range p.NotesInPlay {
			if d := s.note(note); d != nil && d.commodityPact && s.seatOfFaction(noteOwner(note)) == r {
				ev = append(ev, Event{Kind: EvTradeGoods, Seat: q, Count: 1}, Event{Kind: EvTradeGoods, Seat: r, Count: 1})
			}
		}
	}
	return s.emit(ev...)
}

// pactVotes are the votes a ballot gains from a note in its caster's
// play area whose owner voted for the same outcome (Blood Pact).
func (s *State) pactVotes(b Ballot) int {
	n := 0
	for _, note := range s.Players[b.Seat].NotesInPlay {
		d := promissoryNotes[note]
		if d == nil || d.pactVotes == 0 {
			continue
		}
		o := s.seatOfFaction(noteOwner(note))
		if slices.ContainsFunc(s.Agenda.Ballots, func(x Ballot) bool { return x.Seat == o && x.Outcome == b.Outcome && x.Votes > 0 }) {
			n += d.pactVotes
		}
	}
	return n
}

// Conservator Procyon, the Empyrean hero: as an action, a frontier token
// in each system without planets that has none, then each frontier token
// in a system with their ships explored (35.4), in board order; purged.
func init() {
	define(&Ability{ID: "empyrean:conservator_procyon", Since: RulesPoK,
		Uses: []*Use{{At: AtAction, Options: one(Action{}), Resolve: conservatorProcyon}}})
}

func conservatorProcyon(s *State, a Action, _ *Step, rng *engine.RNG) ([]Event, error) {
	var ev []Event
	var explore []int
	for _, sys := range s.Systems {
		frontier := hasFrontier(sys)
		if len(sys.Planets) == 0 && !frontier {
			ev = s.extend(ev, Event{Kind: EvTokenPlaced, System: sys.Pos, Card: "frontier", Seat: None})
			frontier = true
		}
		if frontier && hasShips(sys, a.Seat) {
			explore = append(explore, sys.Pos)
		}
	}
	return s.extend(exploreFrontiers(s, a.Seat, explore, ev, rng), purgeHero(a.Seat)), nil
}

// exploreFrontiers explores the frontier token of each system at in turn
// for seat, after the events ev. From RulesDraws each exploration is worked
// out on the state the ones before it leave, so a card that draws from
// another deck (Derelict Vessel, Lost Crew, Dead World) draws the next
// card, not the one an earlier exploration already took.
func exploreFrontiers(s *State, seat int, at []int, ev []Event, rng *engine.RNG) []Event {
	x := newExplorer(s, rng)
	var after *State // s with ev applied, kept up as explorations add to ev
	if s.rules() >= RulesDraws {
		after = s.Clone()
		applied(after, ev)
	}
	for _, pos := range at {
		if after != nil {
			x = newExplorer(after, rng)
		}
		e, ok := x.exploreFrontier(seat, pos)
		if !ok {
			break // the deck and its discard pile are empty
		}
		n := len(ev)
		ev = s.extend(s.extend(ev, e), x.effects(seat, pos, nil, e.Card)...)
		if after != nil {
			applied(after, ev[n:])
		}
	}
	return ev
}

// applied applies the events ev, decided but not yet applied to the game,
// to c, a copy.
func applied(c *State, ev []Event) {
	for _, e := range ev {
		Rules{}.Apply(c, e)
	}
}

// Acamar, the Empyrean agent: after any player moves ships into a system
// without planets, exhausted: that player gains a command token (a step
// of theirs to place it).
func init() {
	define(&Ability{ID: "empyrean:acamar", Since: RulesPoK,
		Uses: []*Use{{At: AfterAnyMove, Exhaust: true, Options: acamarOptions, Resolve: acamar}}})
}

func acamarOptions(s *State, _ int, st *Step) []Action {
	if st == nil || st.Target == nil || len(st.Systems) == 0 || len(s.System(st.Systems[0]).Planets) > 0 || s.CommandReinforcements(*st.Target) == 0 {
		return nil
	}
	return []Action{{}}
}

func acamar(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(acamarOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("51.4", "Acamar answers ships moved into a system without planets, by a player with a command token in reinforcements")
	}
	return s.emit(queue(Step{Kind: StepGainTokens, Seat: *st.Target, Need: 1})), nil
}

// Xuange, the Empyrean commander: after another player moves ships into
// a system with an Empyrean command token, the token may go back to their
// reinforcements.
func init() {
	define(&Ability{ID: "empyrean:xuange", Since: RulesPoK,
		Uses: []*Use{{At: AfterAnyMove, Options: xuangeOptions, Resolve: xuange}}})
}

func xuangeOptions(s *State, seat int, st *Step) []Action {
	if st == nil || st.Target == nil || *st.Target == seat || len(st.Systems) == 0 || !slices.Contains(s.System(st.Systems[0]).Command, seat) {
		return nil
	}
	return []Action{{}}
}

func xuange(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(xuangeOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("51.7", "Xuange answers another player's ships moved into a system with your command token")
	}
	return s.emit(Event{Kind: EvCommandToken, Seat: a.Seat, System: st.Systems[0], Count: -1}), nil
}

// Dynamo, the Empyrean flagship: after any player's unit in its system or
// next to it sustains damage (87), the Empyrean may spend 2 influence to
// repair that unit, which may then sustain damage again.
func init() {
	define(&Ability{ID: "dynamo", Since: RulesPoK,
		Uses: []*Use{{At: AfterSustained, Fields: "spend", Options: dynamoOptions, Resolve: dynamo}}})
}

// dynamoCost is what a repair by Dynamo costs, in influence.
const dynamoCost = 2

func dynamoOptions(s *State, seat int, st *Step) []Action {
	w := askPlace(s, st, AfterSustained)
	if w == nil || !s.flagshipWithin(seat, w.Systems[0]) || !damagedAt(s, w) {
		return nil
	}
	var out []Action
	for _, sp := range s.payments(seat, dynamoCost, true, 8) {
		out = append(out, Action{ActionExtra: &ActionExtra{Spend: sp}})
	}
	return out
}

// flagshipWithin reports seat's flagship in the system at pos or next to
// it.
func (s *State) flagshipWithin(seat, pos int) bool {
	if count(s.System(pos).Space, seat, "flagship") > 0 {
		return true
	}
	return slices.ContainsFunc(s.galaxy.Neighbors(pos, s.Wormholes), func(q int) bool {
		return count(s.System(q).Space, seat, "flagship") > 0
	})
}

// damagedAt reports a damaged unit of the window's type and owner still
// at its place.
func damagedAt(s *State, w *Step) bool {
	sys := s.System(w.Systems[0])
	stacks := sys.Space
	if pl := planetIn(sys, w.Planet); pl != nil {
		stacks = pl.Units
	}
	return slices.ContainsFunc(stacks, func(x Stack) bool { return x.Owner == *w.Target && x.Unit == w.Units[0] && x.Damaged > 0 })
}

func dynamo(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	w := askPlace(s, st, AfterSustained)
	if w == nil || !s.flagshipWithin(a.Seat, w.Systems[0]) || !damagedAt(s, w) {
		return nil, engine.Refuse("87", "a unit in or next to your flagship's system that just sustained damage, still damaged")
	}
	ev, err := s.pay(a.Seat, a.extra().Spend, dynamoCost, true)
	if err != nil {
		return nil, err
	}
	n := s.Combat.clone()
	n.Answer = nil
	return s.extend(ev, Event{Kind: EvUnitRepaired, Seat: *w.Target, System: w.Systems[0], Planet: w.Planet, Unit: w.Units[0]}, newCombat(n, nil)), nil
}
