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

// tacticalCards resolve a card played during a tactical action; ok is
// false for other cards.
func tacticalCards(s *State, a Action, rng *engine.RNG) (ev []Event, err error, ok bool) {
	switch a.Card {
	case "courageous_to_the_end", "fire_team", "salvage", "experimental_battlestation", "waylay":
		ev, err = combatAnswer(s, a, rng)
	case "flank_speed", "lost_star_chart", "in_the_silence_of_space", "upgrade", "nav_suite":
		ev, err = afterActivation(s, a)
	case "morale_boost", "fighter_prototype", "emergency_repairs", "skilled_retreat", "rout":
		ev, err = roundStart(s, a)
	case "reveal_prototype": // the start of combat: a space combat's first round window (78.2a)
		if c := s.Combat; c != nil && c.Kind == "space" {
			ev, err = roundStart(s, a)
		} else {
			ev, err = combatAnswer(s, a, rng)
		}
	case "shields_holding", "maneuvering_jets":
		ev, err = beforeHits(s, a)
	case "disable":
		inv := s.Invasion
		if inv == nil || inv.Seat != a.Seat || inv.Bombarded || len(inv.Committed) > 0 || s.Combat != nil {
			return nil, engine.Refuse("1.14", "Disable is played at the start of your invasion"), true
		}
		if !slices.ContainsFunc(s.System(inv.Pos).Planets, func(pl *Planet) bool {
			return slices.ContainsFunc(pl.Units, func(st Stack) bool { return st.Unit == "pds" && st.Owner != a.Seat })
		}) {
			return nil, engine.Refuse("2.7", "Disable needs an opponent's PDS in the system"), true
		}
		ev = s.emit(Event{Kind: EvDisabled, Seat: a.Seat})
	case "intercept":
		c := s.Combat
		if c == nil || c.Answer == nil || c.Answer.Seat != a.Seat || c.Answer.Kind != "retreat" {
			return nil, engine.Refuse("1.14", "Intercept is played after your opponent announces a retreat"), true
		}
		n := *c
		n.Retreat, n.Answer = None, nil
		if n.Step == CbRoll && c.Retreat == c.Defender {
			n.Step = CbAnnounceA // the attacker may now announce (78.4b no longer applies)
		}
		ev = s.emit(setCombat(&n, nil))
	case "direct_hit":
		c := s.Combat
		if c == nil || c.Answer == nil || c.Answer.Seat != a.Seat || c.Answer.Kind != "sustain" {
			return nil, engine.Refuse("1.14", "Direct Hit is played after another player's ship sustains damage from your hit"), true
		}
		ev = s.emit(Event{Kind: EvDirectHit, Seat: c.Answer.Owner, System: c.System, Unit: c.Answer.Unit})
	default:
		return nil, nil, false
	}
	return ev, err, true
}

// combatAnswer resolves the cards played in a combat's answer windows.
func combatAnswer(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	c := s.Combat
	want := map[string]string{"courageous_to_the_end": "destroyed", "fire_team": "ground_roll", "salvage": "won", "experimental_battlestation": "moved", "waylay": "barrage", "reveal_prototype": "start"}[a.Card]
	if c == nil || c.Answer == nil || c.Answer.Seat != a.Seat || c.Answer.Kind != want {
		moment := map[string]string{"destroyed": "after one of your ships is destroyed in a space combat",
			"ground_roll": "after your ground forces roll in a ground combat", "won": "after you win a space combat",
			"moved":   "after another player moves ships into a system next to or holding your space dock",
			"barrage": "before you roll anti-fighter barrage", "start": "at the start of a combat"}[want]
		return nil, engine.Refuse("1.14", "%s is played %s", a.Card, moment)
	}
	opp := c.Answer.Owner
	n := c.clone()
	n.Answer = nil
	var faces []int
	switch a.Card {
	case "courageous_to_the_end": // two dice at the lost ship's combat value
		if count(c.Lost, a.Seat, a.Unit) == 0 {
			return nil, engine.Refuse("2.7", "name a ship of yours destroyed in this combat")
		}
		n.Lost = dropSeat(n.Lost, a.Seat)
		r := profile(s, a.Seat, a.Unit).Combat
		if h := combat.Hits(rng, combat.Roll{Hit: r.Hit, Dice: 2}, 1, 0, false, &faces); h > 0 {
			n.Owed = append(n.Owed, Owed{Seat: opp, Hits: h, Rule: "2.7", By: a.Seat, Destroy: true})
		}
	case "fire_team": // every die that missed is rolled again
		extra := 0
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
			n.Owed[i].Hits += extra
		}
	case "experimental_battlestation": // a space dock fires three space cannon dice at 5
		pl, sys := s.Planet(a.Planet)
		if pl == nil || count(pl.Units, a.Seat, "space_dock") == 0 || (sys.Pos != c.System && !s.Adjacent(sys.Pos, c.System)) {
			return nil, engine.Refuse("2.7", "choose a planet with your space dock in or next to the active system")
		}
		n.Answer = nextAsk(n, &n.Docks, "moved")
		if h := combat.Hits(rng, combat.Roll{Hit: 5, Dice: 3}, 1, 0, false, &faces); h > 0 {
			n.Owed = append(n.Owed, Owed{Seat: opp, Hits: h, Rule: "77.5", By: a.Seat})
		}
	case "waylay": // this barrage hits any ship
		n.Waylay = append(n.Waylay, a.Seat)
		n.Answer = nextAsk(n, &n.Barrage, "barrage")
	case "reveal_prototype":
		ev, err := prototype(s, a.Seat)
		if err != nil {
			return nil, err
		}
		n.Answer = nextAsk(n, &n.Starters, "start")
		return s.extend(s.emit(newCombat(n, nil)), ev...), nil
	case "salvage": // the loser's commodities come over as trade goods
		got := s.Players[opp].Commodities
		return s.emit(Event{Kind: EvCommodities, Seat: opp, Count: 0}, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: got}, newCombat(n, nil)), nil
	}
	return s.emit(newCombat(n, faces)), nil
}

