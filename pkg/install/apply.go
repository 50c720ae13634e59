package install

import (
	"context"
	"fmt"
	"github.com/capirepo/capirepo/pkg/fsx"
	"path/filepath"
)

// apply creates the objects of files, in order, with strict field validation; each
// refusal is reported with the file, as the API server gave it.
func (s *session) apply(ctx context.Context, files []string, r *Result) error {
	n := 0
	for _, f := range files {
		data, err := fsx.ReadFile(f)
		if err != nil {
			return err
		}
		objs, err := Split(data)
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		for j, o := range objs {
			if err := s.api.Create(ctx, o, false, "Strict"); err != nil {
				r.Refusals = append(r.Refusals, Refusal{Step: "apply", Kind: o.str("kind"), Name: o.str("metadata", "name"),
					Index: j, Message: filepath.Base(f) + ": " + err.Error()})
				continue
			}
			n++
		}
	}
	r.Notes = append(r.Notes, fmt.Sprintf("created %d object(s)", n))
	return ctx.Err()
}
