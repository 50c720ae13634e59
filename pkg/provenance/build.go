package provenance

import (
	"context"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/config"
)

// Build is what the statement of a build records besides its release files.
type Build struct {
	Builder         string // capirepo's version
	Config          string // the configuration file, as given on the command line
	SourceDateEpoch string
	Remote          []Pinned // the config's pinned remote resources (Pins)
	Out             string   // the output folder: changes there are the build's own
	AllowDirty      bool     // sign uncommitted changes, recorded as such (else ErrDirty)
}

// ForBuild is the statement inputs of a build: the git checkout holding the
// configuration (commit, remote, uncommitted changes), the configuration's path
// relative to the checkout's root, the build time (SOURCE_DATE_EPOCH when set, else
// the commit time) and the pinned remote resources. A checkout with uncommitted
// changes is refused (ErrDirty) unless b.AllowDirty. Every error is an input error.
func ForBuild(ctx context.Context, b Build) (Inputs, error) {
	c, err := ReadCheckout(ctx, filepath.Dir(b.Config), b.Out)
	if err != nil {
		return Inputs{}, err
	}
	if c.Dirty && !b.AllowDirty {
		return Inputs{}, c.dirtyError()
	}
	when, err := buildTime(b.SourceDateEpoch, c.Time)
	if err != nil {
		return Inputs{}, err
	}
	return Inputs{BuilderVersion: b.Builder, ConfigPath: c.Rel(b.Config), Source: c.Source, Remote: b.Remote, Time: when}, nil
}

// Pins are the config's remote resources as the statement records them: each URL
// with the sha256 it is pinned to, in config order (nil for none).
func Pins(resources []config.RemoteResource) []Pinned {
	var out []Pinned
	for _, r := range resources {
		out = append(out, Pinned{URI: r.URL, SHA256: r.SHA256})
	}
	return out
}
