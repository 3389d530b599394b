//go:build js && wasm

package app

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"imlab/core/synth"
	"imlab/core/table"
	"imlab/ui/browser"
	"imlab/ui/lab"
)

var lawHints = map[string]string{
	"uniform":  "uniform on [0, 2] — nearly homogeneous",
	"chisq1":   "χ² with 1 degree of freedom — heavy tail",
	"chisq10":  "χ² with 10 degrees of freedom",
	"chisq100": "χ² with 100 degrees of freedom — mild",
	"extreme":  "all 1 but one example at 1000",
}

func (p *Page) dataPanel(s *lab.Snapshot) *vecty.HTML {
	f := &p.form
	laws := make([]option, len(synth.Laws))
	for i, l := range synth.Laws {
		laws[i] = option{l, lab.LawName(l)}
	}
	busy := s.Phase == lab.Loading
	return elem.FieldSet(vecty.Markup(prop.ID(lab.PanelData.ElementID()), vecty.Class("panel")),
		elem.Legend(vecty.Text("Data")),
		elem.Paragraph(vecty.Markup(vecty.Class("panel-intro")),
			vecty.Text("A synthetic preset, like the paper's artificial data: each example is rescaled so that ‖xᵢ‖² follows the chosen law. "+
				"The default — χ²₁ norms, dense, n = 10,000 × d = 100 — is heterogeneous (σ ≈ 16), so importance sampling pays at every τ, "+
				"and small enough that all 12 runs to ε = 1e−10 finish in about ten seconds in a browser.")),
		p.field("norms", "Law of ‖xᵢ‖²", p.selectInput("norms", f.Norms, laws, func(v string) { f.Norms = v }), lawHints[f.Norms]),
		p.field("density", "Density ω'", p.selectInput("density", f.Density, []option{
			{fmtG(lab.SparseDensity), "sparse (ω' = 0.1)"}, {fmtG(lab.DenseDensity), "dense (ω' = 0.8)"},
		}, func(v string) { f.Density = v }), ""),
		elem.Div(vecty.Markup(vecty.Class("row3")),
			p.field("n", "Examples n", p.textInput("n", prop.TypeNumber, f.N, func(v string) { f.N = v },
				vecty.Attribute("min", 2), vecty.Attribute("step", 1), vecty.Attribute("inputmode", "numeric")), ""),
			p.field("d", "Features d", p.textInput("d", prop.TypeNumber, f.D, func(v string) { f.D = v },
				vecty.Attribute("min", 1), vecty.Attribute("step", 1), vecty.Attribute("inputmode", "numeric")), ""),
			p.field("dseed", "Data seed", p.textInput("dseed", prop.TypeNumber, f.DataSeed, func(v string) { f.DataSeed = v },
				vecty.Attribute("min", 0), vecty.Attribute("step", 1), vecty.Attribute("inputmode", "numeric")), ""),
		),
		elem.Div(vecty.Markup(vecty.Class("buttons")),
			p.button("generate", "Generate data", "Generate the preset data and show its statistics", !busy, func() {
				if st, ok := p.settings(); ok {
					p.ctl.Generate(st)
				}
			}),
		),
		elem.Div(vecty.Markup(vecty.Class("divider")), elem.Span(vecty.Text("or a LIBSVM file"))),
		p.field("file", "LIBSVM file (plain, .gz or .bz2)", elem.Input(vecty.Markup(
			prop.ID("file"), prop.Type(prop.TypeFile), vecty.Attribute("name", "file"),
			vecty.Attribute("aria-describedby", "file-hint"),
			event.Change(p.act("reading the file", func(e *vecty.Event) {
				p.loadFiles(e.Target.Get("files"))
				e.Target.Set("value", "") // choosing the same file again reloads it
			})),
		)), fmt.Sprintf("Or drop a file anywhere on the page. Read in your browser, never uploaded; up to %d MiB. A link cannot carry a file.", lab.MaxFileBytes>>20)),
		elem.Div(vecty.Markup(vecty.Class("field", "check")),
			elem.Input(vecty.Markup(prop.ID("bias"), prop.Type(prop.TypeCheckbox), prop.Checked(f.Bias),
				event.Change(p.act("editing the form", func(e *vecty.Event) {
					f.Bias = e.Target.Get("checked").Bool()
					p.formChanged()
				})))),
			elem.Label(vecty.Markup(prop.For("bias")), vecty.Text("Append a bias feature (as the paper does for real data)")),
		),
		p.field("posclass", "Positive class (multi-class files)", p.textInput("posclass", prop.TypeText, f.PositiveClass,
			func(v string) { f.PositiveClass = v }, prop.Placeholder("automatic for two classes")), ""),
	)
}

