package ti4

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"strconv"
	"strings"
	"testing"
)

// Every event, action and step kind is a distinct string within its family:
// Apply dispatches on the string, so two kinds sharing one would run each
// other's code.
func TestKindsAreDistinct(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{} // family + value -> constant
	n := 0
	for _, pkg := range pkgs {
		for _, f := range pkg.Files {
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.CONST {
					continue
				}
				for _, spec := range g.Specs {
					vs := spec.(*ast.ValueSpec)
					for i, name := range vs.Names {
						family := ""
						for _, p := range []string{"Ev", "Act", "Step"} {
							if strings.HasPrefix(name.Name, p) && len(name.Name) > len(p) && name.Name[len(p)] >= 'A' && name.Name[len(p)] <= 'Z' {
								family = p
							}
						}
						if family == "" || i >= len(vs.Values) {
							continue
						}
						lit, ok := vs.Values[i].(*ast.BasicLit)
						if !ok || lit.Kind != token.STRING {
							continue
						}
						v, _ := strconv.Unquote(lit.Value)
						n++
						if other, dup := seen[family+v]; dup {
							t.Errorf("%s and %s are both %q", other, name.Name, v)
						}
						seen[family+v] = name.Name
					}
				}
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d kinds found: the scan is broken", n)
	}
}
