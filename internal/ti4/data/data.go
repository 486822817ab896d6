// Package data holds the TI4 + Prophecy of Kings component facts (tiles,
// planets, units, technologies, factions, strategy cards and card names) as
// embedded JSON, checked and indexed at load. Facts only: no card text.
package data

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

//go:embed *.json
var files embed.FS

// Planet is a printed planet.
type Planet struct {
	Name      string `json:"name"`
	Resources int    `json:"resources"`
	Influence int    `json:"influence"`
	Trait     string `json:"trait,omitempty"` // cultural, hazardous, industrial
	Tech      string `json:"tech,omitempty"`  // blue, green, red, yellow
	Legendary bool   `json:"legendary,omitempty"`
	Tile      string `json:"-"`
	// AllTraits: an attachment gives it all three traits (Terraform).
	AllTraits bool `json:"-"`
}

// HasTrait reports the planet having the trait t.
func (p *Planet) HasTrait(t string) bool { return p.Trait == t || (p.AllTraits && t != "") }

// Tile is a system tile, or one face of a hyperlane tile ("83A").
type Tile struct {
	ID         string    `json:"id"`
	Source     string    `json:"source"`
	Back       string    `json:"back"` // blue, red, green, none
	Home       string    `json:"home,omitempty"`
	Wormholes  []string  `json:"wormholes,omitempty"`
	Anomalies  []string  `json:"anomalies,omitempty"`
	Planets    []*Planet `json:"planets,omitempty"`
	Hyperlanes [][2]int  `json:"hyperlanes,omitempty"`
}

// CardsTile is the tile of no system: it holds the planet cards a player
// keeps off the board (Custodia Vigilia), so that they are found, spent and
// counted as every other planet is. No map places it.
const CardsTile = "cards"

// IsHyperlane reports whether the tile is a hyperlane face (LRR 44.2: not a system).
func (t *Tile) IsHyperlane() bool { return len(t.Hyperlanes) > 0 }

// HasWormhole reports whether the tile shows wormhole w.
func (t *Tile) HasWormhole(w string) bool { return contains(t.Wormholes, w) }

// HasAnomaly reports whether the tile is anomaly a.
func (t *Tile) HasAnomaly(a string) bool { return contains(t.Anomalies, a) }

// Number is the tile's number without any face letter.
func (t *Tile) Number() int {
	n, _ := strconv.Atoi(strings.TrimRight(t.ID, "AB"))
	return n
}

// Ability is a unit roll ability such as bombardment: hit on Hit or better, Dice dice.
type Ability struct {
	Hit   int `json:"hit"`
	Dice  int `json:"dice"`
	Range int `json:"range,omitempty"` // space cannon into adjacent systems when 1
}

// Unit is a unit card, generic or faction-specific, at one upgrade level.
type Unit struct {
	ID              string   `json:"id"`
	Type            string   `json:"type"`
	Name            string   `json:"name"`
	Faction         string   `json:"faction,omitempty"`
	Level           int      `json:"level"`
	Upgrade         string   `json:"upgrade,omitempty"`
	Replaces        string   `json:"replaces,omitempty"`
	Source          string   `json:"source"`
	Cost            float64  `json:"cost"`
	Produces        int      `json:"produces"`
	Combat          int      `json:"combat"`
	Dice            int      `json:"dice"`
	Move            int      `json:"move"`
	Capacity        int      `json:"capacity"`
	Sustain         bool     `json:"sustain"`
	Bombardment     *Ability `json:"bombardment"`
	SpaceCannon     *Ability `json:"space_cannon"`
	AFB             *Ability `json:"afb"`
	PlanetaryShield bool     `json:"planetary_shield"`
	Production      int      `json:"production"`
	ProductionPlus  bool     `json:"production_plus_resources"`
	// FreeFighters is how many of its owner's fighters in the system of
	// this unit (a space dock) take up no capacity: 3 for a space dock, 6
	// and 12 for the Vuil'raith's Dimensional Tear I and II.
	FreeFighters int `json:"free_fighters,omitempty"`
	// FightersPerShip is set on fighters that move on their own: their
	// owner's fighters beyond capacity count against the fleet pool, one
	// ship for this many fighters (Fighter II: 1, the Naalu's Hybrid
	// Crystal Fighter II: 2). Zero: such fighters are only ever excess.
	FightersPerShip int `json:"fighters_per_ship,omitempty"`
}

