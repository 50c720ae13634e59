package initcheck

import (
	"archive/tar"
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/scaffold"
)

func TestPublishedURLs(t *testing.T) {
	t.Parallel()
	cfg := &config.Config{Providers: []config.Provider{
		{Provider: layout.Provider{Name: "kubeadm", Type: layout.BootstrapProvider}},
		{Provider: layout.Provider{Name: "kubeadm", Type: layout.ControlPlaneProvider}, ComponentsFile: "control-plane-components.yaml"},
	}}
	cases := map[string][]string{
		"https://github.com/acme/cluster-api.git":                       {"https://github.com/acme/cluster-api/releases/v1.2.3/bootstrap-components.yaml"},
		"git@github.com:acme/cluster-api.git":                           {"https://github.com/acme/cluster-api/releases/v1.2.3/bootstrap-components.yaml"},
		"https://x-access-token:S3CRET@github.com/acme/cluster-api.git": {"https://github.com/acme/cluster-api/releases/v1.2.3/bootstrap-components.yaml"},
		"ssh://git@gitlab.example.com/group/sub/capi.git": {
			"https://gitlab.example.com/api/v4/projects/group%2Fsub%2Fcapi/packages/generic/bootstrap-kubeadm/v1.2.3/bootstrap-components.yaml",
			"https://gitlab.example.com/api/v4/projects/group%2Fsub%2Fcapi/packages/generic/control-plane-kubeadm/v1.2.3/control-plane-components.yaml"},
	}
	for origin, want := range cases {
		got, err := publishedURLs(origin, "v1.2.3", cfg)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v (%v), want %v", origin, got, err, want)
		}
	}
	for _, origin := range []string{"", "https://bitbucket.org/acme/capi.git", "/srv/git/capi", "https://oauth2:S3CRET@gitlab.example.com/capi.git?private_token=S3CRET"} {
		_, err := publishedURLs(origin, "v1.2.3", cfg)
		if err == nil || !strings.Contains(err.Error(), "--check-against") || strings.Contains(err.Error(), "S3CRET") {
			t.Errorf("%q: %v, want an error naming --check-against and no token", origin, err)
		}
	}
}

// TestUntarRefusesEscapes: an archive entry that leads out of the folder is refused;
// folders, files and links are written.
func TestUntarRefusesEscapes(t *testing.T) {
	t.Parallel()
	archive := func(entries ...tar.Header) *bytes.Buffer {
		var b bytes.Buffer
		w := tar.NewWriter(&b)
		for _, h := range entries {
			h.Size = int64(len(h.Name))
			if h.Typeflag != tar.TypeReg {
				h.Size = 0
			}
			if err := w.WriteHeader(&h); err != nil {
				t.Fatal(err)
			}
			if h.Typeflag == tar.TypeReg {
				w.Write([]byte(h.Name))
			}
		}
		w.Close()
		return &b
	}
	dir := t.TempDir()
	good := archive(tar.Header{Name: "config/", Typeflag: tar.TypeDir, Mode: 0o755}, tar.Header{Name: "config/a.yaml", Typeflag: tar.TypeReg, Mode: 0o644},
		tar.Header{Name: "link.yaml", Typeflag: tar.TypeSymlink, Linkname: "config/a.yaml"}, tar.Header{Name: "pax_global_header", Typeflag: tar.TypeXGlobalHeader})
	if err := untar(good, dir); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "link.yaml")); err != nil || string(data) != "config/a.yaml" {
		t.Errorf("link.yaml: %q, %v", data, err)
	}
	for _, name := range []string{"../out.yaml", "/etc/x", "a/../../x"} {
		if err := untar(archive(tar.Header{Name: name, Typeflag: tar.TypeReg, Mode: 0o644}), t.TempDir()); err == nil {
			t.Errorf("%s: written", name)
		}
	}
	outside := t.TempDir()
	through := archive(tar.Header{Name: "out", Typeflag: tar.TypeSymlink, Linkname: outside}, tar.Header{Name: "out/x.yaml", Typeflag: tar.TypeReg, Mode: 0o644})
	if err := untar(through, t.TempDir()); err == nil {
		t.Error("a file below a link was written")
	}
	if entries, _ := os.ReadDir(outside); len(entries) > 0 {
		t.Errorf("written outside: %v", entries)
	}
}

func TestConfigLines(t *testing.T) {
	t.Parallel()
	l := newConfigLines([]byte("providers:\n- name: a # c\n  components:\n    images:\n    - name: x\n      newName: y\n  # templates: [{path: cluster-template-ha.yaml}]\n"))
	key := []any{"providers", 0, "components", "images", 0, "newName"}
	if l.at(key...) != 6 || keyText(key) != "providers[0].components.images[0].newName" || l.at("providers", 1) != 0 {
		t.Errorf("at %d, key %s", l.at(key...), keyText(key))
	}
	if l.commented("cluster-template-ha.yaml") != 7 || l.line(2) != "- name: a # c" {
		t.Errorf("commented %d, line %q", l.commented("cluster-template-ha.yaml"), l.line(2))
	}
}

// TestQuestionAbout: a question is about the line below its block of questions and,
// when a key is there, the key's whole value; not about the lines after it.
func TestQuestionAbout(t *testing.T) {
	t.Parallel()
	l := newConfigLines([]byte("providers:\n- name: a\n  # QUESTION: one\n  # QUESTION: two\n  templates:\n  - flavor: dev\n  - {flavor: ha, path: x}\n  # QUESTION: three\n  # files:\n  metadata: m.yaml\n"))
	for q, want := range map[int][2]int{3: {5, 7}, 4: {5, 7}, 8: {9, 9}} {
		if first, last := l.about(q); first != want[0] || last != want[1] {
			t.Errorf("question on line %d: about lines %d-%d, want %d-%d", q, first, last, want[0], want[1])
		}
	}
	asked := []scaffold.Question{{Text: "one", Line: 3}, {Text: "two", Line: 4}, {Text: "three", Line: 8}}
	for line, want := range map[int]string{2: "", 6: "one; two", 9: "three", 10: "", 0: ""} {
		if got := askedAbout(asked, l, line); got != want {
			t.Errorf("line %d: asked %q, want %q", line, got, want)
		}
	}
}
