// Package singlefile is the lab saved for students: the single file,
// imlab.html, with the state it should open in (a link's hash, checked as
// ui/lab reads it) and the data that state needs baked into it (Bake,
// BakedHash), the data blocks that carry a file in the page (DataBlock,
// DecodeDataBlock), and the name the saved file is offered under
// (SavedName).
package singlefile
