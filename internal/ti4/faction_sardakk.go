package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// Sardakk N'orr's abilities.
func init() {
	// Unrelenting: +1 to each combat roll (78.5, 42.2).
	define(&Ability{ID: "sardakk:unrelenting", Since: RulesFactions, CombatMod: 1})
	// Tekklar Legion, Sardakk N'orr's note: at the start of a ground combat
	// its holder fights (42.4a), +1 to the holder's combat rolls for that
	// combat, and -1 to the N'orr's if they are the opponent; it goes back
	// at once.
	defineNote("sardakk:tekklar_legion", &promissoryNote{since: RulesFactions, moment: legionMoment, play: tekklarLegion,
		odds: combat.Tech{GroundMod: 1}, againstOwner: combat.Tech{FoeGroundMod: -1}})
}

func legionMoment(s *State, seat int) bool {
	return groundStart(s, seat) && !slices.Contains(s.Combat.Legion, seat)
}

func tekklarLegion(s *State, a Action, _ int) ([]Event, error) {
	if !legionMoment(s, a.Seat) {
		return nil, engine.Refuse("69.1", "Tekklar Legion is played at the start of a ground combat you fight")
	}
	n := s.Combat.clone()
	n.Legion = append(n.Legion, a.Seat)
	return s.emit(newCombat(n, nil), Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}

// groundMod is what notes played for this ground combat add to seat's
// rolls against opp: +1 for Tekklar Legion's holder, and -1 to the
// N'orr's when the holder fights them.
func (s *State) groundMod(c *Combat, seat, opp int) int {
	m := 0
	if slices.Contains(c.Legion, seat) {
		m++
	}
	if slices.Contains(c.Legion, opp) && s.Players[seat].Faction == "sardakk" {
		m--
	}
	for _, q := range c.Boost { // this round only (Supercharge)
		m += btoi(q == seat)
	}
	return m
}

// Valkyrie Particle Weave, a Sardakk N'orr technology: in a ground combat
// round in which the opponent hits, the N'orr produce one more hit (42);
// in play and in the odds.
func init() {
	define(&Ability{ID: "valkyrie_particle_weave", Since: RulesPrinted, Combat: combat.Tech{Valkyrie: true}})
}

// Exotrireme II, Sardakk N'orr's dreadnought upgrade: after a space combat
// round the combat outlasts, the N'orr may destroy one of them there to
// destroy up to 2 of the opponent's ships, of the N'orr's choice.
func init() {
	define(&Ability{ID: "exotrireme_2", Since: RulesPrinted,
		Uses: []*Use{{At: AfterCombatRound, Options: exotriremeOptions, Resolve: exotrireme}}})
}

func exotriremeOptions(s *State, seat int, _ *Step) []Action {
	c := s.Combat
	if c == nil || c.Kind != "space" || count(s.System(c.System).Space, seat, "dreadnought") == 0 {
		return nil
	}
	return []Action{{}}
}

func exotrireme(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(exotriremeOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("78", "an Exotrireme of yours in the system is destroyed for it")
	}
	c := s.Combat
	opp := opponent(c, a.Seat)
	n := c.clone()
	n.Answer = nextAsk(n, &n.own().Enders, AnswerRoundEnd)
	ships := 0
	for _, st := range s.System(c.System).Space {
		if st.Owner == opp && isShip(st.Unit) {
			ships += st.Count
		}
	}
	n.Owed = append(n.Owed, Owed{Seat: opp, Hits: min(2, ships), Destroy: true, Picked: true, Rule: "78", By: a.Seat})
	return s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: c.System, Unit: "dreadnought", Count: 1}, newCombat(n, nil)), nil
}

// C'morran N'orr, the N'orr's flagship: +1 to the combat rolls of their
// other ships in its combat (78.5).
func init() {
	define(&Ability{ID: "cmorran_norr", Since: RulesPrinted, OthersMod: 1})
}

// Valkyrie Exoskeleton, the N'orr mech (55): after it sustains damage in
// a ground combat, the opponent's ground forces on its planet take a hit.
func init() {
	define(&Ability{ID: "valkyrie_exoskeleton", Since: RulesMechs, SustainHit: true})
}

// The Sardakk N'orr's leaders from rules version 6.
func init() {
	// T'ro, agent: at the end of any player's tactical action, exhausted,
	// that player places 2 infantry from reinforcements on a planet they
	// control in the active system (planet).
	define(&Ability{ID: "sardakk:t_ro", Since: RulesMechs,
		Uses: []*Use{{At: AfterAnyTactical, Exhaust: true, Fields: "planet", Options: troOptions, Resolve: tro}}})
}

func troOptions(s *State, seat int, st *Step) []Action {
	if st == nil || st.Target == nil || len(st.Systems) == 0 || s.Reinforcements(*st.Target, "infantry") == 0 {
		return nil
	}
	var out []Action
	for _, pl := range s.System(st.Systems[0]).Planets {
		if pl.Controller == *st.Target && !unitsBarred(pl) {
			out = append(out, Action{Planet: pl.Name})
		}
	}
	return out
}

