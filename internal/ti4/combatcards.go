package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Action cards played in a tactical action, each at a moment where its
// player is already the one to decide, so no extra pause is needed: after
// activating a system (before moving), at the start of a space combat
// round (when announcing retreats, 78.4), and before assigning hits.

// Tactical-card events.
const (
	EvTacticalMod = "tactical_modified" // Card: flank_speed, lost_star_chart, in_the_silence_of_space
	EvRepaired    = "units_repaired"
	EvDirectHit   = "direct_hit"    // the damaged ship is destroyed
	EvAnswerPass  = "answer_passed" // no Direct Hit
	EvDisabled    = "pds_disabled"
)

func decideAnswerPass(s *State, a Action) ([]Event, error) {
	if s.Combat.Answer.Seat != a.Seat {
		return nil, engine.Refuse("1.14", "seat %d answers the sustained hit", s.Combat.Answer.Seat)
	}
	return s.emit(Event{Kind: EvAnswerPass, Seat: a.Seat}), nil
}

func init() {
	defineCard("courageous_to_the_end", &actionCard{offer: courageousTargets, play: answerPlay("destroyed", courageous)})
	defineCard("fire_team", &actionCard{offer: at(answering("ground_roll")), play: answerPlay("ground_roll", fireTeam)})
	defineCard("salvage", &actionCard{offer: at(answering("won")), play: answerPlay("won", salvage)})
	defineCard("experimental_battlestation", &actionCard{offer: battlestationTargets, play: answerPlay("moved", battlestation)})
	defineCard("waylay", &actionCard{offer: at(answering("barrage")), play: answerPlay("barrage", waylay)})
	defineCard("reveal_prototype", &actionCard{offer: at(prototypeMoment), play: revealPrototype})

	for _, id := range []string{"flank_speed", "lost_star_chart", "nav_suite"} {
		defineCard(id, &actionCard{offer: freshAfterActivation, play: afterActivation(tacticalMod)})
	}
	defineCard("upgrade", &actionCard{offer: at(beforeMoving), play: afterActivation(upgrade)})
	defineCard("in_the_silence_of_space", &actionCard{offer: silenceTargets, play: afterActivation(silence)})

	defineCard("morale_boost", &actionCard{offer: at(boostable), play: anyRound(roundOpening, "the start", moraleBoost)})
	defineCard("fighter_prototype", &actionCard{offer: at(announcing), play: roundStart(fighterPrototype)})
	defineCard("emergency_repairs", &actionCard{offer: at(roundEdge), play: anyRound(roundEdge, "the start or the end", emergencyRepairs)})
	defineCard("rout", &actionCard{offer: at(announcing), play: roundStart(rout)})
	defineCard("skilled_retreat", &actionCard{offer: skilledRetreatTargets, play: roundStart(skilledRetreat)})

	defineCard("shields_holding", &actionCard{offer: hitsOffer(shieldsHolding), play: beforeHits(shieldsHolding)})
	defineCard("maneuvering_jets", &actionCard{offer: hitsOffer(maneuveringJets), play: beforeHits(maneuveringJets)})
	defineCard("disable", &actionCard{offer: at(invasionStarting), play: disable})
	defineCard("intercept", &actionCard{offer: at(answering("retreat")), play: intercept})
	defineCard("direct_hit", &actionCard{offer: at(answering("sustain")), play: directHit})
}

// answering is the moment a combat's answer window of that kind asks seat.
func answering(kind string) func(s *State, seat int) bool {
	return func(s *State, seat int) bool {
		cb := s.Combat
		return cb != nil && cb.Answer != nil && cb.Answer.Seat == seat && cb.Answer.Kind == kind
	}
}

// groundStart reports seat's window at the start of a ground combat it
// fights (42.4a).
func groundStart(s *State, seat int) bool {
	return answering("start")(s, seat) && s.Combat.Kind == "ground"
}

// answerMoments say, for a refusal, when each combat answer window opens.
var answerMoments = map[string]string{"destroyed": "after one of your ships is destroyed in a space combat",
	"ground_roll": "after your ground forces roll in a ground combat", "won": "after you win a space combat",
	"moved":   "after another player moves ships into a system next to or holding your space dock",
	"barrage": "before you roll anti-fighter barrage", "start": "at the start of a combat",
	AnswerGroundRound: "at the start of a ground combat round", AnswerSpaceRound: "at the start of a space combat round"}

