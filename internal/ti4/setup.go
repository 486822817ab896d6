package ti4

import (
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/hex"
	"github.com/mecatol/mecatol/internal/ti4/data"
	"github.com/mecatol/mecatol/internal/ti4/galaxy"
)

// Config is what a new game is made from.
type Config struct {
	Players       int                 `json:"players"`
	Factions      []string            `json:"factions,omitempty"` // per seat; "" or missing: random
	Colors        []string            `json:"colors,omitempty"`
	Map           string              `json:"map,omitempty"` // empty: a random map dealt by the LRR's setup
	Seed          uint64              `json:"seed"`
	VictoryPoints int                 `json:"victory_points,omitempty"` // 10 (default) or 14
	Speaker       *int                `json:"speaker,omitempty"`        // empty: random (80.5)
	StartingTechs map[string][]string `json:"starting_techs,omitempty"` // by faction, for factions that choose
	AutoPass      bool                `json:"auto_pass,omitempty"`      // every player starts with automatic passing on
	Rules         int                 `json:"rules,omitempty"`          // the rules version (Options.Rules); 0: RulesCurrent
	NoCodex       bool                `json:"no_codex,omitempty"`       // play without the Codex (Options.NoCodex), from rules version 6
	// KeleresHome: the faction whose home system the Council Keleres
	// take (The Tribuni): mentak, xxcha or argent, one not played. Empty:
	// the one the map's home tile shows, or one at random.
	KeleresHome string `json:"keleres_home,omitempty"`
	// Key, when set, replaces Seed: the setup and every action draw from
	// streams derived from it (engine.NewKeyedRNG). Games served to players
	// use a secret key, so no seed a client knows can reveal their cards.
	Key *[32]byte `json:"-"`
}

// Colors are the eight player colours.
var Colors = []string{"red", "blue", "green", "yellow", "purple", "black", "orange", "pink"}

// NewGame sets a game up (LRR "Complete Setup") and starts it on the engine.
func NewGame(cfg Config) (*Game, error) {
	s, rng, err := Setup(cfg)
	if err != nil {
		return nil, err
	}
	return engine.New[*State, Action, Event](Rules{}, s, rng)
}

