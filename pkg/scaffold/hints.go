package scaffold

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// hints is what the provider's Makefile and scripts say about its release build.
type hints struct {
	loadNone    string              // a file that renders with LoadRestrictionsNone ("" if none)
	flavors     map[string][]string // kustomize folder (slash path from the root) -> flavor names
	patterns    []string            // folders whose children are flavors (cluster-template-%.yaml: dir/%)
	registry    string              // PROD_REGISTRY
	img         string              // IMG, when it names a registry (kubebuilder's image variable)
	imageNames  map[string]bool     // values of *IMAGE_NAME variables
	pullPolicy  string              // set-manifest-pull-policy PULL_POLICY=...
	openAPI     bool                // the build generates runtime-sdk-openapi.yaml
	builds      []componentBuild    // kustomize builds of components files
	imagePin    string              // how the Makefile sets the release image, for the comment
	scriptFiles []string            // files read, for comments
}

var (
	makeVar     = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*(?:\?=|:=|=)\s*(.*?)\s*$`)
	varRef      = regexp.MustCompile(`\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}]`)
	buildLine   = regexp.MustCompile(`\bbuild\s+(.*?)\s*>>?\s*"?(\S*?cluster-template(?:-([a-z0-9][a-z0-9.-]*))?\.yaml)`)
	explicit    = regexp.MustCompile(`^(\S*?cluster-template(?:-([a-z0-9][a-z0-9.-]*))?\.yaml)\s*:\s*(\S+)`)
	patternRule = regexp.MustCompile(`^\S*?cluster-template-%\.yaml\s*:\s*(\S+?)%`)
	pullPolicy  = regexp.MustCompile(`PULL_POLICY=(Always|IfNotPresent|Never)`)
	compBuild   = regexp.MustCompile(`(?:\bcd\s+(\S+?)\s*(?:;|&&)\s*)?.*\bbuild\s+(\S+)\s*>\s*\S*?([\w.-]*components[\w.-]*\.yaml)`)
)

// componentBuild is a Makefile line rendering a components file: folder and file name.
type componentBuild struct {
	cd, dir, file string
}

// folder is the slash path the build renders, as written (after cd).
func (b componentBuild) folder() string {
	if b.cd != "" {
		return cleanRel(b.cd + "/" + b.dir)
	}
	return cleanRel(b.dir)
}

// readHints reads Makefile, *.mk and hack/*.sh at root.
func readHints(root string) *hints {
	h := &hints{flavors: map[string][]string{}, imageNames: map[string]bool{}}
	files, _ := filepath.Glob(filepath.Join(root, "*.mk"))
	scripts, _ := filepath.Glob(filepath.Join(root, "hack", "*.sh"))
	files = append(append([]string{filepath.Join(root, "Makefile")}, files...), scripts...)
	vars := map[string]string{}
	var lines []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		rel, _ := filepath.Rel(root, f)
		h.scriptFiles = append(h.scriptFiles, filepath.ToSlash(rel))
		for _, l := range strings.Split(string(data), "\n") {
			if m := makeVar.FindStringSubmatch(l); m != nil {
				if _, set := vars[m[1]]; !set {
					vars[m[1]] = m[2]
				}
			}
			if strings.Contains(l, "LoadRestrictionsNone") && h.loadNone == "" {
				h.loadNone = filepath.ToSlash(rel)
			}
			lines = append(lines, l)
		}
	}
	h.fromVars(vars)
	for _, l := range lines {
		h.fromLine(root, expand(l, vars))
	}
	return h
}

func (h *hints) fromVars(vars map[string]string) {
	h.registry = expand(vars["PROD_REGISTRY"], vars)
	if img := imageName(expand(vars["IMG"], vars)); strings.Contains(strings.Split(img, "/")[0], ".") && !strings.Contains(img, "$") {
		h.img = img
	}
	for k, v := range vars {
		if strings.HasSuffix(k, "IMAGE_NAME") && v != "" {
			h.imageNames[expand(v, vars)] = true
		}
	}
}

func (h *hints) fromLine(root, l string) {
	l = strings.TrimSpace(l)
	if m := pullPolicy.FindStringSubmatch(l); m != nil && h.pullPolicy == "" {
		h.pullPolicy = m[1]
	}
	switch {
	case h.imagePin != "":
	case strings.Contains(l, "set-manifest-image"):
		h.imagePin = "replaces the Makefile's set-manifest-image (sed on a tracked image patch)"
	case strings.Contains(l, "edit set image"):
		h.imagePin = "replaces the Makefile's kustomize edit set image (an edit of a tracked kustomization)"
	}
	if strings.Contains(l, "runtime-sdk-openapi.yaml") {
		h.openAPI = true
	}
	if m := compBuild.FindStringSubmatch(l); m != nil && !testPath(m[3]) {
		h.builds = append(h.builds, componentBuild{cd: m[1], dir: m[2], file: m[3]})
		return
	}
	if m := patternRule.FindStringSubmatch(l); m != nil && !testPath(l) {
		h.patterns = append(h.patterns, cleanRel(m[1]))
		return
	}
	if m := explicit.FindStringSubmatch(l); m != nil && !testPath(m[1]) {
		h.addFlavor(root, m[3], m[2])
		return
	}
	if m := buildLine.FindStringSubmatch(l); m != nil && !testPath(m[2]) {
		for _, f := range strings.Fields(m[1]) {
			if !strings.HasPrefix(f, "-") && !strings.HasPrefix(f, "LoadRestrictions") {
				h.addFlavor(root, f, m[3])
				break
			}
		}
	}
}

// addFlavor records a flavor rendered from dir, when dir is a kustomize folder.
func (h *hints) addFlavor(root, dir, flavor string) {
	dir = cleanRel(strings.Trim(dir, `"'`))
	if kustomizationIn(filepath.Join(root, filepath.FromSlash(dir))) == "" {
		return
	}
	for _, f := range h.flavors[dir] {
		if f == flavor {
			return
		}
	}
	h.flavors[dir] = append(h.flavors[dir], flavor)
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
