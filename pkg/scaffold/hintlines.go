package scaffold

import (
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// releaseScope is the scope the release runs make with: the first release pipeline
// call's variables, else the defaults.
func (h *hints) releaseScope() scope {
	if len(h.scopes) > 0 {
		return h.scopes[0]
	}
	return scope{}
}

// fromVars reads the release image settings in the release scope: PROD_REGISTRY (else
// RELEASE_REGISTRY, else a registry a release pipeline sets) with *IMAGE_NAME, or a
// release image variable, and where each is set.
func (h *hints) fromVars(m *makefile, pipes []*ciFile) {
	look := m.lookup(h.releaseScope())
	val := func(k string) string { v, _ := look(k); return expandWith(v, look) }
	for _, k := range []string{"PROD_REGISTRY", "RELEASE_REGISTRY"} {
		if h.registry == "" && val(k) != "" {
			h.registry, h.registryAt = val(k), h.whereVar(k)
		}
	}
	for _, p := range pipes {
		for k, v := range p.env {
			if p.release && p.kind != "script" && strings.HasSuffix(k, "REGISTRY") && strings.Contains(v, ".") && !strings.Contains(v, "$") && h.registry == "" {
				h.registry, h.registryAt = strings.TrimSuffix(v, "/"), p.envAt[k]
			}
		}
	}
	for _, k := range []string{"RELEASE_CONTROLLER_IMG", "RELEASE_IMG", "IMG_RELEASE", "PROD_IMG", "IMG"} {
		img := imageName(val(k))
		if strings.Contains(strings.Split(img, "/")[0], ".") && !strings.Contains(img, "$") {
			h.img, h.imgVar, h.imgAt = img, k, h.whereVar(k)
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
			h.imageNames[v] = true
			h.imageNameAt[v] = h.whereVar(k)
		}
	}
}

// whereVar says where a variable gets its release-scope value: the pipeline line
// passing it to make, the pipeline env setting it, or its Makefile assignment.
func (h *hints) whereVar(k string) string {
	sc := h.releaseScope()
	if _, ok := sc.bind[k]; ok {
		return sc.from
	}
	if d, ok := h.makefile.defs[k]; ok && d.op != "?=" {
		return d.at
	}
	for _, p := range h.pipes {
		if at := p.envAt[k]; at != "" && p.release {
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

func (h *hints) fromLine(root string, l mkLine) {
	t := varParen.ReplaceAllString(l.text, "$${$1}")
	for makeCall.MatchString(t) {
		t = makeCall.ReplaceAllString(t, "$${MAKE_CALL}")
	}
	if pp := pullPolicyOf(t, l.release); pp != "" && !l.dev() && !checkLine(l) && (h.pullPolicy == "" || l.release && !h.pullRelease) {
		h.pullPolicy, h.pullAt, h.pullRelease = pp, l.at, l.release
	}
	switch {
	case h.imagePin != "" || l.dev():
	case strings.Contains(t, "set-manifest-image"):
		h.imagePin = "replaces the Makefile's set-manifest-image (sed on a tracked image patch)"
	case strings.Contains(t, "edit set image"):
		h.imagePin = "replaces the Makefile's kustomize edit set image (an edit of a tracked kustomization)"
	}
	if strings.Contains(t, "runtime-sdk-openapi.yaml") {
		h.openAPI = true
	}
	if m := renameLine.FindStringSubmatch(t); m != nil && !testPath(t) {
		h.renames[m[1]] = ""
	}
	if m := compBuild.FindStringSubmatch(t); m != nil && !testPath(m[3]) {
		h.builds = append(h.builds, componentBuild{cd: m[1], dir: m[2], file: m[3], at: l.at})
		return
	}
	if m := patternRule.FindStringSubmatch(t); m != nil && !testPath(t) {
		h.patterns = append(h.patterns, cleanRel(m[1]))
		return
	}
	if m := explicit.FindStringSubmatch(t); m != nil && !testPath(m[1]) {
		h.addFlavor(root, m[3], m[2], l)
		return
	}
	if m := buildLine.FindStringSubmatch(t); m != nil {
		if f := buildDir(m[1]); f != "" {
			h.outputs[cleanRel(strings.Trim(m[2], `"'`))] = cleanRel(strings.Trim(f, `"'`))
			if !testPath(m[2]) {
				h.addFlavor(root, f, m[3], l)
			}
		}
	}
}

// addFlavor records a flavor rendered from dir, when dir is a kustomize folder; a dir
// or flavor still holding a variable is a loop, resolved against the folders found.
// A development target's render (make create-workload-cluster) is no flavor: it is
// recorded apart, to comment.
func (h *hints) addFlavor(root, dir, flavor string, l mkLine) {
	dir, at := cleanRel(strings.Trim(dir, `"'`)), l.at
	if l.dev() && !l.release {
		if !strings.Contains(dir, "$") && kustomizationIn(filepath.Join(root, filepath.FromSlash(dir))) != "" && h.devFlavors[dir] == "" {
			h.devFlavors[dir] = at + " (" + l.target + ")"
		}
		return
	}
	if strings.Contains(dir, "$") || strings.Contains(flavor, "$") {
		h.loops = append(h.loops, loopBuild{dir: dir, flavor: flavor, at: at})
		return
	}
	if kustomizationIn(filepath.Join(root, filepath.FromSlash(dir))) == "" {
		return
	}
	for _, f := range h.flavors[dir] {
		if f == flavor {
			return
		}
	}
	h.flavors[dir] = append(h.flavors[dir], flavor)
	h.flavorLine[dir] = at
}

// expand replaces $(VAR) and ${VAR} with Makefile values, a few levels deep.
func expand(s string, vars map[string]string) string {
	return expandWith(s, func(k string) (string, bool) { v, ok := vars[k]; return v, ok })
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

// expandWith replaces $(VAR), ${VAR} and a workflow's ${{ env.VAR }} with the values
// look gives, a few levels deep; unknown variables stay as written.
func expandWith(s string, look func(string) (string, bool)) string {
	for range 4 {
		next := ciExpr.ReplaceAllStringFunc(s, ciValue(look))
		next = varRef.ReplaceAllStringFunc(next, func(ref string) string {
			v, ok := look(varRef.FindStringSubmatch(ref)[1])
			if !ok {
				return ref
			}
			return v
		})
		if next == s {
			break
		}
		s = next
	}
	return s
}

func cleanRel(p string) string {
	p = strings.TrimPrefix(filepath.ToSlash(filepath.Clean(p)), "./")
	return strings.TrimSuffix(p, "/")
}

// testPath reports paths of test and e2e data, which are not released.
func testPath(p string) bool {
	return strings.Contains(p, "e2e") || strings.Contains(p, "/test/") || strings.HasPrefix(p, "test/")
}

// buildDir is the folder argument of a kustomize build line ("" if none).
func buildDir(args string) string {
	for _, f := range strings.Fields(args) {
		if !strings.HasPrefix(f, "-") && !strings.HasPrefix(f, "LoadRestrictions") {
			return f
		}
	}
	return ""
}

// checkLine says whether l is in a verify or scan script or target (a check of the
// images, such as a trivy scan): not evidence of what the release sets.
func checkLine(l mkLine) bool {
	file, _, _ := strings.Cut(l.at, ":")
	name := strings.ToLower(l.target + " " + path.Base(file))
	return !l.release && (strings.Contains(name, "verify") || strings.Contains(name, "scan"))
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
