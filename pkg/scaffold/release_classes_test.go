package scaffold

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	fixture "github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// releaseCase is a hand-written provider tree of one class issue 29 observed and what
// its own release ships: the capirepo.yaml a maintainer would write to reproduce the
// tree's release pipeline (Makefile, workflow, pipeline files) exactly.
type releaseCase struct {
	name    string
	files   files
	link    bool     // inspect the tree through a symbolic link to it
	config  []string // substrings of the config init writes
	asks    []string // "label field" of every question a contradiction in the tree raises, sorted (decide asks the unproven rest)
	differs []string // "label field" of the differences from the release init asks about
	release string   // the capirepo.yaml that reproduces the fixture's own release pipeline
}

// TestInitReleaseClasses: for each class, init writes the release's values or asks
// (a question about the very value), never a wrong value silently; the config builds,
// and the build equals what the fixture's release ships (the case's release config,
// built from the same tree, compared as capirepo diff does) except where init asked.
func TestInitReleaseClasses(t *testing.T) {
	t.Parallel()
	for _, c := range releaseCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := fixture.Write(t, c.files)
			plan, err := Inspect(t.Context(), c.root(t, dir))
			if err != nil {
				t.Fatal(err)
			}
			data, qs := plan.Render()
			config := string(data)
			for _, want := range c.config {
				if !strings.Contains(config, want) {
					t.Errorf("config lacks %q:\n%s", want, config)
				}
			}
			if got := asked(disputed(qs)); !slices.Equal(got, c.asks) {
				t.Errorf("asked %v, want %v:\n%s", got, c.asks, config)
			}
			shipped := buildRelease(t, dir, c.release)
			writeConfig(t, dir, plan)
			res, err := buildErr(t, dir)
			if err != nil || res.Findings.HasErrors() {
				t.Fatalf("the config does not build: %v %v\n%s", err, res, config)
			}
			c.checkDiffs(t, compareRelease(t, res.Set, shipped), qs, config)
		})
	}
}

// checkDiffs: every difference capirepo diff sees between init's build and the
// release is one a question of init is about, and they are the case's differs.
func (c releaseCase) checkDiffs(t *testing.T, diffs []difference, qs []Question, config string) {
	t.Helper()
	if s := silent(diffs, qs); len(s) > 0 {
		t.Errorf("init wrote values the release does not ship without asking (A: init's build, B: the release, compared by capirepo diff):\n%s\nconfig:\n%s", strings.Join(s, "\n"), config)
	}
	var got []string
	for _, d := range diffs {
		got = append(got, d.label+" "+d.field)
	}
	if got = slices.Compact(slices.Sorted(slices.Values(got))); !slices.Equal(got, c.differs) {
		t.Errorf("the build differs from the release in %v, want %v: %v", got, c.differs, diffs)
	}
}

// root is the folder init inspects: the tree, or a symbolic link to it.
func (c releaseCase) root(t *testing.T, dir string) string {
	if !c.link {
		return dir
	}
	link := filepath.Join(t.TempDir(), "checkout")
	if err := os.Symlink(dir, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	return link
}

func releaseCases() []releaseCase {
	return []releaseCase{sharedMakefileIMG(), committedArchImage(), archImageOnly(), setManifestImage(), workflowListsNoTemplates(),
		templatesFromOneFolder(), overlaysRenderAddons(), devTargetFlavor(), helmPlaceholders(), continuedAndPiped(),
		ipamOwnGroup(), renamedComponents(), mixedCaseFlavor(), versionWithoutV(), commentedLine(), azurePipelines(), gitlabRelease(), prowRelease(), symlinkedRoot()}
}

// kubebuilder writes a provider's config/ under dir: CRDs of group, a manager whose
// image the manager kustomization sets (images: name controller, as kubebuilder
// leaves it), and the provider label when given.
func (f files) kubebuilder(dir, name, group, label, image string, kinds ...string) {
	f.componentsTree(dir, name, group, label, "controller:latest", kinds...)
	p := strings.TrimPrefix(dir+"/config/manager/kustomization.yaml", "./")
	img, tag, _ := strings.Cut(image, ":")
	f[p] = "resources:\n- manager.yaml\napiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nimages:\n- name: controller\n  newName: " + img + "\n  newTag: " + tag + "\n"
}

// imagePatch makes config/default patch the manager image from a tracked file (the
// file set-manifest-image edits) and, when pull is set, its pull policy.
func (f files) imagePatch(image, pull string) {
	f["config/default/kustomization.yaml"] += "patches:\n- path: manager_image_patch.yaml\n"
	f["config/default/manager_image_patch.yaml"] = patchDeployment("image: " + image)
	if pull != "" {
		f["config/default/kustomization.yaml"] += "- path: manager_pull_policy.yaml\n"
		f["config/default/manager_pull_policy.yaml"] = patchDeployment("imagePullPolicy: " + pull)
	}
}

func patchDeployment(field string) string {
	return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: controller-manager\n  namespace: system\nspec:\n  template:\n    spec:\n      containers:\n      - name: manager\n        " + field + "\n"
}

// fooRelease is the release config of the infrastructure provider foo: config/default
// rendered with its image from replaced by to (name:tag), metadata.yaml, and the
// templates entries given (flow YAML).
func fooRelease(from, to string, templates ...string) string {
	return "providers:\n" + releaseProvider("foo", "InfrastructureProvider", "config/default", from, to) + templatesYAML(templates...)
}

// releaseProvider is one provider of a release config, up to its metadata.
func releaseProvider(name, typ, kustomize, from, to string) string {
	img, tag, _ := strings.Cut(to, ":")
	return "- name: " + name + "\n  type: " + typ + "\n  components:\n    kustomize: " + kustomize + "\n" +
		"    images:\n    - {name: " + from + ", newName: " + img + ", newTag: \"" + tag + "\"}\n  metadata: metadata.yaml\n"
}

func templatesYAML(entries ...string) string {
	if len(entries) == 0 {
		return ""
	}
	return "  templates:\n  - " + strings.Join(entries, "\n  - ") + "\n"
}

const setManifestImageRule = "set-manifest-image:\n\t$(info Updating kustomize image patch file for manager resource)\n" +
	"\tsed -i'' -e 's@image: .*@image: '\"${MANIFEST_IMG}:$(MANIFEST_TAG)\"'@' ./config/default/manager_image_patch.yaml\n"
