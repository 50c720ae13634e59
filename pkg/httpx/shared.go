package httpx

import (
	"context"
	"sync"
)

// A run reads each listing once: Shared keeps what a key's first read returned (its
// error too), for every reader of the run that asks again (two providers of one
// GitHub repository in a mirror list its releases once).

type memo struct {
	once sync.Once
	v    any
	err  error
}

// Shared returns read's result for key, read once per run (every call when ctx
// carries no run). Key names what is read and for whom (host, path, credential).
func Shared[T any](ctx context.Context, key string, read func() (T, error)) (T, error) {
	r := runOf(ctx)
	if r == nil {
		return read()
	}
	m := r.memo(key)
	m.once.Do(func() { m.v, m.err = read() })
	v, _ := m.v.(T)
	return v, m.err
}

func (r *run) memo(key string) *memo {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.memos == nil {
		r.memos = map[string]*memo{}
	}
	m, ok := r.memos[key]
	if !ok {
		m = &memo{}
		r.memos[key] = m
	}
	return m
}
