package ti4

import (
	"slices"
	"strconv"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// The agenda phase (LRR 8): once the custodians token has left Mecatol Rex
// (27.4), each round ends with two agendas voted on and resolved (8.2,
// 8.3), then every planet is readied (8.4). Card effects are in agendas.go.

// PhaseAgenda is the agenda phase.
const PhaseAgenda = "agenda"

// Agenda-phase action kinds.
const (
	ActVote     = "cast_votes"      // outcome: open a ballot; planets are then exhausted one by one
	ActAbstain  = "abstain"         // 8.14
	ActBreakTie = "speaker_decides" // outcome (8.19)
)

// Agenda-phase event kinds.
const (
	EvAgendaShuffled  = "agenda_deck_shuffled"
	EvAgendaSkipped   = "agenda_discarded_on_reveal"
	EvAgendaRevealed  = "agenda_revealed"
	EvBallotOpened    = "ballot_opened"
	EvVotesCast       = "votes_cast"
	EvBallotClosed    = "ballot_closed"
	EvAgendaTied      = "agenda_tied"
	EvAgendaOutcome   = "agenda_outcome"
	EvAgendaResolved  = "agenda_resolved"
	EvAgendaDone      = "agenda_done"
	EvAgendaPhaseDone = "agenda_phase_ended"
	EvReadyQueued     = "ready_choices_queued"
	EvRevote          = "agenda_revote" // Miscount Disclosed: the elected law is voted on again
)

// Outcomes of a "for or against" agenda (8.8).
const (
	For     = "for"
	Against = "against"
)

// Ballot is one player's votes on the current agenda.
type Ballot struct {
	Seat    int    `json:"seat"`
	Card    string `json:"card,omitempty"`    // a rider: the action card that predicted Outcome
	Outcome string `json:"outcome,omitempty"` // empty: abstained
	Votes   int    `json:"votes"`
}

// AgendaStep is the agenda phase in progress.
type AgendaStep struct {
	Number   int      `json:"number"`            // 1 or 2 (8.2, 8.3)
	Card     string   `json:"card,omitempty"`    // the agenda revealed
	Subject  string   `json:"subject,omitempty"` // the agenda voted on and resolved: Card, or the law Miscount Disclosed names, or Covert Legislation's hidden card
	Hidden   bool     `json:"hidden,omitempty"`  // Subject is seen by the speaker only
	Voters   []int    `json:"voters,omitempty"`  // still to vote, in order (8.2 ii)
	Ballots  []Ballot `json:"ballots,omitempty"`
	Voting   bool     `json:"voting,omitempty"`   // the last ballot is still open
	Barred   []int    `json:"barred,omitempty"`   // may not vote in this phase (8.16)
	Silenced []int    `json:"silenced,omitempty"` // may not vote on this agenda (Political Secret, riders)
	// The "when" then "after" window after the reveal: who has yet to
	// play or pass, in turn from the speaker (1.15, 1.16, 1.20).
	Window      string   `json:"window,omitempty"`
	Started     bool     `json:"started,omitempty"`    // the start-of-phase window was opened (Ancient Burial Sites)
	PlotAsked   bool     `json:"plot_asked,omitempty"` // the window before resolution was opened (Deadly Plot)
	WindowQueue []int    `json:"window_queue,omitempty"`
	Riders      []Ballot `json:"riders,omitempty"` // predictions (8.22)
	// Bound: voters an ability bound to cast a vote for an outcome, or
	// lose a token from their fleet pool (Genetic Recombination).
	Bound    []Ballot `json:"bound,omitempty"`
	Tied     []string `json:"tied,omitempty"` // the speaker decides among these (8.19)
	Outcome  string   `json:"outcome,omitempty"`
	Resolved bool     `json:"resolved,omitempty"`
	// Checks and Balances: at 8.4 each player readies only three planets,
	// chosen once the choices are queued.
	ElectedAsked bool `json:"elected_asked,omitempty"` // the elected player had their "when elected" window
	ReadyLimit   bool `json:"ready_limit,omitempty"`
	ReadyQueued  bool `json:"ready_queued,omitempty"`
	// The pairs of players who have made (or broken off) a transaction
	// during this agenda (94.6).
	Traded [][2]int `json:"traded,omitempty"`
	// Pressed: from rules version 13, who made whom give a note with
	// Diplomatic Pressure on this agenda, refused a second time (2.6b).
	Pressed [][2]int `json:"pressed,omitempty"`
}

// Law is a law in play (7.3, 7.4).
type Law struct {
	Card    string `json:"card"`
	Owner   int    `json:"owner"`             // None: the common play area
	Elected string `json:"elected,omitempty"` // the planet or objective it was elected for
}

// Law returns the law in play with this id, or nil; none while laws are
// blank (LawsBlank).
func (s *State) Law(id string) *Law {
	if s.LawsBlank {
		return nil
	}
	for i := range s.Laws {
		if s.Laws[i].Card == id {
			return &s.Laws[i]
		}
	}
	return nil
}

// OwnsLaw reports whether seat owns the law (7.4).
func (s *State) OwnsLaw(seat int, id string) bool {
	l := s.Law(id)
	return l != nil && l.Owner == seat
}

func agendaCard(id string) (data.Card, bool) {
	for _, a := range data.MustLoad().Agendas {
		if a.ID == id {
			return a, true
		}
	}
	return data.Card{}, false
}

// Outcomes lists what may be voted for on an agenda (8.8-8.11). A player is
// named by their seat number.
func (s *State) Outcomes(id string) []string {
	a, _ := agendaCard(id)
	var out []string
	planets := func(ok func(*Planet, *System, *data.Planet) bool) {
		for _, sys := range s.Systems {
			for _, pl := range sys.Planets {
				if pl.Controller != None && ok(pl, sys, planetInfo(pl)) { // 8.11
					out = append(out, pl.Name)
				}
			}
		}
	}
	switch a.Elect {
	case "for_against":
		out = []string{For, Against}
	case "player":
		for _, q := range s.Active() {
			out = append(out, strconv.Itoa(q))
		}
	case "planet":
		planets(func(*Planet, *System, *data.Planet) bool { return true })
	case "cultural_planet", "industrial_planet", "hazardous_planet":
		trait := a.Elect[:len(a.Elect)-len("_planet")]
		planets(func(_ *Planet, _ *System, i *data.Planet) bool { return i.HasTrait(trait) })
	case "non_home_planet_other_than_mecatol":
		planets(func(pl *Planet, sys *System, _ *data.Planet) bool {
			return !s.IsHomeSystem(sys.Pos) && pl.Name != MecatolRex && !pl.OffBoard // a card off the board is never lost
		})
	case "law":
		for _, l := range s.Laws {
			out = append(out, l.Card)
		}
	case "secret_objective":
		for _, p := range s.Players {
			out = append(out, p.ScoredSecrets...)
		}
	case "strategy_card":
		for _, sc := range data.MustLoad().Strategy {
			out = append(out, sc.ID)
		}
	}
	return out
}

// outcomeGains are the trade goods of players whose abilities pay when an
// outcome they voted for or predicted is resolved (Future Sight).
func (s *State) outcomeGains(ag *AgendaStep) []Event {
	if ag.Outcome == "" || ag.Outcome == "none" {
		return nil
	}
	var ev []Event
	for _, q := range s.Active() {
		n := s.bonus(q, hookOutcomeTG)
		if n == 0 {
			continue
		}
		backed := func(b Ballot) bool { return b.Seat == q && b.Outcome == ag.Outcome }
		if slices.ContainsFunc(ag.Ballots, func(b Ballot) bool { return backed(b) && b.Votes > 0 }) || slices.ContainsFunc(ag.Riders, backed) {
			ev = append(ev, Event{Kind: EvTradeGoods, Seat: q, Count: n})
		}
	}
	return s.emit(ev...)
}

func hookOutcomeTG(a *Ability) int { return a.OutcomeTG }

// Voting order: from the speaker's left, clockwise, the speaker last (8.2 ii).
// A player whose ability says so votes first (Zeal), the others in that
// order after them.
func (s *State) votingOrder() []int {
	o := s.SpeakerOrder()
	o = append(o[1:], o[0])
	for i, q := range o {
		if i > 0 && s.factionHas(q, hookVotesFirst) {
			return append([]int{q}, slices.Delete(slices.Clone(o), i, i+1)...)
		}
	}
	return o
}

func hookVotesFirst(a *Ability) bool { return a.VotesFirst }

// agendaFollowUps drives the phase: reveal, tally, resolve, and move on.
func agendaFollowUps(s *State, rng *engine.RNG) []Event {
	ag := s.Agenda
	if s.Phase != PhaseAgenda || ag == nil || s.Step != nil || s.Strategic != nil {
		return nil
	}
	switch {
	case ag.Number == 1 && !ag.Started: // the start of the phase: Maw of Worlds' moment too
		return s.extend(s.emit(Event{Kind: EvAgendaStart}), relicsAtAgendaStart(s)...)
	case ag.Card == "" && ag.Window == "":
		return revealAgenda(s, rng)
	case ag.Window != "" || len(ag.Voters) > 0 || ag.Voting || ag.Tied != nil:
		return nil
	case ag.Outcome == "":
		return tally(s)
	case revotes(ag.Card) && ag.Subject == ag.Card && ag.Outcome != "none":
		return s.emit(Event{Kind: EvRevote, Card: ag.Outcome})
	case !ag.Resolved && !ag.ElectedAsked && electsPlayer(ag.Subject) && ag.Outcome != "none":
		return s.emit(Event{Kind: EvElectedWin, Seat: atoi(ag.Outcome)})
	case !ag.Resolved && !ag.PlotAsked && ag.Outcome != "none":
		return s.emit(Event{Kind: EvPlotWindow})
	case !ag.Resolved:
		ev := resolveAgenda(s, rng)
		ev = s.extend(ev, s.outcomeGains(ag)...)
		return s.extend(ev, Event{Kind: EvAgendaResolved, Card: ag.Subject, Extra: &Extra{Outcome: ag.Outcome}})
	case ag.Number == 1:
		return s.emit(Event{Kind: EvAgendaDone})
	case ag.ReadyLimit && !ag.ReadyQueued:
		return readyLimitSteps(s)
	case len(s.Choices) > 0:
		return nil
	}
	return s.emit(Event{Kind: EvAgendaPhaseDone})
}

// revealAgenda draws the top agenda (8.2 i), reshuffling the discard pile
// when the deck is empty. Agendas that cannot be resolved now are discarded
// as they are revealed, and another is drawn.
func revealAgenda(s *State, rng *engine.RNG) []Event {
	var ev []Event
	deck, discard := slices.Clone(s.Decks.Agendas), slices.Clone(s.Decks.AgendaDiscard)
	for range len(deck) + len(discard) + 1 {
		if len(deck) == 0 {
			if len(discard) == 0 {
				break
			}
			deck, discard = discard, nil
			shuffle(rng, deck)
			ev = s.extend(ev, Event{Kind: EvAgendaShuffled, Extra: &Extra{NewDeck: slices.Clone(deck)}})
		}
		top := deck[0]
		deck = deck[1:]
		if !revealable(s, top) {
			ev = s.extend(ev, Event{Kind: EvAgendaSkipped, Card: top})
			discard = append(discard, top)
			continue
		}
		e := Event{Kind: EvAgendaRevealed, Card: top}
		if drawnInSecret(top) && len(deck) > 0 {
			e.more().Outcome = deck[0] // the speaker draws it in secret
		}
		return s.extend(ev, e)
	}
	// No agenda can be revealed: the phase goes on without this one.
	return s.extend(ev, Event{Kind: EvAgendaPhaseDone})
}

// voters lists who votes, in order, leaving out those barred (8.16).
func (s *State) voters() []int {
	var out []int
	for _, q := range s.votingOrder() {
		if s.factionHas(q, hookNoVote) {
			continue // 8.16: an ability says its owner does not vote
		}
		if s.permits(q, PermitVoteAlways) || (!slices.Contains(s.Agenda.Barred, q) && !slices.Contains(s.Agenda.Silenced, q)) {
			out = append(out, q)
		}
	}
	return out
}

func atoi(x string) int { n, _ := strconv.Atoi(x); return n }

// tally counts the votes (8.2 iii); ties and no votes go to the speaker (8.19).
func tally(s *State) []Event {
	ag := s.Agenda
	totals := map[string]int{}
	var order []string
	for _, b := range ag.Ballots {
		if b.Outcome == "" {
			continue
		}
		if _, ok := totals[b.Outcome]; !ok {
			order = append(order, b.Outcome)
		}
		totals[b.Outcome] += b.Votes + s.pactVotes(b)
	}
	best := 0
	var top []string
	for _, o := range order {
		switch v := totals[o]; {
		case v > best:
			best, top = v, []string{o}
		case v == best && v > 0:
			top = append(top, o)
		}
	}
	if len(top) == 1 {
		return s.emit(Event{Kind: EvAgendaOutcome, Card: ag.Subject, Extra: &Extra{Outcome: top[0]}})
	}
	if best == 0 {
		top = s.Outcomes(ag.Subject)
	}
	if len(top) == 0 {
		return s.emit(Event{Kind: EvAgendaOutcome, Card: ag.Subject}) // nothing could be elected
	}
	return s.emit(Event{Kind: EvAgendaTied, Extra: &Extra{Cards: top}})
}

// votesFrom is what exhausting seat's planet adds to a ballot (8.6).
func (s *State) votesFrom(seat int, pl *Planet) int { return s.exhaustWorth(seat, pl, true) }

func decideVote(s *State, a Action) ([]Event, error) {
	ag := s.Agenda
	if s.Phase != PhaseAgenda || ag == nil || ag.Card == "" || ag.Outcome != "" {
		return nil, engine.Refuse("8.2", "votes are cast only during the agenda phase, on a revealed agenda")
	}
	if ag.Window != "" {
		return nil, engine.Refuse("1.20", "the %q window comes before the votes; seat %d answers next", ag.Window, ag.WindowQueue[0])
	}
	if ag.Voting && len(ag.Voters) > 0 && ag.Voters[0] == a.Seat {
		return nil, engine.Refuse("8.7", "all of a player's votes go to the one outcome already chosen")
	}
	if len(ag.Voters) == 0 || ag.Voters[0] != a.Seat {
		if s.factionHas(a.Seat, hookNoVote) {
			return nil, engine.Refuse("8.16", "%s's faction casts no votes", s.Players[a.Seat])
		}
		if !s.permits(a.Seat, PermitVoteAlways) && (slices.Contains(ag.Barred, a.Seat) || slices.Contains(ag.Silenced, a.Seat)) {
			return nil, engine.Refuse("8.16", "%s may not vote in this agenda phase", s.Players[a.Seat])
		}
		return nil, engine.Refuse("8.2", "players vote in turn from the speaker's left; it is not your turn to vote")
	}
	if a.Kind == ActAbstain {
		return s.extend(s.emit(Event{Kind: EvBallotClosed, Seat: a.Seat}), unbound(s, a.Seat, "", 0)...), nil
	}
	if !slices.Contains(s.Outcomes(ag.Subject), a.Outcome) {
		return nil, engine.Refuse(electRule(ag.Subject), "%q is not an outcome of this agenda; choose one of %v", a.Outcome, s.Outcomes(ag.Subject))
	}
	ev := s.emit(Event{Kind: EvBallotOpened, Seat: a.Seat, Extra: &Extra{Outcome: a.Outcome}})
	if s.lawSays(LawOneVoteEach) {
		// Each player casts exactly one vote, without exhausting planets.
		ev = s.extend(ev, Event{Kind: EvVotesCast, Seat: a.Seat, Count: 1}, Event{Kind: EvBallotClosed, Seat: a.Seat})
		return s.extend(ev, unbound(s, a.Seat, a.Outcome, 1)...), nil
	}
	n := s.bonus(a.Seat, hookVotes) + s.bonus(a.Seat, hookVotesPerPlayer)*len(s.Active())
	for _, r := range ag.Riders {
		if r.Seat == a.Seat {
			n += r.Votes // added with a prediction of theirs (Odlynn Myrr)
		}
	}
	if n > 0 { // votes its abilities add
		ev = s.extend(ev, Event{Kind: EvVotesCast, Seat: a.Seat, Count: n})
	}
	return ev, nil
}

func electRule(id string) string {
	switch a, _ := agendaCard(id); a.Elect {
	case "for_against":
		return "8.8"
	case "player", "strategy_card", "law", "secret_objective":
		return "8.9"
	}
	return "8.11"
}

// inBallot checks that seat has a ballot open.
func inBallot(s *State, seat int) bool {
	ag := s.Agenda
	return s.Phase == PhaseAgenda && ag != nil && ag.Voting && len(ag.Voters) > 0 && ag.Voters[0] == seat && s.Step == nil
}

// Exhausting a planet for its full influence in votes (8.6, 8.6a, 8.13).
func decideVotePlanet(s *State, a Action) ([]Event, error) {
	pl, _, err := findPlanet(s, a.Planet)
	if err != nil {
		return nil, err
	}
	if pl.Controller != a.Seat {
		return nil, engine.Refuse("8.6", "%s is not yours to exhaust", pl.Name)
	}
	if pl.Exhausted {
		return nil, engine.Refuse("8.6", "%s is already exhausted", pl.Name)
	}
	if s.lawSays(LawOneVoteEach) {
		return nil, engine.Refuse("7.3", "under Representative Government each player casts one vote and exhausts no planets")
	}
	return s.emit(Event{Kind: EvPlanetExhausted, Seat: a.Seat, Planet: pl.Name}, Event{Kind: EvVotesCast, Seat: a.Seat, Planet: pl.Name, Count: s.votesFrom(a.Seat, pl) + s.bonus(a.Seat, hookPlanetVotes)}), nil
}

// Trade goods buy votes only through an ability that says so (Gila the
// Silvertongue: 2 each); otherwise 8.13.
func decideVoteTradeGoods(s *State, a Action) ([]Event, error) {
	per := s.bonus(a.Seat, hookVotesPerTG)
	if per == 0 {
		return nil, engine.Refuse("8.13", "votes come from planets; trade goods buy none")
	}
	if s.lawSays(LawOneVoteEach) {
		return nil, engine.Refuse("7.3", "under Representative Government each player casts one vote")
	}
	if a.Count < 1 || a.Count > s.Players[a.Seat].TradeGoods {
		return nil, engine.BadInput("count", "spend 1 to %d trade goods", s.Players[a.Seat].TradeGoods)
	}
	return s.emit(Event{Kind: EvTradeGoods, Seat: a.Seat, Count: -a.Count}, Event{Kind: EvVotesCast, Seat: a.Seat, Count: per * a.Count}), nil
}

func hookVotesPerTG(a *Ability) int     { return a.VotesPerTG }
func hookVotesPerPlayer(a *Ability) int { return a.VotesPerPlayer }

func decideBreakTie(s *State, a Action) ([]Event, error) {
	ag := s.Agenda
	if s.Phase != PhaseAgenda || ag == nil || ag.Tied == nil {
		return nil, engine.Refuse("8.19", "the speaker decides an outcome only when the votes are tied")
	}
	if a.Seat != s.Speaker {
		return nil, engine.Refuse("8.19", "the speaker decides between tied outcomes")
	}
	if !slices.Contains(ag.Tied, a.Outcome) {
		return nil, engine.Refuse("8.19", "%q is not one of the tied outcomes %v", a.Outcome, ag.Tied)
	}
	return s.emit(Event{Kind: EvAgendaOutcome, Card: ag.Subject, Extra: &Extra{Outcome: a.Outcome}}), nil
}

func applyAgenda(s *State, e *Event) bool {
	ag := s.Agenda
	switch e.Kind {
	case EvAgendaShuffled:
		s.Decks.Agendas, s.Decks.AgendaDiscard = slices.Clone(e.extra().NewDeck), []string{}
	case EvAgendaSkipped:
		s.Decks.Agendas = s.Decks.Agendas[1:]
		s.Decks.AgendaDiscard = append(s.Decks.AgendaDiscard, e.Card)
	case EvAgendaRevealed:
		s.Decks.Agendas = s.Decks.Agendas[1:]
		ag.Card, ag.Subject = e.Card, e.Card
		if e.extra().Outcome != "" {
			ag.Subject, ag.Hidden = e.extra().Outcome, true
			s.Decks.Agendas = s.Decks.Agendas[1:]
		}
		ag.Voters = s.voters()
		ag.Window, ag.WindowQueue = "when", windowOrder(s)
	case EvVoteBound:
		ag.Bound = append(slices.Clone(ag.Bound), Ballot{Seat: e.Seat, Outcome: e.extra().Outcome})
	case EvBallotOpened:
		ag.Ballots = append(ag.Ballots, Ballot{Seat: e.Seat, Outcome: e.extra().Outcome})
		ag.Voting = true
	case EvVotesCast:
		ag.Ballots[len(ag.Ballots)-1].Votes += e.Count
	case EvBallotClosed:
		if !ag.Voting {
			ag.Ballots = append(ag.Ballots, Ballot{Seat: e.Seat})
		}
		ag.Voting = false
		ag.Voters = ag.Voters[1:]
		if len(ag.Voters) == 0 { // after the speaker votes: Bribery's window
			ag.Window, ag.WindowQueue = WinSpeakerVoted, windowOrder(s)
		}
	case EvAgendaTied:
		ag.Tied = slices.Clone(e.extra().Cards)
	case EvAgendaOutcome:
		ag.Outcome, ag.Tied = e.extra().Outcome, nil
		ag.Window, ag.WindowQueue, ag.Voters = "", nil, nil // decided without (more) votes
		if e.extra().Outcome == "" {
			ag.Outcome = "none"
		}
	case EvAgendaResolved:
		debateFeat(s, *e)
		placeAgenda(s, *e)
		ag.Resolved = true
		agendaOver(s)
	case EvRevote:
		ag.Subject, ag.Ballots, ag.Outcome, ag.Tied = e.Card, nil, "", nil
		ag.Voters = s.voters()
	case EvReadyQueued:
		ag.ReadyQueued = true
	case EvAgendaStart: // everyone may answer the start of the phase, from the speaker
		ag.Started, ag.Window, ag.WindowQueue = true, "start", windowOrder(s)
	case EvPlotWindow: // before the outcome resolves, those who voted or predicted otherwise answer
		ag.PlotAsked = true
		var q []int
		for _, o := range windowOrder(s) {
			if slices.ContainsFunc(ag.Ballots, func(b Ballot) bool { return b.Seat == o && b.Outcome != "" && b.Outcome != ag.Outcome }) ||
				slices.ContainsFunc(ag.Riders, func(b Ballot) bool { return b.Seat == o && b.Outcome != ag.Outcome }) {
				q = append(q, o)
			}
		}
		if len(q) > 0 {
			ag.Window, ag.WindowQueue = "resolve", q
		}
	case EvPlotted: // Deadly Plot: the agenda is discarded unresolved, and not replaced
		s.Decks.AgendaDiscard = append(s.Decks.AgendaDiscard, ag.Card)
		if ag.Hidden {
			s.Decks.AgendaDiscard = append(s.Decks.AgendaDiscard, ag.Subject)
		}
		ag.Resolved, ag.Window, ag.WindowQueue = true, "", nil
	case EvAgendaDone:
		s.Agenda = &AgendaStep{Number: 2, Barred: ag.Barred, ReadyLimit: ag.ReadyLimit}
	case EvAgendaPhaseDone:
		// 8.4: ready every planet (unless Checks and Balances had each
		// player choose three); then a new round begins.
		for _, sys := range s.Systems {
			for _, pl := range sys.Planets {
				pl.Exhausted = pl.Exhausted && ag != nil && ag.ReadyLimit
			}
		}
		s.Agenda = nil
		returnAgendaNotes(s)
		for _, p := range s.Players {
			p.Feats = nil // the agenda phase's deeds (Drive the Debate) end with it
		}
		beginRound(s)
	default:
		return false
	}
	return true
}

// placeAgenda puts the resolved agenda where it goes: laws that passed or
// elected stay in play (7.3, 8.20); the rest are discarded (7.6, 7.8, 8.21).
func placeAgenda(s *State, e Event) {
	ag := s.Agenda
	a, _ := agendaCard(ag.Subject)
	stays := a.Type == "law" && e.extra().Outcome != Against && e.extra().Outcome != "none"
	switch {
	case revotes(ag.Card) && ag.Subject != ag.Card:
		// The named law was already in play: it stays, elected anew, or goes.
		s.Decks.AgendaDiscard = append(s.Decks.AgendaDiscard, ag.Card)
		l := s.Law(ag.Subject)
		if !stays {
			discardLaw(s, ag.Subject)
		} else if l != nil && a.Elect != "for_against" {
			lawLeaves(s, *l)
			*l = newLaw(a, e.extra().Outcome)
		}
		return
	case ag.Card != ag.Subject: // Covert Legislation
		s.Decks.AgendaDiscard = append(s.Decks.AgendaDiscard, ag.Card)
	}
	if !stays {
		s.Decks.AgendaDiscard = append(s.Decks.AgendaDiscard, ag.Subject)
		return
	}
	s.Laws = append(s.Laws, newLaw(a, e.extra().Outcome))
}

func newLaw(a data.Card, outcome string) Law {
	l := Law{Card: a.ID, Owner: None}
	switch a.Elect {
	case "player":
		l.Owner = atoi(outcome)
	case "for_against":
	default:
		l.Elected = outcome
	}
	return l
}

// discardLaw takes a law out of play (7.5).
func discardLaw(s *State, id string) {
	i := slices.IndexFunc(s.Laws, func(l Law) bool { return l.Card == id })
	if i < 0 {
		return
	}
	lawLeaves(s, s.Laws[i])
	s.Laws = slices.Delete(s.Laws, i, i+1)
	s.Decks.AgendaDiscard = append(s.Decks.AgendaDiscard, id)
}

// decideAgendaKinds routes the actions of the agenda phase and of agenda
// choices; ok is false for actions that belong elsewhere.
func decideAgendaKinds(s *State, a Action, rng *engine.RNG) (ev []Event, err error, ok bool) {
	kind := ""
	if s.Step != nil {
		kind = s.Step.Kind
	}
	switch {
	case a.Kind == ActVote || a.Kind == ActAbstain:
		ev, err = decideVote(s, a)
	case a.Kind == ActBreakTie:
		ev, err = decideBreakTie(s, a)
	case a.Kind == ActDestroy:
		ev, err = decideDestroy(s, a)
	case a.Kind == ActPlayAC:
		ev, err = decidePlayAC(s, a, rng)
	case a.Kind == ActPassWindow:
		ev, err = decidePassWindow(s, a)
	case (a.Kind == ActChoosePlanet && kind == StepPlaceDock) || (a.Kind == ActChooseSystem && (kind == StepPlaceShip || kind == StepDiploRider)) || (a.Kind == ActGainTokens && kind == StepGainTokens):
		ev, err = decideRiderChoice(s, a)
	case a.Kind == ActChoosePlanet:
		ev, err = decidePlaceMech(s, a)
	case a.Kind == ActSpendPlanet && inBallot(s, a.Seat):
		ev, err = decideVotePlanet(s, a)
	case a.Kind == ActSpendTG && inBallot(s, a.Seat):
		ev, err = decideVoteTradeGoods(s, a)
	case a.Kind == ActDone && inBallot(s, a.Seat):
		b := s.Agenda.Ballots[len(s.Agenda.Ballots)-1]
		ev = s.extend(s.emit(Event{Kind: EvBallotClosed, Seat: a.Seat}), unbound(s, a.Seat, b.Outcome, b.Votes)...)
	case a.Kind == ActSpendPlanet && kind == StepExhaust:
		ev, err = decideAgendaPlanet(s, a, false)
	case a.Kind == ActReadyPlanet && kind == StepReadyUpTo:
		ev, err = decideAgendaPlanet(s, a, true)
	case a.Kind == ActResearch && kind == StepAgendaTech:
		ev, err = decideAgendaTech(s, a)
	case a.Kind == ActDone && kind == StepDropTokens:
		ev, err = decideDropTokens(s, a)
	case a.Kind == ActDone && (kind == StepAgendaTech || kind == StepReadyUpTo):
		ev, err = decideAgendaDone(s, a)
	case a.Kind == ActGiveNote && kind == StepGiveNote:
		ev, err = decideGiveNote(s, a)
	case a.Kind == ActChoosePlayer && kind == StepPickPlayer:
		ev, err = decidePickFewest(s, a)
	default:
		return nil, nil, false
	}
	return ev, err, true
}

func electsPlayer(id string) bool {
	a, _ := agendaCard(id)
	return a.Elect == "player"
}

// EvVoteBound: Seat, about to vote, is bound to cast a vote for Outcome
// or lose a fleet pool token (AgendaStep.Bound).
const EvVoteBound = "vote_bound"

// BeforeBallot is the moment before a player (the next voter) casts
// their votes.
const BeforeBallot Moment = "before_ballot"

// voterUp is the next voter's, before their ballot opens.
func voterUp(s *State, _ int) bool {
	ag := s.Agenda
	return s.Phase == PhaseAgenda && ag != nil && ag.Card != "" && ag.Window == "" && ag.Outcome == "" && len(ag.Voters) > 0 && !ag.Voting
}

// unbound is what a closed ballot of seat's (outcome, votes) costs them
// when an ability bound them to another outcome and they cast no vote for
// it: a token from their fleet pool, if they have one.
func unbound(s *State, seat int, outcome string, votes int) []Event {
	ag := s.Agenda
	i := slices.IndexFunc(ag.Bound, func(b Ballot) bool { return b.Seat == seat })
	if i < 0 || (ag.Bound[i].Outcome == outcome && votes > 0) {
		return nil
	}
	p := s.Players[seat]
	if p.Fleet == 0 {
		return nil
	}
	return s.emit(Event{Kind: EvTokensSet, Seat: seat, Pools: &Pools{p.Tactic, p.Fleet - 1, p.Strategy}})
}

// mayVote reports that seat may cast votes on the agenda under way (8.16).
func (s *State) mayVote(seat int) bool {
	ag := s.Agenda
	if s.factionHas(seat, hookNoVote) {
		return false
	}
	return s.permits(seat, PermitVoteAlways) || !(slices.Contains(ag.Barred, seat) || slices.Contains(ag.Silenced, seat))
}

// outcomeChoices is an ability's choice of each outcome of the agenda
// under way (outcome).
func outcomeChoices(s *State) []Action {
	var out []Action
	for _, o := range s.Outcomes(s.Agenda.Subject) {
		out = append(out, Action{Outcome: o})
	}
	return out
}
