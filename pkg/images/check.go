package images

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/capirepo/capirepo/pkg/registry"
	"golang.org/x/sync/errgroup"
	"oras.land/oras-go/v2/errdef"
	"oras.land/oras-go/v2/registry/remote/errcode"
)

// CheckOptions configure the image gate.
type CheckOptions struct {
	Remote    registry.Remote
	Platforms []string // "linux/amd64", "linux/arm64/v8": each must be served
}

// Result is the gate's answer for one image.
type Result struct {
	Image   string `json:"image"`
	Digest  string `json:"digest,omitempty"`
	Problem string `json:"problem,omitempty"` // empty: present with every platform asked for
	// CouldNotAsk: the registry gave no answer about the image (network, TLS, a
	// refusal of the credentials, a server error); Problem says why. Otherwise a
	// problem is the registry's answer: the image, or a platform, is not served.
	CouldNotAsk bool `json:"couldNotAsk,omitempty"`
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

// Split cuts failed results into those the registry answered (not served) and those
// it could not be asked about.
func Split(failed []Result) (notServed, notAsked []Result) {
	for _, r := range failed {
		if r.CouldNotAsk {
			notAsked = append(notAsked, r)
		} else {
			notServed = append(notServed, r)
		}
	}
	return notServed, notAsked
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
		res.Problem, res.CouldNotAsk = resolveProblem(err)
		return res
	}
	res.Digest = string(desc.Digest)
	if len(opts.Platforms) == 0 {
		return res
	}
	have, err := platforms(ctx, repo, desc)
	if err != nil {
		res.Problem, res.CouldNotAsk = resolveProblem(err)
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

// resolveProblem is the registry's answer (not found: not served), or why it could
// not be asked (true).
func resolveProblem(err error) (string, bool) {
	var resp *errcode.ErrorResponse
	if errors.Is(err, errdef.ErrNotFound) || errors.As(err, &resp) && resp.StatusCode == http.StatusNotFound {
		return fmt.Sprintf("not found: %v", err), false
	}
	return fmt.Sprintf("could not ask: %v", registry.Explain(err)), true
}