// answerEffect is a card's effect in a combat answer window: n is the
// combat with the window closed, opp the other player the window names.
type answerEffect func(s *State, a Action, rng *engine.RNG, c, n *Combat, opp int) ([]Event, error)

// answerPlay plays a card in the combat answer window of kind want.
func answerPlay(want string, effect answerEffect) func(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	return func(s *State, a Action, rng *engine.RNG) ([]Event, error) {
		c := s.Combat
		if !answering(want)(s, a.Seat) {
			return nil, engine.Refuse("1.14", "%s is played %s", a.Card, answerMoments[want])
		}
		n := c.clone()
		n.Answer = nil
		return effect(s, a, rng, c, n, c.Answer.Owner)
	}
}

// Courageous to the End: two dice at the lost ship's combat value.
func courageous(s *State, a Action, rng *engine.RNG, c, n *Combat, opp int) ([]Event, error) {
	if count(c.Lost, a.Seat, a.Unit) == 0 {
		return nil, engine.Refuse("2.7", "name a ship of yours destroyed in this combat")
	}
	n.Lost = dropSeat(n.Lost, a.Seat)
	var faces []int
	r := profile(s, a.Seat, a.Unit).Combat
	if h := combat.Hits(rng, combat.Roll{Hit: r.Hit, Dice: 2}, 1, 0, false, &faces); h > 0 {
		n.Owed = append(n.Owed, Owed{Seat: opp, Hits: h, Rule: "2.7", By: a.Seat, Destroy: true})
	}
	return s.emit(newCombat(n, faces)), nil
}

func courageousTargets(s *State, seat int, c string, add func(Action)) {
	if cb := s.Combat; answering("destroyed")(s, seat) {
		for _, st := range cb.Lost {
			if st.Owner == seat {
				add(Action{Kind: ActPlayAC, Card: c, Unit: st.Unit})
			}
		}
	}
}

// Fire Team: every die of the player's that missed is rolled again.
func fireTeam(s *State, a Action, rng *engine.RNG, c, n *Combat, opp int) ([]Event, error) {
	extra := 0
	var faces []int
	for _, m := range c.Misses {
		if m.Seat == a.Seat {
			extra += combat.Hits(rng, combat.Roll{Hit: m.Hit, Dice: 1}, m.Count, 0, false, &faces)
		}
	}
	n.Misses = slices.DeleteFunc(n.Misses, func(m Miss) bool { return m.Seat == a.Seat })
	n.Answer = nextRoller(n)
	if extra > 0 {
		i := slices.IndexFunc(n.Owed, func(o Owed) bool { return o.Seat == opp })
		if i < 0 {
			n.Owed = append(n.Owed, Owed{Seat: opp, Planet: c.Planet, Rule: "42.2", By: a.Seat})
			i = len(n.Owed) - 1
		}
		n.Owed[i].Hits += s.rollHits(a.Seat, extra)
	}
	return s.emit(newCombat(n, faces)), nil
}

// Experimental Battlestation: a space dock fires three space cannon dice
// at 5.
func battlestation(s *State, a Action, rng *engine.RNG, c, n *Combat, opp int) ([]Event, error) {
	pl, sys := s.Planet(a.Planet)
	if pl == nil || count(pl.Units, a.Seat, "space_dock") == 0 || (sys.Pos != c.System && !s.Adjacent(sys.Pos, c.System)) {
		return nil, engine.Refuse("2.7", "choose a planet with your space dock in or next to the active system")
	}
	n.Answer = nextAsk(n, &n.Docks, "moved")
	var faces []int
	if h := combat.Hits(rng, combat.Roll{Hit: 5, Dice: 3}, 1, 0, false, &faces); h > 0 {
		n.Owed = append(n.Owed, Owed{Seat: opp, Hits: h, Rule: "77.5", By: a.Seat})
	}
	return s.emit(newCombat(n, faces)), nil
}

func battlestationTargets(s *State, seat int, c string, add func(Action)) {
	cb := s.Combat
	if !answering("moved")(s, seat) {
		return
	}
	for _, sys := range s.Systems {
		if sys.Pos == cb.System || s.Adjacent(sys.Pos, cb.System) {
			for _, pl := range sys.Planets {
				if count(pl.Units, seat, "space_dock") > 0 {
					add(Action{Kind: ActPlayAC, Card: c, Planet: pl.Name})
				}
			}
		}
	}
}

