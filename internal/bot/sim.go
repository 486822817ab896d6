package bot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

// Outcome is how one simulated game went.
type Outcome struct {
	Seed     uint64
	Actions  int
	Rounds   int
	Ended    string // target reached, objectives ran out, round limit, invariant broken, panic, bot error
	Winner   int
	VP       []int // each seat's victory points at the end
	Factions []string
	Bots     []string
	Agenda   bool // the game reached an agenda phase
	Err      string
	Replay   []byte // the game as a scenario, kept for games that went wrong
}

// Play runs one game to its end or the round limit, each seat's bot seeing
// only its view; with check, the invariants are tested after every action.
func Play(cfg ti4.Config, bots []Bot, maxRounds int, check bool) Outcome {
	out, _ := Run(cfg, bots, maxRounds, check)
	return out
}

// Run is Play that also returns the game, for its log (nil if setup failed).
func Run(cfg ti4.Config, bots []Bot, maxRounds int, check bool) (out Outcome, g *ti4.Game) {
	return run(cfg, bots, maxRounds, check, nil)
}

// Count is Play that also counts in u what the game used.
func Count(cfg ti4.Config, bots []Bot, maxRounds int, check bool, u *Usage) Outcome {
	out, _ := run(cfg, bots, maxRounds, check, u)
	u.Games++
	return out
}

func run(cfg ti4.Config, bots []Bot, maxRounds int, check bool, u *Usage) (out Outcome, g *ti4.Game) {
	out = Outcome{Seed: cfg.Seed, Winner: ti4.None}
	for _, b := range bots {
		out.Bots = append(out.Bots, b.Name())
	}
	g, err := ti4.NewGame(cfg)
	if err != nil {
		out.Ended, out.Err = "setup failed", err.Error()
		return out, nil
	}
	for _, p := range g.State().Players {
		out.Factions = append(out.Factions, p.Faction)
	}
	var playing *ti4.Action // the action being played, which a panic keeps out of the log
	defer func() {
		if r := recover(); r != nil {
			out.Ended, out.Err = "panic", fmt.Sprintf("%v\n%s", r, debug.Stack())
			out.Replay = replay(cfg, g, playing)
		}
	}()
	last := ti4.None
	var buf []ti4.Action // reused for every seat's actions: a bot reads them only while it chooses
	var a ti4.Action     // declared once: the deferred report keeps a pointer to it
	for g.State().Phase != ti4.PhaseOver && g.State().Round <= maxRounds {
		s := g.State()
		var seat int
		seat, a, buf, err = next(s, bots, last, buf)
		last = seat
		if err != nil {
			out.Ended, out.Err = "bot error", err.Error()
			return out, g
		}
		if seat == ti4.None {
			out.Ended, out.Err = "stuck", "no seat has a legal action"
			out.Replay = replay(cfg, g, nil)
			return out, g
		}
		playing = &a
		if err := apply(g, a, u); err != nil {
			out.Ended, out.Err = "refused", fmt.Sprintf("%v: %v", a, err)
			out.Replay = replay(cfg, g, playing)
			return out, g
		}
		playing = nil
		out.Actions++
		out.Agenda = out.Agenda || g.State().Phase == ti4.PhaseAgenda
		if check {
			if err := ti4.CheckInvariants(g.State()); err != nil {
				out.Ended, out.Err = "invariant broken", err.Error()
				out.Replay = replay(cfg, g, nil)
				return out, g
			}
		}
	}
	if check {
		if err := reproducible(g); err != nil {
			out.Ended, out.Err = "not reproducible", err.Error()
			out.Replay = replay(cfg, g, nil)
			return out, g
		}
	}
	s := g.State()
	out.Rounds = s.Round
	for _, p := range s.Players {
		out.VP = append(out.VP, p.VP)
	}
	switch {
	case s.Phase != ti4.PhaseOver:
		out.Ended = "round limit"
	case s.Players[s.Winner].VP >= s.Options.VictoryPoints:
		out.Ended, out.Winner = "target reached", s.Winner
	default:
		out.Ended, out.Winner = "objectives ran out", s.Winner
	}
	return out, g
}

