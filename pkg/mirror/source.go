package mirror

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/capirepo/capirepo/pkg/repository"
)

// Event is one file taken care of, for a progress display.
type Event struct {
	Release string // "infrastructure-aws v2.0.0"
	File    string
	Bytes   int
	Reused  bool // already in the tree with the recorded checksum: not downloaded
}

// Stats counts files over a run.
type Stats struct {
	Downloaded atomic.Int64
	Reused     atomic.Int64
	Bytes      atomic.Int64
}

// fetcher is a repository.Repository for one provider that answers from the tree when
// an earlier run left the file with its recorded checksum, remembers what it
// downloaded (so `latest` probes are not fetched twice), and bounds the remote calls
// of the whole run by a shared semaphore.
type fetcher struct {
	remote repository.Repository
	label  string
	st     *state
	sem    chan struct{}
	stats  *Stats
	report func(Event)

	mu  sync.Mutex
	mem map[string][]byte
}

func (f *fetcher) Versions(ctx context.Context) (out []string, err error) {
	err = f.limit(ctx, func() error {
		out, err = f.remote.Versions(ctx)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("listing the versions of %s: %w", f.label, err)
	}
	return out, nil
}

func (f *fetcher) Files(ctx context.Context, version string) (out []string, err error) {
	if names := f.st.listed(f.label, version); names != nil {
		return names, nil
	}
	err = f.limit(ctx, func() error {
		out, err = f.remote.Files(ctx, version)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("listing the files of %s %s: %w", f.label, version, err)
	}
	return out, nil
}

func (f *fetcher) File(ctx context.Context, version, name string) ([]byte, error) {
	key := version + "/" + name
	if data, ok := f.cached(key); ok {
		return data, nil
	}
	data, ok := f.st.read(f.label, version, name)
	if ok {
		f.done(version, name, data, true)
	} else if err := f.limit(ctx, func() (err error) { data, err = f.remote.File(ctx, version, name); return err }); err != nil {
		return nil, fmt.Errorf("downloading %s of %s %s: %w", name, f.label, version, err)
	} else {
		f.done(version, name, data, false)
	}
	f.mu.Lock()
	f.mem[key] = data
	f.mu.Unlock()
	return data, nil
}

// Info is the remote's: what it is, and how it behaves for `latest` (pkg/verify).
func (f *fetcher) Info() repository.Info { return f.remote.Info() }

// Bundles reads the remote's bundles of a version.
func (f *fetcher) Bundles(ctx context.Context, version string) (out [][]byte, err error) {
	err = f.limit(ctx, func() error {
		out, err = f.remote.Bundles(ctx, version)
		return err
	})
	return out, err
}

func (f *fetcher) cached(key string) ([]byte, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	data, ok := f.mem[key]
	return data, ok
}

func (f *fetcher) done(version, name string, data []byte, reused bool) {
	if reused {
		f.stats.Reused.Add(1)
	} else {
		f.stats.Downloaded.Add(1)
		f.stats.Bytes.Add(int64(len(data)))
	}
	if f.report != nil {
		f.report(Event{Release: f.label + " " + version, File: name, Bytes: len(data), Reused: reused})
	}
}

// limit runs op holding one slot of the run's semaphore.
func (f *fetcher) limit(ctx context.Context, op func() error) error {
	select {
	case f.sem <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-f.sem }()
	return op()
}