// Setup builds the starting state. All randomness comes from cfg.Seed (or cfg.Key).
func Setup(cfg Config) (*State, engine.RNG, error) {
	c := data.MustLoad()
	rng := engine.NewRNG(cfg.Seed)
	if cfg.Key != nil {
		rng = engine.NewKeyedRNG(*cfg.Key)
	}
	n := cfg.Players
	if n < 3 || n > 8 {
		return nil, rng, engine.BadInput("players", "TI4 is for 3 to 8 players, not %d", n)
	}
	o, err := setupOptions(cfg)
	if err != nil {
		return nil, rng, err
	}
	s := &State{Options: o, StartPlayers: n, Round: 1, Phase: "strategy", Custodians: true}

	// Step 1: speaker (80.5).
	if cfg.Speaker != nil {
		if *cfg.Speaker < 0 || *cfg.Speaker >= n {
			return nil, rng, engine.BadInput("speaker", "no seat %d", *cfg.Speaker)
		}
		s.Speaker = *cfg.Speaker
	} else {
		s.Speaker = rng.IntN(n)
	}

	// Steps 2 and 4: factions and colours.
	factions, err := chooseFactions(c, cfg, o, &rng)
	if err != nil {
		return nil, rng, err
	}
	if len(cfg.Colors) > n {
		return nil, rng, engine.BadInput("colors", "%d colours for %d players", len(cfg.Colors), n)
	}
	free := slices.DeleteFunc(slices.Clone(Colors), func(c string) bool { return slices.Contains(cfg.Colors, c) })
	for seat := 0; seat < n; seat++ {
		var color string
		if seat < len(cfg.Colors) && cfg.Colors[seat] != "" {
			color = cfg.Colors[seat]
			if !slices.Contains(Colors, color) {
				return nil, rng, engine.BadInput("colors", "unknown colour %q", color)
			}
		} else {
			color, free = free[0], free[1:]
		}
		s.Players = append(s.Players, &Player{Seat: seat, Faction: factions[seat], Color: color,
			Tactic: 3, Fleet: 3, Strategy: 2, Commander: Locked, AutoPass: cfg.AutoPass}) // step 11: 3/3/2
	}
	for i, p := range s.Players {
		for _, q := range s.Players[:i] {
			if q.Color == p.Color {
				return nil, rng, engine.BadInput("colors", "colour %s chosen twice", p.Color)
			}
		}
	}

	// Step 6: the board.
	ms := cfg.Map
	if ms == "" {
		ms = RandomMap(n, &rng)
	}
	if galaxy.IsAsync(ms) { // the AsyncTI4 bot's position:tile pairs
		if ms, err = galaxy.FromAsync(ms); err != nil {
			return nil, rng, engine.BadInput("map", "%v", err)
		}
	}
	m, err := galaxy.Parse(ms, n)
	if err != nil {
		return nil, rng, engine.BadInput("map", "%v", err)
	}
	if err := placeHomes(c, s, m, cfg.KeleresHome, &rng); err != nil {
		return nil, rng, engine.BadInput("map", "%v", err)
	}

	// Step 7: custodians token (set above) and frontier tokens (38.1).
	for _, sys := range s.Systems {
		t := c.Tile(sys.Tile)
		if len(t.Planets) == 0 {
			sys.Tokens = append(sys.Tokens, Token{Kind: "frontier", Owner: None})
		}
	}

	dealDecks(s, c, &rng) // steps 8 and 12 iii, iv
	if s.playsCodex() {
		shuffleInCodex(s, c, codexStream(cfg))
	}

	// Step 10: strategy cards in the common play area.
	for _, sc := range c.Strategy {
		s.Strategy = append(s.Strategy, sc.ID)
	}

	// Steps 3, 5 and 11: notes, planet cards, technologies and units; a
	// faction choosing among the others' technologies chooses last.
	for _, last := range []bool{false, true} {
		for _, p := range s.Players {
			if ch := c.Faction(p.Faction).TechChoice; (ch != nil && ch.Rule == "others_own") != last {
				continue
			}
			if err := equip(c, s, p, cfg); err != nil {
				return nil, rng, err
			}
		}
	}
	s.Turn = s.Speaker // 84.1: the speaker chooses first
	s.Winner = None
	// Step 12 i: two secret objectives each, one to keep (61.20).
	for _, p := range s.Players {
		p.SecretChoice = slices.Clone(s.Decks.Secrets[:2])
		s.Decks.Secrets = s.Decks.Secrets[2:]
	}
	s.index()
	if ev := s.strategyStart(); len(ev) > 0 { // the first strategy phase starts (AtStrategyStart)
		for _, e := range ev {
			Rules{}.Apply(s, e)
		}
		if len(s.Choices) > 0 { // a window it opened (The Stillness of Stars): before the first pick
			Rules{}.Apply(s, Event{Kind: EvChoiceNext})
		}
		s.StrategyStarted, s.scratch = 1, nil
	}
	return s, rng, nil
}

// codexStream is the random stream that shuffles the Codex's relics into
// the relic deck: derived from the game's seed or key, apart from the
// game's own stream, so that a game with the Codex deals everything else
// as one without it does.
func codexStream(cfg Config) *engine.RNG {
	if cfg.Key != nil {
		k := sha256.Sum256(append(slices.Clone(cfg.Key[:]), "codex relics"...))
		r := engine.NewKeyedRNG(k)
		return &r
	}
	r := engine.NewRNG(cfg.Seed ^ 0x636f646578) // "codex"
	return &r
}

