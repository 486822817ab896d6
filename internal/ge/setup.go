package ge

import (
	"fmt"
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ge/cards"
)

// Config is a new game: one starter deck per seat, in seat order.
type Config struct {
	Decks []string `json:"decks"`
	Seed  uint64   `json:"seed"`
}

// Game is a running Galactic Empires game.
type Game = engine.Game[*State, Action, Event]

// StarterDecks are the decks a game may use.
func StarterDecks() []string {
	var out []string
	for name := range cards.Starters().Decks {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// NewState deals a game: every seat's deck shuffled by the RNG. The
// reserve fleets are chosen next, then the ante decides the order.
func NewState(cfg Config, rng *engine.RNG) (*State, error) {
	if len(cfg.Decks) < 2 || len(cfg.Decks) > 4 {
		return nil, fmt.Errorf("ge: %d decks: a game takes 2 to 4", len(cfg.Decks))
	}
	s := &State{Phase: PhaseReserve, Winner: -1, Started: len(cfg.Decks), PlayLimit: MaxPlays}
	var all []*Card
	for seat, name := range cfg.Decks {
		list, err := cards.Starters().Deck(name)
		if err != nil {
			return nil, fmt.Errorf("ge: %w", err)
		}
		for _, c := range list {
			if defs[c.ID] == nil {
				return nil, fmt.Errorf("ge: card %s is not built", c.ID)
			}
			all = append(all, &Card{Def: c.ID, Owner: seat, Zone: InDeck})
		}
		s.Players = append(s.Players, &Player{Seat: seat, Deck: name})
		s.Order = append(s.Order, seat)
	}
	// Card numbers are dealt at random, so that a hidden card's number
	// says nothing of which card it is; each deck is then shuffled on its own.
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	s.Cards = all
	for i, c := range all {
		s.Players[c.Owner].Draw.Push(i)
	}
	for _, p := range s.Players {
		rng.Shuffle(len(p.Draw), func(i, j int) { p.Draw[i], p.Draw[j] = p.Draw[j], p.Draw[i] })
	}
	return s, nil
}

// New starts a game.
func New(cfg Config) (*Game, error) {
	rng := engine.NewRNG(cfg.Seed)
	s, err := NewState(cfg, &rng)
	if err != nil {
		return nil, err
	}
	return engine.New[*State, Action, Event](Rules{}, s, rng)
}

// decideReserve checks a reserve fleet: at most as many cards as players,
// from the seat's own deck, before the ante (GE-reserve-create), and none
// marked one per deck (GE-reserve-restrictions; no starter card is).
func decideReserve(s *State, a *Action) error {
	if s.Phase != PhaseReserve {
		return engine.Refuse("GE-reserve-create", "the reserve fleet is set aside before the ante")
	}
	p := s.Players[a.Seat]
	if p.Chosen {
		return engine.Refuse("GE-reserve-create", "your reserve fleet is already set aside")
	}
	if len(a.Cards) > s.Started {
		return engine.Refuse("GE-reserve-create", "a reserve fleet holds at most %d cards", s.Started)
	}
	seen := map[int]bool{}
	for _, i := range a.Cards {
		if i < 0 || i >= len(s.Cards) || !p.Draw.Has(i) || seen[i] {
			return engine.BadInput("cards", "card %d is not in your deck", i)
		}
		seen[i] = true
	}
	return nil
}

func applyReserve(s *State, e Event) {
	p := s.Players[e.Action.Seat]
	for _, i := range e.Action.Cards {
		p.Draw.Remove(i)
		p.Reserve.Push(i)
		s.Cards[i].Zone = InReserve
	}
	p.Chosen = true
}

// followAnte draws the antes once every reserve is set: the strongest
// ante plays first, ties broken by a roll (GE-ante).
func followAnte(s *State, rng *engine.RNG) []Event {
	for _, p := range s.Players {
		if !p.Chosen {
			return nil
		}
	}
	rolls := make([]int, len(s.Players))
	for i := range rolls {
		rolls[i] = rng.IntN(1 << 20)
	}
	return []Event{{Kind: EvAnte, Rolls: rolls}}
}

func applyAnte(s *State, e Event) {
	strength := make([]int, len(s.Players))
	for _, p := range s.Players {
		if top := p.Draw.Pop(); top >= 0 {
			strength[p.Seat] = s.def(top).Strength
			s.put(top, InDiscard)
		}
	}
	slices.SortStableFunc(s.Order, func(a, b int) int {
		if strength[a] != strength[b] {
			return strength[b] - strength[a]
		}
		return e.Rolls[b] - e.Rolls[a]
	})
	for _, p := range s.Players {
		s.draw(p.Seat, OpeningHand) // GE-beginning
	}
	s.note(s.Order[0], fmt.Sprintf("antes drawn; seat %d plays first", s.Order[0]))
	s.startTurn(s.Order[0])
}

// draw moves up to n cards from the top of the seat's deck to its hand;
// an empty deck is not refilled (GE-7-draw).
func (s *State) draw(seat, n int) int {
	p := s.Players[seat]
	got := 0
	for ; got < n; got++ {
		c := p.Draw.Pop()
		if c < 0 {
			break
		}
		p.Hand.Push(c)
		s.Cards[c].Zone = InHand
	}
	return got
}

// put moves a card out of play or a pile into one of its owner's piles,
// clearing what it carried in play.
func (s *State) put(i int, z string) {
	c := s.Cards[i]
	p := s.Players[c.Owner]
	if pile := p.pile(c.Zone); pile != nil {
		pile.Remove(i)
	}
	*c = Card{Def: c.Def, Owner: c.Owner, Zone: z}
	p.pile(z).Push(i)
}
