//go:build !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestEveryControlIsLabelled checks that each form control has an accessible
// name: a <label>, aria-label or, for buttons, visible text.
func TestEveryControlIsLabelled(t *testing.T) {
	p := open(t, quick)
	unnamed := eval[[]string](p, `[...document.querySelectorAll("input, select, textarea, button")]
		.filter(el => el.type !== "hidden")
		.filter(el => !((el.labels && el.labels.length) || el.getAttribute("aria-label") ||
			el.getAttribute("aria-labelledby") || (el.tagName === "BUTTON" && el.textContent.trim())))
		.map(el => el.outerHTML.slice(0, 80))`)
	if len(unnamed) > 0 {
		t.Errorf("controls without an accessible name: %q", unnamed)
	}
	if n := eval[int](p, `document.querySelectorAll("input, select, button").length`); n < 10 {
		t.Errorf("only %d form controls found", n)
	}
}

// TestKeyboardRuns reaches the Run button within three presses of Tab,
// starts a run with Enter, and finds the focus on Pause while it runs and
// back on Run when it ends.
func TestKeyboardRuns(t *testing.T) {
	p := open(t, quick)
	eval[bool](p, `(document.activeElement && document.activeElement.blur(), true)`)
	reached := false
	for range 3 {
		p.do(chromedp.KeyEvent(kb.Tab))
		if eval[string](p, `document.activeElement ? document.activeElement.id : ""`) == "run" {
			reached = true
			break
		}
	}
	if !reached {
		t.Fatal("three presses of Tab did not reach the Run button")
	}
	if outline := eval[string](p, `getComputedStyle(document.activeElement).outlineStyle`); outline == "none" {
		t.Error("the focused Run button shows no focus outline")
	}
	// A run that cannot end before the Pause key: slowed to one minibatch a
	// frame (the speed control); full speed again after the pause.
	p.setSpeed("1")
	eval[bool](p, `(document.getElementById("run").focus(), true)`)
	p.do(chromedp.KeyEvent(kb.Enter))
	p.waitFocus(30*time.Second, "pause")
	if st := p.status(); !strings.Contains(st, "running") && !strings.Contains(st, "optimum") {
		t.Errorf("focus on Pause with status %q", st)
	}
	p.do(chromedp.KeyEvent(kb.Enter)) // Pause
	p.waitStatus(30*time.Second, "paused")
	p.waitFocus(10*time.Second, "run")
	p.setSpeed("0")
	eval[bool](p, `(document.getElementById("run").focus(), true)`)
	p.do(chromedp.KeyEvent(kb.Enter)) // Resume, to the end
	p.waitStatus(60*time.Second, "done")
	p.waitFocus(10*time.Second, "run")
}

// setSpeed chooses a run speed (minibatches per frame; "0" is full speed).
func (p *page) setSpeed(v string) {
	p.t.Helper()
	eval[bool](p, `(() => { const s = document.getElementById("speed"); s.value = "`+v+`";
		s.dispatchEvent(new Event("change", { bubbles: true })); return true; })()`)
}

// waitFocus waits until the element with the given id has the focus.
func (p *page) waitFocus(timeout time.Duration, id string) {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		at := eval[string](p, `document.activeElement ? document.activeElement.id : ""`)
		if at == id {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("focus on %q after %v, want #%s (status %q)", at, timeout, id, p.status())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestLayoutFitsPhoneAndProjector checks that nothing overflows sideways at
// phone width and that the two plots sit side by side on a wide screen.
func TestLayoutFitsPhoneAndProjector(t *testing.T) {
	p := open(t, quick)
	for _, c := range []struct {
		width      int64
		sideBySide bool
	}{{360, false}, {1920, true}} {
		p.do(chromedp.EmulateViewport(c.width, 900))
		time.Sleep(300 * time.Millisecond) // let the layout and the canvases settle
		overflow := eval[float64](p, `document.documentElement.scrollWidth - document.documentElement.clientWidth`)
		if overflow > 1 {
			t.Errorf("width %d: the page overflows sideways by %.0f px", c.width, overflow)
		}
		same := eval[bool](p, `Math.abs(document.getElementById("plot-nice").getBoundingClientRect().top -
			document.getElementById("plot-imp").getBoundingClientRect().top) < 2`)
		if same != c.sideBySide {
			t.Errorf("width %d: plots side by side = %v, want %v", c.width, same, c.sideBySide)
		}
	}
}
