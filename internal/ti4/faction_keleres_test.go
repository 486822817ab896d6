package ti4

import (
	"slices"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// keleresConfig is the fixture's game with the Council Keleres in seat 0,
// taking the home system of home ("": chosen at setup).
func keleresConfig(home string, others ...string) Config {
	if len(others) == 0 {
		others = []string{"sol", "hacan"}
	}
	cfg := fixtureConfig(append([]string{"keleres"}, others...)...)
	cfg.Rules, cfg.KeleresHome = RulesCurrent, home
	return cfg
}

// keleresGame is keleresConfig's game in its action phase, as factionGame.
func keleresGame(t *testing.T, home string, stage func(s *State)) *Game {
	t.Helper()
	g := fixture(t, keleresConfig(home), stage)
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	return g
}

// The Tribuni: the Keleres take the home system of one of the Mentak,
// the Xxcha and the Argent Flight not played, as chosen, as the map's
// tile shows, or at random; never one played, and not before rules
// version 8.
func TestFaction_Keleres_TheTribuni(t *testing.T) {
	for home, tile := range map[string]string{"mentak": "2", "xxcha": "14", "argent": "58"} {
		s, _, err := Setup(keleresConfig(home))
		if err != nil {
			t.Fatal(err)
		}
		p := s.Players[0]
		sys := s.System(p.Home)
		if p.HomeOf != home || sys.Tile != tile || p.Commodities != 2 || p.TradeGoods != 1 {
			t.Fatalf("%s: home of %q on tile %s, %d commodities and %d trade goods (Council Patronage in the first round)", home, p.HomeOf, sys.Tile, p.Commodities, p.TradeGoods)
		}
		for _, pl := range sys.Planets {
			if pl.Controller != 0 {
				t.Fatalf("%s: %s not the Keleres'", home, pl.Name)
			}
		}
		want := map[string]int{"carrier": 2, "cruiser": 1, "fighter": 2, "infantry": 2, "space_dock": 1}
		for typ, n := range want {
			if got := s.OnBoard(0, typ); got != n {
				t.Fatalf("%s: %d %s, want %d", home, got, typ, n)
			}
		}
	}
	bad := []struct {
		name string
		cfg  Config
	}{
		{"home of a faction played", keleresConfig("xxcha", "xxcha", "sol")},
		{"not one of the three", keleresConfig("sol")},
		{"all three played", func() Config {
			c := keleresConfig("", "mentak", "xxcha", "argent")
			c.Players, c.Map = 4, ""
			return c
		}()},
		{"before rules version 8", func() Config { c := keleresConfig("xxcha"); c.Rules = RulesPoK; return c }()},
		{"without the Codex", func() Config { c := keleresConfig("xxcha"); c.NoCodex = true; return c }()},
	}
	for _, b := range bad {
		if _, _, err := Setup(b.cfg); err == nil {
			t.Errorf("%s: set up", b.name)
		}
	}
	// Not chosen: one of those not played, never the same faction's twice.
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		cfg := keleresConfig("", "xxcha", "sol")
		cfg.Seed = seed
		s, _, err := Setup(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if h := s.Players[0].HomeOf; h == "xxcha" || h == "" {
			t.Fatalf("seed %d: home of %q", seed, h)
		}
		seen[s.Players[0].HomeOf] = true
	}
	if !seen["mentak"] || !seen["argent"] {
		t.Fatalf("homes taken at random: %v", seen)
	}
}

// A map string with a home tile in the Keleres' position says which home
// they took; one of a faction played cannot be theirs.
func TestFaction_Keleres_HomeFromTheMap(t *testing.T) {
	// The fixture's map with tile in the first home position (22).
	at := func(tile string) string { return strings.Replace(fixtureMap, "39 0 40", "39 "+tile+" 40", 1) }
	for home, tile := range map[string]string{"mentak": "2", "xxcha": "14", "argent": "58"} {
		cfg := keleresConfig("")
		cfg.Map = at(tile)
		s, _, err := Setup(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if p := s.Players[0]; p.HomeOf != home || s.System(p.Home).Tile != tile {
			t.Fatalf("tile %s: home of %s", tile, p.HomeOf)
		}
		cfg.KeleresHome = map[string]string{"mentak": "xxcha", "xxcha": "argent", "argent": "mentak"}[home]
		if _, _, err := Setup(cfg); err == nil {
			t.Fatalf("tile %s taken as the home of %s", tile, cfg.KeleresHome)
		}
	}
	cfg := keleresConfig("", "mentak", "hacan")
	cfg.Map = at("2")
	if _, _, err := Setup(cfg); err == nil {
		t.Fatal("the Keleres took the home of the Mentak, who play")
	}
}

// Dealt at random, the Keleres always find a home not played: over many
// eight-player games, no game deals them beside all three.
func TestFaction_Keleres_DealtWithAHomeFree(t *testing.T) {
	dealt := 0
	for seed := uint64(1); seed <= 300; seed++ {
		s, _, err := Setup(Config{Players: 8, Seed: seed})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, p := range s.Players {
			if p.Faction != "keleres" {
				continue
			}
			dealt++
			if !slices.Contains([]string{"mentak", "xxcha", "argent"}, p.HomeOf) || slices.ContainsFunc(s.Players, func(q *Player) bool { return q.Faction == p.HomeOf }) {
				t.Fatalf("seed %d: the Keleres took the home of %q", seed, p.HomeOf)
			}
		}
	}
	if dealt == 0 {
		t.Fatal("the Keleres never dealt")
	}
	for seed := uint64(1); seed <= 60; seed++ { // without the Codex, never
		s, _, err := Setup(Config{Players: 8, Seed: seed, NoCodex: true})
		if err != nil || slices.ContainsFunc(s.Players, func(p *Player) bool { return p.Faction == "keleres" }) {
			t.Fatalf("seed %d: %v, or the Keleres dealt without the Codex", seed, err)
		}
	}
	// A home chosen: the seat dealt that faction at random gives way.
	for seed := uint64(1); seed <= 100; seed++ {
		s, _, err := Setup(Config{Players: 8, Seed: seed, Factions: []string{"keleres"}, KeleresHome: "mentak"})
		if err != nil || s.Players[0].HomeOf != "mentak" {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	if _, _, err := Setup(Config{Players: 3, Seed: 1, Factions: []string{"sol", "hacan", "jolnar"}, KeleresHome: "mentak"}); err == nil {
		t.Fatal("a Keleres home with no Keleres in the game")
	}
	// Chosen with all three dealt at random: one of those gives way.
	s, _, err := Setup(Config{Players: 8, Seed: 5, Factions: []string{"keleres"}})
	if err != nil || s.Players[0].HomeOf == "" {
		t.Fatalf("%v", err)
	}
}

// The Keleres' starting technologies: two generic ones that other players
// start with, chosen after everyone else's; one no one else has is refused.
func TestFaction_Keleres_StartingTechnologies(t *testing.T) {
	cfg := keleresConfig("argent", "jolnar", "sol")
	cfg.StartingTechs = map[string][]string{"keleres": {"sarween_tools", "neural_motivator"}}
	s, _, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Players[0].Techs; !slices.Equal(got, []string{"sarween_tools", "neural_motivator"}) {
		t.Fatalf("techs %v", got)
	}
	cfg.StartingTechs["keleres"] = []string{"sarween_tools", "gravity_drive"}
	if _, _, err := Setup(cfg); err == nil {
		t.Fatal("a technology no other player owns")
	}
	cfg.StartingTechs["keleres"] = []string{"sarween_tools", "sarween_tools"}
	if _, _, err := Setup(cfg); err == nil {
		t.Fatal("the same technology twice")
	}
}

// Council Patronage: at the start of each strategy phase the Keleres'
// commodities are replenished, then they gain a trade good.
func TestFaction_Keleres_CouncilPatronage(t *testing.T) {
	g := keleresGame(t, "xxcha", func(s *State) { s.Players[0].TradeGoods = 3 })
	passActionPhase(t, g)
	for i := 0; i < 60 && g.State().Phase != PhaseStrategy; i++ {
		settleStatus(t, g)
	}
	p := g.State().Players[0]
	if g.State().Phase != PhaseStrategy || p.Commodities != 2 || p.TradeGoods < 4 {
		t.Fatalf("phase %s: commodities %d, trade goods %d: replenished to 2 and one more trade good", g.State().Phase, p.Commodities, p.TradeGoods)
	}
	if other := g.State().Players[1]; other.Commodities != 0 {
		t.Fatalf("seat 1 replenished too: %d", other.Commodities)
	}
}

// Law's Order: at the start of their turn the Keleres may spend 1
// influence to make every law blank till the turn ends; not without a law
// in play, and the laws hold again in the next turn.
func TestFaction_Keleres_LawsOrder(t *testing.T) {
	g := keleresGame(t, "xxcha", func(s *State) {
		s.Laws = append(s.Laws, Law{Card: "fleet_regulations", Owner: None})
	})
	s := g.State()
	if !s.lawSays(LawFleetPoolFour) {
		t.Fatal("Fleet Regulations not in force")
	}
	if !offered(g, 0, "keleres:law_s_order") {
		t.Fatal("Law's Order not offered at the start of the turn")
	}
	refuse(t, g, use(0, "keleres:law_s_order", Action{}), "47.3")
	do(t, g, use(0, "keleres:law_s_order", Action{ActionExtra: &ActionExtra{Spend: &Spend{Planets: []string{"Archon Tau"}}}})) // 1 influence
	if s := g.State(); !s.LawsBlank || s.lawSays(LawFleetPoolFour) || s.Law("fleet_regulations") != nil || !planet(t, g, "Archon Tau").Exhausted {
		t.Fatal("the laws still hold, or nothing was spent")
	}
	quickTactical(t, g, 0, 21)
	if s := g.State(); s.LawsBlank || !s.lawSays(LawFleetPoolFour) {
		t.Fatal("the laws stay blank after the Keleres' turn")
	}
	// No law in play: not offered.
	if g = keleresGame(t, "xxcha", nil); offered(g, 0, "keleres:law_s_order") {
		t.Fatal("Law's Order offered with no law in play")
	}
}

// offered reports a use of card among seat's legal actions.
func offered(g *Game, seat int, card string) bool {
	return slices.ContainsFunc(Legal(g.State(), engineRNG(), seat), func(a Action) bool { return a.Kind == ActUseAbility && a.Card == card })
}

// Artemiris: another player spends 2 influence to activate its system; its
// owner does not.
func TestFactionUnit_Artemiris(t *testing.T) {
	g := keleresGame(t, "xxcha", func(s *State) {
		s.System(9).Space = append(s.System(9).Space, Stack{Owner: 0, Unit: "flagship", Count: 1})
	})
	quickTactical(t, g, 0, 21)
	refuse(t, g, activate(1, 9), "5")
	jord := Spend{Planets: []string{"Jord"}} // 4 resources, 2 influence
	var offered bool
	for _, a := range Legal(g.State(), engineRNG(), 1) {
		if a.Kind == ActActivate && *a.System == 9 {
			offered = offered || a.ActionExtra != nil && a.extra().Spend != nil
			if a.ActionExtra == nil || a.extra().Spend == nil {
				t.Fatal("activation of Artemiris's system offered without its toll")
			}
		}
	}
	if !offered {
		t.Fatal("activation of Artemiris's system not offered")
	}
	a := activate(1, 9)
	a.ActionExtra = &ActionExtra{Spend: &jord}
	ev := do(t, g, a)
	if !hasKind(ev, EvPlanetExhausted) || !planet(t, g, "Jord").Exhausted {
		t.Fatal("the toll was not paid")
	}
}

// Omniopiares: another player spends 1 influence for each on its planet to
// commit ground forces there, once an invasion.
func TestFactionUnit_Omniopiares(t *testing.T) {
	cfg := fixtureConfig("sol", "keleres", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		s.System(22).Space = append(s.System(22).Space, Stack{Owner: 0, Unit: "infantry", Count: 4})
		arnorHeldBy(1, Stack{Owner: 1, Unit: "mech", Count: 2})(s)
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "carrier", 1))
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 4})
	do(t, g, act(ActEndMovement, 0))
	declineWindows(t, g)
	commit := Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2}
	refuse(t, g, commit, "5")
	jord := commit
	jord.ActionExtra = &ActionExtra{Spend: &Spend{Planets: []string{"Jord"}}} // 2 influence: one for each mech
	do(t, g, jord)
	if !planet(t, g, "Jord").Exhausted {
		t.Fatal("the toll was not paid")
	}
	do(t, g, commit) // paid once an invasion
}

