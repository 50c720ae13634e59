package gitlab

import (
	"context"
	"sync"

	"github.com/capirepo/capirepo/pkg/repository"
)

// listings remembers the packages API's listing of each version a Repo read (Files,
// File), so every download is compared with GitLab's own size and file_sha256.
type listings struct {
	mu  sync.Mutex
	byV map[string]remoteVersion
}

func (l *listings) put(version string, v remoteVersion) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byV == nil {
		l.byV = map[string]remoteVersion{}
	}
	l.byV[version] = v
}

func (l *listings) get(version string) (remoteVersion, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	v, ok := l.byV[version]
	return v, ok
}

// checkListed compares a download of file (at u) with what the packages API lists
// for it: the newest copy's size and file_sha256, which GitLab serves. A version or
// file the API does not list, or cannot be asked about, is not compared (the
// download itself then fails or is what clusterctl reads too).
func (r *Repo) checkListed(ctx context.Context, version, file, u string, data []byte) error {
	if r.needAPI("") != nil {
		return nil
	}
	v, ok := r.lists.get(version)
	if !ok {
		var err error
		if v, err = r.c.listed(ctx, r.c.opts.Package, version); err != nil {
			return nil
		}
		r.lists.put(version, v)
	}
	f, ok := v.newest(file)
	if !ok || f.ID == 0 {
		return nil
	}
	return repository.Listed{Size: f.Size, SHA256: f.SHA256}.Check(u, "GitLab", data)
}
