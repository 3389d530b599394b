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

	"imlab/core/method/catalog"
	"imlab/ui/browser"
	"imlab/ui/lab"
	"imlab/ui/lab/setup"

	"imlab/ui/lab/lesson"
)

// classState is the teacher panel's and the prediction's state.
type classState struct {
	open  bool        // the teacher panel is open
	guess guess       // the student's prediction for the current lesson
	box   *predictBox // the prediction's view
}

// guess is a prediction as typed, and as committed.
type guess struct {
	text      string
	value     float64 // committed; 0 = none yet
	err       string
	committed bool
}

// teacherPanel is the teacher's settings, inside the lab: the lesson, the
// panels shown, presenter mode, the methods compared, the speed and the
// predictions. It writes the same Teaching and form the link's keys do, and
// shows the link they make, so a teacher who sends imlab.html without a
// link sets them here (and Save lab bakes them into the file).
func (p *Page) teacherPanel(s *lab.Snapshot) *vecty.HTML {
	cs := &p.teach.class
	t := p.teach.t
	var body vecty.List
	if cs.open {
		lessons := []option{{"0", "no lesson"}}
		for k, l := range lesson.Lessons {
			lessons = append(lessons, option{itoa(k + 1), itoa(k+1) + ". " + l.Title})
		}
		link := p.teacherLink(s)
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
			elem.FieldSet(vecty.Markup(vecty.Class("field", "compare")), elem.Legend(vecty.Text("Panels shown")), p.teacherPanelsShown()),
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
				elem.Legend(vecty.Text("Methods compared (from the next Run)")), p.teacherMethodsCompared()),
			elem.Div(vecty.Markup(vecty.Class("field")),
				elem.Label(vecty.Markup(prop.For("teacher-speed")), vecty.Text("Speed")),
				speedSelect("teacher-speed", s.Speed, speedOptions(), p.setSpeed),
			),
			elem.Div(vecty.Markup(vecty.Class("field")),
				elem.Label(vecty.Markup(prop.For("teacher-link")), vecty.Text("The link these settings make")),
				elem.Input(vecty.Markup(prop.ID("teacher-link"), prop.Type(prop.TypeText), vecty.Property("readOnly", true), prop.Value(link))),
			),
			elem.Div(vecty.Markup(vecty.Class("buttons")),
				p.button("teacher-copy", "Copy link", "Copy the link these settings make", true, func() { p.copyLink(link) }),
			),
			p.noteView("teacher-note"),
			elem.Paragraph(vecty.Markup(vecty.Class("hint")),
				vecty.Text("A file sent by e-mail or on a USB stick has no link: Save lab for students (under Share and export) "+
					"bakes these settings, the lesson and the data into one HTML file that opens in this state.")),
		}
	}
	// A section with a name is a landmark region, which a <details> is not.
	return elem.Section(vecty.Markup(prop.ID("panel-teacher"), vecty.Class("card", "teacher"), vecty.Attribute("aria-label", "Teacher settings")), elem.Details(vecty.Markup(prop.ID("teacher"), vecty.Property("open", cs.open),
		&vecty.EventListener{Name: "toggle", Listener: p.act("opening the teacher panel", func(e *vecty.Event) {
			if open := e.Target.Get("open").Bool(); open != cs.open {
				cs.open = open
				vecty.Rerender(p)
			}
		})}),
		elem.Summary(vecty.Markup(prop.ID("teacher-summary")), vecty.Text("Teacher settings")),
		body,
	))
}

// teacherPanelsShown is a check box per panel, ticked where it is shown.
func (p *Page) teacherPanelsShown() vecty.List {
	var shown vecty.List
	for _, x := range setup.Panels {
		id := "teacher-show-" + string(x)
		shown = append(shown, elem.Label(vecty.Markup(prop.For(id), vecty.Class("check")),
			elem.Input(vecty.Markup(prop.ID(id), prop.Type(prop.TypeCheckbox), prop.Checked(!p.teach.t.Hidden(x)),
				event.Change(p.act("showing a panel", func(e *vecty.Event) { p.showPanel(x, e.Target.Get("checked").Bool()) })))),
			vecty.Text(" "+string(x))))
	}
	return shown
}

