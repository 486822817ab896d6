package ti4

import (
	"slices"
	"strconv"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Playing action cards (LRR 2.7, 2.8). A card is played in its window:
// "Action" cards as the player's action on their turn (3.1), agenda cards
// in the agenda phase's "when" and "after" windows (1.15, 1.16, 1.20) or
// in the player's own ballot. The card is discarded once resolved (2.7).

// Action-card kinds.
const (
	ActPlayAC        = "play_action_card" // card; system, planet, player, unit or outcome as the card needs
	ActPassWindow    = "pass_window"      // nothing to play in this "when" or "after" window
	EvACPlayed       = "action_card_played"
	EvACTaken        = "action_card_taken" // Spy: from Owner's hand to Seat's
	EvWindowPass     = "window_passed"
	EvAgendaStart    = "agenda_phase_started"
	EvPlotWindow     = "agenda_resolution_window"
	EvPlotted        = "agenda_discarded_unresolved"
	EvWindowPlay     = "window_played" // a card played in a window: everyone may answer
	EvVetoed         = "agenda_vetoed"
	EvRider          = "rider_placed"
	EvElectedWin     = "elected_window"  // the elected player may answer (Confusing Legal Text)
	EvBribe          = "votes_bought"    // Bribery: votes added to the player\'s ballot
	EvElectedInstead = "elected_instead" // another player is the elected player
	EvPressed        = "note_demanded"   // Diplomatic Pressure: Seat made Owner give a note, from rules version 13
)

// WinSpeakerVoted is the agenda window that opens once the speaker has
// voted (Bribery's); the stored value is kept from before.
const WinSpeakerVoted = "bribery"

// actionCard is one action card's definition, found by its id (2.7).
type actionCard struct {
	action  bool  // played as its player's action, on their turn, which it ends (3.1)
	cancels bool  // cancels the card its window answers, and is not itself answered (Sabotage)
	offer   offer // the plays Legal proposes; nil when the window the card answers proposes it
	// play is what the card does once its discard is emitted: its events,
	// or the rule the play breaks.
	play func(s *State, a Action, rng *engine.RNG) ([]Event, error)
}

// actionCards holds every action card's definition, by id.
var actionCards = engine.Defs[*actionCard]{}

// defineCard adds a card's definition; an id is defined once.
func defineCard(id string, c *actionCard) { actionCards.Define("action card", id, c) }

func init() {
	for id, c := range baseActionCards {
		defineCard(id, c)
	}
}

// baseActionCards are the base game's cards played as an action (3.1).
var baseActionCards = map[string]*actionCard{
	"economic_initiative": {action: true, offer: plainPlay, play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		var ev []Event
		s.controlled(a.Seat, func(pl *Planet, _ *System, i *data.Planet) bool {
			if i.HasTrait("cultural") && pl.Exhausted {
				ev = s.extend(ev, Event{Kind: EvPlanetReadied, Seat: a.Seat, Planet: pl.Name})
			}
			return false
		})
		return ev, nil
	}},
	"industrial_initiative": {action: true, offer: plainPlay, play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		n := s.traitCount(a.Seat, "industrial")
		return s.emit(Event{Kind: EvTradeGoods, Seat: a.Seat, Count: n}), nil
	}},
	"mining_initiative": {action: true, offer: onPlanets(ownedBy), play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		pl, _, err := ownPlanet(s, a)
		if err != nil {
			return nil, err
		}
		return s.emit(Event{Kind: EvTradeGoods, Seat: a.Seat, Count: planetInfo(pl).Resources}), nil
	}},
	"frontline_deployment": {action: true, offer: onPlanets(ownedBy), play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		pl, sys, err := ownPlanet(s, a)
		if err != nil {
			return nil, err
		}
		if unitsBarred(pl) {
			return nil, unitsBarredErr(pl)
		}
		return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 3}), nil
	}},
	"rise_of_a_messiah": {action: true, offer: plainPlay, play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		var ev []Event
		s.controlled(a.Seat, func(pl *Planet, sys *System, _ *data.Planet) bool {
			if unitsBarred(pl) {
				return false
			}
			ev = s.extend(ev, Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: 1})
			return false
		})
		return ev, nil
	}},
	"war_effort": {action: true, offer: onSystems(withShips), play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		sys, _, err := where(s, a.System, "", "system")
		if err != nil {
			return nil, err
		}
		if !hasShips(sys, a.Seat) {
			return nil, engine.Refuse("2.7", "War Effort places a cruiser where you have ships")
		}
		if s.Reinforcements(a.Seat, "cruiser") == 0 {
			return nil, engine.Refuse("67.5", "no cruiser in reinforcements")
		}
		return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Unit: "cruiser", Count: 1}), nil
	}},
	"repeal_law": {action: true, offer: lawsInPlay, play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		if s.Law(a.Outcome) == nil {
			return nil, engine.Refuse("2.7", "Repeal Law names a law in play; %q is not", a.Outcome)
		}
		return s.emit(Event{Kind: EvLawDiscarded, Card: a.Outcome}), nil
	}},
	"insubordination": {action: true, offer: toOthers, play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		q, err := otherPlayer(s, a)
		if err != nil {
			return nil, err
		}
		p := s.Players[q]
		if p.Tactic == 0 {
			return nil, engine.Refuse("2.7", "%s has no token in the tactic pool", p)
		}
		return s.emit(Event{Kind: EvTokensSet, Seat: q, Pools: &Pools{p.Tactic - 1, p.Fleet, p.Strategy}}), nil
	}},
	"lucky_shot": {action: true, offer: luckyShotTargets, play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		sys, _, err := where(s, a.System, "", "system")
		if err != nil {
			return nil, err
		}
		q, err := otherPlayer(s, a)
		if err != nil {
			return nil, err
		}
		mine := slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return pl.Controller == a.Seat })
		if !mine || (a.Unit != "dreadnought" && a.Unit != "cruiser" && a.Unit != "destroyer") || count(sys.Space, q, a.Unit) == 0 {
			return nil, engine.Refuse("2.7", "Lucky Shot destroys a dreadnought, cruiser or destroyer in a system with a planet you control")
		}
		return s.emit(Event{Kind: EvUnitsRemoved, Seat: q, System: sys.Pos, Unit: a.Unit, Count: 1}), nil
	}},
	"cripple_defenses": {action: true, offer: onPlanets(withPDS), play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		pl, sys, err := findPlanet(s, a.Planet)
		if err != nil {
			return nil, err
		}
		var ev []Event
		for _, st := range pl.Units {
			if st.Unit == "pds" {
				ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Planet: pl.Name, Unit: "pds", Count: st.Count})
			}
		}
		return ev, nil
	}},
	"reactor_meltdown": {action: true, offer: meltdownTargets, play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		sys, pl, err := where(s, a.System, a.Planet, "system")
		if err != nil {
			return nil, err
		}
		stacks := sys.Space
		if pl != nil {
			stacks = pl.Units
		}
		i := slices.IndexFunc(stacks, func(st Stack) bool { return st.Unit == "space_dock" })
		if s.IsHomeSystem(sys.Pos) || i < 0 {
			return nil, engine.Refuse("2.7", "Reactor Meltdown destroys a space dock outside home systems")
		}
		return s.emit(Event{Kind: EvUnitsRemoved, Seat: stacks[i].Owner, System: sys.Pos, Planet: a.Planet, Unit: "space_dock", Count: 1}), nil
	}},
	"unstable_planet": {action: true, offer: onPlanets(hazardous), play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		pl, sys, err := findPlanet(s, a.Planet)
		if err != nil {
			return nil, err
		}
		if !planetInfo(pl).HasTrait("hazardous") {
			return nil, engine.Refuse("2.7", "Unstable Planet chooses a hazardous planet")
		}
		var ev []Event
		if pl.Controller != None && !pl.Exhausted {
			ev = s.extend(ev, Event{Kind: EvPlanetExhausted, Seat: pl.Controller, Planet: pl.Name})
		}
		left := 3
		for _, st := range pl.Units {
			if st.Unit == "infantry" && left > 0 {
				k := min(left, st.Count)
				left -= k
				ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: k})
			}
		}
		return ev, nil
	}},
	"uprising": {action: true, offer: onPlanets(othersPlanet), play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		pl, sys, err := findPlanet(s, a.Planet)
		if err != nil {
			return nil, err
		}
		if pl.Controller == None || pl.Controller == a.Seat || s.IsHomeSystem(sys.Pos) || pl.Exhausted {
			return nil, engine.Refuse("2.7", "Uprising exhausts a readied non-home planet another player controls")
		}
		return s.emit(Event{Kind: EvPlanetExhausted, Seat: pl.Controller, Planet: pl.Name}, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: planetInfo(pl).Resources}), nil
	}},
	"unexpected_action": {action: true, offer: onSystems(withToken), play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		sys, _, err := where(s, a.System, "", "system")
		if err != nil {
			return nil, err
		}
		if !slices.Contains(sys.Command, a.Seat) {
			return nil, engine.Refuse("2.7", "you have no command token in that system")
		}
		return s.emit(Event{Kind: EvCommandToken, Seat: a.Seat, System: sys.Pos, Count: -1}), nil
	}},
	"ghost_ship": {action: true, offer: onSystems(withWormhole), play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		sys, _, err := where(s, a.System, "", "system")
		if err != nil {
			return nil, err
		}
		if s.IsHomeSystem(sys.Pos) || !s.hasWormhole(sys.Pos) || hasOthersShips(sys, a.Seat) || s.Reinforcements(a.Seat, "destroyer") == 0 {
			return nil, engine.Refuse("2.7", "Ghost Ship places a destroyer in a non-home wormhole system without other players' ships")
		}
		return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Unit: "destroyer", Count: 1}), nil
	}},
	"signal_jamming": {action: true, offer: jammingTargets, play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		sys, _, err := where(s, a.System, "", "system")
		if err != nil {
			return nil, err
		}
		q, err := otherPlayer(s, a)
		if err != nil {
			return nil, err
		}
		if s.IsHomeSystem(sys.Pos) || !s.shipsInOrNextTo(a.Seat, sys.Pos) || slices.Contains(sys.Command, q) || s.tokensToPlace(q) == 0 {
			return nil, engine.Refuse("2.7", "Signal Jamming puts another player's token in a non-home system in or next to your ships")
		}
		return s.effectToken(q, sys.Pos, 0), nil
	}},
	"spy": {action: true, offer: toOthers, play: func(s *State, a Action, rng *engine.RNG) ([]Event, error) {
		q, err := otherPlayer(s, a)
		if err != nil {
			return nil, err
		}
		h := s.Players[q].ActionCards
		if len(h) == 0 {
			return nil, engine.Refuse("2.7", "%s has no action cards", s.Players[q])
		}
		return s.emit(Event{Kind: EvACTaken, Seat: a.Seat, Owner: q, Card: h[rng.IntN(len(h))]}), nil
	}},
	"tactical_bombardment": {action: true, offer: onSystems(withShips), play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		sys, _, err := where(s, a.System, "", "system")
		if err != nil {
			return nil, err
		}
		bombards := slices.ContainsFunc(sys.Space, func(st Stack) bool {
			p := profile(s, a.Seat, st.Unit)
			return st.Owner == a.Seat && p.Bombard.Dice > 0
		})
		if !bombards {
			return nil, engine.Refuse("2.7", "Tactical Bombardment needs your units with Bombardment in the system")
		}
		var ev []Event
		for _, pl := range sys.Planets {
			if pl.Controller != None && pl.Controller != a.Seat && !pl.Exhausted {
				ev = s.extend(ev, Event{Kind: EvPlanetExhausted, Seat: pl.Controller, Planet: pl.Name})
			}
		}
		return ev, nil
	}},
	"plague": {action: true, offer: onPlanets(othersPlanet), play: func(s *State, a Action, rng *engine.RNG) ([]Event, error) {
		pl, sys, err := findPlanet(s, a.Planet)
		if err != nil {
			return nil, err
		}
		if pl.Controller == None || pl.Controller == a.Seat {
			return nil, engine.Refuse("2.7", "Plague chooses a planet another player controls")
		}
		n := count(pl.Units, pl.Controller, "infantry")
		var rolls []int
		hits := 0
		for range n {
			r := rng.Die()
			rolls = append(rolls, r)
			if r >= 6 {
				hits++
			}
		}
		ev := s.emit(Event{Kind: EvDice, Seat: a.Seat, Card: "plague", Rolls: rolls})
		if hits > 0 {
			ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: pl.Controller, System: sys.Pos, Planet: pl.Name, Unit: "infantry", Count: hits})
		}
		return ev, nil
	}},
	"focused_research": {action: true, offer: researchTargets, play: func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		if s.Players[a.Seat].TradeGoods < 4 {
			return nil, engine.Refuse("2.7", "Focused Research costs 4 trade goods")
		}
		t, err := checkResearch(s, a.Seat, a.Outcome, nil)
		if err != nil {
			return nil, err
		}
		ev := s.emit(Event{Kind: EvTradeGoods, Seat: a.Seat, Count: -4}, Event{Kind: EvTechGained, Seat: a.Seat, Card: t.ID})
		return s.extend(ev, afterResearch(s, a.Seat)...), nil
	}},
}