// Keleres Rider: after an agenda is revealed its holder predicts an
// outcome and casts no votes; the note goes back to the Keleres at once,
// and a prediction come true draws an action card and 2 trade goods.
func TestFaction_Keleres_KeleresRider(t *testing.T) {
	const note = "keleres:keleres_rider"
	for _, predict := range []string{"for", "against"} {
		g := factionAgenda(t, []string{"keleres", "sol", "hacan"}, []string{"mutiny", "economic_equality"}, giveNote(note, 1))
		if !noteOffered(g, 1, note) {
			t.Fatal("not offered after the agenda is revealed")
		}
		refuse(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note, Outcome: "elect_sol"}, "8.22a")
		do(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: note, Outcome: predict})
		s := g.State()
		if !slices.Contains(s.Players[0].Promissory, note) || slices.Contains(s.Players[1].Promissory, note) {
			t.Fatal("the note is not back with the Keleres")
		}
		tg, hand := s.Players[1].TradeGoods, len(s.Players[1].ActionCards)
		vote(t, g, 2, "for", "Hercant")
		vote(t, g, 0, "for")
		for i := 0; i < 10 && g.State().Agenda != nil && g.State().Agenda.Number == 1; i++ {
			settle(t, g)
		}
		p := g.State().Players[1]
		won := predict == "for"
		if (p.TradeGoods == tg+2) != won || (len(p.ActionCards) == hand+1) != won {
			t.Fatalf("predicted %s: trade goods %d (was %d), hand %d (was %d)", predict, p.TradeGoods, tg, len(p.ActionCards), hand)
		}
	}
}

