package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// 25.1, 25.1a: the first player to control a planet takes its card from the
// deck, exhausted.
func TestRule25_1_GainFromDeckExhausted(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	ev := do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Quann", ActionExtra: &ActionExtra{Player: ip(0)}})
	pl := planet(t, g, "Quann")
	if pl.Controller != 0 || !pl.Exhausted {
		t.Fatalf("Quann %+v, want seat 0, exhausted", pl)
	}
	if ev[0].Kind != EvControlGained || ev[0].extra().From != None {
		t.Fatalf("first event %v, want control gained from the deck", ev[0])
	}
}

// 25.1b: a planet another player controls is taken from their play area,
// and is not explored (25.1c).
func TestRule25_1b_GainFromAnotherPlayer(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Quann", ActionExtra: &ActionExtra{Player: ip(0)}})
	deck := len(g.State().Decks.Exploration["cultural"])
	ev := do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Quann", ActionExtra: &ActionExtra{Player: ip(1)}})
	if ev[0].extra().From != 0 || planet(t, g, "Quann").Controller != 1 {
		t.Fatalf("events %v", ev)
	}
	if hasKind(ev, EvExplored) || len(g.State().Decks.Exploration["cultural"]) != deck {
		t.Fatal("a planet taken from another player is not explored")
	}
}

// 25.1c and 35: gaining a planet no one controlled explores it; the card
// goes where its kind says (35.7-35.9).
func TestRule25_1c_ExploreOnFirstControl(t *testing.T) {
	for _, tc := range []struct {
		card  string
		check func(s *State) bool
	}{
		{"cultural_relic_fragment", func(s *State) bool { return slices.Contains(s.Players[0].RelicFragments, "cultural_relic_fragment") }},
		{"paradise_world", func(s *State) bool {
			pl, _ := s.Planet("Quann")
			return slices.Contains(pl.Attachments, "paradise_world")
		}},
		{"freelancers", func(s *State) bool { return slices.Contains(s.Decks.ExplorationDiscard["cultural"], "freelancers") }},
	} {
		g := fixture(t, fixtureConfig(), func(s *State) {
			d := s.Decks.Exploration["cultural"]
			i := slices.Index(d, tc.card)
			d[0], d[i] = d[i], d[0]
		})
		ev := do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Quann", ActionExtra: &ActionExtra{Player: ip(0)}})
		if !hasKind(ev, EvExplored) || len(g.State().Decks.Exploration["cultural"]) != 19 {
			t.Fatalf("%s: not explored: %v", tc.card, ev)
		}
		if !tc.check(g.State()) {
			t.Fatalf("%s did not land where it belongs", tc.card)
		}
	}
}

// 23.5 with 25.1c: an empty exploration deck is rebuilt from its discard
// pile with the game's RNG; planets without a trait are not explored.
func TestRule25_1c_ReshuffleAndNoTrait(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		s.Decks.ExplorationDiscard["cultural"] = append(s.Decks.ExplorationDiscard["cultural"], s.Decks.Exploration["cultural"]...)
		s.Decks.Exploration["cultural"] = nil
	})
	ev := do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Quann", ActionExtra: &ActionExtra{Player: ip(0)}})
	var ex *Event
	for i := range ev {
		if ev[i].Kind == EvExplored {
			ex = &ev[i]
		}
	}
	if ex == nil || len(ex.extra().NewDeck) != 20 {
		t.Fatalf("want a reshuffle of 20 cards, got %v", ev)
	}
	s := g.State()
	quann, _ := s.Planet("Quann")
	if got := len(s.Decks.Exploration["cultural"]) + len(s.Decks.ExplorationDiscard["cultural"]) + len(s.Players[0].RelicFragments) + len(quann.Attachments) + len(s.Decks.Purged); got != 20 {
		t.Fatalf("cultural cards: %d, want 20 in all", got)
	}
	refuse(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Mecatol Rex", ActionExtra: &ActionExtra{Player: ip(1)}}, "54.1")
	refuse(t, g, place(1, 0, "Mecatol Rex", "infantry", 1), "54.1")
	g = fixture(t, fixtureConfig(), func(s *State) { s.Custodians = false }) // someone paid to remove it (27.2)
	ev = do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Mecatol Rex", ActionExtra: &ActionExtra{Player: ip(1)}})
	if hasKind(ev, EvExplored) {
		t.Fatal("Mecatol Rex has no trait and is not explored")
	}
}

