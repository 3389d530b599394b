//go:build !js

package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The classroom kit (issue 29): the data gallery, the teacher panel and a
// lab saved for students, in the single file opened from disk.

// singleFileWithW8a copies dist/imlab.html into a folder of its own and
// returns its file:// URL; it skips where the build embeds no w8a (no
// ../shared/data when it was built).
func singleFileWithW8a(t *testing.T) string {
	t.Helper()
	if skipReason != "" {
		t.Skip(skipReason)
	}
	url, b := singleFileCopy(t)
	if !strings.Contains(string(b), `id="imlab-data-w8a"`) {
		t.Skip("dist/imlab.html embeds no w8a: ../shared/data/w8a.gz was absent when ./build.sh ran")
	}
	return url
}

// waitPaperCells runs and waits for the ratio table's paper cells, and
// returns them.
func (p *page) waitPaperCells(n int) []string {
	p.t.Helper()
	deadline := time.Now().Add(120 * time.Second)
	for eval[int](p, `document.querySelectorAll("#ratios td.paper").length`) < n {
		if time.Now().After(deadline) {
			p.t.Fatalf("no paper cells; status %q", p.status())
		}
		time.Sleep(100 * time.Millisecond)
	}
	return eval[[]string](p, `[...document.querySelectorAll("#ratios td.paper")].map(c => c.textContent.trim())`)
}

// noResources fails if the page loaded anything (the single file loads
// nothing but what it holds).
func (p *page) noResources() {
	p.t.Helper()
	if loaded := eval[[]string](p, `performance.getEntriesByType("resource").map(e => e.name).filter(n => !n.startsWith("data:") && !n.startsWith("blob:"))`); len(loaded) > 0 {
		p.t.Errorf("the page loaded other files: %q", loaded)
	}
}

// TestGalleryLessonSixSingleFile opens lesson 6 in the single file from
// file://, with the network off: it loads w8a from the file's own gallery,
// runs to the end and shows the paper's Table 5 cells beside ours.
func TestGalleryLessonSixSingleFile(t *testing.T) {
	url := singleFileWithW8a(t)
	p := openURL(t, url+"#lesson=6&taus=1,2&eps=1e-4", goOffline)
	p.waitStatus(90*time.Second, "ready: 49,749 examples")
	if title := eval[string](p, `document.getElementById("lesson-title").textContent`); !strings.Contains(title, "w8a") {
		t.Errorf("lesson title %q", title)
	}
	if h := eval[string](p, `location.hash`); !strings.Contains(h, "data=w8a") {
		t.Errorf("the link %q does not name the gallery set", h)
	}
	// Sets the single file does not embed are offered disabled, with why.
	if dis := eval[bool](p, `document.getElementById("data-ijcnn1").disabled`); !dis {
		t.Error("ijcnn1, not embedded, is offered")
	}
	if why := eval[string](p, `document.getElementById("data-ijcnn1-hint").textContent`); !strings.Contains(why, "not embedded") {
		t.Errorf("ijcnn1's hint %q", why)
	}
	p.do(chromedp.Click(chromedp.CSS("#run")))
	p.waitStatus(240*time.Second, "done")
	cells := p.waitPaperCells(2)
	if !slices.Equal(cells, []string{"2.8 : 2.0", "2.9 : 1.9"}) {
		t.Errorf("w8a paper cells %q, want Table 5's 2.8 : 2.0 and 2.9 : 1.9", cells)
	}
	if rows := p.ratioRows(); len(rows) != 2 {
		t.Errorf("ratio table %v, want our rows for τ = 1, 2", rows)
	}
	p.noResources()
}

// captureDownloads keeps every file the page offers, with its Blob.
const captureDownloads = `(() => {
	window.__blobs = new Map(); window.__downloads = [];
	const create = URL.createObjectURL.bind(URL);
	URL.createObjectURL = b => { const u = create(b); __blobs.set(u, b); return u; };
	const click = HTMLAnchorElement.prototype.click;
	HTMLAnchorElement.prototype.click = function () {
		if (this.download) { __downloads.push({ name: this.download, href: this.href }); return; }
		return click.call(this);
	};
	return true;
})()`

