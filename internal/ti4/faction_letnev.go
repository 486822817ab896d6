package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// The Barony of Letnev's abilities.
func init() {
	// Armada: 2 more non-fighter ships in a system than the fleet pool's
	// tokens (37.1).
	define(&Ability{ID: "letnev:armada", Since: RulesFactions, FleetBonus: 2})
	// Munitions Reserves: at the start of each space combat round, 2 trade
	// goods for rolling the round's missed dice once more (78.5), once a
	// round.
	define(&Ability{ID: "letnev:munitions_reserves", Since: RulesFactions, Combat: combat.Tech{Munitions: true},
		Uses: []*Use{{At: AtCombatRound, Options: munitionsOptions, Resolve: munitionsReserves}}})
}

func munitionsOptions(s *State, seat int, _ *Step) []Action {
	if s.Players[seat].TradeGoods < 2 || slices.Contains(s.Combat.Rerolls, seat) {
		return nil
	}
	return []Action{{}}
}

func munitionsReserves(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	c := s.Combat
	switch {
	case slices.Contains(c.Rerolls, a.Seat):
		return nil, engine.Refuse("1.3", "Munitions Reserves is used once a round")
	case s.Players[a.Seat].TradeGoods < 2:
		return nil, engine.Refuse("1.11", "Munitions Reserves costs 2 trade goods")
	}
	n := *c
	n.Rerolls = append(slices.Clone(c.Rerolls), a.Seat)
	return s.emit(Event{Kind: EvTradeGoods, Seat: a.Seat, Count: -2}, setCombat(&n, nil)), nil
}

// The Barony's technologies, in play and in the odds.
func init() {
	// Non-Euclidean Shielding: each Sustain Damage of the Barony's units
	// cancels 2 hits (87).
	define(&Ability{ID: "non_euclidean_shielding", Since: RulesPrinted, Combat: combat.Tech{Shielding: true}})
	// L4 Disruptors: during the Barony's invasions no space cannon fires
	// at their units (77.8).
	define(&Ability{ID: "l4_disruptors", Since: RulesPrinted, Combat: combat.Tech{L4: true}})
}

// Arc Secundus, the Barony's flagship: other players' units in its system
// lose Planetary Shield (65), and it is repaired at the start of each
// space combat round (87).
func init() {
	define(&Ability{ID: "arc_secundus", Since: RulesPrinted, ShieldsDown: true, RoundRepair: true})
}

// War Funding (Codex I), the Barony's note: after both players roll in a
// space combat round, its holder may throw again every die of their
// opponent's (outcome "theirs"), their own dice that missed ("mine"), or
// both ("both"), before any other ability (74.3); it goes back. Rerolling
// one's own hits cannot help, so only the misses are offered.
func init() {
	defineNote("letnev:war_funding", &promissoryNote{since: RulesPrinted, answers: AnswerRerolls, moment: answering(AnswerRerolls),
		fields: "outcome", offer: warFundingOffer, roll: warFunding, odds: combat.Tech{SpaceRoundReroll: true}})
}

// warFundingPicks is the dice War Funding rerolls for the outcome.
func warFundingPicks(c *Combat, seat int, outcome string) ([]int, bool) {
	dice := c.x().Dice
	theirs := myDice(dice, opponent(c, seat), func(Die) bool { return true })
	mine := myDice(dice, seat, func(d Die) bool { return !d.hit() })
	switch outcome {
	case "theirs":
		return theirs, true
	case "mine":
		return mine, true
	case "both":
		return append(theirs, mine...), len(theirs) > 0 && len(mine) > 0
	}
	return nil, false
}

func warFundingOffer(s *State, seat int) []Action {
	var out []Action
	for _, o := range []string{"theirs", "mine", "both"} {
		if p, ok := warFundingPicks(s.Combat, seat, o); ok && len(p) > 0 {
			out = append(out, Action{Outcome: o})
		}
	}
	return out
}

func warFunding(s *State, a Action, _ int, rng *engine.RNG) ([]Event, error) {
	if !answering(AnswerRerolls)(s, a.Seat) {
		return nil, engine.Refuse("69.1", "War Funding is played just after both players roll in a space combat round")
	}
	picks, ok := warFundingPicks(s.Combat, a.Seat, a.Outcome)
	if !ok || len(picks) == 0 {
		return nil, engine.Refuse("74", "reroll your opponent's dice (theirs), your dice that missed (mine) or both, when there are such dice")
	}
	n := s.Combat.clone()
	faces := rerollDice(n.own().Dice, picks, rng)
	nextDiceAsk(n)
	return s.emit(Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}, newCombat(n, faces)), nil
}

