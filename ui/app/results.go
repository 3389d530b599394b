//go:build js && wasm

package app

import (
	"math"
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"imlab/core/sampling"
	"imlab/core/table"
	"imlab/ui/browser"
	"imlab/ui/canvas"
	"imlab/ui/chart"
	"imlab/ui/lab"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"

	"imlab/ui/lab/prose"
)

// controls are the run buttons for the phase ph, the status line, and a
// notice when the form has edits not yet run (stale).
func (p *Page) controls(ph lab.Phase, edited bool, status *StatusLine) *vecty.HTML {
	running := ph == lab.Running || ph == lab.Optimum
	runLabel := "Run"
	switch {
	case ph == lab.Paused:
		runLabel = "Resume"
	case ph == lab.Done:
		runLabel = "Run again"
	}
	var stale vecty.MarkupOrChild
	if edited {
		stale = elem.Paragraph(vecty.Markup(prop.ID("stale"), vecty.Class("hint")),
			vecty.Text("The form has edits not yet run: the results and the link are for the settings before them. Press Run to apply them."))
	}
	return elem.Section(vecty.Markup(vecty.Class("controls"), vecty.Attribute("aria-label", "Run controls")),
		elem.Div(vecty.Markup(vecty.Class("buttons")),
			p.button("run", runLabel, "Run τ-nice and τ-importance for every τ", !running && ph != lab.Loading, func() {
				if st, ok := p.settings(); ok {
					p.ctl.Run(st)
				}
			}, "primary"),
			p.button("pause", "Pause", "Pause the run (Run resumes it)", running, p.ctl.Pause),
			p.button("step", "Step", "Advance to the next point of the current curve (by one minibatch when slowed down), then pause", ph != lab.Loading, func() {
				if st, ok := p.settings(); ok {
					p.ctl.Step(st)
				}
			}),
			p.button("reset", "Reset", "Stop and clear the results (the data stays)", ph != lab.Empty, p.ctl.Reset),
		),
		status,
		stale,
	)
}

// statusLine is the progress bar and the status text of l, with every
// failed run's own message folded under the status's one line until asked
// for.
func statusLine(l *StatusLine) *vecty.HTML {
	var details vecty.MarkupOrChild
	if l.Details != "" {
		details = elem.Details(vecty.Markup(prop.ID("status-details")),
			elem.Summary(vecty.Text("Details of the failed runs")),
			elem.Preformatted(vecty.Text(l.Details)),
		)
	}
	return elem.Div(vecty.Markup(vecty.Class("status-line")),
		elem.Progress(vecty.Markup(prop.ID("progress"), vecty.Attribute("max", 1),
			vecty.Property("value", l.Progress), vecty.Attribute("aria-label", "progress"))),
		elem.Paragraph(vecty.Markup(prop.ID("status"), vecty.Attribute("role", "status"), vecty.Attribute("aria-live", "polite"),
			vecty.MarkupIf(l.Failed, vecty.Class("error"))),
			vecty.Text(l.Text)),
		details,
	)
}

func (p *Page) plotsView(s *lab.Snapshot) *vecty.HTML {
	plot := func(id, caption string) *vecty.HTML {
		return elem.Figure(vecty.Markup(vecty.Class("plot")),
			elem.Canvas(vecty.Markup(prop.ID(id), vecty.Attribute("role", "img"), vecty.Attribute("aria-label", caption))),
			fullscreenButton(id),
		)
	}
	against := lab.AxisLabel(s.Settings.Method) + " (" + setup.MethodName(s.Settings.Method) + ")"
	return elem.Section(vecty.Markup(vecty.Class("plots"), vecty.Attribute("aria-label", "Convergence plots")),
		plot("plot-nice", "Primal gap against "+against+" for τ-nice sampling, one curve per τ"),
		plot("plot-imp", "Primal gap against "+against+" for τ-importance sampling, one curve per τ"),
		plotsNote(), // notes.go
	)
}

