package ti4

import (
	"slices"
	"testing"
)

// Argent Flight, Aerie Sentinel (55, 16): at home, with a carrier and a
// space dock full of fighters (4 and 3), the mech takes no room, and the
// full carrier still carries it; a cruiser, which has no capacity, carries
// none, and with no ship with capacity the mech is over capacity. Under
// rules version 5 it took room as any ground force.
func TestFactionUnit_AerieSentinel(t *testing.T) {
	for _, rules := range []int{RulesLeaders, RulesCurrent} {
		cfg := fixtureConfig("argent", "sol", "hacan")
		cfg.Rules = rules
		g := fixture(t, cfg, func(s *State) {
			s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "fighter", Count: 7},
				{Owner: 0, Unit: "mech", Count: 1}, {Owner: 0, Unit: "cruiser", Count: 1}}
		})
		s := g.State()
		if over := s.excessIn(s.System(22), 0); over != (rules < RulesMechs) {
			t.Fatalf("rules %d: a carrier and a dock full of fighters, and the mech: over capacity %v", rules, over)
		}
		if rules < RulesMechs {
			continue
		}
		l := s.loadIn(0, s.System(22))
		l.room = 0
		if l.capOver() == 0 {
			t.Fatal("with no ship with capacity there, the mech is over capacity")
		}
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 9)
		do(t, g, moveShips(0, 22, "cruiser", 1))
		refuse(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "mech", Count: 1}, "16.1")
		do(t, g, moveShips(0, 22, "carrier", 1))
		do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "fighter", Count: 4})
		do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "mech", Count: 1})
	}
}

// The Argent Flight, Zeal (8.2, 8.6): the Argent vote first, whatever
// the speaker's place, and add a vote for each player in the game to what
// they cast; under rules version 6 they vote in their turn, with no more.
func TestFaction_Argent_Zeal(t *testing.T) {
	for _, rules := range []int{RulesCurrent, RulesMechs} {
		g := factionAgenda(t, []string{"jolnar", "sol", "argent"}, []string{"mutiny"}, func(s *State) { s.Options.Rules = rules })
		passWindows(t, g)
		first, want := 2, 3
		if rules == RulesMechs {
			first, want = 1, 0
		}
		if v := g.State().Agenda.Voters; len(v) == 0 || v[0] != first {
			t.Fatalf("rules %d: voters %v, seat %d first", rules, v, first)
		}
		if rules == RulesMechs {
			continue
		}
		do(t, g, Action{Kind: ActVote, Seat: 2, Outcome: For})
		do(t, g, act(ActDone, 2))
		if b := g.State().Agenda.Ballots[0]; b.Seat != 2 || b.Votes != want {
			t.Fatalf("ballot %+v: %d votes, one for each of the 3 players", b, want)
		}
	}
}

// The Argent Flight, Quetzecoatl (77): no space cannon fires at the
// Argent's ships in its system; without it there, the PDS fires.
func TestFactionUnit_Quetzecoatl(t *testing.T) {
	for _, flagship := range []bool{true, false} {
		cfg := fixtureConfig("argent", "sol", "jolnar")
		cfg.Rules = RulesCurrent
		g := fixture(t, cfg, func(s *State) {
			s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "flagship", Count: 1})
			s.Players[0].Fleet = 8
			arnorHeldBy(1, Stack{Owner: 1, Unit: "pds", Count: 2})(s)
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 9)
		do(t, g, moveShips(0, 22, "carrier", 1))
		if flagship {
			do(t, g, moveShips(0, 22, "flagship", 1))
		}
		ev := do(t, g, act(ActEndMovement, 0))
		ev = append(ev, declineWindows(t, g)...)
		if got, want := len(combatDice(ev)), btoi(!flagship)*2; got != want {
			t.Fatalf("flagship %v: %d space cannon dice, want %d", flagship, got, want)
		}
	}
}

