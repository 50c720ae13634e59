// Package check runs every rule family (variables, contract, metadata) over one
// release's files. build, lint and verify all go through here, so a release is judged
// the same way whether capirepo built it or someone else published it. Discover
// finds the releases `lint PATH` and `vars PATH` check (a file, a release folder, a
// flat release download, a repository root, a templates folder), reading folders
// through pkg/localrepo.
package check

import (
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/capirepo/capirepo/pkg/contract"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/metadata"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/variables"
)

// Options for Release.
type Options struct {
	Dir              string   // prefix for file names in findings ("dist/infrastructure-x/v1.0.0")
	Published        []string // earlier versions, for the metadata cumulative check
	Exempt           []string // published versions from before metadata.yaml (metadata.History)
	AllowNoNamespace bool
	Partial          bool              // loose files, not a whole release: skip cross-file and version rules
	Sources          map[string]string // file name -> path shown instead (a file shipped byte for byte)
	Rendered         []string          // files kustomize wrote in this build (valid YAML by construction: parsed faster)
}

// crossFile lists rules that need the whole release.
var crossFile = map[string]bool{"template-clusterclass-missing": true}

// Release checks every file of r and the cross-file rules.
func Release(r *release.Release, opts Options) lint.Findings {
	c := &checker{r: r, opts: opts}
	for _, res := range c.files() {
		c.findings = append(c.findings, res.findings...)
		c.crdLabels = sortedUnique(append(c.crdLabels, res.crdLabels...))
		if res.template != nil {
			c.templates = append(c.templates, *res.template)
		}
		if res.class != nil {
			c.classes = append(c.classes, *res.class)
		}
	}
	if r.ComponentsFile != "" {
		c.findings = append(c.findings, contract.ComponentsFileName(r.Type, c.name(r.ComponentsFile))...)
	}
	c.findings = append(contract.ObjectMoveLabels(c.findings, c.templates), contract.Templates(c.templates, c.classes)...)
	c.metadata()
	if opts.Partial {
		c.findings = c.findings.Without(crossFile)
	}
	c.findings.Sort()
	return c.findings
}

type checker struct {
	r         *release.Release
	opts      Options
	findings  lint.Findings
	templates []contract.TemplateFile
	classes   []contract.TemplateFile
	crdLabels []string
}

// fileResult is what the checks of one file found.
type fileResult struct {
	findings        lint.Findings
	template, class *contract.TemplateFile
	crdLabels       []string
}