func ratioTable(s *lab.Snapshot) *vecty.HTML {
	if s.Settings.Method != setup.DefaultMethod {
		return methodRatioTable(s) // methods.go
	}
	match, known := prose.PaperMatch(s)
	n := 0
	if s.Data != nil {
		n = s.Data.Stats.N
	}
	var thetas []float64
	for _, r := range s.Rows {
		thetas = append(thetas, r.ThetaNice, r.ThetaImp)
	}
	unit := chart.CommonPow10(thetas...)
	rows := make([]vecty.MarkupOrChild, 0, len(s.Rows))
	for _, r := range s.Rows {
		th, em := prose.ExplainRatio(r)
		cells := []numCell{
			{text: table.Sig(r.Theory, 2), what: th},
			{text: s.EmpiricalText(r.Tau, r.Empirical, func(x float64) string { return table.Sig(x, 2) }), what: em},
			{text: inUnit(r.ThetaNice, unit), what: prose.ExplainTheta(sampling.Nice, r.Tau, r.ThetaNice, n, s.Lambda, s.Settings.Loss)},
			{text: inUnit(r.ThetaImp, unit), what: prose.ExplainTheta(sampling.Imp, r.Tau, r.ThetaImp, n, s.Lambda, s.Settings.Loss)},
		}
		if known {
			cell := numCell{text: "–"}
			if text, ok := prose.ExplainPaper(match, r.Tau); ok {
				pt, pe, _ := match.Cell(r.Tau)
				cell = numCell{text: table.Sig(pt, 2) + " : " + table.Sig(pe, 2), what: text, class: "paper"}
			}
			cells = append(cells, cell)
		}
		rows = append(rows, row(strconv.Itoa(r.Tau), cells...))
	}
	imp, start := s.Settings.Importance, ""
	if imp != sampling.Imp {
		start = " (" + imp.Static().Label() + "'s, from which " + imp.Label() + " starts)"
	}
	caption := "Speed-up of " + imp.Label() + " over τ-nice. Theoretical: ratio of the step sizes θ" + start +
		"; empirical: ratio of the iterations each needed to reach ε. Hover or focus a number for its formula."
	if len(s.Rows) == 0 {
		caption = "Speed-up of " + imp.Label() + " over τ-nice: press Run to fill in."
	}
	if known {
		caption += " Paper: theoretical : empirical, " + match.String() + "."
	}
	head := []vecty.MarkupOrChild{colHeader("τ"), colHeader("theoretical"), colHeader("empirical"),
		unitHeader("θ τ-nice", unit), unitHeader("θ τ-imp", unit)}
	if known {
		head = append(head, colHeader("paper"))
	}
	return ratiosCard(s, caption, head, rows)
}

// ratiosCard is the card of the ratio table: its caption, header cells and
// rows, then the best-τ view of the run's method (methods.go).
func ratiosCard(s *lab.Snapshot, caption string, head, rows []vecty.MarkupOrChild) *vecty.HTML {
	return elem.Section(vecty.Markup(vecty.Class("card", "ratios-card"), vecty.Attribute("aria-label", "Ratios")),
		elem.Heading2(vecty.Text("Ratios")),
		// On a narrow card the table scrolls sideways instead of spilling
		// over its neighbour; the region takes the focus so that the
		// keyboard can scroll it too.
		elem.Div(vecty.Markup(vecty.Class("table-scroll"), vecty.Attribute("tabindex", 0),
			vecty.Attribute("role", "region"), vecty.Attribute("aria-label", "Ratio table")),
			elem.Table(vecty.Markup(prop.ID("ratios")),
				elem.Caption(vecty.Text(caption)),
				elem.TableHead(elem.TableRow(head...)),
				elem.TableBody(rows...),
			),
		),
		vecty.If(s.Settings.Method == setup.DefaultMethod, ratiosNote(s)), // notes.go
		tauStarTable(s.Method),
	)
}

