package provenance

import (
	"context"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/config"
)

// ForBuild is the statement inputs of a build from the configuration file at
// configPath: the git checkout holding it, its build time (sourceDateEpoch when set,
// else the commit time) and the pinned remote resources. The error is an input
// error: no usable time.
func ForBuild(ctx context.Context, builderVersion, configPath, sourceDateEpoch string, remote []Pinned) (Inputs, error) {
	src, commitTime := readSource(ctx, filepath.Dir(configPath))
	when, err := buildTime(sourceDateEpoch, commitTime)
	if err != nil {
		return Inputs{}, err
	}
	return Inputs{BuilderVersion: builderVersion, ConfigPath: configPath, Source: src, Remote: remote, Time: when}, nil
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
