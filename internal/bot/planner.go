package bot

import (
	"math"
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Planner plays for the win. It is the greedy bot with a plan on top:
// it scores the objective worth most first, keeps the secret objective
// self-play scores most often, keeps command tokens for the secondaries
// it wants, takes Imperial when it holds Mecatol Rex, and keeps its
// planets readied for the cheapest spending objective it can already pay,
// so that it can score it in the status phase (61.10): it pays with the
// planets that objective does not need, and builds and researches only
// with what is left over.
type Planner struct{ RNG *engine.RNG }

// Name is "planner".
func (Planner) Name() string { return "planner" }

// plan is what the planner works out once per decision.
type plan struct {
	v       *ti4.View
	pads    map[int]int
	reserve ti4.Cost // kept readied for a spending objective
	keeping bool
	// wants are the objectives the seat may still score, by id.
	wants map[string]bool
	// goals: systems where a unit would count towards an objective of
	// presence, with what they are worth (built when first asked).
	goals map[int]int
	dist  map[int]int // targetDistance, once asked
	// tokens are command tokens kept to spend on an objective (61.10).
	tokens int
}

func newPlan(v *ti4.View) *plan {
	p := &plan{v: v, wants: map[string]bool{}}
	p.reserve, p.keeping = spendTarget(v)
	me := v.State.Players[v.Seat]
	for _, id := range v.State.Decks.Revealed {
		if c, ok := ti4.ObjectiveCost(id); ok && c.Tokens > 0 && !slices.Contains(me.Publics, id) && me.Tactic+me.Strategy >= c.Tokens {
			p.tokens = max(p.tokens, c.Tokens)
		}
	}
	for _, id := range append(slices.Clone(v.State.Decks.Revealed), me.Secrets...) {
		if !slices.Contains(me.Publics, id) && !v.State.Meets(v.Seat, id) {
			p.wants[id] = true
		}
	}
	return p
}

// goalSystems are the systems where one more unit (or ship) of the seat's
// would count towards an objective of presence it has not met.
func (p *plan) goalSystems() map[int]int {
	if p.goals != nil {
		return p.goals
	}
	s, seat := p.v.State, p.v.Seat
	p.goals = map[int]int{}
	for id := range p.wants {
		g, ok := s.SystemGoal(seat, id)
		if !ok {
			continue
		}
		o, _ := ti4.Objective(id)
		for _, sys := range s.Systems {
			if g.Counts(sys) && !g.Has(sys, seat) && !enemyShips(sys, seat) {
				p.goals[sys.Pos] += 10 * max(1, o.Points)
			}
		}
	}
	return p.goals
}

// openPlanets reports a planet in sys the seat does not control.
func openPlanets(sys *ti4.System, seat int) bool {
	return slices.ContainsFunc(sys.Planets, func(pl *ti4.Planet) bool { return pl.Controller != seat })
}

// onHome reports a planet of the seat's home system.
func onHome(s *ti4.State, seat int, planet string) bool {
	home := s.System(s.Players[seat].Home)
	return home != nil && slices.ContainsFunc(home.Planets, func(pl *ti4.Planet) bool { return pl.Name == planet })
}

func enemyShips(sys *ti4.System, seat int) bool {
	for _, st := range sys.Space {
		if st.Owner != seat {
			return true
		}
	}
	return false
}

// reachable reports a ship of the seat that may move (no command token of
// its own on its system, 58.4c) within range of pos.
func (p *plan) reachable(pos int) bool {
	s, seat := p.v.State, p.v.Seat
	for _, sys := range s.Systems {
		if sys.Pos == pos || slices.Contains(sys.Command, seat) {
			continue
		}
		for _, st := range sys.Space {
			if st.Owner != seat || st.Unit == "fighter" || st.Unit == "infantry" || st.Unit == "mech" {
				continue
			}
			if u := s.UnitCard(seat, st.Unit); u != nil && u.Move > 0 && within(s, sys.Pos, pos, u.Move) {
				return true
			}
		}
	}
	return false
}

// bonus adds to a planet's worth what it does for the objectives wanted:
// a technology specialty, a trait.
func (p *plan) bonus(info *data.Planet) int {
	b := 0
	if info.Tech != "" && (p.wants["found_research_outposts"] || p.wants["form_galactic_brain_trust"]) {
		b += 3
	}
	if info.Trait != "" && (p.wants["corner_the_market"] || p.wants["unify_the_colonies"] || p.wants["mine_rare_metals"] && info.Trait == "hazardous" ||
		p.wants["monopolize_production"] && info.Trait == "industrial" || p.wants["forge_an_alliance"] && info.Trait == "cultural") {
		b += 2
	}
	return b
}

// activation rates activating a system: the greedy bot's expansion with
// the planets the objectives want worth more, or a system where a ship
// would count towards an objective of presence.
func (p *plan) activation(pos int) int {
	s, seat := p.v.State, p.v.Seat
	if p.pads == nil {
		p.pads = launchPads(p.v)
	}
	if me := s.Players[seat]; me.Tactic+me.Strategy-1 < p.tokens {
		return 0 // the tokens are kept for an objective
	}
	if pos == s.Players[seat].Home {
		return p.production()
	}
	e := expansion(p.v, pos, p.pads, p.bonus)
	if e > 0 && s.Custodians && pos == mecatolPos(s) {
		if !p.canPay(ti4.Cost{Influence: 6}, "") {
			return 0 // no landing without the custodians' price (27.3)
		}
		e += 10 // a point, and the agenda phase
	}
	if g := p.goalSystems()[pos]; g > 0 && p.reachable(pos) {
		e = max(e, 40+min(g, 20))
	}
	if e == 0 {
		e = p.staging(pos)
	}
	return e
}

// mecatolPos is the position of Mecatol Rex's system.
func mecatolPos(s *ti4.State) int {
	if _, sys := s.Planet(ti4.MecatolRex); sys != nil {
		return sys.Pos
	}
	return -1
}

// production rates activating the home system to produce there: worth
// it only with resources to spend, and most when no carrier is loaded to
// expand with.
func (p *plan) production() int {
	s, seat := p.v.State, p.v.Seat
	ready := s.Players[seat].TradeGoods
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller == seat && !pl.Exhausted {
				ready += s.Worth(seat, pl, false)
			}
		}
	}
	switch {
	case ready < 3:
		return 0 // a wasted token
	case len(p.pads) == 0:
		return 45
	}
	return 30
}

