package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"sort"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/metadata"
)

// buildMetadata returns metadata.yaml: the configured file byte for byte (comments
// kept), or one generated from the inline series.
func buildMetadata(cfg *config.Config, p *config.Provider) ([]byte, error) {
	if p.Metadata != "" {
		data, err := os.ReadFile(cfg.Abs(p.Metadata))
		if err != nil {
			return nil, fmt.Errorf("metadata: %w", err)
		}
		return data, nil
	}
	var b bytes.Buffer
	b.WriteString("apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n")
	for _, s := range p.ReleaseSeries {
		fmt.Fprintf(&b, "- major: %d\n  minor: %d\n  contract: %s\n", s.Major, s.Minor, s.Contract)
	}
	return b.Bytes(), nil
}

// publishedFromGit lists the repository's release tags; outside a git repository the
// cumulative check has nothing to compare with, which is said in a note.
func publishedFromGit(ctx context.Context, dir string) ([]string, []string) {
	tags, err := metadata.GitTags(ctx, dir)
	if err != nil {
		return nil, []string{fmt.Sprintf("metadata: no git tags read from %s (%v); pass --published to check that metadata.yaml is cumulative", dir, err)}
	}
	return tags, nil
}

// Series returns the provider's release series, sorted oldest first.
func Series(cfg *config.Config, p *config.Provider) ([]metadata.Series, error) {
	data, err := buildMetadata(cfg, p)
	if err != nil {
		return nil, err
	}
	m, err := metadata.Parse(p.Metadata, data)
	if err != nil {
		return nil, err
	}
	s := append([]metadata.Series(nil), m.ReleaseSeries...)
	sort.Slice(s, func(i, j int) bool {
		if s[i].Major != s[j].Major {
			return s[i].Major < s[j].Major
		}
		return s[i].Minor < s[j].Minor
	})
	return s, nil
}