// HasProduction reports whether the unit has the Production ability (LRR 68).
func (u *Unit) HasProduction() bool { return u.Production > 0 || u.ProductionPlus }

// Technology is a technology card.
type Technology struct {
	ID      string         `json:"id"`
	Name    string         `json:"name"`
	Color   string         `json:"color"` // blue green red yellow, or unit
	Prereqs map[string]int `json:"prereqs"`
	Faction string         `json:"faction,omitempty"`
	Unit    string         `json:"unit,omitempty"`
	Source  string         `json:"source"`
}

// TechChoice is a faction's choice among starting technologies.
type TechChoice struct {
	Count int      `json:"count"`
	From  []string `json:"from"`
	Rule  string   `json:"rule,omitempty"` // "no_prereq": any technology without prerequisites
}

// Faction is a faction sheet's facts.
type Faction struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Short  string `json:"short"`
	Source string `json:"source"`
	Home   string `json:"home"`
	// HomesOf: the factions whose home system this one takes at setup,
	// one not played (the Council Keleres' The Tribuni); Home is then "".
	HomesOf      []string       `json:"homes_of,omitempty"`
	HomePlanets  []string       `json:"home_planets"`
	Commodities  int            `json:"commodities"`
	Units        map[string]int `json:"units"`
	Techs        []string       `json:"techs"`
	TechChoice   *TechChoice    `json:"tech_choice"`
	FactionTechs []string       `json:"faction_techs"`
	Flagship     string         `json:"flagship"`
	Mech         string         `json:"mech"`
	Promissory   string         `json:"promissory"`
	// PromissoryExtra: further faction notes, dealt only where an ability
	// of the faction says so (the Empyrean's Dark Whispers).
	PromissoryExtra []string `json:"promissory_extra,omitempty"`
	Abilities       []string `json:"abilities"` // the faction sheet's abilities, by name
}

// StrategyCard is one of the eight strategy cards (LRR 83).
type StrategyCard struct {
	Initiative int    `json:"initiative"`
	ID         string `json:"id"`
	Name       string `json:"name"`
}

// ExplorationCard is one distinct exploration card and its copy count.
type ExplorationCard struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Deck  string `json:"deck"`
	Count int    `json:"count"`
	Kind  string `json:"kind"`
	// Source: the Codex volume that added the card ("codex3"); "" for the
	// printed decks.
	Source string `json:"source,omitempty"`
}

// Named is a card known by name only here.
type Named struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Source is the product it comes from when not the base game or
	// Prophecy of Kings ("codex2": Codex II, Affinity).
	Source string `json:"source,omitempty"`
}

// Leaders are a faction's leader names, and what unlocks its commander.
type Leaders struct {
	Faction   string   `json:"faction"`
	Agent     []string `json:"agent"`
	Commander string   `json:"commander"`
	Hero      string   `json:"hero"`
	// Heroes: for a faction that takes another's home system (HomesOf),
	// its hero by that faction; Hero is then "".
	Heroes map[string]string `json:"heroes,omitempty"`
	Unlock Unlock            `json:"unlock"`
}

// Unlock is a commander's unlock condition (LRR 51.5): a count of
// something the player has (Count of Of), or, where it is no count, a
// named condition.
type Unlock struct {
	Count     int    `json:"count,omitempty"`
	Of        string `json:"of,omitempty"`
	Condition string `json:"condition,omitempty"`
}

// UnlockCounts are the things an unlock condition may count: each is what
// the player has on the board or in its play area.
var UnlockCounts = []string{
	"action_cards", "cruisers", "dreadnoughts", "ground_forces_on_planets", "gravity_rifts_with_units",
	"influence_controlled", "non_fighter_ships_in_one_system", "non_home_planets_controlled",
	"others_tokens_in_fleet_pool", "resources_controlled", "secret_objectives_scored", "space_docks",
	"structures", "systems_with_mechs", "technologies", "trade_goods",
	"units_with_barrage_cannon_or_bombardment", "war_suns", "wormhole_systems_with_units",
}

