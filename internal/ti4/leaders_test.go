package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// leadersGame is the fixture's game with these factions, under the rules
// with leaders, in its action phase with seat 0 to act.
func leadersGame(t *testing.T, factions []string, stage func(s *State)) *Game {
	t.Helper()
	cfg := fixtureConfig(factions...)
	cfg.Rules = RulesLeaders
	g := fixture(t, cfg, stage)
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	return g
}

// 51.9, 51.10: a hero unlocks once its player has scored three
// objectives, checked as play goes; not in games of earlier rules.
func TestRule51_10_HeroUnlocksAtThreeObjectives(t *testing.T) {
	stage := func(s *State) {
		s.Players[0].Publics = []string{"corner_the_market", "develop_weaponry"}
		s.Players[0].ScoredSecrets = []string{"prove_endurance"}
		s.Players[1].Publics = []string{"corner_the_market", "develop_weaponry"}
		for _, p := range s.Players[:2] {
			p.VP = backedVP(p)
		}
	}
	g := leadersGame(t, []string{"sol", "hacan", "letnev"}, stage)
	if h := g.State().Players[0].Hero; h != Unlocked {
		t.Fatalf("hero %q: unlocked at three scored objectives", h)
	}
	if h := g.State().Players[1].Hero; h != "" {
		t.Fatalf("hero %q: two objectives keep it locked", h)
	}
	cfg := fixtureConfig("sol", "hacan", "letnev")
	cfg.Rules = RulesPrinted
	g = fixture(t, cfg, stage)
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	if h := g.State().Players[0].Hero; h != "" {
		t.Fatalf("hero %q under rules version 4, which had no leaders", h)
	}
}

// 51.5, 51.6: a commander unlocks when its condition (the data's count or
// named condition) is met, checked after each action and not while one is
// being resolved (51.6c); once unlocked it stays so (51.6d).
func TestRule51_6_CommanderUnlocks(t *testing.T) {
	cfg := fixtureConfig("hacan", "sol", "letnev")
	cfg.Rules = RulesLeaders
	g := fixture(t, cfg, func(s *State) { s.Players[0].TradeGoods = 9 })
	toActionPhase(t, g, "trade", "diplomacy", "politics", "leadership", "warfare", "technology")
	if c := g.State().Players[0].Commander; c != Locked {
		t.Fatalf("commander %q: 9 trade goods of the 10 it needs", c)
	}
	strategic(t, g, 0, "trade") // 3 trade goods
	for s := g.State(); s.Strategic != nil || s.Step != nil; s = g.State() {
		if s.Players[0].TradeGoods >= 10 && s.Step != nil && s.Players[0].Commander != Locked {
			t.Fatal("unlocked while the strategic action is being resolved (51.6c)")
		}
		opts := Legal(s, engineRNG(), Deciding(s)[0])
		do(t, g, opts[len(opts)-1])
	}
	s := g.State()
	if s.Players[0].TradeGoods < 10 || s.Players[0].Commander != Unlocked {
		t.Fatalf("trade goods %d, commander %q: unlocked at 10", s.Players[0].TradeGoods, s.Players[0].Commander)
	}
}

