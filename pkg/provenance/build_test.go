package provenance

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/config"
)

// TestForBuild: outside a checkout the time comes from SOURCE_DATE_EPOCH, the
// inputs carry the version, the config's file name (no machine path) and pins; with
// no time it fails.
func TestForBuild(t *testing.T) {
	t.Parallel()
	cfg := filepath.Join(t.TempDir(), "capirepo.yaml")
	pins := []Pinned{{URI: "https://a.example/x.yaml", SHA256: "ab"}}
	in, err := ForBuild(context.Background(), Build{Builder: "v9.9.9", Config: cfg, SourceDateEpoch: "1700000000", Remote: pins})
	if err != nil {
		t.Fatal(err)
	}
	if !in.Time.Equal(time.Unix(1700000000, 0)) || in.BuilderVersion != "v9.9.9" || in.ConfigPath != "capirepo.yaml" {
		t.Errorf("inputs = %+v", in)
	}
	if len(in.Remote) != 1 || in.Remote[0] != pins[0] || in.Source != (Source{}) {
		t.Errorf("remote/source = %+v %+v", in.Remote, in.Source)
	}
	if _, err := ForBuild(context.Background(), Build{Builder: "dev", Config: cfg}); err == nil {
		t.Error("no time source accepted")
	}
}

// gitIn runs git in dir with no user or system configuration.
func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=Test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// checkout is a committed git checkout holding providers/a/capirepo.yaml, whose
// origin is remote.
func checkout(t *testing.T, remote string) (root, cfg string) {
	t.Helper()
	root = t.TempDir()
	cfg = filepath.Join(root, "providers", "a", "capirepo.yaml")
	write(t, cfg, "providers: []\n")
	write(t, filepath.Join(root, ".gitignore"), "/ignored/\n")
	gitIn(t, root, "init", "-q")
	gitIn(t, root, "remote", "add", "origin", remote)
	gitIn(t, root, "add", "-A")
	gitIn(t, root, "commit", "-q", "-m", "a")
	return root, cfg
}

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestForBuildRecordsTheExactSource: the config path is relative to the checkout's
// root however it is spelt; the remote keeps no token; ignored files and the output
// folder are no change; any other change is refused (naming the file) unless
// AllowDirty, which records it with the digest of the changes.
func TestForBuildRecordsTheExactSource(t *testing.T) {
	t.Parallel()
	root, cfg := checkout(t, "https://x-access-token:SECRET@github.com/o/r.git?private_token=SECRET2")
	ctx := context.Background()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, cfg) // the config as a path relative to the working folder
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, spelt := range []string{cfg, filepath.Join(root, "providers", "..", "providers", "a", "capirepo.yaml"), rel} {
		in, err := ForBuild(ctx, Build{Config: spelt, Out: filepath.Join(root, "dist")})
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, in.ConfigPath)
		if in.Source.Remote != "https://github.com/o/r.git" || in.Source.Dirty || len(in.Source.Commit) != 40 {
			t.Errorf("source %+v", in.Source)
		}
	}
	if paths[0] != "providers/a/capirepo.yaml" || paths[1] != paths[0] || paths[2] != paths[0] {
		t.Errorf("config paths %q, want providers/a/capirepo.yaml each time", paths)
	}
	write(t, filepath.Join(root, "ignored", "x"), "x")
	write(t, filepath.Join(root, "dist", "infrastructure-a", "v1.0.0", "metadata.yaml"), "x")
	if _, err := ForBuild(ctx, Build{Config: cfg, Out: filepath.Join(root, "dist")}); err != nil {
		t.Fatalf("ignored files and the output folder made the checkout dirty: %v", err)
	}
	write(t, cfg, "providers: [changed]\n")
	_, err = ForBuild(ctx, Build{Config: cfg, Out: filepath.Join(root, "dist")})
	if !errors.Is(err, ErrDirty) || !strings.Contains(err.Error(), "providers/a/capirepo.yaml") || !strings.Contains(err.Error(), "--allow-dirty") {
		t.Fatalf("dirty checkout: %v; want ErrDirty naming the file and --allow-dirty", err)
	}
	in, err := ForBuild(ctx, Build{Config: cfg, Out: filepath.Join(root, "dist"), AllowDirty: true})
	if err != nil || !in.Source.Dirty || len(in.Source.Diff) != 64 {
		t.Fatalf("--allow-dirty: %+v %v", in.Source, err)
	}
	write(t, filepath.Join(root, "new.yaml"), "x")
	again, _ := ForBuild(ctx, Build{Config: cfg, Out: filepath.Join(root, "dist"), AllowDirty: true})
	if again.Source.Diff == in.Source.Diff {
		t.Error("an untracked file did not change the digest of the changes")
	}
}

// TestPins: the statement records each remote resource's URL and pin, in config
// order; a vendored copy's file name is no part of it.
func TestPins(t *testing.T) {
	t.Parallel()
	got := Pins([]config.RemoteResource{
		{URL: "https://b.example/y.yaml", SHA256: "cd", File: "vendor/y.yaml", Line: 7},
		{URL: "https://a.example/x.yaml", SHA256: "ab"},
	})
	want := []Pinned{{URI: "https://b.example/y.yaml", SHA256: "cd"}, {URI: "https://a.example/x.yaml", SHA256: "ab"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Pins = %+v, want %+v", got, want)
	}
	if Pins(nil) != nil {
		t.Error("no resources gave pins")
	}
}
