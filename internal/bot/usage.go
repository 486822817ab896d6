package bot

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/mecatol/mecatol/internal/ti4"
)

// Usage counts what self-play used: the action kinds played, and every
// component an action or an event named (a card played, drawn, revealed
// or scored, a technology gained, an ability or leader used, a faction's
// unit placed). A component only ever consulted through a hook, never
// named, does not show here: the report says so.
type Usage struct {
	Games int
	Kinds map[string]int
	Seen  map[string]int
}

// NewUsage is an empty count.
func NewUsage() *Usage { return &Usage{Kinds: map[string]int{}, Seen: map[string]int{}} }

// note counts one action and the events it caused, in the state before
// the next action.
func (u *Usage) note(s *ti4.State, a ti4.Action, events []ti4.Event) {
	u.Kinds[a.Kind]++
	u.see(a.Card)
	for _, e := range events {
		u.see(e.Card)
		if e.Unit != "" && e.Seat >= 0 && e.Seat < len(s.Players) {
			if c := s.UnitCard(e.Seat, e.Unit); c != nil {
				u.Seen[c.ID]++
			}
		}
	}
}

// see counts a name, and a player's copy of a generic card ("jolnar:
// ceasefire") as the card too.
func (u *Usage) see(card string) {
	if card == "" {
		return
	}
	u.Seen[card]++
	if _, generic, ok := strings.Cut(card, ":"); ok {
		u.Seen[generic]++
	}
}

// Merge adds another count to this one.
func (u *Usage) Merge(o *Usage) {
	u.Games += o.Games
	for k, n := range o.Kinds {
		u.Kinds[k] += n
	}
	for k, n := range o.Seen {
		u.Seen[k] += n
	}
}

// used reports whether a component was named: by its id, or, for one of
// a faction's, by its id without the faction.
func (u *Usage) used(x ti4.Item) bool {
	if u.Seen[x.ID] > 0 {
		return true
	}
	_, id, ok := strings.Cut(x.ID, ":")
	return ok && u.Seen[id] > 0
}

// Unused are the components of the data never named, by kind.
func (u *Usage) Unused() map[string][]ti4.Item {
	out := map[string][]ti4.Item{}
	for _, x := range ti4.Items() {
		if !u.used(x) {
			out[x.Kind] = append(out[x.Kind], x)
		}
	}
	return out
}

// Write reports the count as Markdown: the action kinds, and by kind of
// component how many were used and which never were.
func (u *Usage) Write(w io.Writer) {
	fmt.Fprintf(w, "# Self-play usage over %d games\n\n", u.Games)
	kinds := ti4.ActionKinds()
	var never []string
	for _, k := range kinds {
		if u.Kinds[k] == 0 {
			never = append(never, k)
		}
	}
	fmt.Fprintf(w, "Action kinds played: %d of %d. Never: %s.\n\n", len(kinds)-len(never), len(kinds), list(never))
	total := map[string]int{}
	for _, x := range ti4.Items() {
		total[x.Kind]++
	}
	unused := u.Unused()
	fmt.Fprintf(w, "| Kind | Used | Of | Never used |\n|---|---|---|---|\n")
	for _, k := range slices.Sorted(maps.Keys(total)) {
		var names []string
		for _, x := range unused[k] {
			names = append(names, x.ID)
		}
		fmt.Fprintf(w, "| %s | %d | %d | %s |\n", k, total[k]-len(unused[k]), total[k], list(names))
	}
	fmt.Fprintf(w, "\nA component counts as used when an action or an event names it. Abilities that only answer a hook (a passive faction ability, a unit's ability in combat) are never named, so they are listed here even when they played.\n")
}

func list(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
