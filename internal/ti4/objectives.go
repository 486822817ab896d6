package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/hex"
	"github.com/mecatol/mecatol/internal/ti4/data"
	"github.com/mecatol/mecatol/internal/ti4/galaxy"
)

// Objectives (LRR 61) and victory points (98). Each objective's condition
// is code below; its name and points are data. Objectives that are scored
// by spending (61.10) name a cost instead, paid in a step.

// Cost is what a spending objective, or the custodians token, asks for.
type Cost struct {
	Resources, Influence, TradeGoods, Tokens int
}

func (c Cost) zero() bool { return c == Cost{} }

// objectiveCosts are the objectives scored by spending (61.10).
var objectiveCosts = map[string]Cost{
	"erect_a_monument":          {Resources: 8},
	"sway_the_council":          {Influence: 8},
	"negotiate_trade_routes":    {TradeGoods: 5},
	"lead_from_the_front":       {Tokens: 3},
	"amass_wealth":              {Resources: 3, Influence: 3, TradeGoods: 3},
	"centralize_galactic_trade": {TradeGoods: 10},
	"found_a_golden_age":        {Resources: 16},
	"galvanize_the_people":      {Tokens: 6},
	"manipulate_galactic_law":   {Influence: 16},
	"hold_vast_reserves":        {Resources: 6, Influence: 6, TradeGoods: 6},
}

