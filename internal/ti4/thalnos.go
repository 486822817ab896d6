package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
)

// The Crown of Thalnos (73.3, 74), from rules version 6: in each combat
// round, once the dice are rolled, its holder may reroll the dice that
// missed of any of their units, +1 on each new result (74.1: the new face
// stands; a die is rerolled so once, its +1 marking it); a unit whose dice were rerolled and that then makes no hit is
// destroyed. The dice are kept with their units for it (Die.N): in a space
// combat in the rerolls' window (AnswerRerolls, 74.3), in a ground combat
// in the window after the roll ("ground_roll"). `use_relic` with `units`:
// one entry per unit, by type; the next unit of that type with a missed
// die is taken.

const thalnos = "the_crown_of_thalnos"

// holdsThalnos reports that seat holds the Crown of Thalnos in a game
// that plays it.
func (s *State) holdsThalnos(seat int) bool {
	return seat >= 0 && s.rules() >= RulesMechs && slices.Contains(s.Players[seat].Relics, thalnos)
}

// rerollsGround reports that seat may reroll its ground combat dice after
// the roll, so that they are kept with their units.
func (s *State) rerollsGround(seat int) bool { return s.holdsThalnos(seat) }

// diePer is the dice each unit of a roll throws, for numbering kept dice
// by unit; 0 before rules version 6, which kept no such number.
func (s *State) diePer(r combat.Roll) int {
	if s.rules() < RulesMechs {
		return 0
	}
	return r.Dice
}

// thalnosWindow reports that seat's window after a combat roll is open,
// its dice kept.
func thalnosWindow(s *State, seat int) bool {
	c := s.Combat
	return s.holdsThalnos(seat) && c != nil && len(c.x().Dice) > 0 &&
		(answering(AnswerRerolls)(s, seat) || (answering("ground_roll")(s, seat) && c.Kind == "ground"))
}

// thalnosUnits is seat's units with a die that missed, one entry each, in
// order.
func thalnosUnits(dice []Die, seat int) []UnitRef {
	var out []UnitRef
	seen := map[[2]any]bool{}
	for _, d := range dice {
		k := [2]any{d.Unit, d.N}
		if d.Seat == seat && !d.hit() && d.Plus == 0 && !seen[k] {
			seen[k] = true
			out = append(out, UnitRef{Unit: d.Unit})
		}
	}
	return out
}

// thalnosOffer lists, in its window, a reroll of each unit alone and of
// all of them.
func thalnosOffer(s *State, seat int, add func(Action)) {
	if !thalnosWindow(s, seat) {
		return
	}
	units := thalnosUnits(s.Combat.x().Dice, seat)
	for i := range units {
		add(Action{Kind: ActUseRelic, Card: thalnos, Use: true, ActionExtra: &ActionExtra{Units: units[i : i+1]}})
	}
	if len(units) > 1 {
		add(Action{Kind: ActUseRelic, Card: thalnos, Use: true, ActionExtra: &ActionExtra{Units: units}})
	}
}

func crownOfThalnos(s *State, a Action, _ *Step, rng *engine.RNG) ([]Event, error) {
	if !thalnosWindow(s, a.Seat) {
		return nil, engine.Refuse("74.3", "the Crown of Thalnos rerolls your dice in a combat round, in the window after the roll")
	}
	if !a.Use || len(a.extra().Units) == 0 {
		return nil, engine.BadInput("units", "name the units whose missed dice you reroll, one entry each")
	}
	c := s.Combat
	n := c.clone()
	dice := n.own().Dice
	dice = slices.Clone(dice)
	n.own().Dice = dice
	taken := map[[2]any]bool{}
	var faces []int
	var ev []Event
	extra := 0
	for _, r := range a.extra().Units {
		i := slices.IndexFunc(dice, func(d Die) bool {
			return d.Seat == a.Seat && d.Unit == r.Unit && !d.hit() && d.Plus == 0 && !taken[[2]any{d.Unit, d.N}]
		})
		if i < 0 {
			return nil, engine.Refuse("74", "no more of your %s with a die that missed", r.Unit)
		}
		u, h := dice[i].N, false
		taken[[2]any{r.Unit, u}] = true
		for j := range dice {
			if d := &dice[j]; d.Seat == a.Seat && d.Unit == r.Unit && d.N == u {
				if !d.hit() && d.Plus == 0 {
					d.Face, d.Plus = rng.Die(), 1
					faces = append(faces, d.Face)
					extra += btoi(d.hit() && c.Kind == "ground")
					n.Misses = dropMiss(n.Misses, a.Seat, d.Need)
				}
				h = h || d.hit()
			}
		}
		if !h { // destroyed (31): it rerolled and made no hit
			ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: c.System, Planet: c.Planet, Unit: r.Unit, Count: 1})
		}
	}
	if c.Kind == "ground" {
		n.Answer = nextRoller(n)
		n.Owed = thalnosGroundHits(n.Owed, opponent(c, a.Seat), a.Seat, c.Planet, s.rollHits(a.Seat, extra))
	} else {
		nextDiceAsk(n)
	}
	return s.extend(s.emit(ev...), newCombat(n, faces)), nil
}

// dropMiss takes one die that needed hit off seat's misses (a reroll is
// used once, 74.2).
func dropMiss(ms []Miss, seat, hit int) []Miss {
	ms = slices.Clone(ms)
	for i := range ms {
		if ms[i].Seat == seat && ms[i].Hit == hit && ms[i].Count > 0 {
			if ms[i].Count--; ms[i].Count == 0 {
				return slices.Delete(ms, i, i+1)
			}
			return ms
		}
	}
	return ms
}

// thalnosGroundHits adds a ground combat reroll's new hits to what opp
// owes.
func thalnosGroundHits(owed []Owed, opp, by int, planet string, extra int) []Owed {
	if extra == 0 {
		return owed
	}
	owed = slices.Clone(owed)
	i := slices.IndexFunc(owed, func(o Owed) bool { return o.Seat == opp })
	if i < 0 {
		return append(owed, Owed{Seat: opp, Planet: planet, Hits: extra, Rule: "42.2", By: by})
	}
	owed[i].Hits += extra
	return owed
}
