package ti4

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Scenario is a set-up game, a staged board position, and actions to apply.
// Dice, when given, are the results the game's next dice show, in order.
// An action may carry "expect": "ok" or "refused RULE", and the run checks
// it (a refusal expected is not applied, and the run goes on).
type Scenario struct {
	Setup   Config            `json:"setup"`
	Board   Board             `json:"board"`
	Dice    []int             `json:"dice,omitempty"`
	Actions []json.RawMessage `json:"actions"`
}

// Board stages a position on top of the setup. Each system, planet and
// player entry names its target ("pos", "name", "seat") and replaces only the
// fields it gives.
type Board struct {
	ClearUnits bool       `json:"clear_units,omitempty"`
	Speaker    *int       `json:"speaker,omitempty"`
	Custodians *bool      `json:"custodians,omitempty"`
	Round      *int       `json:"round,omitempty"`
	Phase      *string    `json:"phase,omitempty"`
	Invasion   *Invasion  `json:"invasion,omitempty"`
	ZeroToken  *ZeroToken `json:"zero_token,omitempty"`
	Strategy   []string   `json:"strategy,omitempty"`
	// Turn is the active player (the action phase), or who chooses next
	// (the strategy phase).
	Turn *int `json:"turn,omitempty"`
	// State sets any field of the game's state, by its JSON name, as a
	// whole: the step under way, an agenda on the table with its votes and
	// windows, a combat in progress, laws in play, leaders and relics. It
	// is applied after everything else the board stages.
	State   json.RawMessage   `json:"state,omitempty"`
	Systems []json.RawMessage `json:"systems,omitempty"`
	Planets []json.RawMessage `json:"planets,omitempty"`
	Players []json.RawMessage `json:"players,omitempty"`
	Decks   json.RawMessage   `json:"decks,omitempty"`
}

// ScenarioError names the part of a scenario that is wrong.
type ScenarioError struct {
	Where string
	Err   error
}

func (e *ScenarioError) Error() string { return fmt.Sprintf("scenario: %s: %v", e.Where, e.Err) }
func (e *ScenarioError) Unwrap() error { return e.Err }

func strict(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return fmt.Errorf("trailing data")
	}
	return nil
}

// DecodeScenario reads a scenario in JSON, or in YAML when it does not start
// with "{". YAML is turned into JSON first, so both are held to one schema.
func DecodeScenario(b []byte) (*Scenario, error) {
	trimmed := bytes.TrimSpace(b)
	if len(trimmed) == 0 {
		return nil, &ScenarioError{Where: "file", Err: fmt.Errorf("empty")}
	}
	if trimmed[0] != '{' {
		var v any
		if err := yaml.Unmarshal(trimmed, &v); err != nil {
			return nil, &ScenarioError{Where: "yaml", Err: err}
		}
		j, err := json.Marshal(v)
		if err != nil {
			return nil, &ScenarioError{Where: "yaml", Err: fmt.Errorf("not representable as JSON: %v", err)}
		}
		trimmed = j
	}
	var sc Scenario
	if err := strict(trimmed, &sc); err != nil {
		return nil, &ScenarioError{Where: "top level", Err: err}
	}
	return &sc, nil
}

// Start sets the scenario's game up and stages its board. What the staged
// position already calls for (control, elimination, excess units, a
// victory) is resolved at once, as after any action.
func (sc *Scenario) Start() (*Game, error) {
	s, rng, err := Setup(sc.Setup)
	if err != nil {
		return nil, &ScenarioError{Where: "setup", Err: err}
	}
	if err := sc.Board.stage(s); err != nil {
		return nil, err
	}
	if len(sc.Dice) > 0 {
		if err := rng.FixDice(sc.Dice); err != nil {
			return nil, &ScenarioError{Where: "dice", Err: err}
		}
	}
	if err := settleStaged(s, &rng); err != nil {
		return nil, &ScenarioError{Where: "board", Err: err}
	}
	g, err := engine.New[*State, Action, Event](Rules{}, s, rng)
	if err != nil {
		return nil, &ScenarioError{Where: "board", Err: err}
	}
	return g, nil
}

// settleStaged runs the automatic steps a staged position calls for, before play.
func settleStaged(s *State, rng *engine.RNG) error {
	r := Rules{}
	for i := 0; ; i++ {
		ev := r.Follow(s, rng)
		if len(ev) == 0 {
			return nil
		}
		if i == engine.MaxFollowUps {
			return fmt.Errorf("the staged position never settles")
		}
		for _, e := range ev {
			r.Apply(s, e)
		}
	}
}

