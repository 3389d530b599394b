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
	Cells rowCells `vecty:"prop"`
}

// rowCells is what a row shows: its τ, then numbers that explain
// themselves (explain).
type rowCells struct {
	tau  string
	nums [5]numCell
	n    int // cells in nums
}

// numCell is a table cell holding a number with its explanation and the
// cell's class ("" for none); without an explanation it is plain text.
type numCell struct{ text, what, class string }

// row returns the row of τ tau and the cells nums.
func row(tau string, nums ...numCell) *TableRow {
	r := &TableRow{Cells: rowCells{tau: tau, n: len(nums)}}
	copy(r.Cells.nums[:], nums)
	return r
}

// Render implements vecty.Component.
func (r *TableRow) Render() vecty.ComponentOrHTML {
	cells := []vecty.MarkupOrChild{elem.TableData(vecty.Text(r.Cells.tau))}
	for _, c := range r.Cells.nums[:r.Cells.n] {
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
	return ok && old.Cells == r.Cells
}
