package ti4

import (
	"slices"
	"strconv"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// factionGame is the fixture's game with these factions seated, under the
// current rules (their abilities live), in its action phase with seat 0
// to act; stage changes the set-up state first.
func factionGame(t *testing.T, factions []string, stage func(s *State)) *Game {
	t.Helper()
	cfg := fixtureConfig(factions...)
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, stage)
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	return g
}

// statusGain is what each seat gains in the status phase's token step.
func statusGain(g *Game) []int {
	s := g.State().Clone()
	s.Status = &StatusStep{}
	applyRound(s, &Event{Kind: EvStatusTokens})
	return s.Status.Gain
}

// toMecatol is seat 0, the Winnu or Sol, with a carrier and two infantry
// moved into Mecatol Rex's system (the position 0), its movement ended
// and the answers passed; stage changes the set-up state too.
func toMecatol(t *testing.T, winnu bool, stage func(s *State)) *Game {
	t.Helper()
	f := []string{"sol", "jolnar", "hacan"}
	if winnu {
		f[0] = "winnu"
	}
	g := factionGame(t, f, func(s *State) {
		near := s.galaxy.Neighbors(0, s.Wormholes)[0]
		s.System(near).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "infantry", Count: 2}}
		stage(s)
	})
	near := g.State().galaxy.Neighbors(0, g.State().Wormholes)[0]
	activated(t, g, 0, 0)
	do(t, g, moveShips(0, near, "carrier", 1))
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(near), Unit: "infantry", Count: 2})
	do(t, g, act(ActEndMovement, 0))
	passAnswers(t, g)
	return g
}

// factionAgenda is a game with these factions seated, under the current
// rules, at its agenda phase with the given agendas on top of the deck,
// the first revealed and its "when" window open (seat 0 speaks first).
func factionAgenda(t *testing.T, factions, top []string, stage func(s *State)) *Game {
	t.Helper()
	cfg := fixtureConfig(factions...)
	cfg.Rules = RulesCurrent
	g := agendaStartWith(t, cfg, top, stage)
	for ag := g.State().Agenda; ag != nil && ag.Window == "start"; ag = g.State().Agenda {
		do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
	}
	return g
}

// noteOffered reports seat's Legal list offering to play note.
func noteOffered(g *Game, seat int, note string) bool {
	return slices.ContainsFunc(Legal(g.State(), engineRNG(), seat), func(a Action) bool { return a.Kind == ActPlayNote && a.Card == note })
}

// Paying within an action (47.3, 75.3): planets the payer controls,
// readied, each once; enough, and nothing named that the rest covers.
func TestSpendPaysWithoutWaste(t *testing.T) {
	g := factionGame(t, []string{"sol", "jolnar", "hacan"}, func(s *State) { s.Players[0].TradeGoods = 2 })
	s := g.State()
	home := s.System(s.Players[0].Home).Planets[0].Name // Jord: 4 resources, 2 influence
	for _, tc := range []struct {
		sp   Spend
		rule string
	}{
		{Spend{TradeGoods: 2}, ""},
		{Spend{Planets: []string{home}}, ""},
		{Spend{Planets: []string{home}, TradeGoods: 1}, "47.3"},
		{Spend{TradeGoods: 1}, "47.3"},
		{Spend{TradeGoods: 3}, "47.3"},
		{Spend{Planets: []string{"Nar"}}, "34.4"},
		{Spend{Planets: []string{home, home}}, "34.4"},
	} {
		_, err := s.pay(0, &tc.sp, 2, true)
		if engine.RuleOf(err) != tc.rule {
			t.Errorf("%+v: %v, want rule %q", tc.sp, err, tc.rule)
		}
	}
	for _, sp := range s.payments(0, 2, true, 100) {
		if _, err := s.pay(0, sp, 2, true); err != nil {
			t.Errorf("offered %+v: %v", sp, err)
		}
	}
}

