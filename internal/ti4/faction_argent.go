package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// The Argent Flight's components.

// Aerie Sentinel, the Argent mech (55): it takes no capacity while a ship
// with capacity carries it or shares its space area (16).
func init() {
	define(&Ability{ID: "aerie_sentinel", Since: RulesMechs, NoCapacity: true})
}

// The Argent Flight's abilities.
func init() {
	// Zeal: the Argent vote first in each agenda (8.2), and each time they
	// vote they add a vote for each player in the game (8.6).
	define(&Ability{ID: "argent:zeal", Since: RulesPoK, VotesFirst: true, VotesPerPlayer: 1})
	// Raid Formation: each of their barrage hits beyond the opponent's
	// fighters damages a ship of the opponent's that has Sustain Damage,
	// the Argent choosing (10).
	define(&Ability{ID: "argent:raid_formation", Since: RulesPoK, BarrageDamages: true})
}

// Quetzecoatl, the Argent flagship: no other player's space cannon fires
// at the Argent's ships in its system (77).
func init() {
	define(&Ability{ID: "quetzecoatl", Since: RulesPoK, NoCannonHere: true})
}

// Aerie Hololattice, an Argent technology: other players' ships do not
// move through systems with the Argent's structures (58), and each planet
// with the Argent's structures has Production 1 for them (68).
func init() {
	define(&Ability{ID: "aerie_hololattice", Since: RulesPoK, Walls: true, StructuresProduction: 1})
}

// Strike Wing Alpha II, the Argent destroyer upgrade: each 9 or 10 it
// rolls for anti-fighter barrage also destroys one of the opponent's
// infantry in the space area (10).
func init() {
	define(&Ability{ID: "strike_wing_alpha_2", Since: RulesPoK, NinesKillInfantry: true})
}

// Trrakan Aun Zulok, the Argent's commander: one of their units rolls one
// more die for each unit ability roll (anti-fighter barrage, space cannon,
// bombardment): the best of them, the better pick; in play and the odds.
func init() {
	define(&Ability{ID: "argent:trrakan_aun_zulok", Since: RulesPoK, Combat: combat.Tech{AbilityDie: true}})
}

// Mirik Aun Sissiri, the Argent hero: as an action, any of their ships
// move, from any systems, each into a system holding an Argent command
// token and no other player's ships (units: each ship, its system and
// where it goes, into); then purged (51.12). Ships only: the ground
// forces they carry are not moved.
func init() {
	define(&Ability{ID: "argent:mirik_aun_sissiri", Since: RulesPoK,
		Uses: []*Use{{At: AtAction, Fields: "units into", Options: mirikOptions, Resolve: mirikAunSissiri}}})
}

// mirikInto reports a system seat's hero moves ships into.
func mirikInto(s *State, seat int, sys *System) bool {
	return sys != nil && slices.Contains(sys.Command, seat) && otherWithShips(sys, seat) == None
}

// mirikOptions offers, for each system the ships may go to, all of seat's
// ships of each other system moving there.
func mirikOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, to := range s.Systems {
		if !mirikInto(s, seat, to) {
			continue
		}
		for _, from := range s.Systems {
			var refs []UnitRef
			for _, st := range from.Space {
				for range st.Count * btoi(st.Owner == seat && isShip(st.Unit) && from != to) {
					refs = append(refs, UnitRef{System: from.Pos, Unit: st.Unit, Into: ip(to.Pos)})
				}
			}
			if len(refs) > 0 {
				out = append(out, Action{ActionExtra: &ActionExtra{Units: refs}})
			}
		}
	}
	return out
}

