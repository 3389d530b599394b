//go:build js && wasm

package app

import (
	"strconv"
	"strings"
	"time"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"imlab/ui/browser"
	"imlab/ui/chart"
	"imlab/ui/lab"
	"imlab/ui/lab/setup"
	"imlab/ui/schedule"

	"imlab/ui/lab/lesson"
)

// teachParts is the teaching side of the page: the lesson, hidden panels
// and presenter mode from the link, the speedup map and the sampling view.
type teachParts struct {
	t        setup.Teaching
	mapView  *MapView
	lesson   *LessonCard
	sampling samplingState
	class    classState // the teacher panel and the lesson's prediction (teacher.go)
}

// SetTeaching applies the link's lesson, hidden panels, presenter mode and
// speed.
func (p *Page) SetTeaching(t setup.Teaching) {
	if t.Lesson != p.teach.t.Lesson {
		p.teach.class.guess = guess{}
	}
	p.teach.t = t
	p.ctl.SetSpeed(t.Speed)
}

// hashOf is the page's link for settings s: s's keys, then the teaching
// keys, so that editing the form keeps the lesson, hide= and present=.
func (p *Page) hashOf(s setup.Settings) string { return setup.JoinHash(s, p.teach.t) }

// fontSize is the font size of plot text: larger in presenter mode.
func (p *Page) fontSize() float64 {
	if p.teach.t.Present {
		return 12 * setup.PresentScale
	}
	return 12
}

func itoa(k int) string { return strconv.Itoa(k) }

// fullscreenButton shows the element with the given id full screen.
func fullscreenButton(id string) *vecty.HTML {
	return elem.Button(vecty.Markup(prop.ID("fullscreen-"+id), prop.Type(prop.TypeButton), vecty.Class("fullscreen"),
		vecty.Attribute("title", "Show this plot full screen (Esc leaves)"),
		event.Click(func(*vecty.Event) {
			if el := browser.Element(id); el != nil {
				if fig := browser.Parent(el); fig != nil {
					browser.RequestFullscreen(fig)
				}
			}
		})),
		vecty.Text("Full screen"))
}

// explain is a number that explains itself on hover and keyboard focus:
// what it is, its formula and its value here.
func explain(id, value, what string) *vecty.HTML {
	return elem.Span(vecty.Markup(vecty.Class("num"), vecty.MarkupIf(id != "", prop.ID(id)),
		vecty.Attribute("tabindex", 0), vecty.Attribute("title", what), vecty.Attribute("data-explain", what),
		vecty.Attribute("aria-label", value+": "+what)),
		vecty.Text(value))
}

// hideClasses are the body's classes that hide the panels the link names:
// assets/lab.css holds their rules (setup.Panel.HideClass), so the page needs
// no inline style sheet, which its Content-Security-Policy forbids
// (internal/csp).
func (p *Page) hideClasses() []string {
	classes := make([]string, len(p.teach.t.Hide))
	for i, x := range p.teach.t.Hide {
		classes[i] = x.HideClass()
	}
	return classes
}

// LessonCard shows the current lesson (id "lesson") and the list of
// lessons. It renders from its props and skips its re-rendering while they
// stay the same; whether the lesson's answer is open is its own state, and
// closes when the lesson changes. Its prediction is a component of its own
// (PredictBox), which the page re-renders alone.
type LessonCard struct {
	vecty.Core
	Lesson int                `vecty:"prop"` // 1-based; 0 = none
	Ask    *lesson.Prediction `vecty:"prop"` // the prediction the lesson asks for; nil = none

	answer   bool // the lesson's answer is open
	answerOf int  // the lesson whose answer answer is about
	page     *Page
}

// lessonCard is the page's LessonCard, with its props set from the page's
// teaching settings.
func (p *Page) lessonCard() *LessonCard {
	c := p.teach.lesson
	if c == nil {
		c = &LessonCard{page: p}
		p.teach.lesson = c
	}
	c.Lesson, c.Ask = p.teach.t.Lesson, p.teach.t.Asks(p.teach.t.Lesson)
	return c
}

// SkipRender implements vecty.RenderSkipper: none of its props changed,
// nor whether the answer is open.
func (c *LessonCard) SkipRender(prev vecty.Component) bool {
	old, ok := prev.(*LessonCard)
	return ok && old.Lesson == c.Lesson && old.Ask == c.Ask && old.answer == c.answer
}

