package ti4

import (
	"slices"
	"testing"
)

// Creuss, Slipstream (58.4): ships starting in the home system or at an
// alpha or beta wormhole move one further; from elsewhere, no further.
func TestFaction_Creuss_Slipstream(t *testing.T) {
	const alpha, plain = 21, 9 // tile 39 has an alpha wormhole; tile 36 none
	g := factionGame(t, []string{"creuss", "sol", "hacan"}, nil)
	s := g.State()
	for _, tc := range []struct{ seat, pos, want int }{{0, plain, 0}, {0, alpha, 1}, {0, s.Players[0].Home, 1}, {1, alpha, 0}} {
		if got := s.originMove(tc.seat, tc.pos); got != tc.want {
			t.Fatalf("seat %d from %d: +%d, want +%d", tc.seat, tc.pos, got, tc.want)
		}
	}
	for _, from := range []int{alpha, plain} {
		target := None
		for _, sys := range s.Systems {
			if sys.Pos != from && s.reach(0, from, sys.Pos, 1) < 0 && s.reach(0, from, sys.Pos, 2) >= 0 && !hasOthersShips(sys, 0) && len(sys.Planets) == 0 {
				target = sys.Pos
				break
			}
		}
		if target == None {
			t.Fatalf("no empty system a move of 2, not 1, from %d", from)
		}
		g := factionGame(t, []string{"creuss", "sol", "hacan"}, func(s *State) {
			s.System(from).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 2}}
			s.Players[0].Fleet = 4
		})
		activated(t, g, 0, target)
		// two carriers: the Creuss' Gravity Drive speeds one ship, not two
		if from == alpha {
			do(t, g, moveShips(0, from, "carrier", 2)) // move 1, and 1 from the wormhole, each
		} else {
			refuse(t, g, moveShips(0, from, "carrier", 2), "58.4")
		}
	}
}

// Creuss, Quantum Entanglement (6.1, 101, 18): every alpha or beta system
// is one move from every other for the Creuss, and Enforced Travel Ban does
// not stop it; for others a far beta is no nearer.
func TestFaction_Creuss_QuantumEntanglement(t *testing.T) {
	const alpha, far = 21, 28
	for _, ban := range []bool{false, true} {
		g := factionGame(t, []string{"creuss", "sol", "hacan"}, func(s *State) {
			s.System(far).Tokens = append(s.System(far).Tokens, Token{Kind: "beta", Owner: None})
			s.System(alpha).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
			if ban {
				withLaw("enforced_travel_ban", None)(s)
			}
		})
		s := g.State()
		if s.reach(0, alpha, far, 1) < 0 || s.reach(1, alpha, far, 1) >= 0 || s.reach(1, alpha, far, 2) >= 0 {
			t.Fatalf("ban %v: the alpha and the far beta are one move apart for the Creuss alone", ban)
		}
		activated(t, g, 0, far)
		do(t, g, moveShips(0, alpha, "carrier", 1))
	}
}

// Creuss, Quantum Entanglement and neighbors (60.3): a player at a far beta
// wormhole is the Creuss' neighbor through the alpha where the Creuss are,
// both ways; not another player's at the same alpha.
func TestFaction_Creuss_QuantumEntanglementNeighbors(t *testing.T) {
	const alpha, far = 21, 28
	for _, creuss := range []bool{true, false} {
		f := []string{"creuss", "sol", "hacan"}
		if !creuss {
			f[0] = "jolnar"
		}
		g := factionGame(t, f, func(s *State) {
			s.System(far).Tokens = append(s.System(far).Tokens, Token{Kind: "beta", Owner: None})
			s.System(alpha).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
			s.System(far).Space = []Stack{{Owner: 2, Unit: "carrier", Count: 1}}
		})
		s := g.State()
		if s.AreNeighbors(0, 2) != creuss || s.AreNeighbors(2, 0) != creuss || slices.Contains(s.Neighbors(2), 0) != creuss {
			t.Fatalf("creuss %v: neighbors %v, %v", creuss, s.Neighbors(0), s.Neighbors(2))
		}
	}
}

// Ghosts of Creuss, Creuss IFF: at the start of its holder's turn a Creuss
// wormhole token is placed (or moved) into a system with a planet the
// holder controls or a non-home system without others' ships.
func TestFaction_Creuss_CreussIFF(t *testing.T) {
	const note = "creuss:creuss_iff"
	g := factionGame(t, []string{"sol", "jolnar", "creuss"}, func(s *State) {
		giveNote(note, 0)(s)
		s.System(3).Tokens = append(s.System(3).Tokens, Token{Kind: "alpha", Owner: 2})
	})
	jolnar := g.State().Players[1].Home
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Outcome: "alpha", System: ip(jolnar)}, "101")
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Outcome: "alpha", System: ip(9)})
	s := g.State()
	if !slices.Contains(s.System(9).Tokens, Token{Kind: "alpha", Owner: 2}) || slices.Contains(s.System(3).Tokens, Token{Kind: "alpha", Owner: 2}) {
		t.Fatalf("the alpha token moves from 3 to 9: %v / %v", s.System(3).Tokens, s.System(9).Tokens)
	}
	if s.Turn != 0 || !slices.Contains(s.Players[2].Promissory, note) {
		t.Fatal("the turn goes on; the note goes back")
	}
}

