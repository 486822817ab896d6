package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// Relics (LRR 73): three relic fragments of a kind (unknown fragments
// standing in for any kind) are purged to gain the top relic (73.1,
// 73.2), and the relics' abilities. Built: Shard of the Throne, The
// Obsidian, The Codex and Stellar Converter.

const (
	EvFragmentsPurged = "relic_fragments_purged" // Cards: the fragments
	EvRelicMoved      = "relic_moved"            // Card: from Owner to Seat
	EvRelicPurged     = "relic_purged"           // Card: from Seat's play area
	EvCardTaken       = "action_card_recovered"  // Card: from the discard pile to Seat's hand
	EvPlanetDestroyed = "planet_destroyed"       // Planet in System: its units go, its attachments and card are purged

	StepCodex     = "codex"             // The Codex: up to 3 action cards from the discard pile; Count taken so far
	StepConverter = "stellar_converter" // Stellar Converter: the planet to destroy
	ActTakeCard   = "take_card"         // card: an action card in the discard pile

	shard    = "shard_of_the_throne"
	shardVP  = "relic:" + shard // its points' source: the base game has an agenda of the same id
	obsidian = "the_obsidian"
	codex    = "the_codex"
	stellar  = "stellar_converter"
)

func init() {
	for _, kind := range []string{"cultural", "hazardous", "industrial"} {
		RegisterComponent(kind+"_relic_fragment", Component{
			Available: func(s *State, seat int) error {
				if len(fragmentsFor(s.Players[seat], kind)) < 3 {
					return engine.Refuse("73.1", "three %s relic fragments are purged for a relic (unknown ones count as any)", kind)
				}
				return nil
			},
			Resolve: func(s *State, seat int, rng *engine.RNG) []Event {
				ev := []Event{{Kind: EvFragmentsPurged, Seat: seat, Cards: fragmentsFor(s.Players[seat], kind)}}
				return append(ev, gainRelic(s, seat, rng)...)
			},
		})
	}
	RegisterComponent(stellar, Component{
		Available: func(s *State, seat int) error {
			if !slices.Contains(s.Players[seat].Relics, stellar) {
				return engine.Refuse("73.3", "Stellar Converter is not in your play area")
			}
			if len(converterTargets(s, seat)) == 0 {
				return engine.Refuse("73.3", "no planet Stellar Converter may destroy")
			}
			return nil
		},
		Resolve: func(s *State, seat int, _ *engine.RNG) []Event {
			return []Event{step(StepConverter, seat, stellar, false)}
		},
	})
	RegisterComponent(codex, Component{
		Available: func(s *State, seat int) error {
			if !slices.Contains(s.Players[seat].Relics, codex) {
				return engine.Refuse("73.3", "The Codex is not in your play area")
			}
			return nil
		},
		Resolve: func(s *State, seat int, _ *engine.RNG) []Event {
			return []Event{{Kind: EvRelicPurged, Seat: seat, Card: codex}, step(StepCodex, seat, codex, false)}
		},
	})
}

// fragmentsFor picks the three fragments p would purge for a relic of
// kind: that kind's first, then unknown ones; fewer if p lacks them.
func fragmentsFor(p *Player, kind string) []string {
	var out []string
	for _, want := range []string{kind + "_relic_fragment", "unknown_relic_fragment"} {
		for _, f := range p.RelicFragments {
			if f == want && len(out) < 3 {
				out = append(out, f)
			}
		}
	}
	return out
}

// gainRelic is 73.2: the top card of the relic deck, if there is one, and
// what gaining it does.
func gainRelic(s *State, seat int, rng *engine.RNG) []Event {
	if len(s.Decks.Relics) == 0 {
		return nil // 73.2a
	}
	card := s.Decks.Relics[0]
	ev := []Event{{Kind: EvRelicGained, Seat: seat, Card: card}}
	switch card {
	case shard:
		ev = append(ev, vp(seat, 1, shardVP))
	case obsidian:
		ev = append(ev, drawSecret(s, seat, rng)...)
	}
	return ev
}

// shardTaken: whoever gains control of a legendary planet, or of a planet
// in the home system, of the player holding Shard of the Throne takes the
// card and its point. x carries the holder across the planets gained in
// one decision, whose events are not applied yet.
func shardTaken(s *State, x *explorer, seat, pos int, pl *Planet) []Event {
	if !x.shardKnown {
		x.shardKnown, x.shardHolder = true, None
		for _, p := range s.Players {
			if slices.Contains(p.Relics, shard) {
				x.shardHolder = p.Seat
			}
		}
	}
	from := pl.Controller
	if from == None || from == seat || from != x.shardHolder {
		return nil
	}
	if !planetInfo(pl).Legendary && pos != s.Players[from].Home {
		return nil
	}
	x.shardHolder = seat
	return []Event{{Kind: EvRelicMoved, Seat: seat, Owner: from, Card: shard}, vp(from, -1, shardVP), vp(seat, 1, shardVP)}
}

