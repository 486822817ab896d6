package ge

import "github.com/mecatol/mecatol/internal/engine"

// Ships (GE-type-S) and bases (GE-type-B). Numbers come from the card data
// but where the printed card differs (docs/ge-cards.md): the Corporate
// ships' one variable plasma weapon, the Fleet Freighter's terrain
// modifier, the Grand Chieftain's ships being Indirigan.

func init() {
	for _, id := range []string{"argonian_sunspot_frigate", "argonian_blizzard_destroyer",
		"argonian_whirlwind_light_cruiser", "argonian_typhoon_heavy_cruiser", "mechad_frigate",
		"mechad_destroyer", "mechad_light_cruiser", "mechad_heavy_cruiser"} {
		define(&Def{ID: id})
	}
	define(&Def{ID: "argonian_warm_front_escort", Reacts: escort()})
	define(&Def{ID: "mechad_escort", Reacts: escort()})
	// Corporate ships: one variable plasma weapon (GE-variable-plasma).
	define(&Def{ID: "corporate_frigate", Plasma: 2})
	define(&Def{ID: "corporate_destroyer", Plasma: 2})
	define(&Def{ID: "corporate_light_cruiser", Plasma: 3})
	define(&Def{ID: "corporate_escort", Plasma: 2, Reacts: escort()})
	// Each turn: 1 research, or a look at a random card of an opponent's hand.
	define(&Def{ID: "corporate_scout_cruiser", Modes: 2, Peeks: true, OwnOutput: true,
		ModeOutput: func(mode int) (Points, Points) {
			if mode == 0 {
				return Points{}, pts(Research, 1)
			}
			return Points{}, Points{}
		}})
	define(&Def{ID: "indirigan_light_carrier", Empire: "Indirigan", Rearms: true})
	define(&Def{ID: "indirigan_nomads_frigate", Empire: "Indirigan"})
	define(&Def{ID: "indirigan_nomads_escort", Empire: "Indirigan", Reacts: escort()})
	// Krebiz cruisers carry one capsule, which combines with them (GE-krebiz).
	define(&Def{ID: "krebiz_clipper_frigate_left", Carry: "small"})
	define(&Def{ID: "krebiz_pincer_destroyer", Carry: "small"})
	define(&Def{ID: "krebiz_mandible_lt_cruiser", Carry: "heavy"})
	define(&Def{ID: "krebiz_claw_heavy_cruiser", Carry: "heavy"})
	define(&Def{ID: "krebiz_light_capsule", Capsule: "small", Where: capsule, Act: separate()})
	define(&Def{ID: "krebiz_medium_capsule", Capsule: "small", Where: capsule, Act: separate()})
	define(&Def{ID: "krebiz_heavy_capsule", Capsule: "heavy", Where: capsule, Act: separate()})
	// Played on a terrain, whose economy it raises by 2 while engaged.
	define(&Def{ID: "fleet_freighter_left", TerrainMod: pts(Economy, 2), Where: onOwnTerrain})

	define(&Def{ID: "commercial_outpost", TerrainMod: pts(Supply, 1, Economy, 1)})
	define(&Def{ID: "planetary_shield", Shelters: true, Where: solidBody})
	define(&Def{ID: "defensive_satellites_left", DamagedFire: 2})
	define(&Def{ID: "defensive_satellites_right", DamagedFire: 2})
}

// capsule: alone, or on one's own cruiser that carries its size and has
// none yet.
func capsule(s *State, self, host int) error {
	if host < 0 || s.def(host).Kind == "terrain" {
		return nil
	}
	if s.def(host).Carry != s.def(self).Capsule || s.def(host).Carry == "" {
		return engine.Refuse("GE-krebiz", "%s does not carry that capsule", s.name(host))
	}
	if len(s.parts(host)) > 1 {
		return engine.Refuse("GE-krebiz", "%s carries a capsule already", s.name(host))
	}
	return nil
}

// separate: for a card play, a capsule leaves its cruiser, taking n of
// the combined ship's structural damage and what it can of its shield
// damage; neither part may keep damage past its own strength (GE-krebiz;
// FAQ: Combined (e)), and both must fit the command slots.
func separate() *Act {
	return &Act{Rule: "GE-krebiz", Play: true, Options: 9,
		Check: func(s *State, self, n int) error {
			u := s.hostOf(self)
			if u < 0 || s.def(u).Kind != "ship" {
				return engine.Refuse("GE-krebiz", "%s is not combined", s.name(self))
			}
			dmg, own := s.Cards[u].Damage, s.def(self).Strength
			alone := s.strength(u) - own
			if n > dmg || n >= own || dmg-n >= alone {
				return engine.Refuse("GE-krebiz", "the damage cannot be split %d and %d within the parts' strengths", n, dmg-n)
			}
			before := s.slotsUsed(s.Cards[self].Owner)
			after := before - halfSlots(s.printed(u)) + halfSlots(s.printed(u)-own) + halfSlots(own)
			if after > 2*s.Started {
				return engine.Refuse("GE-command", "apart, the two ships need more command slots than are free")
			}
			return nil
		},
		Do: func(s *State, self, n, _ int) {
			u, c := s.hostOf(self), s.Cards[self]
			cr := s.Cards[u]
			c.On = cr.On
			c.Damage, cr.Damage = n, cr.Damage-n
			c.Shield = min(cr.Shield, s.def(self).Shields)
			cr.Shield = min(cr.Shield-c.Shield, s.def(u).Shields)
			c.Loaded = min(max(0, cr.Loaded-s.def(u).Heavy), s.def(self).Heavy)
			cr.Loaded -= c.Loaded
		}}
}

func onOwnTerrain(s *State, self, host int) error {
	if host < 0 || s.def(host).Kind != "terrain" {
		return engine.Refuse("GE-type-S", "it must be played on your terrain")
	}
	return nil
}

// solidBody: a planet, a moon or a large asteroid.
func solidBody(s *State, self, host int) error {
	if host < 0 {
		return nil
	}
	if t := s.def(host).Terrain; t != "moon" && t != "asteroid" && t != "planet" {
		return engine.Refuse("GE-cards-have-rules", "only on a planet, moon or large asteroid")
	}
	return nil
}

// escort: once a turn, while engaged, it takes volley damage aimed at one
// of its fleet's ships of strength 7 or more, 2 damage for each point.
func escort() *Reaction {
	return &Reaction{Rule: "GE-cards-have-rules", Options: 9, FromPlay: true,
		Answers: func(s *State, self int, w *Window, a *Action) bool {
			t := w.Deed.Target
			return w.Deed.Kind == KindFire && s.inPlay(self) && t >= 0 && s.isUnit(t) &&
				s.Cards[t].Owner == s.Cards[self].Owner && t != self && s.strength(t) >= 7 &&
				a.N >= 1 && a.N <= s.volleyDamage(&w.Deed)-w.Cut
		},
		Do: func(s *State, self int, w *Window, a *Action) {
			w.Cut += a.N
			s.hurt(self, 2*a.N, byCard, w.Deed.Seat)
		}}
}