// ownPlanet is the action's planet, which the player must control.
func ownPlanet(s *State, a Action) (*Planet, *System, error) {
	pl, sys, err := findPlanet(s, a.Planet)
	if err != nil {
		return nil, nil, err
	}
	if pl.Controller != a.Seat {
		return nil, nil, engine.Refuse("2.7", "%s is not a planet you control", pl.Name)
	}
	return pl, sys, nil
}

// otherPlayer is the action's player, who must be another player in the game.
func otherPlayer(s *State, a Action) (int, error) {
	q, err := inGame(s, a)
	if err == nil && q == a.Seat {
		err = engine.Refuse("2.7", "choose another player still in the game")
	}
	if err != nil {
		return None, err
	}
	return q, nil
}

// riders reward a correct prediction (8.22).
var riders = []string{"construction_rider", "diplomacy_rider", "imperial_rider", "leadership_rider",
	"politics_rider", "technology_rider", "trade_rider", "warfare_rider"}

func decidePlayAC(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	if !slices.Contains(p.ActionCards, a.Card) {
		return nil, engine.BadInput("card", "%q is not in your hand", a.Card)
	}
	if law := s.lawGives(a.Seat, LawNoActionCards); law != "" {
		return nil, engine.Refuse("7.3", "%s: its owner cannot play action cards", law)
	}
	if s.silencedBySecret(a.Seat) {
		return nil, engine.Refuse("69.1", "a note of yours played against you holds back your action cards until this agenda is resolved")
	}
	if q := s.Turn; s.Phase == PhaseAction && q != a.Seat && q >= 0 && q < len(s.Players) && p.Passed && s.permits(q, PermitPassedSilent) {
		return nil, engine.Refuse("3.3", "in the turn of seat %d a player who has passed plays no action card (Transparasteel Plating)", q)
	}
	if d := actionCards[a.Card]; d != nil && d.cancels {
		return decideSabotage(s, a)
	}
	trial := *rng // the effects are worked out again when the card resolves
	ev, err := resolveAC(s, a, &trial)
	if err != nil {
		return nil, err
	}
	if len(sabotageOrder(s, a.Seat)) == 0 {
		return ev, nil
	}
	act := a
	return s.emit(Event{Kind: EvACPending, Seat: a.Seat, Card: a.Card, Extra: &Extra{Act: &act}}), nil
}

