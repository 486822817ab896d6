package ti4

import "slices"

// Feats are things a player did during the current turn that an action
// phase secret objective rewards (61.3, 61.7). They are noted as they
// happen and forgotten when the turn ends: the objective is scored then
// or not at all.

// featObjectives are the action-phase secret objectives the engine scores.
var featObjectives = []string{
	"destroy_their_greatest_ship", "fight_with_precision", "turn_their_fleets_to_dust",
	"make_an_example_of_their_world", "brave_the_void", "darken_the_skies", "unveil_flagship",
	"demonstrate_your_power", "spark_a_rebellion",
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
		if !shipsOf(sys, o.Seat) {
			by.feat("turn_their_fleets_to_dust")
		}
	case "15.2":
		if pl := planetIn(sys, o.Planet); pl != nil && !groundOn(pl, o.Seat) {
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