// Render implements vecty.Component.
func (c *LessonCard) Render() vecty.ComponentOrHTML {
	p := c.page
	if c.answerOf != c.Lesson {
		c.answer, c.answerOf = false, c.Lesson
	}
	var items []vecty.MarkupOrChild
	for k, l := range lesson.Lessons {
		items = append(items, elem.ListItem(elem.Anchor(vecty.Markup(prop.Href("#lesson="+itoa(k+1)),
			vecty.MarkupIf(c.Lesson == k+1, vecty.Attribute("aria-current", "page")),
			event.Click(p.act("opening a lesson", func(*vecty.Event) { p.openLesson(k + 1) })).PreventDefault()),
			vecty.Text(l.Title))))
	}
	var current vecty.MarkupOrChild
	if k := c.Lesson; k > 0 {
		current = c.current(lesson.Lessons[k-1])
	}
	return elem.Section(vecty.Markup(prop.ID("panel-lessons"), vecty.Class("card", "lessons"), vecty.Attribute("aria-label", "Lessons")),
		elem.Navigation(vecty.Markup(vecty.Attribute("aria-label", "Lessons")),
			elem.Heading2(vecty.Text("Lessons")),
			elem.OrderedList(items...),
		),
		current,
	)
}

// current is the lesson l in full: its plan, text, data, prediction, what
// to watch, and its question with the answer on demand.
func (c *LessonCard) current(l lesson.Lesson) *vecty.HTML {
	p := c.page
	var file vecty.MarkupOrChild
	if l.NeedFile != "" {
		file = elem.Paragraph(vecty.Markup(vecty.Class("lesson-file")), elem.Strong(vecty.Text("Data: ")), vecty.Text(l.NeedFile))
	} else if g, ok := lessonSet(l); ok {
		file = elem.Paragraph(vecty.Markup(vecty.Class("lesson-file")), elem.Strong(vecty.Text("Data: ")),
			vecty.Text(g.Title+" from the lab's data gallery: "+g.About))
	}
	var answer vecty.MarkupOrChild
	toggle := "Show the answer"
	if c.answer {
		answer = elem.Paragraph(vecty.Markup(prop.ID("lesson-answer")), vecty.Text(l.Answer))
		toggle = "Hide the answer"
	}
	return elem.Article(vecty.Markup(prop.ID("lesson"), vecty.Attribute("aria-labelledby", "lesson-title")),
		elem.Heading2(vecty.Markup(prop.ID("lesson-title")), vecty.Text("Lesson "+itoa(c.Lesson)+": "+l.Title)),
		lessonPlan(l), // teacher.go
		elem.Paragraph(vecty.Text(l.Text)),
		file,
		p.predictionBox(), // teacher.go
		elem.Paragraph(elem.Strong(vecty.Text("Watch: ")), vecty.Text(l.Watch)),
		elem.Paragraph(elem.Strong(vecty.Text("Question: ")), vecty.Text(l.Question)),
		elem.Button(vecty.Markup(prop.ID("lesson-answer-toggle"), prop.Type(prop.TypeButton),
			vecty.Attribute("aria-expanded", c.answer), vecty.Attribute("aria-controls", "lesson-answer"),
			event.Click(p.act("opening the answer", func(*vecty.Event) {
				c.answer = !c.answer
				vecty.Rerender(c)
			}))), vecty.Text(toggle)),
		answer,
	)
}

// openLesson loads lesson k: its settings into the form and the link, its
// text above the lab, and its data (a preset is generated at once).
func (p *Page) openLesson(k int) {
	t := p.teach.t
	t.Lesson = k
	s, t, err := setup.PageSettings(t.Hash(), setup.DefaultSettings())
	if err != nil {
		p.ctl.ReportError(err)
		return
	}
	p.SetTeaching(t)
	p.form, p.formErr = setup.FormOf(s), nil
	browser.SetHash(p.hashOf(s))
	if lesson.Lessons[k-1].NeedFile == "" {
		p.ctl.Open(s) // a preset or a gallery set
	}
	vecty.Rerender(p)
}

// samplingState remembers what the sampling canvas shows.
type samplingState struct {
	key    [4]int // job τ, iterations, run id, font
	shown  bool
	drawn  bool          // the canvas shows the latest snapshot's view (see Page.settle)
	size   schedule.Box  // the size it was drawn at
	at     time.Duration // when it was last drawn
	waited int           // frames it waited for the budget
	text   string        // the summary under it
	norms  []float64     // the ‖x_i‖² that order is of
	order  []int         // chart.SamplingOrder(norms), sorted once per data set
}

