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
	"context"
	"os"
	"time"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// Files the publisher writes itself; they are not release files.
const (
	ChecksumFile = "sha256"          // per version: "<hex>  <file>" lines, like sha256sum
	ConfigFile   = "clusterctl.yaml" // in ROOT: the providers: entries to use
	LockFile     = ".capirepo.lock"  // in ROOT: held while publishing
	defaultWait  = 5 * time.Minute   // how long Publish waits for another publisher
)

// FileWriter creates one new file with its full content. Publish writes every file
// through it, so tests can simulate a full disk or a crash after N files.
type FileWriter interface {
	WriteFile(path string, data []byte) error
}

// Options tune a Publisher.
type Options struct {
	Force    bool          // replace a published version whose content differs
	DryRun   bool          // report planned actions, write nothing
	LockWait time.Duration // bound on waiting for another publisher; 0 = 5 minutes
	Writer   FileWriter    // nil = the operating system (fsync'ed writes)
	Locked   bool          // the caller holds root's lock (see Lock): Publish does not take it
	// Step, when set, is called before every rename, exchange and removal of the
	// commit with a short description; crash tests kill the process there.
	Step func(what string)
}

// Publisher publishes release sets into one local repository root.
type Publisher struct {
	root       string
	opts       Options
	noExchange bool // tests: use the set-aside fallback even where exchange works
}

// New returns a publisher for root (made absolute when publishing).
func New(root string, opts Options) *Publisher {
	if opts.Writer == nil {
		opts.Writer = osWriter{}
	}
	if opts.LockWait <= 0 {
		opts.LockWait = defaultWait
	}
	if opts.Step == nil {
		opts.Step = func(string) {}
	}
	return &Publisher{root: root, opts: opts}
}

// String names the destination: "local:<root>".
func (p *Publisher) String() string { return "local:" + p.root }

// Publish runs the set through publish.Publish with the options' policy.
func (p *Publisher) Publish(ctx context.Context, set *release.Set) (*release.Report, error) {
	return publish.Publish(ctx, set, p, publish.Policy{Replace: p.opts.Force, DryRun: p.opts.DryRun})
}

// osWriter writes a new file (never an existing one) and syncs it to disk.
type osWriter struct{}

func (osWriter) WriteFile(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
