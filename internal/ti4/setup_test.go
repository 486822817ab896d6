package ti4

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
	"github.com/mecatol/mecatol/internal/ti4/galaxy"
)

func setup(t testing.TB, cfg Config) *State {
	t.Helper()
	s, _, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSetupEveryPlayerCount(t *testing.T) {
	for n := 3; n <= 8; n++ {
		for seed := uint64(0); seed < 5; seed++ {
			s := setup(t, Config{Players: n, Seed: seed})
			if err := s.Validate(); err != nil {
				t.Fatalf("%d players seed %d: %v", n, seed, err)
			}
			if w := s.Galaxy().Warnings(); len(w) != 0 {
				t.Fatalf("%d players seed %d: the dealt galaxy departs from the setup: %v", n, seed, w)
			}
			seen := map[string]bool{}
			for _, p := range s.Players {
				if seen[p.Faction] {
					t.Fatalf("faction %s twice", p.Faction)
				}
				seen[p.Faction] = true
				checkStartingPosition(t, s, p)
			}
		}
	}
}

func checkStartingPosition(t *testing.T, s *State, p *Player) {
	t.Helper()
	c := data.MustLoad()
	f := c.Faction(p.Faction)
	home, tile := s.System(p.Home), f.Home
	if p.HomeOf != "" { // the Keleres: a home not played (The Tribuni)
		tile = c.Faction(p.HomeOf).Home
	}
	if home == nil || home.Tile != tile || (p.HomeOf != "") != (len(f.HomesOf) > 0) {
		t.Fatalf("%s home system %+v, want tile %s", p, home, tile)
	}
	if !s.IsHomeSystem(p.Home) {
		t.Fatalf("%s home not a home system", p)
	}
	for _, pl := range home.Planets {
		if pl.Controller != p.Seat || pl.Exhausted {
			t.Fatalf("%s should hold %s readied", p, pl.Name)
		}
	}
	for typ, n := range f.Units {
		if got := s.OnBoard(p.Seat, typ); got != n {
			t.Fatalf("%s has %d %s, want %d", p, got, typ, n)
		}
	}
	if p.Tactic != 3 || p.Fleet != 3 || p.Strategy != 2 {
		t.Fatalf("%s command sheet %d/%d/%d", p, p.Tactic, p.Fleet, p.Strategy)
	}
	want := len(f.Techs)
	if f.TechChoice != nil {
		want += f.TechChoice.Count
	}
	if len(p.Techs) != want && (f.TechChoice == nil || f.TechChoice.Rule != "others_own" || len(p.Techs) > want) {
		t.Fatalf("%s has techs %v", p, p.Techs)
	}
	notes := 6 // the five generic and the faction's own; the Empyrean's Dark Pact too (Dark Whispers)
	if s.dealsExtraNotes(p.Faction) {
		notes += len(f.PromissoryExtra)
	}
	if p.Faction == "mahact" { // Hubris: their Alliance purged
		notes--
	}
	if len(p.Promissory) != notes || p.Commander != Locked || (p.Faction == "empyrean" && notes != 7) {
		t.Fatalf("%s notes %v commander %s", p, p.Promissory, p.Commander)
	}
	if s.ShouldBeEliminated(p.Seat) {
		t.Fatalf("%s starts eliminated", p)
	}
}

func TestSetupBoard(t *testing.T) {
	s := setup(t, Config{Players: 6, Seed: 11})
	if !s.Custodians {
		t.Fatal("custodians token must start on Mecatol Rex")
	}
	frontier := 0
	for _, sys := range s.Systems {
		t0 := data.MustLoad().Tile(sys.Tile)
		has := len(sys.Tokens) > 0 && sys.Tokens[0].Kind == "frontier"
		if has != (len(t0.Planets) == 0) {
			t.Fatalf("system %s: frontier token %v with %d planets (38.1)", sys.Tile, has, len(t0.Planets))
		}
		if has {
			frontier++
		}
	}
	if frontier == 0 {
		t.Fatal("no frontier tokens placed")
	}
	for d, n := range map[string]int{"cultural": 20, "hazardous": 20, "industrial": 20, "frontier": 20} { // the Codex III's 6 frontier cards
		if len(s.Decks.Exploration[d]) != n {
			t.Fatalf("%s deck has %d", d, len(s.Decks.Exploration[d]))
		}
	}
	if len(s.Decks.Relics) != 16 || len(s.Strategy) != 8 { // Prophecy of Kings' 10 and the Codex's 6
		t.Fatalf("relic deck %d, strategy cards %d", len(s.Decks.Relics), len(s.Strategy))
	}
	if s.Speaker < 0 || s.Speaker >= 6 {
		t.Fatal("speaker")
	}
}

func TestSetupChosen(t *testing.T) {
	speaker := 2
	s := setup(t, Config{Players: 3, Seed: 1, Factions: []string{"jolnar", "creuss", "argent"},
		Colors: []string{"blue", "", "green"}, Speaker: &speaker, VictoryPoints: 14,
		StartingTechs: map[string][]string{"argent": {"sarween_tools", "plasma_scoring"}}})
	if s.Speaker != 2 || s.Options.VictoryPoints != 14 || s.Players[0].Color != "blue" || s.Players[1].Color != "red" || s.Players[2].Color != "green" {
		t.Fatalf("speaker %d vp %d colours %s %s", s.Speaker, s.Options.VictoryPoints, s.Players[0].Color, s.Players[1].Color)
	}
	// Creuss: the gate stands in the home position, the home system is off the board.
	cr := s.Players[1]
	if cr.Home != galaxy.OffBoard || s.System(cr.Home).Tile != "51" {
		t.Fatalf("Creuss home at %d", cr.Home)
	}
	if !strings.Contains(" "+s.Map+" ", " 17 ") {
		t.Fatalf("map lacks the Creuss gate: %s", s.Map)
	}
	if got := s.Players[2].Techs; len(got) != 2 || got[0] != "sarween_tools" {
		t.Fatalf("Argent techs %v", got)
	}
}

func TestSetupBadInput(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"players", Config{Players: 2}, "3 to 8"},
		{"faction", Config{Players: 3, Factions: []string{"borg"}}, "unknown faction"},
		{"faction twice", Config{Players: 3, Factions: []string{"sol", "sol"}}, "twice"},
		{"colour", Config{Players: 3, Colors: []string{"teal"}}, "unknown colour"},
		{"colour twice", Config{Players: 3, Colors: []string{"red", "red"}}, "twice"},
		{"vp", Config{Players: 3, VictoryPoints: 12}, "10 and a 14"},
		{"map", Config{Players: 6, Map: "1 2 3"}, "home"},
		{"tech choice", Config{Players: 3, Factions: []string{"argent"}, StartingTechs: map[string][]string{"argent": {"gravity_drive", "sarween_tools"}}}, "cannot start with"},
	}
	for _, tc := range tests {
		_, _, err := Setup(tc.cfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestSetupDeterministic(t *testing.T) {
	a, err := NewGame(Config{Players: 6, Seed: 99})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewGame(Config{Players: 6, Seed: 99})
	sa, _ := a.Snapshot()
	sb, _ := b.Snapshot()
	if !bytes.Equal(sa, sb) {
		t.Fatal("same seed, different setups")
	}
	c, _ := NewGame(Config{Players: 6, Seed: 100})
	if sc, _ := c.Snapshot(); bytes.Equal(sa, sc) {
		t.Fatal("different seeds, same setup")
	}
	// The snapshot decodes back to the same bytes.
	g, err := engine.Load[*State, Action, Event](Rules{}, sa)
	if err != nil {
		t.Fatal(err)
	}
	if s2, _ := g.Snapshot(); !bytes.Equal(s2, sa) {
		t.Fatal("snapshot does not survive a decode")
	}
}

// The Codex option: new games play the Codex versions; no_codex plays the
// printed ones, and comes with rules version 6 (refused for earlier ones).
func TestSetup_CodexOption(t *testing.T) {
	s, _, err := Setup(Config{Players: 3, Seed: 1})
	if err != nil || s.Options.NoCodex {
		t.Fatalf("%v: the Codex is played by default", err)
	}
	s, _, err = Setup(Config{Players: 3, Seed: 1, NoCodex: true})
	if err != nil || !s.Options.NoCodex {
		t.Fatalf("%v: no_codex is kept in the options", err)
	}
	if _, _, err := Setup(Config{Players: 3, Seed: 1, NoCodex: true, Rules: RulesLeaders}); err == nil {
		t.Fatal("no_codex with rules version 5 is refused")
	}
}

// The Codex's relics (Codex II) are shuffled into the relic deck of a game
// that plays the Codex, and the rest of the setup deals as without them;
// not into one without the Codex, nor before rules version 6.
func TestSetup_CodexRelics(t *testing.T) {
	with, _, err := Setup(Config{Players: 6, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	without, _, err := Setup(Config{Players: 6, Seed: 7, NoCodex: true})
	if err != nil {
		t.Fatal(err)
	}
	old, _, err := Setup(Config{Players: 6, Seed: 7, Rules: RulesLeaders})
	if err != nil {
		t.Fatal(err)
	}
	keleres, _, err := Setup(Config{Players: 6, Seed: 7, Rules: RulesKeleres})
	if err != nil {
		t.Fatal(err)
	}
	codex, _, err := Setup(Config{Players: 6, Seed: 7, Rules: RulesCodex})
	if err != nil {
		t.Fatal(err)
	}
	// Codex II's 3 from rules version 6, Codex IV's first 2 from version 9,
	// its third (Neuraloop) from version 10.
	if len(with.Decks.Relics) != 16 || len(without.Decks.Relics) != 10 || len(old.Decks.Relics) != 10 || len(keleres.Decks.Relics) != 13 || len(codex.Decks.Relics) != 15 {
		t.Fatalf("relic decks %d, %d, %d, %d, %d", len(with.Decks.Relics), len(without.Decks.Relics), len(old.Decks.Relics), len(keleres.Decks.Relics), len(codex.Decks.Relics))
	}
	base := slices.DeleteFunc(slices.Clone(with.Decks.Relics), func(r string) bool { return !slices.Contains(without.Decks.Relics, r) })
	if !slices.Equal(base, without.Decks.Relics) || !slices.Equal(with.Decks.ActionCards, without.Decks.ActionCards) {
		t.Fatal("the other relics, and the other decks, are dealt alike")
	}
}
