package worker

import (
	"time"

	"imlab/core/dataset"
	"imlab/ui/lab/setup"
)

// Source is where the data came from.
type Source int

// The sources of data.
const (
	SourcePreset Source = iota // generated from the synthetic preset
	SourceFile                 // read from a LIBSVM file
)

func (s Source) String() string {
	if s == SourceFile {
		return "file"
	}
	return "preset"
}

// DataInfo describes the loaded data set.
type DataInfo struct {
	Source        Source
	Name          string        // a description of the preset, or the file name
	File          setup.FileRef // the file read (Source == SourceFile)
	Gallery       string        // the gallery set File is (gallery.go); "" for a file of the user's
	Warnings      []string      // about the data, shown with it (a single label, another file than the link's)
	Stats         dataset.Stats
	Hist          dataset.Histogram // of ‖x_i‖²
	Norms         []float64         // ‖x_i‖² of every example (read-only)
	DefaultLambda float64           // the paper's max_i ‖x_i‖ / n
	LoadTime      time.Duration     // how long generating or parsing took, where it ran
	InWorker      bool              // loaded in a Web Worker (else on the page's main thread)
}

// histogramBins is the number of bins of the ‖x_i‖² histogram.
const histogramBins = 40

// installed describes data about to be installed.
type installed struct {
	source   Source
	name     string
	warnings []string
}

func densityName(d float64) string {
	switch d {
	case setup.SparseDensity:
		return "sparse"
	case setup.DenseDensity:
		return "dense"
	}
	return "density"
}
