// Package local publishes and reads a clusterctl local repository:
// ROOT/<provider-label>/<version>/<files>, plus ROOT/clusterctl.yaml with a providers:
// entry per provider. It is a publish.Destination: pkg/publish plans, this package
// reads the tree (State) and writes it (Apply). Every version folder is staged next
// to its destination and renamed into place; a replaced version is swapped with an
// atomic exchange where the system has one, so a reader, a crash or kill -9 never
// sees a partial or missing version. Publishers to one ROOT exclude each other with
// a lock file.
package local

import (
	"time"

	"github.com/capirepo/capirepo/pkg/fsx"
)

// FileWriter creates one new file with its full content. Publish writes every file
// through it, so tests can simulate a full disk or a crash after N files.
type FileWriter = fsx.Writer

// Options tune a Publisher.
type Options struct {
	LockWait time.Duration // bound on waiting for another publisher; 0 = 5 minutes
	Writer   FileWriter    // nil = fsx's synced writes
	Locked   bool          // the caller holds root's lock (see fsx.Lock): Publish does not take it
	// KeepConfig leaves ROOT/clusterctl.yaml to the caller (mirror writes it once,
	// with pinned versions); Preflight still checks that it parses.
	KeepConfig bool
	// Hook, when set, is called before every file write and every rename, exchange
	// and removal of the commit (fsx.Hook); crash tests kill the process there.
	Hook fsx.Hook
}

// Publisher publishes release sets into one local repository root. It keeps nothing
// between runs: publish.Publish(ctx, set, p, policy) drives it (--force is
// Policy.Replace, --dry-run Policy.DryRun).
type Publisher struct {
	root       string
	opts       Options
	noExchange bool // tests: use the set-aside fallback even where exchange works
}

// New returns a publisher for root (made absolute when publishing).
func New(root string, opts Options) *Publisher {
	if opts.LockWait <= 0 {
		opts.LockWait = fsx.DefaultLockWait
	}
	return &Publisher{root: root, opts: opts}
}

// String names the destination: "local:<root>".
func (p *Publisher) String() string { return "local:" + p.root }

// fs is the staged-write helper of a run: capirepo's mark, the options' writer
// and hook.
func (p *Publisher) fs() *fsx.FS {
	return &fsx.FS{Mark: mark, Writer: p.opts.Writer, NoExchange: p.noExchange, Hook: p.opts.Hook}
}
