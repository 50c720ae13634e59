package sign

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// RuleSignature is the finding of a version whose files its signature does not cover.
const RuleSignature = "signature"

// FileReader reads one file of a version (source.Reader satisfies it).
type FileReader interface {
	File(ctx context.Context, version, name string) ([]byte, error)
}

// bundleReader is a reader that keeps bundles beside the release, not as its files:
// an OCI repository's referrers (oci.Reader).
type bundleReader interface {
	Bundles(ctx context.Context, version string) ([][]byte, error)
}

// ReleaseFindings verifies one version read from r: its bundle (for oci://, the
// bundles attached as referrers: one must pass), then every file clusterctl reads
// (files) against the signed statement. Each problem is an error finding naming the file.
func ReleaseFindings(ctx context.Context, r FileReader, p Policy, components, label, version string, files map[string][]byte) lint.Findings {
	name := layout.BundleFile(label, version)
	at := func(file, msg string) lint.Finding {
		return lint.Finding{Rule: RuleSignature, Severity: lint.Error, File: label + "/" + version + "/" + file, Message: msg}
	}
	bundles, err := readBundles(ctx, r, version, name)
	switch {
	case err != nil:
		return lint.Findings{at(name, fmt.Sprintf("reading the signature bundle: %v", err))}
	case len(bundles) == 0:
		return lint.Findings{at(name, "no signature bundle: the version is not signed (or not by capirepo build --sign-*)")}
	}
	var out lint.Findings
	for _, b := range bundles {
		out = nil
		for _, pr := range VerifyFiles(label, version, b, files, Reads(components), p) {
			out = append(out, at(pr.File, pr.Message))
		}
		if len(out) == 0 {
			return nil
		}
	}
	return out
}

// readBundles reads the version's bundle file, or the bundle referrers of a reader
// that keeps them apart; a missing bundle file is no bundle.
func readBundles(ctx context.Context, r FileReader, version, name string) ([][]byte, error) {
	if b, ok := r.(bundleReader); ok {
		return b.Bundles(ctx, version)
	}
	b, err := r.File(ctx, version, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return [][]byte{b}, nil
}