// codexSince is the rules version from which each Codex volume's new
// cards are shuffled in.
var codexSince = map[string]int{"codex2": RulesMechs, "codex3": RulesCodex, "codex4": RulesCodex}

// codexIn reports that the game has the cards the Codex volume source
// added.
func (s *State) codexIn(source string) bool { return s.playsCodex() && s.rules() >= codexSince[source] }

// shuffleInCodex puts each of the Codex's relics, then its exploration
// cards, at a random place in its shuffled deck, as far as the game's
// rules version has them: each deck stays uniformly shuffled, and a game
// of an earlier version draws no more numbers than it did.
func shuffleInCodex(s *State, c *data.Catalog, rng *engine.RNG) {
	in := func(source string) bool { return source != "" && s.codexIn(source) }
	for _, r := range c.Relics {
		if in(r.Source) && relics[r.ID] != nil && s.rules() >= relics[r.ID].since { // one not built yet stays out (components.go)
			i := rng.IntN(len(s.Decks.Relics) + 1)
			s.Decks.Relics = slices.Insert(s.Decks.Relics, i, r.ID)
		}
	}
	for _, x := range c.Exploration {
		for k := 0; k < x.Count && in(x.Source); k++ {
			deck := s.Decks.Exploration[x.Deck]
			s.Decks.Exploration[x.Deck] = slices.Insert(deck, rng.IntN(len(deck)+1), x.ID)
		}
	}
}

func shuffle(rng *engine.RNG, xs []string) {
	rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
}

func chooseFactions(c *data.Catalog, cfg Config, o Options, rng *engine.RNG) ([]string, error) {
	n := cfg.Players
	if len(cfg.Factions) > n {
		return nil, engine.BadInput("factions", "%d factions for %d players", len(cfg.Factions), n)
	}
	out := make([]string, n)
	taken := map[string]bool{}
	for i, f := range cfg.Factions {
		if f == "" {
			continue
		}
		if c.Faction(f) == nil || !dealt(c.Faction(f), o) {
			return nil, engine.BadInput("factions", "unknown faction %q", f)
		}
		if taken[f] {
			return nil, engine.BadInput("factions", "faction %q chosen twice", f)
		}
		taken[f], out[i] = true, f
	}
	var pool, later []string
	for _, f := range c.Factions {
		switch {
		case taken[f.ID]:
		case len(f.HomesOf) > 0 && max(o.Rules, RulesFirst) >= RulesKeleres:
			later = append(later, f.ID)
		case dealt(f, o):
			pool = append(pool, f.ID)
		}
	}
	shuffle(rng, pool)
	// A faction that came with a later rules version goes in at a random
	// place, and only if a seat is dealt at random: the stream of a game
	// whose factions are all chosen stays that of the version before. The
	// place is drawn without the Codex too, so the rest deals alike.
	for _, id := range later {
		if slices.Contains(out, "") {
			if i := rng.IntN(len(pool) + 1); dealt(c.Faction(id), o) {
				pool = slices.Insert(pool, i, id)
			}
		}
	}
	for i := range out {
		if out[i] == "" {
			out[i], pool = pool[0], pool[1:]
		}
	}
	return homesLeft(c, cfg, out, pool)
}

// technologies are the technology cards of the game's rules version: not
// those of a faction it does not deal.
func (s *State) technologies() []*data.Technology {
	c := data.MustLoad()
	if s.rules() >= RulesKeleres {
		return c.Technologies
	}
	return slices.DeleteFunc(slices.Clone(c.Technologies), func(t *data.Technology) bool {
		f := c.Faction(t.Faction)
		return f != nil && !dealt(f, s.Options)
	})
}

// dealt reports a faction in the game's rules version and card set: the
// Council Keleres (Codex III) from RulesKeleres, and with the Codex.
func dealt(f *data.Faction, o Options) bool {
	return len(f.HomesOf) == 0 || (max(o.Rules, RulesFirst) >= RulesKeleres && !o.NoCodex)
}

