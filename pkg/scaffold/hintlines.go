package scaffold

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

var workflowEnv = regexp.MustCompile(`^\s+([A-Z][A-Z0-9_]*):\s*["']?([^"'\s]+)`)

func isMake(rel string) bool { return rel == "Makefile" || strings.HasSuffix(rel, ".mk") }

func itoa(n int) string { return strconv.Itoa(n) }

// workflowVar takes a release registry from the release workflow's env (REGISTRY: ghcr.io/org).
func (h *hints) workflowVar(k, v string) {
	if strings.HasSuffix(k, "REGISTRY") && strings.Contains(v, ".") && !strings.Contains(v, "${{") && h.wfRegistry == "" {
		h.wfRegistry = strings.TrimSuffix(v, "/")
	}
}

// fromVars reads the release image settings: PROD_REGISTRY (else a *RELEASE*_REGISTRY,
// else the release workflow's registry) with *IMAGE_NAME, or a release image variable.
func (h *hints) fromVars(vars map[string]string) {
	h.registry = expand(vars["PROD_REGISTRY"], vars)
	for _, k := range []string{"RELEASE_REGISTRY", "PROD_REGISTRY"} {
		if h.registry == "" {
			h.registry = expand(vars[k], vars)
		}
	}
	if h.registry == "" {
		h.registry = h.wfRegistry
	}
	for _, k := range []string{"RELEASE_CONTROLLER_IMG", "RELEASE_IMG", "IMG_RELEASE", "PROD_IMG", "IMG"} {
		img := imageName(expand(vars[k], vars))
		if strings.Contains(strings.Split(img, "/")[0], ".") && !strings.Contains(img, "$") {
			h.img = img
			break
		}
	}
	for k, v := range vars {
		if strings.HasSuffix(k, "IMAGE_NAME") && v != "" {
			h.imageNames[expand(v, vars)] = true
		}
	}
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
	if m := pullPolicy.FindStringSubmatch(t); m != nil && h.pullPolicy == "" && !l.dev() {
		h.pullPolicy = m[1]
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
		h.builds = append(h.builds, componentBuild{cd: m[1], dir: m[2], file: m[3]})
		return
	}
	if m := patternRule.FindStringSubmatch(t); m != nil && !testPath(t) {
		h.patterns = append(h.patterns, cleanRel(m[1]))
		return
	}
	if m := explicit.FindStringSubmatch(t); m != nil && !testPath(m[1]) {
		h.addFlavor(root, m[3], m[2], l.at)
		return
	}
	if m := buildLine.FindStringSubmatch(t); m != nil {
		if f := buildDir(m[1]); f != "" {
			h.outputs[cleanRel(strings.Trim(m[2], `"'`))] = cleanRel(strings.Trim(f, `"'`))
		}
	}
	if m := buildLine.FindStringSubmatch(t); m != nil && !testPath(m[2]) {
		for _, f := range strings.Fields(m[1]) {
			if !strings.HasPrefix(f, "-") && !strings.HasPrefix(f, "LoadRestrictions") {
				h.addFlavor(root, f, m[3], l.at)
				break
			}
		}
	}
}

// addFlavor records a flavor rendered from dir, when dir is a kustomize folder; a dir
// or flavor still holding a variable is a loop, resolved against the folders found.
func (h *hints) addFlavor(root, dir, flavor, at string) {
	dir = cleanRel(strings.Trim(dir, `"'`))
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
	for range 4 {
		next := varRef.ReplaceAllStringFunc(s, func(ref string) string {
			v, ok := vars[varRef.FindStringSubmatch(ref)[1]]
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
