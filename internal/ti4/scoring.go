package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Scoring objectives (61), the custodians token (27), victory (98).

// Scoring action and step kinds.
const (
	ActScore          = "score_objective"
	ActKeepSecret     = "keep_secret"
	ActSpendTokens    = "spend_tokens"
	ActTakeCustodians = "remove_custodians"
	StepPay           = "pay"      // paying an objective's or the custodians' cost
	StepImperial      = "imperial" // Imperial's primary: may score a public objective
	EvScored          = "objective_scored"
	EvSecretKept      = "secret_kept"
	EvCustodians      = "custodians_removed"
)

func objective(id string) (data.Card, bool) {
	c := data.MustLoad()
	for _, o := range c.Publics {
		if o.ID == id {
			return o, true
		}
	}
	for _, o := range c.Secrets {
		if o.ID == id {
			return o, true
		}
	}
	return data.Card{}, false
}

func isPublic(id string) bool {
	o, ok := objective(id)
	return ok && o.Stage > 0
}

// scoreWindow says which objectives seat may score now: publics, secrets,
// and the rule that governs the window.
func scoreWindow(s *State, seat int) (public, secret bool, rule string) {
	if st := s.Step; st != nil && st.Seat == seat && st.Kind == StepImperial {
		return true, false, "45.2"
	}
	if s.Phase == PhaseStatus && s.Status != nil && len(s.Status.Scoring) > 0 && s.Status.Scoring[0] == seat && s.Step == nil {
		return !slices.Contains(s.Status.ScoredPublic, seat), !slices.Contains(s.Status.ScoredSecret, seat), "81.1"
	}
	if s.Phase == PhaseStatus && s.Status != nil && len(s.Status.Scoring) > 0 {
		return false, false, "81.1"
	}
	return false, false, "61.5"
}

// decideScore scores an objective whose requirement seat meets, or, for one
// scored by spending, opens the payment and completes it once paid.
func decideScore(s *State, a Action) ([]Event, error) {
	o, ok := objective(a.Card)
	if !ok {
		return nil, engine.BadInput("card", "no objective %q", a.Card)
	}
	p := s.Players[a.Seat]
	leaked := s.leaked(o.ID) // Classified Document Leaks made it public
	atOwnMoment := !leaked || (o.Stage == 0 && s.publicSecret(o.ID))
	if o.Stage == 0 && o.Phase == "action" && atOwnMoment {
		return decideFeat(s, a, p, o)
	}
	if o.Stage == 0 && o.Phase == "agenda" && atOwnMoment {
		return decideAgendaSecret(s, a, p, o)
	}
	isPublic := o.Stage > 0 || leaked
	paying := s.Step != nil && s.Step.Kind == StepPay && s.Step.Seat == a.Seat && s.Step.Card == a.Card
	if !paying {
		public, secret, rule := scoreWindow(s, a.Seat)
		switch {
		case slices.Contains(p.Publics, o.ID) || slices.Contains(p.ScoredSecrets, o.ID):
			return nil, engine.Refuse("61.8", "%s has already scored %s", p, o.Name)
		case isPublic && !public:
			return nil, engine.Refuse(rule, "no public objective can be scored now")
		case !isPublic && !secret:
			return nil, engine.Refuse(rule, "no secret objective can be scored now")
		case o.Stage > 0 && !slices.Contains(s.Decks.Revealed, o.ID):
			return nil, engine.Refuse("61.11", "%s is not a revealed public objective", o.Name)
		case !isPublic && !slices.Contains(p.Secrets, o.ID):
			return nil, engine.Refuse("61.19", "%s is not one of your unscored secret objectives", o.Name)
		case !isPublic && o.Phase != "status":
			return nil, engine.Refuse("61.3", "%s is scored in the %s phase", o.Name, o.Phase)
		case isPublic && !s.holdsHome(a.Seat):
			return nil, engine.Refuse("61.16", "%s does not control every planet of its home system", p)
		}
	}
	if cost, ok := objectiveCosts[o.ID]; ok {
		if !paying {
			if !s.affordable(a.Seat, cost) {
				return nil, engine.Refuse("61.10", "%s cannot pay %s for %s", p, describeCost(cost), o.Name)
			}
			e := step(StepPay, a.Seat, o.ID, false)
			if s.Step != nil && s.Step.Kind == StepImperial {
				e.Step.Then = StepImperial
				return s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}, e), nil
			}
			return s.emit(e), nil
		}
		if !paid(s.Step, cost) {
			return nil, engine.Refuse("61.10", "%s needs %s; paid %v", o.Name, describeCost(cost), s.Step.Credits)
		}
		return s.extend(s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}), scored(s, a.Seat, o)...), nil
	}
	cond, ok := conditions[o.ID]
	if !ok {
		return nil, engine.Refuse("61.4", "scoring %s is not built yet", o.Name)
	}
	if !cond(s, a.Seat) {
		return nil, engine.Refuse("61.5", "%s does not meet the requirement of %s", p, o.Name)
	}
	if o.ID == hereticalWorks { // scored by purging two relic fragments
		frags, err := hereticalFragments(p, a)
		if err != nil {
			return nil, err
		}
		return s.extend(s.emit(Event{Kind: EvFragmentsPurged, Seat: a.Seat, Extra: &Extra{Cards: frags}}), scored(s, a.Seat, o)...), nil
	}
	return scored(s, a.Seat, o), nil
}