// The Argent Flight, Aerie Hololattice (58, 68): another player's ships
// do not pass through a system with the Argent's structures, though they
// may end there; a planet with an Argent PDS produces 1 unit for them;
// without the technology neither holds.
func TestFactionTech_AerieHololattice(t *testing.T) {
	for _, has := range []bool{true, false} {
		g := factionGame(t, []string{"argent", "sol", "jolnar"}, func(s *State) {
			arnorHeldBy(0, Stack{Owner: 0, Unit: "pds", Count: 1})(s)
			s.Players[0].TradeGoods = 2
			if has {
				s.Players[0].Techs = append(s.Players[0].Techs, "aerie_hololattice")
			}
		})
		s := g.State()
		if s.blocked(1, 9, false) != has || s.blocked(1, 9, true) || s.blocked(0, 9, false) {
			t.Fatalf("technology %v: Sol through %v, into %v; the Argent through %v", has, s.blocked(1, 9, false), s.blocked(1, 9, true), s.blocked(0, 9, false))
		}
		activated(t, g, 0, 9)
		do(t, g, act(ActEndMovement, 0))
		establishControl(t, g, 0)
		infantry := Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 1, Planet: "Arnor"}
		if !has {
			refuse(t, g, infantry, "68.1")
			continue
		}
		refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 2, Planet: "Arnor"}, "68.1")
		do(t, g, infantry)
	}
}

// The Argent Flight, Strike Wing Alpha II (10): each 9 or 10 of its
// anti-fighter barrage destroys one of the opponent's infantry in the
// space area, as many as there are.
func TestFactionUnit_StrikeWingAlphaII(t *testing.T) {
	seen := map[bool]bool{}
	for seed := uint64(1); seed < 40 && len(seen) < 2; seed++ {
		g, barrage := barrageFaces(t, []string{"argent", "sol", "jolnar"}, seed, 3,
			[]Stack{{Owner: 1, Unit: "carrier", Count: 1}, {Owner: 1, Unit: "infantry", Count: 2}},
			func(s *State) { s.Players[0].Techs = append(s.Players[0].Techs, "strike_wing_alpha_2") })
		more := btoi(g.State().Players[0].Commander == Unlocked) // Trrakan Aun Zulok, unlocked by the 6 units with barrage or cannon
		if len(barrage) != 9+more {
			t.Fatalf("seed %d: barrage dice %v, 3 each for 3 destroyers", seed, barrage)
		}
		nines := 0
		for _, v := range barrage {
			nines += btoi(v >= 9)
		}
		if left := count(g.State().System(9).Space, 1, "infantry"); left != max(0, 2-nines) {
			t.Fatalf("seed %d: dice %v, %d of Sol's 2 infantry left", seed, barrage, left)
		}
		seen[nines > 0] = true
	}
	if !seen[true] || !seen[false] {
		t.Fatalf("seeds with and without a 9: %v", seen)
	}
}

// The Argent, Trrakan Aun Zulok (commander): unlocked, one more die for
// a unit ability roll: 2 destroyers' barrage (Strike Wing Alpha, 2 dice
// each) rolls 5 dice, 4 locked; the odds take the commander by its id.
func TestFaction_Argent_TrrakanAunZulok(t *testing.T) {
	for _, c := range []struct {
		state string
		dice  int
	}{{Locked, 4}, {Unlocked, 5}} {
		_, barrage := barrageFaces(t, []string{"argent", "sol", "jolnar"}, 7, 2,
			[]Stack{{Owner: 1, Unit: "carrier", Count: 1}, {Owner: 1, Unit: "fighter", Count: 2}},
			func(s *State) { s.Players[0].Commander = c.state })
		if len(barrage) != c.dice {
			t.Fatalf("commander %s: barrage dice %v, want %d", c.state, barrage, c.dice)
		}
	}
	if tech, err := ParseCombatTech("argent:trrakan_aun_zulok"); err != nil || !tech.AbilityDie {
		t.Fatalf("the odds' name for the commander: %+v, %v", tech, err)
	}
}

