package verify

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/metadata"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/capirepo/capirepo/pkg/sign"
)

// loadVersion reads the files clusterctl reads for one version, checks its
// metadata.yaml against the version, lints the files and checks their signature.
func loadVersion(ctx context.Context, r repository.Repository, v layout.Version, opts Options) (VersionReport, *metadata.Metadata, error) {
	label, components := r.Info().Label, r.Info().Components
	vr := VersionReport{Version: v.String()}
	names, listed, err := fileNames(ctx, r, v.String(), components)
	if err != nil {
		return vr, nil, fmt.Errorf("listing files of %s %s: %w", label, v.String(), err)
	}
	vr.Files = names
	for _, name := range []string{layout.MetadataFile, components} {
		if listed != nil && !listed[name] {
			vr.Findings = append(vr.Findings, missing(label, v.String(), name, components))
		}
	}
	files, err := loadFiles(ctx, r, v.String(), names, listed != nil, &vr)
	if err != nil {
		return vr, nil, err
	}
	if listed == nil {
		vr.Files = found(names, files)
	}
	md := checkMetadata(label, v, files, &vr)
	if r.Info().Kind == repository.OCI {
		checkOperatorMetadata(label, v, files, &vr)
	}
	if opts.Lint && len(files) > 0 {
		vr.Findings = append(vr.Findings, contractBreaks(opts.lint(label, v, files), opts.Strict)...)
	}
	if opts.Signature != nil && len(files) > 0 {
		// A remote's cap ends the run (exit 4), as it does for the files.
		found, err := sign.CheckRelease(ctx, r, *opts.Signature, v.String(), files, func(err error) bool { return errors.Is(err, httpx.ErrCap) })
		if err != nil {
			return vr, nil, err
		}
		vr.Findings = append(vr.Findings, found...)
	}
	return vr, md, nil
}

func (o Options) lint(label string, version layout.Version, files map[string][]byte) lint.Findings {
	if o.lintWith != nil {
		return o.lintWith(label, version.String(), files)
	}
	return check.RepoFiles(label, version, files)
}

// loadFiles reads the named files: of a listed version, those clusterctl reads
// (layout.Reads) and every other components file, which lint checks too, and of an
// OCI artifact every file the operator's rules would read (layout.OperatorReads);
// read problems of the repository (missing, too large, unreadable local files) are
// findings, while a remote that fails (a 500, a timeout, a cap) ends the run (exit 4).
// What is loaded is what the signature must cover.
func loadFiles(ctx context.Context, r repository.Repository, version string, names []string, listed bool, vr *VersionReport) (map[string][]byte, error) {
	label, components := r.Info().Label, r.Info().Components
	files := map[string][]byte{}
	for _, name := range names {
		if listed && !reads(r.Info(), name) {
			continue
		}
		data, err := r.File(ctx, version, name)
		if err == nil {
			err = repository.CheckFile(name, data) // the document cap (sizes are the reader's)
		}
		switch {
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case errors.Is(err, fs.ErrNotExist):
			vr.Findings = append(vr.Findings, missing(label, version, name, components))
		case errors.Is(err, httpx.ErrTooLarge):
			vr.Findings = append(vr.Findings, finding(RuleUnreadable, label, version, name, fmt.Sprintf("not read: %v", err)))
		case err != nil && remote(r):
			return nil, fmt.Errorf("reading %s of %s %s: %w", name, label, version, err)
		case err != nil:
			vr.Findings = append(vr.Findings, finding(RuleUnreadable, label, version, name,
				fmt.Sprintf("reading the file: %v; clusterctl fails on this error too, fix the repository", err)))
		default:
			files[name] = data
		}
	}
	return files, nil
}

// remote reports a repository read over the network.
func remote(r repository.Repository) bool {
	switch r.Info().Kind {
	case repository.GitHub, repository.GitLab, repository.OCI:
		return true
	}
	return false
}

// reads tells whether verify loads the listed file name of a version of the
// repository described by info (loadFiles).
func reads(info repository.Info, name string) bool {
	return layout.Reads(name, info.Components) || layout.FileKind(name) == layout.KindComponents ||
		info.Kind == repository.OCI && layout.OperatorReads(name)
}

// found keeps the names that were read: the files of a version that cannot be listed.
func found(names []string, files map[string][]byte) []string {
	var out []string
	for _, n := range names {
		if _, ok := files[n]; ok {
			out = append(out, n)
		}
	}
	return out
}

// fileNames lists the version's files when the repository can (listed != nil), else
// names the two files every release must have.
func fileNames(ctx context.Context, r repository.Repository, version, components string) ([]string, map[string]bool, error) {
	if r.Info().Unlisted {
		return []string{layout.MetadataFile, components}, nil, nil
	}
	names, err := r.Files(ctx, version)
	if err != nil {
		return nil, nil, err
	}
	listed := map[string]bool{}
	for _, n := range names {
		listed[n] = true
	}
	return names, listed, nil
}

func checkMetadata(label string, v layout.Version, files map[string][]byte, vr *VersionReport) *metadata.Metadata {
	data, ok := files[layout.MetadataFile]
	if !ok {
		return nil
	}
	md := checkMetadataFile(label, v, layout.MetadataFile, data, vr)
	if md != nil {
		vr.Series = md.ReleaseSeries
	}
	return md
}

// checkMetadataFile decodes one metadata file (metadata.yaml, or the operator's
// full-name one) and checks it has the version's release series.
func checkMetadataFile(label string, v layout.Version, name string, data []byte, vr *VersionReport) *metadata.Metadata {
	md, err := metadata.ParseLenient(name, data)
	if err != nil {
		vr.Findings = append(vr.Findings, finding(RuleMetadataInvalid, label, v.String(), name,
			fmt.Sprintf("decoding %s: %v; write apiVersion, kind and releaseSeries as clusterctl's Metadata type", name, err)))
		return nil
	}
	if seriesOf(md, v) == nil {
		vr.Findings = append(vr.Findings, finding(RuleNotInOwnMetadata, label, v.String(), name,
			fmt.Sprintf("no releaseSeries entry for %d.%d: clusterctl init and generate provider fail with \"does not match any release series\"; add {major: %d, minor: %d, contract: ...}",
				v.Major(), v.Minor(), v.Major(), v.Minor())))
	}
	return md
}

// checkOperatorMetadata checks, in an OCI artifact, every metadata layer the operator
// may read before metadata.yaml (<type>-<name>-<version>-metadata.yaml, for whatever
// provider object points at it) as metadata.yaml is checked; an empty one it skips.
func checkOperatorMetadata(label string, v layout.Version, files map[string][]byte, vr *VersionReport) {
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if data := files[name]; strings.HasSuffix(name, "-"+layout.MetadataFile) && len(data) > 0 {
			checkMetadataFile(label, v, name, data, vr)
		}
	}
}

func missing(label, version, name, components string) lint.Finding {
	rule, why := RuleMetadataMissing, "clusterctl needs it for init, upgrade and `latest`"
	if name == components {
		rule, why = RuleComponentsMissing, "it is the components file the provider URL names"
	}
	return finding(rule, label, version, name, fmt.Sprintf("%s is missing: %s; publish it in this version", name, why))
}

func finding(rule, label, version, name, msg string) lint.Finding {
	sev := lint.Error
	for _, r := range append(Rules(), check.MetadataMissingRule) {
		if r.ID == rule {
			sev = r.Severity
		}
	}
	return lint.Finding{Rule: rule, Severity: sev, File: layout.VersionFile(label, version, name), Message: msg}
}
