package setup

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"imlab/ui/lab/lesson"
)

// Panel names a part of the page that a teacher can hide with hide=….
type Panel string

// The panels hide= accepts.
const (
	PanelData     Panel = "data"     // the data form
	PanelProblem  Panel = "problem"  // the problem and runs form
	PanelExport   Panel = "export"   // share and export
	PanelArticle  Panel = "article"  // the article under the lab
	PanelMap      Panel = "map"      // the speedup map
	PanelSampling Panel = "sampling" // the sampling view
	PanelLessons  Panel = "lessons"  // the list of lessons
)

// Panels lists every Panel, in page order.
var Panels = []Panel{PanelData, PanelProblem, PanelExport, PanelArticle, PanelMap, PanelSampling, PanelLessons}

// ElementID is the id of the panel's element in the page.
func (p Panel) ElementID() string { return "panel-" + string(p) }

// HideClass is the class of the page's body that hides the panel
// (assets/lab.css has its rule).
func (p Panel) HideClass() string { return "hide-" + string(p) }

// Teaching is the part of the URL hash that shapes the page for a class
// rather than the run: the lesson shown, the panels hidden and presenter
// mode. It is read and written apart from Settings, whose keys it never
// uses.
type Teaching struct {
	Lesson  int     // 1-based lesson number; 0 = none
	Hide    []Panel // panels hidden, in Panels order
	Present bool    // presenter mode: larger text in plots and numbers
	// Workers is the workers= key, which is about the page rather than a
	// class but likewise never changes results: how many Web Workers run
	// the solver (SetWorkers): 0 = automatic, WorkersNone = none (the
	// page's main thread, in slices).
	Workers int
	// Speed is the run's speed= key, in minibatches per frame (one of
	// Speeds; 0 = full speed), so that a class can watch the sampling at
	// work from the start (teacher.go).
	Speed int
	// NoPredict is predict=0: lessons run without asking for a prediction
	// first (lesson/predict.go).
	NoPredict bool
}

// teachingKeys are the hash keys Teaching owns.
var teachingKeys = []string{"lesson", "hide", "present", "workers", "speed", "predict"}

// PresentScale is how much presenter mode enlarges plot text and numbers.
const PresentScale = 1.6

// Hidden reports whether panel p is hidden.
func (t Teaching) Hidden(p Panel) bool { return slices.Contains(t.Hide, p) }

// SplitHash separates a URL hash (a leading '#' is allowed) into the
// settings part, for ParseHash, and the Teaching part. Unknown panels and
// lessons are errors naming the key; the rest is left to ParseHash.
func SplitHash(hash string) (settings string, t Teaching, err error) {
	hash = strings.TrimPrefix(hash, "#")
	var keep, seen []string
	for _, part := range strings.Split(hash, "&") {
		if part == "" {
			continue
		}
		key, raw, _ := strings.Cut(part, "=")
		if !slices.Contains(teachingKeys, key) {
			keep = append(keep, part)
			continue
		}
		if slices.Contains(seen, key) { // as ParseHash: which one was meant?
			return "", Teaching{}, fmt.Errorf("%w: link: key %s given twice; give it once", ErrSettings, key)
		}
		seen = append(seen, key)
		v, e := queryUnescape(raw)
		if e != nil {
			return "", Teaching{}, fmt.Errorf("%w: link: %s: %v", ErrSettings, key, e)
		}
		switch key {
		case "lesson":
			k, e := strconv.Atoi(v)
			if e != nil || k < 1 || k > len(lesson.Lessons) {
				return "", Teaching{}, fmt.Errorf("%w: link: lesson=%q is not a lesson number 1…%d", ErrSettings, v, len(lesson.Lessons))
			}
			t.Lesson = k
		case "hide":
			for _, name := range strings.Split(v, ",") {
				p := Panel(strings.TrimSpace(name))
				if p == "" {
					continue
				}
				if !slices.Contains(Panels, p) {
					return "", Teaching{}, fmt.Errorf("%w: link: hide: %q is not a panel (%v)", ErrSettings, p, Panels)
				}
				if !t.Hidden(p) {
					t.Hide = append(t.Hide, p)
				}
			}
			slices.SortFunc(t.Hide, func(a, b Panel) int { return slices.Index(Panels, a) - slices.Index(Panels, b) })
		case "present":
			t.Present = v == "1" || v == "true"
		case "workers":
			n, e := parseWorkers(v)
			if e != nil {
				return "", Teaching{}, e
			}
			t.Workers = n
		default:
			if e := t.readClassKey(key, v); e != nil {
				return "", Teaching{}, e
			}
		}
	}
	return strings.Join(keep, "&"), t, nil
}

// Hash writes t as hash keys (without '#'), "" when it is the zero value.
func (t Teaching) Hash() string {
	var parts []string
	if t.Lesson > 0 {
		parts = append(parts, "lesson="+strconv.Itoa(t.Lesson))
	}
	if len(t.Hide) > 0 {
		names := make([]string, len(t.Hide))
		for i, p := range t.Hide {
			names[i] = string(p)
		}
		parts = append(parts, "hide="+strings.Join(names, ","))
	}
	if t.Present {
		parts = append(parts, "present=1")
	}
	if t.Workers != WorkersAuto {
		parts = append(parts, "workers="+formatWorkers(t.Workers))
	}
	parts = append(parts, t.classKeys()...)
	return strings.Join(parts, "&")
}

// JoinHash is the page's link: the settings' hash followed by t's keys.
func JoinHash(s Settings, t Teaching) string {
	if th := t.Hash(); th != "" {
		return s.Hash() + "&" + th
	}
	return s.Hash()
}

// PageSettings reads a page's hash: the lesson's settings (if it names
// one) overridden by the hash's own settings keys, on top of base.
func PageSettings(hash string, base Settings) (Settings, Teaching, error) {
	rest, t, err := SplitHash(hash)
	if err != nil {
		return base, Teaching{}, err
	}
	if t.Lesson > 0 {
		ls, err := ParseHash(lesson.Lessons[t.Lesson-1].Settings, base)
		if err != nil {
			panic(fmt.Sprintf("lab: lesson %d has bad settings: %v", t.Lesson, err)) // a programmer error: tests check every lesson
		}
		base = ls
	}
	// A link to a file of the user's replaces the lesson's gallery set
	// (lesson 6 on one's own file), as it replaces preset data.
	if vals, err := parseQuery(rest); err == nil && vals[string(FieldFile)] != nil {
		base.Data = ""
	}
	s, err := ParseHash(rest, base)
	return s, t, err
}
