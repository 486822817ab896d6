package ge

import "fmt"

// Check reports the first thing no legal play may reach: a card in two
// places or none, a card on a card out of play, a unit alive past its
// strength, a fleet over its command, a turn over its card plays.
func Check(s *State) error {
	if err := checkPiles(s); err != nil {
		return err
	}
	for i, c := range s.Cards {
		if c.Zone != InPlay {
			continue
		}
		if h := c.on(); h >= 0 && (!s.inPlay(h) || s.under(h, i)) {
			return fmt.Errorf("%s sits on %d, not in play", s.name(i), h)
		}
		if s.isUnit(i) && c.Damage >= s.strength(i) {
			return fmt.Errorf("%s has %d damage of %d and is still in play", s.name(i), c.Damage, s.strength(i))
		}
		if c.Shield < 0 || c.Damage < 0 || c.EMF < 0 {
			return fmt.Errorf("%s has negative damage or field", s.name(i))
		}
	}
	for _, p := range s.Players {
		if used := s.slotsUsed(p.Seat); used > 2*s.Started && !p.Out {
			return fmt.Errorf("seat %d uses %d half slots of %d", p.Seat, used, 2*s.Started)
		}
		if p.HQ < 0 || (p.HQ >= HQLife) != p.Out {
			return fmt.Errorf("seat %d: HQ damage %d, out %v", p.Seat, p.HQ, p.Out)
		}
	}
	if s.Plays > s.PlayLimit {
		return fmt.Errorf("%d card plays of %d", s.Plays, s.PlayLimit)
	}
	return nil
}

// checkPiles: every card is in exactly the pile its zone names, in play,
// or waiting as the pending deed.
func checkPiles(s *State) error {
	count := make([]int, len(s.Cards))
	for _, p := range s.Players {
		for _, z := range []string{InDeck, InHand, InDiscard, InReserve} {
			for _, i := range *p.pile(z) {
				if i < 0 || i >= len(s.Cards) || s.Cards[i].Zone != z || s.Cards[i].Owner != p.Seat {
					return fmt.Errorf("seat %d's %s holds card %d wrongly", p.Seat, z, i)
				}
				count[i]++
			}
		}
	}
	for i, c := range s.Cards {
		switch {
		case c.Zone == InPlay:
			count[i]++
		case c.Zone == "":
			if s.Pending == nil || (s.Pending.Deed.Card != i) {
				return fmt.Errorf("card %d is nowhere", i)
			}
			count[i]++
		}
		if count[i] != 1 {
			return fmt.Errorf("card %d is in %d places", i, count[i])
		}
	}
	return nil
}
