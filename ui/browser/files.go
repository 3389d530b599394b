//go:build js && wasm

package browser

import (
	"errors"
	"fmt"
	"syscall/js"
)

// File is a user-chosen file (from an <input type=file> or a drop).
type File struct {
	Name string
	Size int64
	v    js.Value
}

// FilesOf returns the files of a FileList (input.files or
// dataTransfer.files).
func FilesOf(list js.Value) []File {
	if list.IsUndefined() || list.IsNull() {
		return nil
	}
	out := make([]File, list.Length())
	for i := range out {
		f := list.Index(i)
		out[i] = File{Name: f.Get("name").String(), Size: int64(f.Get("size").Float()), v: f}
	}
	return out
}

// ReadAll reads the whole file into memory. It blocks the calling goroutine
// (not the page) until the browser has read it; call it from a goroutine.
func (f File) ReadAll() ([]byte, error) {
	v, err := Await(f.v.Call("arrayBuffer"))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", f.Name, err)
	}
	arr := js.Global().Get("Uint8Array").New(v)
	buf := make([]byte, arr.Length())
	js.CopyBytesToGo(buf, arr)
	return buf, nil
}

// Await blocks the calling goroutine until the promise settles.
func Await(promise js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	var ok, fail js.Func
	ok = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- result{v: arg0(args)}
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "promise rejected"
		if e := arg0(args); e.Truthy() {
			msg = e.Call("toString").String()
		}
		ch <- result{err: errors.New(msg)}
		return nil
	})
	promise.Call("then", ok, fail)
	r := <-ch
	ok.Release()
	fail.Release()
	return r.v, r.err
}

func arg0(args []js.Value) js.Value {
	if len(args) == 0 {
		return js.Undefined()
	}
	return args[0]
}
