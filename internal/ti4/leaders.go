package ti4

import (
	"slices"
	"strings"
	"sync"

	"github.com/mecatol/mecatol/internal/engine"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Leaders (LRR 50, 51), from rules version RulesLeaders on. A leader's
// ability is a definition found by "<faction>:<leader>": an agent's is
// live always, its uses exhausting it (it readies with the technologies,
// 51.4); a commander's once unlocked (Player.Commander); a hero's once
// unlocked (Player.Hero), its use purging it (51.10-51.12). Commanders
// unlock by the condition the data gives (51.6), heroes at three scored
// objectives; both are checked as play goes, once nothing is being
// resolved (51.6c).

// The leader kinds.
const (
	LeaderAgent     = "agent"
	LeaderCommander = "commander"
	LeaderHero      = "hero"
)

// Leader events.
const (
	// EvLeaderUnlocked: Seat's leader of kind Card is unlocked.
	EvLeaderUnlocked = "leader_unlocked"
	// EvLeaderPurged: Seat's leader of kind Card is purged (its use done).
	EvLeaderPurged = "leader_purged"
	// EvLeaderAttached: Seat's hero, the definition Card, leaves the
	// leader sheet to be attached to Planet (12).
	EvLeaderAttached = "leader_attached"
)

// leaderID is a leader's definition id.
func leaderID(faction, name string) string { return faction + ":" + idOf(name) }

// leadersOf is a faction's leader definitions that exist, by kind.
func leadersOf(faction string) (agents []*Ability, commander, hero *Ability) {
	d := leaderDefs()[faction]
	return d.agents, d.commander, d.hero
}

// factionLeaders are a faction's leader definitions, by kind.
type factionLeaders struct {
	agents          []*Ability
	commander, hero *Ability
	heroes          map[string]*Ability // by the faction whose home was taken (data.Leaders.Heroes)
}

// leaderDefs are each faction's leader definitions, looked up once, after
// every definition is registered.
var leaderDefs = sync.OnceValue(func() map[string]factionLeaders {
	out := map[string]factionLeaders{}
	for _, l := range data.MustLoad().Leaders {
		var d factionLeaders
		for _, n := range l.Agent {
			if a := definitions[leaderID(l.Faction, n)]; a != nil {
				d.agents = append(d.agents, a)
			}
		}
		d.commander, d.hero = definitions[leaderID(l.Faction, l.Commander)], definitions[leaderID(l.Faction, l.Hero)]
		for home, n := range l.Heroes {
			if a := definitions[leaderID(l.Faction, n)]; a != nil {
				d.heroes = mapSet(d.heroes, home, a)
			}
		}
		out[l.Faction] = d
	}
	return out
})

func mapSet[K comparable, V any](m map[K]V, k K, v V) map[K]V {
	if m == nil {
		m = map[K]V{}
	}
	m[k] = v
	return m
}

// leaderData is a faction's leaders in the data.
func leaderData(faction string) *data.Leaders { return leadersByFaction()[faction] }

var leadersByFaction = sync.OnceValue(func() map[string]*data.Leaders {
	out := map[string]*data.Leaders{}
	for i, l := range data.MustLoad().Leaders {
		out[l.Faction] = &data.MustLoad().Leaders[i]
	}
	return out
})

// leaderAbilities appends seat's live leader abilities to list.
func (s *State) leaderAbilities(seat int, list []*Ability) []*Ability {
	p := s.Players[seat]
	v := s.rules()
	agents, commander, hero := leadersOf(p.Faction)
	if p.HomeOf != "" { // the hero of the home taken (The Tribuni)
		hero = leaderDefs()[p.Faction].heroes[p.HomeOf]
	}
	commander, hero = s.cardVersion(commander), s.cardVersion(hero)
	for i, a := range agents {
		if i > s.bonusAgents(p.Faction) {
			break
		}
		if a = s.cardVersion(a); a.Since <= v {
			list = append(list, a)
			if a.CopiesAgents {
				list = s.copiedAgents(seat, a, list)
			}
		}
	}
	if commander != nil && p.Commander == Unlocked && commander.Since <= v {
		list = append(list, commander)
	}
	if hero != nil && (p.Hero == Unlocked || p.Hero == InPlay) && hero.Since <= v {
		list = append(list, hero)
	}
	return list
}

// bonusAgents is how many agents faction has beyond the first (51.2), as
// its abilities under the game's rules version say.
func (s *State) bonusAgents(faction string) int {
	n := 0
	for a := range s.factionLive(faction) {
		n += a.Agents
	}
	return n
}

// allied is the seats whose commanders seat uses through their notes in
// its play area that lend them (Alliance, 51.8), unlocked, as a bit each.
func (s *State) allied(seat int) uint32 {
	var m uint32
	for _, n := range s.Players[seat].NotesInPlay {
		if d := s.note(n); d == nil || !d.lendsCommander {
			continue
		}
		if o := s.seatOfFaction(noteOwner(n)); o != None && o != seat && s.Players[o].Commander == Unlocked {
			m |= 1 << o
		}
	}
	if len(s.Players[seat].SheetTokens) > 0 && s.factionHas(seat, hookSheetCommanders) { // Imperia
		for _, o := range s.Players[seat].SheetTokens {
			if o != seat && !s.Players[o].Eliminated && s.Players[o].Commander == Unlocked {
				m |= 1 << o
			}
		}
	}
	return m
}

func hookSheetCommanders(a *Ability) bool { return a.SheetCommanders }

// alliedCommanders appends the commanders lent to seat (allied).
func (s *State) alliedCommanders(m uint32, list []*Ability) []*Ability {
	for o, p := range s.Players {
		if m&(1<<o) == 0 {
			continue
		}
		if _, c, _ := leadersOf(p.Faction); c != nil && c.Since <= s.rules() && !slices.Contains(list, c) {
			list = append(list, c)
		}
	}
	return list
}

// heroObjectives is the scored objectives that unlock a hero (51.10).
const heroObjectives = 3

// scoredObjectives counts seat's scored public and secret objectives.
func scoredObjectives(p *Player) int { return len(p.Publics) + len(p.ScoredSecrets) }

// leaderFollowUps unlocks the leaders whose conditions are met once
// nothing is being resolved (51.6c): no step, no action card waiting, and
// no tactical or strategic action, combat, invasion or agenda under way.
// In a combat, only the conditions that the combat itself meets
// (combatUnlocks) are checked. A commander found locked is looked at again
// only after an event of its player's (leaderFresh).
func leaderFollowUps(s *State) []Event {
	if s.rules() < RulesLeaders || s.Step != nil || s.PendingAC != nil {
		return nil
	}
	if c := s.Combat; c != nil {
		return s.emit(combatantUnlocks(s, c)...)
	}
	if s.Tactical != nil || s.Strategic != nil || s.Invasion != nil || s.Agenda != nil {
		return nil
	}
	var ev []Event
	for q, p := range s.Players {
		if p.Eliminated {
			continue
		}
		if p.Hero == "" && scoredObjectives(p) >= heroObjectives {
			ev = append(ev, Event{Kind: EvLeaderUnlocked, Seat: q, Card: LeaderHero})
		}
		if p.Commander != Locked || s.leaderFresh&(1<<q) != 0 {
			continue
		}
		if s.commanderUnlocks(q) {
			ev = append(ev, Event{Kind: EvLeaderUnlocked, Seat: q, Card: LeaderCommander})
		} else if !everyTurn[unlockOf(p.Faction)] {
			s.leaderFresh |= 1 << q // unmet until an event of theirs
		}
	}
	return s.emit(ev...)
}

// combatantUnlocks unlocks the commanders of the players in combat c whose
// condition the combat meets (combatUnlocks).
func combatantUnlocks(s *State, c *Combat) []Event {
	var ev []Event
	for _, q := range [2]int{c.Attacker, c.Defender} {
		if q < 0 || q >= len(s.Players) || s.Players[q].Commander != Locked || !combatUnlocks[unlockOf(s.Players[q].Faction)] {
			continue
		}
		if s.commanderUnlocks(q) {
			ev = append(ev, Event{Kind: EvLeaderUnlocked, Seat: q, Card: LeaderCommander})
		}
	}
	return ev
}

// leaderStale marks the seat an event concerns (its Seat: the owner of the
// units, the gainer of planets, goods and cards) as to be checked again; a
// transaction, between two seats, every seat.
func (s *State) leaderStale(e *Event) {
	if s.leaderFresh == 0 {
		return
	}
	switch {
	case e.Kind == EvTraded:
		s.leaderFresh = 0
	case leaderInert[e.Kind] || (e.Kind == EvTradeGoods && e.Count < 0):
	default:
		s.leaderFresh &^= 1 << uint(e.Seat&31)
	}
}

// leaderInert are the event kinds that never raise what an unlock
// condition counts for their seat: windows and steps, dice, losses and
// spending. Any kind not listed counts, so a kind missing here only costs
// time.
var leaderInert = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range []string{EvACCancelled, EvACDiscarded, EvACPending, EvACPlayed, EvACResolved, EvAnswerPass,
		EvAskNext, EvAskPassed, EvAskQueued, EvAutoPass, EvBallotClosed, EvBallotOpened, EvBombarded, EvChoiceNext,
		EvChoiceQueued, EvCombat, EvCombatWon, EvCommitsDone, EvCommitted, EvCoupClosed, EvCoupPassed, EvCoupWindow,
		EvDeclared, EvDice, EvDiscardPassed, EvDiscardWindow, EvDiscounted, EvEndOfTurnAsked, EvEstablished,
		EvHitAssigned, EvInvStarted, EvInvasionBegun, EvInvasionEnded, EvLeaderPurged, EvLeaderUnlocked, EvPassed,
		EvPickPassed, EvPlanetExhausted, EvPlanetReadied, EvPrimaryDone, EvSabotagePass, EvScoringDone,
		EvSecondaryDone, EvSpeakerChanged, EvSpent, EvStatusBegun, EvStepCleared, EvStepProgress, EvStepSet,
		EvStrategicBegun, EvStrategicEnded, EvStrategyPicked, EvTacStep, EvForced, EvTacticalBegun, EvTacticalEnded,
		EvTechExhausted, EvTechReadied, EvTokensSet, EvTurnEnded, EvUnitRepaired, EvUnitsRemoved, EvUsedThisTurn,
		EvVotesCast, EvWindowPass, EvWindowPlay, EvCommodities} {
		m[k] = true
	}
	return m
}()

