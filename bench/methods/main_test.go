package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// -race-only replaces the race section with peers.md's measured block
// (its header lines and first two tables) and leaves the rest of the page
// as it was.
func TestReplaceRace(t *testing.T) {
	dir := t.TempDir()
	peers, out := filepath.Join(dir, "peers.md"), filepath.Join(dir, "methods.md")
	write := func(path, s string) {
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(peers, "# peers\n\n<!-- measured:begin (by peers.sh) -->\n\n- date: new\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"+
		"ratios:\n\n| c |\n|---|\n| 3 |\n\n| third |\n|---|\n| 4 |\n<!-- measured:end -->\n")
	before, after := "# Methods\n\ntext\n", "\n## Cost of an iteration\n\nkept\n"
	write(out, before+"\n## The race\n\nold race\n- date: old\n"+after)
	if err := replaceRace(out, peers); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	if !strings.HasPrefix(page, before+"\n## The race\n") || !strings.HasSuffix(page, after) {
		t.Errorf("the rest of the page changed:\n%s", page)
	}
	for _, want := range []string{"- date: new", "| 1 | 2 |", "| 3 |"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q:\n%s", want, page)
		}
	}
	for _, gone := range []string{"old race", "- date: old", "| 4 |"} {
		if strings.Contains(page, gone) {
			t.Errorf("page still has %q:\n%s", gone, page)
		}
	}
	if err := replaceRace(filepath.Join(dir, "none.md"), peers); err == nil {
		t.Error("no page: no error")
	}
	write(out, "# no race\n")
	if err := replaceRace(out, peers); err == nil {
		t.Error("a page without a race section: no error")
	}
}
