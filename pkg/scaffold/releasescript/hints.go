package releasescript

import (
	"path/filepath"
	"regexp"
	"strings"
)

// Hints is what the provider's Makefile, scripts and release workflow say about its
// release build. Settings come from release lines only: lines of e2e, dev, test and
// tilt targets are read for what they generate, never for release settings.
type Hints struct {
	LoadNone     string              // a file that renders with LoadRestrictionsNone ("" if none)
	Flavors      map[string][]string // kustomize folder (slash path from the root) -> flavor names
	FlavorLine   map[string]string   // kustomize folder -> the file:line naming it
	DevFlavors   map[string]string   // kustomize folder a development target renders -> the line and target
	Loops        []Loop              // builds of folders named by variables (script loops)
	Renames      map[string]string   // flavor -> flavor a later mv gives its file
	Patterns     []string            // folders whose children are flavors (cluster-template-%.yaml: dir/%)
	Registry     string              // PROD_REGISTRY or another release registry
	Img          string              // IMG or RELEASE_*IMG, when it names a registry
	ImageNames   map[string]bool     // values of *IMAGE_NAME variables
	PullPolicy   string              // set-manifest-pull-policy PULL_POLICY=... of a release target
	PullAt       string              // where
	PullRelease  bool                // on the release path
	OpenAPI      bool                // the build generates runtime-sdk-openapi.yaml
	Builds       []ComponentBuild    // kustomize builds of components files
	ClassBuilds  []ClassBuild        // kustomize builds of ClusterClass files
	ImagePin     string              // how the Makefile sets the release image, for the comment
	ScriptFiles  []string            // files read, for comments
	Lines        []Line              // every line read, expanded
	Vars         map[string]string   // Makefile and script variables (first value)
	Outputs      map[string]string   // file a build line writes -> the folder it renders (test data included)
	Pipes        []*Pipeline         // the pipelines and scripts read
	makefile     *makefile
	src          Source
	scopes       []scope           // the scopes release pipelines run make with
	releaseCalls []string          // the targets release pipelines run
	RegistryAt   string            // where registry is set
	ImgVar       string            // the variable img comes from
	ImgAt        string            // where it is set
	ImageNameAt  map[string]string // image name -> where it is set
}

// Line is one line of a Makefile, script or workflow, with where it is.
type Line struct {
	At      string // file:line
	Target  string // the Makefile target (or script) it belongs to
	Text    string // variables expanded, trimmed
	Release bool   // on the release path: a release pipeline's line, or a target it (or a release target) runs
	Kind    string // the pipeline kind of its file ("" for the Makefile)
	Root    string // the pipeline line or Makefile target whose run reaches it
	Seq     int    // its order in the runs evaluated (later runs of the same text renumber it)
}

// Dev reports lines of targets that do not make the release.
func (l Line) Dev() bool { return devName(l.Target) }

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
	BuildLine   = regexp.MustCompile(`\bbuild\s+(.*?)\s*>>?\s*"?` + flavorOut)
	explicit    = regexp.MustCompile(`^(\S*?cluster-template(?:-([A-Za-z0-9][A-Za-z0-9.-]*))?\.yaml)\s*:\s*(\S+)`)
	patternRule = regexp.MustCompile(`^\S*?cluster-template-%\.yaml\s*:\s*(\S+?)%`)
	pullPolicy  = regexp.MustCompile(`PULL_POLICY=(Always|IfNotPresent|Never)\b|imagePullPolicy: .*@imagePullPolicy:\s*['"\\]*(Always|IfNotPresent|Never)`)
	CompBuild   = regexp.MustCompile(`(?:\bcd\s+(\S+?)\s*(?:;|&&)\s*)?.*\bbuild\s+(\S+)\s*>\s*\S*?([\w.-]*components[\w.-]*\.yaml)`)
	renameLine  = regexp.MustCompile(`\bmv\s+"?\S*?cluster-template-([A-Za-z0-9.-]+)\.yaml"?\s+"?\S*?cluster-template\.yaml`)
)

// ComponentBuild is a Makefile line rendering a components file: folder and file name.
type ComponentBuild struct {
	Cd, Dir, File, At string
}

// Folder is the slash path the build renders, as written (after cd).
func (b ComponentBuild) Folder() string {
	if b.Cd != "" {
		return CleanRel(b.Cd + "/" + b.Dir)
	}
	return CleanRel(b.Dir)
}

// rootVars are script variables naming the repository root.
var rootVars = []string{"REPO_ROOT", "ROOT_DIR", "ROOT", "KUBE_ROOT", "SCRIPT_ROOT"}

// Source is how the evaluator reads the tree: a file (under the caller's size cap),
// and whether a folder holds a kustomization.
type Source struct {
	Read            func(path string) ([]byte, error)
	IsKustomization func(dir string) bool
}

// Read reads the Makefile and *.mk, scripts, and the release pipelines at root
// (see pipelineFiles), evaluates the Makefile targets the release runs under the
// variables it runs them with, and reads every line.
func Read(root string, src Source) *Hints {
	h := &Hints{src: src, Outputs: map[string]string{}, Flavors: map[string][]string{}, FlavorLine: map[string]string{}, DevFlavors: map[string]string{}, Renames: map[string]string{}, ImageNames: map[string]bool{}, ImageNameAt: map[string]string{}}
	m := newMakefile()
	if gomod, err := src.Read(filepath.Join(root, "go.mod")); err == nil {
		m.repository(gomod)
	}
	for _, v := range rootVars {
		m.defs[v] = varDef{value: ".", op: ":="}
	}
	order := map[string]int{}
	read := func(f string) (string, string, bool) {
		data, err := src.Read(f)
		if err != nil {
			return "", "", false
		}
		rel := slashRel(root, f)
		order[rel] = len(order)
		h.ScriptFiles = append(h.ScriptFiles, rel)
		if strings.Contains(string(data), "LoadRestrictionsNone") && h.LoadNone == "" {
			h.LoadNone = rel
		}
		return rel, string(data), true
	}
	for _, f := range makeFiles(root) {
		if rel, data, ok := read(f); ok {
			m.parse(rel, data)
		}
	}
	var pipes []*Pipeline
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
	h.Pipes, h.makefile = pipes, m
	h.Vars = m.values()
	h.Lines = h.evaluate(m, pipes, order)
	h.fromVars(m, pipes)
	for _, l := range h.Lines {
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