// everyTurn are the unlock conditions other players' units change, checked
// at each turn's end whoever played.
var everyTurn = map[string]bool{"neighbors_with_every_player": true}

// combatUnlocks are the unlock conditions a combat meets as it is fought.
var combatUnlocks = map[string]bool{"control_or_combat_at_mecatol_rex": true}

// unlockOf names a faction's commander's unlock condition or count.
func unlockOf(faction string) string {
	if l := leaderData(faction); l != nil {
		return l.Unlock.Condition + l.Unlock.Of
	}
	return ""
}

// commanderUnlocks reports seat's commander's unlock condition met.
func (s *State) commanderUnlocks(seat int) bool {
	l := leaderData(s.Players[seat].Faction)
	if l == nil {
		return false
	}
	if l.Unlock.Condition != "" {
		f := unlockConditions[l.Unlock.Condition]
		return f != nil && f(s, seat)
	}
	if s.rules() >= RulesMechs && producedUnlocks[l.Unlock.Of] != "" {
		return false // unlocked as the unit is produced (unlockOnProduce)
	}
	f := unlockCounts[l.Unlock.Of]
	return f != nil && f(s, seat) >= l.Unlock.Count
}

// producedUnlocks are the counts of the data that, from rules version 6,
// count units produced rather than on the board, as the cards say (the
// Muaat's Magmus: produce a war sun), with the unit type produced.
var producedUnlocks = map[string]string{"war_suns": "war_sun"}