// conditions test the objectives scored by having something.
var conditions = map[string]func(s *State, seat int) bool{
	// Stage I, base game.
	"corner_the_market":       func(s *State, q int) bool { return s.maxTrait(q) >= 4 },
	"develop_weaponry":        func(s *State, q int) bool { return s.unitUpgrades(q) >= 2 },
	"diversify_research":      func(s *State, q int) bool { return s.colorsWith(q, 2) >= 2 },
	"expand_borders":          func(s *State, q int) bool { return s.nonHomePlanets(q) >= 6 },
	"found_research_outposts": func(s *State, q int) bool { return s.specialtyPlanets(q) >= 3 },
	"intimidate_council":      presentIn("intimidate_council"),
	// Stage I, Prophecy of Kings.
	"build_defenses":         func(s *State, q int) bool { return s.OnBoard(q, "pds")+s.OnBoard(q, "space_dock") >= 4 },
	"discover_lost_outposts": func(s *State, q int) bool { return s.attachedPlanets(q) >= 2 },
	"engineer_a_marvel":      func(s *State, q int) bool { return s.OnBoard(q, "flagship")+s.OnBoard(q, "war_sun") > 0 },
	"explore_deep_space":     presentIn("explore_deep_space"),
	"improve_infrastructure": func(s *State, q int) bool { return s.structurePlanets(q, false) >= 3 },
	"make_history":           presentIn("make_history"),
	"populate_the_outer_rim": presentIn("populate_the_outer_rim"),
	"push_boundaries":        func(s *State, q int) bool { return s.outnumberedNeighbors(q) >= 2 },
	"raise_a_fleet":          func(s *State, q int) bool { return s.fleetsOf(q, 5) >= 1 },
	// Stage II, base game.
	"conquer_the_weak":          func(s *State, q int) bool { return s.planetsInOthersHomes(q) >= 1 },
	"form_galactic_brain_trust": func(s *State, q int) bool { return s.specialtyPlanets(q) >= 5 },
	"master_the_sciences":       func(s *State, q int) bool { return s.colorsWith(q, 2) >= 4 },
	"revolutionize_warfare":     func(s *State, q int) bool { return s.unitUpgrades(q) >= 3 },
	"subdue_the_galaxy":         func(s *State, q int) bool { return s.nonHomePlanets(q) >= 11 },
	"unify_the_colonies":        func(s *State, q int) bool { return s.maxTrait(q) >= 6 },
	// Stage II, Prophecy of Kings.
	"achieve_supremacy":         func(s *State, q int) bool { return s.supremacy(q) },
	"become_a_legend":           presentIn("become_a_legend"),
	"command_an_armada":         func(s *State, q int) bool { return s.fleetsOf(q, 8) >= 2 },
	"construct_massive_cities":  func(s *State, q int) bool { return s.structurePlanets(q, true) >= 7 },
	"control_the_borderlands":   presentIn("control_the_borderlands"),
	"patrol_vast_territories":   presentIn("patrol_vast_territories"),
	"protect_the_border":        func(s *State, q int) bool { return s.structurePlanets(q, false) >= 5 },
	"reclaim_ancient_monuments": func(s *State, q int) bool { return s.attachedPlanets(q) >= 3 },
	"rule_distant_lands":        func(s *State, q int) bool { return s.distantLands(q) >= 2 },
	// Secret objectives scored in the status phase.
	"adapt_new_strategies":            func(s *State, q int) bool { return s.factionTechs(q) >= 2 },
	"become_the_gatekeeper":           func(s *State, q int) bool { return s.gatekeeper(q) },
	"control_the_region":              presentIn("control_the_region"),
	"cut_supply_lines":                presentIn("cut_supply_lines"),
	"establish_a_perimeter":           func(s *State, q int) bool { return s.OnBoard(q, "pds") >= 4 },
	"forge_an_alliance":               func(s *State, q int) bool { return s.traitCount(q, "cultural") >= 4 },
	"form_a_spy_network":              func(s *State, q int) bool { return len(s.Players[q].ActionCards) >= 5 },
	"fuel_the_war_machine":            func(s *State, q int) bool { return s.OnBoard(q, "space_dock") >= 3 },
	"gather_a_mighty_fleet":           func(s *State, q int) bool { return s.OnBoard(q, "dreadnought") >= 5 },
	"learn_the_secrets_of_the_cosmos": presentIn("learn_the_secrets_of_the_cosmos"),
	"master_the_laws_of_physics":      func(s *State, q int) bool { return s.colorsWith(q, 4) >= 1 },
	"mine_rare_metals":                func(s *State, q int) bool { return s.traitCount(q, "hazardous") >= 4 },
	"monopolize_production":           func(s *State, q int) bool { return s.traitCount(q, "industrial") >= 4 },
	"occupy_the_seat_of_the_empire":   func(s *State, q int) bool { return s.seatOfEmpire(q) },
	"threaten_enemies":                presentIn("threaten_enemies"),
	"establish_hegemony":              func(s *State, q int) bool { return s.planetTotal(q, false) >= 12 },
	"hoard_raw_materials":             func(s *State, q int) bool { return s.planetTotal(q, true) >= 12 },
	"foster_cohesion":                 func(s *State, q int) bool { return len(s.Neighbors(q)) == len(s.Active())-1 },
	"mechanize_the_military":          func(s *State, q int) bool { return s.planetsWith(q, "mech") >= 4 },
	"seize_an_icon":                   func(s *State, q int) bool { return s.legendaryPlanets(q) >= 1 },
}

// presence are the objectives scored by having units (or ships) in a
// number of systems of a kind (SystemGoal): their conditions count them.
var presence = map[string]func(s *State, q int) SystemGoal{
	"intimidate_council":              func(s *State, q int) SystemGoal { return SystemGoal{2, true, s.nextToMecatol} },
	"explore_deep_space":              func(s *State, q int) SystemGoal { return SystemGoal{3, false, noPlanets} },
	"make_history":                    func(s *State, q int) SystemGoal { return SystemGoal{2, false, s.historic} },
	"populate_the_outer_rim":          func(s *State, q int) SystemGoal { return SystemGoal{3, false, s.edgeNotHome(q)} },
	"become_a_legend":                 func(s *State, q int) SystemGoal { return SystemGoal{4, false, s.historic} },
	"control_the_borderlands":         func(s *State, q int) SystemGoal { return SystemGoal{5, false, s.edgeNotHome(q)} },
	"patrol_vast_territories":         func(s *State, q int) SystemGoal { return SystemGoal{5, false, noPlanets} },
	"control_the_region":              func(s *State, q int) SystemGoal { return SystemGoal{6, true, anywhere} },
	"cut_supply_lines":                func(s *State, q int) SystemGoal { return SystemGoal{1, true, s.othersDock(q)} },
	"learn_the_secrets_of_the_cosmos": func(s *State, q int) SystemGoal { return SystemGoal{3, true, s.nextToAnomaly} },
	"threaten_enemies":                func(s *State, q int) SystemGoal { return SystemGoal{1, true, s.nextToOthersHome(q)} },
}