// scored is the events of scoring, and what comes after in the window.
func scored(s *State, seat int, o data.Card) []Event {
	deck := "secret"
	if o.Stage > 0 || s.leaked(o.ID) {
		deck = "public"
	}
	ev := s.emit(Event{Kind: EvScored, Seat: seat, Card: o.ID, Count: max(1, o.Points), Deck: deck})
	if st := s.Step; st != nil && (st.Kind == StepImperial || (st.Kind == StepPay && st.Then == StepImperial)) {
		ev = s.extend(ev, imperialRest(s, seat)...)
	}
	return ev
}

func describeCost(c Cost) string {
	b := ""
	add := func(n int, what string) {
		if n > 0 {
			if b != "" {
				b += ", "
			}
			b += itoa(n) + " " + what
		}
	}
	add(c.Resources, "resources")
	add(c.Influence, "influence")
	add(c.TradeGoods, "trade goods")
	add(c.Tokens, "command tokens")
	return b
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for ; n > 0; n /= 10 {
		d = append([]byte{byte('0' + n%10)}, d...)
	}
	return string(d)
}

func paid(st *Step, c Cost) bool {
	g := st.Credits
	return g["resources"] >= c.Resources && g["influence"] >= c.Influence && g["trade_goods"] >= c.TradeGoods && g["tokens"] >= c.Tokens
}

func stepCost(st *Step) Cost {
	if st.Card == "custodians" {
		return Cost{Influence: 6} // 27.2
	}
	return objectiveCosts[st.Card]
}

