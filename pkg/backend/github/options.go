package github

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
)

// Options configure a Publisher or a Repo.
type Options struct {
	Owner, Repo     string
	Token           string       // never printed, logged or put in an error
	APIURL          string       // default https://api.github.com/; GHE: https://HOST/api/v3/
	UploadURL       string       // default https://uploads.github.com/; GHE: https://HOST/api/uploads/
	HTTPClient      *http.Client // nil: a client on http.DefaultTransport
	Draft           bool         // leave the release as a draft
	MakeLatest      string       // "", "true", "false" or "legacy"
	TargetCommitish string       // commit or branch GitHub tags when the tag does not exist yet
	Jobs            int          // parallel uploads per release; 4 when 0
	Retry           RetryPolicy
	PlainHTTP       bool // the token may go to an http:// API URL off loopback (--plain-http)
	// Notes is the body of a release this run creates; for a release that exists, it
	// replaces the body. Empty: new releases get no body, existing ones keep theirs.
	Notes string
	// GenerateNotes asks GitHub to generate the notes (generate_release_notes) for a
	// new release, and replaces the body of an existing one with generated notes.
	GenerateNotes bool
}

const (
	defaultAPIURL    = "https://api.github.com/"
	defaultUploadURL = "https://uploads.github.com/"
)

// parsed returns the API and upload base URLs with trailing slashes.
func (o Options) parsed() (*url.URL, *url.URL, error) {
	api, err := baseURL(o.APIURL, defaultAPIURL)
	if err != nil {
		return nil, nil, fmt.Errorf("parsing the API URL: %w", err)
	}
	up, err := baseURL(o.UploadURL, defaultUploadURL)
	if err != nil {
		return nil, nil, fmt.Errorf("parsing the upload URL: %w", err)
	}
	return api, up, nil
}

func baseURL(s, def string) (*url.URL, error) {
	if s == "" {
		s = def
	}
	if !strings.HasSuffix(s, "/") {
		s += "/"
	}
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "https" && u.Scheme != "http" || u.Host == "" {
		return nil, fmt.Errorf("%q is not an http(s) URL with a host", s)
	}
	return u, nil
}

func (o Options) validate() error {
	if o.Owner == "" || o.Repo == "" || strings.Contains(o.Owner+o.Repo, "/") {
		return fmt.Errorf("GitHub repository %q/%q: give the owner and the repository name separately, e.g. owner \"kubernetes-sigs\" and repository \"cluster-api\"", o.Owner, o.Repo)
	}
	switch o.MakeLatest {
	case "", "true", "false", "legacy":
	default:
		return fmt.Errorf("make-latest %q for github:%s/%s: use true, false or legacy", o.MakeLatest, o.Owner, o.Repo)
	}
	if o.Jobs < 0 {
		return fmt.Errorf("jobs %d for github:%s/%s: use a positive number", o.Jobs, o.Owner, o.Repo)
	}
	return nil
}

// String describes the options with the token redacted, so printing Options (even
// with %+v) cannot leak it.
func (o Options) String() string {
	tok := ""
	if o.Token != "" {
		tok = redacted
	}
	return fmt.Sprintf("github:%s/%s (api %q, upload %q, token %q, draft %v, make-latest %q, target %q, jobs %d)",
		o.Owner, o.Repo, o.APIURL, o.UploadURL, tok, o.Draft, o.MakeLatest, o.TargetCommitish, o.Jobs)
}

// GoString is String, for %#v.
func (o Options) GoString() string { return o.String() }

// ErrEmptyNotes is ReadNotes' error for a notes file with nothing in it.
var ErrEmptyNotes = errors.New("is empty: write the notes, or leave the flag out")

// ReadNotes reads a release-notes file ("" reads nothing). An empty file is a mistake
// worth saying: ErrEmptyNotes.
func ReadNotes(file string) (string, error) {
	if file == "" {
		return "", nil
	}
	b, err := fsx.ReadFile(file)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(string(b)) == "" {
		return "", fmt.Errorf("%s %w", file, ErrEmptyNotes)
	}
	return string(b), nil
}
