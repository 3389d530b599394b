//go:build js && wasm

package browser

import (
	"encoding/binary"
	"strings"
	"syscall/js"
	"time"
	"unsafe"
)

// fields sets the fields of a new plain object one at a time, and lists
// the buffers of the typed arrays it holds, to transfer. Each setter is one
// call at its call site: a field costs a few bytes of code, where a
// map[string]any entry handed to js.ValueOf cost a boxed value, a map
// insertion and a walk of the map.
type fields struct {
	v        js.Value
	transfer *[]any
}

func newFields(transfer *[]any) fields { return fields{js.Global().Get("Object").New(), transfer} }

func (o fields) num(k string, x float64) { o.v.Set(k, x) }
func (o fields) int(k string, x int)     { o.v.Set(k, x) }
func (o fields) str(k, s string)         { o.v.Set(k, s) }
func (o fields) flag(k string, b bool)   { o.v.Set(k, b) }

// duration sets k to d in milliseconds.
func (o fields) duration(k string, d time.Duration) { o.v.Set(k, d.Seconds()*1e3) }

// obj sets k to a new plain object, and returns it.
func (o fields) obj(k string) fields {
	c := newFields(o.transfer)
	o.v.Set(k, c.v)
	return c
}

// array sets k to the typed array a, whose buffer is transferred.
func (o fields) array(k string, a js.Value) {
	o.v.Set(k, a)
	*o.transfer = append(*o.transfer, a.Get("buffer"))
}

func (o fields) floats(k string, xs []float64) { o.array(k, float64Array(xs)) }
func (o fields) ints(k string, xs []int)       { o.array(k, int32Array(xs)) }

// nested sets k to the concatenation of xss and lensKey to their lengths,
// unless xss is nil.
func (o fields) nested(k, lensKey string, xss [][]int) {
	if xss == nil {
		return
	}
	var lens, flat []int
	for _, xs := range xss {
		lens = append(lens, len(xs))
		flat = append(flat, xs...)
	}
	o.ints(k, flat)
	o.ints(lensKey, lens)
}

// strs sets k to ss, non-empty strings without NUL (a data set's
// warnings), joined by NUL: one string costs less code than an array.
func (o fields) strs(k string, ss []string) { o.str(k, strings.Join(ss, "\x00")) }

// fieldsOf reads what fields wrote. A missing field or one of another type
// panics (syscall/js's ValueError), which decodeMessage recovers.
type fieldsOf struct{ js.Value }

func (o fieldsOf) num(k string) float64            { return o.Get(k).Float() }
func (o fieldsOf) int(k string) int                { return o.Get(k).Int() }
func (o fieldsOf) str(k string) string             { return o.Get(k).String() }
func (o fieldsOf) flag(k string) bool              { return o.Get(k).Bool() }
func (o fieldsOf) has(k string) bool               { return o.Get(k).Truthy() }
func (o fieldsOf) obj(k string) fieldsOf           { return fieldsOf{o.Get(k)} }
func (o fieldsOf) floats(k string) []float64       { return goFloat64s(o.Get(k)) }
func (o fieldsOf) ints(k string) []int             { return goInts(o.Get(k)) }
func (o fieldsOf) duration(k string) time.Duration { return time.Duration(o.num(k) * 1e6) }

// nested reads what fields.nested wrote: nil if it wrote nothing.
func (o fieldsOf) nested(k, lensKey string) [][]int {
	if !o.has(lensKey) {
		return nil
	}
	flat, xss := o.ints(k), [][]int{}
	for _, n := range o.ints(lensKey) {
		xss, flat = append(xss, flat[:n:n]), flat[n:]
	}
	return xss
}

// strs reads what fields.strs wrote: nil for none.
func (o fieldsOf) strs(k string) []string {
	if s := o.str(k); s != "" {
		return strings.Split(s, "\x00")
	}
	return nil
}

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
