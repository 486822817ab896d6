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

// Sol, Versatile (81.5): three command tokens in the status phase.
func TestFaction_Sol_Versatile(t *testing.T) {
	g := factionGame(t, []string{"jolnar", "sol", "hacan"}, nil)
	if gain := statusGain(g); gain[1] != 3 || gain[0] != 2 {
		t.Fatalf("gains %v: Sol 3, the others 2", gain)
	}
	cfg := fixtureConfig()
	if gain := statusGain(fixture(t, cfg, nil)); gain[1] != 2 {
		t.Fatalf("under the second rules version Sol gains %d, as the game was played", gain[1])
	}
}

// Sol, Orbital Drop (1.11, 22): a component action, paid with a strategy
// token, for 2 infantry on a planet Sol controls.
func TestFaction_Sol_OrbitalDrop(t *testing.T) {
	g := factionGame(t, []string{"sol", "jolnar", "hacan"}, nil)
	home := g.State().Players[0].Home
	jord := g.State().System(home).Planets[0].Name
	refuse(t, g, use(0, "sol:orbital_drop", Action{Planet: "Nar"}), "1.3") // Jol-Nar's
	before := count(planet(t, g, jord).Units, 0, "infantry")
	strategy := g.State().Players[0].Strategy
	do(t, g, use(0, "sol:orbital_drop", Action{Planet: jord}))
	s := g.State()
	if count(planet(t, g, jord).Units, 0, "infantry") != before+2 || s.Players[0].Strategy != strategy-1 || s.Turn == 0 {
		t.Fatal("two infantry for a strategy token, and the turn ends")
	}
	g = factionGame(t, []string{"sol", "jolnar", "hacan"}, func(s *State) { s.Players[0].Strategy = 0 })
	refuse(t, g, use(0, "sol:orbital_drop", Action{Planet: jord}), "1.11")
}

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

// Saar, Scavenge (25): a trade good on gaining control of a planet.
func TestFaction_Saar_Scavenge(t *testing.T) {
	g := factionGame(t, []string{"saar", "sol", "hacan"}, nil)
	tg := g.State().Players[0].TradeGoods
	do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Lodor", ActionExtra: &ActionExtra{Player: ip(0)}})
	if got := g.State().Players[0].TradeGoods; got < tg+1 {
		t.Fatalf("trade goods %d, want at least %d", got, tg+1)
	}
}

// Saar, Nomadic (61.16): public objectives are scored without holding
// the home system.
func TestFaction_Saar_Nomadic(t *testing.T) {
	for _, saar := range []bool{false, true} {
		f := []string{"jolnar", "sol", "hacan"}
		if saar {
			f[0] = "saar"
		}
		cfg := fixtureConfig(f...)
		cfg.Rules = RulesCurrent
		s, _, err := Setup(cfg)
		if err != nil {
			t.Fatal(err)
		}
		home := s.System(s.Players[0].Home)
		for _, pl := range home.Planets {
			pl.Controller = 1
		}
		if got := s.holdsHome(0); got != saar {
			t.Fatalf("saar %v: may score publics %v", saar, got)
		}
	}
}

// Letnev, Armada (37.1): two non-fighter ships more in a system than the
// fleet pool's tokens.
func TestFaction_Letnev_Armada(t *testing.T) {
	g := factionGame(t, []string{"letnev", "sol", "hacan"}, func(s *State) {
		s.Players[0].Fleet = 1
		s.System(21).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 3}}
	})
	activated(t, g, 0, 23)
	do(t, g, moveShips(0, 21, "cruiser", 3)) // 3 ships, pool 1 + 2
	g = factionGame(t, []string{"letnev", "sol", "hacan"}, func(s *State) {
		s.Players[0].Fleet = 1
		s.System(21).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 3}}
		s.System(23).Space = []Stack{{Owner: 0, Unit: "destroyer", Count: 1}}
	})
	activated(t, g, 0, 23)
	refuse(t, g, moveShips(0, 21, "cruiser", 3), "37.1") // 4 ships: one too many
}

// Yssaril, Crafty (2.8): no hand limit; another faction discards past 7.
func TestFaction_Yssaril_Crafty(t *testing.T) {
	cards := []string{"sabotage", "sabotage", "direct_hit", "direct_hit", "skilled_retreat", "skilled_retreat", "morale_boost", "morale_boost", "flank_speed"}
	g := factionGame(t, []string{"yssaril", "sol", "hacan"}, nil)
	s := g.State()
	s.Players[0].ActionCards, s.Players[1].ActionCards = slices.Clone(cards), slices.Clone(cards)
	if s.handLimitOf(0) < len(cards) || s.handLimitOf(1) != HandLimit {
		t.Fatalf("limits %d and %d", s.handLimitOf(0), s.handLimitOf(1))
	}
	ev := handFollowUps(s)
	if len(ev) == 0 || ev[0].Step == nil || ev[0].Step.Seat != 1 {
		t.Fatalf("Sol discards, the Yssaril do not: %+v", ev)
	}
}

// Yssaril, Stall Tactics: a component action discarding an action card.
func TestFaction_Yssaril_StallTactics(t *testing.T) {
	g := factionGame(t, []string{"yssaril", "sol", "hacan"}, giveAC(0, "sabotage"))
	if _, err := g.Do(use(0, "yssaril:stall_tactics", Action{Outcome: "direct_hit"})); err == nil {
		t.Fatal("a card not in hand is refused")
	}
	do(t, g, use(0, "yssaril:stall_tactics", Action{Outcome: "sabotage"}))
	if slices.Contains(g.State().Players[0].ActionCards, "sabotage") || g.State().Turn == 0 {
		t.Fatal("the card is discarded, and the turn ends")
	}
}

// Jol-Nar, Analytical (90.12): a prerequisite ignored researching a
// technology that is not a unit upgrade; not for a unit upgrade.
func TestFaction_JolNar_Analytical(t *testing.T) {
	cfg := fixtureConfig()
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, nil)
	toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
	strategic(t, g, 0, "technology")
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "carrier_2"}, "90.12") // a unit upgrade: 2 blue, Jol-Nar has 1
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"})        // 2 blue, one ignored
}

// Sardakk N'orr, Unrelenting, and Jol-Nar, Fragile (78.5, 42.2): +1 and
// -1 to each combat roll, in play: a fighter (9) of Sardakk's hits on 8,
// one of Jol-Nar's only on 10. The odds take the same definitions.
func TestFaction_Sardakk_Unrelenting_JolNar_Fragile(t *testing.T) {
	g := factionGame(t, []string{"sardakk", "jolnar", "hacan"}, nil)
	s := g.State()
	stacks := []Stack{{Owner: 0, Unit: "fighter", Count: 1}, {Owner: 1, Unit: "fighter", Count: 1}}
	for seed := uint64(1); seed < 200; seed++ {
		r := engine.NewRNG(seed)
		var faces []int
		hs := s.combatRoll(0, stacks, 0, 0, false, &r, &faces, nil)
		hj := s.combatRoll(1, stacks, 0, 0, false, &r, &faces, nil)
		if want := btoi(faces[0] >= 8); hs != want {
			t.Fatalf("Sardakk rolled %d: %d hits, want %d", faces[0], hs, want)
		}
		if want := btoi(faces[1] >= 10); hj != want {
			t.Fatalf("Jol-Nar rolled %d: %d hits, want %d", faces[1], hj, want)
		}
	}
	for name, want := range map[string]int{"sardakk": 1, "Jol-Nar": -1, "hacan": 0} {
		if got, err := FactionCombatMod(name); err != nil || got != want {
			t.Fatalf("%s: %d %v, want %d", name, got, err, want)
		}
	}
}

// Hacan, Masters of Trade (20.5): the Trade card's secondary without a
// command token; another player with no token in the strategy pool is
// refused.
func TestFaction_Hacan_MastersOfTrade(t *testing.T) {
	for _, hacan := range []bool{false, true} {
		f := []string{"jolnar", "sol", "xxcha"}
		if hacan {
			f[1] = "hacan"
		}
		g := factionGame(t, f, func(s *State) { s.Players[1].Strategy = 0 })
		// seat 0 holds leadership and trade (toActionPhase's picks)
		strategic(t, g, 0, "trade")
		do(t, g, act(ActDone, 0))
		a := Action{Kind: ActSecondary, Seat: 1, Use: true}
		if hacan {
			do(t, g, a)
		} else {
			refuse(t, g, a, "20.5")
		}
	}
}

// Hacan, Guild Ships (94.1): transactions with players who are not
// neighbors; others need neighbors (60.1).
func TestFaction_Hacan_GuildShips(t *testing.T) {
	g := factionGame(t, []string{"hacan", "sol", "jolnar"}, nil)
	if g.State().AreNeighbors(0, 1) {
		t.Fatal("the fixture's homes are not neighbors")
	}
	do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	g = factionGame(t, []string{"sol", "jolnar", "xxcha"}, nil)
	refuse(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}}, "60.1")
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

// Winnu, Blood Ties (27.2): the custodians token without spending
// influence; another faction pays six.
func TestFaction_Winnu_BloodTies(t *testing.T) {
	for _, winnu := range []bool{false, true} {
		g := toMecatol(t, winnu, func(s *State) { s.Players[0].TradeGoods = 6 }) // enough to pay, for the one who must
		ev := do(t, g, act(ActTakeCustodians, 0))
		if got := hasKind(ev, EvCustodians); got != winnu {
			t.Fatalf("winnu %v: the token taken at once %v", winnu, got)
		}
	}
}

// Jol-Nar, Brilliant (91.2, 91.3): a command token spent on the Technology
// card's secondary resolves its primary: the first technology is free
// (where the secondary's costs 4, which this Jol-Nar cannot pay), and a
// second may follow for 6.
func TestFaction_JolNar_Brilliant(t *testing.T) {
	for _, rules := range []int{RulesTechs, RulesCurrent} {
		cfg := fixtureConfig("sol", "jolnar", "hacan")
		cfg.Rules = rules
		g := fixture(t, cfg, nil)
		toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
		strategic(t, g, 0, "technology")
		do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "sarween_tools"})
		do(t, g, act(ActDone, 0))
		secondary := Action{Kind: ActSecondary, Seat: 1, Use: true}
		if rules != RulesCurrent {
			refuse(t, g, secondary, "91.3") // Jol-Nar cannot pay the secondary's 4 resources
			continue
		}
		do(t, g, secondary)
		do(t, g, Action{Kind: ActResearch, Seat: 1, Card: "gravity_drive"})
		if st := g.State().Step; st == nil || st.Seat != 1 || researchCost(g.State(), st) != 6 {
			t.Fatalf("a second technology may follow, for 6: %+v", st)
		}
	}
}

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

// Naalu, Telepathic (48): first in initiative order whatever its strategy
// card, unless another player holds its "0" token.
func TestFaction_Naalu_Telepathic(t *testing.T) {
	g := factionGame(t, []string{"jolnar", "sol", "naalu"}, nil)
	s := g.State()
	if s.Initiative(2) != 0 || s.InitiativeOrder()[0] != 2 {
		t.Fatalf("the Naalu act first: initiative %d, order %v", s.Initiative(2), s.InitiativeOrder())
	}
	c := s.Clone()
	c.ZeroToken = &ZeroToken{Holder: 0}
	if c.Initiative(2) == 0 || c.InitiativeOrder()[0] != 0 {
		t.Fatalf("the token given away: Naalu %d, order %v", c.Initiative(2), c.InitiativeOrder())
	}
}

// L1Z1X, Assimilate (25): gaining a planet, the other player's PDS and
// space dock there become the L1Z1X's; another faction gets none.
func TestFaction_L1Z1X_Assimilate(t *testing.T) {
	for _, l1 := range []bool{false, true} {
		f := []string{"jolnar", "sol", "hacan"}
		if l1 {
			f[0] = "l1z1x"
		}
		g := factionGame(t, f, arnorHeldBy(1, Stack{Owner: 1, Unit: "pds", Count: 1}, Stack{Owner: 1, Unit: "space_dock", Count: 1}))
		do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Arnor", ActionExtra: &ActionExtra{Player: ip(0)}})
		units := planet(t, g, "Arnor").Units
		mine := count(units, 0, "pds") + count(units, 0, "space_dock")
		if theirs := count(units, 1, "pds") + count(units, 1, "space_dock"); l1 && theirs != 0 {
			t.Fatalf("Sol keeps %d structures there", theirs)
		}
		if want := map[bool]int{false: 0, true: 2}[l1]; mine != want {
			t.Fatalf("l1z1x %v: %d structures of seat 0's, want %d", l1, mine, want)
		}
	}
}