// Harka Leeds (the hero with the Mentak's home): action cards are revealed
// till 3 with component actions are, and drawn; the others go back into
// the deck, which keeps every card; the hero is purged.
func TestFaction_Keleres_HarkaLeeds(t *testing.T) {
	g := keleresGame(t, "mentak", func(s *State) {
		s.Players[0].Hero = Unlocked
		// Two component-action cards at the top, then reactions, and a
		// third deep down: moved there, each card once.
		top := []string{"sabotage", "war_effort", "sabotage", "ghost_ship", "direct_hit", "shields_holding", "plague"}
		rest := s.Decks.ActionCards
		for _, c := range top {
			i := slices.Index(rest, c)
			rest = slices.Delete(slices.Clone(rest), i, i+1)
		}
		s.Decks.ActionCards = append(top, rest...)
	})
	before := len(g.State().Decks.ActionCards)
	if offered(g, 1, "keleres:harka_leeds") {
		t.Fatal("offered to another player")
	}
	do(t, g, use(0, "keleres:harka_leeds", Action{}))
	s := g.State()
	if got := s.Players[0].ActionCards; !slices.Equal(got, []string{"war_effort", "ghost_ship", "plague"}) || s.Players[0].Hero != Purged {
		t.Fatalf("hand %v, hero %s", got, s.Players[0].Hero)
	}
	if len(s.Decks.ActionCards) != before-3 || !slices.Contains(s.Decks.ActionCards, "direct_hit") {
		t.Fatalf("deck of %d (was %d)", len(s.Decks.ActionCards), before)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
}

// Kuuasi Aun Jalatai (the hero with the Argent's home): at the start of a
// round of a space combat the Keleres fight where they control a planet,
// their flagship and up to 2 cruisers or destroyers join it from
// reinforcements; not elsewhere, nor more.
func TestFaction_Keleres_KuuasiAunJalatai(t *testing.T) {
	const hero = "keleres:kuuasi_aun_jalatai"
	for _, held := range []bool{true, false} {
		cfg := fixtureConfig("sol", "keleres", "hacan")
		cfg.Rules, cfg.KeleresHome = RulesCurrent, "argent"
		g := dreadnoughtsAttack(t, cfg, 2, []Stack{{Owner: 1, Unit: "cruiser", Count: 1}}, func(s *State) {
			s.Players[1].Hero = Unlocked
			if held {
				arnorHeldBy(1)(s)
			}
		})
		for i := 0; i < 30 && g.State().Combat != nil && !offered(g, 1, hero); i++ {
			fightStep(t, g)
		}
		if !held {
			if offered(g, 1, hero) {
				t.Fatal("offered where the Keleres control no planet")
			}
			continue
		}
		if !offered(g, 1, hero) {
			t.Fatal("not offered at the start of the round")
		}
		three := []UnitRef{{System: 9, Unit: "flagship"}, {System: 9, Unit: "cruiser"}, {System: 9, Unit: "destroyer"}, {System: 9, Unit: "destroyer"}}
		refuse(t, g, use(1, hero, Action{ActionExtra: &ActionExtra{Units: three}}), "51.12")
		do(t, g, use(1, hero, Action{ActionExtra: &ActionExtra{Units: three[:3]}}))
		s := g.State()
		space := s.System(9).Space
		if count(space, 1, "flagship") != 1 || count(space, 1, "cruiser") != 2 || count(space, 1, "destroyer") != 1 || s.Players[1].Hero != Purged {
			t.Fatalf("space %v, hero %s", space, s.Players[1].Hero)
		}
		fightOut(t, g)
	}
}

// Odlynn Myrr (the hero with the Xxcha's home): after an agenda is
// revealed, up to 6 votes more with the Keleres' ballot and an outcome
// predicted; whatever the outcome, a trade good and a command token for
// each other player who did not vote for it.
func TestFaction_Keleres_OdlynnMyrr(t *testing.T) {
	const hero = "keleres:odlynn_myrr"
	g := agendaStartWith(t, keleresConfig("xxcha"), []string{"mutiny", "economic_equality"}, func(s *State) { s.Players[0].Hero = Unlocked })
	for ag := g.State().Agenda; ag != nil && ag.Window == "start"; ag = g.State().Agenda {
		do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
	}
	if !offered(g, 0, hero) {
		t.Fatal("not offered after the agenda is revealed")
	}
	refuse(t, g, use(0, hero, Action{Outcome: "for", Count: 7}), "8.22")
	do(t, g, use(0, hero, Action{Outcome: "against", Count: 6}))
	if p := g.State().Players[0]; p.Hero != Purged {
		t.Fatalf("hero %s", p.Hero)
	}
	tg := g.State().Players[0].TradeGoods
	vote(t, g, 1, "for", "Jord")
	abstain(t, g, 2)
	vote(t, g, 0, "against")
	ag := g.State().Agenda
	if i := slices.IndexFunc(ag.Ballots, func(b Ballot) bool { return b.Seat == 0 }); i < 0 || ag.Ballots[i].Votes != 6 {
		t.Fatalf("ballots %+v: the 6 votes more cast with the Keleres'", ag.Ballots)
	}
	for i := 0; i < 10 && g.State().Agenda != nil && g.State().Agenda.Number == 1; i++ {
		if st := g.State().Step; st != nil && st.Kind == StepGainTokens {
			do(t, g, Action{Kind: ActGainTokens, Seat: 0, Pools: &Pools{Tactic: st.Need}})
			continue
		}
		settle(t, g)
	}
	if p := g.State().Players[0]; p.TradeGoods != tg+2 {
		t.Fatalf("trade goods %d (was %d): one for each of the 2 others", p.TradeGoods, tg)
	}
}

// Suffi An: unlocked by a trade good paid after the Keleres play an action
// card that has a component action (not one that does not, and the
// payment may be let go); once unlocked, a component action of theirs is
// followed by one action more in the turn, a tactical action by none.
func TestFaction_Keleres_SuffiAn(t *testing.T) {
	g := keleresGame(t, "xxcha", func(s *State) {
		giveAC(0, "economic_initiative", "mining_initiative")(s)
		s.Players[0].TradeGoods = 2
		s.Laws = append(s.Laws, Law{Card: "fleet_regulations", Owner: None})
	})
	play(t, g, playAC(0, "economic_initiative"))
	st := g.State().Step
	if st == nil || st.Kind != StepUnlockDeed || st.Seat != 0 {
		t.Fatalf("step %+v: the unlock offered", st)
	}
	refuse(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 2}, "51.6")
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 1})
	if p := g.State().Players[0]; p.Commander != Unlocked || p.TradeGoods != 1 {
		t.Fatalf("commander %s, trade goods %d", p.Commander, p.TradeGoods)
	}
	if s := g.State(); s.Turn == 0 {
		t.Fatal("the action that unlocked Suffi An gave an action more")
	}
	for g.State().Turn != 0 {
		quickTactical(t, g, g.State().Turn, 21-g.State().Turn)
	}
	// Unlocked: a component action, then one action more.
	pl := g.State().System(g.State().Players[0].Home).Planets[0].Name
	do(t, g, use(0, "keleres:law_s_order", Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 1}}}))
	play(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "mining_initiative", Planet: pl})
	if s := g.State(); s.Turn != 0 || !s.ExtraAction || !s.LawsBlank {
		t.Fatalf("turn %d, extra action %v, laws blank %v: one action more after a component action, in the same turn", s.Turn, s.ExtraAction, s.LawsBlank)
	}
	quickTactical(t, g, 0, 21)
	if s := g.State(); s.Turn == 0 {
		t.Fatal("a second action more")
	}
}

