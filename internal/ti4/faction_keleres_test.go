package ti4

import (
	"slices"
	"strings"
	"testing"
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
		if p.HomeOf != home || sys.Tile != tile || p.Commodities != 0 {
			t.Fatalf("%s: home of %q on tile %s", home, p.HomeOf, sys.Tile)
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