// Xxcha, Peace Accords (25, 6.2, 6.3): after the Diplomacy primary, a
// planet without units next to one the Xxcha control is gained; Mecatol
// Rex and planets with units are not offered.
func TestFaction_Xxcha_PeaceAccords(t *testing.T) {
	cfg := fixtureConfig("xxcha", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		lor := planetIn(s.System(9), "Lor")
		lor.Controller, lor.Units = 1, []Stack{{Owner: 1, Unit: "infantry", Count: 1}}
	})
	toActionPhase(t, g, "leadership", "politics", "trade", "diplomacy", "warfare", "technology") // seat 0 acts first
	strategic(t, g, 0, "diplomacy")
	home := g.State().Players[0].Home
	do(t, g, Action{Kind: ActChooseSystem, Seat: 0, System: ip(home)})
	do(t, g, act(ActDone, 0))
	st := g.State().Step
	if st == nil || st.Kind != StepAbility || st.Card != "xxcha:peace_accords" {
		t.Fatalf("the window after Diplomacy: %+v", st)
	}
	refuse(t, g, use(0, "xxcha:peace_accords", Action{Planet: "Lor"}), "1.3") // units there
	refuse(t, g, use(0, "xxcha:peace_accords", Action{Planet: MecatolRex}), "1.3")
	do(t, g, use(0, "xxcha:peace_accords", Action{Planet: "Arnor"}))
	if planet(t, g, "Arnor").Controller != 0 {
		t.Fatal("Arnor gained")
	}
}

// Mentak, Ambush (78.2): at the start of a space combat, up to 2 of the
// Mentak's cruisers and destroyers roll, each hitting on its combat value;
// the opponent assigns the hits. The dice are rolled whoever attacks; the
// odds take the same ability by faction.
func TestFaction_Mentak_Ambush(t *testing.T) {
	hits := 0
	for seed := uint64(1); seed < 30; seed++ {
		cfg := fixtureConfig("mentak", "sol", "hacan")
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := fixture(t, cfg, func(s *State) {
			s.System(22).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 3}}
			s.System(9).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 2}}
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 9)
		do(t, g, moveShips(0, 22, "cruiser", 3))
		dice := combatDice(do(t, g, act(ActEndMovement, 0)))
		if len(dice) != 2 {
			t.Fatalf("seed %d: two ambush dice for three cruisers, got %v", seed, dice)
		}
		want := btoi(dice[0] >= 7) + btoi(dice[1] >= 7)
		owed := 0
		if c := g.State().Combat; c != nil {
			for _, o := range c.Owed {
				if o.Seat == 1 && o.By == 0 {
					owed += o.Hits
				}
			}
		}
		if owed != want {
			t.Fatalf("seed %d: dice %v, %d hits owed, want %d", seed, dice, owed, want)
		}
		hits += owed
	}
	if hits == 0 {
		t.Fatal("no seed hit: the test proves nothing")
	}
	if tech, err := FactionCombatTech("Mentak"); err != nil || !tech.Ambush {
		t.Fatalf("the odds' Mentak ambush: %+v %v", tech, err)
	}
}

// Winnu, Reclamation: after a tactical action in which the Winnu gained
// Mecatol Rex, a PDS and a space dock go there; another faction places
// none.
func TestFaction_Winnu_Reclamation(t *testing.T) {
	for _, winnu := range []bool{false, true} {
		g := toMecatol(t, winnu, func(s *State) { s.Custodians = false })
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: MecatolRex, Unit: "infantry", Count: 2})
		establishControl(t, g, 0)
		if tac := g.State().Tactical; tac != nil && tac.Step == TacProduction {
			do(t, g, act(ActEndTactical, 0))
		}
		rex := planet(t, g, MecatolRex)
		got := count(rex.Units, 0, "pds") + count(rex.Units, 0, "space_dock")
		if want := map[bool]int{false: 0, true: 2}[winnu]; rex.Controller != 0 || got != want {
			t.Fatalf("winnu %v: Mecatol Rex held by %d with %d structures, want %d", winnu, rex.Controller, got, want)
		}
	}
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

// Xxcha, Quash (1.15, 8.2): when an agenda is revealed, a strategy token
// discards it and the next is revealed; not once the votes have begun, nor
// without a token.
func TestFaction_Xxcha_Quash(t *testing.T) {
	g := factionAgenda(t, []string{"xxcha", "sol", "hacan"}, []string{"mutiny", "economic_equality", "incentive_program"}, nil)
	if g.State().Agenda.Card != "mutiny" {
		t.Fatalf("revealed %q", g.State().Agenda.Card)
	}
	refuse(t, g, use(1, "xxcha:quash", Action{}), "1.3") // Sol's
	strategy := g.State().Players[0].Strategy
	do(t, g, use(0, "xxcha:quash", Action{}))
	s := g.State()
	if s.Agenda.Card != "economic_equality" || s.Players[0].Strategy != strategy-1 || !slices.Contains(s.Decks.AgendaDiscard, "mutiny") {
		t.Fatalf("quashed: agenda %q, strategy %d (was %d), discard %v", s.Agenda.Card, s.Players[0].Strategy, strategy, s.Decks.AgendaDiscard)
	}
	passWindows(t, g)
	do(t, g, Action{Kind: ActAbstain, Seat: 1})
	refuse(t, g, use(0, "xxcha:quash", Action{}), "1.15") // the votes have begun

	g = factionAgenda(t, []string{"xxcha", "sol", "hacan"}, []string{"mutiny"}, func(s *State) { s.Players[0].Strategy = 0 })
	if slices.ContainsFunc(Legal(g.State(), engineRNG(), 0), func(a Action) bool { return a.Card == "xxcha:quash" }) {
		t.Fatal("no strategy token: Quash is not offered")
	}
	refuse(t, g, use(0, "xxcha:quash", Action{}), "1.11")
}

// noteOffered reports seat's Legal list offering to play note.
func noteOffered(g *Game, seat int, note string) bool {
	return slices.ContainsFunc(Legal(g.State(), engineRNG(), seat), func(a Action) bool { return a.Kind == ActPlayNote && a.Card == note })
}

// Xxcha, Political Favor (69.1, 8.2): when an agenda is revealed its
// holder takes a token from the Xxcha's strategy pool, and the agenda is
// discarded for the next; not with that pool empty, nor once the votes
// began; the note goes back.
func TestFaction_Xxcha_PoliticalFavor(t *testing.T) {
	const note = "xxcha:political_favor"
	top := []string{"mutiny", "economic_equality"}
	g := factionAgenda(t, []string{"xxcha", "sol", "hacan"}, top, giveNote(note, 1))
	if !noteOffered(g, 1, note) {
		t.Fatal("offered when the agenda is revealed")
	}
	strategy := g.State().Players[0].Strategy
	do(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note})
	s := g.State()
	if s.Agenda.Card != "economic_equality" || s.Players[0].Strategy != strategy-1 || !slices.Contains(s.Players[0].Promissory, note) {
		t.Fatalf("agenda %q, Xxcha strategy %d (was %d), Xxcha's notes %v", s.Agenda.Card, s.Players[0].Strategy, strategy, s.Players[0].Promissory)
	}

	g = factionAgenda(t, []string{"xxcha", "sol", "hacan"}, top, func(s *State) {
		giveNote(note, 1)(s)
		s.Players[0].Strategy = 0
	})
	if noteOffered(g, 1, note) {
		t.Fatal("not offered with the Xxcha's strategy pool empty")
	}
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note}, "69.1")

	g = factionAgenda(t, []string{"xxcha", "sol", "hacan"}, top, giveNote(note, 1))
	passWindows(t, g)
	do(t, g, Action{Kind: ActAbstain, Seat: 1})
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note}, "69.1")
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

// Hacan, Trade Convoys (69.1, 94.1, 60): in its holder's play area it lets
// them trade with players who are not neighbors; activating a system with
// the Hacan's units sends it back.
func TestFaction_Hacan_TradeConvoys(t *testing.T) {
	const note = "hacan:trade_convoys"
	g := factionGame(t, []string{"sol", "jolnar", "hacan"}, func(s *State) {
		giveNote(note, 0)(s)
		s.System(23).Space = []Stack{{Owner: 2, Unit: "carrier", Count: 1}}
	})
	if g.State().AreNeighbors(0, 1) {
		t.Fatal("the fixture's homes are not neighbors")
	}
	refuse(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}}, "60.1")
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
	if s := g.State(); !slices.Contains(s.Players[0].NotesInPlay, note) || s.Turn == 0 {
		t.Fatal("into the play area, as the turn's action")
	}
	settle(t, g)
	if g.State().Turn != 1 {
		t.Fatalf("seat %d's turn", g.State().Turn)
	}
	do(t, g, Action{Kind: ActTradeOpen, Seat: 1, ActionExtra: &ActionExtra{Player: ip(0)}}) // with the holder, on the other's turn too

	g = factionGame(t, []string{"sol", "jolnar", "hacan"}, func(s *State) {
		s.Players[0].NotesInPlay = append(s.Players[0].NotesInPlay, note)
		s.Players[2].Promissory = slices.DeleteFunc(s.Players[2].Promissory, func(n string) bool { return n == note })
		s.System(23).Space = []Stack{{Owner: 2, Unit: "carrier", Count: 1}}
	})
	activated(t, g, 0, 23)
	if s := g.State(); slices.Contains(s.Players[0].NotesInPlay, note) || !slices.Contains(s.Players[2].Promissory, note) {
		t.Fatal("activating a system with the Hacan's units sends it back")
	}
}

// Arborec, Mitosis (68.1d, 68.3): the Arborec's space docks produce no
// infantry, so only their Letani Warriors' Production makes infantry;
// under rules version 3 their docks did, as those games were played.
func TestFaction_Arborec_Mitosis_Production(t *testing.T) {
	for _, rules := range []int{RulesFactions, RulesCurrent} {
		cfg := fixtureConfig("arborec", "sol", "hacan")
		cfg.Rules = rules
		g := fixture(t, cfg, func(s *State) { s.Players[0].TradeGoods = 10 })
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		home := g.State().Players[0].Home
		nest := g.State().System(home).Planets[0].Name
		warriors := count(planet(t, g, nest).Units, 0, "infantry") // Production 1 each
		if warriors == 0 {
			t.Fatal("the Arborec start with infantry at home")
		}
		activated(t, g, 0, home)
		do(t, g, act(ActEndMovement, 0))
		establishControl(t, g, 0)
		more := Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: warriors + 1, Planet: nest}
		if rules == RulesFactions {
			do(t, g, more) // the dock's Production counted
			continue
		}
		refuse(t, g, more, "68.1")
		do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: warriors, Planet: nest})
		refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Count: 1, Planet: nest}, "68.1")
		do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 1}) // the dock still makes ships
	}
}

// Arborec, Mitosis (81): at the start of the status phase, before scoring,
// an infantry from reinforcements goes on a planet the Arborec control; it
// cannot be declined.
func TestFaction_Arborec_Mitosis_StatusPhase(t *testing.T) {
	g := factionGame(t, []string{"arborec", "sol", "hacan"}, nil)
	passActionPhase(t, g)
	s := g.State()
	st := s.Step
	if s.Phase != PhaseStatus || st == nil || st.Kind != StepAbility || st.Card != "arborec:mitosis" || st.Seat != 0 {
		t.Fatalf("phase %s, step %+v: Mitosis' window first", s.Phase, st)
	}
	if slices.ContainsFunc(Legal(s, engineRNG(), 0), func(a Action) bool { return a.Kind == ActUseAbility && !a.Use }) {
		t.Fatal("Mitosis is not offered to be let go")
	}
	refuse(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: "arborec:mitosis"}, "1.3")
	refuse(t, g, act(ActDone, 0), "1.19") // scoring waits
	home := s.Players[0].Home
	nest := s.System(home).Planets[0].Name
	before := count(planet(t, g, nest).Units, 0, "infantry")
	refuse(t, g, use(0, "arborec:mitosis", Action{Planet: "Jord"}), "1.3") // Sol's
	do(t, g, use(0, "arborec:mitosis", Action{Planet: nest}))
	if count(planet(t, g, nest).Units, 0, "infantry") != before+1 || g.State().Step != nil {
		t.Fatal("one infantry placed, and scoring begins")
	}
	skipScoring(t, g)
}

