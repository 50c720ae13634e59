package releasescript

import (
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// releaseScope is the scope the release runs make with: the first release pipeline
// call's variables, else the defaults.
func (h *Hints) releaseScope() scope {
	if len(h.scopes) > 0 {
		return h.scopes[0]
	}
	return scope{}
}

// fromVars reads the release image settings in the release scope: PROD_REGISTRY (else
// RELEASE_REGISTRY, else a registry a release pipeline sets) with *IMAGE_NAME, or a
// release image variable, and where each is set.
func (h *Hints) fromVars(m *makefile, pipes []*Pipeline) {
	look := m.lookup(h.releaseScope())
	val := func(k string) string { v, _ := look(k); return ExpandWith(v, look) }
	for _, k := range []string{"PROD_REGISTRY", "RELEASE_REGISTRY"} {
		if h.Registry == "" && val(k) != "" {
			h.Registry, h.RegistryAt = val(k), h.whereVar(k)
		}
	}
	for _, p := range pipes {
		for k, v := range p.Env {
			if p.Release && p.Kind != "script" && strings.HasSuffix(k, "REGISTRY") && strings.Contains(v, ".") && !strings.Contains(v, "$") && h.Registry == "" {
				h.Registry, h.RegistryAt = strings.TrimSuffix(v, "/"), p.EnvAt[k]
			}
		}
	}
	for _, k := range []string{"RELEASE_CONTROLLER_IMG", "RELEASE_IMG", "IMG_RELEASE", "PROD_IMG", "IMG"} {
		img := ImageName(val(k))
		if strings.Contains(strings.Split(img, "/")[0], ".") && !strings.Contains(img, "$") {
			h.Img, h.ImgVar, h.ImgAt = img, k, h.whereVar(k)
			break
		}
	}
	names := map[string]bool{}
	for k := range m.defs {
		names[k] = true
	}
	for k := range h.releaseScope().bind {
		names[k] = true
	}
	for k := range names {
		if v := val(k); strings.HasSuffix(k, "IMAGE_NAME") && v != "" && !strings.ContainsAny(v, "${}()") {
			h.ImageNames[v] = true
			h.ImageNameAt[v] = h.whereVar(k)
		}
	}
}

// whereVar says where a variable gets its release-scope value: the pipeline line
// passing it to make, the pipeline env setting it, or its Makefile assignment.
func (h *Hints) whereVar(k string) string {
	sc := h.releaseScope()
	if _, ok := sc.bind[k]; ok {
		return sc.from
	}
	if d, ok := h.makefile.defs[k]; ok && d.op != "?=" {
		return d.at
	}
	for _, p := range h.Pipes {
		if at := p.EnvAt[k]; at != "" && p.Release {
			return at
		}
	}
	return h.makefile.defs[k].at
}

// makeCall is an innermost Make function call ($(subst _,-,x)): init does not evaluate
// them, so a call in a path stands for one unknown segment, like a loop variable.
var (
	makeCall = regexp.MustCompile(`\$\([a-z]+ [^()]*\)`)
	varParen = regexp.MustCompile(`\$\(([A-Za-z_][A-Za-z0-9_]*)\)`)
)

func (h *Hints) fromLine(root string, l Line) {
	t := varParen.ReplaceAllString(l.Text, "$${$1}")
	for makeCall.MatchString(t) {
		t = makeCall.ReplaceAllString(t, "$${MAKE_CALL}")
	}
	if pp := pullPolicyOf(t, l.Release); pp != "" && !l.Dev() && !checkLine(l) && (h.PullPolicy == "" || l.Release && !h.PullRelease) {
		h.PullPolicy, h.PullAt, h.PullRelease = pp, l.At, l.Release
	}
	switch {
	case h.ImagePin != "" || l.Dev():
	case strings.Contains(t, "set-manifest-image"):
		h.ImagePin = "replaces the Makefile's set-manifest-image (sed on a tracked image patch)"
	case strings.Contains(t, "edit set image"):
		h.ImagePin = "replaces the Makefile's kustomize edit set image (an edit of a tracked kustomization)"
	}
	if strings.Contains(t, "runtime-sdk-openapi.yaml") {
		h.OpenAPI = true
	}
	if m := renameLine.FindStringSubmatch(t); m != nil && !IsTestPath(t) {
		h.Renames[m[1]] = ""
	}
	if m := CompBuild.FindStringSubmatch(t); m != nil && !IsTestPath(m[3]) {
		h.Builds = append(h.Builds, ComponentBuild{Cd: m[1], Dir: m[2], File: m[3], At: l.At})
		return
	}
	if m := patternRule.FindStringSubmatch(t); m != nil && !IsTestPath(t) {
		h.Patterns = append(h.Patterns, CleanRel(m[1]))
		return
	}
	if m := explicit.FindStringSubmatch(t); m != nil && !IsTestPath(m[1]) {
		h.addFlavor(root, m[3], m[2], l)
		return
	}
	if m := classBuild.FindStringSubmatch(t); m != nil && !(l.Dev() && !l.Release) && !IsTestPath(m[2]) {
		h.addClassBuild(m[1], m[2], l.At)
	}
	if m := BuildLine.FindStringSubmatch(t); m != nil {
		if f := BuildDir(m[1]); f != "" {
			h.Outputs[CleanRel(strings.Trim(m[2], `"'`))] = CleanRel(strings.Trim(f, `"'`))
			if !IsTestPath(m[2]) {
				h.addFlavor(root, f, m[3], l)
			}
		}
	}
}

// addFlavor records a flavor rendered from dir, when dir is a kustomize folder; a dir
// or flavor still holding a variable is a loop, resolved against the folders found.
// A development target's render (make create-workload-cluster) is no flavor: it is
// recorded apart, to comment.
func (h *Hints) addFlavor(root, dir, flavor string, l Line) {
	dir, at := CleanRel(strings.Trim(dir, `"'`)), l.At
	if l.Dev() && !l.Release {
		if !strings.Contains(dir, "$") && h.src.IsKustomization(filepath.Join(root, filepath.FromSlash(dir))) && h.DevFlavors[dir] == "" {
			h.DevFlavors[dir] = at + " (" + l.Target + ")"
		}
		return
	}
	if strings.Contains(dir, "$") || strings.Contains(flavor, "$") {
		h.Loops = append(h.Loops, Loop{Dir: dir, Flavor: flavor, At: at})
		return
	}
	if !h.src.IsKustomization(filepath.Join(root, filepath.FromSlash(dir))) {
		return
	}
	for _, f := range h.Flavors[dir] {
		if f == flavor {
			return
		}
	}
	h.Flavors[dir] = append(h.Flavors[dir], flavor)
	h.FlavorLine[dir] = at
}

// Expand replaces $(VAR) and ${VAR} with Makefile values, a few levels deep.
func Expand(s string, vars map[string]string) string {
	return ExpandWith(s, func(k string) (string, bool) { v, ok := vars[k]; return v, ok })
}

var ciExpr = regexp.MustCompile(`\$\{\{\s*([^}]*?)\s*\}\}`)

// ciValue turns a workflow expression into what init can read: ${{ env.VAR }} is
// ${VAR}; github.repository and github.repository_owner come from look (go.mod's
// github.com module); any other stays unresolved, written without blanks.
func ciValue(look func(string) (string, bool)) func(string) string {
	return func(ref string) string {
		expr := ciExpr.FindStringSubmatch(ref)[1]
		if v, ok := strings.CutPrefix(expr, "env."); ok {
			return "${" + v + "}"
		}
		if v, ok := look(expr); ok && strings.HasPrefix(expr, "github.") {
			return v
		}
		return "${{" + strings.ReplaceAll(expr, " ", "") + "}}"
	}
}

// ExpandWith replaces $(VAR), ${VAR} and a workflow's ${{ env.VAR }} with the values
// look gives, a few levels deep, and evaluates $(if …), $(strip …) and $(subst …);
// unknown variables stay as written (inside those calls they are empty, as in make).
func ExpandWith(s string, look func(string) (string, bool)) string {
	return expandWith(s, look, 0)
}

// expandWith is ExpandWith that also evaluates the Make functions init knows
// (evalFuncs), depth calls deep.
func expandWith(s string, look func(string) (string, bool), depth int) string {
	for range 4 {
		next := ciExpr.ReplaceAllStringFunc(s, ciValue(look))
		next = varRef.ReplaceAllStringFunc(next, func(ref string) string {
			v, ok := look(varRef.FindStringSubmatch(ref)[1])
			if !ok {
				return ref
			}
			return v
		})
		next = evalFuncs(next, look, depth)
		if next == s {
			break
		}
		s = next
	}
	return s
}

// CleanRel cleans a slash path as a script writes it (./ and a trailing / dropped).
func CleanRel(p string) string {
	p = strings.TrimPrefix(filepath.ToSlash(filepath.Clean(p)), "./")
	return strings.TrimSuffix(p, "/")
}

// IsTestPath reports paths of test and e2e data, which are not released.
func IsTestPath(p string) bool {
	return strings.Contains(p, "e2e") || strings.Contains(p, "/test/") || strings.HasPrefix(p, "test/")
}

// BuildDir is the folder argument of a kustomize build line ("" if none).
func BuildDir(args string) string {
	for _, f := range strings.Fields(args) {
		if !strings.HasPrefix(f, "-") && !strings.HasPrefix(f, "LoadRestrictions") {
			return f
		}
	}
	return ""
}

// checkLine says whether l is in a verify or scan script or target (a check of the
// images, such as a trivy scan): not evidence of what the release sets.
func checkLine(l Line) bool {
	file, _, _ := strings.Cut(l.At, ":")
	name := strings.ToLower(l.Target + " " + path.Base(file))
	return !l.Release && (strings.Contains(name, "verify") || strings.Contains(name, "scan"))
}

// pullPolicyOf reads a PULL_POLICY=X argument, or (on the release path, where its
// variables have their release values) a sed writing imagePullPolicy: X.
func pullPolicyOf(text string, release bool) string {
	m := pullPolicy.FindStringSubmatch(text)
	switch {
	case m == nil:
		return ""
	case m[1] != "":
		return m[1]
	case release:
		return m[2]
	}
	return ""
}