// Paying in the payment step: planets for resources or influence (use
// picks influence when both are wanted), trade goods, and command tokens
// from the tactic and strategy pools.
func decidePay(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepPay)
	if err != nil {
		return nil, err
	}
	cost := stepCost(st)
	p := s.Players[a.Seat]
	switch a.Kind {
	case ActSpendPlanet:
		pl, _, err := findPlanet(s, a.Planet)
		if err != nil {
			return nil, err
		}
		if pl.Controller != a.Seat || pl.Exhausted {
			return nil, engine.Refuse("34.4", "exhaust a readied planet you control")
		}
		what, v := "resources", s.exhaustWorth(a.Seat, pl, false)
		if cost.Resources == 0 || (a.Use && cost.Influence > 0) {
			what, v = "influence", s.exhaustWorth(a.Seat, pl, true)
		}
		if cost.Resources == 0 && cost.Influence == 0 {
			return nil, engine.Refuse("61.10", "this cost is not paid with planets")
		}
		return s.emit(Event{Kind: EvPlanetExhausted, Seat: a.Seat, Planet: pl.Name}, Event{Kind: EvSpent, Seat: a.Seat, Count: v, Deck: what}), nil
	case ActSpendTG:
		if err := checkCount(a.Count); err != nil {
			return nil, err
		}
		if s.goods(a.Seat) < a.Count {
			return nil, engine.Refuse("93.4", "%s has only %d trade goods", p, s.goods(a.Seat))
		}
		what := "trade_goods"
		if cost.TradeGoods == 0 { // a trade good stands in for a resource or influence (75.3, 47.3)
			what = "influence"
			if cost.Resources > 0 && !a.Use {
				what = "resources"
			}
		}
		worth := a.Count
		if what != "trade_goods" {
			worth *= s.tgWorth(a.Seat)
		}
		return s.emit(append(s.spendGoods(a.Seat, a.Count), Event{Kind: EvSpent, Seat: a.Seat, Count: worth, Deck: what})...), nil
	case ActSpendTokens:
		pools, err := need(a.Pools, "pools")
		if err != nil {
			return nil, err
		}
		if cost.Tokens == 0 || pools.Fleet != 0 || pools.Tactic < 0 || pools.Strategy < 0 || pools.Sum() == 0 {
			return nil, engine.Refuse("61.10", "spend command tokens from the tactic and strategy pools only, where the cost asks for them")
		}
		if pools.Tactic > p.Tactic || pools.Strategy > p.Strategy {
			return nil, engine.Refuse("61.10", "not that many tokens in those pools")
		}
		after := Pools{p.Tactic - pools.Tactic, p.Fleet, p.Strategy - pools.Strategy}
		return s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &after}, Event{Kind: EvSpent, Seat: a.Seat, Count: pools.Sum(), Deck: "tokens"}), nil
	}
	return nil, unknownKind(a.Kind)
}

// Imperial (45.2): after choosing whether to score a public objective, the
// player gains a point for holding Mecatol Rex, or draws a secret objective.
func imperialRest(s *State, seat int) []Event {
	ev := s.emit(Event{Kind: EvStepCleared, Seat: seat})
	if pl, _ := s.Planet(MecatolRex); pl != nil && pl.Controller == seat {
		ev = s.extend(ev, Event{Kind: EvVictoryPoint, Seat: seat, Count: 1, Card: "imperial"})
		ev = s.extend(ev, imperialTokens(s, seat)...)
	} else {
		ev = s.extend(ev, Event{Kind: EvDrawSecret, Seat: seat})
	}
	return s.extend(ev, Event{Kind: EvPrimaryDone, Seat: seat})
}

// EvDrawSecret asks the automatic steps to draw a secret objective (the
// draw needs the RNG only when the deck must be reshuffled, which it never
// is: returned secrets are shuffled in when they return).
const EvDrawSecret = "draw_secret"

// Keeping one of the two secret objectives dealt at setup (61.20, setup
// step 12 i); the other goes back into the deck, which is shuffled.
func decideKeepSecret(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	if !slices.Contains(p.SecretChoice, a.Card) {
		return nil, engine.Refuse("61.20", "keep one of the secret objectives you were dealt")
	}
	deck := slices.Clone(s.Decks.Secrets)
	for _, c := range p.SecretChoice {
		if c != a.Card {
			deck = append(deck, c)
		}
	}
	shuffle(rng, deck)
	return s.emit(Event{Kind: EvSecretKept, Seat: a.Seat, Card: a.Card, Extra: &Extra{NewDeck: deck}}), nil
}