// Letnev, Munitions Reserves (78.4, 78.5): at the start of a space combat
// round, as the Letnev announce retreats, 2 trade goods have the round's
// missed dice rolled once more; once a round, not without the trade
// goods, and only that round.
func TestFaction_Letnev_MunitionsReserves(t *testing.T) {
	cfg := fixtureConfig("letnev", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 3}}
		// more than three hits to sink: the combat outlasts its first round
		s.System(9).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 2}, {Owner: 1, Unit: "dreadnought", Count: 1}, {Owner: 1, Unit: "fighter", Count: 4}}
		s.Players[0].TradeGoods = 3
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", 3))
	do(t, g, act(ActEndMovement, 0))
	passAnswers(t, g)
	refuse(t, g, use(0, "letnev:munitions_reserves", Action{}), "1.14") // the defender announces first
	do(t, g, act(ActNoRetreat, 1))
	c := g.State().Combat
	if c == nil || c.Step != CbAnnounceA {
		t.Fatalf("combat %+v: the attacker announces", c)
	}
	refuse(t, g, use(1, "letnev:munitions_reserves", Action{}), "1.3") // Sol's
	if !slices.ContainsFunc(Legal(g.State(), engineRNG(), 0), func(a Action) bool { return a.Card == "letnev:munitions_reserves" }) {
		t.Fatal("offered at the round's start")
	}
	do(t, g, use(0, "letnev:munitions_reserves", Action{}))
	if s := g.State(); s.Players[0].TradeGoods != 1 || !slices.Contains(s.Combat.Rerolls, 0) {
		t.Fatalf("trade goods %d, rerolls %v", s.Players[0].TradeGoods, s.Combat.Rerolls)
	}
	refuse(t, g, use(0, "letnev:munitions_reserves", Action{}), "1.3") // once a round
	for seed := uint64(1); seed <= 20; seed++ {                        // each missed die is rolled once more
		r := engine.NewRNG(seed)
		var faces []int
		g.State().Clone().combatRoll(0, []Stack{{Owner: 0, Unit: "dreadnought", Count: 3}}, 0, 0, true, &r, &faces, nil)
		used := 0 // each die's face, then its second face if it missed (a dreadnought hits on 5)
		for range 3 {
			if used < len(faces) && faces[used] < 5 {
				used++
			}
			used++
		}
		if used != len(faces) {
			t.Fatalf("seed %d: faces %v: each miss rolled once more", seed, faces)
		}
	}
	do(t, g, act(ActNoRetreat, 0))
	for c := g.State().Combat; c != nil && c.Round == 1; c = g.State().Combat { // the round's hits assigned
		s := g.State()
		opts := Legal(s, engineRNG(), Deciding(s)[0])
		a := opts[0]
		for _, o := range opts { // sustain damage where one can: the fleets live on
			if o.Kind == ActAssignHit && o.Use {
				a = o
			}
		}
		do(t, g, a)
	}
	if c := g.State().Combat; c == nil || len(c.Rerolls) != 0 {
		t.Fatalf("combat %+v: the rerolls are for one round only", c)
	}
	do(t, g, act(ActNoRetreat, 1))
	refuse(t, g, use(0, "letnev:munitions_reserves", Action{}), "1.11") // one trade good left
}

// L1Z1X, Cybernetic Enhancements (Codex I Ω; 69.1, 81.5): as its holder
// gains command tokens in the status phase, one more; then it goes back.
// Not before the token step, nor once the tokens are arranged.
func TestFaction_L1Z1X_CyberneticEnhancements(t *testing.T) {
	const note = "l1z1x:cybernetic_enhancements"
	g := factionGame(t, []string{"sol", "l1z1x", "hacan"}, giveNote(note, 0))
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note}, "69.1") // the action phase
	passActionPhase(t, g)
	skipScoring(t, g)
	s := g.State()
	if s.Status == nil || !s.Status.Tokens || !noteOffered(g, 0, note) {
		t.Fatal("offered at the status phase's token step")
	}
	gain := s.Status.Gain[0]
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
	s = g.State()
	if s.Status.Gain[0] != gain+1 || !slices.Contains(s.Players[1].Promissory, note) {
		t.Fatalf("gain %d (was %d), the L1Z1X's notes %v", s.Status.Gain[0], gain, s.Players[1].Promissory)
	}
	p := s.Players[0]
	refuse(t, g, Action{Kind: ActRedistribute, Seat: 0, Pools: &Pools{p.Tactic + gain, p.Fleet, p.Strategy}}, "81.5")
	do(t, g, Action{Kind: ActRedistribute, Seat: 0, Pools: &Pools{p.Tactic + gain + 1, p.Fleet, p.Strategy}})
}

// Sardakk N'orr, Tekklar Legion (69.1, 42.4a, 42.2): at the start of a
// ground combat its holder fights, +1 to the holder's rolls for that
// combat and -1 to the N'orr's when they are the opponent; the note goes
// back at once. The dice that miss show it: the value a reroll needs.
func TestFaction_Sardakk_TekklarLegion(t *testing.T) {
	const note = "sardakk:tekklar_legion"
	checked := false
	for seed := uint64(1); seed < 30 && !checked; seed++ {
		cfg := fixtureConfig("jolnar", "sardakk", "hacan")
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := invadeArnorAs(t, cfg, func(s *State) {
			giveNote(note, 0)(s)
			arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 3})(s)
		})
		refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note}, "69.1") // no ground combat yet
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
		do(t, g, act(ActEstablishControl, 0))
		do(t, g, act(ActPassWindow, 1)) // no Parley
		c := g.State().Combat
		if c == nil || c.Kind != "ground" || c.Answer == nil || c.Answer.Kind != "start" || c.Answer.Seat != 0 {
			t.Fatalf("the ground combat's start, the invader first: %+v", c)
		}
		if !noteOffered(g, 0, note) {
			t.Fatal("offered at the start of the ground combat")
		}
		do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
		s := g.State()
		if !slices.Contains(s.Combat.Legion, 0) || !slices.Contains(s.Players[1].Promissory, note) {
			t.Fatalf("legion %v, the N'orr's notes %v", s.Combat.Legion, s.Players[1].Promissory)
		}
		passStart(t, g)
		for _, m := range g.State().Combat.Misses {
			switch { // Jol-Nar's infantry hit on 8 with Fragile's -1; the N'orr's on 8 with Unrelenting's +1
			case m.Seat == 0 && m.Hit != 8, m.Seat == 1 && m.Hit != 8:
				t.Fatalf("seed %d: seat %d's misses need %d: +1 to the holder, -1 to the N'orr", seed, m.Seat, m.Hit)
			}
			checked = true
		}
	}
	if !checked {
		t.Fatal("no miss to read the modifiers from")
	}
}

// L1Z1X, Harrow (15, 42): at the end of each ground combat round the
// L1Z1X's ships in the system bombard the opponent's ground forces on the
// planet, their hits assigned as the round's; a planetary shield stops it,
// and another faction has none of it.
func TestFaction_L1Z1X_Harrow(t *testing.T) {
	for _, tc := range []struct {
		invader string
		pds     bool
		want    bool // bombard dice thrown after the first round
	}{{"l1z1x", false, true}, {"l1z1x", true, false}, {"jolnar", false, false}} {
		cfg := fixtureConfig(tc.invader, "sol", "hacan")
		cfg.Rules = RulesCurrent
		g := fixture(t, cfg, func(s *State) {
			arnor := planetIn(s.System(9), "Arnor")
			arnor.Controller, arnor.Units = 1, []Stack{{Owner: 1, Unit: "infantry", Count: 8}}
			if tc.pds {
				arnor.Units = append(arnor.Units, Stack{Owner: 1, Unit: "pds", Count: 1})
			}
			s.System(22).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}, {Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "infantry", Count: 4}}
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 9)
		do(t, g, moveShips(0, 22, "carrier", 1))
		do(t, g, moveShips(0, 22, "dreadnought", 2))
		do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 4})
		do(t, g, act(ActEndMovement, 0))
		passAnswers(t, g)
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 4})
		do(t, g, act(ActEstablishControl, 0))
		passAnswers(t, g)
		passStart(t, g)
		bombed, thrown := false, false
		for c := g.State().Combat; c != nil && c.Kind == "ground" && c.Round == 1; c = g.State().Combat {
			s := g.State()
			ev := do(t, g, Legal(s, engineRNG(), Deciding(s)[0])[0])
			for _, e := range ev {
				if e.Kind == EvCombat && e.Combat != nil && e.Combat.Bombed && !bombed {
					bombed, thrown = true, len(e.Rolls) > 0
				}
			}
		}
		if thrown != tc.want || (tc.invader == "jolnar" && bombed) {
			t.Fatalf("%s, pds %v: bombarded %v with dice %v, want dice %v", tc.invader, tc.pds, bombed, thrown, tc.want)
		}
	}
}

// Nekro Virus, Galactic Threat (8.16, 8.22): the Nekro cast no votes;
// once per agenda phase, after an agenda is revealed and before any vote,
// they predict its outcome; when it resolves so, they gain a technology of
// a player who voted for it (one they lack, not a faction's).
func TestFaction_Nekro_GalacticThreat(t *testing.T) {
	g := factionAgenda(t, []string{"nekro", "sol", "hacan"}, []string{"mutiny", "economic_equality"}, nil)
	refuse(t, g, use(0, "nekro:galactic_threat", Action{Outcome: "elect_someone"}), "8.22")
	for ag := g.State().Agenda; ag.Window == "when"; ag = g.State().Agenda {
		do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
	}
	do(t, g, use(0, "nekro:galactic_threat", Action{Outcome: For}))                // in the "after" window too
	refuse(t, g, use(0, "nekro:galactic_threat", Action{Outcome: Against}), "1.3") // once per agenda phase
	passWindows(t, g)
	if v := g.State().Agenda.Voters; slices.Contains(v, 0) {
		t.Fatalf("voters %v: the Nekro cast no votes", v)
	}
	sol := g.State().Players[1]
	jord := g.State().System(sol.Home).Planets[0].Name
	refuse(t, g, Action{Kind: ActVote, Seat: 0, Outcome: For}, "8.16")
	vote(t, g, 1, For, jord)
	abstain(t, g, 2)
	passWindows(t, g)
	st := g.State().Step
	if st == nil || st.Kind != StepAgendaTech || st.Seat != 0 || len(st.Cards) == 0 {
		t.Fatalf("step %+v: the Nekro gain one of Sol's technologies", st)
	}
	for _, id := range st.Cards {
		if !slices.Contains(sol.Techs, id) || slices.Contains(g.State().Players[0].Techs, id) {
			t.Fatalf("offered %s: a technology of Sol's that the Nekro lack", id)
		}
	}
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"}, "1.3")
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: st.Cards[0]})
	if !slices.Contains(g.State().Players[0].Techs, st.Cards[0]) {
		t.Fatal("gained")
	}
	passWindows(t, g)
	if ag := g.State().Agenda; ag != nil && ag.Card == "economic_equality" {
		refuse(t, g, use(0, "nekro:galactic_threat", Action{Outcome: For}), "1.3") // the phase's second agenda
	}
}

// Nekro Virus, Propagation (90, 91.2): the Nekro research nothing; the
// Technology card's research gains them 3 command tokens instead, the
// second paid for with 6 resources as any research; no technology is
// offered or accepted.
func TestFaction_Nekro_Propagation(t *testing.T) {
	cfg := fixtureConfig("nekro", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) { s.Players[0].TradeGoods = 6 })
	toActionPhase(t, g, "technology", "diplomacy", "politics", "leadership", "warfare", "trade")
	strategic(t, g, 0, "technology")
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Kind == ActResearch && a.Card != "" {
			t.Fatalf("offered %s: the Nekro research nothing", a.Card)
		}
	}
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"}, "90")
	before := g.State().Players[0]
	tokens := before.Tactic + before.Fleet + before.Strategy
	do(t, g, Action{Kind: ActResearch, Seat: 0})
	refuse(t, g, Action{Kind: ActResearch, Seat: 0}, "91.2") // the second costs 6
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 6})
	do(t, g, Action{Kind: ActResearch, Seat: 0})
	for i := 0; i < 2; i++ {
		st := g.State().Step
		if st == nil || st.Kind != StepGainTokens || st.Need != 3 {
			t.Fatalf("step %+v: 3 command tokens to place, twice", st)
		}
		do(t, g, Action{Kind: ActGainTokens, Seat: 0, Pools: &Pools{1, 1, 1}})
	}
	p := g.State().Players[0]
	if got := p.Tactic + p.Fleet + p.Strategy; got != tokens+6 || len(p.Techs) != len(before.Techs) {
		t.Fatalf("tokens %d, techs %v: 6 more tokens, no technology", got-tokens, p.Techs)
	}
}

