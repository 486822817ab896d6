package ti4

// Bystanders: from rules version 10, players with an ability usable in
// combats they are not in (an agent whose card names any player's
// combat: Use.Others) are asked at its moment, in initiative order
// (1.19): at the start of a space combat round before the fighters, whose
// own uses come as they announce retreats; at the start of a ground
// combat round and after a space combat roll (from version 11 a ground
// combat roll too), after the two fighters.

// AnswerSpaceRound is the window at the start of a space combat round
// for the players not in it with an ability for then (AtCombatRound).
const AnswerSpaceRound = "space_round"

// combatMoment reports the combat moments at which a player not in the
// combat may use an ability that allows it.
func combatMoment(at Moment) bool {
	return at == AtCombatRound || at == AtGroundRound || at == AfterRolled || at == AfterGroundRolled
}

// bystander reports seat outside the combat or the production under way
// at its moment, for which only Use.Others abilities serve them.
func (s *State) bystander(seat int, at Moment) bool {
	if s.rules() < RulesAgents {
		return false
	}
	switch at {
	case WhileProducing:
		return s.producingNear(seat)
	case WhileResearch:
		return s.researchingNear(seat)
	}
	c := s.Combat
	return c != nil && seat != c.Attacker && seat != c.Defender && combatMoment(at)
}

// producer is the player whose production is under way, None if none:
// a tactical action's, or an ability's in its step.
func (s *State) producer() int {
	if st := s.Step; st != nil {
		if st.Kind == StepWarfareProd || st.Kind == StepIndustry || st.Kind == StepFreelance {
			return st.Seat
		}
		return None
	}
	if t := s.Tactical; t != nil && t.Step == TacProduction {
		return t.Seat
	}
	return None
}

// producingNear reports another player's production under way, from rules
// version 10 a moment for seat's abilities that serve any player's
// production (WhileProducing with Use.Others).
func (s *State) producingNear(seat int) bool {
	p := s.producer()
	return s.rules() >= RulesAgents && p != None && p != seat
}

// bystanders are the players not in combat c with an ability ready at
// the moment, in initiative order; none before rules version 10.
func (s *State) bystanders(c *Combat, at Moment) []int {
	if s.rules() < RulesAgents {
		return nil
	}
	var out []int
	var buf [maxSeats]int
	for _, q := range s.appendInitiativeOrder(buf[:0]) {
		if q != c.Attacker && q != c.Defender && s.hasUse(q, at) && s.readyUse(q, at) {
			out = append(out, q)
		}
	}
	return out
}

// spaceRoundAsk opens, once per round before the retreats are announced,
// the window at the start of a space combat round for its bystanders;
// nil when none is to be asked.
func (s *State) spaceRoundAsk(c, n *Combat) []Event {
	if c.Step != CbAnnounceD || c.Answer != nil || len(c.Owed) > 0 || c.x().RoundAsked == c.Round+1 {
		return nil
	}
	return s.roundAsk(c, n, s.bystanders(c, AtCombatRound), AnswerSpaceRound)
}

// roundAsk opens on n the window of kind at the start of combat c's round
// for the seats rs, marking the round asked; nil when none is to be asked.
func (s *State) roundAsk(c, n *Combat, rs []int, kind string) []Event {
	if len(rs) == 0 {
		return nil
	}
	e := n.own()
	e.RoundAsked = c.Round + 1
	ask(n, rs, &e.Rounders, kind)
	return s.emit(setCombat(n, nil))
}

// researchingNear reports another player's research under way, from rules
// version 10 a moment for seat's abilities that serve any player's
// research (WhileResearch with Use.Others).
func (s *State) researchingNear(seat int) bool {
	st := s.Step
	return s.rules() >= RulesAgents && st != nil && st.Kind == StepResearch && st.Seat != seat
}