// staging rates activating a system on the way to planets no one holds:
// a carrier with ground forces that can reach it comes nearer to them.
func (p *plan) staging(pos int) int {
	s, seat := p.v.State, p.v.Seat
	sys := s.System(pos)
	if sys == nil || enemyShips(sys, seat) || slices.Contains(sys.Command, seat) {
		return 0
	}
	d := p.targetDistance()
	dp, ok := d[pos]
	if !ok {
		return 0
	}
	for from, move := range p.pads {
		if df, ok := d[from]; from != pos && (!ok || df > dp) && within(s, from, pos, move) {
			return 32
		}
	}
	return 0
}

// targetDistance is each system's distance, in steps, to the nearest
// system with a planet no one controls and no other player's ships.
func (p *plan) targetDistance() map[int]int {
	if p.dist != nil {
		return p.dist
	}
	s, seat := p.v.State, p.v.Seat
	p.dist = map[int]int{}
	var front []int
	for _, sys := range s.Systems {
		if !enemyShips(sys, seat) && slices.ContainsFunc(sys.Planets, func(pl *ti4.Planet) bool { return pl.Controller == ti4.None }) {
			p.dist[sys.Pos] = 0
			front = append(front, sys.Pos)
		}
	}
	for step := 1; len(front) > 0 && step < 8; step++ {
		var next []int
		for _, q := range front {
			for _, n := range s.Galaxy().Neighbors(q, s.Wormholes) {
				if _, seen := p.dist[n]; !seen && s.System(n) != nil {
					p.dist[n] = step
					next = append(next, n)
				}
			}
		}
		front = next
	}
	return p.dist
}

