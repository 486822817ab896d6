package bot

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Search looks ahead where a choice steers the game: picking a strategy
// card, and the action that opens each of its turns. There it takes the
// planner's best few choices, and for each deals the hidden cards at
// random from its own view (ti4.Determinise), plays the future out to the
// end of the round with the planner in every seat, and rates where that
// leaves it (value). Each sample deals once and plays every choice on the
// same deal and dice, so choices are compared on equal futures; sequential
// halving spends the budget on the choices still in the running. Every
// other decision, and any whose view cannot be dealt, is the planner's.
type Search struct {
	RNG *engine.RNG
	// Playouts is the number of futures played per decision (at least one
	// for each choice); with 0, Budget is the time a decision may take,
	// checked between futures.
	Playouts int
	Budget   time.Duration
	// Width is the number of the planner's choices compared (4 if 0).
	Width int
}

// Name is "search", with its budget.
func (b Search) Name() string {
	if b.Playouts == 0 && b.Budget > 0 {
		return "search:" + b.Budget.String()
	}
	return "search:" + strconv.Itoa(b.playouts())
}

func (b Search) playouts() int { return cmp.Or(b.Playouts, 32) }
func (b Search) width() int    { return cmp.Or(b.Width, 4) }

// NamedSearch reads a search bot's name: "search", "search:N" (futures
// per decision) or "search:DURATION" (time per decision, as "1s").
func NamedSearch(name string, rng *engine.RNG) (Search, error) {
	arg, ok := strings.CutPrefix(name, "search:")
	b := Search{RNG: rng}
	switch {
	case name == "search":
		return b, nil
	case !ok:
		return b, fmt.Errorf("not a search bot: %q", name)
	}
	if n, err := strconv.Atoi(arg); err == nil && n > 0 && n <= maxFutures {
		b.Playouts = n
		return b, nil
	}
	if d, err := time.ParseDuration(arg); err == nil && d > 0 && d <= time.Minute {
		b.Budget = d
		return b, nil
	}
	return b, fmt.Errorf("search bot %q: the budget is a number of futures (1 to 65536) or a time up to a minute (1s)", name)
}

// Choose searches the turn's opening choices and leaves the rest to the
// planner.
func (b Search) Choose(v *ti4.View, legal []ti4.Action) (ti4.Action, error) {
	planner := Planner{b.RNG}
	if !steers(legal) {
		return planner.Choose(v, legal)
	}
	cands := b.candidates(v, legal)
	if len(cands) == 1 {
		return cands[0], nil
	}
	if best, ok := b.search(v, cands, future); ok {
		return best, nil
	}
	return planner.Choose(v, legal)
}

// steers reports a decision the search looks ahead on: a strategy card to
// pick, or the action that opens a turn.
func steers(legal []ti4.Action) bool {
	for _, a := range legal {
		if a.Kind == ti4.ActPick || a.Kind == ti4.ActActivate {
			return true
		}
	}
	return false
}

// candidates are the planner's best-rated actions, at most Width, best
// first (equal ratings in the order the game listed them).
func (b Search) candidates(v *ti4.View, legal []ti4.Action) []ti4.Action {
	p := newPlan(v)
	type rated struct {
		a     ti4.Action
		score int
	}
	all := make([]rated, len(legal))
	for i, a := range legal {
		all[i] = rated{a, p.score(a)}
	}
	slices.SortStableFunc(all, func(x, y rated) int { return cmp.Compare(y.score, x.score) })
	out := make([]ti4.Action, 0, b.width())
	for _, r := range all[:min(len(all), b.width())] {
		out = append(out, r.a)
	}
	return out
}

// A player plays cand on a dealt state for seat, with the dice of seed,
// and rates the future; false when it cannot.
type player func(d *ti4.State, seat int, cand ti4.Action, seed uint64) (float64, bool)

// search runs sequential halving over cands, playing futures with play;
// false when the view cannot be dealt or no future could be played.
func (b Search) search(v *ti4.View, cands []ti4.Action, play player) (ti4.Action, bool) {
	start := time.Now()
	budget, ok := b.budget(v, cands[0], play)
	if !ok {
		return ti4.Action{}, false
	}
	h := halving{total: make([]float64, len(cands)), played: make([]int, len(cands))}
	for i := range cands {
		h.alive = append(h.alive, i)
	}
	rounds := max(1, int(math.Ceil(math.Log2(float64(len(cands))))))
	spent := 0
	over := func() bool { // the budget spent, or the time (checked between futures)
		return spent >= max(budget, len(cands)) || (b.Budget > 0 && b.Playouts == 0 && time.Since(start) > b.Budget)
	}
	for r := 0; r < rounds && len(h.alive) > 1 && !over(); r++ {
		per := max(1, budget/(rounds*len(h.alive)))
		for k := 0; k < per && !over(); k++ {
			d, seed, ok := b.deal(v)
			if !ok {
				return ti4.Action{}, false
			}
			for _, i := range h.alive {
				spent++
				if val, ok := play(d, v.Seat, cands[i], seed); ok {
					h.total[i] += val
					h.played[i]++
				}
			}
		}
		h.halve()
	}
	h.halve()
	if h.played[h.alive[0]] == 0 {
		return ti4.Action{}, false
	}
	return cands[h.alive[0]], true
}