// Agency Supply Network: after the Keleres produce in a tactical action,
// another system where units of theirs have Production produces too (the
// active one refused); that production opens no second window.
func TestFactionTech_AgencySupplyNetwork(t *testing.T) {
	g := keleresGame(t, "xxcha", func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "agency_supply_network")
		s.Players[0].TradeGoods = 4
		arnorHeldBy(0, Stack{Owner: 0, Unit: "space_dock", Count: 1})(s)
	})
	home := g.State().Players[0].Home
	producedAtHome(t, g, "agency_supply_network")
	refuse(t, g, use(0, "agency_supply_network", Action{System: ip(home)}), "67")
	do(t, g, use(0, "agency_supply_network", Action{System: ip(9)}))
	st := g.State().Step
	if st == nil || st.Kind != StepFreelance || st.Systems[0] != 9 {
		t.Fatalf("step %+v: a production in Arnor's system", st)
	}
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "fighter", Count: 2})
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 1})
	do(t, g, act(ActDone, 0))
	if n := count(g.State().System(9).Space, 0, "fighter"); n != 2 {
		t.Fatalf("%d fighters in Arnor's system", n)
	}
	if st := g.State().Step; st != nil && st.Card == "agency_supply_network" {
		t.Fatal("a second window")
	}
}

// Xander Alexin Victori III: exhausted in the action phase, a player of
// the Keleres' choice, with commodities, may spend them as trade goods in
// their next payment that takes them; then no longer.
func TestFaction_Keleres_XanderAlexinVictoriIII(t *testing.T) {
	const agent = "keleres:xander_alexin_victori_iii"
	g := keleresGame(t, "xxcha", func(s *State) {
		s.Laws = append(s.Laws, Law{Card: "fleet_regulations", Owner: None})
		s.Players[0].Commodities, s.Players[1].Commodities = 2, 1
		s.Players[0].TradeGoods = 0
	})
	lawsOrder := func(tg int) Action {
		return use(0, "keleres:law_s_order", Action{ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: tg}}})
	}
	refuse(t, g, lawsOrder(1), "47.3") // no trade goods
	if !offered(g, 0, agent) {
		t.Fatal("not offered in the action phase")
	}
	refuse(t, g, use(0, agent, Action{ActionExtra: &ActionExtra{Player: ip(2)}}), "51.4") // no commodities
	do(t, g, use(0, agent, Action{ActionExtra: &ActionExtra{Player: ip(0)}}))
	do(t, g, lawsOrder(1))
	p := g.State().Players[0]
	if p.Commodities != 1 || p.CommodityGoods || !g.State().LawsBlank || !slices.Contains(p.ExhaustedTechs, agent) {
		t.Fatalf("commodities %d, leave %v: one commodity spent as a trade good, the leave used up", p.Commodities, p.CommodityGoods)
	}
	if offered(g, 0, agent) {
		t.Fatal("offered again while exhausted")
	}
	// Unused, the leave waits for the payment.
	g = keleresGame(t, "xxcha", func(s *State) { s.Players[1].Commodities = 1 })
	do(t, g, use(0, agent, Action{ActionExtra: &ActionExtra{Player: ip(1)}}))
	if !g.State().Players[1].CommodityGoods || g.State().goods(1) != 1 {
		t.Fatal("seat 1 may not spend its commodity")
	}
	quickTactical(t, g, 0, 21)
	if !g.State().Players[1].CommodityGoods {
		t.Fatal("the leave ended unused")
	}
}

