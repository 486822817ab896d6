package ti4

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// Combat in the tactical action: space cannon offense (77), space combat
// (78) with anti-fighter barrage (10), retreats and sustain damage (87);
// in the invasion, bombardment (15) against planetary shields (65), space
// cannon defense (77) and ground combat (42). Dice are rolled by the game
// (18, through the combat package, as the odds calculator does); players
// choose where hits land (31.1) and whether to retreat.

// Combat is a combat, or a set of hits, under way.
type Combat struct {
	Kind      string   `json:"kind"` // space, ground, bombardment
	System    int      `json:"system"`
	Planet    string   `json:"planet,omitempty"`
	Attacker  int      `json:"attacker"`
	Defender  int      `json:"defender"`
	Round     int      `json:"round"`
	Step      string   `json:"step"`
	Retreat   int      `json:"retreat"` // seat that announced a retreat, or None
	RetreatTo int      `json:"retreat_to"`
	Owed      []Owed   `json:"owed,omitempty"`
	Queue     []string `json:"queue,omitempty"`   // ground: planets still to fight over
	Boost     []int    `json:"boost,omitempty"`   // Morale Boost played this round, by seat
	Proto     []int    `json:"proto,omitempty"`   // Fighter Prototype played this round, by seat
	Rerolls   []int    `json:"rerolls,omitempty"` // seats rerolling their missed dice this round (Munitions Reserves)
	// Legion: seats whose ground combat rolls take +1 in this ground
	// combat, their opponent -1 if it is the note's owner (Tekklar Legion).
	Legion []int `json:"legion,omitempty"`
	// Bombed: the invader's ships have bombarded at the end of this ground
	// combat round (Harrow).
	Bombed bool `json:"bombed,omitempty"`
	// A window for one player to answer before the combat goes on.
	Answer *Answer `json:"answer,omitempty"`
	// Ships destroyed in this space combat whose owners have yet to answer
	// (Courageous to the End), ground dice that missed this round (Fire
	// Team), and whether the winner was asked (Salvage).
	Lost     []Stack `json:"lost,omitempty"`
	Misses   []Miss  `json:"misses,omitempty"`
	Salvaged bool    `json:"salvaged,omitempty"`
	// Ships moved in (Moved); the players with a space dock in or next to
	// the system still to answer (Docks) once asking began (Stationed), for
	// Experimental Battlestation.
	Routed    bool `json:"routed,omitempty"` // Rout: the attacker must announce a retreat this round, if able
	Moved     bool `json:"moved,omitempty"`
	Stationed bool `json:"stationed,omitempty"`
	// Held: the combat waits for the windows that follow the movement
	// (after ships move in) to close, from rules version 7.
	Held  bool  `json:"held,omitempty"`
	Docks []int `json:"docks,omitempty"`
	// Before anti-fighter barrage: the players with barrage units still to
	// answer (Barrage) once asking began (BarrageAsked), and those whose
	// barrage hits any ship (Waylay).
	BarrageAsked bool  `json:"barrage_asked,omitempty"`
	Barrage      []int `json:"barrage,omitempty"`
	Waylay       []int `json:"waylay,omitempty"`
	// At the start of a ground combat: the players still to answer
	// (Starters) once asking began (StartAsked), for Reveal Prototype. A
	// space combat's start shares the first round's window (78.2a).
	StartAsked bool  `json:"start_asked,omitempty"`
	Starters   []int `json:"starters,omitempty"`
	// Opened: the effects at the start of a ground combat are resolved.
	// Sustained: units that sustained damage this round; Repaired: the
	// round's repairs are made. InfantryLost: the planet where the
	// bombardment destroyed infantry.
	Opened       bool    `json:"opened,omitempty"`
	Sustained    []Stack `json:"sustained,omitempty"`
	Repaired     bool    `json:"repaired,omitempty"`
	InfantryLost string  `json:"infantry_lost,omitempty"`
	// The windows few combats open, for faction abilities, apart so that
	// every other combat stays small; read with x, written with own.
	*CombatExtra
}

// CombatExtra holds a combat's rarer windows.
type CombatExtra struct {
	// Fallen: players whose units were destroyed in this combat, whose
	// opponent has an ability to use after that still to be asked. Used:
	// the abilities used once per combat in this one, as "seat:id".
	Fallen []int    `json:"fallen,omitempty"`
	Used   []string `json:"used,omitempty"`
	// RolledBoost: the round's Boost of a ground combat roll that an
	// ability may still take back (AnswerGroundRolled), given back with it.
	RolledBoost []int `json:"rolled_boost,omitempty"`
	// After a space combat round that the combat outlasts: the players
	// with an ability for that moment still to answer (Enders) once
	// asking began (EndAsked), for Devotion.
	EndAsked bool  `json:"end_asked,omitempty"`
	Enders   []int `json:"enders,omitempty"`
	// After movement, before Docks: the players with ships in the system
	// and an ability for ships moving in still to answer (Watchers) once
	// asking began (Watched), for Foresight.
	Watched  bool  `json:"watched,omitempty"`
	Watchers []int `json:"watchers,omitempty"`
	// Wrecks: the ship types destroyed in this space combat, kept while a
	// player in it has an ability that reads them (Salvage Operations).
	Wrecks []string `json:"wrecks,omitempty"`
	// Raiders: the players who used an ability at this space combat's
	// start that gives them a ship for each other player's ship destroyed
	// in it (Ipswitch); Sunk: the ships destroyed since, by owner.
	Raiders []int   `json:"raiders,omitempty"`
	Sunk    []Stack `json:"sunk,omitempty"`
	// AsShips: ground forces in the space area fighting in this space
	// combat as if they were ships (The Alastor), as many of each type.
	AsShips []Stack `json:"as_ships,omitempty"`
	// Dice: a space combat round's dice, each with its unit, kept while
	// abilities used after the roll may change them (combatdice.go); the
	// players still to answer, first with rerolls (Rerollers, once
	// RerollAsked, 74.3), then with other abilities (Raisers, once
	// RaiseAsked).
	Dice        []Die `json:"dice,omitempty"`
	RerollAsked bool  `json:"reroll_asked,omitempty"`
	Rerollers   []int `json:"rerollers,omitempty"`
	RaiseAsked  bool  `json:"raise_asked,omitempty"`
	Raisers     []int `json:"raisers,omitempty"`
	// At the start of a combat round: the round asked about (RoundAsked)
	// and the players with an ability for then still to answer (Rounders):
	// in a ground combat its fighters and bystanders (Dunlain Reaper,
	// Evelyn Delouis), in a space combat its bystanders (Viscount Unlenn).
	RoundAsked int   `json:"round_asked,omitempty"`
	Rounders   []int `json:"rounders,omitempty"`
	// Boosted: the units that roll one die more in this round's combat
	// roll, as many dice as Count (Viscount Unlenn, Evelyn Delouis).
	Boosted []Stack `json:"boosted,omitempty"`
	// Morale: the players whose Morale Boost took effect this round, from
	// rules version 13, which refuses them a second (2.6b).
	Morale []int `json:"morale,omitempty"`
	// Asks: the windows after units' deeds still to open (askAnswers).
	Asks []Answer `json:"asks,omitempty"`
	// NoRetreat: neither side may retreat from this combat (Airo Shir
	// Aur's).
	NoRetreat bool `json:"no_retreat,omitempty"`
	// Lent: a ship fighting with another player's flagship's values (The
	// Cavalry), for this combat.
	Lent *Lent `json:"lent,omitempty"`
	// Before a unit ability roll (AnswerAbilityRoll): the rolls asked
	// about (RollsAsked, by step), the players still to answer (Rollers),
	// and those whose next such roll has a die more (Ambush).
	RollsAsked []string `json:"rolls_asked,omitempty"`
	Rollers    []int    `json:"rollers,omitempty"`
	Ambush     []int    `json:"ambush,omitempty"`
}

// AnswerAbilityRoll is the window, before a unit ability roll, for a
// player whose units make it and who holds a note used then (Strike Wing
// Ambuscade).
const AnswerAbilityRoll = "ability_roll"

// askRollers opens, once per roll (key), the window before a unit ability
// roll for each of the rollers holding a note used then; it reports
// whether one opened. Nothing changes for a roll no such note answers.
func (s *State) askRollers(n *Combat, key string, rollers func() []int) bool {
	if !slices.ContainsFunc(s.Players, func(p *Player) bool { return !p.Eliminated && s.holdsAnswer(p.Seat, AnswerAbilityRoll) }) {
		return false // the common case: no one holds such a note
	}
	var q []int
	for _, r := range rollers() {
		if r >= 0 && !slices.Contains(q, r) && s.holdsAnswer(r, AnswerAbilityRoll) {
			q = append(q, r)
		}
	}
	if len(q) == 0 || slices.Contains(n.x().RollsAsked, key) {
		return false
	}
	e := n.own()
	e.RollsAsked = append(slices.Clip(e.RollsAsked), key)
	return ask(n, q, &e.Rollers, AnswerAbilityRoll)
}

// rolled clears, after a step's unit ability rolls, the dice more they
// had (CombatExtra.Ambush).
func rolled(n *Combat) {
	if len(n.x().Ambush) > 0 {
		n.own().Ambush = nil
	}
}

// Lent is one of Seat's ships of type Unit that fights, for a combat, with
// the Sustain Damage, combat roll and anti-fighter barrage of From's
// flagship; Note lent it, and goes back to its owner as the combat ends.
type Lent struct {
	Seat int    `json:"seat"`
	Unit string `json:"unit"`
	From int    `json:"from"`
	Note string `json:"note"`
	// Gone: the ship lent was destroyed (by Direct Hit, the damaged one of
	// its type): no other ship of the type takes its values.
	Gone bool `json:"gone,omitempty"`
}

var noCombatExtra CombatExtra

// x is c's rarer fields for reading.
func (c *Combat) x() *CombatExtra {
	if c.CombatExtra == nil {
		return &noCombatExtra
	}
	return c.CombatExtra
}

// own is c's rarer fields for writing: a fresh copy, so that combats
// sharing them keep theirs (slices are replaced, never written through).
func (c *Combat) own() *CombatExtra {
	x := *c.x()
	c.CombatExtra = &x
	return &x
}

// Miss is dice of one player that missed, and the value they needed.
type Miss struct {
	Seat  int `json:"seat"`
	Hit   int `json:"hit"`
	Count int `json:"count"`
}

// Answer is a window for one player to answer the other: after a ship
// sustains their hit (Direct Hit), after the opponent announces a retreat
// (Intercept), after their own ships are destroyed (Courageous to the End),
// after a ground combat roll (Fire Team), after winning (Salvage). Owner is
// the other player concerned.
type Answer struct {
	Kind   string `json:"kind"` // sustain, retreat, destroyed, ground_roll, won
	Seat   int    `json:"seat"`
	Owner  int    `json:"owner"`
	Unit   string `json:"unit"`
	Planet string `json:"planet,omitempty"`
}

// Owed is hits a player must assign.
type Owed struct {
	Seat   int    `json:"seat"`
	Hits   int    `json:"hits"`
	Planet string `json:"planet,omitempty"` // empty: ships in the space area
	// Only limits the ships hit: "fighter" (barrage), "non_fighter"
	// (Assault Cannon), "non_fighter_first": non-fighters while there
	// are any (Graviton Laser System).
	Only string `json:"only,omitempty"`
	// Picked: the player who produced the hits (By) chooses the units
	// they land on (Magen Defense Grid); a unit that can sustain the
	// damage does.
	Picked bool   `json:"picked,omitempty"`
	Rule   string `json:"rule"`
	By     int    `json:"by"` // the player whose units produced the hits
	// ships to destroy, not hits: no sustaining damage (Courageous to the End)
	Destroy bool `json:"destroy,omitempty"`
	// Bare: no Sustain Damage against these hits, as another player's
	// flagship forbade it when they were produced (Fourth Moon): damage
	// is sustained before any unit is destroyed (78.6a).
	Bare bool `json:"bare,omitempty"`
	// Cards: from rules version 13, the action cards that cancelled some
	// of these hits, of which a second of a name is refused (2.6b).
	Cards []string `json:"cards,omitempty"`
}

// Combat steps.
const (
	CbCannon    = "space_cannon"
	CbStart     = "start"
	CbBarrage   = "barrage"
	CbAnnounceD = "announce_defender"
	CbAnnounceA = "announce_attacker"
	CbRoll      = "roll"
	CbRetreat   = "retreat"
	CbFight     = "fight"
)