// TestSaveLabRoundTrip saves a lab from the single file at file:// (lesson
// 6 on gallery w8a, presenter mode, a hidden panel), opens the saved file
// from file:// with no hash and the network off, and finds it in that
// state: the lesson, the settings, the data, the teaching keys.
func TestSaveLabRoundTrip(t *testing.T) {
	url := singleFileWithW8a(t)
	hash := "lesson=6&taus=1,2&eps=1e-3&hide=map"
	p := openURL(t, url+"#"+hash, goOffline)
	p.waitStatus(90*time.Second, "ready: 49,749 examples")
	// Presenter mode from the teacher panel, which works in the single file too.
	p.do(chromedp.Click(chromedp.CSS("#teacher-summary")))
	p.waitTrue(10*time.Second, `!!document.getElementById("teacher-present")`, "the teacher panel to open")
	p.do(chromedp.Click(chromedp.CSS("#teacher-present")))
	p.waitHash("present=1")
	want := strings.TrimPrefix(eval[string](p, `location.hash`), "#")
	name, text := p.saveFrom(30 * time.Second)
	if name != "imlab-lesson6-w8a.html" {
		t.Errorf("saved as %q", name)
	}
	t.Logf("saved lab with w8a: %d bytes", len(text))
	dir := t.TempDir()
	saved := filepath.Join(dir, name)
	if err := os.WriteFile(saved, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}

	q := p.openTab("file://"+filepath.ToSlash(saved), goOffline)
	q.waitStatus(90*time.Second, "ready: 49,749 examples")
	got := strings.TrimPrefix(eval[string](q, `location.hash`), "#")
	if got != want {
		t.Errorf("the saved lab opened as %q, want %q", got, want)
	}
	if title := eval[string](q, `document.getElementById("lesson-title").textContent`); !strings.Contains(title, "Lesson 6") {
		t.Errorf("lesson title %q", title)
	}
	if !eval[bool](q, `document.body.classList.contains("hide-map") && document.body.classList.contains("present")`) {
		t.Error("the saved lab lost hide=map or presenter mode")
	}
	q.noResources()
	q.do(chromedp.Click(chromedp.CSS("#run")))
	q.waitStatus(240*time.Second, "done")
	if cells := q.waitPaperCells(2); len(cells) != 2 {
		t.Errorf("paper cells %q", cells)
	}
}

// TestSaveLabWithAFile saves a lab on a file of the user's from the single
// file, and the saved lab opens on that file, read from itself.
func TestSaveLabWithAFile(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	url, _ := singleFileCopy(t)
	p := openURL(t, url+"#"+quick)
	p.waitStatus(60*time.Second, "ready")
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{fixture("small.svm")}))
	p.waitStatus(30*time.Second, "12 examples")
	want := strings.TrimPrefix(eval[string](p, `location.hash`), "#")
	_, text := p.saveFrom(30 * time.Second)
	saved := filepath.Join(t.TempDir(), "saved.html")
	if err := os.WriteFile(saved, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	q := p.openTab("file://" + filepath.ToSlash(saved))
	q.waitStatus(60*time.Second, "12 examples")
	if got := strings.TrimPrefix(eval[string](q, `location.hash`), "#"); got != want {
		t.Errorf("the saved lab opened as %q, want %q", got, want)
	}
	q.runQuick()
}

// choose sets a <select> to value as a user would.
func (p *page) choose(id, value string) {
	p.t.Helper()
	eval[bool](p, `(() => { const s = document.getElementById("`+id+`"); s.value = "`+value+`";
		s.dispatchEvent(new Event("change", { bubbles: true })); return true; })()`)
}

// waitHash waits until the address's hash contains want.
func (p *page) waitHash(want string) {
	p.t.Helper()
	p.waitTrue(10*time.Second, `location.hash.includes(`+strconv.Quote(want)+`)`, "the link to contain "+want)
}