// colHeader is a table's column header cell.
func colHeader(label string) *vecty.HTML {
	return elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "col")), vecty.Text(label))
}

// unitHeader is the header of a column of numbers shown in units of
// 10^unit (chart.CommonPow10), which it names: "θ τ-nice (×10⁻⁴)". Short
// numbers keep the table narrow enough for a phone.
func unitHeader(label string, unit int) *vecty.HTML {
	if unit == 0 {
		return colHeader(label)
	}
	return elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "col")), vecty.Text(label+" "),
		elem.Span(vecty.Markup(vecty.Class("unit")), vecty.Text("(×"+chart.FormatPow10(unit)+")")))
}

// inUnit is x in units of 10^unit, to 3 significant digits.
func inUnit(x float64, unit int) string { return table.Sig(x/math.Pow10(unit), 3) }

func num(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return table.Sig(x, 3)
}

// dataSummary is the Data card: the facts of d (nil: no data yet).
func dataSummary(d *worker.DataInfo) *vecty.HTML {
	var why map[string]string
	if d != nil {
		why = prose.ExplainData(d)
	}
	item := func(id, term, value string) vecty.List {
		return vecty.List{
			elem.DefinitionTerm(vecty.Text(term)),
			elem.Description(vecty.Markup(prop.ID(id)), explain("", value, why[id])),
		}
	}
	var facts vecty.List
	name := "no data yet"
	if d != nil {
		st := d.Stats
		name = d.Name
		facts = vecty.List{
			item("data-n", "examples n", strconv.Itoa(st.N)),
			item("data-d", "features d", strconv.Itoa(st.D)),
			item("data-nnz", "non-zeros", strconv.Itoa(st.NNZ)),
			item("data-density", "density", table.Sig(100*st.Density, 3)+" %"),
			item("data-sigma", "σ = max ‖xᵢ‖² / mean", table.Sig(st.Sigma, 3)),
			item("data-lambda", "λ (paper's default)", table.Sig(d.DefaultLambda, 3)),
		}
	}
	return elem.Section(vecty.Markup(vecty.Class("card", "data-card"), vecty.Attribute("aria-label", "Data summary")),
		elem.Heading2(vecty.Text("Data")),
		elem.Paragraph(vecty.Markup(prop.ID("data-name"), vecty.Class("data-name")), vecty.Text(name)),
		elem.DescriptionList(vecty.Markup(vecty.Class("facts")), facts),
		elem.Canvas(vecty.Markup(prop.ID("histogram"), vecty.Attribute("role", "img"),
			vecty.Attribute("aria-label", "Histogram of the squared example norms"))),
		dataNote(d), // notes.go
	)
}