// homesLeft makes sure a faction taking another's home system (The
// Tribuni) has one not played: a faction dealt at random gives way to the
// next of the pool, its own seat's or one holding the home it needs.
func homesLeft(c *data.Catalog, cfg Config, out, pool []string) ([]string, error) {
	taker := false
	for i, id := range out {
		f := c.Faction(id)
		if len(f.HomesOf) == 0 {
			continue
		}
		taker = true
		need := f.HomesOf
		if h := cfg.KeleresHome; h != "" { // the home chosen, not any
			if !slices.Contains(f.HomesOf, h) {
				return nil, engine.BadInput("keleres_home", "%s take the home system of one of %s, not %q", f.Short, strings.Join(f.HomesOf, ", "), h)
			}
			need = []string{h}
		}
		if slices.ContainsFunc(need, func(h string) bool { return !slices.Contains(out, h) }) {
			continue
		}
		// A seat dealt at random one of the homes needed gives way; else
		// the faction itself, if dealt at random.
		j := slices.IndexFunc(out, func(g string) bool { return slices.Contains(need, g) && !chosen(cfg, slices.Index(out, g)) })
		if j < 0 && !chosen(cfg, i) {
			j = i
		}
		if j < 0 || len(pool) == 0 {
			return nil, engine.BadInput("factions", "%s need the home system of %s, one not played", f.Short, strings.Join(need, " or "))
		}
		out[j], pool = pool[0], pool[1:]
	}
	if cfg.KeleresHome != "" && !taker && len(cfg.Factions) == len(out) && !slices.Contains(cfg.Factions, "") { // all chosen, none of them
		return nil, engine.BadInput("keleres_home", "no faction chosen takes another's home system")
	}
	return out, nil
}

// chosen reports seat's faction chosen in the setup, not dealt at random.
func chosen(cfg Config, seat int) bool { return seat < len(cfg.Factions) && cfg.Factions[seat] != "" }

// placeHomes puts each seat's home system on a home position, clockwise from
// the first, and creates the state's systems. A home tile already in the
// map string fixes the faction of the seat that sits there.
func placeHomes(c *data.Catalog, s *State, m *galaxy.Map, keleres string, rng *engine.RNG) error {
	homes := m.Homes()
	if len(homes) != len(s.Players) {
		return engine.BadInput("map", "%d home positions for %d players", len(homes), len(s.Players))
	}
	for seat, pos := range homes {
		p := s.Players[seat]
		f := c.Faction(p.Faction)
		sl := m.Slot(pos)
		if len(f.HomesOf) > 0 {
			h, err := tribuni(c, s, f, sl.Tile, keleres, rng)
			if err != nil {
				return err
			}
			p.HomeOf, f = h, c.Faction(h) // its home system is that faction's
		}
		gate := factionSetUp(f.ID, hookGateTile) // a gate stands in the home position
		switch {
		case sl.Tile == nil && gate != "":
			sl.Tile = c.Tile(gate)
		case sl.Tile == nil:
			sl.Tile = c.Tile(f.Home)
		case sl.Tile.ID == f.Home || (gate != "" && sl.Tile.ID == gate):
		default:
			return engine.BadInput("map", "seat %d is %s but position %d holds tile %s", seat, f.Short, pos, sl.Tile.ID)
		}
		p.Home = pos
		if gate != "" {
			p.Home = galaxy.OffBoard
		}
	}
	ms := m.String()
	re, err := galaxy.Parse(ms, len(s.Players))
	if err != nil {
		return fmt.Errorf("setup: rebuilt map does not parse: %w", err)
	}
	return s.placeSystems(ms, re)
}

