// Package output writes build's output folder: OUT/<label>/<version>/<files> (a
// clusterctl local repository), OUT/clusterctl.yaml pointing at it, the variables
// tables under OUT/_docs/, and OUT/.capirepo-build, the index that marks the folder as
// build output and tells `publish local` each provider's name, type and components
// file (so nothing parses clusterctl.yaml back). The folder is staged beside OUT and
// put in place whole (pkg/localrepo, pkg/fsx): files 0644, folders 0755, less umask.
package output

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/release"
)

// Write stages the whole output tree beside out and puts it in place, so on any
// error out is left as it was; what a dead build left beside out is removed first
// (localrepo.StageTree). It returns out's absolute path. An invalid set (an
// unsafe file name, a missing metadata.yaml) and a non-empty out that build did not
// write are refused.
func Write(out string, set *release.Set) (string, error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return "", fmt.Errorf("resolving output folder %s: %w", out, err)
	}
	if err := set.Validate(); err != nil {
		return "", fmt.Errorf("writing build output %s: %w", abs, err)
	}
	st, done, err := localrepo.StageTree(context.Background(), abs)
	if err != nil {
		return "", fmt.Errorf("output folder %s is not writable: %w", abs, err)
	}
	defer done()
	if err := localrepo.CheckReplaceable(abs); err != nil {
		return "", err
	}
	if err := writeTree(st, abs, set); err != nil {
		return "", err
	}
	if err := st.Commit(); err != nil {
		return "", fmt.Errorf("putting build output in %s: %w", abs, err)
	}
	return abs, nil
}

func writeTree(st *fsx.Stage, final string, set *release.Set) error {
	for _, r := range set.Releases {
		for _, f := range r.Files {
			if err := st.WriteFile(layout.VersionFile(r.Label(), r.Version.String(), f.Name), f.Data); err != nil {
				return fmt.Errorf("writing %s: %w", filepath.Join(layout.LocalDir(final, r.Label(), r.Version.String()), f.Name), err)
			}
		}
	}
	if err := writeVarsDocs(st, set); err != nil {
		return err
	}
	cc, err := clusterctlcfg.New("Written by capirepo build: use with clusterctl --config <this file>.", providers(final, set))
	if err != nil {
		return err
	}
	if err := st.WriteFile(clusterctlcfg.File, cc); err != nil {
		return err
	}
	idx, err := localrepo.EncodeIndex(set)
	if err != nil {
		return err
	}
	return st.WriteFile(localrepo.IndexFile, idx)
}

// providers are the clusterctl.yaml entries pointing at the built versions.
func providers(root string, set *release.Set) []clusterctlcfg.Provider {
	var ps []clusterctlcfg.Provider
	for _, r := range set.Releases {
		ps = append(ps, clusterctlcfg.Local(root, r.Provider, r.Version.String(), r.ComponentsFile))
	}
	return ps
}

// Check is Write for a dry run: the same refusals (an invalid set, a non-empty out
// that build did not write), and nothing written. It returns out's absolute path.
func Check(out string, set *release.Set) (string, error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return "", fmt.Errorf("resolving output folder %s: %w", out, err)
	}
	if err := set.Validate(); err != nil {
		return "", fmt.Errorf("writing build output %s: %w", abs, err)
	}
	return abs, localrepo.CheckReplaceable(abs)
}
