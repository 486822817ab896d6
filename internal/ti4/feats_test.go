package ti4

import (
	"slices"
	"testing"
)

// wonAgainstWarSun plays Jol-Nar's attack on Sol's lone war sun until a
// seed where the war sun dies and Jol-Nar holds the system.
func wonAgainstWarSun(t *testing.T) *Game {
	t.Helper()
	for seed := uint64(1); seed < 30; seed++ {
		cfg := fixtureConfig()
		cfg.Seed = seed
		g := fixture(t, cfg, func(s *State) {
			s.Players[0].Secrets = []string{"destroy_their_greatest_ship"}
			s.Players[0].Fleet = 5
			s.System(9).Space = []Stack{{Owner: 0, Unit: "war_sun", Count: 2}, {Owner: 0, Unit: "dreadnought", Count: 3}}
			s.System(23).Space = []Stack{{Owner: 1, Unit: "war_sun", Count: 1}}
			s.Players[0].Techs = append(s.Players[0].Techs, "war_sun")
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		refuse(t, g, Action{Kind: ActScore, Seat: 0, Card: "destroy_their_greatest_ship"}, "61.5")
		activated(t, g, 0, 23)
		do(t, g, moveShips(0, 9, "war_sun", 2))
		do(t, g, moveShips(0, 9, "dreadnought", 3))
		do(t, g, act(ActEndMovement, 0))
		fightOut(t, g)
		if s := g.State(); !shipsOf(s.System(23), 1) && shipsOf(s.System(23), 0) {
			return g
		}
	}
	t.Fatal("no seed destroyed the war sun")
	return nil
}

// 61.3, 61.5, 61.7: an action-phase secret objective is scored for a deed
// of the current turn, once the combat is over.
func TestRule61_7_ActionPhaseSecrets(t *testing.T) {
	g := wonAgainstWarSun(t)
	do(t, g, Action{Kind: ActScore, Seat: 0, Card: "destroy_their_greatest_ship"})
	if p := g.State().Players[0]; p.VP != 1 || len(p.ScoredSecrets) != 1 {
		t.Fatalf("VP %d", p.VP)
	}
}

// The deed is forgotten when the turn ends.
func TestRule61_7_FeatsLastATurn(t *testing.T) {
	g := wonAgainstWarSun(t)
	do(t, g, act(ActEndTactical, 0))
	refuse(t, g, Action{Kind: ActScore, Seat: 0, Card: "destroy_their_greatest_ship"}, "61.5")
}

// 61.3, 61.7: the other Prophecy of Kings secret objectives. Become a
// Martyr (losing a planet in a home system), Prove Endurance (the last to
// pass, scored as they pass), Dictate Policy (three laws in play, in the
// agenda phase) and Drive the Debate (elected by an agenda).
func TestRule61_7_MoreSecrets(t *testing.T) {
	t.Run("become_a_martyr", func(t *testing.T) {
		g := tacticalFixture(t, func(s *State) { s.Players[1].Secrets = []string{"become_a_martyr"}; s.Players[1].SecretChoice = nil })
		do(t, g, Action{Kind: ActLosePlanet, Seat: Referee, Planet: "Jord", ActionExtra: &ActionExtra{Player: ip(1)}})
		do(t, g, Action{Kind: ActScore, Seat: 1, Card: "become_a_martyr"})
		if g.State().Players[1].VP != 1 {
			t.Fatal("scored for losing a home planet")
		}
	})
	t.Run("prove_endurance", func(t *testing.T) {
		g := fixture(t, fixtureConfig(), func(s *State) {
			p := s.Players[2]
			s.Decks.Secrets = append(s.Decks.Secrets, p.SecretChoice...)
			p.Secrets, p.SecretChoice = []string{"prove_endurance"}, nil
			s.Decks.Secrets = slices.DeleteFunc(s.Decks.Secrets, func(c string) bool { return c == "prove_endurance" })
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		for g.State().Phase == PhaseAction {
			s := g.State()
			seat := Waiting(s, engineRNG())[0]
			opts := Legal(s, engineRNG(), seat)
			chosen := opts[len(opts)-1]
			for _, o := range opts {
				if o.Kind == ActStrategic {
					chosen = o
					break
				}
			}
			if seat != s.Turn && s.Step == nil {
				for _, o := range opts {
					if o.Kind == ActSecondary && !o.Use {
						chosen = o
					}
				}
			}
			do(t, g, chosen)
		}
		if p := g.State().Players[2]; p.VP != 1 || !slices.Contains(p.ScoredSecrets, "prove_endurance") {
			t.Fatalf("the last to pass is Hacan (seat 2): VP %d, scored %v", p.VP, p.ScoredSecrets)
		}
	})
	t.Run("dictate_policy_and_drive_the_debate", func(t *testing.T) {
		g := agendaFixture(t, []string{"minister_of_policy", "mutiny"}, func(s *State) {
			p := s.Players[1]
			s.Decks.Secrets = append(s.Decks.Secrets, p.SecretChoice...)
			p.Secrets, p.SecretChoice = []string{"dictate_policy", "drive_the_debate"}, nil
			for _, c := range p.Secrets {
				s.Decks.Secrets = slices.DeleteFunc(s.Decks.Secrets, func(x string) bool { return x == c })
				for _, q := range s.Players {
					if q.Seat != 1 && slices.Contains(q.SecretChoice, c) {
						q.SecretChoice = slices.DeleteFunc(q.SecretChoice, func(x string) bool { return x == c })
						q.SecretChoice = append(q.SecretChoice, s.Decks.Secrets[0])
						s.Decks.Secrets = s.Decks.Secrets[1:]
					}
				}
			}
			withLaw("fleet_regulations", None)(s)
			withLaw("shared_research", None)(s)
		})
		refuse(t, g, Action{Kind: ActScore, Seat: 1, Card: "dictate_policy"}, "61.5")
		vote(t, g, 1, "1", "Jord")
		abstain(t, g, 2)
		abstain(t, g, 0)
		do(t, g, Action{Kind: ActScore, Seat: 1, Card: "dictate_policy"})
		do(t, g, Action{Kind: ActScore, Seat: 1, Card: "drive_the_debate"})
		s := g.State()
		if s.Players[1].VP != 2 {
			t.Fatalf("three laws, and elected: VP %d", s.Players[1].VP)
		}
		if err := CheckInvariants(s); err != nil {
			t.Fatal(err)
		}
	})
}

// Turn Their Fleets to Dust: a space cannon offense hit that leaves the
// player no ships there; its Ω version (Codex III, from rules version 9)
// needs only their last non-fighter ships destroyed, fighters left or not.
func TestSecretObjective_TurnTheirFleetsToDust(t *testing.T) {
	for _, c := range []struct {
		name    string
		rules   int
		noCodex bool
		unit    string
		left    []Stack
		want    bool
	}{
		{"printed: all ships gone", RulesKeleres, false, "cruiser", nil, true},
		{"printed: a fighter left", RulesKeleres, false, "cruiser", []Stack{{Owner: 1, Unit: "fighter", Count: 1}}, false},
		{"Ω: a fighter left", RulesCodex, false, "cruiser", []Stack{{Owner: 1, Unit: "fighter", Count: 1}}, true},
		{"Ω: a fighter destroyed, none was a ship of the fleet", RulesCodex, false, "fighter", nil, false},
		{"Ω: a cruiser left", RulesCodex, false, "destroyer", []Stack{{Owner: 1, Unit: "cruiser", Count: 1}}, false},
		{"without the Codex: printed", RulesCodex, true, "cruiser", []Stack{{Owner: 1, Unit: "fighter", Count: 1}}, false},
	} {
		s := fixture(t, fixtureConfig(), nil).State()
		s.Options.Rules, s.Options.NoCodex = c.rules, c.noCodex
		sys := s.System(21)
		sys.Space = c.left
		hitFeats(s, Owed{Seat: 1, By: 0, Rule: "77.5"}, sys, c.unit)
		if got := slices.Contains(s.Players[0].Feats, "turn_their_fleets_to_dust"); got != c.want {
			t.Errorf("%s: feat %v", c.name, got)
		}
	}
}
