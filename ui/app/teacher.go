//go:build js && wasm

package app

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"imlab/core/experiment"
	"imlab/ui/browser"
	"imlab/ui/lab"
	"imlab/ui/lab/setup"

	"imlab/ui/lab/lesson"
)

// classState is the lesson's prediction: the student's guess and its view.
type classState struct {
	guess guess       // the student's prediction for the current lesson
	box   *PredictBox // the prediction's view
}

// guess is a prediction as typed, and as committed.
type guess struct {
	text      string
	value     float64 // committed; 0 = none yet
	err       string
	committed bool
}

// TeacherPanel is the teacher's settings, inside the lab: the lesson, the
// panels shown, presenter mode, the methods compared, the speed and the
// predictions. It writes the same Teaching and form the link's keys do, and
// shows the link they make, so a teacher who sends imlab.html without a
// link sets them here (and Save lab bakes them into the file). It renders
// from its props, and skips its re-rendering while they stay the same;
// whether it is open is its own state.
type TeacherPanel struct {
	vecty.Core
	Teaching setup.Teaching `vecty:"prop"`
	Compare  string         `vecty:"prop"` // the form's compare list, as typed
	Speed    int            `vecty:"prop"` // the run's speed (minibatches per frame)
	Link     string         `vecty:"prop"` // the link these settings make
	Notice   string         `vecty:"prop"` // the notice of the last copy or save

	open bool
	page *Page // the settings' actions
}

// teacherPanel is the page's TeacherPanel for the snapshot s.
func (p *Page) teacherPanel(s *lab.Snapshot) *TeacherPanel {
	return &TeacherPanel{Teaching: p.teach.t, Compare: p.form[setup.FieldCompare], Speed: s.Speed,
		Link: strings.SplitN(browser.URL(), "#", 2)[0] + "#" + p.hashOf(s.Settings), Notice: p.exports.notice, page: p}
}

// SkipRender implements vecty.RenderSkipper: none of its props changed,
// nor whether it is open.
func (c *TeacherPanel) SkipRender(prev vecty.Component) bool {
	old, ok := prev.(*TeacherPanel)
	return ok && old.open == c.open && old.Teaching.Hash() == c.Teaching.Hash() && old.Compare == c.Compare &&
		old.Speed == c.Speed && old.Link == c.Link && old.Notice == c.Notice
}

// Render implements vecty.Component.
func (c *TeacherPanel) Render() vecty.ComponentOrHTML {
	p, t := c.page, c.Teaching
	var body vecty.List
	if c.open {
		lessons := []option{{"0", "no lesson"}}
		for k, l := range lesson.Lessons {
			lessons = append(lessons, option{itoa(k + 1), itoa(k+1) + ". " + l.Title})
		}
		link := c.Link
		compared, _ := setup.ParseCompare(c.Compare)
		body = vecty.List{
			elem.Div(vecty.Markup(vecty.Class("field")),
				elem.Label(vecty.Markup(prop.For("teacher-lesson")), vecty.Text("Lesson")),
				classSelect("teacher-lesson", itoa(t.Lesson), lessons, func(v string) {
					if k, _ := strconv.Atoi(v); k > 0 {
						p.openLesson(k)
					} else {
						p.teach.t.Lesson, p.teach.class.guess = 0, guess{}
						p.teachingChanged()
					}
				}),
			),
			elem.FieldSet(vecty.Markup(vecty.Class("field", "compare")), elem.Legend(vecty.Text("Panels shown")), c.panelsShown()),
			elem.Div(vecty.Markup(vecty.Class("field", "check")),
				elem.Input(vecty.Markup(prop.ID("teacher-present"), prop.Type(prop.TypeCheckbox), prop.Checked(t.Present),
					event.Change(p.act("presenter mode", func(e *vecty.Event) {
						p.teach.t.Present = e.Target.Get("checked").Bool()
						p.teachingChanged()
					})))),
				elem.Label(vecty.Markup(prop.For("teacher-present")), vecty.Text("Presenter mode (larger text)")),
			),
			elem.Div(vecty.Markup(vecty.Class("field", "check")),
				elem.Input(vecty.Markup(prop.ID("teacher-predict"), prop.Type(prop.TypeCheckbox), prop.Checked(!t.NoPredict),
					event.Change(p.act("predictions", func(e *vecty.Event) {
						p.teach.t.NoPredict = !e.Target.Get("checked").Bool()
						p.teachingChanged()
					})))),
				elem.Label(vecty.Markup(prop.For("teacher-predict")), vecty.Text("Ask for a prediction before a lesson's run")),
			),
			elem.FieldSet(vecty.Markup(vecty.Class("field", "compare")),
				elem.Legend(vecty.Text("Methods compared (from the next Run)")), p.methodChecks("teacher-compare-", compared)),
			elem.Div(vecty.Markup(vecty.Class("field")),
				elem.Label(vecty.Markup(prop.For("teacher-speed")), vecty.Text("Speed")),
				speedSelect("teacher-speed", c.Speed, speedOptions(), p.setSpeed),
			),
			elem.Div(vecty.Markup(vecty.Class("field")),
				elem.Label(vecty.Markup(prop.For("teacher-link")), vecty.Text("The link these settings make")),
				elem.Input(vecty.Markup(prop.ID("teacher-link"), prop.Type(prop.TypeText), vecty.Property("readOnly", true), prop.Value(link))),
			),
			elem.Div(vecty.Markup(vecty.Class("buttons")),
				p.button("teacher-copy", "Copy link", "Copy the link these settings make", true, func() { p.copyLink(link) }),
			),
			noteView("teacher-note", c.Notice),
			elem.Paragraph(vecty.Markup(vecty.Class("hint")),
				vecty.Text("A file sent by e-mail or on a USB stick has no link: Save lab for students (under Share and export) "+
					"bakes these settings, the lesson and the data into one HTML file that opens in this state.")),
		}
	}
	// A section with a name is a landmark region, which a <details> is not.
	return elem.Section(vecty.Markup(prop.ID("panel-teacher"), vecty.Class("card", "teacher"), vecty.Attribute("aria-label", "Teacher settings")), elem.Details(vecty.Markup(prop.ID("teacher"), vecty.Property("open", c.open),
		&vecty.EventListener{Name: "toggle", Listener: p.act("opening the teacher panel", func(e *vecty.Event) {
			if open := e.Target.Get("open").Bool(); open != c.open {
				c.open = open
				vecty.Rerender(c)
			}
		})}),
		elem.Summary(vecty.Markup(prop.ID("teacher-summary")), vecty.Text("Teacher settings")),
		body,
	))
}

