package ti4

import (
	"os"
	"slices"
	"strconv"
	"testing"
)

// agendaFixture stages the three-player fixture at the last step of a status
// phase, with the custodians token gone (27.4) and the given agendas on top
// of the deck; one redistribution later the agenda phase begins (8.1).
// Seat 0 is the speaker, so seats vote 1, 2, 0 (8.2 ii).
func agendaFixture(t *testing.T, top []string, stage func(s *State)) *Game {
	t.Helper()
	g := fixtureAgendaWindows(t, top, stage)
	passWindows(t, g)
	return g
}

// passWindows has everyone pass the "when" and "after" windows.
func passWindows(t *testing.T, g *Game) {
	t.Helper()
	for ag := g.State().Agenda; ag != nil && ag.Window != ""; ag = g.State().Agenda {
		do(t, g, act(ActPassWindow, ag.WindowQueue[0]))
	}
}

// vote casts seat's votes for outcome by exhausting planets (8.6).
func vote(t *testing.T, g *Game, seat int, outcome string, planets ...string) {
	t.Helper()
	passWindows(t, g)
	do(t, g, Action{Kind: ActVote, Seat: seat, Outcome: outcome})
	if g.State().Agenda.Voting {
		for _, p := range planets {
			do(t, g, Action{Kind: ActSpendPlanet, Seat: seat, Planet: p})
		}
		do(t, g, act(ActDone, seat))
	}
	passWindows(t, g)
}

func abstain(t *testing.T, g *Game, seat int) {
	t.Helper()
	passWindows(t, g)
	do(t, g, act(ActAbstain, seat))
	passWindows(t, g)
}

func seatStr(q int) string { return strconv.Itoa(q) }

// 8.1: the agenda phase joins the round only once the custodians token is
// gone; until then the status phase leads straight to a new round.
func TestRule8_1_AgendaPhaseOnlyAfterCustodians(t *testing.T) {
	g := agendaFixture(t, []string{"mutiny"}, func(s *State) { s.AgendaPhase = false })
	if s := g.State(); s.Phase != PhaseStrategy || s.Round != 2 || s.Agenda != nil {
		t.Fatalf("without the agenda phase: phase %s round %d", s.Phase, s.Round)
	}
	g = agendaFixture(t, []string{"mutiny"}, nil)
	s := g.State()
	if s.Phase != PhaseAgenda || s.Round != 1 {
		t.Fatalf("8.1: phase %s round %d, want the agenda phase of round 1", s.Phase, s.Round)
	}
	if s.Agenda.Card != "mutiny" || slices.Contains(s.Decks.Agendas, "mutiny") {
		t.Fatalf("8.2 i: revealed %q; deck still holds it: %v", s.Agenda.Card, slices.Contains(s.Decks.Agendas, "mutiny"))
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
}

// 8.2 ii: voting starts at the speaker's left and goes clockwise; the
// speaker votes last.
func TestRule8_2_VotingOrder(t *testing.T) {
	g := agendaFixture(t, []string{"mutiny"}, nil)
	if v := g.State().Agenda.Voters; !slices.Equal(v, []int{1, 2, 0}) {
		t.Fatalf("voters %v, want [1 2 0]", v)
	}
	refuse(t, g, Action{Kind: ActVote, Seat: 0, Outcome: For}, "8.2")
	refuse(t, g, Action{Kind: ActVote, Seat: 2, Outcome: For}, "8.2")
	vote(t, g, 1, For, "Jord")
	refuse(t, g, Action{Kind: ActVote, Seat: 0, Outcome: For}, "8.2")
	abstain(t, g, 2)
	abstain(t, g, 0)
	if g.State().Agenda.Number != 2 {
		t.Fatalf("8.3: the second agenda should be up, got %+v", g.State().Agenda)
	}
}

// 8.6, 8.6a, 8.13: votes are the influence of exhausted planets, in full;
// trade goods cast none; an exhausted planet cannot be used again.
func TestRule8_6_VotesFromInfluence(t *testing.T) {
	g := agendaFixture(t, []string{"mutiny"}, func(s *State) { s.Players[1].TradeGoods = 5 })
	do(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For})
	refuse(t, g, Action{Kind: ActSpendTG, Seat: 1, Count: 2}, "8.13")
	refuse(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: "Jol"}, "8.6")
	do(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: "Jord"})
	refuse(t, g, Action{Kind: ActSpendPlanet, Seat: 1, Planet: "Jord"}, "8.6")
	do(t, g, act(ActDone, 1))
	b := g.State().Agenda.Ballots[0]
	if b.Seat != 1 || b.Outcome != For || b.Votes != 2 {
		t.Fatalf("ballot %+v, want 2 votes (Jord's influence) for", b)
	}
	if !planet(t, g, "Jord").Exhausted {
		t.Fatal("8.6: the planet is exhausted to vote")
	}
}