// 25.2: a player cannot gain a planet they already control.
func TestRule25_2_AlreadyControlled(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	refuse(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Jol", ActionExtra: &ActionExtra{Player: ip(0)}}, "25.2")
	do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Lodor", ActionExtra: &ActionExtra{Player: ip(0)}})
	refuse(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Lodor", ActionExtra: &ActionExtra{Player: ip(0)}}, "25.2")
}

// 25.3 and 25.4: the card stays while its units leave; a control token
// marks a planet held without units.
func TestRule25_4_ControlTokenWithoutUnits(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	home := g.State().Players[0].Home
	name := g.State().System(home).Planets[0].Name
	pl := planet(t, g, name)
	if pl.ControlToken || len(pl.Units) == 0 {
		t.Fatalf("%s %+v: starting units and no token", name, pl)
	}
	for _, st := range slices.Clone(pl.Units) {
		do(t, g, remove(0, home, name, st.Unit, st.Count))
	}
	pl = planet(t, g, name)
	if pl.Controller != 0 || !pl.ControlToken {
		t.Fatalf("%s %+v: still seat 0's, with a control token", name, pl)
	}
	// Units coming back do not change control (25.3).
	do(t, g, place(0, home, name, "infantry", 1))
	if planet(t, g, name).Controller != 0 {
		t.Fatal("control changed")
	}
}

// Control tokens are not component-limited (25, note 1).
func TestRule25_4_ControlTokensUnlimited(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	n := 0
	for _, sys := range g.State().Systems {
		for _, pl := range sys.Planets {
			if pl.Controller == None && pl.Name != MecatolRex {
				do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: pl.Name, ActionExtra: &ActionExtra{Player: ip(2)}})
				n++
			}
		}
	}
	tokens := 0
	for _, sys := range g.State().Systems {
		for _, pl := range sys.Planets {
			if pl.ControlToken && pl.Controller == 2 && sys.Pos != g.State().Players[2].Home {
				tokens++
			}
		}
	}
	if n < 20 || tokens != n {
		t.Fatalf("%d planets gained, %d control tokens; want more than the 17 in the box, all marked", n, tokens)
	}
}

// 25.5, 25.5a, 25.7: a controller with no units left loses the planet to
// the player whose units are on it; the old control token leaves.
func TestRule25_5_LoseToUnitsOnPlanet(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Quann", ActionExtra: &ActionExtra{Player: ip(0)}})
	if !planet(t, g, "Quann").ControlToken {
		t.Fatal("seat 0 holds Quann with a control token")
	}
	ev := do(t, g, place(1, 1, "Quann", "infantry", 2))
	pl := planet(t, g, "Quann")
	if pl.Controller != 1 || pl.ControlToken || !pl.Exhausted {
		t.Fatalf("Quann %+v: want seat 1's, exhausted, no token", pl)
	}
	if hasKind(ev, EvExplored) {
		t.Fatal("taken from another player: no exploration")
	}
	// While the controller still has units there, nothing changes (25.5).
	do(t, g, place(2, 1, "Quann", "infantry", 1))
	if planet(t, g, "Quann").Controller != 1 {
		t.Fatal("control moved while the controller still had units")
	}
}