// tribuni is the faction whose home system f takes (The Tribuni): one of
// its HomesOf not played, as the map's tile shows, as chosen, or else at
// random.
func tribuni(c *data.Catalog, s *State, f *data.Faction, tile *data.Tile, chosen string, rng *engine.RNG) (string, error) {
	var free []string
	for _, h := range f.HomesOf {
		if !slices.ContainsFunc(s.Players, func(p *Player) bool { return p.Faction == h }) {
			free = append(free, h)
		}
	}
	if tile != nil {
		i := slices.IndexFunc(free, func(h string) bool { return c.Faction(h).Home == tile.ID })
		if i < 0 || (chosen != "" && chosen != free[i]) {
			return "", fmt.Errorf("%s cannot take home tile %s", f.Short, tile.ID)
		}
		return free[i], nil
	}
	if chosen != "" {
		if !slices.Contains(free, chosen) {
			return "", fmt.Errorf("%s take the home system of one of %s not played, not %q", f.Short, strings.Join(free, ", "), chosen)
		}
		return chosen, nil
	}
	return free[rng.IntN(len(free))], nil
}

// placeSystems creates the state's systems from the map.
func (s *State) placeSystems(ms string, re *galaxy.Map) error {
	s.Map, s.galaxy = ms, re
	for _, pos := range re.Systems() {
		t := re.Slot(pos).Tile
		sys := &System{Pos: pos, Tile: t.ID}
		for _, pl := range t.Planets {
			sys.Planets = append(sys.Planets, &Planet{Name: pl.Name, Controller: None})
		}
		s.Systems = append(s.Systems, sys)
	}
	return nil
}

// techOptions are the technologies a faction's starting choice is made
// from, by its rule: any without prerequisites, or (the Council Keleres)
// the generic ones the other players own.
func techOptions(c *data.Catalog, s *State, p *Player, rule string) []string {
	var out []string
	for _, t := range c.Technologies {
		if t.Faction != "" {
			continue
		}
		switch rule {
		case "no_prereq":
			if t.Color != "unit" && prereqCount(t) == 0 {
				out = append(out, t.ID)
			}
		case "others_own":
			if slices.ContainsFunc(s.Players, func(q *Player) bool { return q != p && slices.Contains(q.Techs, t.ID) }) {
				out = append(out, t.ID)
			}
		}
	}
	return out
}

// equip gives a player their starting components.
func equip(c *data.Catalog, s *State, p *Player, cfg Config) error {
	f := c.Faction(p.Faction)
	// Generic notes and the faction's own, as "<faction>:<note>".
	for _, note := range c.Promissory {
		if !s.purgesOwnNote(p.Faction, note.ID) {
			p.Promissory = append(p.Promissory, p.Faction+":"+note.ID)
		}
	}
	p.Promissory = append(p.Promissory, p.Faction+":"+idOf(f.Promissory))
	if s.dealsExtraNotes(p.Faction) {
		for _, n := range f.PromissoryExtra {
			p.Promissory = append(p.Promissory, p.Faction+":"+idOf(n))
		}
	}

	for _, t := range f.Techs {
		if tech := c.Technology(t); tech != nil && tech.Faction != "" && s.rules() < RulesPrinted {
			continue // the Nekro's Valefar Assimilators, dealt from rules version 4 on
		}
		p.Techs = append(p.Techs, t)
	}
	if ch := f.TechChoice; ch != nil {
		picked := cfg.StartingTechs[f.ID]
		options := ch.From
		if ch.Rule != "" {
			options = techOptions(c, s, p, ch.Rule)
		}
		count := min(ch.Count, len(options)) // fewer to choose from: all of them
		if picked == nil {
			picked = options[:count] // no choice given: the first options, in card order
		}
		if len(picked) != count || (ch.Rule == "others_own" && len(slices.Compact(slices.Sorted(slices.Values(picked)))) != count) {
			return engine.BadInput("starting_techs", "%s chooses %d starting technologies, not %d", f.Short, count, len(picked))
		}
		for _, t := range picked {
			if !slices.Contains(options, t) {
				return engine.BadInput("starting_techs", "%s cannot start with %q", f.Short, t)
			}
		}
		p.Techs = append(p.Techs, picked...)
	}

	home := s.System(p.Home)
	for _, pl := range home.Planets { // step 5: home planet cards, readied
		pl.Controller = p.Seat
	}
	defer func() {
		for _, pl := range home.Planets {
			pl.ControlToken = len(pl.Units) == 0 // 25.4: held without units
		}
	}()
	first := home.Planets[0]
	for _, typ := range UnitTypes {
		n := f.Units[typ]
		switch {
		case n == 0:
		case isShip(typ), isStructure(typ) && !s.fixedStructure(p.Seat, typ):
			home.Space = add(home.Space, p.Seat, typ, n) // the Floating Factory stands in space
		case typ == "pds":
			// At most two PDS on a planet (85.5): spread them over the home planets.
			for i := 0; i < n; i++ {
				pl := home.Planets[(i/2)%len(home.Planets)]
				pl.Units = add(pl.Units, p.Seat, typ, 1)
			}
		default:
			first.Units = add(first.Units, p.Seat, typ, n)
		}
	}
	return nil
}