// Combat action and event kinds.
const (
	ActAssignHit  = "assign_hit"
	ActRetreat    = "announce_retreat"
	ActNoRetreat  = "no_retreat"
	ActBombard    = "bombard"
	EvCombat      = "combat"
	EvDice        = "dice" // a roll that changed nothing, kept for the log
	EvHitAssigned = "hit_assigned"
)

func profile(s *State, seat int, typ string) combat.Profile {
	return combat.FromUnit(s.UnitCard(seat, typ))
}

// fights reports that seat has units in the space combat c: ships, or
// ground forces fighting as ships (AsShips).
func fights(c *Combat, sys *System, seat int) bool {
	return shipsOf(sys, seat) || count(c.x().AsShips, seat, "") > 0
}

// fightingStacks are the units in c's space area that fight in it: the
// ships, and the ground forces fighting as ships, as many as are there.
func fightingStacks(c *Combat, sys *System) []Stack {
	out := shipStacks(sys.Space)
	for _, g := range c.x().AsShips {
		for _, st := range sys.Space {
			if st.Owner == g.Owner && st.Unit == g.Unit {
				st.Count = min(st.Count, g.Count)
				st.Damaged = min(st.Damaged, st.Count)
				out = append(out, st)
			}
		}
	}
	return out
}

// shipsOf reports whether seat has ships in a system's space.
func shipsOf(sys *System, seat int) bool {
	for _, st := range sys.Space {
		if st.Owner == seat && isShip(st.Unit) {
			return true
		}
	}
	return false
}

func (s *State) groundOn(pl *Planet, seat int) bool {
	return slices.ContainsFunc(pl.Units, func(st Stack) bool { return st.Owner == seat && s.groundForce(seat, st.Unit) })
}

// otherWithShips is the one other player with ships in a system, or None.
func otherWithShips(sys *System, seat int) int {
	for _, st := range sys.Space {
		if st.Owner != seat && isShip(st.Unit) {
			return st.Owner
		}
	}
	return None
}

// combatModHere is what seat's abilities add to its combat rolls in the
// combat under way's system (CombatModAt).
func (s *State) combatModHere(seat int) int {
	if s.Combat == nil {
		return 0
	}
	n := 0
	for _, a := range s.abilityList(seat) {
		if a.CombatModAt != nil {
			n += a.CombatModAt(s, seat, s.Combat.System)
		}
	}
	return n
}

// rollAgain is roll, each missed die rolled once more when reroll is set;
// with dice set, each die is kept there with its unit (its faces must be
// kept too).
func (s *State) rollAgain(seat int, stacks []Stack, f func(*combat.Profile) combat.Roll, mod int, reroll bool, rng *engine.RNG, faces *[]int, dice *[]Die) int {
	hits := 0
	fa := s.flagshipRolls(seat, stacks)
	lent := s.lentTo(seat)
	for _, whole := range stacks {
		if whole.Owner != seat {
			continue
		}
		parts, k := splitLent(whole, lent)
		for _, st := range parts[:k] {
			p := s.rollProfile(seat, st, lent)
			r, m := f(&p), mod+s.unitModVs(seat, st.Unit)
			if fa != nil && st.Unit != "flagship" {
				m += fa.OthersMod // C'morran N'orr
			}
			if fa != nil && st.Unit == "flagship" && fa.DicePerShip && s.Combat != nil {
				opp := opponent(s.Combat, seat) // Salai Sai Corian: ground forces fighting as ships count (FAQ)
				r.Dice = s.nonFighterShips(s.Combat.System, opp) + count(s.Combat.x().AsShips, opp, "")
			}
			n := 0
			if faces != nil {
				n = len(*faces)
			}
			hits += combat.Hits(rng, r, st.Count, m, reroll, faces)
			nine := 0
			if fa != nil && st.Unit == "flagship" && fa.NineHits > 0 && faces != nil {
				nine = fa.NineHits
				for _, v := range (*faces)[n:] {
					if v >= 9 { // a 9 or 10 before modifiers (J.N.S. Hylarim)
						hits += nine
					}
				}
			}
			if dice != nil && r.Hit > 0 {
				*dice = keepDice(*dice, Die{Seat: seat, Unit: st.Unit, Need: r.Hit - m, Nine: nine}, (*faces)[n:], reroll, s.diePer(r))
			}
		}
	}
	return hits
}

// rollProfile is the profile st's units roll with: a mech's ship side in
// space, its dice more; the lender's flagship's rolls for the one ship
// lent (st.Damaged -1 marks it, splitLent).
func (s *State) rollProfile(seat int, st Stack, lent *Lent) combat.Profile {
	p := profile(s, seat, st.Unit)
	if st.Unit == "mech" && s.Combat != nil && s.Combat.Kind == "space" {
		p.Combat = s.shipSide(seat, p.Combat) // a mech's card flipped to its ship side (Z-Grav Eidolon)
	}
	if st.Unit == "mech" {
		p.Combat.Dice += s.mechDice(seat) // Visz El Vir
	}
	if lent != nil && st.Damaged < 0 {
		f := profile(s, lent.From, "flagship")
		p.Combat, p.AFB = f.Combat, f.AFB
	}
	return p
}

// splitLent is st as rolled: whole, or, for the type of the ship lent the
// flagship's values (The Cavalry), the others and the one ship apart
// (Damaged -1 marking it: rolls read no damage).
func splitLent(st Stack, lent *Lent) ([2]Stack, int) {
	if lent == nil || st.Unit != lent.Unit || st.Owner != lent.Seat || st.Count < 1 {
		return [2]Stack{st}, 1
	}
	one := Stack{Owner: st.Owner, Unit: st.Unit, Count: 1, Damaged: -1}
	if st.Count == 1 {
		return [2]Stack{one}, 1
	}
	return [2]Stack{{Owner: st.Owner, Unit: st.Unit, Count: st.Count - 1}, one}, 2
}

// lentTo is the ship lent seat's in the combat under way, or nil.
func (s *State) lentTo(seat int) *Lent {
	if c := s.Combat; c != nil && c.CombatExtra != nil && c.Lent != nil && c.Lent.Seat == seat && !c.Lent.Gone {
		return c.Lent
	}
	return nil
}

// roundHits is seat's space combat roll as the hits target owes (78.6):
// with a flagship that directs its hits (and its owner's dreadnoughts')
// at non-fighter ships ([0.0.1]), those are rolled and owed apart.
func (s *State) roundHits(seat, target int, stacks []Stack, mod, fighterMod int, reroll bool, rng *engine.RNG, rolls *[]int, dice *[]Die) []Owed {
	var out []Owed
	owe := func(h int, only string) {
		if h > 0 {
			out = append(out, Owed{Seat: target, Hits: h, Only: only, Rule: "78.6", By: seat})
		}
	}
	fa := s.flagshipRolls(seat, stacks)
	if fa == nil || !fa.Directed {
		owe(s.combatRoll(seat, stacks, mod, fighterMod, reroll, rng, rolls, dice), "")
		return out
	}
	var directed, rest []Stack
	for _, st := range stacks {
		if st.Owner == seat && (st.Unit == "flagship" || st.Unit == "dreadnought") {
			directed = append(directed, st)
		} else {
			rest = append(rest, st)
		}
	}
	from := 0
	if dice != nil {
		from = len(*dice)
	}
	owe(s.combatRoll(seat, directed, mod, fighterMod, reroll, rng, rolls, dice), "non_fighter_first")
	if dice != nil {
		for i := from; i < len(*dice); i++ {
			(*dice)[i].Only = "non_fighter_first"
		}
	}
	owe(s.combatRoll(seat, rest, mod, fighterMod, reroll, rng, rolls, dice), "")
	return out
}

// flagshipRolls is seat's flagship's ability, when it changes combat
// rolls and the flagship is among the stacks rolling.
func (s *State) flagshipRolls(seat int, stacks []Stack) *Ability {
	if !slices.ContainsFunc(stacks, func(st Stack) bool { return st.Owner == seat && st.Unit == "flagship" }) {
		return nil
	}
	if a := s.unitAbility(seat, "flagship"); a != nil && (a.OthersMod != 0 || a.DicePerShip || a.NineHits > 0 || a.Directed) {
		return a
	}
	return nil
}

// nonFighterShips counts seat's non-fighter ships in the system at pos.
func (s *State) nonFighterShips(pos, seat int) int {
	n := 0
	for _, st := range s.System(pos).Space {
		if st.Owner == seat && isShip(st.Unit) && st.Unit != "fighter" {
			n += st.Count
		}
	}
	return n
}

// combatRoll is a space combat round's roll (78.3), with mod on every die
// and fighterMod more on fighters' (Fighter Prototype), missed dice rolled
// again with reroll (Munitions Reserves); Prophecy of Ixth adds one to its
// owner's fighters.
func (s *State) combatRoll(seat int, stacks []Stack, mod, fighterMod int, reroll bool, rng *engine.RNG, faces *[]int, dice *[]Die) int {
	mod += s.bonus(seat, hookCombatMod) + s.combatModHere(seat)
	if s.lawGives(seat, LawFightersPlusOne) != "" {
		fighterMod++
	}
	if fighterMod == 0 {
		return s.rollAgain(seat, stacks, combatOf, mod, reroll, rng, faces, dice)
	}
	var fighters, rest []Stack
	for _, st := range stacks {
		if st.Unit == "fighter" {
			fighters = append(fighters, st)
		} else {
			rest = append(rest, st)
		}
	}
	h := s.rollAgain(seat, rest, combatOf, mod, reroll, rng, faces, dice)
	return h + s.rollAgain(seat, fighters, combatOf, mod+fighterMod, reroll, rng, faces, dice)
}

// boostedDice rolls the dice more that units of seat's roll this round
// (Combat.Boosted), one each, as their own combat rolls.
func (s *State) boostedDice(seat, mod, fighterMod int, reroll bool, rng *engine.RNG, faces *[]int, dice *[]Die) int {
	h := 0
	for _, b := range s.Combat.x().Boosted {
		if b.Owner == seat {
			m := mod + s.bonus(seat, hookCombatMod) + s.combatModHere(seat)
			if b.Unit == "fighter" {
				m += fighterMod
			}
			h += s.rollAgain(seat, []Stack{b}, oneDie, m, reroll, rng, faces, dice)
		}
	}
	return h
}

// oneDie is a unit's combat roll with a single die.
func oneDie(p *combat.Profile) combat.Roll {
	return combat.Roll{Hit: p.Combat.Hit, Dice: min(p.Combat.Dice, 1)}
}

func barrageOf(p *combat.Profile) combat.Roll { return p.AFB }
func combatOf(p *combat.Profile) combat.Roll  { return p.Combat }

func setCombat(c *Combat, rolls []int) Event {
	return Event{Kind: EvCombat, Combat: c.clone(), Rolls: rolls}
}

// newCombat is setCombat for a combat built afresh, which nothing else
// shares: it is not copied.
func newCombat(c *Combat, rolls []int) Event {
	return Event{Kind: EvCombat, Combat: c, Rolls: rolls}
}

// clone is a deep copy of a combat, or nil.
func (c *Combat) clone() *Combat {
	if c == nil {
		return nil
	}
	x := *c
	x.Owed, x.Queue = slices.Clone(c.Owed), slices.Clone(c.Queue)
	for i := range x.Owed {
		x.Owed[i].Cards = slices.Clone(x.Owed[i].Cards)
	}
	x.Boost, x.Proto, x.Rerolls, x.Legion = slices.Clone(c.Boost), slices.Clone(c.Proto), slices.Clone(c.Rerolls), slices.Clone(c.Legion)
	x.Lost, x.Misses, x.Docks = slices.Clone(c.Lost), slices.Clone(c.Misses), slices.Clone(c.Docks)
	x.Barrage, x.Waylay, x.Starters = slices.Clone(c.Barrage), slices.Clone(c.Waylay), slices.Clone(c.Starters)
	x.Sustained = slices.Clone(c.Sustained)
	if c.CombatExtra != nil {
		e := *c.CombatExtra
		e.Fallen, e.Used, e.Enders, e.Watchers = slices.Clone(e.Fallen), slices.Clone(e.Used), slices.Clone(e.Enders), slices.Clone(e.Watchers)
		e.RolledBoost = slices.Clone(e.RolledBoost)
		e.Wrecks, e.Dice, e.AsShips = slices.Clone(e.Wrecks), slices.Clone(e.Dice), slices.Clone(e.AsShips)
		e.Rerollers, e.Raisers, e.Rounders = slices.Clone(e.Rerollers), slices.Clone(e.Raisers), slices.Clone(e.Rounders)
		e.Boosted, e.Raiders, e.Sunk = slices.Clone(e.Boosted), slices.Clone(e.Raiders), slices.Clone(e.Sunk)
		e.Morale = slices.Clone(e.Morale)
		e.Asks, e.RollsAsked, e.Rollers, e.Ambush = slices.Clone(e.Asks), slices.Clone(e.RollsAsked), slices.Clone(e.Rollers), slices.Clone(e.Ambush)
		x.CombatExtra = &e
	}
	if c.Answer != nil {
		y := *c.Answer
		x.Answer = &y
	}
	return &x
}

