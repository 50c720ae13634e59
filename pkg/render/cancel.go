package render

import (
	"context"

	"sigs.k8s.io/kustomize/api/resmap"
)

// KustomizeContext is Kustomize that returns as soon as ctx is done. The kustomize
// library cannot be cancelled, so the render runs in a goroutine that is left to
// finish on its own (its result dropped) when ctx ends first.
func KustomizeContext(ctx context.Context, opts Options) (resmap.ResMap, error) {
	return whileActive(ctx, func() (resmap.ResMap, error) { return Kustomize(opts) })
}

// FileContext is File that returns as soon as ctx is done.
func FileContext(ctx context.Context, path string, opts Options) (Resources, error) {
	return whileActive(ctx, func() (Resources, error) { return File(path, opts) })
}

func whileActive[T any](ctx context.Context, render func() (T, error)) (T, error) {
	var zero T
	if err := ctx.Err(); err != nil {
		return zero, err
	}
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := render()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		return zero, ctx.Err()
	}
}
