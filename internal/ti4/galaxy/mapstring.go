// Package galaxy is the TI4 game board: which tile stands at which hex, the
// map string that TI4 tools share, and adjacency (LRR 6, 44, 101).
package galaxy

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mecatol/mecatol/internal/hex"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Slot is one position of the board.
type Slot struct {
	Pos      int        // map-string index; 0 is the centre; OffBoard and up for systems off the board
	Hex      hex.Hex    // meaningless off the board
	Tile     *data.Tile // nil: no system tile here
	Rotation int        // sixths of a turn clockwise (hyperlanes)
	Back     string     // face-down tile showing this back: red, blue, green
	Home     bool       // a home-system position
	Token    string     // the map-string token as read
}

// OffBoard is the first position number of systems that are not on the
// board (the Creuss home system, say).
const OffBoard = 1000

// System reports whether the slot holds a system (LRR 44.2: a hyperlane is not one).
func (s *Slot) System() bool { return s.Tile != nil && !s.Tile.IsHyperlane() }

// Map is a galaxy.
type Map struct {
	Slots    []Slot // index = Pos for board positions
	Off      []Slot // systems off the board, Pos = OffBoard + i
	Players  int
	adjacent [][]int
	systems  []int // Systems, kept by link
}

// ParseError says which token of a map string is wrong.
type ParseError struct {
	Index int    // map-string index (0 = centre), -1 for the whole string
	Token string // the token as written
	Msg   string
}

func (e *ParseError) Error() string {
	if e.Index < 0 {
		return "map string: " + e.Msg
	}
	return fmt.Sprintf("map string: position %d (%q): %s", e.Index, e.Token, e.Msg)
}

// HomeIndices are the standard home positions by player count (TTPG layouts).
var HomeIndices = map[int][]int{
	3: {22, 28, 34},
	4: {22, 25, 31, 34},
	5: {19, 22, 25, 31, 34},
	6: {19, 22, 25, 28, 31, 34},
	7: {22, 25, 37, 49, 52, 55, 58},
	8: {37, 40, 43, 46, 49, 52, 55, 58},
}

// SystemCounts are the counts of non-home systems (Mecatol and hyperlanes
// not counted) that the LRR's setups deal, by player count: one per setup
// variant (standard, hyperlanes or large galaxy, alternate).
var SystemCounts = map[int][]int{
	3: {24},
	4: {32},
	5: {31, 25},
	6: {30, 54},
	7: {47, 35},
	8: {52, 40},
}

// Parse reads a map string. players may be 0 to infer it from the home
// positions the string marks or places.
func Parse(s string, players int) (*Map, error) {
	c := data.MustLoad()
	toks := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '\r' })
	if len(toks) == 0 {
		return nil, &ParseError{Index: -1, Msg: "empty"}
	}
	centre := "18"
	if t := toks[0]; strings.HasPrefix(t, "{") {
		if !strings.HasSuffix(t, "}") || len(t) < 3 {
			return nil, &ParseError{Index: 0, Token: t, Msg: "centre must be written {N}"}
		}
		centre, toks = t[1:len(t)-1], toks[1:]
	} else if t == "18" {
		toks = toks[1:]
	} else if slices.Contains(toks, "18") {
		centre = "0" // Mecatol Rex is placed elsewhere: the centre is empty unless {N} says
	}
	rings := 0
	for hex.Count(rings)-1 < len(toks) {
		rings++
	}
	if rings > 8 {
		return nil, &ParseError{Index: -1, Msg: fmt.Sprintf("%d tiles is more than any TI4 board holds", len(toks))}
	}
	m := &Map{Slots: make([]Slot, hex.Count(rings))}
	for i := range m.Slots {
		m.Slots[i] = Slot{Pos: i, Hex: hex.At(i)}
	}
	if err := m.place(c, 0, centre); err != nil {
		return nil, err
	}
	for i, t := range toks {
		if err := m.place(c, i+1, t); err != nil {
			return nil, err
		}
	}
	if players == 0 && len(m.Homes()) == 0 {
		players = m.guessPlayers()
	}
	if err := m.markHomes(players); err != nil {
		return nil, err
	}
	if err := m.checkDuplicates(); err != nil {
		return nil, err
	}
	m.addOffBoard(c)
	m.link()
	return m, nil
}