// resolveAC is what playing a card does, the card's discard first (2.7).
func resolveAC(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	played := Event{Kind: EvACPlayed, Seat: a.Seat, Card: a.Card}
	d := actionCards[a.Card]
	if d == nil || d.play == nil {
		return nil, engine.Refuse("2.7", "%s cannot be played by the engine yet", a.Card)
	}
	if d.action {
		if err := checkTurn(s, a.Seat); err != nil {
			return nil, err
		}
	}
	ev, err := d.play(s, a, rng)
	if err != nil {
		return nil, err
	}
	ev = s.extend(s.emit(played), ev...)
	ev = s.extend(ev, s.unlockAfterCard(a.Seat, a.Card)...) // a commander unlocked by a payment after it (51.6)
	if d.action {
		ev = s.extend(ev, s.turnOver(a.Seat, true))
	}
	return ev, nil
}

func init() {
	defineCard("confusing_legal_text", &actionCard{offer: inWindow("elected", toAnyone), play: confusingLegalText})
	defineCard("confounding_legal_text", &actionCard{offer: inWindow("elected", plainPlay), play: confoundingLegalText})
	defineCard("bribery", &actionCard{offer: inWindow(WinSpeakerVoted, briberyOffer), play: bribery})
	defineCard("distinguished_councilor", &actionCard{offer: at(inBallot), play: distinguishedCouncilor})
	defineCard("veto", &actionCard{offer: inWindow("when", plainPlay), play: agendaWindowPlay("when", veto)})
	defineCard("diplomatic_pressure", &actionCard{offer: inWindow("when", pressureTargets), play: agendaWindowPlay("when", diplomaticPressure)})
	defineCard("ancient_burial_sites", &actionCard{offer: inWindow("start", toAnyone), play: agendaWindowPlay("start", ancientBurialSites)})
	defineCard("deadly_plot", &actionCard{offer: inWindow("resolve", plainPlay), play: agendaWindowPlay("resolve", deadlyPlot)})
	defineCard("assassinate_representative", &actionCard{offer: inWindow("after", toAnyone), play: agendaWindowPlay("after", assassinate)})
	for _, r := range riders {
		defineCard(r, &actionCard{offer: inWindow("after", outcomesOffer), play: agendaWindowPlay("after", rider)})
	}
	defineCard("summit", &actionCard{offer: summitOffer, play: summit})
	defineCard("manipulate_investments", &actionCard{offer: at(beforePicking), play: manipulateInvestments})
	defineCard("political_stability", &actionCard{offer: at(inStatusPhase), play: politicalStability})
}