// 25.5b and 49.5: during an invasion control waits for Establish Control;
// structures of other players are destroyed (49.5a).
func TestRule25_5b_InvasionEstablishControl(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		pl, _ := s.Planet("Lodor")
		pl.Controller = 2
		pl.Units = []Stack{{Owner: 2, Unit: "pds", Count: 1}}
		sys := s.System(2)
		sys.Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "infantry", Count: 2}}
	})
	do(t, g, Action{Kind: ActBeginInvasion, Seat: Referee, System: ip(2), ActionExtra: &ActionExtra{Player: ip(0)}})
	refuse(t, g, Action{Kind: ActCommit, Seat: 1, Planet: "Lodor", Unit: "infantry", Count: 1}, "49.2")
	refuse(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Lodor", Unit: "carrier", Count: 1}, "49.2")
	refuse(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Lodor", Unit: "infantry", Count: 3}, "49.2")
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Lodor", Unit: "infantry", Count: 2})
	// Seat 2 still controls Lodor: control is decided later (25.5b).
	do(t, g, remove(2, 2, "Lodor", "pds", 1)) // say space cannon defense happened and the PDS left
	if planet(t, g, "Lodor").Controller != 2 {
		t.Fatal("control changed before the Establish Control step")
	}
	do(t, g, place(2, 2, "Lodor", "pds", 1))
	ev := establishControl(t, g, 0)
	pl := planet(t, g, "Lodor")
	if pl.Controller != 0 || !pl.Exhausted || g.State().Invasion != nil {
		t.Fatalf("Lodor %+v after establish control", pl)
	}
	if g.State().OnBoard(2, "pds") != 0+count(planet(t, g, "Hercant").Units, 2, "pds")+count(planet(t, g, "Arretze").Units, 2, "pds")+count(planet(t, g, "Kamdorn").Units, 2, "pds") {
		t.Fatal("Hacan's PDS on Lodor should be destroyed (49.5a)")
	}
	if hasKind(ev, EvExplored) {
		t.Fatal("Lodor was Hacan's: not explored")
	}
}

// 49.4, 42, 54.1: ground combat decides whether control changes; no
// landing on Mecatol Rex while the custodians token is on it.
func TestRule25_5b_GroundCombatFirstAndCustodians(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		pl, _ := s.Planet("Lodor")
		pl.Controller = 2
		pl.Units = []Stack{{Owner: 2, Unit: "infantry", Count: 1}}
		s.System(2).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "infantry", Count: 2}}
		s.System(0).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}, {Owner: 1, Unit: "infantry", Count: 1}}
	})
	do(t, g, Action{Kind: ActBeginInvasion, Seat: Referee, System: ip(2), ActionExtra: &ActionExtra{Player: ip(0)}})
	refuse(t, g, Action{Kind: ActBeginInvasion, Seat: Referee, System: ip(0), ActionExtra: &ActionExtra{Player: ip(1)}}, "49")
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Lodor", Unit: "infantry", Count: 2})
	establishControl(t, g, 0)
	fightOut(t, g)
	s := g.State()
	pl, _ := s.Planet("Lodor")
	mine, theirs := s.groundOn(pl, 0), s.groundOn(pl, 2)
	if mine && theirs {
		t.Fatal("42.4: the combat ends when one side has no ground forces")
	}
	if (pl.Controller == 0) != mine {
		t.Fatalf("49.5: Lodor's controller %d, seat 0 has ground forces there: %v", pl.Controller, mine)
	}
	if s.Invasion != nil || s.Combat != nil {
		t.Fatal("the invasion is over")
	}
	do(t, g, Action{Kind: ActBeginInvasion, Seat: Referee, System: ip(0), ActionExtra: &ActionExtra{Player: ip(1)}})
	refuse(t, g, Action{Kind: ActCommit, Seat: 1, Planet: "Mecatol Rex", Unit: "infantry", Count: 1}, "54.1")
}

// fightOut plays a combat to its end for both sides.
func fightOut(t *testing.T, g *Game) {
	t.Helper()
	for i := 0; g.State().Combat != nil; i++ {
		if i > 500 {
			t.Fatal("combat does not end")
		}
		fightStep(t, g)
	}
	declineWindows(t, g) // Infiltrate, Reparations
}

// fightStep takes one step of the combat under way: windows passed,
// retreats declined, hits on sustain damage first, then on the cheapest
// unit (the odds calculator's default policy).
func fightStep(t *testing.T, g *Game) {
	t.Helper()
	s := g.State()
	seat := s.Combat.Attacker
	if a := s.Combat.Answer; a != nil {
		do(t, g, act(ActPassWindow, a.Seat)) // no Direct Hit
		return
	}
	if len(s.Combat.Owed) > 0 {
		seat = s.Combat.Owed[0].chooser()
	} else if s.Combat.Step == CbAnnounceD {
		seat = s.Combat.Defender
	}
	opts := Legal(s, engine.NewRNG(0), seat)
	if len(opts) == 0 {
		t.Fatalf("seat %d has no choice in combat %+v", seat, s.Combat)
	}
	chosen := opts[0]
	best := 1e9
	for _, o := range opts {
		switch {
		case o.Kind == ActNoRetreat:
			chosen, best = o, -2
		case o.Kind == ActAssignHit && o.Use && best > -1:
			chosen, best = o, -1
		case o.Kind == ActAssignHit && !o.Use:
			if c := s.UnitCard(seat, o.Unit).Cost; c < best {
				chosen, best = o, c
			}
		}
	}
	do(t, g, chosen)
}

// 25.6 and 25.7: losing a planet by a game effect returns its card to the
// deck and takes the control token away.
func TestRule25_6_LoseByEffect(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Wellon", ActionExtra: &ActionExtra{Player: ip(0)}})
	refuse(t, g, Action{Kind: ActLosePlanet, Seat: Referee, Planet: "Wellon", ActionExtra: &ActionExtra{Player: ip(1)}}, "25.6")
	do(t, g, Action{Kind: ActLosePlanet, Seat: Referee, Planet: "Wellon", ActionExtra: &ActionExtra{Player: ip(0)}})
	pl := planet(t, g, "Wellon")
	if pl.Controller != None || pl.ControlToken || pl.Exhausted {
		t.Fatalf("Wellon %+v, want back in the deck, no token (25.7)", pl)
	}
}

