package gitlab

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/publish"
)

func TestNotes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, base, project, visibility string
		wantURL                         string
		want, notWant                   []string
	}{
		{name: "gitlab host, path slug", base: "https://gitlab.example.com", project: "group/name", visibility: "public",
			wantURL: "https://gitlab.example.com/api/v4/projects/group%2Fname/packages/generic/infrastructure-aws/v1.2.3/infrastructure-components.yaml",
			want:    []string{"pin the version"}, notWant: []string{"warning:", "v1.9", "GITLAB_ACCESS_TOKEN"}},
		{name: "host without gitlab. prefix", base: "https://git.example.com/", project: "group/name", visibility: "public",
			wantURL: "https://git.example.com/api/v4/projects/group%2Fname/packages/generic/infrastructure-aws/v1.2.3/infrastructure-components.yaml",
			want:    []string{`Only GitHub and GitLab are supported for "https" schema`}},
		{name: "path prefix", base: "https://gitlab.example.com/gitlab", project: "group/name", visibility: "public",
			want: []string{"path prefix", "nine path segments"}},
		{name: "numeric id, private", base: "https://gitlab.example.com", project: "42", visibility: "private",
			wantURL: "https://gitlab.example.com/api/v4/projects/42/packages/generic/infrastructure-aws/v1.2.3/infrastructure-components.yaml",
			want:    []string{"clusterctl v1.9 or newer", "the project is private", "GITLAB_ACCESS_TOKEN"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p, err := New(Options{BaseURL: tt.base, Project: tt.project})
			if err != nil {
				t.Fatal(err)
			}
			set := testSet(t, "v1.2.3")
			plan := publish.NewPlan(set, publish.NewState(&snapshot{vis: tt.visibility}), publish.Policy{DryRun: true})
			notes := p.Notes(plan)
			all := strings.Join(notes, "\n")
			if tt.wantURL != "" {
				entry := "providers:\n  - name: \"aws\"\n    type: \"InfrastructureProvider\"\n    url: \"" + tt.wantURL + "\""
				if !strings.Contains(notes[0], entry) {
					t.Errorf("entry:\n%s\nwant it to contain:\n%s", notes[0], entry)
				}
			}
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("notes do not mention %q:\n%s", w, all)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(all, w) {
					t.Errorf("notes mention %q:\n%s", w, all)
				}
			}
		})
	}
}

func TestNoteURLParsesBack(t *testing.T) {
	t.Parallel()
	p, err := New(Options{BaseURL: "https://gitlab.example.com", Project: "group/sub.x/name"})
	if err != nil {
		t.Fatal(err)
	}
	set := testSet(t, "v1.2.3")
	rel := set.Releases[0]
	u := p.entries(set)
	u = u[strings.Index(u, "url: \"")+6:]
	u = u[:strings.Index(u, "\"")]
	base, project, pkg, version, file, err := ParseURL(u)
	if err != nil || base != "https://gitlab.example.com" || project != "group/sub.x/name" || pkg != rel.Label() ||
		version != "v1.2.3" || file != rel.ComponentsFile {
		t.Errorf("ParseURL(%s) = %s %s %s %s %s, %v", u, base, project, pkg, version, file, err)
	}
}

// TestNewRejects checks what New refuses, and what Options.Allows refuses for a
// run's policy (Preflight, before any request).
func TestNewRejects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		opts Options
		want string
		pol  publish.Policy // the run's (Allows)
	}{
		{"no token", Options{BaseURL: "https://gitlab.example.com", Project: "g/n"}, "needs a token", publish.Policy{}},
		{"bad base", Options{BaseURL: "gitlab.example.com", Project: "g/n", Token: "t"}, "not an http(s) URL", publish.Policy{}},
		{"no project", Options{BaseURL: "https://gitlab.example.com", Token: "t"}, "project is empty", publish.Policy{}},
		{"bad kind", Options{BaseURL: "https://gitlab.example.com", Project: "g/n", Token: "t", TokenKind: "oauth"}, "not one of", publish.Policy{}},
		{"replace with deploy token", Options{BaseURL: "https://gitlab.example.com", Project: "g/n", Token: "t", TokenKind: TokenDeploy}, "deploy tokens cannot", publish.Policy{Replace: true}},
		{"bad package name", Options{BaseURL: "https://gitlab.example.com", Project: "g/n", Token: "t", Package: "a/b"}, "package name", publish.Policy{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := New(tt.opts)
			if err == nil {
				err = tt.opts.Allows(tt.pol)
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("New/Allows error = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestPackageOptionForSeveralProviders(t *testing.T) {
	t.Parallel()
	s := newFake(t)
	set := testSet(t, "v1.2.3")
	other := *set.Releases[0]
	other.Name = "gcp"
	set.Releases = append(set.Releases, &other)
	o := options(s, &sleeps{})
	o.Package = "shared"
	if _, err := publishTo(t, o, set); err == nil || !strings.Contains(err.Error(), "2 providers") {
		t.Errorf("Publish error = %v, want a refusal of one package for 2 providers", err)
	}
	if len(puts(s)) != 0 {
		t.Errorf("uploaded %v, want nothing", puts(s))
	}
}
