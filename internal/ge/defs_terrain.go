package ge

// Terrain (GE-type-T): each generates its printed points every allocation.
// Their numbers come from the card data; these add what the data leaves out.

func init() {
	for _, id := range []string{"large_asteroid", "small_moon", "kalins_small_red_nebula", "armory_moon",
		"moon", "ore_moon", "rabuff_locttoor", "hcsuar_drahcir_system"} {
		define(&Def{ID: id})
	}
	// The data leaves out that Siobhan-7 is a planet, and files a belt
	// with the asteroids: neither matters but for the Planetary Shield.
	define(&Def{ID: "siobhan_7", Terrain: "planet"})
	define(&Def{ID: "benakis_asteroid_belt", Terrain: "belt"})
	// A comet lasts its strength in turns and generates on its last.
	define(&Def{ID: "biruks_comet", Duration: 2})
	// Its energy falls by one each turn, 4 to 1, then it goes.
	define(&Def{ID: "ionized_particle_field", Duration: 4, OutputFn: func(s *State, self int) Points {
		return pts(Energy, s.Cards[self].Timer+1)
	}})
	// As terrain it generates 2 energy; as a hazard (mode 1) it deals 2 card
	// damage to its card when played and each turn, until 2 research
	// points are put on it.
	define(&Def{ID: "plasma_field", Dual: true,
		OutputFn: func(s *State, self int) Points {
			if s.Cards[self].Mode == 1 {
				return Points{}
			}
			return pts(Energy, 2)
		},
		Enter: func(s *State, self int) {
			if s.Cards[self].Mode == 1 {
				s.hazardHit(self, 2)
			}
		},
		EachTurn: func(s *State, self int) {
			if s.Cards[self].Mode == 1 {
				s.hazardHit(self, 2)
			}
		}})
}