// 25.7: a control token leaves with control, however control is lost.
func TestRule25_7_TokenRemoved(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Wellon", ActionExtra: &ActionExtra{Player: ip(0)}})
	do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Wellon", ActionExtra: &ActionExtra{Player: ip(1)}})
	pl := planet(t, g, "Wellon")
	if pl.Controller != 1 {
		t.Fatal("seat 1 should control Wellon")
	}
	// Seat 1 has no units there either, so the token now is seat 1's own.
	if !pl.ControlToken {
		t.Fatal("seat 1 holds Wellon without units: a control token marks it (25.4)")
	}
}

func TestBadInputChangesNothing(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	for _, a := range []Action{
		{Kind: "teleport", Seat: 0},
		{Kind: ActGainPlanet, Seat: Referee, Planet: "Quann", ActionExtra: &ActionExtra{Player: ip(9)}},
		{Kind: ActGainPlanet, Seat: Referee, Planet: "Atlantis", ActionExtra: &ActionExtra{Player: ip(0)}},
		{Kind: ActGainPlanet, Seat: 0},
		place(0, 99, "", "carrier", 1),
		place(0, 1, "", "death_star", 1),
		place(0, 1, "", "carrier", 0),
		place(0, 1, "Narnia", "infantry", 1),
		{Kind: ActPlace, Seat: Referee, Unit: "carrier", Count: 1, ActionExtra: &ActionExtra{Player: ip(0)}},
		remove(0, 1, "", "carrier", 1),
	} {
		before, _ := g.Snapshot()
		if _, err := g.Do(a); err == nil {
			t.Fatalf("%v accepted", a)
		}
		if after, _ := g.Snapshot(); string(after) != string(before) {
			t.Fatalf("%v changed the state", a)
		}
	}
}

// 63.4, 79.4: a PDS or space dock with none of its owner's ground forces on
// the planet, and another player's units there, is destroyed; then control
// follows the units (25.5).
func TestRule63_4_StructuresAloneAreDestroyed(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		pl, _ := s.Planet("Quann")
		pl.Controller = 2
		pl.Units = []Stack{{Owner: 2, Unit: "pds", Count: 1}, {Owner: 2, Unit: "space_dock", Count: 1}}
	})
	do(t, g, place(1, 1, "Quann", "infantry", 1))
	pl := planet(t, g, "Quann")
	if count(pl.Units, 2, "") != 0 || pl.Controller != 1 {
		t.Fatalf("Quann %+v: the Hacan structures go, Sol takes the planet", pl)
	}

	// With their owner's infantry beside them, the structures stay.
	g = fixture(t, fixtureConfig(), func(s *State) {
		pl, _ := s.Planet("Quann")
		pl.Controller = 2
		pl.Units = []Stack{{Owner: 2, Unit: "pds", Count: 1}, {Owner: 2, Unit: "infantry", Count: 1}}
	})
	do(t, g, place(1, 1, "Quann", "infantry", 1))
	if pl := planet(t, g, "Quann"); count(pl.Units, 2, "pds") != 1 {
		t.Fatalf("Quann %+v: guarded by Hacan infantry, the PDS stays", pl)
	}
}

// 23.5, 35.7: two planets explored in one step from a deck holding one card.
// The first card drawn is discarded, so the reshuffle for the second takes
// it too, and no card is lost.
func TestRule35_7_ReshuffleTakesThisStepsDiscards(t *testing.T) {
	g := invadeArnor(t, 7, func(s *State) {
		d := s.Decks.Exploration["industrial"]
		i := slices.Index(d, "abandoned_warehouses")
		rest := slices.Concat(d[:i], d[i+1:])
		s.Decks.Exploration["industrial"] = []string{"abandoned_warehouses"}
		s.Decks.ExplorationDiscard["industrial"] = rest
	})
	declineWindows(t, g)
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 1})
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Lor", Unit: "infantry", Count: 1})
	ev := establishControl(t, g, 0)
	explored := 0
	for _, e := range ev {
		if e.Kind == EvExplored {
			explored++
		}
	}
	if explored != 2 {
		t.Fatalf("Arnor and Lor are both explored: %d", explored)
	}
	checked(t, g) // every industrial card is still in one place
}

