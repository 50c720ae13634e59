// Package initcheck is `capirepo init --check`: it takes the capirepo.yaml init
// proposes for a provider's tree, builds the provider's newest release tag with it (a
// copy of the tag's tree from git archive; the checkout is never touched), and diffs
// the build against what that tag's release published. Each difference is explained by
// the line of the config that produced it, or left as a question.
package initcheck

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/pipeline"
	"github.com/capirepo/capirepo/pkg/scaffold"
	"github.com/capirepo/capirepo/pkg/source"
)

// Options of Run.
type Options struct {
	Dir     string         // the folder init inspects
	Tag     string         // the release tag to build ("" = the newest vX.Y.Z tag)
	Against string         // the release to compare with ("" = derived from the origin remote)
	Source  source.Options // how published repositories are read (URLs, tokens)
	TempDir string         // where the tag's tree is written ("" = the system's)
}

// Result is what the check found.
type Result struct {
	Config      string              `json:"config"` // the proposed capirepo.yaml
	Tag         string              `json:"tag"`
	Against     []string            `json:"against"`
	Notes       []string            `json:"notes,omitempty"`
	Asked       []scaffold.Question `json:"asked,omitempty"` // init's own questions about the config
	Report      *diff.Report        `json:"report"`
	Differences []Checked           `json:"differences"`
}

// Questions counts the differences no line of the config explains.
func (r *Result) Questions() int {
	n := 0
	for _, c := range r.Differences {
		if c.Question != "" {
			n++
		}
	}
	return n
}

// Run proposes the config of opts.Dir, builds the release tag with it and compares the
// build with the published release.
func Run(ctx context.Context, opts Options) (*Result, error) {
	plan, err := Propose(ctx, opts)
	if err != nil {
		return nil, err
	}
	config, questions := plan.Render()
	res := &Result{Config: string(config), Asked: questions}
	co, err := openCheckout(ctx, opts.Dir)
	if err != nil {
		return nil, err
	}
	tag, err := co.releaseTag(ctx, opts.Tag)
	if err != nil {
		return nil, err
	}
	res.Tag = tag.String()
	tmp, done, err := fsx.Scratch(ctx, opts.TempDir)
	if err != nil {
		return nil, err
	}
	defer done()
	built, cfg, err := buildTag(ctx, co, res, tag, tmp, opts.TempDir)
	if err != nil {
		return nil, withGenerated(err, plan)
	}
	return res, compare(ctx, co, opts, res, built, cfg)
}

// buildTag writes the tree of tag (res.Tag) into tmp and builds it with the proposed
// config; the build's own scratch folder goes to buildTemp (tmp is locked by this run).
func buildTag(ctx context.Context, co checkout, res *Result, tag layout.Version, tmp, buildTemp string) (*pipeline.Result, *config.Config, error) {
	tree := filepath.Join(tmp, "tree")
	if err := co.extract(ctx, res.Tag, tree); err != nil {
		return nil, nil, err
	}
	file := filepath.Join(tree, filepath.FromSlash(co.prefix), config.DefaultFile)
	if err := os.WriteFile(file, []byte(res.Config), 0o644); err != nil {
		return nil, nil, fmt.Errorf("writing the proposed config into the copy of %s: %w", res.Tag, err)
	}
	cfg, err := config.Load(file)
	if err != nil {
		return nil, nil, fmt.Errorf("the proposed capirepo.yaml does not fit the tree of %s: %w", res.Tag, err)
	}
	built, err := pipeline.Build(ctx, cfg, pipeline.Options{Version: tag, Published: []string{}, Offline: true, TempDir: buildTemp})
	if err != nil {
		return nil, nil, fmt.Errorf("building %s with the proposed capirepo.yaml: %w", res.Tag, err)
	}
	res.Notes = append(res.Notes, built.Notes...)
	if errs := built.Findings.Count(lint.Error); errs > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("the build of %s has %d contract error(s) that capirepo build would refuse (run capirepo lint on it); compared anyway", res.Tag, errs))
	}
	return built, cfg, nil
}

// compare reads the published release and explains each difference.
func compare(ctx context.Context, co checkout, opts Options, res *Result, built *pipeline.Result, cfg *config.Config) error {
	res.Against = []string{opts.Against}
	if opts.Against == "" {
		urls, err := publishedURLs(co.origin(ctx), res.Tag, cfg)
		if err != nil {
			return err
		}
		res.Against = urls
	}
	var published []inventory.Input
	for _, u := range res.Against {
		ins, err := diff.Load(ctx, u, opts.Source)
		if err != nil {
			return err
		}
		published = append(published, ins...)
	}
	build := inventory.Built(built.Set.Releases, "the build of "+res.Tag)
	rep, err := diff.Compare("the build of "+res.Tag+" with the proposed capirepo.yaml", strings.Join(res.Against, ", "), build, published)
	if err != nil {
		return err
	}
	res.Report = rep
	e := &explainer{cfg: cfg, set: built.Set, lines: newConfigLines([]byte(res.Config))}
	for _, p := range rep.Pairs {
		for _, d := range p.Differences {
			c := e.explain(d)
			c.Asked = askedAbout(res.Asked, e.lines, c.Line)
			res.Differences = append(res.Differences, c)
		}
	}
	return nil
}

// askedAbout is init's questions about the config line cited (0: none), written above
// it or above the key whose value holds it.
func askedAbout(asked []scaffold.Question, lines *configLines, line int) string {
	var texts []string
	for _, a := range asked {
		if first, last := lines.about(a.Line); line > 0 && first <= line && line <= last {
			texts = append(texts, a.Text)
		}
	}
	return strings.Join(texts, "; ")
}

// withGenerated names, with a failed build of the tag, the generated inputs the plan
// found missing and the target writing each: the build needs them, not another config.
func withGenerated(err error, plan *scaffold.Plan) error {
	var missing []string
	for _, pr := range plan.Providers {
		for _, n := range pr.Notes {
			if strings.Contains(n, "which is not in the tree") {
				missing = append(missing, n)
			}
		}
	}
	if len(missing) == 0 {
		return err
	}
	return fmt.Errorf("%w; generated inputs the tag's tree lacks: %s", err, strings.Join(missing, "; "))
}
