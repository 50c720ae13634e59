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

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// Staged names: ROOT/<label>/.<version>.capirepo-tmp-XXXX (a version being written,
// or the old one after an exchange), .<version>.capirepo-old-XXXX (a replaced version
// set aside where the system cannot exchange) and ROOT/.clusterctl.yaml.capirepo-tmp-XXXX.
// They start with a dot and are not versions, so clusterctl never lists them; the
// "capirepo-" mark keeps them apart from other tools' temporary files.
const (
	tmpMark = ".capirepo-tmp-"
	oldMark = ".capirepo-old-"
)

// staging is what Apply prepared: folders and a config file next to their
// destinations, and the label folders it had to create.
type staging struct {
	w       FileWriter
	step    func(string)
	dirs    map[string]string // version folder → staged folder
	config  string            // staged clusterctl.yaml, "" when unchanged
	created []string          // label folders made for staging
}

// stageAll writes every changing version into its staged folder: the release files,
// the checksum file and, when the version was published, the files it held that the
// build does not have (they are kept). On error it removes what it staged.
func (st *staging) stageAll(ctx context.Context, root string, vs []publish.VersionSteps) error {
	for _, v := range vs {
		if err := ctx.Err(); err != nil {
			st.discard()
			return fmt.Errorf("staging %s: %w", v.Release, err)
		}
		dir := versionDir(root, v)
		tmp, err := st.stage(dir, v)
		if err != nil {
			st.discard()
			return err
		}
		st.dirs[dir] = tmp
	}
	return nil
}

func (st *staging) stage(dir string, v publish.VersionSteps) (string, error) {
	labelDir := filepath.Dir(dir)
	if err := os.Mkdir(labelDir, 0o755); err == nil {
		st.created = append(st.created, labelDir)
	} else if !errors.Is(err, fs.ErrExist) {
		return "", fmt.Errorf("creating %s: %w", labelDir, err)
	}
	tmp, err := os.MkdirTemp(labelDir, "."+filepath.Base(dir)+tmpMark)
	if err != nil {
		return "", fmt.Errorf("staging %s in %s: %w", v.Release, labelDir, err)
	}
	err = st.writeRelease(tmp, v.Release)
	if err == nil && v.Held != nil {
		err = st.keepExtra(dir, tmp, v.Held.Extra)
	}
	if err != nil {
		os.RemoveAll(tmp)
		return "", fmt.Errorf("staging %s: %w", v.Release, err)
	}
	return tmp, nil
}

func (st *staging) writeRelease(dir string, rel *release.Release) error {
	if err := os.Chmod(dir, 0o755); err != nil {
		return fmt.Errorf("setting permissions of %s: %w", dir, err)
	}
	files := append(append([]release.File(nil), rel.Files...), release.File{Name: ChecksumFile, Data: checksums(rel)})
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		st.step("write " + path)
		if err := st.w.WriteFile(path, f.Data); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
	}
	syncDir(dir)
	return nil
}

// keepExtra copies the regular files the published version holds and the build
// does not into the staged folder, so replacing a version leaves them alone.
func (st *staging) keepExtra(dir, tmp string, names []string) error {
	for _, n := range names {
		fi, err := os.Lstat(filepath.Join(dir, n))
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			return fmt.Errorf("reading %s to keep it: %w", filepath.Join(dir, n), err)
		}
		st.step("write " + filepath.Join(tmp, n))
		if err := st.w.WriteFile(filepath.Join(tmp, n), data); err != nil {
			return fmt.Errorf("writing %s: %w", filepath.Join(tmp, n), err)
		}
	}
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

// stageName is a fresh hidden name next to path: ".<base><mark><random>".
func stageName(path, mark string) string {
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