// Creuss, Dimensional Splicer (78.2): at the start of a space combat in a
// system with a wormhole the opponent takes a hit the Creuss place; in a
// system without one, none.
func TestFactionTech_DimensionalSplicer(t *testing.T) {
	for _, pos := range []int{21, 9} { // 21: an alpha wormhole; 9: none
		cfg := fixtureConfig("creuss", "sol", "hacan")
		cfg.Rules = RulesCurrent
		g := fixture(t, cfg, func(s *State) {
			s.Players[0].Techs = append(s.Players[0].Techs, "dimensional_splicer")
			s.System(pos).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 2}}
			s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}}
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, pos)
		do(t, g, moveShips(0, 22, "dreadnought", 1))
		do(t, g, act(ActEndMovement, 0))
		c := g.State().Combat
		picked := c != nil && slices.ContainsFunc(c.Owed, func(o Owed) bool { return o.Seat == 1 && o.Picked && o.By == 0 })
		if picked != (pos == 21) {
			t.Fatalf("system %d: owed %+v", pos, c)
		}
	}
}

// Creuss, Wormhole Generator Ω (Codex I; 101): a component action,
// exhausting it, places a wormhole token in a system with a planet the
// Creuss control or a non-home system without others' ships.
func TestFactionTech_WormholeGenerator(t *testing.T) {
	g := factionGame(t, []string{"creuss", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "wormhole_generator")
	})
	sol := g.State().Players[1].Home
	refuse(t, g, use(0, "wormhole_generator", Action{Outcome: "beta", System: ip(sol)}), "101")
	do(t, g, use(0, "wormhole_generator", Action{Outcome: "beta", System: ip(9)}))
	if s := g.State(); !slices.Contains(s.System(9).Tokens, Token{Kind: "beta", Owner: 0}) || s.Turn == 0 ||
		!slices.Contains(s.Players[0].ExhaustedTechs, "wormhole_generator") {
		t.Fatalf("tokens %v: the beta token in 9, as the turn's action, the card exhausted", s.System(9).Tokens)
	}
}