func mirikAunSissiri(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	moved, from := map[shipMove]int{}, map[shipMove]int{} // by move, and by stack (from, unit)
	for _, r := range a.extra().Units {
		if r.Into == nil || *r.Into == r.System || !mirikInto(s, a.Seat, s.System(*r.Into)) {
			return nil, engine.Refuse("51.10", "Mirik Aun Sissiri moves your ships each into another system (into) with your command token and no other player's ships")
		}
		k := shipMove{from: r.System, unit: r.Unit}
		if sys := s.System(r.System); sys == nil || !isShip(r.Unit) || count(sys.Space, a.Seat, r.Unit) <= from[k] {
			return nil, engine.Refuse("51.10", "your ships in the space areas named, each once (units)")
		}
		from[k]++
		k.into = *r.Into
		moved[k]++
	}
	if len(moved) == 0 {
		return nil, engine.BadInput("units", "name the ships that move")
	}
	return s.emit(append(shipsMoved(s, a.Seat, moved), purgeHero(a.Seat))...), nil
}

// Trilossa Aun Mirik, the Argent agent: while their units produce,
// exhausted: the ground forces produced may go on any planet of theirs in
// that system or next to it (Production.Wide). Used on another player's
// production, as the card allows: not built yet.
func init() {
	define(&Ability{ID: "argent:trilossa_aun_mirik", Since: RulesPoK,
		Uses: []*Use{{At: WhileProducing, Exhaust: true, Options: trilossaOptions, Resolve: trilossa}}})
}

func trilossaOptions(s *State, seat int, _ *Step) []Action {
	if t, _, _, err := s.production(seat); err != nil || t.Wide {
		return nil
	}
	return []Action{{}}
}

func trilossa(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(trilossaOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("51.4", "Trilossa Aun Mirik answers a production of yours under way")
	}
	return s.emit(Event{Kind: EvDiscounted, Seat: a.Seat, Deck: placedWide}), nil
}

// Strike Wing Ambuscade, the Argent's note: in the window before a unit
// ability roll its holder's units make (space cannon offense or defense,
// anti-fighter barrage: AnswerAbilityRoll), one of those units rolls a
// die more (CombatExtra.Ambush, the best of them); the note goes back to
// the Argent at once. From rules version 10 also before a bombardment:
// the invader, holding it, plays it in the invasion before they bombard
// or commit (Invasion.Ambush), and their bombardment roll has the die
// more.
func init() {
	defineNote("argent:strike_wing_ambuscade", &promissoryNote{since: RulesPoK, answers: AnswerAbilityRoll,
		moment: func(s *State, seat int) bool {
			return answering(AnswerAbilityRoll)(s, seat) || bombardAmbushOpen(s, seat)
		},
		play: strikeWingAmbuscade, odds: combat.Tech{AbilityDieOnce: true}})
}

// bombardAmbushOpen reports seat's invasion before its bombardment, with
// a unit that has Bombardment in the system, from rules version 10.
func bombardAmbushOpen(s *State, seat int) bool {
	inv, t := s.Invasion, s.Tactical
	if s.rules() < RulesAgents || inv == nil || inv.Seat != seat || inv.Bombarded || inv.Ambush || inv.ShipsHome ||
		len(inv.Committed) > 0 || inv.Ask != nil || s.Combat != nil || s.Step != nil || t == nil || t.Step != TacInvasion {
		return false
	}
	sys := s.System(inv.Pos)
	return slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return s.bombardable(seat, sys, pl) })
}

func strikeWingAmbuscade(s *State, a Action, _ int) ([]Event, error) {
	if bombardAmbushOpen(s, a.Seat) {
		return s.emit(Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}, Event{Kind: EvAmbushed, Seat: a.Seat}), nil
	}
	if !answering(AnswerAbilityRoll)(s, a.Seat) {
		return nil, engine.Refuse("69.1", "Strike Wing Ambuscade is played as your units are about to roll for a unit ability")
	}
	n := s.Combat.clone()
	e := n.own()
	e.Ambush = append(slices.Clip(e.Ambush), a.Seat)
	n.Answer = nextAsk(n, &e.Rollers, AnswerAbilityRoll)
	return s.emit(Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}, newCombat(n, nil)), nil
}
