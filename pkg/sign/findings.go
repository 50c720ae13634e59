package sign

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/repository"
)

// RuleSignature is the finding of a version whose files its signature does not cover.
const RuleSignature = "signature"

// Rules lists the rule sign reports (verify --key, mirror --verify-key), for
// --list-rules, SARIF and --disable.
func Rules() []lint.Rule {
	return []lint.Rule{{ID: RuleSignature, Severity: lint.Error,
		Contract: "With --verify-key (verify's --key before) or --certificate-* (verify, mirror), every version carries a " +
			"sigstore bundle (its <label>-<version>.sigstore.json file, or for OCI a referrer) that verifies under the key or " +
			"identity, and covers every file clusterctl reads with its sha256. This is capirepo's own check, made only when the user " +
			"asks for it with --key/--verify-key (or --certificate-*): no clusterctl command fails on a missing or wrong bundle (clusterctl " +
			"verifies no signatures); it is an error because the user asked for that trust."}}
}

// ReleaseFindings verifies one version read from r: its bundles (repository.Repository
// Bundles: the bundle file, or for OCI the referrers; one must pass), then every file
// clusterctl reads (files) against the signed statement. Each problem is an error
// finding naming the file.
func ReleaseFindings(ctx context.Context, r repository.Repository, p Policy, version string, files map[string][]byte) lint.Findings {
	fs, _ := CheckRelease(ctx, r, p, version, files, func(error) bool { return false })
	return fs
}

// CheckRelease is ReleaseFindings, except that a failure to read the bundles that
// fails says ends the run (a remote's cap: exit 4) instead of being a finding.
func CheckRelease(ctx context.Context, r repository.Repository, p Policy, version string, files map[string][]byte, fails func(error) bool) (lint.Findings, error) {
	info := r.Info()
	label := info.Label
	name := layout.BundleFile(label, version)
	at := func(file, msg string) lint.Finding {
		return lint.Finding{Rule: RuleSignature, Severity: lint.Error, File: layout.VersionFile(label, version, file), Message: msg}
	}
	bundles, err := r.Bundles(ctx, version)
	switch {
	case err != nil && fails(err):
		return nil, fmt.Errorf("reading the signature bundle of %s %s: %w", label, version, err)
	case err != nil:
		return lint.Findings{at(name, fmt.Sprintf("reading the signature bundle: %v", err))}, nil
	case len(bundles) == 0:
		return lint.Findings{at(name, "no signature bundle: the version is not signed (or not by capirepo build --sign-*)")}, nil
	}
	reads := func(n string) bool { return layout.Reads(n, info.Components) }
	var out lint.Findings
	for _, b := range bundles {
		out = nil
		for _, pr := range verifyFiles(label, version, b, files, reads, p) {
			out = append(out, at(pr.File, pr.Message))
		}
		if len(out) == 0 {
			return nil, nil
		}
	}
	return out, nil
}