// Creuss, Icarus Drive (55): after another player activates a system, the
// Creuss' window opens; removing their mech puts their alpha token in the
// activated system, taken from where it was, though another player's
// ships are there.
func TestFactionUnit_IcarusDrive(t *testing.T) {
	cfg := fixtureConfig("sol", "creuss", "hacan")
	cfg.Rules = RulesCurrent
	var mechPl string
	var mechPos int
	g := fixture(t, cfg, func(s *State) {
		home := s.System(s.Players[1].Home)
		if home == nil || len(home.Planets) == 0 { // the Creuss home stands off the board
			for _, sys := range s.Systems {
				if len(sys.Planets) > 0 && !s.IsHomeSystem(sys.Pos) && sys.Pos != 23 {
					home = sys
					break
				}
			}
		}
		mechPos, mechPl = home.Pos, home.Planets[0].Name
		home.Planets[0].Units, home.Planets[0].Controller = append(home.Planets[0].Units, Stack{Owner: 1, Unit: "mech", Count: 1}), 1
		s.System(9).Tokens = append(s.System(9).Tokens, Token{Kind: "alpha", Owner: 1})
		s.System(23).Space = []Stack{{Owner: 2, Unit: "cruiser", Count: 1}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	do(t, g, activate(0, 23))
	st := g.State().Step
	if st == nil || st.Kind != StepAbility || st.Card != "icarus_drive" || st.Seat != 1 {
		t.Fatalf("step %+v: the Creuss' window after Sol's activation", st)
	}
	refuse(t, g, use(1, "icarus_drive", Action{Outcome: "gamma", System: ip(mechPos), Planet: mechPl}), "55")
	do(t, g, use(1, "icarus_drive", Action{Outcome: "alpha", System: ip(mechPos), Planet: mechPl}))
	s := g.State()
	if !slices.Contains(s.System(23).Tokens, Token{Kind: "alpha", Owner: 1}) || slices.Contains(s.System(9).Tokens, Token{Kind: "alpha", Owner: 1}) {
		t.Fatal("the alpha token moved into the activated system")
	}
	if count(planet(t, g, mechPl).Units, 1, "mech") != 0 {
		t.Fatal("the mech is removed")
	}
}

// The Creuss, Emissary Taivra (agent): after Sol activates Quann (a beta
// wormhole), the Creuss may exhaust it: Quann is then adjacent to every
// system with a wormhole in that tactical action, so a carrier (move 1)
// comes from the Creuss gate two systems away; let go, it does not. A
// system without a wormhole opens no window.
func TestFaction_Creuss_EmissaryTaivra(t *testing.T) {
	for _, use := range []bool{true, false} {
		g := factionGame(t, []string{"sol", "creuss", "hacan"}, func(s *State) {
			s.System(28).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
		})
		do(t, g, activate(0, 1))
		st := g.State().Step
		if st == nil || st.Seat != 1 || st.Card != "creuss:emissary_taivra" {
			t.Fatalf("step %+v: the Creuss's window", st)
		}
		do(t, g, Action{Kind: ActUseAbility, Seat: 1, Card: st.Card, Use: use})
		if !use {
			refuse(t, g, moveShips(0, 28, "carrier", 1), "58.4")
			continue
		}
		if !slices.Contains(g.State().Players[1].ExhaustedTechs, "creuss:emissary_taivra") {
			t.Fatal("the agent is exhausted")
		}
		do(t, g, moveShips(0, 28, "carrier", 1))
	}
	g := factionGame(t, []string{"sol", "creuss", "hacan"}, nil)
	do(t, g, activate(0, 9))
	if st := g.State().Step; st != nil && st.Card == "creuss:emissary_taivra" {
		t.Fatal("no wormhole in Arnor's system: no window")
	}
}

// The Creuss, Riftwalker Meian (hero, 51.12): two systems with a wormhole
// or Creuss units trade places, with what they hold; another player's home
// system moved stays their home; not a system with neither, not the Creuss
// home, not one system with itself; purged.
func TestFaction_Creuss_RiftwalkerMeian(t *testing.T) {
	const hero = "creuss:riftwalker_meian"
	g := factionGame(t, []string{"creuss", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		s.System(9).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}}
		s.System(s.Players[1].Home).Space = append(s.System(s.Players[1].Home).Space, Stack{Owner: 0, Unit: "destroyer", Count: 1})
	})
	s := g.State()
	home1, quann := s.Players[1].Home, s.System(1)
	refuse(t, g, use(0, hero, Action{System: ip(9), To: ip(24)}), "51.10") // a gravity rift with neither
	refuse(t, g, use(0, hero, Action{System: ip(9), To: ip(9)}), "51.10")
	refuse(t, g, use(0, hero, Action{System: ip(9), To: ip(s.Players[0].Home)}), "51.10")
	do(t, g, use(0, hero, Action{System: ip(9), To: ip(1)}))
	s = g.State()
	if _, sys := s.Planet("Arnor"); sys.Pos != 1 || count(s.System(1).Space, 0, "destroyer") != 1 || s.System(9) != quann {
		t.Fatalf("Arnor's system at 1 with the destroyer, Quann's at 9: %v", s.System(1).Space)
	}
	if s.Players[0].Hero != Purged {
		t.Fatal("purged")
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}

	g = factionGame(t, []string{"creuss", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		s.System(9).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}}
		s.System(s.Players[1].Home).Space = append(s.System(s.Players[1].Home).Space, Stack{Owner: 0, Unit: "destroyer", Count: 1})
	})
	do(t, g, use(0, hero, Action{System: ip(home1), To: ip(9)}))
	if s := g.State(); s.Players[1].Home != 9 || !s.IsHomeSystem(9) || s.IsHomeSystem(home1) {
		t.Fatalf("seat 1's home moved to 9: %d", s.Players[1].Home)
	}
}

// The Creuss, Sai Seravus (commander): two carriers move into Quann's
// system (beta), one from system 23 (beta, not touching it: through the
// wormhole), one from a neighbor without a wormhole: one fighter may be
// placed, not two (16.2 refuses); locked, no window.
func TestFaction_Creuss_SaiSeravus(t *testing.T) {
	const card = "creuss:sai_seravus"
	for _, state := range []string{Locked, Unlocked} {
		g := factionGame(t, []string{"creuss", "sol", "hacan"}, func(s *State) {
			s.Players[0].Commander = state
			s.System(23).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
			for _, q := range []int{6, 7, 8, 18} {
				if !s.galaxy.HasWormhole(q, s.Wormholes) && len(s.System(q).Space) == 0 {
					s.System(q).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
					break
				}
			}
		})
		if g.State().galaxy.Touching(23, 1) {
			t.Fatal("the fixture changed: system 23 touches Quann's")
		}
		activated(t, g, 0, 1)
		for _, q := range []int{6, 7, 8, 18, 23} {
			if count(g.State().System(q).Space, 0, "carrier") > 0 {
				do(t, g, moveShips(0, q, "carrier", 1))
			}
		}
		do(t, g, act(ActEndMovement, 0))
		if state == Locked {
			if st := g.State().Step; st != nil && st.Card == card {
				t.Fatal("a window for the locked commander")
			}
			continue
		}
		toWindow(t, g, card)
		if n := count(g.State().System(1).Space, 0, "carrier"); n != 2 {
			t.Fatalf("%d carriers moved in, want 2", n)
		}
		var counts []int
		for _, a := range Legal(g.State(), engineRNG(), 0) {
			if a.Card == card && a.Use {
				counts = append(counts, a.Count)
			}
		}
		if !slices.Equal(counts, []int{1}) {
			t.Fatalf("offered counts %v, want [1]", counts)
		}
		refuse(t, g, use(0, card, Action{Count: 2}), "16.2")
		do(t, g, use(0, card, Action{Count: 1}))
		if n := count(g.State().System(1).Space, 0, "fighter"); n != 1 {
			t.Fatalf("%d fighters in Quann's system, want 1", n)
		}
	}
}