// saarFactoryAt stages the Clan of Saar (seat 0) with nothing on the board
// but a Floating Factory at pos, and no planets unless keep.
func saarFactoryAt(pos int, keep bool) func(s *State) {
	return func(s *State) {
		for _, sys := range s.Systems {
			if keep && sys.Pos == s.Players[0].Home {
				sys.Space = dropOwner(sys.Space, 0)
				continue
			}
			sys.Space = dropOwner(sys.Space, 0)
			for _, pl := range sys.Planets {
				pl.Units = dropOwner(pl.Units, 0)
				if pl.Controller == 0 {
					pl.Controller, pl.ControlToken = None, false
				}
			}
		}
		s.System(pos).Space = []Stack{{Owner: 0, Unit: "space_dock", Count: 1}}
	}
}

// 79.4a, 14.1, 33.1: a Floating Factory that Sol's ships blockade, Saar
// having no ship beside it, is destroyed; Saar, left with no planet, no
// ground forces and no unit with Production, is eliminated.
func TestRule79_4a_FloatingFactoryBlockaded(t *testing.T) {
	cfg := fixtureConfig("saar", "sol", "hacan")
	g := fixture(t, cfg, saarFactoryAt(23, false))
	ev := do(t, g, place(1, 23, "", "destroyer", 1))
	s := checked(t, g)
	if count(s.System(23).Space, 0, "space_dock") != 0 || !hasKind(ev, EvEliminated) || !s.Players[0].Eliminated {
		t.Fatalf("the factory goes and Saar with it: %v", s.System(23).Space)
	}

	// Saar still holding its home planets loses the factory, not the game.
	g = fixture(t, cfg, saarFactoryAt(23, true))
	do(t, g, place(1, 23, "", "destroyer", 1))
	if s := checked(t, g); count(s.System(23).Space, 0, "space_dock") != 0 || s.Players[0].Eliminated {
		t.Fatal("the factory goes; Saar stays in")
	}

	// A Saar ship beside it (a fighter is one) means no blockade.
	for _, ship := range []string{"cruiser", "fighter"} {
		g = fixture(t, cfg, func(s *State) {
			saarFactoryAt(23, false)(s)
			s.System(23).Space = add(s.System(23).Space, 0, ship, 1)
		})
		do(t, g, place(1, 23, "", "destroyer", 1))
		if s := g.State(); count(s.System(23).Space, 0, "space_dock") != 1 || s.Players[0].Eliminated {
			t.Fatalf("beside a Saar %s the factory stays", ship)
		}
	}

	// Another player's ground forces are not ships: no blockade.
	g = fixture(t, cfg, saarFactoryAt(23, false))
	do(t, g, place(1, 23, "", "infantry", 1))
	if count(g.State().System(23).Space, 0, "space_dock") != 1 {
		t.Fatal("Sol's infantry in space do not blockade")
	}
}

// 79.4a, 58, 16.3c: Sol's destroyer moves in on a lone Floating Factory;
// no combat (the factory is not a ship), and the factory is destroyed.
// During a space combat in its system the factory waits for the end.
func TestRule79_4a_FactoryBlockadedByMovement(t *testing.T) {
	g := fixture(t, fixtureConfig("saar", "sol", "hacan"), func(s *State) {
		saarFactoryAt(23, true)(s)
		s.System(10).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
	})
	toActionPhase(t, g, "diplomacy", "leadership", "politics", "trade", "warfare", "technology")
	activated(t, g, 1, 23)
	do(t, g, moveShips(1, 10, "destroyer", 1))
	do(t, g, act(ActEndMovement, 1))
	declineWindows(t, g)
	if s := checked(t, g); count(s.System(23).Space, 0, "space_dock") != 0 || s.Combat != nil {
		t.Fatalf("the factory is destroyed: %v, combat %+v", s.System(23).Space, s.Combat)
	}

	s, _, err := Setup(fixtureConfig("saar", "sol", "hacan"))
	if err != nil {
		t.Fatal(err)
	}
	saarFactoryAt(23, true)(s)
	s.System(23).Space = add(s.System(23).Space, 1, "destroyer", 1)
	s.Combat = &Combat{Kind: "space", System: 23, Attacker: 1, Defender: 0}
	if ev := structureFollowUps(s); len(ev) != 0 {
		t.Fatalf("during the combat the factory waits: %v", ev)
	}
	s.Combat = nil
	if ev := structureFollowUps(s); len(ev) != 1 || ev[0].Unit != "space_dock" || ev[0].System != 23 {
		t.Fatalf("once it ends, the factory goes: %v", ev)
	}
}
