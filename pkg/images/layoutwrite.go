package images

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/capirepo/capirepo/pkg/fsx"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	ocilayout "oras.land/oras-go/v2/content/oci"
)

// layoutWriter is one run writing into an OCI image layout folder. It holds the
// folder's lock (DIR/.capirepo.lock, as publish local takes its root's) and writes
// through a staged root, DIR/.index.json.capirepo-tmp-*, whose blobs entry links to
// DIR/blobs: blobs land in DIR/blobs whole (oras renames each in), while index.json
// and oci-layout are written in the staged root and renamed into DIR by commit. A
// reader or a kill sees the old or the new index.json, never a partial one.
type layoutWriter struct {
	dir    string
	stage  *fsx.Stage
	store  *ocilayout.Store
	unlock func()
}

// openLayout creates dir, takes its lock, removes what dead runs left (capirepo's
// staged roots, and ingest/, oras's temporary files, where older versions wrote
// directly), and opens the staged root on a copy of dir's index.
func openLayout(ctx context.Context, dir string) (*layoutWriter, error) {
	unlock, err := fsx.Lock(ctx, dir, 0)
	if err != nil {
		return nil, err
	}
	w := &layoutWriter{dir: dir, unlock: unlock}
	if err = w.clean(); err == nil {
		err = w.openStage(ctx)
	}
	if err != nil {
		w.close()
		return nil, err
	}
	return w, nil
}

func (w *layoutWriter) clean() error {
	f := &fsx.FS{Mark: fsx.Mark}
	if err := f.Clean(w.dir); err != nil {
		return err
	}
	if err := os.RemoveAll(filepath.Join(w.dir, "ingest")); err != nil {
		return fmt.Errorf("removing %s, left by an interrupted run: %w", filepath.Join(w.dir, "ingest"), err)
	}
	return os.MkdirAll(filepath.Join(w.dir, ocispec.ImageBlobsDir), fsx.DirMode)
}

func (w *layoutWriter) openStage(ctx context.Context) error {
	st, err := (&fsx.FS{Mark: fsx.Mark}).NewStage(filepath.Join(w.dir, ocispec.ImageIndexFile))
	if err != nil {
		return err
	}
	w.stage = st
	if err := os.Symlink(filepath.Join("..", ocispec.ImageBlobsDir), filepath.Join(st.Dir, ocispec.ImageBlobsDir)); err != nil {
		return fmt.Errorf("staging %s: %w", w.dir, err)
	}
	for _, name := range []string{ocispec.ImageLayoutFile, ocispec.ImageIndexFile} {
		data, err := fsx.ReadFile(filepath.Join(w.dir, name))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err == nil {
			err = st.WriteFile(name, data)
		}
		if err != nil {
			return fmt.Errorf("opening OCI layout %s: %w", w.dir, err)
		}
	}
	if w.store, err = ocilayout.NewWithContext(ctx, st.Dir); err != nil {
		return fmt.Errorf("opening OCI layout %s: %w", w.dir, err)
	}
	return nil
}

// commit puts oci-layout (when dir has none) and index.json, its manifests sorted
// by reference name then digest so the same images give the same bytes, into dir.
func (w *layoutWriter) commit() error {
	f := &fsx.FS{Mark: fsx.Mark}
	layoutFile := filepath.Join(w.dir, ocispec.ImageLayoutFile)
	if _, err := os.Lstat(layoutFile); errors.Is(err, fs.ErrNotExist) {
		data, err := fsx.ReadFile(filepath.Join(w.stage.Dir, ocispec.ImageLayoutFile))
		if err == nil {
			err = f.WriteFile(layoutFile, data)
		}
		if err != nil {
			return fmt.Errorf("writing OCI layout %s: %w", w.dir, err)
		}
	}
	index, err := sortedIndex(filepath.Join(w.stage.Dir, ocispec.ImageIndexFile))
	if err == nil {
		err = f.WriteFile(filepath.Join(w.dir, ocispec.ImageIndexFile), index)
	}
	if err != nil {
		return fmt.Errorf("writing OCI layout %s: %w", w.dir, err)
	}
	return nil
}

// sortedIndex is the index file at path with its manifests in a stable order.
func sortedIndex(path string) ([]byte, error) {
	data, err := fsx.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var index ocispec.Index
	if err := json.Unmarshal(data, &index); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	slices.SortStableFunc(index.Manifests, func(a, b ocispec.Descriptor) int {
		return cmp.Or(cmp.Compare(a.Annotations[ocispec.AnnotationRefName], b.Annotations[ocispec.AnnotationRefName]), cmp.Compare(a.Digest, b.Digest))
	})
	return json.Marshal(index)
}

// close removes the staged root and unlocks.
func (w *layoutWriter) close() {
	if w.stage != nil {
		w.stage.Discard()
	}
	w.unlock()
}