// beginSpace starts the steps after movement: space cannon offense, then
// space combat if two players have ships there (89.2c, 89.3).
func beginSpace(s *State, t *Tactical) Event {
	return newCombat(&Combat{Kind: "space", System: t.System, Attacker: t.Seat, Defender: None, Step: CbCannon, Retreat: None, Moved: len(t.Moves) > 0}, nil)
}

// combatFollowUps advances a combat whenever no player owes a choice: the
// dice are the game's to roll.
func combatFollowUps(s *State, rng *engine.RNG) []Event {
	c := s.Combat
	if c == nil || c.Answer != nil || invasionWaits(s) || s.prototyping() {
		return nil // the combat waits on an answer, or on Reveal Prototype's research
	}
	if c.Held { // the windows after the movement come first (1.14)
		if len(s.Choices) > 0 || s.Step != nil {
			return nil
		}
		n := *c
		n.Held = false
		return s.emit(setCombat(&n, nil))
	}
	if ev := askAnswers(s, c); ev != nil { // before the next hit is assigned
		return ev
	}
	// Hits with nothing left to hit are lost (10.2a, 15.2a).
	if len(c.Owed) > 0 {
		o := c.Owed[0]
		if len(hitTargets(s, c, o)) > 0 {
			return nil
		}
		n := *c
		n.Owed = n.Owed[1:]
		return s.emit(setCombat(&n, nil))
	}
	if ev := raidedNow(s, c); ev != nil {
		return ev
	}
	if ev := lossAnswers(s, c); ev != nil {
		return ev
	}
	switch c.Kind {
	case "bombardment":
		return s.extend(bombardWipe(s, c), setCombat(nil, nil))
	case "space":
		r := spaceStep{s: s, c: c, n: *c, sys: s.System(c.System), rng: rng}
		if ev, held := r.run(); held {
			return ev
		}
		return s.extend(s.emit(r.side...), setCombat(&r.n, r.rolls))
	case "ground":
		return groundFollowUps(s, c, rng)
	}
	return s.emit(setCombat(c, nil))
}

// lossAnswers opens the windows after units are destroyed: the owners of
// ships just destroyed answer in turn, then the opponent of a player who
// lost units, if an ability answers that.
func lossAnswers(s *State, c *Combat) []Event {
	if len(c.Lost) > 0 {
		n := c.clone()
		seat := c.Lost[0].Owner
		if opp := opponent(c, seat); opp != None && shipsOf(s.System(c.System), opp) && !s.Players[seat].Eliminated {
			n.Answer = &Answer{Kind: "destroyed", Seat: seat, Owner: opp}
		} else {
			n.Lost = dropSeat(n.Lost, seat)
		}
		return s.emit(newCombat(n, nil))
	}
	if f := c.x().Fallen; len(f) > 0 {
		n := c.clone()
		seat := f[0]
		n.own().Fallen = f[1:]
		if opp := opponent(c, seat); s.lossAnswered(opp) {
			n.Answer = &Answer{Kind: AnswerLoss, Seat: opp, Owner: seat}
		}
		return s.emit(newCombat(n, nil))
	}
	return nil
}

// spaceStep is one automatic step of a space combat under way: n is the
// combat as the step leaves it, rolls the dice thrown, side the events
// before it (technologies exhausted).
type spaceStep struct {
	s     *State
	c     *Combat
	n     Combat
	sys   *System
	rng   *engine.RNG
	rolls []int
	side  []Event
}

// run resolves the combat's step; a step that holds returns its own
// events (none while a player decides), else the combat as it leaves it
// is set. Direct calls, so that the step stays on the stack.
func (r *spaceStep) run() ([]Event, bool) {
	switch r.c.Step {
	case CbCannon:
		return spaceCannonStep(r)
	case CbStart:
		return spaceStartStep(r)
	case CbBarrage:
		return barrageStep(r)
	case CbAnnounceD, CbAnnounceA:
		return announceStep(r)
	case CbRoll:
		if r.c.x().Dice != nil {
			return rolledStep(r)
		}
		return rollStep(r)
	case CbRetreat:
		return retreatStep(r)
	}
	return nil, false
}

// ask opens, on n, a window of kind for the seats that answer it, one at
// a time; marked only when there are any, so that a combat without them
// stays as it was. It reports whether it opened.
func ask(n *Combat, seats []int, queue *[]int, kind string) bool {
	if len(seats) == 0 {
		return false
	}
	*queue = seats
	n.Answer = nextAsk(n, queue, kind)
	return true
}

// 77.2-77.5: first the players whose ships were moved in on may answer,
// then players with a space dock near; then space cannon offense.
func spaceCannonStep(r *spaceStep) ([]Event, bool) {
	s, c, n, sys := r.s, r.c, &r.n, r.sys
	if c.Moved && !c.x().Watched {
		var watchers []int
		for _, q := range s.Active() {
			if q != c.Attacker && ((shipsOf(sys, q) && s.hasUse(q, AfterMovedIn)) || (s.unitsIn(sys.Pos, q) > 0 && s.holdsAnswer(q, AnswerMovedIn))) {
				watchers = append(watchers, q)
			}
		}
		if len(watchers) > 0 {
			e := n.own()
			e.Watched = true
			ask(n, watchers, &e.Watchers, AnswerMovedIn)
			return s.emit(setCombat(n, nil)), true
		}
	}
	if c.Moved && !c.Stationed {
		n.Stationed, n.Docks = true, s.docksNear(c.System, c.Attacker)
		n.Answer = nextAsk(n, &n.Docks, "moved")
		return s.emit(setCombat(n, nil)), true
	}
	if s.askRollers(n, "cannon", func() []int {
		var firing []int
		for _, q := range s.Active() {
			if cannonTarget(s, c, sys, q) != None && firesCannon(s.cannonGroups(q, sys)) {
				firing = append(firing, q)
			}
		}
		return firing
	}) {
		return s.emit(setCombat(n, nil)), true
	}
	for _, q := range s.Active() {
		target := cannonTarget(s, c, sys, q)
		if target == None {
			continue
		}
		only, ev := s.cannonTargeting(q, target, sys)
		r.side = append(r.side, ev...)
		if h := s.cannonHits(q, target, sys, r.rng, &r.rolls); h > 0 {
			n.Owed = append(n.Owed, Owed{Seat: target, Hits: h, Rule: "77.5", By: q, Only: only})
		}
	}
	rolled(n)
	n.Step = CbStart
	return nil, false
}

// firesCannon reports a space cannon die among gs.
func firesCannon(gs []combat.Group) bool {
	return len(combat.Dice(gs, combat.KindCannon, 0, combat.Tech{}, combat.Tech{})) > 0
}

// cannonTarget is whose ships seat's space cannon offense fires at, in
// the space combat c's system, or None (77.2; Quetzecoatl).
func cannonTarget(s *State, c *Combat, sys *System, seat int) int {
	target := c.Attacker
	if seat == c.Attacker {
		target = otherWithShips(sys, seat)
	}
	if target == None || !shipsOf(sys, target) || s.flagshipAt(sys, hookNoCannonHere) == target {
		return None
	}
	return target
}

// flipToShips: at the start of a space combat, the mechs in the space
// area whose card flips to a ship side fight as ships (AsShips), each
// side's once, from rules version 6 (Z-Grav Eidolon).
func (s *State) flipToShips(n *Combat, sys *System, d int) {
	if s.rules() < RulesMechs {
		return
	}
	for _, q := range []int{n.Attacker, d} {
		k := count(sys.Space, q, "mech") - count(n.x().AsShips, q, "mech")
		if a := s.unitAbility(q, "mech"); k > 0 && a != nil && a.ShipSide.Hit > 0 {
			e := n.own()
			e.AsShips = add(slices.Clone(e.AsShips), q, "mech", k)
		}
	}
}

// shipSide is r, or the ship side of seat's mech card when it has one.
func (s *State) shipSide(seat int, r combat.Roll) combat.Roll {
	if a := s.unitAbility(seat, "mech"); a != nil && a.ShipSide.Hit > 0 {
		return a.ShipSide
	}
	return r
}

// 89.3, 78.1: the start of combat, before the barrage: the abilities used
// then (1.19), then the start-of-combat effects.
func spaceStartStep(r *spaceStep) ([]Event, bool) {
	s, c, n, sys := r.s, r.c, &r.n, r.sys
	d := otherWithShips(sys, c.Attacker)
	if d == None || !shipsOf(sys, c.Attacker) {
		return endSpace(s), true
	}
	if !c.StartAsked {
		s.flipToShips(n, sys, d)
		var starters []int
		for _, q := range []int{c.Attacker, d} {
			if s.readyUse(q, AtSpaceStart) || s.holdsAnswer(q, AnswerSpaceStart) {
				starters = append(starters, q)
			}
		}
		if len(starters) > 0 {
			n.Defender, n.StartAsked = d, true
			ask(n, starters, &n.Starters, AnswerSpaceStart)
			return s.emit(setCombat(n, nil)), true
		}
	}
	n.Defender, n.Round, n.Step, n.Sustained = d, 1, CbBarrage, nil
	for _, p := range [][2]int{{c.Attacker, d}, {d, c.Attacker}} {
		n.Owed = append(n.Owed, s.ambushHits(p[0], p[1], sys, r.rng, &r.rolls)...)
	}
	for _, p := range [][2]int{{c.Attacker, d}, {d, c.Attacker}} {
		n.Owed = append(n.Owed, s.startDestroys(p[0], p[1], sys)...)
	}
	for _, p := range [][2]int{{c.Attacker, d}, {d, c.Attacker}} {
		n.Owed = append(n.Owed, s.splicerHits(p[0], p[1], sys)...)
	}
	r.side = append(r.side, s.roundRepairs(n, sys)...) // the start of the first round
	return nil, false
}

// 78.3, 10: barrage hits only fighters; first each player with barrage
// units may answer (Waylay).
func barrageStep(r *spaceStep) ([]Event, bool) {
	s, c, n, sys := r.s, r.c, &r.n, r.sys
	if !c.BarrageAsked {
		n.BarrageAsked = true
		n.Barrage = append(n.Barrage, s.barragers(c, sys)...)
		n.Answer = nextAsk(n, &n.Barrage, "barrage")
		return s.emit(setCombat(n, nil)), true
	}
	if s.askRollers(n, "barrage", func() []int { return s.barragers(c, sys) }) {
		return s.emit(setCombat(n, nil)), true
	}
	defer rolled(n)
	only := func(q int) string {
		if slices.Contains(c.Waylay, q) {
			return "" // Waylay: hits on any ship
		}
		return "fighter"
	}
	var ha, hd int
	if !s.barrageBarred(sys, c.Defender) {
		ha = s.barrageRoll(r, c.Attacker, c.Defender)
	}
	if !s.barrageBarred(sys, c.Attacker) {
		hd = s.barrageRoll(r, c.Defender, c.Attacker)
	}
	if hd > 0 {
		n.Owed = append(n.Owed, Owed{Seat: c.Attacker, Hits: hd, Only: only(c.Defender), Rule: "10.2", By: c.Defender})
	}
	if ha > 0 {
		n.Owed = append(n.Owed, Owed{Seat: c.Defender, Hits: ha, Only: only(c.Attacker), Rule: "10.2", By: c.Attacker})
	}
	n.Owed = append(n.Owed, s.barrageDamage(sys, c.Defender, c.Attacker, hd, only(c.Defender))...)
	n.Owed = append(n.Owed, s.barrageDamage(sys, c.Attacker, c.Defender, ha, only(c.Attacker))...)
	n.Step = CbAnnounceD
	return nil, false
}

