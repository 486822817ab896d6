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

// Apply sends each event kind to the applier that took it first (applierOf),
// which is the list's answer only if no two appliers take the same kind.
// Each applier must say which kinds it takes in its switch on e.Kind (or one
// test of e.Kind), with no default that takes the rest.
func TestEachEventKindHasOneApplier(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	funcs := map[string]*ast.FuncDecl{}
	var list []string
	for _, pkg := range pkgs {
		for _, f := range pkg.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					funcs[d.Name.Name] = d
				case *ast.GenDecl:
					for _, spec := range d.Specs {
						if vs, ok := spec.(*ast.ValueSpec); ok && vs.Names[0].Name == "appliers" {
							for _, el := range vs.Values[0].(*ast.CompositeLit).Elts {
								list = append(list, el.(*ast.Ident).Name)
							}
						}
					}
				}
			}
		}
	}
	isKind := func(x ast.Expr) bool {
		sel, ok := x.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Kind"
	}
	owner := map[string]string{}
	take := func(applier string, kind ast.Expr) {
		id, ok := kind.(*ast.Ident)
		if !ok {
			t.Errorf("%s takes a kind that is not a constant", applier)
			return
		}
		if other, dup := owner[id.Name]; dup {
			t.Errorf("%s is taken by both %s and %s", id.Name, other, applier)
		}
		owner[id.Name] = applier
	}
	// The kinds Apply handles itself come first.
	for _, st := range funcs["Apply"].Body.List {
		if sw, ok := st.(*ast.SwitchStmt); ok && isKind(sw.Tag) {
			for _, c := range sw.Body.List {
				for _, k := range c.(*ast.CaseClause).List {
					take("Apply", k)
				}
			}
		}
	}
	if len(list) < 20 {
		t.Fatalf("found %d appliers: the scan is broken", len(list))
	}
	for _, name := range list {
		fn := funcs[name]
		found := false
		for _, st := range fn.Body.List {
			switch st := st.(type) {
			case *ast.SwitchStmt:
				if !isKind(st.Tag) {
					continue
				}
				found = true
				for _, c := range st.Body.List {
					cc := c.(*ast.CaseClause)
					if cc.List == nil {
						if r, ok := cc.Body[len(cc.Body)-1].(*ast.ReturnStmt); !ok || r.Results[0].(*ast.Ident).Name != "false" {
							t.Errorf("%s's default takes kinds it does not name", name)
						}
					}
					if declines(cc.Body) {
						if len(cc.Body) > 1 {
							t.Errorf("%s declines a kind it names only sometimes", name)
						}
						continue // named to be left to Apply's own switch
					}
					for _, k := range cc.List {
						take(name, k)
					}
				}
			case *ast.IfStmt:
				if b, ok := st.Cond.(*ast.BinaryExpr); ok && b.Op == token.NEQ && isKind(b.X) {
					found = true
					take(name, b.Y)
				}
			}
		}
		if !found {
			t.Errorf("%s does not name the kinds it takes", name)
		}
	}
	if len(owner) < 150 {
		t.Fatalf("only %d kinds have appliers: the scan is broken", len(owner))
	}
}

// declines reports a return of false anywhere in body, outside function
// literals: a case that may give its event back to the list.
func declines(body []ast.Stmt) bool {
	found := false
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
				if id, ok := r.Results[0].(*ast.Ident); ok && id.Name == "false" {
					found = true
				}
			}
			return true
		})
	}
	return found
}