// unlockOnProduce is the event unlocking seat's commander when its
// condition is to produce a unit of typ.
func (s *State) unlockOnProduce(seat int, typ string) []Event {
	p := s.Players[seat]
	if s.rules() < RulesMechs || p.Commander != Locked {
		return nil
	}
	if l := leaderData(p.Faction); l == nil || producedUnlocks[l.Unlock.Of] != typ {
		return nil
	}
	return []Event{{Kind: EvLeaderUnlocked, Seat: seat, Card: LeaderCommander}}
}

func applyLeaders(s *State, e *Event) bool {
	p := s.Players[e.Seat]
	switch e.Kind {
	case EvLeaderUnlocked:
		switch e.Card {
		case LeaderHero:
			p.Hero = Unlocked
		case heroInPlay:
			p.Hero = InPlay
		default:
			p.Commander = Unlocked
		}
	case EvLeaderAttached:
		p.Hero = Purged
		pl, _ := s.Planet(e.Planet)
		pl.Attachments = append(slices.Clip(pl.Attachments), e.Card)
	case EvLeaderPurged:
		if e.Card == LeaderHero {
			p.Hero = Purged
		} else {
			p.Commander = Purged
		}
	default:
		return false
	}
	return true
}

// heroInPlay, as EvLeaderUnlocked's Card: Seat's hero is put in play
// until the end of the round (InPlay), when it is purged.
const heroInPlay = "hero_in_play"

