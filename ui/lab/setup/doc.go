// Package setup is what a lab run is set up from, and how a link carries
// it: the settings (Settings), whose one schema (a Field each: hash key, form
// label, parser, formatter and limits of each field) drives the URL hash,
// the form (Form) and every error message (FieldError); the link's
// teaching keys (Teaching: lesson, hidden panels, presenter mode, workers,
// speed); the data gallery's sets; and the file a run read, named by size
// and fingerprint (FileRef) so that a link can ask for it again.
//
// It holds no state and does no work beyond parsing and checking: the
// controller (package lab) runs what it describes.
package setup