// barragers are the players in the space combat c with units that have
// anti-fighter barrage in its system, a ship lent it too (The Cavalry).
func (s *State) barragers(c *Combat, sys *System) []int {
	var out []int
	for _, q := range []int{c.Attacker, c.Defender} {
		lent := s.lentTo(q)
		if slices.ContainsFunc(sys.Space, func(st Stack) bool {
			return st.Owner == q && (profile(s, q, st.Unit).AFB.Dice > 0 || (lent != nil && st.Unit == lent.Unit && profile(s, lent.From, "flagship").AFB.Dice > 0))
		}) {
			out = append(out, q)
		}
	}
	return out
}

// barrageDamage is what seat's barrage hits beyond opp's fighters in the
// space area do when an ability of seat's makes each of them damage one of
// opp's ships that has Sustain Damage, seat choosing (Owed "damage"). Not
// when the hits land on any ship (Waylay): none is then in excess.
func (s *State) barrageDamage(sys *System, seat, opp, hits int, only string) []Owed {
	if only != "fighter" || !s.factionHas(seat, hookBarrageDamages) {
		return nil
	}
	if k := hits - count(sys.Space, opp, "fighter"); k > 0 {
		return []Owed{{Seat: opp, Hits: k, Only: "damage", Picked: true, Rule: "10", By: seat}}
	}
	return nil
}

func hookBarrageDamages(a *Ability) bool { return a.BarrageDamages }

// barrageRoll is seat's anti-fighter barrage hits (10.2); with a
// destroyer whose 9s and 10s destroy infantry (Strike Wing Alpha II), as
// many of opp's infantry in the space area are destroyed.
func (s *State) barrageRoll(r *spaceStep, seat, opp int) int {
	a := s.unitAbility(seat, "destroyer")
	if a == nil || !a.NinesKillInfantry {
		return s.barrageDice(seat, r.sys.Space, r) + s.abilityDie(seat, r.sys.Space, barrageOf, r.rng, &r.rolls)
	}
	var dd, rest []Stack
	for _, st := range r.sys.Space {
		if st.Unit == "destroyer" {
			dd = append(dd, st)
		} else {
			rest = append(rest, st)
		}
	}
	from := len(r.rolls)
	// the one more die, if any, goes to a destroyer: none barrages better
	own := count(dd, seat, "destroyer") > 0
	h := s.barrageDice(seat, dd, r)
	if own {
		h += s.abilityDie(seat, dd, barrageOf, r.rng, &r.rolls)
	}
	nines := 0
	for _, v := range r.rolls[from:] {
		nines += btoi(v >= 9)
	}
	if k := min(nines, count(r.sys.Space, opp, "infantry")); k > 0 {
		r.side = append(r.side, Event{Kind: EvUnitsRemoved, Seat: opp, System: r.sys.Pos, Unit: "infantry", Count: k})
	}
	h += s.barrageDice(seat, rest, r)
	if !own {
		h += s.abilityDie(seat, rest, barrageOf, r.rng, &r.rolls)
	}
	return h
}

// abilityDie is the hits of the one more die the best of seat's units
// among stacks rolls for a unit ability (combat.Tech.AbilityDie).
func (s *State) abilityDie(seat int, stacks []Stack, f func(*combat.Profile) combat.Roll, rng *engine.RNG, faces *[]int) int {
	own := s.combatTech(seat)
	n := btoi(own.AbilityDie) + own.AbilityDice
	if n == 0 {
		return 0
	}
	best := 0
	for _, st := range stacks {
		p := profile(s, seat, st.Unit)
		if r := f(&p); st.Owner == seat && r.Dice > 0 && r.Hit > 0 && (best == 0 || r.Hit < best) {
			best = r.Hit
		}
	}
	if best == 0 {
		return 0
	}
	return combat.Hits(rng, combat.Roll{Hit: best, Dice: n}, 1, 0, own.AbilityReroll, faces)
}

// barrageBarred reports that no anti-fighter barrage is rolled against
// target's units in sys: a mech of theirs there, in space or on a planet,
// forbids it (Iconoclast Ω).
func (s *State) barrageBarred(sys *System, target int) bool {
	if s.rules() < RulesMechs {
		return false
	}
	a := s.unitAbility(target, "mech")
	if a == nil || !a.NoBarrageHere {
		return false
	}
	on := count(sys.Space, target, "mech") > 0
	for _, pl := range sys.Planets {
		on = on || count(pl.Units, target, "mech") > 0
	}
	return on
}

// Retreats are announced by the players (78.4); with one side gone the
// combat ends (78.3a).
func announceStep(r *spaceStep) ([]Event, bool) {
	if !fights(r.c, r.sys, r.c.Attacker) || !fights(r.c, r.sys, r.c.Defender) {
		return endSpace(r.s), true
	}
	if ev := r.s.spaceRoundAsk(r.c, &r.n); ev != nil {
		return ev, true
	}
	return nil, true // a player decides
}

// 78.5, 78.6: both sides roll; the defender in a nebula adds 1 (59.3).
func rollStep(r *spaceStep) ([]Event, bool) {
	s, c, n, sys := r.s, r.c, &r.n, r.sys
	mod := 0
	if s.anomaly(c.System, "nebula") {
		mod = 1
	}
	ba, fa := boosts(c, c.Attacker)
	bd, fd := boosts(c, c.Defender)
	var dice []Die
	fleet := fightingStacks(c, sys)
	oa := s.roundHits(c.Attacker, c.Defender, fleet, ba, fa, slices.Contains(c.Rerolls, c.Attacker), r.rng, &r.rolls, &dice)
	od := s.roundHits(c.Defender, c.Attacker, fleet, mod+bd, fd, slices.Contains(c.Rerolls, c.Defender), r.rng, &r.rolls, &dice)
	if len(c.x().Boosted) > 0 { // the dice more, owed as the round's (Viscount Unlenn)
		for _, q := range []int{c.Attacker, c.Defender} {
			m, fm := ba, fa
			if q == c.Defender {
				m, fm = mod+bd, fd
			}
			if h := s.boostedDice(q, m, fm, slices.Contains(c.Rerolls, q), r.rng, &r.rolls, &dice); h > 0 {
				if q == c.Attacker {
					oa = append(oa, Owed{Seat: c.Defender, Hits: h, Rule: "78.6", By: q})
				} else {
					od = append(od, Owed{Seat: c.Attacker, Hits: h, Rule: "78.6", By: q})
				}
			}
		}
		n.own().Boosted = nil
	}
	if s.diceAnswered(c) { // the dice wait on the abilities used after the roll
		n.own().Dice = dice
		return s.emit(setCombat(n, r.rolls)), true
	}
	n.Owed = s.bare(sys, append(od, oa...))
	n.Step = CbRetreat
	return nil, false
}

// bare marks a round's hits that no Sustain Damage cancels, for as long
// as they are assigned (78.6a: the units sustain before any is destroyed).
func (s *State) bare(sys *System, owed []Owed) []Owed {
	if q := s.flagshipAt(sys, hookNoSustainNear); q != None {
		for i := range owed {
			owed[i].Bare = owed[i].Seat != q
		}
	}
	return owed
}

// 78.7, 78.8: repairs, the retreat, the end of the combat or of the round;
// after a round the combat outlasts, the abilities used then (the active
// player first, 1.19), and the next round.
func retreatStep(r *spaceStep) ([]Event, bool) {
	s, c, n, sys := r.s, r.c, &r.n, r.sys
	if ev := s.repairs(c, ""); ev != nil {
		return ev, true
	}
	if ev := s.roundEndAsk(c, n, sys, outlasts(c, sys), AnswerRoundEnd); ev != nil {
		return ev, true
	}
	if c.Retreat != None && fights(c, sys, c.Attacker) && fights(c, sys, c.Defender) {
		return s.extend(retreat(s, c), endSpace(s)...), true
	}
	if !fights(c, sys, c.Attacker) || !fights(c, sys, c.Defender) {
		return endSpace(s), true // 78.9, 78.7a
	}
	n.Round++
	n.Step, n.Retreat, n.Sustained, n.Repaired = CbAnnounceD, None, nil, false
	if n.x().EndAsked {
		n.own().EndAsked = false
	}
	n.Boost, n.Proto, n.Rerolls, n.Routed = nil, nil, nil, false // for one round only
	if n.x().Morale != nil {
		n.own().Morale = nil
	}
	if ev := s.roundRepairs(c, sys); ev != nil { // at the start of the next round (Arc Secundus)
		return s.extend(ev, setCombat(n, nil)), true
	}
	return nil, false
}

// outlasts reports a space combat that goes on after this round: both
// sides fight on and no one retreats.
func outlasts(c *Combat, sys *System) bool {
	return c.Retreat == None && fights(c, sys, c.Attacker) && fights(c, sys, c.Defender)
}

// roundEndAsk opens, once a round, the window of kind at the end of
// combat c's round for the two who fight: each with an ability for after
// a round the combat outlasts (more), and from rules version 13 each with
// a card for the end of a round to play (roundEnder); nil when none is
// to be asked.
func (s *State) roundEndAsk(c, n *Combat, sys *System, more bool, kind string) []Event {
	if c.x().EndAsked {
		return nil
	}
	var enders []int
	for _, q := range []int{c.Attacker, c.Defender} {
		if (more && s.hasUse(q, AfterCombatRound)) || s.roundEnder(c, sys, q) {
			enders = append(enders, q)
		}
	}
	if len(enders) == 0 {
		return nil
	}
	e := n.own()
	e.EndAsked = true
	ask(n, enders, &e.Enders, kind)
	return s.emit(setCombat(n, nil))
}

func shipStacks(st []Stack) []Stack {
	var out []Stack
	for _, x := range st {
		if isShip(x.Unit) {
			out = append(out, x)
		}
	}
	return out
}

// cannonHits rolls a player's space cannon at the active system's ships
// of target: units on its planets, and PDS in adjacent systems for a
// player with PDS II (77.3c).
func (s *State) cannonHits(seat, target int, sys *System, rng *engine.RNG, rolls *[]int) int {
	return s.throw(seat, target, s.cannonGroups(seat, sys), combat.KindCannon, 0, rng, rolls)
}

// cannonGroups are seat's units whose space cannon may fire into sys: on
// its planets and in its space area, and those whose range reaches it.
func (s *State) cannonGroups(seat int, sys *System) []combat.Group {
	var gs []combat.Group
	for _, pl := range sys.Planets {
		gs = s.groups(gs, seat, pl.Units, nil)
		if pl.Controller == seat {
			gs = s.planetCannon(gs, pl)
		}
	}
	gs = s.groups(gs, seat, sys.Space, nil)
	// Units whose space cannon reaches adjacent systems (77.3c): PDS II,
	// and from rules version 4 any unit with that range (Loncara Ssodu).
	reach := func(st Stack) bool {
		sc := s.UnitCard(seat, st.Unit).SpaceCannon
		return sc != nil && sc.Range > 0 && (st.Unit == "pds" || s.rules() >= RulesPrinted)
	}
	if s.reachesNext(seat) {
		for _, q := range s.galaxy.Neighbors(sys.Pos, s.Wormholes) {
			if other := s.System(q); other != nil {
				for _, pl := range other.Planets {
					gs = s.groups(gs, seat, pl.Units, reach)
				}
				gs = s.groups(gs, seat, other.Space, reach)
			}
		}
	}
	return gs
}

// reachesNext reports a unit type of seat's whose space cannon reaches
// adjacent systems.
func (s *State) reachesNext(seat int) bool {
	if sc := s.UnitCard(seat, "pds").SpaceCannon; sc != nil && sc.Range > 0 {
		return true
	}
	sc := s.UnitCard(seat, "flagship").SpaceCannon
	return sc != nil && sc.Range > 0 && s.rules() >= RulesPrinted
}

// groups appends seat's units among stacks (those keep takes, or all) as
// the combat package counts them.
func (s *State) groups(gs []combat.Group, seat int, stacks []Stack, keep func(Stack) bool) []combat.Group {
	for _, st := range stacks {
		if st.Owner == seat && st.Count > 0 && (keep == nil || keep(st)) {
			gs = append(gs, combat.Group{Profile: profile(s, seat, st.Unit), Count: st.Count})
		}
	}
	return gs
}

// throw rolls one kind of dice for seat's groups against target's units,
// through the path the odds calculator weighs (combat.Dice).
func (s *State) throw(seat, target int, gs []combat.Group, k combat.Kind, mod int, rng *engine.RNG, rolls *[]int) int {
	own := s.combatTech(seat)
	need := combat.Dice(gs, k, mod, own, s.combatTech(target))
	if k == combat.KindCombat {
		return combat.Throw(rng, need, rolls)
	}
	return combat.AbilityThrow(rng, need, own, rolls)
}

