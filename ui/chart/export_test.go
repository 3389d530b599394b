package chart

// BenchSamplingPlot is benchSamplingPlot for the benchmarks of package
// chart_test (replay_js_test.go), which draw on a canvas.
var BenchSamplingPlot = benchSamplingPlot
