package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// The Nekro Virus' abilities.
func init() {
	// Galactic Threat: the Nekro cast no votes (8.16); once per agenda
	// phase, after an agenda is revealed and before any vote, they may
	// predict its outcome (8.22); if it resolves so, they gain a
	// technology (not a faction's) of a player who voted for it.
	// Technological Singularity: once per combat, after a unit of the
	// opponent's is destroyed, the Nekro may gain one of that player's
	// technologies (not a faction's; a gain: no prerequisites, 90).
	define(&Ability{ID: "nekro:technological_singularity", Since: RulesPrinted,
		Uses: []*Use{{At: AfterOpponentLoss, OncePerCombat: true, Fields: "outcome", Options: singularityOptions, Resolve: singularity}}})
	define(&Ability{ID: "nekro:galactic_threat", Since: RulesPrinted, NoVote: true, Predicted: threatRewarded,
		Uses: []*Use{{At: BeforeVotes, Fields: "outcome", Options: threatOptions, Resolve: predictThreat}}})
}

func threatOptions(s *State, seat int, _ *Step) []Action {
	ag := s.Agenda
	if s.Players[seat].Predicted == s.Round || ag == nil || ag.Card == "" {
		return nil
	}
	return outcomeChoices(s)
}

func predictThreat(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if s.Players[a.Seat].Predicted == s.Round {
		return nil, engine.Refuse("1.3", "Galactic Threat predicts once per agenda phase")
	}
	if !slices.ContainsFunc(threatOptions(s, a.Seat, st), func(o Action) bool { return o.Outcome == a.Outcome }) {
		return nil, engine.Refuse("8.22", "predict one of this agenda's outcomes: %v", s.Outcomes(s.Agenda.Subject))
	}
	return s.emit(Event{Kind: EvRider, Seat: a.Seat, Card: a.Card, Extra: &Extra{Outcome: a.Outcome}}), nil
}

// othersTechs are the technologies of the players in from, not a
// faction's, that seat lacks, each once.
func (s *State) othersTechs(seat int, from ...int) []string {
	var techs []string
	for _, q := range from {
		for _, id := range s.Players[q].Techs {
			t := data.MustLoad().Technology(id)
			if t != nil && t.Faction == "" && !slices.Contains(techs, id) && !slices.Contains(s.Players[seat].Techs, id) {
				techs = append(techs, id)
			}
		}
	}
	return techs
}

// Antivirus, the Nekro's note: at the start of a combat its holder
// fights, into their play area, where it keeps the Nekro from gaining
// their technologies with Technological Singularity; it goes back when
// they activate a system with the Nekro's units.
func init() {
	defineNote("nekro:antivirus", &promissoryNote{since: RulesFactions, answers: AnswerSpaceStart, moment: combatStart,
		play: antivirus, shields: "nekro:technological_singularity", activated: returnedOnActivation})
}

// combatStart reports seat's window at the start of a space or ground
// combat it fights.
func combatStart(s *State, seat int) bool {
	return answering(AnswerSpaceStart)(s, seat) || groundStart(s, seat)
}

func antivirus(s *State, a Action, _ int) ([]Event, error) {
	if !combatStart(s, a.Seat) {
		return nil, engine.Refuse("69.1", "Antivirus is played at the start of a combat you fight")
	}
	return s.emit(Event{Kind: EvNotePlayed, Seat: a.Seat, Card: a.Card}), nil
}

// Valefar Assimilator X and Y, the Nekro's technologies (they start with
// both): when an ability of the Nekro's would gain them another player's
// technology, they may put a token on one of that player's faction
// technologies instead, whose text the token's card then has (90.16), a
// unit upgrade's unit the Nekro's own (97.1a). With both tokens placed, the
// older moves.
func init() {
	define(&Ability{ID: "valefar_assimilator_x", Since: RulesPrinted, Assimilates: true})
	define(&Ability{ID: "valefar_assimilator_y", Since: RulesPrinted, Assimilates: true})
}

