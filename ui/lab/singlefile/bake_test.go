package singlefile

import (
	"errors"
	"strings"
	"testing"

	"imlab/ui/lab/setup"
)

const fakeSingle = "<!doctype html>\n<html><head>\n<meta charset=\"utf-8\">\n" +
	`<script type="application/octet-stream" id="imlab-data-w8a" data-name="w8a.gz" data-bytes="1">AA==</script>` + "\n" +
	`<script id="imlab-loader">run()</script>` + "\n</head><body></body></html>\n"

// A baked lab carries its state and the data the page lacks, once; baking
// again replaces the state and the user's file; the data reads back.
func TestBakeRoundTrip(t *testing.T) {
	hash := "data=a9a&bias=true&taus=1,8&lesson=6&present=1"
	out, err := Bake(fakeSingle, "#"+hash,
		BakedFile{ID: "imlab-data-w8a", Name: "w8a.gz", Data: []byte{9}}, // the page has it: not repeated
		BakedFile{ID: FileElementID, Name: `a "b" <c>.svm`, Data: []byte("+1 1:1\n")})
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := BakedHash(out); !ok || got != hash {
		t.Errorf("baked hash %q %v, want %q", got, ok, hash)
	}
	if n := strings.Count(out, `id="imlab-data-w8a"`); n != 1 {
		t.Errorf("%d w8a elements", n)
	}
	if !strings.Contains(out, `data-name="a &#34;b&#34; &lt;c&gt;.svm"`) {
		t.Errorf("the file's name is not escaped:\n%s", out)
	}
	// Everything baked goes before the loader, which is unchanged.
	if i, j := strings.Index(out, StateMetaName), strings.Index(out, `<script id="imlab-loader">run()</script>`); i < 0 || j < i {
		t.Errorf("state at %d, loader at %d", i, j)
	}
	i := strings.Index(out, `id="`+FileElementID+`"`)
	text := out[strings.Index(out[i:], ">")+i+1 : strings.Index(out[i:], "</script>")+i]
	if b, err := DecodeDataBlock(text, 7); err != nil || string(b) != "+1 1:1\n" {
		t.Errorf("the file reads back as %q, %v", b, err)
	}

	again, err := Bake(out, "n=600&d=20")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := BakedHash(again); got != "n=600&d=20" || strings.Contains(again, FileElementID) || strings.Count(again, StateMetaName) != 1 {
		t.Errorf("baked again: hash %q, file kept %v", got, strings.Contains(again, FileElementID))
	}
}

func TestBakeRefuses(t *testing.T) {
	if _, err := Bake(fakeSingle, "lesson=99"); err == nil {
		t.Error("a bad state was baked")
	}
	if _, err := Bake("<html><head></head></html>", "n=600"); !errors.Is(err, ErrNotSingleFile) {
		t.Errorf("a page without the loader: %v", err)
	}
	big := BakedFile{ID: FileElementID, Name: "big.svm", Data: make([]byte, MaxSavedBytes+1)}
	if _, err := Bake(fakeSingle, "n=600", big); !errors.Is(err, ErrTooLargeToSave) {
		t.Errorf("a file over the limit: %v", err)
	}
	if _, err := DecodeDataBlock("AAAA", 2); err == nil {
		t.Error("a wrong byte count was accepted")
	}
}

func TestSavedName(t *testing.T) {
	s := setup.DefaultSettings()
	s.Data = "w8a"
	if got := SavedName(s, setup.Teaching{Lesson: 6}); got != "imlab-lesson6-w8a.html" {
		t.Errorf("%q", got)
	}
	s.Data, s.File = "", setup.FileRef{Name: "../my data.svm.gz"}
	if got := SavedName(s, setup.Teaching{}); got != "imlab-mydata.html" {
		t.Errorf("%q", got)
	}
}
