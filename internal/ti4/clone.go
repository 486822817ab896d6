package ti4

import (
	"maps"
	"slices"
)

// Clone returns a deep copy of the state that shares nothing mutable with
// it (the galaxy, which never changes, is shared).
func (s *State) Clone() *State {
	c := *s
	c.scans = scans{} // a clone is often changed by hand: its scans start unknown
	c.scratch = nil
	c.offers = nil
	c.abil = [maxSeats]abilCache{} // found again from the clone's own lists
	c.Players = make([]*Player, len(s.Players))
	for i, p := range s.Players {
		q := *p
		q.Techs = slices.Clone(p.Techs)
		q.StrategyCards = slices.Clone(p.StrategyCards)
		q.UsedStrategy = slices.Clone(p.UsedStrategy)
		q.ActionCards = slices.Clone(p.ActionCards)
		q.Secrets = slices.Clone(p.Secrets)
		q.ScoredSecrets = slices.Clone(p.ScoredSecrets)
		q.SecretChoice = slices.Clone(p.SecretChoice)
		q.Publics = slices.Clone(p.Publics)
		q.Promissory = slices.Clone(p.Promissory)
		q.NotesInPlay = slices.Clone(p.NotesInPlay)
		q.RelicFragments = slices.Clone(p.RelicFragments)
		q.PlayArea = slices.Clone(p.PlayArea)
		q.ExhaustedRelics = slices.Clone(p.ExhaustedRelics)
		q.ExhaustedTechs = slices.Clone(p.ExhaustedTechs)
		q.Relics = slices.Clone(p.Relics)
		q.Captured = slices.Clone(p.Captured)
		q.SheetTokens = slices.Clone(p.SheetTokens)
		q.Assimilated = slices.Clone(p.Assimilated)
		q.TradedWith = slices.Clone(p.TradedWith)
		q.Feats = slices.Clone(p.Feats)
		c.Players[i] = &q
	}
	c.Systems = make([]*System, len(s.Systems))
	for i, sys := range s.Systems {
		t := *sys
		t.Space = slices.Clone(sys.Space)
		t.Command = slices.Clone(sys.Command)
		t.Tokens = slices.Clone(sys.Tokens)
		t.Planets = make([]*Planet, len(sys.Planets))
		for k, pl := range sys.Planets {
			x := *pl
			x.Units = slices.Clone(pl.Units)
			x.Attachments = slices.Clone(pl.Attachments)
			x.Tokens = slices.Clone(pl.Tokens)
			t.Planets[k] = &x
		}
		c.Systems[i] = &t
	}
	c.Strategy = slices.Clone(s.Strategy)
	c.Picks = slices.Clone(s.Picks)
	c.StrategyTG = maps.Clone(s.StrategyTG)
	d := &c.Decks
	d.Exploration = cloneDecks(s.Decks.Exploration)
	d.ExplorationDiscard = cloneDecks(s.Decks.ExplorationDiscard)
	for _, l := range []*[]string{&d.Relics, &d.ActionCards, &d.ActionDiscard, &d.Secrets, &d.Agendas, &d.AgendaDiscard, &d.Purged, &d.InPlay, &d.Held, &d.StageI, &d.StageII, &d.Revealed, &d.Discarded} {
		*l = slices.Clone(*l)
	}
	c.Laws = slices.Clone(s.Laws)
	c.Pending = slices.Clone(s.Pending)
	for i := range c.Pending {
		c.Pending[i].Seats = slices.Clone(c.Pending[i].Seats)
	}
	c.TechGained, c.TurnsEnded, c.AgentsSpent = slices.Clone(s.TechGained), slices.Clone(s.TurnsEnded), slices.Clone(s.AgentsSpent)
	c.Supplied = slices.Clone(s.Supplied)
	c.Gained, c.NotesAsked, c.TurnUsed, c.Swaps = slices.Clone(s.Gained), slices.Clone(s.NotesAsked), slices.Clone(s.TurnUsed), slices.Clone(s.Swaps)
	c.Choices = slices.Clone(s.Choices)
	for i := range c.Choices {
		c.Choices[i] = c.Choices[i].clone()
	}
	c.Agenda = s.Agenda.clone()
	if s.PendingAC != nil {
		x := *s.PendingAC
		x.Queue = slices.Clone(x.Queue)
		c.PendingAC = &x
	}
	if s.Strategic != nil {
		x := *s.Strategic
		x.Queue, x.Free, x.Only, x.Then = slices.Clone(x.Queue), slices.Clone(x.Free), slices.Clone(x.Only), slices.Clone(x.Then)
		c.Strategic = &x
	}
	if s.Step != nil {
		x := s.Step.clone()
		c.Step = &x
	}
	c.Tactical = s.Tactical.clone()
	c.Combat = s.Combat.clone()
	if s.Status != nil {
		x := *s.Status
		x.Scoring, x.ScoredPublic, x.ScoredSecret = slices.Clone(x.Scoring), slices.Clone(x.ScoredPublic), slices.Clone(x.ScoredSecret)
		x.Gain, x.Waiting = slices.Clone(x.Gain), slices.Clone(x.Waiting)
		c.Status = &x
	}
	c.Discarded = slices.Clone(s.Discarded)
	if s.CoupAsk != nil {
		x := *s.CoupAsk
		x.Queue = slices.Clone(x.Queue)
		c.CoupAsk = &x
	}
	if s.DiscardAsk != nil {
		x := *s.DiscardAsk
		x.Queue = slices.Clone(x.Queue)
		c.DiscardAsk = &x
	}
	if s.PickAsk != nil {
		x := *s.PickAsk
		x.Queue = slices.Clone(x.Queue)
		c.PickAsk = &x
	}
	c.Invasion = s.Invasion.clone()
	if s.Trade != nil {
		x := *s.Trade
		for i := range x.Give {
			x.Give[i] = x.Give[i].clone()
		}
		c.Trade = &x
	}
	c.LegendaryExhausted = slices.Clone(s.LegendaryExhausted)
	if s.EndOfTurn != nil {
		x := *s.EndOfTurn
		c.EndOfTurn = &x
	}
	if s.ZeroToken != nil {
		x := *s.ZeroToken
		c.ZeroToken = &x
	}
	return &c
}

