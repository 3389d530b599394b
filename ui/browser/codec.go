//go:build js && wasm

package browser

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"syscall/js"
	"time"
	"unsafe"

	"imlab/core/dataset"
	"imlab/core/dfsdca"
	"imlab/core/method/catalog"
	"imlab/core/sampling"
	"imlab/ui/lab"
)

// The messages between the page and its workers: each lab.Message is
// copied field by field into a plain object, its bulk (trace points,
// minibatches, plans, loaded data) into typed arrays whose buffers are
// transferred, not copied. Floats cross bit for bit (NaN and −0 included),
// 64-bit seeds as decimal strings.

// encodeMessage copies m into a plain object, and lists the buffers to
// transfer rather than copy.
func encodeMessage(m lab.Message) (js.Value, []any) {
	o := js.Global().Get("Object").New()
	transfer := []any{}
	o.Set("kind", int(m.Kind))
	o.Set("err", m.Err)
	switch m.Kind {
	case lab.MsgData:
		d := m.Data
		p := d.Preset
		data := map[string]any{"norms": p.Norms, "density": p.Density, "n": p.N, "d": p.D,
			"dataSeed": strconv.FormatUint(p.DataSeed, 10), "name": d.Name, "bias": d.Bias, "positiveClass": d.PositiveClass,
			"return": d.Return}
		if d.File != nil {
			arr := js.Global().Get("Uint8Array").New(len(d.File))
			js.CopyBytesToJS(arr, d.File)
			data["file"] = arr
			transfer = append(transfer, arr.Get("buffer"))
		}
		o.Set("data", data)
	case lab.MsgLoaded:
		o.Set("field", string(m.Field))
		if m.Loaded != nil {
			v, bufs := encodeLoaded(m.Loaded)
			o.Set("loaded", v)
			transfer = append(transfer, bufs...)
		}
	case lab.MsgPStar:
		o.Set("loss", m.Loss)
		o.Set("lambda", m.Lambda)
		o.Set("pstar", m.PStar)
		o.Set("busyMs", m.Busy.Seconds()*1e3)
	case lab.MsgJob:
		o.Set("spec", encodeSpec(m.Spec))
	case lab.MsgTheory:
		o.Set("loss", m.Loss)
		o.Set("lambda", m.Lambda)
		o.Set("spec", encodeSpec(m.Spec))
		o.Set("taus", int32Array(m.Taus))
		o.Set("busyMs", m.Busy.Seconds()*1e3)
		if mt := m.Theory; mt != nil {
			o.Set("theory", map[string]any{"method": string(mt.Method), "n": mt.N, "cores": mt.Cost.Cores, "sync": mt.Cost.Sync,
				"nice": float64Array(tauPointFloats(mt.Nice)), "imp": float64Array(tauPointFloats(mt.Imp))})
		}
	case lab.MsgCmd:
		o.Set("cmd", int(m.Cmd))
	case lab.MsgTakeBack:
		o.Set("job", m.Job)
	case lab.MsgUpdate:
		u := m.Update
		xs := make([]float64, 0, pointFloats*len(u.Points))
		for _, p := range u.Points {
			// Iter is exact as a float64: a run does far fewer than 2⁵³ iterations.
			xs = append(xs, p.IterPerN, float64(p.Iter), p.Primal, p.Gap, p.Seconds)
		}
		pts := float64Array(xs)
		uo := map[string]any{"job": u.Job, "done": u.Done, "err": u.Err, "points": pts, "busyMs": u.Busy.Seconds() * 1e3}
		transfer = append(transfer, pts.Get("buffer"))
		if mb := u.Minibatches; mb != nil {
			var lens, flat []int
			for _, b := range mb.Recent {
				lens = append(lens, len(b))
				flat = append(flat, b...)
			}
			uo["iters"] = mb.Iters
			for name, xs := range map[string][]int{"visits": mb.Visits, "recent": flat, "recentLens": lens} {
				arr := int32Array(xs)
				uo[name] = arr
				transfer = append(transfer, arr.Get("buffer"))
			}
		}
		if pl := u.Plan; pl != nil {
			p := float64Array(pl.P)
			uo["theta"], uo["planP"] = pl.Theta, p
			transfer = append(transfer, p.Get("buffer"))
			if pl.Buckets != nil {
				var lens, flat []int
				for _, b := range pl.Buckets {
					lens = append(lens, len(b))
					flat = append(flat, b...)
				}
				for name, xs := range map[string][]int{"buckets": flat, "bucketLens": lens} {
					arr := int32Array(xs)
					uo[name] = arr
					transfer = append(transfer, arr.Get("buffer"))
				}
			}
		}
		o.Set("update", uo)
	}
	return o, transfer
}

