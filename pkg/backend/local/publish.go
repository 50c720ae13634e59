package local

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// abs is the repository root made absolute.
func (p *Publisher) abs() (string, error) {
	root, err := filepath.Abs(p.root)
	if err != nil {
		return "", fmt.Errorf("resolving repository root %s: %w", p.root, err)
	}
	return root, nil
}

// Preflight refuses release files named like the checksum file and label paths that
// are not folders, and checks that clusterctl.yaml can be merged. It writes nothing.
func (p *Publisher) Preflight(ctx context.Context, set *release.Set, _ publish.Policy) error {
	root, err := p.abs()
	if err != nil {
		return err
	}
	if err := localrepo.CheckFolder(root); err != nil {
		return err
	}
	for _, r := range set.Releases {
		if r.File(localrepo.ChecksumFile) != nil {
			return fmt.Errorf("%s: file name %s is reserved for the checksum file the local repository writes; rename the file", r, localrepo.ChecksumFile)
		}
		if err := localrepo.CheckFolder(filepath.Join(root, r.Label())); err != nil {
			return err
		}
	}
	_, _, err = p.config(root, set)
	return err
}

// Lock creates root, takes the repository lock and recovers what dead runs left.
func (p *Publisher) Lock(ctx context.Context) (func(), error) {
	root, err := p.abs()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, fmt.Errorf("creating repository root %s: %w", root, err)
	}
	unlock := func() {}
	if !p.opts.Locked {
		if unlock, err = fsx.Lock(ctx, root, p.opts.LockWait); err != nil {
			return nil, err
		}
	}
	if err := recoverLeftovers(root); err != nil {
		unlock()
		return nil, err
	}
	return unlock, nil
}

// State reads every version folder of the set: a folder that exists is sealed.
func (p *Publisher) State(ctx context.Context, set *release.Set) (publish.State, error) {
	root, err := p.abs()
	if err != nil {
		return publish.State{}, err
	}
	st := publish.NewState(nil)
	for _, r := range set.Releases {
		h, err := readHeld(layout.LocalDir(root, r.Label(), r.Version.String()), r)
		if err != nil {
			return publish.State{}, err
		}
		if h != nil {
			st.Held[publish.Version{Label: r.Label(), Version: r.Version.String()}] = h
		}
	}
	return st, ctx.Err()
}

// Notes tell the user how to point clusterctl at the repository.
func (p *Publisher) Notes(plan *publish.Plan) []string {
	root, err := p.abs()
	if err != nil {
		return nil
	}
	when := ""
	if plan.Policy.DryRun {
		when = " (once published; this dry run wrote nothing)"
	}
	out := []string{fmt.Sprintf("clusterctl%s: use --config %s, or copy its providers: entries:", when, filepath.Join(root, clusterctlcfg.File))}
	return append(out, clusterctlcfg.Snippet(entries(root, plan.Set)))
}

// config returns the merged clusterctl.yaml and whether it changes.
func (p *Publisher) config(root string, set *release.Set) ([]byte, bool, error) {
	cfg, err := clusterctlcfg.Load(filepath.Join(root, clusterctlcfg.File))
	if err != nil {
		return nil, false, err
	}
	return merge(cfg, entries(root, set))
}
