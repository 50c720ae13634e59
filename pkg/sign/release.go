package sign

import (
	"context"
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/provenance"
	"github.com/capirepo/capirepo/pkg/release"
)

// Attach signs the provenance of every release of the set and adds the bundle to the
// release as layout.BundleFile(label, version), so every destination that carries the
// release's files carries its bundle. in.Images is filled per release.
func Attach(ctx context.Context, s *Signer, set *release.Set, in provenance.Inputs) error {
	for _, r := range set.Releases {
		name := layout.BundleFile(r.Label(), r.Version.String())
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

// VerifyRelease checks a release against its bundle layout.BundleFile(label, version), which
// must be one of its files: every other file must be a signed subject, and every
// signed file clusterctl reads (layout.Reads) must be there.
func VerifyRelease(r *release.Release, p Policy) error {
	name := layout.BundleFile(r.Label(), r.Version.String())
	b := r.File(name)
	if b == nil {
		return fmt.Errorf("%w: %s: no signature bundle %s in the version folder", ErrVerify, r, name)
	}
	files := map[string][]byte{}
	for _, f := range r.Files {
		if f.Name != name {
			files[f.Name] = f.Data
		}
	}
	reads := func(n string) bool { return layout.Reads(n, r.ComponentsFile) }
	ps := verifyFiles(r.Label(), r.Version.String(), b.Data, files, reads, p)
	if len(ps) == 0 {
		return nil
	}
	var msgs []string
	for _, p := range ps {
		msgs = append(msgs, p.String())
	}
	return fmt.Errorf("%w: %s: %s", ErrVerify, r, strings.Join(msgs, "; "))
}

// verifyFiles verifies a version's bundle under the policy, then holds the files a
// reader read against the signed statement (provenance.Problems). A bundle that does
// not verify is one problem naming the bundle file.
func verifyFiles(label, version string, bundle []byte, files map[string][]byte, wanted func(string) bool, p Policy) []provenance.Problem {
	name := layout.BundleFile(label, version)
	st, err := Verify(name, bundle, p)
	if err != nil {
		return []provenance.Problem{{File: name, Message: err.Error()}}
	}
	ps := provenance.Problems(st, label, version, files, wanted)
	for i := range ps {
		if ps[i].File == "" {
			ps[i].File = name
		}
	}
	return ps
}
