package cli

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

// TestRemoteInterruptExits130: Ctrl-C during an upload to GitHub or GitLab exits 130
// (the redacted error keeps context.Canceled in its chain), and shows no token.
func TestRemoteInterruptExits130(t *testing.T) {
	t.Parallel()
	dist := builtTiny(t)
	gh := newGitHub(t)
	gh.Inject(fakegithub.Fault{Route: fakegithub.RouteUploadAsset, Kind: fakegithub.FaultDelay, Delay: 3 * time.Second, Count: 99})
	gl := newGitLab(t)
	gl.Inject(fakegitlab.Fault{Route: fakegitlab.RouteUpload, Delay: 3 * time.Second, Count: 99})
	for _, c := range []struct {
		name, secret string
		env          map[string]string
		args         []string
	}{
		{"github", ghSecret, ghEnv, []string{"publish", "github", "--from", dist, "--repo", ghRepo, "--github-url", gh.URL()}},
		{"gitlab", glSecret, glEnv, []string{"publish", "gitlab", "--from", dist, "--url", gl.URL, "--project", glProject}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			time.AfterFunc(300*time.Millisecond, cancel)
			var out, errOut bytes.Buffer
			code := Run(ctx, c.args, Env{Getenv: MapEnv(c.env), Stdout: &out, Stderr: &errOut})
			if code != ExitInterrupted {
				t.Fatalf("exit %d, want %d\n%s%s", code, ExitInterrupted, out.String(), errOut.String())
			}
			noSecret(t, c.secret, out.String(), errOut.String())
		})
	}
}
