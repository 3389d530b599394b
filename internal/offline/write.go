package offline

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// Summary says what Write wrote.
type Summary struct {
	Build       string   // the build's name: a hash of the precached files
	Precached   []string // the files the service worker precaches
	SingleBytes int      // the size of SingleFile
	DataBytes   int      // of which the gallery sets it embeds (gallery.go)
	WasmBytes   int      // main.wasm, raw
}

// Write adds the offline parts to the built site in dir, which must hold
// index.html, wasm_exec.js, main.wasm and the assets index.html links: the
// icons, the manifest, the service worker (precaching every file of the
// site except itself and SingleFile) and SingleFile.
func Write(dir string) (Summary, error) {
	var sum Summary
	for _, ic := range icons {
		if err := writeFile(dir, ic.Path, IconPNG(ic.Size, ic.Maskable)); err != nil {
			return sum, err
		}
	}
	if err := writeFile(dir, ManifestFile, Manifest()); err != nil {
		return sum, err
	}
	files, build, err := precache(dir)
	if err != nil {
		return sum, err
	}
	if err := writeFile(dir, ServiceWorkerFile, ServiceWorker(build, files)); err != nil {
		return sum, err
	}
	read := func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, filepath.FromSlash(name))) }
	index, err := read("index.html")
	if err != nil {
		return sum, err
	}
	wasm, err := read("main.wasm")
	if err != nil {
		return sum, err
	}
	single, err := Bundle(index, read, wasm)
	if err != nil {
		return sum, err
	}
	single, data, err := embedGallery(single, dir)
	if err != nil {
		return sum, err
	}
	if err := writeFile(dir, SingleFile, single); err != nil {
		return sum, err
	}
	return Summary{Build: build, Precached: files, SingleBytes: len(single), DataBytes: data, WasmBytes: len(wasm)}, nil
}

// precache lists the site's files (slash-separated, sorted, with "./" for
// the root) and names the build by a hash of their names and contents.
func precache(dir string) ([]string, string, error) {
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		name := filepath.ToSlash(rel)
		if name != ServiceWorkerFile && name != SingleFile {
			names = append(names, name)
		}
		return nil
	})
	if err != nil {
		return nil, "", err
	}
	if !slices.Contains(names, "index.html") {
		return nil, "", fmt.Errorf("%s has no index.html: build the site first", dir)
	}
	slices.Sort(names)
	h := sha256.New()
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			return nil, "", err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(b))
		h.Write(b)
	}
	return append([]string{"./"}, names...), hex.EncodeToString(h.Sum(nil))[:16], nil
}

func writeFile(dir, name string, b []byte) error {
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, b, 0o644)
}