// 8.7, 8.8: one outcome per player, for or against.
func TestRule8_7_OneOutcome(t *testing.T) {
	g := agendaFixture(t, []string{"mutiny"}, nil)
	refuse(t, g, Action{Kind: ActVote, Seat: 1, Outcome: "maybe"}, "8.8")
	refuse(t, g, Action{Kind: ActVote, Seat: 1, Outcome: "0"}, "8.8")
	do(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For})
	refuse(t, g, Action{Kind: ActVote, Seat: 1, Outcome: Against}, "8.7")
}

// 8.9, 8.10, 8.11: elections name an eligible player (oneself included) or
// a planet some player controls.
func TestRule8_9_Elections(t *testing.T) {
	g := agendaFixture(t, []string{"archived_secret", "compensated_disarmament"}, nil)
	refuse(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For}, "8.9")
	refuse(t, g, Action{Kind: ActVote, Seat: 1, Outcome: "7"}, "8.9")
	vote(t, g, 1, seatStr(1), "Jord") // 8.10: for oneself
	vote(t, g, 2, seatStr(0), "Hercant")
	abstain(t, g, 0)
	s := g.State()
	if len(s.Players[1].Secrets) != 1 {
		t.Fatalf("8.10a: the elected player (seat 1, 2 votes) draws a secret: %v", s.Players[1].Secrets)
	}
	// Compensated Disarmament elects a planet: one with a controller (8.11).
	passWindows(t, g)
	refuse(t, g, Action{Kind: ActVote, Seat: 1, Outcome: "Lodor"}, "8.11")
	vote(t, g, 1, "Jol")
}

// 8.14: abstaining casts no votes; 8.19: with no votes, or a tie, the
// speaker decides among the tied outcomes, and only the speaker.
func TestRule8_19_SpeakerBreaksTies(t *testing.T) {
	g := agendaFixture(t, []string{"seed_of_an_empire"}, func(s *State) { s.Players[2].VP = 3 })
	vote(t, g, 1, For, "Jord")                   // 2
	vote(t, g, 2, Against, "Hercant", "Kamdorn") // 2
	abstain(t, g, 0)
	s := g.State()
	if !slices.Equal(s.Agenda.Tied, []string{For, Against}) {
		t.Fatalf("tied %v", s.Agenda.Tied)
	}
	refuse(t, g, Action{Kind: ActBreakTie, Seat: 1, Outcome: For}, "8.19")
	refuse(t, g, Action{Kind: ActBreakTie, Seat: 0, Outcome: "1"}, "8.19")
	do(t, g, Action{Kind: ActBreakTie, Seat: 0, Outcome: For})
	passWindows(t, g)
	if vp := g.State().Players[2].VP; vp != 4 {
		t.Fatalf("Seed of an Empire for: the leader (seat 2) should gain a point, has %d", vp)
	}
	if err := CheckInvariants(g.State()); err == nil {
		t.Log("(staged points are not backed; only checking the gain here)")
	}

	// No votes at all: the speaker chooses among every outcome.
	g = agendaFixture(t, []string{"archived_secret"}, nil)
	abstain(t, g, 1)
	abstain(t, g, 2)
	abstain(t, g, 0)
	if tied := g.State().Agenda.Tied; !slices.Equal(tied, []string{"0", "1", "2"}) {
		t.Fatalf("8.19: with no votes the speaker picks among all outcomes, got %v", tied)
	}
}

