package offline

import (
	"encoding/json"
	"strconv"
)

// iconFile is one icon of the site, relative to the site's root.
type iconFile struct {
	Path     string
	Size     int
	Maskable bool
}

// icons are the icons the manifest lists and Write draws.
var icons = []iconFile{
	{"assets/icon-192.png", 192, false},
	{"assets/icon-512.png", 512, false},
	{"assets/icon-maskable-512.png", 512, true},
}

// ManifestFile is the web app manifest's name in the site; index.html links it.
const ManifestFile = "manifest.webmanifest"

type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose"`
}

// Manifest returns the web app manifest. Its URLs are relative to the
// manifest, which sits at the site's root, so the installed app works under
// any sub-path.
func Manifest() []byte {
	m := struct {
		Name            string         `json:"name"`
		ShortName       string         `json:"short_name"`
		Description     string         `json:"description"`
		StartURL        string         `json:"start_url"`
		Scope           string         `json:"scope"`
		Display         string         `json:"display"`
		BackgroundColor string         `json:"background_color"`
		ThemeColor      string         `json:"theme_color"`
		Icons           []manifestIcon `json:"icons"`
	}{
		Name:            "Importance Minibatch Lab",
		ShortName:       "imlab",
		Description:     "dfSDCA with τ-nice and τ-importance minibatch sampling, in the browser, offline.",
		StartURL:        "./",
		Scope:           "./",
		Display:         "standalone",
		BackgroundColor: "#f4f6f9",
		ThemeColor:      "#16324f",
	}
	for _, ic := range icons {
		purpose := "any"
		if ic.Maskable {
			purpose = "maskable"
		}
		m.Icons = append(m.Icons, manifestIcon{Src: ic.Path, Sizes: sizes(ic.Size), Type: "image/png", Purpose: purpose})
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		panic(err) // a fixed struct of strings always marshals
	}
	return append(b, '\n')
}

func sizes(n int) string { return strconv.Itoa(n) + "x" + strconv.Itoa(n) }
