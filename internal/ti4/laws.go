package ti4

// Laws as abilities: a law in play (7.3) changes a rule for everyone
// (Ability.Law) or for the player who owns it (Ability.Owned). Each law's
// definition is in agendas.go with the agendas' outcomes; rules code asks
// lawSays and lawGives and names no law.

// LawEffect is a set of rule changes.
type LawEffect uint32

// The rule changes laws make.
const (
	LawOneVoteEach        LawEffect = 1 << iota // each player casts one vote and exhausts no planet (8.6)
	LawHandLimitThree                           // the action card hand limit is 3 (2.8)
	LawStrategyCardsGiven                       // strategy cards are picked for other players (84)
	LawNoPDSLimit                               // no limit of two PDS on a planet (85.5)
	LawUnitsCostFull                            // units produced two for a cost cost it each (67.2)
	LawNexusAdjacent                            // the wormhole nexus is next to Mecatol Rex (100)
	LawFleetPoolFour                            // no more than 4 tokens in a fleet pool (37)
	LawMechsPlain                               // mechs lose their printed abilities (Articles of War)
	LawWormholesJoined                          // every alpha and beta system is adjacent to the others (18)
	LawWormholesClosed                          // alpha and beta wormholes do nothing during movement (18)
	LawNebulaePassable                          // ships move through nebulae (59.1a)
	LawWarSunsFragile                           // war suns do not sustain damage (87)
	LawNoCulturalBombard                        // no bombardment of units on cultural planets (15)

	// For the law's owner.
	LawNoActionCards   // its owner cannot play action cards (Political Censure)
	LawFightersPlusOne // its owner's fighters roll +1; produced fewer than two, the law goes
	LawTradeGoodOnGain // a trade good when its owner gains a planet (25)
	LawIndustryOnDock  // a space dock its owner places produces at once
	LawFreeResearch    // its owner researches by a secondary without paying (91)
	LawActionAfterTurn // after its owner's action, one more may follow (the law is discarded)
	LawSecretsRevealed // its owner plays with secret objectives revealed (Search Warrant)
)

// lawSays reports a law in play that makes the change e for everyone.
func (s *State) lawSays(e LawEffect) bool {
	if s.LawsBlank {
		return false
	}
	for i := range s.Laws {
		if a := definitions[s.Laws[i].Card]; a != nil && a.Law&e != 0 {
			return true
		}
	}
	return false
}

// lawGives is the id of a law seat owns that makes the change e for it,
// or "".
func (s *State) lawGives(seat int, e LawEffect) string {
	if s.LawsBlank {
		return ""
	}
	for i := range s.Laws {
		if l := s.Laws[i]; l.Owner == seat {
			if a := definitions[l.Card]; a != nil && a.Owned&e != 0 {
				return l.Card
			}
		}
	}
	return ""
}