// Card is a card known by id and name, with its copies in the deck.
type Card struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Count  int    `json:"count,omitempty"`
	Source string `json:"source"`
	Timing string `json:"timing,omitempty"` // action cards: when they are played
	Type   string `json:"type,omitempty"`   // agendas: law or directive
	Elect  string `json:"elect,omitempty"`  // agendas: what is elected
	Stage  int    `json:"stage,omitempty"`  // public objectives: I or II
	Points int    `json:"points,omitempty"`
	Phase  string `json:"phase,omitempty"` // secret objectives: when scored
	// PoKRemoved marks base agendas that Prophecy of Kings takes out of the deck.
	PoKRemoved bool `json:"pok_removed,omitempty"`
}

// Catalog is every component, indexed.
type Catalog struct {
	Tiles        []*Tile
	TokenPlanets []*Planet // planets placed by a card, on no tile
	Units        []*Unit
	Technologies []*Technology
	Factions     []*Faction
	Strategy     []StrategyCard
	Exploration  []ExplorationCard
	Relics       []Named
	Promissory   []Named
	Leaders      []Leaders
	ActionCards  []Card
	Agendas      []Card
	Publics      []Card
	Secrets      []Card
	Limits       map[string]int

	tiles    map[string]*Tile
	unitFor  map[unitKey]*Unit
	planets  map[string]*Planet
	units    map[string]*Unit
	techs    map[string]*Technology
	factions map[string]*Faction
}

var (
	once    sync.Once
	catalog *Catalog
	loadErr error
)

// Load returns the embedded catalog, parsed and checked once.
func Load() (*Catalog, error) {
	once.Do(func() { catalog, loadErr = load() })
	return catalog, loadErr
}

// MustLoad is Load for callers that cannot run without data (the binary is
// broken if the embedded files are).
func MustLoad() *Catalog {
	c, err := Load()
	if err != nil {
		panic(err)
	}
	return c
}

func decode(name string, v any) error {
	b, err := files.ReadFile(name)
	if err != nil {
		return err
	}
	d := json.NewDecoder(strings.NewReader(string(b)))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("data: %s: %w", name, err)
	}
	return nil
}

func load() (*Catalog, error) {
	c := &Catalog{}
	var sys struct {
		Tiles  []*Tile   `json:"tiles"`
		Tokens []*Planet `json:"token_planets"` // planets that come as tokens (Mirage)
	}
	var units struct {
		Units  []*Unit        `json:"units"`
		Limits map[string]int `json:"limits"`
	}
	var techs struct {
		Technologies []*Technology `json:"technologies"`
	}
	var facs struct {
		Factions []*Faction `json:"factions"`
	}
	var strat struct {
		Strategy []StrategyCard `json:"strategy"`
	}
	var cards struct {
		Exploration []ExplorationCard `json:"exploration"`
		Relics      []Named           `json:"relics"`
		Promissory  []Named           `json:"promissory_generic"`
		Leaders     []Leaders         `json:"leaders"`
	}
	var decks struct {
		ActionCards []Card `json:"action_cards"`
		Agendas     []Card `json:"agendas"`
		Publics     []Card `json:"public_objectives"`
		Secrets     []Card `json:"secret_objectives"`
	}
	for name, v := range map[string]any{
		"decks.json":   &decks,
		"systems.json": &sys, "units.json": &units, "technologies.json": &techs,
		"factions.json": &facs, "strategy.json": &strat, "cards.json": &cards,
	} {
		if err := decode(name, v); err != nil {
			return nil, err
		}
	}
	c.Tiles, c.TokenPlanets, c.Units, c.Limits = sys.Tiles, sys.Tokens, units.Units, units.Limits
	c.Technologies, c.Factions, c.Strategy = techs.Technologies, facs.Factions, strat.Strategy
	c.Exploration, c.Relics, c.Promissory, c.Leaders = cards.Exploration, cards.Relics, cards.Promissory, cards.Leaders
	c.ActionCards, c.Agendas, c.Publics, c.Secrets = decks.ActionCards, decks.Agendas, decks.Publics, decks.Secrets
	return c, c.index()
}

