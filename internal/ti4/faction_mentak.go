package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// The Mentak Coalition's abilities.
func init() {
	// Ambush: at the start of a space combat, up to 2 cruisers and
	// destroyers roll a die each, hitting on their combat value (78.2); in
	// play and in the odds.
	define(&Ability{ID: "mentak:ambush", Since: RulesFactions, Combat: combat.Tech{Ambush: true}})
}

// Pillage: after a neighbor gains trade goods or resolves a transaction,
// holding 3 or more trade goods, the Mentak may take one of their trade
// goods or commodities, which the Mentak gain as a trade good (93.6).
func init() {
	define(&Ability{ID: "mentak:pillage", Since: RulesPrinted,
		Uses: []*Use{{At: AfterNeighborGain, Fields: "outcome", Options: pillageOptions, Resolve: pillage}}})
}

// Promise of Protection, the Mentak's note: as its holder's action, into
// their play area, where it keeps the Mentak from pillaging them; it goes
// back when they activate a system with the Mentak's units.
func init() {
	defineNote("mentak:promise_of_protection", &promissoryNote{since: RulesFactions, moment: asAction,
		play: playAsAction(intoPlayArea), shields: "mentak:pillage", activated: returnedOnActivation})
}

func pillageOptions(s *State, seat int, st *Step) []Action {
	if st == nil || st.Target == nil || s.noteShields(*st.Target, "mentak:pillage") {
		return nil
	}
	p := s.Players[*st.Target]
	var out []Action
	if p.TradeGoods > 0 {
		out = append(out, Action{Outcome: "trade_good"})
	}
	if p.Commodities > 0 {
		out = append(out, Action{Outcome: "commodity"})
	}
	return out
}

func pillage(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	q := *st.Target
	p := s.Players[q]
	var ev []Event
	switch {
	case a.Outcome == "trade_good" && p.TradeGoods > 0:
		ev = s.emit(Event{Kind: EvTradeGoods, Seat: q, Count: -1}, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: 1, Card: s.fromPlayer()})
	case a.Outcome == "commodity" && p.Commodities > 0:
		ev = s.emit(Event{Kind: EvCommodities, Seat: q, Count: p.Commodities - 1}, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: 1, Card: s.fromPlayer()})
	default:
		return nil, engine.Refuse("1.3", "take a trade good or a commodity they have: outcome trade_good or commodity")
	}
	return s.extend(ev, abilityWindows(s, a.Seat, AfterPillage, Step{Target: ip(q)})...), nil
}

// The Mentak Coalition's leaders from rules version 6.
func init() {
	// Suffi An, agent: after the Mentak pillage another player, exhausted,
	// the Mentak and that player draw an action card each.
	define(&Ability{ID: "mentak:suffi_an", Since: RulesMechs,
		Uses: []*Use{{At: AfterPillage, Exhaust: true, Options: suffiOptions, Resolve: suffiAn}}})
}

func suffiOptions(_ *State, _ int, st *Step) []Action {
	if st == nil || st.Target == nil {
		return nil
	}
	return []Action{{}}
}

func suffiAn(s *State, a Action, st *Step, rng *engine.RNG) ([]Event, error) {
	if st == nil || st.Target == nil {
		return nil, engine.Refuse("51.4", "Suffi An answers your Pillage")
	}
	deck, discard := slices.Clone(s.Decks.ActionCards), slices.Clone(s.Decks.ActionDiscard)
	ev := drawACFrom(s, &deck, &discard, rng, a.Seat, 1)
	return s.extend(ev, drawACFrom(s, &deck, &discard, rng, *st.Target, 1)...), nil
}

// Mirror Computing, a Mentak technology: each trade good the Mentak spend
// is worth 2 resources or influence (47.3, 75.3).
func init() {
	define(&Ability{ID: "mirror_computing", Since: RulesPrinted, TradeGoodWorth: 2})
}

// Fourth Moon, the Mentak's flagship: other players' ships in its system
// cannot use Sustain Damage (87).
func init() {
	define(&Ability{ID: "fourth_moon", Since: RulesPrinted, NoSustainNear: true})
}

// Salvage Operations, a Mentak technology: after a space combat the Mentak
// win or lose, they gain a trade good; after one they win, they may also
// produce a ship in the system of a type destroyed in it.
func init() {
	define(&Ability{ID: "salvage_operations", Since: RulesPrinted, CombatDone: salvageOperations})
}

func salvageOperations(s *State, owner int, won bool, c *Combat) []Event {
	ev := s.emit(Event{Kind: EvTradeGoods, Seat: owner, Count: 1})
	if won && len(c.x().Wrecks) > 0 {
		ev = s.extend(ev, queue(Step{Kind: StepFreelance, Seat: owner, Card: "salvage_operations", Systems: []int{c.System},
			Prod: &Production{}, Units: slices.Clone(c.x().Wrecks), ResourcesOnly: true}))
	}
	return ev
}

// Moll Terminus, the Mentak mech (55): other players' ground forces on its
// planet cannot sustain damage (87).
func init() {
	define(&Ability{ID: "moll_terminus", Since: RulesMechs, NoSustainOnPlanet: true})
}

// S'ula Mentarion, the Mentak commander: after they win a space combat,
// the opponent gives them a promissory note of the opponent's choice from
// their hand. Forced whenever it may be: a note held costs its holder
// nothing.
func init() {
	define(&Ability{ID: "mentak:s_ula_mentarion", Since: RulesPoK, CombatDone: func(s *State, owner int, won bool, c *Combat) []Event {
		opp := opponent(c, owner)
		if !won || opp == None || len(s.Players[opp].Promissory) == 0 {
			return nil
		}
		return s.emit(queue(Step{Kind: StepGiveNote, Seat: opp, Card: "mentak:s_ula_mentarion", Need: 1, Receiver: ip(owner)}))
	}})
}

// Ipswitch, Loose Cannon, the Mentak hero: at the start of a space combat
// they fight, purged: at its end, a ship from their reinforcements in the
// system for each other player's ship of that type destroyed in it
// (raided).
func init() {
	define(&Ability{ID: "mentak:ipswitch_loose_cannon", Since: RulesPoK, Odds: combat.Tech{Ipswitch: true},
		Uses: []*Use{{At: AtSpaceStart, Options: one(Action{}), Resolve: func(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
			n := s.Combat.clone()
			e := n.own()
			e.Raiders = append(slices.Clone(e.Raiders), a.Seat)
			return s.emit(newCombat(n, nil), purgeHero(a.Seat)), nil
		}}}})
}
