package cli

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/backend/local"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

// conformanceDestinations are the entries of the publishing conformance suite.
var conformanceDestinations = []destination{
	{"local", startLocal},
	{"github", startGitHub},
	{"gitlab", startGitLab},
	{"oci", startOCI},
}

func startLocal(t *testing.T) *target {
	root := filepath.Join(t.TempDir(), "repo")
	tg := &target{
		args:    []string{"publish", "local", "--to", root},
		replace: "--force",
		held:    func(t *testing.T) map[string]string { return localHeld(t, root) },
		// What a killed run leaves: a half-staged version and a staged clusterctl.yaml.
		fault: func(t *testing.T) {
			dead := filepath.Join(root, "bootstrap-tiny", ".v1.0.0.capirepo-tmp-dead")
			for path, data := range map[string]string{filepath.Join(dead, "metadata.yaml"): "half", filepath.Join(root, ".clusterctl.yaml.capirepo-tmp-dead"): "x"} {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		},
	}
	// The run is interrupted in the middle of writing: right after its first file
	// is staged (the kill tests in pkg/backend/local stop it at every other step).
	tg.interrupt = func(t *testing.T, cancel context.CancelFunc) func() {
		writes := 0
		tg.step = func(what string) {
			if strings.HasPrefix(what, "write ") {
				if writes++; writes == 1 {
					cancel()
				}
			}
		}
		return func() {
			tg.step = nil
			if writes == 0 {
				t.Error("the local run wrote no file: the interrupt did not cut in mid-write")
			}
		}
	}
	return tg
}

// localHeld reads ROOT/bootstrap-tiny/<version>/<file> (the checksum file aside)
// and reports any staging leftover in the tree.
func localHeld(t *testing.T, root string) map[string]string {
	out := map[string]string{}
	for _, dir := range []string{root, filepath.Join(root, "bootstrap-tiny")} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), ".capirepo-") {
				out["leftover "+e.Name()] = ""
			}
		}
	}
	files, _ := filepath.Glob(filepath.Join(root, "bootstrap-tiny", "v*", "*"))
	for _, f := range files {
		if filepath.Base(f) == local.ChecksumFile {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f)] = sum(data)
	}
	return out
}

func startGitHub(t *testing.T) *target {
	gh := newGitHub(t)
	return &target{
		args:    []string{"publish", "github", "--repo", ghRepo, "--github-url", gh.URL()},
		env:     map[string]string{"GITHUB_TOKEN": ghSecret},
		replace: "--replace",
		secret:  ghSecret,
		held:    func(t *testing.T) map[string]string { return githubHeld(gh) },
		interrupt: func(t *testing.T, cancel context.CancelFunc) func() {
			gh.Inject(fakegithub.Fault{Route: fakegithub.RouteUploadAsset, Nth: 2, Kind: fakegithub.FaultDelay, Delay: time.Minute})
			return cancelWhen(func() bool { return gh.Hits(fakegithub.RouteUploadAsset) >= 2 }, cancel)
		},
		fault: func(t *testing.T) {
			gh.Inject(fakegithub.Fault{Route: fakegithub.RouteCreateRelease, Kind: fakegithub.FaultResetAfter})
			gh.Inject(fakegithub.Fault{Route: fakegithub.RouteUploadAsset, Nth: 2, Kind: fakegithub.FaultResetAfter})
			gh.Inject(fakegithub.Fault{Route: fakegithub.RouteUploadAsset, Nth: 3, Kind: fakegithub.FaultReset, Partial: true})
		},
	}
}

// githubHeld maps every asset to its content's sha256; drafts, several releases of
// one tag and broken uploads get keys of their own.
func githubHeld(gh *fakegithub.Server) map[string]string {
	out := map[string]string{}
	per := map[string]int{}
	for _, r := range gh.Releases(ghOwner, ghName) {
		per[r.Tag]++
		if r.Draft {
			out[r.Tag+" drafts"] += "d"
		}
		for _, a := range r.Assets {
			key := r.Tag + "/" + a.Name
			if _, dup := out[key]; dup {
				out[key+" copies"] += "+"
			}
			out[key] = sum(a.Data)
			if a.State != "uploaded" {
				out[key] = "broken " + a.State
			}
		}
	}
	for tag, n := range per {
		if n > 1 {
			out[tag+" releases"] = strconv.Itoa(n)
		}
	}
	return out
}

func startGitLab(t *testing.T) *target {
	gl := newGitLab(t)
	return &target{
		args:    []string{"publish", "gitlab", "--url", gl.URL, "--project", glProject},
		env:     map[string]string{"GITLAB_TOKEN": glSecret},
		replace: "--replace",
		secret:  glSecret,
		held:    func(t *testing.T) map[string]string { return gitlabHeld(gl) },
		interrupt: func(t *testing.T, cancel context.CancelFunc) func() {
			gl.Inject(fakegitlab.Fault{Route: fakegitlab.RouteUpload, Nth: 2, Delay: time.Minute})
			return cancelWhen(func() bool { return count(gl.Requests(), fakegitlab.RouteUpload) >= 2 }, cancel)
		},
		fault: func(t *testing.T) {
			gl.Inject(fakegitlab.Fault{Route: fakegitlab.RouteUpload, Nth: 1, Reset: true, AfterHandling: true})
			gl.Inject(fakegitlab.Fault{Route: fakegitlab.RouteUpload, Nth: 3, Status: 502, AfterHandling: true})
			gl.Inject(fakegitlab.Fault{Route: fakegitlab.RouteUpload, Nth: 5, Reset: true})
		},
	}
}

// gitlabHeld maps the newest copy of every file to its sha256; duplicates get a key.
func gitlabHeld(gl *fakegitlab.Server) map[string]string {
	out := map[string]string{}
	for _, v := range gl.Versions(glProject, glPackage) {
		for _, f := range gl.Files(glProject, glPackage, v) {
			key := v + "/" + f.Name
			if _, dup := out[key]; dup {
				out[key+" copies"] += "+"
			}
			out[key] = sum(f.Data)
		}
	}
	return out
}

func count(reqs []fakegitlab.Request, route string) int {
	n := 0
	for _, r := range reqs {
		if r.Route == route {
			n++
		}
	}
	return n
}

// cancelWhen calls cancel as soon as cond holds; the returned func stops watching.
func cancelWhen(cond func() bool, cancel context.CancelFunc) func() {
	stop := make(chan struct{})
	go func() {
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				if cond() {
					cancel()
					return
				}
			}
		}
	}()
	return func() { close(stop) }
}
