//go:build js && wasm

package app

import (
	"bytes"
	"fmt"
	"io"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"imlab/ui/browser"
	"imlab/ui/lab"
	"imlab/ui/lab/setup"

	"imlab/ui/lab/singlefile"
)

// galleryField is the data gallery in the Data panel: one button per set
// of setup.Gallery, disabled with the reason where this build lacks it.
func (c *SettingsPanels) galleryField() *vecty.HTML {
	p := c.page
	var items []vecty.MarkupOrChild
	for i, g := range setup.Gallery {
		has, hint := c.Gallery[i] == "", g.About
		if !has {
			hint = "Unavailable: " + c.Gallery[i]
		}
		items = append(items, elem.ListItem(
			p.button("data-"+g.Name, g.Title, g.About, has && !c.Loading, func() { p.loadGallery(g) }),
			elem.Small(vecty.Markup(prop.ID("data-"+g.Name+"-hint"), vecty.Class("hint")), vecty.Text(" "+hint)),
		))
	}
	return elem.Div(vecty.Markup(prop.ID("gallery"), vecty.Class("field", "gallery")),
		elem.Paragraph(vecty.Markup(vecty.Class("hint")),
			vecty.Text("The paper's real data sets, read in your browser and kept for offline use; a link names the set (data=…).")),
		elem.UnorderedList(items...),
	)
}

// loadGallery loads gallery set g with the form's file options.
func (p *Page) loadGallery(g setup.GallerySet) {
	s, err := p.form.Settings()
	if err != nil {
		if s, err = p.form.FileOptions(p.snap.Settings); err != nil {
			p.ctl.ReportError(err)
			return
		}
	}
	s.Data, s.File = g.Name, setup.FileRef{}
	p.ctl.LoadGallery(s)
}

// LoadBakedFile loads the file a saved lab carries (singlefile.FileElementID),
// when the link it opened with (settings s) names a file.
func LoadBakedFile(ctl *lab.Controller, s setup.Settings) {
	if s.File.Name == "" || browser.Element(singlefile.FileElementID) == nil {
		return
	}
	name, b, err := browser.ElementData(singlefile.FileElementID)
	if err != nil {
		ctl.ReportError(err)
		return
	}
	ctl.LoadFile(lab.FileSource{Name: name, Size: int64(len(b)), Open: func() (io.Reader, error) { return bytes.NewReader(b), nil }}, s)
}

// StartHash is the state the page opens in: its address's hash, or else
// the state a saved lab carries.
func StartHash() string {
	if h := browser.Hash(); h != "" {
		return h
	}
	h, _ := browser.BakedState()
	return h
}

// saveButton offers the lab, in this state, as one HTML file.
func (p *Page) saveButton(s *lab.Snapshot) *vecty.HTML {
	ready := s.Data != nil && !s.Phase.Busy()
	return p.button("save-lab", "Save lab for students",
		fmt.Sprintf("Download the whole lab as one HTML file that opens from disk, with no network, in this state: the settings, lesson and data "+
			"(a gallery set, or your file up to %d MiB)", singlefile.MaxSavedBytes>>20), ready, p.saveLab)
}

// saveLab downloads the single file with the page's state baked in.
func (p *Page) saveLab() {
	s, t := p.snap.Settings, p.teach.t
	hash := setup.JoinHash(s, t)
	var files []singlefile.BakedFile
	if ref, gallery, raw, ok := p.ctl.DataFile(); ok {
		if g, isSet := setup.GallerySetNamed(gallery); isSet {
			files = append(files, singlefile.BakedFile{ID: g.ElementID(), Name: g.File, Data: raw})
		} else {
			files = append(files, singlefile.BakedFile{ID: singlefile.FileElementID, Name: ref.Name, Data: raw})
		}
	}
	go func() {
		defer p.recoverTo("saving the lab")
		page, err := browser.SingleFileHTML()
		if err == nil {
			page, err = singlefile.Bake(page, hash, files...)
		}
		if err != nil {
			p.ctl.ReportError(err)
			return
		}
		name := singlefile.SavedName(s, t)
		browser.Download(name, "text/html", []byte(page))
		p.exports.notice = fmt.Sprintf("saved %s (%.1f MB): it opens from disk, with no network, in this state", name, float64(len(page))/1e6)
		vecty.Rerender(p)
	}()
}
