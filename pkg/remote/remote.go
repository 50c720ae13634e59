// Package remote serves the remote resources a kustomization names, only when they
// are pinned in capirepo.yaml (remoteResources: url, sha256, optional file): from the
// vendored file, or downloaded once into a cache folder and reused. The content must
// match its sha256 either way. With Offline set, nothing touches the network.
package remote

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/capirepo/capirepo/pkg/confine"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// Pin is one remoteResources entry.
type Pin struct {
	URL    string
	SHA256 string // lower-case hex
	File   string // absolute path of a vendored copy ("" = download)
}

// Store resolves pinned URLs. The zero Client means http.DefaultClient.
type Store struct {
	Pins     map[string]Pin
	CacheDir string        // downloads are kept here, named by sha256 ("" = no cache)
	Offline  bool          // never download
	Root     *confine.Root // vendored files must be inside it (nil = no bound)
	Client   *http.Client
	Source   string          // the config file, named in messages
	Ctx      context.Context // downloads stop when it ends (nil = never)

	mu   sync.Mutex
	memo map[string][]byte
}

// Unused lists the pinned URLs nothing fetched, sorted.
func (s *Store) Unused() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for u := range s.Pins {
		if _, ok := s.memo[u]; !ok {
			out = append(out, u)
		}
	}
	sort.Strings(out)
	return out
}

// Pinned reports whether url has an entry.
func (s *Store) Pinned(url string) bool {
	_, ok := s.Pins[url]
	return ok
}

// Fetch returns the content of a pinned URL, checked against its sum and screened
// like every other input.
func (s *Store) Fetch(url string) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if data, ok := s.memo[url]; ok {
		return data, nil
	}
	pin, ok := s.Pins[url]
	if !ok {
		return nil, s.unpinned(url)
	}
	data, err := s.load(pin)
	if err != nil {
		return nil, err
	}
	if err := screen(url, data); err != nil {
		return nil, err
	}
	if s.memo == nil {
		s.memo = map[string][]byte{}
	}
	s.memo[url] = data
	return data, nil
}

func (s *Store) load(pin Pin) ([]byte, error) {
	if pin.File != "" {
		data, err := s.readVendored(pin.File)
		if err != nil {
			return nil, fmt.Errorf("remote resource %s: reading its file: %w", pin.URL, err)
		}
		return data, verify(pin, data, "file "+pin.File)
	}
	if data, err := s.fromCache(pin); err == nil {
		return data, nil
	}
	if s.Offline {
		return nil, fmt.Errorf("remote resource %s: not in the cache (%s) and --offline forbids downloading it: run build once without --offline, or vendor the file and set file: in its remoteResources entry", pin.URL, s.cachePath(pin))
	}
	data, err := download(s.context(), s.client(), pin.URL)
	if err != nil {
		return nil, err
	}
	if err := verify(pin, data, "download"); err != nil {
		return nil, err
	}
	s.toCache(pin, data)
	return data, nil
}

func (s *Store) readVendored(p string) ([]byte, error) {
	if s.Root != nil {
		return s.Root.ReadFile(p)
	}
	return fsx.ReadFile(p)
}

func verify(pin Pin, data []byte, from string) error {
	if got := Sum(data); got != strings.ToLower(pin.SHA256) {
		return fmt.Errorf("remote resource %s: sha256 mismatch (%s): expected %s, actual %s; if the new content is the one you want, update sha256 in remoteResources", pin.URL, from, pin.SHA256, got)
	}
	return nil
}

// Sum is the lower-case hex sha256 of data.
func Sum(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

func screen(url string, data []byte) error {
	if err := manifest.Screen(data); err != nil {
		return fmt.Errorf("remote resource %s: %w", url, err)
	}
	if strings.IndexByte(string(data), '&') >= 0 {
		if _, err := manifest.Split(data); err != nil {
			return fmt.Errorf("remote resource %s: %w", url, err)
		}
	}
	return nil
}

func (s *Store) context() context.Context {
	if s.Ctx == nil {
		return context.Background()
	}
	return s.Ctx
}

func (s *Store) client() *http.Client {
	if s.Client != nil {
		return s.Client
	}
	return http.DefaultClient
}

func (s *Store) cachePath(pin Pin) string {
	return filepath.Join(s.CacheDir, "remote", strings.ToLower(pin.SHA256))
}

func (s *Store) fromCache(pin Pin) ([]byte, error) {
	if s.CacheDir == "" {
		return nil, os.ErrNotExist
	}
	data, err := fsx.ReadFile(s.cachePath(pin))
	if err != nil {
		return nil, err
	}
	if Sum(data) != strings.ToLower(pin.SHA256) {
		return nil, fmt.Errorf("cache entry %s is corrupt", s.cachePath(pin))
	}
	return data, nil
}

// toCache stores data atomically (staged, then renamed), holding the cache folder's
// lock, under which what killed runs staged there is removed (fsx.LockOwned); a
// cache that cannot be written only costs a download next time.
func (s *Store) toCache(pin Pin, data []byte) {
	if s.CacheDir == "" {
		return
	}
	dst := s.cachePath(pin)
	if os.MkdirAll(filepath.Dir(dst), 0o755) != nil {
		return
	}
	unlock, err := fsx.LockOwned(s.context(), filepath.Dir(dst))
	if err != nil {
		return
	}
	defer unlock()
	_ = (&fsx.FS{Mark: fsx.Mark}).WriteFile(dst, data)
}
