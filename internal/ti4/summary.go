package ti4

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Summary is a plain-text account of the state for the terminal.
func (s *State) Summary() string {
	c := data.MustLoad()
	var b strings.Builder
	fmt.Fprintf(&b, "Round %d, %s phase. Speaker: seat %d. Victory points to win: %d.\n", s.Round, s.Phase, s.Speaker, s.Options.VictoryPoints)
	fmt.Fprintf(&b, "Map: %s\n", s.Map)
	if s.Custodians {
		b.WriteString("The custodians token is on Mecatol Rex.\n")
	}
	if len(s.Strategy) > 0 {
		var common []string
		for _, c := range s.Strategy {
			if tg := s.StrategyTG[c]; tg > 0 {
				c += fmt.Sprintf(" (+%d trade goods)", tg)
			}
			common = append(common, c)
		}
		fmt.Fprintf(&b, "Strategy cards in the common area: %s\n", strings.Join(common, ", "))
	}
	if len(s.Decks.Revealed) > 0 {
		fmt.Fprintf(&b, "Public objectives revealed: %s\n", strings.Join(s.Decks.Revealed, ", "))
	}
	for _, l := range s.Laws {
		owner := "in the common area"
		if l.Owner != None {
			owner = fmt.Sprintf("owned by seat %d", l.Owner)
		}
		if l.Elected != "" {
			owner += ", elected " + l.Elected
		}
		fmt.Fprintf(&b, "Law in play: %s (%s)\n", l.Card, owner)
	}
	if ag := s.Agenda; ag != nil && ag.Card != "" {
		fmt.Fprintf(&b, "Agenda %d: %s", ag.Number, ag.Card)
		if ag.Subject != ag.Card {
			fmt.Fprintf(&b, " (voting on %s)", ag.Subject)
		}
		fmt.Fprintf(&b, "; outcomes: %s\n", strings.Join(s.Outcomes(ag.Subject), ", "))
		if ag.Window != "" {
			fmt.Fprintf(&b, "  %q window: seats %v still to play or pass\n", ag.Window, ag.WindowQueue)
		}
		for _, v := range ag.Ballots {
			if v.Outcome == "" {
				fmt.Fprintf(&b, "  seat %d abstained\n", v.Seat)
			} else {
				fmt.Fprintf(&b, "  seat %d: %d votes for %s\n", v.Seat, v.Votes, v.Outcome)
			}
		}
		for _, r := range ag.Riders {
			fmt.Fprintf(&b, "  seat %d: %s predicts %s\n", r.Seat, r.Card, r.Outcome)
		}
		if len(ag.Voters) > 0 && ag.Window == "" {
			fmt.Fprintf(&b, "  still to vote: %v\n", ag.Voters)
		}
	}
	for _, p := range s.Players {
		f := c.Faction(p.Faction)
		status := ""
		if p.Eliminated {
			status = " [eliminated]"
		}
		fmt.Fprintf(&b, "\nSeat %d: %s (%s)%s\n", p.Seat, f.Name, p.Color, status)
		home := s.System(p.Home)
		where := fmt.Sprintf("position %d", p.Home)
		if p.Home >= 1000 {
			where = "off the board"
		}
		fmt.Fprintf(&b, "  home: tile %s, %s\n", home.Tile, where)
		fmt.Fprintf(&b, "  command tokens: tactic %d, fleet %d, strategy %d; trade goods %d, commodities %d/%d; VP %d\n",
			p.Tactic, p.Fleet, p.Strategy, p.TradeGoods, p.Commodities, f.Commodities, p.VP)
		var techs []string
		for _, t := range p.Techs {
			techs = append(techs, c.Technology(t).Name)
		}
		fmt.Fprintf(&b, "  technologies: %s\n", strings.Join(techs, ", "))
		if len(p.StrategyCards) > 0 {
			var cards []string
			for _, c := range p.StrategyCards {
				if slices.Contains(p.UsedStrategy, c) {
					c += " (used)"
				}
				cards = append(cards, c)
			}
			passed := ""
			if p.Passed {
				passed = "; passed"
			}
			fmt.Fprintf(&b, "  strategy cards: %s%s\n", strings.Join(cards, ", "), passed)
		}
		if len(p.ActionCards) > 0 {
			fmt.Fprintf(&b, "  action cards: %d in hand\n", len(p.ActionCards))
		}
		res, inf := 0, 0
		var planets []string
		for _, sys := range s.Systems {
			for _, pl := range sys.Planets {
				if pl.Controller != p.Seat {
					continue
				}
				info := planetInfo(pl)
				mark := ""
				if pl.Exhausted {
					mark = " (exhausted)"
				}
				planets = append(planets, fmt.Sprintf("%s %d/%d%s", pl.Name, info.Resources, info.Influence, mark))
				res += info.Resources
				inf += info.Influence
			}
		}
		fmt.Fprintf(&b, "  planets (%d resources, %d influence): %s\n", res, inf, strings.Join(planets, ", "))
	}
	b.WriteString("\nUnits on the board:\n")
	for _, sys := range s.Systems {
		var parts []string
		if st := stacks(sys.Space); st != "" {
			parts = append(parts, "space: "+st)
		}
		for _, pl := range sys.Planets {
			if st := stacks(pl.Units); st != "" {
				parts = append(parts, pl.Name+": "+st)
			}
		}
		if len(sys.Command) > 0 {
			parts = append(parts, fmt.Sprintf("command tokens of seats %v", sys.Command))
		}
		if len(parts) > 0 {
			fmt.Fprintf(&b, "  %d (tile %s) %s\n", sys.Pos, sys.Tile, strings.Join(parts, "; "))
		}
	}
	return b.String()
}

func stacks(st []Stack) string {
	var parts []string
	for _, x := range st {
		parts = append(parts, fmt.Sprintf("seat %d %d %s", x.Owner, x.Count, x.Unit))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}