// TestTeacherPanel sets the lesson, the panels shown, presenter mode, the
// speed, the methods compared and predictions in the teacher panel, and
// finds each in the link (the same keys a link sets) and in the page; the
// prediction of lesson 4 is asked, committed and audited with axe-core,
// with the panel open.
func TestTeacherPanel(t *testing.T) {
	p := open(t, quick)
	p.do(chromedp.Click(chromedp.CSS("#teacher-summary")))
	p.waitTrue(10*time.Second, `!!document.getElementById("teacher-lesson")`, "the teacher panel to open")

	p.choose("teacher-lesson", "4")
	p.waitHash("lesson=4")
	// The link changes first; the status may still say "ready" of the
	// data before the lesson's, and the lesson renders on a later frame.
	p.waitStatus(60*time.Second, "ready")
	p.waitTrue(10*time.Second, `(document.getElementById("lesson-title")?.textContent ?? "").includes("Lesson 4")`, "lesson 4's title")
	p.do(chromedp.Click(chromedp.CSS("#teacher-show-map")))
	p.waitHash("hide=map")
	if !eval[bool](p, `document.body.classList.contains("hide-map")`) {
		t.Error("the map is not hidden")
	}
	p.do(chromedp.Click(chromedp.CSS("#teacher-present")))
	p.waitHash("present=1")
	p.choose("teacher-speed", "16")
	p.waitHash("speed=16")
	// The link changes first; the form re-renders on the next frame.
	p.waitTrue(10*time.Second, `document.getElementById("speed").value === "16"`, "the sampling view's speed to be 16")
	p.do(chromedp.Click(chromedp.CSS("#teacher-compare-saga")))
	p.waitTrue(5*time.Second, `document.getElementById("compare-saga").checked`, "the form's compare list to have SAGA")
	if link, hash := eval[string](p, `document.getElementById("teacher-link").value`), eval[string](p, `location.hash`); !strings.HasSuffix(link, hash) {
		t.Errorf("the panel's link %q is not the page's (%q)", link, hash)
	}

	// Lesson 4 asks for a prediction; a bad one is refused with a reason.
	p.waitTrue(5*time.Second, `!!document.getElementById("predict-guess")`, "the prediction")
	p.do(chromedp.SendKeys(chromedp.CSS("#predict-guess"), "lots"), chromedp.Click(chromedp.CSS("#predict-commit")))
	p.waitTrue(5*time.Second, `!!document.getElementById("predict-error")`, "the prediction's error")
	eval[bool](p, `(() => { const g = document.getElementById("predict-guess"); g.value = "";
		g.dispatchEvent(new Event("input", { bubbles: true })); return true; })()`)
	p.do(chromedp.SendKeys(chromedp.CSS("#predict-guess"), "3"), chromedp.Click(chromedp.CSS("#predict-commit")))
	p.waitTrue(5*time.Second, `!!document.getElementById("predict-outcome")`, "the committed prediction")
	p.axe()

	// Switched off, predictions are not asked, and the link says so.
	p.do(chromedp.Click(chromedp.CSS("#teacher-predict")))
	p.waitHash("predict=0")
	// The link changes first; the lesson re-renders on the next frame.
	p.waitTrue(10*time.Second, `!document.getElementById("predict-guess")`, "lesson without its prediction (predictions off)")
	// The link made here reproduces the panel's settings in a new tab.
	hash := eval[string](p, `location.hash`)
	q := p.openTab(siteURL + hash)
	q.waitStatus(60*time.Second, "ready")
	if got := eval[string](q, `location.hash`); got != hash {
		t.Errorf("the link opened as %q, want %q", got, hash)
	}
	if !eval[bool](q, `document.body.classList.contains("hide-map") && document.body.classList.contains("present")`) {
		t.Error("the link's hide= and present= are not applied")
	}
}

// TestPredictThenRun commits a prediction in lesson 4 on a small copy of its
// data, runs, and finds the prediction beside the theory and the
// measurement, with what explains the difference.
func TestPredictThenRun(t *testing.T) {
	p := open(t, "lesson=4&n=600&d=20&taus=1,8&eps=1e-4")
	p.do(chromedp.SendKeys(chromedp.CSS("#predict-guess"), "2.5"), chromedp.Click(chromedp.CSS("#predict-commit")))
	p.waitTrue(5*time.Second, `!!document.getElementById("predict-outcome")`, "the committed prediction")
	p.do(chromedp.Click(chromedp.CSS("#run")))
	p.waitStatus(120*time.Second, "done")
	p.waitTrue(10*time.Second, `!!document.getElementById("predict-explains")`, "the explanation")
	out := eval[string](p, `document.getElementById("predict-outcome").textContent`)
	for _, want := range []string{"You predicted 2.5×", "the theory says", "the runs measured", "closer to the"} {
		if !strings.Contains(out, want) {
			t.Errorf("outcome %q lacks %q", out, want)
		}
	}
	p.axe()
}