// Nekro Virus, Technological Singularity (90): once per combat, after a
// unit of the opponent's is destroyed, the Nekro may gain one of that
// player's technologies they lack (not a faction's); the window does not
// open again in that combat, and never for the Nekro's losses.
func TestFaction_Nekro_TechnologicalSingularity(t *testing.T) {
	cfg := fixtureConfig("nekro", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 3}}
		s.System(9).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 3}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", 3))
	do(t, g, act(ActEndMovement, 0))
	windows := 0
	for i := 0; g.State().Combat != nil && i < 200; i++ {
		c := g.State().Combat
		if a := c.Answer; a != nil && a.Kind == AnswerLoss {
			if a.Seat != 0 || a.Owner != 1 {
				t.Fatalf("answer %+v: the Nekro answer Sol's losses alone", a)
			}
			windows++
			want := g.State().othersTechs(0, 1)
			var offered []string
			for _, o := range Legal(g.State(), engineRNG(), 0) {
				if o.Kind == ActUseAbility {
					offered = append(offered, o.Outcome)
				}
			}
			if len(want) == 0 || !slices.Equal(offered, want) {
				t.Fatalf("offered %v, want Sol's technologies the Nekro lack %v", offered, want)
			}
			refuse(t, g, use(0, "nekro:technological_singularity", Action{Outcome: "gravity_drive"}), "90")
			do(t, g, use(0, "nekro:technological_singularity", Action{Outcome: want[0]}))
			if !slices.Contains(g.State().Players[0].Techs, want[0]) {
				t.Fatal("the technology is gained")
			}
			continue
		}
		fightStep(t, g)
	}
	if windows != 1 {
		t.Fatalf("%d windows: one per combat", windows)
	}
}

// Yssaril Tribes, Scheming (81.3, 2): whenever the Yssaril draw action
// cards they draw one more, then discard one of their hand before the game
// goes on; another faction draws as told.
func TestFaction_Yssaril_Scheming(t *testing.T) {
	g := factionGame(t, []string{"yssaril", "sol", "hacan"}, nil)
	passActionPhase(t, g)
	before := [3]int{}
	for i, p := range g.State().Players {
		before[i] = len(p.ActionCards)
	}
	skipScoring(t, g) // the status phase draws (81.3)
	s := g.State()
	st := s.Step
	if st == nil || st.Kind != StepDrawDiscard || st.Seat != 0 {
		t.Fatalf("step %+v: the Yssaril discard first", st)
	}
	hand := s.Players[0].ActionCards
	gainY, gainS := len(hand)-before[0], len(s.Players[1].ActionCards)-before[1]
	if gainY != gainS+1 { // both start with Neural Motivator
		t.Fatalf("drawn %d by the Yssaril, %d by Sol: one more for the Yssaril", gainY, gainS)
	}
	var offered []string
	for _, a := range Legal(s, engineRNG(), 0) {
		if a.Kind == ActDiscardAC {
			offered = append(offered, a.Card)
		}
	}
	if len(offered) != len(hand) {
		t.Fatalf("offered %v: any card of the hand %v", offered, hand)
	}
	refuse(t, g, Action{Kind: ActDiscardAC, Seat: 1, Card: s.Players[1].ActionCards[0]}, "2.4")
	card := hand[0]
	do(t, g, Action{Kind: ActDiscardAC, Seat: 0, Card: card})
	s = g.State()
	if len(s.Players[0].ActionCards) != before[0]+gainS || !slices.Contains(s.Decks.ActionDiscard, card) || (s.Step != nil && s.Step.Kind == StepDrawDiscard) {
		t.Fatalf("hand %d, discard %v, step %+v", len(s.Players[0].ActionCards), s.Decks.ActionDiscard, s.Step)
	}
}

// Yin Brotherhood, Devotion (78): after a space combat round the combat
// outlasts, the Yin may destroy a cruiser or destroyer of theirs there for
// one hit on the opponent's ships; the window opens each such round.
func TestFaction_Yin_Devotion(t *testing.T) {
	cfg := fixtureConfig("yin", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "cruiser", Count: 2}}
		s.Players[0].Fleet = 4
		s.System(9).Space = []Stack{{Owner: 1, Unit: "dreadnought", Count: 3}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", 2))
	do(t, g, moveShips(0, 22, "cruiser", 2))
	do(t, g, act(ActEndMovement, 0))
	windows := 0
	for i := 0; g.State().Combat != nil && i < 300; i++ {
		c := g.State().Combat
		if a := c.Answer; a != nil && a.Kind == AnswerRoundEnd {
			if a.Seat != 0 {
				t.Fatalf("answer %+v: Sol has no Devotion", a)
			}
			windows++
			if windows > 1 {
				do(t, g, act(ActPassWindow, 0))
				continue
			}
			refuse(t, g, use(0, "yin:devotion", Action{Unit: "dreadnought"}), "78")
			cruisers := count(g.State().System(9).Space, 0, "cruiser")
			if cruisers == 0 {
				do(t, g, act(ActPassWindow, 0))
				continue
			}
			do(t, g, use(0, "yin:devotion", Action{Unit: "cruiser"}))
			n := g.State().Combat
			if count(g.State().System(9).Space, 0, "cruiser") != cruisers-1 || len(n.Owed) != 1 || n.Owed[0].Seat != 1 || n.Owed[0].Hits != 1 {
				t.Fatalf("owed %+v: a cruiser for a hit on Sol", n.Owed)
			}
			continue
		}
		fightStep(t, g)
	}
	if windows == 0 {
		t.Fatal("no round outlasted: the test proves nothing")
	}
}

// Yin Brotherhood, Indoctrination (42.4a): at the start of a ground combat,
// once, 2 influence (planets and trade goods, nothing wasted) replace one
// of the opponent's infantry there with a Yin infantry.
func TestFaction_Yin_Indoctrination(t *testing.T) {
	const ability = "yin:indoctrination"
	cfg := fixtureConfig("yin", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := invadeArnorAs(t, cfg, func(s *State) {
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 3})(s)
		s.Players[0].TradeGoods = 3
	})
	refuse(t, g, use(0, ability, Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 2}}}), "42.4a") // no ground combat yet
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	do(t, g, act(ActEstablishControl, 0))
	do(t, g, act(ActPassWindow, 1)) // no Parley
	offered := 0
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Kind == ActUseAbility && a.Card == ability {
			offered++
		}
	}
	if offered == 0 {
		t.Fatal("offered at the start of the ground combat")
	}
	refuse(t, g, use(0, ability, Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 1}}}), "47.3")
	refuse(t, g, use(0, ability, Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 3}}}), "47.3") // one more than needed
	do(t, g, use(0, ability, Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 2}}}))
	s := g.State()
	arnor := planetIn(s.System(9), "Arnor")
	if count(arnor.Units, 1, "infantry") != 2 || count(arnor.Units, 0, "infantry") != 3 || s.Players[0].TradeGoods != 1 {
		t.Fatalf("Arnor %v, trade goods %d: one infantry replaced for 2", arnor.Units, s.Players[0].TradeGoods)
	}
	refuse(t, g, use(0, ability, Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 1}}}), "1.3") // once
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

// Mentak Coalition, Pillage (60, 93.6): after a neighbor gains trade goods
// and holds 3 or more, the Mentak may take one of their trade goods or
// commodities, gaining a trade good; a player who is not a neighbor is
// not pillaged.
func TestFaction_Mentak_Pillage(t *testing.T) {
	for _, near := range []bool{true, false} {
		cfg := fixtureConfig("mentak", "sol", "hacan")
		cfg.Rules = RulesCurrent
		g := fixture(t, cfg, func(s *State) {
			if near {
				next := s.galaxy.Neighbors(s.Players[1].Home, nil)[0]
				s.System(next).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
			}
		})
		toActionPhase(t, g, "leadership", "trade", "warfare", "politics", "diplomacy", "technology")
		if g.State().AreNeighbors(0, 1) != near {
			t.Fatalf("near %v: the Mentak and Sol neighbors %v", near, g.State().AreNeighbors(0, 1))
		}
		quickTactical(t, g, 0, 9)
		strategic(t, g, 1, "trade")
		do(t, g, act(ActDone, 1))
		st := g.State().Step
		if !near {
			if st != nil && st.Kind == StepAbility {
				t.Fatalf("step %+v: no window for a player who is not a neighbor", st)
			}
			continue
		}
		if st == nil || st.Kind != StepAbility || st.Card != "mentak:pillage" || st.Seat != 0 || *st.Target != 1 {
			t.Fatalf("step %+v: the Mentak may pillage Sol", st)
		}
		sol := g.State().Players[1]
		tg, mentak := sol.TradeGoods, g.State().Players[0].TradeGoods
		refuse(t, g, use(0, "mentak:pillage", Action{Outcome: "planet"}), "1.3")
		do(t, g, use(0, "mentak:pillage", Action{Outcome: "trade_good"}))
		s := g.State()
		if s.Players[1].TradeGoods != tg-1 || s.Players[0].TradeGoods != mentak+1 {
			t.Fatalf("Sol %d, the Mentak %d trade goods: one taken", s.Players[1].TradeGoods, s.Players[0].TradeGoods)
		}
	}
}

// Hacan, Arbiters (94.3, 2.5): action cards are exchanged in the Hacan's
// transactions, either way, seen by the two players only; between two
// other players they are refused.
func TestFaction_Hacan_Arbiters(t *testing.T) {
	g := factionGame(t, []string{"hacan", "sol", "jolnar"}, func(s *State) {
		giveAC(1, "sabotage")(s)
		giveAC(2, "parley")(s)
	})
	do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	do(t, g, Action{Kind: ActTradeAdd, Seat: 1, Card: "sabotage"})
	refuse(t, g, Action{Kind: ActTradeAdd, Seat: 1, Card: "sabotage"}, "94.3") // one in hand
	v, _ := ViewFor(g.State(), 2)
	if got := v.State.Trade.Give[1].ActionCards; !slices.Equal(got, []string{"hidden"}) {
		t.Fatalf("Jol-Nar sees %v offered", got)
	}
	do(t, g, Action{Kind: ActTradeAccept, Seat: 0})
	do(t, g, Action{Kind: ActTradeAccept, Seat: 1})
	s := g.State()
	if !slices.Contains(s.Players[0].ActionCards, "sabotage") || slices.Contains(s.Players[1].ActionCards, "sabotage") {
		t.Fatalf("hands %v / %v: Sol's card is the Hacan's", s.Players[0].ActionCards, s.Players[1].ActionCards)
	}
	g = factionGame(t, []string{"xxcha", "sol", "jolnar"}, func(s *State) {
		giveAC(1, "sabotage")(s)
		next := s.galaxy.Neighbors(s.Players[1].Home, nil)[0]
		s.System(next).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}} // neighbors (60)
	})
	do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	refuse(t, g, Action{Kind: ActTradeAdd, Seat: 1, Card: "sabotage"}, "94.3")
}

// Naalu Collective, Foresight: after another player moves ships into a
// system with Naalu ships, the Naalu may spend a strategy token to move
// them to an adjacent system without other ships, placing the token there;
// no space combat follows.
func TestFaction_Naalu_Foresight(t *testing.T) {
	cfg := fixtureConfig("naalu", "jolnar", "sol")
	cfg.Rules = RulesCurrent
	var free, taken int
	g := fixture(t, cfg, func(s *State) {
		s.System(22).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 2}}
		s.System(9).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
		for _, q := range s.galaxy.Neighbors(9, nil) {
			if sys := s.System(q); sys != nil && len(sys.Space) == 0 && free == 0 && q != 22 {
				free = q
			} else if sys != nil && len(sys.Space) == 0 && taken == 0 && q != 22 {
				taken = q
				sys.Space = []Stack{{Owner: 2, Unit: "destroyer", Count: 1}}
			}
		}
	})
	if free == 0 || taken == 0 {
		t.Fatal("the fixture has no two empty systems next to 9")
	}
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	quickTactical(t, g, 0, 1) // the Naalu act first (Telepathic)
	activated(t, g, 1, 9)
	do(t, g, moveShips(1, 22, "cruiser", 2))
	do(t, g, act(ActEndMovement, 1))
	c := g.State().Combat
	if c == nil || c.Answer == nil || c.Answer.Kind != AnswerMovedIn || c.Answer.Seat != 0 {
		t.Fatalf("combat %+v: the Naalu answer the move first", c)
	}
	refuse(t, g, use(0, "naalu:foresight", Action{System: ip(taken)}), "6")
	strategy := g.State().Players[0].Strategy
	do(t, g, use(0, "naalu:foresight", Action{System: ip(free)}))
	s := g.State()
	if count(s.System(free).Space, 0, "cruiser") != 1 || count(s.System(9).Space, 0, "cruiser") != 0 ||
		!slices.Contains(s.System(free).Command, 0) || s.Players[0].Strategy != strategy-1 {
		t.Fatalf("the cruiser and a strategy token go to %d: %v, %v", free, s.System(free).Space, s.System(free).Command)
	}
	for i := 0; g.State().Combat != nil && i < 20; i++ {
		if c := g.State().Combat; c.Step == CbRoll || c.Round > 0 {
			t.Fatal("no space combat without the Naalu")
		}
		fightStep(t, g)
	}
}

