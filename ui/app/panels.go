//go:build js && wasm

package app

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"imlab/core/method/catalog"
	"imlab/core/synth"
	"imlab/core/table"
	"imlab/ui/browser"
	"imlab/ui/lab"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"

	"imlab/ui/lab/prose"
)

// lawHint describes the law of the norms named law (a switch: a map
// literal's initialisation costs more of main.wasm).
func lawHint(law string) string {
	n, _ := synth.ParseNorms(law) // the form's text; a Family's law has no hint
	return n.Paper.Shape()
}

func (p *Page) dataPanel(s *lab.Snapshot) *vecty.HTML {
	laws := make([]option, len(synth.PaperLaws))
	for i, l := range synth.PaperLaws {
		laws[i] = option{l.String(), l.Label()}
	}
	busy := s.Phase == lab.Loading
	return elem.FieldSet(vecty.Markup(prop.ID(setup.PanelData.ElementID()), vecty.Class("panel")),
		elem.Legend(vecty.Text("Data")),
		elem.Paragraph(vecty.Markup(prop.ID("data-intro"), vecty.Class("panel-intro")), vecty.Text(prose.DataIntro(s.Data))),
		p.field(setup.FieldNorms, p.selectInput(setup.FieldNorms, laws), lawHint(p.form[setup.FieldNorms])),
		p.field(setup.FieldDensity, p.selectInput(setup.FieldDensity, []option{
			{fmtG(setup.SparseDensity), "sparse (ω' = 0.1)"}, {fmtG(setup.DenseDensity), "dense (ω' = 0.8)"},
		}), ""),
		elem.Div(vecty.Markup(vecty.Class("row3")),
			p.field(setup.FieldN, p.wholeInput(setup.FieldN, 2), ""),
			p.field(setup.FieldD, p.wholeInput(setup.FieldD, 1), ""),
			p.field(setup.FieldDataSeed, p.wholeInput(setup.FieldDataSeed, 0), ""),
		),
		elem.Div(vecty.Markup(vecty.Class("buttons")),
			p.button("generate", "Generate data", "Generate the preset data and show its statistics", !busy, func() {
				if st, ok := p.settings(); ok {
					p.ctl.Generate(st)
				}
			}),
		),
		elem.Div(vecty.Markup(vecty.Class("divider"), vecty.UnsafeHTML("<span>or the paper's data</span>"))),
		p.galleryField(s), // gallery.go
		elem.Div(vecty.Markup(vecty.Class("divider"), vecty.UnsafeHTML("<span>or a LIBSVM file</span>"))),
		p.fileField(s),
		elem.Div(vecty.Markup(vecty.Class("field", "check")),
			elem.Input(vecty.Markup(prop.ID("bias"), prop.Type(prop.TypeCheckbox), prop.Checked(p.form[setup.FieldBias] == "true"),
				event.Change(p.act("editing the form", func(e *vecty.Event) {
					p.form[setup.FieldBias] = strconv.FormatBool(e.Target.Get("checked").Bool())
					p.formChanged(setup.FieldBias)
				})))),
			elem.Label(vecty.Markup(prop.For("bias")), vecty.Text(setup.Label(setup.FieldBias)+" (as the paper does for real data)")),
		),
		p.field(setup.FieldPositiveClass, p.textInput(setup.FieldPositiveClass, prop.TypeText, prop.Placeholder("automatic for two classes")), ""),
	)
}

// fileField is the file input, with the name of the file in use beside it
// (the input itself says "No file chosen" once it has been read) and any
// warning about its data.
func (p *Page) fileField(s *lab.Snapshot) *vecty.HTML {
	inUse := "no file in use"
	if d := s.Data; d != nil && d.Source == worker.SourceFile {
		inUse = "in use: " + d.File.Name + " (" + strconv.FormatInt(d.File.Size, 10) + " bytes)"
	} else if a := s.Awaited; a.Name != "" {
		inUse = "the link asks for " + a.Name
	}
	var warnings vecty.List
	if d := s.Data; d != nil {
		for _, w := range d.Warnings {
			warnings = append(warnings, elem.Small(vecty.Markup(vecty.Class("field-error"), vecty.Attribute("role", "alert")),
				vecty.Text("warning: "+w)))
		}
	}
	return elem.Div(vecty.Markup(vecty.Class("field")),
		elem.Label(vecty.Markup(prop.For("file")), vecty.Text(setup.Label(setup.FieldFile)+" (plain, .gz or .bz2)")),
		elem.Input(vecty.Markup(
			prop.ID("file"), prop.Type(prop.TypeFile), vecty.Attribute("name", "file"),
			vecty.Attribute("aria-describedby", "file-name file-hint"),
			event.Change(p.act("reading the file", func(e *vecty.Event) {
				p.loadFiles(browser.InputFiles(e.Target))
				e.Target.Set("value", "") // choosing the same file again reloads it
			})),
		)),
		elem.Output(vecty.Markup(prop.ID("file-name"), vecty.Attribute("for", "file")), vecty.Text(inUse)),
		elem.Small(vecty.Markup(prop.ID("file-hint"), vecty.Class("hint")),
			vecty.Text(fmt.Sprintf("Or drop a file anywhere on the page. Read in your browser, never uploaded; data sets up to the page's memory budget of %v. "+
				"A link names the file (size and fingerprint) and asks for it again.", setup.Budget))),
		warnings,
	)
}

