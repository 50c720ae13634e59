package pipeline

import (
	"context"
	"fmt"
	"sort"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/confine"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/metadata"
	"github.com/capirepo/capirepo/pkg/render"
)

// buildMetadata returns metadata.yaml: the configured file byte for byte (comments
// kept), or one generated from the inline series.
func buildMetadata(cfg *config.Config, p *config.Provider) ([]byte, error) {
	root, err := confine.New(cfg.Dir)
	if err != nil {
		return nil, err
	}
	return buildMetadataIn(root, cfg, p)
}

// buildMetadataIn is buildMetadata with the file read inside root.
func buildMetadataIn(root *confine.Root, cfg *config.Config, p *config.Provider) ([]byte, error) {
	if p.Metadata != "" {
		real, err := root.Resolve(cfg.Abs(p.Metadata))
		if err != nil {
			return nil, fmt.Errorf("metadata: %w", err)
		}
		data, err := render.ReadInput(real)
		if err != nil {
			return nil, fmt.Errorf("metadata: %w", err)
		}
		return data, nil
	}
	series := make([]metadata.Series, len(p.ReleaseSeries))
	for i, s := range p.ReleaseSeries {
		series[i] = metadata.Series{Major: s.Major, Minor: s.Minor, Contract: s.Contract}
	}
	return metadata.MarshalGiven(series), nil
}

// history reads the releases published before this one (metadata.ReadHistory): the
// --published list, or the git tags with each tag's own copy of the metadata file.
func history(ctx context.Context, cfg *config.Config, p *config.Provider, opts Options) *metadata.History {
	in := metadata.HistoryInput{Dir: cfg.Dir, Published: opts.Published, CI: opts.CI}
	if p.Metadata != "" {
		in.File = cfg.Abs(p.Metadata)
	}
	h := metadata.ReadHistory(ctx, in)
	name := p.Metadata // as written in the config
	if name == "" {
		name = cfg.File
	}
	for i := range h.Findings {
		h.Findings[i].File = name
	}
	return h
}

// series returns the provider's release series, sorted oldest first.
func series(cfg *config.Config, p *config.Provider) ([]metadata.Series, error) {
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

// LintVersion is the version lint and vars check: given (--version) when set, else
// vMAJOR.MINOR.0 of the newest series the config's first provider declares, the
// release about to be cut (built from the series' numbers, not parsed).
func LintVersion(cfg *config.Config, given layout.Version) (layout.Version, error) {
	if !given.IsZero() {
		return given, nil
	}
	series, err := series(cfg, &cfg.Providers[0])
	if err != nil || len(series) == 0 {
		return layout.Version{}, fmt.Errorf("no release series to lint against (%v): pass --version", err)
	}
	last := series[len(series)-1] // metadata.Parse refused negative numbers
	return layout.ReleaseVersion(uint64(last.Major), uint64(last.Minor), 0), nil
}