// Every count and named condition the data's commanders unlock by has a
// function that checks it; the counts read the board as the conditions say.
func TestRule51_6_EveryUnlockConditionIsChecked(t *testing.T) {
	for _, l := range data.MustLoad().Leaders {
		if u := l.Unlock; (u.Of != "" && unlockCounts[u.Of] == nil) || (u.Condition != "" && unlockConditions[u.Condition] == nil) {
			t.Errorf("%s: no check for %+v", l.Faction, u)
		}
	}
	cfg := fixtureConfig("letnev", "sol", "nekro")
	cfg.Rules = RulesLeaders
	g := fixture(t, cfg, func(s *State) {
		s.System(22).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 3}, {Owner: 0, Unit: "cruiser", Count: 2}, {Owner: 0, Unit: "fighter", Count: 4}}
		s.System(9).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
	})
	s := g.State()
	for kind, want := range map[string]int{"non_fighter_ships_in_one_system": 5, "cruisers": 3, "dreadnoughts": 3, "space_docks": 1} {
		if got := unlockCounts[kind](s, 0); got != want {
			t.Errorf("%s: %d, want %d", kind, got, want)
		}
	}
	if n := ownedTechnologies(s, 2); n != len(s.Players[2].Techs)-2 {
		t.Errorf("the Nekro's technologies count %d: their assimilators without a token do not count", n)
	}
	s.Players[2].Assimilated = []string{"l4_disruptors"}
	if n := ownedTechnologies(s, 2); n != len(s.Players[2].Techs)-1 {
		t.Errorf("with a token placed, %d: that assimilator counts", n)
	}
	if !s.commanderUnlocks(0) {
		t.Error("the Letnev's five non-fighter ships in one system unlock their commander")
	}
}

// A faction whose commander unlocks by using a faction ability: unlocked
// as one is used, by no other ability.
func TestRule51_6_UnlockedByUsingAFactionAbility(t *testing.T) {
	cfg := fixtureConfig("yin", "sol", "hacan")
	cfg.Rules = RulesLeaders
	g := fixture(t, cfg, nil)
	s := g.State()
	if ev := s.unlockOnUse(0, "yin:indoctrination"); len(ev) != 1 || ev[0].Kind != EvLeaderUnlocked {
		t.Fatalf("events %v: a Yin faction ability unlocks the commander", ev)
	}
	if ev := s.unlockOnUse(0, "graviton_laser_system"); ev != nil {
		t.Fatal("a technology is no faction ability")
	}
	if ev := s.unlockOnUse(1, "sol:orbital_drop"); ev != nil {
		t.Fatal("Sol's commander unlocks by resources, not by use")
	}
}

// 51.8: the Alliance note, played as its holder's action into their play
// area, lends them its owner's commander while that is unlocked; the
// owner keeps it too (51.8a).
func TestRule51_8_Alliance(t *testing.T) {
	g := leadersGame(t, []string{"winnu", "sol", "hacan"}, func(s *State) {
		giveNote("sol:alliance", 0)(s)
	})
	has := func(seat int, id string) bool { return g.State().hasAbility(seat, id) }
	do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: "sol:alliance"})
	s := g.State()
	if !slices.Contains(s.Players[0].NotesInPlay, "sol:alliance") || s.Turn == 0 {
		t.Fatalf("notes in play %v, turn %d: in the Winnu's play area, as their action", s.Players[0].NotesInPlay, s.Turn)
	}
	if has(0, "sol:claire_gibson") {
		t.Fatal("Sol's commander is locked: nothing is lent")
	}
	s.Players[1].Commander = Unlocked // as its condition would
	if !has(0, "sol:claire_gibson") || !has(1, "sol:claire_gibson") {
		t.Fatal("unlocked: the Winnu use it, and Sol still does")
	}
	if has(2, "sol:claire_gibson") {
		t.Fatal("the Hacan hold no Alliance")
	}
}

// A leader's ability comes in with its rules version: a game of the fifth
// version does not have the sixth's, though the leader is unlocked.
func TestRule51_LeadersComeWithTheirVersion(t *testing.T) {
	for _, rules := range []int{RulesLeaders, RulesCurrent} {
		cfg := fixtureConfig("letnev", "sol", "hacan")
		cfg.Rules = rules
		g := fixture(t, cfg, func(s *State) { s.Players[0].Commander = Unlocked })
		has := slices.ContainsFunc(g.State().abilityList(0), func(a *Ability) bool { return a.ID == "letnev:rear_admiral_farran" })
		if has != (rules >= RulesMechs) {
			t.Fatalf("rules %d: Rear Admiral Farran live %v", rules, has)
		}
	}
}
