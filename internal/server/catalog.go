package server

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math"
	"net/http"
	"sync"

	gecards "github.com/mecatol/mecatol/internal/ge/cards"
	hx "github.com/mecatol/mecatol/internal/hex"
	"github.com/mecatol/mecatol/internal/ti4"
	"github.com/mecatol/mecatol/internal/ti4/data"
	"github.com/mecatol/mecatol/internal/ti4/galaxy"
)

// The page names and draws what the state holds by id: the catalog gives
// every component's name and printed numbers (the same for every game,
// cached by its hash), and a game's board gives where each map position
// is drawn.

type catalogJSON struct {
	Names    map[string]string        `json:"names"`
	About    map[string]string        `json:"about"`
	Tiles    map[string]*data.Tile    `json:"tiles"`
	Planets  map[string]*data.Planet  `json:"planets"`
	Units    []*data.Unit             `json:"units"`
	Techs    []*data.Technology       `json:"techs"`
	Strategy []data.StrategyCard      `json:"strategy"`
	Publics  []data.Card              `json:"publics"`
	Secrets  []data.Card              `json:"secrets"`
	Agendas  []data.Card              `json:"agendas"`
	Actions  []data.Card              `json:"action_cards"`
	Factions []*data.Faction          `json:"factions"`
	Leaders  map[string]ti4.LeaderSet `json:"leaders"`
	// GE is the Galactic Empires cards' facts by id, for a card game's page.
	GE map[string]*gecards.Card `json:"ge"`
}

var catalogBody = sync.OnceValues(func() ([]byte, string) {
	c := data.MustLoad()
	out := catalogJSON{Names: ti4.Names(), About: data.About(), Tiles: map[string]*data.Tile{}, Planets: map[string]*data.Planet{},
		Units: c.Units, Techs: c.Technologies, Strategy: c.Strategy, Publics: c.Publics, Secrets: c.Secrets, Agendas: c.Agendas, Actions: c.ActionCards, Factions: c.Factions,
		Leaders: ti4.Leaders(), GE: map[string]*gecards.Card{}}
	for _, c := range gecards.Starters().Cards {
		out.GE[c.ID] = c
	}
	for _, t := range c.Tiles {
		out.Tiles[t.ID] = t
		for _, p := range t.Planets {
			out.Planets[p.Name] = p
		}
	}
	for _, p := range c.TokenPlanets {
		out.Planets[p.Name] = p
	}
	b, err := json.Marshal(out)
	if err != nil {
		panic(err)
	}
	sum := sha256.Sum256(b)
	return b, `"` + hex.EncodeToString(sum[:8]) + `"`
})

// catalog serves the component catalog, revalidated by its hash.
func (s *Server) catalog(w http.ResponseWriter, r *http.Request) {
	b, tag := catalogBody()
	w.Header().Set("ETag", tag)
	w.Header().Set("Cache-Control", "no-cache")
	if r.Header.Get("If-None-Match") == tag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	writeRaw(w, http.StatusOK, b)
}

// boardSlot is one map position as drawn: its centre in the units of a
// hex of size 1, its tile's rotation, and a face-down back or home mark.
type boardSlot struct {
	Pos      int     `json:"pos"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Tile     string  `json:"tile,omitempty"`
	Rotation int     `json:"rotation,omitempty"`
	Home     bool    `json:"home,omitempty"`
	Off      bool    `json:"off,omitempty"` // off the board (the Creuss home system): drawn beside it
}

// board serves where each position of the game's map is drawn.
func (s *Server) board(w http.ResponseWriter, r *http.Request) {
	l, _, ok := s.game(w, r)
	if !ok {
		return
	}
	l.mu.Lock()
	t, isTI4 := l.game.(*ti4.Table)
	var mapString string
	var players int
	if isTI4 {
		st := t.G.State()
		mapString, players = st.Map, st.StartPlayers
	}
	l.mu.Unlock()
	if !isTI4 {
		fail(w, http.StatusNotFound, "a %s game has no map", l.module)
		return
	}
	m, err := galaxy.Parse(mapString, players)
	if err != nil {
		fail(w, http.StatusInternalServerError, "map: %v", err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"slots": boardSlots(m)})
}

func boardSlots(m *galaxy.Map) []boardSlot {
	var out []boardSlot
	maxX, minY := math.Inf(-1), math.Inf(1)
	for _, sl := range m.Slots {
		if sl.Tile == nil && !sl.Home {
			continue
		}
		x, y := hx.Pixel(sl.Hex, 1)
		maxX, minY = math.Max(maxX, x), math.Min(minY, y)
		b := boardSlot{Pos: sl.Pos, X: round2(x), Y: round2(y), Rotation: sl.Rotation, Home: sl.Home}
		if sl.Tile != nil {
			b.Tile = sl.Tile.ID
		}
		out = append(out, b)
	}
	for i, sl := range m.Off {
		out = append(out, boardSlot{Pos: sl.Pos, X: round2(maxX + 2.2), Y: round2(minY + 2.2*float64(i)), Tile: sl.Tile.ID, Off: true})
	}
	return out
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }
