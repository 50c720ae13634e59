package local

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

func TestConcurrentPublishers(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	sets := []*release.Set{
		set(foo("v1.0.0"), rel("kubeadm", layout.BootstrapProvider, "v0.1.0")),
		set(foo("v1.1.0"), rel("kubeadm", layout.ControlPlaneProvider, "v0.1.0")),
		set(foo("v1.0.0"), rel("ipam", layout.IPAMProvider, "v0.2.0")),
	}
	var wg sync.WaitGroup
	errs := make([]error, len(sets))
	for i, s := range sets {
		wg.Go(func() { _, errs[i] = publish.Publish(t.Context(), s, New(root, Options{}), publish.Policy{}) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"infrastructure-foo/v1.0.0", "infrastructure-foo/v1.1.0", "bootstrap-kubeadm/v0.1.0",
		"control-plane-kubeadm/v0.1.0", "ipam-ipam/v0.2.0"} {
		if got := readFile(t, filepath.Join(root, p, localrepo.ChecksumFile)); got == "" {
			t.Errorf("%s has an empty checksum file", p)
		}
	}
	cfg := readFile(t, filepath.Join(root, clusterctlcfg.File))
	for _, typ := range []string{"InfrastructureProvider", "BootstrapProvider", "ControlPlaneProvider", "IPAMProvider"} {
		if strings.Count(cfg, "type: "+typ) != 1 {
			t.Errorf("clusterctl.yaml should have one %s entry (no lost update):\n%s", typ, cfg)
		}
	}
}

func TestPublishWaitsForTheLock(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	unlock, err := fsx.Lock(t.Context(), root, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel() // the holder never lets go within this publish's bound
	before := treeHash(t, root)
	_, err = publish.Publish(ctx, set(foo("v1.0.0")), New(root, Options{}), publish.Policy{})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), fsx.LockFile) {
		t.Errorf("Publish while locked = %v, want a context error naming %s", err, fsx.LockFile)
	}
	sameTree(t, before, treeHash(t, root))

	done := make(chan error, 1)
	go func() {
		_, err := publish.Publish(t.Context(), set(foo("v1.0.0")), New(root, Options{}), publish.Policy{})
		done <- err
	}()
	unlock()
	if err := <-done; err != nil {
		t.Errorf("Publish after the holder unlocked: %v", err)
	}
}
