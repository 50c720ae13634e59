package localrepo

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// DefaultLockWait is how long a writer waits for another by default.
const DefaultLockWait = 5 * time.Minute

// Lock takes root's publisher lock (ROOT/.capirepo.lock), creating root, waiting at
// most wait (5 minutes when 0). A caller that writes more than a release set into
// root (mirror: cert-manager, clusterctl.yaml keys, images.txt, mirror.json) holds it
// for its whole transaction and publishes with Options.Locked.
func Lock(ctx context.Context, root string, wait time.Duration) (unlock func(), err error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("resolving repository root %s: %w", root, err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return nil, fmt.Errorf("creating repository root %s: %w", abs, err)
	}
	if wait <= 0 {
		wait = DefaultLockWait
	}
	return lock(ctx, abs, wait)
}