// Jol-Nar's E-Res Siphons and the Naalu's Neuroglaive: after another
// player activates a system holding their ships, the Jol-Nar gain 4 trade
// goods and the active player loses a fleet token; activating elsewhere,
// nothing.
func TestFactionTech_EResSiphons_Neuroglaive(t *testing.T) {
	for _, there := range []bool{true, false} {
		g := factionGame(t, []string{"sol", "jolnar", "naalu"}, func(s *State) {
			s.Players[1].Techs = append(s.Players[1].Techs, "e_res_siphons")
			s.Players[2].Techs = append(s.Players[2].Techs, "neuroglaive")
			s.System(9).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}, {Owner: 2, Unit: "cruiser", Count: 1}}
		})
		empty := emptySystems(g.State())
		quickTactical(t, g, 2, empty[0]) // the Naalu act first (Telepathic)
		s := g.State()
		tg, fleet := s.Players[1].TradeGoods, s.Players[0].Fleet
		pos := 9
		if !there {
			pos = empty[1]
		}
		activated(t, g, 0, pos)
		s = g.State()
		gain, lost := s.Players[1].TradeGoods-tg, fleet-s.Players[0].Fleet
		if there != (gain == 4 && lost == 1) || (!there && (gain != 0 || lost != 0)) {
			t.Fatalf("there %v: Jol-Nar gained %d, Sol lost %d fleet tokens", there, gain, lost)
		}
	}
}

// emptySystems are the systems without units, in board order.
func emptySystems(s *State) []int {
	var out []int
	for _, sys := range s.Systems {
		if len(sys.Space) == 0 && !slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return len(pl.Units) > 0 }) {
			out = append(out, sys.Pos)
		}
	}
	return out
}

// Flagships: Genesis places an infantry in its space area at the end of
// the status phase; Fourth Moon keeps other players' ships with it from
// sustaining damage; Hil Colish carries a delta wormhole; The Inferno
// produces a cruiser for a trade good.
func TestFactionUnit_Flagships(t *testing.T) {
	g := factionGame(t, []string{"sol", "mentak", "creuss"}, func(s *State) {
		s.System(9).Space = []Stack{{Owner: 0, Unit: "flagship", Count: 1}, {Owner: 1, Unit: "flagship", Count: 1}, {Owner: 0, Unit: "dreadnought", Count: 1}}
		s.System(21).Space = []Stack{{Owner: 2, Unit: "flagship", Count: 1}}
	})
	s := g.State()
	end := EndStatusPhase(s.Clone())
	if !slices.ContainsFunc(end, func(e Event) bool {
		return e.Kind == EvUnitsPlaced && e.Seat == 0 && e.System == 9 && e.Unit == "infantry"
	}) {
		t.Fatalf("end of status phase %v: Genesis' infantry", end)
	}
	creussHome := s.Players[2].Home
	if !slices.Contains(s.Wormholes(21), "delta") || !s.Adjacent(21, creussHome) {
		t.Fatalf("wormholes at 21 %v: Hil Colish joins it to the Creuss home", s.Wormholes(21))
	}
	c := s.Clone()
	c.Combat = &Combat{Kind: "space", System: 9, Attacker: 1, Defender: 0, Step: CbRetreat, Retreat: None,
		Owed: []Owed{{Seat: 0, Hits: 1, Rule: "78.6", By: 1}}}
	if err := (Rules{}).Check(c, Action{Kind: ActAssignHit, Seat: 0, Unit: "dreadnought", Use: true}); engine.RuleOf(err) != "87" {
		t.Fatalf("Sol's dreadnought with Fourth Moon there: %v", err)
	}
	c.Combat.Owed = []Owed{{Seat: 1, Hits: 1, Rule: "78.6", By: 0}}
	if err := (Rules{}).Check(c, Action{Kind: ActAssignHit, Seat: 1, Unit: "flagship", Use: true}); err != nil {
		t.Fatalf("the Mentak's own ships sustain: %v", err)
	}
	// 78.6a: a round's hits are marked when the flagship is there as they
	// are produced; damage is sustained before any unit is destroyed, so
	// the Fourth Moon lost to the same round's hits still forbids it.
	if o := c.bare(c.System(9), []Owed{{Seat: 0, Hits: 1}, {Seat: 1, Hits: 1}}); !o[0].Bare || o[1].Bare {
		t.Fatalf("owed %+v: Sol's hits bare, the Mentak's not", o)
	}
	c.System(9).Space = slices.DeleteFunc(slices.Clone(c.System(9).Space), func(st Stack) bool { return st.Owner == 1 })
	c.Combat.Owed = []Owed{{Seat: 0, Hits: 1, Rule: "78.6", By: 1, Bare: true}}
	if err := (Rules{}).Check(c, Action{Kind: ActAssignHit, Seat: 0, Unit: "dreadnought", Use: true}); engine.RuleOf(err) != "87" {
		t.Fatalf("Fourth Moon destroyed in this step: %v", err)
	}
	c.Combat.Owed[0].Bare = false
	if err := (Rules{}).Check(c, Action{Kind: ActAssignHit, Seat: 0, Unit: "dreadnought", Use: true}); err != nil {
		t.Fatalf("hits of a later round, Fourth Moon gone: %v", err)
	}

	g = factionGame(t, []string{"muaat", "sol", "hacan"}, func(s *State) {
		s.System(9).Space = []Stack{{Owner: 0, Unit: "flagship", Count: 1}}
		s.Players[0].TradeGoods = 1
	})
	do(t, g, use(0, "the_inferno", Action{}))
	if s := g.State(); count(s.System(9).Space, 0, "cruiser") != 1 || s.Players[0].TradeGoods != 0 {
		t.Fatal("The Inferno: a cruiser for a trade good")
	}
}

