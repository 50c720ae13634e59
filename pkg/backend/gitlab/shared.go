package gitlab

import (
	"context"
	"crypto/sha256"
	"fmt"

	gl "gitlab.com/gitlab-org/api/client-go"

	"github.com/capirepo/capirepo/pkg/httpx"
)

// A run reads each listing of a project once (httpx.Shared): providers of one
// project and package in a mirror share it. Only the reader shares; publishing
// lists again, since it changes what is listed.

// sharedKey names a listing of this connection's project for its credential.
func (c *conn) sharedKey(what string) string {
	return fmt.Sprintf("gitlab %s %s %x %s", c.base, c.opts.Project, sha256.Sum256([]byte(c.opts.Token)), what)
}

// sharedPackages is packages, read once per run.
func (c *conn) sharedPackages(ctx context.Context, name string) ([]*gl.Package, error) {
	return httpx.Shared(ctx, c.sharedKey("packages "+name), func() ([]*gl.Package, error) { return c.packages(ctx, name) })
}

// sharedListed is listed, read once per run.
func (c *conn) sharedListed(ctx context.Context, name, version string) (remoteVersion, error) {
	return httpx.Shared(ctx, c.sharedKey("files "+name+" "+version), func() (remoteVersion, error) { return c.listed(ctx, name, version) })
}