// move rates moving ships into the active system: where a presence is
// all that is wanted, one ship is enough.
func (p *plan) move(a ti4.Action) (int, bool) {
	s, seat := p.v.State, p.v.Seat
	t := s.Tactical
	if t == nil {
		return 0, false
	}
	sys := s.System(t.System)
	if sys == nil || p.goalSystems()[t.System] == 0 || openPlanets(sys, seat) {
		return 0, false // an expansion: the greedy bot's way
	}
	switch {
	case count(sys.Space, seat, "") > 0:
		return 5, true // it is there already
	case a.Unit == "fighter" || a.Count > 1:
		return 20, true
	}
	return 45, true
}

// Choose takes the best-rated action, ties at random.
func (b Planner) Choose(v *ti4.View, legal []ti4.Action) (ti4.Action, error) {
	p := newPlan(v)
	best, pick := math.MinInt, []ti4.Action{}
	for _, a := range legal {
		switch sc := p.score(a); {
		case sc > best:
			best, pick = sc, []ti4.Action{a}
		case sc == best:
			pick = append(pick, a)
		}
	}
	return pick[b.RNG.IntN(len(pick))], nil
}

func (p *plan) score(a ti4.Action) int {
	v, s := p.v, p.v.State
	switch a.Kind {
	case ti4.ActScore:
		o, _ := ti4.Objective(a.Card)
		return 100 + 10*max(1, o.Points) // two points before one
	case ti4.ActKeepSecret:
		return 90 + secretEase[a.Card]
	case ti4.ActPick:
		return 50 + p.pickValue(a.Card)
	case ti4.ActGainTokens, ti4.ActRedistribute:
		if a.Pools != nil {
			return p.tokenScore(a)
		}
	case ti4.ActSecondary:
		return p.secondaryScore(a)
	case ti4.ActSpendPlanet:
		if pl, _ := s.Planet(a.Planet); pl != nil && p.keeping && !payingForPoints(s) {
			if p.canPay(p.reserve, a.Planet) {
				return 45 - s.Worth(v.Seat, pl, false) // spare: the smallest first
			}
			return 3 // a planet the objective needs: rather leave the payment unfinished
		}
	case ti4.ActProduce:
		if p.keeping && !p.canPay(p.with(unitCost(s, v.Seat, a.Unit, a.Count)), "") {
			return 0 // it would spend what the objective needs
		}
	}
	switch a.Kind {
	case ti4.ActTradeOpen:
		return 2 // a trade with nothing in mind gains nothing
	case ti4.ActActivate:
		return p.activation(*a.System)
	case ti4.ActMoveShips:
		if sc, ok := p.move(a); ok {
			return sc
		}
	case ti4.ActResearch:
		return 60 + p.techBonus(a.Card)
	case ti4.ActPlaceStructure:
		if (p.wants["improve_infrastructure"] || p.wants["protect_the_border"]) && !onHome(s, v.Seat, a.Planet) {
			return 50
		}
	}
	return Greedy{}.score(v, a, p.pads)
}

// payingForPoints reports a payment for an objective or the custodians
// token: what the kept planets are for.
func payingForPoints(s *ti4.State) bool {
	st := s.Step
	if st == nil || st.Kind != ti4.StepPay {
		return false
	}
	_, objective := ti4.ObjectiveCost(st.Card)
	return objective || st.Card == "custodians"
}

// with is the reserve and n resources more.
func (p *plan) with(n int) ti4.Cost {
	c := p.reserve
	c.Resources += n
	return c
}

// pickValue rates a strategy card: Imperial is a point a round to the
// holder of Mecatol Rex (45.2).
func (p *plan) pickValue(card string) int {
	s := p.v.State
	if card == "imperial" {
		if pl, _ := s.Planet(ti4.MecatolRex); pl != nil && pl.Controller == p.v.Seat {
			return 20
		}
	}
	if card == "leadership" && s.Round <= 2 {
		return 8 // tokens to expand with
	}
	return cardValue[card]
}

// tokenScore rates a distribution of command tokens: tactics to act
// with, two or three in strategy to follow the secondaries, and enough
// fleet for the biggest fleet.
func (p *plan) tokenScore(a ti4.Action) int {
	pools := *a.Pools
	if a.Kind == ti4.ActGainTokens {
		me := p.v.State.Players[p.v.Seat]
		pools.Tactic += me.Tactic
		pools.Fleet += me.Fleet
		pools.Strategy += me.Strategy
	}
	sc := 10 + 3*min(pools.Tactic, 6) + 2*min(pools.Strategy, 3) + min(pools.Fleet, 5)
	if pools.Fleet < fleetNeeded(p.v) {
		sc -= 20 // it would cost ships (37.2)
	}
	return sc
}

