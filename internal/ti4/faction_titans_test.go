package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Titans of Ul, Hecatoncheires (30, 55.3, 24.2): with Construction's
// primary, a mech and an infantry go on a planet in place of a PDS, as the
// first structure or as the second (a PDS); not with every mech on the
// board (30.2).
func TestFactionUnit_Hecatoncheires(t *testing.T) {
	cfg := fixtureConfig("titans", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, nil)
	toActionPhase(t, g, "construction", "diplomacy", "trade", "leadership", "warfare", "technology")
	strategic(t, g, 0, "construction")
	home := g.State().System(g.State().Players[0].Home).Planets[0].Name
	inf := count(planet(t, g, home).Units, 0, "infantry")
	do(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "mech", Planet: home})
	pl := planet(t, g, home)
	if count(pl.Units, 0, "mech") != 1 || count(pl.Units, 0, "infantry") != inf+1 || count(pl.Units, 0, "pds") != 0 {
		t.Fatalf("units %v: a mech and an infantry, no PDS", pl.Units)
	}
	do(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "mech", Planet: home}) // the second, a PDS
	if count(planet(t, g, home).Units, 0, "mech") != 2 {
		t.Fatal("the second PDS placed as a mech too")
	}

	g = fixture(t, cfg, func(s *State) {
		s.System(s.Players[0].Home).Planets[0].Units = append(s.System(s.Players[0].Home).Planets[0].Units, Stack{Owner: 0, Unit: "mech", Count: 4})
	})
	toActionPhase(t, g, "construction", "diplomacy", "trade", "leadership", "warfare", "technology")
	strategic(t, g, 0, "construction")
	refuse(t, g, Action{Kind: ActPlaceStructure, Seat: 0, Unit: "mech", Planet: home}, "30.2")
}

// The Titans, Terraform (69, 12): its holder's action attaches it to a
// planet they control, not in a home system: +1 resource and influence,
// all three traits; it leaves their hand and stays on the planet.
func TestFaction_Titans_Terraform(t *testing.T) {
	const note = "titans:terraform"
	g := factionGame(t, []string{"sol", "titans", "hacan"}, func(s *State) {
		giveNote(note, 0)(s)
		arnorHeldBy(0)(s)
	})
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Planet: "Jord"}, "69.1")
	pl, _ := g.State().Planet("Arnor")
	before := *planetInfo(pl)
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Planet: "Arnor"})
	s := g.State()
	pl, _ = s.Planet("Arnor")
	after := planetInfo(pl)
	if after.Resources != before.Resources+1 || after.Influence != before.Influence+1 {
		t.Fatalf("Arnor %d/%d, was %d/%d", after.Resources, after.Influence, before.Resources, before.Influence)
	}
	for _, tr := range []string{"cultural", "hazardous", "industrial"} {
		if !after.HasTrait(tr) {
			t.Errorf("Arnor lacks the %s trait", tr)
		}
	}
	if slices.Contains(s.Players[0].Promissory, note) || slices.Contains(s.Players[1].Promissory, note) || s.Turn == 0 {
		t.Fatalf("the note stays attached: Sol's hand %v, the Titans' %v", s.Players[0].Promissory, s.Players[1].Promissory)
	}
	checked(t, g) // the note attached is in one place
}

// The Titans, Ouranos (30): after the Titans activate a system with their
// PDS, the flagship from reinforcements replaces one; with the flagship
// on the board, no window opens.
func TestFactionUnit_Ouranos(t *testing.T) {
	for _, inReserve := range []bool{true, false} {
		g := factionGame(t, []string{"titans", "sol", "hacan"}, func(s *State) {
			arnorHeldBy(0, Stack{Owner: 0, Unit: "pds", Count: 2})(s)
			if !inReserve {
				s.System(23).Space = []Stack{{Owner: 0, Unit: "flagship", Count: 1}}
			}
		})
		activated(t, g, 0, 9)
		st := g.State().Step
		if st != nil && st.Card == "scanlink_drone_network" { // a starting technology's window first
			do(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: st.Card})
			st = g.State().Step
		}
		if !inReserve {
			if st != nil && st.Card == "ouranos" {
				t.Fatal("no window with the flagship on the board")
			}
			continue
		}
		if st == nil || st.Card != "ouranos" {
			t.Fatalf("step %+v: the Titans' deploy window", st)
		}
		refuse(t, g, use(0, "ouranos", Action{Planet: "Lor"}), "30.2")
		do(t, g, use(0, "ouranos", Action{Planet: "Arnor"}))
		s := g.State()
		if count(planetIn(s.System(9), "Arnor").Units, 0, "pds") != 1 || count(s.System(9).Space, 0, "flagship") != 1 {
			t.Fatalf("system 9: %+v", s.System(9))
		}
	}
}

// The Titans, Tungstantus (commander): unlocked, a trade good after their
// units use Production; locked, or with nothing produced, none.
func TestFaction_Titans_Tungstantus(t *testing.T) {
	for _, c := range []struct {
		state   string
		produce bool
		want    int
	}{{Unlocked, true, 1}, {Locked, true, 0}, {Unlocked, false, 0}} { // want: gained

		g := factionGame(t, []string{"titans", "sol", "hacan"}, func(s *State) {
			s.Players[0].Commander, s.Players[0].TradeGoods = c.state, 1
		})
		home := g.State().Players[0].Home
		activated(t, g, 0, home)
		do(t, g, act(ActEndMovement, 0))
		establishControl(t, g, 0)
		if c.produce {
			do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 2, Planet: g.State().System(home).Planets[0].Name})
			do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 1})
		}
		do(t, g, act(ActEndTactical, 0))
		if got := g.State().Players[0].TradeGoods - 1 + btoi(c.produce); got != c.want {
			t.Fatalf("%+v: %d trade goods after the action, want %d", c, got, c.want)
		}
	}
}