func prereqCount(t *data.Technology) int {
	n := 0
	for _, v := range t.Prereqs {
		n += v
	}
	return n
}

func idOf(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	return strings.TrimSuffix(b.String(), "_")
}

// dealCounts are blue and red tiles per player, plus tiles the speaker adds
// near Mecatol Rex, for each player count's standard setup.
var dealCounts = map[int][4]int{ // blue, red, extra blue, extra red
	3: {6, 2, 0, 0},
	4: {5, 3, 0, 0},
	5: {4, 2, 0, 1},
	6: {3, 2, 0, 0},
	7: {4, 2, 3, 2},
	8: {4, 2, 2, 2},
}

// RandomMap deals a galaxy as the LRR's setup does: blue and red tiles by
// player count, rings filled from the centre out, anomalies and like
// wormholes kept apart where any other tile fits. Home positions are 0.
func RandomMap(players int, rng *engine.RNG) string {
	c := data.MustLoad()
	var blue, red []*data.Tile
	for _, t := range c.Tiles {
		switch t.Back {
		case "blue":
			blue = append(blue, t)
		case "red":
			red = append(red, t)
		}
	}
	rng.Shuffle(len(blue), func(i, j int) { blue[i], blue[j] = blue[j], blue[i] })
	rng.Shuffle(len(red), func(i, j int) { red[i], red[j] = red[j], red[i] })
	d := dealCounts[players]
	nb, nr := d[0]*players+d[2], d[1]*players+d[3]
	pool := append(append([]*data.Tile{}, blue[:nb]...), red[:nr]...)
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })

	rings := 3
	if players >= 7 {
		rings = 4
	}
	homes := galaxy.HomeIndices[players]
	placed := make([]*data.Tile, hex.Count(rings))
	for i := 1; i < len(placed) && len(pool) > 0; i++ {
		if slices.Contains(homes, i) {
			continue
		}
		pick := 0
		for k, t := range pool {
			if fits(placed, i, t) {
				pick = k
				break
			}
		}
		placed[i] = pool[pick]
		pool = slices.Delete(pool, pick, pick+1)
	}
	toks := make([]string, 0, len(placed)-1)
	for i := 1; i < len(placed); i++ {
		switch {
		case placed[i] != nil:
			toks = append(toks, placed[i].ID)
		case slices.Contains(homes, i):
			toks = append(toks, "0")
		default:
			toks = append(toks, "-1")
		}
	}
	return strings.Join(toks, " ")
}

// fits reports whether t may go at index i without touching an anomaly (when
// it is one) or a tile with the same wormhole.
func fits(placed []*data.Tile, i int, t *data.Tile) bool {
	h := hex.At(i)
	for e := 0; e < 6; e++ {
		j := hex.Index(h.Neighbor(e))
		if j >= len(placed) || placed[j] == nil {
			continue
		}
		o := placed[j]
		if len(t.Anomalies) > 0 && len(o.Anomalies) > 0 {
			return false
		}
		for _, w := range t.Wormholes {
			if o.HasWormhole(w) {
				return false
			}
		}
	}
	return true
}

