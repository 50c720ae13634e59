package fakegithub

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
)

// apiError is GitHub's error body.
type apiError struct {
	Message string       `json:"message"`
	Errors  []fieldError `json:"errors,omitempty"`
	DocURL  string       `json:"documentation_url,omitempty"`
}

type fieldError struct {
	Resource string `json:"resource"`
	Code     string `json:"code"`
	Field    string `json:"field,omitempty"`
	Message  string `json:"message,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) writeError(w http.ResponseWriter, r *http.Request, status int, msg, doc string) {
	s.writeErrorBody(w, r, status, apiError{Message: msg, DocURL: doc})
}

func (s *Server) writeErrorBody(w http.ResponseWriter, r *http.Request, status int, body apiError) {
	s.mu.Lock()
	echo := s.echoAuth
	s.mu.Unlock()
	if h := r.Header.Get("Authorization"); echo && h != "" {
		body.Message += fmt.Sprintf(" (request had Authorization: %s)", h)
	}
	writeJSON(w, status, body)
}

// validation answers 422 "Validation Failed" with one field error.
func (s *Server) validation(c *call, resource, field, code, doc string) {
	s.writeErrorBody(c.w, c.r, http.StatusUnprocessableEntity, apiError{
		Message: "Validation Failed",
		Errors:  []fieldError{{Resource: resource, Field: field, Code: code}},
		DocURL:  doc,
	})
}

// page cuts one page out of n items from the page and per_page query parameters
// (GitHub's defaults: 30 per page, at most 100) and sets the Link header.
func page(c *call, n int) (lo, hi int) {
	q := c.r.URL.Query()
	per, _ := strconv.Atoi(q.Get("per_page"))
	if per <= 0 {
		per = 30
	}
	per = min(per, 100)
	p, _ := strconv.Atoi(q.Get("page"))
	p = max(p, 1)
	last := max((n+per-1)/per, 1)
	scheme := "http"
	if c.r.TLS != nil {
		scheme = "https"
	}
	link := func(pg int, rel string) string {
		return fmt.Sprintf(`<%s://%s%s?page=%d&per_page=%d>; rel="%s"`, scheme, c.r.Host, c.r.URL.Path, pg, per, rel)
	}
	if p < last {
		c.w.Header().Set("Link", link(p+1, "next")+", "+link(last, "last"))
	}
	lo, hi = min((p-1)*per, n), min(p*per, n)
	return lo, hi
}
