//go:build js && wasm

package app

import (
	"fmt"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"imlab/ui/browser"
	"imlab/ui/chart"
	"imlab/ui/lab/setup"

	"imlab/ui/lab/speedupmap"
)

// MapView is the speedup map: a button computes it in the page (row by row,
// yielding to the browser between cells), a canvas shows it, hovering a
// cell reads it out, clicking one loads and runs it, and a table holds its
// values for screen readers.
type MapView struct {
	vecty.Core
	p *Page

	m        *speedupmap.Map
	running  bool
	selected [2]int
	hovered  [2]int // the cell under the pointer, outlined; {-1, -1} = none
	readout  string
	frames   *browser.Frames
	y        *browser.Yielder
	elapsed  float64 // seconds the last complete map took
}

func newMapView(p *Page) *MapView {
	v := &MapView{p: p, selected: [2]int{-1, -1}, hovered: [2]int{-1, -1}}
	v.frames = browser.NewFrames(v.paint)
	return v
}

// compute starts computing the map for the form's settings.
func (v *MapView) compute() {
	s, ok := v.p.settings()
	if !ok || v.running {
		return
	}
	m, err := speedupmap.New(s)
	if err != nil {
		v.p.ctl.ReportError(err)
		return
	}
	if v.y == nil {
		v.y = browser.NewYielder()
	}
	v.m, v.running, v.selected = m, true, [2]int{-1, -1}
	vecty.Rerender(v)
	go func() {
		defer v.p.recoverTo("computing the speedup map")
		t0 := browser.Now()
		var err error
		for done := false; !done && err == nil; {
			if done, err = m.Step(); !done {
				v.frames.Request()
				v.y.Yield()
			}
		}
		v.running = false
		v.elapsed = (browser.Now() - t0).Seconds()
		browser.Hook("mapSeconds", v.elapsed)
		if err != nil {
			v.p.ctl.ReportError(err)
		}
		vecty.Rerender(v)
		v.frames.Request()
	}()
}

// paint draws the map as computed so far.
func (v *MapView) paint() {
	defer v.p.recoverTo("drawing the speedup map")
	if v.m == nil { // before the first computation: say what will appear, as the plots do
		v.p.cv.paintNow("speedup-map", func(p chart.Painter, w, h float64) {
			chart.Placeholder{Title: "Speedup map", FontSize: v.p.fontSize(),
				Note: "Press Compute the map: one row per law of ‖xᵢ‖², one column per τ, each cell coloured by θ(τ-importance) / θ(τ-nice)."}.Draw(p, w, h)
		})
		return
	}
	hm := v.m.Plot(v.selected)
	hm.FontSize = v.p.fontSize()
	v.p.cv.paintNow("speedup-map", func(p chart.Painter, w, h float64) {
		hm.Draw(p, w, h)
		if v.hovered != v.selected {
			hm.OutlineCell(p, w, h, v.hovered[0], v.hovered[1])
		}
	})
}

// cellAt maps a pointer event to a computed cell.
func (v *MapView) cellAt(e *vecty.Event) (row, col int, ok bool) {
	if v.m == nil {
		return 0, 0, false
	}
	w, h := browser.ClientSize(browser.HTMLElement(e.Target))
	me := browser.MouseEvent(e.Value)
	hm := v.m.Plot(v.selected)
	hm.FontSize = v.p.fontSize()
	row, col, ok = hm.CellAt(w, h, me.OffsetX(), me.OffsetY())
	return row, col, ok && v.m.Ratio[row] != nil
}

// hover outlines the cell under the pointer and reads it out beside the
// pointer.
func (v *MapView) hover(e *vecty.Event) {
	text, cell := "", [2]int{-1, -1}
	if row, col, ok := v.cellAt(e); ok {
		text, cell = v.m.CellText(row, col), [2]int{row, col}
	}
	me := browser.MouseEvent(e.Value)
	w, _ := browser.ClientSize(browser.HTMLElement(e.Target))
	v.show(text, me.OffsetX(), me.OffsetY(), w)
	if cell != v.hovered {
		v.hovered = cell
		v.frames.Request()
	}
}

// leave takes the pointer's outline and read-out away.
func (v *MapView) leave(*vecty.Event) {
	v.show("", 0, 0, 0)
	if v.hovered != [2]int{-1, -1} {
		v.hovered = [2]int{-1, -1}
		v.frames.Request()
	}
}

// show sets the read-out to text, at (x, y) of the map's canvas, w wide:
// beside that point, on the side with more room ("" hides it).
func (v *MapView) show(text string, x, y, w float64) {
	el := browser.Element("map-readout")
	if el == nil {
		return
	}
	if text != v.readout {
		v.readout = text
		el.SetTextContent(text)
	}
	if text == "" {
		return
	}
	const off = 14 // px from the point, beyond the pointer
	st := el.Style()
	st.SetProperty("top", fmt.Sprintf("%.0fpx", y+off), "")
	if x > w/2 {
		st.SetProperty("left", "auto", "")
		st.SetProperty("right", fmt.Sprintf("%.0fpx", w-x+off), "")
	} else {
		st.SetProperty("right", "auto", "")
		st.SetProperty("left", fmt.Sprintf("%.0fpx", x+off), "")
	}
}

// click loads the cell's data and τ into the form and the link, and runs it.
func (v *MapView) click(e *vecty.Event) {
	if row, col, ok := v.cellAt(e); ok {
		v.run(row, col)
	}
}