// assimilable are the faction technologies of the players in from that
// seat's assimilators may take, when it has any.
func (s *State) assimilable(seat int, from ...int) []string {
	if s.bonus(seat, hookAssimilates) == 0 {
		return nil
	}
	var out []string
	for _, q := range from {
		for _, id := range s.Players[q].Techs {
			t := data.MustLoad().Technology(id)
			if t != nil && t.Faction != "" && t.Faction != s.Players[seat].Faction && !slices.Contains(s.Players[seat].Assimilated, id) && !slices.Contains(out, id) &&
				(s.rules() < RulesCodex || !givesCardPlanet(id)) { // I.I.H.Q. Modernization takes no assimilator
				out = append(out, id)
			}
		}
	}
	return out
}

// gainOrAssimilate is seat's gain of the technology id of another
// player's: an assimilator token for a faction's, else the technology.
func gainOrAssimilate(seat int, id string) Event {
	if t := data.MustLoad().Technology(id); t != nil && t.Faction != "" {
		return Event{Kind: EvAssimilated, Seat: seat, Card: id}
	}
	return Event{Kind: EvTechGained, Seat: seat, Card: id}
}

func singularityOptions(s *State, seat int, _ *Step) []Action {
	c := s.Combat
	if c == nil || c.Answer == nil || c.Answer.Seat != seat || s.noteShields(c.Answer.Owner, "nekro:technological_singularity") {
		return nil
	}
	var out []Action
	for _, id := range append(s.othersTechs(seat, c.Answer.Owner), s.assimilable(seat, c.Answer.Owner)...) {
		out = append(out, Action{Outcome: id})
	}
	return out
}

func singularity(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(singularityOptions(s, a.Seat, st), func(o Action) bool { return o.Outcome == a.Outcome }) {
		return nil, engine.Refuse("90", "gain a technology your opponent owns that you lack, not a faction's: outcome names it")
	}
	n := s.Combat.clone()
	n.Answer = nil
	n.markUsed(a.Seat, a.Card)
	return s.emit(newCombat(n, nil), gainOrAssimilate(a.Seat, a.Outcome)), nil
}

// threatRewarded: the technologies, not a faction's, of the players who
// voted for the outcome predicted, that the Nekro lack; one of them is
// gained (a gain: no prerequisites, 90).
func threatRewarded(s *State, r Ballot, ag *AgendaStep) []Event {
	var voters []int
	for _, b := range ag.Ballots {
		if b.Outcome == r.Outcome && b.Seat != r.Seat {
			voters = append(voters, b.Seat)
		}
	}
	techs := append(s.othersTechs(r.Seat, voters...), s.assimilable(r.Seat, voters...)...)
	if len(techs) == 0 {
		return nil
	}
	return s.emit(queue(Step{Kind: StepAgendaTech, Seat: r.Seat, Card: r.Card, Need: 1, Free: true, Optional: true, Cards: techs}))
}

// Propagation: the Nekro research no technology; each time they would, they
// gain 3 command tokens instead, the research's cost paid as for any
// research (90). Gaining a technology (Galactic Threat, Technological
// Singularity) is not research.
func init() {
	define(&Ability{ID: "nekro:propagation", Since: RulesPrinted, ResearchTokens: 3})
}

// The Alastor, the Nekro flagship: at the start of a space combat in its
// system, the Nekro choose ground forces of theirs in its space area to
// fight in it as if they were ships: they roll, take hits and keep the
// combat going (Combat.AsShips). One use a unit type (unit, count); the
// window stays open for the other type until the Nekro pass.
func init() {
	define(&Ability{ID: "the_alastor", Since: RulesPrinted, GroundAsShips: true,
		Uses: []*Use{{At: AtSpaceStart, Fields: "unit count", Options: alastorOptions, Resolve: theAlastor}}})
}