// clone is a deep copy of the agenda step, nil for none.
func (a *AgendaStep) clone() *AgendaStep {
	if a == nil {
		return nil
	}
	x := *a
	x.Voters, x.Ballots, x.Barred, x.Tied = slices.Clone(x.Voters), slices.Clone(x.Ballots), slices.Clone(x.Barred), slices.Clone(x.Tied)
	x.Silenced, x.WindowQueue, x.Riders, x.Bound = slices.Clone(x.Silenced), slices.Clone(x.WindowQueue), slices.Clone(x.Riders), slices.Clone(x.Bound)
	x.Traded, x.Pressed = slices.Clone(x.Traded), slices.Clone(x.Pressed)
	return &x
}

// clone is a deep copy of the tactical action, nil for none.
func (t *Tactical) clone() *Tactical {
	if t == nil {
		return nil
	}
	x := *t
	x.Moves, x.Cargo, x.Placed, x.Freed = slices.Clone(x.Moves), slices.Clone(x.Cargo), slices.Clone(x.Placed), slices.Clone(x.Freed)
	x.Silence, x.Friends, x.Gained, x.Cards = slices.Clone(x.Silence), slices.Clone(x.Friends), slices.Clone(x.Gained), slices.Clone(x.Cards)
	x.Tokened, x.Forced, x.Passage = slices.Clone(x.Tokened), slices.Clone(x.Forced), slices.Clone(x.Passage)
	return &x
}

// clone is a deep copy of the invasion, nil for none.
func (inv *Invasion) clone() *Invasion {
	if inv == nil {
		return nil
	}
	x := *inv
	x.Committed, x.Forced, x.From, x.Next = slices.Clone(x.Committed), slices.Clone(x.Forced), slices.Clone(x.From), slices.Clone(x.Next)
	x.Asks, x.Bunker = slices.Clone(x.Asks), slices.Clone(x.Bunker)
	if x.Ask != nil {
		y := *x.Ask
		x.Ask = &y
	}
	return &x
}

// clone is the bundle with its lists copied, to change without writing
// through to another copy's.
func (b Bundle) clone() Bundle {
	b.Fragments, b.ActionCards, b.Planets, b.Captives = slices.Clone(b.Fragments), slices.Clone(b.ActionCards), slices.Clone(b.Planets), slices.Clone(b.Captives)
	return b
}

func cloneDecks(m map[string][]string) map[string][]string {
	if m == nil {
		return nil
	}
	out := make(map[string][]string, len(m))
	for k, v := range m {
		out[k] = slices.Clone(v)
	}
	return out
}

// ownInt is a pointer to a copy of *p (not ip's shared one), or nil.
func ownInt(p *int) *int {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

func (st Step) clone() Step {
	x := st
	x.Credits = maps.Clone(x.Credits)
	x.Units, x.Systems, x.Cards = slices.Clone(x.Units), slices.Clone(x.Systems), slices.Clone(x.Cards)
	x.Used, x.Aids = slices.Clone(x.Used), slices.Clone(x.Aids)
	x.Target, x.Receiver = ownInt(x.Target), ownInt(x.Receiver)
	if x.Prod != nil {
		p := *x.Prod
		p.Placed, p.Freed = slices.Clone(p.Placed), slices.Clone(p.Freed)
		x.Prod = &p
	}
	return x
}
