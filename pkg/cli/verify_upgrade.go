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

// memoRepository keeps every file and listing its repository served, for verify's
// second look.
type memoRepository struct {
	repository.Repository
	mu    sync.Mutex
	files map[[2]string][]byte
	lists map[string][]string
}

func newMemo(r repository.Repository) *memoRepository {
	return &memoRepository{Repository: r, files: map[[2]string][]byte{}, lists: map[string][]string{}}
}

func (m *memoRepository) Files(ctx context.Context, version string) ([]string, error) {
	m.mu.Lock()
	names, ok := m.lists[version]
	m.mu.Unlock()
	if ok {
		return names, nil
	}
	names, err := m.Repository.Files(ctx, version)
	if err == nil {
		m.mu.Lock()
		m.lists[version] = names
		m.mu.Unlock()
	}
	return names, err
}

func (m *memoRepository) File(ctx context.Context, version, name string) ([]byte, error) {
	key := [2]string{version, name}
	m.mu.Lock()
	data, ok := m.files[key]
	m.mu.Unlock()
	if ok {
		return data, nil
	}
	data, err := m.Repository.File(ctx, version, name)
	if err == nil {
		m.mu.Lock()
		m.files[key] = data
		m.mu.Unlock()
	}
	return data, err
}
