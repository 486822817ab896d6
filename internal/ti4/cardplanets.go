package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
	"github.com/mecatol/mecatol/internal/ti4/galaxy"
)

// Planet cards held off the board (Ability.CardPlanet): a technology gives
// its owner a planet card that is on no tile, and that they never lose.
// The card lies in a system of no tile (data.CardsTile) at cardsPos, which
// no map reaches and nothing is adjacent to: it is found, exhausted,
// readied, spent and counted as every other planet is (it is a planet for
// objectives and agendas), and it holds nothing, not units nor tokens
// (where refuses it as a system; CheckInvariants keeps it bare).

// EvCardPlanet: seat gains the planet card Planet, exhausted (25.1).
const EvCardPlanet = "planet_card_gained"

// cardsPos is the position of the planet cards held off the board.
const cardsPos = galaxy.OffBoard + 500

// isCards reports the system that holds the planet cards off the board.
func isCards(sys *System) bool { return sys.Tile == data.CardsTile }

// cardsRefused is the refusal of an action that takes the planet cards
// off the board for a system, or one of them for a planet on it (88).
func cardsRefused() error {
	return engine.Refuse("88", "a planet card held off the board has no system: nothing moves to, is placed in or is done in it")
}

// cardPlanetsDue are the events of seat gaining the planet cards its
// abilities give and no one holds yet.
func cardPlanetsDue(s *State, seat int) []Event {
	var ev []Event
	s.abilities(seat, func(a *Ability) {
		if a.CardPlanet == "" {
			return
		}
		if pl, _ := s.indexed(a.CardPlanet); pl == nil {
			ev = append(ev, Event{Kind: EvCardPlanet, Seat: seat, Planet: a.CardPlanet})
		}
	})
	return s.emit(ev...)
}

// givesCardPlanet reports a technology whose ability gives a planet card.
func givesCardPlanet(tech string) bool {
	d := lookup(tech)
	return d != nil && d.CardPlanet != ""
}

func applyCardPlanet(s *State, e *Event) bool {
	switch e.Kind {
	case EvCardPlanet:
		sys := s.System(cardsPos)
		if sys == nil {
			sys = &System{Pos: cardsPos, Tile: data.CardsTile}
			s.Systems = append(slices.Clip(s.Systems), sys)
		}
		sys.Planets = append(slices.Clip(sys.Planets), &Planet{Name: e.Planet, Controller: e.Seat, Exhausted: true, OffBoard: true})
		s.index()
		return true
	}
	return false
}

// cardsBare reports what the planet cards off the board hold that they
// may not, or "".
func cardsBare(sys *System) string {
	if len(sys.Space) > 0 || len(sys.Command) > 0 || len(sys.Tokens) > 0 {
		return "units or tokens in the space of the planet cards held off the board"
	}
	for _, pl := range sys.Planets {
		if len(pl.Units) > 0 || len(pl.Tokens) > 0 || pl.ControlToken || pl.Controller == None {
			return pl.Name + ", a planet card held off the board, holds units or tokens, or has no controller"
		}
	}
	return ""
}

// mecatolCannon is the space cannon Mecatol Rex has for its controller by
// their planet card (MecatolCannon).
func (s *State) mecatolCannon(pl *Planet) combat.Roll {
	if pl.Name != MecatolRex || pl.Controller == None {
		return combat.Roll{}
	}
	if a := s.abilityWith(pl.Controller, hookMecatolCannon); a != nil {
		return a.MecatolCannon
	}
	return combat.Roll{}
}

func hookMecatolCannon(a *Ability) bool    { return a.MecatolCannon.Dice > 0 }
func hookMecatolProduction(a *Ability) int { return a.MecatolProduction }
func hookImperialTokens(a *Ability) int    { return a.ImperialTokens }
func hookNearMecatol(a *Ability) bool      { return a.NearMecatol }

// imperialTokens: each other player whose planet card asks it gains
// command tokens after seat gains Imperial's point for Mecatol Rex (45.2),
// placing them as they choose.
func imperialTokens(s *State, seat int) []Event {
	var ev []Event
	for _, q := range s.Active() {
		if n := s.bonus(q, hookImperialTokens); q != seat && n > 0 {
			ev = append(ev, queue(Step{Kind: StepGainTokens, Seat: q, Need: n}))
		}
	}
	return s.emit(ev...)
}

// nearMecatol is the seats with units or planets in or next to the
// Mecatol Rex system, as a bit each.
func (s *State) nearMecatol() uint32 {
	_, sys := s.Planet(MecatolRex)
	if sys == nil {
		return 0
	}
	var m uint32
	add := func(x *System) {
		for q := range s.Players {
			if q < 32 && present(x, q) {
				m |= 1 << uint(q)
			}
		}
	}
	add(sys)
	for _, p := range s.galaxy.Neighbors(sys.Pos, s.Wormholes) {
		if x := s.System(p); x != nil {
			add(x)
		}
	}
	return m
}

// mecatolNeighbors adds to seat's neighbors (mask) the seats made so by a
// player's ability (NearMecatol): for its owner, everyone near Mecatol
// Rex; for anyone near it, the owner.
func (s *State) mecatolNeighbors(seat int, mask uint32) uint32 {
	if s.rules() < RulesCodex {
		return mask
	}
	near := uint32(0)
	for q := range s.Players {
		if s.Players[q].Eliminated || q >= 32 || s.abilityWith(q, hookNearMecatol) == nil {
			continue
		}
		if near == 0 {
			near = s.nearMecatol()
		}
		switch {
		case q == seat:
			mask |= near
		case seat < 32 && near&(1<<uint(seat)) != 0:
			mask |= 1 << uint(q)
		}
	}
	return mask &^ (1 << uint(seat))
}