// dealDecks shuffles the decks (step 8) and deals the public objectives
// (step 12 iii, iv).
func dealDecks(s *State, c *data.Catalog, rng *engine.RNG) {
	// Step 8: shuffle the exploration and relic decks.
	s.Decks = Decks{Exploration: map[string][]string{}, ExplorationDiscard: map[string][]string{}}
	for _, d := range []string{"cultural", "hazardous", "industrial", "frontier"} {
		var deck []string
		for _, card := range c.Exploration {
			if card.Deck == d && card.Source == "" { // the Codex's are shuffled in apart (shuffleInCodex)
				for range card.Count {
					deck = append(deck, card.ID)
				}
			}
		}
		shuffle(rng, deck)
		s.Decks.Exploration[d] = deck
		s.Decks.ExplorationDiscard[d] = []string{}
	}
	for _, r := range c.Relics {
		if r.Source == "" { // the Codex's are shuffled in apart (shuffleInCodexRelics)
			s.Decks.Relics = append(s.Decks.Relics, r.ID)
		}
	}
	shuffle(rng, s.Decks.Relics)

	// Step 8: the action card, agenda and secret objective decks. Prophecy
	// of Kings takes some base agendas out of the deck.
	for _, a := range c.ActionCards {
		for range a.Count {
			s.Decks.ActionCards = append(s.Decks.ActionCards, a.ID)
		}
	}
	for _, a := range c.Agendas {
		if !a.PoKRemoved {
			s.Decks.Agendas = append(s.Decks.Agendas, a.ID)
		}
	}
	for _, o := range c.Secrets {
		s.Decks.Secrets = append(s.Decks.Secrets, o.ID)
	}
	shuffle(rng, s.Decks.ActionCards)
	shuffle(rng, s.Decks.Agendas)
	shuffle(rng, s.Decks.Secrets)
	s.Decks.ActionDiscard, s.Decks.AgendaDiscard, s.Decks.Purged = []string{}, []string{}, []string{}

	// Step 12 iii, iv: five stage I and five stage II objectives dealt face
	// down; the first two stage I revealed.
	var stage [3][]string
	for _, o := range c.Publics {
		stage[o.Stage] = append(stage[o.Stage], o.ID)
	}
	shuffle(rng, stage[1])
	shuffle(rng, stage[2])
	s.Decks.StageI, s.Decks.StageII = stage[1][:5], stage[2][:5]
	s.Decks.Revealed = slices.Clone(s.Decks.StageI[:2])
	s.Decks.StageI = slices.Clone(s.Decks.StageI[2:])
}

// setupOptions checks the game's options: the victory point target and
// the rules version.
func setupOptions(cfg Config) (Options, error) {
	vp := cfg.VictoryPoints
	switch vp {
	case 0:
		vp = 10
	case 10, 14:
	default:
		return Options{}, engine.BadInput("victory_points", "the track has a 10 and a 14 side, not %d", vp)
	}
	rules := cfg.Rules
	switch {
	case rules == 0:
		rules = RulesCurrent
	case rules < RulesFirst || rules > RulesCurrent:
		return Options{}, engine.BadInput("rules", "rules versions run from %d to %d, not %d", RulesFirst, RulesCurrent, rules)
	}
	if rules == RulesFirst {
		rules = 0 // as games set up before versions were recorded
	}
	if cfg.NoCodex && max(rules, RulesFirst) < RulesMechs {
		return Options{}, engine.BadInput("no_codex", "playing without the Codex comes with rules version %d", RulesMechs)
	}
	return Options{VictoryPoints: vp, Rules: rules, NoCodex: cfg.NoCodex}, nil
}
