package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// Every response, page or API, carries the security headers; the page
// itself holds no inline script the policy would have to allow.
func TestSecurityHeaders(t *testing.T) {
	srv, _ := newServer(t)
	for _, path := range []string{"/", "/app.js", "/api/games", "/api/games/nope", "/api/openapi.json"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		h := res.Header
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: Content-Security-Policy %q", path, csp)
		}
		for k, v := range map[string]string{"X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"} {
			if h.Get(k) != v {
				t.Errorf("%s: %s is %q, want %q", path, k, h.Get(k), v)
			}
		}
	}
	res, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var b strings.Builder
	buf := make([]byte, 1<<16)
	for {
		n, err := res.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	page := b.String()
	if strings.Contains(page, "<script>") || strings.Contains(page, " style=") || strings.Contains(page, " onclick=") {
		t.Fatal("the page holds inline script or style")
	}
}

// Every endpoint the server routes is in its OpenAPI file, with its
// method.
func TestOpenAPIListsEveryRoute(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(openapiDoc, &doc); err != nil {
		t.Fatal(err)
	}
	s := &Server{}
	for pattern := range s.routes() {
		method, path, _ := strings.Cut(pattern, " ")
		if path == "/api/openapi.json" {
			continue
		}
		if doc.Paths[path][strings.ToLower(method)] == nil {
			t.Errorf("%s is not in openapi.json", pattern)
		}
	}
}