func (m *Map) place(c *data.Catalog, i int, tok string) error {
	s := &m.Slots[i]
	s.Token = tok
	bad := func(msg string, args ...any) error {
		return &ParseError{Index: i, Token: tok, Msg: fmt.Sprintf(msg, args...)}
	}
	switch strings.ToLower(tok) {
	case "0", "-1":
		return nil
	case "0r":
		s.Back = "red"
		return nil
	case "0b":
		s.Back = "blue"
		return nil
	case "0g":
		s.Back = "green"
		return nil
	}
	id, rot := strings.ToUpper(tok), 0
	if j := strings.IndexAny(id, "AB"); j > 0 {
		if j+1 < len(id) {
			n, err := strconv.Atoi(id[j+1:])
			switch {
			case err != nil || n < 0:
				return bad("hyperlane rotation must be a number")
			case n < 6:
				rot = n
			case n%60 == 0 && n < 360:
				rot = n / 60
			default:
				return bad("hyperlane rotation %d is neither 0-5 nor a multiple of 60 degrees", n)
			}
		}
		id = id[:j+1]
	} else if n, err := strconv.Atoi(id); err == nil {
		id = strconv.Itoa(n) // "025" is tile 25
		if id == "82" {
			id = NexusInactive // the wormhole nexus without its side: the inactive one (100.1a)
		}
	}
	t := c.Tile(id)
	if t == nil {
		return bad("unknown tile")
	}
	if rot != 0 && !t.IsHyperlane() {
		return bad("only hyperlane tiles are rotated")
	}
	s.Tile, s.Rotation = t, rot
	return nil
}

func (m *Map) markHomes(players int) error {
	var zeros, homes []int
	for i := 1; i < len(m.Slots); i++ {
		s := &m.Slots[i]
		switch {
		case s.Tile == nil && s.Back == "" && s.Token == "0":
			zeros = append(zeros, i)
		case s.Tile != nil && (s.Tile.Home != "" || s.Tile.ID == "17"):
			homes = append(homes, i) // tile 17, the Creuss gate, stands in the Creuss home position
		}
	}
	if players == 0 {
		players = len(homes) + len(zeros)
		if players < 3 || players > 8 {
			return &ParseError{Index: -1, Msg: fmt.Sprintf("cannot tell the player count (%d home systems and %d empty positions); give it", len(homes), len(zeros))}
		}
	}
	if players < 3 || players > 8 {
		return &ParseError{Index: -1, Msg: fmt.Sprintf("TI4 is for 3 to 8 players, not %d", players)}
	}
	m.Players = players
	for _, i := range homes {
		m.Slots[i].Home = true
	}
	switch need := players - len(homes); {
	case need < 0:
		return &ParseError{Index: -1, Msg: fmt.Sprintf("%d home systems for %d players", len(homes), players)}
	case need == 0:
	case len(zeros) == need:
		for _, i := range zeros {
			m.Slots[i].Home = true
		}
	default:
		std := HomeIndices[players]
		m.reach(slices.Max(std))
		free := 0
		for _, i := range std {
			if i < len(m.Slots) && m.Slots[i].Tile == nil && m.Slots[i].Back == "" {
				free++
			}
		}
		if len(homes) > 0 || free != len(std) {
			return &ParseError{Index: -1, Msg: fmt.Sprintf("%d players need %d more home positions; mark them with 0 or use the standard layout", players, need)}
		}
		for _, i := range std {
			m.Slots[i].Home = true
		}
	}
	return nil
}

// reach grows the board to hold position i: a string may stop short of the
// ring that holds the standard home positions it leaves implied.
func (m *Map) reach(i int) {
	rings := 0
	for hex.Count(rings) <= i {
		rings++
	}
	for j := len(m.Slots); j < hex.Count(rings); j++ {
		m.Slots = append(m.Slots, Slot{Pos: j, Hex: hex.At(j)})
	}
}

// guessPlayers infers the player count of a string that marks no homes:
// the one count whose standard setups deal as many systems as it holds.
func (m *Map) guessPlayers() int {
	n, guess := m.dealt(), 0
	for players, counts := range SystemCounts {
		if slices.Contains(counts, n) {
			if guess != 0 {
				return 0 // two counts fit: the caller must say
			}
			guess = players
		}
	}
	return guess
}

// dealt counts the systems besides the centre and the homes: tiles and
// face-down system tiles.
func (m *Map) dealt() int {
	n := 0
	for _, s := range m.Slots[1:] {
		if (s.System() && !s.Home) || s.Back == "red" || s.Back == "blue" {
			n++
		}
	}
	return n
}

// checkDuplicates refuses a system tile placed twice; hyperlane tiles are
// printed in several copies in some layouts and may repeat.
func (m *Map) checkDuplicates() error {
	seen := map[int]int{}
	for i, s := range m.Slots {
		if s.Tile == nil || s.Tile.IsHyperlane() {
			continue
		}
		n := s.Tile.Number()
		if j, ok := seen[n]; ok {
			return &ParseError{Index: i, Token: s.Token, Msg: fmt.Sprintf("tile %d is already at position %d", n, j)}
		}
		seen[n] = i
	}
	return nil
}

// addOffBoard adds the systems that stand off the board: the Creuss home
// system when its gate (17) is on the board, then the wormhole nexus,
// inactive side up, unless the map places it (100.1).
func (m *Map) addOffBoard(c *data.Catalog) {
	if m.Find("17") >= 0 && m.Find("51") < 0 {
		m.Off = append(m.Off, Slot{Pos: OffBoard, Tile: c.Tile("51"), Home: true, Token: "51"})
	}
	if m.Find(NexusInactive) < 0 && m.Find(NexusActive) < 0 {
		m.Off = append(m.Off, Slot{Pos: OffBoard + len(m.Off), Tile: c.Tile(NexusInactive), Token: NexusInactive})
	}
}

