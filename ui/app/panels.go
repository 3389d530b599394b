//go:build js && wasm

package app

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"syscall/js"

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

// SettingsPanels renders the form's two panels, Data and Problem and runs,
// from its props: the form as typed, the field at fault, and what the
// panels show of the data. It skips its re-rendering while they stay the
// same, so that a re-render of the page for anything else (a lesson, a
// teaching setting, a finished load of other data) leaves the form alone.
type SettingsPanels struct {
	vecty.Core
	Form    setup.Form        `vecty:"prop"` // a copy: the page's own is edited in place
	Err     *setup.FieldError `vecty:"prop"` // the field at fault, if any
	Data    *worker.DataInfo  `vecty:"prop"` // the data in use
	Loading bool              `vecty:"prop"` // data is loading: the buttons that load data wait
	Awaited setup.FileRef     `vecty:"prop"` // the file a link asks for
	Gallery []string          `vecty:"prop"` // why each set of setup.Gallery is unavailable ("" where it is not)

	page *Page // the inputs' and buttons' actions
}

// settingsPanels is the page's SettingsPanels for the snapshot s.
func (p *Page) settingsPanels(s *lab.Snapshot) *SettingsPanels {
	why := make([]string, len(setup.Gallery))
	for i, g := range setup.Gallery {
		if has, reason := p.ctl.GalleryHas(g); !has {
			why[i] = reason
		}
	}
	return &SettingsPanels{Form: p.form.Clone(), Err: p.formErr, Data: s.Data, Loading: s.Phase == lab.Loading,
		Awaited: s.Awaited, Gallery: why, page: p}
}

// Render implements vecty.Component.
func (c *SettingsPanels) Render() vecty.ComponentOrHTML {
	f := formView{form: c.Form, err: c.Err, page: c.page}
	return elem.Aside(vecty.Markup(vecty.Class("sidebar")), c.dataPanel(f), c.problemPanel(f))
}

// SkipRender implements vecty.RenderSkipper: none of its props changed.
func (c *SettingsPanels) SkipRender(prev vecty.Component) bool {
	old, ok := prev.(*SettingsPanels)
	return ok && maps.Equal(old.Form, c.Form) && old.Err == c.Err && old.Data == c.Data && old.Loading == c.Loading &&
		old.Awaited == c.Awaited && slices.Equal(old.Gallery, c.Gallery)
}

func (c *SettingsPanels) dataPanel(f formView) *vecty.HTML {
	laws := make([]option, len(synth.PaperLaws))
	for i, l := range synth.PaperLaws {
		laws[i] = option{l.String(), l.Label()}
	}
	p := c.page
	return elem.FieldSet(vecty.Markup(prop.ID(setup.PanelData.ElementID()), vecty.Class("panel")),
		elem.Legend(vecty.Text("Data")),
		elem.Paragraph(vecty.Markup(prop.ID("data-intro"), vecty.Class("panel-intro")), vecty.Text(prose.DataIntro(c.Data))),
		f.field(setup.FieldNorms, f.selectInput(setup.FieldNorms, laws), lawHint(f.form[setup.FieldNorms])),
		f.field(setup.FieldDensity, f.selectInput(setup.FieldDensity, []option{
			{fmtG(setup.SparseDensity), "sparse (ω' = 0.1)"}, {fmtG(setup.DenseDensity), "dense (ω' = 0.8)"},
		}), ""),
		elem.Div(vecty.Markup(vecty.Class("row3")),
			f.field(setup.FieldN, f.wholeInput(setup.FieldN, 2), ""),
			f.field(setup.FieldD, f.wholeInput(setup.FieldD, 1), ""),
			f.field(setup.FieldDataSeed, f.wholeInput(setup.FieldDataSeed, 0), ""),
		),
		elem.Div(vecty.Markup(vecty.Class("buttons")),
			p.button("generate", "Generate data", "Generate the preset data and show its statistics", !c.Loading, func() {
				if st, ok := p.settings(); ok {
					p.ctl.Generate(st)
				}
			}),
		),
		elem.Div(vecty.Markup(vecty.Class("divider"), vecty.UnsafeHTML("<span>or the paper's data</span>"))),
		c.galleryField(), // gallery.go
		elem.Div(vecty.Markup(vecty.Class("divider"), vecty.UnsafeHTML("<span>or a LIBSVM file</span>"))),
		c.fileField(),
		elem.Div(vecty.Markup(vecty.Class("field", "check")),
			elem.Input(vecty.Markup(prop.ID("bias"), prop.Type(prop.TypeCheckbox), prop.Checked(f.form[setup.FieldBias] == "true"),
				event.Change(f.edit(setup.FieldBias, checked)))),
			elem.Label(vecty.Markup(prop.For("bias")), vecty.Text(setup.Label(setup.FieldBias)+" (as the paper does for real data)")),
		),
		f.field(setup.FieldPositiveClass, f.textInput(setup.FieldPositiveClass, prop.TypeText, prop.Placeholder("automatic for two classes")), ""),
	)
}