// TestGalleryAbsentSaysSo serves a build without the gallery's files (as
// on a clone without ../shared/data): lesson 6 says that w8a is not in
// the build, runs no other data in its place, and the gallery offers its
// sets disabled, with the reason.
func TestGalleryAbsentSaysSo(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(distDir())); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(dir, "data")); err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(dir, "index.html")
	b, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	page := regexp.MustCompile(`<meta name="imlab-gallery" content="[^"]*">`).ReplaceAllString(string(b), `<meta name="imlab-gallery" content="">`)
	if err := os.WriteFile(index, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := serveCopy(t, dir)
	p := openURL(t, srv.URL+"/lab/#lesson=6")
	st := p.waitStatus(60*time.Second, "not in this build")
	if !strings.Contains(st, "w8a") {
		t.Errorf("status %q does not name w8a", st)
	}
	if where := eval[string](p, `imlab.dataWhere()`); where != "none" {
		t.Errorf("data is shown (loaded in %s): %q", where, eval[string](p, `document.getElementById("data-name").textContent`))
	}
	for _, name := range []string{"w8a", "a9a", "ijcnn1"} {
		if !eval[bool](p, `document.getElementById("data-`+name+`").disabled`) {
			t.Errorf("%s is offered", name)
		}
		if why := eval[string](p, `document.getElementById("data-`+name+`-hint").textContent`); !strings.Contains(why, "../shared/data") {
			t.Errorf("%s's hint %q", name, why)
		}
	}
}

// TestGalleryOffline visits the served site once, then cuts the network
// and stops the server: a gallery set still loads, from the service
// worker's cache, and its link names it.
func TestGalleryOffline(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	if _, err := os.Stat(filepath.Join(distDir(), "data", "w8a.gz")); err != nil {
		t.Skipf("the build has no gallery (../shared/data was absent when ./build.sh ran): %v", err)
	}
	srv := serveCopy(t, distDir())
	p := openURL(t, srv.URL+"/lab/#"+quick)
	p.waitStatus(60*time.Second, "ready")
	p.waitOfflineReady(60 * time.Second)
	p.do(goOffline)
	srv.CloseClientConnections()
	srv.Close()
	p.do(chromedp.Reload())
	p.waitStatus(60*time.Second, "ready")
	p.do(chromedp.Click(chromedp.CSS("#data-w8a")))
	p.waitStatus(90*time.Second, "ready: 49,749 examples")
	p.waitHash("data=w8a")
	if h := eval[string](p, `location.hash`); strings.Contains(h, "file=") {
		t.Errorf("the link %q names a file", h)
	}
}

// saveFrom presses Save lab in p and returns the file offered within
// timeout.
func (p *page) saveFrom(timeout time.Duration) (name, text string) {
	p.t.Helper()
	eval[bool](p, captureDownloads)
	p.do(chromedp.Click(chromedp.CSS("#save-lab")))
	deadline := time.Now().Add(timeout)
	for eval[int](p, `__downloads.length`) == 0 {
		if time.Now().After(deadline) {
			p.t.Fatalf("nothing saved; status %q", p.status())
		}
		time.Sleep(100 * time.Millisecond)
	}
	return eval[string](p, `__downloads[0].name`), eval[string](p, `__blobs.get(__downloads[0].href).text()`, chromedp.EvalAwaitPromise)
}

// TestSaveLabServed saves a lab on a9a from the served site, which fetches
// imlab.html from its own origin and embeds a9a (the single file does not
// carry it): the saved file opens from file:// on a9a.
func TestSaveLabServed(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	if _, err := os.Stat(filepath.Join(distDir(), "data", "a9a.gz")); err != nil {
		t.Skipf("the build has no a9a (../shared/data was absent when ./build.sh ran): %v", err)
	}
	p := open(t, "data=a9a&bias=true&taus=1,2&eps=1e-3")
	p.waitStatus(90*time.Second, "ready: 32,561 examples")
	want := strings.TrimPrefix(eval[string](p, `location.hash`), "#")
	name, text := p.saveFrom(60 * time.Second)
	if name != "imlab-a9a.html" || !strings.Contains(text, `id="imlab-data-a9a"`) {
		t.Errorf("saved %q (%d bytes), a9a embedded: %v", name, len(text), strings.Contains(text, `id="imlab-data-a9a"`))
	}
	t.Logf("saved lab with a9a, from the served site: %d bytes", len(text))
	saved := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(saved, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	q := p.openTab("file://"+filepath.ToSlash(saved), goOffline)
	q.waitStatus(90*time.Second, "ready: 32,561 examples")
	if got := strings.TrimPrefix(eval[string](q, `location.hash`), "#"); got != want {
		t.Errorf("the saved lab opened as %q, want %q", got, want)
	}
	q.noResources()
}
