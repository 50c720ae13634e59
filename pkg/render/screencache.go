package render

import (
	"os"
	"sync"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// screened remembers the files that passed the screen, by path, size and
// modification time, with their document count: a base or patch shared by many
// flavors is read and screened once, not once per flavor.
var screened = struct {
	sync.Mutex
	docs map[screenKey]int
}{docs: map[screenKey]int{}}

type screenKey struct {
	path      string
	size, mod int64
}

// maxScreened bounds the memory of the cache (it is emptied when full).
const maxScreened = 10_000

// resource screens a resource or patch file, from the cache when it passed before.
func (s *screener) resource(p string, fi os.FileInfo) error {
	if s.seen[p] {
		return nil
	}
	k := screenKey{p, fi.Size(), fi.ModTime().UnixNano()}
	screened.Lock()
	n, ok := screened.docs[k]
	screened.Unlock()
	if ok {
		s.seen[p] = true
		return s.count(p, n)
	}
	data, err := s.file(p)
	if err != nil {
		return err
	}
	screened.Lock()
	if len(screened.docs) >= maxScreened {
		clear(screened.docs)
	}
	screened.docs[k] = manifest.CountDocs(data)
	screened.Unlock()
	return nil
}
