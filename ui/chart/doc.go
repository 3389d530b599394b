// Package chart draws publication-style line plots and histograms through a
// small Painter interface, so the same code renders the browser lab's live
// plots on a <canvas> (package ui/canvas) and writes the paper's figures as
// standalone SVG files (SVG).
//
// A LinePlot is the paper's convergence figure: optimality gap P(w) − P* on
// a logarithmic y axis (ticks at decades, labelled 10⁻⁴, thinned on short
// plots) against passes/τ on a linear x axis (ticks at 1, 2, 5 × 10^k), one
// Series per τ. Points that cannot be drawn (NaN, ±Inf, or a gap ≤ 0 on the
// log axis) break the curve instead of corrupting it. SharedRanges gives
// side-by-side plots the same limits. A HistPlot draws a dataset.Histogram,
// optionally with logarithmic counts so a single outlier stays visible.
//
// Series styles (Style) pair each Okabe–Ito colour-blind-safe colour with a
// distinct dash pattern and marker, so curves stay apart in greyscale print;
// a page can use Style to draw a matching legend or table.
//
// Everything here is pure Go with no browser dependency: ticks, number
// formatting, layout, data→pixel scales and polyline clipping are plain
// functions tested natively and under GOOS=js GOARCH=wasm. Coordinates are
// CSS pixels with y pointing down. Text widths are estimated from
// Helvetica/Arial metrics (TextWidth), so SVG and canvas lay out alike.
package chart