// The Argent Flight, Raid Formation (10): each barrage hit beyond the
// opponent's fighters damages one of their ships that has Sustain Damage,
// the Argent choosing: not a carrier, not a ship already damaged, and not
// a hit (no Direct Hit window); without an excess, nothing.
func TestFaction_Argent_RaidFormation(t *testing.T) {
	seen := map[bool]bool{}
	for seed := uint64(1); seed < 40 && len(seen) < 2; seed++ {
		g, barrage := barrageFaces(t, []string{"argent", "sol", "jolnar"}, seed, 3,
			[]Stack{{Owner: 1, Unit: "fighter", Count: 1}, {Owner: 1, Unit: "carrier", Count: 1}, {Owner: 1, Unit: "dreadnought", Count: 2, Damaged: 1}},
			func(*State) {})
		hits := 0
		for _, v := range barrage {
			hits += btoi(v >= 9)
		}
		if hits == 0 {
			continue
		}
		seen[hits > 1] = true
		do(t, g, Action{Kind: ActAssignHit, Seat: 1, Unit: "fighter"})
		c := g.State().Combat
		if hits == 1 {
			if c != nil && len(c.Owed) > 0 {
				t.Fatalf("seed %d: one hit, on the one fighter: nothing more owed, %+v", seed, c.Owed)
			}
			continue
		}
		if c == nil || len(c.Owed) == 0 || c.Owed[0].Only != "damage" || c.Owed[0].Hits != hits-1 {
			t.Fatalf("seed %d: %d hits, one fighter: %d ships to damage owed, %+v", seed, hits, hits-1, c)
		}
		refuse(t, g, Action{Kind: ActAssignHit, Seat: 1, Unit: "dreadnought"}, "10")
		refuse(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "carrier"}, "10")
		do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "dreadnought"})
		sp := g.State().System(9).Space
		if count(sp, 1, "dreadnought") != 2 || sp[slices.IndexFunc(sp, func(st Stack) bool { return st.Unit == "dreadnought" })].Damaged != 2 {
			t.Fatalf("seed %d: space %+v: both dreadnoughts damaged, none destroyed", seed, sp)
		}
		if c := g.State().Combat; c != nil && ((c.Answer != nil && c.Answer.Kind == "sustain") || len(c.Owed) > 0) {
			t.Fatalf("seed %d: no Direct Hit window, no ship left to damage: %+v %+v", seed, c.Answer, c.Owed)
		}
	}
	if !seen[true] || !seen[false] {
		t.Fatalf("seeds with one hit and with more: %v", seen)
	}
}

// The Argent, Mirik Aun Sissiri (hero, 51.12): their ships move from any
// systems, each into one with an Argent command token and no other
// player's ships, to several at once; damaged ships stay damaged; not into
// a system without their token or with another's ships, not more ships
// than there are; purged. No other action takes into.
func TestFaction_Argent_MirikAunSissiri(t *testing.T) {
	const hero = "argent:mirik_aun_sissiri"
	g := factionGame(t, []string{"argent", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		s.System(23).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 2, Damaged: 1}}
		s.System(9).Command = append(s.System(9).Command, 0)
		s.System(1).Command = append(s.System(1).Command, 0)
		s.System(2).Command = append(s.System(2).Command, 0)
		s.System(2).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
	})
	ref := func(into int) UnitRef { return UnitRef{System: 23, Unit: "cruiser", Into: ip(into)} }
	move := func(refs ...UnitRef) Action { return use(0, hero, Action{ActionExtra: &ActionExtra{Units: refs}}) }
	refuse(t, g, move(ref(24)), "51.10")                              // no Argent token there
	refuse(t, g, move(ref(2)), "51.10")                               // another player's ships
	refuse(t, g, move(ref(9), ref(1), ref(9)), "51.10")               // three cruisers of two
	refuse(t, g, move(UnitRef{System: 23, Unit: "cruiser"}), "51.10") // where to
	if err := checkFields(Action{Kind: ActPlayAC, Seat: 0, Card: "decoy_operation", ActionExtra: &ActionExtra{Units: []UnitRef{ref(9)}}}); err == nil {
		t.Fatal("into is taken only by the abilities that read it")
	}
	do(t, g, move(ref(9), ref(1)))
	s := g.State()
	at9, at1 := s.System(9).Space, s.System(1).Space
	if count(at9, 0, "cruiser") != 1 || count(at1, 0, "cruiser") != 1 || count(s.System(23).Space, 0, "cruiser") != 0 {
		t.Fatalf("one cruiser each into 9 and 1: %v, %v", at9, at1)
	}
	hurt := 0
	for _, st := range append(slices.Clone(at9), at1...) {
		hurt += st.Damaged
	}
	if hurt != 1 || s.Players[0].Hero != Purged {
		t.Fatal("the damaged cruiser stays damaged; the hero is purged")
	}
}

