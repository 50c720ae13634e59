package images

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"golang.org/x/sync/errgroup"
	"oras.land/oras-go/v2/errdef"
)

// CheckOptions configure the image gate.
type CheckOptions struct {
	Remote    oci.Remote
	Platforms []string // "linux/amd64", "linux/arm64/v8": each must be served
}

// Result is the gate's answer for one image.
type Result struct {
	Image   string `json:"image"`
	Digest  string `json:"digest,omitempty"`
	Problem string `json:"problem,omitempty"` // empty: present with every platform asked for
}

// Check resolves every image on its registry (8 at a time) and, when platforms are
// asked for, reads which platforms it serves. It never fails as a whole: each image gets
// its answer, in the order given.
func Check(ctx context.Context, images []string, opts CheckOptions) []Result {
	out := make([]Result, len(images))
	var g errgroup.Group
	g.SetLimit(8)
	for i, im := range images {
		g.Go(func() error { out[i] = checkOne(ctx, im, opts); return nil })
	}
	_ = g.Wait()
	return out
}

// Failed returns the results with a problem.
func Failed(rs []Result) []Result {
	var out []Result
	for _, r := range rs {
		if r.Problem != "" {
			out = append(out, r)
		}
	}
	return out
}

func checkOne(ctx context.Context, image string, opts CheckOptions) Result {
	res := Result{Image: image}
	r, err := parse(image)
	if err != nil {
		res.Problem = err.Error()
		return res
	}
	repo, err := opts.Remote.Repository(r.Repo)
	if err != nil {
		res.Problem = err.Error()
		return res
	}
	desc, err := repo.Resolve(ctx, r.Reference())
	if err != nil {
		res.Problem = resolveProblem(err)
		return res
	}
	res.Digest = string(desc.Digest)
	if len(opts.Platforms) == 0 {
		return res
	}
	have, err := platforms(ctx, repo, desc)
	if err != nil {
		res.Problem = err.Error()
		return res
	}
	if miss := missing(opts.Platforms, have); len(miss) > 0 {
		res.Problem = fmt.Sprintf("platform %s missing (has %s)", strings.Join(miss, ", "), strings.Join(have, ", "))
	}
	return res
}

// missing returns the wanted platforms not in have; "os/arch" matches any variant.
func missing(want, have []string) []string {
	var out []string
	for _, w := range want {
		found := false
		for _, h := range have {
			if h == w || strings.HasPrefix(h, w+"/") {
				found = true
			}
		}
		if !found {
			out = append(out, w)
		}
	}
	return out
}

func resolveProblem(err error) string {
	if errors.Is(err, errdef.ErrNotFound) {
		return fmt.Sprintf("not found: %v", err)
	}
	return fmt.Sprintf("cannot resolve: %v", oci.Explain(err))
}
