//go:build js && wasm

package app

import (
	"errors"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"imlab/ui/browser"
	"imlab/ui/lab"
)

// formChanged re-parses the form after an edit: valid settings go to the
// URL hash at once (so the address bar is always a shareable link), an
// invalid field is marked.
func (p *Page) formChanged() {
	s, err := p.form.Settings()
	p.formErr = nil
	var fe *lab.FieldError
	switch {
	case err == nil:
		browser.SetHash(p.hashOf(s))
	case errors.As(err, &fe):
		p.formErr = fe
	default:
		p.formErr = &lab.FieldError{Err: err}
	}
	p.notice = ""
	vecty.Rerender(p)
}

// settings returns the form's settings, or reports why they are invalid.
func (p *Page) settings() (lab.Settings, bool) {
	s, err := p.form.Settings()
	if err != nil {
		p.ctl.ReportError(err)
		return s, false
	}
	return s, true
}

func (p *Page) invalid(id string) bool { return p.formErr != nil && p.formErr.Field == id }

// field is a labelled form row; hint (optional) is described-by text.
func (p *Page) field(id, label string, input *vecty.HTML, hint string) *vecty.HTML {
	var hintEl vecty.MarkupOrChild
	if hint != "" {
		hintEl = elem.Small(vecty.Markup(prop.ID(id+"-hint"), vecty.Class("hint")), vecty.Text(hint))
	}
	var errEl vecty.MarkupOrChild
	if p.invalid(id) {
		errEl = elem.Small(vecty.Markup(prop.ID(id+"-error"), vecty.Class("field-error"), vecty.Attribute("role", "alert")),
			vecty.Text(p.formErr.Error()))
	}
	return elem.Div(vecty.Markup(vecty.Class("field"), vecty.MarkupIf(p.invalid(id), vecty.Class("invalid"))),
		elem.Label(vecty.Markup(prop.For(id)), vecty.Text(label)),
		input, hintEl, errEl,
	)
}

// textInput is an <input> bound to one form field.
func (p *Page) textInput(id string, typ prop.InputType, value string, set func(string), extra ...vecty.Applyer) *vecty.HTML {
	m := []vecty.Applyer{
		prop.ID(id), prop.Type(typ), prop.Value(value), vecty.Attribute("name", id),
		vecty.Attribute("autocomplete", "off"),
		vecty.Attribute("aria-invalid", p.invalid(id)),
		event.Input(p.act("editing the form", func(e *vecty.Event) {
			set(e.Target.Get("value").String())
			p.formChanged()
		})),
	}
	return elem.Input(vecty.Markup(append(m, extra...)...))
}

// option is one choice of a <select>.
type option struct{ value, label string }

// selectInput is a <select> bound to one form field.
func (p *Page) selectInput(id, value string, options []option, set func(string)) *vecty.HTML {
	found := false
	items := make([]vecty.MarkupOrChild, 0, len(options)+2)
	items = append(items, vecty.Markup(prop.ID(id), vecty.Attribute("name", id),
		event.Change(p.act("editing the form", func(e *vecty.Event) {
			set(e.Target.Get("value").String())
			p.formChanged()
		}))))
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