// inWindow offers a card while the agenda window named is open.
func inWindow(window string, o offer) offer {
	return func(s *State, seat int, c string, add func(Action)) {
		if ag := s.Agenda; ag != nil && ag.Window == window {
			o(s, seat, c, add)
		}
	}
}

// electedWindow checks the "elected" window asks a.Seat.
func electedWindow(ag *AgendaStep, a Action) bool {
	return ag != nil && ag.Window == "elected" && len(ag.WindowQueue) > 0 && ag.WindowQueue[0] == a.Seat
}

// Confusing Legal Text: when you are elected, another player is elected
// instead.
func confusingLegalText(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	ag := s.Agenda
	if !electedWindow(ag, a) || ag.Outcome != strconv.Itoa(a.Seat) {
		return nil, engine.Refuse("1.15", "Confusing Legal Text is played when you are elected")
	}
	q, err := need(a.extra().Player, "player")
	if err != nil {
		return nil, err
	}
	if !slices.Contains(s.Outcomes(ag.Subject), strconv.Itoa(q)) || q == a.Seat {
		return nil, engine.Refuse("2.7", "choose another player who could be elected")
	}
	return s.emit(Event{Kind: EvElectedInstead, Seat: q, Card: ag.Subject, Extra: &Extra{Outcome: strconv.Itoa(q)}}), nil
}

// Confounding Legal Text: when another player is elected, you are elected
// instead.
func confoundingLegalText(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	ag := s.Agenda
	if !electedWindow(ag, a) || ag.Outcome == strconv.Itoa(a.Seat) {
		return nil, engine.Refuse("1.15", "Confounding Legal Text is played when another player is elected")
	}
	return s.emit(Event{Kind: EvElectedInstead, Seat: a.Seat, Card: ag.Subject, Extra: &Extra{Outcome: strconv.Itoa(a.Seat)}}), nil
}

// Bribery: after the speaker votes, trade goods spent for as many votes on
// the outcome the player voted for.
func bribery(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	ag := s.Agenda
	if ag == nil || ag.Window != WinSpeakerVoted || len(ag.WindowQueue) == 0 || ag.WindowQueue[0] != a.Seat {
		return nil, engine.Refuse("1.15", "Bribery is played after the speaker votes, in turn from the speaker")
	}
	i := slices.IndexFunc(ag.Ballots, func(b Ballot) bool { return b.Seat == a.Seat && b.Outcome != "" })
	if i < 0 {
		return nil, engine.Refuse("2.7", "Bribery adds votes to the outcome you voted for; you did not vote")
	}
	if a.Count < 1 || a.Count > s.Players[a.Seat].TradeGoods {
		return nil, engine.Refuse("2.7", "spend between 1 and %d trade goods", s.Players[a.Seat].TradeGoods)
	}
	return s.emit(Event{Kind: EvWindowPlay, Seat: a.Seat}, Event{Kind: EvTradeGoods, Seat: a.Seat, Count: -a.Count}, Event{Kind: EvBribe, Seat: a.Seat, Count: a.Count}), nil
}

func briberyOffer(s *State, seat int, c string, add func(Action)) {
	for n := 1; n <= s.Players[seat].TradeGoods; n++ {
		add(Action{Kind: ActPlayAC, Card: c, Count: n})
	}
}

// Distinguished Councilor: five more votes, as the player votes.
func distinguishedCouncilor(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	if !inBallot(s, a.Seat) {
		return nil, engine.Refuse("2.7", "Distinguished Councilor is played as you cast your votes")
	}
	return s.emit(Event{Kind: EvVotesCast, Seat: a.Seat, Count: 5}), nil
}

// agendaWindowPlay plays a card in an agenda window (1.15, 1.16), in turn
// from the speaker (1.20); everyone may answer it (EvWindowPlay).
func agendaWindowPlay(window string, effect func(s *State, a Action, ag *AgendaStep) ([]Event, error)) func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	return func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		ag := s.Agenda
		if s.Phase != PhaseAgenda || ag == nil || ag.Window != window || len(ag.WindowQueue) == 0 {
			return nil, engine.Refuse("1.15", "%s is played in the %q window of an agenda", a.Card, window)
		}
		if ag.WindowQueue[0] != a.Seat {
			return nil, engine.Refuse("1.20", "in the agenda phase abilities are resolved in turn from the speaker; seat %d is next", ag.WindowQueue[0])
		}
		ev, err := effect(s, a, ag)
		if err != nil {
			return nil, err
		}
		return s.extend(s.emit(Event{Kind: EvWindowPlay, Seat: a.Seat}), ev...), nil
	}
}

func veto(s *State, _ Action, ag *AgendaStep) ([]Event, error) {
	return s.emit(Event{Kind: EvVetoed, Card: ag.Card}), nil
}

// Deadly Plot: the agenda goes, unresolved; then all your planets are
// exhausted.
func deadlyPlot(s *State, a Action, ag *AgendaStep) ([]Event, error) {
	ev := s.emit(Event{Kind: EvPlotted, Seat: a.Seat, Card: ag.Card})
	return s.extend(ev, exhaustPlanets(s, a.Seat, "")...), nil
}

// exhaustPlanets exhausts seat's readied planets of a trait ("": all).
func exhaustPlanets(s *State, seat int, trait string) []Event {
	var ev []Event
	s.controlled(seat, func(pl *Planet, _ *System, i *data.Planet) bool {
		if (trait == "" || i.HasTrait(trait)) && !pl.Exhausted {
			ev = s.extend(ev, Event{Kind: EvPlanetExhausted, Seat: seat, Planet: pl.Name})
		}
		return false
	})
	return ev
}

// Diplomatic Pressure: another player gives you a promissory note of their
// choice.
func diplomaticPressure(s *State, a Action, _ *AgendaStep) ([]Event, error) {
	q, err := otherPlayer(s, a)
	if err != nil {
		return nil, err
	}
	var ev []Event
	if s.rules() >= RulesWindows {
		if slices.Contains(s.Agenda.Pressed, [2]int{a.Seat, q}) {
			return nil, engine.Refuse("2.6b", "your Diplomatic Pressure on seat %d already took effect on this agenda", q)
		}
		ev = s.emit(Event{Kind: EvPressed, Seat: a.Seat, Owner: q})
	}
	if len(s.Players[q].Promissory) > 0 {
		ev = s.extend(ev, queue(Step{Kind: StepGiveNote, Seat: q, Card: a.Card, Need: 1, Receiver: ip(a.Seat)}))
	}
	return ev, nil
}

