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

// Publisher uploads release sets to one GitLab project's generic packages.
type Publisher struct {
	c       *conn
	vis     string                            // project visibility, from Preflight
	remotes map[publish.Version]remoteVersion // what State read, for Apply
	notes   []string                          // what Apply noticed
}

// New checks the options and builds a Publisher. It does no I/O.
func New(opts Options) (*Publisher, error) {
	c, err := newConn(opts)
	if err != nil {
		return nil, err
	}
	o := c.opts
	switch {
	case o.Token == "" && !o.DryRun:
		return nil, fmt.Errorf("publishing to GitLab project %s needs a token: give an access token (api scope), a CI job token or a deploy token (write_package_registry)", o.Project)
	case o.Replace && o.TokenKind == TokenDeploy:
		return nil, fmt.Errorf("replacing files in GitLab project %s needs the packages API, which deploy tokens cannot use: use an access token or a CI job token", o.Project)
	case o.Package != "" && (!packageNameRe.MatchString(o.Package) || strings.Contains(o.Package, "..")):
		return nil, fmt.Errorf("GitLab package name %q is not allowed: use letters, digits, '.', '_', '-' and '+'", o.Package)
	}
	return &Publisher{c: c}, nil
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

// Preflight checks, before anything is uploaded, that the project exists and the
// token is accepted (access tokens only: job and deploy tokens cannot read the
// projects API on every GitLab version).
func (p *Publisher) Preflight(ctx context.Context, set *release.Set) error {
	if err := p.checkPackageOption(set); err != nil {
		return err
	}
	vis, err := p.visibility(ctx)
	p.vis = vis
	return err
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
