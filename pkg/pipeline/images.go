package pipeline

import (
	"fmt"
	"sort"
	"strings"

	"github.com/distribution/reference"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/render"
)

// workloadKinds hold pod templates whose images kustomize's images: transformer edits.
var workloadKinds = map[string][]string{
	"Deployment": {"spec", "template", "spec"}, "DaemonSet": {"spec", "template", "spec"},
	"StatefulSet": {"spec", "template", "spec"}, "Job": {"spec", "template", "spec"},
	"ReplicaSet": {"spec", "template", "spec"}, "CronJob": {"spec", "jobTemplate", "spec", "template", "spec"},
	"Pod": {"spec"},
}

// renderedImages lists every container and initContainer image of the workloads.
func renderedImages(m render.Resources) ([]string, error) {
	seen := map[string]bool{}
	for _, r := range m.Resources() {
		path, ok := workloadKinds[r.GetKind()]
		if !ok {
			continue
		}
		obj, err := r.Map()
		if err != nil {
			return nil, err
		}
		for _, field := range []string{"containers", "initContainers"} {
			for _, c := range nestedList(obj, append(path, field)...) {
				if im, ok := c.(map[string]any)["image"].(string); ok {
					seen[im] = true
				}
			}
		}
	}
	out := make([]string, 0, len(seen))
	for im := range seen {
		out = append(out, im)
	}
	sort.Strings(out)
	return out, nil
}

func nestedList(obj map[string]any, path ...string) []any {
	var cur any = obj
	for _, p := range path {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[p]
	}
	l, _ := cur.([]any)
	return l
}

// checkImageOverrides fails when a configured override changed no image: usually the
// name does not match the image as the provider's kustomization leaves it, and the
// release would silently ship the development image.
func checkImageOverrides(overrides []config.Image, version string, images []string) error {
	for _, o := range overrides {
		if !anyImageMatches(o, version, images) {
			return fmt.Errorf("components.images: override %q matched no container image; the images after rendering are [%s]: set name to one of those (without tag)",
				o.Name, strings.Join(images, ", "))
		}
	}
	return nil
}

func anyImageMatches(o config.Image, version string, images []string) bool {
	name, tag := o.NewName, o.NewTag
	if name == "" {
		name = o.Name
	}
	if o.TagFromVersion.Set() {
		tag = o.TagFromVersion.Tag(version)
	}
	for _, im := range images {
		n, t, d := splitImage(im)
		if n == name && (tag == "" || t == tag) && (o.Digest == "" || d == o.Digest) {
			return true
		}
	}
	return false
}

// splitImage splits "reg:5000/a/b:tag@sha256:..." into name (as written, not
// normalised: kustomize matches overrides against the written name), tag and digest.
// The digest is kept as written (kustomize does not validate it); a name that does not
// parse is returned whole.
func splitImage(im string) (name, tag, digest string) {
	named, digest, _ := strings.Cut(im, "@")
	ref, err := reference.Parse(named)
	if err != nil {
		return named, "", digest
	}
	if n, ok := ref.(reference.Named); ok {
		name = n.Name()
	}
	if t, ok := ref.(reference.Tagged); ok {
		tag = t.Tag()
	}
	return name, tag, digest
}