// The wormhole nexus's two sides (100.1a).
const (
	NexusInactive = "82A"
	NexusActive   = "82B"
)

// Warnings say where the map departs from the LRR's setups without making
// the board impossible: a system count no setup deals for its player count
// (custom and "chaos" maps), Mecatol Rex away from the centre or absent.
func (m *Map) Warnings() []string {
	var out []string
	n := m.dealt()
	if !slices.Contains(SystemCounts[m.Players], n) {
		out = append(out, fmt.Sprintf("%d systems besides Mecatol Rex and the homes, where a %d-player setup deals %s", n, m.Players, joinInts(SystemCounts[m.Players])))
	}
	switch at := m.Find("18"); {
	case at < 0:
		out = append(out, "no Mecatol Rex on the board: no custodians token to take, and no agenda phase")
	case at != 0:
		out = append(out, fmt.Sprintf("Mecatol Rex is at position %d, not at the centre", at))
	}
	return out
}

func joinInts(xs []int) string {
	var b []string
	for _, x := range xs {
		b = append(b, strconv.Itoa(x))
	}
	return strings.Join(b, " or ")
}

// String writes the map string: ring by ring, Mecatol implied when at the
// centre, 0 for an empty or home position, hyperlanes with their rotation.
func (m *Map) String() string {
	var b strings.Builder
	if c := m.Slots[0].Tile; c != nil && c.ID != "18" {
		b.WriteString("{" + c.ID + "}")
	} else if c == nil {
		b.WriteString("{0}")
	}
	last := len(m.Slots) - 1
	for last > 0 && m.Slots[last].Token == "" && m.Slots[last].Tile == nil && !m.Slots[last].Home {
		last-- // positions the string never named
	}
	for _, s := range m.Slots[1 : last+1] {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s.token())
	}
	return b.String()
}

func (s *Slot) token() string {
	switch {
	case s.Tile != nil && s.Tile.IsHyperlane():
		return s.Tile.ID + strconv.Itoa(s.Rotation)
	case s.Tile != nil:
		return s.Tile.ID
	case s.Back != "":
		return "0" + s.Back[:1]
	case s.Token == "-1" && !s.Home:
		return "-1"
	}
	return "0"
}

// Find returns the position of the tile with id, or -1.
func (m *Map) Find(id string) int {
	for _, s := range m.Slots {
		if s.Tile != nil && s.Tile.ID == id {
			return s.Pos
		}
	}
	for _, s := range m.Off {
		if s.Tile != nil && s.Tile.ID == id {
			return s.Pos
		}
	}
	return -1
}

// Slot returns the slot at pos, or nil.
func (m *Map) Slot(pos int) *Slot {
	switch {
	case pos >= 0 && pos < len(m.Slots):
		return &m.Slots[pos]
	case pos >= OffBoard && pos-OffBoard < len(m.Off):
		return &m.Off[pos-OffBoard]
	}
	return nil
}

// Homes returns the home positions in clockwise order from north.
func (m *Map) Homes() []int {
	var h []int
	for _, s := range m.Slots {
		if s.Home {
			h = append(h, s.Pos)
		}
	}
	return h
}

// Systems returns every position that holds a system, board then off-board.
func (m *Map) Systems() []int {
	var out []int
	for _, s := range m.Slots {
		if s.System() {
			out = append(out, s.Pos)
		}
	}
	for _, s := range m.Off {
		out = append(out, s.Pos)
	}
	return out
}

// Summary describes the map in a few lines.
func (m *Map) Summary() string {
	systems, planets, res, inf, anomalies, hyper := 0, 0, 0, 0, 0, 0
	worm := map[string]int{}
	for _, s := range m.Slots {
		switch {
		case s.System():
			systems++
			for _, p := range s.Tile.Planets {
				planets++
				res += p.Resources
				inf += p.Influence
			}
			if len(s.Tile.Anomalies) > 0 {
				anomalies++
			}
			for _, w := range s.Tile.Wormholes {
				worm[w]++
			}
		case s.Tile != nil:
			hyper++
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d players, %d rings\n", m.Players, rings(len(m.Slots)))
	fmt.Fprintf(&b, "home positions: %v\n", m.Homes())
	fmt.Fprintf(&b, "%d systems on the board (Mecatol Rex included), %d hyperlane tiles\n", systems, hyper)
	fmt.Fprintf(&b, "%d planets: %d resources, %d influence\n", planets, res, inf)
	fmt.Fprintf(&b, "%d anomalies; wormholes: alpha %d, beta %d, gamma %d, delta %d\n", anomalies, worm["alpha"], worm["beta"], worm["gamma"], worm["delta"])
	fmt.Fprintf(&b, "map string: %s\n", m.String())
	return b.String()
}

func rings(n int) int {
	r := 0
	for hex.Count(r) < n {
		r++
	}
	return r
}