// Mentak, Promise of Protection (69.1): played as its holder's action into
// their play area, where it keeps the Mentak from pillaging them; it goes
// back when they activate a system with the Mentak's units.
func TestFaction_Mentak_PromiseOfProtection(t *testing.T) {
	const note = "mentak:promise_of_protection"
	g := factionGame(t, []string{"sol", "mentak", "hacan"}, func(s *State) {
		giveNote(note, 0)(s)
		s.System(23).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}}
	})
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
	s := g.State()
	if !slices.Contains(s.Players[0].NotesInPlay, note) || s.Turn == 0 {
		t.Fatal("into the play area, as the turn's action")
	}
	st := &Step{Kind: StepAbility, Seat: 1, Card: "mentak:pillage", Target: ip(0)}
	s.Players[0].TradeGoods = 4
	if got := pillageOptions(s, 1, st); len(got) != 0 {
		t.Fatalf("offered %v: no Pillage against the holder", got)
	}
	s.Players[2].TradeGoods = 3
	if got := pillageOptions(s, 1, &Step{Target: ip(2)}); len(got) == 0 {
		t.Fatal("Pillage against another player stays")
	}
	g = factionGame(t, []string{"sol", "mentak", "hacan"}, func(s *State) {
		s.Players[0].NotesInPlay = append(s.Players[0].NotesInPlay, note)
		s.Players[1].Promissory = slices.DeleteFunc(s.Players[1].Promissory, func(n string) bool { return n == note })
		s.System(23).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}}
	})
	activated(t, g, 0, 23)
	if s := g.State(); slices.Contains(s.Players[0].NotesInPlay, note) || !slices.Contains(s.Players[1].Promissory, note) {
		t.Fatal("activating a system with the Mentak's units sends it back")
	}
}

// Nekro, Antivirus (69.1): played at the start of a combat its holder
// fights, into their play area, where it keeps the Nekro from taking their
// technologies with Technological Singularity.
func TestFaction_Nekro_Antivirus(t *testing.T) {
	const note = "nekro:antivirus"
	cfg := fixtureConfig("sol", "nekro", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		giveNote(note, 0)(s)
		s.System(22).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 2}}
		s.System(9).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note}, "69.1") // no combat
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "cruiser", 2))
	do(t, g, act(ActEndMovement, 0))
	if c := g.State().Combat; c == nil || c.Answer == nil || c.Answer.Kind != AnswerSpaceStart || c.Answer.Seat != 0 {
		t.Fatalf("combat %+v: the holder's window at the start of the space combat", c)
	}
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
	s := g.State().Clone()
	s.Combat = &Combat{Kind: "space", Attacker: 1, Defender: 0, Answer: &Answer{Kind: AnswerLoss, Seat: 1, Owner: 0}}
	if got := singularityOptions(s, 1, nil); len(got) != 0 {
		t.Fatalf("offered %v: the holder's technologies are out of reach", got)
	}
	s.Players[0].NotesInPlay = nil
	if got := singularityOptions(s, 1, nil); len(got) == 0 {
		t.Fatal("without the note, Sol's technologies are offered")
	}
}

// Yin, Greyfire Mutagen (Codex I; 42.4a): at the start of a ground combat
// its holder fights against 2 or more ground forces not the Yin's, one of
// the opponent's infantry becomes the holder's; against one it waits.
func TestFaction_Yin_GreyfireMutagen(t *testing.T) {
	const note = "yin:greyfire_mutagen"
	for _, defenders := range []int{1, 3} {
		cfg := fixtureConfig("jolnar", "sol", "yin")
		cfg.Rules = RulesCurrent
		g := invadeArnorAs(t, cfg, func(s *State) {
			giveNote(note, 0)(s)
			arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: defenders})(s)
		})
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
		do(t, g, act(ActEstablishControl, 0))
		do(t, g, act(ActPassWindow, 1)) // no Parley
		if defenders == 1 {
			refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note}, "69.1")
			continue
		}
		if !noteOffered(g, 0, note) {
			t.Fatal("offered at the start of the ground combat")
		}
		do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
		s := g.State()
		arnor := planetIn(s.System(9), "Arnor")
		if count(arnor.Units, 1, "infantry") != 2 || count(arnor.Units, 0, "infantry") != 3 || !slices.Contains(s.Players[2].Promissory, note) {
			t.Fatalf("Arnor %v: one of Sol's infantry is Jol-Nar's; the note back with the Yin", arnor.Units)
		}
	}
}

// Winnu, Acquiescence (Codex I; 20.5): when the Winnu's strategic action
// offers its holder the secondary, the holder uses it without a command
// token; the note goes back.
func TestFaction_Winnu_Acquiescence(t *testing.T) {
	const note = "winnu:acquiescence"
	cfg := fixtureConfig("winnu", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, giveNote(note, 1))
	toActionPhase(t, g, "leadership", "politics", "trade", "diplomacy", "warfare", "technology")
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note}, "69.1")
	strategic(t, g, 0, "diplomacy")
	do(t, g, Action{Kind: ActChooseSystem, Seat: 0, System: ip(g.State().Players[0].Home)})
	do(t, g, act(ActDone, 0))
	settle(t, g)
	if q := g.State().Strategic.Queue; len(q) == 0 || q[0] != 1 {
		t.Fatalf("queue %v: Sol is offered the secondary", q)
	}
	strategy := g.State().Players[1].Strategy
	do(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note})
	do(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true})
	s := g.State()
	if s.Players[1].Strategy != strategy || !slices.Contains(s.Players[0].Promissory, note) {
		t.Fatalf("strategy pool %d of %d: no token spent; the note back", s.Players[1].Strategy, strategy)
	}
}

// Arborec, Stymie (Codex I): after another player moves ships in where its
// holder has units, the holder puts a command token from the mover's
// reinforcements in a non-home system; the note goes back.
func TestFaction_Arborec_Stymie(t *testing.T) {
	const note = "arborec:stymie"
	cfg := fixtureConfig("jolnar", "sol", "arborec")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		giveNote(note, 1)(s)
		s.System(22).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 1})(s)
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "cruiser", 1))
	do(t, g, act(ActEndMovement, 0))
	c := g.State().Combat
	if c == nil || c.Answer == nil || c.Answer.Kind != AnswerMovedIn || c.Answer.Seat != 1 {
		t.Fatalf("combat %+v: Sol, with units there, answers the move", c)
	}
	home := g.State().Players[2].Home
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note, System: ip(home)}, "69.1")
	do(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note, System: ip(1)})
	s := g.State()
	if !slices.Contains(s.System(1).Command, 0) || !slices.Contains(s.Players[2].Promissory, note) {
		t.Fatalf("tokens %v: Jol-Nar's token in system 1; the note back", s.System(1).Command)
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

// Clan of Saar, Ragh's Call: after its holder commits units to a planet
// with the Saar's ground forces, those forces go to another planet the
// Saar control, and the holder lands unopposed; the note goes back.
func TestFaction_Saar_RaghsCall(t *testing.T) {
	const note = "saar:ragh_s_call"
	cfg := fixtureConfig("jolnar", "saar", "hacan")
	cfg.Rules = RulesCurrent
	g := invadeArnorAs(t, cfg, func(s *State) {
		giveNote(note, 0)(s)
		arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 2})(s)
	})
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Planet: "Arnor", ToPl: "Lisis II"}, "69.1") // nothing committed yet
	do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Planet: "Arnor", ToPl: "Nar"}, "69.1") // not the Saar's
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Planet: "Arnor", ToPl: "Lisis II"})
	s := g.State()
	arnor := planetIn(s.System(9), "Arnor")
	lisis, _ := s.Planet("Lisis II")
	if count(arnor.Units, 1, "infantry") != 0 || count(lisis.Units, 1, "infantry") < 2 || !slices.Contains(s.Players[1].Promissory, note) {
		t.Fatalf("Arnor %v, Lisis II %v: the Saar's infantry went home; the note back", arnor.Units, lisis.Units)
	}
}

// Jol-Nar, Research Agreement (90): after the Jol-Nar research a
// technology that is not a faction's, a window opens for the holder, who
// gains it; the note goes back.
func TestFaction_Jolnar_ResearchAgreement(t *testing.T) {
	const note = "jolnar:research_agreement"
	cfg := fixtureConfig("jolnar", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, giveNote(note, 1))
	toActionPhase(t, g, "technology", "diplomacy", "politics", "leadership", "warfare", "trade")
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note}, "69.1")
	strategic(t, g, 0, "technology")
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "gravity_drive"})
	do(t, g, act(ActDone, 0)) // no second technology
	st := g.State().Step
	if st == nil || st.Kind != StepNoteWindow || st.Seat != 1 || st.Card != note {
		t.Fatalf("step %+v: Sol's window for the note", st)
	}
	do(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note})
	s := g.State()
	if !slices.Contains(s.Players[1].Techs, "gravity_drive") || !slices.Contains(s.Players[0].Promissory, note) {
		t.Fatalf("Sol's techs %v: Gravity Drive gained; the note back", s.Players[1].Techs)
	}
}

// Sol, Military Support: at the start of Sol's turn the holder's window
// opens; played, a token leaves Sol's strategy pool and 2 infantry land on
// a planet of the holder's. Let go, it stays in hand.
func TestFaction_Sol_MilitarySupport(t *testing.T) {
	const note = "sol:military_support"
	for _, play := range []bool{true, false} {
		cfg := fixtureConfig("jolnar", "sol", "hacan")
		cfg.Rules = RulesCurrent
		g := fixture(t, cfg, giveNote(note, 0))
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		quickTactical(t, g, 0, 1)
		settle(t, g)
		st := g.State().Step
		if st == nil || st.Kind != StepNoteWindow || st.Seat != 0 || g.State().Turn != 1 {
			t.Fatalf("step %+v: at the start of Sol's turn, Jol-Nar's window", st)
		}
		if !play {
			do(t, g, act(ActDone, 0))
			if g.State().Step != nil || !slices.Contains(g.State().Players[0].Promissory, note) {
				t.Fatal("let go: Sol's turn goes on, the note stays in hand")
			}
			continue
		}
		before := count(planet(t, g, "Jol").Units, 0, "infantry")
		strategy := g.State().Players[1].Strategy
		do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Planet: "Jol"})
		s := g.State()
		if count(planet(t, g, "Jol").Units, 0, "infantry") != before+2 || s.Players[1].Strategy != strategy-1 || !slices.Contains(s.Players[1].Promissory, note) {
			t.Fatalf("Jol %v, Sol's strategy %d of %d", planet(t, g, "Jol").Units, s.Players[1].Strategy, strategy)
		}
	}
}

// Naalu, Gift of Prescience (48): at the end of the strategy phase its
// holder takes the Naalu "0" token, first in initiative order, the Naalu
// not; the note and token go back at the end of the status phase.
func TestFaction_Naalu_GiftOfPrescience(t *testing.T) {
	const note = "naalu:gift_of_prescience"
	cfg := fixtureConfig("jolnar", "sol", "naalu")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, giveNote(note, 1))
	for i, c := range []string{"leadership", "diplomacy", "politics", "trade", "warfare", "technology"} {
		pickAndPass(t, g, i%3, c)
	}
	st := g.State().Step
	if st == nil || st.Kind != StepNoteWindow || st.Seat != 1 || g.State().Phase != PhaseStrategy {
		t.Fatalf("step %+v in %s: Sol's window at the end of the strategy phase", st, g.State().Phase)
	}
	do(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note})
	s := g.State()
	if s.Phase != PhaseAction || s.InitiativeOrder()[0] != 1 || s.Initiative(2) == 0 || !slices.Contains(s.Players[1].NotesInPlay, note) {
		t.Fatalf("order %v: Sol first, the Naalu not", s.InitiativeOrder())
	}
	end := EndStatusPhase(s.Clone())
	if len(end) < 2 || end[len(end)-1].Kind != EvNoteReturned {
		t.Fatalf("end of status phase %v: the token goes and the note back", end)
	}
}