// The Argent, Trilossa Aun Mirik (agent, 51.4): exhausted while they
// produce, their ground forces produced go on any planet of theirs in the
// system or next to it, listed among the legal actions; not on another
// player's, nor farther; ships as ever.
func TestFaction_Argent_TrilossaAunMirik(t *testing.T) {
	const agent = "argent:trilossa_aun_mirik"
	g := factionGame(t, []string{"argent", "sol", "hacan"}, func(s *State) {
		arnorHeldBy(0)(s)
		s.Players[0].TradeGoods = 5
	})
	home := g.State().Players[0].Home
	activated(t, g, 0, home)
	do(t, g, act(ActEndMovement, 0))
	for g.State().Tactical.Step != TacProduction {
		establishControl(t, g, 0)
	}
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 1, Planet: "Arnor"}, "") // not without the agent
	do(t, g, use(0, agent, Action{}))
	legal := Legal(g.State(), engineRNG(), 0)
	if !slices.ContainsFunc(legal, func(a Action) bool { return a.Kind == ActProduce && a.Planet == "Arnor" }) {
		t.Fatal("infantry onto Arnor, next to the home system, are offered")
	}
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 2, Planet: "Arnor"})
	if arnor, _ := g.State().Planet("Arnor"); count(arnor.Units, 0, "infantry") != 2 {
		t.Fatalf("two infantry on Arnor: %v", arnor.Units)
	}
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 1, Planet: "Jord"}, "") // Sol's
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 1, Planet: "Arnor"}, "") // a ship
}

// The Argent, Strike Wing Ambuscade (note): Sol holds it and attacks
// Hacan's carrier and fighters with 2 destroyers; before Sol's barrage a
// window asks Sol, who plays it: the note goes back to the Argent and the
// barrage rolls 2x2 dice and 1 more. Held but let go, 4 dice.
func TestFaction_Argent_StrikeWingAmbuscade(t *testing.T) {
	const note = "argent:strike_wing_ambuscade"
	for _, play := range []bool{true, false} {
		g := factionGame(t, []string{"sol", "hacan", "argent"}, func(s *State) {
			s.Players[2].Promissory = slices.DeleteFunc(s.Players[2].Promissory, func(n string) bool { return n == note })
			s.Players[0].Promissory = append(s.Players[0].Promissory, note)
			s.System(22).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 2}}
			s.System(9).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}, {Owner: 1, Unit: "fighter", Count: 2}}
		})
		activated(t, g, 0, 9)
		do(t, g, moveShips(0, 22, "destroyer", 2))
		do(t, g, act(ActEndMovement, 0))
		var ev []Event
		for i := 0; i < 8; i++ {
			c := g.State().Combat
			if c == nil || c.Answer == nil {
				break
			}
			if c.Answer.Kind == AnswerAbilityRoll && c.Answer.Seat == 0 && play {
				ev = do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
				break
			}
			ev = do(t, g, act(ActPassWindow, c.Answer.Seat))
		}
		if s := g.State(); play && (slices.Contains(s.Players[0].Promissory, note) || !slices.Contains(s.Players[2].Promissory, note)) {
			t.Fatalf("the note with Sol %v / the Argent %v: back to the Argent", s.Players[0].Promissory, s.Players[2].Promissory)
		}
		dice := -1
		for _, e := range ev {
			if e.Kind == EvCombat && e.Combat != nil && e.Combat.Step == CbAnnounceD {
				dice = len(e.Rolls)
			}
		}
		if want := 4 + btoi(play); dice != want {
			t.Fatalf("played %v: %d barrage dice, want %d (events %v)", play, dice, want, ev)
		}
		if c := g.State().Combat; c != nil && len(c.x().Ambush) > 0 {
			t.Fatalf("the die more outlives the roll: %v", c.x().Ambush)
		}
	}
}

