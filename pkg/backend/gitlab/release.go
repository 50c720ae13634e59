package gitlab

import (
	"context"
	"fmt"
	"net/http"

	gl "gitlab.com/gitlab-org/api/client-go"

	"github.com/capirepo/capirepo/pkg/publish"
)

// writeNotes sets Options.Notes as the description of the project's release of each
// version of the plan, creating the release (GitLab's releases API; the tag must
// exist, as it does in a tag pipeline) or updating the one there. Nothing without
// notes.
func (p *Publisher) writeNotes(ctx context.Context, plan *publish.Plan) error {
	if p.c.opts.Notes == "" {
		return nil
	}
	done := map[string]bool{}
	for _, v := range plan.ByVersion() {
		tag := v.Release.Version.String()
		if done[tag] {
			continue
		}
		done[tag] = true
		if err := p.c.upsertRelease(ctx, tag, p.c.opts.Notes); err != nil {
			return fmt.Errorf("writing the release notes of %s in GitLab project %s: %w", tag, p.c.opts.Project, explain(err, p.c.opts.Project, p.c.opts.TokenKind))
		}
	}
	return nil
}

// upsertRelease creates the release of tag with description, or, when it exists
// (409), updates its description.
func (c *conn) upsertRelease(ctx context.Context, tag, description string) error {
	err := c.retry(ctx, func(ctx context.Context, _ int) (*gl.Response, error) {
		_, resp, err := c.api.Releases.CreateRelease(c.opts.Project, &gl.CreateReleaseOptions{TagName: &tag, Description: &description}, gl.WithContext(ctx))
		return resp, err
	})
	if statusOf(err) != http.StatusConflict {
		return err
	}
	return c.retry(ctx, func(ctx context.Context, _ int) (*gl.Response, error) {
		_, resp, err := c.api.Releases.UpdateRelease(c.opts.Project, tag, &gl.UpdateReleaseOptions{Description: &description}, gl.WithContext(ctx))
		return resp, err
	})
}
