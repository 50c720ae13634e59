package fsx

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// DefaultLockWait is how long a writer waits for another by default.
const DefaultLockWait = 5 * time.Minute

// LockFile is the lock file Lock takes in a folder: held while publishing there.
const LockFile = ".capirepo.lock"

// Lock takes the publisher lock of root, a folder capirepo publishes into as a whole
// (a local repository's root, a ConfigMap or OCI layout folder): root/.capirepo.lock.
// It creates root and waits at most wait (5 minutes when 0). A caller that writes
// more than one release set into root (mirror) holds it for its whole transaction.
func Lock(ctx context.Context, root string, wait time.Duration) (unlock func(), err error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("resolving folder %s: %w", root, err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return nil, fmt.Errorf("creating folder %s: %w", abs, err)
	}
	if wait <= 0 {
		wait = DefaultLockWait
	}
	return lock(ctx, abs, wait)
}
