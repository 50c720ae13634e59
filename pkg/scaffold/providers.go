package scaffold

import (
	"cmp"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"

	"github.com/capirepo/capirepo/pkg/scaffold/releasescript"
)

// providerType returns the one type the CRD groups fit: the core provider when
// cluster.x-k8s.io itself is served (the core also serves addons, ipam and runtime
// groups), otherwise the single type of the cluster.x-k8s.io groups ("" if mixed or none).
func providerType(groups []string) string {
	ts := types(groups)
	if slices.Contains(ts, "CoreProvider") {
		return "CoreProvider"
	}
	if len(ts) == 1 {
		return ts[0]
	}
	return ""
}

// typ is the provider type of a components folder: the one type its CRD groups fit,
// else, when they mix types (CAPA ships its EKS bootstrap and control-plane CRDs in its
// infrastructure components), the type its cluster.x-k8s.io/provider label names if
// that type is among them; "" otherwise.
func (src *source) typ() string {
	if t := providerType(src.c.groups); t != "" {
		return t
	}
	typ, _ := layout.ParseLabel(src.tree.label)
	if src.tree.label != "" && typ != "CoreProvider" {
		for _, g := range src.c.groups {
			if groupType(g) == string(typ) {
				return string(typ)
			}
		}
		if len(src.c.groups) > 0 && len(types(src.c.groups)) == 0 {
			return string(typ) // CRDs in the provider's own group (ipam.metal3.io): the label names the type
		}
	}
	if ts := types(src.c.groups); len(ts) == 2 && slices.Contains(ts, "InfrastructureProvider") {
		return "InfrastructureProvider" // an infrastructure provider also defining a control-plane kind
	}
	return ""
}

// types lists the provider types of the cluster.x-k8s.io groups, in first-seen order.
func types(groups []string) []string {
	var out []string
	for _, g := range groups {
		if t := groupType(g); t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// typeNote says why a folder mixing provider types got its type ("" when it does not mix).
func (src *source) typeNote() string {
	if providerType(src.c.groups) != "" {
		return ""
	}
	if len(types(src.c.groups)) == 0 {
		return "its CRDs serve " + strings.Join(slices.Compact(slices.Sorted(slices.Values(src.c.groups))), ", ") +
			", no cluster.x-k8s.io group: the cluster.x-k8s.io/provider label " + src.tree.label + " names the type"
	}
	var groups []string
	for _, g := range src.c.groups {
		if groupType(g) != "" && !slices.Contains(groups, g) {
			groups = append(groups, g)
		}
	}
	return "its CRDs serve " + strings.Join(groups, ", ") + ": one provider of this type (check it)"
}

// components are the sources that load a Deployment and the CRDs of one type.
func (s *treeSurvey) components() []*source {
	var out []*source
	for _, src := range s.sources {
		if src.c.deployments > 0 && src.typ() != "" {
			out = append(out, src)
		}
	}
	return out
}

// providerRoot is the folder above the config folder holding a components folder.
func providerRoot(rel string) string {
	parts := strings.Split(rel, "/")
	if i := slices.Index(parts, "config"); i >= 0 {
		if i == 0 {
			return "."
		}
		return strings.Join(parts[:i], "/")
	}
	if d := path.Dir(rel); d != "" {
		return d
	}
	return "."
}

// providers groups the components folders by provider root and type and picks each
// provider's main folder: "default" first, then the one no other folder loads.
func (s *treeSurvey) providers() ([]*Provider, []string) {
	comps := s.components()
	groups := map[string][]*source{}
	var keys []string
	for _, c := range comps {
		k := providerRoot(c.rel) + "\x00" + c.typ()
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], c)
	}
	keys = mergeOverlays(groups, keys)
	var out []*Provider
	var skipped []string
	for _, k := range keys {
		p := s.provider(groups[k])
		if _, built := s.buildOf(p.Components); strings.HasPrefix(p.Components, "test/") && !built {
			skipped = append(skipped, p.Components)
			continue
		}
		out = append(out, p)
	}
	slices.SortStableFunc(out, func(a, b *Provider) int {
		return cmp.Or(cmp.Compare(typeOrder(string(a.Type)), typeOrder(string(b.Type))), cmp.Compare(a.Root, b.Root))
	})
	dedupeNames(out)
	return out, skipped
}

// mergeOverlays gives a group whose folders all load another group's folder (an
// overlay in deploy/ of config/default) to that group: one provider, whose folders
// the release tells apart.
func mergeOverlays(groups map[string][]*source, keys []string) []string {
	var out []string
	for _, k := range keys {
		if to := baseGroup(groups, k); to != "" {
			for _, o := range groups[k] {
				o.overlay = true
			}
			groups[to] = append(groups[to], groups[k]...)
			continue
		}
		out = append(out, k)
	}
	return out
}

