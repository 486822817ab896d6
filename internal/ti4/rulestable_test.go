package ti4

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The coverage table in docs/rules.md must stay true: one row per LRR rule,
// and every test it names must exist.
func TestRulesTableIsTrue(t *testing.T) {
	root := filepath.Join("..", "..")
	table, err := os.ReadFile(filepath.Join(root, "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	fn := regexp.MustCompile(`(?m)^func (Test\w+)\(`)
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, "_test.go") {
			return err
		}
		b, err := os.ReadFile(p)
		for _, m := range fn.FindAllStringSubmatch(string(b), -1) {
			defined[m[1]] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, line := range strings.Split(string(table), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 7 || !regexp.MustCompile(`^ \d+ $`).MatchString(cells[1]) {
			continue
		}
		rows++
		status, tests := strings.TrimSpace(cells[3]), cells[5]
		names := regexp.MustCompile(`Test\w+`).FindAllString(tests, -1)
		if status == "done" && len(names) == 0 {
			t.Errorf("rule %s is done but names no test", strings.TrimSpace(cells[1]))
		}
		for _, n := range names {
			if !defined[n] {
				t.Errorf("rule %s names %s, which does not exist", strings.TrimSpace(cells[1]), n)
			}
		}
	}
	if rows != 101 {
		t.Fatalf("%d rule rows, want 101", rows)
	}
}
