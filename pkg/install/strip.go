package install

import (
	"context"
	"fmt"
	"net/url"

	"golang.org/x/sync/errgroup"
)

const (
	admissionPath = "/apis/admissionregistration.k8s.io/v1/"
	crdPath       = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions"
)

// Strip deletes every admission webhook configuration and sets the conversion of
// every CRD not at None already to None, so that creating custom resources calls no webhook: with no
// provider pods, a webhook's Service address is outside this machine.
func (c *Client) Strip(ctx context.Context) (webhooks, crds int, err error) {
	for _, kind := range []string{"validatingwebhookconfigurations", "mutatingwebhookconfigurations"} {
		n, err := c.deleteAll(ctx, admissionPath+kind)
		if err != nil {
			return 0, 0, err
		}
		webhooks += n
	}
	names, err := c.names(ctx, crdPath, converting)
	if err != nil {
		return 0, 0, err
	}
	patch := []byte(`{"spec":{"conversion":{"strategy":"None","webhook":null}}}`)
	err = eachName(names, func(n string) error {
		if _, err := c.raw(ctx, "PATCH", crdPath+"/"+url.PathEscape(n), "application/merge-patch+json", patch); err != nil {
			return fmt.Errorf("setting conversion None on CRD %s: %w", n, err)
		}
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	return webhooks, len(names), nil
}

func (c *Client) deleteAll(ctx context.Context, path string) (int, error) {
	names, err := c.names(ctx, path, nil)
	if err != nil {
		return 0, err
	}
	err = eachName(names, func(n string) error {
		if _, err := c.raw(ctx, "DELETE", path+"/"+url.PathEscape(n), "", nil); err != nil {
			return fmt.Errorf("deleting %s: %w", n, err)
		}
		return nil
	})
	return len(names), err
}

// stripWorkers bounds the requests Strip has in flight: the API server handles each
// CRD's update on its own (a CAPA-sized release has dozens), so one at a time waits
// on every round trip in turn.
const stripWorkers = 8

// eachName runs do for every name, stripWorkers at a time; the first error wins.
func eachName(names []string, do func(string) error) error {
	var g errgroup.Group
	g.SetLimit(stripWorkers)
	for _, n := range names {
		g.Go(func() error { return do(n) })
	}
	return g.Wait()
}

// names lists the names of a cluster-scoped collection's items that keep says to.
func (c *Client) names(ctx context.Context, path string, keep func(listItem) bool) ([]string, error) {
	var list struct {
		Items []listItem `json:"items"`
	}
	if err := c.get(ctx, path, &list); err != nil {
		return nil, err
	}
	var out []string
	for _, it := range list.Items {
		if keep == nil || keep(it) {
			out = append(out, it.Metadata.Name)
		}
	}
	return out, nil
}

// listItem is what Strip reads of a listed object: its name and, of a CRD, its
// conversion strategy.
type listItem struct {
	Metadata struct {
		Name string `json:"name"`
	} `json:"metadata"`
	Spec struct {
		Conversion struct {
			Strategy string `json:"strategy"`
		} `json:"conversion"`
	} `json:"spec"`
}

// converting keeps the CRDs whose conversion strategy is not None (each update makes
// the API server rebuild the CRD's handler and schemas: skip those it needs not).
func converting(it listItem) bool { return it.Spec.Conversion.Strategy != "None" }
