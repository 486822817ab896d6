package ge

import (
	"github.com/mecatol/mecatol/internal/zone"
)

// View is what one seat may see (-1: a watcher): every card in play and
// in the discard piles, its own hand, the reserve fleets once the ante is
// drawn, and of the rest only how many. A card the seat may not see has
// no Def.
type View struct {
	Seat      int          `json:"seat"`
	Phase     string       `json:"phase"`
	Active    int          `json:"active"`
	Order     []int        `json:"order"`
	Turn      int          `json:"turn"`
	Plays     int          `json:"plays"`
	PlayLimit int          `json:"play_limit"`
	Winner    int          `json:"winner"`
	Waiting   int          `json:"waiting"` // the seat the game waits on
	Pending   *Window      `json:"pending,omitempty"`
	Players   []PlayerView `json:"players"`
	Cards     []Card       `json:"cards"`
	Log       []Note       `json:"log,omitempty"`
}

// PlayerView is one seat's piles as the viewer sees them.
type PlayerView struct {
	Seat    int       `json:"seat"`
	Deck    string    `json:"deck"`
	HQ      int       `json:"hq"`
	Out     bool      `json:"out,omitempty"`
	Draw    zone.Seen `json:"draw"`
	Hand    zone.Seen `json:"hand"`
	Discard zone.Seen `json:"discard"`
	Reserve zone.Seen `json:"reserve"`
}

// Deciding is the seat whose choice the game waits for.
func Deciding(s *State) int {
	switch {
	case s.Pending != nil && len(s.Pending.Asked) > 0:
		return s.Pending.Asked[0]
	case s.Phase == PhaseReserve:
		for _, p := range s.Players {
			if !p.Chosen {
				return p.Seat
			}
		}
	}
	return s.Active
}

// SeatView builds the view of seat (-1 for a watcher).
func SeatView(s *State, seat int) *View {
	v := &View{Seat: seat, Phase: s.Phase, Active: s.Active, Order: append([]int(nil), s.Order...),
		Turn: s.Turn, Plays: s.Plays, PlayLimit: s.PlayLimit, Winner: s.Winner, Waiting: Deciding(s),
		Log: append([]Note(nil), s.Log...)}
	if s.Pending != nil {
		w := *s.Pending
		w.Asked = append([]int(nil), w.Asked...)
		v.Pending = &w
	}
	revealed := s.Phase != PhaseReserve
	for _, p := range s.Players {
		mine := p.Seat == seat
		res := zone.Owner
		if revealed {
			res = zone.Public
		}
		v.Players = append(v.Players, PlayerView{Seat: p.Seat, Deck: p.Deck, HQ: p.HQ, Out: p.Out,
			Draw: zone.See(p.Draw, zone.Hidden, mine), Hand: zone.See(p.Hand, zone.Owner, mine),
			Discard: zone.See(p.Discard, zone.Public, mine), Reserve: zone.See(p.Reserve, res, mine)})
	}
	v.Cards = make([]Card, len(s.Cards))
	for i, c := range s.Cards {
		v.Cards[i] = *c
		if !s.visible(i, seat) {
			v.Cards[i] = Card{Owner: c.Owner, Zone: c.Zone} // where it is, not which card
		}
	}
	return v
}

// visible reports whether seat may know which card instance i is.
func (s *State) visible(i, seat int) bool {
	c := s.Cards[i]
	switch c.Zone {
	case InPlay, InDiscard, "":
		return true
	case InReserve:
		return c.Owner == seat || s.Phase != PhaseReserve
	case InHand:
		if c.Owner == seat {
			return true
		}
		if seat >= 0 {
			for _, x := range s.Players[seat].Seen {
				if x == i {
					return true
				}
			}
		}
		return false
	case InDeck:
		return c.Owner == seat
	}
	return false
}
