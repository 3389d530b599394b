// Package table formats result tables as CSV (with a header row) or as
// GitHub-flavoured Markdown, so the CLI, the browser's exports and the
// results document print the same tables the same way.
package table