// barrageDice rolls seat's anti-fighter barrage for stacks (10.2), missed
// dice rerolled by an ability that says so (combat.Tech.AbilityReroll).
func (s *State) barrageDice(seat int, stacks []Stack, r *spaceStep) int {
	return s.rollAgain(seat, stacks, barrageOf, 0, s.combatTech(seat).AbilityReroll, r.rng, &r.rolls, nil)
}

// endSpace closes the space combat, with its winner if one side is left
// (78.10), and moves the tactical action on.
func endSpace(s *State) []Event {
	var ev []Event
	if c := s.Combat; c != nil && c.Defender != None {
		sys := s.System(c.System)
		if w, l := winnerOf(c, func(q int) bool { return fights(c, sys, q) }); w != None {
			if !c.Salvaged && s.Players[l].Commodities > 0 { // the winner may answer (Salvage)
				n := c.clone()
				n.Salvaged, n.Answer = true, &Answer{Kind: "won", Seat: w, Owner: l}
				return s.emit(newCombat(n, nil))
			}
			ev = s.extend(ev, Event{Kind: EvCombatWon, Seat: w, Owner: l, System: c.System, Deck: "space"})
			ev = s.extend(ev, edict(s, w, l)...)
			for _, q := range []int{w, l} {
				for _, a := range s.abilityList(q) {
					if a.CombatDone != nil {
						ev = s.extend(ev, a.CombatDone(s, q, q == w, c)...)
					}
				}
			}
		}
	}
	if c := s.Combat; c != nil {
		ev = s.extend(ev, raided(s, c)...)
	}
	return s.extend(ev, combatOver(s)...)
}

// combatOver ends the space combat and, in a tactical action, moves it
// on to its next step; a combat an ability began outside one just ends.
// A note that lent a ship a flagship's values goes back to its owner.
func combatOver(s *State) []Event {
	var ev []Event
	if c := s.Combat; c != nil && c.CombatExtra != nil && c.Lent != nil && slices.Contains(s.Players[c.Lent.Seat].NotesInPlay, c.Lent.Note) {
		ev = append(ev, Event{Kind: EvNoteReturned, Seat: c.Lent.Seat, Card: c.Lent.Note})
	}
	ev = append(ev, setCombat(nil, nil))
	if s.Tactical == nil {
		return ev
	}
	return append(ev, Event{Kind: EvTacStep, Seat: s.Tactical.Seat, Deck: nextTacStep(s, s.Tactical.Seat, TacMovement)})
}

// raidedNow, from rules version 12, places the raiders' ships as soon as
// a volley's hits are all taken, so that they fight on in the combat (a
// raider whose ships were all destroyed fights on with those placed).
func raidedNow(s *State, c *Combat) []Event {
	if s.rules() < RulesWipes || c.Kind != "space" || c.CombatExtra == nil || len(c.Sunk) == 0 {
		return nil
	}
	n := c.clone()
	ev := raided(s, c)
	n.own().Sunk = nil
	return s.extend(ev, newCombat(n, nil))
}

// raided places, for each raider of combat c (CombatExtra.Raiders), a ship
// from their reinforcements in the system for each ship of the same type
// of another player's destroyed in it, as reinforcements allow; from
// rules version 12 a war sun only with its technology (26.3).
func raided(s *State, c *Combat) []Event {
	var ev []Event
	for _, r := range c.x().Raiders {
		left := map[string]int{}
		for _, st := range c.x().Sunk {
			if st.Owner == r || (st.Unit == "war_sun" && s.rules() >= RulesWipes && !s.Players[r].HasTech("war_sun")) {
				continue
			}
			if _, ok := left[st.Unit]; !ok {
				left[st.Unit] = s.Reinforcements(r, st.Unit)
			}
			if n := min(st.Count, left[st.Unit]); n > 0 {
				left[st.Unit] -= n
				ev = append(ev, Event{Kind: EvUnitsPlaced, Seat: r, System: c.System, Unit: st.Unit, Count: n})
			}
		}
	}
	return s.emit(ev...)
}

// retreat moves the retreating player's ships with a move value, and what
// they can carry, to the chosen system, with a command token there (78.7b-d).
func retreat(s *State, c *Combat) []Event {
	ev := s.extend(retreatFlip(s, c.System, c.RetreatTo), withdraw(s, c.Retreat, c.System, c.RetreatTo)...)
	if to := s.System(c.RetreatTo); !slices.Contains(to.Command, c.Retreat) {
		ev = s.extend(ev, placeToken(s, c.Retreat, c.RetreatTo)...)
	}
	return ev
}

// withdraw moves seat's ships that can move from one system to another,
// with the fighters and ground forces in its space they have room for;
// the rest are removed (retreats, 78.7; Foresight).
func withdraw(s *State, seat, from, dest int) []Event {
	sys := s.System(from)
	var ev []Event
	room := 0
	dm := s.damageMover(seat)
	for _, st := range sys.Space {
		if st.Owner == seat && isShip(st.Unit) && s.UnitCard(seat, st.Unit).Move > 0 {
			ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: seat, System: sys.Pos, Unit: st.Unit, Count: st.Count},
				Event{Kind: EvUnitsPlaced, Seat: seat, System: dest, Unit: st.Unit, Count: st.Count, Extra: damagedExtra(dm.take(sys.Pos, "", st.Unit, st.Count))})
			room += s.UnitCard(seat, st.Unit).Capacity * st.Count
		}
	}
	for _, typ := range []string{"mech", "infantry", "fighter"} {
		n := count(sys.Space, seat, typ)
		if n == 0 || (typ == "fighter" && s.UnitCard(seat, typ).Move > 0) {
			continue // fighters with a move value went with the ships
		}
		carried := min(n, room)
		room -= carried
		ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: seat, System: sys.Pos, Unit: typ, Count: n})
		if carried > 0 { // the healthy go first
			ev = s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: seat, System: dest, Unit: typ, Count: carried, Extra: damagedExtra(dm.take(sys.Pos, "", typ, carried))})
		}
	}
	return ev
}

// retreatOK is a system a player may retreat to (78.4c, 78.7c).
func (s *State) retreatOK(seat, from, to int) bool {
	if c := s.Combat; c != nil && c.x().NoRetreat {
		return false
	}
	sys := s.System(to)
	if sys == nil || !s.Adjacent(from, to) || hasOthersShips(sys, seat) {
		return false
	}
	if s.permits(seat, PermitRetreatToEmpty) && !othersUnitsIn(sys, seat) {
		return true
	}
	for _, st := range sys.Space {
		if st.Owner == seat {
			return true
		}
	}
	for _, pl := range sys.Planets {
		if pl.Controller == seat || count(pl.Units, seat, "") > 0 {
			return true
		}
	}
	return false
}

// othersUnitsIn reports another player's units in a system.
func othersUnitsIn(sys *System, seat int) bool {
	other := func(st Stack) bool { return st.Owner != seat }
	if slices.ContainsFunc(sys.Space, other) {
		return true
	}
	return slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return slices.ContainsFunc(pl.Units, other) })
}

func decideRetreat(s *State, a Action) ([]Event, error) {
	c := s.Combat
	if c != nil && c.Answer != nil {
		return nil, engine.Refuse("1.14", "seat %d may answer first", c.Answer.Seat)
	}
	if c == nil || c.Kind != "space" || (c.Step != CbAnnounceD && c.Step != CbAnnounceA) || len(c.Owed) > 0 {
		return nil, engine.Refuse("78.4", "retreats are announced before the combat roll")
	}
	who := c.Defender
	if c.Step == CbAnnounceA {
		who = c.Attacker
	}
	if a.Seat != who {
		return nil, engine.Refuse("78.4", "seat %d announces first: the defender, then the attacker", who)
	}
	n := *c
	if a.Kind == ActNoRetreat {
		if c.Routed && c.Step == CbAnnounceA && slices.ContainsFunc(s.galaxy.Neighbors(c.System, s.Wormholes), func(q int) bool { return s.retreatOK(a.Seat, c.System, q) }) {
			return nil, engine.Refuse("2.7", "Rout was played: you must announce a retreat")
		}
		if c.Step == CbAnnounceD {
			n.Step = CbAnnounceA
		} else {
			n.Step = CbRoll
		}
		return s.emit(setCombat(&n, nil)), nil
	}
	to, err := need(a.System, "system")
	if err != nil {
		return nil, err
	}
	if !s.retreatOK(a.Seat, c.System, to) {
		return nil, engine.Refuse("78.7c", "retreat to an adjacent system with your units or planet and no other player's ships")
	}
	n.Retreat, n.RetreatTo, n.Step = a.Seat, to, CbRoll // 78.4b: the attacker then cannot announce
	opp := c.Attacker
	if a.Seat == c.Attacker {
		opp = c.Defender
	}
	n.Answer = &Answer{Kind: "retreat", Seat: opp, Owner: a.Seat} // Intercept's moment
	return s.emit(setCombat(&n, nil)), nil
}

// hitTargets lists the unit types a player may assign an owed hit to, and
// whether each can sustain damage instead.
func hitTargets(s *State, c *Combat, o Owed) []Stack {
	sys := s.System(c.System)
	var pool []Stack
	if o.Planet != "" {
		pl := planetIn(sys, o.Planet)
		for _, st := range pl.Units {
			if st.Owner == o.Seat && s.landed(st.Owner, st.Unit) {
				pool = append(pool, st)
			}
		}
		return pool
	}
	for _, st := range fightingStacks(c, sys) {
		if st.Owner == o.Seat {
			pool = append(pool, st)
		}
	}
	fighter := func(st Stack) bool { return st.Unit == "fighter" }
	switch o.Only {
	case "fighter":
		pool = slices.DeleteFunc(pool, func(st Stack) bool { return !fighter(st) })
	case "non_fighter":
		pool = slices.DeleteFunc(pool, fighter)
	case "non_fighter_first":
		if slices.ContainsFunc(pool, func(st Stack) bool { return !fighter(st) }) {
			pool = slices.DeleteFunc(pool, fighter)
		}
	case "damage": // ships that have Sustain Damage, undamaged
		return slices.DeleteFunc(pool, func(st Stack) bool {
			return !isShip(st.Unit) || !s.mayStillSustain(o.Seat, st)
		})
	}
	if m, ok := shieldingMech(s, c, o, sys); ok && len(pool) > 0 && !slices.ContainsFunc(pool, func(st Stack) bool { return st.Unit == "mech" }) {
		pool = append(pool, m)
	}
	return pool
}

// shieldingMech is o.Seat's undamaged mechs in the space area that may
// cancel a hit on their ships there in a space combat by sustaining
// damage (Quantum Manipulator), not against space cannon offense (77.5).
func shieldingMech(s *State, c *Combat, o Owed, sys *System) (Stack, bool) {
	if c.Kind != "space" || o.Planet != "" || o.Rule == "77.5" || s.rules() < RulesMechs {
		return Stack{}, false
	}
	for _, st := range sys.Space {
		if st.Owner == o.Seat && st.Unit == "mech" && st.Damaged < st.Count {
			if a := s.unitAbility(o.Seat, "mech"); a != nil && a.SustainsForShips && !o.Bare {
				return st, true
			}
		}
	}
	return Stack{}, false
}

