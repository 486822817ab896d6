// Package bot holds players that are programs: a random bot, a greedy bot
// that plays with intent, and a bridge to an external program speaking
// JSON over stdin/stdout. A bot sees only its seat's view.
package bot

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Bot chooses one of the legal actions for its seat, from what the seat
// may see. Neither view nor legal may be kept after Choose returns: Play
// reuses them.
type Bot interface {
	Name() string
	Choose(view *ti4.View, legal []ti4.Action) (ti4.Action, error)
}

// Sampler is a bot that takes its action from the candidates, checking
// them itself, so that the game need not work out every legal action
// first. Sample may reorder cands, and returns false when none is legal.
type Sampler interface {
	Sample(cands []ti4.Action, c ti4.Checker) (ti4.Action, bool)
}

// Random picks uniformly among the legal actions.
type Random struct{ RNG *engine.RNG }

// Blind is a bot that never looks at the view: Play passes it nil and
// saves building one.
type Blind interface{ Blind() }

// Blind: the random bot ignores the view.
func (Random) Blind() {}

// Name is "random".
func (Random) Name() string { return "random" }

// Choose picks one action at random.
func (b Random) Choose(_ *ti4.View, legal []ti4.Action) (ti4.Action, error) {
	return legal[b.RNG.IntN(len(legal))], nil
}

// Sample visits the candidates in a random order and takes the first legal
// one: each legal action is as likely as with Choose, and a random game
// checks a few candidates per action instead of all of them.
func (b Random) Sample(cands []ti4.Action, c ti4.Checker) (ti4.Action, bool) {
	for n := len(cands); n > 0; n-- {
		i := b.RNG.IntN(n)
		if c.Legal(cands[i]) {
			return cands[i], true
		}
		cands[i] = cands[n-1] // a partial shuffle: the refused one leaves the draw
	}
	return ti4.Action{}, false
}

// Greedy plays with intent: it scores what it can, keeps its first secret,
// takes the custodians token, picks strategy cards it values, researches,
// lands on planets, builds, produces, and moves ships towards planets; it
// declines what costs it and never abandons a payment it can finish.
type Greedy struct{ RNG *engine.RNG }

// Name is "greedy".
func (Greedy) Name() string { return "greedy" }

var cardValue = map[string]int{"imperial": 8, "technology": 7, "leadership": 6, "construction": 5,
	"warfare": 4, "trade": 3, "politics": 2, "diplomacy": 1}

// score rates an action for a seat; the highest is taken, ties at random.
func (Greedy) score(v *ti4.View, a ti4.Action, pads map[int]int) int {
	s := v.State
	switch a.Kind {
	case ti4.ActScore, ti4.ActTakeCustodians:
		return 100
	case ti4.ActKeepSecret:
		return 90
	case ti4.ActPick:
		return 50 + cardValue[a.Card]
	case ti4.ActResearch:
		return 60
	case ti4.ActSpendPlanet, ti4.ActSpendTG, ti4.ActSpendTokens, ti4.ActSpecialty:
		if st := s.Step; st != nil && (st.Kind == ti4.StepPay || st.Kind == ti4.StepResearch) {
			return 40
		}
		if spendingForSelf(v) {
			return 40
		}
		if s.Tactical != nil {
			return 40 // paying for production
		}
		return 5
	case ti4.ActCommit:
		return commitScore(v, a)
	case ti4.ActPlaceStructure:
		return 45
	case ti4.ActProduce:
		if t := s.Tactical; a.Unit == "carrier" && t != nil && count(s.System(t.System).Space, v.Seat, "carrier") == 0 {
			return 50 // a carrier to take the next planets
		}
		if a.Unit == "infantry" || a.Unit == "carrier" || a.Unit == "dreadnought" {
			return 35 + a.Count
		}
		return 20
	case ti4.ActMoveShips:
		return 30 + a.Count
	case ti4.ActTransport:
		if a.Unit == "fighter" {
			return 30
		}
		return 38 + a.Count // ground forces to land
	case ti4.ActAssignHit:
		if a.Use {
			return 60 // sustain damage first
		}
		return 50
	case ti4.ActStrategic:
		return 40 + cardValue[a.Card]
	case ti4.ActActivate:
		if *a.System == v.State.Players[v.Seat].Home {
			return 30 // produce at home
		}
		if e := expansion(v, *a.System, pads, nil); e > 0 {
			return e
		}
		return 0 // a wasted token: passing is better
	case ti4.ActSecondary:
		if a.Use {
			return 15
		}
		return 10
	case ti4.ActGainTokens, ti4.ActRedistribute:
		if a.Pools != nil {
			fleet := a.Pools.Fleet
			if a.Kind == ti4.ActGainTokens {
				fleet += s.Players[v.Seat].Fleet
			}
			if fleet < fleetNeeded(v) {
				return 2 // it would cost ships (37.2)
			}
			return 10 + a.Pools.Tactic
		}
	case ti4.ActPass:
		return 1
	case ti4.ActExplore:
		if a.Outcome == "decline" {
			return 5
		}
		return 15 // every other option of an exploration card gains something
	case ti4.ActUseRelic:
		if a.Use {
			return 14
		}
		return 6
	case ti4.ActTakeCard:
		return 20 // The Codex: a card for free
	case ti4.ActVote:
		// Vote for itself, for what pays it, and for points it can gain.
		if a.Outcome == strconv.Itoa(v.Seat) {
			return 80
		}
		if a.Outcome == ti4.For {
			return 20
		}
		return 15
	case ti4.ActAbstain:
		return 17
	case ti4.ActBreakTie:
		if a.Outcome == strconv.Itoa(v.Seat) {
			return 80
		}
		return 10
	case ti4.ActDestroy:
		if a.Unit == "infantry" || a.Unit == "fighter" {
			return 30 // lose the cheapest first
		}
		return 20
	case ti4.ActReturnSecret, ti4.ActDiscardAC, ti4.ActChoosePlanet, ti4.ActReadyPlanet:
		return 20
	case ti4.ActPlayAC:
		if cardGain[a.Card] {
			return 12 // plainly good for its player: played when it can be
		}
		return 8 // situational: the bot would rather pass
	}
	return 10
}

