// Where the page's parts come from: peers.md's measured block and the sections of the old page that this command keeps.

package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// measuredBlock returns the header lines and the first two tables of the
// block between peers.sh's measured markers.
func measuredBlock(path string) (string, error) {
	f, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	s := string(f)
	i := strings.Index(s, "<!-- measured:begin")
	j := strings.Index(s, "<!-- measured:end")
	if i < 0 || j < i {
		return "", fmt.Errorf("%s: no measured block", path)
	}
	block := s[i:j]
	block = block[strings.Index(block, "\n")+1:]
	// Keep up to the end of the second table.
	var out strings.Builder
	tables, inTable := 0, false
	sc := bufio.NewScanner(strings.NewReader(block))
	for sc.Scan() {
		line := sc.Text()
		isRow := strings.HasPrefix(line, "|")
		if inTable && !isRow {
			if tables++; tables == 2 {
				break
			}
		}
		inTable = isRow
		out.WriteString(line + "\n")
	}
	return strings.TrimSpace(out.String()) + "\n\nThe τ sweep and the findings: `docs/peers.md`.\n", nil
}

// foreignSections returns the "## " sections of the page at path whose
// headings doc does not have, to be kept: sections that other work adds to
// the page by hand.
func foreignSections(path, doc string) (string, error) {
	old, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	ours := map[string]bool{}
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "## ") {
			ours[line] = true
		}
	}
	var kept strings.Builder
	keep := false
	for _, line := range strings.Split(string(old), "\n") {
		if strings.HasPrefix(line, "## ") {
			keep = !ours[line] && !generatedBefore[line]
		}
		if keep {
			kept.WriteString(line + "\n")
		}
	}
	if kept.Len() == 0 {
		return "", nil
	}
	return "\n" + strings.TrimRight(kept.String(), "\n") + "\n", nil
}

// generatedBefore are the headings of the page before this command wrote
// it, which it replaces.
var generatedBefore = map[string]bool{
	"## Passes on w8a": true, "## Cost of an iteration": true, "## The command line": true,
	"## The best τ": true, "## The race": true, "## Left to do": true, "## What is tested": true,
}