func (c *Catalog) index() error {
	c.tiles = map[string]*Tile{}
	c.planets = map[string]*Planet{}
	c.units = map[string]*Unit{}
	c.techs = map[string]*Technology{}
	c.factions = map[string]*Faction{}
	for _, t := range c.Tiles {
		if c.tiles[t.ID] != nil {
			return fmt.Errorf("data: tile %s twice", t.ID)
		}
		c.tiles[t.ID] = t
		for _, p := range t.Planets {
			p.Tile = t.ID
			if q := c.planets[p.Name]; q != nil {
				if c.tiles[q.Tile].Number() != t.Number() {
					return fmt.Errorf("data: planet %s twice", p.Name)
				}
				continue // the same planet on the other face of a tile (Mallice)
			}
			c.planets[p.Name] = p
		}
	}
	for _, p := range c.TokenPlanets {
		if c.planets[p.Name] != nil {
			return fmt.Errorf("data: planet %s twice", p.Name)
		}
		c.planets[p.Name] = p
	}
	// Found by id alone, never listed among the tiles a map may place.
	c.tiles[CardsTile] = &Tile{ID: CardsTile, Source: "codex3", Back: "none"}
	for _, u := range c.Units {
		if c.units[u.ID] != nil {
			return fmt.Errorf("data: unit %s twice", u.ID)
		}
		c.units[u.ID] = u
	}
	for _, t := range c.Technologies {
		if c.techs[t.ID] != nil {
			return fmt.Errorf("data: technology %s twice", t.ID)
		}
		c.techs[t.ID] = t
	}
	for _, f := range c.Factions {
		c.factions[f.ID] = f
	}
	sort.Slice(c.Strategy, func(i, j int) bool { return c.Strategy[i].Initiative < c.Strategy[j].Initiative })
	// Every faction's unit for every type and level, looked up once here:
	// the rules ask for it constantly.
	c.unitFor = map[unitKey]*Unit{}
	factions := []string{""}
	for _, f := range c.Factions {
		factions = append(factions, f.ID)
	}
	for _, f := range factions {
		for typ := range c.Limits {
			for _, up := range []bool{false, true} {
				c.unitFor[unitKey{f, typ, up}] = c.findUnit(f, typ, up)
			}
		}
	}
	return c.check()
}

// check verifies cross-references, so that a typo in the data fails the
// build's tests rather than a game.
func (c *Catalog) check() error {
	for _, u := range c.Units {
		if u.Upgrade != "" && c.units[u.Upgrade] == nil {
			return fmt.Errorf("data: unit %s upgrades to unknown %s", u.ID, u.Upgrade)
		}
	}
	for _, t := range c.Technologies {
		if t.Unit != "" && c.units[t.Unit] == nil {
			return fmt.Errorf("data: technology %s grants unknown unit %s", t.ID, t.Unit)
		}
	}
	for _, f := range c.Factions {
		if err := c.checkHome(f); err != nil {
			return err
		}
		for _, p := range f.HomePlanets {
			if c.planets[p] == nil || c.planets[p].Tile != f.Home {
				return fmt.Errorf("data: faction %s home planet %s not on tile %s", f.ID, p, f.Home)
			}
		}
		for _, id := range append(append([]string{}, f.Techs...), f.FactionTechs...) {
			if c.techs[id] == nil {
				return fmt.Errorf("data: faction %s names unknown technology %s", f.ID, id)
			}
		}
		if f.TechChoice != nil {
			for _, id := range f.TechChoice.From {
				if c.techs[id] == nil {
					return fmt.Errorf("data: faction %s may choose unknown technology %s", f.ID, id)
				}
			}
		}
		for typ := range f.Units {
			if _, ok := c.Limits[typ]; !ok {
				return fmt.Errorf("data: faction %s starts with unknown unit type %s", f.ID, typ)
			}
		}
		for _, id := range []string{f.Flagship, f.Mech} {
			if c.units[id] == nil {
				return fmt.Errorf("data: faction %s names unknown unit %s", f.ID, id)
			}
		}
		if len(f.Abilities) == 0 {
			return fmt.Errorf("data: faction %s has no abilities", f.ID)
		}
	}
	return c.checkLeaders()
}