// baseGroup is the group whose folders every folder of group k loads ("" when none).
func baseGroup(groups map[string][]*source, k string) string {
	_, typ, _ := strings.Cut(k, "\x00")
	for k2, srcs := range groups {
		if _, typ2, _ := strings.Cut(k2, "\x00"); k2 == k || typ2 != typ {
			continue
		}
		if !slices.ContainsFunc(groups[k], func(o *source) bool {
			return !slices.ContainsFunc(srcs, func(b *source) bool { return o.tree.includes(b.tree.dir) })
		}) {
			return k2
		}
	}
	return ""
}

func typeOrder(t string) int {
	return slices.Index([]string{"CoreProvider", "BootstrapProvider", "ControlPlaneProvider", "InfrastructureProvider",
		"IPAMProvider", "RuntimeExtensionProvider", "AddonProvider"}, t)
}

func (s *treeSurvey) provider(srcs []*source) *Provider {
	slices.SortFunc(srcs, func(a, b *source) int {
		return cmp.Or(cmp.Compare(rank(a, srcs), rank(b, srcs)), cmp.Compare(len(a.rel), len(b.rel)), cmp.Compare(a.rel, b.rel))
	})
	s.releaseOverlayFirst(srcs)
	main := srcs[0]
	p := &Provider{Provider: layout.Provider{Type: layout.Type(main.typ())}, TypeNote: main.typeNote(), Root: providerRoot(main.rel), Components: main.rel, scriptHints: s.hints}
	p.trees = append(p.trees, main.tree)
	if b, ok := s.buildOf(main.rel); ok && b.File != componentsFile(p.Type) {
		p.File = b.File
		p.cite("componentsFile", Scripted, "the name %s renders it to", b.At)
	}
	for _, o := range srcs[1:] {
		if main.tree.includes(o.tree.dir) {
			continue
		}
		if o.tree.includes(main.tree.dir) {
			p.Overlays = append(p.Overlays, o.rel)
			continue
		}
		if b, ok := s.buildOf(o.rel); ok {
			p.Extra = append(p.Extra, Extra{Name: b.File, Kustomize: o.rel, At: b.At + " renders it", Image: s.image(o)})
			s.askMovingTag(p, main, o, b.File)
			p.trees = append(p.trees, o.tree)
		} else if !includedByAny(o, srcs) && !devFolder(o.rel) {
			p.Variants = append(p.Variants, o.rel)
		}
	}
	s.decideName(p, main)
	s.checkType(p, main)
	p.Image = s.image(main)
	if main.c.image != "" {
		p.tagLeft = finalTag(main.tree, main.c.image)
	}
	s.citeComponents(p, main)
	return p
}

// devFolder reports development and test overlays (tilt, dev, test, e2e).
func devFolder(rel string) bool {
	for _, part := range strings.Split(rel, "/") {
		for _, w := range []string{"tilt", "dev", "test", "e2e"} {
			if strings.Contains(part, w) {
				return true
			}
		}
	}
	return false
}

// rank orders candidate main folders: config/default, then folders no other loads.
func rank(src *source, all []*source) int {
	switch {
	case src.overlay:
		return 3
	case path.Base(src.rel) == "default":
		return 0
	case !includedByAny(src, all):
		return 1
	}
	return 2
}

// dedupeNames appends the provider folder to names declared twice for one type.
func dedupeNames(ps []*Provider) {
	seen := map[string]bool{}
	for _, p := range ps {
		label := layout.Label(p.Type, p.Name)
		if seen[label] {
			p.Name += "-" + strings.ReplaceAll(path.Base(p.Root), "_", "-")
			p.NameFrom += " (renamed: another provider has the same name)"
		}
		seen[layout.Label(p.Type, p.Name)] = true
	}
}

// image returns the manager image name the components folder leaves.
func (s *treeSurvey) image(main *source) string {
	if main.c.image == "" {
		return ""
	}
	return finalImage(main.tree, main.c.image)
}

func componentsFile(typ layout.Type) string { return layout.ComponentsFile(typ) }

// buildOf returns the Makefile's components build of the folder rel: one naming it, or
// one naming a copy of it outside the tree (CAPV builds $(BUILD_DIR)/config/default).
func (s *treeSurvey) buildOf(rel string) (releasescript.ComponentBuild, bool) {
	for _, b := range s.hints.Builds {
		if b.Folder() == rel {
			return b, true
		}
	}
	for _, b := range s.hints.Builds {
		d := b.Folder()
		if _, err := os.Stat(s.abs(d)); strings.HasSuffix(d, "/"+rel) && err != nil {
			return b, true
		}
	}
	return releasescript.ComponentBuild{}, false
}
