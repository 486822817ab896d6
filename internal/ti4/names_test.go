package ti4

import (
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Every component a player can hold or use has a name the page can show:
// each ability definition, component action and promissory note.
func TestEveryComponentHasAName(t *testing.T) {
	names := Names()
	var missing []string
	for id := range definitions {
		if names[id] == "" {
			missing = append(missing, id)
		}
	}
	for _, id := range componentIDs() {
		if names[id] == "" {
			missing = append(missing, id)
		}
	}
	for id := range heldNotes() {
		if names[id] == "" {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		t.Fatalf("no name for %d ids, e.g. %v", len(missing), missing[:min(10, len(missing))])
	}
	for id, want := range map[string]string{"leadership": "Leadership", "jolnar:support_for_the_throne": "Support for the Throne", "gravity_drive": "Gravity Drive"} {
		if names[id] != want {
			t.Errorf("%s: %q, want %q", id, names[id], want)
		}
	}
}

// Why explains every decision of a game played by taking the first legal
// action of the first player asked, and names the player it waits for.
func TestWhyExplainsEveryDecision(t *testing.T) {
	g, err := NewGame(Config{Players: 3, Seed: 11, Factions: []string{"jolnar", "sol", "hacan"}})
	if err != nil {
		t.Fatal(err)
	}
	phases := map[string]bool{}
	for i := 0; i < 4000 && g.State().Phase != PhaseOver; i++ {
		s := g.State()
		why := Why(s)
		if why == "" || strings.Contains(why, "no one") {
			t.Fatalf("step %d (%s): %q", i, s.Phase, why)
		}
		phases[s.Phase] = true
		waiting := Waiting(s, engineRNG())
		if len(waiting) == 0 {
			t.Fatalf("step %d: no one to act", i)
		}
		named := s.Phase == PhaseStatus && s.Status != nil && len(s.Status.Scoring) == 0
		for _, q := range waiting {
			named = named || strings.Contains(why, s.playerName(q))
		}
		if !named {
			t.Fatalf("step %d: %q names none of the players asked, %v", i, why, waiting)
		}
		legal := Legal(s, engineRNG(), waiting[0])
		if err := g.Play(legal[len(legal)-1]); err != nil {
			t.Fatal(err)
		}
	}
	if !phases[PhaseAction] || !phases[PhaseStatus] {
		t.Fatalf("phases seen: %v", phases)
	}
}

// Every account of a component is of a component with a name.
func TestAboutNamesKnownComponents(t *testing.T) {
	for id, text := range data.About() {
		if Names()[id] == "" || len(text) < 20 {
			t.Errorf("%s: no such component, or no account (%q)", id, text)
		}
	}
	for _, id := range []string{"leadership", "diplomacy", "politics", "construction", "trade", "warfare", "technology", "imperial"} {
		if data.About()[id] == "" {
			t.Errorf("strategy card %s has no account", id)
		}
	}
}

// Why never names the promissory note a step resolves: which notes a
// player holds is hidden (69.6).
func TestWhyHidesANoteInHand(t *testing.T) {
	s := &State{Phase: PhaseAction, Players: []*Player{{Seat: 0, Faction: "sol"}}, Step: &Step{Kind: "choose", Seat: 0, Card: "jolnar:ceasefire"}}
	if why := Why(s); strings.Contains(why, "Ceasefire") || !strings.Contains(why, "a promissory note") {
		t.Fatalf("%q", why)
	}
}

// Every faction has its leaders listed by ids that have names, and a
// faction that takes another's home has a hero for each.
func TestLeadersHaveNames(t *testing.T) {
	sets := Leaders()
	if len(sets) < 25 {
		t.Fatalf("%d factions with leaders", len(sets))
	}
	for f, set := range sets {
		for _, id := range append(append(append([]string{}, set.Agents...), set.Commander), set.Heroes...) {
			if Names()[id] == "" || data.About()[id] == "" {
				t.Errorf("%s: leader %q has no name or no account", f, id)
			}
		}
		if len(set.Agents) == 0 || len(set.Heroes) == 0 {
			t.Errorf("%s: %+v", f, set)
		}
	}
	if k := sets["keleres"]; len(k.Heroes) != 3 {
		t.Errorf("keleres heroes: %v", k.Heroes)
	}
}

// Every card, technology, relic, exploration card, leader, faction ability
// and promissory note has a short account for the page (units show their
// numbers instead).
func TestEveryComponentHasAnAccount(t *testing.T) {
	c := data.MustLoad()
	var ids []string
	for _, deck := range [][]data.Card{c.ActionCards, c.Agendas, c.Publics, c.Secrets} {
		for _, card := range deck {
			ids = append(ids, card.ID)
		}
	}
	ids = append(ids, idsOf(c.Technologies, func(x *data.Technology) string { return x.ID })...)
	ids = append(ids, idsOf(c.Relics, func(x data.Named) string { return x.ID })...)
	ids = append(ids, idsOf(c.Promissory, func(x data.Named) string { return x.ID })...)
	ids = append(ids, idsOf(c.Exploration, func(x data.ExplorationCard) string { return x.ID })...)
	ids = append(ids, idsOf(c.Strategy, func(x data.StrategyCard) string { return x.ID })...)
	for _, f := range c.Factions {
		for _, a := range append(append([]string{f.Promissory}, f.PromissoryExtra...), f.Abilities...) {
			ids = append(ids, f.ID+":"+idOf(a))
		}
	}
	for _, id := range ids {
		if data.About()[id] == "" {
			t.Errorf("%s (%s) has no account", id, Names()[id])
		}
	}
}

func idsOf[T any](xs []T, id func(T) string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = id(x)
	}
	return out
}
