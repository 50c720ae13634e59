package install

import (
	"context"
	"encoding/json"
	"github.com/capirepo/capirepo/pkg/fsx"
	"net/url"
)

// crdRefusals dry-runs an update of every CRD of the components file to its new
// definition and returns the API server's refusals (status.storedVersions naming a
// version the new CRD removed), by CRD name.
func (c *Client) crdRefusals(ctx context.Context, components string) (map[string]string, error) {
	data, err := fsx.ReadFile(components)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, doc := range documents(string(data)) {
		objs, err := Split([]byte(doc))
		if err != nil || len(objs) != 1 || objs[0].str("kind") != "CustomResourceDefinition" {
			continue
		}
		name := objs[0].str("metadata", "name")
		if msg := c.dryRunReplace(ctx, crdPath+"/"+url.PathEscape(name), objs[0]); msg != "" {
			out[name] = msg
		}
	}
	return out, nil
}

// dryRunReplace replaces the object at path by o in a dry run; "" when accepted or
// when there is nothing to replace.
func (c *Client) dryRunReplace(ctx context.Context, path string, o Object) string {
	var cur Object
	if err := c.get(ctx, path, &cur); err != nil {
		return ""
	}
	meta, _ := o["metadata"].(map[string]any)
	if meta == nil {
		return ""
	}
	meta["resourceVersion"] = cur.str("metadata", "resourceVersion")
	body, err := json.Marshal(o)
	if err != nil {
		return ""
	}
	if _, err := c.raw(ctx, "PUT", path+"?dryRun=All", "application/json", body); err != nil {
		return err.Error()
	}
	return ""
}
