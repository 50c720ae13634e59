package mirror

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// ErrUnusable marks a mirror that clusterctl could not use (verify's findings).
var ErrUnusable = errors.New("clusterctl could not use the mirror")

// Tx is one run's transaction on the destination folder: every step runs while the
// run holds the folder's lock, in order, each write staged and renamed, so a kill at
// any point leaves whole files and folders and a re-run finishes.
type Tx struct {
	Dir      string             // absolute mirror folder
	FS       *fsx.FS            // write through it (crash-test hook)
	Releases []*release.Release // this run's releases
	Manifest *Manifest          // mirror.json, updated by the "mirror.json" step
	Images   []string           // every image, set by the "mirror.json" step
	// Digests pins images in images.txt (image → digest): a step that copied them
	// sets it; images.txt is written once, after Options.Steps.
	Digests map[string]string
	Result  *Result
}

// Step is one part of the transaction. Options.Steps are run after mirror.json and
// before images.txt and clusterctl.yaml (e.g. copying the images to a registry or
// OCI layout, setting Tx.Digests).
type Step struct {
	Name string
	Run  func(ctx context.Context, tx *Tx) error
	// Preflight, when set, runs in the preflight step, before any write: a step
	// that would refuse (a conflict, a release it cannot take) refuses there.
	Preflight func(ctx context.Context, tx *Tx) error
}

// steps is the transaction, in order: a failure stops it, with every earlier step
// done (and each of them whole).
func (r *runner) steps() []Step {
	out := []Step{
		{Name: "recover", Run: r.recoverLeftovers},
		{Name: "preflight", Run: r.preflight},
		{Name: "releases", Run: r.publishReleases},
		{Name: "cert-manager", Run: r.writeCertManager},
		{Name: ManifestFile, Run: r.writeManifest},
	}
	out = append(out, r.opts.Steps...)
	return append(out, Step{Name: ImagesFile, Run: r.writeImages}, Step{Name: clusterctlcfg.File, Run: r.writeConfig}, Step{Name: "check", Run: r.check})
}

// transaction runs the steps holding the folder's lock.
func (r *runner) transaction(ctx context.Context, rels []*release.Release, res *Result) error {
	unlock, err := r.opts.calls.lock(ctx, r.dir)
	if err != nil {
		return err
	}
	defer unlock()
	prev, err := readManifest(r.dir) // re-read under the lock
	if err != nil {
		return err
	}
	tx := &Tx{Dir: r.dir, FS: &fsx.FS{Hook: r.opts.Hook}, Releases: rels, Manifest: prev, Result: res}
	for _, s := range r.steps() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := s.Run(ctx, tx); err != nil {
			return fmt.Errorf("mirror %s: %w", s.Name, err)
		}
	}
	return nil
}

func (r *runner) publishReleases(ctx context.Context, tx *Tx) error {
	if len(tx.Releases) == 0 {
		return nil
	}
	rep, err := publish.Publish(ctx, &release.Set{Releases: tx.Releases}, r.opts.Destination, r.policy())
	tx.Result.Report = rep
	if err != nil {
		return fmt.Errorf("%s: %w", r.opts.Destination, err)
	}
	return nil
}

// preflight refuses, before any write, what the transaction would have to refuse
// later: a conflicting version (the publisher's own preflight) or cert-manager.
func (r *runner) preflight(ctx context.Context, tx *Tx) error {
	if err := r.certConflict(); err != nil {
		return err
	}
	if len(tx.Releases) == 0 {
		return nil
	}
	if pf, ok := r.opts.Destination.(publish.Preflighter); ok {
		if err := pf.Preflight(ctx, &release.Set{Releases: tx.Releases}, r.policy()); err != nil {
			return fmt.Errorf("%s: %w", r.opts.Destination, err)
		}
	}
	for _, s := range r.opts.Steps {
		if s.Preflight == nil {
			continue
		}
		if err := s.Preflight(ctx, tx); err != nil {
			return fmt.Errorf("%s: %w", s.Name, err)
		}
	}
	return nil
}

// check reads every provider of this run back the way verify does and fails with
// verify's error findings when clusterctl could not use it.
func (r *runner) check(ctx context.Context, tx *Tx) error {
	var bad lint.Findings
	seen := map[string]bool{}
	for _, rel := range tx.Releases {
		if seen[rel.Label()] {
			continue
		}
		seen[rel.Label()] = true
		fs, err := r.opts.calls.check(ctx, tx.Dir, rel.Label(), rel.ComponentsFile)
		if err != nil {
			return err
		}
		tx.Result.Verify = append(tx.Result.Verify, fs...)
		for _, f := range fs {
			if f.Severity == lint.Error {
				bad = append(bad, f)
			}
		}
	}
	if len(bad) > 0 {
		bad.Sort()
		msgs := make([]string, len(bad))
		for i, f := range bad {
			msgs[i] = f.String()
		}
		return fmt.Errorf("%w (verify found %d error(s); the files are in place: fix the release upstream or remove the version):\n%s", ErrUnusable, len(bad), strings.Join(msgs, "\n"))
	}
	return nil
}

// recoverLeftovers runs first, under the lock, so every staged name it finds belongs
// to a run that died: it puts back a cert-manager folder a crash left set aside and
// removes mirror's own staging files (the local publisher cleans its own).
func (r *runner) recoverLeftovers(_ context.Context, tx *Tx) error { return recoverDir(tx.Dir) }

// recoverDir is recoverLeftovers of the folder dir (mirror relink runs it too).
func recoverDir(dir string) error {
	var f *fsx.FS // mirror's files beside the tree are staged without a mark
	if certs := filepath.Join(dir, CertManager); localrepo.Exists(certs) {
		if err := f.Clean(certs); err != nil {
			return err
		}
	}
	return f.CleanOnly(dir, ManifestFile, ImagesFile, clusterctlcfg.File)
}
