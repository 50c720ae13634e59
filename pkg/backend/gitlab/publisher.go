package gitlab

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// packageNameRe is GitLab's generic package name rule.
var packageNameRe = regexp.MustCompile(`^[A-Za-z0-9._\-+]+$`)

// Publisher uploads release sets to one GitLab project's generic packages. It holds
// its configuration only: what State reads travels to Apply and Notes in the plan
// (snapshot), so one Publisher serves any number of runs.
type Publisher struct {
	c *conn
}

// snapshot is what State read, carried by the plan to Apply and Notes.
type snapshot struct {
	vis     string                            // project visibility ("" when it cannot be asked)
	remotes map[publish.Version]remoteVersion // the copies of each file, per version
}

// New checks the options and builds a Publisher. It does no I/O.
func New(opts Options) (*Publisher, error) {
	c, err := newConn(opts)
	if err != nil {
		return nil, err
	}
	if o := c.opts; o.Package != "" && (!packageNameRe.MatchString(o.Package) || strings.Contains(o.Package, "..")) {
		return nil, fmt.Errorf("GitLab package name %q is not allowed: use letters, digits, '.', '_', '-' and '+'", o.Package)
	}
	return &Publisher{c: c}, nil
}

// Allows checks the options against a run's policy before any request: a token is
// needed unless the run is dry, and replacing needs the packages API, which deploy
// tokens cannot use. Preflight calls it; the command line too, to report a usage error.
func (o Options) Allows(pol publish.Policy) error {
	switch {
	case o.Token == "" && !pol.DryRun:
		return fmt.Errorf("publishing to GitLab project %s needs a token: give an access token (api scope), a CI job token or a deploy token (write_package_registry)", o.Project)
	case o.Notes != "" && o.TokenKind == TokenDeploy:
		return fmt.Errorf("writing release notes in GitLab project %s needs the releases API, which deploy tokens cannot use: use an access token or a CI job token", o.Project)
	case pol.Replace && o.TokenKind == TokenDeploy:
		return fmt.Errorf("replacing files in GitLab project %s needs the packages API, which deploy tokens cannot use: use an access token or a CI job token", o.Project)
	}
	return nil
}

// String names the destination: "gitlab:<project>".
func (p *Publisher) String() string { return "gitlab:" + p.c.opts.Project }

// packageName is Options.Package or the provider label.
func (p *Publisher) packageName(rel *release.Release) string {
	if p.c.opts.Package != "" {
		return p.c.opts.Package
	}
	return rel.Label()
}

// checkPackageOption refuses one package name for several providers: their files
// would end up mixed in the same package versions.
func (p *Publisher) checkPackageOption(set *release.Set) error {
	labels := map[string]bool{}
	for _, r := range set.Releases {
		labels[r.Label()] = true
	}
	if p.c.opts.Package != "" && len(labels) > 1 {
		return fmt.Errorf("GitLab package name %q was given for %d providers: their files would mix in one package; leave the package name empty so each provider uses its label", p.c.opts.Package, len(labels))
	}
	return nil
}

// Preflight checks, before anything is read, the options against the policy and
// the package name against the set.
func (p *Publisher) Preflight(_ context.Context, set *release.Set, pol publish.Policy) error {
	if err := p.c.opts.Allows(pol); err != nil {
		return err
	}
	return p.checkPackageOption(set)
}

// visibility looks the project up with an access token and returns its visibility
// ("public", "internal", "private"), or "" when it cannot be asked.
func (p *Publisher) visibility(ctx context.Context) (string, error) {
	o := p.c.opts
	if o.Token == "" || o.TokenKind != TokenPrivate {
		return "", nil
	}
	vis, err := p.c.project(ctx)
	if err != nil {
		return "", fmt.Errorf("looking up GitLab project %s: %w", o.Project, explain(err, o.Project, o.TokenKind))
	}
	return vis, nil
}
