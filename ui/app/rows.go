//go:build js && wasm

package app

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
)

// TableRow is a row of the results' tables that re-renders only when what
// it shows changed. A job's end changes a cell or two of the ratio tables,
// and vecty's re-render of an element costs several calls into the DOM
// (its classes, styles, data, properties) whether it changed or not: the
// re-render of every row at every job's end was the largest part of the
// page's re-rendering during a run.
type TableRow struct {
	vecty.Core
	Tau   string    `vecty:"prop"` // the first cell
	Cells []numCell `vecty:"prop"`
}

// numCell is a table cell holding a number with its explanation (explain)
// and the cell's class ("" for none); without an explanation it is plain
// text. It is not comparable (the blank field): an equality function for
// it costs more of main.wasm than TableRow.SkipRender's loop.
type numCell struct {
	text, what, class string
	_                 [0]func()
}

// row returns the row of τ tau and the cells nums.
func row(tau string, nums ...numCell) *TableRow { return &TableRow{Tau: tau, Cells: nums} }

// Render implements vecty.Component.
func (r *TableRow) Render() vecty.ComponentOrHTML {
	cells := []vecty.MarkupOrChild{elem.TableData(vecty.Text(r.Tau))}
	for _, c := range r.Cells {
		var content vecty.MarkupOrChild = vecty.Text(c.text)
		if c.what != "" {
			content = explain("", c.text, c.what)
		}
		cells = append(cells, elem.TableData(vecty.Markup(vecty.MarkupIf(c.class != "", vecty.Class(c.class))), content))
	}
	return elem.TableRow(cells...)
}

// SkipRender implements vecty.RenderSkipper: the row shows the same.
func (r *TableRow) SkipRender(prev vecty.Component) bool {
	old, ok := prev.(*TableRow)
	if !ok || old.Tau != r.Tau || len(old.Cells) != len(r.Cells) {
		return false
	}
	for k, c := range r.Cells {
		if o := old.Cells[k]; o.text != c.text || o.what != c.what || o.class != c.class {
			return false
		}
	}
	return true
}
