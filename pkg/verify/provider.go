package verify

import (
	"context"
	"fmt"
	"sort"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/metadata"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/capirepo/capirepo/pkg/sign"
)

// Options tune Provider.
type Options struct {
	// Lint runs every rule of pkg/check over each version's files (check.RepoFiles).
	Lint bool
	// Strict keeps the errors of Lint that are contract breaks errors; otherwise they
	// are warnings and only what makes clusterctl fail is an error (verdict.go).
	Strict bool
	// Signature, when set, checks each version's signature bundle against the files
	// read (sign.ReleaseFindings: verify --key); its errors always stay errors.
	Signature *sign.Policy
	// Clients are the clusterctl generations to resolve `latest` for; nil = Clients().
	Clients []Client

	lintWith func(label, version string, files map[string][]byte) lint.Findings // tests: replaces check.RepoFiles
}

// Provider reads every version of one provider from r and reports what clusterctl
// will see, for the label and components file r names. Problems are findings in the
// report; the error is for a repository that cannot be listed or a cancelled context.
func Provider(ctx context.Context, r repository.Repository, opts Options) (*Report, error) {
	info := r.Info()
	label, componentsFile := info.Label, info.Components
	names, err := r.Versions(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing versions of %s: %w", label, err)
	}
	rep := &Report{Label: label, ComponentsFile: componentsFile}
	versions := checkNames(label, names, &rep.Findings)
	mds := map[string]*metadata.Metadata{}
	for _, v := range versions {
		vr, md, err := loadVersion(ctx, r, v, opts)
		if err != nil {
			return nil, err
		}
		rep.Versions = append(rep.Versions, vr)
		mds[v.String()] = md
	}
	rep.Findings = append(rep.Findings, upgradeFindings(label, versions, mds)...)
	clients := opts.Clients
	if clients == nil {
		clients = generations()
	}
	targets := contracts(versions, mds)
	rep.Latest = resolveLatest(ctx, r, clients, targets)
	rep.UsableBy = usableBy(rep.Latest)
	rep.Findings = append(rep.Findings, latestFindings(label, rep.Latest, targets)...)
	rep.Findings.Sort()
	return rep, ctx.Err()
}

// checkNames keeps the names clusterctl lists (semver, "v" optional), highest first
// in plain SemVer order, and reports the names it skips or mishandles.
func checkNames(label string, names []string, out *lint.Findings) []layout.Version {
	add := func(rule string, sev lint.Severity, name, msg string) {
		file := label
		if name != "" {
			file += "/" + name
		}
		*out = append(*out, lint.Finding{Rule: rule, Severity: sev, File: file, Message: msg})
	}
	versions := layout.SortVersions(names)
	sort.SliceStable(versions, func(i, j int) bool { return versions[i].GreaterThan(versions[j]) })
	for _, n := range names {
		if !layout.IsVersion(n) {
			add(RuleNotSemver, lint.Warning, n, fmt.Sprintf("%q is not a semantic version: clusterctl silently skips it; rename it vX.Y.Z or remove it", n))
		}
	}
	for _, v := range versions {
		if v.Check() != nil {
			add(RulePrefix, lint.Error, v.String(), fmt.Sprintf("version %q has no \"v\" prefix: clusterctl v1.7+ looks for v%s when resolving `latest`; rename it v%s", v.String(), v.SemVer(), v.SemVer()))
		} else if v.String() != lowerASCII(v.String()) {
			add(RuleUpperCase, lint.Warning, v.String(), fmt.Sprintf("version %q has upper-case letters: clusterctl before v1.11 lower-cases name:version, so users cannot select it; use lower case", v.String()))
		}
	}
	if len(versions) == 0 {
		add(RuleNoVersions, lint.Error, "", "no version folder or tag is a semantic version: clusterctl finds no release; publish vX.Y.Z with metadata.yaml")
	}
	return versions
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
