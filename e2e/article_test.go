//go:build !js

package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestArticleQuotesTheRunOnScreen runs the default lab and checks that the
// article's live numbers are the run's: its σ is the Data card's, its
// theoretical and empirical ratios and θ's the ratio table's at the τ it
// quotes; that its text is the page's before it is scrolled to (innerText,
// which content-visibility: auto empties); that the margin notes link into
// it; and, with IMLAB_AXE, that the page has no accessibility violation.
func TestArticleQuotesTheRunOnScreen(t *testing.T) {
	p := open(t, "")
	wide := screen{1920, 1080}
	p.do(chromedp.EmulateViewport(wide.w, wide.h))
	p.do(chromedp.Click(chromedp.CSS("#run")))
	p.waitStatus(120*time.Second, "done")
	// The article re-renders with the ratio table, on the frame after it.
	deadline := time.Now().Add(10 * time.Second)
	live := func(key string) string {
		return eval[string](p, `(document.querySelector('#article [data-live="`+key+`"]') || {textContent: "missing"}).textContent.trim()`)
	}
	cell := func(tau string, col int) string {
		return eval[string](p, `(() => { for (const r of document.querySelectorAll("#ratios tbody tr")) {
			const c = r.querySelectorAll("th, td"); if (c[0].textContent.trim() === "`+tau+`") return c[`+strconv.Itoa(col)+`].textContent.trim(); }
			return "no row"; })()`)
	}
	for live("ratio-empirical") == "–" && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if got, want := live("sigma"), eval[string](p, `document.querySelector("#data-sigma").textContent.trim()`); got != want || got == "–" {
		t.Errorf("article's σ %q, the Data card's %q", got, want)
	}
	tau := live("tau")
	taus := eval[[]string](p, `[...document.querySelectorAll("#ratios tbody tr")].map(r => r.querySelector("th, td").textContent.trim())`)
	if len(taus) == 0 || tau != taus[len(taus)-1] {
		t.Fatalf("the article quotes τ = %q, the table's largest τ is the last of %q", tau, taus)
	}
	for key, col := range map[string]int{"ratio-theory": 1, "ratio-empirical": 2} {
		if got, want := live(key), cell(tau, col); got != want || got == "–" {
			t.Errorf("article's %s at τ = %s: %q, the ratio table's %q", key, tau, got, want)
		}
	}
	// The serial prediction of §5.1 is τ = 1's theoretical ratio: one bucket, the whole data set.
	if got, want := live("serial"), cell("1", 1); got != want {
		t.Errorf("article's serial prediction %q, the ratio table's theoretical ratio at τ = 1 %q", got, want)
	}
	// The θ columns are in a common unit; the article's θ in full: compare their values.
	for key, col := range map[string]int{"theta-nice": 3, "theta-imp": 4} {
		unit := eval[float64](p, `(() => { const h = document.querySelectorAll("#ratios thead th")[`+strconv.Itoa(col)+`].textContent;
			const m = h.match(/×10([⁻]?)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)/); if (!m) return 1;
			const e = [...m[2]].map(c => "⁰¹²³⁴⁵⁶⁷⁸⁹".indexOf(c)).join("");
			return Math.pow(10, (m[1] ? -1 : 1) * Number(e)); })()`)
		got := eval[float64](p, `Number(document.querySelector('#article [data-live="`+key+`"]').textContent)`)
		want := eval[float64](p, `Number("`+cell(tau, col)+`")`) * unit
		if got <= 0 || want <= 0 || got/want > 1.01 || want/got > 1.01 {
			t.Errorf("article's %s = %g, the ratio table's %g", key, got, want)
		}
	}
	// Before any scrolling, the article's text is the page's.
	if y := eval[float64](p, `window.scrollY`); y != 0 {
		t.Fatalf("the page scrolled to %g before the check", y)
	}
	if top := eval[float64](p, `document.querySelector("#article").getBoundingClientRect().top`); top < float64(wide.h) {
		t.Logf("the article starts at %g px, inside the first screen: the innerText check proves less", top)
	}
	text := eval[string](p, `document.querySelector("#article").innerText`)
	if len([]rune(text)) < 8000 || !strings.Contains(text, "When it does not pay") {
		t.Errorf("the article's innerText before scrolling is %d characters", len([]rune(text)))
	}
	t.Logf("article: %d characters of innerText, %d formulas, %d live numbers", len([]rune(text)),
		eval[int](p, `document.querySelectorAll("#article math").length`), eval[int](p, `document.querySelectorAll("#article [data-live]").length`))
	// The margin notes beside the table and the plots link into the article's parts.
	for _, href := range eval[[]string](p, `[...document.querySelectorAll(".margin-note a")].map(a => a.getAttribute("href"))`) {
		if !eval[bool](p, `!!document.getElementById("`+strings.TrimPrefix(href, "#")+`")`) {
			t.Errorf("a margin note links to %s, which the page lacks", href)
		}
	}
	if n := eval[int](p, `document.querySelectorAll(".ratios-card .margin-note a, .plots .margin-note a").length`); n < 4 {
		t.Errorf("%d margin-note links by the ratio table and the plots", n)
	}
	p.axe()
	p.shoot("article", wide) // with IMLAB_SHOTS
	p.do(chromedp.ScrollIntoView(chromedp.CSS("#article-eso")))
	p.shoot("article-eso", wide)
}
