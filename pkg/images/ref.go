package images

import (
	"fmt"
	"strings"

	"github.com/distribution/reference"
)

// Ref is a parsed image reference.
type Ref struct {
	Image  string // as written
	Repo   string // host/path, normalised (docker.io/library/nginx)
	Tag    string // may be empty when Digest is set
	Digest string // may be empty
}

// parse normalises an image reference the way Docker and clusterctl read it (no tag
// means :latest).
func parse(image string) (Ref, error) {
	named, err := reference.ParseNormalizedNamed(strings.TrimSpace(image))
	if err != nil {
		return Ref{}, &ParseError{Image: image, Err: err}
	}
	named = reference.TagNameOnly(named)
	r := Ref{Image: image, Repo: named.Name()}
	if t, ok := named.(reference.Tagged); ok {
		r.Tag = t.Tag()
	}
	if d, ok := named.(reference.Digested); ok {
		r.Digest = d.Digest().String()
	}
	return r, nil
}

// ParseError is an image reference that does not parse.
type ParseError struct {
	Image string
	Err   error
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("image %q is not a valid reference: %v", e.Image, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// Reference is what to resolve: the digest when pinned, else the tag.
func (r Ref) Reference() string {
	if r.Digest != "" {
		return r.Digest
	}
	return r.Tag
}

// Name is the last path element: the name clusterctl keeps when it overrides the
// repository.
func (r Ref) Name() string { return r.Repo[strings.LastIndex(r.Repo, "/")+1:] }

// String is repo:tag[@digest].
func (r Ref) String() string {
	s := r.Repo
	if r.Tag != "" {
		s += ":" + r.Tag
	}
	if r.Digest != "" {
		s += "@" + r.Digest
	}
	return s
}

// Override is a clusterctl `images:` entry: repository replaces everything before the
// last path element, tag replaces the tag.
type Override struct {
	Repository string `json:"repository,omitempty"`
	Tag        string `json:"tag,omitempty"`
}

// Apply returns the image as clusterctl writes it after the override.
func (o Override) Apply(r Ref) Ref {
	if o.Repository != "" {
		r.Repo = strings.TrimSuffix(o.Repository, "/") + "/" + r.Name()
	}
	if o.Tag != "" {
		r.Tag, r.Digest = o.Tag, ""
	}
	r.Image = r.String()
	return r
}