// apply plays a, counting in u, if any, what it used.
func apply(g *ti4.Game, a ti4.Action, u *Usage) error {
	if u == nil {
		return g.Play(a)
	}
	events, err := g.Do(a)
	if err == nil {
		u.note(g.State(), a, events)
	}
	return err
}

// next finds the seat to act and asks its bot for an action. The seat is
// the one the game waits on (Deciding), else the one that just acted, else
// the first seat in seat order with a legal action. A Sampler is handed
// the candidates to check; any other bot gets every legal action.
func next(s *ti4.State, bots []Bot, last int, buf []ti4.Action) (int, ti4.Action, []ti4.Action, error) {
	c := ti4.NewChecker(s, engine.NewRNG(0))
	try := func(q int) (bool, ti4.Action, error) {
		if sm, ok := bots[q].(Sampler); ok {
			buf = ti4.AppendCandidates(buf[:0], s, q)
			a, ok := sm.Sample(buf, c)
			return ok, a, nil
		}
		legal := ti4.AppendLegal(buf[:0], s, engine.NewRNG(0), q)
		buf = legal
		if len(legal) == 0 {
			return false, ti4.Action{}, nil
		}
		var v *ti4.View
		if _, blind := bots[q].(Blind); !blind {
			var err error
			if v, err = ti4.SharedView(s, q); err != nil { // read before the game moves on
				return true, ti4.Action{}, err
			}
		}
		a, err := bots[q].Choose(v, legal)
		return true, a, err
	}
	for _, q := range ti4.Deciding(s) {
		if ok, a, err := try(q); ok {
			return q, a, buf, err
		}
	}
	if last != ti4.None {
		if ok, a, err := try(last); ok {
			return last, a, buf, err
		}
	}
	for _, q := range s.Active() {
		if ok, a, err := try(q); ok {
			return q, a, buf, err
		}
	}
	return ti4.None, ti4.Action{}, buf, nil
}

// reproducible replays g's log from its initial snapshot and compares the
// two games' snapshots byte for byte: a rule that read anything but the
// state and the game's RNG (a map's order, say), or a bot that changed the
// state, would show here. The error names the parts that differ.
func reproducible(g *ti4.Game) error {
	live, err := g.Snapshot()
	if err != nil {
		return err
	}
	r, err := engine.Replay(ti4.Rules{}, g.Initial(), g.Log())
	if err != nil {
		return fmt.Errorf("replaying the log: %w", err)
	}
	again, err := r.Snapshot()
	if err != nil {
		return err
	}
	if bytes.Equal(live, again) {
		return nil
	}
	var a, b struct {
		State map[string]json.RawMessage `json:"state"`
		RNG   json.RawMessage            `json:"rng"`
	}
	if json.Unmarshal(live, &a) != nil || json.Unmarshal(again, &b) != nil {
		return fmt.Errorf("the replayed game differs")
	}
	var differ []string
	if !bytes.Equal(a.RNG, b.RNG) {
		differ = append(differ, "rng")
	}
	for k, v := range a.State {
		if !bytes.Equal(v, b.State[k]) {
			differ = append(differ, k)
		}
	}
	for k := range b.State {
		if _, ok := a.State[k]; !ok {
			differ = append(differ, k)
		}
	}
	slices.Sort(differ)
	return fmt.Errorf("the game replayed from its log differs in %s", strings.Join(differ, ", "))
}

// replay writes the game so far as a scenario that `mecatol replay` runs,
// with the action that failed (a panic or a refusal), if any, last: the
// replay then fails the same way.
func replay(cfg ti4.Config, g *ti4.Game, failed *ti4.Action) []byte {
	sc := ti4.Scenario{Setup: cfg}
	log := g.Log()
	if failed != nil {
		log = append(log, *failed)
	}
	for _, a := range log {
		b, _ := json.Marshal(a)
		sc.Actions = append(sc.Actions, b)
	}
	b, _ := json.MarshalIndent(sc, "", " ")
	return b
}
