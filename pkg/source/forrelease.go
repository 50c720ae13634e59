package source

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/repository"
)

// ForRelease is For for a provider URL that must serve one provider, label (clusterctl
// name name), at version ("latest" to resolve it): a GitLab URL cannot resolve latest
// (clusterctl cannot list GitLab packages either), and a local URL must name label's
// own folder.
func ForRelease(url, label, name, version string, opts Options) (repository.Repository, error) {
	r, err := For(url, opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", label, err)
	}
	info := r.Info()
	if version == "latest" && !info.ResolvesLatest() {
		return nil, fmt.Errorf("%s: GitLab repositories cannot resolve latest (clusterctl neither); pick a version, e.g. %s:v1.0.0", label, name)
	}
	if info.Kind == repository.Local && info.Label != label {
		return nil, fmt.Errorf("%s: url %q: want an absolute [file://]{base}/%s/{version}/{components file}", label, url, label)
	}
	return r, nil
}