func tro(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(troOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet }) {
		return nil, engine.Refuse("51.4", "a planet the active player controls in the active system, with infantry of theirs in reinforcements")
	}
	q := *st.Target
	return s.emit(Event{Kind: EvUnitsPlaced, Seat: q, System: st.Systems[0], Planet: a.Planet, Unit: "infantry", Count: min(2, s.Reinforcements(q, "infantry"))}), nil
}

// Sh'val, Harbinger, the Sardakk hero: after they move ships into the
// active system, they may skip to the commits of the invasion step (no
// space cannon offense, space combat or bombardment); once committed,
// their ships in the system return to reinforcements and the hero is
// purged (Invasion.ShipsHome).
func init() {
	define(&Ability{ID: "sardakk:sh_val_harbinger", Since: RulesPoK,
		Uses: []*Use{{At: AfterAnyMove, Options: shvalOptions, Resolve: shval}}})
}

func shvalOptions(s *State, seat int, st *Step) []Action {
	t := s.Tactical
	if st == nil || st.Target == nil || *st.Target != seat || t == nil || t.Seat != seat || len(s.System(t.System).Planets) == 0 {
		return nil
	}
	// Asked as the movement ends, answered while the space combat waits.
	if t.Step != TacMovement && (s.Combat == nil || !s.Combat.Held) {
		return nil
	}
	return []Action{{}}
}

func shval(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if len(shvalOptions(s, a.Seat, st)) == 0 {
		return nil, engine.Refuse("51.10", "Sh'val skips to the commits right after your ships move into a system with planets")
	}
	return s.emit(setCombat(nil, nil), Event{Kind: EvTacStep, Seat: a.Seat, Deck: TacInvasion},
		Event{Kind: EvSkippedToCommit, Seat: a.Seat}), nil
}

// G'hom Sek'kus, the Sardakk commander: while committing, they may commit
// up to 1 ground force from each planet of the active system and of the
// systems next to it without a Sardakk command token (units: each with
// its planet; planet: where it lands), as well as from space (49.2).
func init() {
	define(&Ability{ID: "sardakk:g_hom_sek_kus", Since: RulesPoK,
		Uses: []*Use{{At: AtCommit, Fields: "units planet", Options: ghomOptions, Resolve: ghomSekKus}}})
}

// ghomFrom lists seat's ground forces on planets they may commit from,
// one per planet.
func ghomFrom(s *State, seat int) []UnitRef {
	inv := s.Invasion
	var out []UnitRef
	for _, sys := range s.Systems {
		if sys.Pos != inv.Pos && (!s.Adjacent(sys.Pos, inv.Pos) || slices.Contains(sys.Command, seat)) {
			continue
		}
		for _, pl := range sys.Planets {
			if slices.Contains(inv.From, pl.Name) {
				continue
			}
			for _, st := range pl.Units {
				if st.Owner == seat && isGroundForce(st.Unit) {
					out = append(out, UnitRef{System: sys.Pos, Planet: pl.Name, Unit: st.Unit})
				}
			}
		}
	}
	return out
}

func ghomOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, r := range ghomFrom(s, seat) {
		for _, pl := range s.System(s.Invasion.Pos).Planets {
			if pl.Name != r.Planet && !unitsBarred(pl) {
				out = append(out, Action{Planet: pl.Name, ActionExtra: &ActionExtra{Units: []UnitRef{r}}})
			}
		}
	}
	return out
}

func ghomSekKus(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	inv := s.Invasion
	to := planetIn(s.System(inv.Pos), a.Planet)
	if to == nil {
		return nil, engine.Refuse("49.2", "ground forces are committed to a planet in the active system (planet)")
	}
	if unitsBarred(to) {
		return nil, unitsBarredErr(to)
	}
	if err := checkCustodians(s, to); err != nil {
		return nil, err
	}
	from, refs := ghomFrom(s, a.Seat), a.extra().Units
	var ev []Event
	for i, r := range refs {
		r.To, r.Into = "", nil
		if !slices.Contains(from, r) || r.Planet == to.Name || slices.ContainsFunc(refs[:i], func(o UnitRef) bool { return o.Planet == r.Planet }) {
			return nil, engine.Refuse("49.2", "G'hom Sek'kus commits 1 ground force from each planet of the active system and of the systems next to it without your command token (units)")
		}
		ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: r.System, Planet: r.Planet, Unit: r.Unit, Count: 1},
			Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: inv.Pos, Planet: to.Name, Unit: r.Unit, Count: 1},
			Event{Kind: EvCommitted, Seat: a.Seat, System: inv.Pos, Planet: to.Name, Card: r.Planet})
	}
	if len(ev) == 0 {
		return nil, engine.BadInput("units", "name the ground forces committed, each with its planet")
	}
	return s.emit(ev...), nil
}
