package mirror

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

const notes = "../../../shared/notes/clusterctl-consumer.md"

// notesList parses the "Built-in list at HEAD" bullets of the research notes (§8).
func notesList(t *testing.T) []Provider {
	t.Helper()
	f, err := os.Open(notes)
	if os.IsNotExist(err) {
		t.Skipf("%s is absent (it lives beside the repository checkout): cannot compare the built-in list", notes)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	types := map[string]string{"Core": layout.CoreProvider, "Infrastructure": layout.InfrastructureProvider, "Bootstrap": layout.BootstrapProvider,
		"ControlPlane": layout.ControlPlaneProvider, "IPAM": layout.IPAMProvider, "Addon": layout.AddonProvider, "RuntimeExtension": layout.RuntimeExtensionProvider}
	group := regexp.MustCompile(`^- (\w+)`)
	item := regexp.MustCompile("^  - `?([a-z0-9-]+)`? — ([^ ]+)(?: — \\*{0,2}([a-z0-9.-]+\\.yaml))?")
	var out []Provider
	typ, in := "", false
	for sc := bufio.NewScanner(f); sc.Scan(); {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "**Built-in list at HEAD**"):
			in = true
		case !in:
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
			out = append(out, Provider{Name: m[1], Type: typ, URL: "https://github.com/" + m[2] + "/releases/latest/" + file})
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

func TestSelect(t *testing.T) {
	t.Parallel()
	list, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, typ, arg string
		wantURL        string // substring of the picked provider's URL
		wantVersion    string
		wantErr        string
	}{
		{"pinned", layout.CoreProvider, "cluster-api:v1.9.6", "kubernetes-sigs/cluster-api/", "v1.9.6", ""},
		{"no version is the URL's", layout.InfrastructureProvider, "docker", "infrastructure-components-development.yaml", Latest, ""},
		{"name is lower-cased", layout.BootstrapProvider, "Kubeadm:v1.9.6", "bootstrap-components.yaml", "v1.9.6", ""},
		{"same name, other type", layout.ControlPlaneProvider, "kubeadm:v1.9.6", "control-plane-components.yaml", "v1.9.6", ""},
		{"unknown", layout.InfrastructureProvider, "nope:v1.0.0", "", "", "no InfrastructureProvider named nope"},
		{"two colons", layout.CoreProvider, "cluster-api:v1:x", "", "", "want name[:version]"},
		{"bad version", layout.CoreProvider, "cluster-api:1.9", "", "", "no \"v\" prefix"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := Select(list, tt.typ, []string{tt.arg})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Select(%q) error = %v, want %q", tt.arg, err, tt.wantErr)
				}
				return
			}
			if err != nil || len(got) != 1 || !strings.Contains(got[0].Provider.URL, tt.wantURL) || got[0].Version != tt.wantVersion || got[0].Provider.Type != tt.typ {
				t.Fatalf("Select(%q) = %+v, %v; want %s at %s", tt.arg, got, err, tt.wantURL, tt.wantVersion)
			}
		})
	}
}

func TestFromConfig(t *testing.T) {
	t.Parallel()
	extra, err := ReadConfig(filepath.Join("testdata", "clusterctl.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	builtin, _ := Builtin()
	list := Merge(builtin, extra)
	if len(list) != len(builtin)+1 {
		t.Errorf("Merge() has %d entries, want %d (aws replaced, foo added)", len(list), len(builtin)+1)
	}
	flagged, err := Select(list, layout.InfrastructureProvider, []string{"aws:v2.6.0"})
	if err != nil || !strings.HasPrefix(flagged[0].Provider.URL, "https://gitlab.example.com/") {
		t.Fatalf("Select(aws) = %+v, %v; want the --from-config GitLab URL", flagged, err)
	}
	picks, err := ConfigPicks(flagged, extra)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range picks {
		got = append(got, p.String())
	}
	if want := "infrastructure-aws v2.6.0,bootstrap-foo latest"; strings.Join(got, ",") != want {
		t.Errorf("ConfigPicks() = %v, want %s (the flag's version wins, foo at its URL's version)", got, want)
	}
}

func TestReadConfigErrors(t *testing.T) {
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
				writeFile(t, path, tt.body)
			}
			if _, err := ReadConfig(path); err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("ReadConfig() error = %v, want %q naming the file", err, tt.want)
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
			got, err := Provider{Name: "foo", Type: layout.InfrastructureProvider, URL: tt.url}.LocalRoot()
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
