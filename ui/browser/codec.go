//go:build js && wasm

package browser

import (
	"fmt"
	"strconv"
	"syscall/js"
	"unsafe"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/sampling"
	"imlab/core/synth"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// The messages between the page and its workers: each lab.Message is
// copied field by field into a plain object, its bulk (trace points,
// minibatches, plans, loaded data) into typed arrays whose buffers are
// transferred, not copied. Floats cross bit for bit (NaN and −0 included),
// 64-bit seeds as decimal strings. The fields are set and read one at a
// time through fields and fieldsOf (fields.go): a map[string]any literal
// handed to js.ValueOf cost several times the code.

// encodeMessage copies m into a plain object, and lists the buffers to
// transfer rather than copy.
func encodeMessage(m worker.Message) (js.Value, []any) {
	transfer := []any{}
	o := newFields(&transfer)
	o.int("kind", int(m.Kind))
	o.str("err", m.Err)
	switch m.Kind {
	case worker.MsgData:
		encodeData(o.obj("data"), m.Data)
	case worker.MsgLoaded:
		o.str("field", string(m.Field))
		if m.Loaded != nil {
			encodeLoaded(o.obj("loaded"), m.Loaded)
		}
	case worker.MsgRows: // the price of one copy out of the worker's memory, and, later, one into the page's
		ds, ro := m.Loaded.Data, o.obj("rows")
		ro.ints("rowPtr", ds.RowPtr)
		ro.array("col", typedArray("Int32Array", unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(ds.Col))), 4*len(ds.Col))))
		ro.floats("val", ds.Val)
		ro.floats("y", ds.Y)
	case worker.MsgPStar:
		o.str("loss", m.Loss.String())
		o.num("lambda", m.Lambda)
		o.num("pstar", m.PStar)
		o.duration("busyMs", m.Busy)
	case worker.MsgJob:
		encodeSpec(o.obj("spec"), m.Spec)
	case worker.MsgTheory:
		o.str("loss", m.Loss.String())
		o.num("lambda", m.Lambda)
		encodeSpec(o.obj("spec"), m.Spec)
		o.ints("taus", m.Taus)
		o.duration("busyMs", m.Busy)
		if m.Theory != nil {
			encodeTheory(o.obj("theory"), m.Theory)
		}
	case worker.MsgCmd:
		o.int("cmd", int(m.Cmd))
	case worker.MsgTakeBack:
		o.int("job", m.Job)
	case worker.MsgUpdate:
		encodeUpdate(o.obj("update"), m.Update)
	}
	return o.v, transfer
}

// encodeData writes the data spec d into do.
func encodeData(do fields, d worker.DataSpec) {
	p := d.Preset
	do.str("norms", p.Norms.String())
	do.num("density", p.Density)
	do.int("n", p.N)
	do.int("d", p.D)
	do.str("dataSeed", strconv.FormatUint(p.DataSeed, 10))
	do.str("name", d.Name)
	do.flag("bias", d.Bias)
	do.str("positiveClass", d.PositiveClass)
	do.flag("return", d.Return)
	if d.File != nil {
		arr := js.Global().Get("Uint8Array").New(len(d.File))
		js.CopyBytesToJS(arr, d.File)
		do.array("file", arr)
	}
}

// encodeTheory writes mt into to (the page's own thread keeps its pᵢ:
// MethodTheory.probs).
func encodeTheory(to fields, mt *worker.MethodTheory) {
	to.str("method", string(mt.Method))
	to.int("n", mt.N)
	to.int("cores", mt.Cost.Cores)
	to.num("sync", mt.Cost.Sync)
	to.floats("nice", tauPointFloats(mt.Nice))
	to.floats("imp", tauPointFloats(mt.Imp))
}

// encodeUpdate writes u into uo.
func encodeUpdate(uo fields, u worker.Update) {
	uo.int("job", u.Job)
	uo.flag("done", u.Done)
	uo.str("err", u.Err)
	uo.flag("overBudget", u.OverBudget)
	uo.duration("busyMs", u.Busy)
	xs := make([]float64, 0, pointFloats*len(u.Points))
	for _, p := range u.Points {
		// Iter is exact as a float64: a run does far fewer than 2⁵³ iterations.
		xs = append(xs, p.Passes, float64(p.Iter), p.Primal, p.Gap, p.Seconds)
	}
	uo.floats("points", xs)
	if mb := u.Minibatches; mb != nil {
		uo.int("iters", mb.Iters)
		uo.ints("visits", mb.Visits)
		uo.nested("recent", "recentLens", mb.Recent)
		if r := mb.Residues; r != nil {
			uo.floats("resAbs", r.Abs)
			uo.num("resScale", r.Scale)
			uo.int("resRefreshes", r.Refreshes)
			uo.floats("resP", r.P)
			uo.floats("resStatic", r.Static)
		}
	}
	if pl := u.Plan; pl != nil {
		uo.floats("theory", []float64{pl.Theory.Step, pl.Theory.Rate, pl.Theory.PassesPerEFold})
		uo.floats("planP", pl.P)
		if pl.Buckets != nil {
			uo.nested("buckets", "bucketLens", pl.Buckets)
		}
	}
}

