package github

import (
	"context"
	"fmt"
	"net/http"

	gh "github.com/google/go-github/v60/github"

	"github.com/capirepo/capirepo/pkg/httpx"
)

// listAll reads every page (100 items each) of an API listing at path, within the
// run's caps (httpx.NewListing: page size, pages, a next page already read, maxItems
// entries, 0 for the run's cap). A null entry is dropped.
func listAll[T any](ctx context.Context, a *api, what, path string, maxItems int) ([]*T, error) {
	ctx, listing := httpx.NewListing(ctx, what, maxItems)
	var all []*T
	for page := 1; page != 0; {
		batch, next, err := listPage[T](ctx, a, what, path, page)
		if err != nil {
			return nil, err
		}
		if err := listing.Add(len(batch)); err != nil {
			return nil, err
		}
		all = append(all, batch...)
		page = next
	}
	return all, nil
}

// listPage reads one page and returns its non-null entries and the next page (0: none).
func listPage[T any](ctx context.Context, a *api, what, path string, page int) ([]*T, int, error) {
	var batch []*T
	var resp *gh.Response
	err := a.call(ctx, what, func(c *gh.Client) error {
		req, err := c.NewRequest(http.MethodGet, fmt.Sprintf("%s?per_page=100&page=%d", path, page), nil)
		if err != nil {
			return err
		}
		resp, err = c.Do(ctx, req, &batch)
		return err
	})
	if err != nil {
		return nil, 0, err
	}
	out := batch[:0]
	for _, x := range batch {
		if x != nil {
			out = append(out, x)
		}
	}
	return out, resp.NextPage, nil
}
