package fsx

import (
	"context"
	"fmt"
	"time"
)

// poll calls try until it reports done, returns an error, ctx is done or wait passed.
// When the first try finds the lock at path held, ctx's wait notice is told once.
func poll(ctx context.Context, wait time.Duration, path string, try func() (bool, error)) error {
	outer := ctx
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	tick := time.NewTicker(25 * time.Millisecond)
	defer tick.Stop()
	for n := 0; ; n++ {
		done, err := try()
		if done || err != nil {
			return err
		}
		if n == 0 {
			noteWait(outer, path, wait)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting at most %s: %w", wait, ctx.Err())
		case <-tick.C:
		}
	}
}
