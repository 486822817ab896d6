package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/combat"
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

// toWindow lets go every ability window ahead of card's and returns when
// card's window is open; it fails if the game comes to rest first.
func toWindow(t *testing.T, g *Game, card string) *Step {
	t.Helper()
	for i := 0; i < 20; i++ {
		st := g.State().Step
		switch {
		case st == nil || st.Kind != StepAbility:
			t.Fatalf("no window for %s: step %+v", card, st)
		case st.Card == card:
			return st
		default:
			do(t, g, Action{Kind: ActUseAbility, Seat: st.Seat, Card: st.Card})
		}
	}
	t.Fatalf("no window for %s", card)
	return nil
}

// scanlinkArnor is the Titans (seat 0), holding Arnor with an infantry,
// activating its system and exploring Arnor with Scanlink Drone Network:
// the exploration that opens Terragenesis's window.
func scanlinkArnor(t *testing.T, stage func(s *State)) *Game {
	t.Helper()
	g := factionGame(t, []string{"titans", "sol", "hacan"}, func(s *State) {
		arnorHeldBy(0, Stack{Owner: 0, Unit: "infantry", Count: 1})(s)
		top := []string{"industrial_relic_fragment"} // resolved without a choice
		s.Decks.Exploration["industrial"] = append(top, without(s.Decks.Exploration["industrial"], top)...)
		if stage != nil {
			stage(s)
		}
	})
	do(t, g, activate(0, 9))
	toWindow(t, g, "scanlink_drone_network")
	do(t, g, use(0, "scanlink_drone_network", Action{Planet: "Arnor"}))
	return g
}

// The Titans, Terragenesis (35): after exploring a planet with no sleeper
// token, one goes there from the supply, or moves there from another
// planet; never more than five on the board; none onto a planet that has
// one.
func TestFaction_Titans_Terragenesis(t *testing.T) {
	const card = "titans:terragenesis"
	g := scanlinkArnor(t, nil)
	toWindow(t, g, card)
	refuse(t, g, use(0, card, Action{Planet: "Lor"}), "1.3") // no sleeper on Lor to move
	do(t, g, use(0, card, Action{}))
	s := g.State()
	if pl, _ := s.Planet("Arnor"); !hasSleeper(pl, 0) || len(s.sleepers(0)) != 1 {
		t.Fatalf("a sleeper from the supply on Arnor: %v", s.sleepers(0))
	}

	five := []string{"Quann", "Lodor", "Lor", "Jord", "Mecatol Rex"}
	g = scanlinkArnor(t, func(s *State) {
		for _, name := range five {
			pl, _ := s.Planet(name)
			pl.Tokens = append(pl.Tokens, Token{Kind: sleeperToken, Owner: 0})
		}
	})
	st := toWindow(t, g, card)
	if o := terragenesisOptions(g.State(), 0, st); slices.Contains(o, Action{}) || len(o) != 5 {
		t.Fatalf("five out: only moves, %v", o)
	}
	refuse(t, g, use(0, card, Action{}), "1.3")
	do(t, g, use(0, card, Action{Planet: "Lor"}))
	s = g.State()
	lor, _ := s.Planet("Lor")
	arnor, _ := s.Planet("Arnor")
	if hasSleeper(lor, 0) || !hasSleeper(arnor, 0) || len(s.sleepers(0)) != 5 {
		t.Fatalf("the sleeper moved from Lor to Arnor: %v", s.sleepers(0))
	}

	g = scanlinkArnor(t, func(s *State) {
		pl, _ := s.Planet("Arnor")
		pl.Tokens = []Token{{Kind: sleeperToken, Owner: 0}}
	})
	if st := g.State().Step; st != nil && st.Card == card {
		t.Fatal("no Terragenesis onto a planet with a sleeper token")
	}
}

