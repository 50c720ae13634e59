package fsx

import (
	"context"
	"fmt"
	"time"
)

// poll calls try until it reports done, returns an error, ctx is done or wait passed.
func poll(ctx context.Context, wait time.Duration, try func() (bool, error)) error {
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	tick := time.NewTicker(25 * time.Millisecond)
	defer tick.Stop()
	for {
		done, err := try()
		if done || err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting at most %s: %w", wait, ctx.Err())
		case <-tick.C:
		}
	}
}