// Council Patronage's replenishment comes once the new round has begun: an
// agent answering another player's replenishment (The Stillness of Stars),
// exhausted in the round before and readied at its end, is asked.
func TestFaction_Keleres_CouncilPatronageAfterTheRoundBegins(t *testing.T) {
	const agent = "vuilraith:the_stillness_of_stars"
	g := fixture(t, keleresConfig("xxcha", "vuilraith", "hacan"), nil)
	// The first round's patronage, at setup, asks it too: let go, and the
	// agent exhausted for the round.
	if s := g.State(); !slices.ContainsFunc(append(s.Choices, ptrStep(s.Step)...), func(st Step) bool { return st.Card == agent }) {
		t.Fatalf("step %+v, choices %+v: asked at the first round's patronage", s.Step, s.Choices)
	}
	do(t, g, Action{Kind: ActUseAbility, Seat: 1, Card: agent})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	s := g.State().Clone()
	s.Players[1].ExhaustedTechs = append(s.Players[1].ExhaustedTechs, agent)
	g = fixtureFrom(t, s, engineRNG())
	passActionPhase(t, g)
	asked := false
	for i := 0; i < 80 && !asked; i++ {
		s := g.State()
		if slices.ContainsFunc(append(s.Choices, ptrStep(s.Step)...), func(st Step) bool { return st.Card == agent && st.Seat == 1 }) {
			asked = true
			break
		}
		if s.Phase == PhaseStrategy && s.Picking {
			break
		}
		settleStatus(t, g)
	}
	if !asked {
		t.Fatalf("phase %s: The Stillness of Stars, readied, not asked after Council Patronage", g.State().Phase)
	}
}