func (p *Page) shareExport(s *lab.Snapshot) *vecty.HTML {
	have := len(s.Jobs) > 0
	return elem.Section(vecty.Markup(prop.ID(setup.PanelExport.ElementID()), vecty.Class("card", "share"), vecty.Attribute("aria-label", "Share and export")),
		elem.Heading2(vecty.Text("Share and export")),
		elem.Paragraph(vecty.Markup(vecty.Class("hint")),
			vecty.Text("The address holds every setting of the data and results shown, so a link reproduces the run: same data, same results. "+
				"A file cannot travel in a link: the link names it, with its size and fingerprint, and asks for it again.")),
		elem.Div(vecty.Markup(vecty.Class("buttons")),
			p.button("copy-link", "Copy link", "Copy a link to these settings", true, func() { p.copyLink(browser.URL()) }),
			p.saveButton(s), // gallery.go
			p.button("export-traces", "Traces (CSV)", "All trace points: sampling, τ, iterations/n, primal, gap, seconds", have, func() { p.export(0) }),
			p.button("export-ratios-csv", "Ratios (CSV)", "The ratio table, exact values", have, func() { p.export(1) }),
			p.button("export-ratios-md", "Ratios (Markdown)", "The ratio table, rounded like the paper", have, func() { p.export(2) }),
			p.button("export-nice-png", "τ-nice plot (PNG)", "The left plot as a PNG image at twice its size on screen, titled with the data and settings", have, func() { p.exportPlot("plot-nice", sampling.Nice, false) }),
			p.button("export-imp-png", "τ-importance plot (PNG)", "The right plot as a PNG image at twice its size on screen, titled with the data and settings", have, func() { p.exportPlot("plot-imp", sampling.Imp, false) }),
			elem.Div(vecty.Markup(vecty.Class("field")),
				elem.Label(vecty.Markup(prop.For("png-width")), vecty.Text("PNG width")),
				elem.Select(vecty.Markup(prop.ID("png-width"), event.Change(p.act("choosing the PNG width", func(e *vecty.Event) {
					p.exports.pngWide, _ = strconv.Atoi(e.Target.Get("value").String())
				}))),
					elem.Option(vecty.Markup(prop.Value("0"), vecty.Property("selected", p.exports.pngWide == 0)), vecty.Text("twice the screen")),
					elem.Option(vecty.Markup(prop.Value("1600"), vecty.Property("selected", p.exports.pngWide == 1600)), vecty.Text("1600 px")),
					elem.Option(vecty.Markup(prop.Value("3200"), vecty.Property("selected", p.exports.pngWide == 3200)), vecty.Text("3200 px")),
				),
			),
			p.button("export-nice-svg", "τ-nice plot (SVG)", "The left plot as an SVG image, titled with the data and settings", have, func() { p.exportPlot("plot-nice", sampling.Nice, true) }),
			p.button("export-imp-svg", "τ-importance plot (SVG)", "The right plot as an SVG image, titled with the data and settings", have, func() { p.exportPlot("plot-imp", sampling.Imp, true) }),
		),
		noteView("share-note", p.exports.notice),
	)
}

// noteView is the notice of the last copy or save (the link copied, the
// file saved), under the buttons that made it: the status line keeps the
// run's summary.
func noteView(id, notice string) *vecty.HTML {
	var text vecty.MarkupOrChild
	if notice != "" {
		text = vecty.Text(notice)
	}
	return elem.Paragraph(vecty.Markup(prop.ID(id), vecty.Class("hint", "note"), vecty.Attribute("role", "status")), text)
}

func (p *Page) export(k int) {
	files, err := lab.Exports(&p.snap, "imlab")
	if err != nil {
		p.ctl.ReportError(err)
		return
	}
	browser.Download(files[k].Name, files[k].MIME, files[k].Data)
}

// pngScale is how many PNG pixels an exported plot has per CSS pixel of the
// canvas on screen: print and slides want more than the screen's.
const pngScale = 2

// exportPlot offers the plot of the canvas id (of sampling smp) as
// an SVG, or as a PNG at pngScale times the canvas's size on screen (or at
// the width picked under "PNG width"), titled
// with the data and settings.
func (p *Page) exportPlot(id string, smp sampling.Kind, svg bool) {
	el := browser.Element(id)
	if el == nil {
		return
	}
	w, h := browser.ClientSize(el)
	if svg {
		browser.Download("imlab-"+id+".svg", "image/svg+xml", lab.PlotSVG(&p.snap, smp, w, h))
		return
	}
	scale := float64(pngScale)
	if p.exports.pngWide > 0 && w > 0 {
		scale = float64(p.exports.pngWide) / w
	}
	c := canvas.Offscreen(w, h, scale)
	lab.DrawPlot(c, w, h, &p.snap, smp)
	browser.DownloadURL("imlab-"+id+".png", c.PNG())
}

// copyLink copies url to the clipboard, off the event's goroutine (the
// clipboard answers by a promise), and says in the notice (noteView)
// whether it did.
func (p *Page) copyLink(url string) {
	go func() {
		defer p.recoverTo("copying the link")
		if browser.CopyText(url) {
			p.exports.notice = "link copied: " + url
		} else {
			p.exports.notice = "copy this link: " + url
		}
		vecty.Rerender(p)
	}()
}
