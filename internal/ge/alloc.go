package ge

import (
	"fmt"
	"iter"
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// Alloc is what one allocation phase has spent so far (GE-1-allocation-points):
// the output is worked out from the cards that will be engaged, and every
// step must leave the spending covered, economy standing in for any type
// (GE-points-economy).
type Alloc struct {
	Spent Points `json:"spent"`
	Extra Points `json:"extra,omitempty"` // points from cards spent for them (Cargo)
	Moded []int  `json:"moded,omitempty"` // cards whose choice is made this turn
	Given []int  `json:"given,omitempty"` // other players' cards given points (FAQ: Allocation Phase (e))
}

// hostOf is the card i is on, or -1.
func (s *State) hostOf(i int) int { return s.Cards[i].on() }

// stopped reports whether a card on or against i stops it (Illness) or,
// for equipment, jams its host (Breakdown).
func (s *State) stopped(i int) bool {
	for j := range s.above(i) {
		if s.def(j).Stops {
			return true
		}
	}
	if s.def(i).Kind == "equipment" {
		if h := s.hostOf(i); h >= 0 && s.jammed(h) {
			return true
		}
	}
	return false
}

// jammed reports whether a unit can fire no weapon (Breakdown).
func (s *State) jammed(i int) bool {
	for j := range s.above(i) {
		if s.def(j).Jams {
			return true
		}
	}
	return false
}

// onTop is the cards directly on or against i.
func (s *State) onTop(i int) []int { return slices.Collect(s.above(i)) }

// above yields the cards directly on or against i, in instance order,
// without building a list.
func (s *State) above(i int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for j, c := range s.Cards {
			if c.Zone == InPlay && c.On == i+1 && !yield(j) {
				return
			}
		}
	}
}

// cost is what i takes to engage this turn: its printed cost changed by
// the cards on it that work (GE-nomenclature-cost), never below zero.
func (s *State) cost(i int) Points {
	p := s.def(i).Cost
	for j := range s.above(i) {
		if !s.Cards[j].Against && s.willWork(j) {
			p = p.add(s.def(j).HostCost)
		}
	}
	for t := range p {
		p[t] = max(p[t], 0)
	}
	return p
}

func (p Points) zero() bool { return p == Points{} }

// willWork reports whether i will work this turn, as allocation sees it:
// it will be engaged, and nothing stops it.
func (s *State) willWork(i int) bool {
	return s.Cards[i].Zone == InPlay && !s.stopped(i) && s.paidUp(i)
}

// paidUp reports whether i will be engaged this turn: free of cost or
// paid, and non-passive equipment only on a unit that will be (FAQ:
// Non-Passive (NP)). A card that something stops is not turned sideways
// for it, only treated as disengaged (FAQ: When do cards perform their
// action(s) (g)).
func (s *State) paidUp(i int) bool {
	c, d := s.Cards[i], s.def(i)
	if !d.Cost.zero() && !c.Paid {
		return false
	}
	if d.Kind == "equipment" && !d.Passive {
		if h := s.hostOf(i); h >= 0 && !s.paidUp(h) {
			return false
		}
	}
	return true
}

// works reports whether i is engaged and free to act now.
func (s *State) works(i int) bool {
	c := s.Cards[i]
	return c.Zone == InPlay && c.Engaged && !s.stopped(i)
}

// output is what the seat's fleet will generate this allocation.
func (s *State) output(seat int) Points {
	var out Points
	for _, i := range s.fleet(seat) {
		if !s.willWork(i) {
			continue
		}
		out = out.add(s.produces(i))
	}
	if p := s.Players[seat]; p.Alloc != nil {
		out = out.add(p.Alloc.Extra)
	}
	return out
}

// produces is what one working card generates: a terrain's output with
// the greatest modifier of each type from the cards on it (GE-type-T), a
// card's own output, or the output of its choice this turn.
func (s *State) produces(i int) Points {
	d, c := s.def(i), s.Cards[i]
	out := d.Output
	if d.OutputFn != nil {
		out = out.add(d.OutputFn(s, i))
	}
	if d.ModeOutput != nil {
		_, o := d.ModeOutput(c.Mode)
		out = out.add(o)
	}
	if d.Kind == "terrain" && !(d.Dual && c.Mode == 1) {
		var best Points
		for j := range s.above(i) {
			if s.Cards[j].Owner == c.Owner && s.willWork(j) {
				for t, v := range s.def(j).TerrainMod {
					best[t] = max(best[t], v)
				}
			}
		}
		out = out.add(best)
	}
	return out
}

// covered reports whether output pays for spending, economy filling any
// type's shortfall.
func covered(out, spent Points) bool {
	short := 0
	for t := range out {
		if t != Economy {
			short += max(0, spent[t]-out[t])
		}
	}
	return out[Economy]-spent[Economy] >= short
}

