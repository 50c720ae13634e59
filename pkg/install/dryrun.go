package install

import (
	"context"
	"strings"

	"golang.org/x/sync/errgroup"

	"sigs.k8s.io/yaml"
)

// ClusterName is the cluster every flavor is generated as.
const ClusterName = "capirepo-install"

// dryRuns generates every flavor with clusterctl and dry-runs its objects, strict,
// dryRunWorkers flavors at a time; the refusals keep the flavors' order.
func (s *session) dryRuns(ctx context.Context, p Plan, r *Result) error {
	each := make([][]Refusal, len(p.Flavors))
	var g errgroup.Group
	g.SetLimit(dryRunWorkers)
	for i, f := range p.Flavors {
		g.Go(func() error {
			each[i] = s.dryRun(ctx, i, f)
			return nil
		})
	}
	_ = g.Wait()
	for _, rs := range each {
		r.Refusals = append(r.Refusals, rs...)
	}
	return ctx.Err()
}

// dryRunWorkers bounds the flavors in flight: each is a clusterctl process and a
// round trip per object, so two cores keep busy with a few at once.
const dryRunWorkers = 4

// dryRun generates flavor i and dry-runs each of its objects.
func (s *session) dryRun(ctx context.Context, i int, f Flavor) []Refusal {
	ctl := s.ctl
	ctl.values = f.Values
	out, err := ctl.run(ctx, s.generateArgs(f)...)
	if ctx.Err() != nil {
		return nil
	}
	if err != nil {
		return []Refusal{{Step: "generate", Flavor: i, Message: err.Error()}}
	}
	objs, err := Split(out)
	if err != nil {
		return []Refusal{{Step: "generate", Flavor: i, Message: "reading clusterctl's output: " + err.Error()}}
	}
	var rs []Refusal
	for j, o := range objs {
		if err := s.api.Create(ctx, o, true, "Strict"); err != nil && ctx.Err() == nil {
			rs = append(rs, Refusal{Step: "dry-run", Flavor: i, Kind: o.str("kind"),
				Name: o.str("metadata", "name"), Index: j, Message: err.Error()})
		}
	}
	return rs
}

func (s *session) generateArgs(f Flavor) []string {
	args := []string{"generate", "cluster", ClusterName, "--infrastructure", f.Provider, "--target-namespace", "default"}
	if f.Name != "" {
		args = append(args, "--flavor", f.Name)
	}
	return args
}

// Split decodes a multi-document YAML stream into objects, skipping empty documents.
func Split(data []byte) ([]Object, error) {
	var out []Object
	for _, doc := range documents(string(data)) {
		var o Object
		if err := yaml.Unmarshal([]byte(doc), &o); err != nil {
			return nil, err
		}
		if len(o) > 0 {
			out = append(out, o)
		}
	}
	return out, nil
}

// documents splits a YAML stream at its "---" lines.
func documents(s string) []string {
	var docs []string
	var b strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		if t := strings.TrimRight(line, " \r\n"); t == "---" || strings.HasPrefix(t, "--- ") {
			docs = append(docs, b.String())
			b.Reset()
			continue
		}
		b.WriteString(line)
	}
	return append(docs, b.String())
}