// Assigning one hit (31.1, 87, 42.2, 77.5, 77.8, 10.2, 15.2): destroy one
// of the units hit, or cancel the hit with an undamaged unit's Sustain Damage.
func decideAssignHit(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	c := s.Combat
	if c != nil && c.Answer != nil {
		return nil, engine.Refuse("1.14", "seat %d may answer first", c.Answer.Seat)
	}
	if c == nil || len(c.Owed) == 0 {
		return nil, engine.Refuse("31.1", "no hits are waiting to be assigned")
	}
	o := c.Owed[0]
	if chooser := o.chooser(); chooser != a.Seat {
		return nil, engine.Refuse(o.Rule, "seat %d assigns hits now", chooser)
	}
	if a.Planet != o.Planet {
		return nil, engine.Refuse(o.Rule, "these hits land on %s", where2(o))
	}
	var st *Stack
	for _, x := range hitTargets(s, c, o) {
		if x.Unit == a.Unit {
			st = &x
			break
		}
	}
	if st == nil {
		return nil, engine.Refuse(o.Rule, "no %s of yours can take this hit on %s", a.Unit, where2(o))
	}
	noSustain := false
	if o.Planet == "" { // another player's flagship here that forbids it (Fourth Moon)
		q := s.flagshipAt(s.System(c.System), hookNoSustainNear)
		noSustain = (q != None && q != o.Seat) || o.Bare
	} else if s.rules() >= RulesMechs && s.groundForce(o.Seat, a.Unit) { // another player's mech on the planet (Moll Terminus)
		pl, _ := s.Planet(o.Planet)
		noSustain = s.mechOn(pl, o.Seat, hookNoSustainOn) != None
	}
	if st.Unit == "mech" && o.Planet == "" && count(c.x().AsShips, o.Seat, "mech") == 0 { // a mech shielding the ships (Quantum Manipulator)
		if !a.Use || o.Destroy {
			return nil, engine.Refuse("55", "the mech in the space area only cancels a hit on your ships, by sustaining damage")
		}
	}
	if o.Only == "damage" { // not a hit: the ship becomes damaged, no ability answers
		return s.emit(Event{Kind: EvHitAssigned, Seat: o.Seat, System: c.System, Unit: a.Unit, Count: 1, Card: "damaged"}), nil
	}
	if o.Picked && !o.Destroy { // the unit's owner sustains the damage if it can
		a.Use = s.mayStillSustain(o.Seat, *st) && !noSustain
	}
	if a.Use { // sustain damage
		if o.Destroy {
			return nil, engine.Refuse("2.7", "these ships are destroyed, not hit: damage cannot be sustained")
		}
		if !s.UnitCard(o.Seat, a.Unit).Sustain && !s.lentSustain(o.Seat, a.Unit) {
			return nil, engine.Refuse("87.1", "%s cannot sustain damage", a.Unit)
		}
		if a.Unit == "war_sun" && s.lawSays(LawWarSunsFragile) {
			return nil, engine.Refuse("7.3", "Publicize Weapon Schematics is in play: war suns cannot sustain damage")
		}
		if noSustain {
			return nil, engine.Refuse("87", "another player's unit here keeps yours from sustaining damage")
		}
		if !s.mayStillSustain(o.Seat, *st) {
			return nil, engine.Refuse("87.3", "every %s there that may sustain damage is already damaged", a.Unit)
		}
	}
	ev := s.emit(Event{Kind: EvHitAssigned, Seat: o.Seat, System: c.System, Planet: o.Planet, Unit: a.Unit, Count: 1, Card: map[bool]string{true: "sustain"}[a.Use]})
	if n := s.bonus(o.Seat, hookSustainTG); a.Use && n > 0 { // Rear Admiral Farran
		ev = s.extend(ev, Event{Kind: EvTradeGoods, Seat: o.Seat, Count: n})
	}
	if !a.Use {
		ev = s.extend(ev, s.lostTradeGoods(o.Seat, a.Unit)...)
		kept := false
		if a.Unit == "infantry" && o.Planet != "" && s.rules() >= RulesMechs { // a mech that keeps them, captured (Reanimator)
			if pl, _ := s.Planet(o.Planet); s.mechOn(pl, None, hookCapturesInfantry) == o.Seat {
				ev, kept = s.extend(ev, Event{Kind: EvCaptured, Seat: o.Seat, Owner: o.Seat, Unit: "infantry", Count: 1}), true
			}
		}
		if q := s.devourer(c, o.Seat, a.Unit); q != None && !kept {
			ev = s.extend(ev, Event{Kind: EvCaptured, Seat: q, Owner: o.Seat, Unit: a.Unit, Count: 1})
		}
		if ab := s.unitAbility(o.Seat, a.Unit); ab != nil && ab.Lost != nil {
			ev = s.extend(ev, ab.Lost(s, o.Seat)...)
		}
		if ab := s.reviving(o.Seat, a.Unit); ab != nil && ab.Returns {
			ev = s.extend(ev, Event{Kind: EvSetAside, Seat: o.Seat, Unit: a.Unit, Count: 1})
		} else if ab != nil {
			face := rng.Die() // the unit's die, after it is destroyed
			if face >= ab.Revive {
				ev = s.extend(ev, Event{Kind: EvSetAside, Seat: o.Seat, Unit: a.Unit, Count: 1, Rolls: []int{face}})
			} else {
				ev = s.extend(ev, Event{Kind: EvDice, Seat: o.Seat, Rolls: []int{face}})
			}
		}
		if fa := s.unitAbility(o.Seat, "flagship"); a.Unit == "flagship" && o.Planet == "" && fa != nil && fa.DestroysAll {
			ev = s.extend(ev, s.destroyAllShips(c.System, o.Seat)...)
		}
	}
	return ev, nil
}

// destroyAllShips destroys every ship in the system, the flagship of
// seat's just hit aside (it is destroyed by the hit).
func (s *State) destroyAllShips(pos, seat int) []Event {
	var ev []Event
	for _, st := range s.System(pos).Space {
		n := st.Count
		if st.Owner == seat && st.Unit == "flagship" {
			n--
		}
		if isShip(st.Unit) && n > 0 {
			ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: pos, Unit: st.Unit, Count: n})
		}
	}
	return s.emit(ev...)
}

// canSustain reports that seat's units of type unit have Sustain Damage
// (87): their card's, unless a law takes it from war suns.
func (s *State) canSustain(seat int, unit string) bool {
	return s.UnitCard(seat, unit).Sustain && !(unit == "war_sun" && s.lawSays(LawWarSunsFragile))
}

// mayStillSustain reports one of st's units able to sustain damage now:
// an undamaged one of a type that has Sustain Damage, or the one ship lent
// a flagship's (The Cavalry) while undamaged.
func (s *State) mayStillSustain(seat int, st Stack) bool {
	if s.canSustain(seat, st.Unit) {
		return st.Damaged < st.Count
	}
	return s.lentSustain(seat, st.Unit) && st.Damaged == 0
}

// lentSustain reports that one of seat's ships of type unit has Sustain
// Damage lent by another player's flagship (The Cavalry).
func (s *State) lentSustain(seat int, unit string) bool {
	l := s.lentTo(seat)
	return l != nil && l.Unit == unit && s.UnitCard(l.From, "flagship").Sustain
}

func where2(o Owed) string {
	if o.Planet == "" {
		return "ships in the space area"
	}
	return "ground forces on " + o.Planet
}

// Bombardment (15, 65): all the active player's bombardment units fire at
// one planet with another player's ground forces, before any commit.
func decideBombard(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	if err := invading(s, a, "15.1"); err != nil {
		return nil, err
	}
	if len(s.Invasion.Committed) > 0 || s.Invasion.Bombarded {
		return nil, engine.Refuse("49.1", "bombardment comes once, before ground forces are committed")
	}
	sys := s.System(s.Invasion.Pos)
	pl := planetIn(sys, a.Planet)
	if pl == nil {
		return nil, engine.BadInput("planet", "no planet %q in the active system", a.Planet)
	}
	owner := None
	for _, st := range pl.Units {
		if st.Owner != a.Seat && s.groundForce(st.Owner, st.Unit) {
			owner = st.Owner
		}
	}
	if owner == None {
		return nil, engine.Refuse("15.2", "no other player's ground forces on %s", pl.Name)
	}
	if s.lawSays(LawNoCulturalBombard) && planetInfo(pl).HasTrait("cultural") {
		return nil, engine.Refuse("7.3", "Conventions of War is in play: no bombardment of units on cultural planet %s", pl.Name)
	}
	if s.shielded(pl, sys, a.Seat) {
		return nil, engine.Refuse("65", "%s has a planetary shield and no war sun of yours is here", pl.Name)
	}
	var rolls []int
	h := s.rollHits(a.Seat, s.throw(a.Seat, owner, s.bombarders(a.Seat, sys, pl), combat.KindBombard, s.bunkerMod(pl), rng, &rolls))
	if len(rolls) == 0 {
		return nil, engine.Refuse("15.1", "none of your units here has Bombardment")
	}
	ev := s.bombardExhausts(s.emit(Event{Kind: EvBombarded, Seat: a.Seat}), a.Seat, pl)
	if h > 0 {
		ev = s.extend(ev, newCombat(&Combat{Kind: "bombardment", System: sys.Pos, Attacker: a.Seat, Defender: owner, Retreat: None,
			Owed: []Owed{{Seat: owner, Hits: h, Planet: pl.Name, Rule: "15.2", By: a.Seat}}}, rolls))
	} else {
		ev = s.extend(ev, Event{Kind: EvDice, Seat: a.Seat, Rolls: rolls})
	}
	return ev, nil
}

// bombardable reports a planet of sys that seat's bombardment may target
// now (15): another player's ground forces on it, no planetary shield
// that holds, no law that forbids it, and a unit of seat's to bombard.
func (s *State) bombardable(seat int, sys *System, pl *Planet) bool {
	if !slices.ContainsFunc(pl.Units, func(st Stack) bool { return st.Owner != seat && s.groundForce(st.Owner, st.Unit) }) {
		return false
	}
	if (s.lawSays(LawNoCulturalBombard) && planetInfo(pl).HasTrait("cultural")) || s.shielded(pl, sys, seat) {
		return false
	}
	return len(s.bombarders(seat, sys, pl)) > 0
}

// rollHits is the hits of seat's bombardment or ground combat roll: each
// counts twice for a side whose ability says so (X-89 Bacterial Weapon ΩΩ).
func (s *State) rollHits(seat, h int) int { return h << btoi(s.combatTech(seat).X89Double) }

// bombardHit reports that the hit being assigned is a bombardment's: in
// a bombardment, or, from rules version 12, Harrow's at the end of a
// ground combat round (15.2).
func (s *State) bombardHit() bool {
	c := s.Combat
	return c.Kind == "bombardment" || (c.Kind == "ground" && s.rules() >= RulesWipes && len(c.Owed) > 0 && c.Owed[0].Rule == "15.2")
}

// roundEndBombard: at the end of each ground combat round, an invader
// whose ability says so bombards the opponent's ground forces on the
// planet with its ships in the system (Harrow), within the rules of
// bombardment (15: planetary shield, Conventions of War, Bunker); the
// hits are assigned as the round's are.
func (s *State) roundEndBombard(c *Combat, pl *Planet, rng *engine.RNG) []Event {
	a := c.Attacker
	if c.Round == 0 || c.Bombed || len(c.Owed) > 0 || c.Answer != nil || !s.factionHas(a, hookRoundBombard) {
		return nil
	}
	n := c.clone()
	n.Bombed = true
	owner := None
	for _, st := range pl.Units {
		if st.Owner != a && s.groundForce(st.Owner, st.Unit) {
			owner = st.Owner
		}
	}
	sys := s.System(c.System)
	if !s.bombardable(a, sys, pl) {
		return s.emit(newCombat(n, nil))
	}
	var rolls []int
	if h := s.rollHits(a, s.throw(a, owner, s.bombarders(a, sys, pl), combat.KindBombard, s.bunkerMod(pl), rng, &rolls)); h > 0 {
		n.Owed = append(n.Owed, Owed{Seat: owner, Hits: h, Planet: pl.Name, Rule: "15.2", By: a})
	}
	ev := s.emit(newCombat(n, rolls))
	if s.rules() < RulesStorms {
		return ev
	}
	return s.bombardExhausts(ev, a, pl)
}

// bombardExhausts is ev with the planet seat bombards exhausted, when an
// ability of seat's says so (X-89 Bacterial Weapon ΩΩ) and it is ready.
func (s *State) bombardExhausts(ev []Event, seat int, pl *Planet) []Event {
	if !s.combatTech(seat).X89Double || pl.Controller == None || pl.Exhausted {
		return ev
	}
	return s.extend(ev, Event{Kind: EvPlanetExhausted, Seat: pl.Controller, Planet: pl.Name})
}

// bombarders are seat's units in sys that bombard target: those in the
// space area, and from rules version 6 those on its other planets whose
// ability lets them bombard as ships (Annihilator), not being in the
// ground combat.
func (s *State) bombarders(seat int, sys *System, target *Planet) []combat.Group {
	bombards := func(st Stack) bool { return s.UnitCard(seat, st.Unit).Bombardment != nil }
	gs := s.groups(nil, seat, sys.Space, bombards)
	if s.rules() < RulesMechs {
		return gs
	}
	asShip := func(st Stack) bool {
		a := s.unitAbility(seat, st.Unit)
		return a != nil && a.BombardsAsShip && bombards(st)
	}
	for _, pl := range sys.Planets {
		if pl != target {
			gs = s.groups(gs, seat, pl.Units, asShip)
		}
	}
	return gs
}

