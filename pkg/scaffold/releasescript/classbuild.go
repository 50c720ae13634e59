package releasescript

import (
	"path"
	"regexp"
	"strings"
)

// ClassBuild is a build line writing a ClusterClass file: clusterclass-*.yaml, or
// ${VAR}.yaml from a folder ending in the same ${VAR} (a loop over ClusterClass
// folders, each written under its folder's name).
type ClassBuild struct{ Dir, Out, At string }

var (
	classBuild = regexp.MustCompile(`\bbuild\s+(.*?)\s*>>?\s*"?([^\s"]+\.yaml)`)
	classOut   = regexp.MustCompile(`^(?:clusterclass-[A-Za-z0-9][A-Za-z0-9.-]*|\$\{[A-Za-z_][A-Za-z0-9_]*\})\.yaml$`)
)

// addClassBuild records a build of dir into out when out names a ClusterClass file.
func (h *Hints) addClassBuild(args, out, at string) {
	dir := CleanRel(strings.Trim(BuildDir(args), `"'`))
	out = CleanRel(strings.Trim(out, `"'`))
	base := path.Base(out)
	if dir == "." || !classOut.MatchString(base) || strings.Contains(base, "$") && base != path.Base(dir)+".yaml" {
		return
	}
	h.ClassBuilds = append(h.ClassBuilds, ClassBuild{Dir: dir, Out: out, At: at})
}

// Resolve gives paths as the build writes them for the folder rel (its loop variable
// replaced by rel's last segment); false when the build does not build rel.
func (b ClassBuild) Resolve(rel string, paths ...string) ([]string, bool) {
	if !strings.Contains(b.Dir, "$") {
		return paths, b.Dir == rel
	}
	if re, _ := (Loop{Dir: b.Dir}).Pattern(); !re.MatchString(rel) {
		return nil, false
	}
	v := path.Base(b.Dir)
	if !strings.Contains(v, "$") {
		return paths, true
	}
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = strings.ReplaceAll(p, v, path.Base(rel))
	}
	return out, true
}