// alastorFree is how many of seat's ground forces of type u in the
// combat's space area may yet join it, the flagship being there.
func alastorFree(s *State, seat int, u string) int {
	c := s.Combat
	if c == nil || c.Kind != "space" || !isGroundForce(u) {
		return 0
	}
	space := s.System(c.System).Space
	if count(space, seat, "flagship") == 0 || count(c.x().AsShips, seat, u) > 0 {
		return 0
	}
	return count(space, seat, u)
}

func alastorOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, u := range []string{"infantry", "mech"} {
		for k := 1; k <= alastorFree(s, seat, u); k++ {
			out = append(out, Action{Unit: u, Count: k})
		}
	}
	return out
}

func theAlastor(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	free := alastorFree(s, a.Seat, a.Unit)
	if free == 0 {
		return nil, engine.Refuse("78.2", "The Alastor takes infantry or mechs of yours in its space area into the combat, each type once")
	}
	if a.Count < 1 || a.Count > free {
		return nil, engine.Refuse("78.2", "choose 1 to %d %s", free, a.Unit)
	}
	n := s.Combat.clone()
	e := n.own()
	e.AsShips = add(slices.Clone(e.AsShips), a.Seat, a.Unit, a.Count)
	return s.emit(newCombat(n, nil)), nil
}

// Mordred, the Nekro mech (55): +2 on its combat rolls in a combat against
// a player on one of whose technologies the Nekro have an assimilator
// token.
func init() {
	define(&Ability{ID: "mordred", Since: RulesMechs, ModVs: func(s *State, seat, opp int) int {
		if opp < 0 {
			return 0
		}
		for _, id := range s.Players[seat].Assimilated {
			if t := data.MustLoad().Technology(id); t != nil && t.Faction == s.Players[opp].Faction {
				return 2
			}
		}
		return 0
	}})
}

// The Nekro Virus's leaders from rules version 6.
func init() {
	// UNIT.DSGN.FLAYESH, hero: as an action, on a planet with a technology
	// specialty in a system with Nekro units, every other player's unit
	// is destroyed, the Nekro gain trade goods equal to its resources and
	// influence, and a technology of the specialty's colour (outcome: a
	// generic one or their own faction's, gained, not researched: 90);
	// purged (51.12).
	define(&Ability{ID: "nekro:unit_dsgn_flayesh", Since: RulesMechs,
		Uses: []*Use{{At: AtAction, Fields: "planet outcome", Options: flayeshOptions, Resolve: flayesh}}})
}

func flayeshOptions(s *State, seat int, _ *Step) []Action {
	var out []Action
	for _, sys := range s.Systems {
		if s.unitsIn(sys.Pos, seat) == 0 {
			continue
		}
		for _, pl := range sys.Planets {
			if color := planetInfo(pl).Tech; color != "" {
				for _, t := range data.MustLoad().Technologies {
					if flayeshTech(s, seat, t, color) {
						out = append(out, Action{Planet: pl.Name, Outcome: t.ID})
					}
				}
			}
		}
	}
	return out
}

// flayeshTech reports a technology of color seat may gain by it.
func flayeshTech(s *State, seat int, t *data.Technology, color string) bool {
	return t.Color == color && (t.Faction == "" || t.Faction == s.Players[seat].Faction) && !s.Players[seat].HasTech(t.ID)
}

func flayesh(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	if !slices.ContainsFunc(flayeshOptions(s, a.Seat, st), func(o Action) bool { return o.Planet == a.Planet && o.Outcome == a.Outcome }) {
		return nil, engine.Refuse("51.10", "a planet with a technology specialty in a system with your units, and a technology of its colour you do not own (outcome)")
	}
	pl, sys := s.Planet(a.Planet)
	var ev []Event
	for _, u := range pl.Units {
		if u.Owner != a.Seat {
			ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: u.Owner, System: sys.Pos, Planet: pl.Name, Unit: u.Unit, Count: u.Count})
		}
	}
	info := planetInfo(pl)
	ev = append(ev, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: info.Resources + info.Influence},
		Event{Kind: EvTechGained, Seat: a.Seat, Card: a.Outcome}, purgeHero(a.Seat))
	return s.emit(ev...), nil
}

