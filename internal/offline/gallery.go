package offline

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"imlab/ui/lab/setup"
	"imlab/ui/lab/singlefile"
)

// The data gallery (lab.Gallery) in the built site: the files go in its
// data/ folder, which the service worker precaches like every file of the
// site, and index.html lists them in a <meta name="imlab-gallery">, so the
// page knows which it can fetch before it asks; imlab.html embeds the sets
// marked InSingleFile in base64, in <script type="application/octet-stream">
// elements, which never run and so need no place in its policy.

// GalleryMetaName is the name of index.html's <meta> that lists the
// gallery sets the site carries, by name, separated by spaces.
const GalleryMetaName = "imlab-gallery"

var galleryMetaRE = regexp.MustCompile(`(?is)<meta\s+name="` + GalleryMetaName + `"\s+content="[^"]*">\n?`)

// ErrGalleryFile reports a data file that is not the catalogue's.
var ErrGalleryFile = errors.New("not the gallery's file")

// CopyGallery copies the gallery's files found in from (../shared/data)
// into dir's data/ folder, each checked against the catalogue's size and
// fingerprint, and returns the sets copied; a set whose file is absent is
// left out, for the page to say so.
func CopyGallery(dir, from string) ([]setup.GallerySet, error) {
	var sets []setup.GallerySet
	for _, g := range setup.Gallery {
		b, err := os.ReadFile(filepath.Join(from, g.File))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if ref := setup.RefOf(g.File, b); !ref.Matches(g.Ref()) {
			return nil, fmt.Errorf("%s: %w (%d bytes, fingerprint %s; the catalogue's: %d bytes, %s)",
				filepath.Join(from, g.File), ErrGalleryFile, ref.Size, ref.Fingerprint, g.Bytes, g.Fingerprint)
		}
		if err := writeFile(dir, setup.GalleryDir+"/"+g.File, b); err != nil {
			return nil, err
		}
		sets = append(sets, g)
	}
	return sets, nil
}

// MarkGallery returns index.html with its <meta name="imlab-gallery">
// listing sets (replacing any there), after <meta charset>.
func MarkGallery(index []byte, sets []setup.GallerySet) ([]byte, error) {
	names := make([]string, len(sets))
	for i, g := range sets {
		names[i] = g.Name
	}
	s := galleryMetaRE.ReplaceAllString(string(index), "")
	tag := `<meta name="` + GalleryMetaName + `" content="` + strings.Join(names, " ") + `">` + "\n"
	at := strings.Index(strings.ToLower(s), "<head>")
	if at < 0 {
		return nil, fmt.Errorf("%w: no <head>", ErrNotBundlable)
	}
	at += len("<head>\n")
	return []byte(s[:at] + tag + s[at:]), nil
}

// embedGallery returns the single file with the gallery sets marked
// InSingleFile that dir's data/ folder holds, each in its own element
// (GallerySet.ElementID) before the loader, and the bytes they added.
func embedGallery(single []byte, dir string) ([]byte, int, error) {
	html := string(single)
	var blocks strings.Builder
	for _, g := range setup.Gallery {
		if !g.InSingleFile {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, setup.GalleryDir, g.File))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, 0, err
		}
		blocks.WriteString(singlefile.DataBlock(g.ElementID(), g.File, b))
	}
	if blocks.Len() == 0 {
		return single, 0, nil
	}
	if strings.Count(html, loaderTag) != 1 {
		return nil, 0, fmt.Errorf("%w: want exactly one %s", ErrNotBundlable, loaderTag)
	}
	return []byte(strings.Replace(html, loaderTag, blocks.String()+loaderTag, 1)), blocks.Len(), nil
}