// orderOf returns chart.SamplingOrder(norms), computed once per data set.
func (st *samplingState) orderOf(norms []float64) []int {
	if len(norms) == 0 {
		return nil
	}
	if len(st.norms) != len(norms) || &st.norms[0] != &norms[0] {
		st.norms, st.order = norms, chart.SamplingOrder(norms)
	}
	return st.order
}

// samplingEvery is how often the sampling view is redrawn while a run
// advances at full speed (less often if its drawings cost more:
// schedule.RedrawEvery); slowed down, it follows every minibatch.
const samplingEvery = 250 * time.Millisecond

// drawTeaching redraws the sampling view when the run moved on and, with
// force (a resize, full screen), the speedup map too; it reports false if
// it deferred a redraw. spent is what the frame spent already.
func (p *Page) drawTeaching(s *lab.Snapshot, now time.Duration, force bool, spent time.Duration) bool {
	if force {
		p.teach.mapView.frames.Request()
	}
	return p.drawSampling(s, now, force, spent)
}

// drawSampling redraws the sampling view when the run moved on or its
// canvas was resized; it reports false if it deferred a redraw. While a
// run advances, a sampling view off screen is not drawn (its summary is
// kept up to date): it is when it comes on screen or the run ends.
func (p *Page) drawSampling(s *lab.Snapshot, now time.Duration, force bool, spent time.Duration) bool {
	st := &p.teach.sampling
	st.drawn = false
	if p.cv.pending != nil {
		// Once it shows, one more frame: the run may have moved on while it
		// was drawn in parts, and this one sees whether it shows the latest.
		p.cv.resume()
		return false
	}
	// The examples' order by ‖x_i‖² is sorted once per data set, while the
	// page is idle: the sort makes no painter calls, so a drawing's parts
	// (schedule.Recording) cannot split it, and at the paper's size (n = 50,000)
	// it is a frame's worth of work, which would otherwise fall in the
	// first drawing of a run.
	if d := s.Data; d != nil && !s.Phase.Busy() && spent < schedule.IdleSpent {
		p.teach.sampling.orderOf(d.Norms)
	}
	v := s.Sampling
	key := [4]int{0, 0, int(s.RunID), int(p.fontSize())}
	if v != nil {
		key[0], key[1] = v.Tau*2+len(v.Sampling), v.Iters
	}
	running := s.Phase == lab.Running
	force = force || p.cv.size("sampling") != st.size
	if !force && key == st.key && st.shown {
		st.drawn = true
		return true
	}
	if !force && st.shown && key[2] == st.key[2] && running && s.Speed == 0 && now-st.at < schedule.RedrawEvery(samplingEvery, p.cv.costs.Estimate("sampling")) {
		return false
	}
	// The summary changes with the canvas, when the drawing shows.
	setText := func() {
		if text := samplingSummary(v); text != st.text {
			if el := browser.Element("sampling-summary"); el != nil {
				el.SetTextContent(text)
				st.text, st.at = text, now
			}
		}
	}
	b, ok := p.cv.ready("sampling", running)
	if !ok {
		setText()
		st.drawn = browser.Canvas("sampling") == nil // a hidden panel has nothing to draw
		return true                                  // drawn when it is laid out, comes on screen or the run ends
	}
	if !schedule.DrawNow(spent, p.cv.costs.Estimate("sampling"), st.waited) {
		st.waited++
		return false
	}
	st.key, st.shown, st.at, st.size, st.waited = key, true, now, b, 0
	complete := p.cv.paint("sampling", b, nil, func(pt chart.Painter, w, h float64) {
		if v == nil {
			pt.Rect(0, 0, w, h, "white")
			pt.Text(w/2, h/2, "Run or Step: the examples each minibatch samples light up here", chart.TextStyle{
				Size: p.fontSize(), Color: "#6b7280", Align: chart.AlignCenter, Baseline: chart.BaselineMiddle})
			return
		}
		sp := &chart.SamplingPlot{
			Title: v.Sampling.Label() + ", τ = " + itoa(v.Tau) + ": " + itoa(v.Iters) + " minibatches so far",
			Norms: v.Norms, P: v.P, Other: v.Other, Buckets: v.Buckets, Recent: v.Recent, Visits: v.Visits, Iters: v.Iters,
			FontSize: p.fontSize(), Order: st.orderOf(v.Norms),
		}
		adaptiveStrip(sp, v) // adaptive.go
		sp.Draw(pt, w, h)
	})
	if complete {
		setText()
		st.drawn = true
	} else {
		p.cv.pending.then = setText
	}
	return complete
}

