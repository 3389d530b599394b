//go:build js && wasm

package app

import (
	"errors"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"imlab/ui/lab/setup"
)

// formChanged re-parses the form after an edit of key and marks an invalid
// field. The link is left alone: it describes the data and results on
// screen, not settings typed but not yet run (the page says when the form
// differs from them). A change of a file option re-reads the file in use
// at once, and a change of method takes the method's defaults.
func (p *Page) formChanged(key setup.FieldKey) {
	if key == setup.FieldMethod {
		p.form.ChooseMethod()
	}
	s, err := p.form.Settings()
	p.formErr = nil
	var fe *setup.FieldError
	switch {
	case err == nil:
		if key == setup.FieldBias || key == setup.FieldPositiveClass {
			p.ctl.Reread(s)
		}
	case errors.As(err, &fe):
		p.formErr = fe
	default:
		p.formErr = &setup.FieldError{Err: err}
	}
	p.exports.notice = ""
	p.live.setProps(&p.snap, p.form) // its notice of edits not yet run
	vecty.Rerender(p)
}

// settings returns the form's settings, or reports why they are invalid.
func (p *Page) settings() (setup.Settings, bool) {
	s, err := p.form.Settings()
	if err != nil {
		p.ctl.ReportError(err)
		return s, false
	}
	return s, true
}

// formView is what the form's inputs read: the form as typed and the
// field at fault, if any; its inputs' edits go to the page (formChanged).
type formView struct {
	form setup.Form
	err  *setup.FieldError
	page *Page
}

func (f formView) invalid(key setup.FieldKey) bool { return f.err != nil && f.err.Field == key }

// field is a form row labelled as the schema labels key; hint (optional)
// is described-by text.
func (f formView) field(key setup.FieldKey, input *vecty.HTML, hint string) *vecty.HTML {
	fd, _ := setup.FieldOf(key)
	id := fd.Element
	var hintEl vecty.MarkupOrChild
	if hint != "" {
		hintEl = elem.Small(vecty.Markup(prop.ID(id+"-hint"), vecty.Class("hint")), vecty.Text(hint))
	}
	var errEl vecty.MarkupOrChild
	if f.invalid(key) {
		errEl = elem.Small(vecty.Markup(prop.ID(id+"-error"), vecty.Class("field-error"), vecty.Attribute("role", "alert")),
			vecty.Text(f.err.Error()))
	}
	return elem.Div(vecty.Markup(vecty.Class("field"), vecty.MarkupIf(f.invalid(key), vecty.Class("invalid"))),
		elem.Label(vecty.Markup(prop.For(id)), vecty.Text(fd.Label)),
		input, hintEl, errEl,
	)
}

// edit is the handler of an edit of the form field key: the input's new
// text, as read by value from the event's target.
func (f formView) edit(key setup.FieldKey, value func(target js.Value) string) func(*vecty.Event) {
	p := f.page
	return p.act("editing the form", func(e *vecty.Event) {
		p.form[key] = value(e.Target)
		p.formChanged(key)
	})
}

// inputValue is a text input's or a select's value.
func inputValue(target js.Value) string { return target.Get("value").String() }

// textInput is an <input> bound to the form field key.
func (f formView) textInput(key setup.FieldKey, typ prop.InputType, extra ...vecty.Applyer) *vecty.HTML {
	fd, _ := setup.FieldOf(key)
	id := fd.Element
	m := []vecty.Applyer{
		prop.ID(id), prop.Type(typ), prop.Value(f.form[key]), vecty.Attribute("name", id),
		vecty.Attribute("autocomplete", "off"),
		vecty.Attribute("aria-invalid", f.invalid(key)),
		event.Input(f.edit(key, inputValue)),
	}
	return elem.Input(vecty.Markup(append(m, extra...)...))
}

// wholeInput is a number input for a whole number from min up.
func (f formView) wholeInput(key setup.FieldKey, min int) *vecty.HTML {
	return f.textInput(key, prop.TypeNumber, vecty.Attribute("min", min), vecty.Attribute("step", 1), vecty.Attribute("inputmode", "numeric"))
}

// option is one choice of a <select>.
type option struct{ value, label string }

// selectInput is a <select> bound to the form field key.
func (f formView) selectInput(key setup.FieldKey, options []option) *vecty.HTML {
	fd, _ := setup.FieldOf(key)
	id, value := fd.Element, f.form[key]
	found := false
	items := make([]vecty.MarkupOrChild, 0, len(options)+2)
	items = append(items, vecty.Markup(prop.ID(id), vecty.Attribute("name", id), event.Change(f.edit(key, inputValue))))
	for _, o := range options {
		found = found || o.value == value
		items = append(items, elem.Option(vecty.Markup(prop.Value(o.value), vecty.Property("selected", o.value == value)),
			vecty.Text(o.label)))
	}
	if !found { // a value from a link that the list does not offer
		items = append(items, elem.Option(vecty.Markup(prop.Value(value), vecty.Property("selected", true)),
			vecty.Text(value+" (from link)")))
	}
	return elem.Select(items...)
}

// button is a <button type=button>.
func (p *Page) button(id, label, title string, enabled bool, onClick func(), classes ...string) *vecty.HTML {
	return elem.Button(vecty.Markup(prop.ID(id), prop.Type(prop.TypeButton), prop.Disabled(!enabled),
		vecty.Attribute("title", title), vecty.MarkupIf(len(classes) > 0, vecty.Class(classes...)),
		event.Click(p.act("handling "+id, func(*vecty.Event) { onClick() }))),
		vecty.Text(label))
}