// teacherMethodsCompared is a check box per method, ticked where the form
// compares it.
func (p *Page) teacherMethodsCompared() vecty.List {
	chosen, _ := setup.ParseCompare(p.form[setup.FieldCompare])
	var compared vecty.List
	for _, m := range catalog.Names {
		id := "teacher-compare-" + string(m)
		compared = append(compared, elem.Label(vecty.Markup(prop.For(id), vecty.Class("check")),
			elem.Input(vecty.Markup(prop.ID(id), prop.Type(prop.TypeCheckbox), prop.Checked(slices.Contains(chosen, m)),
				event.Change(p.act("editing the form", func(e *vecty.Event) { p.setCompared(m, e.Target.Get("checked").Bool()) })))),
			vecty.Text(" "+setup.MethodName(m))))
	}
	return compared
}

// teacherLink is the page's address with the hash of the settings shown
// and the teaching keys.
func (p *Page) teacherLink(s *lab.Snapshot) string {
	return strings.SplitN(browser.URL(), "#", 2)[0] + "#" + p.hashOf(s.Settings)
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

// predictBox is the lesson's prediction, a component of its own: it
// changes with the results (Page.Changed re-renders it with them), not
// only with the page.
type predictBox struct {
	vecty.Core
	p        *Page
	rendered bool
}

func (b *predictBox) Render() vecty.ComponentOrHTML {
	b.rendered = true
	if v := b.p.predictionView(b.p.teach.t.Lesson, &b.p.snap); v != nil {
		return v
	}
	return elem.Div(vecty.Markup(prop.ID("predict-none")))
}

// rerenderPrediction shows the results beside a committed prediction.
func (p *Page) rerenderPrediction() {
	b := p.teach.class.box
	if b != nil && b.rendered && p.teach.class.guess.committed && p.teach.t.Asks(p.teach.t.Lesson) != nil {
		vecty.Rerender(b)
	}
}

// predictionBox is the page's predictBox.
func (p *Page) predictionBox() *predictBox {
	if p.teach.class.box == nil {
		p.teach.class.box = &predictBox{p: p}
	}
	return p.teach.class.box
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

// predictionView asks for the lesson's prediction before its run and,
// after it, sets the prediction beside the theory and the measurement.
func (p *Page) predictionView(k int, s *lab.Snapshot) *vecty.HTML {
	pr := p.teach.t.Asks(k)
	if pr == nil {
		return nil
	}
	g := &p.teach.class.guess
	var outcome vecty.MarkupOrChild
	switch {
	case g.err != "":
		outcome = elem.Paragraph(vecty.Markup(prop.ID("predict-error"), vecty.Class("field-error"), vecty.Attribute("role", "alert")), vecty.Text(g.err))
	case g.committed:
		text := "Your prediction: " + strconv.FormatFloat(g.value, 'g', 3, 64) + "×. Now press Run."
		var explains vecty.MarkupOrChild
		if o, ok := pr.Compare(g.value, s.Rows); ok {
			text = o.Summary
			if o.Explains != "" && !math.IsNaN(o.Measured) {
				explains = elem.Paragraph(vecty.Markup(prop.ID("predict-explains")), elem.Strong(vecty.Text("Why: ")), vecty.Text(o.Explains))
			}
		}
		outcome = elem.Div(elem.Paragraph(vecty.Markup(prop.ID("predict-outcome"), vecty.Attribute("role", "status")), vecty.Text(text)), explains)
	}
	return elem.Div(vecty.Markup(prop.ID("predict"), vecty.Class("predict")),
		elem.Label(vecty.Markup(prop.For("predict-guess")), elem.Strong(vecty.Text("Predict: ")), vecty.Text(pr.Question)),
		elem.Div(vecty.Markup(vecty.Class("buttons")),
			elem.Input(vecty.Markup(prop.ID("predict-guess"), prop.Type(prop.TypeText), vecty.Attribute("inputmode", "decimal"),
				vecty.Attribute("size", 6), prop.Value(g.text), vecty.Property("disabled", g.committed),
				event.Input(func(e *vecty.Event) { g.text = e.Target.Get("value").String() }))),
			p.button("predict-commit", "Commit", "Fix your prediction before the run", !g.committed, func() {
				v, err := lesson.ParseGuess(g.text)
				if err != nil {
					g.err = err.Error()
				} else {
					*g = guess{text: g.text, value: v, committed: true}
				}
				vecty.Rerender(p)
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
