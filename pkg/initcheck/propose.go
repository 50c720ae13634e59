package initcheck

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/scaffold"
)

// lastRelease is the provider's last release as init reads it: its files and where
// they were read, and the tree of its tag to build candidates in.
type lastRelease struct {
	name    string // where it was read, for the comments (the URLs, or the folder)
	version string // its tag ("" when unknown)
	tree    string // the folder its tag's tree is in, at the inspected folder
	files   []release.File
	unread  []string
	labels  []string // the provider labels the release's source names (a local repository's folder)
}

// Propose inspects opts.Dir and, when the provider's last release can be read
// (opts.Against, or the release of the newest tag on the origin remote's GitHub or
// GitLab), proves the plan's values from it: each released file is matched with the
// tree input that reproduces it. Without a release the plan says nothing was checked.
// An error reading a release opts.Against names is returned; one derived from the
// origin remote is a note (init works offline).
func Propose(ctx context.Context, opts Options) (*scaffold.Plan, error) {
	plan, err := scaffold.Inspect(ctx, opts.Dir)
	if err != nil {
		return nil, err
	}
	if co, err := openCheckout(ctx, opts.Dir); err == nil {
		checkSeries(ctx, plan, co)
	}
	defer plan.Decide()
	tmp, done, err := fsx.Scratch(ctx, opts.TempDir)
	if err != nil {
		return nil, err
	}
	defer done()
	rel, why, err := readLast(ctx, opts, plan, tmp)
	if err != nil {
		return nil, err
	}
	if why != "" {
		plan.Checked = "no release was read (" + why + "): nothing was checked against it, and every value only the Makefile, CI or a default gives is asked"
		return plan, nil
	}
	prove(ctx, plan, rel)
	plan.Checked = "proven against the release " + rel.name + ": each value the release ships is taken from it"
	return plan, nil
}

// readLast reads the last release: opts.Against, or the tag's release on the forge of
// the origin remote. why says why none was read (no checkout, tag or forge, offline).
func readLast(ctx context.Context, opts Options, plan *scaffold.Plan, tmp string) (*lastRelease, string, error) {
	rel := &lastRelease{tree: plan.Root}
	co, cerr := openCheckout(ctx, opts.Dir)
	if cerr == nil {
		if tag, err := co.releaseTag(ctx, opts.Tag); err == nil {
			rel.version = tag.String()
		} else if opts.Against == "" || opts.Tag != "" {
			return nil, firstLine(err), nil
		}
	} else if opts.Against == "" {
		return nil, "the folder is not in a git checkout and no --check-against names the release", nil
	}
	tagged := rel.version != ""
	urls := []string{opts.Against}
	if opts.Against == "" {
		var err error
		if urls, err = publishedURLs(co.origin(ctx), rel.version, planConfig(plan)); err != nil {
			return nil, firstLine(err), nil
		}
	}
	for _, u := range urls {
		ins, err := diff.Load(ctx, u, opts.Source)
		if err != nil && opts.Against != "" {
			return nil, "", err
		}
		if err != nil {
			return nil, "reading " + u + ": " + firstLine(err), nil
		}
		for _, in := range ins {
			rel.files, rel.unread = append(rel.files, in.Files...), append(rel.unread, in.Unread...)
			if in.Named && in.Label != "" {
				rel.labels = append(rel.labels, in.Label)
			}
			if rel.version == "" {
				rel.version = in.Version
			}
		}
	}
	rel.name = strings.Join(releaseNames(urls), ", ")
	if tagged {
		rel.name = rel.version + " (" + rel.name + ")"
		tree := filepath.Join(tmp, "tree")
		if err := co.extract(ctx, rel.version, tree); err != nil {
			return nil, "", err
		}
		rel.tree = filepath.Join(tree, filepath.FromSlash(co.prefix))
	}
	return rel, "", nil
}

// releaseNames names the release of each URL: a URL of one release file by its folder.
func releaseNames(urls []string) []string {
	var out []string
	for _, u := range urls {
		if strings.Contains(u, "://") && strings.HasSuffix(u, ".yaml") {
			u = u[:strings.LastIndex(u, "/")]
		}
		out = append(out, u)
	}
	return out
}

// planConfig is the plan's providers as publishedURLs reads them.
func planConfig(plan *scaffold.Plan) *config.Config {
	cfg := &config.Config{}
	for _, p := range plan.Providers {
		cfg.Providers = append(cfg.Providers, config.Provider{Provider: p.Provider, ComponentsFile: p.File})
	}
	return cfg
}

func firstLine(err error) string {
	line, _, _ := strings.Cut(err.Error(), "\n")
	return line
}
