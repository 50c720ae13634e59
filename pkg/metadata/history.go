package metadata

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// HistoryInput says where to learn which releases were published.
type HistoryInput struct {
	Dir       string   // a folder inside the provider's git checkout (the config's folder)
	File      string   // the metadata.yaml path (absolute or relative to Dir); "" for inline series
	Published []string // versions given by hand (--published); nil reads git tags
	CI        bool     // running in CI: missing tag information is an error, not a warning
}

// History is what a metadata check compares metadata.yaml with.
type History struct {
	Published []string      // earlier released versions
	Exempt    []string      // tags whose own metadata.yaml did not declare their series (pre-metadata)
	Findings  lint.Findings // metadata-history when no tag information could be read
}

// ReadHistory lists the published releases: in.Published as given, or the git tags of
// the checkout holding in.Dir. A tag whose own metadata.yaml (in.File read at that tag)
// declared its series is published-and-managed; other tags (older than the provider's
// first metadata.yaml), and tags whose series declared a contract no clusterctl v1
// installs or upgrades from (v1alpha*, a typo such as "v1beta"), are exempt. Without
// tag information (no git, a shallow or tagless clone) it reports metadata-history: an error when in.CI, a warning otherwise.
func ReadHistory(ctx context.Context, in HistoryInput) *History {
	if in.Published != nil {
		return &History{Published: in.Published}
	}
	file := in.File
	if file != "" && !filepath.IsAbs(file) {
		file = filepath.Join(in.Dir, file)
	}
	g, reason := openGit(ctx, in.Dir)
	if reason != "" {
		return &History{Findings: lint.Findings{historyFinding(in, reason)}}
	}
	tags, err := GitTags(ctx, in.Dir)
	if err != nil || len(tags) == 0 {
		return &History{Findings: lint.Findings{historyFinding(in, "the git checkout has no release tags (vX.Y.Z); a clone without tags, or a provider never released")}}
	}
	h := &History{Published: tags}
	if file == "" {
		return h
	}
	exempt, err := g.undeclared(ctx, file, tags)
	if err != nil {
		return &History{Findings: lint.Findings{historyFinding(in, err.Error())}}
	}
	h.Exempt = exempt
	return h
}

// historyFinding says why the cumulative check could not run and how to make it run.
func historyFinding(in HistoryInput, reason string) lint.Finding {
	name := in.File
	if name == "" {
		name = layout.MetadataFile
	}
	f := finding(name, 0, RuleHistory, fmt.Sprintf(
		"cannot check that metadata.yaml keeps the series of every published release: %s; check out the full history with its tags (actions/checkout: fetch-depth: 0; GitLab: GIT_DEPTH: 0) or pass the released versions with --published v1.2.0,v1.3.1 (--published= for a first release)",
		strings.TrimSuffix(reason, ".")))
	if in.CI {
		f.Severity = lint.Error
		f.Message += " (an error because CI is set)"
	}
	return f
}
