package install

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"sort"
)

// upgrade installs an earlier release on a control plane of its own, creates one
// object of each of its kinds at the storage version, and runs clusterctl upgrade
// apply to the new release; clusterctl's or the API server's refusal is reported.
func (r *Result) upgrade(ctx context.Context, p Plan, i int, u Upgrade, log io.Writer) error {
	s, err := r.open(ctx, p, fmt.Sprintf("upgrade-%d", i), log)
	if err != nil {
		return err
	}
	defer s.cp.Stop()
	if _, err := s.ctl.run(ctx, append([]string{"init"}, u.From...)...); err != nil {
		r.Refusals = append(r.Refusals, Refusal{Step: "upgrade-init", Upgrade: i, Message: err.Error()})
		return ctx.Err()
	}
	if err := s.strip(ctx, r); err != nil {
		return err
	}
	s.createStored(ctx, u.Label, r)
	api, err := s.api.crdRefusals(ctx, filepath.Join(p.Dir, u.Components))
	if err != nil {
		return err
	}
	if len(api) > 0 {
		// clusterctl upgrade apply applies these CRDs; the API server refuses them the
		// same way and clusterctl retries for minutes before it fails, so it is not run.
		r.Refusals = append(r.Refusals, Refusal{Step: "upgrade", Upgrade: i,
			Message: withAPI("clusterctl upgrade apply would fail applying the new CRDs (not run)", api)})
		return ctx.Err()
	}
	return r.timed(fmt.Sprintf("upgrade %d", i), log, func() error {
		_, err := s.ctl.run(ctx, append([]string{"upgrade", "apply"}, u.To...)...)
		if err != nil && ctx.Err() == nil {
			r.Refusals = append(r.Refusals, Refusal{Step: "upgrade", Upgrade: i, Message: withAPI(err.Error(), api)})
		}
		return ctx.Err()
	})
}

// withAPI adds the API server's own refusals of the new CRDs to clusterctl's message.
func withAPI(msg string, api map[string]string) string {
	names := make([]string, 0, len(api))
	for n := range api {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		msg += "\nthe API server refuses the new CRD " + n + ": " + api[n]
	}
	return msg
}

type crdInfo struct {
	Spec struct {
		Group string `json:"group"`
		Names struct {
			Kind string `json:"kind"`
		} `json:"names"`
		Scope    string `json:"scope"`
		Versions []struct {
			Name    string `json:"name"`
			Storage bool   `json:"storage"`
		} `json:"versions"`
	} `json:"spec"`
}

// createStored creates one object of each CRD of the provider at its storage
// version (fields unknown to it ignored); one it refuses is a note, not a finding.
func (s *session) createStored(ctx context.Context, label string, r *Result) {
	var list struct {
		Items []crdInfo `json:"items"`
	}
	q := url.Values{"labelSelector": {"cluster.x-k8s.io/provider=" + label}}
	if err := s.api.get(ctx, crdPath+"?"+q.Encode(), &list); err != nil {
		r.Notes = append(r.Notes, "listing "+label+"'s CRDs: "+err.Error())
		return
	}
	for _, c := range list.Items {
		for _, v := range c.Spec.Versions {
			if !v.Storage {
				continue
			}
			meta := map[string]any{"name": "capirepo-upgrade"}
			if c.Spec.Scope == "Namespaced" {
				meta["namespace"] = "default"
			}
			o := Object{"apiVersion": c.Spec.Group + "/" + v.Name, "kind": c.Spec.Names.Kind, "metadata": meta, "spec": map[string]any{}}
			if err := s.api.Create(ctx, o, false, "Ignore"); err != nil {
				r.Notes = append(r.Notes, fmt.Sprintf("could not create a %s %s before the upgrade: %v", c.Spec.Names.Kind, v.Name, err))
			}
		}
	}
}