// decodeMessage reads what encodeMessage wrote.
func decodeMessage(v js.Value) (m worker.Message, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("bad message from the page or a worker: %v", r)
		}
	}()
	if v.Type() != js.TypeObject {
		return m, fmt.Errorf("bad message from the page or a worker: %v", v.Type())
	}
	o := fieldsOf{v}
	m.Kind = worker.MsgKind(o.int("kind"))
	m.Err = o.str("err")
	if o.has("loss") { // P*'s and the theory's
		if m.Loss, err = loss.ParseSpec(o.str("loss")); err != nil {
			return m, err
		}
	}
	switch m.Kind {
	case worker.MsgData:
		m.Data, err = decodeData(o.obj("data"))
	case worker.MsgLoaded:
		m.Field = setup.FieldKey(o.str("field"))
		if o.has("loaded") {
			m.Loaded = decodeLoaded(o.obj("loaded"))
		}
	case worker.MsgRows: // left in the message until Rows copies them in: when the page needs them, not in its handler
		ro, ds := o.obj("rows"), &dataset.Dataset{}
		m.Loaded = &worker.Loaded{Data: ds, Rows: func() {
			ds.RowPtr, ds.Val, ds.Y = ro.ints("rowPtr"), ro.floats("val"), ro.floats("y")
			col := ro.Get("col")
			ds.Col = make([]int32, col.Get("length").Int())
			copyToGo(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(ds.Col))), 4*len(ds.Col)), col)
		}}
	case worker.MsgPStar:
		m.Lambda, m.PStar, m.Busy = o.num("lambda"), o.num("pstar"), o.duration("busyMs")
	case worker.MsgJob:
		if m.Spec, err = decodeSpec(o.obj("spec")); err != nil {
			return m, err
		}
	case worker.MsgTheory:
		m.Lambda, m.Busy = o.num("lambda"), o.duration("busyMs")
		if m.Spec, err = decodeSpec(o.obj("spec")); err != nil {
			return m, err
		}
		m.Taus = o.ints("taus")
		if o.has("theory") {
			m.Theory, err = decodeTheory(o.obj("theory"))
		}
	case worker.MsgCmd:
		m.Cmd = worker.Command(o.int("cmd"))
	case worker.MsgTakeBack:
		m.Job = o.int("job")
	case worker.MsgUpdate:
		m.Update = decodeUpdate(o.obj("update"))
	}
	return m, err
}

// decodeData reads what encodeData wrote.
func decodeData(d fieldsOf) (spec worker.DataSpec, err error) {
	p := setup.DefaultSettings()
	p.Density, p.N, p.D = d.num("density"), d.int("n"), d.int("d")
	if t := d.str("norms"); t != "" { // "" for data not made by a preset
		if p.Norms, err = synth.ParseNorms(t); err != nil {
			return spec, err
		}
	}
	if p.DataSeed, err = strconv.ParseUint(d.str("dataSeed"), 10, 64); err != nil {
		return spec, err
	}
	spec = worker.DataSpec{Preset: p, Name: d.str("name"), Bias: d.flag("bias"),
		PositiveClass: d.str("positiveClass"), Return: d.flag("return")}
	if f := d.Get("file"); f.Truthy() {
		spec.File = make([]byte, f.Get("length").Int())
		js.CopyBytesToGo(spec.File, f)
	}
	return spec, nil
}

// decodeTheory reads what encodeTheory wrote.
func decodeTheory(t fieldsOf) (*worker.MethodTheory, error) {
	mt := &worker.MethodTheory{N: t.int("n"), Cost: catalog.CostModel{Cores: t.int("cores"), Sync: t.num("sync")},
		Nice: goTauPoints(t.floats("nice")), Imp: goTauPoints(t.floats("imp"))}
	var err error
	mt.Method, err = catalog.Parse(t.str("method"))
	return mt, err
}

// decodeUpdate reads what encodeUpdate wrote.
func decodeUpdate(u fieldsOf) worker.Update {
	up := worker.Update{Job: u.int("job"), Done: u.flag("done"), Err: u.str("err"), OverBudget: u.flag("overBudget"), Busy: u.duration("busyMs")}
	if u.has("visits") {
		up.Minibatches = &worker.Minibatches{Iters: u.int("iters"), Visits: u.ints("visits"), Recent: u.nested("recent", "recentLens")}
		if u.has("resAbs") {
			up.Minibatches.Residues = &worker.Residues{Abs: u.floats("resAbs"), Scale: u.num("resScale"),
				Refreshes: u.int("resRefreshes"), P: u.floats("resP"), Static: u.floats("resStatic")}
		}
	}
	if u.has("planP") {
		th := u.floats("theory")
		up.Plan = &worker.JobPlan{Theory: catalog.Theory{Step: th[0], Rate: th[1], PassesPerEFold: th[2]},
			P: u.floats("planP"), Buckets: u.nested("buckets", "bucketLens")}
	}
	xs := u.floats("points")
	for k := 0; k+pointFloats <= len(xs); k += pointFloats {
		up.Points = append(up.Points, method.Point{Passes: xs[k], Iter: int(xs[k+1]), Primal: xs[k+2], Gap: xs[k+3], Seconds: xs[k+4]})
	}
	return up
}

