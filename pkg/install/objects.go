package install

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// Object is one Kubernetes object as decoded JSON.
type Object map[string]any

func (o Object) str(path ...string) string {
	var v any = map[string]any(o)
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return ""
		}
		v = m[p]
	}
	s, _ := v.(string)
	return s
}

// Kind is "Kind name" for messages.
func (o Object) Kind() string { return o.str("kind") + " " + o.str("metadata", "name") }

type resource struct {
	Name       string `json:"name"`
	Kind       string `json:"kind"`
	Namespaced bool   `json:"namespaced"`
}

// resourceFor finds the REST resource of apiVersion/kind by discovery, waiting a
// little for a kind whose CRD was just created.
func (c *Client) resourceFor(ctx context.Context, apiVersion, kind string) (resource, error) {
	path := "/apis/" + apiVersion
	if !strings.Contains(apiVersion, "/") {
		path = "/api/" + apiVersion
	}
	for try := 0; ; try++ {
		var list struct {
			Resources []resource `json:"resources"`
		}
		err := c.get(ctx, path, &list)
		for _, r := range list.Resources {
			if r.Kind == kind && !strings.Contains(r.Name, "/") {
				return r, nil
			}
		}
		if try == 40 || ctx.Err() != nil {
			return resource{}, fmt.Errorf("no resource for %s %s in the API server (%v): is its CRD installed?", apiVersion, kind, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// objectPath is the collection path of o's resource.
func (c *Client) objectPath(ctx context.Context, o Object) (string, error) {
	av, kind := o.str("apiVersion"), o.str("kind")
	if av == "" || kind == "" {
		return "", errors.New("the object has no apiVersion or kind")
	}
	r, err := c.resourceFor(ctx, av, kind)
	if err != nil {
		return "", err
	}
	base := "/apis/" + av
	if !strings.Contains(av, "/") {
		base = "/api/" + av
	}
	if r.Namespaced {
		ns := o.str("metadata", "namespace")
		if ns == "" {
			ns = "default"
		}
		base += "/namespaces/" + url.PathEscape(ns)
	}
	return base + "/" + r.Name, nil
}

// Create creates o; dryRun makes it a server-side dry run. validation is the
// fieldValidation level (Strict, Warn, Ignore).
func (c *Client) Create(ctx context.Context, o Object, dryRun bool, validation string) error {
	path, err := c.objectPath(ctx, o)
	if err != nil {
		return err
	}
	q := url.Values{"fieldValidation": {validation}}
	if dryRun {
		q.Set("dryRun", "All")
	}
	body, err := json.Marshal(o)
	if err != nil {
		return err
	}
	_, err = c.raw(ctx, "POST", path+"?"+q.Encode(), "application/json", body)
	return err
}
