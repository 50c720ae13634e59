package verify

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/metadata"
)

// loadVersion reads the files clusterctl reads for one version, checks its
// metadata.yaml against the version and runs the injected lint.
func loadVersion(ctx context.Context, src Source, label, components string, v layout.Version, opts Options) (VersionReport, *metadata.Metadata, error) {
	vr := VersionReport{Version: v.String()}
	names, listed, err := fileNames(ctx, src, v.String(), components)
	if err != nil {
		return vr, nil, fmt.Errorf("listing files of %s %s: %w", label, v.String(), err)
	}
	vr.Files = names
	for _, name := range []string{MetadataFile, components} {
		if listed != nil && !listed[name] {
			vr.Findings = append(vr.Findings, missing(label, v.String(), name, components))
		}
	}
	files, err := loadFiles(ctx, src, label, components, v.String(), names, listed != nil, &vr)
	if err != nil {
		return vr, nil, err
	}
	if listed == nil {
		vr.Files = found(names, files)
	}
	md := checkMetadata(label, v, files, &vr)
	if opts.Lint != nil && len(files) > 0 {
		vr.Findings = append(vr.Findings, contractBreaks(opts.Lint(label, v.String(), files), opts.Strict)...)
	}
	if opts.Signature != nil && len(files) > 0 {
		vr.Findings = append(vr.Findings, opts.Signature(label, v.String(), files)...)
	}
	return vr, md, nil
}

// loadFiles reads the named files clusterctl may read (of a listed version, the
// metadata, components, templates and ClusterClasses); read problems are findings.
func loadFiles(ctx context.Context, src Source, label, components, version string, names []string, listed bool, vr *VersionReport) (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, name := range names {
		if listed && layout.FileKind(name) == layout.KindOther && name != components {
			continue
		}
		data, err := src.File(ctx, version, name)
		switch {
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case errors.Is(err, fs.ErrNotExist):
			vr.Findings = append(vr.Findings, missing(label, version, name, components))
		case errors.Is(err, httpx.ErrTooLarge):
			vr.Findings = append(vr.Findings, finding(RuleUnreadable, label, version, name, fmt.Sprintf("not read: %v", err)))
		case err != nil:
			vr.Findings = append(vr.Findings, finding(RuleUnreadable, label, version, name,
				fmt.Sprintf("reading the file: %v; clusterctl fails on this error too, fix the repository", err)))
		default:
			files[name] = data
		}
	}
	return files, nil
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

// fileNames lists the version's files when the source can (listed != nil), else
// names the two files every release must have.
func fileNames(ctx context.Context, src Source, version, components string) ([]string, map[string]bool, error) {
	l, ok := src.(Lister)
	if !ok {
		return []string{MetadataFile, components}, nil, nil
	}
	names, err := l.Files(ctx, version)
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
	data, ok := files[MetadataFile]
	if !ok {
		return nil
	}
	md, err := parseMetadata(data)
	if err != nil {
		vr.Findings = append(vr.Findings, finding(RuleMetadataInvalid, label, v.String(), MetadataFile,
			fmt.Sprintf("decoding metadata.yaml: %v; write apiVersion, kind and releaseSeries as clusterctl's Metadata type", err)))
		return nil
	}
	vr.Series = md.ReleaseSeries
	if seriesOf(md, v) == nil {
		vr.Findings = append(vr.Findings, finding(RuleNotInOwnMetadata, label, v.String(), MetadataFile,
			fmt.Sprintf("no releaseSeries entry for %d.%d: clusterctl init and generate provider fail with \"does not match any release series\"; add {major: %d, minor: %d, contract: ...}",
				v.Major(), v.Minor(), v.Major(), v.Minor())))
	}
	return md
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
	for _, r := range rules {
		if r.ID == rule {
			sev = r.Severity
		}
	}
	return lint.Finding{Rule: rule, Severity: sev, File: label + "/" + version + "/" + name, Message: msg}
}
