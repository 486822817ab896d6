package ti4

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// literals maps each string in the package's rules code (not its tests)
// to the files that name it: as a literal, or by a constant whose value it
// is (used outside the constant's own file).
func literals(t *testing.T) map[string][]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	consts := map[string]string{} // constant name -> its string value
	fset := token.NewFileSet()
	parsed := map[string]*ast.File{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed[f] = file
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if v, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING {
					v = strings.TrimSuffix(v, "/") // an agenda's "id/" + outcome
					out[v] = append(out[v], f)
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if kindName(name.Name) {
						continue // an event, action or step kind, whatever card shares its name
					}
					if i < len(n.Values) {
						if lit, ok := n.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							v, _ := strconv.Unquote(lit.Value)
							consts[name.Name] = v
						}
					}
				}
			}
			return true
		})
	}
	for f, file := range parsed {
		ast.Inspect(file, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Obj == nil {
				if v, ok := consts[id.Name]; ok && !slices.Contains(out[v], f) {
					out[v] = append(out[v], f) // a constant used in another file
				}
			}
			return true
		})
	}
	return out
}

// kindName reports a constant naming a kind of event, action, step,
// combat step or window: its value may equal a card's id, but it names
// the kind.
func kindName(name string) bool {
	for _, p := range []string{"Ev", "Act", "Step", "Cb", "Tac", "Win", "Ask"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// Every component of the data is accounted for: defined in the ability
// model, named by the rules code that builds it (for kinds not yet moved
// onto the model), or listed as not built with the reason; never both
// defined and listed; and nothing listed that the data lacks.
func TestEveryComponentIsAccountedFor(t *testing.T) {
	lits := literals(t)
	known := map[string]map[string]bool{}
	counts := map[string]int{}
	for _, x := range Items() {
		if known[x.Kind] == nil {
			known[x.Kind] = map[string]bool{}
		}
		known[x.Kind][x.ID] = true
		counts[x.Kind]++
		defined := x.defined()
		_, kindListed := notBuiltKinds[x.Kind]
		listed := notBuilt[x.Kind][x.ID] != ""
		switch {
		case defined && listed:
			t.Errorf("%s %s is defined and listed as not built", x.Kind, x.ID)
		case defined, listed, kindListed:
		case x.Kind == KindActionCard || x.Kind == KindExploration || x.Kind == KindRelic || x.Kind == KindPromissory:
			t.Errorf("%s %s has no definition", x.Kind, x.ID)
		case x.Kind == KindPublicObjective || x.Kind == KindSecretObjective:
			if !ObjectiveScorable(x.ID) && len(lits[x.ID]) == 0 {
				t.Errorf("%s %s is not built and not listed", x.Kind, x.ID)
			}
		case len(lits[x.ID]) == 0:
			t.Errorf("%s %s: no definition, no rules code names it, and it is not listed as not built", x.Kind, x.ID)
		}
	}
	for kind, ids := range notBuilt {
		for id := range ids {
			if !known[kind][id] {
				t.Errorf("listed as not built: %s %s, which the data lacks", kind, id)
			}
		}
	}
	for kind := range notBuiltKinds {
		if counts[kind] == 0 {
			t.Errorf("kind %s listed as not built has no component in the data", kind)
		}
	}
	if counts[KindTechnology] != 24 || counts[KindActionCard] < 60 || counts[KindAgenda] < 40 || counts[KindLeader] < 72 {
		t.Fatalf("the data is short: %v", counts)
	}
}

// definitionFiles hold the definitions, by kind: technologies, and the
// agendas (their outcomes and laws, and the laws their owners use); each
// faction's are in its own faction_<id>.go.
var definitionFiles = []string{"technologies.go", "agendas.go", "lawwindows.go"}

// A component with a definition is named nowhere in the rules code but the
// definitions' files: rules code asks the hook points. An action card or
// an exploration card is named only in its kind's files.
func TestNoRulesCodeNamesADefinedComponent(t *testing.T) {
	for v, files := range literals(t) {
		home := definitionFiles
		switch {
		case actionCards[v] != nil:
			home = homeFiles[KindActionCard]
		case exploreCards[v] != nil:
			home = homeFiles[KindExploration]
		case promissoryNotes[v] != nil:
			home = homeFiles[KindPromissory]
		case relics[v] != nil:
			home = homeFiles[KindRelic]
		case definitions[v] == nil:
			continue
		}
		for _, f := range files {
			if !slices.Contains(home, f) && !strings.HasPrefix(f, "faction_") && !slices.Contains(namedElsewhere[f], v) {
				t.Errorf("%s names %s, which has a definition", f, v)
			}
		}
	}
}

// Every action card defined is in the data, and each is offered to Legal
// by its definition or, for a card that answers another player's move, by
// the window or step that asks for the answer.
func TestEveryActionCardDefinitionIsOffered(t *testing.T) {
	inData := map[string]bool{}
	for _, x := range Items() {
		if x.Kind == KindActionCard {
			inData[x.ID] = true
		}
	}
	answers := []string{"sabotage", "public_disgrace", "reverse_engineer", "coup_detat", "decoy_operation",
		"bunker", "parley", "infiltrate", "reparations"}
	for id, d := range actionCards {
		switch {
		case !inData[id]:
			t.Errorf("action card %s is defined but not in the data", id)
		case d.offer == nil && !slices.Contains(answers, id):
			t.Errorf("action card %s: nothing offers it to Legal", id)
		case d.offer != nil && slices.Contains(answers, id):
			t.Errorf("action card %s is offered by its definition and by a window", id)
		case d.play == nil && !d.cancels:
			t.Errorf("action card %s does nothing when played", id)
		}
	}
}

const notYetBegin, notYetEnd = "<!-- not-yet:begin (written by TestNotYetListIsCurrent) -->\n", "<!-- not-yet:end -->"

// The README's list of what is not built is written from components.go,
// so it cannot drift: go test ./internal/ti4 -run NotYet -update.
func TestNotYetListIsCurrent(t *testing.T) {
	path := filepath.Join("..", "..", "README.md")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i, j := strings.Index(s, notYetBegin), strings.Index(s, notYetEnd)
	if i < 0 || j < i {
		t.Fatal("README.md has no not-yet markers")
	}
	want := s[:i+len(notYetBegin)] + NotYet() + s[j:]
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want != s {
		t.Fatal("README.md's not-yet list is stale: go test ./internal/ti4 -run NotYet -update")
	}
}

// homeFiles are where each kind of component is built: its definitions,
// or the rules code of its own that names it.
var homeFiles = map[string][]string{
	KindTechnology:      {"technologies.go"},
	KindActionCard:      {"actioncards.go", "combatcards.go", "invasioncards.go", "pokcards.go", "coup.go", "reverse.go", "disgrace.go"},
	KindAgenda:          {"agendas.go", "lawwindows.go"},
	KindRelic:           {"relics.go", "legendary.go", "thalnos.go", "codexrelics.go"},
	KindExploration:     {"explorecards.go", "attach.go"},
	KindPromissory:      {"promissory.go"},
	KindPublicObjective: {"objectives.go", "pokobjectives.go", "scoring.go", "feats.go"},
	KindSecretObjective: {"objectives.go", "pokobjectives.go", "scoring.go", "feats.go"},
}

// namedElsewhere are the places rules code names a component outside its
// kind's files: none now, and it may only stay empty.
var namedElsewhere = map[string][]string{}

// Rules code names a component only in its kind's files, but for the
// places listed in namedElsewhere (which may only shrink). The names are
// found as string literals and as constants used in other files.
func TestCardNamesStayInTheirFiles(t *testing.T) {
	lits := literals(t)
	found := map[string][]string{}
	for _, x := range Items() {
		home, ok := homeFiles[x.Kind]
		if !ok {
			continue
		}
		for _, f := range lits[x.ID] {
			if !slices.Contains(home, f) && f != "components.go" && !slices.Contains(found[f], x.ID) {
				found[f] = append(found[f], x.ID)
			}
		}
	}
	for f, ids := range found {
		for _, id := range ids {
			if !slices.Contains(namedElsewhere[f], id) {
				t.Errorf("%s names %s outside its kind's files: ask a hook point instead", f, id)
			}
		}
	}
	for f, ids := range namedElsewhere {
		for _, id := range ids {
			if !slices.Contains(found[f], id) {
				t.Errorf("%s no longer names %s: take it off namedElsewhere", f, id)
			}
		}
	}
}

// Every exploration card defined is in the data, and a card that asks its
// explorer a choice says what each choice does.
func TestEveryExplorationDefinitionIsInTheData(t *testing.T) {
	inData := map[string]bool{}
	for _, x := range Items() {
		if x.Kind == KindExploration {
			inData[x.ID] = true
		}
	}
	for id, d := range exploreCards {
		if !inData[id] {
			t.Errorf("exploration card %s is defined but not in the data", id)
		}
		if (d.choices == nil) != (d.choose == nil) {
			t.Errorf("exploration card %s: choices and choose come together", id)
		}
	}
}

// No rules code names a faction: what a faction changes is asked of its
// definitions (faction_<id>.go), whatever the rules version
// (factionSetUp) or as the game's version has it (factionHas).
func TestNoRulesCodeNamesAFaction(t *testing.T) {
	lits := literals(t)
	for _, f := range data.MustLoad().Factions {
		for _, file := range lits[f.ID] {
			if !strings.HasPrefix(file, "faction_") {
				t.Errorf("%s names the faction %s: ask its definitions instead", file, f.ID)
			}
		}
	}
}