// inGame is the action's player, who must still be in the game.
func inGame(s *State, a Action) (int, error) {
	q, err := need(a.extra().Player, "player")
	if err != nil {
		return None, err
	}
	if p := s.Player(q); p == nil || p.Eliminated {
		return None, engine.Refuse("2.7", "choose a player still in the game")
	}
	return q, nil
}

// Ancient Burial Sites: a player's cultural planets are exhausted.
func ancientBurialSites(s *State, a Action, _ *AgendaStep) ([]Event, error) {
	q, err := inGame(s, a)
	if err != nil {
		return nil, err
	}
	return exhaustPlanets(s, q, "cultural"), nil
}

// Assassinate Representative: a player cannot vote on this agenda.
func assassinate(s *State, a Action, _ *AgendaStep) ([]Event, error) {
	q, err := inGame(s, a)
	if err != nil {
		return nil, err
	}
	return s.emit(Event{Kind: EvSilenced, Seat: q}), nil
}

// A rider: its player cannot vote, and predicts an outcome (8.22, 8.22a).
func rider(s *State, a Action, ag *AgendaStep) ([]Event, error) {
	if !slices.Contains(s.Outcomes(ag.Subject), a.Outcome) {
		return nil, engine.Refuse("8.22a", "predict one of this agenda's outcomes: %v", s.Outcomes(ag.Subject))
	}
	return s.emit(Event{Kind: EvRider, Seat: a.Seat, Card: a.Card, Extra: &Extra{Outcome: a.Outcome}}, Event{Kind: EvSilenced, Seat: a.Seat}), nil
}

func outcomesOffer(s *State, _ int, c string, add func(Action)) {
	for _, o := range s.Outcomes(s.Agenda.Subject) {
		add(Action{Kind: ActPlayAC, Card: c, Outcome: o})
	}
}

func decidePassWindow(s *State, a Action) ([]Event, error) {
	ag := s.Agenda
	if s.Phase != PhaseAgenda || ag == nil || ag.Window == "" || len(ag.WindowQueue) == 0 {
		return nil, engine.Refuse("1.20", "no window is open")
	}
	if ag.WindowQueue[0] != a.Seat {
		return nil, engine.Refuse("1.20", "seat %d answers first", ag.WindowQueue[0])
	}
	return s.emit(Event{Kind: EvWindowPass, Seat: a.Seat}), nil
}

// windowOrder is everyone in the game from the speaker, clockwise (1.20).
func windowOrder(s *State) []int { return s.SpeakerOrder() }

// riderRewards pays the riders that predicted the outcome (8.22b).
func riderRewards(s *State, ag *AgendaStep, before []Event, rng *engine.RNG) []Event {
	var ev []Event
	for _, r := range ag.Riders {
		if d := definitions[r.Card]; r.Outcome != ag.Outcome && (d == nil || !d.PredictionPays) {
			continue
		}
		q := r.Seat
		switch r.Card {
		case "imperial_rider":
			ev = s.extend(ev, vp(q, 1, r.Card))
		case "trade_rider":
			ev = s.extend(ev, Event{Kind: EvTradeGoods, Seat: q, Count: 5})
		case "politics_rider":
			deck, discard := actionDeckAfter(s, s.extend(slices.Clone(before), ev...))
			ev = s.extend(ev, drawACFrom(s, &deck, &discard, rng, q, 3)...)
			ev = s.extend(ev, Event{Kind: EvSpeakerChanged, Extra: &Extra{Speaker: q}})
		case "leadership_rider":
			if n := min(3, s.CommandReinforcements(q)); n > 0 {
				ev = s.extend(ev, queue(Step{Kind: StepGainTokens, Seat: q, Card: r.Card, Need: n}))
			}
		case "technology_rider":
			ev = s.extend(ev, queue(Step{Kind: StepAgendaTech, Seat: q, Card: r.Card, Need: 1}))
		case "construction_rider":
			if s.Reinforcements(q, "space_dock") > 0 {
				ev = s.extend(ev, queue(Step{Kind: StepPlaceDock, Seat: q, Card: r.Card, Need: 1}))
			}
		case "warfare_rider":
			if s.Reinforcements(q, "dreadnought") > 0 {
				ev = s.extend(ev, queue(Step{Kind: StepPlaceShip, Seat: q, Card: r.Card, Need: 1, Units: []string{"dreadnought"}}))
			}
		case "diplomacy_rider":
			ev = s.extend(ev, queue(Step{Kind: StepDiploRider, Seat: q, Card: r.Card, Need: 1}))
		default: // a prediction made by an ability (Galactic Threat) or a note
			if d := definitions[r.Card]; d != nil && d.Predicted != nil {
				ev = s.extend(ev, d.Predicted(s, r, ag)...)
			} else if n := promissoryNotes[r.Card]; n != nil && n.predicted != nil {
				ev = s.extend(ev, n.predicted(s, r, s.extend(slices.Clone(before), ev...), rng)...)
			}
		}
	}
	return ev
}

// Rider choice steps.
const (
	StepGainTokens = "gain_command_tokens" // pools: where the tokens go
	StepPlaceDock  = "place_space_dock"    // on a planet you control
	StepPlaceShip  = "place_ship"          // in a system with your ships
	StepDiploRider = "diplomacy_rider_system"
)

