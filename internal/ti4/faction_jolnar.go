package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// The Universities of Jol-Nar's abilities.
func init() {
	// Analytical: one prerequisite ignored when researching a technology
	// that is not a unit upgrade (90.12).
	define(&Ability{ID: "jolnar:analytical", Since: RulesFactions, PrereqsIgnored: 1})
}

func init() {
	// Fragile: -1 to each combat roll (78.5, 42.2).
	define(&Ability{ID: "jolnar:fragile", Since: RulesFactions, CombatMod: -1})
}

func init() {
	// Brilliant: a command token spent on the Technology card's secondary
	// resolves its primary instead (91.2).
	define(&Ability{ID: "jolnar:brilliant", Since: RulesFactions, PrimaryForSecondary: []string{"technology"}})
}

// Research Agreement, Jol-Nar's note: after the Jol-Nar research a
// technology that is not a faction's, its holder may gain it (a gain: no
// prerequisites, 90); the note goes back.
func init() {
	defineNote("jolnar:research_agreement", &promissoryNote{since: RulesFactions, ownerResearched: true, opens: agreementOpens,
		moment: func(s *State, seat int) bool { return inNoteWindow(s, seat, "jolnar:research_agreement") }, play: researchAgreement})
}

func agreementOpens(s *State, holder, _ int, ctx Step) bool {
	t := data.MustLoad().Technology(ctx.Cards[0])
	return t != nil && t.Faction == "" && !slices.Contains(s.Players[holder].Techs, t.ID)
}

func researchAgreement(s *State, a Action, _ int) ([]Event, error) {
	if !inNoteWindow(s, a.Seat, a.Card) {
		return nil, engine.Refuse("69.1", "Research Agreement is played after the Jol-Nar research a technology")
	}
	return s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}, Event{Kind: EvTechGained, Seat: a.Seat, Card: s.Step.Cards[0]},
		Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}

// E-Res Siphons, a Jol-Nar technology: after another player activates a
// system holding the Jol-Nar's ships, the Jol-Nar gain 4 trade goods.
func init() {
	define(&Ability{ID: "e_res_siphons", Since: RulesPrinted, OthersActivate: eResSiphons})
}

func eResSiphons(s *State, owner, _, _ int) []Event {
	return s.emit(Event{Kind: EvTradeGoods, Seat: owner, Count: 4})
}

// Spatial Conduit Cylinder, a Jol-Nar technology: after the Jol-Nar
// activate a system with their units, they may exhaust it: for that
// tactical action the system is adjacent to every system with their units.
func init() {
	define(&Ability{ID: "spatial_conduit_cylinder", Since: RulesFactions,
		Uses: []*Use{{At: AfterActivation, Exhaust: true, Options: conduitOptions, Resolve: spatialConduit}}})
}

func conduitOptions(s *State, seat int, st *Step) []Action {
	t := s.Tactical
	pos := None
	switch {
	case st != nil && len(st.Systems) > 0: // the window, opened as the system is activated
		pos = st.Systems[0]
	case t != nil && t.Seat == seat && !t.Conduit && len(t.Moves) == 0:
		pos = t.System
	}
	if pos == None || s.unitsIn(pos, seat) == 0 {
		return nil
	}
	return []Action{{}}
}

func spatialConduit(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(conduitOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("1.14", "Spatial Conduit Cylinder is used after you activate a system with your units, before moving")
	}
	return s.emit(Event{Kind: EvConduitOpened, Seat: a.Seat}), nil
}

// J.N.S. Hylarim, Jol-Nar's flagship: each 9 or 10 it rolls in combat,
// before modifiers, makes 2 more hits (78.5).
func init() {
	define(&Ability{ID: "j_n_s_hylarim", Since: RulesPrinted, NineHits: 2})
}

// Shield Paling, the Jol-Nar mech (55): their infantry on its planet are
// not lowered by Fragile in a ground combat there.
func init() {
	define(&Ability{ID: "shield_paling", Since: RulesMechs, InfantryNoPenalty: true})
}

// Ta Zern, the Jol-Nar commander: after they roll dice for a unit ability
// (anti-fighter barrage, space cannon, bombardment), they may reroll any
// of them: each miss is rerolled once, which never costs a hit; in play
// and in the odds.
func init() {
	define(&Ability{ID: "jolnar:ta_zern", Since: RulesPoK, Combat: combat.Tech{AbilityReroll: true}})
}

// Doctor Sucaban, the Jol-Nar agent: while a player pays for a
// technology, exhausted: infantry of that player's removed from the board
// (units), each paying 1 resource of it (90); from rules version 10, 2 at
// most. On the Jol-Nar's own research they name the infantry; from rules
// version 10 they may lend it to another player researching (Others),
// who then names up to 2 of their own, or none (WhileAided).
func init() {
	define(&Ability{ID: "jolnar:doctor_sucaban", Since: RulesPoK, Uses: []*Use{
		{At: WhileResearch, Exhaust: true, Others: true, Fields: "units", Options: sucabanOptions, Resolve: doctorSucaban},
		{At: WhileAided, Fields: "units", Options: sucabanOptions, Resolve: sucabanAided}}})
}

func isInfantry(typ string) bool { return typ == "infantry" }

// sucabanMost is how many infantry Doctor Sucaban removes, from rules
// version 10; before, any number.
const sucabanMost = 2