// Waylay: this barrage hits any ship.
func waylay(s *State, a Action, _ *engine.RNG, _, n *Combat, _ int) ([]Event, error) {
	n.Waylay = append(n.Waylay, a.Seat)
	n.Answer = nextAsk(n, &n.Barrage, "barrage")
	return s.emit(newCombat(n, nil)), nil
}

// Salvage: the loser's commodities come over as trade goods.
func salvage(s *State, a Action, _ *engine.RNG, _, n *Combat, opp int) ([]Event, error) {
	got := s.Players[opp].Commodities
	return s.emit(Event{Kind: EvCommodities, Seat: opp, Count: 0}, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: got, Card: s.fromPlayer()}, newCombat(n, nil)), nil
}

// Reveal Prototype is played at the start of a combat: in a space combat,
// as its first round's retreats are announced (78.2a); in a ground combat,
// in the window that opens at its start.
func revealPrototype(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	if c := s.Combat; c != nil && c.Kind == "space" {
		return roundStart(func(s *State, a Action, c, _ *Combat) ([]Event, error) {
			if c.Round != 1 {
				return nil, engine.Refuse("1.14", "Reveal Prototype is played at the start of a combat: its first round")
			}
			return prototype(s, a.Seat)
		})(s, a, rng)
	}
	return answerPlay("start", func(s *State, a Action, _ *engine.RNG, _, n *Combat, _ int) ([]Event, error) {
		ev, err := prototype(s, a.Seat)
		if err != nil {
			return nil, err
		}
		n.Answer = nextAsk(n, &n.Starters, "start")
		return s.extend(s.emit(newCombat(n, nil)), ev...), nil
	})(s, a, rng)
}

func prototypeMoment(s *State, seat int) bool {
	cb := s.Combat
	return answering("start")(s, seat) || (cb != nil && cb.Kind == "space" && cb.Round == 1 && announcer(cb) == seat)
}

// beforeMoving is the moment after seat activates a system, before its
// ships move.
func beforeMoving(s *State, seat int) bool {
	t := s.Tactical
	return t != nil && t.Seat == seat && t.Step == TacMovement && len(t.Moves) == 0
}

// afterActivation plays a card of the active player after activating and
// before moving.
func afterActivation(effect func(s *State, a Action, sys *System) ([]Event, error)) func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	return func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		if !beforeMoving(s, a.Seat) {
			return nil, engine.Refuse("1.14", "%s is played after you activate a system, before ships move", a.Card)
		}
		return effect(s, a, s.System(s.Tactical.System))
	}
}

// tacticalMod marks the tactical action with the card (Flank Speed, Lost
// Star Chart, Nav Suite); applyTacticalCards says what each changes.
func tacticalMod(s *State, a Action, _ *System) ([]Event, error) {
	if err := s.secondCard(a.Card); err != nil {
		return nil, err
	}
	return s.emit(Event{Kind: EvTacticalMod, Seat: a.Seat, Card: a.Card}), nil
}

// Upgrade: a cruiser in the active system becomes a dreadnought.
func upgrade(s *State, a Action, sys *System) ([]Event, error) {
	if count(sys.Space, a.Seat, "cruiser") == 0 || s.Reinforcements(a.Seat, "dreadnought") == 0 {
		return nil, engine.Refuse("2.7", "Upgrade needs one of your cruisers in the active system and a dreadnought in reinforcements")
	}
	return s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: sys.Pos, Unit: "cruiser", Count: 1}, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Unit: "dreadnought", Count: 1}), nil
}

// In the Silence of Space: ships from the named system move through
// systems with other players' ships.
func silence(s *State, a Action, _ *System) ([]Event, error) {
	from, _, err := where(s, a.System, "", "system")
	if err != nil {
		return nil, err
	}
	return s.emit(Event{Kind: EvTacticalMod, Seat: a.Seat, Card: a.Card, System: from.Pos}), nil
}

// freshAfterActivation offers a card after seat activates a system, before
// its ships move, unless one of its name took effect already (2.6b).
func freshAfterActivation(s *State, seat int, c string, add func(Action)) {
	if beforeMoving(s, seat) && s.secondCard(c) == nil {
		add(Action{Kind: ActPlayAC, Card: c})
	}
}

