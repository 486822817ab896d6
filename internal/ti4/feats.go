package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Feats are things a player did during the current turn that an action
// phase secret objective rewards (61.3, 61.7). They are noted as they
// happen and forgotten when the turn ends: the objective is scored then
// or not at all.

// featObjectives are the action-phase secret objectives the engine scores.
var featObjectives = []string{
	"destroy_their_greatest_ship", "fight_with_precision", "turn_their_fleets_to_dust",
	"make_an_example_of_their_world", "brave_the_void", "darken_the_skies", "unveil_flagship",
	"demonstrate_your_power", "spark_a_rebellion", "become_a_martyr", "betray_a_friend",
}

// agendaObjectives are the agenda-phase secret objectives (61.3).
var agendaObjectives = map[string]func(s *State, p *Player) bool{
	"dictate_policy":   func(s *State, _ *Player) bool { return len(s.Laws) >= 3 },
	"drive_the_debate": func(_ *State, p *Player) bool { return slices.Contains(p.Feats, "drive_the_debate") },
}

// EvCombatWon ends a combat with a winner (78.10, 42.4c); Deck is "space"
// or "ground".
const EvCombatWon = "combat_won"

func (p *Player) feat(id string) {
	if !slices.Contains(p.Feats, id) {
		p.Feats = append(p.Feats, id)
	}
}

// hitFeats notes what destroying a unit achieved for whoever produced the
// hit; it runs after the unit is gone.
func hitFeats(s *State, o Owed, sys *System, unit string) {
	if o.By < 0 || o.By == o.Seat {
		return
	}
	by := s.Players[o.By]
	if unit == "war_sun" || unit == "flagship" {
		by.feat("destroy_their_greatest_ship")
	}
	switch o.Rule {
	case "10.2":
		if count(sys.Space, o.Seat, "fighter") == 0 {
			by.feat("fight_with_precision")
		}
	case "77.5":
		if s.codexIn("codex3") { // Ω (Codex III): the last non-fighter ships
			if unit != "fighter" && isShip(unit) && fleetCount(sys.Space, o.Seat) == 0 {
				by.feat("turn_their_fleets_to_dust")
			}
		} else if !shipsOf(sys, o.Seat) {
			by.feat("turn_their_fleets_to_dust")
		}
	case "15.2":
		if pl := planetIn(sys, o.Planet); pl != nil && !s.groundOn(pl, o.Seat) {
			by.feat("make_an_example_of_their_world")
		}
	}
}

// combatWonFeats notes what winning a combat achieved.
func combatWonFeats(s *State, e Event) {
	w := s.Players[e.Seat]
	sys := s.System(e.System)
	if s.anomaly(sys.Pos, "gravity-rift") || s.anomaly(sys.Pos, "nebula") || s.anomaly(sys.Pos, "asteroid-field") || s.anomaly(sys.Pos, "supernova") {
		w.feat("brave_the_void")
	}
	if s.IsHomeSystem(sys.Pos) && sys.Pos != w.Home {
		w.feat("darken_the_skies")
	}
	if e.Deck == "space" {
		if count(sys.Space, e.Seat, "flagship") > 0 {
			w.feat("unveil_flagship")
		}
		if fleetCount(sys.Space, e.Seat) >= 3 {
			w.feat("demonstrate_your_power")
		}
	}
	most := 0
	for _, p := range s.Players {
		if !p.Eliminated {
			most = max(most, p.VP)
		}
	}
	if e.Owner >= 0 && s.Players[e.Owner].VP == most { // ties count (98.5)
		w.feat("spark_a_rebellion")
	}
	if t := s.Tactical; t != nil && t.Seat == e.Seat && e.Owner >= 0 && slices.Contains(t.Friends, e.Owner) {
		w.feat("betray_a_friend")
	}
}

// winnerOf is the one side left with units in a combat, or None.
func winnerOf(c *Combat, left func(seat int) bool) (int, int) {
	a, d := left(c.Attacker), left(c.Defender)
	switch {
	case a && !d:
		return c.Attacker, c.Defender
	case d && !a:
		return c.Defender, c.Attacker
	}
	return None, None
}

