package ge

import "github.com/mecatol/mecatol/internal/engine"

// Hazards (GE-type-H), luck (GE-type-L), monsters (GE-type-M) and
// occurrences (GE-type-O): played on or against the cards they affect
// (FAQ: Where are cards played (b)).

func init() {
	hazards()
	luck()
	monsters()
	occurrences()
}

func hazards() {
	define(&Def{ID: "divergent_anomaly", Duration: 1, NoHQGuard: true, Where: on("ship")})
	define(&Def{ID: "dust_cloud", Where: on("unit"), Enter: strike(1)})
	define(&Def{ID: "ion_storm", Where: on("unit"), Enter: strike(2)})
	define(&Def{ID: "gravity_wave", Fleet: true, Where: on(), Enter: func(s *State, self int) {
		seat := s.Cards[self].Mode - 1
		for _, i := range s.fleet(seat) {
			if s.isUnit(i) && s.def(i).Kind == "ship" {
				s.hurt(i, s.lessened(i, 1), byCard, s.Cards[self].Owner)
			}
		}
		s.discard(self)
	}})
	// Pulsar: 1 card damage when played and each turn for 3 turns; it may
	// hurt terrain.
	hit := func(s *State, self int) { s.hazardHit(self, 1) }
	define(&Def{ID: "pulsar", Duration: 3, Where: on("unit", "terrain"), Enter: hit, EachTurn: hit})
}

func luck() {
	// Lucky Crew Action: the crew ignores one card played on it.
	define(&Def{ID: "lucky_crew_action", Where: on("own crew"),
		Enter: func(s *State, self int) {
			for _, j := range s.onTop(s.hostOf(self)) {
				if s.Cards[j].Against {
					s.discard(j)
					break
				}
			}
			s.discard(self)
		},
		Reacts: &Reaction{Rule: "GE-reactions",
			Answers: func(s *State, self int, w *Window, _ *Action) bool {
				return w.Deed.Kind == KindPlay && s.crewOf(w.target(), s.Cards[self].Owner)
			},
			Do: func(s *State, self int, w *Window, _ *Action) {
				w.Void = true
				s.put(self, InDiscard)
			}}})
	// Malpractice: a Doctor does nothing for a turn.
	define(&Def{ID: "malpractice", Duration: 1, Stops: true, Where: func(s *State, self, host int) error {
		if host < 0 || !s.def(host).Cures {
			return engine.Refuse("GE-cards-have-rules", "Malpractice goes on a Doctor")
		}
		return nil
	}})
	// Lucky Targeting: the unit's fire this turn is half again as much.
	define(&Def{ID: "lucky_targeting", Duration: 1, Multiply: true, Where: on("own unit")})
}

func monsters() {
	define(&Def{ID: "small_phaser_eel", SoaksPhasers: true, Where: on("unit")})
	define(&Def{ID: "space_vertigo", Duration: 1, Stops: true, Where: on("crew")})
	// Invinco Guardian: on the weakest ship of a fleet, it takes the damage
	// aimed at that ship until it has taken 3.
	define(&Def{ID: "invinco_guardian", Guards: 3, Where: func(s *State, self, host int) error {
		if host < 0 || !s.isUnit(host) || s.def(host).Kind != "ship" {
			return engine.Refuse("GE-cards-have-rules", "it goes on a ship")
		}
		for _, i := range s.fleet(s.Cards[host].Owner) {
			if s.isUnit(i) && s.def(i).Kind == "ship" && s.strength(i) < s.strength(host) {
				return engine.Refuse("GE-cards-have-rules", "it goes on the fleet's weakest ship")
			}
		}
		return nil
	}})
	// Shield Fiend: the target's shields fall to 0; not on a unit with a
	// guardian or a Mechad field.
	define(&Def{ID: "shield_fiend", Where: func(s *State, self, host int) error {
		if host < 0 || !s.isUnit(host) || s.shields(host) == 0 || s.guardian(host) >= 0 || s.nodes(host) > 0 {
			return engine.Refuse("GE-cards-have-rules", "it needs raised shields without a guardian or field")
		}
		return nil
	}, Enter: func(s *State, self int) {
		u := s.hostOf(self)
		s.Cards[u].Shield += s.shields(u)
		s.discard(self)
	}})
}

