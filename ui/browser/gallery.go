//go:build js && wasm

package browser

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"syscall/js"

	"imlab/ui/lab/setup"
	"imlab/ui/lab/singlefile"
)

// The classroom kit's side in the browser: the data gallery's files
// (lab.GallerySource), the state a saved lab carries, and the page's own
// HTML for saving a lab (singlefile.Bake).

// singleFileID is the id of the single file's embedded main.wasm
// (internal/offline.EmbeddedWasmID), which the loader leaves in the page.
const singleFileID = "imlab-wasm"

// galleryMeta is index.html's <meta> listing the gallery sets the served
// site carries (internal/offline.GalleryMetaName).
const galleryMeta = "imlab-gallery"

// IsSingleFile reports whether the page is the single file, imlab.html.
func IsSingleFile() bool { return Element(singleFileID) != nil }

// Gallery is the page's gallery source: the single file reads the sets it
// embeds, the served site fetches its data/ folder's files (which the
// service worker caches).
type Gallery struct{}

// Has reports whether the page can load g, and if not, why.
func (Gallery) Has(g setup.GallerySet) (bool, string) {
	if Element(g.ElementID()) != nil {
		return true, ""
	}
	if IsSingleFile() {
		return false, fmt.Sprintf("not embedded in this single file (it would add %d kB): open the served site, or a lab saved there with %s",
			g.Bytes*4/3/1000, g.Name)
	}
	if slices.Contains(strings.Fields(metaContent(galleryMeta)), g.Name) {
		return true, ""
	}
	return false, "not in this build: ./build.sh copies " + g.File + " from ../shared/data when it is there"
}

// Open returns g's bytes, from the element that embeds them or the site.
func (Gallery) Open(g setup.GallerySet) (io.Reader, error) {
	if Element(g.ElementID()) != nil {
		_, b, err := ElementData(g.ElementID())
		return bytes.NewReader(b), err
	}
	b, err := fetchBytes(setup.GalleryDir + "/" + g.File)
	return bytes.NewReader(b), err
}

// ElementData returns the file an element made by singlefile.DataBlock holds: its
// name and bytes.
func ElementData(id string) (name string, data []byte, err error) {
	el := Element(id)
	if el == nil {
		return "", nil, fmt.Errorf("the page holds no %s", id)
	}
	n, err := strconv.Atoi(el.GetAttribute("data-bytes"))
	if err != nil {
		return "", nil, fmt.Errorf("%s: its byte count %q is not a number", id, el.GetAttribute("data-bytes"))
	}
	b, err := singlefile.DecodeDataBlock(el.TextContent(), n)
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", id, err)
	}
	return el.GetAttribute("data-name"), b, nil
}

// BakedState returns the hash a saved lab was saved with, if the page is
// one.
func BakedState() (string, bool) {
	el := document().Call("querySelector", `meta[name="`+singlefile.StateMetaName+`"]`)
	if !el.Truthy() {
		return "", false
	}
	return el.Call("getAttribute", "content").String(), true
}

func metaContent(name string) string {
	el := document().Call("querySelector", `meta[name="`+name+`"]`)
	if !el.Truthy() {
		return ""
	}
	return el.Call("getAttribute", "content").String()
}

// fetchBytes fetches a file of the page's own site.
func fetchBytes(url string) ([]byte, error) {
	resp, err := Await(js.Global().Call("fetch", url))
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %w", url, err)
	}
	if !resp.Get("ok").Bool() {
		return nil, fmt.Errorf("fetching %s: %d %s", url, resp.Get("status").Int(), resp.Get("statusText").String())
	}
	buf, err := Await(resp.Call("arrayBuffer"))
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %w", url, err)
	}
	return bytesOf(buf), nil
}

// startBody is the page's body as the HTML file has it, kept by KeepSource
// before the lab renders into it.
var startBody string

// KeepSource keeps the page's body as the file has it, for SingleFileHTML:
// call it before the lab first renders.
func KeepSource() { startBody = document().Get("body").Get("outerHTML").String() }

// SingleFileHTML returns the single file's HTML: the page's own, if it is
// the single file (its head as the file has it, the loader having left the
// embedded main.wasm in place, and its body as KeepSource kept it), or else
// imlab.html fetched from the page's site. Call it from a goroutine.
func SingleFileHTML() (string, error) {
	if !IsSingleFile() {
		b, err := fetchBytes("imlab.html")
		if err != nil {
			return "", fmt.Errorf("the single file: %w", err)
		}
		return string(b), nil
	}
	if startBody == "" {
		return "", fmt.Errorf("the single file: the page's source was not kept")
	}
	root := document().Get("documentElement")
	lang := root.Call("getAttribute", "lang")
	open := "<html>"
	if lang.Truthy() {
		open = `<html lang="` + lang.String() + `">`
	}
	return "<!doctype html>\n" + open + "\n" + document().Get("head").Get("outerHTML").String() + "\n" + startBody + "\n</html>\n", nil
}
