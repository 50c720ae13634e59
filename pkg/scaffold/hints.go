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
	loadNone     string              // a file that renders with LoadRestrictionsNone ("" if none)
	flavors      map[string][]string // kustomize folder (slash path from the root) -> flavor names
	flavorLine   map[string]string   // kustomize folder -> the file:line naming it
	devFlavors   map[string]string   // kustomize folder a development target renders -> the line and target
	loops        []loopBuild         // builds of folders named by variables (script loops)
	renames      map[string]string   // flavor -> flavor a later mv gives its file
	patterns     []string            // folders whose children are flavors (cluster-template-%.yaml: dir/%)
	registry     string              // PROD_REGISTRY or another release registry
	img          string              // IMG or RELEASE_*IMG, when it names a registry
	imageNames   map[string]bool     // values of *IMAGE_NAME variables
	pullPolicy   string              // set-manifest-pull-policy PULL_POLICY=... of a release target
	pullAt       string              // where
	pullRelease  bool                // on the release path
	openAPI      bool                // the build generates runtime-sdk-openapi.yaml
	builds       []componentBuild    // kustomize builds of components files
	imagePin     string              // how the Makefile sets the release image, for the comment
	scriptFiles  []string            // files read, for comments
	lines        []mkLine            // every line read, expanded
	vars         map[string]string   // Makefile and script variables (first value)
	outputs      map[string]string   // file a build line writes -> the folder it renders (test data included)
	pipes        []*ciFile           // the pipelines and scripts read
	makefile     *makefile
	scopes       []scope           // the scopes release pipelines run make with
	releaseCalls []string          // the targets release pipelines run
	registryAt   string            // where registry is set
	imgVar       string            // the variable img comes from
	imgAt        string            // where it is set
	imageNameAt  map[string]string // image name -> where it is set
}

// mkLine is one line of a Makefile, script or workflow, with where it is.
type mkLine struct {
	at      string // file:line
	target  string // the Makefile target (or script) it belongs to
	text    string // variables expanded, trimmed
	release bool   // on the release path: a release pipeline's line, or a target it (or a release target) runs
	kind    string // the pipeline kind of its file ("" for the Makefile)
	root    string // the pipeline line or Makefile target whose run reaches it
	seq     int    // its order in the runs evaluated (later runs of the same text renumber it)
}

// dev reports lines of targets that do not make the release.
func (l mkLine) dev() bool { return devName(l.target) }

func devName(s string) bool {
	for _, w := range []string{"e2e", "dev", "test", "tilt", "kind", "local", "workload", "debug", "staging", "nightly"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

var (
	varRef      = regexp.MustCompile(`\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}]`)
	flavorOut   = `(\S*?cluster-template(?:-([a-zA-Z0-9.${}()_-]+))?\.yaml)`
	buildLine   = regexp.MustCompile(`\bbuild\s+(.*?)\s*>>?\s*"?` + flavorOut)
	explicit    = regexp.MustCompile(`^(\S*?cluster-template(?:-([A-Za-z0-9][A-Za-z0-9.-]*))?\.yaml)\s*:\s*(\S+)`)
	patternRule = regexp.MustCompile(`^\S*?cluster-template-%\.yaml\s*:\s*(\S+?)%`)
	pullPolicy  = regexp.MustCompile(`PULL_POLICY=(Always|IfNotPresent|Never)\b|imagePullPolicy: .*@imagePullPolicy:\s*['"\\]*(Always|IfNotPresent|Never)`)
	compBuild   = regexp.MustCompile(`(?:\bcd\s+(\S+?)\s*(?:;|&&)\s*)?.*\bbuild\s+(\S+)\s*>\s*\S*?([\w.-]*components[\w.-]*\.yaml)`)
	renameLine  = regexp.MustCompile(`\bmv\s+"?\S*?cluster-template-([A-Za-z0-9.-]+)\.yaml"?\s+"?\S*?cluster-template\.yaml`)
)

// componentBuild is a Makefile line rendering a components file: folder and file name.
type componentBuild struct {
	cd, dir, file, at string
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

// readHints reads the Makefile and *.mk, scripts, and the release pipelines at root
// (see pipelineFiles), evaluates the Makefile targets the release runs under the
// variables it runs them with, and reads every line.
func readHints(r *reader, root string) *hints {
	h := &hints{outputs: map[string]string{}, flavors: map[string][]string{}, flavorLine: map[string]string{}, devFlavors: map[string]string{}, renames: map[string]string{}, imageNames: map[string]bool{}, imageNameAt: map[string]string{}}
	m := newMakefile()
	if gomod, err := r.read(filepath.Join(root, "go.mod")); err == nil {
		m.repository(gomod)
	}
	for _, v := range rootVars {
		m.defs[v] = varDef{value: ".", op: ":="}
	}
	order := map[string]int{}
	read := func(f string) (string, string, bool) {
		data, err := r.read(f)
		if err != nil {
			return "", "", false
		}
		rel := slashRel(root, f)
		order[rel] = len(order)
		h.scriptFiles = append(h.scriptFiles, rel)
		if strings.Contains(string(data), "LoadRestrictionsNone") && h.loadNone == "" {
			h.loadNone = rel
		}
		return rel, string(data), true
	}
	for _, f := range makeFiles(root) {
		if rel, data, ok := read(f); ok {
			m.parse(rel, data)
		}
	}
	var pipes []*ciFile
	files := pipelineFiles(root)
	for _, kind := range pipelineKinds {
		for _, f := range files[kind] {
			if rel, data, ok := read(f); ok {
				pipes = append(pipes, readPipeline(rel, kind, data))
			}
		}
	}
	m.scriptVars(pipes)
	m.index()
	h.pipes, h.makefile = pipes, m
	h.vars = m.values()
	h.lines = h.evaluate(m, pipes, order)
	h.fromVars(m, pipes)
	for _, l := range h.lines {
		h.fromLine(root, l)
	}
	return h
}

func makeFiles(root string) []string {
	mks, _ := filepath.Glob(filepath.Join(root, "*.mk"))
	return append([]string{filepath.Join(root, "Makefile")}, mks...)
}

func slashRel(root, f string) string {
	rel, err := filepath.Rel(root, f)
	if err != nil {
		return filepath.ToSlash(f)
	}
	return filepath.ToSlash(rel)
}