// checked is a check box's state as the form writes it.
func checked(target js.Value) string { return strconv.FormatBool(target.Get("checked").Bool()) }

// fileField is the file input, with the name of the file in use beside it
// (the input itself says "No file chosen" once it has been read) and any
// warning about its data.
func (c *SettingsPanels) fileField() *vecty.HTML {
	p := c.page
	inUse := "no file in use"
	if d := c.Data; d != nil && d.Source == worker.SourceFile {
		inUse = "in use: " + d.File.Name + " (" + strconv.FormatInt(d.File.Size, 10) + " bytes)"
	} else if a := c.Awaited; a.Name != "" {
		inUse = "the link asks for " + a.Name
	}
	var warnings vecty.List
	if d := c.Data; d != nil {
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

func (c *SettingsPanels) problemPanel(f formView) *vecty.HTML {
	lambdaHint := "empty = the paper's λ = max ‖xᵢ‖ / n"
	placeholder := "default"
	if d := c.Data; d != nil {
		lambdaHint = "empty = the paper's max ‖xᵢ‖ / n = " + table.Sig(d.DefaultLambda, 4) + " for the loaded data"
		placeholder = "default " + table.Sig(d.DefaultLambda, 4)
	}
	return elem.FieldSet(vecty.Markup(prop.ID(setup.PanelProblem.ElementID()), vecty.Class("panel")),
		elem.Legend(vecty.Text("Problem and runs")),
		f.field(setup.FieldMethod, f.selectInput(setup.FieldMethod, methodOptions()), prose.MethodHint),
		f.compareField(), // methods.go
		f.field(setup.FieldLoss, f.selectInput(setup.FieldLoss, []option{
			{"logistic", "logistic (γ = 4)"}, {"square", "square (γ = 1)"}, {"smoothhinge", "smoothed hinge (γ = 1)"},
		}), ""),
		elem.Div(vecty.Markup(vecty.Class("row2")),
			f.field(setup.FieldLambda, f.textInput(setup.FieldLambda, prop.TypeText,
				prop.Placeholder(placeholder), vecty.Attribute("inputmode", "decimal"), vecty.Attribute("aria-describedby", "lambda-hint")), ""),
			f.field(setup.FieldEps, f.textInput(setup.FieldEps, prop.TypeText, vecty.Attribute("inputmode", "decimal")), ""),
		),
		elem.Small(vecty.Markup(prop.ID("lambda-hint"), vecty.Class("hint", "wide")), vecty.Text(lambdaHint)),
		f.field(setup.FieldMaxPasses, f.textInput(setup.FieldMaxPasses, prop.TypeText, vecty.Attribute("inputmode", "decimal")),
			"each run stops here if it has not reached ε (iterations/n for dfSDCA); choosing a method sets its default"),
		f.field(setup.FieldTaus, f.textInput(setup.FieldTaus, prop.TypeText), "each τ runs with τ-nice and τ-importance sampling"),
		elem.Div(vecty.Markup(vecty.Class("row2")),
			f.field(setup.FieldPartition, f.selectInput(setup.FieldPartition, []option{
				{"random", "random"}, {"balanced", "balanced"},
			}), ""),
			f.field(setup.FieldSeed, f.wholeInput(setup.FieldSeed, 0), ""),
		),
		f.importanceField(), // adaptive.go
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
