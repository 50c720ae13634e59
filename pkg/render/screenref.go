package render

import (
	"fmt"
)

// screenRef decides about one reference before the screen reads it: a remote
// resource is skipped when pinned (its content is screened when fetched) and refused
// otherwise; a local one must stay inside the root.
func (b *boundFS) screenRef(opts Options) func(kfile, dir, ref string) (bool, error) {
	return func(kfile, dir, ref string) (bool, error) {
		if IsRemote(dir, ref) {
			if opts.Remote != nil && opts.Remote.Pinned(ref) {
				_, err := opts.Remote.Fetch(ref) // checked now; kustomize gets it from memory
				if err != nil {
					return false, fmt.Errorf("%s: %w", kfile, err)
				}
				return true, nil
			}
			_, err := b.kust.virtualFor(kfile, ref)
			return err == nil, err
		}
		if err := b.check(refPath(dir, ref)); err != nil {
			return false, fmt.Errorf("%s: %q: %w", kfile, ref, err)
		}
		return false, nil
	}
}
