package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// Windows in an invasion for action cards answering another player's move
// (1.14, 1.19). Each asks one player, on public facts only, so a pause
// never tells who holds a card:
//   - Bunker: at the start, each player whose ground forces are on a planet
//     there, if the invader has bombardment units in the space area;
//   - Parley: after ground forces are committed to a planet another player
//     controls, that player;
//   - Infiltrate: before control is established over a planet with other
//     players' structures, the invader;
//   - Reparations: after control of a planet passes, its former controller.
// The invasion waits while a window is open (Invasion.Ask), and ends once
// control is established and every window is answered.

// Invasion windows (Answer.Kind), named for their moments; the stored
// values are kept from before.
const (
	AskInvasionStart = "bunker"      // the start of an invasion, to a defender with ground forces
	AskCommitted     = "committed"   // ground forces committed to a planet another player controls
	AskInfiltrate    = "infiltrate"  // control gained over a planet with other players' structures
	AskControlLost   = "reparations" // control of a planet lost to another player
)

// Invasion window events.
const (
	EvAskQueued    = "answer_queued" // Deck: the window; Seat asked; Owner the other player
	EvAskNext      = "answer_opened"
	EvAskPassed    = "answer_declined"
	EvInvStarted   = "invasion_started"
	EvEstablished  = "control_established" // the invasion waits for its windows, then ends
	EvInfiltrating = "infiltrate_asked"
	EvInvCard      = "invasion_card" // Card: bunker, parley, infiltrate
	EvCommitsDone  = "commits_done"  // the ground combat begins once the windows close
)

// invasionFollowUps opens the start-of-invasion windows, then each queued
// window in turn, and ends an invasion whose control is established.
func invasionFollowUps(s *State) []Event {
	inv := s.Invasion
	if inv == nil || inv.Ask != nil {
		return nil
	}
	if !inv.Started {
		ev := s.emit(Event{Kind: EvInvStarted, Seat: inv.Seat})
		sys := s.System(inv.Pos)
		bombards := false
		for _, pl := range sys.Planets {
			bombards = bombards || len(s.bombarders(inv.Seat, sys, pl)) > 0
		}
		if !bombards {
			return ev
		}
		for _, q := range s.SpeakerOrder() {
			if q != inv.Seat && slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return pl.Controller == q && s.groundOn(pl, q) }) {
				ev = s.extend(ev, Event{Kind: EvAskQueued, Seat: q, Owner: inv.Seat, Deck: AskInvasionStart})
			}
		}
		return ev
	}
	if len(inv.Asks) > 0 {
		return s.emit(Event{Kind: EvAskNext, Seat: inv.Asks[0].Seat})
	}
	if inv.CommitsDone && s.Combat == nil && !inv.Established {
		return s.extend(beginGround(s, inv.Seat), Event{Kind: EvCommitsDone, Seat: inv.Seat})
	}
	if inv.Established {
		ev := s.emit(Event{Kind: EvInvasionEnded, Seat: inv.Seat, System: inv.Pos})
		if len(inv.Next) > 0 {
			ev = s.extend(ev, invadePlaced(s, inv.Seat, inv.Next))
		}
		return ev
	}
	return nil
}

// invasionWaits reports an invasion window still to answer.
func invasionWaits(s *State) bool {
	return s.Invasion != nil && (s.Invasion.Ask != nil || len(s.Invasion.Asks) > 0)
}

func decideInvasionPass(s *State, a Action) ([]Event, error) {
	if ask := s.Invasion.Ask; ask.Seat != a.Seat {
		return nil, engine.Refuse("1.14", "seat %d answers now", ask.Seat)
	}
	return s.emit(Event{Kind: EvAskPassed, Seat: a.Seat}), nil
}

func init() {
	for card, want := range map[string]string{"bunker": AskInvasionStart, "parley": AskCommitted, "infiltrate": AskInfiltrate} {
		defineCard(card, &actionCard{play: invasionPlay(want, invasionCard)})
	}
	defineCard("reparations", &actionCard{play: invasionPlay(AskControlLost, reparations)})
}

// invasionMoments say, for a refusal, when each invasion window opens.
var invasionMoments = map[string]string{AskInvasionStart: "at the start of an invasion of your planets",
	AskCommitted:   "after another player commits ground forces to a planet you control",
	AskInfiltrate:  "as you gain control of a planet with other players' structures",
	AskControlLost: "after another player gains control of a planet you controlled"}

// invasionPlay plays a card in the invasion window of kind want, which
// asks its player (invasionCardOptions offers it there).
func invasionPlay(want string, effect func(s *State, a Action, ask *Answer) ([]Event, error)) func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
	return func(s *State, a Action, _ *engine.RNG) ([]Event, error) {
		inv := s.Invasion
		if inv == nil || inv.Ask == nil || inv.Ask.Seat != a.Seat || inv.Ask.Kind != want {
			return nil, engine.Refuse("1.14", "%s is played %s", a.Card, invasionMoments[want])
		}
		return effect(s, a, inv.Ask)
	}
}

