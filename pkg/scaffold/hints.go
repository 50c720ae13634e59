package scaffold

import (
	"path/filepath"
	"regexp"
	"strings"
)

// hints is what the provider's Makefile, scripts and release workflow say about its
// release build. Settings come from release lines only: lines of e2e, dev, test and
// tilt targets are read for what they generate, never for release settings.
type hints struct {
	loadNone    string              // a file that renders with LoadRestrictionsNone ("" if none)
	flavors     map[string][]string // kustomize folder (slash path from the root) -> flavor names
	flavorLine  map[string]string   // kustomize folder -> the file:line naming it
	loops       []loopBuild         // builds of folders named by variables (script loops)
	renames     map[string]string   // flavor -> flavor a later mv gives its file
	patterns    []string            // folders whose children are flavors (cluster-template-%.yaml: dir/%)
	registry    string              // PROD_REGISTRY or another release registry
	img         string              // IMG or RELEASE_*IMG, when it names a registry
	imageNames  map[string]bool     // values of *IMAGE_NAME variables
	pullPolicy  string              // set-manifest-pull-policy PULL_POLICY=... of a release target
	openAPI     bool                // the build generates runtime-sdk-openapi.yaml
	builds      []componentBuild    // kustomize builds of components files
	imagePin    string              // how the Makefile sets the release image, for the comment
	scriptFiles []string            // files read, for comments
	lines       []mkLine            // every line read, expanded
	wfRegistry  string              // a registry the release workflow sets
	vars        map[string]string   // Makefile and script variables (first value)
	outputs     map[string]string   // file a build line writes -> the folder it renders (test data included)
}

// mkLine is one line of a Makefile, script or workflow, with where it is.
type mkLine struct {
	at     string // file:line
	target string // the Makefile target (or script) it belongs to
	text   string // variables expanded, trimmed
}

// dev reports lines of targets that do not make the release.
func (l mkLine) dev() bool { return devName(l.target) }

func devName(s string) bool {
	for _, w := range []string{"e2e", "dev", "test", "tilt", "kind", "local", "workload", "debug"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

var (
	makeVar     = regexp.MustCompile(`^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(?:\?=|:=|=)\s*(.*?)\s*$`)
	varRef      = regexp.MustCompile(`\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}]`)
	ruleHead    = regexp.MustCompile(`^([A-Za-z0-9_./%$(){}-]+)\s*:([^=]|$)`)
	flavorOut   = `(\S*?cluster-template(?:-([a-zA-Z0-9.${}()_-]+))?\.yaml)`
	buildLine   = regexp.MustCompile(`\bbuild\s+(.*?)\s*>>?\s*"?` + flavorOut)
	explicit    = regexp.MustCompile(`^(\S*?cluster-template(?:-([a-z0-9][a-z0-9.-]*))?\.yaml)\s*:\s*(\S+)`)
	patternRule = regexp.MustCompile(`^\S*?cluster-template-%\.yaml\s*:\s*(\S+?)%`)
	pullPolicy  = regexp.MustCompile(`PULL_POLICY=(Always|IfNotPresent|Never)`)
	compBuild   = regexp.MustCompile(`(?:\bcd\s+(\S+?)\s*(?:;|&&)\s*)?.*\bbuild\s+(\S+)\s*>\s*\S*?([\w.-]*components[\w.-]*\.yaml)`)
	renameLine  = regexp.MustCompile(`\bmv\s+"?\S*?cluster-template-([a-z0-9.-]+)\.yaml"?\s+"?\S*?cluster-template\.yaml`)
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

// rootVars are script variables naming the repository root.
var rootVars = []string{"REPO_ROOT", "ROOT_DIR", "ROOT", "KUBE_ROOT", "SCRIPT_ROOT"}

// readHints reads Makefile, *.mk, hack/*.sh and the release workflows at root.
func readHints(r *reader, root string) *hints {
	h := &hints{outputs: map[string]string{}, flavors: map[string][]string{}, flavorLine: map[string]string{}, renames: map[string]string{}, imageNames: map[string]bool{}}
	vars := map[string]string{}
	for _, v := range rootVars {
		vars[v] = "."
	}
	var raw []mkLine
	for _, f := range hintFiles(root) {
		data, err := r.read(f)
		if err != nil {
			continue
		}
		rel, _ := filepath.Rel(root, f)
		rel = filepath.ToSlash(rel)
		h.scriptFiles = append(h.scriptFiles, rel)
		raw = append(raw, h.split(rel, string(data), vars)...)
	}
	h.fromVars(vars)
	h.vars = vars
	for _, l := range raw {
		l.text = strings.TrimSpace(expand(l.text, vars))
		h.lines = append(h.lines, l)
		h.fromLine(root, l)
	}
	return h
}

func hintFiles(root string) []string {
	mks, _ := filepath.Glob(filepath.Join(root, "*.mk"))
	scripts, _ := filepath.Glob(filepath.Join(root, "hack", "*.sh"))
	flows, _ := filepath.Glob(filepath.Join(root, ".github", "workflows", "*release*"))
	return append(append(append([]string{filepath.Join(root, "Makefile")}, mks...), scripts...), flows...)
}

// split records a file's variables and returns its lines with their target.
func (h *hints) split(rel, data string, vars map[string]string) []mkLine {
	target := rel
	var out []mkLine
	for i, l := range strings.Split(data, "\n") {
		if m := makeVar.FindStringSubmatch(l); m != nil && !strings.HasPrefix(l, "\t") {
			if _, set := vars[m[1]]; !set {
				vars[m[1]] = strings.Trim(m[2], `"'`)
			}
		} else if m := ruleHead.FindStringSubmatch(l); m != nil && isMake(rel) {
			target = m[1]
		} else if m := workflowEnv.FindStringSubmatch(l); m != nil && strings.HasPrefix(rel, ".github/") {
			h.workflowVar(m[1], m[2])
		}
		if strings.Contains(l, "LoadRestrictionsNone") && h.loadNone == "" {
			h.loadNone = rel
		}
		out = append(out, mkLine{at: rel + ":" + itoa(i+1), target: target, text: l})
	}
	return out
}