// secondaryScore: the planner follows every secondary it can afford, the
// Imperial one (a secret objective) most of all.
func (p *plan) secondaryScore(a ti4.Action) int {
	if !a.Use {
		return 10
	}
	card := ""
	if st := p.v.State.Strategic; st != nil {
		card = st.Card
	}
	me := p.v.State.Players[p.v.Seat]
	if me.Tactic+me.Strategy-1 < p.tokens {
		return 5 // the tokens are kept for an objective
	}
	switch {
	case card == "imperial":
		return 30 // a secret objective
	case card == "technology" && p.keeping && !p.canPay(p.with(4), ""):
		return 5
	case card == "technology":
		return 25
	case card == "leadership" && p.keeping && !p.canPay(ti4.Cost{Resources: p.reserve.Resources, Influence: p.reserve.Influence + 3, TradeGoods: p.reserve.TradeGoods}, ""):
		return 5
	case me.Strategy < 3:
		return 5 // kept for Imperial and Technology
	}
	return 15
}

// spendTarget is the cheapest revealed spending objective the seat has not
// scored and could pay now, to keep paying for.
func spendTarget(v *ti4.View) (ti4.Cost, bool) {
	s := v.State
	me := s.Players[v.Seat]
	best, found := ti4.Cost{}, false
	for _, id := range s.Decks.Revealed {
		c, ok := ti4.ObjectiveCost(id)
		if !ok || slices.Contains(me.Publics, id) || c.Tokens > 0 || !s.Affordable(v.Seat, c) {
			continue
		}
		if !found || total(c) < total(best) {
			best, found = c, true
		}
	}
	return best, found
}

func total(c ti4.Cost) int { return c.Resources + c.Influence + c.TradeGoods + c.Tokens }

// canPay reports whether the seat could pay c with its readied planets,
// but skip, and its goods and tokens.
func (p *plan) canPay(c ti4.Cost, skip string) bool {
	return p.v.State.AffordableWithout(p.v.Seat, c, skip)
}

// unitCost is what producing n of a unit costs the seat, rounded up.
func unitCost(s *ti4.State, seat int, unit string, n int) int {
	u := s.UnitCard(seat, unit)
	if u == nil {
		return 0
	}
	per := max(1, u.Produces) // fighters and infantry come two for one cost
	return int(u.Cost*float64((n+per-1)/per) + 0.5)
}

// secretEase ranks the secret objectives by how often self-play scores
// them once kept; the planner keeps the likeliest.
var secretEase = map[string]int{
	"establish_hegemony": 9, "prove_endurance": 8, "dictate_policy": 8, "stake_your_claim": 7,
	"destroy_heretical_works": 6, "form_a_spy_network": 6, "hoard_raw_materials": 5, "threaten_enemies": 5,
	"mine_rare_metals": 4, "master_the_laws_of_physics": 4, "establish_a_perimeter": 4, "occupy_the_seat_of_the_empire": 4,
	"drive_the_debate": 3, "produce_en_masse": 3, "seize_an_icon": 3,
}

// techBonus rates a technology by the objectives it moves towards: a unit
// upgrade, or a second technology of a colour.
func (p *plan) techBonus(id string) int {
	t := data.MustLoad().Technology(id)
	if t == nil {
		return 0
	}
	if id == "carrier_2" || id == "gravity_drive" {
		return 6 // farther to expand
	}
	if t.Color == "unit" {
		if p.wants["develop_weaponry"] || p.wants["revolutionize_warfare"] {
			return 10
		}
		return 0
	}
	if p.wants["diversify_research"] || p.wants["master_the_sciences"] || p.wants["master_the_laws_of_physics"] {
		n := 0
		for _, have := range p.v.State.Players[p.v.Seat].Techs {
			if h := data.MustLoad().Technology(have); h != nil && h.Color == t.Color {
				n++
			}
		}
		if n == 1 || n == 3 {
			return 8
		}
	}
	return 0
}
