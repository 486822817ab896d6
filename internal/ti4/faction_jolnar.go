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