// halving is the candidates still in the running, best first once halved,
// and the sum and number of their futures' values.
type halving struct {
	alive  []int
	total  []float64
	played []int
}

func (h *halving) mean(i int) float64 {
	if h.played[i] == 0 {
		return math.Inf(-1)
	}
	return h.total[i] / float64(h.played[i])
}

// halve ranks the candidates still running by their mean value and keeps
// the better half.
func (h *halving) halve() {
	slices.SortStableFunc(h.alive, func(x, y int) int { return cmp.Compare(h.mean(y), h.mean(x)) })
	h.alive = h.alive[:(len(h.alive)+1)/2]
}

// budget is the number of futures for one decision: Playouts, or as many
// as Budget allows, timed on one deal and future of first (at most
// maxFutures); false when the view cannot be dealt.
func (b Search) budget(v *ti4.View, first ti4.Action, play player) (int, bool) {
	if b.Playouts > 0 || b.Budget <= 0 {
		return b.playouts(), true
	}
	start := time.Now()
	d, seed, ok := b.deal(v)
	if !ok {
		return 0, false
	}
	play(d, v.Seat, first, seed)
	took := max(time.Since(start), time.Microsecond)
	return min(maxFutures, max(2, int(b.Budget/took)-1)), true
}

// maxFutures bounds the futures of one decision, as "search:N" does.
const maxFutures = 1 << 16

// deal determinises v with the bot's RNG and draws the seed of the dice.
func (b Search) deal(v *ti4.View) (*ti4.State, uint64, bool) {
	d, err := ti4.Determinise(v, b.RNG)
	if err != nil {
		return nil, 0, false
	}
	return d, b.RNG.Uint64(), true
}

// horizon caps a future's actions: a round takes a few hundred.
const horizon = 4000

// future plays a from a copy of d for seat, then the planner in every
// seat to the end of the round, and rates the state for seat; false if a
// is refused there or the future breaks.
func future(d *ti4.State, seat int, a ti4.Action, seed uint64) (val float64, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false // a future is a guess: one the rules cannot play is not rated
		}
	}()
	g, err := engine.New[*ti4.State, ti4.Action, ti4.Event](ti4.Rules{}, d.Clone(), engine.NewRNG(seed))
	if err != nil || g.Play(a) != nil {
		return 0, false
	}
	rng := engine.NewRNG(seed ^ 0x9e3779b97f4a7c15)
	bots := make([]Bot, len(d.Players))
	for i := range bots {
		bots[i] = Planner{&rng}
	}
	round, last := d.Round, seat
	var buf []ti4.Action
	for n := 0; n < horizon && g.State().Phase != ti4.PhaseOver && g.State().Round == round; n++ {
		q, next, b, err := next(g.State(), bots, last, buf)
		buf, last = b, q
		if err != nil || q == ti4.None || g.Play(next) != nil {
			break
		}
	}
	return value(g.State(), seat), true
}

// value rates s for seat: its points and what it holds to score more
// (planets, technologies, tokens, goods, cards, units on the board), less
// the mean of the same for the other players in the game.
func value(s *ti4.State, seat int) float64 {
	own, others, n := 0.0, 0.0, 0
	for _, p := range s.Players {
		if p.Eliminated {
			continue
		}
		w := worth(s, p)
		if p.Seat == seat {
			own = w
		} else {
			others += w
			n++
		}
	}
	if n > 0 {
		own -= others / float64(n)
	}
	if s.Phase == ti4.PhaseOver {
		if s.Winner == seat {
			own += 500
		} else {
			own -= 500
		}
	}
	return own
}

// worth is what p has, in tenths of a victory point roughly.
func worth(s *ti4.State, p *ti4.Player) float64 {
	w := 100 * float64(p.VP)
	w += 6*float64(len(p.Techs)) + 3*float64(p.Tactic+p.Fleet+p.Strategy)
	w += 2*float64(p.TradeGoods+p.Commodities) + 2*float64(len(p.ActionCards)) + 30*float64(len(p.Secrets))
	for _, sys := range s.Systems {
		for _, st := range sys.Space {
			if st.Owner == p.Seat {
				w += float64(st.Count) * unitWorth[st.Unit]
			}
		}
		for _, pl := range sys.Planets {
			if pl.Controller == p.Seat {
				if info := data.MustLoad().Planet(pl.Name); info != nil {
					w += 4 * float64(info.Resources+info.Influence)
				}
			}
			for _, st := range pl.Units {
				if st.Owner == p.Seat {
					w += float64(st.Count) * unitWorth[st.Unit]
				}
			}
		}
	}
	return w
}

// unitWorth is roughly each unit's cost, in the tenths worth counts.
var unitWorth = map[string]float64{
	"war_sun": 12, "dreadnought": 8, "flagship": 16, "cruiser": 4, "carrier": 6, "destroyer": 2,
	"fighter": 1, "infantry": 1, "mech": 4, "pds": 4, "space_dock": 8,
}
