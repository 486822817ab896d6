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
)

// literals maps each string literal in the package's rules code (not its
// tests) to the files that hold it.
func literals(t *testing.T) map[string][]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if v, err := strconv.Unquote(lit.Value); err == nil {
					v = strings.TrimSuffix(v, "/") // an agenda's "id/" + outcome
					out[v] = append(out[v], f)
				}
			}
			return true
		})
	}
	return out
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
		_, defined := definitions[x.ID]
		_, kindListed := notBuiltKinds[x.Kind]
		listed := notBuilt[x.Kind][x.ID] != ""
		switch {
		case defined && listed:
			t.Errorf("%s %s is defined and listed as not built", x.Kind, x.ID)
		case defined, listed, kindListed:
		case x.Kind == KindPublicObjective || x.Kind == KindSecretObjective:
			if !ObjectiveScorable(x.ID) && len(lits[x.ID]) == 0 {
				t.Errorf("%s %s is not built and not listed", x.Kind, x.ID)
			}
		case x.Kind == KindExploration && ExplorationKind(x.ID) == "relic_fragment":
			// built by their kind: kept in the play area (35.9)
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
// agendas (their outcomes and laws, and the laws their owners use).
var definitionFiles = []string{"technologies.go", "agendas.go", "lawwindows.go"}

// A component with a definition is named nowhere in the rules code but the
// definitions' files: rules code asks the hook points.
func TestNoRulesCodeNamesADefinedComponent(t *testing.T) {
	for v, files := range literals(t) {
		if _, ok := definitions[v]; !ok {
			continue
		}
		for _, f := range files {
			if !slices.Contains(definitionFiles, f) {
				t.Errorf("%s names %s, which has a definition", f, v)
			}
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
