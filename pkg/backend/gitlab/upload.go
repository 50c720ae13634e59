package gitlab

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strings"

	"github.com/capirepo/capirepo/pkg/release"
	gl "gitlab.com/gitlab-org/api/client-go"
)

// upload PUTs one file and verifies it. Before a retry it checks whether the failed
// attempt landed after all (a lost answer), so a retry never adds a duplicate. known
// holds the ids of copies that existed before.
func (p *Publisher) upload(ctx context.Context, name, version string, f release.File, known map[int64]bool) error {
	sum := f.SHA256()
	var got *gl.GenericPackagesFile
	landed := false
	err := p.c.retry(ctx, func(ctx context.Context, attempt int) (*gl.Response, error) {
		if attempt > 1 {
			ok, err := p.landed(ctx, name, version, f.Name, sum, known)
			if err != nil || ok {
				landed = ok
				return nil, err
			}
		}
		pf, resp, err := p.c.api.GenericPackages.PublishPackageFile(p.c.opts.Project, name, version, f.Name,
			bytes.NewReader(f.Data), &gl.PublishPackageFileOptions{Select: gl.Ptr(gl.SelectPackageFile)}, gl.WithContext(ctx))
		got = pf
		return resp, err
	})
	if err != nil || landed {
		return err
	}
	return p.verify(ctx, name, version, f, got)
}

// landed reports whether GitLab now serves our content from a copy that is new.
func (p *Publisher) landed(ctx context.Context, name, version, file, sum string, known map[int64]bool) (bool, error) {
	remote, err := p.c.remote(ctx, name, version, []string{file})
	if err != nil {
		return false, err
	}
	newest, ok := remote.newest(file)
	return ok && newest.SHA256 == sum && (newest.ID == 0 || !known[newest.ID]), nil
}

// verify compares what GitLab stored with what was sent: from the upload answer, or
// by downloading when the answer has no checksum.
func (p *Publisher) verify(ctx context.Context, name, version string, f release.File, got *gl.GenericPackagesFile) error {
	sum, size := "", int64(0)
	if got != nil && got.FileSHA256 != "" {
		sum, size = got.FileSHA256, got.Size
	} else {
		data, err := p.c.download(ctx, name, version, f.Name)
		if err != nil {
			return fmt.Errorf("downloading %s to verify the upload: %w", f.Name, err)
		}
		sum, size = (release.File{Data: data}).SHA256(), int64(len(data))
	}
	if sum != f.SHA256() || size != int64(len(f.Data)) {
		return fmt.Errorf("verifying %s: GitLab holds sha256 %s (%d bytes) but %s (%d bytes) was sent; run again with --replace",
			f.Name, short(sum), size, short(f.SHA256()), len(f.Data))
	}
	return nil
}

// replace uploads the new file and then deletes the old copies, so the file is never
// missing. When the namespace disallows duplicates the old copies go first.
func (p *Publisher) replace(ctx context.Context, name, version string, f release.File, old []remoteFile) error {
	known := map[int64]bool{}
	for _, c := range old {
		known[c.ID] = true
	}
	err := p.upload(ctx, name, version, f, known)
	if isDuplicateRefused(err) {
		if err := p.deleteCopies(ctx, old); err != nil {
			return err
		}
		return p.upload(ctx, name, version, f, known)
	}
	if err != nil {
		return err
	}
	return p.deleteCopies(ctx, old)
}

func isDuplicateRefused(err error) bool {
	var ae *APIError
	return errors.As(err, &ae) && ae.Status == http.StatusBadRequest && strings.Contains(ae.Message, "Duplicate package")
}

// deleteCopies deletes package files by id; ones already gone are fine. Copies
// found by downloading (deploy tokens) have no id and cannot be deleted.
func (p *Publisher) deleteCopies(ctx context.Context, copies []remoteFile) error {
	for _, c := range copies {
		if c.ID == 0 {
			continue
		}
		err := p.c.retry(ctx, func(ctx context.Context, _ int) (*gl.Response, error) {
			return p.c.api.Packages.DeletePackageFile(p.c.opts.Project, c.PackageID, c.ID, gl.WithContext(ctx))
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("deleting old copy %d of %s: %w", c.ID, c.Name, err)
		}
	}
	return nil
}

func short(sum string) string {
	if len(sum) > 12 {
		return sum[:12]
	}
	return sum
}