// awakenAt is the Titans (seat 0) activating system 9 with their sleeper
// tokens on the planets named, Arnor held by Sol (seat 1) with units;
// stage changes the set-up further.
func awakenAt(t *testing.T, planets []string, arnor []Stack, stage func(s *State)) *Game {
	t.Helper()
	g := factionGame(t, []string{"titans", "sol", "hacan"}, func(s *State) {
		arnorHeldBy(1, arnor...)(s)
		planetIn(s.System(9), "Lor").Controller = 0
		for _, name := range planets {
			pl, _ := s.Planet(name)
			pl.Tokens = append(pl.Tokens, Token{Kind: sleeperToken, Owner: 0})
		}
		if stage != nil {
			stage(s)
		}
	})
	do(t, g, activate(0, 9))
	return g
}

// The Titans, Awaken and Coalescence: after activating a system, each of
// their sleeper tokens there becomes a PDS; one among another player's
// ground forces fights them in the invasion step, uncommitted (no space
// cannon defense at it); one on a planet with only another player's
// structures takes the planet (25.5); as many as reinforcements allow.
func TestFaction_Titans_Awaken(t *testing.T) {
	const card = "titans:awaken"
	g := awakenAt(t, []string{"Arnor", "Lor"}, []Stack{{Owner: 1, Unit: "infantry", Count: 1}}, nil)
	toWindow(t, g, card)
	do(t, g, use(0, card, Action{}))
	s := g.State()
	arnor, _ := s.Planet("Arnor")
	lor, _ := s.Planet("Lor")
	if count(arnor.Units, 0, "pds") != 1 || count(lor.Units, 0, "pds") != 1 || len(s.sleepers(0)) != 0 {
		t.Fatalf("both sleepers awakened: Arnor %v, Lor %v, sleepers %v", arnor.Units, lor.Units, s.sleepers(0))
	}
	if !slices.Equal(s.Tactical.Forced, []string{"Arnor"}) {
		t.Fatalf("Coalescence: a ground combat forced on Arnor only, %v", s.Tactical.Forced)
	}
	for st := g.State().Step; st != nil; st = g.State().Step {
		if st.Kind == StepDecoy {
			do(t, g, act(ActDone, st.Seat))
		} else {
			do(t, g, Action{Kind: ActUseAbility, Seat: st.Seat, Card: st.Card})
		}
	}
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	fought := false
	for i := 0; g.State().Combat != nil; i++ {
		if i > 200 {
			t.Fatal("combat does not end")
		}
		c := g.State().Combat
		if len(c.Owed) > 0 && c.Owed[0].Rule == "77.8" {
			t.Fatal("no space cannon defense at units not committed")
		}
		fought = fought || (c.Kind == "ground" && c.Planet == "Arnor" && c.Defender == 1 && c.Round > 0)
		fightStep(t, g)
	}
	declineWindows(t, g)
	s = g.State()
	arnor, _ = s.Planet("Arnor")
	if !fought || (arnor.Controller == 0) != (count(arnor.Units, 0, "pds") > 0) {
		t.Fatalf("the ground combat on Arnor decides it: fought %v, controller %d, %v", fought, arnor.Controller, arnor.Units)
	}

	g = awakenAt(t, []string{"Arnor"}, []Stack{{Owner: 1, Unit: "space_dock", Count: 1}}, nil)
	toWindow(t, g, card)
	do(t, g, use(0, card, Action{}))
	s = g.State()
	arnor, _ = s.Planet("Arnor")
	if arnor.Controller != 0 || count(arnor.Units, 1, "space_dock") != 0 || len(s.Tactical.Forced) != 0 {
		t.Fatalf("a planet with only another's structures is taken: controller %d, %v", arnor.Controller, arnor.Units)
	}

	g = awakenAt(t, []string{"Arnor", "Lor"}, nil, func(s *State) {
		left := s.Reinforcements(0, "pds") - 1
		for _, name := range []string{"Elysium", "Quann", "Lodor"} {
			pl, _ := s.Planet(name)
			n := min(2-count(pl.Units, 0, "pds"), left)
			pl.Controller, pl.Units, left = 0, append(pl.Units, Stack{Owner: 0, Unit: "pds", Count: n}), left-n
		}
	})
	toWindow(t, g, card)
	do(t, g, use(0, card, Action{}))
	if on := g.State().sleepers(0); len(on) != 1 {
		t.Fatalf("one PDS in reinforcements: one sleeper awakened, %v left", on)
	}
}

