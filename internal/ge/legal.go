package ge

import "slices"

// Legal lists the actions seat may take now: candidates built from the
// state, each kept only if Decide accepts it. Decide accepts more than
// the list holds where a count is free (a reserve fleet of any cards, a
// volley with some of a unit's weapons): the list holds every kind of
// choice with its whole and single forms.
func Legal(s *State, seat int) []Action {
	var out []Action
	for _, a := range candidates(s, seat) {
		if d := deciders[a.Kind]; d != nil && d(s, &a) == nil {
			out = append(out, a)
		}
	}
	return out
}

func candidates(s *State, seat int) []Action {
	if s.Phase == PhaseOver || seat < 0 || seat >= len(s.Players) {
		return nil
	}
	if s.Pending != nil {
		return answers(s, seat)
	}
	if s.Phase == PhaseReserve {
		return reserves(s, seat)
	}
	if seat != s.Active {
		return nil
	}
	switch s.Phase {
	case PhaseAlloc:
		return allocations(s, seat)
	case PhasePlayA, PhasePlayB:
		return plays(s, seat)
	case PhaseFire:
		return volleys(s, seat)
	case PhaseDiscard:
		return discards(s, seat)
	case PhaseDraw:
		var out []Action
		for n := drawsAllowed(s.Players[seat].Hand.Len()); n >= 0; n-- {
			out = append(out, act(KindEnd, seat, -1, -1, n))
		}
		return out
	}
	return nil
}

func act(kind string, seat, card, target, n int) Action {
	return Action{Kind: kind, Seat: seat, Card: card, Target: target, N: n}
}

func answers(s *State, seat int) []Action {
	out := []Action{act(KindPass, seat, -1, -1, 0)}
	for _, i := range s.Players[seat].Hand {
		out = append(out, reactions(s, seat, i)...)
	}
	for _, i := range s.fleet(seat) {
		out = append(out, reactions(s, seat, i)...)
	}
	return out
}

// reactions is a card's answers: each choice, aimed at each firer of the
// volley waiting where the answer aims.
func reactions(s *State, seat, i int) []Action {
	r := s.def(i).Reacts
	if r == nil {
		return nil
	}
	var out []Action
	for n := 0; n < max(1, r.Options); n++ {
		out = append(out, act(KindReact, seat, i, -1, n))
		if r.Aims {
			for _, f := range s.Pending.Deed.Firers {
				out = append(out, act(KindReact, seat, i, f.Card, n))
			}
		}
	}
	return out
}

// reserves offers no reserve, each single card, and the two strongest.
func reserves(s *State, seat int) []Action {
	p := s.Players[seat]
	out := []Action{{Kind: KindReserve, Seat: seat, Card: -1, Target: -1}}
	best := []int{}
	// In card-number order, never the deck's: the owner may not learn
	// its order from the list.
	for _, i := range slices.Sorted(slices.Values(p.Draw)) {
		out = append(out, Action{Kind: KindReserve, Seat: seat, Card: -1, Target: -1, Cards: []int{i}})
		if len(best) < s.Started {
			best = append(best, i)
			continue
		}
		for k, b := range best {
			if s.def(i).Strength > s.def(b).Strength {
				best[k] = i
				break
			}
		}
	}
	return append(out, Action{Kind: KindReserve, Seat: seat, Card: -1, Target: -1, Cards: best})
}

func allocations(s *State, seat int) []Action {
	out := []Action{act(KindEngaged, seat, -1, -1, 0)}
	for i, c := range s.Cards {
		if c.Zone != InPlay {
			continue
		}
		out = append(out, act(KindEngage, seat, i, -1, 0), act(KindSpend, seat, i, -1, 0))
		for n := 1; n <= s.heavy(i); n++ {
			out = append(out, act(KindArm, seat, i, -1, n))
		}
		for n := 1; n <= s.def(i).Plasma; n++ {
			out = append(out, act(KindPlasma, seat, i, -1, n))
		}
		for n := 1; n <= 2*s.strength(i) && s.nodes(i) > 0; n++ {
			out = append(out, act(KindEMF, seat, i, -1, n))
		}
		for n := 1; n <= s.repairable(seat, i); n++ {
			out = append(out, act(KindRepair, seat, i, -1, n))
		}
		for n := 1; n <= s.researchable(seat, i); n++ {
			out = append(out, act(KindResearch, seat, i, -1, n))
		}
		for n := 0; n < s.def(i).Modes; n++ {
			out = append(out, act(KindMode, seat, i, -1, n))
			for o := 0; n == 1 && s.def(i).Peeks && o < len(s.Players); o++ {
				a := act(KindMode, seat, i, -1, n)
				a.Player = o + 1
				out = append(out, a)
			}
		}
	}
	return out
}

