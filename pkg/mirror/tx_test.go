package mirror

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/publish"
)

func TestConfigPinsHighestMirroredVersion(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.foo.versions["v1.1.0-rc.0"] = newMem(map[string]map[string]string{"x": providerFiles("v1.1.0-rc.0", "infrastructure-components.yaml")}).versions["x"]
	if _, err := Run(context.Background(), f.jobs("v1.0.1", "v1.1.0-rc.0"), f.opts); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), f.jobs("v1.0.0"), f.opts); err != nil {
		t.Fatal(err)
	}
	cfg := readFile(t, filepath.Join(f.dir, clusterctlcfg.File))
	want := "url: " + layout.LocalURL(f.dir, "infrastructure-foo", "v1.0.1", "infrastructure-components.yaml")
	if !strings.Contains(cfg, want) || strings.Contains(cfg, "/latest/") || strings.Count(cfg, "name: foo") != 1 {
		t.Errorf("clusterctl.yaml does not pin foo to v1.0.1 (the highest GA mirrored, also after mirroring an older one):\n%s", cfg)
	}
}

func TestForceRereadsUpstreamAndReplaces(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if _, err := Run(context.Background(), f.jobs("v1.0.0"), f.opts); err != nil {
		t.Fatal(err)
	}
	f.foo.versions["v1.0.0"]["cluster-template.yaml"] = []byte("kind: Cluster # re-released\n")
	f.cert.versions["v1.20.2"]["cert-manager.yaml"] = []byte("kind: Deployment # re-released\n")
	// Without --force the recorded files are reused: nothing changes, nothing refused.
	if _, err := Run(context.Background(), f.jobs("v1.0.0"), f.opts); err != nil {
		t.Fatal(err)
	}
	tpl := filepath.Join(f.dir, "infrastructure-foo", "v1.0.0", "cluster-template.yaml")
	if strings.Contains(readFile(t, tpl), "re-released") {
		t.Fatal("a run without --force replaced a mirrored file")
	}
	f.opts.Force = true
	f.opts.Destination = dirPublisher{f.dir}
	res, err := Run(context.Background(), f.jobs("v1.0.0"), f.opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Reused.Load() != 0 || !strings.Contains(readFile(t, tpl), "re-released") {
		t.Errorf("--force reused %d files; template %q; want everything read again and the change in place", res.Stats.Reused.Load(), readFile(t, tpl))
	}
	if got := readFile(t, filepath.Join(f.dir, CertManager, "v1.20.2", "cert-manager.yaml")); !strings.Contains(got, "re-released") {
		t.Errorf("--force kept the old cert-manager: %q", got)
	}
}

func TestCertManagerConflictIsRefusedBeforeAnyWrite(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if _, err := Run(context.Background(), f.jobs("v1.0.0"), f.opts); err != nil {
		t.Fatal(err)
	}
	// The folder's cert-manager no longer matches its checksum: it is read upstream
	// again, and differs from what is in place.
	writeFile(t, filepath.Join(f.dir, CertManager, "v1.20.2", "cert-manager.yaml"), "edited by hand\n")
	_, err := Run(context.Background(), f.jobs("v1.0.1"), f.opts)
	if !errors.Is(err, publish.ErrConflict) || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("Run() error = %v, want a conflict naming --force", err)
	}
	if exists(filepath.Join(f.dir, "infrastructure-foo", "v1.0.1")) {
		t.Errorf("v1.0.1 was written despite the conflict")
	}
	f.opts.Force = true
	if _, err := Run(context.Background(), f.jobs("v1.0.1"), f.opts); err != nil {
		t.Fatalf("--force: %v", err)
	}
	if got := readFile(t, filepath.Join(f.dir, CertManager, "v1.20.2", "cert-manager.yaml")); strings.Contains(got, "by hand") {
		t.Errorf("--force kept the edited cert-manager")
	}
}

func TestCheckFailsWithVerifyMessage(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.opts.calls.check = func(_ context.Context, dir, label, components string) (lint.Findings, error) {
		return lint.Findings{{Rule: "repo-latest", Severity: lint.Error, File: label, Message: "clusterctl v1.11+ cannot resolve latest"}}, nil
	}
	res, err := Run(context.Background(), f.jobs("v1.0.0"), f.opts)
	if !errors.Is(err, ErrUnusable) || !strings.Contains(err.Error(), "cannot resolve latest") || len(res.Verify) != 1 {
		t.Fatalf("Run() error = %v, want ErrUnusable with verify's message", err)
	}
}

func TestOversizedFilesBesideAreRefused(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	path := filepath.Join(f.dir, ManifestFile)
	writeFile(t, path, "{}")
	if err := os.Truncate(path, maxManifestSize+1); err != nil { // sparse: nothing is written
		t.Fatal(err)
	}
	_, err := Run(context.Background(), f.jobs("v1.0.0"), f.opts)
	if err == nil || !strings.Contains(err.Error(), "64 MiB cap") || !strings.Contains(err.Error(), path) {
		t.Errorf("Run() error = %v, want the cap and the file named", err)
	}
}
