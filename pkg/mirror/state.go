package mirror

import (
	"sync"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/repository"
)

// state is what an earlier run left in the tree: mirror.json records and the sha256
// files of version folders. A file counts as present only when its content still has
// the recorded checksum.
type state struct {
	dir   string
	prev  *Manifest
	force bool // reuse nothing: every file is read upstream again

	mu   sync.Mutex
	sums map[string]map[string]string // "label/version" -> file -> sha256
}

func newState(dir string, prev *Manifest, force bool) *state {
	return &state{dir: dir, prev: prev, force: force, sums: map[string]map[string]string{}}
}

// listed returns the file names mirror.json recorded for a version whose folder
// still exists, or nil.
func (s *state) listed(label, version string) []string {
	r := s.prev.find(label, version)
	if r == nil || s.force {
		return nil
	}
	if !localrepo.IsFolder(layout.LocalDir(s.dir, label, version)) {
		return nil
	}
	return r.names()
}

// read returns a file of the tree when its content matches the recorded checksum.
func (s *state) read(label, version, name string) ([]byte, bool) {
	if s.force {
		return nil, false
	}
	want := ""
	if r := s.prev.find(label, version); r != nil {
		want = r.sum(name)
	}
	if want == "" {
		want = s.folderSums(label, version)[name]
	}
	if want == "" {
		return nil, false
	}
	data, err := localrepo.ReadFile(s.dir, label, version, name, repository.CapFor(name, 0))
	if err != nil || sum(data) != want {
		return nil, false
	}
	return data, true
}

// folderSums parses (once) the version folder's sha256 file.
func (s *state) folderSums(label, version string) map[string]string {
	key := layout.VersionDir(label, version)
	s.mu.Lock()
	defer s.mu.Unlock()
	if m, ok := s.sums[key]; ok {
		return m
	}
	m := localrepo.ReadChecksums(layout.LocalDir(s.dir, label, version))
	s.sums[key] = m
	return m
}

func sum(data []byte) string { return release.SHA256(data) }
