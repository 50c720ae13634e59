package variables

import (
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// OnImages keeps the vars-image findings that are on an image clusterctl parses
// before substitution: a container or init container image of a Deployment or
// DaemonSet (cmd/clusterctl/internal/util/objs.go InspectImages). An `image: ${X}`
// line in a ConfigMap's embedded text or another kind's field is no such image.
func OnImages(fs lint.Findings, docs []manifest.Doc) lint.Findings {
	lines := imageLines(docs)
	out := fs[:0:0]
	for _, f := range fs {
		if f.Rule != RuleImage || lines[f.Line] {
			out = append(out, f)
		}
	}
	return out
}

// imageLines lists the file lines of those images.
func imageLines(docs []manifest.Doc) map[int]bool {
	lines := map[int]bool{}
	for _, d := range docs {
		if k := d.Obj.Kind(); k != "Deployment" && k != "DaemonSet" {
			continue
		}
		pod := manifest.MapValue(manifest.MapValue(manifest.MapValue(d.Node, "spec"), "template"), "spec")
		for _, list := range []string{"containers", "initContainers"} {
			seq := manifest.MapValue(pod, list)
			if seq == nil {
				continue
			}
			for _, c := range seq.Content {
				if img := manifest.MapValue(c, "image"); img != nil {
					lines[img.Line] = true
				}
			}
		}
	}
	return lines
}
