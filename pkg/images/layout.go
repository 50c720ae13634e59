package images

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/registry"
	"oras.land/oras-go/v2"
)

// layoutName is an image's reference inside a layout folder: <name>:<tag>, or
// <name>@<digest> when the image has no tag. images push maps it to REGISTRY/PATH/<name>.
func layoutName(r Ref) string {
	if r.Tag != "" {
		return r.Name() + ":" + r.Tag
	}
	return r.Name() + "@" + r.Digest
}

// ToLayout copies each image into an OCI image layout folder (created when missing),
// holding the folder's lock; what dead runs left there is removed first. It is all or
// nothing: index.json is replaced whole at the end only when every image was copied;
// after a failure the layout lists what it listed before (the blobs copied stay, for
// the next run) and a folder this run created is removed. See layoutWriter.
func (c *Copier) ToLayout(ctx context.Context, images []string, dir string) ([]Copied, error) {
	if err := clashes(images, layoutName); err != nil {
		return nil, err
	}
	_, statErr := os.Lstat(dir)
	w, err := openLayout(ctx, dir)
	if err != nil {
		return nil, err
	}
	out, err := c.each(ctx, images, func(r Ref) (oras.Target, string, error) {
		return w.store, layoutName(r), nil
	}, layoutName)
	if err == nil {
		err = w.commit()
	}
	w.close()
	if err != nil && errors.Is(statErr, fs.ErrNotExist) {
		err = errors.Join(err, removeNew(dir))
	}
	return out, err
}

// removeNew removes a layout folder a failed run created.
func removeNew(dir string) error {
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("removing %s, which the failed copy created: %w", dir, err)
	}
	return nil
}

// PushLayout uploads every tagged image of a layout folder to target/<name>:<tag>.
func (c *Copier) PushLayout(ctx context.Context, dir string, target registry.Target) ([]Copied, error) {
	store, names, err := layoutTags(ctx, dir)
	if err != nil {
		return nil, err
	}
	defer c.done()
	var out []Copied
	for _, n := range names {
		name, ref, ok := splitLayoutName(n)
		if !ok {
			return out, &LayoutError{fmt.Errorf("OCI layout %s: reference %q is not <name>:<tag> (not written by capirepo?)", dir, n)}
		}
		dst, err := c.Remote.Repository(target.Repo(name))
		if err != nil {
			return out, err
		}
		d, err := c.copy(ctx, n, store, n, dst, ref)
		if err != nil {
			return out, fmt.Errorf("pushing %s from %s to %s: %w", n, dir, target.Repo(name), registry.Explain(err))
		}
		out = append(out, c.finished(Copied{Source: n, Dest: target.Repo(name) + sep(ref) + ref, Digest: string(d.Digest)}))
	}
	return out, nil
}

func splitLayoutName(n string) (name, ref string, ok bool) {
	if i := strings.Index(n, "@"); i > 0 {
		return n[:i], n[i+1:], true
	}
	i := strings.LastIndex(n, ":")
	if i <= 0 || i == len(n)-1 || strings.Contains(n[:i], "/") {
		return "", "", false
	}
	return n[:i], n[i+1:], true
}

func sep(ref string) string {
	if strings.Contains(ref, ":") {
		return "@"
	}
	return ":"
}

// CheckLayout tells whether dir looks like an OCI image layout folder (it has an
// index.json), as a LayoutError naming the commands that write one.
func CheckLayout(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, "index.json")); err != nil {
		return &LayoutError{fmt.Errorf("%s is not an OCI image layout folder (no index.json): write one with images copy --layout or mirror --images-layout", dir)}
	}
	return nil
}

// LayoutError is a layout folder that cannot be read as one capirepo wrote.
type LayoutError struct{ Err error }

func (e *LayoutError) Error() string { return e.Err.Error() }
func (e *LayoutError) Unwrap() error { return e.Err }