// Yssaril, Spy Net (69.1, 2.5): at the start of its holder's turn they
// look at the Yssaril's hand, which no one else sees in the view or the
// events, and must take one of its cards; the note goes back.
func TestFaction_Yssaril_SpyNet(t *testing.T) {
	const note = "yssaril:spy_net"
	g := factionGame(t, []string{"sol", "yssaril", "hacan"}, func(s *State) {
		giveNote(note, 0)(s)
		giveAC(1, "sabotage", "parley")(s)
	})
	ev := do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note})
	st := g.State().Step
	if st == nil || st.Kind != StepNoteWindow || !slices.Contains(st.Cards, "parley") {
		t.Fatalf("step %+v: the holder sees the hand", st)
	}
	for _, seat := range []int{1, 2, Referee} {
		v, _ := ViewFor(g.State(), seat)
		for _, e := range ev {
			if e.Step != nil && slices.Contains(e.For(seat).Step.Cards, "parley") {
				t.Fatalf("seat %d sees the hand in the events", seat)
			}
		}
		if slices.Contains(v.State.Step.Cards, "parley") {
			t.Fatalf("seat %d sees the hand in the view", seat)
		}
	}
	refuse(t, g, act(ActDone, 0), "69.1") // a card must be taken
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Outcome: "bribery"}, "69.1")
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Outcome: "parley"})
	s := g.State()
	if !slices.Contains(s.Players[0].ActionCards, "parley") || slices.Contains(s.Players[1].ActionCards, "parley") || !slices.Contains(s.Players[1].Promissory, note) {
		t.Fatal("Parley taken from the Yssaril; the note back")
	}
	if s.Turn != 0 {
		t.Fatal("the holder's turn goes on")
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

// Xxcha, Nullification Field: after another player activates a system
// holding the Xxcha's ships, the Xxcha may exhaust it and spend a strategy
// token to end that player's turn, the token staying.
func TestFactionTech_NullificationField(t *testing.T) {
	g := factionGame(t, []string{"sol", "xxcha", "hacan"}, func(s *State) {
		s.Players[1].Techs = append(s.Players[1].Techs, "nullification_field")
		s.System(9).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}}
		s.System(22).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 2}}
	})
	activated(t, g, 0, 9)
	settle(t, g)
	st := g.State().Step
	if st == nil || st.Kind != StepAbility || st.Card != "nullification_field" || st.Seat != 1 {
		t.Fatalf("step %+v: the Xxcha's window", st)
	}
	strategy := g.State().Players[1].Strategy
	do(t, g, use(1, "nullification_field", Action{}))
	s := g.State()
	if s.Tactical != nil || s.Turn == 0 || !slices.Contains(s.System(9).Command, 0) || s.Players[1].Strategy != strategy-1 ||
		!slices.Contains(s.Players[1].ExhaustedTechs, "nullification_field") {
		t.Fatalf("tactical %+v turn %d: Sol's turn ends, its token stays", s.Tactical, s.Turn)
	}
}

// Saar, Chaos Mapping (11, 67): no other player activates an asteroid field
// holding the Saar's ships; at the start of their turn the Saar produce
// one unit where they have Production.
func TestFactionTech_ChaosMapping(t *testing.T) {
	g := factionGame(t, []string{"saar", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "chaos_mapping")
	})
	var field int
	for _, sys := range g.State().Systems {
		if g.State().anomaly(sys.Pos, "asteroid-field") {
			field = sys.Pos
		}
	}
	if field == 0 {
		t.Fatal("the fixture has no asteroid field")
	}
	home := g.State().Players[0].Home
	refuse(t, g, use(0, "chaos_mapping", Action{System: ip(9)}), "67")
	do(t, g, use(0, "chaos_mapping", Action{System: ip(home)}))
	settle(t, g)
	if st := g.State().Step; st == nil || st.Kind != StepFreelance || st.Card != "chaos_mapping" {
		t.Fatalf("step %+v: a production of one unit at home", st)
	}
	do(t, g, act(ActDone, 0))
	refuse(t, g, use(0, "chaos_mapping", Action{System: ip(home)}), "1.3") // once a turn
	g = factionGame(t, []string{"sol", "saar", "hacan"}, func(s *State) {
		s.Players[1].Techs = append(s.Players[1].Techs, "chaos_mapping")
		s.System(field).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}}
	})
	refuse(t, g, Action{Kind: ActActivate, Seat: 0, System: ip(field)}, "11")
}

// Barony of Letnev, Non-Euclidean Shielding (87): a Sustain Damage
// cancels 2 of the hits owed; without it, 1.
func TestFactionTech_NonEuclideanShielding(t *testing.T) {
	for _, nes := range []bool{false, true} {
		g := factionGame(t, []string{"letnev", "sol", "hacan"}, func(s *State) {
			if nes {
				s.Players[0].Techs = append(s.Players[0].Techs, "non_euclidean_shielding")
			}
			s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}, {Owner: 1, Unit: "cruiser", Count: 1}}
			s.Combat = &Combat{Kind: "space", System: 9, Attacker: 1, Defender: 0, Step: CbRetreat, Retreat: None,
				Owed: []Owed{{Seat: 0, Hits: 2, Rule: "78.6", By: 1}}}
		})
		do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "dreadnought", Use: true})
		c := g.State().Combat
		left := 0
		if c != nil && len(c.Owed) > 0 && c.Owed[0].Seat == 0 {
			left = c.Owed[0].Hits
		}
		if want := btoi(!nes); left != want {
			t.Fatalf("shielding %v: %d hits left to assign, want %d", nes, left, want)
		}
	}
	if tech, err := ParseCombatTech("non_euclidean_shielding,l4_disruptors"); err != nil || !tech.Shielding || !tech.L4 {
		t.Fatalf("the odds read both: %+v %v", tech, err)
	}
}

// Barony of Letnev, L4 Disruptors (77.8): no space cannon defense against
// the Barony's invasion: before the ground combat starts no die is thrown
// at their infantry; without it the PDS throws one.
func TestFactionTech_L4Disruptors(t *testing.T) {
	for _, l4 := range []bool{false, true} {
		cfg := fixtureConfig("letnev", "sol", "hacan")
		cfg.Rules = RulesCurrent
		g := invadeArnorAs(t, cfg, func(s *State) {
			if l4 {
				s.Players[0].Techs = append(s.Players[0].Techs, "l4_disruptors")
			}
			arnorHeldBy(1, Stack{Owner: 1, Unit: "pds", Count: 1}, Stack{Owner: 1, Unit: "infantry", Count: 1})(s)
		})
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
		ev := do(t, g, act(ActEstablishControl, 0))
		for i := 0; i < 10; i++ {
			c := g.State().Combat
			if c != nil && ((c.Answer != nil && c.Answer.Kind == "start") || len(c.Owed) > 0) {
				break // the cannon has fired, or there was none
			}
			switch inv := g.State().Invasion; {
			case c != nil && c.Answer != nil:
				ev = append(ev, do(t, g, act(ActPassWindow, c.Answer.Seat))...)
			case inv != nil && inv.Ask != nil:
				ev = append(ev, do(t, g, act(ActPassWindow, inv.Ask.Seat))...)
			}
		}
		if c := g.State().Combat; c == nil || c.Kind != "ground" || c.Round > 0 {
			t.Fatalf("l4 %v: combat %+v: before the ground combat's rounds", l4, c)
		}
		if dice := len(combatDice(ev)); dice != btoi(!l4) {
			t.Fatalf("l4 %v: %d space cannon dice before the ground combat", l4, dice)
		}
	}
}

// Sardakk N'orr, Valkyrie Particle Weave (42): in a ground combat round
// in which the opponent hits, the N'orr owe one more hit to them.
func TestFactionTech_ValkyrieParticleWeave(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed < 40 && checked < 3; seed++ {
		cfg := fixtureConfig("sardakk", "sol", "hacan")
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := invadeArnorAs(t, cfg, func(s *State) {
			s.Players[0].Techs = append(s.Players[0].Techs, "valkyrie_particle_weave")
			arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 3})(s)
		})
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
		do(t, g, act(ActEstablishControl, 0))
		do(t, g, act(ActPassWindow, 1)) // no Parley
		passStart(t, g)
		c := g.State().Combat
		if c == nil || c.Round != 1 {
			t.Fatalf("seed %d: combat %+v", seed, c)
		}
		var onSol, onSardakk int
		for _, o := range c.Owed {
			if o.Seat == 1 {
				onSol = o.Hits
			} else {
				onSardakk = o.Hits
			}
		}
		dice := 0
		for _, m := range c.Misses {
			if m.Seat == 0 {
				dice += m.Count
			}
		}
		sardakkHits := 2 - dice // two infantry, one die each
		if onSardakk > 0 {
			checked++
			if onSol != sardakkHits+1 {
				t.Fatalf("seed %d: Sol hit, so the N'orr owe %d+1, not %d", seed, sardakkHits, onSol)
			}
		} else if onSol != sardakkHits {
			t.Fatalf("seed %d: Sol missed: the N'orr owe %d, not %d", seed, sardakkHits, onSol)
		}
	}
	if checked == 0 {
		t.Fatal("no seed in which Sol hit: the test proves nothing")
	}
}

// Mentak, Mirror Computing (47.3): each trade good spent counts for 2
// resources; paying within an action, no more than needed.
func TestFactionTech_MirrorComputing(t *testing.T) {
	g := factionGame(t, []string{"mentak", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "mirror_computing")
		s.Players[0].TradeGoods, s.Players[0].Fleet = 3, 6
	})
	s := g.State()
	if _, err := s.pay(0, &Spend{TradeGoods: 1}, 2, false); err != nil {
		t.Fatalf("one trade good pays 2: %v", err)
	}
	if _, err := s.pay(0, &Spend{TradeGoods: 2}, 2, false); engine.RuleOf(err) != "47.3" {
		t.Fatalf("two for 2 waste one: %v", err)
	}
	home := s.Players[0].Home
	activated(t, g, 0, home)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "cruiser", Count: 2})
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 2})
	do(t, g, act(ActEndTactical, 0)) // 2 cruisers (4) paid with 2 trade goods
}

// Hacan, Production Biomes: a component action, exhausting it and spending
// a strategy token: 4 trade goods for the Hacan, 2 for another player.
func TestFactionTech_ProductionBiomes(t *testing.T) {
	g := factionGame(t, []string{"hacan", "sol", "jolnar"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "production_biomes")
	})
	refuse(t, g, use(0, "production_biomes", Action{ActionExtra: &ActionExtra{Player: ip(0)}}), "2.7")
	p := g.State().Players[0]
	strategy, tg := p.Strategy, p.TradeGoods
	do(t, g, use(0, "production_biomes", Action{ActionExtra: &ActionExtra{Player: ip(2)}}))
	s := g.State()
	if s.Players[0].TradeGoods != tg+4 || s.Players[2].TradeGoods != 2 || s.Players[0].Strategy != strategy-1 || s.Turn == 0 {
		t.Fatalf("Hacan %d, Jol-Nar %d trade goods", s.Players[0].TradeGoods, s.Players[2].TradeGoods)
	}
}

// L1Z1X, Inheritance Systems (90.12): while researching, exhausted with 2
// resources more, a technology's prerequisites are all ignored, for that
// technology only.
func TestFactionTech_InheritanceSystems(t *testing.T) {
	cfg := fixtureConfig("l1z1x", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "inheritance_systems")
		s.Players[0].TradeGoods = 2
	})
	toActionPhase(t, g, "technology", "diplomacy", "politics", "leadership", "warfare", "trade")
	strategic(t, g, 0, "technology")
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"}, "90.12")
	do(t, g, use(0, "inheritance_systems", Action{Outcome: "prerequisites"}))
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"}, "91.2") // 2 resources first
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 2})
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"})
	if !slices.Contains(g.State().Players[0].Techs, "fleet_logistics") {
		t.Fatal("researched without its two blue prerequisites")
	}
}