// invasionCard marks the invasion with Bunker, Parley or Infiltrate;
// applyInvasionCards says what each changes.
func invasionCard(s *State, a Action, ask *Answer) ([]Event, error) {
	return s.emit(Event{Kind: EvInvCard, Seat: a.Seat, Owner: ask.Owner, Card: a.Card, Planet: ask.Planet, System: s.Invasion.Pos}), nil
}

// Reparations: exhaust one of the new controller's planets, ready one of
// your own.
func reparations(s *State, a Action, ask *Answer) ([]Event, error) {
	var out []Event
	if a.Planet != "" {
		pl, _ := s.Planet(a.Planet)
		if pl == nil || pl.Controller != ask.Owner || pl.Exhausted {
			return nil, engine.Refuse("2.7", "exhaust a readied planet of seat %d", ask.Owner)
		}
		out = s.extend(out, Event{Kind: EvPlanetExhausted, Seat: ask.Owner, Planet: pl.Name})
	}
	if a.ToPl != "" {
		pl, _ := s.Planet(a.ToPl)
		if pl == nil || pl.Controller != a.Seat || !pl.Exhausted {
			return nil, engine.Refuse("2.7", "ready an exhausted planet you control")
		}
		out = s.extend(out, Event{Kind: EvPlanetReadied, Seat: a.Seat, Planet: pl.Name})
	}
	return s.extend(out, Event{Kind: EvAskPassed, Seat: a.Seat}), nil
}

// invasionCardOptions proposes the cards and the pass of an open invasion
// window to the player asked.
func invasionCardOptions(s *State, seat int, add func(Action)) {
	ask := s.Invasion.Ask
	if ask == nil || ask.Seat != seat {
		return
	}
	add(Action{Kind: ActPassWindow})
	hand := s.Players[seat].ActionCards
	for _, c := range []string{"bunker", "parley", "infiltrate"} {
		if slices.Contains(hand, c) {
			add(Action{Kind: ActPlayAC, Card: c})
		}
	}
	if !slices.Contains(hand, "reparations") {
		return
	}
	theirs, mine := []string{""}, []string{""}
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller == ask.Owner && !pl.Exhausted {
				theirs = append(theirs, pl.Name)
			}
			if pl.Controller == seat && pl.Exhausted {
				mine = append(mine, pl.Name)
			}
		}
	}
	for _, x := range theirs {
		for _, y := range mine {
			add(Action{Kind: ActPlayAC, Card: "reparations", Planet: x, ToPl: y})
		}
	}
}

// infiltrateAsk asks the invader before control is established over a
// planet with other players' structures, once.
func infiltrateAsk(s *State, seat int) []Event {
	inv := s.Invasion
	if inv.InfiltrateAsked {
		return nil
	}
	sys := s.System(inv.Pos)
	for _, name := range inv.Committed {
		pl := planetIn(sys, name)
		if s.groundOn(pl, seat) && pl.Controller != seat && slices.ContainsFunc(pl.Units, func(st Stack) bool { return st.Owner != seat && isStructure(st.Unit) }) {
			return s.emit(Event{Kind: EvInfiltrating, Seat: seat}, Event{Kind: EvAskQueued, Seat: seat, Owner: seat, Deck: AskInfiltrate})
		}
	}
	return nil
}

func applyInvasionCards(s *State, e *Event) bool {
	inv := s.Invasion
	switch e.Kind {
	case EvInvStarted:
		inv.Started = true
	case EvAskQueued:
		inv.Asks = append(slices.Clone(inv.Asks), Answer{Kind: e.Deck, Seat: e.Seat, Owner: e.Owner, Planet: e.Planet})
	case EvAskNext:
		a := inv.Asks[0]
		inv.Asks = slices.Clone(inv.Asks[1:])
		if s.Players[a.Seat].Eliminated {
			return true // nobody left to answer
		}
		inv.Ask = &a
	case EvAskPassed:
		inv.Ask = nil
	case EvEstablished:
		inv.Established = true
	case EvCommitsDone:
		inv.CommitsDone = !inv.CommitsDone // set by the invader, cleared as the ground combat begins
	case EvInfiltrating:
		inv.InfiltrateAsked = true
	case EvInvCard:
		inv.Ask = nil
		switch e.Card {
		case "bunker":
			inv.Bunker = append(slices.Clone(inv.Bunker), e.Seat)
		case "infiltrate":
			inv.Infiltrate = true
		case "parley": // the committed ground forces go back to the space area
			sys := s.System(e.System)
			pl := planetIn(sys, e.Planet)
			for _, typ := range []string{"infantry", "mech"} {
				if n := count(pl.Units, e.Owner, typ); n > 0 {
					pl.Units = add(pl.Units, e.Owner, typ, -n)
					sys.Space = add(sys.Space, e.Owner, typ, n)
				}
			}
			inv.Committed = slices.DeleteFunc(slices.Clone(inv.Committed), func(p string) bool { return p == e.Planet })
		}
	default:
		return false
	}
	return true
}