// The Titans, Awaken: a sleeper token placed after the activation
// (Scanlink Drone Network's exploration, then Terragenesis) is not
// awakened by it. Awaken's window opens before Scanlink's, so the guard
// is asked directly of the state play leaves.
func TestFaction_Titans_AwakenNotFresh(t *testing.T) {
	g := scanlinkArnor(t, func(s *State) {
		pl, _ := s.Planet("Lor")
		pl.Controller, pl.Tokens = 0, []Token{{Kind: sleeperToken, Owner: 0}}
	})
	toWindow(t, g, "titans:terragenesis")
	do(t, g, use(0, "titans:terragenesis", Action{}))
	s := g.State()
	if got := awakened(s, 0, &Step{Systems: []int{9}}); len(got) != 1 || got[0].Name != "Lor" {
		t.Fatalf("only Lor's sleeper, there before the activation: %v", got)
	}
	s.Tactical = nil
	if got := awakened(s, 0, &Step{Systems: []int{9}}); len(got) != 2 {
		t.Fatalf("at the next activation both: %v", got)
	}
}

// The Titans eliminated (33.2): their sleeper tokens leave the board with
// their units; another player's tokens stay.
func TestFaction_Titans_SleepersEliminated(t *testing.T) {
	g := eliminated(t, fixtureConfig("jolnar", "sol", "titans"), func(s *State) {
		pl, _ := s.Planet("Arnor")
		pl.Tokens = []Token{{Kind: sleeperToken, Owner: 2}, {Kind: sleeperToken, Owner: 1}}
	})
	if pl, _ := g.State().Planet("Arnor"); !slices.Equal(pl.Tokens, []Token{{Kind: sleeperToken, Owner: 1}}) {
		t.Fatalf("Arnor's tokens %v", pl.Tokens)
	}
}

// The odds know the Hel-Titan as a ground force, from the same definition
// as play: invaded, it fights the ground combat (and may hold the planet),
// where another faction's lone PDS falls when control is established.
func TestFactionUnit_HelTitanOdds(t *testing.T) {
	odds := func(planet string) combat.Result {
		t.Helper()
		att, err := ParseUnits("2 infantry")
		if err != nil {
			t.Fatal(err)
		}
		def, err := ParseUnits(planet)
		if err != nil {
			t.Fatal(err)
		}
		r, err := combat.Solve(combat.Battle{Attacker: combat.Side{Units: att}, Defender: combat.Side{Planet: def}, Invade: true, NoCannon: true})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := odds("titans pds"); r.DefenderWins < 0.2 || r.AttackerWins > 0.8 {
		t.Fatalf("a Hel-Titan fights for its planet: %+v", r)
	}
	if r := odds("hacan pds"); r.AttackerWins != 1 {
		t.Fatalf("a lone PDS falls: %+v", r)
	}
}

// Tungstantus answers any production of the Titans', from rules version
// 10: Warfare's secondary at their home gains the trade good too; under
// version 9 only a tactical action's did.
func TestFaction_Titans_Tungstantus_OutsideTacticalAction(t *testing.T) {
	for _, c := range []struct{ rules, want int }{{RulesAgents, 1}, {RulesCodex, 0}} {
		cfg := fixtureConfig("sol", "titans", "hacan")
		cfg.Rules = c.rules
		g := fixture(t, cfg, func(s *State) { s.Players[1].Commander = Unlocked })
		toActionPhase(t, g, "warfare", "diplomacy", "trade", "leadership", "politics", "technology")
		strategic(t, g, 0, "warfare")
		do(t, g, Action{Kind: ActDone, Seat: 0, Pools: &Pools{3, 3, 2}})
		do(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true})
		before := g.State().Players[1].TradeGoods
		home := g.State().System(g.State().Players[1].Home)
		do(t, g, Action{Kind: ActProduce, Seat: 1, Unit: "fighter", Count: 2})
		do(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: home.Planets[0].Name})
		do(t, g, act(ActDone, 1))
		if got := g.State().Players[1].TradeGoods - before; got != c.want {
			t.Fatalf("rules %d: %d trade goods gained, want %d", c.rules, got, c.want)
		}
	}
}