// decodeMessage reads what encodeMessage wrote.
func decodeMessage(o js.Value) (m lab.Message, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("bad message from the page or a worker: %v", r)
		}
	}()
	if o.Type() != js.TypeObject {
		return m, fmt.Errorf("bad message from the page or a worker: %v", o.Type())
	}
	m.Kind = lab.MsgKind(o.Get("kind").Int())
	m.Err = o.Get("err").String()
	switch m.Kind {
	case lab.MsgData:
		d := o.Get("data")
		p := lab.DefaultSettings()
		p.Norms, p.Density, p.N, p.D = d.Get("norms").String(), d.Get("density").Float(), d.Get("n").Int(), d.Get("d").Int()
		if p.DataSeed, err = strconv.ParseUint(d.Get("dataSeed").String(), 10, 64); err != nil {
			return m, err
		}
		m.Data = lab.DataSpec{Preset: p, Name: d.Get("name").String(), Bias: d.Get("bias").Bool(),
			PositiveClass: d.Get("positiveClass").String(), Return: d.Get("return").Bool()}
		if f := d.Get("file"); f.Truthy() {
			m.Data.File = make([]byte, f.Get("length").Int())
			js.CopyBytesToGo(m.Data.File, f)
		}
	case lab.MsgLoaded:
		m.Field = lab.FieldKey(o.Get("field").String())
		if v := o.Get("loaded"); v.Truthy() {
			m.Loaded = decodeLoaded(v)
		}
	case lab.MsgPStar:
		m.Loss, m.Lambda, m.PStar = o.Get("loss").String(), o.Get("lambda").Float(), o.Get("pstar").Float()
		m.Busy = time.Duration(o.Get("busyMs").Float() * 1e6)
	case lab.MsgJob:
		if m.Spec, err = decodeSpec(o.Get("spec")); err != nil {
			return m, err
		}
	case lab.MsgTheory:
		m.Loss, m.Lambda = o.Get("loss").String(), o.Get("lambda").Float()
		m.Busy = time.Duration(o.Get("busyMs").Float() * 1e6)
		if m.Spec, err = decodeSpec(o.Get("spec")); err != nil {
			return m, err
		}
		m.Taus = goInts(o.Get("taus"))
		if v := o.Get("theory"); v.Truthy() {
			mt := &lab.MethodTheory{N: v.Get("n").Int(), Cost: catalog.CostModel{Cores: v.Get("cores").Int(), Sync: v.Get("sync").Float()},
				Nice: goTauPoints(v.Get("nice")), Imp: goTauPoints(v.Get("imp"))}
			if mt.Method, err = catalog.Parse(v.Get("method").String()); err != nil {
				return m, err
			}
			m.Theory = mt
		}
	case lab.MsgCmd:
		m.Cmd = lab.Command(o.Get("cmd").Int())
	case lab.MsgTakeBack:
		m.Job = o.Get("job").Int()
	case lab.MsgUpdate:
		u := o.Get("update")
		m.Update = lab.Update{Job: u.Get("job").Int(), Done: u.Get("done").Bool(), Err: u.Get("err").String(),
			Busy: time.Duration(u.Get("busyMs").Float() * 1e6)}
		if v := u.Get("visits"); v.Truthy() {
			mb := &lab.Minibatches{Iters: u.Get("iters").Int(), Visits: goInts(v)}
			flat := goInts(u.Get("recent"))
			for _, n := range goInts(u.Get("recentLens")) {
				mb.Recent, flat = append(mb.Recent, flat[:n:n]), flat[n:]
			}
			m.Update.Minibatches = mb
		}
		if p := u.Get("planP"); p.Truthy() {
			pl := &lab.JobPlan{Theta: u.Get("theta").Float(), P: goFloat64s(p)}
			if lens := u.Get("bucketLens"); lens.Truthy() {
				flat := goInts(u.Get("buckets"))
				pl.Buckets = [][]int{}
				for _, n := range goInts(lens) {
					pl.Buckets, flat = append(pl.Buckets, flat[:n:n]), flat[n:]
				}
			}
			m.Update.Plan = pl
		}
		xs := goFloat64s(u.Get("points"))
		for k := 0; k+pointFloats <= len(xs); k += pointFloats {
			m.Update.Points = append(m.Update.Points, dfsdca.Point{IterPerN: xs[k], Iter: int(xs[k+1]), Primal: xs[k+2], Gap: xs[k+3], Seconds: xs[k+4]})
		}
	}
	return m, nil
}

