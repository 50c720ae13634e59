package render

import (
	"os"
	"sync"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// ScreenCache remembers the files that passed the screen, by path, size and
// modification time, with their document count: a base or patch shared by many
// flavors of one build is read and screened once, not once per flavor. One build
// owns one cache (Options.Cache); nil means no cache. It is safe for concurrent use.
type ScreenCache struct {
	mu   sync.Mutex
	docs map[screenKey]int
}

// NewScreenCache returns an empty cache.
func NewScreenCache() *ScreenCache { return &ScreenCache{docs: map[screenKey]int{}} }

type screenKey struct {
	path      string
	size, mod int64
}

// maxScreened bounds the memory of a cache (it is emptied when full).
const maxScreened = 10_000

func (c *ScreenCache) get(k screenKey) (int, bool) {
	if c == nil {
		return 0, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	n, ok := c.docs[k]
	return n, ok
}

func (c *ScreenCache) put(k screenKey, docs int) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.docs) >= maxScreened {
		clear(c.docs)
	}
	c.docs[k] = docs
}

// resource screens a resource or patch file, from the cache when it passed before.
func (s *screener) resource(p string, fi os.FileInfo) error {
	if s.seen[p] {
		return nil
	}
	k := screenKey{p, fi.Size(), fi.ModTime().UnixNano()}
	if n, ok := s.opts.Cache.get(k); ok {
		s.seen[p] = true
		return s.count(p, n)
	}
	data, err := s.file(p)
	if err != nil {
		return err
	}
	s.opts.Cache.put(k, manifest.CountDocs(data))
	return nil
}
