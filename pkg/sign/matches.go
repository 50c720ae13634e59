package sign

import (
	"fmt"
	"strings"

	intoto "github.com/in-toto/attestation/go/v1"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/provenance"
	"github.com/capirepo/capirepo/pkg/release"
)

// Unverified is the statement a bundle's DSSE envelope carries, read without checking
// its signature: what it claims, which needs no key to compare with the files. name is
// the bundle file for messages.
func Unverified(name string, bundle []byte) (*intoto.Statement, error) {
	raw := payload(bundle)
	if raw == nil {
		return nil, fmt.Errorf("%w: %s is not a sigstore bundle with a DSSE envelope", ErrVerify, name)
	}
	st := &intoto.Statement{}
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(raw, st); err != nil {
		return nil, fmt.Errorf("%w: %s: the signed payload is not an in-toto statement", ErrVerify, name)
	}
	return st, nil
}

// Matches holds a release's own bundle (layout.BundleFile; none: nothing to hold)
// against its files without a key: the statement the bundle carries must be about
// the release's provider and version, and its subjects the files with their sha256
// (provenance.Problems). A file changed after signing is refused, naming the file:
// every path that signs or publishes a folder holding bundles checks this first.
func Matches(r *release.Release) error {
	name := layout.BundleFile(r.Label(), r.Version.String())
	b := r.File(name)
	if b == nil {
		return nil
	}
	files := map[string][]byte{}
	for _, f := range r.Files {
		if f.Name != name {
			files[f.Name] = f.Data
		}
	}
	return matches(r, name, b.Data, files)
}

// matches is Matches over the release's files (without the bundle) and its bundle.
func matches(r *release.Release, name string, bundle []byte, files map[string][]byte) error {
	at := r.Dir() + "/"
	st, err := Unverified(at+name, bundle)
	if err != nil {
		return err
	}
	reads := func(n string) bool { return layout.Reads(n, r.ComponentsFile) }
	ps := provenance.Problems(st, r.Label(), r.Version.String(), files, reads)
	if len(ps) == 0 {
		return nil
	}
	msgs := make([]string, 0, len(ps))
	for _, p := range ps {
		if p.File == "" {
			p.File = name
		}
		msgs = append(msgs, at+p.String())
	}
	return fmt.Errorf("%w: %s; the folder's own bundle %s%s no longer matches its files (checked without a key): rebuild and sign again, "+
		"or, to publish these bytes as they are, remove the bundle", ErrVerify, strings.Join(msgs, "; "), at, name)
}
