package render

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// screenRef decides about one reference before the screen reads it: a remote
// resource is skipped when pinned (its content is screened when fetched) and refused
// otherwise; a local one must stay inside the root.
func (b *boundFS) screenRef(opts Options) func(kfile, dir, ref string) (bool, error) {
	return func(kfile, dir, ref string) (bool, error) {
		if isRemote(dir, ref) {
			if opts.Remote != nil && opts.Remote.Pinned(ref) {
				data, err := opts.Remote.Fetch(ref) // checked now; kustomize gets it from memory
				if err == nil {
					err = remoteScale(ref, data)
				}
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

// remoteScale holds a pinned remote resource to the screen's limits on local files:
// kustomize's time grows with the square of the document count whatever the source.
func remoteScale(url string, data []byte) error {
	st := manifest.Stats(data)
	if st.Largest > maxDocBytes {
		return fmt.Errorf("remote resource %s: document %d is %d MiB: no Kubernetes object is that large; check that the URL is the file the kustomization should include", url, st.LargestN, st.Largest>>20)
	}
	if n := st.Docs + st.ListItems; n > maxDocs {
		return fmt.Errorf("remote resource %s has %d YAML documents, more than the %d a kustomization may reach (kustomize's build time grows with the square of the document count): build the folder once with `kustomize build` and use the result as a prebuilt file (components.file)", url, n, maxDocs)
	}
	return nil
}