// secondCard refuses, from rules version 13, a card of a name that
// already took effect after this activation (2.6b).
func (s *State) secondCard(card string) error {
	if s.rules() >= RulesWindows && slices.Contains(s.Tactical.Cards, card) {
		return engine.Refuse("2.6b", "%s already took effect in this tactical action", card)
	}
	return nil
}

func silenceTargets(s *State, seat int, c string, add func(Action)) {
	if s.Tactical != nil {
		onSystems(withShips)(s, seat, c, add)
	}
}

// announcer is the seat deciding at the start of a space combat round.
func announcer(c *Combat) int {
	switch {
	case c == nil || c.Kind != "space" || len(c.Owed) > 0 || c.Answer != nil:
		return None
	case c.Step == CbAnnounceD:
		return c.Defender
	case c.Step == CbAnnounceA:
		return c.Attacker
	}
	return None
}

func announcing(s *State, seat int) bool { return announcer(s.Combat) == seat }

// roundStart plays a card at the start of a space combat round, as its
// player announces retreats; effect works on n, a copy of the combat.
func roundStart(effect func(s *State, a Action, c, n *Combat) ([]Event, error)) func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	return func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		c := s.Combat
		if announcer(c) != a.Seat {
			return nil, engine.Refuse("1.14", "%s is played at the start of a space combat round, as you announce retreats", a.Card)
		}
		n := *c
		return effect(s, a, c, &n)
	}
}

// roundOpening is seat's moment at the start of a combat round it
// fights: announcing retreats in a space combat, and from rules version
// 13 its window at the start of a ground combat round.
func roundOpening(s *State, seat int) bool {
	return announcing(s, seat) || (s.rules() >= RulesWindows && answering(AnswerGroundRound)(s, seat) && fighting(s.Combat, seat))
}

// roundEdge is seat's moment at the start or the end of a combat round it
// fights: the end from rules version 13, in the window after a space or a
// ground combat round.
func roundEdge(s *State, seat int) bool {
	if roundOpening(s, seat) {
		return true
	}
	ending := answering(AnswerRoundEnd)(s, seat) || answering(AnswerGroundEnd)(s, seat)
	return s.rules() >= RulesWindows && ending && fighting(s.Combat, seat)
}

// boostable is roundOpening for a player whose Morale Boost has not
// taken effect this round (2.6b).
func boostable(s *State, seat int) bool {
	return roundOpening(s, seat) && !slices.Contains(s.Combat.x().Morale, seat)
}

func fighting(c *Combat, seat int) bool { return seat == c.Attacker || seat == c.Defender }

// roundStarter reports, from rules version 13, a player to be asked at
// the start of each ground combat round they fight for the cards played
// then (Morale Boost): one holding any action card, a public fact.
func (s *State) roundStarter(seat int) bool {
	return s.rules() >= RulesWindows && len(s.Players[seat].ActionCards) > 0
}

// roundEnder reports, from rules version 13, a player to be asked at the
// end of combat c's round for the cards played then (Emergency Repairs):
// one holding any action card, with a damaged unit in sys, not retreating
// from it; all public facts.
func (s *State) roundEnder(c *Combat, sys *System, seat int) bool {
	return s.rules() >= RulesWindows && seat != c.Retreat && len(s.Players[seat].ActionCards) > 0 && damagedIn(sys, seat)
}

// damagedIn reports a damaged unit of seat's in sys.
func damagedIn(sys *System, seat int) bool {
	for _, st := range sys.Space {
		if st.Owner == seat && st.Damaged > 0 {
			return true
		}
	}
	for _, pl := range sys.Planets {
		for _, st := range pl.Units {
			if st.Owner == seat && st.Damaged > 0 {
				return true
			}
		}
	}
	return false
}

// anyRound plays a card at the moment, in any combat round; effect works
// on n, a copy of the combat.
func anyRound(moment func(s *State, seat int) bool, when string, effect func(s *State, a Action, c, n *Combat) ([]Event, error)) func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	return func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		c := s.Combat
		if !moment(s, a.Seat) {
			return nil, engine.Refuse("1.14", "%s is played at %s of a combat round you fight", a.Card, when)
		}
		n := *c
		return effect(s, a, c, &n)
	}
}

