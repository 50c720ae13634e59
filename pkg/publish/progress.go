package publish

import "context"

// ProgressFunc is told, as each file a run writes is done, its name and the bytes
// written so far out of all the run writes. Backends that write file by file (GitHub,
// GitLab) report each file; others report a version at once. It is called from
// several goroutines, one call at a time.
type ProgressFunc func(file string, done, total int64)

type progressKey struct{}

// WithProgress returns ctx carrying fn for Publish: progress is a display concern of
// the caller, so it travels beside the run rather than in its Policy.
func WithProgress(ctx context.Context, fn ProgressFunc) context.Context {
	return context.WithValue(ctx, progressKey{}, fn)
}

func progressOf(ctx context.Context) ProgressFunc {
	fn, _ := ctx.Value(progressKey{}).(ProgressFunc)
	return fn
}

// progress counts one done step and reports it; the caller holds p.mu.
func (p *Plan) progress(s *Step) {
	if p.onProgress == nil || !s.Writes() {
		return
	}
	if p.total == 0 {
		for _, t := range p.Steps {
			if t.Writes() {
				p.total += int64(len(t.File.Data))
			}
		}
	}
	p.written += int64(len(s.File.Data))
	p.onProgress(s.File.Name, p.written, p.total)
}