func (p *Page) problemPanel(s *lab.Snapshot) *vecty.HTML {
	lambdaHint := "empty = the paper's λ = max ‖xᵢ‖ / n"
	placeholder := "default"
	if s.Data != nil {
		lambdaHint = "empty = the paper's max ‖xᵢ‖ / n = " + table.Sig(s.Data.DefaultLambda, 4) + " for the loaded data"
		placeholder = "default " + table.Sig(s.Data.DefaultLambda, 4)
	}
	return elem.FieldSet(vecty.Markup(prop.ID(setup.PanelProblem.ElementID()), vecty.Class("panel")),
		elem.Legend(vecty.Text("Problem and runs")),
		p.field(setup.FieldMethod, p.selectInput(setup.FieldMethod, methodOptions()), prose.MethodHint),
		p.compareField(), // methods.go
		p.field(setup.FieldLoss, p.selectInput(setup.FieldLoss, []option{
			{"logistic", "logistic (γ = 4)"}, {"square", "square (γ = 1)"}, {"smoothhinge", "smoothed hinge (γ = 1)"},
		}), ""),
		elem.Div(vecty.Markup(vecty.Class("row2")),
			p.field(setup.FieldLambda, p.textInput(setup.FieldLambda, prop.TypeText,
				prop.Placeholder(placeholder), vecty.Attribute("inputmode", "decimal"), vecty.Attribute("aria-describedby", "lambda-hint")), ""),
			p.field(setup.FieldEps, p.textInput(setup.FieldEps, prop.TypeText, vecty.Attribute("inputmode", "decimal")), ""),
		),
		elem.Small(vecty.Markup(prop.ID("lambda-hint"), vecty.Class("hint", "wide")), vecty.Text(lambdaHint)),
		p.field(setup.FieldMaxPasses, p.textInput(setup.FieldMaxPasses, prop.TypeText, vecty.Attribute("inputmode", "decimal")),
			"each run stops here if it has not reached ε (iterations/n for dfSDCA); choosing a method sets its default"),
		p.field(setup.FieldTaus, p.textInput(setup.FieldTaus, prop.TypeText), "each τ runs with τ-nice and τ-importance sampling"),
		elem.Div(vecty.Markup(vecty.Class("row2")),
			p.field(setup.FieldPartition, p.selectInput(setup.FieldPartition, []option{
				{"random", "random"}, {"balanced", "balanced"},
			}), ""),
			p.field(setup.FieldSeed, p.wholeInput(setup.FieldSeed, 0), ""),
		),
		p.importanceField(), // adaptive.go
	)
}

// methodOptions are the method selector's choices, in the catalog's order;
// the default is the empty value, as the link leaves it out.
func methodOptions() []option {
	opts := make([]option, len(catalog.Names))
	for k, m := range catalog.Names {
		opts[k] = option{string(m), setup.MethodName(m)}
		if m == setup.DefaultMethod {
			opts[k].value = ""
		}
	}
	return opts
}

// loadFiles starts reading the first of the files.
func (p *Page) loadFiles(files []browser.File) {
	if len(files) == 0 {
		return
	}
	f := files[0]
	s, err := p.form.Settings()
	if err != nil { // the file options do not depend on the rest of the form
		if s, err = p.form.FileOptions(p.snap.Settings); err != nil {
			p.ctl.ReportError(err)
			return
		}
	}
	p.ctl.LoadFile(lab.FileSource{Name: f.Name, Size: f.Size, Open: func() (io.Reader, error) {
		b, err := f.ReadAll()
		return bytes.NewReader(b), err
	}}, s)
}

func (p *Page) onDrop(e *vecty.Event) {
	p.loadFiles(browser.DroppedFiles(e.Value))
}

func fmtG(x float64) string { return fmt.Sprint(x) }
