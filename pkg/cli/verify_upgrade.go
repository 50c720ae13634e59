package cli

import (
	"context"
	"sync"

	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/capirepo/capirepo/pkg/upgrade"
	"github.com/capirepo/capirepo/pkg/verify"
)

// verifyUpgrades checks every version of a verified provider against the versions
// before it (pkg/upgrade) and adds the findings to each version's report. It reads
// through the memo verify read through, so no file is fetched twice; a version whose
// files cannot be read (verify reported why) is left out, with a note.
func verifyUpgrades(ctx context.Context, io streams, r *memoRepository, rep *verify.Report) error {
	info := r.Info()
	var ins []inventory.Input
	for _, v := range rep.Versions {
		in, err := diff.ReadRelease(ctx, r, v.Version)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			io.logf("note: upgrade checks leave out %s %s: %v", info.Label, v.Version, err)
			continue
		}
		in.Label, in.Source = info.Label, info.Name
		ins = append(ins, diff.ProviderFiles(in, info.Components))
	}
	cache := inventory.NewCache()
	var releases []*inventory.Release
	for _, in := range ins {
		releases = append(releases, cache.Of(in))
	}
	for _, step := range upgrade.History(releases) {
		for i := range rep.Versions {
			if rep.Versions[i].Version == step.Next.Version {
				rep.Versions[i].Findings = append(rep.Versions[i].Findings, step.Findings...)
			}
		}
	}
	return nil
}

// memoRepository keeps every listing and file its repository served, and every
// failure, for verify's second look: a run reads each once (a failing file is
// fetched once, not once per phase).
type memoRepository struct {
	repository.Repository
	mu    sync.Mutex
	files map[[2]string]memoEntry[[]byte]
	lists map[string]memoEntry[[]string] // by version; versionsKey: the versions
}

type memoEntry[T any] struct {
	v   T
	err error
}

func newMemo(r repository.Repository) *memoRepository {
	return &memoRepository{Repository: r, files: map[[2]string]memoEntry[[]byte]{}, lists: map[string]memoEntry[[]string]{}}
}

// remember returns the entry under key, or reads and keeps it (not when the run was
// interrupted meanwhile).
func remember[K comparable, T any](ctx context.Context, mu *sync.Mutex, m map[K]memoEntry[T], key K, read func() (T, error)) (T, error) {
	mu.Lock()
	e, ok := m[key]
	mu.Unlock()
	if ok {
		return e.v, e.err
	}
	v, err := read()
	if ctx.Err() == nil {
		mu.Lock()
		m[key] = memoEntry[T]{v, err}
		mu.Unlock()
	}
	return v, err
}

// versionsKey holds the version listing among the file listings (no version is "").
const versionsKey = ""

func (m *memoRepository) Versions(ctx context.Context) ([]string, error) {
	return remember(ctx, &m.mu, m.lists, versionsKey, func() ([]string, error) { return m.Repository.Versions(ctx) })
}

func (m *memoRepository) Files(ctx context.Context, version string) ([]string, error) {
	return remember(ctx, &m.mu, m.lists, version, func() ([]string, error) { return m.Repository.Files(ctx, version) })
}

func (m *memoRepository) File(ctx context.Context, version, name string) ([]byte, error) {
	return remember(ctx, &m.mu, m.files, [2]string{version, name}, func() ([]byte, error) { return m.Repository.File(ctx, version, name) })
}