// heroToPlayOptions offers to put seat's unlocked hero in play for the
// round (heroInPlay).
func heroToPlayOptions(s *State, seat int, _ *Step) []Action {
	if s.Players[seat].Hero != Unlocked {
		return nil // in play already
	}
	return []Action{{}}
}

func heroToPlay(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(heroToPlayOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("51.10", "the hero is in play already")
	}
	return s.emit(Event{Kind: EvLeaderUnlocked, Seat: a.Seat, Card: heroInPlay}), nil
}

// purgeHero is the event a hero's use ends with (51.12).
func purgeHero(seat int) Event { return Event{Kind: EvLeaderPurged, Seat: seat, Card: LeaderHero} }

// unitsOf counts seat's units on the board that f accepts (on planets
// too), by stack.
func (s *State) unitsOf(seat int, f func(sys *System, pl *Planet, st Stack) bool) int {
	n := 0
	for _, sys := range s.Systems {
		for _, st := range sys.Space {
			if st.Owner == seat && f(sys, nil, st) {
				n += st.Count
			}
		}
		for _, pl := range sys.Planets {
			for _, st := range pl.Units {
				if st.Owner == seat && f(sys, pl, st) {
					n += st.Count
				}
			}
		}
	}
	return n
}

// systemsWith counts the systems where seat has a unit that f accepts.
func (s *State) systemsWith(seat int, f func(sys *System, st Stack) bool) int {
	n := 0
	for _, sys := range s.Systems {
		in := slices.ContainsFunc(sys.Space, func(st Stack) bool { return st.Owner == seat && f(sys, st) })
		for _, pl := range sys.Planets {
			in = in || slices.ContainsFunc(pl.Units, func(st Stack) bool { return st.Owner == seat && f(sys, st) })
		}
		if in {
			n++
		}
	}
	return n
}

func ofType(typ string) func(*System, *Planet, Stack) bool {
	return func(_ *System, _ *Planet, st Stack) bool { return st.Unit == typ }
}