// presentIn is the condition of a goal of presence.
func presentIn(id string) func(s *State, q int) bool {
	return func(s *State, q int) bool {
		g := presence[id](s, q)
		return s.countSystems(q, g.Has, g.Counts) >= g.Need
	}
}

// ObjectiveScorable reports whether the engine can score an objective
// (by condition or by cost).
func ObjectiveScorable(id string) bool {
	_, c := conditions[id]
	_, p := objectiveCosts[id]
	return c || p || slices.Contains(featObjectives, id)
}

func (s *State) controlled(seat int, f func(pl *Planet, sys *System, info *data.Planet) bool) int {
	n := 0
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller == seat && f(pl, sys, planetInfo(pl)) {
				n++
			}
		}
	}
	return n
}

func (s *State) traitCount(seat int, trait string) int {
	return s.controlled(seat, func(_ *Planet, _ *System, i *data.Planet) bool { return i.HasTrait(trait) })
}

func (s *State) maxTrait(seat int) int {
	return max(s.traitCount(seat, "cultural"), s.traitCount(seat, "hazardous"), s.traitCount(seat, "industrial"))
}

func (s *State) nonHomePlanets(seat int) int {
	return s.controlled(seat, func(_ *Planet, sys *System, _ *data.Planet) bool { return !s.IsHomeSystem(sys.Pos) })
}

func (s *State) specialtyPlanets(seat int) int {
	return s.controlled(seat, func(_ *Planet, _ *System, i *data.Planet) bool { return i.Tech != "" })
}

func (s *State) attachedPlanets(seat int) int {
	return s.controlled(seat, func(pl *Planet, _ *System, _ *data.Planet) bool { return len(pl.Attachments) > 0 })
}

func (s *State) legendaryPlanets(seat int) int {
	return s.controlled(seat, func(_ *Planet, _ *System, i *data.Planet) bool { return i.Legendary })
}

func (s *State) planetsInOthersHomes(seat int) int {
	return s.controlled(seat, func(_ *Planet, sys *System, _ *data.Planet) bool {
		return s.IsHomeSystem(sys.Pos) && sys.Pos != s.Players[seat].Home
	})
}

func (s *State) planetTotal(seat int, resources bool) int {
	n := 0
	s.controlled(seat, func(_ *Planet, _ *System, i *data.Planet) bool {
		if resources {
			n += i.Resources
		} else {
			n += i.Influence
		}
		return false
	})
	return n
}

func (s *State) unitUpgrades(seat int) int {
	n := 0
	for _, id := range s.Players[seat].Techs {
		if t := data.MustLoad().Technology(id); t != nil && t.Color == "unit" {
			n++
		}
	}
	return n
}

func (s *State) factionTechs(seat int) int {
	n := 0
	for _, id := range s.Players[seat].Techs {
		if t := data.MustLoad().Technology(id); t != nil && t.Faction != "" {
			n++
		}
	}
	return n
}

// colorsWith counts the colours in which seat owns at least n technologies.
func (s *State) colorsWith(seat, n int) int {
	k := 0
	for _, v := range s.colorsOwned(seat) {
		if v >= n {
			k++
		}
	}
	return k
}

func shipsIn(sys *System, seat int) bool { return shipsOf(sys, seat) }

func unitsIn(sys *System, seat int) bool {
	if count(sys.Space, seat, "") > 0 {
		return true
	}
	for _, pl := range sys.Planets {
		if count(pl.Units, seat, "") > 0 {
			return true
		}
	}
	return false
}

func anywhere(*System) bool      { return true }
func noPlanets(sys *System) bool { return len(sys.Planets) == 0 }
func (s *State) countSystems(seat int, has func(*System, int) bool, where func(*System) bool) int {
	n := 0
	for _, sys := range s.Systems {
		if has(sys, seat) && where(sys) {
			n++
		}
	}
	return n
}

