package mirror

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// ErrCertManager marks a cert-manager manifest that could not be read.
var ErrCertManager = errors.New("reading cert-manager")

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
		return nil, fmt.Errorf("%w %s from %s: %w", ErrCertManager, job.Version, job.URL, err)
	}
	return &certFile{job: job, data: data}, nil
}

func (r *runner) certDir() string { return filepath.Join(r.dir, CertManager, r.cert.job.Version) }

// certState says whether DIR/cert-manager/<version>/ already holds the manifest
// (same) or something else (differs).
func (r *runner) certState() (same, differs bool, err error) {
	path := filepath.Join(r.certDir(), r.cert.job.File)
	old, err := localrepo.ReadCapped(path, httpx.MaxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return false, localrepo.Exists(r.certDir()), nil
	}
	if err != nil {
		return false, false, err
	}
	same = bytes.Equal(old, r.cert.data)
	return same, !same, nil
}

// certConflict refuses a different cert-manager already in place, unless Force.
func (r *runner) certConflict() error {
	if r.cert == nil || r.opts.Force {
		return nil
	}
	if _, differs, err := r.certState(); err != nil || !differs {
		return err
	}
	return fmt.Errorf("%w: cert-manager %s is already mirrored in %s with different content: use --force to replace it",
		publish.ErrConflict, r.cert.job.Version, r.certDir())
}

// writeCertManager puts DIR/cert-manager/<version>/ in place: staged beside it and
// renamed (or exchanged), so the folder is never partial; identical content is left
// alone. It records cert-manager in the manifest.
func (r *runner) writeCertManager(ctx context.Context, tx *Tx) error {
	if r.cert == nil {
		return nil
	}
	tx.Manifest.CertManager = certRecord(r.cert)
	if same, _, err := r.certState(); err != nil || same {
		return err
	}
	st, err := tx.FS.NewStage(r.certDir())
	if err != nil {
		return err
	}
	defer st.Discard()
	files := []release.File{{Name: r.cert.job.File, Data: r.cert.data}}
	if err := localrepo.StageVersion(ctx, st, files, nil); err != nil {
		return err
	}
	return st.Commit()
}