// Run starts the scenario and applies its actions in order. On a refusal it
// returns the game as it stood and an error naming the action.
func (sc *Scenario) Run() (*Game, error) { return sc.RunWith(nil) }

// Played is one action of a scenario run: what it was, what it caused,
// and whether it was refused as expected.
type Played struct {
	Index  int
	Action Action
	Events []Event
	Err    error // a refusal the scenario expected
}

// RunWith is Run that hands each action's outcome to seen (when not nil).
// An action's "expect" is checked: "ok" must be accepted; "refused RULE"
// must be refused under that rule, and the run goes on without it.
func (sc *Scenario) RunWith(seen func(Played)) (*Game, error) {
	g, err := sc.Start()
	if err != nil {
		return nil, err
	}
	for i, raw := range sc.Actions {
		where := fmt.Sprintf("actions[%d]", i)
		body, expect, err := splitExpect(raw)
		if err != nil {
			return g, &ScenarioError{Where: where, Err: err}
		}
		a, err := DecodeAction(body)
		if err != nil {
			return g, &ScenarioError{Where: where, Err: err}
		}
		where = fmt.Sprintf("actions[%d] (%s)", i, a.Kind)
		ev, err := g.Do(a)
		switch {
		case expect == "" && err != nil:
			return g, &ScenarioError{Where: where, Err: err}
		case expect == "ok" && err != nil:
			return g, &ScenarioError{Where: where, Err: fmt.Errorf("expected ok, refused: %w", err)}
		case strings.HasPrefix(expect, "refused"):
			want := strings.TrimSpace(strings.TrimPrefix(expect, "refused"))
			if err == nil {
				return g, &ScenarioError{Where: where, Err: fmt.Errorf("expected %s, but it was accepted", expect)}
			}
			if got := engine.RuleOf(err); want != "" && got != want {
				return g, &ScenarioError{Where: where, Err: fmt.Errorf("expected refused %s, refused under %q: %w", want, got, err)}
			}
		}
		if seen != nil {
			seen(Played{Index: i, Action: a, Events: ev, Err: err})
		}
	}
	return g, nil
}

// splitExpect takes an action's "expect" out of it: "", "ok", or
// "refused RULE" (the rule may be left out: any refusal).
func splitExpect(raw json.RawMessage) (json.RawMessage, string, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return raw, "", nil // DecodeAction says what is wrong with it
	}
	e, ok := m["expect"]
	if !ok {
		return raw, "", nil
	}
	var expect string
	if err := json.Unmarshal(e, &expect); err != nil {
		return nil, "", fmt.Errorf("expect: a string, \"ok\" or \"refused RULE\"")
	}
	expect = strings.TrimSpace(expect)
	if expect != "ok" && expect != "refused" && !strings.HasPrefix(expect, "refused ") {
		return nil, "", fmt.Errorf("expect: \"ok\" or \"refused RULE\", not %q", expect)
	}
	delete(m, "expect")
	body, _ := json.Marshal(m)
	return body, expect, nil
}