// cardGain are action cards whose effect only helps their player, so the
// greedy bot plays them whenever they are legal.
var cardGain = map[string]bool{
	"economic_initiative": true, "industrial_initiative": true, "mining_initiative": true, "rise_of_a_messiah": true,
	"frontline_deployment": true, "focused_research": true, "war_effort": true, "spy": true, "plague": true,
	"direct_hit": true, "shields_holding": true, "maneuvering_jets": true, "morale_boost": true, "fighter_prototype": true,
	"emergency_repairs": true, "courageous_to_the_end": true, "fire_team": true, "salvage": true, "bunker": true,
	"parley": true, "infiltrate": true, "reparations": true, "experimental_battlestation": true, "waylay": true,
	"sabotage": true, "diplomatic_pressure": true, "archaeological_expedition": true, "seize_artifact": true,
	"confounding_legal_text": true, "distinguished_councilor": true, "upgrade": true,
}

// spendingForSelf reports an open ballot for the seat itself, where every
// vote counts.
func spendingForSelf(v *ti4.View) bool {
	ag := v.State.Agenda
	if ag == nil || !ag.Voting || len(ag.Ballots) == 0 {
		return false
	}
	b := ag.Ballots[len(ag.Ballots)-1]
	return b.Seat == v.Seat && (b.Outcome == strconv.Itoa(v.Seat) || b.Outcome == ti4.For)
}

// expansion rates activating a system: one with planets the seat does not
// control, within reach of its own carrier that has ground forces to pick
// up, is worth more the more its planets yield; Mecatol Rex the most of
// all (the custodians token). Enemy fleets are left alone.
// bonus, if any, adds to a planet's worth.
func expansion(v *ti4.View, pos int, launch map[int]int, bonus func(*data.Planet) int) int {
	s := v.State
	sys := s.System(pos)
	if sys == nil || len(sys.Planets) == 0 {
		return 0
	}
	for _, st := range sys.Space {
		if st.Owner != v.Seat {
			return 0
		}
	}
	yield := 0
	c := data.MustLoad()
	for _, pl := range sys.Planets {
		if pl.Controller != v.Seat {
			info := c.Planet(pl.Name)
			yield += 1 + info.Resources + info.Influence
			if bonus != nil {
				yield += bonus(info)
			}
			if pl.Name == ti4.MecatolRex {
				yield += 10
			}
		}
	}
	if yield == 0 {
		return 0
	}
	for from, move := range launch {
		if from != pos && within(s, from, pos, move) {
			return 40 + min(yield, 15)
		}
	}
	return 0
}

// fleetNeeded is the most non-fighter ships the seat has in one system,
// plus one to grow.
func fleetNeeded(v *ti4.View) int {
	n := 0
	for _, sys := range v.State.Systems {
		k := 0
		for _, st := range sys.Space {
			if st.Owner == v.Seat && st.Unit != "fighter" && st.Unit != "infantry" && st.Unit != "mech" {
				k += st.Count
			}
		}
		n = max(n, k)
	}
	return n + 1
}