// panelsShown is a check box per panel, ticked where it is shown.
func (c *TeacherPanel) panelsShown() vecty.List {
	p := c.page
	var shown vecty.List
	for _, x := range setup.Panels {
		id := "teacher-show-" + string(x)
		shown = append(shown, elem.Label(vecty.Markup(prop.For(id), vecty.Class("check")),
			elem.Input(vecty.Markup(prop.ID(id), prop.Type(prop.TypeCheckbox), prop.Checked(!c.Teaching.Hidden(x)),
				event.Change(p.act("showing a panel", func(e *vecty.Event) { p.showPanel(x, e.Target.Get("checked").Bool()) })))),
			vecty.Text(" "+string(x))))
	}
	return shown
}

// showPanel shows or hides panel x, as hide= does.
func (p *Page) showPanel(x setup.Panel, show bool) {
	t := &p.teach.t
	t.Hide = slices.DeleteFunc(t.Hide, func(y setup.Panel) bool { return y == x })
	if !show {
		t.Hide = append(t.Hide, x)
		slices.SortFunc(t.Hide, func(a, b setup.Panel) int { return slices.Index(setup.Panels, a) - slices.Index(setup.Panels, b) })
	}
	p.teachingChanged()
}

// teachingChanged writes the link of a changed Teaching, and shows it.
func (p *Page) teachingChanged() {
	p.syncLink(&p.snap)
	vecty.Rerender(p)
}

// PredictBox is the lesson's prediction: its question before the run, the
// guess once committed, and after the run the guess beside the theory and
// the measurement. It renders from its props and skips its re-rendering
// while they stay the same; the page sets them when a job of the run ends
// (rerenderPrediction), so that a committed guess meets the results as
// they come, without a render of the page.
type PredictBox struct {
	vecty.Core
	Ask   *lesson.Prediction `vecty:"prop"` // the lesson's question; nil = none
	Guess guess              `vecty:"prop"` // as typed and committed
	Run   runSummary         `vecty:"prop"` // the run whose rows it compares with (Rows)
	Rows  []experiment.Row   `vecty:"prop"` // the run's rows, which change with Run

	mounted bool  // in the document (Mount, Unmount): it can be re-rendered alone
	page    *Page // Commit's action
}

// Render implements vecty.Component.
func (b *PredictBox) Render() vecty.ComponentOrHTML {
	if v := b.view(); v != nil {
		return v
	}
	return elem.Div(vecty.Markup(prop.ID("predict-none")))
}

// SkipRender implements vecty.RenderSkipper: none of its props changed.
func (b *PredictBox) SkipRender(prev vecty.Component) bool {
	old, ok := prev.(*PredictBox)
	return ok && old.Ask == b.Ask && old.Guess == b.Guess && old.Run == b.Run
}

// Mount implements vecty.Mounter.
func (b *PredictBox) Mount() { b.mounted = true }