func (b *Board) stage(s *State) error {
	bad := func(where string, err error) error { return &ScenarioError{Where: "board." + where, Err: err} }
	if b.ClearUnits {
		for _, sys := range s.Systems {
			sys.Space = nil
			for _, p := range sys.Planets {
				p.Units = nil
			}
		}
	}
	if b.Speaker != nil {
		if s.Player(*b.Speaker) == nil {
			return bad("speaker", fmt.Errorf("no seat %d", *b.Speaker))
		}
		s.Speaker = *b.Speaker
	}
	if b.Custodians != nil {
		s.Custodians = *b.Custodians
	}
	if b.Round != nil {
		s.Round = *b.Round
	}
	if b.Phase != nil {
		s.Phase = *b.Phase
	}
	if b.Invasion != nil {
		s.Invasion = b.Invasion
	}
	if b.ZeroToken != nil {
		s.ZeroToken = b.ZeroToken
	}
	if b.Strategy != nil {
		s.Strategy = b.Strategy
	}
	if b.Turn != nil {
		if s.Player(*b.Turn) == nil {
			return bad("turn", fmt.Errorf("no seat %d", *b.Turn))
		}
		s.Turn = *b.Turn
	}
	for i, raw := range b.Systems {
		var key struct {
			Pos *int `json:"pos"`
		}
		_ = json.Unmarshal(raw, &key)
		if key.Pos == nil || s.System(*key.Pos) == nil {
			return bad(fmt.Sprintf("systems[%d]", i), fmt.Errorf("needs the \"pos\" of a system on the map"))
		}
		if err := strict(raw, s.System(*key.Pos)); err != nil {
			return bad(fmt.Sprintf("systems[%d]", i), err)
		}
	}
	for i, raw := range b.Planets {
		var key struct {
			Name string `json:"name"`
		}
		_ = json.Unmarshal(raw, &key)
		pl, _ := s.Planet(key.Name)
		if pl == nil {
			return bad(fmt.Sprintf("planets[%d]", i), fmt.Errorf("no planet %q on the map", key.Name))
		}
		if err := strict(raw, pl); err != nil {
			return bad(fmt.Sprintf("planets[%d]", i), err)
		}
	}
	for i, raw := range b.Players {
		var key struct {
			Seat *int `json:"seat"`
		}
		_ = json.Unmarshal(raw, &key)
		if key.Seat == nil || s.Player(*key.Seat) == nil {
			return bad(fmt.Sprintf("players[%d]", i), fmt.Errorf("needs the \"seat\" of a player"))
		}
		p := s.Players[*key.Seat]
		faction, home := p.Faction, p.Home
		hand, secrets, frags, relics := slices.Clone(p.ActionCards), slices.Clone(p.Secrets), slices.Clone(p.RelicFragments), slices.Clone(p.Relics)
		if err := strict(raw, p); err != nil {
			return bad(fmt.Sprintf("players[%d]", i), err)
		}
		// Cards a board hands a player leave their deck, so each card stays
		// in one place.
		s.Decks.ActionCards = takeFrom(s.Decks.ActionCards, hand, p.ActionCards)
		s.Decks.Secrets = takeFrom(s.Decks.Secrets, secrets, p.Secrets)
		s.Decks.Relics = takeFrom(s.Decks.Relics, relics, p.Relics)
		for trait, deck := range s.Decks.Exploration {
			s.Decks.Exploration[trait] = takeFrom(deck, frags, p.RelicFragments)
		}
		if p.Seat != *key.Seat || p.Faction != faction || p.Home != home {
			return bad(fmt.Sprintf("players[%d]", i), fmt.Errorf("seat, faction and home are fixed by the setup"))
		}
	}
	if len(b.Decks) > 0 {
		if err := strict(b.Decks, &s.Decks); err != nil {
			return bad("decks", err)
		}
	}
	if len(b.State) > 0 {
		if err := strict(b.State, s); err != nil {
			return bad("state", err)
		}
	}
	if err := s.Validate(); err != nil {
		return bad("", err)
	}
	return nil
}

// takeFrom removes from deck one copy of each card in now that was not in
// before.
func takeFrom(deck, before, now []string) []string {
	before = slices.Clone(before)
	for _, c := range now {
		if i := slices.Index(before, c); i >= 0 {
			before = slices.Delete(before, i, i+1)
			continue
		}
		if i := slices.Index(deck, c); i >= 0 {
			deck = slices.Delete(slices.Clone(deck), i, i+1)
		}
	}
	return deck
}