// checkHome: a faction's home tile and planets, or the factions whose
// home it may take, each with its own.
func (c *Catalog) checkHome(f *Faction) error {
	if len(f.HomesOf) > 0 {
		for _, id := range f.HomesOf {
			if g := c.factions[id]; g == nil || len(g.HomesOf) > 0 || f.Home != "" || len(f.HomePlanets) > 0 {
				return fmt.Errorf("data: faction %s takes the home of %s", f.ID, id)
			}
		}
		return nil
	}
	if c.tiles[f.Home] == nil {
		return fmt.Errorf("data: faction %s home tile %s unknown", f.ID, f.Home)
	}
	return nil
}

// checkLeaders: one set per faction, and each commander's unlock a count
// of a known thing or a named condition, not both.
func (c *Catalog) checkLeaders() error {
	seen := map[string]bool{}
	for _, l := range c.Leaders {
		if c.factions[l.Faction] == nil || seen[l.Faction] {
			return fmt.Errorf("data: leaders of unknown or repeated faction %s", l.Faction)
		}
		seen[l.Faction] = true
		u := l.Unlock
		counted := u.Count > 0 && slices.Contains(UnlockCounts, u.Of)
		if counted == (u.Condition != "") || len(l.Agent) == 0 || l.Commander == "" || (l.Hero == "") == (len(l.Heroes) == 0) {
			return fmt.Errorf("data: %s's leaders or commander unlock %+v", l.Faction, u)
		}
	}
	if len(seen) != len(c.Factions) {
		return fmt.Errorf("data: leaders for %d of %d factions", len(seen), len(c.Factions))
	}
	return nil
}

// Tile looks a tile up by map-string id ("25", "83A").
func (c *Catalog) Tile(id string) *Tile { return c.tiles[id] }

// Planet looks a planet up by name.
func (c *Catalog) Planet(name string) *Planet { return c.planets[name] }

// Unit looks a unit up by id.
func (c *Catalog) Unit(id string) *Unit { return c.units[id] }

// Technology looks a technology up by id.
func (c *Catalog) Technology(id string) *Technology { return c.techs[id] }

// Faction looks a faction up by id.
func (c *Catalog) Faction(id string) *Faction { return c.factions[id] }

// FactionByHome returns the faction whose home system is tile id, or nil.
func (c *Catalog) FactionByHome(id string) *Faction {
	for _, f := range c.Factions {
		if f.Home == id {
			return f
		}
	}
	return nil
}

type unitKey struct {
	faction, typ string
	upgraded     bool
}

// UnitFor returns the unit card a faction uses for a generic type at a level:
// its own faction unit where it has one, else the generic card.
func (c *Catalog) UnitFor(faction, typ string, upgraded bool) *Unit {
	if u, ok := c.unitFor[unitKey{faction, typ, upgraded}]; ok {
		return u
	}
	return c.findUnit(faction, typ, upgraded)
}

func (c *Catalog) findUnit(faction, typ string, upgraded bool) *Unit {
	var generic *Unit
	for _, u := range c.Units {
		if u.Type != typ || (u.Level >= 2) != upgraded {
			continue
		}
		if u.Faction == faction && faction != "" {
			return u
		}
		if u.Faction == "" && generic == nil {
			generic = u
		}
	}
	return generic
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// About is a short plain account, in the project's own words, of what
// some components do, by id, for a page to show beside their names; it
// is no card's text. Read only.
var About = sync.OnceValue(func() map[string]string {
	var v struct {
		About map[string]string `json:"about"`
	}
	if err := decode("about.json", &v); err != nil {
		panic(err)
	}
	return v.About
})