// samplingView is the sampling at work: speed control and canvas.
func (p *Page) samplingView(s *lab.Snapshot) *vecty.HTML {
	speeds := speedOptions()
	summary := samplingSummary(s.Sampling)
	return elem.Section(vecty.Markup(prop.ID("panel-sampling"), vecty.Class("card", "teach-card"), vecty.Attribute("aria-label", "The sampling at work")),
		elem.Heading2(vecty.Text("The sampling at work")),
		elem.Paragraph(vecty.Markup(vecty.Class("hint")), vecty.Text(
			"Top: every example's n·pᵢ (how often it is drawn per n minibatches) against its size ‖xᵢ‖²; τ-nice is flat at τ, "+
				"τ-importance rises with ‖xᵢ‖²; light grey dots are the other sampling at the same τ. Crosses: how often each was actually drawn so far. Bottom: the buckets, one row each. "+
				"The latest minibatch lights up in orange. Slow the run down to watch, then Step moves one minibatch.")),
		elem.Div(vecty.Markup(vecty.Class("row2", "speed-row")),
			elem.Div(vecty.Markup(vecty.Class("field")),
				elem.Label(vecty.Markup(prop.For("speed")), vecty.Text("Speed")),
				speedSelect("speed", s.Speed, speeds, p.setSpeed),
			),
			elem.Div(vecty.Markup(vecty.Class("buttons")), fullscreenButton("sampling")),
		),
		elem.Figure(vecty.Markup(vecty.Class("plot", "sampling-figure")),
			elem.Canvas(vecty.Markup(prop.ID("sampling"), vecty.Attribute("role", "img"),
				vecty.Attribute("aria-label", "Sampling view: probabilities of the examples against their squared norms, the buckets, and the latest minibatch; summary below"))),
		),
		elem.Paragraph(vecty.Markup(prop.ID("sampling-summary"), vecty.Class("hint")), vecty.Text(summary)),
		samplingNote(), // notes.go
	)
}

// speedOptions are the run speeds offered (setup.Speeds).
func speedOptions() []option {
	speeds := make([]option, len(setup.Speeds))
	for i, k := range setup.Speeds {
		label := itoa(k) + " minibatch per frame"
		if k > 1 {
			label = itoa(k) + " minibatches per frame"
		}
		if k == 0 {
			label = "full speed"
		}
		speeds[i] = option{itoa(k), label}
	}
	return speeds
}

// setSpeed sets the run's speed, and the link's speed= with it.
func (p *Page) setSpeed(k int) {
	p.teach.t.Speed = k
	p.ctl.SetSpeed(k)
	p.teachingChanged()
}

// samplingSummary is the sampling view's text alternative.
func samplingSummary(v *lab.SamplingView) string {
	if v == nil {
		return "No run yet."
	}
	return v.Sampling.Label() + " at τ = " + itoa(v.Tau) + " after " + itoa(v.Iters) +
		" minibatches; latest minibatch: " + examples(v.Recent) + "."
}

// examples lists the latest minibatch's example numbers (1-based).
func examples(recent [][]int) string {
	if len(recent) == 0 {
		return "none yet"
	}
	b := recent[len(recent)-1]
	parts := make([]string, 0, min(len(b), 16))
	for k, i := range b {
		if k == 16 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, "#"+itoa(i+1))
	}
	return strings.Join(parts, ", ")
}

// speedSelect is a speed control (the sampling view's and the teacher
// panel's): the speed never changes results, so it is a teaching key of the
// link (speed=, setup.Teaching), outside the settings schema.
func speedSelect(id string, current int, speeds []option, set func(minibatchesPerFrame int)) *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Markup(prop.ID(id), event.Change(func(e *vecty.Event) {
		k, _ := strconv.Atoi(e.Target.Get("value").String())
		set(k)
	}))}
	for _, o := range speeds {
		items = append(items, elem.Option(vecty.Markup(prop.Value(o.value), vecty.Property("selected", o.value == itoa(current))),
			vecty.Text(o.label)))
	}
	return elem.Select(items...)
}