func ptrStep(st *Step) []Step {
	if st == nil {
		return nil
	}
	return []Step{*st}
}

// iihqGame is the Keleres game with seat 0 holding I.I.H.Q. Modernization
// by researching it with Technology's primary, and Mecatol Rex held by
// seat (None: by no one).
func iihqGame(t *testing.T, mecatol int) *Game {
	t.Helper()
	g := fixture(t, keleresConfig("xxcha"), func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "sarween_tools")
		if mecatol != None {
			m, _ := s.Planet(MecatolRex)
			m.Controller, m.Units = mecatol, []Stack{{Owner: mecatol, Unit: "infantry", Count: 1}}
		}
	})
	toActionPhase(t, g, "technology", "warfare", "imperial", "leadership", "politics", "diplomacy") // seat 2 plays second
	strategic(t, g, 0, "technology")
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "iihq_modernization"})
	return g
}

// declineAll answers every step, secondary and window with done or pass
// till the game waits on a player's turn alone.
func declineAll(t *testing.T, g *Game) {
	t.Helper()
	for i := 0; i < 30; i++ {
		s := g.State()
		if s.Step == nil && s.Strategic == nil {
			return
		}
		q := Deciding(s)[0]
		opts := Legal(s, engine.NewRNG(0), q)
		k := slices.IndexFunc(opts, func(a Action) bool {
			return a.Kind == ActDone || a.Kind == ActPass || a.Kind == ActPassWindow || (a.Kind == ActSecondary && !a.Use)
		})
		if k < 0 {
			t.Fatalf("seat %d cannot decline: %v", q, opts)
		}
		do(t, g, opts[k])
	}
	t.Fatal("still waiting after 30 answers")
}