// unlockCounts count what a commander's unlock condition counts, one
// function a kind of the data's (data.UnlockCounts).
var unlockCounts = map[string]func(s *State, seat int) int{
	"action_cards": func(s *State, seat int) int { return len(s.Players[seat].ActionCards) },
	"cruisers":     func(s *State, seat int) int { return s.unitsOf(seat, ofType("cruiser")) },
	"dreadnoughts": func(s *State, seat int) int { return s.unitsOf(seat, ofType("dreadnought")) },
	"war_suns":     func(s *State, seat int) int { return s.unitsOf(seat, ofType("war_sun")) },
	"space_docks":  func(s *State, seat int) int { return s.unitsOf(seat, ofType("space_dock")) },
	"structures": func(s *State, seat int) int {
		return s.unitsOf(seat, func(_ *System, _ *Planet, st Stack) bool { return isStructure(st.Unit) })
	},
	"ground_forces_on_planets": func(s *State, seat int) int {
		return s.unitsOf(seat, func(_ *System, pl *Planet, st Stack) bool { return pl != nil && s.groundForce(seat, st.Unit) })
	},
	"units_with_barrage_cannon_or_bombardment": func(s *State, seat int) int {
		fires := make([]bool, len(unitTypes)) // by type, looked up once
		for i, typ := range unitTypes {
			p := profile(s, seat, typ)
			fires[i] = p.AFB.Dice > 0 || p.Cannon.Dice > 0 || p.Bombard.Dice > 0
		}
		return s.unitsOf(seat, func(_ *System, _ *Planet, st Stack) bool {
			i := slices.Index(unitTypes, st.Unit)
			return i >= 0 && fires[i]
		})
	},
	"gravity_rifts_with_units": func(s *State, seat int) int {
		return s.systemsWith(seat, func(sys *System, _ Stack) bool { return s.anomaly(sys.Pos, "gravity_rift") })
	},
	"systems_with_mechs": func(s *State, seat int) int {
		return s.systemsWith(seat, func(_ *System, st Stack) bool { return st.Unit == "mech" })
	},
	"wormhole_systems_with_units": func(s *State, seat int) int {
		return s.systemsWith(seat, func(sys *System, _ Stack) bool { return len(s.Wormholes(sys.Pos)) > 0 })
	},
	"non_fighter_ships_in_one_system": func(s *State, seat int) int {
		most := 0
		for _, sys := range s.Systems {
			most = max(most, s.nonFighterShips(sys.Pos, seat))
		}
		return most
	},
	"influence_controlled": func(s *State, seat int) int {
		n := 0
		s.controlled(seat, func(_ *Planet, _ *System, v *data.Planet) bool { n += v.Influence; return false })
		return n
	},
	"resources_controlled": func(s *State, seat int) int {
		n := 0
		s.controlled(seat, func(_ *Planet, _ *System, v *data.Planet) bool { n += v.Resources; return false })
		return n
	},
	"non_home_planets_controlled": func(s *State, seat int) int {
		return s.controlled(seat, func(_ *Planet, sys *System, _ *data.Planet) bool { return !s.IsHomeSystem(sys.Pos) })
	},
	"others_tokens_in_fleet_pool": func(s *State, seat int) int { return len(s.Players[seat].SheetTokens) },
	"secret_objectives_scored":    func(s *State, seat int) int { return len(s.Players[seat].ScoredSecrets) },
	"trade_goods":                 func(s *State, seat int) int { return s.Players[seat].TradeGoods },
	"technologies":                ownedTechnologies,
}

// ownedTechnologies counts seat's technologies; an assimilator counts
// only while its token is on a technology (the Nekro commander's text).
func ownedTechnologies(s *State, seat int) int {
	p := s.Players[seat]
	n, assimilators := 0, 0
	for _, t := range p.Techs {
		if a := definitions[t]; a != nil && a.Assimilates {
			assimilators++
		} else {
			n++
		}
	}
	return n + min(assimilators, len(p.Assimilated))
}

// unlockConditions are the commanders' unlock conditions that are no
// count, by the data's name.
var unlockConditions = map[string]func(s *State, seat int) bool{
	// ground forces on a planet in or next to Mecatol Rex's system
	"ground_forces_in_or_next_to_mecatol_rex": func(s *State, seat int) bool {
		_, mr := s.Planet(MecatolRex)
		return mr != nil && s.unitsOf(seat, func(sys *System, pl *Planet, st Stack) bool {
			return pl != nil && s.groundForce(seat, st.Unit) && (sys.Pos == mr.Pos || s.Adjacent(sys.Pos, mr.Pos))
		}) > 0
	},
	// Mecatol Rex controlled, or a combat fought in its system
	"control_or_combat_at_mecatol_rex": func(s *State, seat int) bool {
		pl, mr := s.Planet(MecatolRex)
		if pl == nil {
			return false
		}
		c := s.Combat
		return pl.Controller == seat || (c != nil && c.System == mr.Pos && (c.Attacker == seat || c.Defender == seat))
	},
	// every other player a neighbor
	"neighbors_with_every_player": func(s *State, seat int) bool {
		return len(s.Neighbors(seat)) == len(s.Active())-1
	},
	// a faction ability used: unlocked as it is used (leaderOnUse)
	"use_a_faction_ability": func(*State, int) bool { return false },
	// a trade good spent after playing an action card with a component
	// action: unlocked by that payment (faction_keleres.go)
	"spend_after_component_action_card": func(*State, int) bool { return false },
}

// unlockOnUse is the event unlocking seat's commander when its condition
// is to use a faction ability and ability id is one of its faction's.
func (s *State) unlockOnUse(seat int, id string) []Event {
	p := s.Players[seat]
	if s.rules() < RulesLeaders || p.Commander != Locked || !slices.Contains(factionAbilities[p.Faction], id) {
		return nil
	}
	if l := leaderData(p.Faction); l == nil || l.Unlock.Condition != "use_a_faction_ability" {
		return nil
	}
	return []Event{{Kind: EvLeaderUnlocked, Seat: seat, Card: LeaderCommander}}
}