// afterActivation: the active player, after activating and before moving.
func afterActivation(s *State, a Action) ([]Event, error) {
	t := s.Tactical
	if t == nil || t.Seat != a.Seat || t.Step != TacMovement || len(t.Moves) > 0 {
		return nil, engine.Refuse("1.14", "%s is played after you activate a system, before ships move", a.Card)
	}
	sys := s.System(t.System)
	switch a.Card {
	case "upgrade":
		if count(sys.Space, a.Seat, "cruiser") == 0 || s.Reinforcements(a.Seat, "dreadnought") == 0 {
			return nil, engine.Refuse("2.7", "Upgrade needs one of your cruisers in the active system and a dreadnought in reinforcements")
		}
		return s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: sys.Pos, Unit: "cruiser", Count: 1}, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Unit: "dreadnought", Count: 1}), nil
	case "in_the_silence_of_space":
		from, _, err := where(s, a.System, "", "system")
		if err != nil {
			return nil, err
		}
		return s.emit(Event{Kind: EvTacticalMod, Seat: a.Seat, Card: a.Card, System: from.Pos}), nil
	}
	return s.emit(Event{Kind: EvTacticalMod, Seat: a.Seat, Card: a.Card}), nil
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

func roundStart(s *State, a Action) ([]Event, error) {
	c := s.Combat
	if announcer(c) != a.Seat {
		return nil, engine.Refuse("1.14", "%s is played at the start of a space combat round, as you announce retreats", a.Card)
	}
	n := *c
	switch a.Card {
	case "morale_boost":
		n.Boost = append(slices.Clone(c.Boost), a.Seat)
	case "fighter_prototype":
		if c.Round != 1 {
			return nil, engine.Refuse("2.7", "Fighter Prototype is played in the first round only")
		}
		n.Proto = append(slices.Clone(c.Proto), a.Seat)
	case "emergency_repairs":
		return s.emit(Event{Kind: EvRepaired, Seat: a.Seat, System: c.System}), nil
	case "reveal_prototype":
		if c.Round != 1 {
			return nil, engine.Refuse("1.14", "Reveal Prototype is played at the start of a combat: its first round")
		}
		return prototype(s, a.Seat)
	case "rout": // the defender's card: the attacker must retreat this round, if able
		if a.Seat != c.Defender {
			return nil, engine.Refuse("2.7", "Rout is played by the defender")
		}
		n.Routed = true
	case "skilled_retreat":
		to, _, err := where(s, a.System, "", "system")
		if err != nil {
			return nil, err
		}
		if !s.Adjacent(c.System, to.Pos) || hasOthersShips(to, a.Seat) {
			return nil, engine.Refuse("2.7", "Skilled Retreat goes to an adjacent system without other players' ships")
		}
		n.Retreat, n.RetreatTo = a.Seat, to.Pos
		ev := retreat(s, &n)
		// The combat ends in a draw: no one wins it.
		return s.extend(ev, setCombat(nil, nil), Event{Kind: EvTacStep, Seat: s.Tactical.Seat, Deck: nextTacStep(s, s.Tactical.Seat, TacMovement)}), nil
	}
	return s.emit(setCombat(&n, nil)), nil
}

func beforeHits(s *State, a Action) ([]Event, error) {
	c := s.Combat
	if c == nil || len(c.Owed) == 0 || c.Owed[0].Seat != a.Seat || c.Answer != nil {
		return nil, engine.Refuse("1.14", "%s is played before you assign hits", a.Card)
	}
	o := c.Owed[0]
	cancel := 0
	switch {
	case a.Card == "shields_holding" && c.Kind == "space" && (o.Rule == "78.6" || o.Rule == "10.2"):
		cancel = 2
	case a.Card == "maneuvering_jets" && (o.Rule == "77.5" || o.Rule == "77.8"):
		cancel = 1
	default:
		return nil, engine.Refuse("2.7", "%s does not cancel these hits (%s)", a.Card, o.Rule)
	}
	n := *c
	n.Owed = slices.Clone(c.Owed)
	n.Owed[0].Hits -= min(cancel, o.Hits)
	if n.Owed[0].Hits == 0 {
		n.Owed = n.Owed[1:]
	}
	return s.emit(setCombat(&n, nil)), nil
}

func applyTacticalCards(s *State, e *Event) bool {
	switch e.Kind {
	case EvTacticalMod:
		t := s.Tactical
		switch e.Card {
		case "flank_speed":
			t.MoveBonus++
		case "lost_star_chart":
			t.StarChart = true
		case "nav_suite":
			t.NavSuite = true
		case "in_the_silence_of_space":
			t.Silence = append(t.Silence, e.System)
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