// Unmount implements vecty.Unmounter.
func (b *PredictBox) Unmount() { b.mounted = false }

// predictionBox is the page's PredictBox, with its props set from the
// page's state.
func (p *Page) predictionBox() *PredictBox {
	b := p.teach.class.box
	if b == nil {
		b = &PredictBox{page: p}
		p.teach.class.box = b
	}
	b.Ask, b.Guess, b.Run, b.Rows = p.teach.t.Asks(p.teach.t.Lesson), p.teach.class.guess, p.results.Run, p.snap.Rows
	return b
}

// rerenderPrediction shows the prediction with the page's state: the
// results beside a committed guess, or the guess just committed.
func (p *Page) rerenderPrediction() {
	if b := p.teach.class.box; b != nil && b.mounted {
		vecty.Rerender(p.predictionBox())
	}
}

// classSelect is a <select> of options calling set with the value chosen.
func classSelect(id, current string, options []option, set func(value string)) *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Markup(prop.ID(id), event.Change(func(e *vecty.Event) { set(e.Target.Get("value").String()) }))}
	for _, o := range options {
		items = append(items, elem.Option(vecty.Markup(prop.Value(o.value), vecty.Property("selected", o.value == current)), vecty.Text(o.label)))
	}
	return elem.Select(items...)
}

// lessonPlan is the lesson's plan: what it teaches, how long, and what a
// student should be able to explain afterwards.
func lessonPlan(l lesson.Lesson) *vecty.HTML {
	return elem.Paragraph(vecty.Markup(prop.ID("lesson-plan"), vecty.Class("hint")),
		elem.Strong(vecty.Text("Teaches: ")), vecty.Text(l.Teaches+" "),
		elem.Strong(vecty.Text("Time: ")), vecty.Text("about "+itoa(l.Minutes)+" minutes. "),
		elem.Strong(vecty.Text("Afterwards, explain: ")), vecty.Text(l.Explain))
}

// view asks for the lesson's prediction before its run and, after it,
// sets the prediction beside the theory and the measurement; nil when the
// lesson asks for none.
func (b *PredictBox) view() *vecty.HTML {
	pr, g, p := b.Ask, b.Guess, b.page
	if pr == nil {
		return nil
	}
	var outcome vecty.MarkupOrChild
	switch {
	case g.err != "":
		outcome = elem.Paragraph(vecty.Markup(prop.ID("predict-error"), vecty.Class("field-error"), vecty.Attribute("role", "alert")), vecty.Text(g.err))
	case g.committed:
		text := "Your prediction: " + strconv.FormatFloat(g.value, 'g', 3, 64) + "×. Now press Run."
		var explains vecty.MarkupOrChild
		if o, ok := pr.Compare(g.value, b.Rows); ok {
			text = o.Summary
			if o.Explains != "" && !math.IsNaN(o.Measured) {
				explains = elem.Paragraph(vecty.Markup(prop.ID("predict-explains")), elem.Strong(vecty.Text("Why: ")), vecty.Text(o.Explains))
			}
		}
		outcome = elem.Div(elem.Paragraph(vecty.Markup(prop.ID("predict-outcome"), vecty.Attribute("role", "status")), vecty.Text(text)), explains)
	}
	typed := &p.teach.class.guess // the page's guess, which the input edits
	return elem.Div(vecty.Markup(prop.ID("predict"), vecty.Class("predict")),
		elem.Label(vecty.Markup(prop.For("predict-guess")), elem.Strong(vecty.Text("Predict: ")), vecty.Text(pr.Question)),
		elem.Div(vecty.Markup(vecty.Class("buttons")),
			elem.Input(vecty.Markup(prop.ID("predict-guess"), prop.Type(prop.TypeText), vecty.Attribute("inputmode", "decimal"),
				vecty.Attribute("size", 6), prop.Value(g.text), vecty.Property("disabled", g.committed),
				event.Input(func(e *vecty.Event) { typed.text = e.Target.Get("value").String() }))),
			p.button("predict-commit", "Commit", "Fix your prediction before the run", !g.committed, func() {
				v, err := lesson.ParseGuess(typed.text)
				if err != nil {
					typed.err = err.Error()
				} else {
					*typed = guess{text: typed.text, value: v, committed: true}
				}
				p.rerenderPrediction()
			}),
		),
		outcome,
	)
}

// lessonSet is the gallery set lesson l runs on, if any.
func lessonSet(l lesson.Lesson) (setup.GallerySet, bool) {
	s, err := setup.ParseHash(l.Settings, setup.DefaultSettings())
	if err != nil || s.Data == "" {
		return setup.GallerySet{}, false
	}
	return setup.GallerySetNamed(s.Data)
}