// Dunlain Reaper, the Letnev mech: at the start of a ground combat round
// they fight, deployed for 2 resources in place of one of their infantry
// in the combat (30, 55.3); once in each such window (30.3).
func init() {
	define(&Ability{ID: "dunlain_reaper", Since: RulesMechs, Deploy: true,
		Uses: []*Use{{At: AtGroundRound, Fields: "spend", Options: reaperOptions, Resolve: dunlainReaper}}})
}

// reaperCost is what deploying Dunlain Reaper costs, in resources.
const reaperCost = 2

func reaperOptions(s *State, seat int, _ *Step) []Action {
	c := s.Combat
	if c == nil || c.Kind != "ground" {
		return nil
	}
	pl, _ := s.Planet(c.Planet)
	if pl == nil || count(pl.Units, seat, "infantry") == 0 || !s.deploysOn(seat, pl) {
		return nil
	}
	var out []Action
	for _, sp := range s.payments(seat, reaperCost, false, 8) {
		out = append(out, Action{ActionExtra: &ActionExtra{Spend: sp}})
	}
	return out
}

func dunlainReaper(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	c := s.Combat
	pl, sys := s.Planet(c.Planet)
	if err := s.deployTo(a.Seat, pl); err != nil {
		return nil, err
	}
	if count(pl.Units, a.Seat, "infantry") == 0 {
		return nil, engine.Refuse("30.1", "the mech takes the place of one of your infantry in the combat")
	}
	ev, err := s.pay(a.Seat, a.extra().Spend, reaperCost, false)
	if err != nil {
		return nil, err
	}
	n := c.clone()
	n.Answer = nextAsk(n, &n.own().Rounders, AnswerGroundRound)
	return s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1},
		Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "mech", Count: 1}, newCombat(n, nil)), nil
}

// The Barony of Letnev's leaders (rules version 6).
func init() {
	// Rear Admiral Farran, commander: a trade good after a unit of theirs
	// sustains damage (taken whenever it may be).
	define(&Ability{ID: "letnev:rear_admiral_farran", Since: RulesMechs, SustainTG: 1})
}

func init() {
	// Darktalon Treilla, hero: as an action, put in play for the rest of
	// the round: the Letnev's non-fighter ships are not limited by the
	// fleet pool or laws (37); purged at the round's end (51.12).
	define(&Ability{ID: "letnev:darktalon_treilla", Since: RulesMechs, FleetFree: true,
		Uses: []*Use{{At: AtAction, Options: heroToPlayOptions, Resolve: heroToPlay}}})
}

func init() {
	// Viscount Unlenn, agent: at the start of a space combat round, exhausted,
	// a ship in the combat, anyone's, rolls one die more this round (unit,
	// player: its owner). In any player's combat from rules version 10
	// (Others); before, in combats the Letnev fight.
	define(&Ability{ID: "letnev:viscount_unlenn", Since: RulesMechs, Odds: combat.Tech{SpaceRoundDie: true},
		Uses: []*Use{{At: AtCombatRound, Exhaust: true, Others: true, Fields: "unit player", Options: unlennOptions, Resolve: boostDie}}})
}

func unlennOptions(s *State, _ int, _ *Step) []Action {
	c := s.Combat
	if c == nil || c.Kind != "space" {
		return nil
	}
	var out []Action
	for _, st := range fightingStacks(c, s.System(c.System)) {
		out = append(out, Action{Unit: st.Unit, ActionExtra: &ActionExtra{Player: ip(st.Owner)}})
	}
	return out
}

// boostDie gives a unit of the combat one die more this round
// (Combat.Boosted), as its use's options allow.
func boostDie(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	def := lookup(a.Card)
	var opts []Action
	for _, u := range def.Uses {
		opts = append(opts, u.Options(s, a.Seat, st)...)
	}
	q := a.extra().Player
	if q == nil || !slices.ContainsFunc(opts, func(o Action) bool { return o.Unit == a.Unit && *o.extra().Player == *q }) {
		return nil, engine.Refuse("51.4", "a unit in the combat (unit) and its owner (player)")
	}
	n := s.Combat.clone()
	e := n.own()
	e.Boosted = add(slices.Clone(e.Boosted), *q, a.Unit, 1)
	return s.emit(newCombat(n, nil)), nil
}
