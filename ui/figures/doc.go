// Package figures defines the paper's figures once — the side-by-side
// convergence plots (τ-nice left, τ-importance right, one curve per τ, shared
// axes) and the histogram of ‖x_i‖² — as ui/chart plots, so the browser's
// canvases and the results document's SVG files show the same pictures.
// It is pure Go: it runs natively and under wasm.
package figures