// The custodians token (27): before committing ground forces to Mecatol
// Rex, the active player pays six influence to take it, gains a victory
// point, and the agenda phase joins every round (27.2-27.4).
func decideTakeCustodians(s *State, a Action) ([]Event, error) {
	if st := s.Step; st != nil && st.Kind == StepPay && st.Card == "custodians" && st.Seat == a.Seat {
		if !paid(st, Cost{Influence: 6}) {
			return nil, engine.Refuse("27.2", "removing the custodians token costs 6 influence; %d paid", st.Credits["influence"])
		}
		return s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}, Event{Kind: EvCustodians, Seat: a.Seat}), nil
	}
	if err := invading(s, a, "27.2"); err != nil {
		return nil, err
	}
	if !s.Custodians || planetIn(s.System(s.Invasion.Pos), MecatolRex) == nil {
		return nil, engine.Refuse("27.2", "the custodians token is not in the active system")
	}
	if len(s.Invasion.Committed) > 0 {
		return nil, engine.Refuse("27.2", "the token is removed before ground forces are committed")
	}
	sys := s.System(s.Invasion.Pos)
	if count(sys.Space, a.Seat, "infantry")+count(sys.Space, a.Seat, "mech") == 0 {
		return nil, engine.Refuse("27.2", "taking the token needs ground forces in the space area to land on Mecatol Rex")
	}
	if s.permits(a.Seat, PermitFreeCustodians) { // no influence to spend
		return s.emit(Event{Kind: EvCustodians, Seat: a.Seat}), nil
	}
	if !s.affordable(a.Seat, Cost{Influence: 6}) {
		return nil, engine.Refuse("27.2", "%s cannot spend 6 influence", s.Players[a.Seat])
	}
	return s.emit(step(StepPay, a.Seat, "custodians", false)), nil
}

// affordable reports whether seat could pay a cost now: trade goods and
// tokens as asked, and readied planets, each spent for its resources or its
// influence, with spare trade goods standing in for either (75.3, 47.3).
func (s *State) affordable(seat int, c Cost) bool { return s.affordableWithout(seat, c, "") }

// affordableWithout is affordable without the planet named skip.
func (s *State) affordableWithout(seat int, c Cost, skip string) bool {
	p := s.Players[seat]
	if p.TradeGoods < c.TradeGoods || p.Tactic+p.Strategy < c.Tokens {
		return false
	}
	spare := p.TradeGoods - c.TradeGoods
	reach := map[[2]int]bool{{0, 0}: true}
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller != seat || pl.Exhausted || pl.Name == skip {
				continue
			}
			r, i := s.exhaustWorth(seat, pl, false), s.exhaustWorth(seat, pl, true)
			next := map[[2]int]bool{}
			for k := range reach {
				next[k] = true
				next[[2]int{min(c.Resources, k[0]+r), k[1]}] = true
				next[[2]int{k[0], min(c.Influence, k[1]+i)}] = true
			}
			reach = next
		}
	}
	for k := range reach {
		if c.Resources-k[0]+c.Influence-k[1] <= spare {
			return true
		}
	}
	return false
}

// victoryFollowUps ends the game when a player reaches the target (98.7):
// with several at once, the earliest in initiative order wins.
func victoryFollowUps(s *State) []Event {
	if s.Phase == PhaseOver || !slices.ContainsFunc(s.Players, func(p *Player) bool { return p.VP >= s.Options.VictoryPoints }) {
		return nil
	}
	for _, q := range s.InitiativeOrder() {
		if s.Players[q].VP >= s.Options.VictoryPoints {
			return s.emit(Event{Kind: EvGameOver, Seat: q})
		}
	}
	return nil
}

// leader is the winner when objectives run out (98.8): most points, ties
// to the earliest in initiative order.
func (s *State) leader() int {
	best, who := -1, None
	for _, q := range s.InitiativeOrder() {
		if vp := s.Players[q].VP; vp > best {
			best, who = vp, q
		}
	}
	return who
}

