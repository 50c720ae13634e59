package clusterctlcfg

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

// notes is the "Built-in list at HEAD" section of the clusterctl research notes
// (cluster-api ae7ff04), copied into testdata.
const notes = "testdata/builtin-list.md"

// notesList parses the bullets of the notes' built-in list.
func notesList(t *testing.T) []Provider {
	t.Helper()
	f, err := os.Open(notes)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	types := map[string]layout.Type{"Core": layout.CoreProvider, "Infrastructure": layout.InfrastructureProvider, "Bootstrap": layout.BootstrapProvider,
		"ControlPlane": layout.ControlPlaneProvider, "IPAM": layout.IPAMProvider, "Addon": layout.AddonProvider, "RuntimeExtension": layout.RuntimeExtensionProvider}
	group := regexp.MustCompile(`^- (\w+)`)
	item := regexp.MustCompile("^  - `?([a-z0-9-]+)`? — ([^ ]+)(?: — \\*{0,2}([a-z0-9.-]+\\.yaml))?")
	var out []Provider
	typ := layout.Type("")
	sc := bufio.NewScanner(f)
	sc.Scan() // the heading line
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.TrimSpace(line) == "":
			return out
		case group.MatchString(line):
			typ = types[group.FindStringSubmatch(line)[1]]
		case item.MatchString(line):
			m := item.FindStringSubmatch(line)
			file := m[3]
			if file == "" {
				file = layout.ComponentsFile(typ)
			}
			out = append(out, Provider{Provider: layout.Provider{Name: m[1], Type: typ}, URL: "https://github.com/" + m[2] + "/releases/latest/" + file})
		default:
			t.Fatalf("%s: unparsed line in the built-in list: %q", notes, line)
		}
	}
	return out
}

func TestBuiltinMatchesNotes(t *testing.T) {
	t.Parallel()
	want := notesList(t)
	got, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 60 || len(got) != len(want) {
		t.Fatalf("Builtin() has %d entries, the notes %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Builtin()[%d] = %+v, notes say %+v", i, got[i], want[i])
		}
	}
}

func TestReadProvidersAndMerge(t *testing.T) {
	t.Parallel()
	extra, err := ReadProviders(filepath.Join("testdata", "clusterctl.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	builtin, _ := Builtin()
	list := Merge(builtin, extra)
	if len(list) != len(builtin)+1 {
		t.Errorf("Merge() has %d entries, want %d (aws replaced, foo added)", len(list), len(builtin)+1)
	}
	if i := Find(list, layout.Provider{Name: "aws", Type: layout.InfrastructureProvider}); i < 0 || !strings.HasPrefix(list[i].URL, "https://gitlab.example.com/") {
		t.Errorf("Merge() kept the built-in aws entry")
	}
}

func TestReadProvidersErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, body, want string }{
		{"bad type", "providers:\n- {name: x, type: Infra, url: /a/b/c/d.yaml}\n", "is not one of"},
		{"bad url", "providers:\n- {name: x, type: InfrastructureProvider, url: d.yaml}\n", "is not {base}/{version}/{components file}"},
		{"not a list", "providers: {name: x}\n", "want a list"},
		{"missing", "", "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "clusterctl.yaml")
			if tt.body != "" {
				os.WriteFile(path, []byte(tt.body), 0o644)
			}
			if _, err := ReadProviders(path); err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("ReadProviders() error = %v, want %q naming the file", err, tt.want)
			}
		})
	}
}

func TestLocalRoot(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, url, want, wantErr string }{
		{"file URL", "file:///srv/capi/infrastructure-foo/latest/infrastructure-components.yaml", "/srv/capi", ""},
		{"plain path", "/srv/capi/infrastructure-foo/v1.0.0/components.yaml", "/srv/capi", ""},
		{"relative", "capi/infrastructure-foo/v1.0.0/components.yaml", "", "want an absolute"},
		{"wrong label", "/srv/capi/foo/v1.0.0/components.yaml", "", "{base}/infrastructure-foo/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := Provider{Provider: layout.Provider{Name: "foo", Type: layout.InfrastructureProvider}, URL: tt.url}.LocalRoot()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("LocalRoot(%q) error = %v, want %q", tt.url, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("LocalRoot(%q) = %q, %v; want %q", tt.url, got, err, tt.want)
			}
		})
	}
}