func decideRiderChoice(s *State, a Action) ([]Event, error) {
	st, err := inStep(s, a.Seat, StepGainTokens, StepPlaceDock, StepPlaceShip, StepDiploRider)
	if err != nil {
		return nil, err
	}
	done := Event{Kind: EvStepCleared, Seat: a.Seat}
	switch st.Kind {
	case StepGainTokens:
		d, err := need(a.Pools, "pools")
		if err != nil {
			return nil, err
		}
		n := min(st.Need, s.CommandReinforcements(a.Seat)) // 20.3a: only what reinforcements hold
		after, err := gainInto(s, a.Seat, d, n, "2.7")
		if err != nil {
			return nil, err
		}
		return s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &after}, done), nil
	case StepPlaceDock:
		pl, sys, err := ownPlanet(s, a)
		if err != nil {
			return nil, err
		}
		if err := checkPlacement(s, a.Seat, "space_dock", 1, pl); err != nil {
			return nil, err
		}
		return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Planet: pl.Name, Unit: "space_dock", Count: 1}, done), nil
	case StepPlaceShip:
		sys, _, err := where(s, a.System, "", "system")
		if err != nil {
			return nil, err
		}
		if !hasShips(sys, a.Seat) {
			return nil, engine.Refuse("2.7", "the dreadnought goes in a system with your ships")
		}
		return s.emit(Event{Kind: EvUnitsPlaced, Seat: a.Seat, System: sys.Pos, Unit: st.Units[0], Count: 1}, done), nil
	}
	sys, _, err := where(s, a.System, "", "system")
	if err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return pl.Controller == a.Seat }) {
		return nil, engine.Refuse("2.7", "choose a system with a planet you control")
	}
	ev := s.emit(done)
	for _, q := range s.Active() {
		if q != a.Seat && !slices.Contains(sys.Command, q) {
			ev = s.extend(ev, s.effectToken(q, sys.Pos, 0)...)
		}
	}
	return ev, nil
}

func applyActionCards(s *State, e *Event) bool {
	ag := s.Agenda
	switch e.Kind {
	case EvACPlayed:
		p := s.Players[e.Seat]
		i := slices.Index(p.ActionCards, e.Card)
		p.ActionCards = slices.Delete(p.ActionCards, i, i+1)
		s.Decks.ActionDiscard = append(s.Decks.ActionDiscard, e.Card)
	case EvACTaken:
		from := s.Players[e.Owner]
		i := slices.Index(from.ActionCards, e.Card)
		from.ActionCards = slices.Delete(from.ActionCards, i, i+1)
		s.Players[e.Seat].ActionCards = append(s.Players[e.Seat].ActionCards, e.Card)
	case EvWindowPass:
		ag.WindowQueue = ag.WindowQueue[1:]
		if len(ag.WindowQueue) == 0 {
			nextWindow(s)
		}
	case EvWindowPlay:
		// Everyone may answer a card played in a window: the queue starts
		// again after the player who played (1.20).
		o := windowOrder(s)
		i := slices.Index(o, e.Seat)
		ag.WindowQueue = append(slices.Clone(o[i+1:]), o[:i+1]...)
	case EvVetoed:
		s.Decks.AgendaDiscard = append(s.Decks.AgendaDiscard, ag.Card)
		if ag.Hidden {
			s.Decks.AgendaDiscard = append(s.Decks.AgendaDiscard, ag.Subject)
		}
		s.Agenda = &AgendaStep{Number: ag.Number, Barred: ag.Barred, ReadyLimit: ag.ReadyLimit, Started: true}
		agendaOver(s)
	case EvKeepStrategy:
		s.Players[e.Seat].KeepStrategy = true
	case EvPressed:
		ag.Pressed = append(slices.Clip(ag.Pressed), [2]int{e.Seat, e.Owner})
	case EvBribe:
		i := slices.IndexFunc(ag.Ballots, func(b Ballot) bool { return b.Seat == e.Seat && b.Outcome != "" })
		ag.Ballots[i].Votes += e.Count
	case EvElectedWin: // the elected player answers first, then everyone else from the speaker
		q := []int{e.Seat}
		for _, o := range windowOrder(s) {
			if o != e.Seat {
				q = append(q, o)
			}
		}
		ag.Window, ag.WindowQueue, ag.ElectedAsked = "elected", q, true
	case EvElectedInstead:
		ag.Outcome, ag.Window, ag.WindowQueue = e.extra().Outcome, "", nil
	case EvRider:
		ag.Riders = append(ag.Riders, Ballot{Seat: e.Seat, Outcome: e.extra().Outcome, Card: e.Card, Votes: e.Count})
		if definitions[e.Card] != nil { // predicted by an ability, once per agenda phase
			s.Players[e.Seat].Predicted = s.Round
		}
	default:
		return false
	}
	return true
}

// nextWindow moves from "when" to "after", and from "after" to the votes.
func nextWindow(s *State) {
	ag := s.Agenda
	if ag.Window == "when" {
		ag.Window, ag.WindowQueue = "after", windowOrder(s)
		return
	}
	if ag.Window == "elected" || ag.Window == WinSpeakerVoted || ag.Window == "start" || ag.Window == "resolve" {
		ag.Window, ag.WindowQueue = "", nil
		return
	}
	ag.Window, ag.WindowQueue = "", nil
	ag.Voters = slices.DeleteFunc(ag.Voters, func(q int) bool { return slices.Contains(ag.Silenced, q) })
}

// acOptions lists the action cards seat might play now, for Legal, as
// each card's definition offers them; a card played as an action only on
// the player's turn, while nothing is under way (3.1).
func acOptions(s *State, seat int, add func(Action)) {
	for _, c := range s.Players[seat].ActionCards {
		d := actionCards[c]
		if d == nil || d.offer == nil {
			continue
		}
		if !d.action || s.Phase == PhaseAction && s.Turn == seat && !s.busy() {
			b := s.offerBuf()
			d.offer(s, seat, c, b.add)
			b.flush(add)
		}
	}
}

// An offer proposes to Legal the plays of card c that seat may make now;
// only targets that could be accepted, to keep Legal cheap.
type offer func(s *State, seat int, c string, add func(Action))

// plainPlay is a card played without a target.
func plainPlay(_ *State, _ int, c string, add func(Action)) { add(Action{Kind: ActPlayAC, Card: c}) }

// at offers a card without targets when its moment is now.
func at(moment func(s *State, seat int) bool) offer {
	return func(s *State, seat int, c string, add func(Action)) {
		if moment(s, seat) {
			add(Action{Kind: ActPlayAC, Card: c})
		}
	}
}

