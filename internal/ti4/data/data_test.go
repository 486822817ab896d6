package data

import "testing"

func cat(t *testing.T) *Catalog {
	t.Helper()
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestTotals(t *testing.T) {
	c := cat(t)
	backs := map[string]int{}
	systems, hyperFaces := 0, 0
	for _, tl := range c.Tiles {
		backs[tl.Back]++
		if tl.IsHyperlane() {
			hyperFaces++
		} else {
			systems++
		}
	}
	// 36 blue and 18 red tiles in base + PoK (LRR 88.3, 88.4); hyperlanes
	// 83-91 with two faces each.
	if backs["blue"] != 36 || backs["red"] != 18 {
		t.Errorf("backs %v, want 36 blue, 18 red", backs)
	}
	if hyperFaces != 18 {
		t.Errorf("%d hyperlane faces, want 18", hyperFaces)
	}
	if len(c.Factions) != 25 { // base 17, PoK 7, the Codex's Council Keleres
		t.Errorf("%d factions, want 25", len(c.Factions))
	}
	if len(c.Strategy) != 8 {
		t.Errorf("%d strategy cards", len(c.Strategy))
	}
	commodities := 0
	for _, f := range c.Factions {
		commodities += f.Commodities
	}
	if commodities != 78 { // the Keleres' 2 with the 76 of the others
		t.Errorf("commodity values sum to %d, want 78", commodities)
	}
	res, inf, planets := 0, 0, 0
	for _, tl := range c.Tiles {
		if tl.ID == "82A" {
			continue // the nexus's inactive face repeats Mallice
		}
		for _, p := range tl.Planets {
			planets++
			res += p.Resources
			inf += p.Influence
		}
	}
	if planets != 98 || res != 178 || inf != 154 {
		t.Errorf("%d planets %d/%d, want 98 planets 178/154", planets, res, inf)
	}
	decks, codex := map[string]int{}, map[string]int{}
	for _, e := range c.Exploration {
		if e.Source == "" {
			decks[e.Deck] += e.Count
		} else {
			codex[e.Source+" "+e.Deck] += e.Count
		}
	}
	if decks["cultural"] != 20 || decks["hazardous"] != 20 || decks["industrial"] != 20 || decks["frontier"] != 14 || len(codex) != 1 || codex["codex3 frontier"] != 6 {
		t.Errorf("exploration decks %v, the Codex's %v", decks, codex)
	}
	generic := 0
	for _, tc := range c.Technologies {
		if tc.Faction == "" {
			generic++
		}
	}
	if generic != 33 {
		t.Errorf("%d generic technologies, want 24 coloured + 9 unit upgrades", generic)
	}
}

func TestSpotFacts(t *testing.T) {
	c := cat(t)
	tests := []struct {
		name string
		ok   bool
	}{
		{"Mecatol Rex 1/6 on tile 18", c.Planet("Mecatol Rex").Resources == 1 && c.Planet("Mecatol Rex").Influence == 6 && c.Planet("Mecatol Rex").Tile == "18"},
		{"Quann 2/1 cultural on 25 with beta", c.Planet("Quann").Resources == 2 && c.Planet("Quann").Influence == 1 && c.Planet("Quann").Trait == "cultural" && c.Tile("25").HasWormhole("beta")},
		{"tile 26 Lodor alpha", c.Tile("26").HasWormhole("alpha")},
		{"Creuss gate 17 and home 51 delta", c.Tile("17").HasWormhole("delta") && c.Tile("51").HasWormhole("delta")},
		{"tile 41 gravity rift", c.Tile("41").HasAnomaly("gravity-rift")},
		{"tile 42 nebula", c.Tile("42").HasAnomaly("nebula")},
		{"tile 43 supernova", c.Tile("43").HasAnomaly("supernova")},
		{"tile 44 asteroid field", c.Tile("44").HasAnomaly("asteroid-field")},
		{"Primor legendary", c.Planet("Primor").Legendary},
		{"Hope's End legendary", c.Planet("Hope's End").Legendary},
		{"Jol-Nar home 12, 4 commodities", c.Faction("jolnar").Home == "12" && c.Faction("jolnar").Commodities == 4},
		{"Hacan 6 commodities", c.Faction("hacan").Commodities == 6},
		{"Sol home 1 (Jord)", c.Faction("sol").Home == "1" && c.Planet("Jord").Tile == "1"},
		{"Creuss home 51", c.Faction("creuss").Home == "51"},
		{"gravity drive needs 1 blue", c.Technology("gravity_drive").Prereqs["blue"] == 1},
		{"fleet logistics needs 2 blue", c.Technology("fleet_logistics").Prereqs["blue"] == 2},
		{"war sun needs 3 red 1 yellow", c.Technology("war_sun").Prereqs["red"] == 3 && c.Technology("war_sun").Prereqs["yellow"] == 1},
		{"strategy 8 is imperial", c.Strategy[7].ID == "imperial" && c.Strategy[7].Initiative == 8},
	}
	for _, tc := range tests {
		if !tc.ok {
			t.Errorf("%s: false", tc.name)
		}
	}
	j := c.Faction("jolnar").Techs
	want := []string{"antimass_deflectors", "neural_motivator", "sarween_tools", "plasma_scoring"}
	for _, w := range want {
		found := false
		for _, x := range j {
			found = found || x == w
		}
		if !found {
			t.Errorf("Jol-Nar lacks starting tech %s", w)
		}
	}
}

func TestUnits(t *testing.T) {
	c := cat(t)
	ws := c.Unit("war_sun")
	if ws.Cost != 12 || ws.Combat != 3 || ws.Dice != 3 || ws.Move != 2 || ws.Capacity != 6 || !ws.Sustain ||
		ws.Bombardment == nil || ws.Bombardment.Hit != 3 || ws.Bombardment.Dice != 3 {
		t.Errorf("war sun %+v", ws)
	}
	tests := []struct {
		id                                  string
		cost                                float64
		produces, combat, dice, move, capac int
	}{
		{"carrier", 3, 1, 9, 1, 1, 4},
		{"carrier_2", 3, 1, 9, 1, 2, 6},
		{"fighter", 1, 2, 9, 1, 0, 0},
		{"fighter_2", 1, 2, 8, 1, 2, 0},
		{"dreadnought", 4, 1, 5, 1, 1, 1},
		{"infantry", 1, 2, 8, 1, 0, 0},
		{"destroyer_2", 1, 1, 8, 1, 2, 0},
	}
	for _, tc := range tests {
		u := c.Unit(tc.id)
		if u == nil || u.Cost != tc.cost || u.Produces != tc.produces || u.Combat != tc.combat || u.Dice != tc.dice || u.Move != tc.move || u.Capacity != tc.capac {
			t.Errorf("%s: %+v", tc.id, u)
		}
	}
	if a := c.Unit("destroyer").AFB; a == nil || a.Hit != 9 || a.Dice != 2 {
		t.Errorf("destroyer AFB %+v", a)
	}
	if a := c.Unit("pds_2").SpaceCannon; a == nil || a.Hit != 5 || a.Range != 1 {
		t.Errorf("PDS II space cannon %+v", a)
	}
	if !c.Unit("pds").PlanetaryShield || !c.Unit("space_dock").HasProduction() {
		t.Error("pds shield / space dock production")
	}
	if c.Unit("duha_menaimon").HasProduction() {
		t.Error("the Arborec flagship has no Production ability (LRR 33 note 1)")
	}
	if c.Limits["carrier"] != 4 || c.Limits["war_sun"] != 2 || c.Limits["space_dock"] != 3 || c.Limits["mech"] != 4 {
		t.Errorf("limits %v", c.Limits)
	}
	for id, free := range map[string]int{"space_dock": 3, "space_dock_2": 3, "floating_factory": 0, "floating_factory_2": 0, "dimensional_tear": 6, "dimensional_tear_2": 12, "carrier": 0} {
		if u := c.Unit(id); u.FreeFighters != free {
			t.Errorf("%s lets %d fighters stand without capacity, want %d", id, u.FreeFighters, free)
		}
	}
	for id, per := range map[string]int{"fighter": 0, "fighter_2": 1, "hybrid_crystal_fighter": 0, "hybrid_crystal_fighter_2": 2} {
		if u := c.Unit(id); u.FightersPerShip != per || (per > 0) != (u.Move > 0) {
			t.Errorf("%s: %d fighters beyond capacity per ship of the fleet pool, want %d (and a move value exactly then)", id, u.FightersPerShip, per)
		}
	}
	if u := c.UnitFor("sol", "carrier", false); u.ID != "advanced_carrier" {
		t.Errorf("Sol carrier is %s", u.ID)
	}
	if u := c.UnitFor("hacan", "carrier", true); u.ID != "carrier_2" {
		t.Errorf("Hacan carrier II is %s", u.ID)
	}
}

func TestDecks(t *testing.T) {
	c := cat(t)
	ac := 0
	for _, a := range c.ActionCards {
		ac += a.Count
	}
	agendas := 0
	for _, a := range c.Agendas {
		if !a.PoKRemoved {
			agendas++
		}
	}
	stages := map[int]int{}
	for _, o := range c.Publics {
		stages[o.Stage]++
		if o.Points != o.Stage {
			t.Errorf("%s: stage %d worth %d", o.ID, o.Stage, o.Points)
		}
	}
	if ac != 100 || agendas != 50 || stages[1] != 20 || stages[2] != 20 || len(c.Secrets) != 40 {
		t.Fatalf("action cards %d, agendas %d, stages %v, secrets %d", ac, agendas, stages, len(c.Secrets))
	}
}

// Every faction has its abilities, and each commander's unlock is a count
// of a known thing or a named condition; a bad one is refused at load.
func TestLeadersAndAbilities(t *testing.T) {
	c := MustLoad()
	counted := 0
	for _, l := range c.Leaders {
		if l.Unlock.Count > 0 {
			counted++
		}
	}
	if counted < 18 || len(c.Leaders) != len(c.Factions) {
		t.Fatalf("%d of %d commanders unlock by a count", counted, len(c.Leaders))
	}
	bad := *c
	bad.Leaders = append([]Leaders(nil), c.Leaders...)
	bad.Leaders[0].Unlock = Unlock{Count: 3, Of: "moons"}
	if err := bad.checkLeaders(); err == nil {
		t.Fatal("an unknown thing to count is refused")
	}
	bad.Leaders[0].Unlock = Unlock{Count: 3, Of: "cruisers", Condition: "also"}
	if err := bad.checkLeaders(); err == nil {
		t.Fatal("a count and a condition at once are refused")
	}
}