// Strike Wing Ambuscade before a bombardment (rules version 10): the
// invader plays it before bombarding, the note goes back to the Argent,
// and their dreadnought rolls 2 bombardment dice, not 1; once bombarded,
// or under version 9, it is not offered.
func TestFaction_Argent_StrikeWingAmbuscade_Bombardment(t *testing.T) {
	const note = "argent:strike_wing_ambuscade"
	for _, c := range []struct{ rules, dice int }{{RulesAgents, 2}, {RulesCodex, 1}} {
		cfg := fixtureConfig("sol", "hacan", "argent")
		cfg.Rules = c.rules
		g := invadeArnorAs(t, cfg, func(s *State) {
			arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 2})(s)
			s.Players[2].Promissory = slices.DeleteFunc(s.Players[2].Promissory, func(n string) bool { return n == note })
			s.Players[0].Promissory = append(s.Players[0].Promissory, note)
			s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "dreadnought", Count: 1}, {Owner: 0, Unit: "infantry", Count: 2}}
		}, "dreadnought")
		declineWindows(t, g)
		offered := slices.ContainsFunc(Legal(g.State(), engineRNG(), 0), func(a Action) bool { return a.Kind == ActPlayNote && a.Card == note })
		if offered != (c.rules >= RulesAgents) {
			t.Fatalf("rules %d: the note offered before the bombardment: %v", c.rules, offered)
		}
		if offered {
			do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
			if s := g.State(); slices.Contains(s.Players[0].Promissory, note) || !slices.Contains(s.Players[2].Promissory, note) {
				t.Fatal("the note goes back to the Argent")
			}
		}
		ev := do(t, g, Action{Kind: ActBombard, Seat: 0, Planet: "Arnor"})
		n := 0
		for _, e := range ev {
			if e.Kind == EvCombat || e.Kind == EvDice {
				n += len(e.Rolls)
			}
		}
		if n != c.dice {
			t.Fatalf("rules %d: %d bombardment dice, want %d", c.rules, n, c.dice)
		}
	}
}

// Strike Wing Ambuscade is not offered before a bombardment that could not
// be made: no other player's ground forces on the planets.
func TestFaction_Argent_StrikeWingAmbuscade_NothingToBombard(t *testing.T) {
	const note = "argent:strike_wing_ambuscade"
	cfg := fixtureConfig("sol", "hacan", "argent")
	cfg.Rules = RulesAgents
	g := invadeArnorAs(t, cfg, func(s *State) {
		s.Players[2].Promissory = slices.DeleteFunc(s.Players[2].Promissory, func(n string) bool { return n == note })
		s.Players[0].Promissory = append(s.Players[0].Promissory, note)
		s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "dreadnought", Count: 1}, {Owner: 0, Unit: "infantry", Count: 2}}
	}, "dreadnought")
	declineWindows(t, g)
	if slices.ContainsFunc(Legal(g.State(), engineRNG(), 0), func(a Action) bool { return a.Kind == ActPlayNote && a.Card == note }) {
		t.Fatal("offered with nothing to bombard")
	}
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note}, "69.1")
}
