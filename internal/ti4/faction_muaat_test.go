package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// Muaat, Gashlai Physiology (86.1): ships move through supernovae.
func TestFaction_Muaat_GashlaiPhysiology(t *testing.T) {
	for _, muaat := range []bool{false, true} {
		f := []string{"jolnar", "sol", "hacan"}
		if muaat {
			f[0] = "muaat"
		}
		g := factionGame(t, f, func(s *State) {
			s.System(25).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
		})
		activated(t, g, 0, 26) // a supernova
		if muaat {
			do(t, g, moveShips(0, 25, "cruiser", 1))
		} else {
			refuse(t, g, moveShips(0, 25, "cruiser", 1), "58.4")
		}
	}
}

// Muaat, Star Forge: a component action, paid with a strategy token, for
// 2 fighters or a destroyer where Muaat has a war sun.
func TestFaction_Muaat_StarForge(t *testing.T) {
	g := factionGame(t, []string{"muaat", "sol", "hacan"}, nil)
	home := g.State().Players[0].Home
	if count(g.State().System(home).Space, 0, "war_sun") == 0 {
		t.Fatal("Muaat starts with a war sun at home")
	}
	refuse(t, g, use(0, "muaat:star_forge", Action{System: ip(9), Unit: "destroyer"}), "1.3")
	if _, err := g.Do(use(0, "muaat:star_forge", Action{System: ip(home), Unit: "cruiser"})); err == nil {
		t.Fatal("a cruiser is refused: fighters or a destroyer")
	}
	before := count(g.State().System(home).Space, 0, "destroyer")
	do(t, g, use(0, "muaat:star_forge", Action{System: ip(home), Unit: "destroyer"}))
	if count(g.State().System(home).Space, 0, "destroyer") != before+1 {
		t.Fatal("a destroyer placed with the war sun")
	}
}

// Muaat, Fires of the Gashlai (69.1, 90): as its holder's action, a token
// from the Muaat's fleet pool goes back to their reinforcements and the
// holder gains the War Sun; not with that pool empty, nor owning the War
// Sun; under the rules before factions it has no window.
func TestFaction_Muaat_FiresOfTheGashlai(t *testing.T) {
	const note = "muaat:fires_of_the_gashlai"
	g := factionGame(t, []string{"sol", "muaat", "hacan"}, giveNote(note, 0))
	if !noteOffered(g, 0, note) {
		t.Fatal("offered as an action")
	}
	fleet := g.State().Players[1].Fleet
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
	s := g.State()
	if !slices.Contains(s.Players[0].Techs, "war_sun") || s.Players[1].Fleet != fleet-1 || s.Turn == 0 || !slices.Contains(s.Players[1].Promissory, note) {
		t.Fatalf("war sun %v, Muaat fleet %d (was %d), turn %d", s.Players[0].Techs, s.Players[1].Fleet, fleet, s.Turn)
	}

	g = factionGame(t, []string{"sol", "muaat", "hacan"}, giveNote(note, 0))
	empty := g.State().Clone() // the fleet pool emptied once play began: no excess to remove first
	empty.Players[1].Fleet = 0
	rng := engineRNG()
	if _, err := decide(empty, Action{Kind: ActPlayNote, Seat: 0, Card: note}, &rng); engine.RuleOf(err) != "69.1" || noteMoment(empty, 0, note) {
		t.Fatalf("with the Muaat's fleet pool empty: %v", err)
	}
	g = factionGame(t, []string{"sol", "muaat", "hacan"}, func(s *State) {
		giveNote(note, 0)(s)
		s.Players[0].Techs = append(s.Players[0].Techs, "war_sun")
	})
	if noteOffered(g, 0, note) {
		t.Fatal("not offered to a holder who owns the War Sun")
	}
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note}, "90.2")

	g = factionGame(t, []string{"sol", "muaat", "hacan"}, giveNote(note, 0))
	earlier := g.State().Clone()
	earlier.Options.Rules = RulesTechs
	if noteMoment(earlier, 0, note) {
		t.Fatal("a game under the rules before factions has no window for it")
	}
	if _, err := decide(earlier, Action{Kind: ActPlayNote, Seat: 0, Card: note}, &rng); engine.RuleOf(err) != "69.1" {
		t.Fatalf("under the rules before factions: %v", err)
	}
}

