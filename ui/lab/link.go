package lab

import (
	"fmt"

	"imlab/ui/lab/setup"
)

// OpenLink applies a link's hash as a fresh page load does, whether the
// page has just opened or a link was pasted into an open tab: a preset link
// generates its data; a link to a run on a file asks for that file
// (AwaitFile), never showing other data in its place. It returns the
// settings the form should show and the link's teaching keys (lesson,
// hidden panels, presenter mode). A link that does not parse changes
// nothing but the status, except on a page with no data yet, which then
// generates the default preset.
func (c *Controller) OpenLink(hash string) (setup.Settings, setup.Teaching, error) {
	s, t, err := setup.PageSettings(hash, setup.DefaultSettings())
	c.SetWorkers(t.Workers)
	if err != nil {
		err = fmt.Errorf("the link's settings were not used: %w", err)
		c.mu.Lock()
		empty := c.data == nil && c.phase != Loading
		c.mu.Unlock()
		if empty {
			c.Generate(s) // s is the defaults
		}
		c.ReportError(err)
		return s, t, err
	}
	c.Open(s)
	return s, t, nil
}

// Edited reports whether the settings typed in the form differ from those
// of the data and results shown (the file, which the form cannot name,
// aside): the page then says that the link and results are for the
// settings before the edit.
func Edited(shown, typed setup.Settings) bool {
	typed.File, typed.Data = shown.File, shown.Data
	return typed.Hash() != shown.Hash()
}