// onPlanets offers a card on each planet that ok accepts.
func onPlanets(ok func(s *State, seat int, pl *Planet) bool) offer {
	return func(s *State, seat int, c string, add func(Action)) {
		for _, sys := range s.Systems {
			for _, pl := range sys.Planets {
				if ok(s, seat, pl) {
					add(Action{Kind: ActPlayAC, Card: c, Planet: pl.Name})
				}
			}
		}
	}
}

// onSystems offers a card on each system that ok accepts.
func onSystems(ok func(s *State, seat int, sys *System) bool) offer {
	return func(s *State, seat int, c string, add func(Action)) {
		for _, sys := range s.Systems {
			if ok(s, seat, sys) {
				add(Action{Kind: ActPlayAC, Card: c, System: ip(sys.Pos)})
			}
		}
	}
}

// toOthers offers a card aimed at each other player in the game.
func toOthers(s *State, seat int, c string, add func(Action)) {
	for _, q := range s.Active() {
		if q != seat {
			add(Action{Kind: ActPlayAC, Card: c}.forPlayer(q))
		}
	}
}

// pressureTargets offers Diplomatic Pressure on each other player it
// has not taken effect on yet on this agenda (2.6b).
func pressureTargets(s *State, seat int, c string, add func(Action)) {
	for _, q := range s.Active() {
		if q != seat && !slices.Contains(s.Agenda.Pressed, [2]int{seat, q}) {
			add(Action{Kind: ActPlayAC, Card: c}.forPlayer(q))
		}
	}
}

// toAnyone offers a card aimed at each player in the game.
func toAnyone(s *State, _ int, c string, add func(Action)) {
	for _, q := range s.Active() {
		add(Action{Kind: ActPlayAC, Card: c}.forPlayer(q))
	}
}

func ownedBy(_ *State, seat int, pl *Planet) bool { return pl.Controller == seat }
func othersPlanet(_ *State, seat int, pl *Planet) bool {
	return pl.Controller != None && pl.Controller != seat
}
func withPDS(_ *State, _ int, pl *Planet) bool {
	return slices.ContainsFunc(pl.Units, func(x Stack) bool { return x.Unit == "pds" })
}
func hazardous(_ *State, _ int, pl *Planet) bool     { return planetInfo(pl).HasTrait("hazardous") }
func withShips(_ *State, seat int, sys *System) bool { return hasShips(sys, seat) }
func withToken(_ *State, seat int, sys *System) bool { return slices.Contains(sys.Command, seat) }
func withWormhole(s *State, _ int, sys *System) bool { return s.hasWormhole(sys.Pos) }

// meltdownTargets: each planet with a space dock, with its system.
func meltdownTargets(s *State, _ int, c string, add func(Action)) {
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if slices.ContainsFunc(pl.Units, func(x Stack) bool { return x.Unit == "space_dock" }) {
				add(Action{Kind: ActPlayAC, Card: c, System: ip(sys.Pos), Planet: pl.Name})
			}
		}
	}
}

// jammingTargets: a non-home system in or next to one of seat's ships, and
// another player without a token there.
func jammingTargets(s *State, seat int, c string, add func(Action)) {
	for _, sys := range s.Systems {
		if s.IsHomeSystem(sys.Pos) || !s.shipsInOrNextTo(seat, sys.Pos) {
			continue
		}
		for _, q := range s.Active() {
			if q != seat && !slices.Contains(sys.Command, q) {
				add(Action{Kind: ActPlayAC, Card: c, System: ip(sys.Pos)}.forPlayer(q))
			}
		}
	}
}

// luckyShotTargets: another player's dreadnought, cruiser or destroyer in
// a system with a planet seat controls.
func luckyShotTargets(s *State, seat int, c string, add func(Action)) {
	for _, sys := range s.Systems {
		if !slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return pl.Controller == seat }) {
			continue
		}
		for _, u := range []string{"dreadnought", "cruiser", "destroyer"} {
			for _, q := range s.Active() {
				if q != seat && count(sys.Space, q, u) > 0 {
					add(Action{Kind: ActPlayAC, Card: c, System: ip(sys.Pos), Unit: u}.forPlayer(q))
				}
			}
		}
	}
}

func lawsInPlay(s *State, _ int, c string, add func(Action)) {
	for _, l := range s.Laws {
		add(Action{Kind: ActPlayAC, Card: c, Outcome: l.Card})
	}
}

func researchTargets(s *State, seat int, c string, add func(Action)) {
	if s.Players[seat].TradeGoods >= 4 {
		for _, t := range s.technologies() {
			add(Action{Kind: ActPlayAC, Card: c, Outcome: t.ID})
		}
	}
}

// Sabotage (2.8): any action card but Sabotage waits, once played, while
// every other player in turn may cancel it with Sabotage or let it pass:
// in initiative order from the active player in the action phase (1.19),
// from the speaker otherwise (1.20). Everyone is asked, whatever their
// hand, so the wait tells no one who holds a Sabotage.
const (
	EvACPending   = "action_card_pending"
	EvACResolved  = "action_card_resolved"
	EvACCancelled = "action_card_cancelled"
)

// PendingAC is an action card played and not yet resolved.
type PendingAC struct {
	Act   Action `json:"act"`
	Queue []int  `json:"queue"` // still to answer
}

func init() { defineCard("sabotage", &actionCard{cancels: true}) } // offered by its window

func sabotageOrder(s *State, seat int) []int {
	var order []int
	if s.Phase == PhaseAction {
		order = s.InitiativeOrder()
		if i := slices.Index(order, s.Turn); i > 0 {
			order = append(order[i:], order[:i]...)
		}
	} else {
		order = s.SpeakerOrder()
	}
	return slices.DeleteFunc(order, func(q int) bool { return q == seat })
}

func decideSabotage(s *State, a Action) ([]Event, error) {
	pa := s.PendingAC
	if pa == nil {
		return nil, engine.Refuse("2.8", "Sabotage cancels an action card as it is played; none is")
	}
	if !cardAwaits(s, a.Seat) {
		return nil, engine.Refuse("1.19", "seat %d answers the action card first", pa.Queue[0])
	}
	return s.extend(s.emit(Event{Kind: EvACPlayed, Seat: a.Seat, Card: a.Card}), cancelPending(s)...), nil
}

