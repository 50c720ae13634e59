package mirror

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/verify"
)

// ErrNotRelinkable marks a folder Relink cannot work on: missing, or without a
// clusterctl.yaml it can read (bad input).
var ErrNotRelinkable = errors.New("nothing to relink")

// RelinkOptions configure Relink.
type RelinkOptions struct {
	// Getenv is the environment clusterctl would expand ${VAR} URLs from, for the
	// check of the result (nil: no variable is set).
	Getenv func(string) string
	Hook   fsx.Hook // called before the write (crash tests)
	// DryRun computes the new clusterctl.yaml and checks it in memory: nothing is
	// locked, cleaned or written; the report is what a real run would give.
	DryRun bool
	calls  calls // the lock (tests replace it)
}

// RelinkReport is what Relink did and what clusterctl will find.
type RelinkReport struct {
	Dir      string               // the folder, absolute
	Moved    []clusterctlcfg.Move // URLs pointed at Dir
	Kept     []clusterctlcfg.Kept // local URLs left as written, with why
	Findings lint.Findings        // verify.Config of the result: what still fails
}

// Relink points the local URLs of dir/clusterctl.yaml (and cert-manager's) at dir,
// after the folder was moved or copied: clusterctl reads only absolute paths, so a
// moved mirror (or build or publish local folder) still names its old place. Each URL
// whose {label}/{version}/{file} dir holds gets dir as its base; every other key,
// entry and comment stays. Like mirror's transaction it holds dir's lock, removes
// what a killed run staged, and writes clusterctl.yaml staged and renamed (only when
// a URL changed); then it reads the file back as verify does.
func Relink(ctx context.Context, dir string, opts RelinkOptions) (*RelinkReport, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("resolving folder %s: %w", dir, err)
	}
	path := filepath.Join(abs, clusterctlcfg.File)
	if !localrepo.IsFolder(abs) || !localrepo.Exists(path) {
		return nil, fmt.Errorf("%w: %s has no %s (mirror, build and publish local write one; give the folder that holds it)", ErrNotRelinkable, abs, clusterctlcfg.File)
	}
	if !opts.DryRun {
		unlock, err := opts.calls.orDefaults().lock(ctx, abs)
		if err != nil {
			return nil, err
		}
		defer unlock()
		if err := recoverDir(abs); err != nil {
			return nil, err
		}
	}
	rep, cfg, err := relinkConfig(abs, path, opts)
	if err != nil {
		return nil, err
	}
	byLabel := verify.ConfigOf(abs, cfg, opts.Getenv) // a dry run's file as it would be written
	if !opts.DryRun {
		byLabel, err = verify.Config(abs, opts.Getenv) // the file written, read back
	}
	for _, fs := range byLabel {
		rep.Findings = append(rep.Findings, fs...)
	}
	rep.Findings.Sort()
	return rep, err
}

// relinkConfig rewrites path's URLs for abs and writes it when one changed (not on a
// dry run); it returns the configuration as it is now, or would be.
func relinkConfig(abs, path string, opts RelinkOptions) (*RelinkReport, *clusterctlcfg.Config, error) {
	cfg, err := clusterctlcfg.Load(path)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrNotRelinkable, err)
	}
	rep := &RelinkReport{Dir: abs}
	rep.Moved, rep.Kept = cfg.Relink(abs, func(e clusterctlcfg.Entry, l clusterctlcfg.LocalPath) bool {
		return verify.MissingFile(e, l) == ""
	})
	if len(rep.Moved) == 0 || opts.DryRun {
		return rep, cfg, nil
	}
	data, err := cfg.Bytes()
	if err != nil {
		return nil, nil, err
	}
	return rep, cfg, (&fsx.FS{Hook: opts.Hook}).WriteFile(path, data)
}
