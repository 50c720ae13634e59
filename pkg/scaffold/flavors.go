package scaffold

import (
	"slices"
	"strings"
)

// pathFlavor names a flavor folder by its path below root: segments joined with "-",
// "default" and "cluster-template" dropped (templates/flavors/k3s/default gives k3s,
// templates/overlays/csi3/api-key gives csi3-api-key), so nested trees name uniquely.
func pathFlavor(root, rel string) string {
	rest := strings.TrimPrefix(rel, root+"/")
	if root == "." || root == "" {
		rest = rel
	}
	var parts []string
	for _, p := range strings.Split(rest, "/") {
		p = strings.TrimPrefix(p, "cluster-template-")
		if p != "default" && p != "cluster-template" && p != "" {
			parts = append(parts, strings.ToLower(strings.ReplaceAll(p, "_", "-")))
		}
	}
	return strings.Join(parts, "-")
}

// flavorRoot returns the nearest folder above rel named flavors or overlays ("" if none).
func flavorRoot(rel string) string {
	parts := strings.Split(rel, "/")
	for i := len(parts) - 2; i >= 0; i-- {
		if parts[i] == "flavors" || parts[i] == "overlays" {
			return strings.Join(parts[:i+1], "/")
		}
	}
	return ""
}

// loopFlavors resolves the loops against the folders found: each matching folder is a
// flavor named by its path below the loop's fixed part; a loop writing one fixed name
// from several folders takes the first and comments the others.
func (s *treeSurvey) loopFlavors(names map[string][]string, at map[string]string) (commented []placed) {
	for _, l := range s.hints.Loops {
		re, prefix := l.Pattern()
		var matches []*source
		for _, src := range s.sources {
			if re.MatchString(src.rel) && !isBase(src.rel) && src.typ() == "" {
				matches = append(matches, src)
			}
		}
		for i, src := range matches {
			n := pathFlavor(prefix, src.rel)
			if !strings.Contains(l.Flavor, "$") {
				n = l.Flavor
			}
			if i > 0 && !strings.Contains(l.Flavor, "$") {
				commented = append(commented, placed{rel: src.rel, entry: Entry{Flavor: &n, Kustomize: src.rel,
					Comment: l.At + " renders one of several folders here (a variable picks it); init took " + matches[0].rel}})
				continue
			}
			if !slices.Contains(names[src.rel], n) {
				names[src.rel] = append(names[src.rel], n)
				at[src.rel] = l.At
			}
		}
	}
	return commented
}

// unique renames flavors two folders share to their path names, and applies the
// scripts' renames (mv cluster-template-X.yaml cluster-template.yaml).
func (s *treeSurvey) unique(ps []placed) []placed {
	count := map[string]int{}
	for _, p := range ps {
		count[*p.entry.Flavor]++
	}
	for i := range ps {
		n := *ps[i].entry.Flavor
		if to, ok := s.hints.Renames[n]; ok && count[to] == 0 {
			ps[i].entry.Comment += "; renamed from " + n + " as the scripts do (mv ... cluster-template.yaml)"
			n = to
		}
		if count[n] > 1 {
			n = pathFlavor("templates", ps[i].rel)
		}
		ps[i].entry.Flavor = &n
	}
	return ps
}