// pointFloats is the number of float64 values a trace point crosses as:
// IterPerN, Iter, Primal, Gap, Seconds.
const pointFloats = 5

func encodeSpec(s lab.JobSpec) map[string]any {
	return map[string]any{"index": s.Index, "tau": s.Tau, "sampling": string(s.Sampling), "loss": s.Loss,
		"lambda": s.Lambda, "pstar": s.PStar, "eps": s.Eps, "partition": string(s.Partition),
		"seed": strconv.FormatUint(s.Seed, 10), "method": string(s.Method)}
}

func decodeSpec(s js.Value) (spec lab.JobSpec, err error) {
	spec = lab.JobSpec{Index: s.Get("index").Int(), Tau: s.Get("tau").Int(), Sampling: sampling.Kind(s.Get("sampling").String()),
		Loss: s.Get("loss").String(), Lambda: s.Get("lambda").Float(), PStar: s.Get("pstar").Float(),
		Eps: s.Get("eps").Float(), Partition: sampling.Rule(s.Get("partition").String())}
	if spec.Seed, err = strconv.ParseUint(s.Get("seed").String(), 10, 64); err != nil {
		return spec, err
	}
	if name := s.Get("method").String(); name != "" {
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

func goTauPoints(a js.Value) []catalog.TauPoint {
	xs := goFloat64s(a)
	var pts []catalog.TauPoint
	for k := 0; k+tauPointLen <= len(xs); k += tauPointLen {
		pts = append(pts, catalog.TauPoint{Tau: int(xs[k]), Theory: catalog.Theory{Step: xs[k+1], Rate: xs[k+2], PassesPerEFold: xs[k+3]}, Time: xs[k+4]})
	}
	return pts
}

const tauPointLen = 5

// int32Array copies xs (each within int32: example indices and counts).
func int32Array(xs []int) js.Value {
	b := make([]byte, 4*len(xs))
	for k, x := range xs {
		binary.LittleEndian.PutUint32(b[4*k:], uint32(int32(x)))
	}
	return typedArray("Int32Array", b)
}

// goInts reads an Int32Array written by int32Array.
func goInts(a js.Value) []int {
	b := bytesOfView(a)
	xs := make([]int, len(b)/4)
	for k := range xs {
		xs[k] = int(int32(binary.LittleEndian.Uint32(b[4*k:])))
	}
	return xs
}

// encodeLoaded copies data loaded in a worker into an object of typed
// arrays, and lists their buffers to transfer: the page gets its copy of
// the data for the price of one copy out of the worker's memory and one
// into its own.
func encodeLoaded(l *lab.Loaded) (js.Value, []any) {
	ds, info := l.Data, l.Info
	arrays := map[string]js.Value{
		"rowPtr": int32Array(ds.RowPtr),
		"col":    typedArray("Int32Array", unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(ds.Col))), 4*len(ds.Col))),
		"val":    float64Array(ds.Val),
		"y":      float64Array(ds.Y),
		"norms":  float64Array(info.Norms),
		"counts": int32Array(info.Hist.Counts),
	}
	st := info.Stats
	o := map[string]any{"n": ds.N, "d": ds.D, "source": int(info.Source), "name": info.Name,
		"stats":   []any{st.N, st.D, st.NNZ, st.Density, st.Sigma, st.MaxNorm},
		"histMin": info.Hist.Min, "histMax": info.Hist.Max, "defaultLambda": info.DefaultLambda,
		"loadMs": info.LoadTime.Seconds() * 1e3}
	warnings := make([]any, len(info.Warnings))
	for k, w := range info.Warnings {
		warnings[k] = w
	}
	o["warnings"] = warnings
	var transfer []any
	for name, a := range arrays {
		o[name] = a
		transfer = append(transfer, a.Get("buffer"))
	}
	return js.ValueOf(o), transfer
}