// Nekro Acidos, the Nekro's commander: after they gain a technology, they
// may draw an action card.
func init() {
	define(&Ability{ID: "nekro:nekro_acidos", Since: RulesPoK,
		Uses: []*Use{{At: AfterTechGained, Options: one(Action{}), Resolve: func(s *State, a Action, _ *Step, rng *engine.RNG) ([]Event, error) {
			return drawActionCards(s, a.Seat, 1, rng), nil
		}}}})
}

// Nekro Malleon, the Nekro agent: in the action phase, exhausted, a
// player chosen (player) may discard an action card (outcome: the card)
// or spend a command token from their sheet (pools: the one pool with 1)
// for 2 trade goods: they answer in a window of theirs (TargetAnswers).
func init() {
	define(&Ability{ID: "nekro:nekro_malleon", Since: RulesPoK, Uses: []*Use{
		{At: DuringActionPhase, Exhaust: true, Fields: "player", Options: malleonOptions, Resolve: nekroMalleon},
		{At: TargetAnswers, Fields: "outcome pools", Options: malleonAnswers, Resolve: malleonAnswer},
	}})
}

// malleonTG are the trade goods the chosen player gains.
const malleonTG = 2

func malleonOptions(s *State, _ int, _ *Step) []Action {
	var out []Action
	for _, q := range s.Active() {
		if p := s.Players[q]; len(p.ActionCards) > 0 || p.Tactic+p.Fleet+p.Strategy > 0 {
			out = append(out, Action{}.forPlayer(q))
		}
	}
	return out
}

func nekroMalleon(s *State, a Action, st *Step, _ *engine.RNG) ([]Event, error) {
	q := a.extra().Player
	if q == nil || !slices.ContainsFunc(malleonOptions(s, a.Seat, st), func(o Action) bool { return *o.extra().Player == *q }) {
		return nil, engine.Refuse("51.4", "Nekro Malleon chooses a player in the game with an action card or a command token on their sheet (player)")
	}
	return s.emit(askTarget(a.Seat, *q, a.Card)), nil
}

// malleonPools are the one-token spends from seat's command sheet.
func malleonPools(p *Player) []Pools {
	var out []Pools
	for _, d := range []Pools{{Tactic: 1}, {Fleet: 1}, {Strategy: 1}} {
		if p.Tactic >= d.Tactic && p.Fleet >= d.Fleet && p.Strategy >= d.Strategy {
			out = append(out, d)
		}
	}
	return out
}

func malleonAnswers(s *State, seat int, _ *Step) []Action {
	p := s.Players[seat]
	var out []Action
	for i, c := range p.ActionCards {
		if !slices.Contains(p.ActionCards[:i], c) {
			out = append(out, Action{Outcome: c})
		}
	}
	for _, d := range malleonPools(p) {
		out = append(out, Action{Pools: &d})
	}
	return out
}

func malleonAnswer(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	gain := Event{Kind: EvTradeGoods, Seat: a.Seat, Count: malleonTG}
	switch {
	case a.Pools == nil && a.Outcome != "" && slices.Contains(p.ActionCards, a.Outcome):
		return s.emit(Event{Kind: EvACDiscarded, Seat: a.Seat, Card: a.Outcome}, gain), nil
	case a.Outcome == "" && a.Pools != nil && slices.Contains(malleonPools(p), *a.Pools):
		after := Pools{p.Tactic - a.Pools.Tactic, p.Fleet - a.Pools.Fleet, p.Strategy - a.Pools.Strategy}
		return s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &after}, gain), nil
	}
	return nil, engine.Refuse("51.4", "discard an action card of yours (outcome) or spend one command token from your sheet (pools: one pool at 1)")
}