func (p *Page) problemPanel(s *lab.Snapshot) *vecty.HTML {
	f := &p.form
	lambdaHint := "empty = the paper's λ = max ‖xᵢ‖ / n"
	placeholder := "default"
	if s.Data != nil {
		lambdaHint = "empty = the paper's max ‖xᵢ‖ / n = " + table.Sig(s.Data.DefaultLambda, 4) + " for the loaded data"
		placeholder = "default " + table.Sig(s.Data.DefaultLambda, 4)
	}
	return elem.FieldSet(vecty.Markup(prop.ID(lab.PanelProblem.ElementID()), vecty.Class("panel")),
		elem.Legend(vecty.Text("Problem and runs")),
		p.field("loss", "Loss", p.selectInput("loss", f.Loss, []option{
			{"logistic", "logistic (γ = 4)"}, {"square", "square (γ = 1)"}, {"smoothhinge", "smoothed hinge (γ = 1)"},
		}, func(v string) { f.Loss = v }), ""),
		elem.Div(vecty.Markup(vecty.Class("row2")),
			p.field("lambda", "Regulariser λ", p.textInput("lambda", prop.TypeText, f.Lambda, func(v string) { f.Lambda = v },
				prop.Placeholder(placeholder), vecty.Attribute("inputmode", "decimal"), vecty.Attribute("aria-describedby", "lambda-hint")), ""),
			p.field("eps", "Target gap ε", p.textInput("eps", prop.TypeText, f.Eps, func(v string) { f.Eps = v },
				vecty.Attribute("inputmode", "decimal")), ""),
		),
		elem.Small(vecty.Markup(prop.ID("lambda-hint"), vecty.Class("hint", "wide")), vecty.Text(lambdaHint)),
		p.field("taus", "Minibatch sizes τ", p.textInput("taus", prop.TypeText, f.Taus, func(v string) { f.Taus = v }),
			"each τ runs with τ-nice and τ-importance sampling"),
		elem.Div(vecty.Markup(vecty.Class("row2")),
			p.field("partition", "Buckets (τ-importance)", p.selectInput("partition", f.Partition, []option{
				{"random", "random"}, {"balanced", "balanced"},
			}, func(v string) { f.Partition = v }), ""),
			p.field("seed", "Run seed", p.textInput("seed", prop.TypeNumber, f.Seed, func(v string) { f.Seed = v },
				vecty.Attribute("min", 0), vecty.Attribute("step", 1), vecty.Attribute("inputmode", "numeric")), ""),
		),
	)
}

// loadFiles starts reading the first file of a FileList.
func (p *Page) loadFiles(list js.Value) {
	files := browser.FilesOf(list)
	if len(files) == 0 {
		return
	}
	f := files[0]
	s, err := p.form.Settings()
	if err != nil { // the file options do not depend on the rest of the form
		s = lab.DefaultSettings()
		s.Bias, s.PositiveClass = p.form.Bias, strings.TrimSpace(p.form.PositiveClass)
	}
	p.ctl.LoadFile(lab.FileSource{Name: f.Name, Size: f.Size, Open: func() (io.Reader, error) {
		b, err := f.ReadAll()
		return bytes.NewReader(b), err
	}}, s)
}

func (p *Page) onDrop(e *vecty.Event) {
	if dt := e.Get("dataTransfer"); dt.Truthy() {
		p.loadFiles(dt.Get("files"))
	}
}

func fmtG(x float64) string { return fmt.Sprint(x) }
