package chart

import (
	"strings"
	"testing"
)

func TestPlaceholderWrapsItsNoteInside(t *testing.T) {
	ph := Placeholder{Title: "τ-nice", Note: "Press Run: one curve per τ appears here, the primal gap against iterations / n."}
	for _, w := range []float64{600, 240} {
		r := &recorder{}
		ph.Draw(r, w, 0.75*w)
		texts := r.find("text", nil)
		if len(texts) < 2 || texts[0].text != "τ-nice" {
			t.Fatalf("width %v: texts %q, want the title then the note", w, r.texts())
		}
		var words []string
		for _, c := range texts[1:] {
			if half := TextWidth(c.text, 12) / 2; c.pts[0].X-half < 12 || c.pts[0].X+half > w-12 {
				t.Errorf("width %v: line %q reaches outside the frame", w, c.text)
			}
			words = append(words, c.text)
		}
		if got := strings.Join(words, " "); got != ph.Note {
			t.Errorf("width %v: note reads %q", w, got)
		}
		if w < 300 && len(texts) < 3 {
			t.Errorf("width %v: the note is on one line", w)
		}
		if n := len(r.find("polyline", nil)); n != 1 {
			t.Errorf("width %v: %d polylines, want the frame only (no axes)", w, n)
		}
	}
}