// Flagships in combat: Arc Secundus takes planetary shields away from the
// planets it bombards and is repaired at the start of each space combat
// round; Van Hauge destroyed takes every ship in its system with it.
func TestFactionUnit_CombatFlagships(t *testing.T) {
	g := factionGame(t, []string{"letnev", "sol", "yin"}, func(s *State) {
		s.System(9).Space = []Stack{{Owner: 0, Unit: "flagship", Count: 1, Damaged: 1}, {Owner: 2, Unit: "flagship", Count: 1}, {Owner: 2, Unit: "cruiser", Count: 2}}
		arnorHeldBy(1, Stack{Owner: 1, Unit: "pds", Count: 1})(s)
	})
	s := g.State()
	sys := s.System(9)
	arnor := planetIn(sys, "Arnor")
	if s.shielded(arnor, sys, 0) || !s.shielded(arnor, sys, 2) {
		t.Fatal("Arc Secundus: no planetary shield against the Barony; against the Yin, yes")
	}
	c := &Combat{Kind: "space", System: 9, Attacker: 0, Defender: 2}
	if ev := s.roundRepairs(c, sys); len(ev) != 1 || ev[0].Kind != EvUnitRepaired || ev[0].Seat != 0 {
		t.Fatalf("repairs %v: the damaged Arc Secundus", ev)
	}
	x := s.Clone()
	x.Combat = &Combat{Kind: "space", System: 9, Attacker: 0, Defender: 2, Step: CbRetreat, Retreat: None,
		Owed: []Owed{{Seat: 2, Hits: 1, Rule: "78.6", By: 0}}}
	rng := engine.NewRNG(1)
	ev, err := decide(x, Action{Kind: ActAssignHit, Seat: 2, Unit: "flagship"}, &rng)
	if err != nil {
		t.Fatal(err)
	}
	removed := map[string]int{}
	for _, e := range ev {
		if e.Kind == EvUnitsRemoved {
			removed[strconv.Itoa(e.Seat)+e.Unit] += e.Count
		}
	}
	if removed["0flagship"] != 1 || removed["2cruiser"] != 2 {
		t.Fatalf("removed %v: Van Hauge takes every other ship along", removed)
	}
}

// settleStatus takes one step of the status phase for whoever decides:
// done or a pass where offered, else the first choice.
func settleStatus(t *testing.T, g *Game) {
	t.Helper()
	s := g.State()
	opts := Legal(s, engine.NewRNG(0), Deciding(s)[0])
	chosen := opts[0]
	for _, o := range opts {
		if o.Kind == ActDone || o.Kind == ActPassWindow {
			chosen = o
			break
		}
	}
	do(t, g, chosen)
}

