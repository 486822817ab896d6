package ge

import "github.com/mecatol/mecatol/internal/engine"

// Crew (GE-type-C) and equipment (GE-type-E). Crew attack at their own
// location, or at another carried by a shuttle or transporter
// (GE-there-and-back; FAQ: Requires a transporter, shuttle or fighter).

func init() {
	// One of three, once a turn: 1 structural damage to a ship or base,
	// capture a crew, or destroy an equipment card, either no stronger
	// than itself.
	define(&Def{ID: "boarding_party", Act: &Act{Rule: "GE-cards-have-rules", Options: 3, Mission: true,
		Targets: func(s *State, self, option int) []int {
			return s.attackable(self, []string{"unit", "crew", "equipment"}[option])
		},
		Do: func(s *State, self, option, t int) {
			if option == 0 {
				s.hurt(t, 1, byStructural, s.Cards[self].Owner)
				return
			}
			s.note(s.Cards[self].Owner, s.name(t)+" is taken out")
			s.discard(t)
		}}})
	// Mercenary: costs 1 economy; destroys an equipment card or kills a
	// crew of strength 2 or less.
	define(&Def{ID: "mercenary", Cost: pts(Economy, 1), Act: &Act{Rule: "GE-cards-have-rules", Options: 2, Mission: true,
		Targets: func(s *State, self, option int) []int {
			return s.attackable(self, []string{"equipment", "crew"}[option])
		},
		Do: func(s *State, self, option, t int) {
			s.note(s.Cards[self].Owner, s.name(t)+" is taken out")
			s.discard(t)
		}}})
	// Crewman: answers a card played on one of its player's crew by
	// taking its effect instead.
	define(&Def{ID: "crewman", Reacts: &Reaction{Rule: "GE-reactions",
		Answers: func(s *State, self int, w *Window, _ *Action) bool {
			return w.Deed.Kind == KindPlay && s.crewOf(w.target(), s.Cards[self].Owner) && w.Moved == 0
		},
		Do: func(s *State, self int, w *Window, _ *Action) {
			s.fromHandAt(self, s.hostOf(w.target()))
			w.Moved = self + 1
		}}})
	// Civilian Captain: only on a generic ship, which takes 1 supply less
	// and ignores the first point of each opponent volley.
	define(&Def{ID: "civilian_captain", HostCost: pts(Supply, -1), FirstFree: true,
		Where: func(s *State, self, host int) error {
			if host < 0 || s.def(host).Kind != "ship" || s.def(host).Empire != "" {
				return engine.Refuse("GE-cards-have-rules", "only on a generic ship")
			}
			return nil
		}})
	// Doctor: cures ailments at its location and keeps them away; 1 research a turn.
	define(&Def{ID: "doctor", Cures: true, Enter: cure, Reacts: &Reaction{Rule: "GE-reactions",
		Answers: func(s *State, self int, w *Window, _ *Action) bool {
			return w.Deed.Kind == KindPlay && s.def(w.Deed.Card).Ailment && s.crewOf(w.target(), s.Cards[self].Owner)
		},
		Do: func(s *State, self int, w *Window, _ *Action) {
			s.fromHandAt(self, s.hostOf(w.target()))
			w.Void = true
		}}})
	// Helmsman: hazards against its ship deal 1 less; as a card play, its
	// ship and all on it go back to their owners' hands, the Helmsman to
	// the discard pile.
	define(&Def{ID: "helmsman", HazardLess: 1, Act: &Act{Rule: "GE-cards-have-rules", Play: true,
		Targets: func(s *State, self, _ int) []int {
			if u := s.unitAt(self); u >= 0 && s.def(u).Kind == "ship" {
				return []int{u}
			}
			return nil
		},
		Do: func(s *State, self, _, t int) {
			s.discard(self)
			s.leave(t, InHand)
		}}})
	// Technician: each turn 1 research, or a repair or energy point it
	// receives counts double.
	define(&Def{ID: "technician", Modes: 3, OwnOutput: true, ModeOutput: func(mode int) (Points, Points) {
		switch mode {
		case 1:
			return pts(Repair, 1), pts(Repair, 2)
		case 2:
			return pts(Energy, 1), pts(Energy, 2)
		}
		return Points{}, pts(Research, 1)
	}})
	// Security Officer: opposing crew of strength 4 or less cannot attack
	// at its location; its player's attacking crew there count 2 stronger.
	define(&Def{ID: "security_officer", Bars: 4, Boosts: 2, Reacts: &Reaction{Rule: "GE-reactions",
		Answers: func(s *State, self int, w *Window, _ *Action) bool {
			a := w.Deed
			return a.Kind == KindAct && s.def(a.Card).Act.Mission && s.def(a.Card).Strength <= 4 &&
				a.Target >= 0 && s.unitAt(a.Target) >= 0 && s.Cards[s.unitAt(a.Target)].Owner == s.Cards[self].Owner
		},
		Do: func(s *State, self int, w *Window, _ *Action) {
			s.fromHandAt(self, s.unitAt(w.Deed.Target))
			w.Void = true
		}}})
}

// crewOf reports whether t is a crew card of seat's in play.
func (s *State) crewOf(t, seat int) bool {
	return s.inPlay(t) && s.def(t).Kind == "crew" && s.Cards[t].Owner == seat && !s.Cards[t].Against
}

// cure discards the ailments on crew at a Doctor's location.
func cure(s *State, self int) {
	at := s.unitAt(self)
	for _, j := range s.stack(at) {
		if s.def(j).Ailment {
			s.note(s.Cards[self].Owner, s.name(j)+" is cured")
			s.discard(j)
		}
	}
}

// attackable lists another player's cards a crew may attack: units
// ("unit"), crew or equipment no stronger than it.
func (s *State) attackable(self int, what string) []int {
	seat := s.Cards[self].Owner
	limit := s.def(self).Strength + s.boost(self)
	var out []int
	for i, c := range s.Cards {
		if c.Zone != InPlay || c.Owner == seat || c.Against {
			continue
		}
		d := s.def(i)
		switch {
		case what == "unit" && s.isUnit(i):
		case what == d.Kind && d.Strength <= limit:
		default:
			continue
		}
		out = append(out, i)
	}
	return out
}

// boost is what friendly cards at a crew's location add to its strength
// when it attacks (Security Officer).
func (s *State) boost(self int) int {
	n := 0
	for _, j := range s.stack(s.unitAt(self)) {
		if j != self && s.Cards[j].Owner == s.Cards[self].Owner && s.works(j) {
			n = max(n, s.def(j).Boosts)
		}
	}
	return n
}
