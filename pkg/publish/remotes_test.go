package publish_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/backend/github"
	"github.com/capirepo/capirepo/pkg/backend/gitlab"
	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

const (
	ghSecret  = "ghp_SECRET_conformance"
	glSecret  = "glpat_SECRET_conformance"
	ociSecret = "oci_SECRET_conformance"
	glProject = "group/name"
)

// fastRetry keeps the fault scenarios short: real retries, millisecond waits.
var fastRetry = httpx.Policy{MaxAttempts: 5, Base: time.Millisecond, MaxWait: 5 * time.Millisecond}

func startGitHub(t *testing.T) *target {
	gh := fakegithub.New()
	t.Cleanup(gh.Close)
	gh.AddRepo("acme", "capx", fakegithub.RepoOptions{})
	gh.AddToken(ghSecret, fakegithub.Write)
	gh.EchoAuth(true) // error bodies carry the Authorization header: a leak would show
	d, err := github.New(github.Options{Owner: "acme", Repo: "capx", Token: ghSecret,
		APIURL: gh.APIURL(), UploadURL: gh.UploadURL(), Retry: fastRetry})
	if err != nil {
		t.Fatal(err)
	}
	return &target{
		dest: d, secret: ghSecret,
		held: func(*testing.T) map[string]string { return githubHeld(gh) },
		interrupt: func(t *testing.T, cancel context.CancelFunc) func() {
			gh.Inject(fakegithub.Fault{Route: fakegithub.RouteUploadAsset, Nth: 2, Kind: fakegithub.FaultDelay, Delay: time.Minute})
			return cancelWhen(func() bool { return gh.Hits(fakegithub.RouteUploadAsset) >= 2 }, cancel)
		},
		fault: func(*testing.T) {
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
	for _, r := range gh.Releases("acme", "capx") {
		per[r.Tag]++
		if r.Draft {
			out[r.Tag+" drafts"] += "d"
		}
		for _, a := range r.Assets {
			key := r.Tag + "/" + a.Name
			if _, dup := out[key]; dup {
				out[key+" copies"] += "+"
			}
			out[key] = release.SHA256(a.Data)
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
	gl := fakegitlab.New(t)
	gl.AddProject(fakegitlab.Project{ID: 42, Path: glProject})
	gl.AddToken(fakegitlab.Token{Value: glSecret, Kind: fakegitlab.PersonalToken})
	d, err := gitlab.New(gitlab.Options{BaseURL: gl.URL, Project: glProject, Token: glSecret,
		HTTPClient: gl.Client(), Retry: httpx.Policy{Base: time.Millisecond, MaxTotal: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	return &target{
		dest: d, secret: glSecret,
		held: func(*testing.T) map[string]string { return gitlabHeld(gl) },
		interrupt: func(t *testing.T, cancel context.CancelFunc) func() {
			gl.Inject(fakegitlab.Fault{Route: fakegitlab.RouteUpload, Nth: 2, Delay: time.Minute})
			return cancelWhen(func() bool { return count(gl.Requests(), fakegitlab.RouteUpload) >= 2 }, cancel)
		},
		fault: func(*testing.T) {
			gl.Inject(fakegitlab.Fault{Route: fakegitlab.RouteUpload, Nth: 1, Reset: true, AfterHandling: true})
			gl.Inject(fakegitlab.Fault{Route: fakegitlab.RouteUpload, Nth: 3, Status: 502, AfterHandling: true})
			gl.Inject(fakegitlab.Fault{Route: fakegitlab.RouteUpload, Nth: 5, Reset: true})
		},
	}
}

// gitlabHeld maps the newest copy of every file to its sha256; duplicates get a key.
func gitlabHeld(gl *fakegitlab.Server) map[string]string {
	out := map[string]string{}
	for _, v := range gl.Versions(glProject, "bootstrap-tiny") {
		for _, f := range gl.Files(glProject, "bootstrap-tiny", v) {
			key := v + "/" + f.Name
			if _, dup := out[key]; dup {
				out[key+" copies"] += "+"
			}
			out[key] = release.SHA256(f.Data)
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