func sucabanOptions(s *State, seat int, _ *Step) []Action {
	if s.researchingNear(seat) { // lent: the researcher names them
		if len(s.unitPlaces(s.Step.Seat, isInfantry)) == 0 {
			return nil
		}
		return []Action{{}}
	}
	places := s.unitPlaces(seat, isInfantry)
	most := 1 << 20
	if s.rules() >= RulesAgents {
		most = sucabanMost
	}
	var out []Action
	for _, r := range sortedPlaces(places) {
		for n := 1; n <= min(places[r], most); n++ {
			out = append(out, Action{ActionExtra: &ActionExtra{Units: slices.Repeat([]UnitRef{r}, n)}})
		}
	}
	return out
}

func doctorSucaban(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	if s.researchingNear(a.Seat) {
		if len(a.extra().Units) > 0 {
			return nil, engine.Refuse("51.4", "the player researching names their infantry, not you")
		}
		if len(sucabanOptions(s, a.Seat, nil)) == 0 {
			return nil, engine.Refuse("51.4", "the player researching has no infantry on the board")
		}
		return s.emit(Event{Kind: EvAided, Seat: s.Step.Seat, Card: a.Card, Count: 1}), nil
	}
	return sucabanRemoves(s, a)
}

// sucabanAided is the researcher's use of the agent another lent them:
// the aid is spent, whatever they remove.
func sucabanAided(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	ev := s.emit(Event{Kind: EvAided, Seat: a.Seat, Card: a.Card, Count: -1})
	if len(a.extra().Units) == 0 {
		return ev, nil // none removed
	}
	more, err := sucabanRemoves(s, a)
	if err != nil {
		return nil, err
	}
	return s.extend(ev, more...), nil
}

// sucabanRemoves takes the infantry named off the board, each paying 1.
func sucabanRemoves(s *State, a Action) ([]Event, error) {
	refs, places := a.extra().Units, s.unitPlaces(a.Seat, isInfantry)
	if len(refs) == 0 {
		return nil, engine.Refuse("51.4", "Doctor Sucaban removes 1 or more of your infantry from the board (units)")
	}
	if s.rules() >= RulesAgents && len(refs) > sucabanMost {
		return nil, engine.Refuse("51.4", "Doctor Sucaban removes up to %d infantry", sucabanMost)
	}
	var ev []Event
	for _, r := range refs {
		r.To, r.Unit = "", "infantry"
		if places[r] == 0 {
			return nil, engine.Refuse("51.4", "no more of your infantry at %d %s", r.System, r.Planet)
		}
		places[r]--
		ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: r.System, Planet: r.Planet, Unit: "infantry", Count: 1})
	}
	return s.emit(append(ev, Event{Kind: EvSpent, Seat: a.Seat, Count: len(refs)})...), nil
}

// Rin, the Master's Legacy, the Jol-Nar hero: as an action, each of their
// technologies that is not a unit upgrade may be replaced by one of its
// colour from the deck, of no faction and not owned, prerequisites
// ignored; then purged (51.12). Cards: each technology replaced, then its
// replacement; the legal list offers one replacement at a time.
func init() {
	define(&Ability{ID: "jolnar:rin_the_master_s_legacy", Since: RulesPoK,
		Uses: []*Use{{At: AtAction, Fields: "cards", Options: rinOptions, Resolve: rin}}})
}

// rinFits reports a replacement from the deck for seat's technology old.
func rinFits(s *State, seat int, old, t *data.Technology) bool {
	return t.Faction == "" && t.Color == old.Color && !s.Players[seat].HasTech(t.ID)
}

func rinOptions(s *State, seat int, _ *Step) []Action {
	c := data.MustLoad()
	var out []Action
	for _, id := range s.Players[seat].Techs {
		old := c.Technology(id)
		if old == nil || old.Color == "unit" {
			continue
		}
		for _, t := range c.Technologies {
			if rinFits(s, seat, old, t) {
				out = append(out, Action{ActionExtra: &ActionExtra{Cards: []string{id, t.ID}}})
			}
		}
	}
	return out
}

func rin(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	pairs := a.extra().Cards
	if len(pairs) == 0 || len(pairs)%2 != 0 {
		return nil, engine.BadInput("cards", "name each technology replaced, then its replacement")
	}
	c := data.MustLoad()
	var ev []Event
	for i := 0; i < len(pairs); i += 2 {
		old, t := c.Technology(pairs[i]), c.Technology(pairs[i+1])
		switch {
		case old == nil || t == nil || !s.Players[a.Seat].HasTech(old.ID) || old.Color == "unit":
			return nil, engine.Refuse("51.10", "Rin replaces technologies you own that are not unit upgrades, not %q", pairs[i])
		case !rinFits(s, a.Seat, old, t) || slices.Contains(pairs[i+2:], old.ID) || slices.Contains(pairs[i+2:], t.ID):
			return nil, engine.Refuse("51.10", "%s is replaced, once, by a technology of its colour from the deck that you do not own", old.Name)
		}
		ev = append(ev, Event{Kind: EvTechReturned, Seat: a.Seat, Card: old.ID}, Event{Kind: EvTechGained, Seat: a.Seat, Card: t.ID})
	}
	return s.emit(append(ev, purgeHero(a.Seat))...), nil
}
