// Package schedule decides what the lab's page draws in each animation
// frame, and how much: the redraw intervals while a run advances
// (LiveEvery, PlotEvery, RestEvery, RedrawEvery, CurvesDue), the per-frame
// drawing budget (FrameBudget, DrawNow, DrawCosts), the canvases' sizes
// and visibility as the browser's observers report them (Sizes), and the
// recording of a drawing in parts that each fit in a frame (Recording).
//
// It holds no browser code: ui/app applies its decisions to the page's
// canvases, and its tests run natively.
package schedule
