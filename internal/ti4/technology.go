package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Technology (LRR 90) and unit upgrades (97).

var techColors = []string{"blue", "green", "red", "yellow"}

// colorCounts are counts of technologies by colour, in techColors order.
type colorCounts [4]int

func (c *colorCounts) of(color string) int {
	if i := slices.Index(techColors, color); i >= 0 {
		return c[i]
	}
	return 0
}

// colorsOwned counts a player's technologies by colour; unit upgrades have
// none and satisfy no prerequisite (90.7b, 90.12b).
func (s *State) colorsOwned(seat int) colorCounts {
	c := data.MustLoad()
	var out colorCounts
	p := s.Players[seat]
	for _, list := range [2][]string{p.Techs, p.Assimilated} {
		for _, id := range list {
			if t := c.Technology(id); t != nil {
				if i := slices.Index(techColors, t.Color); i >= 0 {
					out[i]++
				}
			}
		}
	}
	return out
}

// techOpen reports whether a technology can ever be researched by seat:
// not owned, not another faction's (90.11), and, for a unit upgrade, an
// upgrade of a unit this faction fields (97.1).
func (s *State) techOpen(seat int, t *data.Technology) error {
	p := s.Players[seat]
	if p.HasTech(t.ID) {
		return engine.Refuse("90.2", "%s already owns %s", p, t.Name)
	}
	if t.Faction != "" && t.Faction != p.Faction {
		return engine.Refuse("90.11", "%s is a %s faction technology", t.Name, t.Faction)
	}
	if t.Unit != "" {
		c := data.MustLoad()
		u := c.Unit(t.Unit)
		base := c.UnitFor(p.Faction, u.Type, false)
		if base == nil || base.Upgrade != t.Unit {
			return engine.Refuse("97.1", "%s upgrades a unit %s does not field", t.Name, p.Faction)
		}
	}
	return nil
}

// upgradeCredit and a unit type name the research credit that ignores
// every prerequisite of that type's upgrade; creditOwned, the one that
// ignores every prerequisite of a technology another player owns.
const upgradeCredit, creditOwned = "upgrade:", "owned"

// ownedByAnother reports a technology another player in the game owns.
func (s *State) ownedByAnother(seat int, id string) bool {
	return slices.ContainsFunc(s.Players, func(p *Player) bool { return p.Seat != seat && !p.Eliminated && p.HasTech(id) })
}

// prereqsGiven counts the prerequisites of a colour seat's abilities meet.
func (s *State) prereqsGiven(seat int, col string) int {
	n := 0
	for _, a := range s.abilityList(seat) {
		n += btoi(a.Prereq == col)
	}
	return n
}

// missing returns, per colour, the prerequisites seat lacks for t after
// counting owned technologies and specialty credits (90.12, 90.14).
func (s *State) missing(seat int, t *data.Technology, credits map[string]int) int {
	if credits["all"] > 0 { // Inheritance Systems: every prerequisite ignored
		return 0
	}
	if t.Unit != "" && credits[upgradeCredit+data.MustLoad().Unit(t.Unit).Type] > 0 { // Riftmeld
		return 0
	}
	if credits[creditOwned] > 0 && s.ownedByAnother(seat, t.ID) {
		return 0
	}
	owned := s.colorsOwned(seat)
	short := 0
	for col, need := range t.Prereqs {
		short += max(0, need-owned.of(col)-credits[col]-s.prereqsGiven(seat, col))
	}
	if t.Unit != "" {
		short = max(0, short-credits["unit_upgrade"]) // a prerequisite ignored for a unit upgrade
	} else {
		short = max(0, short-s.bonus(seat, hookPrereqsIgnored))
	}
	return max(0, short-credits["any"]) // The Prophet's Tears: any one prerequisite
}

// researchInstead is what seat gains instead of researching, by an
// ability that forbids research: a step to place the command tokens,
// with ok true; ok false for a player who researches. A technology named
// is refused.
func researchInstead(s *State, a Action) (ev []Event, ok bool, err error) {
	n := s.bonus(a.Seat, hookResearchTokens)
	if n == 0 {
		return nil, false, nil
	}
	if a.Card != "" {
		return nil, true, engine.Refuse("90", "you research no technology: research naming none, for %d command tokens instead", n)
	}
	if n = min(n, s.CommandReinforcements(a.Seat)); n > 0 { // 20.3a
		ev = s.emit(queue(Step{Kind: StepGainTokens, Seat: a.Seat, Need: n}))
	}
	return ev, true, nil
}

func checkResearch(s *State, seat int, id string, credits map[string]int) (*data.Technology, error) {
	t := data.MustLoad().Technology(id)
	if t == nil {
		return nil, engine.BadInput("card", "no technology %q", id)
	}
	if err := s.techOpen(seat, t); err != nil {
		return nil, err
	}
	if short := s.missing(seat, t, credits); short > 0 && !s.schematicsPublic(t) {
		return nil, engine.Refuse("90.12", "%s lacks %d prerequisite(s) for %s", s.Players[seat], short, t.Name)
	}
	return t, nil
}

// applyTechGained adds a technology; a unit upgrade covers its unit (97.2).
func applyTechGained(s *State, e Event) {
	p := s.Players[e.Seat]
	p.Techs = append(p.Techs, e.Card)
	if (s.hasUse(e.Seat, AfterTechGained) || (givesCardPlanet(e.Card) && s.rules() >= RulesCodex)) && !slices.Contains(s.TechGained, e.Seat) {
		s.TechGained = append(slices.Clone(s.TechGained), e.Seat)
	}
}