// Morale Boost: +1 to the player's combat rolls this round; from rules
// version 13 once a round (2.6b).
func moraleBoost(s *State, a Action, c, n *Combat) ([]Event, error) {
	if s.rules() >= RulesWindows {
		if slices.Contains(c.x().Morale, a.Seat) {
			return nil, engine.Refuse("2.6b", "your Morale Boost already took effect this round")
		}
		n.own().Morale = append(slices.Clone(c.x().Morale), a.Seat)
	}
	n.Boost = append(slices.Clone(c.Boost), a.Seat)
	return s.emit(setCombat(n, nil)), nil
}

func fighterPrototype(s *State, a Action, c, n *Combat) ([]Event, error) {
	if c.Round != 1 {
		return nil, engine.Refuse("2.7", "Fighter Prototype is played in the first round only")
	}
	n.Proto = append(slices.Clone(c.Proto), a.Seat)
	return s.emit(setCombat(n, nil)), nil
}

func emergencyRepairs(s *State, a Action, c, _ *Combat) ([]Event, error) {
	return s.emit(Event{Kind: EvRepaired, Seat: a.Seat, System: c.System}), nil
}

// Rout, the defender's card: the attacker must retreat this round, if
// able.
func rout(s *State, a Action, c, n *Combat) ([]Event, error) {
	if a.Seat != c.Defender {
		return nil, engine.Refuse("2.7", "Rout is played by the defender")
	}
	n.Routed = true
	return s.emit(setCombat(n, nil)), nil
}

// Skilled Retreat: the player's ships go to an adjacent system without
// other players' ships, and the combat ends in a draw: no one wins it.
func skilledRetreat(s *State, a Action, c, n *Combat) ([]Event, error) {
	to, _, err := where(s, a.System, "", "system")
	if err != nil {
		return nil, err
	}
	if !s.Adjacent(c.System, to.Pos) || hasOthersShips(to, a.Seat) {
		return nil, engine.Refuse("2.7", "Skilled Retreat goes to an adjacent system without other players' ships")
	}
	if c.x().NoRetreat {
		return nil, engine.Refuse("78.4", "neither side may retreat from this combat")
	}
	n.Retreat, n.RetreatTo = a.Seat, to.Pos
	ev := retreat(s, n)
	return s.extend(ev, combatOver(s)...), nil
}

func skilledRetreatTargets(s *State, _ int, c string, add func(Action)) {
	if cb := s.Combat; cb != nil {
		for _, q := range s.galaxy.Neighbors(cb.System, s.Wormholes) {
			add(Action{Kind: ActPlayAC, Card: c, System: ip(q)})
		}
	}
}

// assigning is the moment before seat assigns the hits owed first.
func assigning(s *State, seat int) bool {
	cb := s.Combat
	return cb != nil && len(cb.Owed) > 0 && cb.Owed[0].Seat == seat && cb.Answer == nil
}

// beforeHits plays a card that cancels some of the hits seat is to
// assign: cancels says how many, of the hits o.
func beforeHits(cancels func(c *Combat, o Owed) int) func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	return func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		c := s.Combat
		if !assigning(s, a.Seat) {
			return nil, engine.Refuse("1.14", "%s is played before you assign hits", a.Card)
		}
		o := c.Owed[0]
		cancel := cancels(c, o)
		if cancel == 0 {
			return nil, engine.Refuse("2.7", "%s does not cancel these hits (%s)", a.Card, o.Rule)
		}
		if slices.Contains(o.Cards, a.Card) {
			return nil, engine.Refuse("2.6b", "%s already cancelled some of these hits", a.Card)
		}
		n := *c
		n.Owed = slices.Clone(c.Owed)
		n.Owed[0].Hits -= min(cancel, o.Hits)
		if s.rules() >= RulesWindows {
			n.Owed[0].Cards = append(slices.Clip(o.Cards), a.Card)
		}
		if n.Owed[0].Hits == 0 {
			n.Owed = n.Owed[1:]
		}
		return s.emit(setCombat(&n, nil)), nil
	}
}

// hitsOffer offers a card that cancels some of the hits seat is to
// assign, where it cancels any and none of its name has yet (2.6b).
func hitsOffer(cancels func(c *Combat, o Owed) int) offer {
	return func(s *State, seat int, c string, add func(Action)) {
		if assigning(s, seat) {
			if o := s.Combat.Owed[0]; s.rules() < RulesWindows || cancels(s.Combat, o) > 0 && !slices.Contains(o.Cards, c) { // the candidates of old games unchanged
				add(Action{Kind: ActPlayAC, Card: c})
			}
		}
	}
}