// I.I.H.Q. Modernization: researched, it gives the Keleres the planet card
// Custodia Vigilia, exhausted, 2 resources and 3 influence, held off the
// board: spent and counted as their planets are, never a system for
// anything, and never held without them.
func TestFactionTech_IIHQModernization(t *testing.T) {
	g := iihqGame(t, None)
	s := g.State()
	pl, sys := s.Planet("Custodia Vigilia")
	if pl == nil || pl.Controller != 0 || !pl.Exhausted || len(pl.Units) > 0 || pl.ControlToken || !isCards(sys) {
		t.Fatalf("Custodia Vigilia %+v in %+v: the Keleres', exhausted, off the board", pl, sys)
	}
	if info := planetInfo(pl); info.Resources != 2 || info.Influence != 3 || !info.Legendary || info.Trait != "" {
		t.Fatalf("card %+v", info)
	}
	if s.controlled(0, func(*Planet, *System, *data.Planet) bool { return true }) != 3 { // Archon Ren, Archon Tau, and it
		t.Fatalf("%d planets counted", s.controlled(0, func(*Planet, *System, *data.Planet) bool { return true }))
	}
	declineAll(t, g)
	refuse(t, g, activate(2, sys.Pos), "88")
	for _, q := range g.State().Players {
		if q.Seat != 0 && slices.ContainsFunc(Legal(g.State(), engine.NewRNG(1), q.Seat), func(a Action) bool { return a.System != nil && *a.System == sys.Pos }) {
			t.Fatalf("seat %d offered the planet cards' system", q.Seat)
		}
	}
	if err := (Rules{}).Check(g.State(), Action{Kind: ActLosePlanet, Seat: Referee, Planet: "Custodia Vigilia", ActionExtra: &ActionExtra{Player: ip(0)}}); engine.RuleOf(err) != "25.6" {
		t.Fatalf("Custodia Vigilia lost by an effect: %v", err)
	}
	if slices.Contains(g.State().Outcomes("colonial_redistribution"), "Custodia Vigilia") || !slices.Contains(g.State().Outcomes("compensated_disarmament"), "Custodia Vigilia") {
		t.Fatal("elected where it would be lost, or not elected as a planet")
	}
	s = g.State().Clone()
	planetIn(s.System(cardsPos), "Custodia Vigilia").Units = []Stack{{Owner: 0, Unit: "infantry", Count: 1}}
	if err := CheckInvariants(s); err == nil {
		t.Fatal("units on a planet card off the board pass the invariants")
	}
}

// Custodia Vigilia: Mecatol Rex, while the Keleres control it, has Space
// Cannon 5 and Production 3 for them, as a unit of theirs would; not for
// a player who controls it without the card.
func TestFactionTech_IIHQModernization_Mecatol(t *testing.T) {
	g := iihqGame(t, 0)
	s := g.State()
	m, mecatol := s.Planet(MecatolRex)
	if gs := s.cannonGroups(0, mecatol); len(gs) != 2 || gs[1].Profile.Cannon != (combat.Roll{Hit: 5, Dice: 1}) || !s.hasCannon(0, mecatol) { // the infantry, and the planet
		t.Fatalf("cannon %+v", gs)
	}
	if n := s.productionLimit(0, mecatol); n != 3 || !s.producesOn(0, m) {
		t.Fatalf("production %d on Mecatol Rex", n)
	}
	m.Controller, m.Units = 1, []Stack{{Owner: 1, Unit: "infantry", Count: 1}}
	if firesCannon(s.cannonGroups(1, mecatol)) || s.productionLimit(1, mecatol) != 0 {
		t.Fatal("Mecatol Rex fires or produces for another player")
	}
	if s.productionLimit(0, mecatol) != 0 {
		t.Fatal("the Keleres produce at a Mecatol Rex they do not control")
	}
}

// Custodia Vigilia: whenever another player gains Imperial's point for
// Mecatol Rex, the Keleres gain 2 command tokens, placed as they choose;
// not for their own point.
func TestFactionTech_IIHQModernization_Imperial(t *testing.T) {
	g := iihqGame(t, 2)
	declineAll(t, g)
	strategic(t, g, 2, "imperial")
	do(t, g, act(ActDone, 2)) // no objective scored
	s := g.State()
	if s.Players[2].ImperialVP != 1 {
		t.Fatalf("seat 2 has %d points from Imperial", s.Players[2].ImperialVP)
	}
	st := s.Step
	if st == nil || st.Kind != StepGainTokens || st.Seat != 0 || st.Need != 2 {
		t.Fatalf("step %+v: the Keleres gain 2 command tokens", st)
	}
}

// I.I.H.Q. Modernization: its owner and every player with units or
// planets in or next to the Mecatol Rex system are neighbors, both ways.
func TestFactionTech_IIHQModernization_Neighbors(t *testing.T) {
	g := keleresGame(t, "xxcha", func(s *State) {
		s.System(1).Space = []Stack{{Owner: 2, Unit: "destroyer", Count: 1}}
	})
	s := g.State()
	if s.AreNeighbors(0, 2) || s.AreNeighbors(2, 0) {
		t.Fatal("neighbors before the technology")
	}
	s.Players[0].Techs = append(s.Players[0].Techs, "iihq_modernization")
	if !s.AreNeighbors(0, 2) || !s.AreNeighbors(2, 0) || slices.Contains(s.Neighbors(0), 0) {
		t.Fatalf("neighbors of the Keleres %v, of seat 2 %v", s.Neighbors(0), s.Neighbors(2))
	}
	s.System(1).Space = nil
	if s.AreNeighbors(0, 2) {
		t.Fatal("neighbors with no one near Mecatol Rex")
	}
}

