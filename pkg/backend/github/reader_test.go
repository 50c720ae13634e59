package github

import (
	"context"
	"errors"
	"io/fs"
	"slices"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
)

func readerEnv(t *testing.T) *Repo {
	t.Helper()
	e := newEnv(t, fakegithub.RepoOptions{})
	asset := func(name, data string) fakegithub.Asset { return fakegithub.Asset{Name: name, Data: []byte(data)} }
	e.fake.AddRelease("acme", "capx", fakegithub.Release{Tag: "v1.0.0", Assets: []fakegithub.Asset{asset("metadata.yaml", "m1"), asset("infrastructure-components.yaml", "c1")}})
	e.fake.AddRelease("acme", "capx", fakegithub.Release{Tag: "v1.1.0-rc.0", Prerelease: true, Assets: []fakegithub.Asset{asset("metadata.yaml", "m2")}})
	e.fake.AddRelease("acme", "capx", fakegithub.Release{Tag: "v2.0.0", Draft: true, Assets: []fakegithub.Asset{asset("metadata.yaml", "draft")}})
	e.fake.AddRelease("acme", "capx", fakegithub.Release{Tag: "nightly", Assets: []fakegithub.Asset{asset("metadata.yaml", "n")}})
	for i := range 120 { // more than one page of 100
		e.fake.AddRelease("acme", "capx", fakegithub.Release{Tag: "build-" + itoa(i)})
	}
	o := e.opts()
	o.Token = "" // anonymous reads, like clusterctl without GITHUB_TOKEN
	r, err := NewRepo(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRepoVersions(t *testing.T) {
	t.Parallel()
	got, err := readerEnv(t).Versions(context.Background())
	if err != nil {
		t.Fatalf("Versions() error = %v", err)
	}
	slices.Sort(got)
	if want := []string{"v1.0.0", "v1.1.0-rc.0"}; !slices.Equal(got, want) {
		t.Errorf("Versions() = %v, want %v (no drafts, no non-versions)", got, want)
	}
}

func TestRepoFiles(t *testing.T) {
	t.Parallel()
	r := readerEnv(t)
	tests := []struct {
		name, tag, file string
		want            string
		wantNotExist    bool
	}{
		{"metadata", "v1.0.0", "metadata.yaml", "m1", false},
		{"components", "v1.0.0", "infrastructure-components.yaml", "c1", false},
		{"prerelease", "v1.1.0-rc.0", "metadata.yaml", "m2", false},
		{"missing asset", "v1.0.0", "cluster-template.yaml", "", true},
		{"draft is invisible", "v2.0.0", "metadata.yaml", "", true},
		{"missing release", "v9.0.0", "metadata.yaml", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := r.File(context.Background(), tt.tag, tt.file)
			if tt.wantNotExist {
				if !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("File() error = %v, want fs.ErrNotExist", err)
				}
				return
			}
			if err != nil || string(got) != tt.want {
				t.Errorf("File() = %q, %v, want %q", got, err, tt.want)
			}
		})
	}
	names, err := r.Files(context.Background(), "v1.0.0")
	slices.Sort(names)
	if err != nil || !slices.Equal(names, []string{"infrastructure-components.yaml", "metadata.yaml"}) {
		t.Errorf("Files(v1.0.0) = %v, %v", names, err)
	}
}

func TestParseURL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, url              string
		owner, repo, tag, file string
		wantErr                string
	}{
		{"latest", "https://github.com/acme/capx/releases/latest/infrastructure-components.yaml", "acme", "capx", "latest", "infrastructure-components.yaml", ""},
		{"tag", "https://github.com/kubernetes-sigs/cluster-api/releases/v1.9.6/core-components.yaml", "kubernetes-sigs", "cluster-api", "v1.9.6", "core-components.yaml", ""},
		{"browser form", "https://github.com/acme/capx/releases/download/v1.0.0/infrastructure-components.yaml", "", "", "", "", "https://github.com/acme/capx/releases/v1.0.0/infrastructure-components.yaml"},
		{"enterprise host", "https://ghe.example.com/acme/capx/releases/latest/c.yaml", "", "", "", "", "only https://github.com"},
		{"http", "http://github.com/acme/capx/releases/latest/c.yaml", "", "", "", "", "only https://github.com"},
		{"not a version", "https://github.com/acme/capx/releases/main/c.yaml", "", "", "", "", `version "main"`},
		{"too short", "https://github.com/acme/capx/releases/latest", "", "", "", "", "wrong shape"},
		{"subdirectory", "https://github.com/acme/capx/releases/latest/dir/c.yaml", "", "", "", "", "wrong shape"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o, r, tag, f, err := ParseURL(tt.url)
			if tt.wantErr != "" {
				checkErr(t, err, []string{tt.wantErr})
				return
			}
			if err != nil || o != tt.owner || r != tt.repo || tag != tt.tag || f != tt.file {
				t.Errorf("ParseURL() = %q %q %q %q %v, want %q %q %q %q", o, r, tag, f, err, tt.owner, tt.repo, tt.tag, tt.file)
			}
		})
	}
}

func TestNewRejectsBadOptions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		o    Options
		want string
	}{
		{"no owner", Options{Repo: "r"}, "owner"},
		{"slash in repo", Options{Owner: "o", Repo: "o/r"}, "separately"},
		{"make latest", Options{Owner: "o", Repo: "r", MakeLatest: "yes"}, "true, false or legacy"},
		{"bad api url", Options{Owner: "o", Repo: "r", APIURL: "ftp://x"}, "API URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := New(tt.o)
			checkErr(t, err, []string{tt.want})
		})
	}
}