// copiedAgents adds to list, for seat's agent that copies the others
// (Ssruu), the copy of each other player's agent, as the game plays it.
func (s *State) copiedAgents(seat int, copier *Ability, list []*Ability) []*Ability {
	for q, p := range s.Players {
		if q == seat || p.Eliminated {
			continue
		}
		agents, _, _ := leadersOf(p.Faction)
		for i, a := range agents {
			if i > s.bonusAgents(p.Faction) {
				break
			}
			if c := agentCopy(copier.ID, a.ID); c != nil {
				if c = s.cardVersion(c); c.Since <= s.rules() {
					list = append(list, c)
				}
			}
		}
	}
	return list
}

// agentSep joins a copier's id and the agent's in a copy's id.
const agentSep = "/"

// agentCopies are the copies of every agent for each agent that copies
// them, by the copy's id: built once, so that each copy is one pointer.
var agentCopies = sync.OnceValue(func() map[string]*Ability {
	out := map[string]*Ability{}
	for _, f := range leaderDefs() {
		for _, c := range f.agents {
			if !c.CopiesAgents {
				continue
			}
			for _, g := range leaderDefs() {
				for _, a := range g.agents {
					if a != c && !a.CopiesAgents {
						out[c.ID+agentSep+a.ID] = copyOf(a, c)
					}
				}
			}
		}
	}
	return out
})

// copyOf is agent a's ability held by copier's card.
func copyOf(a, copier *Ability) *Ability {
	c := *a
	c.ID, c.Card, c.Since, c.Later = copier.ID+agentSep+a.ID, copier.ID, max(a.Since, copier.Since), nil
	if a.Printed != nil {
		c.Printed = copyOf(a.Printed, copier)
	}
	return &c
}

// agentCopy is the copy of agent id held by copier, or nil.
func agentCopy(copier, id string) *Ability { return agentCopies()[copier+agentSep+id] }

// lookup is the definition of an ability id: a component's, or a copy
// of an agent's.
func lookup(id string) *Ability {
	if d := definitions[id]; d != nil {
		return d
	}
	if strings.Contains(id, agentSep) {
		return agentCopies()[id]
	}
	return nil
}

// cardID is the card used to use the ability: its own, or its copier's.
func (a *Ability) cardID() string {
	if a.Card != "" {
		return a.Card
	}
	return a.ID
}

// StepUnlockDeed: Seat may pay Need trade goods to unlock their commander,
// as its unlock condition asks after a deed of theirs (51.6): answered
// with spend_trade_goods, or done to let it go.
const StepUnlockDeed = "unlock_commander"

// unlockDeeds are the unlock conditions met by a payment after a deed:
// the deed, as the action card just played that has a component action,
// and the trade goods then spent.
var unlockDeeds = map[string]int{"spend_after_component_action_card": 1}

// unlockAfterCard offers seat, their commander locked, to meet its unlock
// condition by paying after they played card (an action card that has a
// component action).
func (s *State) unlockAfterCard(seat int, card string) []Event {
	p := s.Players[seat]
	l := leaderData(p.Faction)
	if s.rules() < RulesKeleres || l == nil || p.Commander != Locked || actionCards[card] == nil || !actionCards[card].action {
		return nil
	}
	if n := unlockDeeds[l.Unlock.Condition]; n > 0 {
		return s.emit(queue(Step{Kind: StepUnlockDeed, Seat: seat, Card: LeaderCommander, Need: n}))
	}
	return nil
}

// unlockPaid is seat's payment in a StepUnlockDeed, which unlocks the
// commander.
func unlockPaid(s *State, a Action, st *Step) ([]Event, error) {
	if a.Count != st.Need || s.Players[a.Seat].TradeGoods < st.Need {
		return nil, engine.Refuse("51.6", "the commander unlocks for %d trade goods, paid now", st.Need)
	}
	return s.emit(Event{Kind: EvTradeGoods, Seat: a.Seat, Count: -st.Need}, Event{Kind: EvLeaderUnlocked, Seat: a.Seat, Card: LeaderCommander},
		Event{Kind: EvStepCleared, Seat: a.Seat}), nil
}