// Sabotage's window: a card played waits while every other player
// answers (first of the answer windows).
func init() {
	registerWindow(answerWindow{order: 0, card: "sabotage", pass: decidePassSabotage,
		queue: func(s *State) ([]int, bool) {
			if s.PendingAC == nil {
				return nil, false
			}
			return s.PendingAC.Queue, true
		},
		waits: func(s *State) string {
			return s.PendingAC.Act.Card + " waits for every player to answer with Sabotage or pass"
		}})
}

// cardAwaits reports another player's action card waiting on seat's
// answer.
func cardAwaits(s *State, seat int) bool {
	pa := s.PendingAC
	return pa != nil && len(pa.Queue) > 0 && pa.Queue[0] == seat
}

// cancelPending is the events of the pending action card cancelled: an
// action card played as an action still takes the turn's action.
func cancelPending(s *State) []Event {
	pa := s.PendingAC
	ev := s.emit(Event{Kind: EvACCancelled, Seat: pa.Act.Seat, Card: pa.Act.Card})
	ev = s.extend(ev, s.unlockAfterCard(pa.Act.Seat, pa.Act.Card)...) // played all the same (51.6)
	if d := actionCards[pa.Act.Card]; d != nil && d.action {
		ev = s.extend(ev, s.turnOver(pa.Act.Seat, true)) // the action was taken, to no effect
	}
	return ev
}

func decidePassSabotage(s *State, a Action) ([]Event, error) {
	if s.PendingAC.Queue[0] != a.Seat {
		return nil, engine.Refuse("1.19", "seat %d answers the action card first", s.PendingAC.Queue[0])
	}
	return s.emit(Event{Kind: EvSabotagePass, Seat: a.Seat}), nil
}

// EvSabotagePass: a player lets a pending action card resolve.
const EvSabotagePass = "sabotage_passed"

// sabotageFollowUps resolves a card nobody cancelled.
func sabotageFollowUps(s *State, rng *engine.RNG) []Event {
	pa := s.PendingAC
	if pa == nil || len(pa.Queue) > 0 {
		return nil
	}
	done := Event{Kind: EvACResolved, Seat: pa.Act.Seat, Card: pa.Act.Card}
	// Back in hand for a moment, so the card resolves as when it was played;
	// resolving only reads the state, which is put back as it was.
	p := s.Players[pa.Act.Seat]
	hand := p.ActionCards
	p.ActionCards, s.PendingAC = append(slices.Clip(hand), pa.Act.Card), nil
	ev, err := resolveAC(s, pa.Act, rng)
	p.ActionCards, s.PendingAC = hand, pa
	if err != nil {
		return s.emit(done) // it can no longer do anything: discarded (2.8)
	}
	return s.extend(s.emit(done), ev[1:]...)
}

func applySabotage(s *State, e *Event) bool {
	switch e.Kind {
	case EvACPending:
		p := s.Players[e.Seat]
		i := slices.Index(p.ActionCards, e.Card)
		p.ActionCards = slices.Delete(p.ActionCards, i, i+1)
		s.PendingAC = &PendingAC{Act: *e.extra().Act, Queue: sabotageOrder(s, e.Seat)}
	case EvSabotagePass:
		s.PendingAC.Queue = s.PendingAC.Queue[1:]
	case EvACResolved, EvACCancelled:
		s.Decks.ActionDiscard = append(s.Decks.ActionDiscard, e.Card)
		s.PendingAC = nil
	default:
		return false
	}
	return true
}

// Summit, Manipulate Investments and Political Stability are played at a
// phase's moment, without pausing anyone: Summit and Manipulate
// Investments before the first strategy card is chosen (the window closes
// with that choice), Political Stability during the status phase, before
// the strategy cards go back (81.8).

func beforePicking(s *State, _ int) bool {
	return s.Phase == PhaseStrategy && !s.Picking && s.Step == nil
}

func inStatusPhase(s *State, _ int) bool { return s.Phase == PhaseStatus }

// Summit: two command tokens (as many as reinforcements allow).
func summit(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	if s.Phase != PhaseStrategy || s.Picking {
		return nil, engine.Refuse("1.14", "Summit is played at the start of the strategy phase, before any card is chosen")
	}
	d, err := need(a.Pools, "pools")
	if err != nil {
		return nil, err
	}
	after, err := gainInto(s, a.Seat, d, min(2, s.CommandReinforcements(a.Seat)), "2.7") // as many as reinforcements allow
	if err != nil {
		return nil, err
	}
	return s.emit(Event{Kind: EvTokensSet, Seat: a.Seat, Pools: &after}), nil
}

func summitOffer(s *State, seat int, c string, add func(Action)) {
	if s.Phase == PhaseStrategy && !s.Picking {
		for _, d := range distributions(min(2, s.CommandReinforcements(seat))) {
			add(Action{Kind: ActPlayAC, Card: c, Pools: d})
		}
	}
}

// Manipulate Investments: five trade goods go on strategy cards, one at a
// time (decidePlaceTG).
func manipulateInvestments(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	if !beforePicking(s, a.Seat) {
		return nil, engine.Refuse("1.14", "Manipulate Investments is played at the start of the strategy phase, before any card is chosen")
	}
	return s.emit(queue(Step{Kind: StepInvest, Seat: a.Seat, Need: 5})), nil
}

// Political Stability: the player keeps their strategy cards.
func politicalStability(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	p := s.Players[a.Seat]
	if s.Phase != PhaseStatus || len(p.StrategyCards) == 0 || p.KeepStrategy {
		return nil, engine.Refuse("1.15", "Political Stability is played in the status phase by a player with strategy cards")
	}
	return s.emit(Event{Kind: EvKeepStrategy, Seat: a.Seat}), nil
}

// EvKeepStrategy: the player keeps their strategy cards into the next round.
const EvKeepStrategy = "strategy_cards_kept"

// cardVP reports an action card whose point counts as a card's (Imperial
// Rider), apart from objectives.
func cardVP(card string) bool { return card == "imperial_rider" }
