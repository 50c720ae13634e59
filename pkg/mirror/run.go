package mirror

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/capirepo/capirepo/pkg/sign"
)

// Job is one pick with the repository its URL points at.
type Job struct {
	Pick   Pick
	Source repository.Repository
}

// CertManagerJob says which cert-manager to mirror; a nil Source skips it.
type CertManagerJob struct {
	Version string
	URL     string // where it comes from, for mirror.json
	File    string // "cert-manager.yaml"
	Source  repository.Repository
}

// Options configure Run.
type Options struct {
	Dir  string // the mirror tree (absolute or relative)
	Jobs int    // remote calls in flight; 8 when 0
	// Destination receives the release set through publish.Publish (the CLI passes
	// local.New(Dir) with Locked and KeepConfig: mirror holds the folder's lock,
	// fsx.Lock, for the whole transaction and writes clusterctl.yaml).
	Destination publish.Destination
	// Also are further destinations of the same set (e.g. GitLab generic packages),
	// published after the transaction succeeded; their failures are reported, not undone.
	Also          []publish.Destination
	CertManager   CertManagerJob
	ImageRegistry string // when set, clusterctl.yaml gets images: {all: {repository: REG}}
	Strict        bool   // lint errors stop the run before anything is published
	// Force re-reads every file upstream (nothing is reused from the folder) and
	// replaces what changed: every destination is published with Policy.Replace.
	Force bool
	// DryRun downloads, checks and plans every destination without writing or
	// locking anything (plan.go); Result.Report and Also hold the plans.
	DryRun bool
	// Contract is the clusterctl contract `latest` is resolved for (verify.Latest:
	// v1beta2 for clusterctl v1.11+, v1beta1 for v1.7-v1.10); "" refuses `latest`.
	Contract string
	// Signature, when set, is the policy every downloaded release must verify under
	// before anything is written (sign.VerifyRelease: --verify-key).
	Signature *sign.Policy
	// Steps are extra transaction steps, run after images.txt (see Tx).
	Steps []Step
	// Hook is called before every write of the transaction's own files (fsx.Hook);
	// crash tests stop the run there.
	Hook fsx.Hook
	// Progress is called for every file, from one goroutine at a time; may be nil.
	Progress func(Event)

	calls calls // what Run calls to resolve, lint, lock and check (tests replace them)
}

// Result is what a run did.
type Result struct {
	Releases []*release.Release
	Findings lint.Findings
	Verify   lint.Findings     // what the check of the written folder found
	Report   *publish.Report   // the publisher's; nil when no release was published
	Also     []*publish.Report // one per Options.Also destination that was tried
	Manifest *Manifest         // mirror.json as written
	Images   []string          // images.txt as written
	Stats    *Stats
}

type runner struct {
	opts  Options
	dir   string
	st    *state
	sem   chan struct{}
	stats *Stats
	cert  *certFile
	urls  map[string]string // release String() -> provider URL it came from
}

// Run mirrors the jobs and cert-manager into opts.Dir as one transaction (see Tx).
// It is all or nothing: when a release or cert-manager cannot be read, nothing is
// written (opts.Dir stays as it was, or absent) and the error joins every failure.
func Run(ctx context.Context, jobs []Job, opts Options) (*Result, error) {
	r, err := newRunner(opts)
	if err != nil {
		return nil, err
	}
	res := &Result{Stats: r.stats}
	rels, errs := r.fetchAll(ctx, jobs)
	r.cert, err = r.fetchCertManager(ctx)
	if err := errors.Join(append(errs, err)...); err != nil {
		return res, fmt.Errorf("%w\nnothing was mirrored: %s is as it was", err, r.dir)
	}
	for _, rel := range rels {
		res.Findings = append(res.Findings, r.opts.calls.lint(rel)...)
	}
	if opts.Strict && res.Findings.HasErrors() {
		return res, errors.Join(append(errs, fmt.Errorf("--strict: %d lint error(s) in the downloaded releases; nothing was published", res.Findings.Count(lint.Error)))...)
	}
	res.Releases = rels
	if len(rels) == 0 && r.cert == nil {
		return res, errors.Join(errs...)
	}
	if opts.DryRun {
		return res, errors.Join(append(errs, r.plan(ctx, rels, res))...)
	}
	if err := r.transaction(ctx, rels, res); err != nil {
		return res, errors.Join(append(errs, err)...)
	}
	return res, errors.Join(append(errs, r.publishAlso(ctx, rels, res)...)...)
}

func newRunner(opts Options) (*runner, error) {
	if opts.Jobs <= 0 {
		opts.Jobs = 8
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, fmt.Errorf("resolving the mirror folder %s: %w", opts.Dir, err)
	}
	if opts.Destination == nil {
		return nil, fmt.Errorf("mirroring into %s: no destination given", dir)
	}
	prev, err := readManifest(dir)
	if err != nil {
		return nil, err
	}
	opts.calls = opts.calls.orDefaults()
	if p := opts.Progress; p != nil {
		var mu sync.Mutex
		opts.Progress = func(e Event) { mu.Lock(); defer mu.Unlock(); p(e) }
	}
	return &runner{opts: opts, dir: dir, st: newState(dir, prev, opts.Force), sem: make(chan struct{}, opts.Jobs), stats: &Stats{}, urls: map[string]string{}}, nil
}

func (r *runner) source(remote repository.Repository, label string) *fetcher {
	return &fetcher{remote: remote, label: label, st: r.st, sem: r.sem, stats: r.stats,
		report: r.opts.Progress, mem: map[string][]byte{}}
}

// fetchAll reads every job concurrently (the semaphore bounds the remote calls) and
// returns the releases in job order, without duplicates.
func (r *runner) fetchAll(ctx context.Context, jobs []Job) ([]*release.Release, []error) {
	rels := make([]*release.Release, len(jobs))
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	picked := map[string]bool{}
	for i, job := range jobs {
		if picked[job.Pick.String()] {
			continue // the same pinned pick twice: fetch it once
		}
		picked[job.Pick.String()] = job.Pick.Version != Latest
		wg.Go(func() {
			rels[i], errs[i] = r.fetchRelease(ctx, job, r.source(job.Source, job.Pick.Provider.Label()))
		})
	}
	wg.Wait()
	var out []*release.Release
	seen := map[string]bool{}
	for i, rel := range rels {
		if rel != nil && !seen[rel.String()] {
			seen[rel.String()] = true
			r.urls[rel.String()] = jobs[i].Pick.Provider.URL
			out = append(out, rel)
		}
	}
	return out, errs
}

// publishAlso publishes the set to every further destination, each independently.
func (r *runner) publishAlso(ctx context.Context, rels []*release.Release, res *Result) []error {
	if len(rels) == 0 {
		return nil
	}
	var errs []error
	for _, d := range r.opts.Also {
		rep, err := publish.Publish(ctx, &release.Set{Releases: rels}, d, r.policy())
		if rep != nil {
			res.Also = append(res.Also, rep)
		}
		errs = append(errs, err)
	}
	return errs
}

// policy is what every destination of the run is published under: --force replaces
// what changed upstream.
func (r *runner) policy() publish.Policy { return publish.Policy{Replace: r.opts.Force} }
