package local

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/release"
)

// Staged names: ROOT/<label>/.<version>.tmp-XXXX, .<version>.old-XXXX and
// ROOT/.clusterctl.yaml.tmp-XXXX. They start with a dot and are not versions, so
// clusterctl never lists them.
const (
	tmpMark = ".tmp-"
	oldMark = ".old-"
)

// staging is what apply prepared: folders and a config file next to their
// destinations, and the label folders it had to create.
type staging struct {
	dirs    map[string]string // step.dir → staged folder
	config  string            // staged clusterctl.yaml, "" when unchanged
	created []string          // label folders made for staging
}

// stageAll writes every release that needs writing into its staged folder. On error
// it removes what it staged, so root is left as it was.
func stageAll(ctx context.Context, steps []step, w FileWriter) (*staging, error) {
	st := &staging{dirs: map[string]string{}}
	for _, s := range steps {
		if s.op != opWrite && s.op != opReplace {
			continue
		}
		if err := ctx.Err(); err != nil {
			st.discard()
			return nil, fmt.Errorf("staging %s: %w", s.rel, err)
		}
		tmp, err := st.stage(s, w)
		if err != nil {
			st.discard()
			return nil, err
		}
		st.dirs[s.dir] = tmp
	}
	return st, nil
}

func (st *staging) stage(s step, w FileWriter) (string, error) {
	labelDir := filepath.Dir(s.dir)
	if err := os.Mkdir(labelDir, 0o755); err == nil {
		st.created = append(st.created, labelDir)
	} else if !errors.Is(err, fs.ErrExist) {
		return "", fmt.Errorf("creating %s: %w", labelDir, err)
	}
	tmp, err := os.MkdirTemp(labelDir, "."+filepath.Base(s.dir)+tmpMark)
	if err != nil {
		return "", fmt.Errorf("staging %s in %s: %w", s.rel, labelDir, err)
	}
	if err := writeRelease(tmp, s.rel, w); err != nil {
		os.RemoveAll(tmp)
		return "", fmt.Errorf("staging %s: %w", s.rel, err)
	}
	return tmp, nil
}

func writeRelease(dir string, rel *release.Release, w FileWriter) error {
	if err := os.Chmod(dir, 0o755); err != nil {
		return fmt.Errorf("setting permissions of %s: %w", dir, err)
	}
	for _, f := range rel.Files {
		if err := w.WriteFile(filepath.Join(dir, f.Name), f.Data); err != nil {
			return fmt.Errorf("writing %s: %w", filepath.Join(dir, f.Name), err)
		}
	}
	path := filepath.Join(dir, ChecksumFile)
	if err := w.WriteFile(path, checksums(rel)); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	syncDir(dir)
	return nil
}

// checksums is the sha256 file: "<hex>  <name>" lines sorted by name, like sha256sum.
func checksums(rel *release.Release) []byte {
	files := append([]release.File(nil), rel.Files...)
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	var b strings.Builder
	for _, f := range files {
		b.WriteString(f.SHA256() + "  " + f.Name + "\n")
	}
	return []byte(b.String())
}

// discard removes everything staged and the label folders made for it.
func (st *staging) discard() {
	for _, tmp := range st.dirs {
		os.RemoveAll(tmp)
	}
	if st.config != "" {
		os.Remove(st.config)
	}
	for _, dir := range st.created {
		os.Remove(dir) // only when empty: a concurrent reader's view is never touched
	}
}

// tempName is a fresh hidden name next to path: ".<base><mark><random>".
func tempName(path, mark string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+mark+strings.ToLower(rand.Text()[:10]))
}

// syncDir flushes a directory's entries to disk. It is best effort: some systems
// cannot sync a directory, and the files in it were synced when written.
func syncDir(dir string) {
	if f, err := os.Open(dir); err == nil {
		f.Sync()
		f.Close()
	}
}
