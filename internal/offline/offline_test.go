package offline

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"image/png"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"imlab/internal/csp"
)

func TestIconSizesAndMask(t *testing.T) {
	for _, ic := range icons {
		img, err := png.Decode(bytes.NewReader(IconPNG(ic.Size, ic.Maskable)))
		if err != nil {
			t.Fatalf("%s: %v", ic.Path, err)
		}
		if b := img.Bounds(); b.Dx() != ic.Size || b.Dy() != ic.Size {
			t.Errorf("%s: %v, want %d×%d", ic.Path, b, ic.Size, ic.Size)
		}
		_, _, _, cornerAlpha := img.At(0, 0).RGBA()
		if ic.Maskable != (cornerAlpha != 0) {
			t.Errorf("%s: corner alpha %d: a maskable icon fills its square, a plain one has round corners", ic.Path, cornerAlpha)
		}
	}
}

// TestMaskableIconKeepsToSafeZone checks that everything but the background
// of the maskable icon lies inside the central circle of radius 0.4·size.
func TestMaskableIconKeepsToSafeZone(t *testing.T) {
	const size = 512
	img := Icon(size, true)
	c := size / 2.0
	drawn := 0
	for y := range size {
		for x := range size {
			if img.NRGBAAt(x, y) == iconNavy {
				continue
			}
			drawn++
			dx, dy := float64(x)+0.5-c, float64(y)+0.5-c
			if dx*dx+dy*dy > 0.4*size*0.4*size {
				t.Fatalf("pixel (%d, %d) is drawn outside the safe zone", x, y)
			}
		}
	}
	if drawn < size*size/20 {
		t.Errorf("only %d pixels drawn on the background", drawn)
	}
}

func TestManifest(t *testing.T) {
	var m map[string]any
	if err := json.Unmarshal(Manifest(), &m); err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{"start_url": "./", "scope": "./", "display": "standalone", "short_name": "imlab"} {
		if m[key] != want {
			t.Errorf("%s = %v, want %q", key, m[key], want)
		}
	}
	if n := len(m["icons"].([]any)); n != len(icons) {
		t.Errorf("%d icons, want %d", n, len(icons))
	}
}

func TestServiceWorkerNamesBuildAndFiles(t *testing.T) {
	sw := string(ServiceWorker(`ab"12`, []string{"./", "main.wasm"}))
	for _, want := range []string{`const BUILD = "ab\"12";`, `const FILES = ["./","main.wasm"];`} {
		if !strings.Contains(sw, want) {
			t.Errorf("service worker lacks %s", want)
		}
	}
	if strings.Contains(sw, "{{") {
		t.Error("service worker has a placeholder left")
	}
}