// bunkerMod is -4 to bombardment of a planet whose controller played
// Bunker in this invasion.
func (s *State) bunkerMod(pl *Planet) int {
	if s.Invasion != nil && slices.Contains(s.Invasion.Bunker, pl.Controller) {
		return -4
	}
	return 0
}

// EvBombarded marks that the invasion's bombardment has happened.
const EvBombarded = "bombarded"

// EvAmbushed: Seat's bombardment in this invasion rolls a die more
// (Strike Wing Ambuscade, Invasion.Ambush).
const EvAmbushed = "bombardment_ambushed"

// EvSkippedToCommit: the active player skipped from the movement to the
// commits of the invasion step (Invasion.ShipsHome).
const EvSkippedToCommit = "skipped_to_commit"

func (s *State) shielded(pl *Planet, sys *System, attacker int) bool {
	shield := false
	for _, st := range pl.Units {
		if st.Owner != attacker && s.UnitCard(st.Owner, st.Unit).PlanetaryShield {
			shield = true
		}
	}
	if shield && (s.flagshipAt(sys, hookShieldsDown) == attacker || s.has(attacker, hookBombardsShields)) {
		return false // a flagship that takes planetary shields away (Arc Secundus), or an ability (2RAM)
	}
	return shield && count(sys.Space, attacker, "war_sun") == 0 && !s.pdsDisabled() // 65.3
}

// pdsDisabled: Disable was played at the start of this invasion.
func (s *State) pdsDisabled() bool { return s.Invasion != nil && s.Invasion.Disabled }

// Ground combat (42) on each committed planet, after space cannon defense
// (77.6-77.8); then the Establish Control step (49.5).
func beginGround(s *State, seat int) []Event {
	inv := s.Invasion
	return s.emit(newCombat(&Combat{Kind: "ground", System: inv.Pos, Attacker: seat, Defender: None, Retreat: None,
		Queue: inv.fought(), Step: CbCannon}, nil))
}

// defenseGroups are q's units whose space cannon defense fires at the
// invader's ground forces committed to pl (77.7, 77.8); false when q
// fires none there.
func (s *State) defenseGroups(c *Combat, pl *Planet, q int) ([]combat.Group, bool) {
	if q == c.Attacker || !s.fightsOn(pl, c.Attacker) || s.combatTech(c.Attacker).L4 || !s.committedTo(pl.Name) {
		return nil, false
	}
	cannons := pl.Units
	if s.pdsDisabled() {
		cannons = slices.DeleteFunc(slices.Clone(cannons), func(st Stack) bool { return st.Unit == "pds" })
	}
	gs := s.groups(nil, q, cannons, nil)
	if pl.Controller == q {
		gs = s.planetCannon(gs, pl)
	}
	return gs, true
}

// defenders are the players whose space cannon defense fires on pl.
func (s *State) defenders(c *Combat, pl *Planet) []int {
	var out []int
	for _, q := range s.Active() {
		if gs, ok := s.defenseGroups(c, pl, q); ok && firesCannon(gs) {
			out = append(out, q)
		}
	}
	return out
}

func groundFollowUps(s *State, c *Combat, rng *engine.RNG) []Event {
	n := *c
	n.Queue = slices.Clone(c.Queue)
	sys := s.System(c.System)
	var rolls []int
	if len(n.Queue) == 0 {
		if ev := infiltrateAsk(s, c.Attacker); ev != nil {
			return ev
		}
		ev := s.extend(s.emit(setCombat(nil, nil)), fightersBack(s, c.Attacker)...)
		return s.extend(ev, establish(s, c.Attacker, rng)...)
	}
	pl := planetIn(sys, n.Queue[0])
	switch c.Step {
	case CbCannon: // 77.7, 77.8: only at ground forces on this planet
		if s.askRollers(&n, "defense:"+pl.Name, func() []int { return s.defenders(c, pl) }) {
			return s.emit(setCombat(&n, nil))
		}
		for _, q := range s.Active() {
			if gs, ok := s.defenseGroups(c, pl, q); ok {
				if h := s.throw(q, c.Attacker, gs, combat.KindCannon, 0, rng, &rolls); h > 0 {
					n.Owed = append(n.Owed, Owed{Seat: c.Attacker, Hits: h, Planet: pl.Name, Rule: "77.8", By: q})
				}
			}
		}
		rolled(&n)
		n.Planet, n.Step, n.Round = pl.Name, CbFight, 0
	case CbFight: // 42.1-42.4
		if ev := s.repairs(c, pl.Name); ev != nil {
			return ev
		}
		if ev := s.roundEndBombard(c, pl, rng); ev != nil {
			return ev
		}
		if c.InfantryLost != "" { // Harrow's hits took an infantry (X-89 Bacterial Weapon Ω)
			n := c.clone()
			n.InfantryLost = ""
			return s.extend(bombardWipe(s, c), newCombat(n, nil))
		}
		if c.Round > 0 { // the end of the round before (Emergency Repairs)
			if ev := s.roundEndAsk(c, &n, sys, false, AnswerGroundEnd); ev != nil {
				return ev
			}
		}
		d := None
		for _, st := range pl.Units {
			if st.Owner != c.Attacker && s.groundForce(st.Owner, st.Unit) {
				d = st.Owner
			}
		}
		if d == None || !s.fightsOn(pl, c.Attacker) {
			n.Queue, n.Step, n.StartAsked, n.Opened, n.Legion = n.Queue[1:], CbCannon, false, false, nil
			if n.x().EndAsked {
				n.own().EndAsked = false
			}
			if c.Round > 0 && c.Defender != None { // a ground combat was fought here (42.4c)
				if w, l := winnerOf(c, func(q int) bool { return s.groundOn(pl, q) }); w != None {
					ev := s.extend(s.emit(Event{Kind: EvCombatWon, Seat: w, Owner: l, System: c.System, Deck: "ground"}, setCombat(&n, rolls)), edict(s, w, l)...)
					if k := min(s.bonus(w, hookGroundWonInfantry), s.Reinforcements(w, "infantry")); k > 0 && !unitsBarred(pl) {
						ev = s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: w, System: c.System, Planet: pl.Name, Unit: "infantry", Count: k})
					}
					return ev
				}
			}
			break
		}
		n.Defender = d
		if c.Round == 0 && !c.StartAsked { // 42.4a: the start of combat, active player first (1.19)
			n.StartAsked, n.Starters = true, []int{c.Attacker, d}
			n.Answer = nextAsk(&n, &n.Starters, "start")
			return s.emit(setCombat(&n, nil))
		}
		if c.Round == 0 && !c.Opened { // start-of-combat hits
			if owed := append(s.startHits(c.Attacker, d, pl), s.startHits(d, c.Attacker, pl)...); len(owed) > 0 {
				n.Opened, n.Owed = true, owed
				return s.emit(setCombat(&n, nil))
			}
		}
		if ev := s.groundRoundAsk(c, &n, d); ev != nil {
			return ev
		}
		n.Round++
		n.Sustained, n.Repaired, n.Bombed = nil, false, false
		if n.x().EndAsked {
			n.own().EndAsked = false
		}
		var ground []Stack
		for _, st := range pl.Units {
			if s.landed(st.Owner, st.Unit) {
				ground = append(ground, st)
			}
		}
		n.Misses = nil
		var kept []Die
		var dice *[]Die // kept with their units while a player here may reroll them (rerollsGround)
		if s.rerollsGround(c.Attacker) || s.rerollsGround(d) {
			dice = &kept
		}
		ha := s.groundRoll(c.Attacker, ground, s.groundMod(c, c.Attacker, d), rng, &rolls, &n.Misses, dice)
		hd := s.groundRoll(d, ground, s.groundMod(c, d, c.Attacker), rng, &rolls, &n.Misses, dice)
		if b := c.x().Boosted; len(b) > 0 { // the dice more (Evelyn Delouis)
			ha += s.groundRoll(c.Attacker, b, s.groundMod(c, c.Attacker, d), rng, &rolls, &n.Misses, dice, 1)
			hd += s.groundRoll(d, b, s.groundMod(c, d, c.Attacker), rng, &rolls, &n.Misses, dice, 1)
			n.own().Boosted = nil
		}
		n.Boost = nil // for one round only (Supercharge, Morale Boost)
		if n.x().Morale != nil {
			n.own().Morale = nil
		}
		if kept != nil || len(n.x().Dice) > 0 {
			n.own().Dice = kept
		}
		ha, hd = s.rollHits(c.Attacker, ha), s.rollHits(d, hd)
		ha, hd = ha+btoi(hd > 0 && s.combatTech(c.Attacker).Valkyrie), hd+btoi(ha > 0 && s.combatTech(d).Valkyrie)
		if s.rules() >= RulesStorms {
			e := n.own()
			e.Raisers = s.raisers(&n, AfterGroundRolled)
			e.RolledBoost = nil
			if len(e.Raisers) > 0 {
				e.RolledBoost = c.Boost
			}
		}
		n.Answer = nextRoller(&n)
		n.Owed = nil
		if hd > 0 {
			n.Owed = append(n.Owed, Owed{Seat: c.Attacker, Hits: hd, Planet: pl.Name, Rule: "42.2", By: d})
		}
		if ha > 0 {
			n.Owed = append(n.Owed, Owed{Seat: d, Hits: ha, Planet: pl.Name, Rule: "42.2", By: c.Attacker})
		}
	}
	return s.emit(setCombat(&n, rolls))
}

// groundRoundAsk opens, from rules version 6, the window at the start of
// each ground combat round for the players in it with an ability for then
// (AtGroundRound), once per round; nil when none is to be asked.
func (s *State) groundRoundAsk(c, n *Combat, d int) []Event {
	if s.rules() < RulesMechs || c.x().RoundAsked == c.Round+1 {
		return nil
	}
	var rs []int
	for _, q := range []int{c.Attacker, d} {
		if s.readyUse(q, AtGroundRound) || s.roundStarter(q) {
			rs = append(rs, q)
		}
	}
	return s.roundAsk(c, n, append(rs, s.bystanders(c, AtGroundRound)...), AnswerGroundRound)
}

// groundRoll is one side's ground combat roll (42.2), with extra on every
// die, keeping the dice that missed for a reroll.
func (s *State) groundRoll(seat int, stacks []Stack, extra int, rng *engine.RNG, faces *[]int, misses *[]Miss, dice *[]Die, perUnit ...int) int {
	hits := 0
	for _, st := range stacks {
		if st.Owner != seat {
			continue
		}
		r := profile(s, seat, st.Unit).Combat
		if st.Unit == "mech" {
			r.Dice += s.mechDice(seat) // Visz El Vir
		}
		if len(perUnit) > 0 { // a die each, more than the units' own (Combat.Boosted)
			r.Dice = min(r.Dice, perUnit[0])
		}
		mod := s.bonus(seat, hookCombatMod) + s.combatModHere(seat) + extra + s.unitModVs(seat, st.Unit)
		from := len(*faces)
		h := combat.Hits(rng, r, st.Count, mod, false, faces)
		if dice != nil && r.Hit > 0 {
			*dice = keepDice(*dice, Die{Seat: seat, Unit: st.Unit, Need: r.Hit - mod}, (*faces)[from:], false, r.Dice)
		}
		if m := st.Count*r.Dice - h; m > 0 && r.Hit > 0 {
			*misses = append(*misses, Miss{Seat: seat, Hit: r.Hit - mod, Count: m}) // the value a reroll needs
		}
		hits += h
	}
	return hits
}

// nextRoller opens the window after a ground combat roll for the first
// player with dice that missed (Fire Team); then, from rules version 11,
// for the next player with an ability for after the roll
// (AnswerGroundRolled); or none.
func nextRoller(c *Combat) *Answer {
	if len(c.Misses) == 0 {
		if len(c.x().Raisers) == 0 {
			return nil
		}
		return nextAsk(c, &c.own().Raisers, AnswerGroundRolled)
	}
	q := c.Misses[0].Seat
	return &Answer{Kind: "ground_roll", Seat: q, Owner: opponent(c, q)}
}

// docksNear lists, in initiative order, the players other than seat with
// a space dock in the system or next to it.
func (s *State) docksNear(pos, seat int) []int {
	var out []int
	for _, q := range s.InitiativeOrder() {
		if q != seat && s.dockNear(pos, q) != "" {
			out = append(out, q)
		}
	}
	return out
}

