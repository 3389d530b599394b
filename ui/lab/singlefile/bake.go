package singlefile

import (
	"encoding/base64"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"

	"imlab/ui/lab/setup"
)

// A lab saved for students (the page's Save button) is the single file,
// imlab.html, with the state it should open in baked into it: a
// <meta name="imlab-state"> holding the link's hash, read when the file is
// opened with no hash of its own, and the data the state needs that the
// file does not carry yet (a user's file, or a gallery set the single file
// does not embed) in base64, in <script type="application/octet-stream">
// elements. Neither runs, so the hashes of the file's Content-Security-
// Policy stay valid and its policy needs no change.

// StateMetaName is the name of the <meta> that holds a saved lab's hash.
const StateMetaName = "imlab-state"

// FileElementID is the id of the element that holds a saved lab's file of
// the user's.
const FileElementID = "imlab-file"

// MaxSavedBytes is the most data a saved lab carries beside what the
// single file holds already: a user's file up to 8 MiB (11 MiB of base64),
// so the saved lab stays small enough to mail or copy and to open quickly.
const MaxSavedBytes = 8 << 20

// ErrTooLargeToSave reports data over MaxSavedBytes.
var ErrTooLargeToSave = errors.New("too large to save in the lab")

// ErrNotSingleFile reports a page that is not the single file.
var ErrNotSingleFile = errors.New("not the single-file lab")

// BakedFile is data a saved lab carries, in the element with id ID.
type BakedFile struct {
	ID   string // GallerySet.ElementID or FileElementID
	Name string // the file's name
	Data []byte
}

// the single file's loader, before which baked elements go.
const loaderOpen = `<script id="imlab-loader">`

// The elements Bake writes, as they start and end; what Bake writes is
// found by these plain strings, without regexp or html (whose entity table
// would add 0.7 MB to main.wasm).
const (
	stateMetaOpen = `<meta name="` + StateMetaName + `" content="`
	stateMetaEnd  = `">`
	fileBlockOpen = `<script type="application/octet-stream" id="` + FileElementID + `"`
	fileBlockEnd  = `</script>`
)

var (
	attrEscaper   = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")
	attrUnescaper = strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&#34;", `"`, "&#39;", "'", "&quot;", `"`)
)

// cutElement removes every element of page from open to the first end
// after it, and the newline after it.
func cutElement(page, open, end string) string {
	for {
		i := strings.Index(page, open)
		if i < 0 {
			return page
		}
		j := strings.Index(page[i:], end)
		if j < 0 {
			return page
		}
		k := i + j + len(end)
		if k < len(page) && page[k] == '\n' {
			k++
		}
		page = page[:i] + page[k:]
	}
}

// DataBlock is the element that holds a file's bytes in a page, in base64:
// a <script> of a type that never runs, whose text no HTML parser changes
// and which base64 cannot end.
func DataBlock(id, name string, b []byte) string {
	return fmt.Sprintf(`<script type="application/octet-stream" id="%s" data-name="%s" data-bytes="%d">`,
		attrEscaper.Replace(id), attrEscaper.Replace(name), len(b)) +
		base64.StdEncoding.EncodeToString(b) + "</script>\n"
}

// DecodeDataBlock decodes the text of a DataBlock element, which must hold
// n bytes.
func DecodeDataBlock(text string, n int) ([]byte, error) {
	b, err := base64.StdEncoding.DecodeString(strings.TrimSpace(text))
	if err != nil {
		return nil, fmt.Errorf("the embedded data is damaged: %w", err)
	}
	if len(b) != n {
		return nil, fmt.Errorf("the embedded data is damaged: %d bytes, want %d", len(b), n)
	}
	return b, nil
}

// Bake returns page, the single file's HTML, as a lab that opens in the
// state of hash (a link's hash, which must read as one) with files, the
// data it needs that page lacks (an element already in page is kept, not
// repeated). A state baked before is replaced.
func Bake(page, hash string, files ...BakedFile) (string, error) {
	hash = strings.TrimPrefix(hash, "#")
	if _, _, err := setup.PageSettings(hash, setup.DefaultSettings()); err != nil {
		return "", fmt.Errorf("saving the lab: %w", err)
	}
	page = cutElement(page, stateMetaOpen, stateMetaEnd)
	page = cutElement(page, fileBlockOpen, fileBlockEnd)
	if strings.Count(page, loaderOpen) != 1 {
		return "", fmt.Errorf("saving the lab: %w: want exactly one %s", ErrNotSingleFile, loaderOpen)
	}
	total := 0
	var add strings.Builder
	add.WriteString(stateMetaOpen + attrEscaper.Replace(hash) + stateMetaEnd + "\n")
	for _, f := range files {
		if strings.Contains(page, `id="`+attrEscaper.Replace(f.ID)+`"`) {
			continue
		}
		total += len(f.Data)
		if total > MaxSavedBytes {
			return "", fmt.Errorf("saving the lab: %s: %w (%.1f MiB; the limit is %d MiB)", f.Name, ErrTooLargeToSave,
				float64(total)/(1<<20), MaxSavedBytes>>20)
		}
		add.WriteString(DataBlock(f.ID, f.Name, f.Data))
	}
	return strings.Replace(page, loaderOpen, add.String()+loaderOpen, 1), nil
}

// BakedHash returns the state a saved lab's HTML carries, if any.
func BakedHash(page string) (string, bool) {
	i := strings.Index(page, stateMetaOpen)
	if i < 0 {
		return "", false
	}
	rest := page[i+len(stateMetaOpen):]
	j := strings.Index(rest, stateMetaEnd)
	if j < 0 {
		return "", false
	}
	return attrUnescaper.Replace(rest[:j]), true
}

// SavedName is the file name a saved lab is offered under: imlab, the
// lesson if any, the data set if any.
func SavedName(s setup.Settings, t setup.Teaching) string {
	name := "imlab"
	if t.Lesson > 0 {
		name += "-lesson" + strconv.Itoa(t.Lesson)
	}
	switch {
	case s.Data != "":
		name += "-" + s.Data
	case s.File.Name != "":
		base := path.Base(s.File.Name)
		if i := strings.IndexByte(base, '.'); i > 0 {
			base = base[:i]
		}
		name += "-" + safeName(base)
	}
	return name + ".html"
}

// safeName keeps letters, digits, '-' and '_' of a file name.
func safeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (r == '-' || r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "data"
	}
	return b.String()
}