// Muaat, Magmus Reactor (as printed; 86.1): the Muaat's ships move into
// supernovae, and production in a system next to one gains a trade good;
// elsewhere without a war sun, none.
func TestFactionTech_MagmusReactor(t *testing.T) {
	g := factionGame(t, []string{"muaat", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "magmus_reactor")
	})
	s := g.State()
	var nearNova, far int
	for _, sys := range s.Systems {
		next := slices.ContainsFunc(s.galaxy.Neighbors(sys.Pos, s.Wormholes), func(q int) bool { return s.anomaly(q, "supernova") })
		if next && nearNova == 0 {
			nearNova = sys.Pos
		} else if !next && far == 0 {
			far = sys.Pos
		}
	}
	if got := magmusReactor(s, 0, nearNova); len(got) != 1 || got[0].Count != 1 {
		t.Fatalf("next to a supernova: %v", got)
	}
	if got := magmusReactor(s, 0, far); got != nil {
		t.Fatalf("far from one, no war sun: %v", got)
	}
	s.System(far).Space = []Stack{{Owner: 0, Unit: "war_sun", Count: 1}}
	if got := magmusReactor(s, 0, far); len(got) != 1 {
		t.Fatalf("with a war sun: %v", got)
	}
	if !s.permits(0, PermitSupernovae) {
		t.Fatal("into supernovae")
	}
}

// Muaat, Ember Colossus (55): Star Forge used in a mech's system or next
// to it places an infantry with each mech named, on its planet or in its
// space area; a mech farther away, or one named twice, is refused.
func TestFactionUnit_EmberColossus(t *testing.T) {
	var far, near int
	var nearPl, farPl string
	g := factionGame(t, []string{"muaat", "sol", "hacan"}, func(s *State) {
		home := s.Players[0].Home
		s.System(home).Planets[0].Units = append(s.System(home).Planets[0].Units, Stack{Owner: 0, Unit: "mech", Count: 1})
		for _, sys := range s.Systems {
			switch {
			case near == 0 && len(sys.Planets) > 0 && s.Adjacent(sys.Pos, home) && !s.IsHomeSystem(sys.Pos):
				near, nearPl = sys.Pos, sys.Planets[0].Name
				sys.Planets[0].Units, sys.Planets[0].Controller = []Stack{{Owner: 0, Unit: "mech", Count: 1}}, 0
			case far == 0 && len(sys.Planets) > 0 && sys.Pos != home && !s.Adjacent(sys.Pos, home) && !s.IsHomeSystem(sys.Pos):
				far, farPl = sys.Pos, sys.Planets[0].Name
				sys.Planets[0].Units, sys.Planets[0].Controller = []Stack{{Owner: 0, Unit: "mech", Count: 1}}, 0
			}
		}
	})
	s := g.State()
	home := s.Players[0].Home
	homePl := s.System(home).Planets[0].Name
	at := func(ref ...UnitRef) Action {
		return use(0, "muaat:star_forge", Action{System: ip(home), Unit: "fighter", ActionExtra: &ActionExtra{Units: ref}})
	}
	refuse(t, g, at(UnitRef{System: far, Planet: farPl, Unit: "mech"}), "55")
	refuse(t, g, at(UnitRef{System: home, Planet: homePl, Unit: "mech"}, UnitRef{System: home, Planet: homePl, Unit: "mech"}), "55")
	inf := count(planet(t, g, homePl).Units, 0, "infantry")
	do(t, g, at(UnitRef{System: home, Planet: homePl, Unit: "mech"}, UnitRef{System: near, Planet: nearPl, Unit: "mech"}))
	if count(planet(t, g, homePl).Units, 0, "infantry") != inf+1 || count(planet(t, g, nearPl).Units, 0, "infantry") != 1 {
		t.Fatal("an infantry with each mech named")
	}
}

// Muaat, Magmus (commander): unlocked, a trade good after a token is spent
// from their strategy pool (Star Forge); none when it is only moved to
// another pool, nor while locked.
func TestFaction_Muaat_Magmus(t *testing.T) {
	for _, state := range []string{Locked, Unlocked} {
		g := factionGame(t, []string{"muaat", "sol", "hacan"}, func(s *State) { s.Players[0].Commander = state })
		home := g.State().Players[0].Home
		tg := g.State().Players[0].TradeGoods
		do(t, g, use(0, "muaat:star_forge", Action{System: ip(home), Unit: "destroyer"}))
		if got, want := g.State().Players[0].TradeGoods-tg, btoi(state == Unlocked); got != want {
			t.Fatalf("commander %s: %d trade goods after Star Forge, want %d", state, got, want)
		}
	}
	g := factionGame(t, []string{"muaat", "sol", "hacan"}, func(s *State) { s.Players[0].Commander = Unlocked })
	s := g.State().Clone()
	p := s.Players[0]
	tg := p.TradeGoods
	Rules{}.Apply(s, Event{Kind: EvTokensSet, Seat: 0, Pools: &Pools{p.Tactic + 1, p.Fleet, p.Strategy - 1}})
	if s.Players[0].TradeGoods != tg {
		t.Fatal("a token moved from the strategy pool to the tactic pool is not spent")
	}
}

