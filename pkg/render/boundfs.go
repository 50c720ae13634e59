package render

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// boundFS is the filesystem kustomize reads through: every path is resolved through
// symbolic links and refused when it leaves the allowed folders (the folder holding
// capirepo.yaml, and capirepo's own overlay). kustomize's LoadRestrictionsNone has no
// bound of its own; this is it. Kustomization files are also rewritten on the way in
// so pinned remote resources come from the pins (virtual files), never the network.
type boundFS struct {
	disk  filesys.FileSystem
	roots []string // real paths
	root  string   // as shown in messages
	kust  *kustReader

	mu      sync.Mutex
	virtual map[string][]byte     // absolute path -> pinned remote content
	kerr    error                 // first error reading a kustomization (kustomize would report it as missing)
	kfiles  []string              // kustomization files read, for naming the one an error is about
	kserved map[string]servedKust // real folder -> its kustomization as kustomize was served it
	overlay string                // capirepo's temporary overlay folder (never named in errors)
}

var errReadOnly = errors.New("capirepo renders read-only")

func newBoundFS(root string, roots []string, k *kustReader) *boundFS {
	fs := &boundFS{disk: regularFS{filesys.MakeFsOnDisk()}, roots: roots, root: root, kust: k, virtual: map[string][]byte{}, kserved: map[string]servedKust{}}
	k.fs = fs
	return fs
}

// check resolves p and refuses it when it leads outside every root. Missing paths
// pass: the disk filesystem reports them.
func (b *boundFS) check(p string) error {
	abs, err := filepath.Abs(p)
	if err != nil {
		return err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil
	}
	for _, r := range b.roots {
		if within(r, real) {
			return nil
		}
	}
	if real != abs {
		return fmt.Errorf("%s resolves to %s, outside %s: capirepo reads inputs only from inside the folder holding capirepo.yaml", p, real, b.root)
	}
	return fmt.Errorf("%s is outside %s: capirepo reads inputs only from inside the folder holding capirepo.yaml", p, b.root)
}

func (b *boundFS) lookup(p string) ([]byte, bool) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return nil, false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	data, ok := b.virtual[abs]
	return data, ok
}

func (b *boundFS) addVirtual(p string, data []byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.virtual[p] = data
}

func (b *boundFS) ReadFile(p string) ([]byte, error) {
	if data, ok := b.lookup(p); ok {
		return data, nil
	}
	if err := b.check(p); err != nil {
		return nil, err
	}
	data, err := b.disk.ReadFile(p)
	if err != nil || !isKustomizationName(filepath.Base(p)) {
		return data, err
	}
	data, err = b.kust.read(p, data)
	b.mu.Lock()
	b.kfiles = append(b.kfiles, p)
	if err == nil {
		b.kserved[filepath.Dir(p)] = servedKust{file: p, data: data}
	}
	if err != nil && b.kerr == nil {
		b.kerr = err
	}
	b.mu.Unlock()
	return data, err
}

// servedKust is a kustomization file as kustomize read it (fixed, remote resources pinned).
type servedKust struct {
	file string
	data []byte
}

// served is the kustomization kustomize read in the real folder dir.
func (b *boundFS) served(dir string) (string, []byte, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	k, ok := b.kserved[dir]
	return k.file, k.data, ok
}

func (b *boundFS) CleanedAbs(p string) (filesys.ConfirmedDir, string, error) {
	if _, ok := b.lookup(p); ok {
		abs, _ := filepath.Abs(p)
		return filesys.ConfirmedDir(filepath.Dir(abs)), filepath.Base(abs), nil
	}
	if err := b.check(p); err != nil {
		return "", "", err
	}
	return b.disk.CleanedAbs(p)
}

func (b *boundFS) Open(p string) (filesys.File, error) {
	if err := b.check(p); err != nil {
		return nil, err
	}
	return b.disk.Open(p)
}

func (b *boundFS) IsDir(p string) bool {
	return b.check(p) == nil && b.disk.IsDir(p)
}

func (b *boundFS) Exists(p string) bool {
	if _, ok := b.lookup(p); ok {
		return true
	}
	return b.check(p) == nil && b.disk.Exists(p)
}

func (b *boundFS) ReadDir(p string) ([]string, error) {
	if err := b.check(p); err != nil {
		return nil, err
	}
	return b.disk.ReadDir(p)
}

func (b *boundFS) Glob(pattern string) ([]string, error) {
	all, err := b.disk.Glob(pattern)
	var out []string
	for _, m := range all {
		if b.check(m) == nil {
			out = append(out, m)
		}
	}
	return out, err
}

func (b *boundFS) Walk(p string, fn filepath.WalkFunc) error {
	if err := b.check(p); err != nil {
		return err
	}
	return b.disk.Walk(p, fn)
}

func (b *boundFS) Create(string) (filesys.File, error) { return nil, errReadOnly }
func (b *boundFS) Mkdir(string) error                  { return errReadOnly }
func (b *boundFS) MkdirAll(string) error               { return errReadOnly }
func (b *boundFS) RemoveAll(string) error              { return errReadOnly }
func (b *boundFS) WriteFile(string, []byte) error      { return errReadOnly }

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !filepath.IsAbs(rel) && (len(rel) < 3 || rel[:3] != ".."+string(filepath.Separator))
}

func isKustomizationName(n string) bool {
	for _, k := range kustomizationNames {
		if n == k {
			return true
		}
	}
	return false
}

// kustomizationIn names the kustomization file an error message is about: kustomize
// nests its messages outermost first, so the one whose folder the message names last
// (the deepest at the same place) is the one that failed.
func (b *boundFS) kustomizationIn(msg string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	best, at := "", -1
	for _, k := range b.kfiles {
		d := filepath.Dir(k)
		if d == b.overlay {
			continue
		}
		i := max(strings.LastIndex(msg, d+string(filepath.Separator)), strings.LastIndex(msg, d+"'"))
		if i > at || (i == at && i >= 0 && len(d) > len(filepath.Dir(best))) {
			best, at = k, i
		}
	}
	return best
}
