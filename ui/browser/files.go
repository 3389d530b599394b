//go:build js && wasm

package browser

import (
	"fmt"
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// File is a user-chosen file (from an <input type=file> or a drop).
type File struct {
	Name string
	Size int64
	f    *dom.File
}

// InputFiles returns the files chosen in an <input type=file> (an event's
// target).
func InputFiles(input js.Value) []File {
	if input.IsNull() || input.IsUndefined() || !input.Get("files").Truthy() {
		return nil
	}
	el := &dom.HTMLInputElement{BasicHTMLElement: HTMLElement(input)}
	return filesOf(el.Files())
}

// DroppedFiles returns the files dropped in a drag-and-drop event.
func DroppedFiles(event js.Value) []File {
	// dom/v2's DragEvent and DataTransfer have no files: read the FileList.
	dt := event.Get("dataTransfer")
	if !dt.Truthy() || !dt.Get("files").Truthy() {
		return nil
	}
	list := dt.Get("files")
	fs := make([]*dom.File, list.Length())
	for i := range fs {
		fs[i] = &dom.File{Value: list.Index(i)}
	}
	return filesOf(fs)
}

func filesOf(fs []*dom.File) []File {
	out := make([]File, len(fs))
	for i, f := range fs {
		out[i] = File{Name: f.Get("name").String(), Size: int64(f.Get("size").Float()), f: f}
	}
	return out
}

// ReadAll reads the whole file into memory. It blocks the calling goroutine
// (not the page) until the browser has read it; call it from a goroutine.
func (f File) ReadAll() ([]byte, error) {
	// dom/v2's File has no methods: Blob.arrayBuffer is called directly.
	buf, err := Await(f.f.Call("arrayBuffer"))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", f.Name, err)
	}
	return bytesOf(buf), nil
}