// Muaat, Magmus's unlock (51.6), from rules version 6 as the card says: the
// war sun they start with does not unlock it; producing one does.
func TestFaction_Muaat_MagmusUnlocksOnAWarSunProduced(t *testing.T) {
	g := factionGame(t, []string{"muaat", "sol", "hacan"}, func(s *State) { s.Players[0].TradeGoods = 12 })
	if g.State().Players[0].Commander != Locked {
		t.Fatal("the war sun on the board does not unlock Magmus")
	}
	home := g.State().Players[0].Home
	activated(t, g, 0, home)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "war_sun", Count: 1})
	if g.State().Players[0].Commander != Unlocked {
		t.Fatal("a war sun produced unlocks Magmus")
	}
}

// Muaat, Magmus Reactor Ω (Codex I): a supernova with the Muaat's ships has
// Production 5 for them: up to 5 units produced there, not 6. In a game
// without the Codex it has none.
func TestFactionTech_MagmusReactorOmega(t *testing.T) {
	for _, noCodex := range []bool{false, true} {
		g := factionGame(t, []string{"muaat", "sol", "hacan"}, func(s *State) {
			s.Options.NoCodex = noCodex
			s.Players[0].Techs = append(s.Players[0].Techs, "magmus_reactor")
			s.Players[0].TradeGoods = 10
			s.System(26).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
		})
		activated(t, g, 0, 26) // a supernova
		do(t, g, act(ActEndMovement, 0))
		if noCodex {
			refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 2}, "68.1")
			continue
		}
		refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 6}, "68.1")
		do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 4})
		if count(g.State().System(26).Space, 0, "fighter") != 4 {
			t.Fatal("four fighters produced in the supernova")
		}
	}
}

// Muaat, Umbat (agent): as an action, a player of the Muaat's choice
// produces up to 2 units costing 4 or less where their war sun is: 2
// destroyers, not a third, and no war sun; the agent is exhausted.
func TestFaction_Muaat_Umbat(t *testing.T) {
	g := factionGame(t, []string{"muaat", "sol", "hacan"}, func(s *State) { s.Players[0].TradeGoods = 12 })
	home := g.State().Players[0].Home
	refuse(t, g, use(0, "muaat:umbat", Action{System: ip(home), ActionExtra: &ActionExtra{Player: ip(1)}}), "51.4") // Sol has no war sun there
	do(t, g, use(0, "muaat:umbat", Action{System: ip(home), ActionExtra: &ActionExtra{Player: ip(0)}}))
	if st := g.State().Step; st == nil || st.Kind != StepFreelance || st.Seat != 0 {
		t.Fatalf("step %+v: the Muaat's production", st)
	}
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "war_sun", Count: 1}, "1.3")
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "destroyer", Count: 2})
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "destroyer", Count: 1}, "68.1")
	if !slices.Contains(g.State().Players[0].ExhaustedTechs, "muaat:umbat") {
		t.Fatal("the agent is exhausted")
	}
}

// The Muaat, Adjudicator Ba'al (hero, 51.12): after their war sun moves
// into a system that is not a home system nor Mecatol Rex's, the other
// players' units there are destroyed and the tile becomes the Muaat
// supernova, its planets gone with their cards; the hero is purged,
// before any space cannon or combat in the system. Not after a move
// without a war sun.
func TestFaction_Muaat_AdjudicatorBaal(t *testing.T) {
	const hero = "muaat:adjudicator_ba_al"
	stage := func(s *State) {
		s.Players[0].Hero = Unlocked
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 1})(s)
		s.System(9).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
	}
	g := factionGame(t, []string{"muaat", "sol", "hacan"}, stage)
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "war_sun", 1))
	do(t, g, act(ActEndMovement, 0))
	toWindow(t, g, hero)
	if c := g.State().Combat; c == nil || !c.Held || c.Round > 0 || len(c.Owed) > 0 {
		t.Fatalf("the space combat waits for the window after the move (1.14): %+v", c)
	}
	do(t, g, use(0, hero, Action{}))
	s := g.State()
	sys := s.System(9)
	if sys.Tile != muaatSupernova || len(sys.Planets) != 0 || count(sys.Space, 1, "destroyer") != 0 || count(sys.Space, 0, "war_sun") != 1 {
		t.Fatalf("system 9: tile %s, planets %d, space %v", sys.Tile, len(sys.Planets), sys.Space)
	}
	if pl, _ := s.Planet("Arnor"); pl != nil || s.Players[0].Hero != Purged || !s.anomaly(9, "supernova") {
		t.Fatal("Arnor gone, the hero purged, the system a supernova")
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}

	g = factionGame(t, []string{"muaat", "sol", "hacan"}, func(s *State) {
		stage(s)
		s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "carrier", Count: 1})
	})
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "carrier", 1))
	do(t, g, act(ActEndMovement, 0))
	if st := g.State().Step; st != nil && st.Card == hero {
		t.Fatal("no window without a war sun moved")
	}
}