func occurrences() {
	define(&Def{ID: "breakdown", Jams: true, NeedsRepair: 1, Where: on("unit")})
	define(&Def{ID: "illness", Duration: 1, Stops: true, Ailment: true, NeedsResearch: 1, Where: ailment})
	define(&Def{ID: "injury", Stops: true, Ailment: true, NeedsResearch: 2, Where: ailment})
	define(&Def{ID: "love_interest", Duration: 1, Stops: true, Where: func(s *State, self, host int) error {
		if err := on("crew")(s, self, host); err != nil {
			return err
		}
		if s.def(host).Strength > 4 {
			return engine.Refuse("GE-cards-have-rules", "only on a crew of strength 4 or less")
		}
		return nil
	}})
	define(&Def{ID: "early_warning_beacon", PlayBonus: 2, Where: on(), Enter: func(s *State, self int) { s.discard(self) }})
	// Forced Retreat: a ship or base of strength 3 or less goes back to
	// its owners' hands with all on it.
	define(&Def{ID: "forced_retreat", Where: func(s *State, self, host int) error {
		if err := on("unit")(s, self, host); err != nil {
			return err
		}
		if s.strength(host) > 3 {
			return engine.Refuse("GE-cards-have-rules", "only on a ship or base of strength 3 or less")
		}
		return nil
	}, Enter: func(s *State, self int) {
		u := s.hostOf(self)
		s.discard(self)
		s.leave(u, InHand)
	}})
	define(&Def{ID: "offensive_electronic_warfare", Volley: 2, Where: on("own unit")})
}

// on checks the card played on: "unit" (a ship or base), "own unit",
// "own crew", or a kind; no words: played on no card.
func on(what ...string) func(s *State, self, host int) error {
	return func(s *State, self, host int) error {
		if len(what) == 0 {
			if host >= 0 {
				return engine.Refuse("GE-play-on", "it is played on no card")
			}
			return nil
		}
		if host >= 0 {
			for _, w := range what {
				if s.fits(w, self, host) {
					return nil
				}
			}
		}
		return engine.Refuse("GE-play-on", "it goes on %v", what)
	}
}

func (s *State) fits(what string, self, host int) bool {
	mine := s.Cards[host].Owner == s.Cards[self].Owner && !s.Cards[host].Against
	switch what {
	case "unit":
		return s.isUnit(host)
	case "own unit":
		return s.isUnit(host) && mine
	case "own crew":
		return s.def(host).Kind == "crew" && mine
	}
	return s.def(host).Kind == what
}

// ailment: on a crew, not where a Doctor keeps ailments away.
func ailment(s *State, self, host int) error {
	if err := on("crew")(s, self, host); err != nil {
		return err
	}
	for _, j := range s.stack(s.unitAt(host)) {
		if s.def(j).Cures && s.works(j) {
			return engine.Refuse("GE-cards-have-rules", "%s keeps ailments away", s.name(j))
		}
	}
	return nil
}

// strike deals n card damage to the card it is played on, then it goes.
func strike(n int) func(s *State, self int) {
	return func(s *State, self int) {
		s.hazardHit(self, n)
		s.discard(self)
	}
}

// hazardHit deals a hazard's card damage to the card it is on.
func (s *State) hazardHit(self, n int) {
	t := s.hostOf(self)
	if t < 0 || !s.inPlay(t) {
		return
	}
	s.hurt(t, s.lessened(t, n), byCard, s.Cards[self].Owner)
}

// lessened is a hazard's damage to a unit less what its crew take off
// (Helmsman).
func (s *State) lessened(t, n int) int {
	for _, j := range s.stack(t) {
		if s.works(j) && !s.Cards[j].Against {
			n -= s.def(j).HazardLess
		}
	}
	return max(0, n)
}
