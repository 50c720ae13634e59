package provenance

import (
	"context"
	"path/filepath"
)

// ForBuild is the statement inputs of a build from the configuration file at
// configPath: the git checkout holding it, its build time (sourceDateEpoch when set,
// else the commit time) and the pinned remote resources. The error is an input
// error: no usable time.
func ForBuild(ctx context.Context, builderVersion, configPath, sourceDateEpoch string, remote []Pinned) (Inputs, error) {
	src, commitTime := ReadSource(ctx, filepath.Dir(configPath))
	when, err := BuildTime(sourceDateEpoch, commitTime)
	if err != nil {
		return Inputs{}, err
	}
	return Inputs{BuilderVersion: builderVersion, ConfigPath: configPath, Source: src, Remote: remote, Time: when}, nil
}
