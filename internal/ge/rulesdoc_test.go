package ge

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRulesDocIsTrue keeps docs/rules-ge.md's FAQ table true: every test
// it names exists, every done row names one, and every status is known.
func TestRulesDocIsTrue(t *testing.T) {
	doc, err := os.ReadFile("../../docs/rules-ge.md")
	if err != nil {
		t.Fatal(err)
	}
	src := ""
	files, _ := filepath.Glob("*_test.go")
	for _, f := range files {
		b, _ := os.ReadFile(f)
		src += string(b)
	}
	named := regexp.MustCompile("`(Test[A-Za-z0-9_]+)`")
	rows, found := 0, 0
	for _, line := range strings.Split(string(doc), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if !strings.HasPrefix(line, "| ") || len(cells) != 4 || cells[0] == "Item" {
			continue
		}
		rows++
		status := cells[3]
		tests := named.FindAllStringSubmatch(cells[2], -1)
		found += len(tests)
		for _, m := range tests {
			if !strings.Contains(src, "func "+m[1]+"(") {
				t.Errorf("%s: no test %s", cells[0], m[1])
			}
		}
		switch {
		case status == "done" && len(tests) == 0:
			t.Errorf("%s: done without a test", cells[0])
		case status != "done" && status != "gap" && !strings.HasPrefix(status, "n/a"):
			t.Errorf("%s: status %q", cells[0], status)
		}
	}
	if rows != 140 || found < 60 {
		t.Fatalf("%d FAQ rows (want 140) naming %d tests", rows, found)
	}
}