// Validate checks a state for things no position can hold: unknown seats,
// unit types or cards, negative counts, ships on planets, structures in
// space, more units than the game has.
func (s *State) Validate() error {
	c := data.MustLoad()
	seat := func(o int) bool { return o >= 0 && o < len(s.Players) }
	checkStacks := func(pos int, st []Stack, pl *Planet) error {
		where := func() string { // only on error: Validate runs after every action in checked play
			if pl != nil {
				return "planet " + pl.Name
			}
			return fmt.Sprintf("system %d space", pos)
		}
		for _, x := range st {
			committed := x.Unit == "fighter" && pl != nil && s.Invasion != nil && s.Invasion.Pos == pos && x.Owner == s.Invasion.Seat // as ground forces
			// structures standing where the owner's card said before a copied
			// upgrade (Valefar Assimilator) changed where new ones go
			copied := pl != nil && isStructure(x.Unit) && seat(x.Owner) && copiedCard(s, x.Owner, x.Unit)
			if seat(x.Owner) && c.Limits[x.Unit] > 0 && x.Count > 0 && !committed && !copied {
				if err := checkPlacement(s, x.Owner, x.Unit, 0, pl); err != nil {
					return fmt.Errorf("%s: %v", where(), err)
				}
			}
			switch {
			case !seat(x.Owner):
				return fmt.Errorf("%s: no seat %d", where(), x.Owner)
			case c.Limits[x.Unit] == 0:
				return fmt.Errorf("%s: unknown unit type %q", where(), x.Unit)
			case x.Count <= 0 || x.Damaged < 0 || x.Damaged > x.Count:
				return fmt.Errorf("%s: bad count %d (damaged %d) of %s", where(), x.Count, x.Damaged, x.Unit)
			}
		}
		return nil
	}
	for _, sys := range s.Systems {
		if err := checkStacks(sys.Pos, sys.Space, nil); err != nil {
			return err
		}
		for _, o := range sys.Command {
			if !seat(o) {
				return fmt.Errorf("system %d: command token of no seat %d", sys.Pos, o)
			}
		}
		for _, t := range sys.Tokens {
			if !tokenKinds[t.Kind] {
				return fmt.Errorf("system %d: unknown token %q (known: %s)", sys.Pos, t.Kind, strings.Join(sortedKeys(tokenKinds), ", "))
			}
		}
		for _, pl := range sys.Planets {
			if err := checkStacks(sys.Pos, pl.Units, pl); err != nil {
				return err
			}
			if pl.Controller != None && !seat(pl.Controller) {
				return fmt.Errorf("planet %s: controller %d is no seat", pl.Name, pl.Controller)
			}
			for _, a := range pl.Attachments {
				if f, _, ok := strings.Cut(a, ":"); ok && c.Faction(f) != nil {
					continue // a faction's own attachment (the Titans' Terraform)
				}
				if r := relics[a]; r != nil && r.attach != (attachment{}) {
					continue // a relic attached (Nano-Forge)
				}
				if ExplorationKind(a) != "attachment" {
					return fmt.Errorf("planet %s: %q is no attachment of the exploration decks", pl.Name, a)
				}
			}
		}
	}
	board := s.tally()
	for _, p := range s.Players { // units held captive count against their owner's limit (17.1)
		for _, x := range p.Captured {
			if t := unitIndex(x.Unit); t >= 0 && x.Owner >= 0 && x.Owner < len(board) {
				board[x.Owner][t] += x.Count
			}
		}
	}
	for _, p := range s.Players {
		for t, typ := range UnitTypes {
			if !Unlimited(typ) && p.Seat < len(board) && board[p.Seat][t] > c.Limits[typ] {
				return fmt.Errorf("%s has more %s than the game has (%d, 23.4)", p, typ, c.Limits[typ])
			}
		}
		for _, t := range p.Techs {
			if c.Technology(t) == nil {
				return fmt.Errorf("%s: unknown technology %q", p, t)
			}
		}
		if p.Tactic < 0 || p.Fleet < 0 || p.Strategy < 0 || p.TradeGoods < 0 || p.Commodities < 0 {
			return fmt.Errorf("%s: negative tokens or goods", p)
		}
		for _, r := range p.Relics {
			if !slices.ContainsFunc(c.Relics, func(x data.Named) bool { return x.ID == r }) {
				return fmt.Errorf("%s: unknown relic %q", p, r)
			}
		}
		for _, f := range p.RelicFragments {
			if ExplorationKind(f) != "relic_fragment" {
				return fmt.Errorf("%s: %q is not a relic fragment", p, f)
			}
		}
		for _, n := range p.Promissory {
			if s.seatOfFaction(noteOwner(n)) == None {
				return fmt.Errorf("%s: promissory note %q belongs to no faction in the game", p, n)
			}
		}
	}
	for _, id := range s.Strategy {
		if !slices.ContainsFunc(c.Strategy, func(sc data.StrategyCard) bool { return sc.ID == id }) {
			return fmt.Errorf("unknown strategy card %q", id)
		}
	}
	if s.Invasion != nil && (!seat(s.Invasion.Seat) || s.System(s.Invasion.Pos) == nil) {
		return fmt.Errorf("invasion: bad seat or system")
	}
	if s.ZeroToken != nil && !seat(s.ZeroToken.Holder) {
		return fmt.Errorf("zero_token: no seat %d", s.ZeroToken.Holder)
	}
	if !seat(s.Speaker) {
		return fmt.Errorf("speaker: no seat %d", s.Speaker)
	}
	return nil
}

// tokenKinds are the tokens a system may hold: frontier tokens (38),
// wormhole tokens (Creuss, Wormhole Reconstruction, Ion Storm, gamma
// wormholes from exploration) and a destroyed planet's marker.
var tokenKinds = map[string]bool{"frontier": true, "alpha": true, "beta": true, "gamma": true, "destroyed_planet": true}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