func plays(s *State, seat int) []Action {
	out := []Action{act(KindNext, seat, -1, -1, 0)}
	p := s.Players[seat]
	for _, h := range p.Hand {
		out = append(out, playsOf(s, seat, h)...)
		for _, r := range p.Reserve {
			out = append(out, act(KindSwap, seat, h, r, 0))
		}
	}
	for _, i := range s.fleet(seat) {
		d := s.def(i)
		if d.Act == nil || s.Cards[i].Used {
			continue
		}
		for n := 0; n < max(1, d.Act.Options); n++ {
			targets := []int{-1}
			if d.Act.Targets != nil {
				targets = d.Act.Targets(s, i, n)
			}
			for _, t := range targets {
				out = append(out, act(KindAct, seat, i, t, n))
				for _, v := range carriers(s, seat) {
					a := act(KindAct, seat, i, t, n)
					a.Via = v + 1
					out = append(out, a)
				}
			}
		}
	}
	return out
}

// playsOf is one hand card played alone, on each card in play, and in
// each mode, or against each other fleet.
func playsOf(s *State, seat, h int) []Action {
	d := s.def(h)
	var out []Action
	if d.Fleet {
		for o := range s.Players {
			a := act(KindPlay, seat, h, -1, 0)
			a.Player = o + 1
			out = append(out, a)
		}
		return out
	}
	modes := 1
	if d.Dual {
		modes = 2
	}
	for m := 0; m < modes; m++ {
		out = append(out, act(KindPlay, seat, h, -1, m))
		for i, c := range s.Cards {
			if c.Zone == InPlay {
				out = append(out, act(KindPlay, seat, h, i, m))
			}
		}
	}
	return out
}

func carriers(s *State, seat int) []int {
	var out []int
	for _, i := range s.fleet(seat) {
		if s.def(i).Carries && !s.Cards[i].Used {
			out = append(out, i)
		}
	}
	return out
}

// volleys offers each target with every firer's whole fire, and with
// each firer alone.
func volleys(s *State, seat int) []Action {
	out := []Action{act(KindNext, seat, -1, -1, 0)}
	var all []Firer
	for _, i := range s.fleet(seat) {
		f := Firer{Card: i, Phasers: s.firePhasers(i) - s.Cards[i].Shot, Heavy: s.armed(i)}
		if f.Phasers+f.Heavy > 0 {
			all = append(all, f)
		}
	}
	if len(all) == 0 {
		return out
	}
	var targets []int
	for o := range s.Players {
		targets = append(targets, HQ(o))
	}
	for i, c := range s.Cards {
		if c.Zone == InPlay {
			targets = append(targets, i)
		}
	}
	for _, t := range targets {
		heavyOnly := t >= 0 && s.def(t).Kind == "terrain"
		var fs []Firer
		for _, f := range all {
			if heavyOnly {
				f.Phasers = 0
			}
			if f.Phasers+f.Heavy > 0 {
				fs = append(fs, f)
				out = append(out, Action{Kind: KindFire, Seat: seat, Card: -1, Target: t, Firers: []Firer{f}})
			}
		}
		if len(fs) > 1 {
			out = append(out, Action{Kind: KindFire, Seat: seat, Card: -1, Target: t, Firers: fs})
		}
	}
	return out
}

func discards(s *State, seat int) []Action {
	out := []Action{act(KindNext, seat, -1, -1, 0)}
	for _, h := range s.Players[seat].Hand {
		out = append(out, act(KindDiscard, seat, h, -1, 0))
	}
	for _, i := range s.fleet(seat) {
		out = append(out, act(KindDiscard, seat, i, -1, 0))
	}
	return out
}
