package bot

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/ti4"
)

// unusedList is what the documented late-game soak never used: `mecatol
// sim --games 10000 --players 6 --bots planner --usage`, as "kind id"
// lines (kind "action_kind" for the action kinds).
const unusedList = "testdata/unused.txt"

// Every component and action kind that self-play never used has a test in
// internal/ti4 aimed at it: a test function that names its id (with or
// without its faction, or by a constant), or whose name or doc comment
// carries its name. Self-play cannot vouch for these, so the tests must.
func TestWhatSelfPlayNeverUsedHasTests(t *testing.T) {
	tests := ti4Tests(t)
	names := map[string]string{}
	for _, x := range ti4.Items() {
		names[x.Kind+" "+x.ID] = x.Name
	}
	f, err := os.Open(unusedList)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		line := strings.TrimSpace(sc.Text())
		kind, id, ok := strings.Cut(line, " ")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		n++
		name, known := names[kind+" "+id]
		if !known && kind != "action_kind" {
			t.Errorf("%s %s: listed, but the data has no such component", kind, id)
			continue
		}
		if len(aimedAt(tests, id, name)) == 0 {
			t.Errorf("%s %s (%s): never used in self-play and no test in internal/ti4 names it", kind, id, name)
		}
	}
	if n == 0 {
		t.Fatal("the list is empty")
	}
}

// ti4Test is one test function of internal/ti4: its name and doc
// comment, and the strings its body names (a constant's by its value).
type ti4Test struct {
	name, doc string
	strings   map[string]bool
}

func ti4Tests(t *testing.T) []ti4Test {
	t.Helper()
	files, err := filepath.Glob("../ti4/*_test.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no tests of internal/ti4: %v", err)
	}
	consts := ti4Constants(t)
	var out []ti4Test
	fset := token.NewFileSet()
	for _, path := range files {
		file, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !strings.HasPrefix(fn.Name.Name, "Test") || fn.Body == nil {
				continue
			}
			x := ti4Test{name: fn.Name.Name, doc: fn.Doc.Text(), strings: map[string]bool{}}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.BasicLit:
					if v, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING {
						x.strings[v] = true
					}
				case *ast.Ident:
					if v, ok := consts[n.Name]; ok {
						x.strings[v] = true
					}
				}
				return true
			})
			out = append(out, x)
		}
	}
	return out
}

// ti4Constants are internal/ti4's string constants, by name.
func ti4Constants(t *testing.T) map[string]string {
	t.Helper()
	files, _ := filepath.Glob("../ti4/*.go")
	out := map[string]string{}
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if vs, ok := n.(*ast.ValueSpec); ok {
				for i, name := range vs.Names {
					if i < len(vs.Values) {
						if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							out[name.Name], _ = strconv.Unquote(lit.Value)
						}
					}
				}
			}
			return true
		})
	}
	return out
}

var notLetters = regexp.MustCompile(`[^a-z0-9]`)

// aimedAt are the tests that name id (or, for a faction's, "faction:id"
// or id without the faction), or whose name or doc comment carries name's
// letters.
func aimedAt(tests []ti4Test, id, name string) []string {
	_, bare, _ := strings.Cut(id, ":")
	if i := strings.Index(name, " ("); i > 0 {
		name = name[:i] // "Magmus (commander)"
	}
	squash := notLetters.ReplaceAllString(strings.ToLower(name), "")
	var out []string
	for _, x := range tests {
		hit := x.strings[id] || (bare != "" && x.strings[bare])
		for s := range x.strings {
			hit = hit || strings.HasSuffix(s, ":"+id)
		}
		if squash != "" && strings.Contains(notLetters.ReplaceAllString(strings.ToLower(x.name+" "+x.doc), ""), squash) {
			hit = true // its name, or its doc comment, says whom it is for
		}
		if hit {
			out = append(out, x.name)
		}
	}
	return out
}