// files checks each file on its own, on all CPUs; the results keep file order.
func (c *checker) files() []fileResult {
	out := make([]fileResult, len(c.r.Files))
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(runtime.GOMAXPROCS(0), len(c.r.Files)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = c.file(c.r.Files[i])
			}
		}()
	}
	for i := range c.r.Files {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

func (c *checker) name(file string) string {
	if src, ok := c.opts.Sources[file]; ok {
		return src
	}
	if c.opts.Dir == "" {
		return file
	}
	return path.Join(c.opts.Dir, file)
}

func (c *checker) file(f release.File) (res fileResult) {
	kind := layout.FileKind(f.Name)
	if f.Name == c.r.ComponentsFile {
		kind = layout.KindComponents
	}
	if kind == layout.KindOther {
		return res
	}
	name := c.name(f.Name)
	res.findings = variables.Lint(name, f.Data, kind)
	if kind == layout.KindMetadata {
		return res // metadata.yaml: only vars-metadata here; metadata() checks the rest
	}
	docs, err := manifest.SplitWith(f.Data, splitOptions(kind, slices.Contains(c.opts.Rendered, f.Name)))
	if err != nil && (kind == layout.KindTemplate || kind == layout.KindClusterClass) {
		var how int
		if docs, how, err = splitTemplate(f.Data); err == nil && how != asWritten {
			res.findings = append(res.findings, substitutedFinding(name, how))
		}
	}
	ref, asWritten, rerr := readAsClusterctl(f.Data, kind, slices.Contains(c.opts.Rendered, f.Name))
	docs, notes, err := reconcile(name, docs, err, ref, asWritten, rerr)
	if err != nil {
		res.findings = append(res.findings, parseFinding(name, err))
		return res
	}
	if kind == layout.KindComponents {
		res.findings = variables.OnImages(res.findings, docs)
	}
	res.findings = append(res.findings, notes...)
	res.findings = append(res.findings, duplicateKeys(name, docs)...)
	res.findings = append(res.findings, notStrings(name, docs, ref)...)
	res.findings = append(res.findings, renamedKeys(name, f.Data, kind, docs)...)
	switch kind {
	case layout.KindComponents:
		in := contract.Input{File: name, Docs: docs, Label: c.r.Label(), Type: string(c.r.Type),
			Contract: c.seriesContract(), AllowNoNamespace: c.opts.AllowNoNamespace}
		res.findings = append(res.findings, contract.Components(in)...)
		res.crdLabels = crdContracts(docs)
	case layout.KindTemplate:
		res.template = &contract.TemplateFile{Name: name, Docs: docs}
	case layout.KindClusterClass:
		res.class = &contract.TemplateFile{Name: name, Docs: docs}
	}
	return res
}

func (c *checker) metadata() {
	f := c.r.File(layout.MetadataFile)
	if f == nil {
		return
	}
	opts := metadata.CheckOptions{Version: c.r.Version, Published: c.opts.Published, Exempt: c.opts.Exempt, CRDContracts: c.crdLabels, Provider: c.r.Label()}
	if c.opts.Partial {
		opts = metadata.CheckOptions{}
	}
	c.findings = append(c.findings, metadata.Validate(c.name(f.Name), f.Data, opts)...)
}

// seriesContract is the contract metadata.yaml declares for this version ("" if unknown).
func (c *checker) seriesContract() string {
	f := c.r.File(layout.MetadataFile)
	if f == nil {
		return ""
	}
	m, err := metadata.Parse(f.Name, f.Data)
	if err != nil {
		return ""
	}
	if s := m.SeriesFor(c.r.Version); s != nil {
		return s.Contract
	}
	return ""
}

// crdContracts lists the X of every cluster.x-k8s.io/X label on the CRDs of contract
// kinds, the labels Cluster API reads (CRDs of other kinds, such as metal3's IPAM
// pools in ipam.metal3.io, carry labels no contract reads).
func crdContracts(docs []manifest.Doc) []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range contract.ContractKindCRDs(docs) {
		for k := range d.Obj.StringMap("metadata", "labels") {
			if c, ok := strings.CutPrefix(k, layout.ContractLabelPrefix); ok && metadata.IsContract(c) && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return sortedUnique(out)
}

// sortedUnique sorts l and drops repeats, so messages list labels in one order.
func sortedUnique(l []string) []string {
	slices.Sort(l)
	return slices.Compact(l)
}

// parseFinding reports a file that is not valid YAML.
func parseFinding(file string, err error) lint.Finding {
	f := lint.Finding{Rule: "yaml-parse", Severity: lint.Error, File: file,
		Message: err.Error() + ": clusterctl cannot read this file; fix the YAML"}
	if pe, ok := err.(*manifest.Error); ok {
		f.Line = pe.Line
		f.Message = pe.Msg + ": clusterctl cannot read this file; fix the YAML"
	}
	return f
}

// Rules lists every rule of every family, for --list-rules and SARIF.
func Rules() []lint.Rule {
	rules := []lint.Rule{
		{ID: "yaml-parse", Severity: lint.Error, Contract: "Every file must be valid YAML; clusterctl fails with \"failed to parse yaml\" (cmd/clusterctl/client/repository/components.go NewComponents, template.go NewTemplate: utilyaml.ToUnstructured after variable substitution; templates are parsed the same way here, with a value per variable).", Fails: lint.FailsRead},
		{ID: ruleSubstituted, Severity: lint.Note, Contract: "clusterctl substitutes variables before parsing a template (cmd/clusterctl/client/yamlprocessor/simple_processor.go Process, then repository/template.go NewTemplate), so a template may be YAML only after substitution."},
	}
	rules = append(rules, readerRules()...)
	rules = append(rules, keyRenamedRule())
	rules = append(rules, identityRules()...)
	rules = append(rules, variables.Rules()...)
	rules = append(rules, contract.Rules()...)
	return append(rules, metadata.Rules()...)
}

// splitOptions parses a components file slim (its CRD schemas but the paths the
// contract rules read dropped); rendered says capirepo wrote the text itself.
func splitOptions(kind layout.Kind, rendered bool) manifest.Options {
	o := manifest.Options{Rendered: rendered}
	if kind == layout.KindComponents {
		o.Slim = contract.SlimPaths()
	}
	return o
}