// martyrFeat: losing a planet in a home system (Become a Martyr).
func martyrFeat(s *State, loser int, planet string) {
	if loser < 0 {
		return
	}
	if _, sys := s.Planet(planet); sys != nil && s.IsHomeSystem(sys.Pos) {
		s.Players[loser].feat("become_a_martyr")
	}
}

// friendsOf are the players whose notes seat has in play, at the start of a
// tactical action (Betray a Friend).
func (s *State) friendsOf(seat int) []int {
	var out []int
	for _, n := range s.Players[seat].NotesInPlay {
		if o := s.seatOfFaction(noteOwner(n)); o != None && !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out
}

// enduranceScore: the last player to pass in a round scores Prove
// Endurance at once, if they hold it (its moment passes with the phase).
func enduranceScore(s *State, seat int) []Event {
	p := s.Players[seat]
	if !s.mayScoreSecret(p, "prove_endurance") {
		return nil
	}
	for _, q := range s.Active() {
		if q != seat && !s.Players[q].Passed {
			return nil
		}
	}
	o, _ := objective("prove_endurance")
	return scored(s, seat, o)
}

// decideAgendaSecret scores an agenda-phase secret objective in the agenda
// phase, when its requirement is met.
// mayScoreSecret reports secret objective id p's to score: one of their
// unscored secrets, or, from rules version 10, one revealed as a public
// objective (Neuraloop) that they have not scored, at its own moment.
// A public one needs its scorer's home system, as every public objective
// does (61.16).
func (s *State) mayScoreSecret(p *Player, id string) bool {
	return slices.Contains(p.Secrets, id) || (s.publicSecret(id) && !slices.Contains(p.Publics, id) && s.holdsHome(p.Seat))
}

// publicSecret reports a secret objective revealed as a public one
// (Neuraloop), scored by every player at its own moment, from rules
// version 10.
func (s *State) publicSecret(id string) bool {
	return s.rules() >= RulesAgents && slices.Contains(s.Decks.Revealed, id)
}

func decideAgendaSecret(s *State, a Action, p *Player, o data.Card) ([]Event, error) {
	switch {
	case !s.mayScoreSecret(p, o.ID):
		return nil, engine.Refuse("61.19", "%s is not one of your unscored secret objectives", o.Name)
	case s.Phase != PhaseAgenda:
		return nil, engine.Refuse("61.3", "%s is scored in the agenda phase", o.Name)
	case !agendaObjectives[o.ID](s, p):
		return nil, engine.Refuse("61.5", "%s does not meet the requirement of %s", p, o.Name)
	}
	return scored(s, a.Seat, o), nil
}

// EvSheetToken: a command token of Owner's goes into Seat's fleet pool
// (Player.SheetTokens), or, with Count -1, back to Owner.
const EvSheetToken = "sheet_token"

// edict is the token the winner of a combat takes from the loser's
// reinforcements into their fleet pool, by an ability of theirs (Edict):
// none while one of the loser's is there, or the loser has none to give.
func edict(s *State, winner, loser int) []Event {
	if !s.factionHas(winner, hookEdict) || slices.Contains(s.Players[winner].SheetTokens, loser) || s.CommandReinforcements(loser) == 0 {
		return nil
	}
	return s.emit(Event{Kind: EvSheetToken, Seat: winner, Owner: loser, Count: 1})
}

func hookEdict(a *Ability) bool { return a.Edict }

func applySheetToken(s *State, e Event) {
	p := s.Players[e.Seat]
	if e.Count > 0 {
		p.SheetTokens = append(slices.Clone(p.SheetTokens), e.Owner)
		return
	}
	if i := slices.Index(p.SheetTokens, e.Owner); i >= 0 {
		p.SheetTokens = slices.Delete(slices.Clone(p.SheetTokens), i, i+1)
	}
}