// launchPads are the systems holding one of the seat's carriers that may
// move (no command token of its own there, 58.4c) and ground forces to
// carry, in space or on a planet; each with the carrier's move.
func launchPads(v *ti4.View) map[int]int {
	s := v.State
	pads := map[int]int{}
	for _, sys := range s.Systems {
		if slices.Contains(sys.Command, v.Seat) || count(sys.Space, v.Seat, "carrier") == 0 {
			continue
		}
		ground := count(sys.Space, v.Seat, "infantry") + count(sys.Space, v.Seat, "mech")
		for _, pl := range sys.Planets {
			ground += count(pl.Units, v.Seat, "infantry") + count(pl.Units, v.Seat, "mech")
		}
		if ground > 0 {
			pads[sys.Pos] = s.UnitCard(v.Seat, "carrier").Move
		}
	}
	return pads
}

// within reports whether to is at most n steps from from, by adjacency.
func within(s *ti4.State, from, to, n int) bool {
	front := []int{from}
	seen := map[int]bool{from: true}
	for step := 0; step < n; step++ {
		var next []int
		for _, p := range front {
			for _, q := range s.Galaxy().Neighbors(p, s.Wormholes) {
				if q == to {
					return true
				}
				if !seen[q] {
					seen[q] = true
					next = append(next, q)
				}
			}
		}
		front = next
	}
	return false
}

func count(st []ti4.Stack, seat int, unit string) int {
	n := 0
	for _, x := range st {
		if x.Owner == seat && x.Unit == unit {
			n += x.Count
		}
	}
	return n
}

// commitScore lands enough to win: all in against defenders, otherwise one
// unit on each free planet first, keeping the rest aboard.
func commitScore(v *ti4.View, a ti4.Action) int {
	s := v.State
	pl, _ := s.Planet(a.Planet)
	if pl == nil {
		return 0
	}
	for _, st := range pl.Units {
		if st.Owner != v.Seat {
			return 70 + a.Count
		}
	}
	if in := s.Invasion; in != nil && slices.Contains(in.Committed, a.Planet) {
		return 5
	}
	return 90 - a.Count
}

// Choose takes the best-rated action.
func (b Greedy) Choose(v *ti4.View, legal []ti4.Action) (ti4.Action, error) {
	best, pick := -1, []ti4.Action{}
	var pads map[int]int
	for _, a := range legal {
		if a.Kind == ti4.ActActivate && pads == nil {
			pads = launchPads(v)
		}
		switch sc := b.score(v, a, pads); {
		case sc > best:
			best, pick = sc, []ti4.Action{a}
		case sc == best:
			pick = append(pick, a)
		}
	}
	return pick[b.RNG.IntN(len(pick))], nil
}

// External runs a program and speaks one JSON line each way per decision:
// it writes {"view": ..., "legal": [...]} and reads back the index of the
// chosen action (a number) or an action object.
type External struct {
	Cmd string
	in  io.WriteCloser
	out *bufio.Reader
	p   *exec.Cmd
}

// NewExternal starts the program.
func NewExternal(cmd string, args ...string) (*External, error) {
	p := exec.Command(cmd, args...)
	in, err := p.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := p.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.Start(); err != nil {
		return nil, err
	}
	return &External{Cmd: cmd, in: in, out: bufio.NewReader(out), p: p}, nil
}

// Name is the program's name.
func (e *External) Name() string { return "exec:" + e.Cmd }

// Choose asks the program.
func (e *External) Choose(v *ti4.View, legal []ti4.Action) (ti4.Action, error) {
	b, err := json.Marshal(map[string]any{"view": v, "legal": legal})
	if err != nil {
		return ti4.Action{}, err
	}
	if _, err := e.in.Write(append(b, '\n')); err != nil {
		return ti4.Action{}, err
	}
	line, err := e.out.ReadBytes('\n')
	if err != nil {
		return ti4.Action{}, fmt.Errorf("%s: %w", e.Cmd, err)
	}
	var idx int
	if json.Unmarshal(line, &idx) == nil {
		if idx < 0 || idx >= len(legal) {
			return ti4.Action{}, fmt.Errorf("%s chose %d of %d actions", e.Cmd, idx, len(legal))
		}
		return legal[idx], nil
	}
	return ti4.DecodeAction(line)
}

// Close stops the program.
func (e *External) Close() error {
	e.in.Close()
	return e.p.Wait()
}

// Named makes a bot by name: random, greedy, or exec:PROGRAM.
func Named(name string, rng *engine.RNG) (Bot, error) {
	switch {
	case name == "random":
		return Random{rng}, nil
	case name == "greedy":
		return Greedy{rng}, nil
	case name == "planner":
		return Planner{rng}, nil
	case name == "search" || strings.HasPrefix(name, "search:"):
		return NamedSearch(name, rng)
	case len(name) > 5 && name[:5] == "exec:":
		return NewExternal(name[5:])
	}
	return nil, fmt.Errorf("unknown bot %q: random, greedy, planner, search[:FUTURES|:TIME] or exec:PROGRAM", name)
}
