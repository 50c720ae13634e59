package mirror

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/layout"
)

// certFile is the downloaded cert-manager manifest.
type certFile struct {
	job  CertManagerJob
	data []byte
}

// fetchCertManager downloads (or reuses) the cert-manager manifest; nil when not asked.
func (r *runner) fetchCertManager(ctx context.Context) (*certFile, error) {
	job := r.opts.CertManager
	if job.Source == nil {
		return nil, nil
	}
	if _, err := layout.ParseVersion(job.Version); err != nil {
		return nil, fmt.Errorf("cert-manager version: %w", err)
	}
	if err := layout.ValidateFileName(job.File); err != nil {
		return nil, fmt.Errorf("cert-manager from %s: %w", job.URL, err)
	}
	data, err := r.source(job.Source, CertManager).File(ctx, job.Version, job.File)
	if err != nil {
		return nil, fmt.Errorf("mirroring cert-manager %s: %w", job.Version, err)
	}
	return &certFile{job: job, data: data}, nil
}

// writeCertManager puts DIR/cert-manager/<version>/ in place: staged beside it and
// renamed, so the folder is never partial; identical content is left alone.
func (r *runner) writeCertManager(c *certFile) error {
	parent := filepath.Join(r.dir, CertManager)
	dir := filepath.Join(parent, c.job.Version)
	if old, err := os.ReadFile(filepath.Join(dir, c.job.File)); err == nil && bytes.Equal(old, c.data) {
		return nil
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", parent, err)
	}
	tmp, err := os.MkdirTemp(parent, "."+c.job.Version+".tmp-")
	if err != nil {
		return fmt.Errorf("staging cert-manager in %s: %w", parent, err)
	}
	defer os.RemoveAll(tmp)
	sums := fmt.Sprintf("%s  %s\n", sum(c.data), c.job.File)
	for name, data := range map[string][]byte{c.job.File: c.data, ChecksumFile: []byte(sums)} {
		if err := writeSynced(filepath.Join(tmp, name), data); err != nil {
			return err
		}
	}
	return swapDir(tmp, dir)
}

// swapDir renames staged into dir, setting an existing dir aside first.
func swapDir(staged, dir string) error {
	old := staged + ".old"
	hadOld := os.Rename(dir, old) == nil
	if err := os.Rename(staged, dir); err != nil {
		if hadOld {
			os.Rename(old, dir)
		}
		return fmt.Errorf("renaming %s to %s: %w", staged, dir, err)
	}
	return os.RemoveAll(old)
}

func writeSynced(path string, data []byte) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