// Shields Holding cancels two hits of a space combat's rolls.
func shieldsHolding(c *Combat, o Owed) int {
	if c.Kind == "space" && (o.Rule == "78.6" || o.Rule == "10.2") {
		return 2
	}
	return 0
}

// Maneuvering Jets cancels one hit of space cannon.
func maneuveringJets(_ *Combat, o Owed) int {
	if o.Rule == "77.5" || o.Rule == "77.8" {
		return 1
	}
	return 0
}

// invasionStarting is the moment at the start of seat's invasion.
func invasionStarting(s *State, seat int) bool {
	inv := s.Invasion
	return inv != nil && inv.Seat == seat && !inv.Bombarded && len(inv.Committed) == 0 && s.Combat == nil
}

// Disable: the opponents' PDS in the system lose planetary shield and
// space cannon for this invasion.
func disable(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	if !invasionStarting(s, a.Seat) {
		return nil, engine.Refuse("1.14", "Disable is played at the start of your invasion")
	}
	if !slices.ContainsFunc(s.System(s.Invasion.Pos).Planets, func(pl *Planet) bool {
		return slices.ContainsFunc(pl.Units, func(st Stack) bool { return st.Unit == "pds" && st.Owner != a.Seat })
	}) {
		return nil, engine.Refuse("2.7", "Disable needs an opponent's PDS in the system")
	}
	return s.emit(Event{Kind: EvDisabled, Seat: a.Seat}), nil
}

// Intercept: after the opponent announces a retreat, they cannot.
func intercept(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	c := s.Combat
	if !answering("retreat")(s, a.Seat) {
		return nil, engine.Refuse("1.14", "Intercept is played after your opponent announces a retreat")
	}
	n := *c
	n.Retreat, n.Answer = None, nil
	if n.Step == CbRoll && c.Retreat == c.Defender {
		n.Step = CbAnnounceA // the attacker may now announce (78.4b no longer applies)
	}
	return s.emit(setCombat(&n, nil)), nil
}

// Direct Hit: the ship that sustained damage from the player's hit is
// destroyed.
func directHit(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	c := s.Combat
	if !answering("sustain")(s, a.Seat) {
		return nil, engine.Refuse("1.14", "Direct Hit is played after another player's ship sustains damage from your hit")
	}
	return s.emit(Event{Kind: EvDirectHit, Seat: c.Answer.Owner, System: c.System, Unit: c.Answer.Unit}), nil
}

