package ti4

import (
	"slices"
	"testing"
)

// neuraloopReveal has seat 0 hold Neuraloop and Shard of the Throne (its
// point with it) as the status phase reveals a stage I objective.
func neuraloopReveal(t *testing.T) *Game {
	t.Helper()
	cfg := fixtureConfig()
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		giveRelic(0, neuraloop)(s)
		giveRelic(0, shard)(s)
		s.Players[0].VP++
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	passActionPhase(t, g)
	skipScoring(t, g)
	return g
}

// 73.3: Neuraloop (Codex IV, rules version 10). As a public objective is
// revealed its holder may purge a relic of theirs to put the top card of
// the objective deck they name in its place; a secret objective so
// revealed is public. Shard of the Throne's point goes with it.
func TestRule73_3_Neuraloop(t *testing.T) {
	g := neuraloopReveal(t)
	s := g.State()
	st := s.Step
	if st == nil || st.Kind != StepRelic || st.Card != neuraloop || st.Seat != 0 || len(st.Cards) != 1 || st.Cards[0] != s.Decks.Revealed[2] {
		t.Fatalf("step %+v: Neuraloop's, for the objective just revealed (%v)", st, s.Decks.Revealed)
	}
	old, next := st.Cards[0], s.Decks.Secrets[0]
	refuse(t, g, Action{Kind: ActRedistribute, Seat: 1, Pools: &Pools{3, 3, 2}}, "73.3") // the step first
	use := func(deck, relic string) Action {
		return Action{Kind: ActUseRelic, Seat: 0, Card: neuraloop, Use: true, Outcome: deck, ActionExtra: &ActionExtra{Cards: []string{relic}}}
	}
	refuse(t, g, use("secret", "the_codex"), "73.3")
	refuse(t, g, use("stage_iii", shard), "73.3")
	do(t, g, use("secret", shard))
	s = g.State()
	if slices.Contains(s.Decks.Revealed, old) || s.Decks.Revealed[2] != next || slices.Contains(s.Decks.Secrets, next) {
		t.Fatalf("revealed %v: %s in place of %s", s.Decks.Revealed, next, old)
	}
	if p := s.Players[0]; slices.Contains(p.Relics, shard) || !slices.Contains(s.Decks.Purged, shard) || p.VP != 0 || !slices.Contains(p.Relics, neuraloop) {
		t.Fatalf("relics %v, purged %v, %d points: the Shard purged with its point, Neuraloop kept", p.Relics, s.Decks.Purged, p.VP)
	}
	if !s.leaked(next) || !slices.Contains(s.scorablePublics(), next) {
		t.Fatal("the secret objective revealed is a public one")
	}
}

// Declined, the objective revealed stays; the step closes.
func TestRule73_3_NeuraloopDeclined(t *testing.T) {
	g := neuraloopReveal(t)
	revealed := slices.Clone(g.State().Decks.Revealed)
	do(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: neuraloop})
	if s := g.State(); s.Step != nil || !slices.Equal(s.Decks.Revealed, revealed) || !slices.Contains(s.Players[0].Relics, neuraloop) {
		t.Fatalf("step %+v, revealed %v (was %v)", s.Step, s.Decks.Revealed, revealed)
	}
}

// 61.7, 73.3: an action-phase secret objective revealed as public by
// Neuraloop is scored by any player at its own moment, once each: here
// by a player who never held it, after the deed.
func TestRule73_3_NeuraloopSecretScoredAsPublic(t *testing.T) {
	const deed = "destroy_their_greatest_ship"
	cfg := fixtureConfig()
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		i := slices.Index(s.Decks.Secrets, deed)
		s.Decks.Secrets = slices.Delete(s.Decks.Secrets, i, i+1)
		s.Decks.Revealed = append(s.Decks.Revealed, deed)
		s.Players[0].Feats = []string{deed}
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	refuse(t, g, Action{Kind: ActScore, Seat: 1, Card: deed}, "61.5") // no deed
	do(t, g, Action{Kind: ActScore, Seat: 0, Card: deed})
	if p := g.State().Players[0]; p.VP != 1 || !slices.Contains(p.Publics, deed) {
		t.Fatalf("%d points, publics %v", p.VP, p.Publics)
	}
	refuse(t, g, Action{Kind: ActScore, Seat: 0, Card: deed}, "61.19")
}

// Random 6-player games in which the holder of Neuraloop leans towards
// using it, and every player towards scoring: the invariants hold after
// every action (playRandomPreferring), and some game puts a secret
// objective on the table or discards a public one.
func TestRule73_3_NeuraloopRandomPlay(t *testing.T) {
	replaced := 0
	for seed := uint64(0); seed < 12; seed++ {
		cfg := fixtureConfig("letnev", "sol", "nomad", "winnu", "jolnar", "hacan")
		cfg.Seed, cfg.Map, cfg.Rules = seed, "", RulesCurrent
		g := fixture(t, cfg, func(s *State) {
			giveRelic(0, neuraloop)(s)
			giveRelic(0, "the_codex")(s)
		})
		stages := func(s *State) int { return len(s.Decks.StageI) + len(s.Decks.StageII) + len(s.Decks.Revealed) }
		before := stages(g.State())
		playRandomPreferring(t, g, seed, 5, 30000, func(a Action) bool {
			return (a.Kind == ActUseRelic && a.Card == neuraloop && a.Use) || a.Kind == ActScore
		})
		s := g.State()
		if stages(s) < before || slices.ContainsFunc(s.Decks.Revealed, func(o string) bool { return !isPublic(o) }) {
			replaced++
		}
	}
	if replaced == 0 {
		t.Fatal("Neuraloop never replaced an objective")
	}
}

// Purging The Obsidian for Neuraloop with four secrets scored leaves the
// player over the limit with none to return: no step waits on them
// (61.21a returns unscored secrets only).
func TestRule73_3_NeuraloopPurgesTheObsidian(t *testing.T) {
	cfg := fixtureConfig()
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		giveRelic(0, neuraloop)(s)
		giveRelic(0, "the_obsidian")(s)
		p := s.Players[0]
		p.ScoredSecrets = append(p.ScoredSecrets, s.Decks.Secrets[:4]...)
		s.Decks.Secrets = s.Decks.Secrets[4:]
		p.VP += 4
	})
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	passActionPhase(t, g)
	skipScoring(t, g)
	do(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: neuraloop, Use: true, Outcome: "stage_i", ActionExtra: &ActionExtra{Cards: []string{"the_obsidian"}}})
	if st := g.State().Step; st != nil && st.Kind == StepReturnSecret {
		t.Fatalf("a step to return a secret with none unscored: %+v", st)
	}
	refuse(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: "the_codex", ActionExtra: &ActionExtra{Cards: []string{"x"}}}, "")
}