// secretLimit is how many secret objectives, scored or not, p may have
// (61.21): one more with The Obsidian.
func secretLimit(p *Player) int {
	if slices.Contains(p.Relics, obsidian) {
		return SecretLimit + 1
	}
	return SecretLimit
}

func decideTakeCard(s *State, a Action) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepCodex); err != nil {
		return nil, err
	}
	if !slices.Contains(s.Decks.ActionDiscard, a.Card) {
		return nil, engine.Refuse("73.3", "%q is not in the action card discard pile", a.Card)
	}
	ev := []Event{{Kind: EvCardTaken, Seat: a.Seat, Card: a.Card}, {Kind: EvStepProgress, Seat: a.Seat}}
	if s.Step.Count+1 >= 3 || len(s.Decks.ActionDiscard) == 1 {
		ev = append(ev, Event{Kind: EvStepCleared, Seat: a.Seat})
	}
	return ev, nil
}

// converterTargets are the planets Stellar Converter may destroy for seat:
// not in a home system, not legendary, not Mecatol Rex, in a system next to
// (6.2) one of seat's units with Bombardment.
func converterTargets(s *State, seat int) []*Planet {
	var out []*Planet
	for _, sys := range s.Systems {
		if s.IsHomeSystem(sys.Pos) || !slices.ContainsFunc(s.galaxy.Neighbors(sys.Pos, s.Wormholes), func(p int) bool { return s.bombardsFrom(seat, s.System(p)) }) {
			continue
		}
		for _, pl := range sys.Planets {
			if pl.Name != MecatolRex && !planetInfo(pl).Legendary {
				out = append(out, pl)
			}
		}
	}
	return out
}

// bombardsFrom reports one of seat's units with Bombardment in sys.
func (s *State) bombardsFrom(seat int, sys *System) bool {
	if sys == nil {
		return false
	}
	has := func(st Stack) bool { return st.Owner == seat && s.UnitCard(seat, st.Unit).Bombardment != nil }
	if slices.ContainsFunc(sys.Space, has) {
		return true
	}
	return slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return slices.ContainsFunc(pl.Units, has) })
}

func decideConvert(s *State, a Action) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepConverter); err != nil {
		return nil, err
	}
	targets := converterTargets(s, a.Seat)
	i := slices.IndexFunc(targets, func(pl *Planet) bool { return pl.Name == a.Planet })
	if i < 0 {
		return nil, engine.Refuse("73.3", "Stellar Converter destroys a non-home, non-legendary planet other than Mecatol Rex next to your units with Bombardment")
	}
	pl, sys := s.Planet(a.Planet)
	ev := []Event{{Kind: EvRelicPurged, Seat: a.Seat, Card: stellar}}
	for _, st := range pl.Units {
		ev = append(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Planet: pl.Name, Unit: st.Unit, Count: st.Count})
	}
	if pl.Controller != None {
		ev = append(ev, Event{Kind: EvControlLost, Seat: pl.Controller, Planet: pl.Name})
	}
	return append(ev, Event{Kind: EvPlanetDestroyed, Seat: a.Seat, System: sys.Pos, Planet: pl.Name}, Event{Kind: EvStepCleared, Seat: a.Seat}), nil
}

func applyRelics(s *State, e Event) bool {
	p := s.Players[e.Seat]
	switch e.Kind {
	case EvFragmentsPurged:
		left := slices.Clone(p.RelicFragments)
		for _, f := range e.Cards {
			i := slices.Index(left, f)
			left = slices.Delete(left, i, i+1)
		}
		p.RelicFragments = left
		s.Decks.Purged = append(s.Decks.Purged, e.Cards...)
	case EvRelicMoved:
		from := s.Players[e.Owner]
		from.Relics = slices.DeleteFunc(slices.Clone(from.Relics), func(r string) bool { return r == e.Card })
		p.Relics = append(p.Relics, e.Card)
	case EvRelicPurged:
		p.Relics = slices.DeleteFunc(slices.Clone(p.Relics), func(r string) bool { return r == e.Card })
		s.Decks.Purged = append(s.Decks.Purged, e.Card)
	case EvPlanetDestroyed: // the destroyed planet token stands where it was
		sys := s.System(e.System)
		i := slices.IndexFunc(sys.Planets, func(pl *Planet) bool { return pl.Name == e.Planet })
		s.Decks.Purged = append(s.Decks.Purged, sys.Planets[i].Attachments...)
		sys.Planets = slices.Delete(slices.Clone(sys.Planets), i, i+1)
		sys.Tokens = append(sys.Tokens, Token{Kind: "destroyed_planet", Owner: None})
		s.index()
	case EvCardTaken:
		d := slices.Clone(s.Decks.ActionDiscard)
		i := slices.Index(d, e.Card)
		s.Decks.ActionDiscard = slices.Delete(d, i, i+1)
		p.ActionCards = append(p.ActionCards, e.Card)
	default:
		return false
	}
	return true
}