// spendable refuses spending that the fleet's output would not cover,
// counting what the paying card itself adds once it works (FAQ:
// Allocation Phase (a)).
func spendable(s *State, seat int, more Points, paying int) error {
	p := s.Players[seat]
	out := s.output(seat)
	if paying >= 0 {
		c := s.Cards[paying]
		was := c.Paid
		c.Paid = true // the deciders never change state: restored below
		out = s.output(seat)
		c.Paid = was
	}
	if !covered(out, p.Alloc.Spent.add(more)) {
		return engine.Refuse("GE-1-allocation-points", "the fleet's points do not cover that")
	}
	return nil
}

func allocating(s *State, a *Action) error {
	return mine(s, a, PhaseAlloc)
}

// decideEngage checks paying a card's cost.
func decideEngage(s *State, a *Action) error {
	if err := allocating(s, a); err != nil {
		return err
	}
	if err := own(s, a.Seat, a.Card); err != nil {
		return err
	}
	c := s.Cards[a.Card]
	if c.Paid || s.def(a.Card).Cost.zero() {
		return engine.Refuse("GE-1-allocation-points", "%s needs no points now", s.name(a.Card))
	}
	return spendable(s, a.Seat, s.cost(a.Card), a.Card)
}

func applyEngage(s *State, e Event) {
	i := e.Action.Card
	s.Players[e.Action.Seat].Alloc.Spent = s.Players[e.Action.Seat].Alloc.Spent.add(s.cost(i))
	s.Cards[i].Paid = true
}

// fullyPaid refuses extras for a card that will not get its whole cost
// (GE-1-allocation-points).
func fullyPaid(s *State, a *Action) error {
	if err := allocating(s, a); err != nil {
		return err
	}
	if err := own(s, a.Seat, a.Card); err != nil {
		return err
	}
	if !s.willWork(a.Card) {
		return engine.Refuse("GE-1-allocation-points", "%s is not engaged this turn", s.name(a.Card))
	}
	return nil
}

// decideArm checks loading heavy weapons, one ammunition each (GE-points-ammunition).
func decideArm(s *State, a *Action) error {
	if err := fullyPaid(s, a); err != nil {
		return err
	}
	if !s.isUnit(a.Card) {
		return engine.Refuse("GE-points-ammunition", "arm the whole ship, not a part")
	}
	free := s.heavy(a.Card) - s.Cards[a.Card].Loaded
	if a.N < 1 || a.N > free {
		return engine.Refuse("GE-points-ammunition", "%s has %d heavy weapons to arm", s.name(a.Card), free)
	}
	return spendable(s, a.Seat, pts(Ammo, a.N), -1)
}

func applyArm(s *State, e Event) {
	a := e.Action
	s.spend(a.Seat, pts(Ammo, a.N))
	s.Cards[a.Card].Loaded += a.N
}

func (s *State) spend(seat int, p Points) {
	s.Players[seat].Alloc.Spent = s.Players[seat].Alloc.Spent.add(p)
}

// decidePlasma checks arming a variable plasma weapon: one ammunition and
// energy within its range (GE-variable-plasma).
func decidePlasma(s *State, a *Action) error {
	if err := fullyPaid(s, a); err != nil {
		return err
	}
	d, c := s.def(a.Card), s.Cards[a.Card]
	if d.Plasma == 0 || c.Plasma > 0 {
		return engine.Refuse("GE-variable-plasma", "%s has no unarmed variable plasma", s.name(a.Card))
	}
	if a.N < 1 || a.N > d.Plasma {
		return engine.Refuse("GE-variable-plasma", "its energy must be 1 to %d", d.Plasma)
	}
	return spendable(s, a.Seat, pts(Ammo, 1, Energy, a.N), -1)
}

func applyPlasma(s *State, e Event) {
	a := e.Action
	s.spend(a.Seat, pts(Ammo, 1, Energy, a.N))
	s.Cards[a.Card].Plasma = a.N
}

// decideEMF checks energy put into a Mechad field (GE-emf).
func decideEMF(s *State, a *Action) error {
	if err := fullyPaid(s, a); err != nil {
		return err
	}
	if s.nodes(a.Card) == 0 {
		return engine.Refuse("GE-emf", "%s has no nodes", s.name(a.Card))
	}
	if a.N < 1 || a.N > 20 {
		return engine.Refuse("GE-emf", "energy into a field is 1 to 20")
	}
	return spendable(s, a.Seat, pts(Energy, a.N), -1)
}

func applyEMF(s *State, e Event) {
	a := e.Action
	s.spend(a.Seat, pts(Energy, a.N))
	s.Cards[a.Card].Applied += a.N // the field is raised at engagement
}

