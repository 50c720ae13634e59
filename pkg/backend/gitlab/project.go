package gitlab

import (
	"context"

	gl "gitlab.com/gitlab-org/api/client-go"
)

// project looks the project up and returns its visibility.
func (c *conn) project(ctx context.Context) (string, error) {
	var vis string
	err := c.retry(ctx, func(ctx context.Context, _ int) (*gl.Response, error) {
		p, resp, err := c.api.Projects.GetProject(c.opts.Project, nil, gl.WithContext(ctx))
		if p != nil {
			vis = string(p.Visibility)
		}
		return resp, err
	})
	return vis, err
}