// Flagships' combat rolls (78.5): C'morran N'orr gives the N'orr's other
// ships +1; J.N.S. Hylarim makes 2 more hits on each 9 or 10 it rolls;
// Salai Sai Corian rolls a die per non-fighter ship of the opponent's.
func TestFactionUnit_FlagshipRolls(t *testing.T) {
	g := factionGame(t, []string{"sardakk", "jolnar", "winnu"}, nil)
	s := g.State().Clone()
	s.System(9).Space = []Stack{{Owner: 0, Unit: "flagship", Count: 1}, {Owner: 0, Unit: "cruiser", Count: 10},
		{Owner: 1, Unit: "flagship", Count: 1}, {Owner: 2, Unit: "flagship", Count: 1}, {Owner: 1, Unit: "destroyer", Count: 3}}
	s.Combat = &Combat{Kind: "space", System: 9, Attacker: 0, Defender: 1}
	for seed := uint64(1); seed <= 5; seed++ {
		rng := engine.NewRNG(seed)
		var faces []int
		cruisers := []Stack{{Owner: 0, Unit: "cruiser", Count: 10}, {Owner: 0, Unit: "flagship", Count: 1}}
		hits := s.rollAgain(0, cruisers, combatOf, 0, false, &rng, &faces, nil)
		plain := engine.NewRNG(seed)
		var pf []int
		base := s.rollAgain(0, []Stack{{Owner: 0, Unit: "cruiser", Count: 10}}, combatOf, 0, false, &plain, &pf, nil)
		if hits < base {
			t.Fatalf("seed %d: with the flagship %d hits, without %d: its +1 helps the cruisers", seed, hits, base)
		}
		cruiserHits := 0
		for _, f := range faces[:10] {
			if f >= 6 { // a cruiser hits on 7; with +1, on 6
				cruiserHits++
			}
		}
		flagHits := 0
		for _, f := range faces[10:] {
			if f >= 6 { // the flagship hits on 6 itself, without the +1
				flagHits++
			}
		}
		if hits != cruiserHits+flagHits {
			t.Fatalf("seed %d: faces %v, %d hits, want %d", seed, faces, hits, cruiserHits+flagHits)
		}

		s.Combat = &Combat{Kind: "space", System: 9, Attacker: 1, Defender: 0}
		rng = engine.NewRNG(seed)
		faces = nil
		hits = s.rollAgain(1, []Stack{{Owner: 1, Unit: "flagship", Count: 1}}, combatOf, 0, false, &rng, &faces, nil)
		want := 0
		hit := s.UnitCard(1, "flagship").Combat
		for _, f := range faces {
			want += btoi(f >= hit) + 2*btoi(f >= 9)
		}
		if hits != want {
			t.Fatalf("seed %d: Hylarim faces %v, %d hits, want %d", seed, faces, hits, want)
		}

		s.Combat = &Combat{Kind: "space", System: 9, Attacker: 2, Defender: 1}
		faces = nil
		s.rollAgain(2, []Stack{{Owner: 2, Unit: "flagship", Count: 1}}, combatOf, 0, false, &rng, &faces, nil)
		if len(faces) != 4 { // Jol-Nar's flagship and 3 destroyers
			t.Fatalf("Salai Sai Corian rolled %d dice, want 4", len(faces))
		}
		s.Combat = &Combat{Kind: "space", System: 9, Attacker: 0, Defender: 1}
	}
}

// The odds read a unit's own ability from the same definitions as play:
// C'morran N'orr's +1 to its side's other ships.
func TestFactionUnit_OddsReadUnitAbilities(t *testing.T) {
	gs, err := ParseUnits("sardakk flagship, 2 cruiser")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		if want := btoi(g.Profile.Type == "flagship"); g.Profile.Lead != want {
			t.Fatalf("%s: lead %d, want %d", g.Profile.ID, g.Profile.Lead, want)
		}
	}
}