// decideRepair checks repair points on a ship or base's damage, or on a
// card that repair removes (GE-points-repair).
func decideRepair(s *State, a *Action) error {
	if err := allocating(s, a); err != nil {
		return err
	}
	if !s.inPlay(a.Card) {
		return engine.BadInput("card", "card %d is not in play", a.Card)
	}
	need := s.repairable(a.Seat, a.Card)
	if a.N < 1 || a.N > need {
		return engine.Refuse("GE-points-repair", "%s can take %d repair points", s.name(a.Card), need)
	}
	if err := onceOnTheirs(s, a); err != nil {
		return err
	}
	return spendable(s, a.Seat, pts(Repair, a.N), -1)
}

// repairable is how many repair points i can take from seat.
func (s *State) repairable(seat, i int) int {
	c, d := s.Cards[i], s.def(i)
	if d.NeedsRepair > 0 {
		if h := s.hostOf(i); h >= 0 && s.Cards[h].Owner == seat {
			return d.NeedsRepair - c.Applied
		}
		return 0
	}
	switch {
	case c.Owner != seat || c.Against:
		return 0
	case d.Kind == "terrain":
		return c.Damage - c.Carded // card damage on terrain stays (FAQ: Card Damage (a))
	case d.Kind != "ship" && d.Kind != "base":
		return 0
	}
	return c.Damage + c.Shield
}

// onceOnTheirs refuses points put a second time this allocation on a card
// of another player's (FAQ: Allocation Phase (e)).
func onceOnTheirs(s *State, a *Action) error {
	if s.Cards[a.Card].Owner == a.Seat {
		return nil
	}
	if slices.Contains(s.Players[a.Seat].Alloc.Given, a.Card) {
		return engine.Refuse("GE-1-allocation-points", "points go on another player's card once an allocation (FAQ: Allocation Phase (e))")
	}
	return nil
}

// given records points put on another player's card.
func (s *State) given(a *Action) {
	if s.Cards[a.Card].Owner != a.Seat {
		p := s.Players[a.Seat].Alloc
		p.Given = append(p.Given, a.Card)
	}
}

func applyRepair(s *State, e Event) {
	a := e.Action
	s.given(a)
	s.spend(a.Seat, pts(Repair, a.N))
	c, d := s.Cards[a.Card], s.def(a.Card)
	if d.NeedsRepair > 0 {
		if c.Applied += a.N; c.Applied >= d.NeedsRepair {
			s.note(a.Seat, s.name(a.Card)+" is repaired away")
			s.discard(a.Card)
		}
		return
	}
	n := a.N
	fix := min(n, c.Shield)
	c.Shield -= fix
	c.Damage -= n - fix
}

// decideResearch checks research points on a card that research removes
// from one of the seat's cards (Illness, Injury, a Plasma Field hazard).
func decideResearch(s *State, a *Action) error {
	if err := allocating(s, a); err != nil {
		return err
	}
	if !s.inPlay(a.Card) {
		return engine.BadInput("card", "card %d is not in play", a.Card)
	}
	need := s.researchable(a.Seat, a.Card)
	if a.N < 1 || a.N > need {
		return engine.Refuse("GE-points-research", "%s can take %d research points", s.name(a.Card), need)
	}
	if err := onceOnTheirs(s, a); err != nil {
		return err
	}
	return spendable(s, a.Seat, pts(Research, a.N), -1)
}

func (s *State) researchable(seat, i int) int {
	d, c := s.def(i), s.Cards[i]
	need := d.NeedsResearch
	if d.Dual && c.Mode == 1 {
		need = d.Strength
	}
	h := s.hostOf(i)
	if need == 0 || h < 0 || s.Cards[h].Owner != seat {
		return 0
	}
	return need - c.Applied
}

func applyResearch(s *State, e Event) {
	a := e.Action
	s.given(a)
	s.spend(a.Seat, pts(Research, a.N))
	c := s.Cards[a.Card]
	c.Applied += a.N
	if s.researchable(a.Seat, a.Card) <= 0 {
		s.note(a.Seat, s.name(a.Card)+" is researched away")
		s.discard(a.Card)
	}
}