func applyScoring(s *State, e *Event) bool {
	switch e.Kind {
	case EvScored:
		p := s.Players[e.Seat]
		p.VP += e.Count
		if e.Deck == "public" {
			p.Publics = append(p.Publics, e.Card)
			if s.Status != nil && s.Phase == PhaseStatus {
				s.Status.ScoredPublic = append(s.Status.ScoredPublic, e.Seat)
			}
		} else {
			i := slices.Index(p.Secrets, e.Card)
			p.Secrets = slices.Delete(p.Secrets, i, i+1)
			p.ScoredSecrets = append(p.ScoredSecrets, e.Card)
			if s.Status != nil && s.Phase == PhaseStatus {
				s.Status.ScoredSecret = append(s.Status.ScoredSecret, e.Seat)
			}
		}
	case EvSecretKept:
		p := s.Players[e.Seat]
		p.Secrets = append(p.Secrets, e.Card)
		p.SecretChoice = nil
		s.Decks.Secrets = slices.Clone(e.extra().NewDeck)
	case EvCustodians:
		s.Custodians = false
		s.Players[e.Seat].VP++
		s.Players[e.Seat].Custodian = true
		s.Invasion.Custodians = true
		s.AgendaPhase = true // 27.4
	case EvSecretReturned:
		applySecretReturned(s, *e)
	case EvDrawSecret:
		if len(s.Decks.Secrets) > 0 {
			p := s.Players[e.Seat]
			p.Secrets = append(p.Secrets, s.Decks.Secrets[0])
			s.Decks.Secrets = s.Decks.Secrets[1:]
		}
	default:
		return false
	}
	return true
}

// decideFeat scores an action-phase secret objective: during the action
// phase, outside a combat (61.7), for a deed of this turn (61.3, 61.19).
func decideFeat(s *State, a Action, p *Player, o data.Card) ([]Event, error) {
	switch {
	case !s.mayScoreSecret(p, o.ID):
		return nil, engine.Refuse("61.19", "%s is not one of your unscored secret objectives", o.Name)
	case !slices.Contains(featObjectives, o.ID):
		return nil, engine.Refuse("61.4", "scoring %s is not built yet", o.Name)
	case s.Phase != PhaseAction:
		return nil, engine.Refuse("61.3", "%s is scored in the action phase", o.Name)
	case s.Combat != nil:
		return nil, engine.Refuse("61.7", "objectives are scored after the combat")
	case !slices.Contains(p.Feats, o.ID):
		return nil, engine.Refuse("61.5", "%s has not met the requirement of %s this turn", p, o.Name)
	}
	return scored(s, a.Seat, o), nil
}

// The secret objective limit (61.21): three, scored and unscored. A player
// over it returns an unscored one of their choice to the deck, which is
// shuffled (61.21a).
const (
	StepReturnSecret = "return_secret"
	ActReturnSecret  = "return_secret"
	EvSecretReturned = "secret_returned"
)

// SecretLimit is the most secret objectives a player may have (61.21).
const SecretLimit = 3

func secretFollowUps(s *State) []Event {
	if st := s.Step; st != nil {
		if st.Kind == StepReturnSecret && overSecrets(s.Players[st.Seat]) == 0 {
			return s.emit(Event{Kind: EvStepCleared, Seat: st.Seat})
		}
		return nil
	}
	if s.Combat != nil {
		return nil
	}
	for _, p := range s.Players {
		if !p.Eliminated && overSecrets(p) > 0 {
			return s.emit(step(StepReturnSecret, p.Seat, "", false))
		}
	}
	return nil
}

// overSecrets is how many unscored secrets p must return (61.21a): none
// when all are scored, as after a relic raising the limit is purged
// (The Obsidian by Neuraloop).
func overSecrets(p *Player) int {
	return min(len(p.Secrets), max(0, len(p.Secrets)+len(p.ScoredSecrets)-secretLimit(p)))
}

func decideReturnSecret(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepReturnSecret); err != nil {
		return nil, engine.Refuse("61.21", "only a player over three secret objectives returns one now")
	}
	if !slices.Contains(s.Players[a.Seat].Secrets, a.Card) {
		return nil, engine.Refuse("61.21a", "return one of your unscored secret objectives")
	}
	deck := append(slices.Clone(s.Decks.Secrets), a.Card)
	shuffle(rng, deck)
	return s.emit(Event{Kind: EvSecretReturned, Seat: a.Seat, Card: a.Card, Extra: &Extra{NewDeck: deck}}), nil
}

func applySecretReturned(s *State, e Event) {
	p := s.Players[e.Seat]
	i := slices.Index(p.Secrets, e.Card)
	p.Secrets = slices.Delete(p.Secrets, i, i+1)
	s.Decks.Secrets = slices.Clone(e.extra().NewDeck)
}
