//go:build js && wasm

package app

import (
	"slices"
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"imlab/core/method/catalog"
	"imlab/core/sampling"
	"imlab/core/table"
	"imlab/ui/chart"
	"imlab/ui/lab"
	"imlab/ui/lab/setup"

	"imlab/ui/lab/prose"
)

// methodRatioTable is the ratio table of a method other than dfSDCA: its
// theory's ratio of passes per e-fold and the measured ratio of passes to
// ε, with its safe steps (the paper's column is dfSDCA's, so not shown),
// and the best-τ table under it.
func methodRatioTable(s *lab.Snapshot) *vecty.HTML {
	m := s.Settings.Method
	var rows []vecty.MarkupOrChild
	var steps []float64
	if v := s.Method; v != nil {
		for _, r := range v.Rows {
			steps = append(steps, r.StepNice, r.StepImp)
		}
	}
	unit := chart.CommonPow10(steps...)
	if v := s.Method; v != nil {
		for _, r := range v.Rows {
			th, em := prose.ExplainMethodRatio(m, r)
			rows = append(rows, row(strconv.Itoa(r.Tau),
				numCell{text: table.Sig(r.Theory, 2), what: th},
				numCell{text: s.EmpiricalText(r.Tau, r.Empirical, num), what: em},
				numCell{text: inUnit(r.StepNice, unit), what: prose.ExplainStep(m, sampling.Nice, r.Tau, r.StepNice)},
				numCell{text: inUnit(r.StepImp, unit), what: prose.ExplainStep(m, sampling.Imp, r.Tau, r.StepImp)},
			))
		}
	}
	caption := "Speed-up of τ-importance over τ-nice for " + setup.MethodName(m) + ". Theoretical: ratio of the passes per factor e its theory predicts; " +
		"empirical: ratio of the passes through the data each needed to reach ε. " + prose.ExplainMethod(m) + " Hover or focus a number for its formula."
	if len(rows) == 0 {
		caption = "Speed-up of τ-importance over τ-nice for " + setup.MethodName(m) + ": press Run to fill in."
	}
	step := catalog.StepSymbol(m)
	head := []vecty.MarkupOrChild{colHeader("τ"), colHeader("theoretical"), colHeader("empirical"), unitHeader(step+" τ-nice", unit), unitHeader(step+" τ-imp", unit)}
	return ratiosCard(s, caption, head, rows) // results.go
}

// tauStarTable is the best-τ table of the run's method: predicted and
// measured time to ε against τ, τ* starred; nothing before a run.
func tauStarTable(v *lab.MethodView) vecty.MarkupOrChild {
	if v == nil || len(v.Curves[0].Points) == 0 {
		return nil
	}
	cell := func(x float64, star bool, what string) numCell {
		c := numCell{text: num(x), what: what}
		if star {
			c.text += " ★"
			c.class = "star"
		}
		return c
	}
	nice, imp := v.Curves[0], v.Curves[1]
	var rows []vecty.MarkupOrChild
	for k, pt := range nice.Points {
		tau := strconv.Itoa(pt.Tau)
		rows = append(rows, row(tau,
			cell(nice.Predict[k], k == nice.Star, "τ-nice, τ = "+tau+": predicted time to ε (sequential passes)"),
			cell(nice.Measured[k], k == nice.MeasuredStar, "τ-nice, τ = "+tau+": measured time to ε in the cost model (– where τ did not run)"),
			cell(imp.Predict[k], k == imp.Star, "τ-importance, τ = "+tau+": predicted time to ε (sequential passes)"),
			cell(imp.Measured[k], k == imp.MeasuredStar, "τ-importance, τ = "+tau+": measured time to ε in the cost model (– where τ did not run)"),
		))
	}
	return elem.Div(vecty.Markup(prop.ID("taustar-view")),
		elem.Heading3(vecty.Text("Best τ")),
		elem.Div(vecty.Markup(vecty.Class("table-scroll"), vecty.Attribute("tabindex", 0),
			vecty.Attribute("role", "region"), vecty.Attribute("aria-label", "Best τ table")),
			elem.Table(vecty.Markup(prop.ID("taustar")),
				elem.Caption(vecty.Text(prose.ExplainTauStar(v))),
				elem.TableHead(elem.TableRow(colHeader("τ"), colHeader("predicted τ-nice"), colHeader("measured τ-nice"),
					colHeader("predicted τ-imp"), colHeader("measured τ-imp"))),
				elem.TableBody(rows...),
			),
		),
	)
}

// setCompared adds method m to the form's compare list, or removes it; the
// τ list follows if it was the default (setup.TausForCompare).
func (p *Page) setCompared(m catalog.Name, on bool) {
	key := setup.FieldCompare
	now, _ := setup.ParseCompare(p.form[key])
	if on {
		now = append(now, m)
	} else {
		now = slices.DeleteFunc(now, func(x catalog.Name) bool { return x == m })
	}
	p.form[key] = setup.FormatCompare(setup.CompareList(now))
	if taus, err := setup.ParseTaus(p.form[setup.FieldTaus]); err == nil {
		if next := setup.TausForCompare(taus, len(now) > 0); !slices.Equal(next, taus) {
			p.form[setup.FieldTaus] = setup.FormatTaus(next)
		}
	}
	p.formChanged(key)
}

// methodChecks is a check box per method, its id prefix and the method's
// name, ticked where chosen has it; each adds its method to the form's
// compare list or takes it out (setCompared). The form's Compare field and
// the teacher panel show the same list.
func (p *Page) methodChecks(prefix string, chosen []catalog.Name) vecty.List {
	checks := make(vecty.List, 0, len(catalog.Names))
	for _, m := range catalog.Names {
		id := prefix + string(m)
		checks = append(checks, elem.Label(vecty.Markup(prop.For(id), vecty.Class("check")),
			elem.Input(vecty.Markup(prop.ID(id), prop.Type(prop.TypeCheckbox), prop.Checked(slices.Contains(chosen, m)),
				event.Change(p.act("editing the form", func(e *vecty.Event) { p.setCompared(m, e.Target.Get("checked").Bool()) })))),
			vecty.Text(" "+setup.MethodName(m))))
	}
	return checks
}

// compareField is the Compare with checkboxes, one per method, bound to the
// form's compare list; the compared methods run after the selected one and
// share its plots.
func (f formView) compareField() *vecty.HTML {
	key := setup.FieldCompare
	chosen, _ := setup.ParseCompare(f.form[key])
	items := []vecty.MarkupOrChild{
		vecty.Markup(prop.ID("compare"), vecty.Class("field", "compare"), vecty.Attribute("aria-describedby", "compare-hint")),
		elem.Legend(vecty.Text(setup.Label(key))),
	}
	items = append(items, f.page.methodChecks("compare-", chosen),
		elem.Small(vecty.Markup(prop.ID("compare-hint"), vecty.Class("hint")), vecty.Text(prose.CompareHint)))
	if f.invalid(key) {
		items = append(items, elem.Small(vecty.Markup(prop.ID("compare-error"), vecty.Class("field-error"), vecty.Attribute("role", "alert")),
			vecty.Text(f.err.Error())))
	}
	return elem.FieldSet(items...)
}
