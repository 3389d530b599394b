//go:build !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"imlab/ui/lab/setup"
)

// formValue is the value of the form control with the given id.
func (p *page) formValue(id string) string {
	return eval[string](p, `document.getElementById("`+id+`").value`)
}

// TestFirstRenderHashHoldsSettings opens the bare address: from the first
// render on, the address holds every setting of what is shown.
func TestFirstRenderHashHoldsSettings(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	p := openNoWait(t, "")
	deadline := time.Now().Add(30 * time.Second)
	for !eval[bool](p, `!!(window.imlab && imlab.firstRender)`) {
		if time.Now().After(deadline) {
			t.Fatal("the page never rendered")
		}
		time.Sleep(20 * time.Millisecond)
	}
	want := "#" + setup.DefaultSettings().Hash()
	if h := eval[string](p, `location.hash`); h != want {
		t.Errorf("hash at the first render %q, want %q", h, want)
	}
	p.waitStatus(30*time.Second, "ready")
	if h := eval[string](p, `location.hash`); h != want {
		t.Errorf("hash once ready %q, want %q", h, want)
	}
}

// TestHashChangeApplies pastes a link into the open tab: it is applied as a
// fresh load of that link would be.
func TestHashChangeApplies(t *testing.T) {
	p := open(t, quick)
	eval[bool](p, `(location.hash = "n=700&d=15&taus=1,2&loss=square", true)`)
	p.waitStatus(30*time.Second, "ready: 700 examples × 15 features")
	for id, want := range map[string]string{"n": "700", "d": "15", "taus": "1, 2", "loss": "square"} {
		if got := p.formValue(id); got != want {
			t.Errorf("after hashchange field %s = %q, want %q", id, got, want)
		}
	}
	if got := eval[string](p, `document.getElementById("data-n").textContent`); got != "700" {
		t.Errorf("data n = %s, want 700", got)
	}
	// A bad link changes nothing but the status, which names the field.
	eval[bool](p, `(location.hash = "n=700&d=zero", true)`)
	st := p.waitStatus(10*time.Second, "error")
	if !strings.Contains(st, `Features d: "zero"`) {
		t.Errorf("status %q, want the field's label", st)
	}
	if got := eval[string](p, `document.getElementById("data-n").textContent`); got != "700" {
		t.Errorf("a bad link replaced the data: n = %s", got)
	}
}

// TestFileLinkAsksForFile runs on a file, then opens the run's link afresh:
// the page asks for the file by name, and once it is chosen restores the
// settings.
func TestFileLinkAsksForFile(t *testing.T) {
	p := open(t, quick+"&seed=4")
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{fixture("small.svm")}))
	p.waitStatus(20*time.Second, "ready: 12 examples")
	if name := eval[string](p, `document.getElementById("file-name").textContent`); !strings.Contains(name, "small.svm") {
		t.Errorf("the data panel shows %q, want the file's name", name)
	}
	p.do(chromedp.Click(chromedp.CSS("#run")))
	p.waitStatus(60*time.Second, "done")
	link := eval[string](p, `location.hash`)
	if !strings.Contains(link, "file=small.svm&fsize=") || !strings.Contains(link, "&fsha=") || !strings.Contains(link, "seed=4") {
		t.Fatalf("the link of a file run %q does not name the file", link)
	}

	// A fresh load of the link (one browser per test: a second tab would
	// start a second browser on the same profile).
	p.do(chromedp.Navigate("about:blank"), chromedp.Navigate(siteURL+link))
	q := p
	st := q.waitStatus(30*time.Second, "choose small.svm")
	if strings.Contains(st, "ready") || eval[string](q, `(document.getElementById("data-n") || {}).textContent || ""`) != "" {
		t.Errorf("the link showed other data in the file's place: %q", st)
	}
	q.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{fixture("small.svm")}))
	st = q.waitStatus(20*time.Second, "ready: 12 examples")
	if strings.Contains(st, "warning") {
		t.Errorf("the same file gave a warning: %q", st)
	}
	if got := q.formValue("taus"); got != "1, 2, 4" {
		t.Errorf("taus %q after choosing the file, want the link's 1, 2, 4", got)
	}
	if h := eval[string](q, `location.hash`); h != link {
		t.Errorf("link %q after choosing the file, want %q", h, link)
	}
}

// TestFileOptionsRereadAtOnce changes the bias option and the positive
// class of a loaded file: the data follows without choosing the file again.
func TestFileOptionsRereadAtOnce(t *testing.T) {
	p := open(t, quick)
	p.drop("three.svm", `["1 1:1 2:2\n2 2:1 3:1\n3 1:3\n1 3:2\n"]`)
	st := p.waitStatus(20*time.Second, "error")
	if !strings.Contains(st, "Positive class (multi-class files)") || strings.Contains(st, "PositiveClass") {
		t.Errorf("multi-class status %q, want the field's label", st)
	}
	p.setInput("posclass", "1")
	// The multi-class error stays in the status until the re-read's first
	// render, so wait past it rather than fail on it.
	p.waitTrue(20*time.Second, `document.getElementById("status").textContent.includes("ready: 4 examples × 4 features")`, "the re-read with positive class 1")
	p.do(chromedp.Click(chromedp.CSS("#bias")))
	p.waitStatus(20*time.Second, "ready: 4 examples × 3 features")

	p.clearInput("posclass")
	p.waitStatus(20*time.Second, "error") // three.svm again, with no positive class
	p.drop("one.svm", `["3 1:1\n3 2:1\n3 1:2\n"]`)
	// (The status shows three.svm's error until the next frame.)
	p.waitTrue(20*time.Second, `document.getElementById("status").textContent.includes("ready: 3 examples")`, "one.svm loaded")
	st = p.status()
	if !strings.Contains(st, "warning: every example has label 3") {
		t.Errorf("single-label status %q, want a warning naming label 3", st)
	}
}

// TestTinyEpsRefused asks for ε = 1e−300, which double precision cannot
// resolve: the run is refused with the smallest meaningful ε.
func TestTinyEpsRefused(t *testing.T) {
	p := open(t, "n=600&d=20&taus=1&eps=1e-300")
	p.do(chromedp.Click(chromedp.CSS("#run")))
	st := p.waitStatus(60*time.Second, "error", "done")
	if !strings.Contains(st, "smallest meaningful ε is") || strings.Contains(st, "reached") {
		t.Errorf("status %q, want ε = 1e-300 refused", st)
	}
	if rows := p.ratioRows(); len(rows) != 0 {
		t.Errorf("%d ratio rows for a refused ε", len(rows))
	}
}