func applyTacticalCards(s *State, e *Event) bool {
	switch e.Kind {
	case EvTacticalMod:
		t := s.Tactical
		if s.rules() >= RulesWindows && actionCards[e.Card] != nil {
			t.Cards = append(slices.Clip(t.Cards), e.Card)
		}
		switch e.Card {
		case "flank_speed":
			t.MoveBonus++
		case "lost_star_chart":
			t.StarChart = true
		case "nav_suite":
			t.NavSuite = true
		case "in_the_silence_of_space":
			t.Silence = append(t.Silence, e.System)
		default: // an ability's or a note's aid to the tactical action (Ability.TacticalAid)
			switch tacticalAid(e.Card) {
			case AidPassage:
				t.Passage = append(slices.Clip(t.Passage), e.Seat)
			case AidMove:
				t.MoveBonus++
			case AidRifts:
				t.Rifts = true
			case AidHub:
				t.Hub = true
			case AidMatch:
				t.MatchMove = true
			}
		}
	case EvAnswerPass:
		c := s.Combat
		switch c.Answer.Kind {
		case "destroyed":
			c.Lost = dropSeat(c.Lost, c.Answer.Seat)
		case "moved":
			c.Answer = nextAsk(c, &c.Docks, "moved")
			return true
		case "barrage":
			c.Answer = nextAsk(c, &c.Barrage, "barrage")
			return true
		case "start":
			c.Answer = nextAsk(c, &c.Starters, "start")
			return true
		case AnswerRoundEnd, AnswerGroundEnd:
			c.Answer = nextAsk(c, &c.own().Enders, c.Answer.Kind)
			return true
		case AnswerMovedIn:
			c.Answer = nextAsk(c, &c.own().Watchers, AnswerMovedIn)
			return true
		case AnswerSpaceStart:
			c.Answer = nextAsk(c, &c.Starters, AnswerSpaceStart)
			return true
		case AnswerGroundRound, AnswerSpaceRound:
			c.Answer = nextAsk(c, &c.own().Rounders, c.Answer.Kind)
			return true
		case AnswerAbilityRoll:
			c.Answer = nextAsk(c, &c.own().Rollers, AnswerAbilityRoll)
			return true
		case AnswerRerolls, AnswerRolled:
			nextDiceAsk(c)
			return true
		case AnswerGroundRolled:
			c.Answer = nextRoller(c)
			return true
		case "ground_roll":
			q := c.Answer.Seat
			c.Misses = slices.DeleteFunc(slices.Clone(c.Misses), func(m Miss) bool { return m.Seat == q })
			c.Answer = nextRoller(c)
			return true
		}
		c.Answer = nil
	case EvDisabled:
		s.Invasion.Disabled = true
	case EvDirectHit:
		sys := s.System(e.System)
		for i := range sys.Space {
			if st := &sys.Space[i]; st.Owner == e.Seat && st.Unit == e.Unit && st.Damaged > 0 {
				st.Damaged--
				sys.Space = add(sys.Space, e.Seat, e.Unit, -1)
				s.Combat.Lost = add(slices.Clone(s.Combat.Lost), e.Seat, e.Unit, 1)
				s.fell(e.Seat)
				s.asked(AnswerUnitLost, *e)
				if l := s.lentTo(e.Seat); l != nil && l.Unit == e.Unit && !s.canSustain(e.Seat, e.Unit) { // the damaged one was the ship lent
					x := s.Combat.own()
					gone := *l
					gone.Gone = true
					x.Lent = &gone
				}
				break
			}
		}
		s.Combat.Answer = nil
	case EvRepaired:
		sys := s.System(e.System)
		for i := range sys.Space {
			if sys.Space[i].Owner == e.Seat {
				sys.Space[i].Damaged = 0
			}
		}
		for _, pl := range sys.Planets {
			for i := range pl.Units {
				if pl.Units[i].Owner == e.Seat {
					pl.Units[i].Damaged = 0
				}
			}
		}
	default:
		return false
	}
	return true
}

// moveBonus is Flank Speed's +1 to move values in this tactical action.
func (s *State) moveBonus() int {
	if s.Tactical != nil {
		return s.Tactical.MoveBonus
	}
	return 0
}

// boosts counts a seat's Morale Boosts and Fighter Prototypes this round.
func boosts(c *Combat, seat int) (all, fighters int) {
	for _, q := range c.Boost {
		if q == seat {
			all++
		}
	}
	for _, q := range c.Proto {
		if q == seat {
			fighters += 2
		}
	}
	return all, fighters
}

// prototype is Reveal Prototype: 4 resources for a unit upgrade technology
// of a type the player has in this combat. It opens a research step that
// offers only those technologies, at that cost, while the combat waits.
func prototype(s *State, seat int) ([]Event, error) {
	c := s.Combat
	types := map[string]bool{}
	units := s.System(c.System).Space
	if c.Kind == "ground" {
		units = planetIn(s.System(c.System), c.Planet).Units
	}
	for _, st := range units {
		if st.Owner == seat && (c.Kind == "space") == isShip(st.Unit) {
			types[st.Unit] = true
		}
	}
	cat := data.MustLoad()
	var techs []string
	for _, t := range cat.Technologies {
		if t.Unit != "" && types[cat.Unit(t.Unit).Type] && s.techOpen(seat, t) == nil {
			techs = append(techs, t.ID)
		}
	}
	if len(techs) == 0 {
		return nil, engine.Refuse("2.7", "Reveal Prototype needs a unit upgrade you lack, of a type you have in this combat")
	}
	if s.spendable(seat) < prototypeCost {
		return nil, engine.Refuse("2.7", "Reveal Prototype costs %d resources; %d can be spent", prototypeCost, s.spendable(seat))
	}
	e := step(StepResearch, seat, "reveal_prototype", false)
	e.Step.Cards = techs
	return s.emit(e), nil
}

const prototypeCost = 4

// Reveal Prototype's research: its price, of a technology it offers.
func init() { researchBy["reveal_prototype"] = researchTerms{cost: prototypeCost, offered: true} }

// prototyping reports Reveal Prototype's research under way; the combat
// waits for it.
func (s *State) prototyping() bool { return s.Step != nil && s.Step.Card == "reveal_prototype" }