// Yin, Impulse Core (78.2): at the start of a space combat, before the
// barrage, the Yin may destroy a destroyer of theirs there for a hit on a
// non-fighter ship of the opponent's.
func TestFactionTech_ImpulseCore(t *testing.T) {
	cfg := fixtureConfig("yin", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "impulse_core")
		s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 1}, {Owner: 0, Unit: "destroyer", Count: 1}}
		s.System(9).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 2}, {Owner: 1, Unit: "fighter", Count: 2}, {Owner: 1, Unit: "carrier", Count: 1}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", 1))
	do(t, g, moveShips(0, 22, "destroyer", 1))
	do(t, g, act(ActEndMovement, 0))
	c := g.State().Combat
	if c == nil || c.Answer == nil || c.Answer.Kind != AnswerSpaceStart || c.Answer.Seat != 0 || c.Step != CbStart {
		t.Fatalf("combat %+v: the Yin's window at the start", c)
	}
	refuse(t, g, use(0, "impulse_core", Action{Unit: "dreadnought"}), "78.2")
	do(t, g, use(0, "impulse_core", Action{Unit: "destroyer"}))
	s := g.State()
	if count(s.System(9).Space, 0, "destroyer") != 0 || len(s.Combat.Owed) != 1 || s.Combat.Owed[0].Only != "non_fighter_first" {
		t.Fatalf("owed %+v: the destroyer for a hit on a non-fighter", s.Combat.Owed)
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

// Yssaril, Transparasteel Plating (3.3): in the Yssaril's turn a player
// who has passed plays no action card (Sabotage against the Yssaril's
// card); one who has not, or without the technology, does.
func TestFactionTech_TransparasteelPlating(t *testing.T) {
	for _, tc := range []struct{ tech, passed, silent bool }{{true, true, true}, {true, false, false}, {false, true, false}} {
		g := factionGame(t, []string{"yssaril", "sol", "hacan"}, func(s *State) {
			if tc.tech {
				s.Players[0].Techs = append(s.Players[0].Techs, "transparasteel_plating")
			}
			s.Players[0].TradeGoods = 4
			giveAC(0, "focused_research")(s)
			giveAC(1, "sabotage")(s)
		})
		do(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "focused_research", Outcome: "sarween_tools"})
		s := g.State().Clone()
		s.Players[1].Passed = tc.passed // as if Sol had passed earlier in the phase
		err := (Rules{}).Check(s, Action{Kind: ActPlayAC, Seat: 1, Card: "sabotage"})
		if (engine.RuleOf(err) == "3.3") != tc.silent || (!tc.silent && err != nil) {
			t.Fatalf("%+v: %v", tc, err)
		}
	}
}

// Jol-Nar, Spatial Conduit Cylinder: after activating a system with their
// units, the Jol-Nar may exhaust it to make that system adjacent to every
// system with their units for the tactical action: a carrier from afar
// moves in with a move of 1.
func TestFactionTech_SpatialConduitCylinder(t *testing.T) {
	for _, conduit := range []bool{false, true} {
		var far int
		g := factionGame(t, []string{"jolnar", "sol", "hacan"}, func(s *State) {
			s.Players[0].Techs = append(s.Players[0].Techs, "spatial_conduit_cylinder")
			s.System(9).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
			for _, q := range emptySystems(s) {
				if s.reach(0, q, 9, 1) < 0 && !s.anomaly(q, "nebula") && !s.anomaly(q, "gravity-rift") {
					far = q
					break
				}
			}
			s.System(far).Space = []Stack{{Owner: 0, Unit: "carrier", Count: 1}}
		})
		activated(t, g, 0, 9)
		settle(t, g)
		if st := g.State().Step; st == nil || st.Card != "spatial_conduit_cylinder" {
			t.Fatalf("step %+v: the window after activation", st)
		}
		if conduit {
			do(t, g, use(0, "spatial_conduit_cylinder", Action{}))
		} else {
			do(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: "spatial_conduit_cylinder"}) // let go
		}
		a := moveShips(0, far, "carrier", 1)
		if conduit {
			do(t, g, a)
		} else {
			refuse(t, g, a, "58.4")
		}
	}
}

// Winnu, Lazax Gate Folding: while the Winnu do not control Mecatol Rex,
// its system is one move from an alpha wormhole for their ships; while
// they do, a component action places an infantry there.
func TestFactionTech_LazaxGateFolding(t *testing.T) {
	const alpha = 21
	for _, tech := range []bool{false, true} {
		g := factionGame(t, []string{"winnu", "sol", "hacan"}, func(s *State) {
			if tech {
				s.Players[0].Techs = append(s.Players[0].Techs, "lazax_gate_folding")
			}
		})
		s := g.State()
		mr := s.mecatolPos()
		if got := s.reach(0, alpha, mr, 1) >= 0; got != tech || s.reach(1, alpha, mr, 1) >= 0 {
			t.Fatalf("tech %v: one move from the alpha to Mecatol Rex: %v", tech, got)
		}
	}
	g := factionGame(t, []string{"winnu", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "lazax_gate_folding")
		s.Custodians = false
		mr, _ := s.Planet(MecatolRex)
		mr.Controller, mr.Units = 0, []Stack{{Owner: 0, Unit: "infantry", Count: 1}}
	})
	s := g.State()
	if s.reach(0, alpha, s.mecatolPos(), 1) >= 0 {
		t.Fatal("controlling Mecatol Rex, no gate")
	}
	do(t, g, use(0, "lazax_gate_folding", Action{}))
	if mr, _ := g.State().Planet(MecatolRex); count(mr.Units, 0, "infantry") != 2 {
		t.Fatalf("Mecatol Rex %v: one more infantry", mr.Units)
	}
}

// Yin, Yin Spinner (as printed): after the Yin produce at home, an infantry
// goes on a planet they control there, the window not let go.
func TestFactionTech_YinSpinner(t *testing.T) {
	g := factionGame(t, []string{"yin", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "yin_spinner")
		s.Players[0].TradeGoods = 2
	})
	home := g.State().Players[0].Home
	planet := g.State().System(home).Planets[0].Name
	before := count(planetIn(g.State().System(home), planet).Units, 0, "infantry")
	activated(t, g, 0, home)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 2})
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 1})
	do(t, g, act(ActEndTactical, 0))
	settle(t, g)
	if st := g.State().Step; st == nil || st.Card != "yin_spinner" {
		t.Fatalf("step %+v: the window after production", st)
	}
	refuse(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: "yin_spinner"}, "1.3") // not let go
	do(t, g, use(0, "yin_spinner", Action{Planet: planet}))
	if n := count(planetIn(g.State().System(home), planet).Units, 0, "infantry"); n != before+1 {
		t.Fatalf("%d infantry on %s, want %d", n, planet, before+1)
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

// Sardakk N'orr, Exotrireme II: after a space combat round the combat
// outlasts, an Exotrireme destroyed destroys up to 2 of the opponent's
// ships, which the N'orr choose.
func TestFactionUnit_ExotriremeII(t *testing.T) {
	cfg := fixtureConfig("sardakk", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "exotrireme_2")
		s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}}
		s.System(9).Space = []Stack{{Owner: 1, Unit: "dreadnought", Count: 3}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", 2))
	do(t, g, act(ActEndMovement, 0))
	for i := 0; g.State().Combat != nil && i < 300; i++ {
		c := g.State().Combat
		if a := c.Answer; a != nil && a.Kind == AnswerRoundEnd && a.Seat == 0 {
			do(t, g, use(0, "exotrireme_2", Action{}))
			n := g.State().Combat
			if len(n.Owed) != 1 || !n.Owed[0].Destroy || !n.Owed[0].Picked || n.Owed[0].Hits != min(2, count(g.State().System(9).Space, 1, "dreadnought")) {
				t.Fatalf("owed %+v: up to 2 of Sol's ships, the N'orr choosing", n.Owed)
			}
			do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "dreadnought"})
			return
		}
		fightStep(t, g)
	}
	t.Fatal("no round outlasted")
}

// Mentak, Salvage Operations (78.9): after a space combat the Mentak win
// they gain a trade good and may produce a ship of a type destroyed in it.
func TestFactionTech_SalvageOperations(t *testing.T) {
	cfg := fixtureConfig("mentak", "sol", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "salvage_operations")
		s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}}
		s.System(9).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "dreadnought", 2))
	do(t, g, act(ActEndMovement, 0))
	tg := g.State().Players[0].TradeGoods
	for i := 0; g.State().Combat != nil && i < 200; i++ {
		fightStep(t, g)
	}
	settle(t, g)
	s := g.State()
	if count(s.System(9).Space, 1, "destroyer") != 0 {
		t.Fatal("Sol's destroyer survived these dice: the test needs a win")
	}
	if s.Players[0].TradeGoods < tg+1 {
		t.Fatalf("trade goods %d, before %d: one gained", s.Players[0].TradeGoods, tg)
	}
	st := s.Step
	if st == nil || st.Kind != StepFreelance || st.Card != "salvage_operations" || !slices.Equal(st.Units, []string{"destroyer"}) {
		t.Fatalf("step %+v: a destroyer may be produced", st)
	}
}

// Nekro, Valefar Assimilator X and Y (90.16, 97.1a): the Nekro start with
// both; Technological Singularity may put a token on the opponent's
// faction technology instead of gaining a technology: the Nekro then have
// its text (Valkyrie Particle Weave in combat), a unit upgrade's unit
// (Exotrireme II as their dreadnought); a third takes the older token.
func TestFaction_Nekro_ValefarAssimilators(t *testing.T) {
	g := factionGame(t, []string{"nekro", "sardakk", "hacan"}, func(s *State) {
		s.Players[1].Techs = append(s.Players[1].Techs, "valkyrie_particle_weave", "exotrireme_2", "duranium_armor")
	})
	s := g.State().Clone()
	if !slices.Contains(s.Players[0].Techs, "valefar_assimilator_x") || !slices.Contains(s.Players[0].Techs, "valefar_assimilator_y") {
		t.Fatalf("techs %v: the Nekro start with both", s.Players[0].Techs)
	}
	take := func(tech string) {
		t.Helper()
		s.Combat = &Combat{Kind: "space", System: 9, Attacker: 0, Defender: 1, Answer: &Answer{Kind: AnswerLoss, Seat: 0, Owner: 1}}
		if !slices.ContainsFunc(singularityOptions(s, 0, nil), func(a Action) bool { return a.Outcome == tech }) {
			t.Fatalf("%s not offered: %v", tech, singularityOptions(s, 0, nil))
		}
		rng := engine.NewRNG(1)
		ev, err := decide(s, use(0, "nekro:technological_singularity", Action{Outcome: tech}), &rng)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ev {
			Rules{}.Apply(s, e)
		}
	}
	take("valkyrie_particle_weave")
	if !s.combatTech(0).Valkyrie || slices.Contains(s.Players[0].Techs, "valkyrie_particle_weave") {
		t.Fatal("the weave's text is the Nekro's, by a token, not the technology itself")
	}
	take("exotrireme_2")
	if u := s.UnitCard(0, "dreadnought"); u.ID != "exotrireme_2" {
		t.Fatalf("the Nekro's dreadnought is %s, not the Exotrireme II", u.ID)
	}
	take("duranium_armor") // a generic technology: gained outright
	if !slices.Contains(s.Players[0].Techs, "duranium_armor") {
		t.Fatal("a generic technology is gained")
	}
	s.Players[1].Techs = append(s.Players[1].Techs, "l4_disruptors")
	take("l4_disruptors") // no token free: the older moves
	if !slices.Equal(s.Players[0].Assimilated, []string{"exotrireme_2", "l4_disruptors"}) || s.combatTech(0).Valkyrie {
		t.Fatalf("assimilated %v: the weave's token moved to L4 Disruptors", s.Players[0].Assimilated)
	}
}

// Xxcha, Instinct Training: when another player's action card waits on the
// Xxcha's answer, exhausting it and a strategy token cancel the card; the
// turn's action it was is spent.
func TestFactionTech_InstinctTraining(t *testing.T) {
	g := factionGame(t, []string{"sol", "xxcha", "hacan"}, func(s *State) {
		s.Players[1].Techs = append(s.Players[1].Techs, "instinct_training")
		s.Players[0].TradeGoods = 4
		giveAC(0, "focused_research")(s)
	})
	do(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "focused_research", Outcome: "sarween_tools"})
	if !slices.ContainsFunc(Legal(g.State(), engineRNG(), 1), func(a Action) bool { return a.Kind == ActUseAbility && a.Card == "instinct_training" }) {
		t.Fatal("offered in the card's window")
	}
	strategy := g.State().Players[1].Strategy
	do(t, g, use(1, "instinct_training", Action{}))
	settle(t, g)
	s := g.State()
	if slices.Contains(s.Players[0].Techs, "sarween_tools") || s.PendingAC != nil || s.Players[1].Strategy != strategy-1 || s.Turn == 0 ||
		!slices.Contains(s.Players[1].ExhaustedTechs, "instinct_training") {
		t.Fatalf("the card cancelled: techs %v, turn %d", s.Players[0].Techs, s.Turn)
	}
}