func (s *State) nextToMecatol(sys *System) bool { return s.Adjacent(sys.Pos, 0) }

// historic systems hold a legendary planet or Mecatol Rex, or are anomalies.
func (s *State) historic(sys *System) bool {
	t := tileOf(sys)
	if len(t.Anomalies) > 0 {
		return true
	}
	for _, p := range t.Planets {
		if p.Legendary || p.Name == MecatolRex {
			return true
		}
	}
	return false
}

// edgeNotHome: systems on the board's edge (a side with no tile beyond it),
// other than seat's home system.
func (s *State) edgeNotHome(seat int) func(*System) bool {
	return func(sys *System) bool {
		if sys.Pos == s.Players[seat].Home {
			return false
		}
		if sys.Pos >= galaxy.OffBoard { // the Creuss home and the nexus: on the edge from rules version 12 (39.2a)
			return s.rules() >= RulesWipes
		}
		sl := s.galaxy.Slot(sys.Pos)
		for e := 0; e < 6; e++ {
			n := sl.Hex.Neighbor(e)
			if n.Ring() >= rings(len(s.galaxy.Slots)) {
				return true
			}
			if o := s.galaxy.Slot(hex.Index(n)); o == nil || o.Tile == nil {
				return true
			}
		}
		return false
	}
}

func rings(slots int) int {
	r := 0
	for hex.Count(r) < slots {
		r++
	}
	return r + 1
}

func (s *State) nextToAnomaly(sys *System) bool {
	for _, q := range s.galaxy.Neighbors(sys.Pos, s.Wormholes) {
		if o := s.System(q); o != nil && len(tileOf(o).Anomalies) > 0 {
			return true
		}
	}
	return false
}

func (s *State) nextToOthersHome(seat int) func(*System) bool {
	return func(sys *System) bool {
		for _, p := range s.Players {
			if p.Seat != seat && s.Adjacent(sys.Pos, p.Home) {
				return true
			}
		}
		return false
	}
}

func (s *State) othersDock(seat int) func(*System) bool {
	return func(sys *System) bool {
		for _, pl := range sys.Planets {
			for _, st := range pl.Units {
				if st.Owner != seat && st.Unit == "space_dock" {
					return true
				}
			}
		}
		return false
	}
}

// fleetsOf counts systems where seat has at least n non-fighter ships.
func (s *State) fleetsOf(seat, n int) int {
	k := 0
	for _, sys := range s.Systems {
		if fleetCount(sys.Space, seat) >= n {
			k++
		}
	}
	return k
}

// structurePlanets counts planets with seat's structures, outside its home
// system unless anywhere is set.
func (s *State) structurePlanets(seat int, anywhere bool) int {
	n := 0
	for _, sys := range s.Systems {
		if !anywhere && sys.Pos == s.Players[seat].Home {
			continue
		}
		for _, pl := range sys.Planets {
			if count(pl.Units, seat, "pds")+count(pl.Units, seat, "space_dock") > 0 {
				n++
			}
		}
	}
	return n
}

func (s *State) planetsWith(seat int, typ string) int {
	n := 0
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if count(pl.Units, seat, typ) > 0 {
				n++
			}
		}
	}
	return n
}

func (s *State) supremacy(seat int) bool {
	for _, sys := range s.Systems {
		if count(sys.Space, seat, "flagship")+count(sys.Space, seat, "war_sun") == 0 {
			continue
		}
		if planetIn(sys, MecatolRex) != nil || (s.IsHomeSystem(sys.Pos) && sys.Pos != s.Players[seat].Home) {
			return true
		}
	}
	return false
}

// distantLands counts planets seat controls each in or next to the home
// system of a different other player.
func (s *State) distantLands(seat int) int {
	homes := map[int]bool{}
	n := 0
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller != seat {
				continue
			}
			for _, p := range s.Players {
				if p.Seat != seat && !homes[p.Seat] && (sys.Pos == p.Home || s.Adjacent(sys.Pos, p.Home)) {
					homes[p.Seat] = true
					n++
					break
				}
			}
		}
	}
	return n
}

