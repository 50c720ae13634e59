package sign

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/provenance"
	"github.com/capirepo/capirepo/pkg/release"
)

// Attach signs the provenance of every release of the set and adds the bundle to the
// release as BundleName(label, version), so every destination that carries the
// release's files carries its bundle. in.Images is filled per release.
func Attach(ctx context.Context, s *Signer, set *release.Set, in provenance.Inputs) error {
	for _, r := range set.Releases {
		name := BundleName(r.Label(), r.Version)
		if r.File(name) != nil {
			return fmt.Errorf("%s: already has a file %s", r, name)
		}
		in.Images = provenance.PinnedImages(r)
		st, err := provenance.Statement(r, in)
		if err != nil {
			return err
		}
		b, err := s.Sign(ctx, st)
		if err != nil {
			return fmt.Errorf("%s: %w", r, err)
		}
		r.Files = append(r.Files, release.File{Name: name, Data: b})
		r.Sort()
	}
	return nil
}

// VerifyRelease checks a release against its bundle: the bundle file must be there and
// verify under the policy, and its statement must cover exactly the other files.
func VerifyRelease(r *release.Release, p Policy) error {
	name := BundleName(r.Label(), r.Version)
	b := r.File(name)
	if b == nil {
		return fmt.Errorf("%w: %s: no signature bundle %s in the version folder", ErrVerify, r, name)
	}
	st, err := Verify(name, b.Data, p)
	if err != nil {
		return fmt.Errorf("%s: %w", r, err)
	}
	rest := *r
	rest.Files = nil
	for _, f := range r.Files {
		if f.Name != name {
			rest.Files = append(rest.Files, f)
		}
	}
	if err := provenance.Check(st, &rest); err != nil {
		return fmt.Errorf("%w: %v", ErrVerify, err)
	}
	return nil
}