// dockNear is a planet holding one of seat's space docks in the system or
// next to it, or "".
func (s *State) dockNear(pos, seat int) string {
	for _, sys := range s.Systems {
		if sys.Pos != pos && !s.Adjacent(sys.Pos, pos) {
			continue
		}
		for _, pl := range sys.Planets {
			if count(pl.Units, seat, "space_dock") > 0 {
				return pl.Name
			}
		}
	}
	return ""
}

// nextAsk opens a window of kind for the next player on queue, taking
// them off it: Experimental Battlestation's (the docks near) and the one
// before anti-fighter barrage (Waylay). The other player concerned is the
// one they would fight.
func nextAsk(c *Combat, queue *[]int, kind string) *Answer {
	if len(*queue) == 0 {
		return nil
	}
	q := (*queue)[0]
	*queue = (*queue)[1:]
	return &Answer{Kind: kind, Seat: q, Owner: opponent(c, q)}
}

// AnswerMovedIn is the window after another player's ships moved into a
// system with the player's ships (AfterMovedIn).
const AnswerMovedIn = "moved_in"

// AnswerSpaceStart is the window at the start of a space combat, before
// anti-fighter barrage, for abilities used then (AtSpaceStart).
const AnswerSpaceStart = "space_start"

// AnswerRoundEnd is the window after a space combat round that the
// combat outlasts, for abilities used then (AfterCombatRound).
const AnswerRoundEnd = "round_end"

// AnswerGroundRound is the window at the start of a ground combat round
// (AtGroundRound).
const AnswerGroundRound = "ground_round"

// AnswerGroundEnd is the window at the end of a ground combat round, from
// rules version 13, for cards played then (Emergency Repairs).
const AnswerGroundEnd = "ground_round_end"

// AnswerLoss is the window, in a combat, after units of the window's
// Owner were destroyed, for their opponent's abilities (AfterOpponentLoss).
const AnswerLoss = "opponent_loss"

// Windows a deed in a combat opens for each player with an ability used
// then, whoever's the unit: queued in the combat (Asks) and opened in turn
// before the next hit is assigned. Owner, Unit and Planet name the unit.
const (
	AnswerSustained = "sustained" // after it sustained damage (AfterSustained)
	AnswerUnitLost  = "unit_lost" // after it was destroyed in the combat (AfterUnitLost)
)

// askMoments are the moments of those windows.
var askMoments = map[string]Moment{AnswerSustained: AfterSustained, AnswerUnitLost: AfterUnitLost}

// asked records, from rules version 7, the windows after e's unit's
// deed (kind), for each player with an ability used then.
func (s *State) asked(kind string, e Event) {
	if s.rules() < RulesPoK {
		return
	}
	for _, q := range s.Active() {
		if s.hasUse(q, askMoments[kind]) {
			x := s.Combat.own()
			x.Asks = append(slices.Clip(x.Asks), Answer{Kind: kind, Seat: q, Owner: e.Seat, Unit: e.Unit, Planet: e.Planet})
		}
	}
}

// askAnswers opens the next window queued in the combat, when its
// player's ability has something to do.
func askAnswers(s *State, c *Combat) []Event {
	w := c.x().Asks
	if len(w) == 0 {
		return nil
	}
	n := c.clone()
	n.own().Asks = w[1:]
	if st := askStep(c, &w[0]); s.readyUseIn(w[0].Seat, askMoments[w[0].Kind], &st) {
		a := w[0]
		n.Answer = &a
	}
	return s.emit(newCombat(n, nil))
}

// askStep is the place of a queued window: the combat's system, the
// unit's planet, its owner (Target) and type.
func askStep(c *Combat, a *Answer) Step {
	return Step{Kind: StepAbility, Seat: a.Seat, Then: string(askMoments[a.Kind]), Systems: []int{c.System}, Planet: a.Planet, Target: ip(a.Owner), Units: []string{a.Unit}}
}

// askPlace is the place of the queued window at the moment: st's, or
// the open answer's; nil outside one.
func askPlace(s *State, st *Step, at Moment) *Step {
	if st != nil && st.Then == string(at) {
		return st
	}
	if c := s.Combat; c != nil && c.Answer != nil && askMoments[c.Answer.Kind] == at {
		p := askStep(c, c.Answer)
		return &p
	}
	return nil
}

// fell records, in the space or ground combat under way, that seat's unit
// was destroyed, when the opponent has an ability to answer it.
func (s *State) fell(seat int) {
	c := s.Combat
	if (c.Kind == "space" || c.Kind == "ground") && !slices.Contains(c.x().Fallen, seat) && s.lossAnswered(opponent(c, seat)) {
		e := c.own()
		e.Fallen = append(slices.Clip(e.Fallen), seat)
	}
}

// lossAnswered reports that seat, in the combat, has an ability usable
// after its opponent's units are destroyed (not one used up in it).
func (s *State) lossAnswered(seat int) bool {
	return seat >= 0 && seat < len(s.Players) && !s.Players[seat].Eliminated && s.hasUse(seat, AfterOpponentLoss)
}

// usedKey names seat's use of ability id in Combat.Used.
func usedKey(seat int, id string) string { return strconv.Itoa(seat) + ":" + id }

// markUsed records seat's use of a once-per-combat ability.
func (c *Combat) markUsed(seat int, id string) {
	e := c.own()
	e.Used = append(slices.Clip(e.Used), usedKey(seat, id))
}

// opponent is the other player in a combat.
func opponent(c *Combat, seat int) int {
	if seat == c.Attacker {
		return c.Defender
	}
	return c.Attacker
}

func dropSeat(st []Stack, seat int) []Stack {
	return slices.DeleteFunc(slices.Clone(st), func(x Stack) bool { return x.Owner == seat })
}

// establish is the Establish Control step (49.5): each committed planet
// that still holds the active player's ground forces is gained, other
// players' structures there destroyed (49.5a).
func establish(s *State, seat int, rng *engine.RNG) []Event {
	sys := s.System(s.Invasion.Pos)
	x := newExplorer(s, rng)
	var ev []Event
	taken := map[string]int{} // units taken over so far, on every planet: the events are not yet applied
	// Infiltrate, or an ability that does the same, takes the structures
	// over instead.
	takes := s.Invasion.Infiltrate || s.factionHas(seat, hookTakesStructures)
	for _, name := range s.Invasion.fought() {
		pl := planetIn(sys, name)
		if !s.groundOn(pl, seat) || pl.Controller == seat {
			continue
		}
		for _, st := range pl.Units {
			if st.Owner != seat && isStructure(st.Unit) {
				ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Planet: name, Unit: st.Unit, Count: st.Count})
				if takes { // matching units from reinforcements, where they may stand
					if n := min(st.Count, s.Reinforcements(seat, st.Unit)-taken[st.Unit]); n > 0 && checkPlacement(s, seat, st.Unit, n, pl) == nil {
						taken[st.Unit] += n
						ev = s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: seat, System: sys.Pos, Planet: name, Unit: st.Unit, Count: n})
					}
				}
			}
		}
		if was := pl.Controller; was != None && was != seat {
			ev = s.extend(ev, Event{Kind: EvAskQueued, Seat: was, Owner: seat, Planet: name, Deck: AskControlLost})
		}
		x.structuresDone(name)
		ev = s.extend(ev, gain(s, x, seat, sys.Pos, pl)...)
	}
	return s.extend(ev, Event{Kind: EvEstablished, Seat: seat, System: sys.Pos})
}

func applyCombat(s *State, e *Event) bool {
	switch e.Kind {
	case EvCombat:
		s.Combat = e.Combat
	case EvDice:
	case EvHitAssigned:
		sys := s.System(e.System)
		stacks := &sys.Space
		if e.Planet != "" {
			stacks = &planetIn(sys, e.Planet).Units
		}
		if e.Card == "damaged" {
			damageOne(stacks, e.Seat, e.Unit)
		} else if e.Card == "sustain" {
			if s.combatTech(e.Seat).Duranium { // what repairs need to know
				s.Combat.Sustained = add(slices.Clone(s.Combat.Sustained), e.Seat, e.Unit, 1)
			}
			damageOne(stacks, e.Seat, e.Unit)
			s.asked(AnswerSustained, *e)
			if by := s.Combat.Owed[0].By; e.Planet == "" && isShip(e.Unit) && by >= 0 && by != e.Seat && !s.Players[by].Eliminated {
				s.Combat.Answer = &Answer{Kind: "sustain", Seat: by, Owner: e.Seat, Unit: e.Unit}
			}
		} else {
			*stacks = add(*stacks, e.Seat, e.Unit, -1)
			if e.Unit == "infantry" && s.bombardHit() && s.combatTech(s.Combat.Attacker).X89 {
				s.Combat.InfantryLost = e.Planet
			}
			o := s.Combat.Owed[0]
			hitFeats(s, o, sys, e.Unit)
			if s.Combat.Kind == "space" && e.Planet == "" && isShip(e.Unit) && o.Rule != "77.5" {
				s.Combat.Lost = add(slices.Clone(s.Combat.Lost), e.Seat, e.Unit, 1)
			}
			if c := s.Combat; c.Kind == "space" && e.Planet == "" && count(c.x().AsShips, e.Seat, e.Unit) > 0 {
				x := c.own()
				x.AsShips = add(slices.Clone(x.AsShips), e.Seat, e.Unit, -1)
			}
			if c := s.Combat; c.Kind == "space" && e.Planet == "" && isShip(e.Unit) && !slices.Contains(c.x().Wrecks, e.Unit) &&
				slices.ContainsFunc([]int{c.Attacker, c.Defender}, func(q int) bool { return q >= 0 && s.has(q, hookCombatDone) }) {
				x := c.own()
				x.Wrecks = append(slices.Clip(x.Wrecks), e.Unit)
			}
			if c := s.Combat; c.Kind == "space" && e.Planet == "" && isShip(e.Unit) && len(c.x().Raiders) > 0 {
				x := c.own()
				x.Sunk = add(slices.Clone(x.Sunk), e.Seat, e.Unit, 1)
			}
			if o.Rule != "77.5" {
				s.fell(e.Seat)
			}
			if k := s.Combat.Kind; (k == "space" || k == "ground") && !strings.HasPrefix(o.Rule, "77") { // space cannon is no part of the combat
				s.asked(AnswerUnitLost, *e)
			}
		}
		rule := s.Combat.Owed[0].Rule
		o := &s.Combat.Owed[0]
		o.Hits--
		if e.Card == "sustain" && o.Hits > 0 && s.combatTech(e.Seat).Shielding {
			o.Hits-- // the one Sustain Damage cancels two hits
		}
		if o.Hits == 0 {
			s.Combat.Owed = s.Combat.Owed[1:]
		}
		if e.Card == "sustain" && e.Planet != "" {
			s.sustainHit(*e, rule)
		}
	case EvSkippedToCommit:
		s.Invasion.Bombarded, s.Invasion.ShipsHome = true, true
	case EvBombarded:
		s.Invasion.Bombarded = true
	case EvAmbushed:
		s.Invasion.Ambush = true
	case EvCombatWon:
		combatWonFeats(s, *e)
	case EvSheetToken:
		applySheetToken(s, *e)
	default:
		return false
	}
	return true
}

// damageOne marks one more of seat's units of type unit in stacks damaged.
func damageOne(stacks *[]Stack, seat int, unit string) {
	for i := range *stacks {
		if (*stacks)[i].Owner == seat && (*stacks)[i].Unit == unit {
			(*stacks)[i].Damaged++
		}
	}
}

// sustainHit owes the opponent a hit on the planet when the unit that
// sustained damage in a ground combat (not from space cannon, 77.8) has an
// ability that hits back (Valkyrie Exoskeleton).
func (s *State) sustainHit(e Event, rule string) {
	c := s.Combat
	if c.Kind != "ground" || rule == "77.8" {
		return
	}
	if a := s.unitAbility(e.Seat, e.Unit); a != nil && a.SustainHit {
		c.Owed = append(slices.Clip(c.Owed), Owed{Seat: opponent(c, e.Seat), Hits: 1, Planet: e.Planet, Rule: "55", By: e.Seat})
	}
}

// reviving is the ability of seat's units of a type that may bring them
// back after they are destroyed (Letani Warrior II), or nil.
func (s *State) reviving(seat int, unit string) *Ability {
	if !s.has(seat, hookRevive) {
		return nil
	}
	if a := s.unitAbility(seat, unit); a != nil && (a.Revive > 0 || a.Returns) {
		return a
	}
	return nil
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
