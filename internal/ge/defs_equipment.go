package ge

import "github.com/mecatol/mecatol/internal/engine"

// Equipment (GE-type-E): on ships and bases; passive (P) equipment works
// whatever its unit's state, the rest only on an engaged unit. P and NP
// follow the latest printings (GE-versions).

func init() {
	define(&Def{ID: "cargo", Passive: true, Absorbs: true})
	define(&Def{ID: "distribution_node", Exclusive: "Mechad", HostNodes: 1})
	define(&Def{ID: "escape_pod", Passive: true, Pod: true})
	define(&Def{ID: "fuser_mechanism", Exclusive: "Indirigan", Doubles: true})
	define(&Def{ID: "krebiz_armor", Exclusive: "Krebiz", Passive: true, HostStrength: 1,
		Where: func(s *State, self, host int) error {
			if host < 0 || s.def(host).Carry == "" {
				return engine.Refuse("GE-krebiz", "Krebiz armor goes on a Krebiz cruiser")
			}
			return nil
		}})
	define(&Def{ID: "probe"})
	define(&Def{ID: "laboratory", Passive: true})
	// Nuclear Mine: 2 card damage to any one ship, then it goes.
	define(&Def{ID: "nuclear_mine", Act: &Act{Rule: "GE-cards-have-rules",
		Targets: func(s *State, self, _ int) []int {
			var out []int
			for i := range s.Cards {
				if s.inPlay(i) && s.isUnit(i) && s.def(i).Kind == "ship" && s.Cards[i].Owner != s.Cards[self].Owner {
					out = append(out, i)
				}
			}
			return out
		},
		Do: func(s *State, self, _, t int) {
			by := s.Cards[self].Owner
			s.discard(self)
			s.hurt(t, 2, byCard, by)
		}}})
	define(&Def{ID: "phaser_refit", HostPhasers: 1})
	define(&Def{ID: "engine_synchronization", Passive: true, HostCost: pts(Energy, -1), OwnOutput: true})
	define(&Def{ID: "transporter", Passive: true, Carries: true, Act: moveCrew(99, false), Reacts: rescue(99)})
	for _, id := range []string{"shuttlecraft_left", "shuttlecraft_right"} {
		define(&Def{ID: id, Passive: true, Carries: true, OneShot: true, Phasers: 1, Act: moveCrew(3, true), Reacts: shuttleAnswer()})
	}
}

// moveCrew moves up to n of its player's crew from its location to another
// of his locations. A shuttle flies with them, even empty, and may land
// on terrain (FAQ: Shuttles (b), (d)); a transporter stays and needs crew
// to move.
func moveCrew(n int, flies bool) *Act {
	return &Act{Rule: "GE-cards-have-rules",
		Targets: func(s *State, self, _ int) []int {
			from := s.unitAt(self)
			var out []int
			for _, i := range s.fleet(s.Cards[self].Owner) {
				if i != from && s.location(i) && (flies || len(s.crewAt(from, n)) > 0) {
					out = append(out, i)
				}
			}
			return out
		},
		Do: func(s *State, self, _, t int) {
			for _, j := range s.crewAt(s.unitAt(self), n) {
				s.Cards[j].On = t + 1
			}
			if flies {
				s.Cards[self].On = t + 1
			}
		}}
}

// rescue: played from the hand when a unit of its player's carrying crew
// is fired at, it takes up to n crew off to another of his locations.
func rescue(n int) *Reaction {
	return &Reaction{Rule: "GE-reactions",
		Answers: func(s *State, self int, w *Window, _ *Action) bool {
			t := w.Deed.Target
			return w.Deed.Kind == KindFire && t >= 0 && s.Players[s.Cards[self].Owner].Hand.Has(self) &&
				s.isUnit(t) && s.Cards[t].Owner == s.Cards[self].Owner && len(s.crewAt(t, n)) > 0 && s.refuge(t) >= 0
		},
		Do: func(s *State, self int, w *Window, _ *Action) {
			t := w.Deed.Target
			to := s.refuge(t)
			s.fromHandAt(self, to)
			for _, j := range s.crewAt(t, n) {
				s.Cards[j].On = to + 1
			}
		}}
}

// shuttleAnswer: played from the hand in answer to fire, a shuttle takes
// up to 3 crew off the unit fired at (choice 0), or, in a weapons fire
// phase, fires its one phaser at a firer of the volley (choice 2; FAQ:
// When do cards perform their action(s) (e), Weapons Fire). Choice 1, a
// mission, has nothing to answer here.
func shuttleAnswer() *Reaction {
	save := rescue(3)
	return &Reaction{Rule: "GE-reactions", Options: 3, Aims: true,
		Answers: func(s *State, self int, w *Window, a *Action) bool {
			switch a.N {
			case 0:
				return a.Target == -1 && save.Answers(s, self, w, a)
			case 2:
				return w.Deed.Kind == KindFire && s.Phase == PhaseFire && s.Players[s.Cards[self].Owner].Hand.Has(self) &&
					firedBy(w, a.Target) && s.inPlay(a.Target) && s.landing(s.Cards[self].Owner, w) >= 0
			}
			return false
		},
		Do: func(s *State, self int, w *Window, a *Action) {
			if a.N == 0 {
				save.Do(s, self, w, a)
				return
			}
			seat := s.Cards[self].Owner
			s.fromHandAt(self, s.landing(seat, w))
			c := s.Cards[self]
			c.Armed, c.Used, c.Fired = false, true, true
			s.hurt(s.unitOf(a.Target), 1, byWeapons, seat)
		}}
}

// firedBy reports whether card i fires in the waiting volley.
func firedBy(w *Window, i int) bool {
	for _, f := range w.Deed.Firers {
		if f.Card == i {
			return true
		}
	}
	return false
}

// landing is where an answering shuttle goes: the seat's unit fired at,
// or its first unit.
func (s *State) landing(seat int, w *Window) int {
	if t := w.Deed.Target; t >= 0 && s.inPlay(t) && s.isUnit(t) && s.Cards[t].Owner == seat {
		return t
	}
	for _, i := range s.fleet(seat) {
		if s.isUnit(i) {
			return i
		}
	}
	return -1
}

// location reports whether crew may sit on i.
func (s *State) location(i int) bool {
	k := s.def(i).Kind
	return s.isUnit(i) || k == "terrain"
}

// refuge is another unit of the same player where equipment may go.
func (s *State) refuge(t int) int {
	for _, i := range s.fleet(s.Cards[t].Owner) {
		if i != t && s.isUnit(i) {
			return i
		}
	}
	return -1
}

// crewAt is up to n of the owner's crew directly at a location.
func (s *State) crewAt(at, n int) []int {
	if at < 0 {
		return nil
	}
	var out []int
	for j := range s.above(at) {
		if len(out) < n && s.def(j).Kind == "crew" && !s.Cards[j].Against {
			out = append(out, j)
		}
	}
	return out
}