// The Titans, Ul the Progenitor (hero): as an action it is attached to
// their home planet, readied: +3/+3, and the planet fires space cannon 5
// (x3) for them, none for another player; the hero is off the sheet. A
// planet elsewhere is refused.
func TestFaction_Titans_UlTheProgenitor(t *testing.T) {
	g := factionGame(t, []string{"titans", "sol", "hacan"}, func(s *State) {
		s.Players[0].Hero = Unlocked
		for _, pl := range s.System(s.Players[0].Home).Planets {
			pl.Exhausted = true
		}
	})
	home := g.State().System(g.State().Players[0].Home)
	elysium := home.Planets[0]
	before := *planetInfo(elysium)
	refuse(t, g, use(0, "titans:ul_the_progenitor", Action{Planet: "Arnor"}), "51.10")
	do(t, g, use(0, "titans:ul_the_progenitor", Action{Planet: elysium.Name}))
	s := g.State()
	pl := planetIn(s.System(home.Pos), elysium.Name)
	if info := planetInfo(pl); info.Resources != before.Resources+3 || info.Influence != before.Influence+3 || pl.Exhausted {
		t.Fatalf("%s: %d/%d exhausted %v, want %d/%d readied", pl.Name, info.Resources, info.Influence, pl.Exhausted, before.Resources+3, before.Influence+3)
	}
	if s.Players[0].Hero != Purged {
		t.Fatalf("hero %s, off the sheet", s.Players[0].Hero)
	}
	for seat, want := range []int{3, 0} {
		var rolls []int
		rng := engine.NewRNG(1)
		s.Clone().cannonHits(seat, 2, s.System(home.Pos), &rng, &rolls)
		if len(rolls) != want {
			t.Fatalf("seat %d: %d space cannon dice from the planet, want %d", seat, len(rolls), want)
		}
	}
	checked(t, g)
}

// The Titans, Tellurian (agent): in a space combat, before a hit is
// assigned, the Titans may exhaust it to cancel that hit; exhausted, it is
// not used again.
func TestFaction_Titans_Tellurian(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		cfg := fixtureConfig("titans", "sol", "hacan")
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := dreadnoughtsAttack(t, cfg, 1, []Stack{{Owner: 1, Unit: "cruiser", Count: 3}}, nil)
		for i := 0; i < 40; i++ {
			c := g.State().Combat
			if c == nil {
				break
			}
			if hitWaiting(g.State(), None) && c.Owed[0].Seat == 0 {
				hits, owed := c.Owed[0].Hits, len(c.Owed)
				do(t, g, use(0, "titans:tellurian", Action{}))
				n := g.State().Combat
				if after := len(n.Owed); (hits > 1 && n.Owed[0].Hits != hits-1) || (hits == 1 && after != owed-1) {
					t.Fatalf("owed %+v after one of %d hits was cancelled", n.Owed, hits)
				}
				refuse(t, g, use(0, "titans:tellurian", Action{}), "34.4")
				return
			}
			fightStep(t, g)
		}
	}
	t.Fatal("no seed put a hit on the Titans")
}

// The Titans, Hel-Titan (43, 83, 49.5a): their PDS is a ground force too.
// Invaded, it fights a ground combat, rolling its combat value and
// sustaining damage, where another faction's lone PDS is destroyed when
// control is established; and it holds its planet as ground forces do.
func TestFactionUnit_HelTitan(t *testing.T) {
	s, fought, sustained := invadeLonePDS(t, "titans")
	pl, _ := s.Planet("Arnor")
	if !fought {
		t.Fatal("no ground combat against the Hel-Titan")
	}
	if !sustained && count(pl.Units, 1, "pds") > 0 {
		t.Fatal("the Hel-Titan survived without sustaining damage")
	}
	if mine := s.groundOn(pl, 0); mine != (pl.Controller == 0) || mine == (count(pl.Units, 1, "pds") > 0) {
		t.Fatalf("Arnor: controller %d, units %v", pl.Controller, pl.Units)
	}

	s, fought, _ = invadeLonePDS(t, "hacan")
	pl, _ = s.Planet("Arnor")
	if fought || pl.Controller != 0 || count(pl.Units, 1, "pds") != 0 {
		t.Fatalf("another faction's lone PDS is destroyed, no ground combat: %v", pl.Units)
	}
	if !s.groundForce(2, "pds") || s.groundForce(1, "pds") || isGroundForce("pds") {
		t.Fatal("only the Titans' PDS is a ground force, and it is never transported")
	}
}

// invadeLonePDS is seat 0 invading Arnor, held by seat 1 (of faction)
// with one PDS, to the end: whether a ground combat was fought against
// seat 1 and seat 1's unit sustained damage.
func invadeLonePDS(t *testing.T, faction string) (s *State, fought, sustained bool) {
	t.Helper()
	f := []string{"sol", faction, "titans"}
	if faction == "titans" {
		f[2] = "hacan"
	}
	g := mechInvasion(t, f, []Stack{{Owner: 1, Unit: "pds", Count: 1}}, 7)
	for i := 0; g.State().Combat != nil; i++ {
		if i > 200 {
			t.Fatal("combat does not end")
		}
		c := g.State().Combat
		fought = fought || (c.Kind == "ground" && c.Defender == 1 && c.Round > 0)
		fightStep(t, g)
		if pl, _ := g.State().Planet("Arnor"); slices.ContainsFunc(pl.Units, func(st Stack) bool { return st.Owner == 1 && st.Damaged > 0 }) {
			sustained = true
		}
	}
	declineWindows(t, g)
	return g.State(), fought, sustained
}
