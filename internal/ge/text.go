package ge

import (
	"fmt"
	"strings"
)

// Describe says an action in words, naming cards as the seat may see them.
func Describe(v *View, a Action) string {
	name := func(i int) string { return v.cardName(i) }
	switch a.Kind {
	case KindReserve:
		var ns []string
		for _, c := range a.Cards {
			ns = append(ns, name(c))
		}
		if len(ns) == 0 {
			return "set aside no reserve fleet"
		}
		return "set aside as reserve fleet: " + strings.Join(ns, ", ")
	case KindPlay:
		return describePlay(v, a)
	case KindSwap:
		return fmt.Sprintf("swap %s into the reserve fleet for %s", name(a.Card), name(a.Target))
	case KindFire:
		return describeFire(v, a)
	case KindAct:
		s := fmt.Sprintf("use %s (option %d) on %s", name(a.Card), a.N+1, name(a.Target))
		if a.Via > 0 {
			s += " carried by " + name(a.Via-1)
		}
		return s
	case KindReact:
		if a.N > 0 {
			return fmt.Sprintf("answer with %s (%d)", name(a.Card), a.N)
		}
		return "answer with " + name(a.Card)
	case KindPass:
		return "let it happen"
	case KindNext:
		return "end the " + v.Phase + " phase"
	case KindEnd:
		return fmt.Sprintf("draw %d and end the turn", a.N)
	case KindEngaged:
		return "end allocation: engage what is paid"
	case KindMode:
		if a.Player > 0 {
			return fmt.Sprintf("%s: choice %d this turn, looking into seat %d's hand", name(a.Card), a.N+1, a.Player-1)
		}
		return fmt.Sprintf("%s: choice %d this turn", name(a.Card), a.N+1)
	case KindDiscard, KindEngage, KindSpend:
		return a.Kind + " " + name(a.Card)
	}
	return fmt.Sprintf("%s %s (%d)", a.Kind, name(a.Card), a.N)
}

func describePlay(v *View, a Action) string {
	s := "play " + v.cardName(a.Card)
	if a.N == 1 {
		s += " as a hazard"
	}
	if a.Target >= 0 {
		s += " on " + v.cardName(a.Target)
	}
	if a.Player > 0 {
		s += fmt.Sprintf(" against seat %d's fleet", a.Player-1)
	}
	return s
}

func describeFire(v *View, a Action) string {
	var fs []string
	for _, f := range a.Firers {
		fs = append(fs, fmt.Sprintf("%s (%d phasers, %d heavy)", v.cardName(f.Card), f.Phasers, f.Heavy))
	}
	t := fmt.Sprintf("seat %d's Sector HQ", hqSeat(a.Target))
	if a.Target >= 0 {
		t = v.cardName(a.Target)
	}
	return "fire at " + t + " with " + strings.Join(fs, ", ")
}

// cardName is a card's name and number, or "a hidden card".
func (v *View) cardName(i int) string {
	if i < 0 || i >= len(v.Cards) {
		return "nothing"
	}
	d := Lookup(v.Cards[i].Def)
	if d == nil {
		return fmt.Sprintf("hidden card #%d", i)
	}
	return fmt.Sprintf("%s #%d", d.Name, i)
}

// Summary is the table as the view shows it, in lines of text.
func (v *View) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Turn %d, seat %d's %s phase, %d of %d card plays used.\n", v.Turn, v.Active, v.Phase, v.Plays, v.PlayLimit)
	for _, p := range v.Players {
		fmt.Fprintf(&b, "Seat %d (%s): Sector HQ damage %d/25, deck %d, hand %d, discard %d, reserve %d\n",
			p.Seat, p.Deck, p.HQ, p.Draw.Count, p.Hand.Count, p.Discard.Count, p.Reserve.Count)
		for i, c := range v.Cards {
			if c.Zone == InPlay && c.Owner == p.Seat && c.On == 0 {
				v.writeStack(&b, i, 1)
			}
		}
		if p.Hand.Cards != nil {
			var ns []string
			for _, c := range p.Hand.Cards {
				ns = append(ns, v.cardName(c))
			}
			fmt.Fprintf(&b, "  hand: %s\n", strings.Join(ns, ", "))
		}
	}
	return b.String()
}

func (v *View) writeStack(b *strings.Builder, i, depth int) {
	c := v.Cards[i]
	state := "engaged"
	if !c.Engaged {
		state = "disengaged"
	}
	fmt.Fprintf(b, "%s%s, %s", strings.Repeat("  ", depth), v.cardName(i), state)
	if c.Damage > 0 || c.Shield > 0 || c.EMF > 0 {
		fmt.Fprintf(b, ", damage %d, shields down %d, field %d", c.Damage, c.Shield, c.EMF)
	}
	b.WriteString("\n")
	for j, o := range v.Cards {
		if o.Zone == InPlay && o.On == i+1 {
			v.writeStack(b, j, depth+1)
		}
	}
}
