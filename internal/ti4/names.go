package ti4

import (
	"maps"
	"slices"
	"sync"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Names are what players call the game's components, for pages and logs:
// each id that an action, an event or the state may carry (a card, a
// technology, a leader, a faction's ability, a unit, a faction, a strategy
// card) mapped to its printed name. Planets are named by their names.
// Read only.
var Names = sync.OnceValue(func() map[string]string {
	c := data.MustLoad()
	out := map[string]string{}
	for _, t := range c.Technologies {
		out[t.ID] = t.Name
	}
	for _, u := range c.Units {
		out[u.ID] = u.Name
	}
	for _, f := range c.Factions {
		out[f.ID] = f.Name
		for _, n := range c.Promissory {
			out[f.ID+":"+n.ID] = n.Name
		}
		for _, n := range append([]string{f.Promissory}, f.PromissoryExtra...) {
			out[f.ID+":"+idOf(n)] = n
		}
		for _, a := range f.Abilities {
			out[f.ID+":"+idOf(a)] = a
		}
	}
	for _, l := range c.Leaders {
		for _, n := range leaderNames(l) {
			out[leaderID(l.Faction, n)] = n
		}
	}
	for _, n := range c.Promissory {
		out[n.ID] = n.Name
	}
	for _, n := range c.Relics {
		out[n.ID] = n.Name
	}
	for _, e := range c.Exploration {
		out[e.ID] = e.Name
	}
	for _, s := range c.Strategy {
		out[s.ID] = s.Name
	}
	for _, deck := range [][]data.Card{c.ActionCards, c.Agendas, c.Publics, c.Secrets} {
		for _, card := range deck {
			out[card.ID] = card.Name
		}
	}
	return out
})

// leaderNames are the names of a faction's agents, commander and heroes.
func leaderNames(l data.Leaders) []string {
	out := append([]string{}, l.Agent...)
	out = append(out, l.Commander)
	if l.Hero != "" {
		out = append(out, l.Hero)
	}
	for _, h := range l.Heroes {
		out = append(out, h)
	}
	return out
}

// LeaderSet is a faction's leaders by definition id, for pages: its
// agents, its commander and its heroes (more than one only for a faction
// whose hero depends on the home system it takes).
type LeaderSet struct {
	Agents    []string `json:"agents"`
	Commander string   `json:"commander"`
	Heroes    []string `json:"heroes"`
}

// Leaders are each faction's leaders, by faction id. Read only.
var Leaders = sync.OnceValue(func() map[string]LeaderSet {
	out := map[string]LeaderSet{}
	for _, l := range data.MustLoad().Leaders {
		set := LeaderSet{Commander: leaderID(l.Faction, l.Commander)}
		for _, a := range l.Agent {
			set.Agents = append(set.Agents, leaderID(l.Faction, a))
		}
		if l.Hero != "" {
			set.Heroes = append(set.Heroes, leaderID(l.Faction, l.Hero))
		}
		for _, home := range slices.Sorted(maps.Keys(l.Heroes)) {
			set.Heroes = append(set.Heroes, leaderID(l.Faction, l.Heroes[home]))
		}
		out[l.Faction] = set
	}
	return out
})