// decideMode checks a card's choice for this turn, made once.
func decideMode(s *State, a *Action) error {
	if err := allocating(s, a); err != nil {
		return err
	}
	if err := own(s, a.Seat, a.Card); err != nil {
		return err
	}
	d := s.def(a.Card)
	if d.Modes == 0 || a.N < 0 || a.N >= d.Modes {
		return engine.Refuse("GE-action-limit", "%s has no choice %d", s.name(a.Card), a.N)
	}
	for _, i := range s.Players[a.Seat].Alloc.Moded {
		if i == a.Card {
			return engine.Refuse("GE-action-limit", "%s has chosen this turn", s.name(a.Card))
		}
	}
	if err := peekable(s, a, d); err != nil {
		return err
	}
	// Spending already made on the old choice must stay covered.
	c := s.Cards[a.Card]
	was := c.Mode
	c.Mode = a.N
	err := spendable(s, a.Seat, Points{}, -1)
	c.Mode = was
	if err == nil && d.ModeOutput != nil {
		cost, _ := d.ModeOutput(a.N)
		err = spendable(s, a.Seat, cost, -1)
	}
	return err
}

func applyMode(s *State, e Event) {
	a := e.Action
	p := s.Players[a.Seat]
	s.Cards[a.Card].Mode = a.N
	p.Alloc.Moded = append(p.Alloc.Moded, a.Card)
	if len(e.Rolls) > 0 {
		s.peek(a.Seat, a.Player-1, e.Rolls[0])
	}
	if d := s.def(a.Card); d.ModeOutput != nil {
		cost, _ := d.ModeOutput(a.N)
		s.spend(a.Seat, cost)
	}
}

// decideSpend checks discarding a card for the points it gives (Cargo).
func decideSpend(s *State, a *Action) error {
	if err := allocating(s, a); err != nil {
		return err
	}
	if err := own(s, a.Seat, a.Card); err != nil {
		return err
	}
	if !s.def(a.Card).Absorbs {
		return engine.Refuse("GE-cards-have-rules", "%s gives no points when discarded", s.name(a.Card))
	}
	return nil
}

func applySpend(s *State, e Event) {
	a := e.Action
	s.Players[a.Seat].Alloc.Extra[Supply]++
	s.note(a.Seat, s.name(a.Card)+" is spent for a supply point")
	s.discard(a.Card)
}

// decideEngaged checks ending allocation.
func decideEngaged(s *State, a *Action) error { return allocating(s, a) }

// applyEngaged is the engagement phase: paid cards engage, unpaid ones
// disengage (GE-2-engagement); fields are raised (GE-emf); one-shot
// weapons are re-armed; cards whose time is up go.
func applyEngaged(s *State, e Event) {
	seat := e.Action.Seat
	for _, i := range s.fleet(seat) {
		s.Cards[i].Engaged = s.paidUp(i)
	}
	for _, i := range s.fleet(seat) {
		s.raiseField(i)
		if s.Cards[i].Engaged && s.def(i).Rearms {
			for j := range s.above(i) {
				s.Cards[j].Armed = s.def(j).OneShot
			}
		}
	}
	for i, c := range s.Cards {
		if c.Zone == InPlay && c.Owner == seat && c.Expires {
			s.note(seat, s.name(i)+"'s time is up")
			s.discard(i)
		}
	}
	s.Players[seat].Alloc = nil
	s.Phase = PhasePlayA
}

// raiseField rebuilds a Mechad field (GE-emf; FAQ: EMF (b), (f)): nodes
// times energy, at most twice the strength and at most strength plus the
// field left; a unit not engaged gets its strength.
func (s *State) raiseField(i int) {
	n := s.nodes(i)
	if n == 0 {
		return
	}
	c := s.Cards[i]
	str := s.strength(i)
	if !c.Engaged {
		c.EMF, c.Applied = str, 0
		return
	}
	c.EMF = min(n*c.Applied, 2*str, str+c.EMF)
	c.Applied = 0
}

// peekable: a look names the opponent whose hand it looks into, one in
// the game holding a card (Player, plus one); other choices name no one.
func peekable(s *State, a *Action, d *Def) error {
	if !d.Peeks || a.N != 1 {
		if a.Player != 0 {
			return engine.BadInput("player", "that choice looks at no hand")
		}
		return nil
	}
	o := a.Player - 1
	if o < 0 || o >= len(s.Players) || o == a.Seat || s.Players[o].Out {
		return engine.BadInput("player", "name an opponent's hand to look at")
	}
	if s.Players[o].Hand.Len() == 0 {
		return engine.Refuse("GE-cards-have-rules", "seat %d holds no card", o)
	}
	return nil
}

// peek shows the seat one card, chosen by the roll, from the named
// opponent's hand (Corporate Scout Cruiser).
func (s *State) peek(seat, o, roll int) {
	h := s.Players[o].Hand
	p := s.Players[seat]
	p.Seen = append(p.Seen, h[roll%h.Len()])
	if len(p.Seen) > maxSeen {
		p.Seen = p.Seen[1:]
	}
	p.Peeks++
	s.note(seat, fmt.Sprintf("looks at a card in seat %d's hand", o))
}