// I.I.H.Q. Modernization in random play: the Keleres hold Custodia Vigilia
// from the start, and no legal action ever puts anything on it or takes
// it from them (CheckInvariants after every action).
func TestFactionTech_IIHQModernization_RandomPlay(t *testing.T) {
	others := [][]string{{"arborec", "yin", "winnu", "titans", "saar"}, {"sol", "nekro", "l1z1x", "sardakk", "nomad"},
		{"muaat", "yssaril", "naazrokha", "empyrean", "mahact"}, {"hacan", "jolnar", "creuss", "vuilraith", "naalu"}}
	for seed := uint64(0); seed < 40; seed++ {
		cfg := keleresConfig([]string{"argent", "mentak", "xxcha"}[seed%3], others[seed%4]...)
		cfg.Seed, cfg.Map = seed, ""
		g := fixture(t, cfg, func(s *State) {
			s.Players[0].Techs = append(s.Players[0].Techs, "iihq_modernization")
			(Rules{}).Apply(s, Event{Kind: EvCardPlanet, Seat: 0, Planet: "Custodia Vigilia"})
		})
		playRandomPreferring(t, g, seed, 4, 20000, func(a Action) bool { // aimed at the card and its system
			return (a.System != nil && *a.System == cardsPos) || a.Planet == "Custodia Vigilia" || a.ToPl == "Custodia Vigilia"
		})
		if pl, _ := g.State().Planet("Custodia Vigilia"); pl == nil || pl.Controller != 0 {
			t.Fatalf("seed %d: Custodia Vigilia %+v", seed, pl)
		}
	}
}

// Custodia Vigilia is no system for Diplomacy: the Keleres holding no
// other planet outside Mecatol Rex's system only ready planets (32.2).
func TestFactionTech_IIHQModernization_Diplomacy(t *testing.T) {
	g := fixture(t, keleresConfig("xxcha"), func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "iihq_modernization")
		(Rules{}).Apply(s, Event{Kind: EvCardPlanet, Seat: 0, Planet: "Custodia Vigilia"})
		for _, pl := range s.System(s.Players[0].Home).Planets {
			pl.Controller, pl.Units = 1, []Stack{{Owner: 1, Unit: "infantry", Count: 1}}
		}
	})
	toActionPhase(t, g, "diplomacy", "warfare", "imperial", "leadership", "politics", "technology")
	strategic(t, g, 0, "diplomacy")
	if st := g.State().Step; st == nil || st.Kind != StepReady {
		t.Fatalf("step %+v: readying only", st)
	}
}

// I.I.H.Q. Modernization takes no Valefar Assimilator (from rules version
// 9): the Nekro may not copy Custodia Vigilia's abilities through it.
func TestFactionTech_IIHQModernization_NotAssimilated(t *testing.T) {
	g := fixture(t, keleresConfig("xxcha", "nekro", "sol"), func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "iihq_modernization", "agency_supply_network")
		s.Players[1].Techs = append(s.Players[1].Techs, "valefar_assimilator_x")
	})
	if got := g.State().assimilable(1, 0); slices.Contains(got, "iihq_modernization") || !slices.Contains(got, "agency_supply_network") {
		t.Fatalf("assimilable %v", got)
	}
}

// Custodia Vigilia in play: the Keleres, holding Mecatol Rex, activate its
// system and produce there with its Production 3 alone: 3 infantry on the
// planet, not 4 (68.1).
func TestFactionTech_IIHQModernization_ProducesAtMecatol(t *testing.T) {
	g := keleresGame(t, "xxcha", func(s *State) {
		s.Players[0].Techs = append(s.Players[0].Techs, "iihq_modernization")
		s.Players[0].TradeGoods = 4
		m, _ := s.Planet(MecatolRex)
		m.Controller, m.Units = 0, []Stack{{Owner: 0, Unit: "infantry", Count: 1}}
	})
	activated(t, g, 0, 0)
	do(t, g, act(ActEndMovement, 0))
	for i := 0; i < 3 && g.State().Tactical != nil && g.State().Tactical.Step != TacProduction; i++ {
		establishControl(t, g, 0)
	}
	refuse(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Planet: MecatolRex, Count: 4}, "68.1")
	do(t, g, Action{Kind: ActProduce, Seat: 0, Unit: "infantry", Planet: MecatolRex, Count: 3})
	do(t, g, Action{Kind: ActSpendTG, Seat: 0, Count: 2})
	do(t, g, act(ActEndTactical, 0))
	m, _ := checked(t, g).Planet(MecatolRex)
	if n := count(m.Units, 0, "infantry"); n != 4 {
		t.Fatalf("%d infantry on Mecatol Rex: 1 and 3 produced", n)
	}
}
