package ti4

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// The rules against the data: every component the data holds is built (a
// definition in the ability model, or, for kinds not yet moved onto it,
// rules code that names it) or listed here as not built, with the
// reason. TestEveryComponentIsAccountedFor keeps that true, and writes the
// README's list of what is not built from this file.

// Item is one component of the data, by kind and id.
type Item struct {
	Kind, ID, Name string
}

// Component kinds.
const (
	KindTechnology      = "technology" // generic, not a unit upgrade
	KindFactionTech     = "faction_technology"
	KindFactionUnit     = "faction_unit" // a faction's own unit, its upgrade, flagship or mech
	KindActionCard      = "action_card"
	KindAgenda          = "agenda"
	KindRelic           = "relic"
	KindExploration     = "exploration"
	KindPromissory      = "promissory_note" // the five every faction has
	KindFactionNote     = "faction_promissory_note"
	KindLeader          = "leader"
	KindFactionAbility  = "faction_ability"
	KindPublicObjective = "public_objective"
	KindSecretObjective = "secret_objective"
)

// notBuiltKinds are kinds of which nothing is built yet but what has a
// definition, with the reason.
var notBuiltKinds = map[string]string{
	KindFactionTech:    "a Prophecy of Kings faction's: researched and counted as a prerequisite and for objectives; its ability comes with the PoK factions",
	KindFactionUnit:    "a Prophecy of Kings faction's unit: its numbers (cost, combat, move, capacity, and the rest) are in the data and play; its printed ability comes with its faction",
	KindFactionNote:    "a Prophecy of Kings faction's: given and traded; its ability comes with its faction",
	KindLeader:         "leaders come with the Prophecy of Kings components",
	KindFactionAbility: "a Prophecy of Kings faction's: it comes with its faction",
}

// notBuilt are single components of other kinds not built yet, with the
// reason.
var notBuilt = map[string]map[string]string{}

// Items lists every component of the data, in a stable order.
func Items() []Item {
	c := data.MustLoad()
	var out []Item
	add := func(kind, id, name string) { out = append(out, Item{kind, id, name}) }
	for _, t := range c.Technologies {
		switch {
		case t.Faction == "" && t.Unit == "":
			add(KindTechnology, t.ID, t.Name)
		case t.Faction != "" && t.Unit == "":
			add(KindFactionTech, t.ID, t.Name)
		}
	}
	for _, u := range c.Units {
		if u.Faction != "" {
			add(KindFactionUnit, u.ID, u.Name)
		}
	}
	for _, x := range c.ActionCards {
		add(KindActionCard, x.ID, x.Name)
	}
	for _, x := range c.Agendas {
		if !x.PoKRemoved { // out of the deck Prophecy of Kings plays with
			add(KindAgenda, x.ID, x.Name)
		}
	}
	for _, x := range c.Relics {
		add(KindRelic, x.ID, x.Name)
	}
	for _, x := range c.Exploration {
		add(KindExploration, x.ID, x.Name)
	}
	for _, x := range c.Promissory {
		add(KindPromissory, x.ID, x.Name)
	}
	for _, f := range c.Factions {
		for _, n := range append([]string{f.Promissory}, f.PromissoryExtra...) {
			add(KindFactionNote, f.ID+":"+idOf(n), n)
		}
		for _, a := range f.Abilities {
			add(KindFactionAbility, f.ID+":"+idOf(a), a)
		}
	}
	for _, l := range c.Leaders {
		for _, n := range l.Agent {
			add(KindLeader, l.Faction+":"+idOf(n), n+" (agent)")
		}
		add(KindLeader, l.Faction+":"+idOf(l.Commander), l.Commander+" (commander)")
		if l.Hero != "" {
			add(KindLeader, l.Faction+":"+idOf(l.Hero), l.Hero+" (hero)")
		}
		for _, home := range slices.Sorted(maps.Keys(l.Heroes)) {
			add(KindLeader, l.Faction+":"+idOf(l.Heroes[home]), l.Heroes[home]+" (hero, with the home of "+home+")")
		}
	}
	for _, x := range c.Publics {
		add(KindPublicObjective, x.ID, x.Name)
	}
	for _, x := range c.Secrets {
		add(KindSecretObjective, x.ID, x.Name)
	}
	return out
}

// NotBuilt is why a component is not built yet, or "" if it is: its own
// reason, or its kind's.
func NotBuilt(x Item) string {
	if x.defined() {
		return ""
	}
	if why := notBuilt[x.Kind][x.ID]; why != "" {
		return why
	}
	return notBuiltKinds[x.Kind]
}

// defined reports a component with a definition: in its kind's registry
// (actionCards, exploreCards, promissoryNotes, relics), or in the ability model.
func (x Item) defined() bool {
	switch x.Kind {
	case KindActionCard:
		return actionCards[x.ID] != nil
	case KindExploration:
		return exploreCards[x.ID] != nil
	case KindPromissory, KindFactionNote:
		return promissoryNotes[x.ID] != nil
	case KindRelic:
		return relics[x.ID] != nil
	case KindFactionUnit:
		return definitions[x.ID] != nil || unitsInData[x.ID] != ""
	}
	return definitions[x.ID] != nil
}

// NotYet writes the list of components not built, by kind, as Markdown.
func NotYet() string {
	byKind := map[string][]Item{}
	var kinds []string
	var own []Item // components with a reason of their own, listed apart
	for _, x := range Items() {
		if NotBuilt(x) == "" {
			continue
		}
		if notBuilt[x.Kind][x.ID] != "" {
			own = append(own, x)
			continue
		}
		if len(byKind[x.Kind]) == 0 {
			kinds = append(kinds, x.Kind)
		}
		byKind[x.Kind] = append(byKind[x.Kind], x)
	}
	var b strings.Builder
	for _, x := range own {
		fmt.Fprintf(&b, "- %s %s: %s.\n", strings.ReplaceAll(x.Kind, "_", " "), x.Name, NotBuilt(x))
	}
	for _, k := range kinds {
		xs := byKind[k]
		if why, ok := notBuiltKinds[k]; ok {
			names := make([]string, len(xs))
			for i, x := range xs {
				names[i] = x.Name
			}
			slices.Sort(names)
			fmt.Fprintf(&b, "- %s, %d not built: %s. (%s)\n", strings.ReplaceAll(k, "_", " "), len(xs), why, strings.Join(names, ", "))
			continue
		}
		for _, x := range xs {
			fmt.Fprintf(&b, "- %s %s: %s.\n", strings.ReplaceAll(k, "_", " "), x.Name, NotBuilt(x))
		}
	}
	if b.Len() == 0 {
		return "- nothing: every component of the data is built (the Codex content the data does not hold is listed above).\n"
	}
	return b.String()
}
