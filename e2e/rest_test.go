//go:build !js

package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestRunBeforeTheRest presses Run the moment the page is ready, while the
// rest of the page (forms, plots, results: rendered in the frames after
// ready) is held back by window.imlabHoldRest: the run goes to its end with
// the header and run controls only, and once the rest renders its plots
// and ratio table show that run.
func TestRunBeforeTheRest(t *testing.T) {
	p := openURL(t, siteURL+"#"+quick, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument,
			cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: `window.imlabHoldRest = true;`})
		return err
	}))
	p.waitTrue(60*time.Second, `!!(window.imlab && imlab.ready) && !document.getElementById("run").disabled`, "Run enabled at ready")
	rest := `[!!window.imlab.complete, !!document.getElementById("plot-nice"), !!document.getElementById("panel-data")]`
	if got := eval[[]bool](p, rest); got[0] || got[1] || got[2] {
		t.Fatalf("held back, the page has (complete, plots, data panel) = %v; want none", got)
	}
	p.do(chromedp.Click(chromedp.CSS("#run")))
	p.waitTrue(60*time.Second, "("+statusText+`).includes("done")`, "run to its end")
	if got := eval[[]bool](p, rest); got[0] || got[1] || got[2] {
		t.Fatalf("after the run, the page has (complete, plots, data panel) = %v; want none yet", got)
	}
	eval[bool](p, `(window.imlabHoldRest = false, true)`)
	p.waitStatus(60*time.Second, "done")
	p.waitDrawn(0, "done")
	for _, id := range []string{"plot-nice", "plot-imp"} {
		if n := p.colouredPixels(id); n < 100 {
			t.Errorf("%s shows %d coloured pixels after the run, want its curves", id, n)
		}
	}
	if rows := p.ratioRows(); len(rows) != 3 {
		t.Errorf("ratio table has %d rows, want one per τ (3): %v", len(rows), rows)
	}
}