// decodeLoaded reads what encodeLoaded wrote.
func decodeLoaded(v js.Value) *lab.Loaded {
	ds := &dataset.Dataset{N: v.Get("n").Int(), D: v.Get("d").Int(), RowPtr: goInts(v.Get("rowPtr")),
		Val: goFloat64s(v.Get("val")), Y: goFloat64s(v.Get("y"))}
	col := v.Get("col")
	ds.Col = make([]int32, col.Get("length").Int())
	copyToGo(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(ds.Col))), 4*len(ds.Col)), col)
	st := v.Get("stats")
	info := &lab.DataInfo{Source: lab.Source(v.Get("source").Int()), Name: v.Get("name").String(),
		Stats: dataset.Stats{N: st.Index(0).Int(), D: st.Index(1).Int(), NNZ: st.Index(2).Int(),
			Density: st.Index(3).Float(), Sigma: st.Index(4).Float(), MaxNorm: st.Index(5).Float()},
		Hist:          dataset.Histogram{Min: v.Get("histMin").Float(), Max: v.Get("histMax").Float(), Counts: goInts(v.Get("counts"))},
		Norms:         goFloat64s(v.Get("norms")),
		DefaultLambda: v.Get("defaultLambda").Float(),
		LoadTime:      time.Duration(v.Get("loadMs").Float() * 1e6),
	}
	w := v.Get("warnings")
	for k := 0; k < w.Length(); k++ {
		info.Warnings = append(info.Warnings, w.Index(k).String())
	}
	return &lab.Loaded{Data: ds, Info: info}
}

// float64Array copies xs, bit for bit, into a new Float64Array.
func float64Array(xs []float64) js.Value {
	return typedArray("Float64Array", unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(xs))), 8*len(xs)))
}

// goFloat64s reads a Float64Array written by float64Array.
func goFloat64s(a js.Value) []float64 {
	xs := make([]float64, a.Get("length").Int())
	copyToGo(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(xs))), 8*len(xs)), a)
	return xs
}

// typedArray copies b (little-endian, as wasm memory is) into a new typed
// array of the given type over its own buffer.
func typedArray(typ string, b []byte) js.Value {
	u8 := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u8, b)
	return js.Global().Get(typ).New(u8.Get("buffer"))
}

// copyToGo copies the bytes of the typed array a into b.
func copyToGo(b []byte, a js.Value) {
	js.CopyBytesToGo(b, js.Global().Get("Uint8Array").New(a.Get("buffer"), a.Get("byteOffset"), a.Get("byteLength")))
}

// bytesOfView copies the bytes a typed array views.
func bytesOfView(a js.Value) []byte {
	b := make([]byte, a.Get("byteLength").Int())
	copyToGo(b, a)
	return b
}