// key moves the selected cell with the arrow keys, reading it out, and
// runs it with Enter or Space.
func (v *MapView) key(e *vecty.Event) {
	if v.m == nil || v.running {
		return
	}
	r, c := v.selected[0], v.selected[1]
	if r < 0 {
		r, c = 0, 0
	}
	ke := browser.KeyboardEvent(e.Value)
	switch ke.Key() {
	case "ArrowUp":
		r = max(r-1, 0)
	case "ArrowDown":
		r = min(r+1, len(v.m.Spec.Laws)-1)
	case "ArrowLeft":
		c = max(c-1, 0)
	case "ArrowRight":
		c = min(c+1, len(v.m.Spec.Taus)-1)
	case "Enter", " ":
		ke.PreventDefault()
		v.run(r, c)
		return
	default:
		return
	}
	ke.PreventDefault()
	v.selected = [2]int{r, c}
	if el := browser.Element("speedup-map"); el != nil {
		w, h := browser.ClientSize(el)
		hm := v.m.Plot(v.selected)
		hm.FontSize = v.p.fontSize()
		if box, ok := hm.CellRect(w, h, r, c); ok { // read out beside the cell
			v.show(v.m.CellText(r, c), box.X+box.W/2, box.Y+box.H/2, w)
		}
	}
	v.frames.Request()
}

// run loads cell (row, col) into the form and the link, and runs it.
func (v *MapView) run(row, col int) {
	s := v.m.CellSettings(row, col)
	v.selected = [2]int{row, col}
	v.frames.Request()
	v.p.form = setup.FormOf(s)
	v.p.formErr = nil
	browser.SetHash(v.p.hashOf(s))
	v.p.ctl.Run(s)
	vecty.Rerender(v.p)
}

// Render implements vecty.Component.
func (v *MapView) Render() vecty.ComponentOrHTML {
	status := "Press the button: the map is computed here, in your browser, in a few seconds."
	switch {
	case v.running:
		status = "computing…"
	case v.m != nil:
		status = "Hover a cell to read it; click it to load that data and τ and run both samplings."
	}
	var rows []vecty.MarkupOrChild
	if v.m != nil && !v.running {
		tab := v.m.Table()
		head := make([]vecty.MarkupOrChild, len(tab[0]))
		for i, h := range tab[0] {
			head[i] = colHeader(h)
		}
		rows = append(rows, elem.TableHead(elem.TableRow(head...)))
		var body []vecty.MarkupOrChild
		for r, line := range tab[1:] {
			cells := []vecty.MarkupOrChild{elem.TableHeader(vecty.Markup(vecty.Attribute("scope", "row")), vecty.Text(line[0])),
				elem.TableData(vecty.Text(line[1]))}
			for c, val := range line[2:] {
				cells = append(cells, elem.TableData(vecty.Markup(vecty.Attribute("title", v.m.CellText(r, c))), vecty.Text(val)))
			}
			body = append(body, elem.TableRow(cells...))
		}
		rows = append(rows, elem.TableBody(body...))
	}
	var readoutText vecty.MarkupOrChild // none when empty, so that CSS's :empty hides it
	if v.readout != "" {
		readoutText = vecty.Text(v.readout)
	}
	return elem.Section(vecty.Markup(prop.ID("panel-map"), vecty.Class("card", "teach-card"), vecty.Attribute("aria-label", "Speedup map")),
		elem.Heading2(vecty.Text("Speedup map: where does importance sampling pay?")),
		elem.Paragraph(vecty.Markup(vecty.Class("hint")), vecty.Text(
			"Each cell is the theoretical speed-up θ(τ-importance) / θ(τ-nice) for one law of ‖xᵢ‖² (rows: χ²ₖ from mild k = 100 to "+
				"heavy-tailed k = 0.5, then the extreme data with one example of weight w) and one minibatch size τ (columns). "+
				"All rows share the sparsity pattern of a "+itoa(speedupmap.N)+" × "+itoa(speedupmap.D)+" data set at the density chosen in the Data panel.")),
		mapNote(), // notes.go
		elem.Div(vecty.Markup(vecty.Class("buttons")),
			v.p.button("map-compute", "Compute the map", "Compute the speedup map for the current density, loss and seeds", !v.running, v.compute),
			fullscreenButton("speedup-map"),
		),
		elem.Paragraph(vecty.Markup(prop.ID("map-status"), vecty.Class("hint"), vecty.Attribute("role", "status")), vecty.Text(status)),
		elem.Figure(vecty.Markup(vecty.Class("plot", "map-figure")),
			elem.Canvas(vecty.Markup(prop.ID("speedup-map"), vecty.Attribute("role", "img"), vecty.Attribute("tabindex", 0),
				vecty.Attribute("aria-label", "Speedup map: predicted speed-up of τ-importance over τ-nice against τ and the law of the norms; arrow keys read a cell, Enter runs it; the values are also in the table below"),
				event.MouseMove(v.p.act("reading the map", v.hover)),
				event.MouseLeave(v.p.act("leaving the map", v.leave)),
				event.Click(v.p.act("running a map cell", v.click)),
				event.KeyDown(v.p.act("moving on the map", v.key)),
			)),
			// Beside the pointer (or the keyboard's cell), over the map.
			elem.Paragraph(vecty.Markup(prop.ID("map-readout"), vecty.Class("readout", "map-readout"), vecty.Attribute("aria-live", "polite")), readoutText),
		),
		elem.Details(
			elem.Summary(vecty.Text("The map's values as a table")),
			elem.Div(vecty.Markup(vecty.Class("table-scroll")),
				elem.Table(append([]vecty.MarkupOrChild{vecty.Markup(prop.ID("map-table"))}, rows...)...)),
		),
	)
}
