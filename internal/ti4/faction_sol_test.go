package ti4

import (
	"slices"
	"testing"
)

// Sol, Versatile (81.5): three command tokens in the status phase.
func TestFaction_Sol_Versatile(t *testing.T) {
	g := factionGame(t, []string{"jolnar", "sol", "hacan"}, nil)
	if gain := statusGain(g); gain[1] != 3 || gain[0] != 2 {
		t.Fatalf("gains %v: Sol 3, the others 2", gain)
	}
	cfg := fixtureConfig()
	if gain := statusGain(fixture(t, cfg, nil)); gain[1] != 2 {
		t.Fatalf("under the second rules version Sol gains %d, as the game was played", gain[1])
	}
}

// Sol, Orbital Drop (1.11, 22): a component action, paid with a strategy
// token, for 2 infantry on a planet Sol controls.
func TestFaction_Sol_OrbitalDrop(t *testing.T) {
	g := factionGame(t, []string{"sol", "jolnar", "hacan"}, nil)
	home := g.State().Players[0].Home
	jord := g.State().System(home).Planets[0].Name
	refuse(t, g, use(0, "sol:orbital_drop", Action{Planet: "Nar"}), "1.3") // Jol-Nar's
	before := count(planet(t, g, jord).Units, 0, "infantry")
	strategy := g.State().Players[0].Strategy
	do(t, g, use(0, "sol:orbital_drop", Action{Planet: jord}))
	s := g.State()
	if count(planet(t, g, jord).Units, 0, "infantry") != before+2 || s.Players[0].Strategy != strategy-1 || s.Turn == 0 {
		t.Fatal("two infantry for a strategy token, and the turn ends")
	}
	g = factionGame(t, []string{"sol", "jolnar", "hacan"}, func(s *State) { s.Players[0].Strategy = 0 })
	refuse(t, g, use(0, "sol:orbital_drop", Action{Planet: jord}), "1.11")
}

// Sol, Military Support: at the start of Sol's turn the holder's window
// opens; played, a token leaves Sol's strategy pool and 2 infantry land on
// a planet of the holder's. Let go, it stays in hand.
func TestFaction_Sol_MilitarySupport(t *testing.T) {
	const note = "sol:military_support"
	for _, play := range []bool{true, false} {
		cfg := fixtureConfig("jolnar", "sol", "hacan")
		cfg.Rules = RulesCurrent
		g := fixture(t, cfg, giveNote(note, 0))
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		quickTactical(t, g, 0, 1)
		settle(t, g)
		st := g.State().Step
		if st == nil || st.Kind != StepNoteWindow || st.Seat != 0 || g.State().Turn != 1 {
			t.Fatalf("step %+v: at the start of Sol's turn, Jol-Nar's window", st)
		}
		if !play {
			do(t, g, act(ActDone, 0))
			if g.State().Step != nil || !slices.Contains(g.State().Players[0].Promissory, note) {
				t.Fatal("let go: Sol's turn goes on, the note stays in hand")
			}
			continue
		}
		before := count(planet(t, g, "Jol").Units, 0, "infantry")
		strategy := g.State().Players[1].Strategy
		do(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: note, Planet: "Jol"})
		s := g.State()
		if count(planet(t, g, "Jol").Units, 0, "infantry") != before+2 || s.Players[1].Strategy != strategy-1 || !slices.Contains(s.Players[1].Promissory, note) {
			t.Fatalf("Jol %v, Sol's strategy %d of %d", planet(t, g, "Jol").Units, s.Players[1].Strategy, strategy)
		}
	}
}