// site writes a small built site and returns its directory.
func site(t *testing.T, index string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range map[string]string{
		"index.html":     index,
		"wasm_exec.js":   "class Go { run() { if (a</script>b) {} } }",
		"main.wasm":      strings.Repeat("\x00asm wasm bytes ", 1000),
		"assets/lab.css": "body { color: red }",
	} {
		if err := writeFile(dir, name, []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const testIndex = `<!doctype html><html><head>
<link rel="icon" type="image/png" href="assets/icon-192.png">
<link rel="stylesheet" href="assets/lab.css">
<script src="wasm_exec.js"></script>
<script id="imlab-loader">start()</script>
<template id="article-html"><p>After <a href="https://arxiv.org/abs/1602.02283">arXiv:1602.02283</a>.</p></template>
</head><body><p id="status">loading</p></body></html>`

func TestWrite(t *testing.T) {
	dir := site(t, testIndex)
	sum, err := Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"./", "assets/icon-192.png", "assets/icon-512.png", "assets/icon-maskable-512.png",
		"assets/lab.css", "index.html", "main.wasm", "manifest.webmanifest", "wasm_exec.js"}
	if strings.Join(sum.Precached, " ") != strings.Join(want, " ") {
		t.Errorf("precached %q, want %q", sum.Precached, want)
	}
	for _, name := range append(want[1:], ServiceWorkerFile, SingleFile) {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	sw, _ := os.ReadFile(filepath.Join(dir, ServiceWorkerFile))
	if !strings.Contains(string(sw), `"`+sum.Build+`"`) {
		t.Errorf("sw.js does not name build %s", sum.Build)
	}

	// The same site gives the same build; any changed byte another one.
	again, err := Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	if again.Build != sum.Build {
		t.Errorf("rewriting the same site changed the build: %s, %s", sum.Build, again.Build)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.wasm"), []byte("\x00asm changed"), 0o644); err != nil {
		t.Fatal(err)
	}
	changed, err := Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	if changed.Build == sum.Build {
		t.Error("a changed main.wasm kept the build name")
	}
}

func TestWriteNeedsABuiltSite(t *testing.T) {
	if _, err := Write(t.TempDir()); err == nil {
		t.Error("Write on an empty directory succeeded")
	}
}

// TestSingleFile checks that the single file loads nothing and carries
// main.wasm exactly, gzip-compressed, before the loader.
func TestSingleFile(t *testing.T) {
	dir := site(t, testIndex)
	if _, err := Write(dir); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, SingleFile))
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	for _, bad := range []string{`href="assets/`, `src="`, `rel="manifest"`, "if (a</script>b)"} {
		if strings.Contains(html, bad) {
			t.Errorf("single file contains %q", bad)
		}
	}
	for _, want := range []string{"<style>\nbody { color: red }</style>", `if (a<\/script>b)`, `href="data:image/png;base64,iVBOR`} {
		if !strings.Contains(html, want) {
			t.Errorf("single file lacks %q", want)
		}
	}
	m := regexp.MustCompile(`<script type="application/octet-stream" id="imlab-wasm" data-bytes="([0-9]+)">([^<]*)</script>\n<script id="imlab-loader">`).FindStringSubmatch(html)
	if m == nil {
		t.Fatal("no embedded wasm just before the loader")
	}
	n, _ := strconv.Atoi(m[1])
	gz, err := decodeText7(m[2], n)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	wasm, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	orig, _ := os.ReadFile(filepath.Join(dir, "main.wasm"))
	if !bytes.Equal(wasm, orig) {
		t.Error("the embedded wasm differs from main.wasm")
	}
	// Its policy is the single file's, with the hashes of what it holds,
	// before its first script.
	meta := `<meta http-equiv="Content-Security-Policy" content="` + csp.Policy(b, csp.SingleFile) + `">`
	if at := strings.Index(html, meta); at < 0 || at > strings.Index(html, "<script") || strings.Count(html, "Content-Security-Policy") != 1 {
		t.Errorf("the single file does not start with its own policy, %s", meta)
	}
}

func TestBundleRefusesWhatItCannotInline(t *testing.T) {
	read := func(name string) ([]byte, error) {
		if name == "a.css" {
			return []byte("body { background: url(bg.png) }"), nil
		}
		if name == "ok.js" {
			return []byte("ok()"), nil
		}
		return nil, fs.ErrNotExist
	}
	const loader = `<script id="imlab-loader"></script>`
	for name, index := range map[string]string{
		"no loader":          `<script src="ok.js"></script>`,
		"two loaders":        loader + loader,
		"missing file":       `<script src="gone.js"></script>` + loader,
		"absolute URL":       `<script src="https://example.org/x.js"></script>` + loader,
		"root-relative URL":  `<link rel="stylesheet" href="/a.css">` + loader,
		"css refers to file": `<link rel="stylesheet" href="a.css">` + loader,
		"image":              `<img src="logo.png">` + loader,
		"unknown link":       `<link rel="preload" href="ok.js">` + loader,
	} {
		_, err := Bundle([]byte(index), read, []byte("wasm"))
		if !errors.Is(err, ErrNotBundlable) {
			t.Errorf("%s: error %v, want ErrNotBundlable", name, err)
		}
	}
}

func TestInlineScript(t *testing.T) {
	read := func(name string) ([]byte, error) {
		if name == "wasm_exec.js" {
			return []byte("class Go { run() { if (a</script>b) {} } }"), nil
		}
		return nil, fs.ErrNotExist
	}
	index := []byte(`<head><script src="other.js"></script><script id="wasm-exec" src="wasm_exec.js"></script><script id="imlab-loader">start()</script></head>`)
	got, err := InlineScript(index, "wasm-exec", read)
	if err != nil {
		t.Fatal(err)
	}
	want := `<head><script src="other.js"></script><script id="wasm-exec">
class Go { run() { if (a<\/script>b) {} } }
</script><script id="imlab-loader">start()</script></head>`
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// The inlined page still bundles into one file.
	if _, err := Bundle(got, func(string) ([]byte, error) { return []byte("ok()"), nil }, []byte("wasm")); err != nil {
		t.Errorf("bundling the inlined page: %v", err)
	}
	if _, err := InlineScript(index, "no-such-id", read); !errors.Is(err, ErrNotBundlable) {
		t.Errorf("a missing id: error %v, want ErrNotBundlable", err)
	}
	if _, err := InlineScript([]byte(`<script id="wasm-exec" src="gone.js"></script>`), "wasm-exec", read); !errors.Is(err, ErrNotBundlable) {
		t.Errorf("a missing file: error %v, want ErrNotBundlable", err)
	}
}