// pointFloats is the number of float64 values a trace point crosses as:
// Passes, Iter, Primal, Gap, Seconds.
const pointFloats = 5

func encodeSpec(o fields, s worker.JobSpec) {
	o.int("index", s.Index)
	o.int("tau", s.Tau)
	o.str("sampling", string(s.Sampling))
	o.str("loss", s.Loss.String())
	o.num("lambda", s.Lambda)
	o.num("pstar", s.PStar)
	o.num("eps", s.Eps)
	o.str("partition", string(s.Partition))
	o.str("seed", strconv.FormatUint(s.Seed, 10))
	o.str("method", string(s.Method))
	o.num("maxpasses", s.MaxPassesPerTau)
}

func decodeSpec(o fieldsOf) (spec worker.JobSpec, err error) {
	spec = worker.JobSpec{Index: o.int("index"), Tau: o.int("tau"), Sampling: sampling.Kind(o.str("sampling")),
		Lambda: o.num("lambda"), PStar: o.num("pstar"),
		Eps: o.num("eps"), Partition: sampling.Rule(o.str("partition")), MaxPassesPerTau: o.num("maxpasses")}
	if spec.Seed, err = strconv.ParseUint(o.str("seed"), 10, 64); err != nil {
		return spec, err
	}
	if spec.Loss, err = loss.ParseSpec(o.str("loss")); err != nil {
		return spec, err
	}
	if name := o.str("method"); name != "" {
		spec.Method, err = catalog.Parse(name)
	}
	return spec, err
}

// tauPointFloats flattens a best-τ curve, tauPointLen numbers a point.
func tauPointFloats(pts []catalog.TauPoint) []float64 {
	xs := make([]float64, 0, tauPointLen*len(pts))
	for _, p := range pts {
		xs = append(xs, float64(p.Tau), p.Theory.Step, p.Theory.Rate, p.Theory.PassesPerEFold, p.Time)
	}
	return xs
}

func goTauPoints(xs []float64) []catalog.TauPoint {
	var pts []catalog.TauPoint
	for k := 0; k+tauPointLen <= len(xs); k += tauPointLen {
		pts = append(pts, catalog.TauPoint{Tau: int(xs[k]), Theory: catalog.Theory{Step: xs[k+1], Rate: xs[k+2], PassesPerEFold: xs[k+3]}, Time: xs[k+4]})
	}
	return pts
}

const tauPointLen = 5

// encodeLoaded copies what the page shows of data loaded in a worker into
// o, its arrays as typed arrays to transfer; the rows follow in a message
// of their own (MsgRows).
func encodeLoaded(o fields, l *worker.Loaded) {
	ds, info := l.Data, l.Info
	o.int("n", ds.N)
	o.int("d", ds.D)
	o.int("source", int(info.Source))
	o.str("name", info.Name)
	st := info.Stats
	// Counts cross as float64, exactly: far below 2⁵³.
	o.floats("stats", []float64{float64(st.N), float64(st.D), float64(st.NNZ), st.Density, st.Sigma, st.MaxNorm})
	o.num("histMin", info.Hist.Min)
	o.num("histMax", info.Hist.Max)
	o.ints("counts", info.Hist.Counts)
	o.floats("norms", info.Norms)
	o.num("defaultLambda", info.DefaultLambda)
	o.duration("loadMs", info.LoadTime)
	o.strs("warnings", info.Warnings)
}

// decodeLoaded reads what encodeLoaded wrote: the data without its rows.
func decodeLoaded(o fieldsOf) *worker.Loaded {
	ds := &dataset.Dataset{N: o.int("n"), D: o.int("d")}
	st := o.floats("stats")[:6]
	info := &worker.DataInfo{Source: worker.Source(o.int("source")), Name: o.str("name"),
		Stats:         dataset.Stats{N: int(st[0]), D: int(st[1]), NNZ: int(st[2]), Density: st[3], Sigma: st[4], MaxNorm: st[5]},
		Hist:          dataset.Histogram{Min: o.num("histMin"), Max: o.num("histMax"), Counts: o.ints("counts")},
		Norms:         o.floats("norms"),
		DefaultLambda: o.num("defaultLambda"),
		LoadTime:      o.duration("loadMs"),
		Warnings:      o.strs("warnings"),
	}
	return &worker.Loaded{Data: ds, Info: info}
}