func (s *State) gatekeeper(seat int) bool {
	has := func(w string) bool {
		for _, sys := range s.Systems {
			if shipsOf(sys, seat) && (tileOf(sys).HasWormhole(w) || slices.Contains(s.Wormholes(sys.Pos), w)) {
				return true
			}
		}
		return false
	}
	return has("alpha") && has("beta")
}

func (s *State) seatOfEmpire(seat int) bool {
	pl, sys := s.Planet(MecatolRex)
	return pl != nil && pl.Controller == seat && fleetCount(sys.Space, seat)+count(sys.Space, seat, "fighter") >= 3
}

// Neighbors are the players with units or planets in a system that holds or
// is adjacent to one where seat has units or planets (60).
func (s *State) Neighbors(seat int) []int {
	m := s.neighborMask(seat)
	var out []int
	for _, q := range s.Active() {
		if q < 32 && m&(1<<uint(q)) != 0 {
			out = append(out, q)
		}
	}
	return out
}

// present reports a player's units or planets in a system.
func present(sys *System, q int) bool {
	if unitsIn(sys, q) {
		return true
	}
	for _, pl := range sys.Planets {
		if pl.Controller == q {
			return true
		}
	}
	return false
}

// AreNeighbors reports whether two players are neighbors (60).
func (s *State) AreNeighbors(a, b int) bool {
	return a != b && b >= 0 && b < 32 && s.neighborMask(a)&(1<<uint(b)) != 0
}

// neighborMask lists seat's neighbors (60.1, 60.2) as a bit per seat, from
// one pass over the board.
func (s *State) neighborMask(seat int) uint32 {
	var buf [64]int
	mine := buf[:0]
	for _, y := range s.Systems {
		if present(y, seat) {
			mine = append(mine, y.Pos)
		}
	}
	entangled := s.joinedMask()
	joined := seat < 32 && entangled&(1<<uint(seat)) != 0
	var out uint32
	for _, x := range s.Systems {
		var here uint32
		for _, st := range x.Space {
			here |= 1 << uint(st.Owner)
		}
		for _, pl := range x.Planets {
			for _, st := range pl.Units {
				here |= 1 << uint(st.Owner)
			}
			if pl.Controller != None {
				here |= 1 << uint(pl.Controller)
			}
		}
		if here&^out == 0 {
			continue
		}
		for _, y := range mine {
			if y == x.Pos || s.Adjacent(x.Pos, y) {
				out |= here
				break
			}
			if (joined || here&entangled != 0) && s.alphaOrBeta(x.Pos) && s.alphaOrBeta(y) {
				out |= here & entangled // 60.3: a player to whom wormholes are joined is a neighbor through them
				if joined {
					out |= here
				}
			}
		}
	}
	return s.mecatolNeighbors(seat, out&^(1<<uint(seat)))
}

// joinedMask has a bit for each seat whose alpha and beta systems are all
// adjacent to each other (PermitWormholesJoined).
func (s *State) joinedMask() uint32 {
	var m uint32
	for q := range s.Players {
		if q < 32 && s.factionHas(q, hookJoined) { // a faction's ability alone joins wormholes
			m |= 1 << uint(q)
		}
	}
	return m
}

func (s *State) outnumberedNeighbors(seat int) int {
	mine := s.controlled(seat, func(*Planet, *System, *data.Planet) bool { return true })
	n := 0
	for _, q := range s.Neighbors(seat) {
		if mine > s.controlled(q, func(*Planet, *System, *data.Planet) bool { return true }) {
			n++
		}
	}
	return n
}

// holdsHome is 61.16: public objectives need every planet of the home system.
func (s *State) holdsHome(seat int) bool {
	if s.permits(seat, PermitScoreAwayFromHome) {
		return true
	}
	for _, pl := range s.System(s.Players[seat].Home).Planets {
		if pl.Controller != seat {
			return false
		}
	}
	return true
}

var _ = engine.Refuse