// Hacan, Quantum Datahub Node: at the end of the strategy phase, for a
// strategy token and 3 trade goods given, a strategy card of the Hacan's
// is swapped for one of another player's.
func TestFactionTech_QuantumDatahubNode(t *testing.T) {
	cfg := fixtureConfig("hacan", "sol", "jolnar")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "quantum_datahub_node")
		s.Players[0].TradeGoods = 3
	})
	for i, c := range []string{"leadership", "diplomacy", "politics", "trade", "warfare", "technology"} {
		pickAndPass(t, g, i%3, c)
	}
	st := g.State().Step
	if st == nil || st.Card != "quantum_datahub_node" || g.State().Phase != PhaseStrategy {
		t.Fatalf("step %+v: the Hacan's window at the end of the strategy phase", st)
	}
	do(t, g, use(0, "quantum_datahub_node", Action{Outcome: "leadership:warfare", ActionExtra: &ActionExtra{Player: ip(1)}}))
	settle(t, g)
	s := g.State()
	if !slices.Contains(s.Players[0].StrategyCards, "warfare") || !slices.Contains(s.Players[1].StrategyCards, "leadership") ||
		s.Players[0].TradeGoods != 0 || s.Players[1].TradeGoods != 3 || s.Phase != PhaseAction {
		t.Fatalf("cards %v / %v", s.Players[0].StrategyCards, s.Players[1].StrategyCards)
	}
}

// Yssaril, Mageon Implants (2.5): a component action, exhausting it: the
// Yssaril look at another player's hand, which the view and the events
// hide from everyone else, and take one of its cards.
func TestFactionTech_MageonImplants(t *testing.T) {
	g := factionGame(t, []string{"yssaril", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "mageon_implants")
		giveAC(1, "parley", "sabotage")(s)
	})
	ev := do(t, g, use(0, "mageon_implants", Action{ActionExtra: &ActionExtra{Player: ip(1)}}))
	if st := g.State().Step; st == nil || st.Kind != StepLookHand || !slices.Contains(st.Cards, "parley") {
		t.Fatalf("step %+v: the Yssaril see Sol's hand", st)
	}
	for _, seat := range []int{1, 2, Referee} {
		v, _ := ViewFor(g.State(), seat)
		if slices.Contains(v.State.Step.Cards, "parley") {
			t.Fatalf("seat %d sees the hand in the view", seat)
		}
		for _, e := range ev {
			if e.Step != nil && slices.Contains(e.For(seat).Step.Cards, "parley") {
				t.Fatalf("seat %d sees the hand in the events", seat)
			}
		}
	}
	refuse(t, g, Action{Kind: ActTakeCard, Seat: 0, Card: "bribery"}, "2.7")
	do(t, g, Action{Kind: ActTakeCard, Seat: 0, Card: "parley"})
	if s := g.State(); !slices.Contains(s.Players[0].ActionCards, "parley") || slices.Contains(s.Players[1].ActionCards, "parley") {
		t.Fatal("Parley taken")
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

// Arborec, Bioplasmosis: at the end of the status phase the Arborec move
// infantry between planets they control in the same or adjacent systems,
// a move at a time, until they let the window go.
func TestFactionTech_Bioplasmosis(t *testing.T) {
	g := factionGame(t, []string{"arborec", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "bioplasmosis")
	})
	home := g.State().Players[0].Home
	nest := g.State().System(home).Planets[0].Name
	var near *Planet
	for _, q := range g.State().galaxy.Neighbors(home, nil) {
		if sys := g.State().System(q); sys != nil && len(sys.Planets) > 0 {
			near = sys.Planets[0]
			break
		}
	}
	if near == nil {
		t.Fatal("no planet next to the Arborec home")
	}
	g = factionGame(t, []string{"arborec", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "bioplasmosis")
		pl, _ := s.Planet(near.Name)
		pl.Controller = 0
	})
	passActionPhase(t, g)
	for i := 0; i < 40; i++ {
		if st := g.State().Step; st != nil && st.Card == "bioplasmosis" {
			break
		}
		settleStatus(t, g)
	}
	st := g.State().Step
	if st == nil || st.Card != "bioplasmosis" {
		t.Fatalf("step %+v: the window at the end of the status phase", st)
	}
	before := count(planetIn(g.State().System(home), nest).Units, 0, "infantry")
	nearPl, _ := g.State().Planet(near.Name)
	nearBefore := count(nearPl.Units, 0, "infantry")
	do(t, g, use(0, "bioplasmosis", Action{Planet: nest, ToPl: near.Name, Count: 2}))
	settle(t, g)
	if st := g.State().Step; st == nil || st.Card != "bioplasmosis" {
		t.Fatalf("step %+v: the window opens again for another move", st)
	}
	do(t, g, Action{Kind: ActUseAbility, Seat: 0, Card: "bioplasmosis"}) // let go
	pl, _ := g.State().Planet(near.Name)
	if count(pl.Units, 0, "infantry") != nearBefore+2 || count(planetIn(g.State().System(home), nest).Units, 0, "infantry") != before-2 {
		t.Fatalf("%s %v: two infantry moved from %s", near.Name, pl.Units, nest)
	}
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

// Xxcha, Loncara Ssodu (77.3c): its space cannon fires at ships in an
// adjacent system; before rules version 4 only PDS reached there.
func TestFactionUnit_LoncaraSsodu(t *testing.T) {
	for _, rules := range []int{RulesTechs, RulesCurrent} {
		cfg := fixtureConfig("xxcha", "sol", "hacan")
		cfg.Rules = rules
		g := fixture(t, cfg, nil)
		s := g.State().Clone()
		next := s.galaxy.Neighbors(9, nil)[0]
		s.System(next).Space = []Stack{{Owner: 0, Unit: "flagship", Count: 1}}
		s.System(9).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 1}}
		rng := engine.NewRNG(1)
		var rolls []int
		s.cannonHits(0, 1, s.System(9), &rng, &rolls)
		want := 0
		if rules == RulesCurrent {
			want = 3
		}
		if len(rolls) != want {
			t.Fatalf("rules %d: %d space cannon dice from the next system, want %d", rules, len(rolls), want)
		}
	}
}

// L1Z1X, [0.0.1]: in space combat the hits of the flagship and of the
// L1Z1X's dreadnoughts land on non-fighter ships while there are any; the
// other ships' hits as usual.
func TestFactionUnit_001(t *testing.T) {
	g := factionGame(t, []string{"l1z1x", "sol", "hacan"}, nil)
	s := g.State().Clone()
	stacks := []Stack{{Owner: 0, Unit: "flagship", Count: 1}, {Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "cruiser", Count: 4}}
	s.System(9).Space = append(slices.Clone(stacks), Stack{Owner: 1, Unit: "fighter", Count: 5})
	s.Combat = &Combat{Kind: "space", System: 9, Attacker: 0, Defender: 1}
	seen := false
	for seed := uint64(1); seed <= 20; seed++ {
		rng := engine.NewRNG(seed)
		var rolls []int
		for _, o := range s.roundHits(0, 1, stacks, 0, 0, false, &rng, &rolls, nil) {
			if o.Only == "non_fighter_first" {
				seen = true
			} else if o.Only != "" {
				t.Fatalf("owed %+v", o)
			}
		}
	}
	if !seen {
		t.Fatal("the flagship's and dreadnoughts' hits are directed at non-fighters")
	}
}

// Arborec, Duha Menaimon: after the Arborec activate the system it is in,
// they may produce up to 5 units there.
func TestFactionUnit_DuhaMenaimon(t *testing.T) {
	g := factionGame(t, []string{"arborec", "sol", "hacan"}, func(s *State) {
		s.System(9).Space = []Stack{{Owner: 0, Unit: "flagship", Count: 1}}
		s.Players[0].TradeGoods = 6
	})
	activated(t, g, 0, 9)
	settle(t, g)
	if st := g.State().Step; st == nil || st.Card != "duha_menaimon" {
		t.Fatalf("step %+v: the window after activation", st)
	}
	do(t, g, use(0, "duha_menaimon", Action{}))
	settle(t, g)
	if st := g.State().Step; st == nil || st.Kind != StepFreelance || st.Need != 5 {
		t.Fatalf("step %+v: a production of up to 5 units", st)
	}
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 6}, "68.1")
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 4})
}

// Arborec, Letani Warrior II: an infantry destroyed by a hit rolls a die;
// on 6 or more it is set aside (not in reinforcements) and placed on the
// Arborec's home planet at the start of their next turn; below 6, it is
// lost as any unit.
func TestFactionUnit_LetaniWarriorII(t *testing.T) {
	g := factionGame(t, []string{"arborec", "sol", "hacan"}, func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "letani_warrior_2")
		arnorHeldBy(0, Stack{Owner: 0, Unit: "infantry", Count: 2})(s)
	})
	saved, lost := 0, 0
	for seed := uint64(1); seed <= 30 && (saved == 0 || lost == 0); seed++ {
		s := g.State().Clone()
		s.Combat = &Combat{Kind: "ground", System: 9, Planet: "Arnor", Attacker: 1, Defender: 0, Step: CbFight, Round: 1, Retreat: None,
			Owed: []Owed{{Seat: 0, Hits: 1, Planet: "Arnor", Rule: "42.2", By: 1}}}
		reserve := s.Reinforcements(0, "infantry")
		rng := engine.NewRNG(seed)
		ev, err := decide(s, Action{Kind: ActAssignHit, Seat: 0, Unit: "infantry", Planet: "Arnor"}, &rng)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ev {
			Rules{}.Apply(s, e)
		}
		die := 0
		for _, e := range ev {
			if len(e.Rolls) == 1 && (e.Kind == EvSetAside || e.Kind == EvDice) {
				die = e.Rolls[0]
			}
		}
		if die == 0 {
			t.Fatal("no die rolled for the destroyed Letani Warrior")
		}
		if die >= 6 {
			saved++
			if s.Players[0].SetAside != 1 || s.Reinforcements(0, "infantry") != reserve {
				t.Fatalf("die %d: set aside %d, reinforcements %d (was %d)", die, s.Players[0].SetAside, s.Reinforcements(0, "infantry"), reserve)
			}
			s.Combat = nil
			back := setAsideBack(s)
			if len(back) != 1 || back[0].Kind != EvSetAsideBack || back[0].System != s.Players[0].Home {
				t.Fatalf("start of the Arborec's turn: %v", back)
			}
		} else {
			lost++
			if s.Players[0].SetAside != 0 || s.Reinforcements(0, "infantry") != reserve+1 {
				t.Fatalf("die %d: the warrior is lost to reinforcements", die)
			}
		}
	}
	if saved == 0 || lost == 0 {
		t.Fatalf("saved %d, lost %d: the seeds prove too little", saved, lost)
	}
}

// Yssaril, Y'sia Y'ssrila (58.4b): the flagship moves through systems with
// other players' ships; the Yssaril's other ships do not.
func TestFactionUnit_YsiaYssrila(t *testing.T) {
	g := factionGame(t, []string{"yssaril", "sol", "hacan"}, nil)
	s := g.State().Clone()
	const from = 22
	to := None
	for _, sys := range s.Systems {
		if sys.Pos != from && !s.Adjacent(from, sys.Pos) && s.reach(0, from, sys.Pos, 2) >= 0 && len(sys.Space) == 0 {
			to = sys.Pos
			break
		}
	}
	if to == None {
		t.Fatal("no system two moves away")
	}
	for _, q := range s.galaxy.Neighbors(from, s.Wormholes) {
		if q != to {
			s.System(q).Space = append(s.System(q).Space, Stack{Owner: 1, Unit: "destroyer", Count: 1})
		}
	}
	if s.reach(0, from, to, 2) >= 0 || s.reachOf(0, "carrier", from, to, 2) >= 0 {
		t.Fatal("Sol's ships block the way")
	}
	if s.reachOf(0, "flagship", from, to, 2) < 0 {
		t.Fatal("Y'sia Y'ssrila passes them")
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