// 8.3, 8.4: a second agenda, then every planet is readied and a new round
// begins with the strategy phase.
func TestRule8_4_ReadyPlanetsAndNewRound(t *testing.T) {
	g := agendaFixture(t, []string{"mutiny", "incentive_program"}, nil)
	vote(t, g, 1, Against, "Jord")
	abstain(t, g, 2)
	abstain(t, g, 0)
	s := g.State()
	if s.Agenda.Number != 2 || s.Agenda.Card != "incentive_program" {
		t.Fatalf("8.3: second agenda %+v", s.Agenda)
	}
	if !planet(t, g, "Jord").Exhausted {
		t.Fatal("planets stay exhausted between agendas")
	}
	revealed := len(s.Decks.Revealed)
	abstain(t, g, 1)
	vote(t, g, 2, For, "Hercant")
	abstain(t, g, 0)
	s = g.State()
	if s.Phase != PhaseStrategy || s.Round != 2 || s.Agenda != nil {
		t.Fatalf("8.4: phase %s round %d", s.Phase, s.Round)
	}
	if planet(t, g, "Jord").Exhausted {
		t.Fatal("8.4: planets are readied")
	}
	if len(s.Decks.Revealed) != revealed+1 {
		t.Fatal("Incentive Program for: a stage I objective is revealed")
	}
	if !slices.Equal(s.Decks.AgendaDiscard, []string{"mutiny", "incentive_program"}) {
		t.Fatalf("8.21: directives are discarded: %v", s.Decks.AgendaDiscard)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
}

// 8.16: a player barred from voting is skipped, and cannot vote by any means.
func TestRule8_16_BarredFromVoting(t *testing.T) {
	g := agendaFixture(t, []string{"public_execution", "mutiny"}, func(s *State) {
		s.Players[0].ActionCards = []string{"sabotage"}
		s.Decks.ActionCards = slices.DeleteFunc(s.Decks.ActionCards, func(c string) bool { return c == "sabotage" })
	})
	vote(t, g, 1, seatStr(0), "Jord")
	abstain(t, g, 2)
	abstain(t, g, 0)
	s := g.State()
	if len(s.Players[0].ActionCards) != 0 || s.Speaker != 1 {
		t.Fatalf("Public Execution: hand %v, speaker %d (want none, and seat 1)", s.Players[0].ActionCards, s.Speaker)
	}
	passWindows(t, g)
	s = g.State()
	if !slices.Equal(s.Agenda.Voters, []int{2, 1}) {
		t.Fatalf("8.16: seat 0 may not vote on the second agenda; voters %v", s.Agenda.Voters)
	}
	refuse(t, g, Action{Kind: ActVote, Seat: 0, Outcome: For}, "8.16")
}

// 7.3, Fleet Regulations: command tokens gained go to a fleet pool only up
// to 4; a fleet pool already over the limit keeps no one from gaining
// tokens into the other pools.
func TestRule7_3_FleetRegulationsGains(t *testing.T) {
	cfg := fixtureConfig()
	cfg.Rules = RulesCurrent
	for _, fleet := range []int{4, 5} {
		g := fixture(t, cfg, func(s *State) {
			withLaw("fleet_regulations", None)(s)
			s.Players[0].Fleet = fleet
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		strategic(t, g, 0, "leadership")
		refuse(t, g, Action{Kind: ActGainTokens, Seat: 0, Pools: &Pools{1, 1, 1}}, "7.3")
		do(t, g, Action{Kind: ActGainTokens, Seat: 0, Pools: &Pools{2, 0, 1}})
		if p := g.State().Players[0]; p.Fleet != fleet {
			t.Fatalf("fleet %d: now %d", fleet, p.Fleet)
		}
	}
}

// 7.3, 7.4, 7.5, 7.6: a law that passes stays in play (owned when it elects
// a player); against, it is discarded; discarded, its effect ends.
func TestRule7_3_Laws(t *testing.T) {
	g := agendaFixture(t, []string{"fleet_regulations", "minister_of_policy"}, func(s *State) { s.Players[1].Fleet = 6 })
	vote(t, g, 1, For, "Jord")
	abstain(t, g, 2)
	abstain(t, g, 0)
	s := g.State()
	if l := s.Law("fleet_regulations"); l == nil || l.Owner != None {
		t.Fatalf("7.3: the law stays in the common play area: %v", s.Laws)
	}
	if s.Players[1].Fleet != 4 {
		t.Fatalf("Fleet Regulations: fleet pool %d, want 4", s.Players[1].Fleet)
	}
	abstain(t, g, 1)
	vote(t, g, 2, seatStr(2), "Hercant")
	abstain(t, g, 0)
	s = g.State()
	if !s.OwnsLaw(2, "minister_of_policy") {
		t.Fatalf("7.4: the elected player owns the law: %v", s.Laws)
	}
	// 7.6: against discards a law.
	g = agendaFixture(t, []string{"enforced_travel_ban"}, nil)
	vote(t, g, 1, Against, "Jord")
	abstain(t, g, 2)
	abstain(t, g, 0)
	if s := g.State(); s.Law("enforced_travel_ban") != nil || !slices.Contains(s.Decks.AgendaDiscard, "enforced_travel_ban") {
		t.Fatalf("7.6: %v / %v", s.Laws, s.Decks.AgendaDiscard)
	}
	// 7.5: Judicial Abolishment discards an elected law.
	g = agendaFixture(t, []string{"judicial_abolishment"}, func(s *State) {
		s.Laws = []Law{{Card: "fleet_regulations", Owner: None}}
		s.Decks.Agendas = slices.DeleteFunc(s.Decks.Agendas, func(c string) bool { return c == "fleet_regulations" })
	})
	vote(t, g, 1, "fleet_regulations", "Jord")
	abstain(t, g, 2)
	abstain(t, g, 0)
	s = g.State()
	if len(s.Laws) != 0 || !slices.Contains(s.Decks.AgendaDiscard, "fleet_regulations") {
		t.Fatalf("7.5: law not discarded: %v", s.Laws)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
}

// Agendas that cannot be resolved are discarded as they are revealed.
func TestRule7_DiscardedOnReveal(t *testing.T) {
	g := agendaFixture(t, []string{"judicial_abolishment", "classified_document_leaks", "mutiny"}, nil)
	s := g.State()
	if s.Agenda.Card != "mutiny" || !slices.Equal(s.Decks.AgendaDiscard, []string{"judicial_abolishment", "classified_document_leaks"}) {
		t.Fatalf("revealed %s, discarded %v", s.Agenda.Card, s.Decks.AgendaDiscard)
	}
}

// Random legal play through agenda phases, from several seeds: every
// listed action is accepted, the invariants hold after every action (cards
// in one place, points backed), and agendas are resolved.
func TestRule8_RandomAgendaPhases(t *testing.T) {
	resolved := 0
	n := uint64(6)
	if testing.Short() {
		n = 3
	}
	if os.Getenv("MECATOL_SOAK") != "" {
		n = 200
	}
	for seed := uint64(0); seed < n; seed++ {
		s, rng, err := Setup(Config{Players: 3 + int(seed)%4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		s.AgendaPhase, s.Custodians = true, false
		g := fixtureFrom(t, s, rng)
		playRandom(t, g, seed, 4, 30000)
		st := g.State()
		resolved += len(st.Decks.AgendaDiscard) + len(st.Laws)
	}
	if resolved < 12 {
		t.Fatalf("only %d agendas resolved in 6 games of 4 rounds", resolved)
	}
	t.Logf("%d agendas resolved", resolved)
}
