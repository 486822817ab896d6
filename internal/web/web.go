// Package web is the browser page: plain HTML, CSS and JavaScript modules,
// embedded, with no build step.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var files embed.FS

// Files are the page's files, served at the root.
func Files() fs.FS {
	f, err := fs.Sub(files, "static")
	if err != nil {
		panic(err)
	}
	return f
}
